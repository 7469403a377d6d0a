"""A game seated for the game-AI adapters: its rules, its numbering, its chance and a play's history.

Everything here goes through the common interface (`oracle.interface`): the
adapters know no game's internals.  A play is a chain of immutable `Step`
values, one per action (and one per part of a deal dealt part by part), that
clones share; it is pickled as the rules' names, the actions in the game's
own notation and the deal's parts, and read back by replaying them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from oracle.errors import NotationError
from oracle.games import AnyGame, load_game
from oracle.interface import (
    Encoding,
    FastPlay,
    HiddenInformation,
    Traits,
    encoding_of,
    fast_play_of,
    hidden_information_of,
)

MAX_GAME_LENGTH = 1000
"""The default bound on a play's decisions, after which it stops with no winner (a truncation, not a rule)."""


@dataclass(frozen=True)
class Table:
    """A game with its rules in force, as the adapters play it.

    ``turn_based`` asks sealed choices (Time Chase's bids) of one player at a time, each hidden from
    the others until all are in: the sequential form that tabular algorithms need.
    """

    name: str
    ruleset: str | None
    variants: str | None
    max_game_length: int = MAX_GAME_LENGTH
    turn_based: bool = False
    game: AnyGame = field(init=False, compare=False)
    rules: Any = field(init=False, compare=False)
    encoding: Encoding[Any, Any] = field(init=False, compare=False)
    hidden: HiddenInformation[Any, Any] | None = field(init=False, compare=False)
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
        object.__setattr__(self, "hidden", hidden_information_of(game))
        object.__setattr__(self, "traits", encoding.traits(rules))
        object.__setattr__(self, "fast", fast_play_of(game, rules))
        if self.max_game_length < 1:
            raise NotationError("max_game_length is a whole number from 1", f"{self.max_game_length}")

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self  # immutable: a cloned play shares its table

    def __reduce__(self) -> tuple[Any, ...]:
        return (Table, (self.name, self.ruleset, self.variants, self.max_game_length, self.turn_based))

    @property
    def players(self) -> int:
        return self.encoding.player_count(self.rules)

    @property
    def num_actions(self) -> int:
        return self.encoding.num_actions(self.rules)

    @property
    def max_chance_outcomes(self) -> int:
        listed = self.encoding.max_chance_outcomes(self.rules)
        return max(listed, self.hidden.max_deal_part_outcomes(self.rules)) if self.hidden is not None else listed

    def start(self) -> Step:
        return Step(self, None, self.game.initial_state(self.rules), None, (), 0)


def rules_text(variants: str, settings: Mapping[str, int], defaults: Mapping[str, int]) -> str | None:
    """The rules text of named variants and whole-number settings (``players=5+clues=2``); None for the default."""
    words = [w for w in variants.split("+") if w.strip() and w.strip() != "standard"]
    words += [f"{name}={value}" for name, value in settings.items() if value != defaults.get(name)]
    return "+".join(words) or None


