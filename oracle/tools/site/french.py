"""The words of the worked examples' pictures, in French, for the French edition of the site.

The examples of a French page are read, checked and drawn by the oracle exactly
as on an English page (`oracle.tools.site.examples`); `translate_examples` then
puts the words the drawing shows in French: the labels of the boards and of
their keys (whole text nodes and ``aria-label``/``title`` values that match a
label exactly) and the sentences that tell what happens, which the drawing
builds from a small grammar (``The white copy moves north from square a1 of the
past to a2.``).  The terms are the French rulebook's: *copie*, *Focus*,
*paradoxe*, *époque*, *réserve*; each game's own names (Time Chase's suits, the
faces of the 3 Ombres die) are the game's (`Game.french_names`).  Most sentences
are a template of their English groups (`_say`, `SAY`).  A sentence of a shape
not listed here stays in English; `untranslated` lists such sentences, so a test
sees them.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping

from oracle.games import load_game
from oracle.words import compte

ERA = {"past": "passé", "present": "présent", "future": "futur"}
ERA_OF = {"past": "du passé", "present": "du présent", "future": "du futur"}
ERA_TO = {"past": "au passé", "present": "au présent", "future": "au futur"}
PLAYER = {"White": "les Blancs", "Black": "les Noirs"}
PLAYER_OF = {"White": "des Blancs", "Black": "des Noirs"}
COLOUR = {"white": "blanche", "black": "noire"}
SUIT = dict(load_game("time-chase").french_names())  # Time Chase's suits, in its own words
SUITS = "|".join(SUIT)
# Time Chase's cards as the French edition labels them wherever a reader sees one (a picture, a hand, a sentence):
# the game's labels (`Game.french_card_labels`: the French initial of the suit's colour, Violet as "Vi" to stay
# apart from Vert) and the rank; the oracle's notation letter (what a position records, and what `<code>` shows)
# stays its own.  Notation letter: (English suit, label).
CARD_SUITS: dict[str, tuple[str, str]] = {
    letter: (suit, label)
    for (letter, label), suit in zip(load_game("time-chase").french_card_labels().items(), SUIT, strict=True)}
CARD = re.compile(r"(?<![\w-])([RBGYP])(1[0-3]|[1-9])(?![\w-])")  # a card in the oracle's notation, as R5 or P13
# The key under a French page's cards: each label and its colour; then, where one types, each label that is not
# its notation letter.
CARD_LEGEND = ", ".join(f"{label} {SUIT[suit]}" for suit, label in CARD_SUITS.values())
NOTATION_KEY = ", ".join(f"{label} = {letter}" for letter, (_, label) in CARD_SUITS.items() if label != letter)

CARD_KEY_LINE = f"Les cartes : {CARD_LEGEND}."  # under a French page's cards, and in the playground's note
# The French playground's key to TTYKM's notation of a turn, which stays the rules' (English) one: its letters
# read in French, N for nord as against the Noirs of the pictures' "Focus N".
TURN_KEY = ("La notation d'un tour reste celle des règles : la case de la copie choisie, puis ses actions, N, E, S, W "
            "pour un pas vers le nord, l'est, le sud, l'ouest, F et B pour un voyage vers le futur ou le passé, puis "
            "> et l'époque du Focus (past, present, future) : a1 N E >present.")
TYPED_KEY = ("Tapez une carte comme elle s'affiche ou dans la notation de l'oracle : tapez J11 ou Y11, Vi5 ou P5"
             f" (notation : {NOTATION_KEY} ; R et B restent).")


def card_fr(text: str) -> str:
    """One card of Time Chase, or each card in a line of words, with its French label: ``Y11`` -> ``J11``,
    ``p0 plays P5`` -> ``p0 plays Vi5``."""
    return CARD.sub(lambda m: CARD_SUITS[m[1]][1] + m[2], text)


# A card typed with its French label (J11, vi5; R and B are the notation's letters too), for `card_from_fr`.
LETTER_OF = {label.lower(): letter for letter, (_, label) in CARD_SUITS.items()}
LABELLED = re.compile(r"(?<![\w-])(" + "|".join(sorted(LETTER_OF, key=len, reverse=True)) + r")(1[0-3]|[1-9])(?![\w-])",
                      re.IGNORECASE)


def card_from_fr(text: str) -> str:
    """What a French reader typed, each card written with its French label in the oracle's notation:
    ``J11`` -> ``Y11``, ``vi5`` -> ``P5``; a card already in notation (``Y11``, ``G6``) and every other word stay
    as typed."""
    return LABELLED.sub(lambda m: LETTER_OF[m[1].lower()] + m[2], text)
STATUE = {"neutral": "neutre", "white": "blanche", "black": "noire"}
TOWARD = {"north": "vers le nord", "east": "vers l'est", "south": "vers le sud", "west": "vers l'ouest"}
ACTION = {"move": "déplacement", "travel": "voyage", "plant": "plantation", "build": "construction",
          "train": "dressage", "elephant": "éléphant", "command": "ordre", "dig": "arrachage", "pull": "traction",
          "refused action": "action refusée", "north": "nord", "east": "est", "south": "sud", "west": "ouest",
          "forward": "en avant", "back": "en arrière"}

# The words of the key under a TTYKM picture, which leaves each entry the room of its French word; the other
# labels are short, and the drawing lays them out for the English words (see `fit`).
KEY = load_game("ttykm").french_names()
LABELS = {
    **ERA,
    **KEY,
    "White's Focus": "Focus des Blancs", "Black's Focus": "Focus des Noirs",
    "W Focus": "Focus B", "B Focus": "Focus N",
    "supply": "réserve", "removed": "retirées",
    "White to move": "Aux Blancs de jouer", "Black to move": "Aux Noirs de jouer",
    "White has won": "Les Blancs ont gagné", "Black has won": "Les Noirs ont gagné", "ricochet": "ricochet",
    "Before": "Avant", "After": "Après", "What happens": "Ce qui se passe", "What was tried": "Ce qui a été tenté",
    "Try it in the playground": "L'essayer sur le terrain de jeu",
    "Open in the playground": "Ouvrir sur le terrain de jeu",
    "Not allowed:": "Interdit :", "the rule": "la règle", "The position": "La position", "Events": "Événements",
    "State": "État", "Verdict": "Verdict", "legal": "coup permis", "illegal": "coup refusé",
    "legal so far": "permis jusqu'ici", "depends": "dépend de ce que la vue cache",
    "Example:": "Exemple :", "Example": "Exemple",
    "neutral statue": "statue neutre", "white statue": "statue blanche", "black statue": "statue noire",
    "dark-elephant": "éléphant sombre", "light-elephant": "éléphant clair",
    "white's hat": "chapeau blanc", "black's hat": "chapeau noir",
    "seed": "graine", "shrub": "arbuste", "tree": "arbre", "fallen-tree": "arbre tombé",
    "no statue built yet": "aucune statue construite", "after": "après", "before": "avant",
    "statue built by White": "statue bâtie par les Blancs", "statue built by Black": "statue bâtie par les Noirs",
    "Invariant": "constante", "Rules:": "Règles :", "Actions:": "Actions :",
    # The facts under an example of Time Chase or 3 Ombres.
    "First played": "Déjà joué", "The position in notation": "La position en notation", "Outcome": "Issue",
    "The actions in notation": "Les actions en notation", "The events in notation": "Les événements en notation",
    "the game goes on": "la partie continue", "outcome": "issue",
    "cleared": "écartés", "Legal": "Coups permis", "seen": "ce que chacun voit",
    # The box of a timeline's events still to come (oracle.games.time_chase.pictures._future_svg).
    "events": "évén.", "event": "évén.", "to come": "à venir", "no trick": "sans pli",
    # The key under a timeline (oracle.games.time_chase.pictures.legend_keys).
    "pawn": "pion", "token": "jeton", "being played": "pli en cours", "lead card": "ouverture",
    "winning card": "gagnante",
    "curses": "malédictions", "closed": "yeux fermés",
    # The facts under a 3 Ombres example.
    "in force": "en vigueur", "eyes closed": "yeux fermés", "clock": "Horloge", "board": "plateau",
    "nobody": "personne", "the table": "la table", "no Malédiction": "aucune Malédiction",
    # A command's exit status, under its answer on a page (`oracle.tools.site.pages.run_sessions`).
    "exit status": "code de sortie",
}

# The key under a 3 Ombres table (the playground's), as its drawing names it in both languages: the game's
# phrases (its die's faces, also there, are one word each and take an article in a sentence, never in a key).
LABELS.update({english: french for english, french in load_game("trois-ombres").french_names().items()
               if " " in english})

LEGEND_CHAR = 7.5  # the width the drawing gives one character of a key's word (oracle.games.ttykm.pictures.svg)
FRENCH_CHAR = 6.6  # about what one character of a 12-unit French word takes


def fit(english: str, french: str) -> str:
    """The attributes that keep a French word of a picture's key within the room the drawing gave the
    English one: none when it fits, a bounded squeeze (``textLength``) when it is a little longer."""
    room = LEGEND_CHAR * len(english) + 4
    if FRENCH_CHAR * len(french) <= room:
        return ""
    return f' textLength="{room:g}" lengthAdjust="spacingAndGlyphs"'


Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]
SQ = r"([a-d][1-4])"
E = r"(past|present|future)"
C = r"(white|black)"
P = r"(White|Black)"
D = r"(north|east|south|west)"


def _copy(colour: str, square: str, era: str) -> str:
    return f"la copie {COLOUR[colour]} de la case {square} {ERA_OF[era]}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _copies(text: str) -> str:
    """``white copy on a1; black copies on d4, c4`` -> ``copie blanche en a1 ; copies noires en d4, c4``."""
    text = re.sub(r"\b(white|black) copy on ", lambda m: f"copie {COLOUR[m.group(1)]} en ", text)
    text = re.sub(r"\b(white|black) copies on ", lambda m: f"copies {COLOUR[m.group(1)]}s en ", text)
    return text.replace("; ", " ; ")


def _only(count: str) -> str:
    """``qu'une action``, ``que 2 actions``."""
    return "qu'une action" if count == "1" else "que " + _many(count, "action")


def _many(count: str, word: str) -> str:
    """``1 copie``, ``0 copie``, ``2 copies``: in French, the singular goes up to one."""
    return compte(int(count), word)


def _game_over(winners: str) -> str:
    """``p3`` -> ``partie finie : p3 gagne`` (the title of a finished game's timeline)."""
    return "partie finie : " + ("personne ne gagne" if winners == "nobody" else winners.replace(" and ", " et ")
                                + " gagne")


def _rule(pattern: str, out: Callable[[re.Match[str]], str]) -> Rule:
    return re.compile("^" + pattern + "$"), out


def _players(colour: str) -> str:
    """``White`` or ``white`` -> ``les Blancs``."""
    return PLAYER[colour.capitalize()]


