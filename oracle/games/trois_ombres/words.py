"""What the playground says in words, in English and French: each action's button, and the die's face.

The notation (``reveal R1``) stays the button's title; the words are the
rules' own (a trap is a Traquenard in French, a tile is *dévoilée*), the
cards' names as printed (`components.CARD_NAMES`).
"""

from __future__ import annotations

from oracle.games.trois_ombres.actions import Action
from oracle.games.trois_ombres.components import (
    COLOUR_NAMES,
    FACE_NAMES,
    INVESTIGATOR_NAMES,
    LIEUX,
    card_name,
    trap_name,
)
from oracle.games.trois_ombres.rules import steps
from oracle.games.trois_ombres.state import State

# A face with its article: "the Pentacle", "le Pentacle", "la Loupe", "l'Horloge".
FACE_FR = {"R": "le Réverbère", "C": "le Chapeau", "P": "le Pentacle", "G": "le Rouage", "loupe": "la Loupe",
           "horloge": "l'Horloge"}
# A face as the English sentences name it ("the die shows the Loupe") -> as the French ones do (Game.french_names).
FRENCH_NAMES = {FACE_NAMES[face]: name for face, name in FACE_FR.items()}
OF_FACE_FR = {"R": "du Réverbère", "C": "du Chapeau", "P": "du Pentacle", "G": "du Rouage"}


# Each kind of step of the step machine (`rules.steps`): its name in French (the text picture's "étape"; the
# English one is the kind itself, as the notation writes it) and what it asks of the table, in English and
# French, for the playground's status line: a player's instruction, or what chance does.  Empty: the step
# says it otherwise (the deal; the die's reveals and the clue step, `_die_note` and `_clue_note`).
STEPS: dict[str, tuple[str, str, str]] = {
    "deal": ("donne", "", ""),
    "turn": ("tour", "Roll the die to start your turn.", "Lancez le dé pour commencer votre tour."),
    "die": ("dé", "The die is rolled.", "Le dé est lancé."),
    "illusion": ("illusion", "The die is rolled again (Illusion).", "Le dé est relancé (Illusion)."),
    "clues": ("indices", "", ""),
    "draw-id": ("pioche-3ID", "A 3ID card is drawn.", "Une carte 3ID est piochée."),
    "draw-limbes": ("pioche-Limbes", "A Limbes card is drawn.", "Une carte Limbes est piochée."),
    "draw-trap": ("pioche-Traquenard", "A trap is drawn.", "Un Traquenard est pioché."),
    "trap-slot": ("case-Traquenard", "Hide the trap: click a ringed slot.",
                  "Cachez le Traquenard : cliquez une case cerclée."),
    "hercule-throw": ("lancer-Hercule", "The Hercule cube is thrown.", "Le cube Hercule est lancé."),
    "hercule": ("cube-Hercule", "Choose where the Hercule cube lands: click a ringed tile.",
                "Choisissez où tombe le cube Hercule : cliquez une tuile cerclée."),
    "keep": ("garder", "Choose the Objet card you keep.", "Choisissez la carte Objet que vous gardez."),
    "give": ("donner", "Give the other card to a player, or discard it.",
             "Donnez l'autre carte à un joueur, ou défaussez-la."),
    "calepin": ("calepin", "Choose the player who takes a clue, or nobody.",
                "Choisissez le joueur qui prend un Indice, ou personne."),
    "invertigo": ("invertigo", "Play Invertigo, or do not.", "Jouez Invertigo, ou ne le jouez pas."),
    "pick": ("tuile", "Choose a tile to shuffle: click a ringed tile.",
             "Choisissez une tuile à mélanger : cliquez une tuile cerclée."),
    "pick-pair": ("paire", "Fausse piste: choose the pair to take back from the Agence.",
                  "Fausse piste : choisissez la paire à reprendre à l'Agence."),  # its one source (cards.py)
    "place": ("poser", "Put a tile back: click a ringed slot.", "Reposez une tuile : cliquez une case cerclée."),
    "shuffle": ("mélange", "The tiles taken are shuffled.", "Les tuiles prises sont mélangées."),
    "show": ("montrer", "A tile you have not seen is shown to you.",
             "Une tuile que vous n'avez pas vue vous est montrée."),
}


