"""One player's view of a Time Chase state, as a state (spec/time-chase/state.md, TC.OBSERVE and TC.VIEW).

A view names the viewer's own cards and everything public, and counts the
cards it cannot name: the other hands and the four unused cards.  It is an
ordinary `State` (``hidden``, ``unused_hidden`` and ``view`` set), so it is
written, read back and played like one; the rules answer from it
(`oracle.games.time_chase.rules`, TC.VIEW).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from oracle.errors import NotationError
from oracle.games.time_chase.cards import SUIT_NAMES
from oracle.games.time_chase.notation import state_to_json
from oracle.games.time_chase.state import State

Json = dict[str, Any]


def view_of(state: State, player: int) -> State:
    """What ``player`` sees: their own hand, the number of cards in every other hand and among the
    unused cards, and everything public.  Never another hand, never the unused cards.

    Rule: TC.OBSERVE
    """
    if player not in range(state.players):
        raise NotationError(f"there is no player p{player} in a {state.players}-player game", str(player))
    if state.view is not None and state.view != player:
        raise NotationError(f"this is p{state.view}'s view: it holds nothing of p{player}'s hand", str(player))
    if state.phase == "deal":
        return replace(state, view=player)
    if state.hidden_in(player):
        raise NotationError(f"this state does not name p{player}'s cards", str(player))
    hands = tuple(hand if p == player else () for p, hand in enumerate(state.hands))
    hidden = tuple(0 if p == player else state.hand_size(p) for p in range(state.players))
    return replace(state, hands=hands, hidden=hidden, unused=(), unused_hidden=len(state.unused) + state.unused_hidden,
                   view=player)


def observation(state: State, player: int) -> Json:
    """The view's JSON form, with the fields an observation has always carried for convenience:
    ``player``, ``hand``, ``hand_sizes``, ``removed``, ``trump`` (derived, not read back).

    (Part of TC.NOTATION.VIEW.)
    """
    view = view_of(state, player)
    trump = view.trump
    return {
        **state_to_json(view),
        "player": player,
        "hand": [c.text for c in view.hands[player]] if view.hands else [],
        "hand_sizes": [view.hand_size(p) for p in range(view.players)] if view.hands else [],
        "removed": [c.text for c in view.out_of_play],
        "trump": None if trump is None else SUIT_NAMES[trump],
    }