# How a template (`_say`) puts each group of the English sentence in French: {n} as it is, {n:of} an era
# as "du passé", {n:#copie} a count of copies ("2 copies"), {n:on} a place ("event 3" -> "l'événement 3"),
# {n:who} players ("p1 and p2"), {n:win} how a game was won; the others by their tables and helpers.
# The functions are looked up when a sentence is said, so a table defined further down serves.
SAY: dict[str, Callable[[str], str]] = {
    "": str, "era": lambda era: ERA[era], "Era": lambda era: _cap(ERA[era]), "of": lambda era: ERA_OF[era],
    "to": lambda era: ERA_TO[era], "colour": lambda colour: COLOUR[colour], "toward": lambda way: TOWARD[way],
    "side": lambda way: SIDE[way], "players": _players, "Players": lambda colour: _cap(_players(colour)),
    "of_players": lambda colour: PLAYER_OF[colour.capitalize()], "thing": lambda thing: THING[thing],
    "the": lambda thing: _the(thing), "step": lambda step: STEP.get(step, step),
    "action": lambda action: ACTION.get(action, action), "suit": lambda suit: SUIT[suit],
    "cards": lambda cards: _cards_fr(cards), "copies": lambda copies: _copies(copies),
    "focus": lambda focus: _focus_here(focus), "tile": lambda tile: _tile_fr(tile),
    "face": lambda face: FACE_FR.get(face, face), "clock": lambda why: CLOCK_WHY[why],
    "cell": lambda words: _cell_fr(words), "slots": lambda items: _slots_fr(items), "on": lambda where: _on(where),
    "cubed": lambda verb: CUBED[verb], "heading": lambda line: _heading_fr(line),
    "who": lambda names: names.replace(" and ", " et "), "win": lambda why: WIN_REASON.get(why, why),
    "place": lambda place: PLACE_OF.get(place, place), "card": card_fr,
    "cards_or": lambda choices: card_fr(choices.replace(" or ", " ou ")),
    "or": lambda choices: choices.replace(" or ", " ou ")}
FIELD = re.compile(r"\{(\d)(?::(#\w+|\w+))?\}")


def _said(match: re.Match[str], french: str) -> str:
    """``french`` with each field (`SAY`) replaced by its group of ``match`` in French."""

    def one(found: re.Match[str]) -> str:
        group, how = match[int(found[1])], found[2] or ""
        return compte(int(group), how[1:]) if how.startswith("#") else SAY[how](group)

    return FIELD.sub(one, french)


def _say(pattern: str, french: str) -> Rule:
    """A rule whose French is a template of the English sentence's groups (`SAY`)."""
    return _rule(pattern, lambda m: _said(m, french))


def _rules(rows: list[tuple[str, str | Callable[[re.Match[str]], str]]]) -> list[Rule]:
    """A table of sentences, tried in order: each English pattern with its French, a template (`_say`) or, where
    the French turns on what the groups say, a function of the match."""
    return [_say(pattern, french) if isinstance(french, str) else _rule(pattern, french) for pattern, french in rows]


# Time Chase: the clauses of a timeline's heading, and the words of its description.
HEADING = (rf"(?:Round \d+ of \d+|trump (?:{SUITS})|no trump|playing at (?:event \d+|position 0)"
           r"|game over: .+? wins|Time Chase|\d+ players|before the deal)")
CLAUSES: list[tuple[str, Callable[[re.Match[str]], str]]] = [
    (r"Round (\d+) of (\d+)", lambda m: f"Manche {m[1]} sur {m[2]}"),
    (r"trump (\w+)", lambda m: f"atout {SUIT[m[1]]}"),
    (r"no trump", lambda m: "sans atout"),
    (r"playing at event (\d+)", lambda m: f"pli sur l'événement {m[1]}"),
    (r"playing at position 0", lambda m: "pli en position 0"),
    (r"game over: (.+) wins", lambda m: _game_over(m[1])),
    (r"Time Chase", lambda m: "Contre-Temps"),
    (r"(\d+) players", lambda m: _many(m[1], "joueur")),
    (r"before the deal", lambda m: "avant la donne"),
]


def _heading_fr(line: str) -> str:
    """``Round 1 of 10, trump Red,`` -> ``Manche 1 sur 10, atout Rouge,`` (clause by clause)."""
    said = []
    for clause in line.removesuffix(",").split(", "):
        for pattern, make in CLAUSES:
            if found := re.fullmatch(pattern, clause):
                said.append(make(found))
                break
        else:
            said.append(clause)
    return ", ".join(said) + ("," if line.endswith(",") else "")


def _cards_fr(text: str) -> str:
    """``p0 Blue 9, p2 Red 5`` -> ``p0 Bleu 9, p2 Rouge 5``."""
    return re.sub(rf"\b({SUITS}) (\d+)", lambda m: f"{SUIT[m[1]]} {m[2]}", text)


def _doing_fr(text: str | None) -> str:
    """`` (the present, being played)`` -> `` (le présent, pli en cours)``."""
    if not text:
        return ""
    words = {"the present": "le présent", "being played": "pli en cours"}
    return " (" + ", ".join(words.get(w, w) for w in text.strip(" ()").split(", ")) + ")"


def _pawns_fr(text: str | None) -> str:
    """``; pawns of p0, p1 here`` -> `` ; pions de p0, p1``."""
    if not text:
        return ""
    found = re.fullmatch(r"; (pawns?) of (.+) here", text)
    if found is None:
        return text
    return f" ; {'pion' if found[1] == 'pawn' else 'pions'} de {found[2]}"


def _slot_fr(text: str) -> str:
    """An event's cards: ``lead Blue 9, winning card Red 5`` -> ``ouverture Bleu 9, carte gagnante Rouge 5``."""
    if text == "no card yet":
        return "pas encore de carte"
    if text == "left empty":
        return "resté vide"
    text = text.replace("lead ", "ouverture ").replace(", winning card ", ", carte gagnante ")
    return _cards_fr(text.replace(", which wins it", ", qui l'emporte"))


# A chapter turn's stage, as the playground replays it (oracle.games.ttykm.pictures.phases, its caption; then
# its events' sentences, each put in French on its own): an action in its own era, a phase of a later era, the
# Focus.
REMOVED = {"seed": "La graine", "shrub": "L’arbuste", "tree": "L’arbre", "fallen tree": "L’arbre tombé"}
PHASE = {"removals": "retraits", "placements": "placements", "movements": "déplacements",
         "effects in recorded order": "effets dans l'ordre où ils sont notés"}
CHAPTER_FR = {"Growth": "Croissance", "Influence": "Influence", "Memory": "Mémoire"}


def _caption_fr(caption: str) -> str:
    """``Action 1 (N) in the past`` -> ``Action 1 (N) au passé``; ``The future: placements (round 2)`` ->
    ``Futur : placements (vague 2)``; ``The Focus moves to the present`` -> ``Le Focus va au présent``."""
    if found := re.fullmatch(rf"Action (\d) \(([^)]*)\) in the {E}", caption):
        return f"Action {found[1]} ({found[2]}) {ERA_TO[found[3]]}"
    if found := re.fullmatch(rf"The Focus moves to the {E}", caption):
        return f"Le Focus va {ERA_TO[found[1]]}"
    found = re.fullmatch(rf"The {E}: ({'|'.join(PHASE)})(?: \(round (\d+)\))?", caption)
    assert found is not None, caption
    return f"{_cap(ERA[found[1]])} : {PHASE[found[2]]}" + (f" (vague {found[3]})" if found[3] else "")


def _stage_fr(match: re.Match[str]) -> str:
    """A stage (`STAGE`): its caption, then each of its sentences, in French."""
    sentences = re.split(r"(?<=\.) (?=[A-Z])", match[match.lastindex or 0])
    return f"{_caption_fr(match[1])} : " + " ".join(html.unescape(translate_text(s)) for s in sentences)


STAGE = (rf"(Action \d \([^)]*\) in the {E}|The Focus moves to the {E}|The {E}: (?:{'|'.join(PHASE)})"
         rf"(?: \(round \d+\))?): (.+)")
