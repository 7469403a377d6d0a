"""A terminal picture of a state: the four Lieux as seen from the table, and the rest in words.

Face-down tiles are shown in brackets with what lies beneath (the oracle
holds the whole truth): ``[3n]``; face-up tiles without: `` 3n ``.  A clue
is the number of its player after the tile, a Hercule cube ``#``.

The words are in one language a picture: English, or French (the game's own,
its components named as printed) when ``ORACLE_LANG`` (``oracle --lang``) or
the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``) says French; a legend
under the picture says what its marks mean.
"""

from __future__ import annotations

from oracle.games.trois_ombres.components import LIEU_NAMES, LIEUX
from oracle.games.trois_ombres.pictures.geometry import side, slot_cell
from oracle.games.trois_ombres.state import State
from oracle.games.trois_ombres.words import step_name
from oracle.language import language
from oracle.words import compte, counted

SHORT = {"hercule": "Her", "horloge": "Hor", "vortex": "Vor"}


def tile_label(tile: str) -> str:
    if tile.startswith("yeux-"):
        return "Y" + tile[-1]
    return SHORT.get(tile, tile)


WORDS = {
    "en": {
        "clock": "clock {hour} h; Agency (Agence) {cleared}/{to_clear}: {agency}",
        "demon": "Demon tile: {demon}; the Lieux: {where}",
        "turned": "{lieu} turned {turns} clockwise", "none": "none turned",
        "supply": "cubes in supply {cubes}; clues left by player {reserve}; spare clues {stock}",
        "decks": "traps {traps} in pile; 3ID {ids}; Limbo (Limbes) {limbes}",
        "objets": "Objects (Objets) {objets}",
        "curses": "Curses (Malédictions) {curses}; eyes closed {closed}",
        "view": "p{view}'s view: ? is a tile it cannot name; {unseen}",
        "unseen": "tile unseen", "unseen-many": "tiles unseen",
        "over": "over: {result} ({rule})",
        "turn": "p{player} ({name}) to play; step {step}",
        "die": "; die {face}",
        "legend": ("legend: [3h] a face-down tile and what lies beneath, 3h face up (3h* kept):"
                   " suspect 3, h hypnotised or n normal;\n"
                   "  Her, Hor, Vor, YR: the traps Hercule, Horloge, Vortex, Yeux (of Lieu R);"
                   " a digit after a tile: that player's clue, #: a Hercule cube;\n"
                   "  R1=3h (in a deal): tile 3h on slot 1 of Lieu R, its slots 1 to 9 read row by row from its top"
                   " left (unturned);\n  Agency 0/13: characters cleared / to clear"),
    },
    "fr": {
        "clock": "horloge {hour} h ; Agence {cleared}/{to_clear} : {agency}",
        "demon": "tuile Démon : {demon} ; les Lieux : {where}",
        "turned": "{lieu} tourné de {turns} dans le sens horaire", "none": "aucun tourné",
        "supply": "cubes en réserve {cubes} ; Indices restants par joueur {reserve} ; Indices de rechange {stock}",
        "decks": "Traquenards {traps} dans la pile ; 3ID {ids} ; Limbes {limbes}",
        "objets": "Objets {objets}",
        "curses": "Malédictions {curses} ; yeux fermés {closed}",
        "view": "vue de p{view} : ? est une tuile qu'il ne peut nommer ; {unseen}",
        "unseen": "tuile jamais vue", "unseen-many": "tuiles jamais vues",
        "over": "terminé : {result} ({rule})",
        "turn": "au tour de p{player} ({name}) ; étape {step}",
        "die": " ; dé {face}",
        "legend": ("légende : [3h] une tuile face cachée et ce qu'elle cache, 3h face visible (3h* gardée) :"
                   " suspect 3, h hypnotisé ou n normal ;\n"
                   "  Her, Hor, Vor, YR : les Traquenards Hercule, Horloge, Vortex, Yeux (du Lieu R) ;"
                   " un chiffre après une tuile : l'Indice de ce joueur, # : un cube Hercule ;\n"
                   "  R1=3h (dans une donne) : la tuile 3h sur la case 1 du Lieu R, ses cases 1 à 9 lues ligne par"
                   " ligne depuis son coin en haut à gauche (non tourné) ;\n  Agence 0/13 : personnages élucidés / à"
                   " élucider"),
    },
}
# Where each place of the 2×2 block is (NW, NE, SE, SW), and a quarter turn, in each language.
PLACE_WORDS = {"en": ("top left", "top right", "bottom right", "bottom left"),
               "fr": ("en haut à gauche", "en haut à droite", "en bas à droite", "en bas à gauche")}
