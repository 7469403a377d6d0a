"""Games written down: actions played one after another, and a recorded game read back and checked.

(spec/vectors.md, "Recorded games".)  `play` applies a sequence of actions
to a state, step by step, and keeps each step's verdict and events; it stops
at the first illegal action.  Asked from a player's view, a step whose
legality depends on what the view cannot see is taken as made, as `apply`
takes it (spec/design.md, Views), and its verdict says on what it depends.

A recorded game is a file of JSON lines, one step each, as the playthroughs
of the vector sets write them: an optional ``header`` (the game, its rules,
the state it starts from), one ``ply`` record per step (the action, and
optionally the state before it, who acts, the verdict and the events, which
are then checked), and an optional ``final`` record (the last state and the
outcome, checked too).  A line that is a JSON string is an action alone.
`read_record` reads one within `oracle.inputs.MAX_RECORD_BYTES`; `replay`
plays it and names the first step that is illegal or differs from the
record; `write_record` writes one.  The command line (``oracle apply STATE A1
A2 ...``, ``oracle replay FILE``) and the protocol (``apply`` with
``turns``) use this module; it knows a game only through `Game`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from oracle.errors import NotationError
from oracle.games import DEFAULT_GAME, GAMES, AnyGame, load_game
from oracle.inputs import MAX_RECORD_BYTES, load_json, preview, read_stream
from oracle.interface import DEPENDS, LEGAL, IllegalAction, Outcome, ToAct, Verdict
from oracle.tools.state_rules import check_named_rules

Json = dict[str, Any]


def mover_text(game: AnyGame, mover: ToAct) -> str:
    """``chance``, ``over``, a player's name, or ``sealed p0,p1,p2`` for sealed simultaneous choices."""
    if mover.kind == "simultaneous":
        return "sealed " + ",".join(game.player_name(p) for p in mover.players)
    if mover.kind == "player":
        return game.player_name(mover.players[0])
    return mover.kind


def depending(game: AnyGame, state: Any, rules: Any, player: int | None, legal: Sequence[Any]) -> list[Json]:
    """From a player's view, the actions that depend on what it cannot see (`Game.possible_actions` that
    are not in ``legal``), each ``{"turn", "rule", "reason"}``; none from a whole state."""
    if game.observe_rule is None:  # only a game with hidden information has views
        return []
    found = []
    for action in game.possible_actions(state, rules, player):
        if action not in legal:
            verdict = game.explain(state, action, rules)
            found.append({"turn": game.format_action(action), "rule": verdict.rule, "reason": verdict.reason})
    return found


def outcome_json(game: AnyGame, outcome: Outcome | None) -> Json | None:
    """How a game ended, as JSON: the winners' names, the sentence and the clause; None while it goes on."""
    if outcome is None:
        return None
    return {"winners": [game.player_name(w) for w in outcome.winners], "reason": outcome.reason,
            "rule": outcome.rule}


def outcome_text(outcome: Outcome) -> str:
    """``the game is over: white wins: black has copies on fewer than two eras (WIN.CHECK)``."""
    return f"the game is over: {outcome.reason} ({outcome.rule})"