SENTENCES: list[Rule] = _rules([
    (STAGE, _stage_fr),
    (r"(Growth|Influence|Memory) and (Growth|Influence|Memory) are drawn, and both chapters' objects are set up\.",
     lambda m: f"{CHAPTER_FR[m[1]]} et {CHAPTER_FR[m[2]]} sont tirés, et les objets des deux chapitres sont mis "
               "en place."),
    (rf"{P} chooses the copy on square {SQ} of the {E}\.",
     "{1:Players} choisissent la copie de la case {2} {3:of}."),
    (rf"The {C} copy moves {D} from square {SQ} of the {E} to {SQ}\.",
     "La copie {1:colour} va {2:toward}, de la case {3} {4:of} à {5}."),
    (rf"{P} moves the Focus from the {E} to the {E}\.", "{1:Players} déplacent leur Focus {2:of} {3:to}."),
    (rf"The three eras, (?:{P} to move|{P} has won): White has (\d+) cop(?:y|ies) on the board, Black (\d+)",
     lambda m: "Les trois époques, "
               + (f"{PLAYER[m[1]]} à jouer" if m[1] else f"{PLAYER[m[2]]} ont gagné")
               + f" : les Blancs ont {_many(m[3], 'copie')} sur le plateau, les Noirs {m[4]}"),
    (rf"The {E}: (.*?)\.((?: (?:White|Black|White and Black)'s Focus (?:is|are) here\.)?)",
     "{1:Era} : {2:copies}.{3:focus}"),
    (rf"The {E} is empty\.((?: (?:White|Black|White and Black)'s Focus (?:is|are) here\.)?)",
     "{1:Era} : aucune copie.{2:focus}"),
    (rf"{P} to move\.", "{1:Players} à jouer."),
    (r"In supply: White (\d+), Black (\d+)\. Removed from the game: White (\d+), Black (\d+)\.",
     "En réserve : Blancs {1}, Noirs {2}. Retirées du jeu : Blancs {3}, Noirs {4}."),
    (r"Seeds in supply: (\d+)\.", "Graines en réserve : {1}."),
    (r"seeds in supply: (\d+)", "graines en réserve : {1}"),
    # The chapters' state under a picture, as sentences of its description (oracle.games.ttykm.pictures.text).
    (r"Hats in supply: White (\d+), Black (\d+)\.", "Chapeaux en réserve : Blancs {1}, Noirs {2}."),
    (r"No statue built yet\.", "Aucune statue construite."),
    (r"Statue built by (White|Black|White and Black)\.",
     lambda m: _cap(f"{' et '.join(PLAYER[c] for c in m[1].split(' and '))} ont bâti leur statue.")),
    (r"This copy may not act\.", "Cette copie ne peut pas agir."),
    (r"Attempted action (\d): (\w+), off the edge, refused\.",
     "Action {1} tentée : {2:action}, hors du plateau, refusée."),
    (r"Action (\d): (.+)", "Action {1} : {2:action}"),
    (r"Attempted action (\d): (\w+)\.", "Action {1} tentée : {2:action}."),
    (r"Attempted action (\d): (\w+)(?: on)?, refused\.", "Action {1} tentée : {2:action}, refusée."),
    (r"The turn may not end here\.", "Le tour ne peut pas s'arrêter ici."),
    (r"The turn may not end yet: the copy must take another action\.",
     "Le tour ne peut pas encore s'arrêter : la copie doit faire une autre action."),
    (rf"(?:{P}'s|The) Focus may not move to the {E}\.",
     lambda m: f"Le Focus{' ' + PLAYER_OF[m[1]] if m[1] else ''} ne peut pas aller {ERA_TO[m[2]]}."),
    (rf"{P} wins\.", "{1:Players} gagnent."),
    (rf"{P} has won\.", "{1:Players} ont gagné."),
    (rf"The {C} copy on square {SQ} of the {E} is pushed {D} to {SQ}\.",
     "La copie {1:colour} de la case {2} {3:of} est poussée {4:toward} en {5}."),
    (rf"The {C} copy on square {SQ} of the {E} is pushed {D} into the wall and crushed\.",
     "La copie {1:colour} de la case {2} {3:of} est poussée {4:toward} contre le bord et écrasée."),
    (rf"The {C} copy on square {SQ} of the {E} is pushed {D} against an object that cannot move and crushed\.",
     "La copie {1:colour} de la case {2} {3:of} est poussée {4:toward} contre un objet qui ne peut pas bouger,"
     " et écrasée."),
    (rf"The {C} copy on square {SQ} of the {E} is pushed {D} onto the {C} copy on {SQ}: a paradox removes both\.",
     "La copie {1:colour} de la case {2} {3:of} est poussée {4:toward} sur la copie {5:colour} de {6} : un"
     " paradoxe les retire toutes les deux."),
    (rf"The {C} copy on square {SQ} of the {E} travels (forward|back) in time to the {E}\.",
     lambda m: f"{_cap(_copy(m[1], m[2], m[3]))} voyage "
               f"{'vers le futur' if m[4] == 'forward' else 'vers le passé'}, jusqu'{ERA_TO[m[5]]}."),
    (rf"A new {C} copy comes from the supply onto square {SQ} of the {E}\.",
     "Une nouvelle copie {1:colour} sort de la réserve sur la case {2} {3:of}."),
    (rf"The {C} copy on square {SQ} of the {E} is crushed by (a falling tree|an elephant)\.",
     lambda m: f"{_cap(_copy(m[1], m[2], m[3]))} est écrasée par "
               f"{'un arbre qui tombe' if m[4] == 'a falling tree' else 'un éléphant'}."),
    (rf"A (shrub|tree) grows on square {SQ} of the {E}\.",
     lambda m: f"{'Un arbuste' if m[1] == 'shrub' else 'Un arbre'} pousse sur la case {m[2]} {ERA_OF[m[3]]}."),
    (rf"The (seed|shrub|tree|fallen tree) on square {SQ} of the {E} is removed\.",
     lambda m: f"{REMOVED[m[1]]} de la case {m[2]} {ERA_OF[m[3]]} est retiré{'e' if m[1] == 'seed' else ''}."),
    (rf"The tree on square {SQ} of the {E} falls {D} onto {SQ}\.",
     "L’arbre de la case {1} {2:of} tombe {3:toward} sur {4}."),
    (rf"The {C} copy plants a seed from the supply on square {SQ} of the {E}\.",
     "La copie {1:colour} plante une graine de la réserve sur la case {2} {3:of}."),
    (rf"The {C} copy digs up the seed on square {SQ} of the {E}, and the seed goes back to the supply\.",
     "La copie {1:colour} déterre la graine de la case {2} {3:of}, qui retourne dans la réserve."),
    # A statue moved (pushed, pulled, or carried to a later era), in the words of a copy's move.
    (rf"(?:The neutral statue|{P}'s statue) on square {SQ} of the {E} moves {D} to {SQ}\.",
     lambda m: f"La statue {PLAYER_OF[m[1]] if m[1] else 'neutre'} va {TOWARD[m[4]]}, de la case {m[2]} "
               f"{ERA_OF[m[3]]} à {m[5]}."),
    (rf"(?:The (neutral|white|black) statue|{P}'s statue) on square {SQ} of the {E} cannot move {D} as it did "
     r"in the era before, so it stays, and the eras after it are spared\.",
     lambda m: f"La statue {PLAYER_OF[m[2]] if m[2] else STATUE[m[1]]} de la case {m[3]} {ERA_OF[m[4]]} ne peut "
               f"pas aller {TOWARD[m[5]]} comme à l'époque d'avant : elle reste, et les époques suivantes sont "
               "épargnées."),
    (rf"{P}'s statue appears on square {SQ} of the {E} as well, one square back from where the era before "
      r"left it, because that square is blocked\.",
     "La statue {1:of_players} apparaît aussi sur la case {2} {3:of}, une case en arrière de là où l'époque"
     " d'avant l'a laissée, car cette case est bloquée."),
    (rf"{P}'s statue cannot appear on the {E}: square {SQ} and the square behind it are both blocked, so no "
      r"later era gets it either\.",
     "La statue {1:of_players} ne peut pas apparaître {2:to} : la case {3} et celle de derrière sont toutes deux"
     " bloquées, et aucune époque suivante ne la reçoit non plus."),
    (rf"The {C} copy builds {P}'s statue on square {SQ} of the {E}\.",
     "La copie {1:colour} construit la statue {2:of_players} sur la case {3} {4:of}."),
    (rf"{P}'s statue appears on square {SQ} of the {E} as well\.",
     "La statue {1:of_players} apparaît aussi sur la case {2} {3:of}."),
    (rf"{P} commands the (dark|light) elephant on square {SQ} of the {E} to step {D} to {SQ}\.",
     lambda m: f"{_cap(PLAYER[m[1]])} ordonnent à l’éléphant {'sombre' if m[2] == 'dark' else 'clair'} de la "
               f"case {m[3]} {ERA_OF[m[4]]} d’avancer {TOWARD[m[5]]} en {m[6]}."),
    (rf"The (dark|light) elephant on square {SQ} of the {E} puts on {P}'s hat\.",
     lambda m: f"L’éléphant {'sombre' if m[1] == 'dark' else 'clair'} de la case {m[2]} {ERA_OF[m[3]]} "
               f"met le chapeau {PLAYER_OF[m[4]]}."),
    (rf"{P}'s hat comes off the (dark|light) elephant on square {SQ} of the {E}\.",
     lambda m: f"Le chapeau {PLAYER_OF[m[1]]} quitte l’éléphant {'sombre' if m[2] == 'dark' else 'clair'} "
               f"de la case {m[3]} {ERA_OF[m[4]]}."),
    (rf"Paradox: the {C} copy from square {SQ} of the {E} meets the {C} copy on square {SQ} of the {E}, and "
      r"both are removed\.",
     "Paradoxe : la copie {1:colour} venue de la case {2} {3:of} rencontre la copie {4:colour} de la case {5}"
     " {6:of}, et toutes deux sont retirées."),
    # Time Chase: the timeline's events, the seats' lines, the cards' names.
    (r"event (\d+)", "évén. {1}"),
    (r"(p\d) controls event (\d+)", "{1} contrôle l'événement {2}"),
    (r"(p\d)'s pawn", "pion de {1}"),
    (rf"({SUITS}) (\d+)", "{1:suit} {2}"),
    (r"(p\d): (\d+) crystals?, (\d+) cards?, (no event|events? .+)",
     lambda m: f"{m[1]} : {m[2]} crist., {_many(m[3], 'carte')}, "
               + ("aucun évén." if m[4] == "no event" else f"évén. {m[4].split(' ', 1)[1]}")),
    # A timeline's heading, whole or wrapped a clause a line (oracle.games.time_chase.pictures._summary).
    (rf"{HEADING}(?:, {HEADING})*,?", lambda m: _heading_fr(m[0])),
    (r"on the table at (\d+):", "sur la table en {1} :"),
    # A timeline in words, its <desc> (oracle.games.time_chase.pictures.describe).
    (r"The cards are not dealt yet\.", "Les cartes ne sont pas encore distribuées."),
    (r"Position 0( \(.+?\))?: (?:no Invariant|the Invariant (\w+ \d+)), (no trump|trump \w+)((?:; .+)?)\.",
     lambda m: f"Position 0{_doing_fr(m[1])} : "
               + (f"la constante {_cards_fr(m[2])}" if m[2] else "pas de constante")
               + f", {_heading_fr(m[3])}{_pawns_fr(m[4])}."),
    (r"Event (\d+)( \(.+?\))?: (no card yet|left empty|lead \w+ \d+(?:, winning card \w+ \d+|, which wins it))"
     r"((?:, token of p\d)?)((?:; .+)?)\.",
     lambda m: f"Événement {m[1]}{_doing_fr(m[2])} : {_slot_fr(m[3])}"
               + (f", jeton de {m[4].removeprefix(', token of ')}" if m[4] else "") + f"{_pawns_fr(m[5])}."),
    (r"Events? (\d+(?:–\d+)?): (still to come|never played)\.",
     lambda m: ("Événements " if "–" in m[1] else "Événement ") + f"{m[1]} : "
               + ("encore à venir." if m[2] == "still to come" else
                  "jamais joués." if "–" in m[1] else "jamais joué.")),
    (r"On the table at (event \d+|position 0): (.+)\.", "Sur la table à {1:on} : {2:cards}."),
    (r"(p\d) has (\d+) crystals?, (\d+) cards? and (no event|events? .+)\.",
     lambda m: f"{m[1]} a {_many(m[2], 'cristal')}, {_many(m[3], 'carte')} et "
               + ("aucun événement" if m[4] == "no event" else
                  f"l'événement {m[4].removeprefix('event ')}" if m[4].startswith("event ") else
                  f"les événements {m[4].removeprefix('events ')}") + "."),
    (r"hats in supply: White (\d+), Black (\d+)", "chapeaux en réserve : Blancs {1}, Noirs {2}"),
])


# The oracle's refusal reasons, as the lessons word them (`oracle.games.ttykm.site.plain_words`): the
# rule's name stays, the sentence is French.
PLACE = rf"{E} {SQ}"
THING: dict[str, str] = {"seed": "une graine", "shrub": "un arbuste", "tree": "un arbre",
    "neutral statue": "une statue neutre", "white statue": "une statue blanche", "black statue": "une statue noire",
    "copy": "une copie", "light-elephant": "l'éléphant clair", "dark-elephant": "l'éléphant sombre",
    "statue": "une statue", "elephant": "un éléphant"}
STEP: dict[str, str] = {f"a move {d}": f"un déplacement {TOWARD[d]}" for d in TOWARD} | {
    "a jump forward": "un saut vers le futur", "a jump back": "un saut vers le passé",
    "a travel forward": "un voyage vers le futur", "a travel back": "un voyage vers le passé"}
SIDE: dict[str, str] = {"north": "au nord", "east": "à l'est", "south": "au sud", "west": "à l'ouest"}
WORDS = "|".join(re.escape(w) for w in THING)
STEPS = "|".join(re.escape(w) for w in STEP) + r"|[A-Z][a-d][1-4]\+?"  # or a chapter action's notation, Pb2


def _the(thing: str) -> str:
    """``une statue neutre`` -> ``la statue neutre``, ``un arbre`` -> ``l'arbre``: the thing the reason names."""
    said = THING[thing]
    article, _, rest = said.partition(" ")
    if article not in ("un", "une"):
        return said
    return "l'" + rest if rest[:1] in "aeéiou" else ("la " if article == "une" else "le ") + rest


def _at(era: str, square: str) -> str:
    return f"{square} {ERA_OF[era]}"


def _cannot(what: str, m: re.Match[str]) -> str:
    """``move north`` -> ``aller vers le nord`` (the groups after the copy's place)."""
    if what.startswith("move"):
        return f"aller {TOWARD[what.split()[1]]}"
    if what == "travel forward":
        return "voyager vers le futur"
    if what == "travel backward":
        return "voyager vers le passé"
    if what.startswith("pull"):  # a Move with pull: "pull north" or "pull north from the east"
        side = f", en tirant la statue {SIDE[what.split()[-1]]}" if "from" in what else ", en tirant une statue"
        return f"aller {TOWARD[what.split()[1]]}{side}"
    verb, era, square = what.split()[0], m["era"], m["sq"]
    said = {"build": "construire", "plant": "planter", "dig": "déterrer une graine", "train": "dresser"}[verb]
    return f"{said} en {_at(era, square)}"


