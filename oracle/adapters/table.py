"""A game seated for the game-AI adapters: its rules, its numbering, its chance and a play's history.

Everything here goes through the common interface (`oracle.interface`): the
adapters know no game's internals.  A play is a chain of immutable `Step`
values, one per action, that clones share; it is pickled as the rules' names
and the actions in the game's own notation, and read back by replaying them
(OpenSpiel's serialization and Python's pickle both go through it).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from oracle.errors import NotationError
from oracle.games import AnyGame, load_game
from oracle.interface import Encoding, FastPlay, Traits, encoding_of, fast_play_of

SEEDS = 1000
"""How many equally likely outcomes a sampled chance step (a shuffled deal) offers by default."""
MAX_GAME_LENGTH = 1000
"""The default bound on a play's decisions, after which it stops with no winner (a truncation, not a rule)."""


@dataclass(frozen=True)
class Table:
    """A game with its rules in force, as the adapters play it."""

    name: str
    ruleset: str | None
    variants: str | None
    seeds: int = SEEDS
    max_game_length: int = MAX_GAME_LENGTH
    game: AnyGame = field(init=False, compare=False)
    rules: Any = field(init=False, compare=False)
    encoding: Encoding[Any, Any] = field(init=False, compare=False)
    traits: Traits = field(init=False, compare=False)
    fast: FastPlay[Any] | None = field(init=False, compare=False)
    """The game's compiled path under these rules (`oracle.interface.FastPlay`), or None."""

    def __post_init__(self) -> None:
        game = load_game(self.name)
        rules = game.parse_rules(self.ruleset, self.variants)
        encoding = encoding_of(game)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "encoding", encoding)
        object.__setattr__(self, "traits", encoding.traits(rules))
        object.__setattr__(self, "fast", fast_play_of(game, rules))
        if self.seeds < 1 or self.max_game_length < 1:
            raise NotationError("seeds and max_game_length are whole numbers from 1", f"{self.seeds}")

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self  # immutable: a cloned play shares its table

    def __reduce__(self) -> tuple[Any, ...]:
        return (Table, (self.name, self.ruleset, self.variants, self.seeds, self.max_game_length))

    @property
    def players(self) -> int:
        return self.encoding.player_count(self.rules)

    @property
    def num_actions(self) -> int:
        return self.encoding.num_actions(self.rules)

    @property
    def max_chance_outcomes(self) -> int:
        listed = self.encoding.max_chance_outcomes(self.rules)
        return max(listed, self.seeds) if self.traits.sampled_chance else listed

    def start(self) -> Step:
        return Step(self, None, self.game.initial_state(self.rules), None, (), 0)


def rules_text(variants: str, settings: Mapping[str, int], defaults: Mapping[str, int]) -> str | None:
    """The rules text of named variants and whole-number settings (``players=5+clues=2``); None for the default."""
    words = [w for w in variants.split("+") if w.strip() and w.strip() != "standard"]
    words += [f"{name}={value}" for name, value in settings.items() if value != defaults.get(name)]
    return "+".join(words) or None


class NumberedActions(Mapping[int, Any]):
    """Legal action numbers from a game's fast path, each decoded into its action only when asked."""

    __slots__ = ("_decode", "_ids", "_set")

    def __init__(self, ids: list[int], table: Table) -> None:
        self._ids = ids
        self._set = frozenset(ids)
        self._decode = (table.encoding, table.rules)

    def __getitem__(self, number: int) -> Any:
        if number not in self._set:
            raise KeyError(number)
        encoding, rules = self._decode
        return encoding.action_of(number, rules)

    def __contains__(self, number: object) -> bool:
        return number in self._set

    def __iter__(self) -> Iterator[int]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)