# The button that lets chance act at each of its steps, in English (the French edition's are
# `oracle.tools.site.french`'s, `CHANCE_BUTTONS`).
CHANCE_BUTTONS: dict[str, str] = {
    "deal": "Deal the tiles",
    "die": "Roll the die",
    "illusion": "Roll the die again (Illusion)",
    "draw-id": "Draw a 3ID card",
    "draw-limbes": "Draw a Limbes card",
    "draw-trap": "Draw a trap",
    "hercule-throw": "Throw the Hercule cube",
    "shuffle": "Shuffle the tiles taken",
    "show": "Show the unseen tile",
}


def chance_words(state: State) -> str | None:
    """The button that lets chance act at the step to come (`CHANCE_BUTTONS`); None for any other step."""
    return CHANCE_BUTTONS.get(_step(state))


def step_name(kind: str, lang: str) -> str:
    """A step's kind as the text picture names it in ``lang`` (`STEPS`)."""
    return STEPS[kind][0] if lang == "fr" and kind in STEPS else kind


def _step(state: State) -> str:
    return state.steps[0].kind if state.steps else ""


def _first_name(investigator: str) -> str:
    return INVESTIGATOR_NAMES.get(investigator, investigator).split()[0 if investigator != "balafre" else 1]


# The buttons whose words are their action's slots in a sentence: all of them as {slots}, or one by one as
# {0}, {1}; the first one's printed name as {card}.  A verb's key, else "<verb> none" for its first slot
# ``none`` (nobody) (`_sentence`); ``done`` in the clues' step says what comes next (`_clues_done`).
SENTENCES: dict[str, tuple[str, str]] = {
    "roll": ("Roll the die", "Lancer le dé"),
    "reroll": ("Reroll the die (Lucile)", "Relancer le dé (Lucile)"),
    "reveal": ("Reveal {slots}", "Dévoiler {slots}"),
    "reveal paranoia": ("Look secretly at {slots} (Paranoïa)", "Regarder {slots} en secret (Paranoïa)"),
    "uncube": ("Take the Hercule cube off {slots}", "Retirer le cube Hercule de {slots}"),
    "bluff": ("Bluff: {slots} is the Démon's twin", "Coup de bluff : {slots} est la jumelle de la tuile Démon"),
    "done": ("Reveal no more tiles", "Ne plus dévoiler de tuile"),
    "clue": ("Leave a clue on {slots}", "Laisser un Indice sur {slots}"),
    "move-clue": ("Move your clue from {0} to {1}", "Déplacer votre Indice de {0} à {1}"),
    "trap": ("Hide the trap on {slots}", "Cacher le Traquenard sur {slots}"),
    "cube": ("The Hercule cube lands on {slots}", "Le cube Hercule tombe sur {slots}"),
    "keep": ("Keep {card}", "Garder {card}"),
    "give": ("Give it to p{0}", "Le donner à p{0}"),
    "give none": ("Discard it", "Le défausser"),
    "calepin": ("p{0} takes a clue", "p{0} prend un Indice"),
    "calepin none": ("Nobody takes a clue", "Personne ne prend d'Indice"),
    "invertigo": ("Play Invertigo", "Jouer Invertigo"),
    "pass": ("Do not play Invertigo", "Ne pas jouer Invertigo"),
    "pick": ("Take the tile on {slots}", "Prendre la tuile de {slots}"),
    "pair": ("Take the pair {slots} back from the Agence", "Reprendre la paire {slots} à l'Agence"),
    "place": ("Put a tile on {slots}", "Poser une tuile sur {slots}"),
}


def _sentence(state: State, action: Action) -> str:
    """The key of `SENTENCES` for ``action`` (which may have none)."""
    if action.args[:1] == ("none",) and f"{action.verb} none" in SENTENCES:
        return f"{action.verb} none"
    if action.verb == "reveal" and _in_force(state, "paranoia"):  # a reveal is a secret look (OMBRES.LIMBES.PARANOIA)
        return "reveal paranoia"
    return action.verb


def _in_force(state: State, card: str) -> bool:
    """Whether the Malédiction ``card`` is in force."""
    return any(curse.card == card for curse in state.curses)