HEAD = (rf"the copy on {PLACE} cannot (?P<what>move {D}|travel forward|travel backward|"
        rf"(?:build on|plant|dig up|train on) (?P<era>past|present|future) (?P<sq>[a-d][1-4]))")
PULL_HEAD = rf"the copy on {PLACE} cannot move {D} with pull(?: from the {D})?"
WHY: list[Rule] = _rules([
    (r"the wall is there", "le bord est là"),
    (rf"{PLACE} is occupied", "la case {2} {1:of} est occupée"),
    (rf"the square is not empty: a ({WORDS}) is there", "la case n'est pas vide : il y a {1:thing}"),
    (r"it is not the copy's square or next to it", "ce n'est ni la case de la copie ni sa voisine"),
    (rf"{C} has already built their statue", "{1:players} ont déjà construit leur statue"),
    (rf"an? ({WORDS}) is on {PLACE}", "il y a {1:thing} en {3} {2:of}"),
    (rf"{C} has no copy left in supply", "{1:players} n'ont plus de copie en réserve"),
    (rf"the neutral statue on {PLACE} cannot be pushed {D}",
     "la statue neutre en {2} {1:of} ne peut pas être poussée {3:toward}"),
    (rf"the tree there cannot fall {D}", "l'arbre qui s'y trouve ne peut pas tomber {1:toward}"),
    (rf"the ({WORDS}) stands there", "{1:the} s'y trouve"),
    (rf"no elephant on the {E} wears {C}'s hat", "aucun éléphant {1:of} ne porte le chapeau {2:of_players}"),
    (rf"an? ({WORDS}) is there", "il y a {1:thing}"),
    (r"a seed is already there", "il y a déjà une graine"),
    (r"no seed is left in the shared supply", "il ne reste plus de graine dans la réserve commune"),
    (r"no seed is there", "il n'y a pas de graine"),
    (r"no elephant stands there", "aucun éléphant ne s'y trouve"),
    (r"it is not next to the copy", "ce n'est pas une case voisine de la copie"),
    (r"it is not an orthogonal neighbour of the copy",
     "ce n'est pas une case voisine de la copie (au nord, à l'est, au sud ou à l'ouest)"),
    (rf"the ({WORDS}) there already wears {C}'s hat",
     "{1:the} qui s'y trouve porte déjà le chapeau {2:of_players}"),
    (rf"the elephant on {PLACE} can step only to a square next to it",
     "l'éléphant en {2} {1:of} ne peut avancer que sur une case voisine"),
    (rf"the elephant on {PLACE} is not next to the copy", "l'éléphant en {2} {1:of} n'est pas voisin de la copie"),
    (rf"the ({WORDS}) there cannot be pushed {D}", "{1:the} qui s'y trouve ne peut pas être poussée {2:toward}"),
    (rf"no statue stands directly behind the elephant on {PLACE}",
     "aucune statue ne se trouve juste derrière l'éléphant en {2} {1:of}"),
    (rf"{PLACE} is occupied", "la case {2} {1:of} est occupée"),
    (r"no era follows the future", "aucune époque ne suit le futur"),
    (r"no era precedes the past", "aucune époque ne précède le passé"),
    (rf"the ({WORDS}) on {PLACE} (?:does not move|cannot be pushed {D}|cannot fall {D})",
     "{1:the} en {3} {2:of} ne peut pas bouger"),
    (r"a copy stands there; a seed goes under a copy only on its own square",
     "une copie s'y trouve ; une graine ne va sous une copie que sur sa propre case"),
    (rf"under pull=automatic a Move pulls by itself, written ({STEPS})",
     "avec pull=automatic, un déplacement tire de lui-même : on l'écrit {1:step}"),
    (r"under pull=automatic a Command pulls by itself, written without \+",
     "avec pull=automatic, un ordre tire de lui-même : on l'écrit sans +"),
    (r"under pull-with-push=forbidden a Move that pushes cannot pull",
     "avec pull-with-push=forbidden, un déplacement qui pousse ne peut pas tirer"),
    (r"under self-push-pull=none a Move that ends in a paradox cannot pull",
     "avec self-push-pull=none, un déplacement qui finit en paradoxe ne peut pas tirer"),
    (rf"under rebound-blocked=illegal every later era must take the statue's copy, and {PLACE} cannot",
     "avec rebound-blocked=illegal, chaque époque suivante doit recevoir la copie de la statue, et la case {2}"
     " {1:of} ne le peut pas"),
    (rf"no statue stands directly behind it \({D} of it\)",
     "aucune statue ne se trouve juste derrière elle ({1:side})"),
    (rf"no statue stands beside it \({D} of it\)", "aucune statue ne se trouve à côté d'elle ({1:side})"),
    (rf"only the statue directly behind the copy can be pulled, not one {D} of it \(that is the variant "
      r"pull=sideways\)",
     "seule la statue juste derrière la copie peut être tirée, pas celle {1:side} (c'est la variante"
     " pull=sideways)"),
])
REASONS: list[Rule] = _rules([
    (rf"the copy on {PLACE} cannot move {D} onto your own copy on {PLACE}",
     "la copie en {2} {1:of} ne peut pas aller {3:toward} sur votre propre copie en {5} {4:of}"),
    (rf"the copy on {PLACE} must take (\d) actions; after ({STEPS}) it can still take ({STEPS})",
     "la copie en {2} {1:of} doit faire {3:#action} ; après {4:step}, elle peut encore faire {5:step}"),
    (rf"the copy on {PLACE} must take (\d) actions; for example ({STEPS}) then ({STEPS})",
     "la copie en {2} {1:of} doit faire {3:#action} ; par exemple {4:step} puis {5:step}"),
    (rf"after ({STEPS}) the copy on {PLACE} cannot take a second action, but it must take (\d) when it can "
      rf"\(for example ({STEPS}) then ({STEPS})\)",
     "après {1:step}, la copie en {3} {2:of} ne peut pas faire de seconde action, mais elle doit en faire {4}"
     " quand elle le peut (par exemple {5:step} puis {6:step})"),
    (rf"the copy on {PLACE} (?:can take only (\d) actions?|cannot take any action), but the copy on {PLACE} "
     r"can take (\d); choose a copy that can take \d",
     lambda m: f"la copie en {_at(m[1], m[2])} "
               + ("ne peut faire aucune action" if not m[3] else "ne peut faire " + _only(m[3]))
               + f", mais la copie en {_at(m[4], m[5])} peut en faire {m[6]} ; choisissez une copie qui peut en "
                 f"faire {m[6]}"),
    (rf"the copy on {PLACE} cannot take any action; (no copy on the Focus era can act, so )?a turn without "
     r"actions names no copy",
     lambda m: f"la copie en {_at(m[1], m[2])} ne peut faire aucune action ; "
               + ("aucune copie de l'époque du Focus ne peut agir, et " if m[3] else "")
               + "un tour sans action ne nomme aucune copie"),
    (r"no pair is to be drawn: the position already names its chapters",
     "il n'y a pas de paire à tirer : la position nomme déjà ses chapitres"),
    (rf"the Focus must leave the {E} for another era \({E} or {E}\)",
     "le Focus doit quitter le {1:era} pour une autre époque ({2:era} ou {3:era})"),
    (rf"there is no {C} copy on {PLACE}; choose one of your copies on the {E}, the Focus era",
     "il n'y a pas de copie {1:colour} en {3} {2:of} ; choisissez une de vos copies {4:of}, l'époque de votre"
     " Focus"),
    (rf"the chosen copy must stand on your Focus era, the {E}",
     "la copie choisie doit se trouver sur l'époque de votre Focus, le {1:era}"),
    (rf"{C} must choose a copy: the copy on {PLACE} can take (\d) actions?",
     "{1:players} doivent choisir une copie : la copie en {3} {2:of} peut faire {4:#action}"),
    (rf"(?:the square )?{SQ} of the {E} is neither next to {SQ} of the {E} nor the same square one era away",
     "la case {1} {2:of} n'est ni voisine de la case {3} {4:of} ni la même case à une époque d'écart"),
    (r"choose a copy on your Focus era before its actions",
     "choisissez d'abord une copie sur l'époque de votre Focus"),
    (r"a copy takes at most two actions", "une copie fait au plus deux actions"),
    (r"the turn ended when the Focus moved", "le tour s'est terminé quand le Focus a bougé"),
    (r"the game is over", "la partie est finie"),
    (rf"the game is over: {C} has won", "la partie est finie : {1:players} ont gagné"),
    (r"the pair of chapters is (?:drawn first|not drawn yet: the draw comes first)",
     "la paire de chapitres se tire d'abord"),
    (r"the active copy was removed by its own (action|paradox), so it takes no further action",
     lambda m: "la copie active a été retirée par "
               + ("sa propre action" if m[1] == "action" else "son propre paradoxe")
               + ", elle ne fait donc plus d'action"),
    (rf"{C} has no copy on the {E}, the Focus era, so the turn has no actions",
     "{1:players} n'ont aucune copie {2:to}, l'époque du Focus : le tour n'a donc aucune action"),
])


def translate_reason(reason: str) -> str:
    """A refusal reason in French, as ``the copy on past a1 cannot move west: the wall is there`` ->
    ``la copie en a1 du passé ne peut pas aller vers l'ouest : le bord est là`` (unchanged when unknown)."""
    for pattern, make in (*REASONS, *OMBRES_REASONS):
        if match := pattern.match(reason):
            return make(match)
    heads = [(re.compile("^" + HEAD + "$"), lambda m: f"la copie en {_at(m[1], m[2])} ne peut pas "
                                                      f"{_cannot(m['what'], m)}"),
             (re.compile("^" + PULL_HEAD + "$"),
              lambda m: f"la copie en {_at(m[1], m[2])} ne peut pas "
                        + _cannot(f"pull {m[3]}" + (f" from {m[4]}" if m[4] else ""), m)),
             (re.compile(rf"^{C} cannot command an elephant onto {PLACE}( with pull)?$"),
              lambda m: f"{PLAYER[m[1].capitalize()]} ne peuvent pas mener un éléphant en {_at(m[2], m[3])}"
                        + (", en tirant une statue" if m[4] else ""))]
    head, _, why = reason.partition(": ")
    for pattern, make in heads:
        if (said := pattern.match(head)) is not None:
            for because, tell in WHY:
                if (reason_match := because.match(why)) is not None:
                    return f"{make(said)} : {tell(reason_match)}"
    return reason


# The events of 3 Ombres, as its examples list them (each followed by its rule's link), in the rules' words:
# a trap is a Traquenard, a tile is dévoilée; card names as printed.
T = r"([PRCG]\d+)"
V = r"(\S+)"
NAME = r"(.+?)"
FACE_FR: Mapping[str, str] = load_game("trois-ombres").french_names()  # the die's faces, in the game's own words


def _tile_fr(tile: str) -> str:
    """``the Vortex trap`` -> ``le Traquenard Vortex``; a suspect (``3h``) as it is."""
    found = re.fullmatch(r"the (.+) trap", tile)
    return f"le Traquenard {found[1]}" if found else tile


