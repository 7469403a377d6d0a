"""Worked examples: the ```` ```example ```` blocks in spec/*.md.

Each block states a position, optionally a turn, and what the oracle must say
of them (spec/README.md lists the fields).  `check_example` compares every
stated field with the oracle; the test suite and the rules site both use it,
so an example can never disagree with the code silently.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from oracle.games.ttykm.notation import (
    NotationError,
    event_text,
    format_position,
    format_turn,
    parse_position,
    position_to_json,
)
from oracle.games.ttykm.rules.standard import legal_turns
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import InvalidPosition, Position
from oracle.games.ttykm.turn import Turn

FENCE = re.compile(r"^```example\s*$")
LIST_FIELDS = ("events", "legal-turns")
SCALAR_FIELDS = (
    "title", "rules", "variant", "position", "turn", "verdict", "after",
    "legal-count", "position-json", "invalid", "trace",
)


class ExampleFormatError(ValueError):
    """An example block that does not follow spec/README.md."""


@dataclass
class WorkedExample:
    """One example block, with where it stands."""

    path: str
    line: int
    fields: dict[str, str] = field(default_factory=dict)
    lists: dict[str, list[str]] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return self.fields.get("title", "")

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(r.strip() for r in self.fields.get("rules", "").split(",") if r.strip())

    @property
    def ruleset(self) -> Ruleset:
        return Ruleset.parse(self.fields.get("variant", "standard"))

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


def parse_block(lines: list[str], path: str, line: int) -> WorkedExample:
    """Parse the lines inside one fence."""
    example = WorkedExample(path, line)
    current: str | None = None
    for offset, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        if raw.startswith((" ", "\t")):
            if current is None:
                raise ExampleFormatError(f"{path}:{line + offset}: indented line outside events:/legal-turns:")
            example.lists[current].append(raw.strip())
            continue
        key, sep, value = raw.partition(":")
        key = key.strip()
        if not sep or key not in SCALAR_FIELDS + LIST_FIELDS:
            raise ExampleFormatError(f"{path}:{line + offset}: unknown example field {key!r}")
        if key in example.fields or key in example.lists:
            raise ExampleFormatError(f"{path}:{line + offset}: field {key!r} given twice")
        if key in LIST_FIELDS:
            current = key
            example.lists[key] = []
        else:
            current = None
            example.fields[key] = value.strip()
    if "position" not in example.fields:
        raise ExampleFormatError(f"{path}:{line}: an example needs a position")
    if not example.rules:
        raise ExampleFormatError(f"{path}:{line}: an example needs rules:")
    return example


def examples_in(text: str, path: str) -> list[WorkedExample]:
    """Every example block in one Markdown text."""
    found: list[WorkedExample] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if FENCE.match(lines[i]):
            start = i + 1
            end = start
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            found.append(parse_block(lines[start:end], path, start))
            i = end + 1
        else:
            i += 1
    return found


def read_examples(spec_dir: Path) -> list[WorkedExample]:
    """Every example block in the Markdown files of ``spec_dir``, in file order."""
    found: list[WorkedExample] = []
    for md in sorted(spec_dir.rglob("*.md")):
        if md.name == "README.md":  # it documents the format with a sample block
            continue
        found.extend(examples_in(md.read_text(encoding="utf-8"), md.name))
    return found


def check_example(example: WorkedExample) -> list[str]:
    """The differences between what ``example`` states and what the oracle says."""
    problems: list[str] = []
    f = example.fields

    def differ(what: str, stated: object, actual: object) -> None:
        if stated != actual:
            problems.append(f"{example.where}: {what}: the example says {stated!r}, the oracle says {actual!r}")

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
    from oracle.games.ttykm.game import GAME  # a turn or a Convergence draw (CONVERGENCE.DRAW)

    turn = GAME.parse_action(f["turn"])
    differ("canonical turn", f["turn"], GAME.format_action(turn))
    verdict = GAME.explain(position, turn, ruleset)
    if "verdict" in f:
        stated = f["verdict"]
        actual = str(verdict)
        if stated.startswith("illegal ") and verdict.rule is not None:
            actual = f"illegal {verdict.rule}: {verdict.reason}"
        differ("verdict", stated, actual)
    if "events" in example.lists or "after" in f:
        if not verdict.is_legal:
            problems.append(f"{example.where}: events/after need a legal turn, but it is {verdict}")
            return problems
        applied = GAME.apply(position, turn, ruleset)
        if "events" in example.lists:
            differ("events", example.lists["events"], [event_text(e) for e in applied.events])
        if "after" in f:
            differ("after", f["after"], format_position(applied.state))
        if "trace" in f:
            problems.extend(_check_trace(example, position, turn, ruleset, format_position(applied.state)))
    return problems


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