class Step:
    """One moment of a play: the state, the step before it, and the action that led here.

    Immutable, so clones share it; ``length`` counts the decisions taken so far.
    """

    __slots__ = ("_cache", "action", "choices", "length", "parent", "state", "table")

    def __init__(self, table: Table, parent: Step | None, state: Any, action: Any, choices: tuple[tuple[int, Any], ...],
                 length: int) -> None:
        self.table = table
        self.parent = parent
        self.state = state
        self.action = action
        self.choices = choices
        """Each deciding player with their own choice (one for a player step, all for sealed bids, none for chance)."""
        self.length = length
        self._cache: dict[Any, Any] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Step:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        steps = self.trail()[1:]
        game = self.table.game
        record = [(game.format_action(s.action), [(p, game.format_action(a)) for p, a in s.choices]) for s in steps]
        return (replay, (self.table, record))

    def trail(self) -> list[Step]:
        """The steps from the start to this one."""
        out: list[Step] = []
        step: Step | None = self
        while step is not None:
            out.append(step)
            step = step.parent
        return out[::-1]

    # Who acts.
    @property
    def kind(self) -> str:
        if self.length >= self.table.max_game_length:
            return "over"
        return self.table.game.to_act(self.state).kind

    @property
    def truncated(self) -> bool:
        return self.length >= self.table.max_game_length and self.table.game.to_act(self.state).kind != "over"

    def actors(self) -> tuple[int, ...]:
        return self.table.game.to_act(self.state).players

    # What they may do, numbered.
    def legal(self, player: int) -> Mapping[int, Any]:
        """The legal actions of ``player`` by number, in increasing order."""
        key = ("legal", player)
        if key not in self._cache:
            table = self.table
            fast = table.fast
            if fast is not None and fast.covers(self.state):
                ids = fast.legal_ids(self.state) if player in self.actors() else []
                numbers = NumberedActions(ids, table)
                self._cache[key] = numbers
                return numbers
            actions = table.game.legal_actions(self.state, table.rules, player)
            numbered = {table.encoding.action_id(a, table.rules): a for a in actions}
            self._cache[key] = dict(sorted(numbered.items()))
        legal: Mapping[int, Any] = self._cache[key]
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes by number, with their probabilities (see `chance_action`)."""
        table = self.table
        listed = table.game.chance_outcomes(self.state, table.rules)
        if listed:
            return [(k, float(p)) for k, (_, p) in enumerate(listed)]
        return [(seed, 1 / table.seeds) for seed in range(table.seeds)]

    def chance_action(self, number: int) -> Any:
        """The chance outcome a number stands for.

        Rule: ENCODING.CHANCE
        Rule: TC.ENCODING.DEAL
        Rule: OMBRES.ENCODING.CHANCE
        A chance whose outcomes the game lists (a die, a draw, a shuffle of a
        few tiles, a Convergence pair) is numbered by their order, with their
        probabilities.  A chance too large to list (a shuffled deal) is offered
        as ``seeds`` equally likely outcomes: number n is the outcome that
        `Game.sample_chance` draws with ``random.Random(n)``.  This samples the
        deal; it does not enumerate it.
        """
        table = self.table
        listed = table.game.chance_outcomes(self.state, table.rules)
        if listed:
            if not 0 <= number < len(listed):
                raise NotationError(f"a chance outcome here is numbered 0 to {len(listed) - 1}", str(number))
            return listed[number][0]
        if not 0 <= number < table.seeds:
            raise NotationError(f"a sampled chance outcome is a seed 0 to {table.seeds - 1}", str(number))
        return table.game.sample_chance(self.state, table.rules, Random(number))

    # Playing on.
    def after(self, action: Any, choices: tuple[tuple[int, Any], ...] = ()) -> Step:
        """The step after a legal action (chance, one player's, or the joint action of sealed choices)."""
        table = self.table
        applied = table.game.apply(self.state, action, table.rules)
        decided = 1 if choices else 0
        return Step(table, self, applied.state, action, choices, self.length + decided)

    def play(self, player: int, number: int) -> Step:
        legal = self.legal(player)
        if number not in legal:
            raise NotationError(f"action {number} is not legal for player {player} here", str(number))
        fast = self.table.fast
        if fast is not None and fast.covers(self.state):  # the same state as `after` makes, without its events
            after = fast.after_id(self.state, number)
            if after is not None:
                action = legal[number]
                return Step(self.table, self, after, action, ((player, action),), self.length + 1)
        return self.after(legal[number], ((player, legal[number]),))

    def play_joint(self, numbers: Sequence[int]) -> Step:
        choices = []
        for player, number in zip(self.actors(), numbers, strict=True):
            legal = self.legal(player)
            if number not in legal:
                raise NotationError(f"action {number} is not legal for player {player} here", str(number))
            choices.append((player, legal[number]))
        joint = self.table.game.joint_action(self.state, dict(choices))
        return self.after(joint, tuple(choices))

    # The end.
    def returns(self) -> list[float]:
        """Each player's return: see `returns_of`."""
        outcome = self.table.game.outcome(self.state) if not self.truncated else None
        winners = () if outcome is None else outcome.winners
        return returns_of(self.table, winners, ended=outcome is not None)

    # What a player sees.
    def view(self, player: int) -> str:
        """The player's view (`Game.observe`), as one line of JSON with sorted keys."""
        key = ("view", player)
        if key not in self._cache:
            self._cache[key] = json.dumps(self.table.game.observe(self.state, player), sort_keys=True,
                                          separators=(",", ":"), ensure_ascii=False)
        view: str = self._cache[key]
        return view

    def tensor(self, player: int) -> Sequence[float]:
        table = self.table
        if table.fast is not None and table.fast.covers(self.state):
            return table.fast.tensor(self.state, player)
        return table.encoding.observation_tensor(table.game.observe(self.state, player), player, table.rules)

    def information_state(self, player: int) -> str:
        """What the player has seen and done since the start: each view, and their own choices, one per line.

        With perfect recall: two plays give the same string only if the player
        saw the same views and made the same choices throughout.
        """
        key = ("info", player)
        if key not in self._cache:
            game = self.table.game
            lines: list[str] = []
            for step in self.trail():
                lines += [f"you: {game.format_action(a)}" for p, a in step.choices if p == player]
                lines.append(step.view(player))
            self._cache[key] = "\n".join(lines)
        info: str = self._cache[key]
        return info


def returns_of(table: Table, winners: Sequence[int], *, ended: bool) -> list[float]:
    """The returns of a play that ``ended`` with these winners (or stopped without an end).

    Two players against each other: +1 the winner, -1 the loser, 0 each if
    the play stopped.  A cooperative game: 1 to everyone on a win, 0 on a
    loss.  More players: 1 to each winner, 0 to the others.
    """
    n = table.players
    if table.traits.cooperative:
        return [1.0 if winners else 0.0] * n
    if n == 2:
        if not ended or not winners:
            return [0.0, 0.0]
        return [1.0 if p in winners else -1.0 for p in range(n)]
    return [1.0 if p in winners else 0.0 for p in range(n)]


def utility_range(table: Table) -> tuple[float, float]:
    if not table.traits.cooperative and table.players == 2:
        return -1.0, 1.0
    return 0.0, 1.0


def replay(table: Table, record: Sequence[tuple[str, Sequence[tuple[int, str]]]]) -> Step:
    """A play read back from its record: each action in the game's notation, with the players' own choices."""
    game = table.game
    step = table.start()
    for action_text, choices in record:
        action = game.parse_action(action_text)
        step = step.after(action, tuple((int(p), game.parse_action(text)) for p, text in choices))
    return step