# The places of the 2×2 block of Lieux (`oracle.games.trois_ombres.components.PLACES`), as a Lieu is placed there.
PLACE_OF: dict[str, str] = {"NW": "du nord-ouest", "NE": "du nord-est", "SE": "du sud-est", "SW": "du sud-ouest"}

# Why the clock advances (`oracle.games.trois_ombres.rules.clock.advance_clock`'s reasons).
CLOCK_WHY: dict[str, str] = {"Horloge face": "face Horloge du dé", "Horloge trap": "Traquenard Horloge",
             "Temps accéléré": "Temps accéléré", "the Limbes deck is empty": "la pioche Limbes est vide",
             "the last Limbes card is drawn": "la dernière carte Limbes est piochée",
             "Hercule with no cube left": "Traquenard Hercule sans cube disponible",
             "Hercule with too few cubes left": "Traquenard Hercule sans assez de cubes disponibles"}

EVENTS: list[Rule] = _rules([
    (r"the die shows the (\S+)", "le dé montre {1:face}"),
    (r"the die shows the (\S+): roll again", "le dé montre {1:face} : le dé Enquête est relancé"),
    (r"the die is rolled again", "le dé Enquête est relancé"),
    (rf"{T} is revealed: {NAME}", "{1} est dévoilée : {2:tile}"),
    (rf"{T} is turned face down again", "{1} est retournée face cachée"),
    (rf"{T} is turned face down before the trap acts",
     "{1} est retournée face cachée avant que le Traquenard n'agisse"),
    (rf"{T} is turned face up again and stays so until its pair is made \(Chronogyre\)",
     "{1} est de nouveau dévoilée et le reste jusqu'à ce que sa paire soit reconstituée (Chronogyre)"),
    (rf"{T} and {T} are both {V}: suspect {V} is cleared to the Agence",
     "{1} et {2} sont toutes deux {3} : le suspect {4} est écarté, à l'Agence"),
    (rf"the face-up {V} on {T} is taken as a tile",
     "le {1} face visible de {2} est pris comme une des tuiles du tour"),
    (rf"a trap is placed face down on {T}", "un Traquenard est posé face cachée sur {1}"),
    (r"no trap or no free slot: no trap is placed",
     "pas de Traquenard ou pas d'emplacement libre : aucun Traquenard n'est posé"),
    (r"all Lieux turn a quarter turn clockwise as one block",
     "tous les Lieux tournent d'un quart de tour dans le sens horaire, d'un seul bloc"),
    (rf"bluff: {T} is {NAME}", "Coup de bluff : {1} est {2:tile}"),
    (r"no pair this turn", "pas de paire ce tour-ci"),
    (r"(p\d) closes their eyes until their next turn", "{1} ferme les yeux jusqu'à son prochain tour"),
    (r"(p\d) opens their eyes", "{1} ouvre les yeux"),
    (rf"(p\d) draws the (3ID|Limbes) card {NAME}", "{1} pioche la carte {2} {3}"),
    (rf"(p\d) leaves a clue on {T}", "{1} laisse un Indice sur {2}"),
    (rf"(p\d) moves a clue from {T} to {T}", "{1} déplace un Indice de {2} à {3}"),
    (rf"the clue on {T} goes back to (p\d)", "l'Indice de {1} retourne à {2}"),
    (r"(p\d) takes an extra clue", "{1} prend un Indice de plus"),
    (rf"(p\d) looks secretly at {T}", "{1} regarde secrètement {2}"),
    (r"(p\d) reveals no more tiles", "{1} ne dévoile plus de tuile"),
    (rf"(p\d) uses {NAME}", "{1} joue {2}"),
    (rf"(p\d) keeps {NAME}", "{1} garde {2}"),
    (rf"(p\d) plays Invertigo: {NAME} has no effect", "{1} joue Invertigo : {2} n'a aucun effet"),
    (r"(p\d) to play", "au tour de {1}"),
    (rf"{NAME} is in force until the end of (p\d)'s next turn",
     "{1} reste en vigueur jusqu'à la fin du prochain tour de {2}"),
    (rf"{NAME} ends and is discarded", "{1} prend fin et est défaussée"),
    (rf"the Démon tile is {V}", "la tuile Démon est {1}"),
    (rf"the bluff on {T} matches the Démon tile: everybody wins",
     "le Coup de bluff sur {1} est bien la tuile Démon : tout le monde gagne"),
    (rf"the bluff on {T} \({NAME}\) differs from the Démon tile: everybody loses",
     "le Coup de bluff sur {1} ({2:tile}) n'est pas la tuile Démon : tout le monde perd"),
    (rf"the {NAME} trap from {T} is discarded", "le Traquenard {1} de {2} est défaussé"),
    (r"(\d+) tiles are dealt face down on the Lieux, and one more is set aside face down: the Démon tile",
     "{1:#tuile} sont posées faces cachées sur les Lieux, et une autre est mise de côté face cachée : la tuile"
     " Démon"),
    (rf"the clock advances to (\d+) h \(({'|'.join(map(re.escape, CLOCK_WHY))})\)",
     "l'Horloge avance à {1} h ({2:clock})"),
    (rf"{NAME} has no effect before 3 h", "{1} n'a aucun effet avant 3 h"),
    (r"Archéoscript: this player plays two turns", "Archéoscript : ce joueur joue 2 fois"),
    (rf"the Hercule cube on {T} goes back to the supply", "le cube Hercule de {1} est défaussé"),
    (rf"Hallucination: {T} and {T} swap places", "Hallucination : {1} et {2} intervertissent leur place"),
    (rf"{NAME} is discarded", "la carte {1} est défaussée"),
    (r"no clue is left: no effect", "il ne reste aucun Indice : sans effet"),
    (rf"the Chronogyre tile on {T} is turned face down", "la tuile Chronogyre de {1} est retournée face cachée"),
    (r"the Lieux at (\S+) and (\S+) swap places",
     "les Lieux {1:place} et {2:place} intervertissent leur place"),
    (r"no Lieu has a free tile: no effect", "aucun Lieu n'a de tuile libre : sans effet"),
    (r"the Agence is empty: no effect", "l'Agence 3ID est vide : sans effet"),
    (r"fewer than 2 free slots for the pair: no effect", "moins de 2 emplacements libres pour la paire : sans effet"),
    (r"the (Réverbère|Chapeau|Pentacle|Rouage) Lieu turns a quarter turn clockwise",
     "le Lieu {1} tourne d'1/4 de tour dans le sens horaire"),
    (rf"the tile on {T} is taken to be shuffled", "la tuile de {1} est prise pour être mélangée"),
    (r"the pair (\S+) leaves the Agence", "la paire {1} quitte l'Agence 3ID"),
    (r"(\d+) tiles? (?:is|are) shuffled face down onto (.+)",
     lambda m: f"{_many(m[1], 'tuile')} mélangée{'s' if int(m[1]) > 1 else ''} face{'s' if int(m[1]) > 1 else ''}"
               f" cachée{'s' if int(m[1]) > 1 else ''} {'sont disposées' if int(m[1]) > 1 else 'est disposée'}"
               f" sur {m[2]}"),
    (r"no face-down tile without a cube: the cube stays",
     "aucune tuile face cachée sans cube : le cube Hercule n'est pas placé"),
    (r"Le Balafré never closes his eyes", "Le Balafré ne ferme jamais les yeux"),
    (rf"a Hercule cube lands on {T}", "un cube Hercule tombe sur {1}"),
    (r"the (3ID|Limbes) discard is shuffled into a new deck",
     "la défausse {1} est mélangée pour reconstituer la pioche"),
    (r"the trap discard is shuffled into a new trap pile",
     "la défausse des Traquenards est mélangée pour reconstituer la pile de Traquenards"),
    # A player's view (`oracle.games.trois_ombres.views`): what a tile it cannot see shows is chance there.
    (rf"in this view, {T} shows (\S+)", "dans cette vue, {1} montre {2}"),
    (r"what (.+) shows? is chance in this view", "ce que montre {1} relève du hasard dans cette vue"),
    # How the game ends (`oracle.games.trois_ombres.rules.clock`), as its last event says it.
    (r"the clock reaches the hour of the three shadows: everybody loses",
     "l'Horloge atteint l'heure des 3 ombres : tout le monde perd"),
    (r"(\d+) suspects? (?:is|are) cleared: the demon is unmasked, everybody wins",
     lambda m: f"{_many(m[1], 'suspect')} écarté{'s' if int(m[1]) > 1 else ''} : le démon est démasqué, tout le"
               " monde gagne"),
])


CELL_WORDS = {"face down": "face cachée", "face up": "face visible", "kept face up": "gardée face visible",
              "Hercule cube": "cube Hercule", "empty": "vide"}


def _cell_fr(words: str) -> str:
    """``1n, kept face up, clue of p0`` -> ``1n, gardée face visible, Indice de p0``."""
    return ", ".join(CELL_WORDS.get(w, re.sub(r"^clue of (p\d)$", r"Indice de \1", w))
                     for w in words.split(", "))


SIDE_FR = {"kept face up": "gardée face visible", "face up": "face visible", "face down": "face cachée"}


def _slots_fr(items: str) -> str:
    """``R1 1n face down with a clue of p0, R2 face down`` in French (a 3 Ombres picture's words)."""
    def one(item: str) -> str:
        found = re.fullmatch(r"([PRCG]\d+)( the .+? trap| \S+)? (kept face up|face up|face down)( with a Hercule cube)?"
                             r"(?:(?: with| and) a clue of (p\d))?", item)
        if found is None:
            return item
        tile = f" {_tile_fr(found[2].strip())}" if found[2] else ""
        return (f"{found[1]}{tile} {SIDE_FR[found[3]]}" + (" avec un cube Hercule" if found[4] else "")
                + ((" et" if found[4] else " avec") + f" un Indice de {found[5]}" if found[5] else ""))
    return "aucune tuile" if items == "no tile" else ", ".join(one(item) for item in items.split(", "))


# The facts under a 3 Ombres example (`oracle.games.trois_ombres.site.fact_words`), and its pictures in words
# (`oracle.games.trois_ombres.pictures.svg.describe`).
SENTENCES += _rules([
    (r"The table at (\d+) h: Agence (\d+)/(\d+), (\d+) cubes? in supply\.",
     "La table à {1} h : Agence {2}/{3}, {4:#cube} en réserve."),
    (r"(Réverbère|Chapeau|Pentacle|Rouage) \(([RCPG])\): (.+)\.", "{1} ({2}) : {3:slots}."),
    (r"At the Agence: (.+)\.", "À l'Agence : {1}."),
    (r"Agence 3ID: (\d+)/(\d+) cleared", "Agence 3ID : {1}/{2} écartés"),  # the Agence's heading in a picture
    (r"Démon tile: (\S+), turned up\.", "Tuile Démon : {1}, retournée."),
    (r"Démon tile: set aside, face down\.", "Tuile Démon : mise de côté, face cachée."),
    (r"Démon tile: (\S+), set aside\.", "Tuile Démon : {1}, mise de côté."),
    # How a game ended, under its clock (a sentence, not a key's label: the picture gives it room).
    (r"Everybody (wins|loses)(\.?)", lambda m: f"Tout le monde {'gagne' if m[1] == 'wins' else 'perd'}{m[2]}"),
    (r"everybody (wins|loses) \((\S+)\)",
     lambda m: f"tout le monde {'gagne' if m[1] == 'wins' else 'perd'} ({m[2]})"),
    (r"([^·(]+) \(drawn by (p\d)\)", "{1} (piochée par {2})"),
    (rf"(p\d) sees (\S+) on {T}", "{1} voit {2} en {3}"),
    (r"(\d+) suspects? at the Agence", "{1:#suspect} à l'Agence"),
    (rf"{T}: (.+)", "{1} : {2:cell}"),
])

