"""The words of the worked examples' pictures, in French, for the French edition of the site.

The examples of a French page are read, checked and drawn by the oracle exactly
as on an English page (`oracle.tools.site.examples`); `translate_examples` then
puts the words the drawing shows in French: the labels of the boards and of
their keys (whole text nodes and ``aria-label``/``title`` values that match a
label exactly) and the sentences that tell what happens, which the drawing
builds from a small grammar (``The white copy moves north from square a1 of the
past to a2.``).  The terms are the French rulebook's: *copie*, *Focus*,
*paradoxe*, *époque*, *réserve*.  A sentence of a shape not listed here stays in
English; `untranslated` lists such sentences, so a test sees them.

Each word is in one table (`ERA_OF`, `TOWARD`, ...), and each sentence's shape is one row: its English
pattern and its French template (`_say`), whose groups go through those tables (`SAY`); only a shape
whose French makes a choice no table holds is written as a function (`_rule`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from oracle.words import compte

ERA = {"past": "passé", "present": "présent", "future": "futur"}
ERA_OF = {"past": "du passé", "present": "du présent", "future": "du futur"}
ERA_TO = {"past": "au passé", "present": "au présent", "future": "au futur"}
PLAYER = {"White": "les Blancs", "Black": "les Noirs"}
PLAYER_OF = {"White": "des Blancs", "Black": "des Noirs"}
COLOUR = {"white": "blanche", "black": "noire"}
SUIT = {"Red": "Rouge", "Blue": "Bleu", "Green": "Vert", "Yellow": "Jaune", "Purple": "Violet"}
STATUE = {"neutral": "neutre", "white": "blanche", "black": "noire"}
TOWARD = {"north": "vers le nord", "east": "vers l'est", "south": "vers le sud", "west": "vers l'ouest"}
ACTION = {"move": "déplacement", "travel": "voyage", "plant": "plantation", "build": "construction",
          "train": "dressage", "elephant": "éléphant", "command": "ordre", "dig": "arrachage", "pull": "traction",
          "refused action": "action refusée", "north": "nord", "east": "est", "south": "sud", "west": "ouest",
          "forward": "en avant", "back": "en arrière"}
ELEPHANT = {"dark": "sombre", "light": "clair"}
TRAVEL = {"forward": "vers le futur", "back": "vers le passé"}
CRUSHER = {"a falling tree": "un arbre qui tombe", "an elephant": "un éléphant"}
GROWN = {"shrub": "Un arbuste", "tree": "Un arbre"}
WINS = {"wins": "gagne", "loses": "perd"}
THING = {"seed": "une graine", "shrub": "un arbuste", "tree": "un arbre", "neutral statue": "une statue neutre",
         "white statue": "une statue blanche", "black statue": "une statue noire", "copy": "une copie",
         "light-elephant": "l'éléphant clair", "dark-elephant": "l'éléphant sombre"}
STEP = {f"a move {d}": f"un déplacement {TOWARD[d]}" for d in TOWARD} | {
    f"a jump {way}": f"un saut {TRAVEL[way]}" for way in TRAVEL}

# 3 Ombres: a face of the die with its article, a tile's side, a cell's words, as the rules say them.
FACE_FR = {"Réverbère": "le Réverbère", "Chapeau": "le Chapeau", "Pentacle": "le Pentacle", "Rouage": "le Rouage",
           "Loupe": "la Loupe", "Horloge": "l'Horloge"}
SIDE_FR = {"kept face up": "gardée face visible", "face up": "face visible", "face down": "face cachée"}
CELL_WORDS = {**SIDE_FR, "Hercule cube": "cube Hercule", "empty": "vide"}
# Time Chase: how a game was won.
WIN_REASON = {
    "controls three events": "contrôle trois événements",
    "controls the most events after the last round (ties: the event closest to position 0)":
        "contrôle le plus d'événements après la dernière manche (à égalité : l'événement le plus proche de la"
        " position 0)",
    "controls the most events when a second paradox ends the game (ties: the event closest to 0)":
        "contrôle le plus d'événements quand un second paradoxe finit la partie (à égalité : l'événement le plus"
        " proche de 0)",
}

# The key's words are short: the drawing lays its key out for the English words (see `fit`).
LABELS = {
    **ERA,
    "White's Focus": "Focus des Blancs", "Black's Focus": "Focus des Noirs",
    "W Focus": "Focus B", "B Focus": "Focus N",
    "supply": "réserve", "removed": "retirées", "active copy": "copie active", "can go here": "peut aller ici",
    "White to move": "Aux Blancs de jouer", "Black to move": "Aux Noirs de jouer",
    "White has won": "Les Blancs ont gagné", "Black has won": "Les Noirs ont gagné",
    "move": "pas", "travel": "voyage", "push": "poussée", "crushed": "écrasée", "paradox": "paradoxe",
    "new copy": "copie créée", "blocked": "bloqué", "statue placed": "statue posée",
    "hat taken off": "chapeau ôté", "dig up": "déterrer",
    "ricochet": "ricochet", "not allowed": "interdit", "refused action": "action refusée",
    "Before": "Avant", "After": "Après", "What happens": "Ce qui se passe", "What was tried": "Ce qui a été tenté",
    "Try it in the playground": "L'essayer sur le terrain de jeu",
    "Open in the playground": "Ouvrir sur le terrain de jeu",
    "Not allowed:": "Interdit :", "the rule": "la règle", "The position": "La position", "Events": "Événements",
    "State": "État", "Verdict": "Verdict", "legal": "légal", "Example:": "Exemple :", "Example": "Exemple",
    "neutral statue": "statue neutre", "white statue": "statue blanche", "black statue": "statue noire",
    "dark-elephant": "éléphant sombre", "light-elephant": "éléphant clair", "elephant": "éléphant",
    "white's hat": "chapeau blanc", "black's hat": "chapeau noir", "hat put on": "chapeau mis",
    "seed": "graine", "shrub": "arbuste", "tree": "arbre", "fallen-tree": "arbre tombé", "tree falls": "chute d'arbre",
    "grew": "pousse", "object removed": "objet retiré", "statue moved": "statue déplacée",
    "carried to the next era": "reporté à l'époque suivante", "no statue built yet": "aucune statue construite",
    "plant": "planter", "build": "bâtir", "train": "dresser", "after": "après", "before": "avant",
    "statue built by White": "statue bâtie par les Blancs", "statue built by Black": "statue bâtie par les Noirs",
    "Invariant": "constante", "Rules:": "Règles :", "Actions:": "Actions :",
    # The facts under an example of Time Chase or 3 Ombres.
    "First played": "Déjà joué", "The position in notation": "La position en notation", "Outcome": "Issue",
    "the game goes on": "la partie continue", "outcome": "issue",
    "cleared": "écartés",
    "curses": "malédictions", "closed": "yeux fermés",
    # The facts under a 3 Ombres example.
    "in force": "en vigueur", "eyes closed": "yeux fermés", "clock": "Horloge", "board": "plateau",
    "nobody": "personne", "the table": "la table", "no Malédiction": "aucune Malédiction",
}

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


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _copies(text: str) -> str:
    """``white copy on a1; black copies on d4, c4`` -> ``copie blanche en a1 ; copies noires en d4, c4``."""
    text = re.sub(r"\b(white|black) copy on ", lambda m: f"copie {COLOUR[m.group(1)]} en ", text)
    text = re.sub(r"\b(white|black) copies on ", lambda m: f"copies {COLOUR[m.group(1)]}s en ", text)
    return text.replace("; ", " ; ")


def _many(count: str, word: str) -> str:
    """``1 copie``, ``0 copie``, ``2 copies``: in French, the singular goes up to one."""
    return compte(int(count), word)


def _game_over(winners: str) -> str:
    """``p3`` -> ``partie finie : p3 gagne`` (the title of a finished game's timeline)."""
    return "partie finie : " + ("personne ne gagne" if winners == "nobody" else winners.replace(" and ", " et ")
                                + " gagne")


def _at(era: str, square: str) -> str:
    return f"{square} {ERA_OF[era]}"


def _focus_here(text: str) -> str:
    if not text:
        return ""
    if "White and Black" in text:
        return " Le Focus des Blancs et celui des Noirs sont ici."
    return f" Le Focus {PLAYER_OF['White' if 'White' in text else 'Black']} est ici."


def _tile_fr(tile: str) -> str:
    """``the Vortex trap`` -> ``le Traquenard Vortex``; a suspect (``3h``) as it is."""
    found = re.fullmatch(r"the (.+) trap", tile)
    return f"le Traquenard {found[1]}" if found else tile


def _cell_fr(words: str) -> str:
    """``1n, kept face up, clue of player 0`` -> ``1n, gardée face visible, Indice du joueur 0``."""
    return ", ".join(CELL_WORDS.get(w, re.sub(r"^clue of player (\d)$", r"Indice du joueur \1", w))
                     for w in words.split(", "))


def _slots_fr(items: str) -> str:
    """``R1 1n face down with a clue of player 0, R2 face down`` in French (a 3 Ombres picture's words)."""
    def one(item: str) -> str:
        found = re.fullmatch(r"([PRCG]\d+)( \S+)? (kept face up|face up|face down)( with a Hercule cube)?"
                             r"(?:(?: with| and) a clue of player (\d))?", item)
        if found is None:
            return item
        return (f"{found[1]}{found[2] or ''} {SIDE_FR[found[3]]}" + (" avec un cube Hercule" if found[4] else "")
                + ((" et" if found[4] else " avec") + f" un Indice du joueur {found[5]}" if found[5] else ""))
    return "aucune tuile" if items == "no tile" else ", ".join(one(item) for item in items.split(", "))


def _on(where: str) -> str:
    return "la position 0" if where == "position 0" else "l'événement " + where.removeprefix("event ")


def _rule(pattern: str, out: Callable[[re.Match[str]], str]) -> Rule:
    return re.compile("^" + pattern + "$"), out


# How each group of an English sentence is put in French in a `_say` template: {n} as it is, {n:kind} through
# the kind's table or function below, {n:#noun} as a count of the French noun ({2:#cristal}: "2 cristaux").
SAY: dict[str, Callable[[str], str]] = {
    "": str,
    "era": ERA.__getitem__, "Era": lambda era: _cap(ERA[era]), "of": ERA_OF.__getitem__, "to": ERA_TO.__getitem__,
    "player": PLAYER.__getitem__, "Player": lambda player: _cap(PLAYER[player]), "player_of": PLAYER_OF.__getitem__,
    "side": lambda colour: PLAYER[colour.capitalize()], "side_of": lambda colour: PLAYER_OF[colour.capitalize()],
    "colour": COLOUR.__getitem__, "statue": STATUE.__getitem__, "toward": TOWARD.__getitem__,
    "travel": TRAVEL.__getitem__, "elephant": ELEPHANT.__getitem__, "crusher": CRUSHER.__getitem__,
    "grown": GROWN.__getitem__, "action": lambda action: ACTION.get(action, action), "thing": THING.__getitem__,
    "step": STEP.__getitem__, "copies": _copies, "focus_here": _focus_here,
    # 3 Ombres
    "face": lambda face: FACE_FR.get(face, face), "tile": _tile_fr, "cell": _cell_fr, "slots": _slots_fr,
    "wins": WINS.__getitem__,
    # Time Chase
    "suit": SUIT.__getitem__, "on": _on, "who": lambda names: names.replace(" and ", " et "),
    "win": lambda why: WIN_REASON.get(why, why), "game_over": _game_over,
}
FIELD = re.compile(r"\{(\d)(?::(#?\w+))?\}")


def _put(kind: str, group: str) -> str:
    return _many(group, kind[1:]) if kind.startswith("#") else SAY[kind](group)


def _say(pattern: str, french: str) -> Rule:
    """A rule whose French is a template of the English sentence's groups (`SAY`)."""
    return _rule(pattern, lambda m: FIELD.sub(lambda f: _put(f[2] or "", m[int(f[1])]), french))


SENTENCES: list[Rule] = [
    _say(rf"{P} chooses the copy on square {SQ} of the {E}\.",
         "{1:Player} choisissent la copie de la case {2} {3:of}."),
    _say(rf"The {C} copy moves {D} from square {SQ} of the {E} to {SQ}\.",
         "La copie {1:colour} va {2:toward}, de la case {3} {4:of} à {5}."),
    _say(rf"{P} moves the Focus from the {E} to the {E}\.", "{1:Player} déplacent leur Focus {2:of} {3:to}."),
    _rule(rf"The three eras, (?:{P} to move|{P} has won): White has (\d+) cop(?:y|ies) on the board, Black (\d+)",
          lambda m: "Les trois époques, "
                    + (f"{PLAYER[m[1]]} à jouer" if m[1] else f"{PLAYER[m[2]]} ont gagné")
                    + f" : les Blancs ont {_many(m[3], 'copie')} sur le plateau, les Noirs {m[4]}"),
    _say(rf"The {E}: (.*?)\.((?: (?:White|Black|White and Black)'s Focus (?:is|are) here\.)?)",
         "{1:Era} : {2:copies}.{3:focus_here}"),
    _say(rf"The {E} is empty\.((?: (?:White|Black|White and Black)'s Focus (?:is|are) here\.)?)",
         "{1:Era} : aucune copie.{2:focus_here}"),
    _say(rf"{P} to move\.", "{1:Player} à jouer."),
    _say(r"In supply: White (\d+), Black (\d+)\. Removed from the game: White (\d+), Black (\d+)\.",
         "En réserve : Blancs {1}, Noirs {2}. Retirées du jeu : Blancs {3}, Noirs {4}."),
    _say(r"Seeds in supply: (\d+)\.", "Graines en réserve : {1}."),
    _say(r"seeds in supply: (\d+)", "graines en réserve : {1}"),
    # The chapters' state under a picture, as sentences of its description (oracle.games.ttykm.pictures.text).
    _say(r"Hats in supply: White (\d+), Black (\d+)\.", "Chapeaux en réserve : Blancs {1}, Noirs {2}."),
    _say(r"No statue built yet\.", "Aucune statue construite."),
    _rule(r"Statue built by (White|Black|White and Black)\.",
          lambda m: _cap(f"{' et '.join(PLAYER[c] for c in m[1].split(' and '))} ont bâti leur statue.")),
    _say(r"This copy may not act\.", "Cette copie ne peut pas agir."),
    _say(r"Attempted action (\d): (\w+), off the edge, refused\.",
         "Action {1} tentée : {2:action}, hors du plateau, refusée."),
    _say(r"Action (\d): (.+)", "Action {1} : {2:action}"),
    _say(r"Attempted action (\d): (\w+)\.", "Action {1} tentée : {2:action}."),
    _say(r"Attempted action (\d): (\w+)(?: on)?, refused\.", "Action {1} tentée : {2:action}, refusée."),
    _say(r"The turn may not end here\.", "Le tour ne peut pas s'arrêter ici."),
    _say(r"The turn may not end yet: the copy must take another action\.",
         "Le tour ne peut pas encore s'arrêter : la copie doit faire une autre action."),
    _rule(rf"(?:{P}'s|The) Focus may not move to the {E}\.",
          lambda m: f"Le Focus{' ' + PLAYER_OF[m[1]] if m[1] else ''} ne peut pas aller {ERA_TO[m[2]]}."),
    _say(rf"{P} wins\.", "{1:Player} gagnent."),
    _say(rf"{P} has won\.", "{1:Player} ont gagné."),
    _say(rf"The {C} copy on square {SQ} of the {E} is pushed {D} to {SQ}\.",
         "La copie {1:colour} de la case {2} {3:of} est poussée {4:toward} en {5}."),
    _say(rf"The {C} copy on square {SQ} of the {E} is pushed {D} into the wall and crushed\.",
         "La copie {1:colour} de la case {2} {3:of} est poussée {4:toward} contre le bord et écrasée."),
    _say(rf"The {C} copy on square {SQ} of the {E} is pushed {D} against an object that cannot move and crushed\.",
         "La copie {1:colour} de la case {2} {3:of} est poussée {4:toward} contre un objet qui ne peut pas bouger, "
         "et écrasée."),
    _say(rf"The {C} copy on square {SQ} of the {E} is pushed {D} onto the {C} copy on {SQ}: a paradox removes both\.",
         "La copie {1:colour} de la case {2} {3:of} est poussée {4:toward} sur la copie {5:colour} de {6} : un "
         "paradoxe les retire toutes les deux."),
    _say(rf"The {C} copy on square {SQ} of the {E} travels (forward|back) in time to the {E}\.",
         "La copie {1:colour} de la case {2} {3:of} voyage {4:travel}, jusqu'{5:to}."),
    _say(rf"A new {C} copy comes from the supply onto square {SQ} of the {E}\.",
         "Une nouvelle copie {1:colour} sort de la réserve sur la case {2} {3:of}."),
    _say(rf"The {C} copy on square {SQ} of the {E} is crushed by (a falling tree|an elephant)\.",
         "La copie {1:colour} de la case {2} {3:of} est écrasée par {4:crusher}."),
    _say(rf"A (shrub|tree) grows on square {SQ} of the {E}\.", "{1:grown} pousse sur la case {2} {3:of}."),
    _rule(rf"The (seed|shrub|tree) on square {SQ} of the {E} is removed\.",
          lambda m: f"{ {'seed': 'La graine', 'shrub': 'L’arbuste', 'tree': 'L’arbre'}[m[1]]} de la case {m[2]} "
                    f"{ERA_OF[m[3]]} est retiré{'e' if m[1] == 'seed' else ''}."),
    _say(rf"The tree on square {SQ} of the {E} falls {D} onto {SQ}\.",
         "L’arbre de la case {1} {2:of} tombe {3:toward} sur {4}."),
    _say(rf"The {C} copy plants a seed from the supply on square {SQ} of the {E}\.",
         "La copie {1:colour} plante une graine de la réserve sur la case {2} {3:of}."),
    _say(rf"The {C} copy digs up the seed on square {SQ} of the {E}, and the seed goes back to the supply\.",
         "La copie {1:colour} déterre la graine de la case {2} {3:of}, qui retourne dans la réserve."),
    _say(rf"The neutral statue on square {SQ} of the {E} moves {D} to {SQ}\.",
         "La statue neutre de la case {1} {2:of} va {3:toward} en {4}."),
    _say(rf"The (neutral|white|black) statue on square {SQ} of the {E} cannot move {D} as it did in the era "
         r"before, so it stays, and the eras after it are spared\.",
         "La statue {1:statue} de la case {2} {3:of} ne peut pas aller {4:toward} comme à l'époque d'avant : elle "
         "reste, et les époques suivantes sont épargnées."),
    _say(rf"The {C} copy builds {P}'s statue on square {SQ} of the {E}\.",
         "La copie {1:colour} construit la statue {2:player_of} sur la case {3} {4:of}."),
    _say(rf"{P}'s statue appears on square {SQ} of the {E} as well\.",
         "La statue {1:player_of} apparaît aussi sur la case {2} {3:of}."),
    _say(rf"{P} commands the (dark|light) elephant on square {SQ} of the {E} to step {D} to {SQ}\.",
         "{1:Player} ordonnent à l’éléphant {2:elephant} de la case {3} {4:of} d’avancer {5:toward} en {6}."),
    _say(rf"The (dark|light) elephant on square {SQ} of the {E} puts on {P}'s hat\.",
         "L’éléphant {1:elephant} de la case {2} {3:of} met le chapeau {4:player_of}."),
    _say(rf"{P}'s hat comes off the (dark|light) elephant on square {SQ} of the {E}\.",
         "Le chapeau {1:player_of} quitte l’éléphant {2:elephant} de la case {3} {4:of}."),
    _say(rf"Paradox: the {C} copy from square {SQ} of the {E} meets the {C} copy on square {SQ} of the {E}, and "
         r"both are removed\.",
         "Paradoxe : la copie {1:colour} venue de la case {2} {3:of} rencontre la copie {4:colour} de la case {5} "
         "{6:of}, et toutes deux sont retirées."),
    # Time Chase: the timeline's events, the seats' lines, the cards' names.
    _say(r"event (\d+)", "évén. {1}"),
    _say(r"(p\d) controls event (\d+)", "{1} contrôle l'événement {2}"),
    _say(r"(p\d)'s pawn", "pion de {1}"),
    _say(r"(Red|Blue|Green|Yellow|Purple) (\d+)", "{1:suit} {2}"),
    _rule(r"(p\d): (\d+) crystals?, (\d+) cards?, events? (.+)",
          lambda m: f"{m[1]} : {m[2]} crist., {_many(m[3], 'carte')}, "
                    + ("aucun évén." if m[4] == "none" else f"évén. {m[4]}")),
    _rule(r"Round (\d+) of (\d+), trump (Red|Blue|Green|Yellow|Purple)(,?)(?: playing at (\d+))?",
          lambda m: f"Manche {m[1]} sur {m[2]}, atout {SUIT[m[3]]}{m[4]}" + (f" pli en {m[5]}" if m[5] else "")),
    _say(r"Round (\d+) of (\d+), trump (Red|Blue|Green|Yellow|Purple), game over: (.+) wins",
         "Manche {1} sur {2}, atout {3:suit}, {4:game_over}"),
    _say(r"game over: (.+) wins", "{1:game_over}"),
    _say(r"playing at (\d+)", "pli en {1}"),
    _say(r"on the table at (\d+):", "sur la table en {1} :"),
    _say(r"hats in supply: White (\d+), Black (\d+)", "chapeaux en réserve : Blancs {1}, Noirs {2}"),
]


# The oracle's refusal reasons, as the lessons word them (`oracle.games.ttykm.site.plain_words`): the
# rule's name stays, the sentence is French.
PLACE = rf"{E} {SQ}"
WORDS = "|".join(re.escape(w) for w in THING)
STEPS = "|".join(re.escape(w) for w in STEP)


def _cannot(what: str, m: re.Match[str]) -> str:
    """``move north`` -> ``aller vers le nord`` (the groups after the copy's place)."""
    if what.startswith("move"):
        return f"aller {TOWARD[what.split()[1]]}"
    if what.startswith("travel"):
        return f"voyager {TRAVEL['forward' if what == 'travel forward' else 'back']}"
    verb, era, square = what.split()[0], m["era"], m["sq"]
    return f"{'construire' if verb == 'build' else 'planter'} en {_at(era, square)}"


HEAD = (rf"the copy on {PLACE} cannot (?P<what>move {D}|travel forward|travel backward|"
        rf"(?:build on|plant) (?P<era>past|present|future) (?P<sq>[a-d][1-4]))")
WHY: list[Rule] = [
    _say(r"the wall is there", "le bord est là"),
    _say(rf"the square is not empty: a ({WORDS}) is there", "la case n'est pas vide : il y a {1:thing}"),
    _say(r"it is not the copy's square or next to it", "ce n'est ni la case de la copie ni sa voisine"),
    _say(rf"{C} has already built their statue", "{1:side} ont déjà construit leur statue"),
    _say(rf"an? ({WORDS}) is on {PLACE}", "il y a {1:thing} en {3} {2:of}"),
    _say(rf"{C} has no copy left in supply", "{1:side} n'ont plus de copie en réserve"),
    _say(rf"the neutral statue on {PLACE} cannot be pushed {D}",
         "la statue neutre en {2} {1:of} ne peut pas être poussée {3:toward}"),
    _say(rf"the tree there cannot fall {D}", "l'arbre qui s'y trouve ne peut pas tomber {1:toward}"),
    _say(rf"the ({WORDS}) stands there", "{1:thing} s'y trouve"),
    _say(rf"no elephant on the {E} wears {C}'s hat", "aucun éléphant {1:of} ne porte le chapeau {2:side_of}"),
]
REASONS: list[Rule] = [
    _say(rf"the copy on {PLACE} cannot move {D} onto your own copy on {PLACE}",
         "la copie en {2} {1:of} ne peut pas aller {3:toward} sur votre propre copie en {5} {4:of}"),
    _say(rf"the copy on {PLACE} must take (\d) actions; after ({STEPS}) it can still take ({STEPS})",
         "la copie en {2} {1:of} doit faire {3:#action} ; après {4:step}, elle peut encore faire {5:step}"),
    _say(rf"the Focus must leave the {E} for another era \({E} or {E}\)",
         "le Focus doit quitter le {1:era} pour une autre époque ({2:era} ou {3:era})"),
    _say(rf"{C} has no copy on the {E}, the Focus era, so the turn has no actions",
         "{1:side} n'ont aucune copie {2:to}, l'époque du Focus : le tour n'a donc aucune action"),
]


def translate_reason(reason: str) -> str:
    """A refusal reason in French, as ``the copy on past a1 cannot move west: the wall is there`` ->
    ``la copie en a1 du passé ne peut pas aller vers l'ouest : le bord est là`` (unchanged when unknown)."""
    for pattern, make in REASONS:
        if match := pattern.match(reason):
            return make(match)
    heads = [(re.compile("^" + HEAD + "$"), lambda m: f"la copie en {_at(m[1], m[2])} ne peut pas "
                                                      f"{_cannot(m['what'], m)}"),
             (re.compile(rf"^{C} cannot command an elephant onto {PLACE}$"),
              lambda m: f"{PLAYER[m[1].capitalize()]} ne peuvent pas mener un éléphant en {_at(m[2], m[3])}")]
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


EVENTS: list[Rule] = [
    _say(r"the die shows the (\S+)", "le dé montre {1:face}"),
    _say(r"the die shows the (\S+): roll again", "le dé montre {1:face} : on le relance"),
    _say(rf"{T} is revealed: {NAME}", "{1} est dévoilée : {2:tile}"),
    _say(rf"{T} is turned face down again", "{1} est retournée face cachée"),
    _say(rf"{T} is turned face down before the trap acts",
         "{1} est retournée face cachée avant que le Traquenard n'agisse"),
    _say(rf"{T} is turned face up again and stays so until its pair is made \(Chronogyre\)",
         "{1} est de nouveau dévoilée et le reste jusqu'à ce que sa paire soit reconstituée (Chronogyre)"),
    _say(rf"{T} and {T} are both {V}: suspect {V} is cleared to the Agence",
         "{1} et {2} sont toutes deux {3} : le suspect {4} est écarté, à l'Agence"),
    _say(rf"the face-up {V} on {T} is taken as a tile",
         "le {1} face visible de {2} est pris comme une des tuiles du tour"),
    _say(rf"a trap is placed face down on {T}", "un Traquenard est posé face cachée sur {1}"),
    _say(r"no trap or no free slot: no trap is placed",
         "pas de Traquenard ou pas d'emplacement libre : aucun Traquenard n'est posé"),
    _say(r"all Lieux turn a quarter turn clockwise as one block",
         "tous les Lieux tournent d'un quart de tour dans le sens horaire, d'un seul bloc"),
    _say(rf"bluff: {T} is {NAME}", "Coup de bluff : {1} est {2:tile}"),
    _say(r"no pair this turn", "pas de paire ce tour-ci"),
    _say(r"player (\d) closes their eyes until their next turn",
         "le joueur {1} ferme les yeux jusqu'à son prochain tour"),
    _say(r"player (\d) opens their eyes", "le joueur {1} ouvre les yeux"),
    _say(rf"player (\d) draws the (3ID|Limbes) card {NAME}", "le joueur {1} pioche la carte {2} {3}"),
    _say(rf"player (\d) leaves a clue on {T}", "le joueur {1} laisse un Indice sur {2}"),
    _say(r"player (\d) takes an extra clue", "le joueur {1} prend un Indice de plus"),
    _say(r"player (\d) to play", "au joueur {1} de jouer"),
    _say(rf"{NAME} is in force until the end of player (\d)'s next turn",
         "{1} reste en vigueur jusqu'à la fin du prochain tour du joueur {2}"),
    _say(rf"{NAME} ends and is discarded", "{1} prend fin et est défaussée"),
    _say(rf"the Démon tile is {V}", "la tuile Démon est {1}"),
    _say(rf"the bluff on {T} matches the Démon tile: everybody wins",
         "le Coup de bluff sur {1} est bien la tuile Démon : tout le monde gagne"),
    _say(rf"the bluff on {T} \({NAME}\) differs from the Démon tile: everybody loses",
         "le Coup de bluff sur {1} ({2:tile}) n'est pas la tuile Démon : tout le monde perd"),
    _say(rf"the {NAME} trap from {T} is discarded", "le Traquenard {1} de {2} est défaussé"),
]


# The facts under a 3 Ombres example (`oracle.games.trois_ombres.site.fact_words`), and its pictures in words
# (`oracle.games.trois_ombres.pictures.svg.describe`).
SENTENCES += [
    _say(r"The table at (\d+) h: Agence (\d+)/(\d+), (\d+) cubes? in supply\.",
         "La table à {1} h : Agence {2}/{3}, {4:#cube} en réserve."),
    _say(r"(Réverbère|Chapeau|Pentacle|Rouage) \(([RCPG])\): (.+)\.", "{1} ({2}) : {3:slots}."),
    _say(r"Démon tile: (\S+), turned up\.", "Tuile Démon : {1}, retournée."),
    _say(r"Démon tile: set aside, face down\.", "Tuile Démon : mise de côté, face cachée."),
    _say(r"Démon tile: (\S+), set aside\.", "Tuile Démon : {1}, mise de côté."),
    # How a game ended, under its clock (a sentence, not a key's label: the picture gives it room).
    _say(r"Everybody (wins|loses)(\.?)", "Tout le monde {1:wins}{2}"),
    _say(r"everybody (wins|loses) \((\S+)\)", "tout le monde {1:wins} ({2})"),
    _say(r"([^·(]+) \(drawn by player (\d)\)", "{1} (piochée par le joueur {2})"),
    _say(r"player (\d)", "joueur {1}"),
    _say(r"players ([\d, ]+)", "joueurs {1}"),
    _say(r"(\d+) suspects? at the Agence", "{1:#suspect} à l'Agence"),
    _say(rf"{T}: (.+)", "{1} : {2:cell}"),
]

# The events of Time Chase in words (`oracle.games.time_chase.events.event_sentence`).
W = r"(event \d+|position 0)"


EVENTS += [_say(pattern, french) for pattern, french in (
    (r"the cards are dealt: (p\d) plays first, and (\w+) is the Invariant",
     "les cartes sont distribuées : {1} joue en premier, et {2} est la constante"),
    (r"(p\d) gains (\d+) crystals? of income", "{1} reçoit {2:#cristal} de revenu"),
    (r"event (\d+) is the new present", "l'événement {1} est le nouveau présent"),
    (r"the bids are revealed: (.+)", "les mises sont révélées : {1}"),
    (rf"(p\d) spends (\d+) crystals? and goes back to {W}", "{1} dépense {2:#cristal} et recule jusqu'à {3:on}"),
    (rf"(p\d) leads (\w+) at {W}", "{1} ouvre avec {2} sur {3:on}"),
    (rf"(p\d) plays (\w+) at {W}", "{1} joue {2} sur {3:on}"),
    (r"(p\d) played under the lead card and earns a crystal",
     "{1} a joué sous la carte d'ouverture et gagne un cristal"),
    (rf"(p\d)'s (\w+) is now the winning card at {W}", "le {2} de {1} remporte maintenant {3:on}"),
    (rf"(\w+) still wins {W}", "{1} remporte toujours {2:on}"),
    (rf"(p\d) puts a token on {W}", "{1} pose un jeton sur {2:on}"),
    (rf"(p\d)'s token leaves {W}", "le jeton de {1} quitte {2:on}"),
    (r"(\w+) replaces (\w+) as the Invariant: (Red|Blue|Green|Yellow|Purple) is trump",
     "{1} remplace {2} comme constante : l'atout est {3:suit}"),
    (r"(\w+) replaces (\w+) as the Invariant, and there is no trump",
     "{1} remplace {2} comme constante, et il n'y a plus d'atout"),
    (r"the Invariant (\w+) stands", "la constante {1} reste"),
    (r"the game is over: nobody wins", "la partie est finie : personne ne gagne"),
    (r"the game is over: (p\d(?:(?:, | and )p\d)*) (.+) and wins", "la partie est finie : {1:who} {2:win} et gagne"),
    (r"(p\d(?:(?:, | and )p\d)*) (.+) and wins", "{1:who} {2:win} et gagne"),
)]


def translate_event(text: str) -> str:
    """One event of an example's list in French (unchanged when unknown)."""
    for pattern, make in EVENTS:
        if match := pattern.match(text):
            return make(match)
    return translate_text(text)


EVENT_ITEM = re.compile(r"(<li>|<dt>Outcome</dt><dd>)([^<]+?)( \(<a\b)")  # an event, a game's outcome
REFUSED = re.compile(r'(<p class="ttykm-refused"><strong>[^<]*</strong> )([^<]*?)( \(<a\b)')


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


CODE = re.compile(r"(<(pre|code)\b.*?</\2>)", re.S)


def translate_html(fragment: str) -> str:
    """An example's HTML with the words of its pictures and their keys in French; code (the notation, the
    events as the oracle writes them, a command's output) stays as it is."""
    parts = CODE.split(fragment)
    # split() yields text, then each code element and its tag name: translate the text only.
    return "".join(_translate(part) if n % 3 == 0 else part if n % 3 == 1 else "" for n, part in enumerate(parts))


TEXT_TAIL = re.compile(r">([^<>]+)\Z")  # the text just before a code element, such as "Actions: "
EXAMPLE_COLON = re.compile(r'(class="ttykm-example-anchor"[^>]*>Exemple</a>): ')
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
        return f"{match.group(1)}{fit(english, french)}>{html.escape(french, quote=False)}</text>"

    fragment = REFUSED.sub(lambda m: m[1] + html.escape(translate_reason(html.unescape(m[2])), quote=False) + m[3],
                           fragment)
    fragment = EVENT_ITEM.sub(lambda m: m[1] + html.escape(translate_event(html.unescape(m[2])), quote=False) + m[3],
                              fragment)
    fragment = SVG_TEXT.sub(svg_text, fragment)
    fragment = PROVISIONAL.sub(lambda m: f"<strong>Provisoire</strong> : dépend de {m[1]} (décision {m[2]})", fragment)
    fragment = TEXT_NODE.sub(lambda m: ">" + translate_text(m.group(1)) + "<", fragment)
    fragment = TEXT_TAIL.sub(_tail, fragment)
    fragment = EXAMPLE_COLON.sub(r"\1 : ", fragment)  # French puts a space before the colon

    def attribute(match: re.Match[str]) -> str:
        return f'{match.group(1)}="{html.escape(translate_text(html.unescape(match.group(2))))}"'

    return ATTRIBUTE.sub(attribute, fragment)


# How an English sentence of a picture's description or tooltip starts (its French one never does so).
ENGLISH_SENTENCE = re.compile(r"^(The|White|Black|A|An|Paradox:|Hats|No|Statue|This|Attempted|Seeds|In) [a-z]")


def untranslated(fragment: str) -> list[str]:
    """The English sentences of the examples' pictures, their tooltips and refusal reasons left in ``fragment``
    (a French page's examples)."""
    found = []
    for match in TEXT_NODE.finditer(fragment):
        for line in html.unescape(match.group(1)).split("\n"):
            line = line.strip()
            if ENGLISH_SENTENCE.match(line) and line.endswith("."):
                found.append(line)
    for match in EVENT_ITEM.finditer(fragment):
        if re.search(r"\b(the|is|are|player|draws|turn|clue)\b", html.unescape(match[2])):
            found.append(html.unescape(match[2]))
    for match in REFUSED.finditer(fragment):
        if re.search(r"\b(the|cannot|must|has|is|copy)\b", html.unescape(match[2])):
            found.append(html.unescape(match[2]))
    return found


__all__ = ["LABELS", "SENTENCES", "fit", "translate_event", "translate_html", "translate_reason", "translate_text",
           "untranslated"]
