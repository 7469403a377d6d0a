"""A Hypothesis state machine that tests an engine step by step against the oracle.

The oracle is the trusted model.  Each run starts a game on the engine and on
the model from a tricky position, then Hypothesis picks steps: play a random
legal turn on both, ask both about a turn (one played earlier, or one of the
game's near misses: often illegal or partial), or restart from another position.  After every step the engine's position
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

The machine works for every game of the oracle through the common game
interface: set ``game_name`` (default ``"ttykm"``).  Chance steps (a deal, a
die) are drawn from a seed Hypothesis picks and sent to the engine as the
explicit outcome; the sealed choices of a simultaneous step are drawn for
every player and sent as the one joint action.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from oracle.errors import NotationError
from oracle.games import DEFAULT_GAME, AnyGame, load_game


class EngineAdapter(ABC):
    """What the harness asks of an engine.  Positions and turns are strings in
    the game's text notation (for TTYKM, spec/ttykm/notation.md); the engine may
    write them in any equivalent form (the harness reads them with the
    oracle's parser)."""

    @abstractmethod
    def new_game(self, position: str, variant: str) -> None:
        """Set up a game at ``position`` under ``variant`` (``"standard"`` or variant names)."""

    @abstractmethod
    def legal_turns(self) -> Iterable[str]:
        """Every legal complete turn in the current position, in any order."""

    @abstractmethod
    def play(self, turn: str) -> None:
        """Play a legal complete turn (or a chance outcome, or a joint action of sealed choices)."""

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

    def __init__(self, game_name: str = DEFAULT_GAME) -> None:
        self.game = load_game(game_name)

    def new_game(self, position: str, variant: str) -> None:
        self.current = self.game.parse_state(position)
        self.rules = self.game.parse_rules(None, variant)

    def legal_turns(self) -> list[str]:
        return [self.game.format_action(a) for a in self.game.legal_actions(self.current, self.rules)]

    def play(self, turn: str) -> None:
        self.current = self.game.apply(self.current, self.game.parse_action(turn), self.rules).state

    def position(self) -> str:
        return self.game.format_state(self.current)

    def verdict(self, turn: str) -> str | None:
        return self.game.explain(self.current, self.game.parse_action(turn), self.rules).status


class ProtocolAdapter(EngineAdapter):
    """An engine that speaks the JSON-lines protocol, through a running `oracle.tools.conform.Engine`.

    The protocol is stateless (every request carries its position), so one
    engine process can serve many runs: create it once and pass it in.
    """

    def __init__(self, engine: object, game_name: str = DEFAULT_GAME) -> None:
        from oracle.tools.conform import Engine

        assert isinstance(engine, Engine)
        self.engine = engine
        self.game_name = game_name
        self.current = ""
        self.variant = "standard"

    def _ask(self, request: dict[str, object]) -> dict[str, object]:
        fields: dict[str, object] = {"position": self.current, "variant": self.variant}
        if self.game_name != DEFAULT_GAME:  # engines of TTYKM alone need not know the field
            fields["game"] = self.game_name
        answer = self.engine.ask({**request, **fields})
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


def _canonical(game: AnyGame, text: str, what: str) -> str:
    try:
        if what == "position":
            return game.format_state(game.parse_state(text))
        return game.format_action(game.parse_action(text))
    except NotationError as exc:
        raise AssertionError(f"the engine's {what} {text!r} does not parse: {exc}") from None


def start_positions(game_name: str, variant: str | None = None, count: int = 8) -> tuple[str, ...]:
    """Where runs start: the game's named states that are not over (its vector set's, spec/vectors.md), or
    for a game with none its first states with their chance outcomes drawn from seeds 0, 1, ..."""
    game = load_game(game_name)
    rules = game.parse_rules(None, variant)
    try:
        named = game.vector_set(rules).named
    except NotationError:  # rules with no vector set of their own
        named = ()
    found = [n.text for n in named if game.outcome(game.parse_state(n.text)) is None]
    for seed in range(count if not found else 0):
        state, rng = game.initial_state(rules), random.Random(seed)
        while game.to_act(state).kind == "chance":
            state = game.apply(state, game.sample_chance(state, rules, rng), rules).state
        found.append(game.format_state(state))
    return tuple(dict.fromkeys(found))


class EngineStateMachine(RuleBasedStateMachine):
    """Plays random games on an engine and on the oracle and compares every step.

    Subclasses implement `make_engine`; they may set ``game_name`` to test
    another game, ``variant`` (or, for TTYKM, ``ruleset``) to test a variant,
    and ``start_positions`` to start from other positions.
    """

    game_name: ClassVar[str] = DEFAULT_GAME
    variant: ClassVar[str | None] = None
    ruleset: ClassVar[Any] = None
    start_positions: ClassVar[tuple[str, ...] | None] = None

    def make_engine(self) -> EngineAdapter:
        raise NotImplementedError("subclasses return the engine under test, wrapped in an EngineAdapter")

    def __init__(self) -> None:
        super().__init__()
        self.game = load_game(self.game_name)
        self.rules = self.ruleset if self.ruleset is not None else self.game.parse_rules(None, self.variant)
        self.variant_name = self.game.rules_name(self.rules)
        self.starts = self.start_positions or start_positions(self.game_name, self.variant_name)
        self.engine = self.make_engine()
        self.model = self.game.initial_state(self.rules)
        self.history: list[str] = []
        self.seen_actions: list[str] = []  # legal somewhere: often illegal elsewhere, good questions

    def _start(self, position: str) -> None:
        self.model = self.game.parse_state(position)
        self.history = [f"start {self.game.format_state(self.model)}"]
        self.engine.new_game(self.game.format_state(self.model), self.variant_name)

    @initialize(data=st.data())
    def start_a_game(self, data: st.DataObject) -> None:
        self._start(data.draw(st.sampled_from(self.starts), label="start"))

    @rule(data=st.data())
    def restart(self, data: st.DataObject) -> None:
        self._start(data.draw(st.sampled_from(self.starts), label="restart"))

    def _next_action(self, data: st.DataObject) -> Any:
        """A legal next step for the model: a chance outcome, a joint action of sealed choices, or a turn."""
        mover = self.game.to_act(self.model)
        if mover.kind == "chance":
            seed = data.draw(st.integers(0, 2**32 - 1), label="chance seed")
            return self.game.sample_chance(self.model, self.rules, random.Random(seed))
        if mover.kind == "simultaneous":
            choices = {p: data.draw(st.sampled_from(list(self.game.legal_actions(self.model, self.rules, p))),
                                    label=f"choice of player {p}") for p in mover.players}
            return self.game.joint_action(self.model, choices)
        options = list(self.game.legal_actions(self.model, self.rules))
        return data.draw(st.sampled_from(options), label="turn")

    @precondition(lambda self: self.game.to_act(self.model).kind != "over")
    @rule(data=st.data())
    def play_a_legal_turn(self, data: st.DataObject) -> None:
        action = self._next_action(data)
        text = self.game.format_action(action)
        self.history.append(f"play {text}")
        self.seen_actions.append(text)
        self.engine.play(text)
        self.model = self.game.apply(self.model, action, self.rules).state

    @rule(data=st.data())
    def ask_about_a_turn(self, data: st.DataObject) -> None:
        seed = data.draw(st.integers(0, 2**32 - 1), label="question seed")
        misses = self.game.near_misses(self.model, self.rules, random.Random(seed)) or ()
        options = [*self.seen_actions, *(self.game.format_action(a) for a in misses)]
        if not options:
            return
        text = data.draw(st.sampled_from(options), label="question")
        try:
            action = self.game.parse_action(text)
        except NotationError:
            return
        theirs = self.engine.verdict(text)
        if theirs is None:
            return
        ours = self.game.explain(self.model, action, self.rules)
        assert theirs == ours.status, (
            f"in {self.game.format_state(self.model)}, the turn {text!r} is {ours} for the oracle,"
            f" {theirs!r} for the engine"
        )

    @invariant()
    def same_position(self) -> None:
        theirs = _canonical(self.game, self.engine.position(), "position")
        ours = self.game.format_state(self.model)
        assert theirs == ours, f"after {self.history}: the oracle has {ours!r}, the engine {theirs!r}"

    @invariant()
    def same_legal_turns(self) -> None:
        if self.game.to_act(self.model).kind not in ("player", "over"):
            return  # chance and sealed choices have no single list of turns to compare
        theirs = sorted(_canonical(self.game, t, "turn") for t in self.engine.legal_turns())
        ours = sorted(self.game.format_action(a) for a in self.game.legal_actions(self.model, self.rules))
        if theirs != ours:
            missing = [t for t in ours if t not in theirs]
            extra = [t for t in theirs if t not in ours]
            reasons = [f"{t}: {self.game.explain(self.model, self.game.parse_action(t), self.rules)}"
                       for t in extra[:3]]
            raise AssertionError(
                f"in {self.game.format_state(self.model)}: the legal turns differ; missing {missing[:5]},"
                f" extra {extra[:5]}" + (f" (the oracle: {'; '.join(reasons)})" if reasons else "")
            )

    def teardown(self) -> None:
        self.engine.close()