# The events of Time Chase in words (`oracle.games.time_chase.events.event_sentence`).
W = r"(event \d+|position 0)"
WIN_REASON: dict[str, str] = {
    "controls three events": "contrôle trois événements",
    "controls the most events after the last round (ties: the event closest to position 0)":
        "contrôle le plus d'événements après la dernière manche (à égalité : l'événement le plus proche de la"
        " position 0)",
    "controls the most events when a second paradox ends the game (ties: the event closest to 0)":
        "contrôle le plus d'événements quand un second paradoxe finit la partie (à égalité : l'événement le plus"
        " proche de 0)",
}


def _on(where: str) -> str:
    return "la position 0" if where == "position 0" else "l'événement " + where.removeprefix("event ")


EVENTS += _rules([
    (r"the cards are dealt: (p\d) is drawn as first player, and (\w+) is the Invariant",
     "les cartes sont distribuées : {1} est tiré au sort comme premier joueur, et {2:card} est la constante"),
    (r"the cards are dealt: (p\d) is first player, as always in the research setting, and (\w+) is the Invariant",
     "les cartes sont distribuées : {1} est premier joueur, comme toujours dans le réglage de recherche, et {2:card} "
     "est la constante"),
    (r"(p\d) gains (\d+) crystals? of income", "{1} reçoit {2:#cristal} de revenu"),
    (r"event (\d+) is the new present", "l'événement {1} est le nouveau présent"),
    (r"the bids are revealed: (.+)", "les mises sont révélées : {1}"),
    (rf"(p\d) spends (\d+) crystals? and goes back to {W}", "{1} dépense {2:#cristal} et recule jusqu'à {3:on}"),
    (rf"(p\d) leads (\w+) at {W}", "{1} ouvre avec {2:card} sur {3:on}"),
    (rf"(p\d) plays (\w+) at {W}", "{1} joue {2:card} sur {3:on}"),
    (r"(p\d) played under the lead card and earns a crystal",
     "{1} a joué sous la carte d'ouverture et gagne un cristal"),
    (rf"(p\d)'s (\w+) is now the winning card at {W}", "le {2:card} de {1} remporte maintenant {3:on}"),
    (rf"(\w+) still wins {W}", "{1:card} remporte toujours {2:on}"),
    (rf"(p\d) puts a token on {W}", "{1} pose un jeton sur {2:on}"),
    (rf"(p\d)'s token leaves {W}", "le jeton de {1} quitte {2:on}"),
    (rf"(\w+) replaces (\w+) as the Invariant: ({SUITS}) is trump",
     "{1:card} remplace {2:card} comme constante : l'atout est {3:suit}"),
    (r"(\w+) replaces (\w+) as the Invariant, and there is no trump",
     "{1:card} remplace {2:card} comme constante, et il n'y a plus d'atout"),
    (r"the Invariant (\w+) stands", "la constante {1:card} reste"),
    (r"the game is over: nobody wins", "la partie est finie : personne ne gagne"),
    (r"the game is over: (p\d(?:(?:, | and )p\d)*) (.+) and wins", "la partie est finie : {1:who} {2:win} et gagne"),
    (r"(p\d(?:(?:, | and )p\d)*) (.+) and wins", "{1:who} {2:win} et gagne"),
])


def translate_event(text: str) -> str:
    """One event of an example's list in French (unchanged when unknown)."""
    for pattern, make in EVENTS:
        if match := pattern.match(text):
            return make(match)
    return translate_text(text)


EVENT_ITEM = re.compile(r"(<li>|<dt>Outcome</dt><dd>)([^<]+?)( \(<a\b)")  # an event, a game's outcome
REFUSED = re.compile(r'(<p class="ttykm-refused"><strong>[^<]*</strong> )([^<]*?)( \(<a\b)')


def _focus_here(text: str) -> str:
    if not text:
        return ""
    if "White and Black" in text:
        return " Le Focus des Blancs et celui des Noirs sont ici."
    return f" Le Focus {PLAYER_OF['White' if 'White' in text else 'Black']} est ici."


def translate_text(text: str) -> str:
    """One label or sentence, or several on lines of their own, in French (unchanged when unknown)."""
    lines = text.split("\n")
    out = []
    for line in lines:
        stripped = line.strip()
        indent = line[:len(line) - len(line.lstrip())]
        plain = html.unescape(stripped)
        if plain in LABELS:
            out.append(indent + html.escape(LABELS[plain], quote=False))
            continue
        for pattern, make in SENTENCES:
            if match := pattern.match(plain):
                out.append(indent + html.escape(make(match), quote=False) + line[len(line.rstrip()):])
                break
        else:
            if " · " in plain and all(part in LABELS or any(p.match(part) for p, _ in SENTENCES)
                                      for part in plain.split(" · ")):
                out.append(indent + " · ".join(translate_text(part) for part in plain.split(" · ")))
            else:
                out.append(line)
    return "\n".join(out)


TEXT_NODE = re.compile(r">([^<>]+)<")
ATTRIBUTE = re.compile(r'\b(aria-label|title)="([^"]*)"')


SVG_TEXT = re.compile(r"(<text\b[^>]*)>([^<>]+)</text>")
# A Time Chase card of a picture (oracle.games.time_chase.pictures._svg_card): the text on it is its label.
SVG_CARD = re.compile(r'(<g class="card"><title>[^<]*</title><rect\b[^>]*/><text\b[^>]*>)([^<>]+)(</text>)')


CODE = re.compile(r"(<(pre|code)\b.*?</\2>)", re.S)


# A 3 Ombres example's refused last action (`oracle.games.trois_ombres.site`): its sentence, its rule's link and
# the oracle's reason; put in French when the reason is one of `OMBRES_REASONS`, else left for `untranslated`.
OMBRES_ILLEGAL = re.compile(r'(<p class="ombres-illegal">)The last action is <strong>illegal</strong>: '
                            r"(<a\b.*?</a>): ([^<]*)\.</p>", re.S)
CUBED: dict[str, str] = {"revealed": "dévoilée", "looked at": "regardée", "shuffled": "mélangée"}
OMBRES_REASONS: list[Rule] = _rules([
    (rf"the tile on {T} bears a Hercule cube and cannot be (revealed|looked at|shuffled)",
     "la tuile en {1} porte un cube Hercule et ne peut pas être {2:cubed}"),
])


def _ombres_illegal(match: re.Match[str]) -> str:
    reason = html.unescape(match[3])
    for pattern, make in OMBRES_REASONS:
        if said := pattern.match(reason):
            return (f"{match[1]}La dernière action est <strong>interdite</strong> : {match[2]} : "
                    f"{html.escape(make(said), quote=False)}.</p>")
    return match[0]


# The facts of a Time Chase example (those just above its timelines) that name cards: the action, the cards
# played first and the legal plays (oracle.games.time_chase.site).  A French reader reads them with the French
# labels, as the captions above them say; the notation stays in the example's folds ("La position en notation").
TC_FACTS = re.compile(r'<dl class="ttykm-example-facts">.*?</dl>\s*<div class="tc-timelines">', re.S)
TC_FACT = re.compile(r"(<dt>(?:Action|First played|Legal)</dt><dd>)(.*?)(</dd>)", re.S)
TC_CARD_CODE = re.compile(r"<code>([RBGYP](?:1[0-3]|[1-9]))</code>")
TC_BIDS_CODE = re.compile(r"<code>bids ([\d,]+)</code>")


def _tc_facts(match: re.Match[str]) -> str:
    said = TC_CARD_CODE.sub(lambda m: card_fr(m[1]), match[2])
    said = TC_BIDS_CODE.sub(lambda m: "mises " + ", ".join(m[1].split(",")), said)
    said = re.sub(r"\b(p\d): ", r"\1 : ", said)  # "p2 : V13", a space before the colon
    return match[1] + said + match[3]


def translate_html(fragment: str) -> str:
    """An example's HTML with the words of its pictures and their keys in French; code (the notation, the
    events as the oracle writes them, a command's output) stays as it is, but for the cards that a Time Chase
    example's facts name (`TC_FACTS`)."""
    fragment = OMBRES_ILLEGAL.sub(_ombres_illegal, fragment)
    fragment = TC_FACTS.sub(lambda m: TC_FACT.sub(_tc_facts, m[0]), fragment)
    parts = CODE.split(fragment)
    # split() yields text, then each code element and its tag name: translate the text only.
    return "".join(_translate(part) if n % 3 == 0 else part if n % 3 == 1 else "" for n, part in enumerate(parts))


TEXT_TAIL = re.compile(r">([^<>]+)\Z")  # the text just before a code element, such as "Actions: "
# After "Exemple :" a title goes on in lower case, as in "Exemple : les Blancs…"; a name (Vortex, p2) keeps its own.
EXAMPLE_COLON = re.compile(r'(class="ttykm-example-anchor"[^>]*>Exemple</a>): '
                           r"(?:(Le|La|Les|Un|Une|Des|Deux|Trois|Tout|Toute|Tous|Chaque|Aucun|Aucune|Personne)\b)?")
SEAT_COLON = re.compile(r"(>|, )(p\d): \Z")  # a Time Chase card with its player, "p0: R10", before its code
PROVISIONAL = re.compile(r"<strong>Provisional</strong>: depends on ([\w.\-]+) \(rulings ([^)]*)\)")


def _tail(match: re.Match[str]) -> str:
    label = match[1].strip()
    if label not in LABELS:
        return match[0]
    return ">" + match[1].replace(label, html.escape(LABELS[label], quote=False))


def _translate(fragment: str) -> str:

    def svg_text(match: re.Match[str]) -> str:
        english = html.unescape(match.group(2))
        french = LABELS.get(english)
        if french is None:
            return match.group(0)
        room = "" if english in KEY else fit(english, french)  # a key's entry has the room of its French word
        return f"{match.group(1)}{room}>{html.escape(french, quote=False)}</text>"

    fragment = REFUSED.sub(lambda m: m[1] + html.escape(translate_reason(html.unescape(m[2])), quote=False) + m[3],
                           fragment)
    fragment = EVENT_ITEM.sub(lambda m: m[1] + html.escape(translate_event(html.unescape(m[2])), quote=False) + m[3],
                              fragment)
    fragment = SVG_CARD.sub(lambda m: m[1] + card_fr(m[2]) + m[3], fragment)
    fragment = SVG_TEXT.sub(svg_text, fragment)
    fragment = PROVISIONAL.sub(lambda m: f"<strong>Provisoire</strong> : dépend de {m[1]} (décision {m[2]})", fragment)
    fragment = TEXT_NODE.sub(lambda m: ">" + translate_text(m.group(1)) + "<", fragment)
    fragment = TEXT_TAIL.sub(_tail, fragment)
    fragment = EXAMPLE_COLON.sub(lambda m: f"{m[1]} : {(m[2] or '').lower()}", fragment)  # a space before ":"
    fragment = SEAT_COLON.sub(lambda m: f"{m[1]}{m[2]} : ", fragment)

    def attribute(match: re.Match[str]) -> str:
        return f'{match.group(1)}="{html.escape(translate_text(html.unescape(match.group(2))))}"'

    return ATTRIBUTE.sub(attribute, fragment)