# What each Malédiction in force changes, for the turn box: a line each, after the player's clues (each
# card's own clause, such as OMBRES.LIMBES.BRUME; the printed names, `components.CARD_NAMES`).  Paranoïa's
# is also said after the die's words, since it changes what the die asks.
CURSE_EFFECTS: dict[str, tuple[str, str]] = {
    "brume": ("no clue is placed or moved, and Chronogyre cannot be used",
              "aucun Indice n'est posé ni déplacé, et Chronogyre ne peut pas servir"),
    "confusion": ("no investigator's ability may be used", "aucune capacité d'enquêteur ne peut servir"),
    "hallucination": ("the two tiles of a mismatch swap places before going face down",
                      "les deux tuiles d'une paire manquée échangent leur place avant d'être retournées"),
    "paralysie": ("the second tile must come from the first tile's Lieu",
                  "la seconde tuile doit venir du Lieu de la première"),
    "paranoia": ("each tile you reveal is a secret look, seen by you alone; a pair is still shown",
                 "chaque tuile que vous dévoilez est regardée en secret, par vous seul ; une paire est tout de même "
                 "montrée"),
    "silence": ("the players may not speak, only make signs", "les joueurs ne parlent pas, ils peuvent faire des "
                "signes"),
    "tenebres": ("only the player whose turn it is sees the tiles revealed",
                 "seul le joueur dont c'est le tour voit les tuiles dévoilées"),
}


def _curse_lines(state: State) -> tuple[list[str], list[str]]:
    """A line for each Malédiction in force: its printed name, who drew it, and what it changes."""
    en, fr = [], []
    for curse in state.curses:
        effect = CURSE_EFFECTS.get(curse.card)
        if effect:
            en.append(f"In force: {card_name(curse.card)} (p{curse.drawer}): {effect[0]}.")
            fr.append(f"En vigueur : {card_name(curse.card)} (p{curse.drawer}) : {effect[1]}.")
    return en, fr


def action_words(state: State, action: Action) -> dict[str, str] | None:
    """The button's words for a legal action, ``{"en": ..., "fr": ...}``; None for an action left in notation
    (a deal, a shuffle, a view's completion)."""
    verb, args = action.verb, action.args
    words: tuple[str, str] | None = None
    if verb == "done" and _step(state) == "clues":
        words = _clues_done(state)
    elif (key := _sentence(state, action)) in SENTENCES:
        fields = {"slots": " ".join(args), "card": card_name(args[0]) if args else ""}
        words = (SENTENCES[key][0].format(*args, **fields), SENTENCES[key][1].format(*args, **fields))
    elif verb == "peek":
        who = _first_name(args[0])
        words = (f"Look secretly at {' and '.join(args[1:])} ({who})",
                 f"Regarder secrètement {' et '.join(args[1:])} ({who})")
    elif verb == "use":
        on = " ".join(args[1:])
        words = (f"Use {card_name(args[0])}" + (f" on {on}" if on else ""),
                 f"Jouer {card_name(args[0])}" + (f" sur {on}" if on else ""))
    elif verb == "die":
        face = args[0]
        words = (f"The die shows the {FACE_NAMES.get(face, face)}", f"Le dé montre {FACE_FR.get(face, face)}")
    elif verb == "draw":
        words = _draw_words(state, args[0])
    return None if words is None else {"en": words[0], "fr": words[1]}


def _limbes_next(state: State) -> bool:
    return any(step.kind == "draw-limbes" for step in state.steps)


def _clues_done(state: State) -> tuple[str, str]:
    """Ending the clue step: before any clue, "Leave no clue"; after one, "No more clues"; and what comes next."""
    left = any(loc for loc in state.steps[0].args if (cell := state.cell(loc)) is not None and cell.clue is not None)
    en, fr = ("No more clues", "Plus d'Indice") if left else ("Leave no clue", "Ne laisser aucun Indice")
    if _limbes_next(state):
        return f"{en}, draw a Limbes card", f"{fr}, piocher une carte Limbes"
    return en, fr


