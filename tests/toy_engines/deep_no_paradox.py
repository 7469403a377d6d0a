"""A wrong engine with no paradox (as `no_paradox`) whose perft and divide count
by its own rules, through the counter over the game interface.  The bug lies
deep in most perft trees: few vector positions hold a paradox at once, but
many reach one some turns down, so the counts differ there and only `divide`
finds the first turn sequence whose count differs (breaks MOVE.PUSH.PARADOX).

That counter is slow: a count beyond the protocol's time budget is answered
too_slow, as a slow engine's would be."""

from __future__ import annotations

from oracle.games.base import GameBase
from oracle.games.ttykm.game import TTYKM
from tests.toy_engines.no_paradox import push_without_paradox
from tests.toy_engines.spec_rule import serve_with_spec_rule

if __name__ == "__main__":
    TTYKM.perft = GameBase.perft  # type: ignore[method-assign]
    TTYKM.divide = GameBase.divide  # type: ignore[method-assign]
    serve_with_spec_rule("push", push_without_paradox)