Record = list[tuple[Any, Any, tuple[tuple[int, Any], ...]]]


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

    Immutable, so clones share it; ``length`` counts the decisions taken so far.  While a deal is
    dealt part by part (`oracle.interface.HiddenInformation.deal_parts`), ``dealt`` holds the parts so
    far and the state waits; in a turn-based table ``sealed`` holds the sealed choices made so far.
    """

    __slots__ = ("_cache", "action", "choices", "dealt", "length", "parent", "sealed", "state", "table")

    def __init__(self, table: Table, parent: Step | None, state: Any, action: Any, choices: tuple[tuple[int, Any], ...],
                 length: int, dealt: tuple[int, ...] = (), sealed: tuple[tuple[int, Any], ...] = ()) -> None:
        self.table = table
        self.parent = parent
        self.state = state
        self.action = action
        self.choices = choices
        """Each deciding player with their own choice (one for a player step, all for sealed bids, none for chance)."""
        self.length = length
        self.dealt = dealt
        self.sealed = sealed
        self._cache: dict[Any, Any] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Step:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        steps = self.trail()
        game = self.table.game
        root = steps[0]
        initial = root.state == game.initial_state(self.table.rules)
        start = None if initial else (game.format_state(root.state), root.length)
        record: list[tuple[Any, ...]] = []
        for s in steps[1:]:
            if s.action is not None:
                record.append(("action", game.format_action(s.action),
                               [(p, game.format_action(a)) for p, a in s.choices]))
            elif s.dealt:
                record.append(("part", s.dealt[-1]))
            else:
                player, choice = s.sealed[-1]
                record.append(("sealed", player, game.format_action(choice)))
        return (replay, (self.table, record, start))

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
        kind = self.table.game.to_act(self.state).kind
        return "player" if kind == "simultaneous" and self.table.turn_based else kind

    @property
    def truncated(self) -> bool:
        return self.length >= self.table.max_game_length and self.table.game.to_act(self.state).kind != "over"

    def actors(self) -> tuple[int, ...]:
        """Who acts: the player, every sealed chooser, or in a turn-based table the next sealed chooser."""
        to_act = self.table.game.to_act(self.state)
        if to_act.kind == "simultaneous" and self.table.turn_based:
            done = {p for p, _ in self.sealed}
            return tuple(p for p in to_act.players if p not in done)[:1]
        return to_act.players

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
        return [(k, float(p)) for k, p in self._chance()]

    def _chance(self) -> list[tuple[int, Any]]:
        table = self.table
        listed = table.game.chance_outcomes(self.state, table.rules)
        if listed:
            return [(k, p) for k, (_, p) in enumerate(listed)]
        if table.hidden is None:
            raise NotationError("this chance lists no outcomes", table.name)
        return list(table.hidden.deal_parts(self.state, table.rules, self.dealt))

    def chance_text(self, number: int) -> str:
        """A chance outcome in words: the game's action, or a part of the deal."""
        table = self.table
        listed = table.game.chance_outcomes(self.state, table.rules)
        if listed:
            return str(table.game.format_action(self.chance_action(number)))
        return f"deal part {len(self.dealt) + 1}: {number}"

    def chance_action(self, number: int) -> Any:
        """The chance outcome a listed number stands for.

        Rule: ENCODING.CHANCE
        A chance whose outcomes the game lists (a die, a draw, a shuffle of a
        few tiles, a Convergence pair) is numbered by their order, with their
        probabilities.  A deal too large to list is dealt in parts, each
        numbered by the game (TC.ENCODING.DEAL, OMBRES.ENCODING.CHANCE): see `chance`.
        """
        table = self.table
        listed = table.game.chance_outcomes(self.state, table.rules)
        if not 0 <= number < len(listed):
            raise NotationError(f"a chance outcome here is numbered 0 to {len(listed) - 1}", str(number))
        return listed[number][0]

    def chance(self, number: int) -> Step:
        """The step after the chance outcome ``number``: a listed outcome, or the deal's next part (the
        deal itself once its last part is in)."""
        table = self.table
        if table.game.chance_outcomes(self.state, table.rules):
            return self.after(self.chance_action(number))
        parts = dict(self._chance())
        if number not in parts:
            raise NotationError(f"{number} is not an outcome of this part of the deal", str(number))
        dealt = (*self.dealt, number)
        assert table.hidden is not None
        if table.hidden.deal_parts(self.state, table.rules, dealt):
            return Step(table, self, self.state, None, (), self.length, dealt)
        return self.after(table.hidden.deal_of(self.state, table.rules, dealt))

    # Playing on.
    def after(self, action: Any, choices: tuple[tuple[int, Any], ...] = ()) -> Step:
        """The step after a legal action (chance, one player's, or the joint action of sealed choices)."""
        table = self.table
        applied = table.game.apply(self.state, action, table.rules)
        decided = 1 if choices else 0
        return Step(table, self, applied.state, action, choices, self.length + decided)

    def play(self, player: int, number: int) -> Step:
        legal = self.legal(player)
        if number not in legal or player not in self.actors():
            raise NotationError(f"action {number} is not legal for player {player} here", str(number))
        if self.table.turn_based and self.table.game.to_act(self.state).kind == "simultaneous":
            sealed = (*self.sealed, (player, legal[number]))
            if len(sealed) < len(self.table.game.to_act(self.state).players):
                return Step(self.table, self, self.state, None, (), self.length, sealed=sealed)
            joint = self.table.game.joint_action(self.state, dict(sealed))
            return self.after(joint, sealed)
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

    def record(self, player: int) -> Record:
        """The play as the game's `HiddenInformation` reads it: (state before, action, choices) for each
        action, then (the state now, None, ``player``'s own sealed choices not yet revealed)."""
        out: Record = []
        for step in self.trail()[1:]:
            if step.action is not None:
                assert step.parent is not None
                out.append((step.parent.state, step.action, step.choices))
        out.append((self.state, None, tuple((p, a) for p, a in self.sealed if p == player)))
        return out

    def information_state(self, player: int) -> str:
        """What the player has seen and done since the start.

        For a game of hidden information, the game's own bounded string (`HiddenInformation`); for a
        game of perfect information, each view and the player's own choices, one per line.
        """
        key = ("info", player)
        if key not in self._cache:
            game = self.table.game
            if self.table.hidden is not None:
                self._cache[key] = self.table.hidden.information_state(self.record(player), player, self.table.rules)
            else:
                lines: list[str] = []
                for step in self.trail():
                    lines += [f"you: {game.format_action(a)}" for p, a in step.choices if p == player]
                    lines.append(step.view(player))
                self._cache[key] = "\n".join(lines)
        info: str = self._cache[key]
        return info

    def information_tensor(self, player: int) -> list[float]:
        hidden = self.table.hidden
        if hidden is None:
            raise NotImplementedError(f"{self.table.name} has no information-state tensor: nothing is hidden")
        return hidden.information_state_tensor(self.record(player), player, self.table.rules)

    def resample(self, player: int, rng: Random) -> Step:
        """A step ``player`` cannot tell from this one, drawn with ``rng`` (`HiddenInformation.resample`).

        The other players' sealed choices not yet revealed are drawn uniformly among their legal ones.
        """
        table = self.table
        if table.hidden is None or self.dealt:
            return self if table.hidden is None else table.start()._redeal(self.dealt, rng)
        record = self.record(player)
        start, actions = table.hidden.resample(record, player, table.rules, rng)
        if actions:
            step = Step(table, None, start, None, (), 0)
            for action, chosen in zip(actions, [c for _, a, c in record if a is not None], strict=True):
                step = step.after(action, tuple(chosen))
        else:  # a whole state completing the player's view, after as many decisions as this one
            step = Step(table, None, start, None, (), self.length)
        for p, choice in self.sealed:
            mine = choice if p == player else rng.choice(list(step.legal(p).values()))
            step = Step(table, step, step.state, None, (), step.length, sealed=(*step.sealed, (p, mine)))
        return step

    def _redeal(self, dealt: Sequence[int], rng: Random) -> Step:
        """Parts of a deal nobody has seen yet, drawn again (a deal in progress shows nothing)."""
        step = self
        for _ in dealt:
            parts = step._chance()
            step = step.chance(rng.choices([k for k, _ in parts], weights=[float(p) for _, p in parts])[0])
        return step


