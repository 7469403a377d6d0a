"""Reading worked examples: the ```` ```example ```` blocks of every game's spec.

Every game writes its examples the same way: a fenced block of
``field: value`` lines, where a list field is followed by its items, each
indented or written ``- item``.  What differs from game to game is only
which fields exist and which one is required (`ExampleFields`); checking an
example against the oracle stays with each game (``<game>.examples``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

FENCE = re.compile(r"^```example\s*$")


class ExampleFormatError(ValueError):
    """An example block that does not follow its game's spec/<game>/README.md."""


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
    def where(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True)
class ExampleFields:
    """A game's example format: its scalar and list fields and the field every block must give."""

    scalars: tuple[str, ...]
    lists: tuple[str, ...]
    required: str


E = TypeVar("E", bound=WorkedExample)


def differ(problems: list[str], where: str, what: str, stated: object, actual: object) -> None:
    """Add to ``problems`` the difference in ``what`` between what the example at ``where`` states and what
    the oracle says, if they differ (each game's ``check_example`` binds the first two)."""
    if stated != actual:
        problems.append(f"{where}: {what}: the example says {stated!r}, the oracle says {actual!r}")


def parse_block(lines: list[str], path: str, line: int, form: ExampleFields,
                make: Callable[[str, int], E]) -> E:
    """The example in the lines inside one fence; ``line`` is the fence's line number."""
    example = make(path, line)
    current: str | None = None
    for offset, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        if raw.startswith((" ", "\t", "- ")):
            if current is None:
                raise ExampleFormatError(f"{path}:{line + offset}: a list item outside a list field: {raw.strip()!r}")
            example.lists[current].append(raw.strip() if raw.startswith((" ", "\t")) else raw[2:].strip())
            continue
        key, sep, value = raw.partition(":")
        key = key.strip()
        if not sep or key not in form.scalars + form.lists:
            raise ExampleFormatError(f"{path}:{line + offset}: unknown example field {key!r}")
        if key in example.fields or key in example.lists:
            raise ExampleFormatError(f"{path}:{line + offset}: field {key!r} given twice")
        if key in form.lists:
            current = key
            example.lists[key] = []
        else:
            current = None
            example.fields[key] = value.strip()
    if form.required not in example.fields:
        raise ExampleFormatError(f"{path}:{line}: an example needs a {form.required}")
    if not example.rules:
        raise ExampleFormatError(f"{path}:{line}: an example needs rules:")
    return example


@dataclass(frozen=True)
class Block:
    """An example fence: its opening line and closing line (0-based) and the lines between."""

    start: int
    end: int
    lines: list[str]


def blocks_in(text: str) -> list[Block]:
    """Every example fence of one Markdown text, in order."""
    lines = text.splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        if FENCE.match(lines[i]):
            end = i + 1
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            found.append(Block(i, end, lines[i + 1:end]))
            i = end + 1
        else:
            i += 1
    return found


def examples_in(text: str, path: str, form: ExampleFields, make: Callable[[str, int], E]) -> list[E]:
    """Every example of one Markdown text, parsed."""
    return [parse_block(block.lines, path, block.start + 1, form, make) for block in blocks_in(text)]


def read_examples(spec_dir: Path, form: ExampleFields, make: Callable[[str, int], E],
                  recursive: bool = False) -> list[E]:
    """Every example in the Markdown files of ``spec_dir``, in file order; README.md documents the
    format with a sample block and is left out."""
    found: list[E] = []
    files = spec_dir.rglob("*.md") if recursive else spec_dir.glob("*.md")
    for md in sorted(files):
        if md.name != "README.md":
            found.extend(examples_in(md.read_text(encoding="utf-8"), md.name, form, make))
    return found