def _clue_note(state: State, player: int) -> tuple[str, str]:
    """The clue step in words: where a clue may go, how many are left, and what comes after it."""
    free = [loc for loc in state.steps[0].args if (cell := state.cell(loc)) is not None and cell.clue is None]
    where, ou = " or ".join(free), " ou ".join(free)
    left = state.reserve[player]
    then = (" a Limbes card is drawn.", " une carte Limbes est piochée.") if _limbes_next(state) else \
        (" the turn ends.", " le tour se termine.")
    swap = _hallucination_swap(state)
    en, fr = (f"{swap[0]} No pair.", f"{swap[1]} Pas de paire.") if swap else ("No pair.", "Pas de paire.")
    if not free:
        return f"{en} Go on:{then[0]}", f"{fr} Continuez :{then[1]}"
    return (f"{en} Click {where} to leave a clue on it ({left} left), or go on:{then[0]}",
            f"{fr} Cliquez {ou} pour y laisser un Indice (il vous en reste {left}), ou continuez :{then[1]}")


def _hallucination_swap(state: State) -> tuple[str, str] | None:
    """At the clue step after two tiles that did not pair while Hallucination is in force, the two swapped places
    before they were turned back (OMBRES.LIMBES.HALLUCINATION); the swap said, else None.  The clue step follows
    the mismatch at once, so the curse and the turn's two tiles are those of the swap."""
    taken = state.turn.revealed
    if len(taken) != 2 or not _in_force(state, "hallucination"):
        return None
    first, second = taken
    return (f"Hallucination: {first} and {second} swapped places.",
            f"Hallucination : {first} et {second} ont échangé leur place.")


def _draw_words(state: State, name: str) -> tuple[str, str]:
    kind = _step(state)
    if kind == "draw-trap":
        return f"The {trap_name(name)} trap is drawn", f"Le Traquenard {trap_name(name)} est pioché"
    deck = "3ID" if kind == "draw-id" else "Limbes"
    return f"The {deck} card {card_name(name)} is drawn", f"La carte {deck} {card_name(name)} est piochée"


def unseen_words(state: State, after: State, player: int) -> dict[str, str] | None:
    """Why ``player`` did not see the table during an action from ``state`` to ``after``, by language: under
    Ténèbres, on another player's turn, every player but the active one has their eyes closed
    (OMBRES.LIMBES.TENEBRES, the card's printed name and its drawer); a Yeux du démon or Vortex trap closes the
    eyes of the player who revealed it until their next turn (OMBRES.EYES).  None: their eyes were open."""
    from oracle.games.trois_ombres.views import eyes_open

    for seen in (state, after):
        if eyes_open(seen, player):
            continue
        dark = next((c for c in seen.curses if c.card == "tenebres"), None)
        if dark is not None and player != seen.current:
            name = card_name(dark.card)
            return {"en": f"your eyes were closed ({name}, drawn by p{dark.drawer})",
                    "fr": f"vos yeux étaient fermés ({name}, piochée par p{dark.drawer})"}
        return {"en": "your eyes were closed (a trap closed them until your next turn)",
                "fr": "vos yeux étaient fermés (un Traquenard les a fermés jusqu'à votre prochain tour)"}
    return None


ABILITY = {
    "lucile": ("Tenace: once per turn she may reroll the die", "Tenace : elle peut relancer le dé une fois par tour"),
    "balafre": ("Implacable: a Hercule trap drops only 1 cube, and he never closes his eyes",
                "Implacable : un Traquenard Hercule ne lance qu'1 cube, et il ne ferme jamais les yeux"),
    "allison": ("Indiscrète: before revealing, she may look secretly at 1 tile",
                "Indiscrète : avant de dévoiler, elle peut regarder secrètement 1 tuile"),
    "zacahire": ("Fouineur: before revealing, he may look secretly at 2 tiles with a clue or a cube",
                 "Fouineur : avant de dévoiler, il peut regarder secrètement 2 tuiles portant un Indice ou un cube"),
}


