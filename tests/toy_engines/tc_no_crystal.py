"""A wrong Time Chase engine in which a low card of the lead suit never earns a crystal (breaks TC.CRYSTAL)."""

from __future__ import annotations

import sys

import oracle.games.time_chase.rules
from oracle.games.time_chase.cards import Card
from oracle.tools.protocol import Defaults, serve


def never(card: Card, lead: Card | None, position: int) -> bool:
    return False


if __name__ == "__main__":
    oracle.games.time_chase.rules.earns_crystal = never
    serve(sys.stdin.buffer, sys.stdout.buffer, Defaults("time-chase"))