QUARTER = {"en": ("quarter turn", "quarter turns"), "fr": ("quart de tour", "quarts de tour")}
LANGUAGES = tuple(WORDS)
COUNTED = {"en": counted, "fr": compte}  # a count and its noun, by each language's rule


def state_text(state: State, lang: str | None = None) -> str:
    """The picture, its facts in words of ``lang`` (`LANGUAGES`; None: `language`), and its legend."""
    lang = lang or language()
    words = WORDS[lang]
    n = side(state)
    grid = [["  .   " for _ in range(2 * n)] for _ in range(2 * n)]
    for loc, cell in state.board:
        row, col = slot_cell(state, loc[0], int(loc[1:]))
        label = tile_label(cell.tile)
        text = f" {label}" + ("*" if cell.kept else " ") if cell.up else f"[{label}]"
        marks = ("#" if cell.cube else "") + (str(cell.clue) if cell.clue is not None else "")
        grid[row][col] = f"{text}{marks}".ljust(6)[:6]
    width = 7 * n - 1  # a block's row of cells: n cells of 6, a space between

    def names(left: str, right: str) -> str:  # the Lieux of a row of blocks, each under its own block
        return (f"{left} {LIEU_NAMES[left]}".ljust(width) + "   " + f"{right} {LIEU_NAMES[right]}").rstrip()

    lines = []
    for r, cells in enumerate(grid):
        if r == n:
            lines += [names(state.layout[0], state.layout[1]), ""]
        lines.append(" ".join(cells[:n]) + "   " + " ".join(cells[n:]))
    lines.append(names(state.layout[3], state.layout[2]))
    turned = [words["turned"].format(lieu=lieu, turns=COUNTED[lang](turns, *QUARTER[lang]))
              for lieu, turns in zip(LIEUX, state.rotation, strict=True) if turns]
    where = ", ".join(f"{lieu} {place}" for lieu, place in zip(state.layout, PLACE_WORDS[lang], strict=True)) \
        + (" ; " if lang == "fr" else "; ") + (", ".join(turned) or words["none"])
    facts = [
        words["clock"].format(hour=state.hour, cleared=len(state.agency), to_clear=state.to_clear,
                              agency=" ".join(state.agency) or "-"),
        words["demon"].format(demon=state.demon or "-", where=where),
        words["supply"].format(cubes=state.cubes, reserve=list(state.reserve), stock=list(state.stock)),
        words["decks"].format(traps=len(state.traps), ids=len(state.id_deck), limbes=len(state.limbes_deck)),
        words["objets"].format(objets=", ".join(f"p{p}:{o or '-'}" for p, o in enumerate(state.objets))),
        words["curses"].format(curses=", ".join(f"{c.card} (p{c.drawer})" for c in state.curses) or "-",
                               closed=", ".join(f"p{p}" for p, c in enumerate(state.closed) if c) or "-"),
    ]
    if state.view is not None:
        unseen = COUNTED[lang](len(state.unseen), words["unseen"], words["unseen-many"])
        facts.append(words["view"].format(view=state.view, unseen=unseen))
    if state.result is not None:
        facts.append(words["over"].format(result=state.result, rule=state.rule))
    else:
        step = state.steps[0] if state.steps else None
        named = "-" if step is None else "/".join((step_name(step.kind, lang), *step.args))
        facts.append(words["turn"].format(player=state.current, name=state.investigators[state.current], step=named)
                     + (words["die"].format(face=state.turn.face) if state.turn.face else ""))
    return "\n".join([*lines, "", *facts, words["legend"]])