def state_note(state: State) -> dict[str, str] | None:
    """What the player to act must know, a line each (``\\n`` between): who they are and their ability, what
    the die shows and asks for (while their turn's reveals are owed), their clues, their Objet and the
    Malédictions in force; None once the game is over.  What the step asks (the die's reveals, the clue step,
    else the step's instruction of `STEPS`) is also given alone, as ``en-do`` and ``fr-do``; while chance acts,
    what it does is all the note says."""
    kind, player = steps.to_act_kind(state)
    asks = STEPS.get(_step(state), ("", "", ""))[1:]
    if kind == "chance":
        return {"en-do": asks[0], "fr-do": asks[1]} if asks[0] else None
    if kind != "player" or player is None:
        return None
    investigator = state.investigators[player]
    ability = ABILITY.get(investigator, ("", ""))
    name = INVESTIGATOR_NAMES.get(investigator, investigator)
    blocked = _in_force(state, "confusion") and investigator in ABILITY
    en = [f"p{player} is {name} ({ability[0]})" + (": not while Confusion is in force." if blocked else ".")]
    fr = [f"p{player} est {name} ({ability[1]})" + (" : pas tant que Confusion est en vigueur." if blocked else ".")]
    die = _die_note(state) if _step(state) != "clues" else _clue_note(state, player)
    if die is None and asks[0]:
        die = asks[0], asks[1]
    # Every Malédiction in force is listed below with its effect; while reveals are owed, what to do also recalls
    # Paranoïa's, since it changes what the reveals show (OMBRES.LIMBES.PARANOIA).
    if die is not None and _die_note(state) is not None and _in_force(state, "paranoia"):
        die = (f"{die[0]} Under Paranoïa, you alone see the tiles you reveal.",
               f"{die[1]} Sous Paranoïa, vous seul voyez les tuiles que vous dévoilez.")
    if die is not None:
        en.append(die[0])
        fr.append(die[1])
    objet = state.objets[player]
    curses = ", ".join(f"{card_name(c.card)} (p{c.drawer})" for c in state.curses)
    held, colour = card_name(objet) if objet else None, COLOUR_NAMES[player]
    en.append(f"p{player}'s clues are {colour[0]}: {state.reserve[player]} left, {state.stock[player]} spare.  "
              f"Objet: {held or 'none'}.  Limbes card in force: {curses or 'none'}.")
    fr.append(f"Les Indices de p{player} sont {colour[1]} : {state.reserve[player]} restants, "
              f"{state.stock[player]} de réserve.  Objet : {held or 'aucun'}.  "
              f"Carte Limbes en vigueur : {curses or 'aucune'}.")
    effects = _curse_lines(state)
    en += effects[0]
    fr += effects[1]
    note = {"en": "\n".join(en), "fr": "\n".join(fr)}
    return note if die is None else {**note, "en-do": die[0], "fr-do": die[1]}


def _die_note(state: State) -> tuple[str, str] | None:
    """While a turn is being played, what the die shows and what it asks for; None before the roll."""
    face = state.turn.face
    if face is None or _step(state) != "turn":
        return None
    turn = state.turn
    if face in LIEUX:
        name = FACE_NAMES[face]
        if not turn.begun or turn.designated is not None:
            return (f"The die shows the {name}: reveal a tile of the {name} first, then one of your choice.",
                    f"Le dé montre {FACE_FR[face]} : dévoilez d'abord une tuile {OF_FACE_FR[face]}, "
                    "puis une de votre choix.")
        return (f"The die shows the {name}: reveal one more tile, of your choice.",
                f"Le dé montre {FACE_FR[face]} : dévoilez encore une tuile, de votre choix.")
    if face == "loupe":
        return ("The die shows the Loupe: reveal two tiles of your choice.",
                "Le dé montre la Loupe : dévoilez deux tuiles de votre choix.")
    # The face takes effect at the first action that is not a reroll, or at once when nothing can reroll it
    # (OMBRES.DIE, `rules.turn.face_shown`): the clock has advanced only then, and the words say which.
    if not turn.accepted:
        return (f"The die shows the Horloge: reroll it, or click a ringed tile to keep the roll. If you keep it, "
                f"the clock goes to {state.hour + 1} h and you reveal two tiles of your choice.",
                "Le dé montre l'Horloge : relancez-le, ou cliquez une tuile cerclée pour garder ce résultat. Si "
                f"vous le gardez, l'Horloge passe à {state.hour + 1} h et vous dévoilez deux tuiles de votre choix.")
    if turn.begun and turn.left == 1:
        return (f"The die shows the Horloge: the clock is at {state.hour} h; reveal one more tile, of your choice.",
                f"Le dé montre l'Horloge : l'Horloge est à {state.hour} h ; dévoilez encore une tuile, "
                "de votre choix.")
    return (f"The die shows the Horloge: the clock has advanced to {state.hour} h; reveal two tiles of your choice.",
            f"Le dé montre l'Horloge : l'Horloge a avancé à {state.hour} h ; dévoilez deux tuiles de votre choix.")