# How an English sentence of a picture's description or tooltip starts (its French one never does so).
ENGLISH_SENTENCE = re.compile(r"^(The|White|Black|White's|Black's|A|An|Paradox:|Hats|No|Statue|This|Attempted|Seeds|In)"
                              r" [a-z]")


def untranslated(fragment: str) -> list[str]:
    """The English sentences of the examples' pictures, their tooltips and refusal reasons left in ``fragment``
    (a French page's examples)."""
    found = []
    for match in TEXT_NODE.finditer(fragment):  # the step lists' items, the pictures' <desc> and <title> too
        for line in html.unescape(match.group(1)).split("\n"):
            for sentence in re.split(r"(?<=\.) (?=[A-Z])", line.strip()):  # a line may hold several sentences
                if ENGLISH_SENTENCE.match(sentence) and sentence.endswith("."):
                    found.append(sentence)
    for match in EVENT_ITEM.finditer(fragment):
        if re.search(r"\b(the|is|are|player|draws|turn|clue)\b", html.unescape(match[2])):
            found.append(html.unescape(match[2]))
    for match in REFUSED.finditer(fragment):
        if re.search(r"\b(the|cannot|must|has|is|copy)\b", html.unescape(match[2])):
            found.append(html.unescape(match[2]))
    found += [html.unescape(match[3]) for match in OMBRES_ILLEGAL.finditer(fragment)]
    return found


# The card games' refusal reasons (`oracle.games.time_chase.rules`, `oracle.games.trois_ombres.rules`), as the
# command line and the playground give them: the rule's ID stays, the sentence is French.
REASONS += OMBRES_REASONS + _rules([
    (r"this is not a bidding step", "ce n'est pas le moment des mises"),
    (r"write one bid for each of the (\d+) players", "écrivez une mise pour chacun des {1} joueurs"),
    (r"(p\d) bids (\d+) but holds (\d+) crystals?", "{1} mise {2} mais n'a que {3:#cristal}"),
    (r"(p\d) bids (\d+), past position 0: round (\d+) allows at most (\d+)",
     "{1} mise {2}, au-delà de la position 0 : la manche {3} permet au plus {4}"),
    (r"bids are revealed together: write every player's bid, such as '(.+)'",
     "les mises sont révélées ensemble : écrivez la mise de chaque joueur, comme '{1}'"),
    (r"no card is played now: deal first", "aucune carte ne se joue maintenant : la donne vient d'abord"),
    (r"no card is played now: bid first", "aucune carte ne se joue maintenant : les mises viennent d'abord"),
    (r"(p\d) does not hold (\w+)", "{1} n'a pas {2:card} en main"),
    (r"(p\d) does not hold (\w+): the view places it elsewhere",
     "{1} n'a pas {2:card} en main : la vue la place ailleurs"),
    (r"(p\d) must follow (\w+)'s suit and holds (.+)", "{1} doit fournir la couleur de {2:card} et a {3:cards_or}"),
    (rf"(p\d) must follow (\w+)'s suit: every completion of this view gives them an? ({SUITS}) card",
     "{1} doit fournir la couleur de {2:card} : chaque complétion de cette vue lui donne une carte {3:suit}"),
    (rf"legal if (p\d) holds no ({SUITS}) card, illegal if they do: (\d+) of the (\d+) cards? this view cannot place"
     rf" (?:is|are) ({SUITS})",
     "permise si {1} n'a aucune carte {2:suit}, refusée sinon : {3} des {4:#carte} que cette vue ne peut placer"
     " sont {5:suit}"),
    (r"the cards are dealt once, before round 1", "les cartes se distribuent une fois, avant la manche 1"),
    (r"a (\d+)-player deal has (\d+) hands, not (\d+)", "une donne à {1} joueurs a {2} mains, pas {3}"),
    (r"(p\d) is dealt (\d+), not (\d+)", "{1} reçoit {2} cartes, pas {3}"),
    (r"(\d+) cards? stays? unused, not (\d+)", "{1:#carte} restent hors jeu, pas {2}"),
    (r"there is no player (p\d)", "il n'y a pas de joueur {1}"),
    (r"(\w+) is not in play with (\d+) players", "{1:card} n'est pas en jeu à {2} joueurs"),
    (r"(\w+) is dealt twice", "{1:card} est distribuée deux fois"),
    (rf"there is no tile on {T}", "il n'y a pas de tuile en {1}"),
    (rf"the tile on {T} was already taken this turn", "la tuile en {1} a déjà été prise ce tour-ci"),
    (rf"the tile on {T} is already face up", "la tuile en {1} est déjà face visible"),
    (r"no reveal is left this turn", "il ne reste aucune tuile à dévoiler ce tour-ci"),
    (rf"there is no Hercule cube on {T}", "il n'y a pas de cube Hercule en {1}"),
    (r"the die was already rolled", "le dé a déjà été lancé"),
    (r"a bluff replaces the roll: the die was already rolled",
     "un Coup de bluff remplace le lancer : le dé a déjà été lancé"),
    (r"a bluff needs 6 hours or more; the clock shows (\d+) h",
     "un Coup de bluff demande 6 h ou plus ; l'Horloge indique {1} h"),
    (r"roll the die first \(or bluff from 6 h\): (.+)",
     "lancez d'abord le dé (ou tentez un Coup de bluff dès 6 h) : {1}"),
    (r"not an action of this point of the turn: (.+)", "ce n'est pas une action de ce moment du tour : {1}"),
    (r"not an action of the clue step: (.+)", "ce n'est pas une action de l'étape des Indices : {1}"),
    (rf"the die shows (?:the )?(\S+): reveal a tile of that Lieu first, not {T}",
     "le dé montre {1:face} : dévoilez d'abord une tuile de ce Lieu, pas {2}"),
    (r"a tile can still be revealed \((.+)\): the reveals end only when none can",
     "une tuile peut encore être dévoilée ({1}) : on ne s'arrête que quand aucune ne le peut"),
    (rf"a clue goes only on a tile just turned back \((.+)\), not {T}",
     "un Indice ne va que sur une tuile qui vient d'être retournée ({1}), pas sur {2}"),
    (rf"the tile on {T} already has a clue", "la tuile en {1} a déjà un Indice"),
    (rf"there is no clue of (p\d) on {T}", "il n'y a pas d'Indice de {1} en {2}"),
    (r"the player's reserve is empty", "la réserve du joueur est vide"),
    (r"under Brume no clue may be left on the Lieux", "sous Brume, aucun Indice ne peut être laissé sur les Lieux"),
    (r"a trap must be placed now: trap SLOT", "un Traquenard doit être posé maintenant : trap SLOT"),
    (rf"{T} is not a free slot of a Lieu", "{1} n'est pas un emplacement libre d'un Lieu"),
])
CHANCE_KINDS = {"die": "du dé", "draw": "de la pioche", "deal": "de la donne"}
REASONS += _rules([
    (r"(.+) is not an outcome of this (die|draw|deal)", lambda m: f"{m[1]} n'est pas une issue {CHANCE_KINDS[m[2]]}"),
    (r"(.+) is not an outcome of this (\S+)", "{1} n'est pas une issue de cette étape ({2})"),
])
# The rarer refusals of 3 Ombres (its cards, abilities, traps and deal) and of a Time Chase deal.
REASONS += _rules([
    (r"give (\S+) to another player, or discard it: give none",
     "donnez {1} à un autre joueur, ou défaussez-la : give none"),
    (r"name another player who still has a spare clue, or none",
     "nommez un autre joueur qui a encore un Indice de plus, ou personne : calepin none"),
    (r"play Invertigo against (\S+), or pass", "jouez Invertigo contre {1}, ou passez : pass"),
    (r"choose a cleared pair of the Agence: pair SUSPECT",
     "choisissez une paire de Suspects écartés à l'Agence 3ID : pair SUSPECT"),
    (r"keep one of (\S+) and (\S+)", "gardez {1} ou {2}"),
    (r"pick a tile to shuffle: pick SLOT", "choisissez une tuile à mélanger : pick SLOT"),
    (rf"{T} is not a free tile", "{1} n'est pas une tuile libre"),
    (rf"{T} is not a free tile of ([RCPG])", "{1} n'est pas une tuile libre du Lieu {2}"),
    (r"choose a free slot: place SLOT", "choisissez un emplacement libre : place SLOT"),
    (r"(\S+) is not a free slot allowed here", "{1} n'est pas un emplacement libre permis ici"),
    (r"the game starts with a deal", "la partie commence par la donne"),
    (r"the deal must use each suspect tile once, one of them as the Démon tile",
     "la donne emploie chaque tuile Suspect une fois, l'une d'elles comme tuile Démon"),
    (r"the tiles are not spread evenly over the Lieux \((.+)\)",
     "les tuiles ne sont pas réparties également entre les Lieux ({1})"),
    (r"the tiles go to distinct slots of the Lieux", "les tuiles vont sur des emplacements distincts des Lieux"),
    (r"(\S+) is not a distinct slot of a Lieu", "{1} n'est pas un emplacement distinct d'un Lieu"),
    (r"(.+) is not a tile (\S+) may show in this view", "{1} n'est pas une tuile que {2} peut montrer dans cette vue"),
    (r"a Hercule cube must land now: cube SLOT", "un cube Hercule doit tomber maintenant : cube SLOT"),
    (rf"a cube cannot land on {T}: not a face-down tile without a cube",
     "un cube ne peut pas tomber sur {1} : ce n'est pas une tuile face cachée sans cube"),
    (rf"under Paralysie both tiles come from one Lieu: {T} is not in ([RCPG])",
     "sous Paralysie, les deux tuiles viennent d'un seul Lieu : {1} n'est pas dans le Lieu {2}"),
    (r"only (\d+) Hercule cube removal a turn", "au plus {1:#retrait} de cube Hercule par tour"),
    (r"a cube removal replaces the reveal of choice, which is used",
     "retirer un cube remplace la tuile de votre choix, déjà dévoilée"),
    (r"the die result has already been applied", "le résultat du dé a déjà été appliqué"),
    (r"this result is itself a reroll and must be applied",
     "ce résultat est lui-même une relance et doit être appliqué"),
    (r"peeks come before the reveals", "on regarde secrètement des tuiles avant de dévoiler"),
    (r"there are not two tiles to look at \((\d+)\)", "il n'y a pas deux tuiles à regarder ({1})"),
    (r"look at exactly (\d+) tiles? here", "regardez exactement {1:#tuile} ici"),
    (r"bluff names one tile", "un Coup de bluff nomme une seule tuile"),
    (r"Archéoscript is played by its holder before rolling",
     "Archéoscript se joue par son détenteur, avant de lancer le dé"),
    (r"Révélateur d'empreinte is played by its holder before revealing",
     "Révélateur d'empreinte se joue par son détenteur, avant de dévoiler"),
    (r"there is no Hercule cube on the Lieux", "il n'y a aucun cube Hercule sur les Lieux"),
    (r"only Lucile Finemouche may reroll", "seule Lucile Finemouche peut relancer le dé"),
    (r"under Confusion no investigator may use an ability",
     "sous Confusion, aucun Enquêteur ne peut se servir de sa Capacité spéciale"),
    (r"Lucile rerolls once a turn", "Lucile ne relance le dé qu'une fois par tour"),
    (r"the player holds no (.+)", "le joueur n'a pas la carte {1}"),
    (r"(\S+) has no ability to look at tiles \(allison, zacahire\)",
     "{1} n'a pas de Capacité pour regarder des tuiles (allison, zacahire)"),
    (r"the player is (\S+), not (\S+)", "le joueur est {1}, pas {2}"),
    (r"the ability was already used this turn", "la Capacité a déjà servi ce tour-ci"),
    (rf"{T} cannot be looked at by this peek", "{1} ne peut pas être regardée ainsi"),
    (r"clues are moved only when the reserve is empty", "on ne déplace ses Indices que quand sa réserve est vide"),
    (r"Chronogyre needs a clue from the player's reserve", "Chronogyre demande un Indice de la réserve du joueur"),
    (r"under Paranoïa the tiles were only looked at", "sous Paranoïa, les tuiles ont seulement été regardées"),
    (rf"the tile on {T} is not a suspect", "la tuile en {1} n'est pas un Suspect"),
    (r"in the small setting p0 is the first player", "dans la petite configuration, p0 est le premier joueur"),
    (r"a deal seen from (p\d) names (p\d)'s cards", "une donne vue par {1} nomme les cartes de {2}"),
])


