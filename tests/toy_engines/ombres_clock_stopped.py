"""A wrong Trois Ombres engine whose clock never advances (breaks OMBRES.CLOCK: the Horloge face,
the Horloge trap and the other causes leave the hour where it was)."""

from __future__ import annotations

import sys

import oracle.games.trois_ombres.rules.cards
import oracle.games.trois_ombres.rules.clock
import oracle.games.trois_ombres.rules.traps
import oracle.games.trois_ombres.rules.turn
from oracle.games.trois_ombres.state import Table
from oracle.tools.protocol import Defaults, serve


def stopped(table: Table, rule: str, why: str) -> None:
    return None


if __name__ == "__main__":
    for module in (oracle.games.trois_ombres.rules.cards, oracle.games.trois_ombres.rules.clock,
                   oracle.games.trois_ombres.rules.traps, oracle.games.trois_ombres.rules.turn):
        module.advance_clock = stopped  # type: ignore[attr-defined]
    serve(sys.stdin.buffer, sys.stdout.buffer, Defaults("trois-ombres"))
