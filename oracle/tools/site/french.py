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
    "The actions in notation": "Les actions en notation",
    "the game goes on": "la partie continue", "outcome": "issue",
    "cleared": "écartés",
    # The box of a timeline's events still to come (oracle.games.time_chase.pictures._future_svg).
    "events": "évén.", "event": "évén.", "to come": "à venir", "no trick": "sans pli",
    # The key under a timeline (oracle.games.time_chase.pictures.legend_keys).
    "pawn": "pion", "token": "jeton", "being played": "pli en cours", "lead card": "ouverture",
    "winning card": "gagnante",
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


def _copy(colour: str, square: str, era: str) -> str:
    return f"la copie {COLOUR[colour]} de la case {square} {ERA_OF[era]}"


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


def _rule(pattern: str, out: Callable[[re.Match[str]], str]) -> Rule:
    return re.compile("^" + pattern + "$"), out


# Time Chase: the clauses of a timeline's heading, and the words of its description.
HEADING = (r"(?:Round \d+ of \d+|trump (?:Red|Blue|Green|Yellow|Purple)|no trump|playing at (?:event \d+|position 0)"
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
    return re.sub(r"\b(Red|Blue|Green|Yellow|Purple) (\d+)", lambda m: f"{SUIT[m[1]]} {m[2]}", text)


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


SENTENCES: list[Rule] = [
    _rule(rf"{P} chooses the copy on square {SQ} of the {E}\.",
          lambda m: f"{_cap(PLAYER[m[1]])} choisissent la copie de la case {m[2]} {ERA_OF[m[3]]}."),
    _rule(rf"The {C} copy moves {D} from square {SQ} of the {E} to {SQ}\.",
          lambda m: f"La copie {COLOUR[m[1]]} va {TOWARD[m[2]]}, de la case {m[3]} {ERA_OF[m[4]]} à {m[5]}."),
    _rule(rf"{P} moves the Focus from the {E} to the {E}\.",
          lambda m: f"{_cap(PLAYER[m[1]])} déplacent leur Focus {ERA_OF[m[2]]} {ERA_TO[m[3]]}."),
    _rule(rf"The three eras, (?:{P} to move|{P} has won): White has (\d+) cop(?:y|ies) on the board, Black (\d+)",
          lambda m: "Les trois époques, "
                    + (f"{PLAYER[m[1]]} à jouer" if m[1] else f"{PLAYER[m[2]]} ont gagné")
                    + f" : les Blancs ont {_many(m[3], 'copie')} sur le plateau, les Noirs {m[4]}"),
    _rule(rf"The {E}: (.*?)\.((?: (?:White|Black|White and Black)'s Focus (?:is|are) here\.)?)",
          lambda m: f"{_cap(ERA[m[1]])} : {_copies(m[2])}.{_focus_here(m[3])}"),
    _rule(rf"The {E} is empty\.((?: (?:White|Black|White and Black)'s Focus (?:is|are) here\.)?)",
          lambda m: f"{_cap(ERA[m[1]])} : aucune copie.{_focus_here(m[2])}"),
    _rule(rf"{P} to move\.", lambda m: f"{_cap(PLAYER[m[1]])} à jouer."),
    _rule(r"In supply: White (\d+), Black (\d+)\. Removed from the game: White (\d+), Black (\d+)\.",
          lambda m: f"En réserve : Blancs {m[1]}, Noirs {m[2]}. Retirées du jeu : Blancs {m[3]}, Noirs {m[4]}."),
    _rule(r"Seeds in supply: (\d+)\.", lambda m: f"Graines en réserve : {m[1]}."),
    _rule(r"seeds in supply: (\d+)", lambda m: f"graines en réserve : {m[1]}"),
    # The chapters' state under a picture, as sentences of its description (oracle.games.ttykm.pictures.text).
    _rule(r"Hats in supply: White (\d+), Black (\d+)\.",
          lambda m: f"Chapeaux en réserve : Blancs {m[1]}, Noirs {m[2]}."),
    _rule(r"No statue built yet\.", lambda m: "Aucune statue construite."),
    _rule(r"Statue built by (White|Black|White and Black)\.",
          lambda m: _cap(f"{' et '.join(PLAYER[c] for c in m[1].split(' and '))} ont bâti leur statue.")),
    _rule(r"This copy may not act\.", lambda m: "Cette copie ne peut pas agir."),
    _rule(r"Attempted action (\d): (\w+), off the edge, refused\.",
          lambda m: f"Action {m[1]} tentée : {ACTION.get(m[2], m[2])}, hors du plateau, refusée."),
    _rule(r"Action (\d): (.+)", lambda m: f"Action {m[1]} : {ACTION.get(m[2], m[2])}"),
    _rule(r"Attempted action (\d): (\w+)\.", lambda m: f"Action {m[1]} tentée : {ACTION.get(m[2], m[2])}."),
    _rule(r"Attempted action (\d): (\w+)(?: on)?, refused\.",
          lambda m: f"Action {m[1]} tentée : {ACTION.get(m[2], m[2])}, refusée."),
    _rule(r"The turn may not end here\.", lambda m: "Le tour ne peut pas s'arrêter ici."),
    _rule(r"The turn may not end yet: the copy must take another action\.",
          lambda m: "Le tour ne peut pas encore s'arrêter : la copie doit faire une autre action."),
    _rule(rf"(?:{P}'s|The) Focus may not move to the {E}\.",
          lambda m: f"Le Focus{' ' + PLAYER_OF[m[1]] if m[1] else ''} ne peut pas aller {ERA_TO[m[2]]}."),
    _rule(rf"{P} wins\.", lambda m: f"{_cap(PLAYER[m[1]])} gagnent."),
    _rule(rf"{P} has won\.", lambda m: f"{_cap(PLAYER[m[1]])} ont gagné."),
    _rule(rf"The {C} copy on square {SQ} of the {E} is pushed {D} to {SQ}\.",
          lambda m: f"{_cap(_copy(m[1], m[2], m[3]))} est poussée {TOWARD[m[4]]} en {m[5]}."),
    _rule(rf"The {C} copy on square {SQ} of the {E} is pushed {D} into the wall and crushed\.",
          lambda m: f"{_cap(_copy(m[1], m[2], m[3]))} est poussée {TOWARD[m[4]]} contre le bord et écrasée."),
    _rule(rf"The {C} copy on square {SQ} of the {E} is pushed {D} against an object that cannot move and crushed\.",
          lambda m: f"{_cap(_copy(m[1], m[2], m[3]))} est poussée {TOWARD[m[4]]} contre un objet qui ne peut "
                    "pas bouger, et écrasée."),
    _rule(rf"The {C} copy on square {SQ} of the {E} is pushed {D} onto the {C} copy on {SQ}: a paradox removes both\.",
          lambda m: f"{_cap(_copy(m[1], m[2], m[3]))} est poussée {TOWARD[m[4]]} sur la copie {COLOUR[m[5]]} "
                    f"de {m[6]} : un paradoxe les retire toutes les deux."),
    _rule(rf"The {C} copy on square {SQ} of the {E} travels (forward|back) in time to the {E}\.",
          lambda m: f"{_cap(_copy(m[1], m[2], m[3]))} voyage "
                    f"{'vers le futur' if m[4] == 'forward' else 'vers le passé'}, jusqu'{ERA_TO[m[5]]}."),
    _rule(rf"A new {C} copy comes from the supply onto square {SQ} of the {E}\.",
          lambda m: f"Une nouvelle copie {COLOUR[m[1]]} sort de la réserve sur la case {m[2]} {ERA_OF[m[3]]}."),
    _rule(rf"The {C} copy on square {SQ} of the {E} is crushed by (a falling tree|an elephant)\.",
          lambda m: f"{_cap(_copy(m[1], m[2], m[3]))} est écrasée par "
                    f"{'un arbre qui tombe' if m[4] == 'a falling tree' else 'un éléphant'}."),
    _rule(rf"A (shrub|tree) grows on square {SQ} of the {E}\.",
          lambda m: f"{'Un arbuste' if m[1] == 'shrub' else 'Un arbre'} pousse sur la case {m[2]} {ERA_OF[m[3]]}."),
    _rule(rf"The (seed|shrub|tree) on square {SQ} of the {E} is removed\.",
          lambda m: f"{ {'seed': 'La graine', 'shrub': 'L’arbuste', 'tree': 'L’arbre'}[m[1]]} de la case {m[2]} "
                    f"{ERA_OF[m[3]]} est retiré{'e' if m[1] == 'seed' else ''}."),
    _rule(rf"The tree on square {SQ} of the {E} falls {D} onto {SQ}\.",
          lambda m: f"L’arbre de la case {m[1]} {ERA_OF[m[2]]} tombe {TOWARD[m[3]]} sur {m[4]}."),
    _rule(rf"The {C} copy plants a seed from the supply on square {SQ} of the {E}\.",
          lambda m: f"La copie {COLOUR[m[1]]} plante une graine de la réserve sur la case {m[2]} {ERA_OF[m[3]]}."),
    _rule(rf"The {C} copy digs up the seed on square {SQ} of the {E}, and the seed goes back to the supply\.",
          lambda m: f"La copie {COLOUR[m[1]]} déterre la graine de la case {m[2]} {ERA_OF[m[3]]}, qui retourne "
                    "dans la réserve."),
    _rule(rf"The neutral statue on square {SQ} of the {E} moves {D} to {SQ}\.",
          lambda m: f"La statue neutre de la case {m[1]} {ERA_OF[m[2]]} va {TOWARD[m[3]]} en {m[4]}."),
    _rule(rf"The (neutral|white|black) statue on square {SQ} of the {E} cannot move {D} as it did in the era "
          r"before, so it stays, and the eras after it are spared\.",
          lambda m: f"La statue {STATUE[m[1]]} de la case {m[2]} {ERA_OF[m[3]]} ne peut pas aller {TOWARD[m[4]]} "
                    "comme à l'époque d'avant : elle reste, et les époques suivantes sont épargnées."),
    _rule(rf"The {C} copy builds {P}'s statue on square {SQ} of the {E}\.",
          lambda m: f"La copie {COLOUR[m[1]]} construit la statue {PLAYER_OF[m[2]]} sur la case {m[3]} "
                    f"{ERA_OF[m[4]]}."),
    _rule(rf"{P}'s statue appears on square {SQ} of the {E} as well\.",
          lambda m: f"La statue {PLAYER_OF[m[1]]} apparaît aussi sur la case {m[2]} {ERA_OF[m[3]]}."),
    _rule(rf"{P} commands the (dark|light) elephant on square {SQ} of the {E} to step {D} to {SQ}\.",
          lambda m: f"{_cap(PLAYER[m[1]])} ordonnent à l’éléphant {'sombre' if m[2] == 'dark' else 'clair'} de la "
                    f"case {m[3]} {ERA_OF[m[4]]} d’avancer {TOWARD[m[5]]} en {m[6]}."),
    _rule(rf"The (dark|light) elephant on square {SQ} of the {E} puts on {P}'s hat\.",
          lambda m: f"L’éléphant {'sombre' if m[1] == 'dark' else 'clair'} de la case {m[2]} {ERA_OF[m[3]]} "
                    f"met le chapeau {PLAYER_OF[m[4]]}."),
    _rule(rf"{P}'s hat comes off the (dark|light) elephant on square {SQ} of the {E}\.",
          lambda m: f"Le chapeau {PLAYER_OF[m[1]]} quitte l’éléphant {'sombre' if m[2] == 'dark' else 'clair'} "
                    f"de la case {m[3]} {ERA_OF[m[4]]}."),
    _rule(rf"Paradox: the {C} copy from square {SQ} of the {E} meets the {C} copy on square {SQ} of the {E}, and "
          r"both are removed\.",
          lambda m: f"Paradoxe : la copie {COLOUR[m[1]]} venue de la case {m[2]} {ERA_OF[m[3]]} rencontre la copie "
                    f"{COLOUR[m[4]]} de la case {m[5]} {ERA_OF[m[6]]}, et toutes deux sont retirées."),
    # Time Chase: the timeline's events, the seats' lines, the cards' names.
    _rule(r"event (\d+)", lambda m: f"évén. {m[1]}"),
    _rule(r"(p\d) controls event (\d+)", lambda m: f"{m[1]} contrôle l'événement {m[2]}"),
    _rule(r"(p\d)'s pawn", lambda m: f"pion de {m[1]}"),
    _rule(r"(Red|Blue|Green|Yellow|Purple) (\d+)", lambda m: f"{SUIT[m[1]]} {m[2]}"),
    _rule(r"(p\d): (\d+) crystals?, (\d+) cards?, (no event|events? .+)",
          lambda m: f"{m[1]} : {m[2]} crist., {_many(m[3], 'carte')}, "
                    + ("aucun évén." if m[4] == "no event" else f"évén. {m[4].split(' ', 1)[1]}")),
    # A timeline's heading, whole or wrapped a clause a line (oracle.games.time_chase.pictures._summary).
    _rule(rf"{HEADING}(?:, {HEADING})*,?", lambda m: _heading_fr(m[0])),
    _rule(r"on the table at (\d+):", lambda m: f"sur la table en {m[1]} :"),
    # A timeline in words, its <desc> (oracle.games.time_chase.pictures.describe).
    _rule(r"The cards are not dealt yet\.", lambda m: "Les cartes ne sont pas encore distribuées."),
    _rule(r"Position 0( \(.+?\))?: (?:no Invariant|the Invariant (\w+ \d+)), (no trump|trump \w+)((?:; .+)?)\.",
          lambda m: f"Position 0{_doing_fr(m[1])} : "
                    + (f"la constante {_cards_fr(m[2])}" if m[2] else "pas de constante")
                    + f", {_heading_fr(m[3])}{_pawns_fr(m[4])}."),
    _rule(r"Event (\d+)( \(.+?\))?: (no card yet|left empty|lead \w+ \d+(?:, winning card \w+ \d+|, which wins it))"
          r"((?:, token of p\d)?)((?:; .+)?)\.",
          lambda m: f"Événement {m[1]}{_doing_fr(m[2])} : {_slot_fr(m[3])}"
                    + (f", jeton de {m[4].removeprefix(', token of ')}" if m[4] else "") + f"{_pawns_fr(m[5])}."),
    _rule(r"Events? (\d+(?:–\d+)?): (still to come|never played)\.",
          lambda m: ("Événements " if "–" in m[1] else "Événement ") + f"{m[1]} : "
                    + ("encore à venir." if m[2] == "still to come" else
                       "jamais joués." if "–" in m[1] else "jamais joué.")),
    _rule(r"On the table at (event \d+|position 0): (.+)\.",
          lambda m: f"Sur la table à {_on(m[1])} : {_cards_fr(m[2])}."),
    _rule(r"(p\d) has (\d+) crystals?, (\d+) cards? and (no event|events? .+)\.",
          lambda m: f"{m[1]} a {_many(m[2], 'cristal')}, {_many(m[3], 'carte')} et "
                    + ("aucun événement" if m[4] == "no event" else
                       f"l'événement {m[4].removeprefix('event ')}" if m[4].startswith("event ") else
                       f"les événements {m[4].removeprefix('events ')}") + "."),
    _rule(r"hats in supply: White (\d+), Black (\d+)", lambda m: f"chapeaux en réserve : Blancs {m[1]}, Noirs {m[2]}"),
]


# The oracle's refusal reasons, as the lessons word them (`oracle.games.ttykm.site.plain_words`): the
# rule's name stays, the sentence is French.
PLACE = rf"{E} {SQ}"
THING = {"seed": "une graine", "shrub": "un arbuste", "tree": "un arbre", "neutral statue": "une statue neutre",
         "white statue": "une statue blanche", "black statue": "une statue noire", "copy": "une copie",
         "light-elephant": "l'éléphant clair", "dark-elephant": "l'éléphant sombre"}
STEP = {f"a move {d}": f"un déplacement {TOWARD[d]}" for d in TOWARD} | {
    "a jump forward": "un saut vers le futur", "a jump back": "un saut vers le passé"}
WORDS = "|".join(re.escape(w) for w in THING)
STEPS = "|".join(re.escape(w) for w in STEP)


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
    verb, era, square = what.split()[0], m["era"], m["sq"]
    return f"{'construire' if verb == 'build' else 'planter'} en {_at(era, square)}"


HEAD = (rf"the copy on {PLACE} cannot (?P<what>move {D}|travel forward|travel backward|"
        rf"(?:build on|plant) (?P<era>past|present|future) (?P<sq>[a-d][1-4]))")
WHY: list[Rule] = [
    _rule(r"the wall is there", lambda m: "le bord est là"),
    _rule(rf"the square is not empty: a ({WORDS}) is there",
          lambda m: f"la case n'est pas vide : il y a {THING[m[1]]}"),
    _rule(r"it is not the copy's square or next to it", lambda m: "ce n'est ni la case de la copie ni sa voisine"),
    _rule(rf"{C} has already built their statue",
          lambda m: f"{PLAYER[m[1].capitalize()]} ont déjà construit leur statue"),
    _rule(rf"an? ({WORDS}) is on {PLACE}", lambda m: f"il y a {THING[m[1]]} en {_at(m[2], m[3])}"),
    _rule(rf"{C} has no copy left in supply",
          lambda m: f"{PLAYER[m[1].capitalize()]} n'ont plus de copie en réserve"),
    _rule(rf"the neutral statue on {PLACE} cannot be pushed {D}",
          lambda m: f"la statue neutre en {_at(m[1], m[2])} ne peut pas être poussée {TOWARD[m[3]]}"),
    _rule(rf"the tree there cannot fall {D}", lambda m: f"l'arbre qui s'y trouve ne peut pas tomber {TOWARD[m[1]]}"),
    _rule(rf"the ({WORDS}) stands there", lambda m: f"{THING[m[1]]} s'y trouve"),
    _rule(rf"no elephant on the {E} wears {C}'s hat",
          lambda m: f"aucun éléphant {ERA_OF[m[1]]} ne porte le chapeau {PLAYER_OF[m[2].capitalize()]}"),
]
REASONS: list[Rule] = [
    _rule(rf"the copy on {PLACE} cannot move {D} onto your own copy on {PLACE}",
          lambda m: f"la copie en {_at(m[1], m[2])} ne peut pas aller {TOWARD[m[3]]} sur votre propre copie "
                    f"en {_at(m[4], m[5])}"),
    _rule(rf"the copy on {PLACE} must take (\d) actions; after ({STEPS}) it can still take ({STEPS})",
          lambda m: f"la copie en {_at(m[1], m[2])} doit faire {_many(m[3], 'action')} ; après {STEP[m[4]]},"
                    f" elle peut encore faire {STEP[m[5]]}"),
    _rule(rf"the Focus must leave the {E} for another era \({E} or {E}\)",
          lambda m: f"le Focus doit quitter le {ERA[m[1]]} pour une autre époque ({ERA[m[2]]} ou {ERA[m[3]]})"),
    _rule(rf"{C} has no copy on the {E}, the Focus era, so the turn has no actions",
          lambda m: f"{PLAYER[m[1].capitalize()]} n'ont aucune copie {ERA_TO[m[2]]}, l'époque du Focus : le tour "
                    "n'a donc aucune action"),
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
FACE_FR = {"Réverbère": "le Réverbère", "Chapeau": "le Chapeau", "Pentacle": "le Pentacle", "Rouage": "le Rouage",
           "Loupe": "la Loupe", "Horloge": "l'Horloge"}


def _tile_fr(tile: str) -> str:
    """``the Vortex trap`` -> ``le Traquenard Vortex``; a suspect (``3h``) as it is."""
    found = re.fullmatch(r"the (.+) trap", tile)
    return f"le Traquenard {found[1]}" if found else tile


EVENTS: list[Rule] = [
    _rule(r"the die shows the (\S+)", lambda m: f"le dé montre {FACE_FR.get(m[1], m[1])}"),
    _rule(r"the die shows the (\S+): roll again", lambda m: f"le dé montre {FACE_FR.get(m[1], m[1])} : on le relance"),
    _rule(rf"{T} is revealed: {NAME}", lambda m: f"{m[1]} est dévoilée : {_tile_fr(m[2])}"),
    _rule(rf"{T} is turned face down again", lambda m: f"{m[1]} est retournée face cachée"),
    _rule(rf"{T} is turned face down before the trap acts",
          lambda m: f"{m[1]} est retournée face cachée avant que le Traquenard n'agisse"),
    _rule(rf"{T} is turned face up again and stays so until its pair is made \(Chronogyre\)",
          lambda m: f"{m[1]} est de nouveau dévoilée et le reste jusqu'à ce que sa paire soit reconstituée "
                    "(Chronogyre)"),
    _rule(rf"{T} and {T} are both {V}: suspect {V} is cleared to the Agence",
          lambda m: f"{m[1]} et {m[2]} sont toutes deux {m[3]} : le suspect {m[4]} est écarté, à l'Agence"),
    _rule(rf"the face-up {V} on {T} is taken as a tile",
          lambda m: f"le {m[1]} face visible de {m[2]} est pris comme une des tuiles du tour"),
    _rule(rf"a trap is placed face down on {T}", lambda m: f"un Traquenard est posé face cachée sur {m[1]}"),
    _rule(r"no trap or no free slot: no trap is placed",
          lambda m: "pas de Traquenard ou pas d'emplacement libre : aucun Traquenard n'est posé"),
    _rule(r"all Lieux turn a quarter turn clockwise as one block",
          lambda m: "tous les Lieux tournent d'un quart de tour dans le sens horaire, d'un seul bloc"),
    _rule(rf"bluff: {T} is {NAME}", lambda m: f"Coup de bluff : {m[1]} est {_tile_fr(m[2])}"),
    _rule(r"no pair this turn", lambda m: "pas de paire ce tour-ci"),
    _rule(r"player (\d) closes their eyes until their next turn",
          lambda m: f"le joueur {m[1]} ferme les yeux jusqu'à son prochain tour"),
    _rule(r"player (\d) opens their eyes", lambda m: f"le joueur {m[1]} ouvre les yeux"),
    _rule(rf"player (\d) draws the (3ID|Limbes) card {NAME}",
          lambda m: f"le joueur {m[1]} pioche la carte {m[2]} {m[3]}"),
    _rule(rf"player (\d) leaves a clue on {T}", lambda m: f"le joueur {m[1]} laisse un Indice sur {m[2]}"),
    _rule(r"player (\d) takes an extra clue", lambda m: f"le joueur {m[1]} prend un Indice de plus"),
    _rule(r"player (\d) to play", lambda m: f"au joueur {m[1]} de jouer"),
    _rule(rf"{NAME} is in force until the end of player (\d)'s next turn",
          lambda m: f"{m[1]} reste en vigueur jusqu'à la fin du prochain tour du joueur {m[2]}"),
    _rule(rf"{NAME} ends and is discarded", lambda m: f"{m[1]} prend fin et est défaussée"),
    _rule(rf"the Démon tile is {V}", lambda m: f"la tuile Démon est {m[1]}"),
    _rule(rf"the bluff on {T} matches the Démon tile: everybody wins",
          lambda m: f"le Coup de bluff sur {m[1]} est bien la tuile Démon : tout le monde gagne"),
    _rule(rf"the bluff on {T} \({NAME}\) differs from the Démon tile: everybody loses",
          lambda m: f"le Coup de bluff sur {m[1]} ({_tile_fr(m[2])}) n'est pas la tuile Démon : tout le monde perd"),
    _rule(rf"the {NAME} trap from {T} is discarded", lambda m: f"le Traquenard {m[1]} de {m[2]} est défaussé"),
]


CELL_WORDS = {"face down": "face cachée", "face up": "face visible", "kept face up": "gardée face visible",
              "Hercule cube": "cube Hercule", "empty": "vide"}


def _cell_fr(words: str) -> str:
    """``1n, kept face up, clue of player 0`` -> ``1n, gardée face visible, Indice du joueur 0``."""
    return ", ".join(CELL_WORDS.get(w, re.sub(r"^clue of player (\d)$", r"Indice du joueur \1", w))
                     for w in words.split(", "))


SIDE_FR = {"kept face up": "gardée face visible", "face up": "face visible", "face down": "face cachée"}


def _slots_fr(items: str) -> str:
    """``R1 1n face down with a clue of player 0, R2 face down`` in French (a 3 Ombres picture's words)."""
    def one(item: str) -> str:
        found = re.fullmatch(r"([PRCG]\d+)( the .+? trap| \S+)? (kept face up|face up|face down)( with a Hercule cube)?"
                             r"(?:(?: with| and) a clue of player (\d))?", item)
        if found is None:
            return item
        tile = f" {_tile_fr(found[2].strip())}" if found[2] else ""
        return (f"{found[1]}{tile} {SIDE_FR[found[3]]}" + (" avec un cube Hercule" if found[4] else "")
                + ((" et" if found[4] else " avec") + f" un Indice du joueur {found[5]}" if found[5] else ""))
    return "aucune tuile" if items == "no tile" else ", ".join(one(item) for item in items.split(", "))


# The facts under a 3 Ombres example (`oracle.games.trois_ombres.site.fact_words`), and its pictures in words
# (`oracle.games.trois_ombres.pictures.svg.describe`).
SENTENCES += [
    _rule(r"The table at (\d+) h: Agence (\d+)/(\d+), (\d+) cubes? in supply\.",
          lambda m: f"La table à {m[1]} h : Agence {m[2]}/{m[3]}, {_many(m[4], 'cube')} en réserve."),
    _rule(r"(Réverbère|Chapeau|Pentacle|Rouage) \(([RCPG])\): (.+)\.",
          lambda m: f"{m[1]} ({m[2]}) : {_slots_fr(m[3])}."),
    _rule(r"At the Agence: (.+)\.", lambda m: f"À l'Agence : {m[1]}."),
    _rule(r"Démon tile: (\S+), turned up\.", lambda m: f"Tuile Démon : {m[1]}, retournée."),
    _rule(r"Démon tile: set aside, face down\.", lambda m: "Tuile Démon : mise de côté, face cachée."),
    _rule(r"Démon tile: (\S+), set aside\.", lambda m: f"Tuile Démon : {m[1]}, mise de côté."),
    # How a game ended, under its clock (a sentence, not a key's label: the picture gives it room).
    _rule(r"Everybody (wins|loses)(\.?)", lambda m: f"Tout le monde {'gagne' if m[1] == 'wins' else 'perd'}{m[2]}"),
    _rule(r"everybody (wins|loses) \((\S+)\)",
          lambda m: f"tout le monde {'gagne' if m[1] == 'wins' else 'perd'} ({m[2]})"),
    _rule(r"([^·(]+) \(drawn by player (\d)\)", lambda m: f"{m[1]} (piochée par le joueur {m[2]})"),
    _rule(r"player (\d)", lambda m: f"joueur {m[1]}"),
    _rule(r"players ([\d, ]+)", lambda m: f"joueurs {m[1]}"),
    _rule(r"(\d+) suspects? at the Agence", lambda m: f"{_many(m[1], 'suspect')} à l'Agence"),
    _rule(rf"{T}: (.+)", lambda m: f"{m[1]} : {_cell_fr(m[2])}"),
]

# The events of Time Chase in words (`oracle.games.time_chase.events.event_sentence`).
W = r"(event \d+|position 0)"
WIN_REASON = {
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


# Each group of a Time Chase sentence put in French: {n} as it is, {n:on} a place ("event 3" ->
# "l'événement 3"), {n:cristal} a count of crystals, {n:suit} a suit, {n:who} players ("p1 and p2"),
# {n:win} how a game was won.
SAY: dict[str, Callable[[str], str]] = {
    "": str, "on": _on, "cristal": lambda count: compte(int(count), "cristal"), "suit": SUIT.__getitem__,
    "who": lambda names: names.replace(" and ", " et "), "win": lambda why: WIN_REASON.get(why, why)}
FIELD = re.compile(r"\{(\d)(?::(\w+))?\}")


def _say(pattern: str, french: str) -> Rule:
    """A rule whose French is a template of the English sentence's groups (`SAY`)."""
    return _rule(pattern, lambda m: FIELD.sub(lambda f: SAY[f[2] or ""](m[int(f[1])]), french))


EVENTS += [_say(pattern, french) for pattern, french in (
    (r"the cards are dealt: (p\d) plays first, and (\w+) is the Invariant",
     "les cartes sont distribuées : {1} joue en premier, et {2} est la constante"),
    (r"(p\d) gains (\d+) crystals? of income", "{1} reçoit {2:cristal} de revenu"),
    (r"event (\d+) is the new present", "l'événement {1} est le nouveau présent"),
    (r"the bids are revealed: (.+)", "les mises sont révélées : {1}"),
    (rf"(p\d) spends (\d+) crystals? and goes back to {W}", "{1} dépense {2:cristal} et recule jusqu'à {3:on}"),
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