def _actions_fr(count: str, legal: str = "permise") -> str:
    """``2`` -> ``2 actions permises``, ``1`` -> ``1 action permise``."""
    return f"{_many(count, 'action')} {legal if int(count) < 2 else legal + 's'}"


# What the command line says around the notation (`oracle.tools.cli.steps`, `oracle.tools.cli.main`), for the
# card games: the actions, rule IDs and commands it names stay as they are.
SENTENCES += _rules([
    (r"(\d+) legal actions?(?: for (p\d)|: (p\d) does not act now \((.+?) does\))?( in every completion of this view)?",
     lambda m: _actions_fr(m[1]) + (f" pour {m[2]}" if m[2] else "")
               + (f" : {m[3]} ne joue pas maintenant ({m[4].replace(' and ', ' et ')} joue)" if m[3] else "")
               + (" dans chaque complétion de cette vue" if m[5] else "")),
    (r"(\d+) more depends? on what this view cannot see:",
     lambda m: f"{m[1]} autre{'s' if int(m[1]) > 1 else ''} dépend{'ent' if int(m[1]) > 1 else ''} de ce que"
               " cette vue ne peut pas voir :"),
    (r"(.+): depends: (\S+): (.+)", lambda m: f"{m[1]} : dépend : {m[2]} : {translate_reason(m[3])}"),
    (r"(.+) choose at once \(sealed\); their choices are played as one action:",
     "{1:who} choisissent en même temps (en secret) ; leurs choix se jouent en une seule action :"),
    (r"write them as one action, such as: (.+)", "écrivez-les en une seule action, par exemple : {1}"),
    (r"\('oracle (.*)moves STATE --player N' lists one player's choices\)",
     "('oracle {1}moves STATE --player N' donne les choix d'un seul joueur)"),
    (r"(\d+) chance outcomes?: nobody chooses; write the one that happened as the action",
     lambda m: f"{_many(m[1], 'issue')} du hasard : personne ne choisit ; écrivez celle qui est arrivée comme action"),
    (r"chance acts next, with too many outcomes to list: write the one that happened as the action, such as",
     "le hasard agit ensuite, avec trop d'issues pour les lister : écrivez celle qui est arrivée comme action, par"
     " exemple"),
    (r"or draw one from a seed: (.+)", "ou tirez-en une avec une graine : {1}"),
    (r"\((p\d) does not act now: the game is over\)", "({1} ne joue pas maintenant : la partie est finie)"),
    (r"\((p\d) does not act now: chance does\)", "({1} ne joue pas maintenant : c'est au hasard)"),
    (r"taken as made:", "prise comme jouée :"),
    (r"; taken as made", " ; prise comme jouée"),
    (r"(\d+) legal actions? extends? it, such as (.+)",
     lambda m: f"{_actions_fr(m[1])} la prolonge{'nt' if int(m[1]) > 1 else ''}, par exemple {m[2]}"),
    (r"stopped at action (\d+) of (\d+); the state before it:", "arrêt à l'action {1} sur {2} ; l'état d'avant :"),
    (r"(Time Chase \(Contre-Temps\)|L'heure des 3 ombres): the (\S+) start",
     lambda m: f"{'Contre-Temps' if m[1].startswith('Time Chase') else m[1]} : le début de partie ({m[2]})"),
    (r"Chance acts first \('(.+)' draws it\)\.", "Le hasard agit d'abord ('{1}' le tire)."),
    (r"Try: (.+)", "Essayez : {1}"),
])
# How a game ended (`Game.outcome`'s reason), as ``moves`` says it at the end: "the game is over: … (RULE)".
OUTCOMES: list[Rule] = _rules([
    (r"everybody wins: (\d+) suspects? (?:is|are) cleared to the Agence 3ID",
     lambda m: f"tout le monde gagne : {_many(m[1], 'suspect')} écarté{'s' if int(m[1]) > 1 else ''} à l'Agence"
               " 3ID"),
    (r"everybody loses: the clock reached the hour of the three shadows \(12 h\)",
     "tout le monde perd : l'Horloge a atteint l'heure des 3 ombres (12 h)"),
    (r"everybody wins: the bluff named the Démon's host",
     "tout le monde gagne : le Coup de bluff a nommé l'hôte du Démon"),
    (r"everybody loses: the bluff did not name the Démon's host",
     "tout le monde perd : le Coup de bluff n'a pas nommé l'hôte du Démon"),
    (r"nobody wins: nobody (.+)", "personne ne gagne"),
    (r"(p\d(?:, p\d)*) wins: (?:p\d(?:, p\d)*) (.+?)((?: \(.+ holds events? .+\))?)",
     lambda m: f"{m[1]} gagne : {m[1]} {WIN_REASON.get(m[2], m[2])}"
               + re.sub(r"(p\d) holds (events?) ([\d, ]+)", _holds_fr, m[3])),
])


def _holds_fr(found: re.Match[str]) -> str:
    """``p0 holds events 1, 2`` -> ``p0 tient les événements 1, 2``."""
    held = "les événements" if found[2] == "events" else "l'événement"
    return f"{found[1]} tient {held} {found[3]}"


def translate_outcome(reason: str) -> str:
    """How a game ended (`Game.outcome`'s reason) in French (unchanged when unknown)."""
    for pattern, make in OUTCOMES:
        if found := pattern.match(reason):
            return make(found)
    return reason


SENTENCES += _rules([
    (r"the game is over: (.+) \(((?:OMBRES|TC)\.[\w.\-]+)\)",
     lambda m: f"la partie est finie : {translate_outcome(m[1])} ({m[2]})"),
])


# The umpire's table of the playground: each field of a card game's whole state (`Game.state_to_json`, its ``_``
# written as a space) and each key of a record in one (a 3 Ombres slot, a Time Chase event), in French; the values
# are the oracle's notation.
FIELDS: dict[str, str] = {
    # Shared by both games.
    "game": "jeu", "players": "joueurs", "variants": "variantes", "view": "vue", "current": "joueur actif",
    # 3 Ombres.
    "investigators": "enquêteurs", "characters": "personnages", "slots": "emplacements", "hour": "heure",
    "cubes": "cubes Hercule", "board": "Lieux", "layout": "disposition", "rotation": "rotation",
    "agency": "Agence 3ID", "demon": "tuile Démon", "reserve": "Indices en réserve", "stock": "Indices de plus",
    "traps": "Traquenards", "trap discard": "défausse des Traquenards", "id deck": "pioche 3ID",
    "id discard": "défausse 3ID", "limbes deck": "pioche Limbes", "limbes discard": "défausse Limbes",
    "objets": "Objets", "curses": "Malédictions", "closed": "yeux fermés", "seen": "tuiles vues",
    "held": "tuiles prises", "dests": "emplacements de destination", "turn": "tour", "steps": "étapes",
    "result": "résultat", "rule": "règle", "unseen": "tuiles non vues",
    # Time Chase.
    "round": "manche", "phase": "phase", "first": "premier joueur", "reference": "référence",
    "invariant": "constante", "trump void": "atout aboli par un paradoxe", "paradoxes": "paradoxes",
    "unused": "hors jeu",
    "hands": "mains", "crystals": "cristaux", "gained": "cristaux gagnés", "spent": "cristaux dépensés",
    "pawns": "pions", "timeline": "ligne du temps", "at": "pli sur", "trick": "pli", "discard": "défausse",
    "won": "événements gagnés", "last token": "dernier jeton", "winners": "gagnants", "end rule": "règle de fin",
}
KEYS: dict[str, str] = {"slot": "emplacement", "tile": "tuile", "up": "face visible", "kept": "gardée visible",
                        "clue": "Indice", "cube": "cube Hercule", "lead": "ouverture", "cross": "carte gagnante",
                        "controller": "contrôlé par"}
FIELD_WORDS: dict[str, str] = {"deal": "donne", "bid": "mises", "play": "jeu", "over": "finie", "win": "victoire",
                               "loss": "défaite"}


def cards_fr(value: object) -> object:
    """A Time Chase value of the umpire's table (a card, a list of them, a record of an event) with each card's
    French label (`card_fr`)."""
    if isinstance(value, str):
        return card_fr(value)
    if isinstance(value, list):
        return [cards_fr(item) for item in value]
    if isinstance(value, dict):
        return {key: cards_fr(item) for key, item in value.items()}
    return value


def translate_field(name: str, value: object) -> list[object]:
    """One field of the umpire's table, ``[name, value]``, in French: its name, its records' keys (`KEYS`) and the
    words among its values (a phase, a result); the notation stays."""
    if isinstance(value, list):
        value = [{KEYS.get(key, key): item for key, item in entry.items()} if isinstance(entry, dict) else entry
                 for entry in value]
    elif isinstance(value, str) and name in ("phase", "result"):
        value = FIELD_WORDS.get(value, value)
    return [FIELDS.get(name, name), value]


# The playground's buttons that let chance act, as the games name each step (`Game.chance_words`), in French.
CHANCE_BUTTONS: dict[str, str] = {
    "Deal the cards": "Distribuer les cartes",
    "Deal the tiles": "Distribuer les tuiles",
    "Roll the die": "Lancer le dé",
    "Roll the die again (Illusion)": "Relancer le dé (Illusion)",
    "Draw a 3ID card": "Piocher une carte 3ID",
    "Draw a Limbes card": "Piocher une carte Limbes",
    "Draw a trap": "Piocher un Traquenard",
    "Throw the Hercule cube": "Lancer le cube Hercule",
    "Shuffle the tiles taken": "Mélanger les tuiles prises",
    "Show the unseen tile": "Montrer la tuile pas encore vue",
}


def translate_chance(words: str) -> str:
    """A chance button's words (`CHANCE_BUTTONS`) in French; words it does not know stay as they are."""
    return CHANCE_BUTTONS.get(words, words)


__all__ = ["CARD_KEY_LINE", "CARD_LEGEND", "CARD_SUITS", "CHANCE_BUTTONS", "FIELDS", "LABELS", "NOTATION_KEY",
           "SENTENCES", "TURN_KEY", "TYPED_KEY", "card_fr", "card_from_fr", "cards_fr", "fit", "translate_chance",
           "translate_event", "translate_field", "translate_html", "translate_outcome", "translate_reason",
           "translate_text", "untranslated"]
