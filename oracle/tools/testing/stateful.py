"""A Hypothesis state machine that tests an engine step by step against the oracle.

The oracle is the trusted model.  Each run starts a game on the engine and on
the model from a tricky position, then Hypothesis picks steps: play a random
legal turn on both, ask both about a random (often illegal or partial) turn,
or restart from another position.  After every step the engine's position
and its set of legal turns must equal the model's.  When they differ,
Hypothesis shrinks the run to a short sequence of steps that shows it.

To test an engine written in Python, wrap it in an `EngineAdapter` and
subclass `EngineStateMachine`::

    from oracle.tools.testing.stateful import EngineAdapter, EngineStateMachine

    class MyAdapter(EngineAdapter):
        def new_game(self, position: str, variant: str) -> None:
            self.game = my_engine.Game.from_notation(position)
        def legal_turns(self) -> list[str]:
            return [str(turn) for turn in self.game.moves()]
        def play(self, turn: str) -> None:
            self.game.play(turn)
        def position(self) -> str:
            return self.game.notation()

    class MyEngineMachine(EngineStateMachine):
        def make_engine(self) -> EngineAdapter:
            return MyAdapter()

    TestMyEngine = MyEngineMachine.TestCase  # collected by pytest or unittest

Engines in other languages can use `ProtocolAdapter`, which drives a program
speaking the protocol of spec/protocol.md.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from oracle.games.ttykm.notation import NotationError, format_position, format_turn, parse_position, parse_turn
from oracle.games.ttykm.rules.standard import apply_turn, explain, legal_turns
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Turn
from oracle.tools.testing.strategies import turns
from oracle.tools.vectors import NAMED_POSITIONS


class EngineAdapter(ABC):
    """What the harness asks of an engine.  Positions and turns are strings in
    the text notation of spec/ttykm/notation.md; the engine may write them in any
    equivalent form (the harness reads them with the oracle's parser)."""

    @abstractmethod
    def new_game(self, position: str, variant: str) -> None:
        """Set up a game at ``position`` under ``variant`` (``"standard"`` or variant names)."""

    @abstractmethod
    def legal_turns(self) -> Iterable[str]:
        """Every legal complete turn in the current position, in any order."""

    @abstractmethod
    def play(self, turn: str) -> None:
        """Play a legal complete turn."""

    @abstractmethod
    def position(self) -> str:
        """The current position."""

    def verdict(self, turn: str) -> str | None:
        """``"legal"``, ``"legal so far"`` or ``"illegal"`` for a complete or partial turn
        in the current position; None if the engine cannot say (the step is skipped)."""
        return None

    def close(self) -> None:  # noqa: B027 - most adapters hold nothing to release
        """Release what the adapter holds; called when a run ends."""


class OracleAdapter(EngineAdapter):
    """The oracle itself behind the adapter interface: the reference example."""

    def new_game(self, position: str, variant: str) -> None:
        self.current = parse_position(position)
        self.ruleset = Ruleset.parse(variant)

    def legal_turns(self) -> list[str]:
        return [format_turn(t) for t in legal_turns(self.current, self.ruleset)]

    def play(self, turn: str) -> None:
        self.current = apply_turn(self.current, parse_turn(turn), self.ruleset).position

    def position(self) -> str:
        return format_position(self.current)

    def verdict(self, turn: str) -> str | None:
        return explain(self.current, parse_turn(turn), self.ruleset).status


class ProtocolAdapter(EngineAdapter):
    """An engine that speaks the JSON-lines protocol, through a running `oracle.tools.conform.Engine`.

    The protocol is stateless (every request carries its position), so one
    engine process can serve many runs: create it once and pass it in.
    """

    def __init__(self, engine: object) -> None:
        from oracle.tools.conform import Engine

        assert isinstance(engine, Engine)
        self.engine = engine
        self.current = ""
        self.variant = "standard"

    def _ask(self, request: dict[str, object]) -> dict[str, object]:
        answer = self.engine.ask({**request, "position": self.current, "variant": self.variant})
        assert answer.get("ok") is True, f"the engine answered an error: {answer}"
        return answer

    def new_game(self, position: str, variant: str) -> None:
        self.current, self.variant = position, variant

    def legal_turns(self) -> list[str]:
        listed = self._ask({"op": "moves"}).get("turns")
        assert isinstance(listed, list), "the engine's moves response has no list 'turns'"
        return [str(t) for t in listed]

    def play(self, turn: str) -> None:
        answer = self._ask({"op": "apply", "turn": turn})
        assert answer.get("verdict") == "legal", f"the engine refuses the legal turn {turn!r}: {answer}"
        self.current = str(answer.get("position"))

    def position(self) -> str:
        return self.current

    def verdict(self, turn: str) -> str | None:
        return str(self._ask({"op": "legal", "turn": turn}).get("verdict"))


def _canonical_position(text: str) -> str:
    try:
        return format_position(parse_position(text))
    except NotationError as exc:
        raise AssertionError(f"the engine's position {text!r} does not parse: {exc}") from None


def _canonical_turn(text: str) -> str:
    try:
        return format_turn(parse_turn(text))
    except NotationError as exc:
        raise AssertionError(f"the engine's turn {text!r} does not parse: {exc}") from None


START_POSITIONS = tuple(n.text for n in NAMED_POSITIONS if parse_position(n.text).winner is None)


class EngineStateMachine(RuleBasedStateMachine):
    """Plays random games on an engine and on the oracle and compares every step.

    Subclasses implement `make_engine`; they may set ``ruleset`` to test a
    variant and ``start_positions`` to start from other positions.
    """

    ruleset: ClassVar[Ruleset] = STANDARD
    start_positions: ClassVar[tuple[str, ...]] = START_POSITIONS

    def make_engine(self) -> EngineAdapter:
        raise NotImplementedError("subclasses return the engine under test, wrapped in an EngineAdapter")

    def __init__(self) -> None:
        super().__init__()
        self.engine = self.make_engine()
        self.model = Position.start()
        self.history: list[str] = []

    def _start(self, position: str) -> None:
        self.model = parse_position(position)
        self.history = [f"start {format_position(self.model)}"]
        self.engine.new_game(format_position(self.model), self.ruleset.name)

    @initialize(data=st.data())
    def start_a_game(self, data: st.DataObject) -> None:
        self._start(data.draw(st.sampled_from(self.start_positions), label="start"))

    @rule(data=st.data())
    def restart(self, data: st.DataObject) -> None:
        self._start(data.draw(st.sampled_from(self.start_positions), label="restart"))

    @precondition(lambda self: self.model.winner is None)
    @rule(data=st.data())
    def play_a_legal_turn(self, data: st.DataObject) -> None:
        options = legal_turns(self.model, self.ruleset)
        turn: Turn = data.draw(st.sampled_from(options), label="turn")
        text = format_turn(turn)
        self.history.append(f"play {text}")
        self.engine.play(text)
        self.model = apply_turn(self.model, turn, self.ruleset).position

    @rule(turn=turns())
    def ask_about_a_turn(self, turn: Turn) -> None:
        text = format_turn(turn)
        theirs = self.engine.verdict(text)
        if theirs is None:
            return
        ours = explain(self.model, turn, self.ruleset)
        assert theirs == ours.status, (
            f"in {format_position(self.model)}, the turn {text!r} is {ours} for the oracle, {theirs!r} for the engine"
        )

    @invariant()
    def same_position(self) -> None:
        theirs = _canonical_position(self.engine.position())
        ours = format_position(self.model)
        assert theirs == ours, f"after {self.history}: the oracle has {ours!r}, the engine {theirs!r}"

    @invariant()
    def same_legal_turns(self) -> None:
        theirs = sorted(_canonical_turn(t) for t in self.engine.legal_turns())
        ours = sorted(format_turn(t) for t in legal_turns(self.model, self.ruleset))
        if theirs != ours:
            missing = [t for t in ours if t not in theirs]
            extra = [t for t in theirs if t not in ours]
            reasons = [f"{t}: {explain(self.model, parse_turn(t), self.ruleset)}" for t in extra[:3]]
            raise AssertionError(
                f"in {format_position(self.model)}: the legal turns differ; missing {missing[:5]}, extra {extra[:5]}"
                + (f" (the oracle: {'; '.join(reasons)})" if reasons else "")
            )

    def teardown(self) -> None:
        self.engine.close()
