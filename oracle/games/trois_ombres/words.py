"""What the playground says in words, in English and French: each action's button, and the die's face.

The notation (``reveal R1``) stays the button's title; the words are the
rules' own (a trap is a Traquenard in French, a tile is *dévoilée*), the
cards' names as printed (`components.CARD_NAMES`).
"""

from __future__ import annotations

from oracle.games.trois_ombres.actions import Action
from oracle.games.trois_ombres.components import FACE_NAMES, INVESTIGATOR_NAMES, LIEUX, card_name, trap_name
from oracle.games.trois_ombres.state import State

# A face with its article: "the Pentacle", "le Pentacle", "la Loupe", "l'Horloge".
FACE_FR = {"R": "le Réverbère", "C": "le Chapeau", "P": "le Pentacle", "G": "le Rouage", "loupe": "la Loupe",
           "horloge": "l'Horloge"}
OF_FACE_FR = {"R": "du Réverbère", "C": "du Chapeau", "P": "du Pentacle", "G": "du Rouage"}


def _step(state: State) -> str:
    return state.steps[0].kind if state.steps else ""


def _first_name(investigator: str) -> str:
    return INVESTIGATOR_NAMES.get(investigator, investigator).split()[0 if investigator != "balafre" else 1]


def action_words(state: State, action: Action) -> dict[str, str] | None:
    """The button's words for a legal action, ``{"en": ..., "fr": ...}``; None for an action left in notation
    (a deal, a shuffle, a view's completion)."""
    verb, args = action.verb, action.args
    slots = " ".join(args)
    words: tuple[str, str] | None = None
    if verb == "roll":
        words = ("Roll the die", "Lancer le dé")
    elif verb == "reroll":
        words = ("Reroll the die (Lucile)", "Relancer le dé (Lucile)")
    elif verb == "reveal":
        words = (f"Reveal {slots}", f"Dévoiler {slots}")
    elif verb == "uncube":
        words = (f"Take the Hercule cube off {slots}", f"Retirer le cube Hercule de {slots}")
    elif verb == "bluff":
        words = (f"Bluff: {slots} is the Démon's twin", f"Coup de bluff : {slots} est la jumelle de la tuile Démon")
    elif verb == "peek":
        who, seen = _first_name(args[0]), " and ".join(args[1:])
        words = (f"Look secretly at {seen} ({who})", f"Regarder secrètement {' et '.join(args[1:])} ({who})")
    elif verb == "use":
        on = f" on {' '.join(args[1:])}" if args[1:] else ""
        words = (f"Use {card_name(args[0])}{on}", f"Jouer {card_name(args[0])}" + (f" sur {' '.join(args[1:])}"
                                                                                     if args[1:] else ""))
    elif verb == "done":
        words = (("Leave no clue", "Ne pas laisser d'Indice") if _step(state) == "clues"
                 else ("Reveal no more tiles", "Ne plus dévoiler de tuile"))
    elif verb == "clue":
        words = (f"Leave a clue on {slots}", f"Laisser un Indice sur {slots}")
    elif verb == "move-clue":
        words = (f"Move your clue from {args[0]} to {args[1]}", f"Déplacer votre Indice de {args[0]} à {args[1]}")
    elif verb == "trap":
        words = (f"Hide the trap on {slots}", f"Cacher le Traquenard sur {slots}")
    elif verb == "cube":
        words = (f"The Hercule cube lands on {slots}", f"Le cube Hercule tombe sur {slots}")
    elif verb == "keep":
        words = (f"Keep {card_name(args[0])}", f"Garder {card_name(args[0])}")
    elif verb == "give":
        words = (("Discard it", "Le défausser") if args[0] == "none"
                 else (f"Give it to player {args[0]}", f"Le donner au joueur {args[0]}"))
    elif verb == "calepin":
        words = (("Nobody takes a clue", "Personne ne prend d'Indice") if args[0] == "none"
                 else (f"Player {args[0]} takes a clue", f"Le joueur {args[0]} prend un Indice"))
    elif verb == "invertigo":
        words = ("Play Invertigo", "Jouer Invertigo")
    elif verb == "pass":
        words = ("Do not play Invertigo", "Ne pas jouer Invertigo")
    elif verb == "pick":
        words = (f"Take the tile on {slots}", f"Prendre la tuile de {slots}")
    elif verb == "pair":
        words = (f"Take the pair {slots} back from the Agence", f"Reprendre la paire {slots} à l'Agence")
    elif verb == "place":
        words = (f"Put a tile on {slots}", f"Poser une tuile sur {slots}")
    elif verb == "die":
        face = args[0]
        words = (f"The die shows the {FACE_NAMES.get(face, face)}", f"Le dé montre {FACE_FR.get(face, face)}")
    elif verb == "draw":
        words = _draw_words(state, args[0])
    return None if words is None else {"en": words[0], "fr": words[1]}


def _draw_words(state: State, name: str) -> tuple[str, str]:
    kind = _step(state)
    if kind == "draw-trap":
        return f"The {trap_name(name)} trap is drawn", f"Le Traquenard {trap_name(name)} est pioché"
    deck = "3ID" if kind == "draw-id" else "Limbes"
    return f"The {deck} card {card_name(name)} is drawn", f"La carte {deck} {card_name(name)} est piochée"


def state_note(state: State) -> dict[str, str] | None:
    """While a turn is being played, what the die shows and what it asks for; None before the roll."""
    face = state.turn.face
    if state.result is not None or face is None or _step(state) != "turn":
        return None
    turn = state.turn
    if face in LIEUX:
        name = FACE_NAMES[face]
        owed = not turn.begun or turn.designated is not None
        if owed:
            return {"en": f"The die shows the {name}: reveal a tile of the {name} first, then one of your choice.",
                    "fr": f"Le dé montre {FACE_FR[face]} : dévoilez d'abord une tuile {OF_FACE_FR[face]}, "
                          "puis une de votre choix."}
        return {"en": f"The die shows the {name}: reveal one more tile, of your choice.",
                "fr": f"Le dé montre {FACE_FR[face]} : dévoilez encore une tuile, de votre choix."}
    if face == "loupe":
        return {"en": "The die shows the Loupe: reveal two tiles of your choice.",
                "fr": "Le dé montre la Loupe : dévoilez deux tuiles de votre choix."}
    return {"en": "The die shows the Horloge: the clock advances, then reveal two tiles of your choice.",
            "fr": "Le dé montre l'Horloge : l'Horloge avance, puis dévoilez deux tuiles de votre choix."}
