"""A wrong Time Chase engine that never makes anyone follow the lead suit: any card of the hand
may be played (breaks TC.FOLLOW)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import oracle.games.time_chase.rules
from oracle.games.time_chase.cards import Card
from oracle.tools.protocol import Defaults, serve


def any_card(hand: Sequence[Card], suit: int | None) -> tuple[Card, ...]:
    return tuple(hand)


if __name__ == "__main__":
    oracle.games.time_chase.rules.legal_cards = any_card
    serve(sys.stdin.buffer, sys.stdout.buffer, Defaults("time-chase"))
