"""A wrong Nim engine (the toy game of tests/toy_game.py): the last stone loses even without the variant
misere (breaks NIM.WIN).  Run with ``ORACLE_EXTRA_GAMES=nim=tests.toy_game`` from the repository root."""

from __future__ import annotations

import sys

from oracle.tools.protocol import Defaults, serve
from tests import toy_game


def never(rules: frozenset[str]) -> bool:
    return False


if __name__ == "__main__":
    toy_game.last_taker_wins = never
    serve(sys.stdin.buffer, sys.stdout.buffer, Defaults("nim"))
