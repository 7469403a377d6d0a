"""Worked examples: the ```` ```example ```` blocks in spec/*.md.

Each block states a position, optionally a turn, and what the oracle must say
of them (spec/README.md lists the fields).  `check_example` compares every
stated field with the oracle; the test suite and the rules site both use it,
so an example can never disagree with the code silently.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from oracle.games import worked_examples
from oracle.games.ttykm.moves import apply_move, explain_move, format_move, read_move
from oracle.games.ttykm.notation import (
    NotationError,
    event_text,
    format_position,
    format_turn,
    parse_cell,
    parse_position,
    position_to_json,
)
from oracle.games.ttykm.rules.standard import legal_turns
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import InvalidPosition, Position
from oracle.games.ttykm.turn import Turn
from oracle.games.worked_examples import ExampleFields
from oracle.games.worked_examples import ExampleFormatError as ExampleFormatError  # re-exported

FORM = ExampleFields(
    scalars=("title", "rules", "variant", "position", "turn", "verdict", "after", "legal-count", "position-json",
             "invalid", "trace", "tried-with"),
    lists=("events", "legal-turns"),
    required="position",
)


@dataclass
class WorkedExample(worked_examples.WorkedExample):
    """One TTYKM example block, with where it stands."""

    @property
    def ruleset(self) -> Ruleset:
        return Ruleset.parse(self.fields.get("variant", "standard"))


def parse_block(lines: list[str], path: str, line: int) -> WorkedExample:
    """Parse the lines inside one fence."""
    return worked_examples.parse_block(lines, path, line, FORM, WorkedExample)


def examples_in(text: str, path: str) -> list[WorkedExample]:
    """Every example block in one Markdown text."""
    return worked_examples.examples_in(text, path, FORM, WorkedExample)


def read_examples(spec_dir: Path) -> list[WorkedExample]:
    """Every example block in the Markdown files of ``spec_dir`` and its folders, in file order."""
    return worked_examples.read_examples(spec_dir, FORM, WorkedExample, recursive=True)


def check_example(example: WorkedExample) -> list[str]:
    """The differences between what ``example`` states and what the oracle says."""
    problems: list[str] = []
    f = example.fields
    differ = partial(worked_examples.differ, problems, example.where)

    try:
        position = parse_position(f["position"])
    except (NotationError, InvalidPosition) as exc:
        actual = f"invalid position ({exc.rule}): {exc}" if isinstance(exc, InvalidPosition) else str(exc)
        if "invalid" in f:
            differ("invalid", f["invalid"], actual)
        else:
            problems.append(f"{example.where}: the position does not parse: {actual}")
        return problems
    if "invalid" in f:
        problems.append(f"{example.where}: the example says the position is invalid, but it is valid")
        return problems
    differ("canonical position", f["position"], format_position(position))
    ruleset = example.ruleset
    if "position-json" in f:
        differ("position-json", json.loads(f["position-json"]), position_to_json(position))
    if "legal-count" in f:
        differ("legal-count", int(f["legal-count"]), len(legal_turns(position, ruleset)))
    if "legal-turns" in example.lists:
        differ("legal-turns", example.lists["legal-turns"], [format_turn(t) for t in legal_turns(position, ruleset)])
    if "turn" not in f:
        for key in ("verdict", "events", "after"):
            if key in f or key in example.lists:
                problems.append(f"{example.where}: {key} needs a turn")
        return problems
    turn = read_move(f["turn"])  # a turn or a Convergence draw (CONVERGENCE.DRAW)
    differ("canonical turn", f["turn"], format_move(turn))
    verdict = explain_move(position, turn, ruleset)
    if "verdict" in f:
        stated = f["verdict"]
        actual = str(verdict)
        if stated.startswith("illegal ") and verdict.rule is not None:
            actual = f"illegal {verdict.rule}: {verdict.reason}"
        differ("verdict", stated, actual)
    if "tried-with" in f:
        problems.extend(_check_tried(example, position, verdict.is_legal))
    if "events" in example.lists or "after" in f:
        if not verdict.is_legal:
            problems.append(f"{example.where}: events/after need a legal turn, but it is {verdict}")
            return problems
        applied = apply_move(position, turn, ruleset)
        if "events" in example.lists:
            differ("events", example.lists["events"], [event_text(e) for e in applied.events])
        if "after" in f:
            differ("after", f["after"], format_position(applied.state))
        if "trace" in f:
            problems.extend(_check_trace(example, position, turn, ruleset, format_position(applied.state)))
    return problems


def _check_tried(example: WorkedExample, position: Position, legal: bool) -> list[str]:
    """``tried-with`` names the copy a refused turn's picture is drawn from, one the player may not act
    with: it must hold a copy of the player to move, and the turn must be refused."""
    try:
        tried = parse_cell(example.fields["tried-with"])
    except NotationError as exc:
        return [f"{example.where}: tried-with: {exc}"]
    if legal:
        return [f"{example.where}: tried-with: the turn is legal, so no other copy was tried"]
    if position.to_move is None or position.occupant(tried) is not position.to_move:
        return [f"{example.where}: tried-with: {example.fields['tried-with']} holds no copy of the player to move"]
    return []


def _check_trace(example: WorkedExample, position: Position, turn: object, ruleset: Ruleset, after: str) -> list[str]:
    """``trace: phases`` asks for the turn phase by phase (`oracle.games.ttykm.pictures.phases`);
    its stages must end on the position the turn gives."""
    from oracle.games.ttykm.pictures.phases import phase_stages

    if example.fields["trace"] != "phases":
        return [f"{example.where}: trace: takes only 'phases'"]
    if not isinstance(turn, Turn) or position.chapters is None:
        return [f"{example.where}: trace: phases needs a turn in a position with chapters"]
    last = format_position(phase_stages(position, turn, ruleset)[-1].position)
    if last != after:
        return [f"{example.where}: trace: the last phase gives {last!r}, the turn {after!r}"]
    return []
