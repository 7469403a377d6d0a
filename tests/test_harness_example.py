"""The stateful harness on a Python engine: the example of docs/testing-your-engine.md.

A tiny engine built on the oracle's own API stands in for yours; replace the
adapter's four methods with calls into your engine.
"""

from __future__ import annotations

from hypothesis import settings

from oracle.games.ttykm.ruleset import Ruleset
from oracle.tools.testing.stateful import EngineAdapter, EngineStateMachine
from oracle.ttykm import (
    Position,
    Turn,
    apply_turn,
    format_position,
    format_turn,
    legal_turns,
    parse_position,
    parse_turn,
)


class MyEngineAdapter(EngineAdapter):
    def new_game(self, position: str, variant: str) -> None:
        self.ruleset = Ruleset.parse(variant)
        self.game: Position = parse_position(position)

    def legal_turns(self) -> list[str]:
        return [format_turn(turn) for turn in legal_turns(self.game, self.ruleset)]

    def play(self, turn: str) -> None:
        chosen: Turn = parse_turn(turn)
        self.game = apply_turn(self.game, chosen, self.ruleset).position

    def position(self) -> str:
        return format_position(self.game)


class MyEngineMachine(EngineStateMachine):
    def make_engine(self) -> EngineAdapter:
        return MyEngineAdapter()


TestMyEngine = MyEngineMachine.TestCase
TestMyEngine.settings = settings(max_examples=20, stateful_step_count=20, deadline=None)