# --- playing a sequence ----------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One action of a sequence: who was to act, the verdict, and (when it was played) its events and
    the state after it."""

    number: int
    before: Any
    mover: ToAct
    action: Any
    verdict: Verdict
    events: tuple[Any, ...] = ()
    after: Any | None = None

    @property
    def played(self) -> bool:
        return self.after is not None


def play_one(game: AnyGame, state: Any, action: Any, rules: Any, number: int = 1) -> Step:
    """One step: the action applied to ``state`` (taken as made when it depends on a view's unknowns),
    or refused with its verdict."""
    mover = game.to_act(state)
    try:
        applied = game.apply(state, action, rules)
    except IllegalAction as exc:
        return Step(number, state, mover, action, exc.verdict)
    # Only a view can leave legality open, and only a game with hidden information has views.
    verdict = Verdict(LEGAL, "") if game.observe_rule is None else game.explain(state, action, rules)
    return Step(number, state, mover, action, verdict, tuple(applied.events), applied.state)


def iter_play(game: AnyGame, state: Any, actions: Iterable[Any], rules: Any) -> Iterator[Step]:
    """Each action applied in turn from ``state``, each step yielded as it is played, up to and including
    the first illegal one: nothing is kept, so many actions take the memory of one state."""
    for number, action in enumerate(actions, start=1):
        step = play_one(game, state, action, rules, number)
        yield step
        if not step.played:
            return
        state = step.after


def play(game: AnyGame, state: Any, actions: Iterable[Any], rules: Any) -> list[Step]:
    """Each action applied in turn from ``state``; the steps, up to and including the first illegal one."""
    return list(iter_play(game, state, actions, rules))


def reached(steps: Sequence[Step], start: Any) -> Any:
    """The state the steps reached: after the last one played."""
    played = [s for s in steps if s.played]
    return played[-1].after if played else start


def summary(steps: Sequence[Step]) -> Verdict:
    """The verdict of a whole sequence: the first illegal step's, else the first that depends, else legal."""
    for status in ("illegal", DEPENDS):
        for step in steps:
            if step.verdict.status == status:
                return step.verdict
    return Verdict(LEGAL, "")


def step_json(game: AnyGame, step: Step, with_state: bool = True) -> Json:
    """A step as JSON: its number, who acted, the action, the verdict, the events and the state after it."""
    data: Json = {"ply": step.number, "to_act": mover_text(game, step.mover), "turn": game.format_action(step.action),
                  "verdict": step.verdict.status, "rule": step.verdict.rule, "reason": step.verdict.reason,
                  "events": [game.event_text(e) for e in step.events]}
    if with_state:
        data["position"] = None if step.after is None else game.format_state(step.after)
    return data


def step_text(game: AnyGame, step: Step, events: bool = True, verdict: Callable[[Verdict], str] = str,
              event: Callable[[Any], str] | None = None, words: Callable[[str], str] = str) -> str:
    """``3. p2: R6``, the verdict when it is not plainly legal, and (``events``) the events below, indented;
    ``verdict``, ``event`` and ``words`` (the step's own, such as ``; taken as made``) write them (default: as the
    oracle does, in English)."""
    lines = [f"{step.number}. {mover_text(game, step.mover)}: {game.format_action(step.action)}"]
    if step.verdict.status != LEGAL:
        lines.append(f"  {verdict(step.verdict)}" + (words("; taken as made") if step.played else ""))
    if events:
        lines += [f"  {(event or game.event_text)(e)}" for e in step.events]
    return "\n".join(lines)


# --- recorded games ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RecordedPly:
    """One step of a record: its line, the action, and what the record says of it (None: not said)."""

    line: int
    action: Any
    state: str | None = None
    to_act: str | None = None
    verdict: str | None = None
    events: tuple[str, ...] | None = None


class JsonPlies:
    """The plies of a JSON-lines record, read from its text afresh each time they are walked, so that no
    more than one line's objects are held at once (a record of 250,000 plies replays in the memory of one
    state).  Built by `read_record`, which has read every line once already."""

    def __init__(self, text: str, game: AnyGame, skip: int, count: int) -> None:
        self.text, self.game, self.skip, self.count = text, game, skip, count

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[RecordedPly]:
        left = self.count
        for number, obj in _json_lines(self.text):
            if number <= self.skip:
                continue
            if left == 0:
                return
            left -= 1
            yield _ply_of(self.game, obj, number)


Plies = tuple[RecordedPly, ...] | JsonPlies


@dataclass(frozen=True)
class Record:
    """A recorded game: the game, its rules, the state it starts from, its steps and how it ends.

    ``outcome_said``: the record says how the game stands at its end (``outcome`` None: it goes on);
    ``result``: layout 1's sentence for it (``white wins``, ``unfinished after 200 plies``)."""

    game: AnyGame
    rules: Any
    start: Any
    plies: Plies
    final: str | None = None
    outcome: Json | None = None
    header: Json = field(default_factory=dict)
    outcome_said: bool = False
    result: str | None = None


class RecordError(NotationError):
    """A record that cannot be read: the message names its line."""


def read_text(stream: IO[str], what: str) -> str:
    """A record's text, read no further than `MAX_RECORD_BYTES`."""
    return read_stream(stream, MAX_RECORD_BYTES, what, holds="a record")


def _text_field(obj: Json, key: str, line: int) -> str | None:
    value = obj.get(key)
    if value is not None and not isinstance(value, str):
        raise RecordError(f"line {line}: {key} must be a string", preview(value))
    return value


def record_game(header: Json, game: AnyGame | None) -> AnyGame:
    """The record's game: the header's, or the one asked for (by default TTYKM); a header naming another
    game than the one asked for is refused."""
    named = header.get("game")
    if isinstance(named, str):
        if named not in GAMES:
            raise RecordError(f"line 1: the record is a game of {named}, which the oracle does not know", named)
        if game is not None and game.name != named:
            raise RecordError(f"line 1: the record is a game of {named}, not {game.name}", named)
        return load_game(named)
    return game or load_game(DEFAULT_GAME)


def record_rules(header: Json, game: AnyGame, ruleset: str | None, variant: str | None) -> Any:
    """The rules the record is played by: its header's (``rules``, or layout 1's ``variant``), or the ones
    asked for (``ruleset``, ``variant``: the command line's); both, when they name other rules, are refused."""
    recorded = header.get("rules", header.get("variant"))
    if recorded is not None and not isinstance(recorded, str):
        raise RecordError("line 1: rules must be a string", preview(recorded))
    if recorded is None:
        return game.parse_rules(ruleset, variant)
    try:
        kept = game.parse_rules(None, recorded)
    except NotationError as exc:
        raise RecordError(f"line 1: {exc}") from None
    if ruleset is not None or variant is not None:
        asked = game.parse_rules(ruleset, variant)
        if game.rules_name(asked) != game.rules_name(kept):
            named = " and ".join(f"--{k} {v}" for k, v in (("rules", ruleset), ("variant", variant)) if v is not None)
            raise RecordError(f"line 1: the record is played by {game.rules_name(kept)}, not"
                              f" {game.rules_name(asked)}", named)
    return kept


def start_rules(header: Json, game: AnyGame, start: Any, rules: Any) -> Any:
    """The rules the record's start is played by: a start whose own rules (a TTYKM ``rules=`` field, a Time
    Chase table's players, a card game's ``variants=``) are not the header's is refused, as every command
    refuses rules that a given state contradicts (`oracle.tools.state_rules.check_named_rules`)."""
    recorded = header.get("rules", header.get("variant"))
    try:
        if recorded is None:
            return game.state_rules(start, rules)
        own = game.ruleset_of(game.initial_state(rules))
        return check_named_rules(game, start, rules, own, recorded)
    except NotationError as exc:
        raise RecordError(f"line 1: {exc}") from None


def canonical_state(game: AnyGame, text: str | None) -> str | None:
    """A state's text as the game writes it (None for None); `NotationError` if it cannot be read."""
    return None if text is None else game.format_state(game.parse_state(text))


def _json_lines(text: str) -> Iterator[tuple[int, Any]]:
    """Each non-blank line of a JSON-lines text, read (`load_json`), with its line number; the text is
    walked in place, never split into a list of lines."""
    number, at = 0, 0
    while at < len(text):
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        line, number, at = text[at:end], number + 1, end + 1
        if line.strip():
            try:
                yield number, load_json(line, f"line {number}")
            except NotationError as exc:
                raise RecordError(str(exc)) from None


def read_record(text: str, game: AnyGame | None = None, ruleset: str | None = None,
                variant: str | None = None) -> Record:
    """A record's text read: JSON lines (see the module), in the game's own words for its fields.

    ``game``, ``ruleset`` and ``variant`` are what the caller asks for; a header that says otherwise, or a
    start whose own rules are not the header's, is refused.  Every line is read and checked here, once;
    the plies are kept as the text (`JsonPlies`).  Raises `NotationError` (a `RecordError` naming the
    line) for what cannot be read.
    """
    if not text.strip():
        raise RecordError("the record is empty: one JSON line per step")
    lines = _json_lines(text)
    first_number, first = next(lines)
    header: Json = {}
    if isinstance(first, dict) and first.get("record") == "header":
        header = first
    game = record_game(header, game)
    rules = record_rules(header, game, ruleset, variant)
    words = game.words
    try:
        start_text = _text_field(header, words.state, 1)
        start = game.initial_state(rules) if start_text is None else game.parse_state(start_text)
    except NotationError as exc:
        raise RecordError(f"line 1: {exc}") from None
    rules = start_rules(header, game, start, rules)
    final: str | None = None
    outcome: Json | None = None
    outcome_said = False
    result: str | None = None
    count = 0
    rest = lines if header else _chain((first_number, first), lines)
    for number, obj in rest:
        if final is not None:
            raise RecordError(f"line {number}: nothing may follow the final record")
        if isinstance(obj, dict) and obj.get("record", "ply") == "final":
            final = canonical_state_at(game, _text_field(obj, "final", number), number) or ""
            outcome_said = "outcome" in obj
            outcome = _outcome_field(obj.get("outcome"), number)
            result = _text_field(obj, "result", number)
            continue
        _ply_of(game, obj, number)  # checked now, read again when replayed
        count += 1
    return Record(game, rules, start, JsonPlies(text, game, first_number if header else 0, count), final or None,
                  outcome, header, outcome_said, result)


def _chain(first: tuple[int, Any], rest: Iterator[tuple[int, Any]]) -> Iterator[tuple[int, Any]]:
    yield first
    yield from rest


def canonical_state_at(game: AnyGame, text: str | None, number: int) -> str | None:
    try:
        return canonical_state(game, text)
    except RecordError:
        raise
    except NotationError as exc:
        raise RecordError(f"line {number}: {exc}") from None


def _ply_of(game: AnyGame, obj: Any, number: int) -> RecordedPly:
    """One line of a record read as a ply: an action string, or a ply record."""
    try:
        if isinstance(obj, str):
            return RecordedPly(number, game.parse_action(obj))
        if not isinstance(obj, dict):
            raise RecordError(f"line {number}: a step is a JSON object or an action string", preview(obj))
        kind = obj.get("record", "ply")
        if kind != "ply":
            raise RecordError(f"line {number}: a record is a header, a ply or the final one", preview(kind))
        return _ply(game, obj, number)
    except RecordError:
        raise
    except NotationError as exc:
        raise RecordError(f"line {number}: {exc}") from None


def _outcome_field(found: Any, number: int) -> Json | None:
    if found is not None and not (isinstance(found, dict) and isinstance(found.get("winners"), list)
                                  and all(isinstance(w, str) for w in found["winners"])
                                  and isinstance(found.get("rule"), str)):
        raise RecordError(f"line {number}: an outcome is {{\"winners\": [names], \"rule\": clause}}")
    return found


def _ply(game: AnyGame, obj: Json, number: int) -> RecordedPly:
    """A ply record: its action (text or the JSON form), and what it says of the step."""
    words = game.words
    if words.action not in obj:
        raise RecordError(f"line {number}: a ply needs its {words.action} ({json.dumps(words.action)})")
    action = obj[words.action]
    events = obj.get("events")
    if events is not None and not (isinstance(events, list) and all(isinstance(e, str) for e in events)):
        raise RecordError(f"line {number}: events are a list of event lines")
    return RecordedPly(number, game.parse_action(action) if isinstance(action, str) else game.action_from_json(action),
                       canonical_state(game, _text_field(obj, words.state, number)), _text_field(obj, "to_act", number),
                       _text_field(obj, "verdict", number), None if events is None else tuple(events))


@dataclass(frozen=True)
class Replay:
    """A record replayed: the steps played (all of them, or none when not kept), the state reached, and
    the first problem (None: it replays as written)."""

    record: Record
    steps: tuple[Step, ...]
    problem: str | None = None
    problem_ply: int | None = None
    state: Any = None
    played: int = 0
    depends: int = 0


def said_outcome(record: Record) -> str:
    """What the record says of the end, in the words of `stated_outcome`."""
    if record.outcome is None:
        return "the game goes on"
    return f"{','.join(record.outcome['winners']) or 'nobody'} {record.outcome['rule']}"


def stated_outcome(game: AnyGame, outcome: Outcome | None) -> str:
    """``white WIN.CHECK``, ``nobody OMBRES.LOSS`` or ``the game goes on``."""
    if outcome is None:
        return "the game goes on"
    return f"{','.join(game.player_name(w) for w in outcome.winners) or 'nobody'} {outcome.rule}"


def result_sentence(game: AnyGame, outcome: Outcome | None) -> str | None:
    """Layout 1's sentence for an end (``white wins``, ``p0,p2 win``, ``nobody win``); None while it goes on
    (written ``unfinished after N plies``)."""
    if outcome is None:
        return None
    winners = [game.player_name(w) for w in outcome.winners]
    return f"{winners[0]} wins" if len(winners) == 1 else f"{','.join(winners) or 'nobody'} win"


def _end_problem(record: Record, state: Any) -> str | None:
    """How the record's end differs from the oracle's: its final state, its outcome (null included: the
    game goes on) and layout 1's result sentence, each compared when the record gives it."""
    game = record.game
    if record.final is not None and record.final != game.format_state(state):
        return (f"the final {game.words.state}: the record says {record.final}, but the replay reached "
                f"{game.format_state(state)}")
    ours = game.outcome(state)
    rule = f" ({ours.rule})" if ours is not None else ""
    if record.outcome_said:
        theirs = None if record.outcome is None else (record.outcome["winners"], record.outcome["rule"])
        mine = None if ours is None else ([game.player_name(w) for w in ours.winners], ours.rule)
        if theirs != mine:
            return (f"the outcome: the record says {said_outcome(record)}, but the oracle says"
                    f" {stated_outcome(game, ours)}")
    if record.result is not None:
        sentence = result_sentence(game, ours)
        unfinished = record.result.startswith("unfinished after ") and record.result.endswith(" plies") \
            and record.result.removeprefix("unfinished after ").removesuffix(" plies").isdigit()
        if (sentence is None and not unfinished) or (sentence is not None and record.result != sentence):
            return (f"the result: the record says {record.result}, but the oracle says"
                    f" {sentence or 'the game goes on'}{rule}")
    return None


def replay(record: Record, keep: bool = True, each: Callable[[Step], None] | None = None) -> Replay:
    """Play a record's steps from its start, checking what it says of each; stop at the first problem:
    an illegal step (named with its rule) or a state, mover, verdict, events or end that differ.

    ``keep``: the steps are kept in the answer (False: each is dropped once played, so that a long
    record replays in the memory of one state); ``each`` is called with every step as it is played."""
    game, rules = record.game, record.rules
    state = record.start
    steps: list[Step] = []
    played = depends = 0

    def stop(number: int, problem: str) -> Replay:
        return Replay(record, tuple(steps), problem, number, state, played, depends)

    def take(step: Step) -> None:
        if keep:
            steps.append(step)
        if each is not None:
            each(step)

    for number, ply in enumerate(record.plies, start=1):
        where = f"ply {number}" + (f" (line {ply.line})" if ply.line else "")
        if ply.state is not None and ply.state != game.format_state(state):
            return stop(number, f"{where}: the record's {game.words.state} is {ply.state}, but the replay reached "
                                f"{game.format_state(state)}")
        mover = mover_text(game, game.to_act(state))
        if ply.to_act is not None and ply.to_act != mover:
            return stop(number, f"{where}: the record says {ply.to_act} acts, but {mover} is to act")
        step = play_one(game, state, ply.action, rules, number)
        take(step)
        if not step.played:
            return stop(number, f"{where}: {mover}'s {game.format_action(ply.action)} is {step.verdict}")
        played += 1
        depends += step.verdict.status == DEPENDS
        state = step.after
        if ply.verdict is not None and ply.verdict != step.verdict.status:
            return stop(number, f"{where}: the record says {ply.verdict}, but the oracle says {step.verdict}")
        events = tuple(game.event_text(e) for e in step.events)
        if ply.events is not None and ply.events != events:
            return stop(number, f"{where}: the events differ: the record says {'; '.join(ply.events)}, "
                                f"the oracle {'; '.join(events)}")
    problem = _end_problem(record, state)
    if problem is not None:
        return stop(len(record.plies) + 1, problem)
    return Replay(record, tuple(steps), None, None, state, played, depends)


def write_record(game: AnyGame, rules: Any, start: Any, actions: Sequence[Any]) -> str:
    """The record of a game played from ``start``: a header, one ply per action with the state before it,
    who acts, the verdict and the events, and the final state with its outcome.  Every action must be
    playable (legal, or depending on a view's unknowns); `ValueError` otherwise."""
    words = game.words
    rules_name = game.rules_name(game.state_rules(start, rules))
    lines: list[Json] = [{"record": "header", "game": game.name, "rules": rules_name,
                          words.state: game.format_state(start)}]
    state = start
    for step in play(game, start, actions, rules):
        if not step.played:
            raise ValueError(f"ply {step.number}: {game.format_action(step.action)} is {step.verdict}")
        lines.append({"record": "ply", "ply": step.number, words.state: game.format_state(step.before),
                      "to_act": mover_text(game, step.mover), words.action: game.format_action(step.action),
                      "verdict": step.verdict.status, "events": [game.event_text(e) for e in step.events]})
        state = step.after
    outcome = outcome_json(game, game.outcome(state))
    lines.append({"record": "final", "final": game.format_state(state),
                  "outcome": None if outcome is None else {"winners": outcome["winners"], "rule": outcome["rule"]}})
    return "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
