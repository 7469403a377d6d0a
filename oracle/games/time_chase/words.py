"""What the playground says in words, in English and French: a bid's or a card's button, and what the
player to act must know (the round, the trump, where their pawn is, what they must follow).

The notation (``bid 2``, ``R5``) stays the button's title; the words are the rules' (Contre-Temps: the
Invariant is the *constante*, a bid a *mise*).
"""

from __future__ import annotations

from oracle.games.time_chase import rules, ruleset
from oracle.games.time_chase.actions import Action, Bid, Bids, Play
from oracle.games.time_chase.cards import SUIT_NAMES, SUITS, Card
from oracle.games.time_chase.ruleset import Rules
from oracle.games.time_chase.state import State
from oracle.words import compte, counted

SUIT_NAMES_FR = ("Rouge", "Bleu", "Vert", "Jaune", "Violet")  # the suits as Contre-Temps names them
FRENCH_NAMES = dict(zip(SUIT_NAMES, SUIT_NAMES_FR, strict=True))  # the English suit -> its French (Game.french_names)
# A card as the French edition labels it wherever a reader reads one: the French initial of its suit's colour,
# Violet as "Vi" to stay apart from Vert, then the rank (J11).  The notation's letter (Y11) stays what one types
# and what a position writes (Game.french_card_labels).
FRENCH_LABELS = dict(zip(SUITS, ("R", "B", "V", "J", "Vi"), strict=True))


def card_label_fr(card: Card) -> str:
    """``Card(Yellow, 11)`` -> ``J11``."""
    return FRENCH_LABELS[SUITS[card.suit]] + str(card.rank)


# What each phase of a round asks of the player to act, for the playground's status line (``en-do``,
# ``fr-do``); in the play phase the note's line on where they play and what to follow comes after it.
STEPS: dict[str, tuple[str, str]] = {
    "bid": ("Bid in secret: each crystal you spend takes your pawn back one event; nobody sees a bid before "
            "every player has bid.",
            "Misez en secret : chaque cristal dépensé fait reculer votre pion d'un événement ; personne ne voit "
            "une mise avant que chacun ait misé."),
    "play": ("Play a card from your hand.", "Jouez une carte de votre main."),
}


def _where(position: int) -> tuple[str, str]:
    return ("position 0 (the Invariant)", "la position 0 (la constante)") if position == 0 else \
        (f"event {position}", f"l'événement {position}")


def action_words(state: State, action: Action) -> dict[str, str] | None:
    """A bid's button in words (``Bid 2 crystals: go back to event 1``), a card's (``Play R5``), and the bids
    nobody could choose, as the playground tells them once played for everyone; None for the deal and any
    other bids."""
    if isinstance(action, Bid):
        if action.amount == 0:
            return {"en": "Bid 0 crystals: stay on the present", "fr": "Miser 0 cristal : rester sur le présent"}
        to = _where(state.round - action.amount)
        return {"en": f"Bid {counted(action.amount, 'crystal')}: go back to {to[0]}",
                "fr": f"Miser {compte(action.amount, 'cristal')} : reculer jusqu'à {to[1]}"}
    if isinstance(action, Play):
        return {"en": f"Play {action.card.text}", "fr": f"Jouer {action.card.text}"}
    if isinstance(action, Bids) and not any(state.crystals):  # every bid is 0: the playground plays them at once
        why = ("nobody has crystals yet", "personne n'a encore de cristal") if state.round == 1 else \
            ("nobody has a crystal left", "personne n'a plus de cristal")
        return {"en": f"Round {state.round}: {why[0]}, so everyone's bid of 0 was sealed for them.",
                "fr": f"Manche {state.round} : {why[1]}, donc la mise de 0 de chacun a été scellée pour lui."}
    return None


def chance_words(state: State) -> str | None:
    """The button that lets chance act (the deal), in English; None when chance does not act."""
    return "Deal the cards" if state.phase == "deal" else None


def state_note(state: State) -> dict[str, str] | None:
    """What the player to act must know, a line each (``\\n`` between): the round and the trump, then in a
    bid their crystals and how far back they may go, in a trick where they play and the suit to follow; what
    the phase asks (`STEPS`, in a trick with that last line) also alone, as ``en-do`` and ``fr-do``.
    None before the deal and once the game is over."""
    if state.phase not in ("bid", "play"):
        return None
    if state.trump is None:
        trump = ("there is no trump (a paradox)", "il n'y a pas d'atout (un paradoxe)")
    else:
        card = state.invariant.text if state.invariant is not None else ""
        trump = (f"trump is {SUIT_NAMES[state.trump]} (the Invariant {card})",
                 f"l'atout est {SUIT_NAMES_FR[state.trump]} (la constante {card})")
    en = [f"Round {state.round} of {state.last_round}: {trump[0]}."]
    fr = [f"Manche {state.round} sur {state.last_round} : {trump[1]}."]
    if state.phase == "bid":
        held = ", ".join(f"p{p} {c}" for p, c in enumerate(state.crystals))
        en.append(f"Every pawn is on the present, event {state.round}: each player bids in secret the crystals "
                  f"they spend to go back that many events (crystals: {held}).")
        fr.append(f"Tous les pions sont sur le présent, l'événement {state.round} : chacun mise en secret les "
                  f"cristaux qu'il dépense pour reculer d'autant d'événements (cristaux : {held}).")
        return {"en": "\n".join(en), "fr": "\n".join(fr), "en-do": STEPS["bid"][0], "fr-do": STEPS["bid"][1]}
    player, at = rules.player_to_act(state), state.at
    if player is None or at is None:
        return None
    where = _where(at)
    lead = rules.lead_card(state)
    suit = rules.suit_to_follow(state, ruleset.rules_for(state.variants, state.players, Rules(players=state.players)))
    if lead is None:
        en.append(f"p{player} plays at {where[0]} and leads: any card.")
        fr.append(f"p{player} joue sur {where[1]} et ouvre : n'importe quelle carte.")
    elif suit is None:
        en.append(f"p{player} plays at {where[0]}, where {lead.text} leads: any card (cards compare by rank).")
        fr.append(f"p{player} joue sur {where[1]}, ouvert par {lead.text} : n'importe quelle carte "
                  "(les cartes se comparent par leur valeur).")
    else:
        en.append(f"p{player} plays at {where[0]}, where {lead.text} leads: follow {SUIT_NAMES[suit]} "
                  "if you hold one, else play any card.")
        fr.append(f"p{player} joue sur {where[1]}, ouvert par {lead.text} : fournissez du {SUIT_NAMES_FR[suit]} "
                  "si vous en avez, sinon jouez n'importe quelle carte.")
    return {"en": "\n".join(en), "fr": "\n".join(fr), "en-do": f"{STEPS['play'][0]} {en[-1]}",
            "fr-do": f"{STEPS['play'][1]} {fr[-1]}"}