def returns_of(table: Table, winners: Sequence[int], *, ended: bool) -> list[float]:
    """The returns of a play that ``ended`` with these winners (or stopped without an end).

    Two players against each other: +1 the winner, -1 the loser, 0 each if
    the play stopped.  A cooperative game: 1 to everyone on a win, 0 on a
    loss.  More players: 1 to each winner, 0 to the others; in a game with
    exactly one winner (Time Chase), 1/n each if the play stopped, so the
    returns always sum to 1.
    """
    n = table.players
    if table.traits.one_winner and n > 2 and not ended:
        return [1.0 / n] * n
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


def replay(table: Table, record: Sequence[tuple[Any, ...]], start: tuple[str, int] | None = None) -> Step:
    """A play read back from its record: each action in the game's notation with the players' own choices,
    each part of a deal by its number, each sealed choice not yet revealed; from ``start`` (a state's text
    and the decisions before it, for a resampled play) or the game's start."""
    game = table.game
    step = table.start() if start is None else Step(table, None, game.parse_state(start[0]), None, (), start[1])
    for entry in record:
        if entry[0] == "part":
            step = step.chance(int(entry[1]))
        elif entry[0] == "sealed":
            step = Step(table, step, step.state, None, (), step.length,
                        sealed=(*step.sealed, (int(entry[1]), game.parse_action(entry[2]))))
        else:
            action = game.parse_action(entry[1])
            step = step.after(action, tuple((int(p), game.parse_action(text)) for p, text in entry[2]))
    return step
