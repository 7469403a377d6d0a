"""Worked examples: the ```` ```example ```` blocks in spec/trois-ombres/*.md.

A block gives a state, the actions to apply (chance outcomes written out),
and what the oracle must then say (spec/trois-ombres/README.md lists the
fields).  `check_example` compares every stated field with the oracle and
returns the differences; the tests and the site both use it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from oracle.errors import NotationError
from oracle.games.trois_ombres.actions import Illegal
from oracle.games.trois_ombres.components import Rules
from oracle.games.trois_ombres.events import Event
from oracle.games.trois_ombres.game import observation
from oracle.games.trois_ombres.notation import format_cell, format_state, parse_action, parse_state
from oracle.games.trois_ombres.rules import steps
from oracle.games.trois_ombres.state import State, initial_state

FENCE = re.compile(r"^```example\s*$")
LIST_FIELDS = ("actions", "events", "board", "legal", "sees", "no-events")
SCALAR_FIELDS = (
    "title", "rules", "variant", "state", "illegal", "error", "hour", "cleared", "outcome", "to-act", "step",
    "closed", "curses", "reserve", "objets", "legal-count", "after", "agency", "cubes", "layout", "rotation",
)


class ExampleFormatError(ValueError):
    """An example block that does not follow spec/trois-ombres/README.md."""


@dataclass
class WorkedExample:
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


def parse_block(path: str, line: int, lines: list[str]) -> WorkedExample:
    example = WorkedExample(path, line)
    current: str | None = None
    for offset, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        if text.startswith("- ") and current is not None:
            example.lists[current].append(text[2:].strip())
            continue
        key, colon, value = text.partition(":")
        key = key.strip()
        if not colon:
            raise ExampleFormatError(f"{path}:{line + offset}: not a 'field: value' line: {text!r}")
        if key in LIST_FIELDS and not value.strip():
            example.lists[key] = []
            current = key
        elif key in SCALAR_FIELDS:
            example.fields[key] = value.strip()
            current = None
        else:
            raise ExampleFormatError(f"{path}:{line + offset}: unknown field {key!r}")
    if "state" not in example.fields:
        raise ExampleFormatError(f"{path}:{line}: an example needs a state")
    return example


def read_examples(spec_dir: Path) -> list[WorkedExample]:
    """Every example block of the game's spec folder, in file order."""
    out: list[WorkedExample] = []
    for md in sorted(spec_dir.glob("*.md")):
        lines = md.read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            if FENCE.match(lines[i]):
                j = i + 1
                while j < len(lines) and lines[j].strip() != "```":
                    j += 1
                out.append(parse_block(md.name, i + 1, lines[i + 1:j]))
                i = j
            i += 1
    return out


def cell_text(state: State, loc: str) -> str:
    cell = state.cell(loc)
    return f"{loc}=empty" if cell is None else "=".join(format_cell(loc, cell).split(":", 1))


def to_act_text(state: State) -> str:
    kind, player = steps.to_act_kind(state)
    return f"player {player}" if kind == "player" else kind


@dataclass
class Run:
    """What happened when an example's actions were applied."""

    state: State
    events: list[Event]
    illegal: Illegal | None = None


def run_example(example: WorkedExample) -> Run:
    rules = Rules.parse(example.fields.get("variant"))
    text = example.fields["state"]
    state = initial_state(rules) if text == "start" else parse_state(text)
    events: list[Event] = []
    actions = example.lists.get("actions", [])
    for k, text in enumerate(actions):
        action = parse_action(text)
        result = steps.apply(state, action, rules)
        if isinstance(result, Illegal):
            if k == len(actions) - 1:
                return Run(state, events, result)
            raise ExampleFormatError(f"{example.where}: action {text!r} is illegal: {result.rule}: {result.reason}")
        state, new = result
        events.extend(new)
    return Run(state, events)


def check_example(example: WorkedExample) -> list[str]:
    """The differences between what the example states and what the oracle says (empty: they agree)."""
    f = example.fields
    if "error" in f:
        try:
            run_example(example)
        except NotationError as exc:
            return [] if f["error"] in str(exc) else [f"error: expected {f['error']!r}, got {exc}"]
        return [f"error: expected {f['error']!r}, but everything parsed"]
    run = run_example(example)
    state = run.state
    problems: list[str] = []

    def expect(name: str, got: str) -> None:
        if name in f and f[name] != got:
            problems.append(f"{name}: expected {f[name]!r}, got {got!r}")

    got_illegal = "-" if run.illegal is None else run.illegal.rule
    if "illegal" in f:
        expect("illegal", got_illegal)
    elif run.illegal is not None:
        problems.append(f"the last action is illegal: {run.illegal.rule}: {run.illegal.reason}")
    outcome = "none" if state.result is None else f"{state.result} {state.rule}"
    expect("outcome", outcome)
    expect("hour", str(state.hour))
    expect("cleared", str(len(state.agency)))
    expect("agency", ",".join(state.agency) or "-")
    expect("cubes", str(state.cubes))
    expect("to-act", to_act_text(state))
    expect("step", state.steps[0].kind if state.steps else "-")
    expect("closed", ",".join(str(p) for p, c in enumerate(state.closed) if c) or "-")
    expect("curses", ",".join(f"{c.card}:{c.drawer}" for c in state.curses) or "-")
    expect("reserve", ",".join(map(str, state.reserve)))
    expect("objets", ",".join(o or "-" for o in state.objets))
    expect("layout", ",".join(state.layout))
    expect("rotation", ",".join(map(str, state.rotation)))
    expect("after", format_state(state))
    rules = Rules.parse(f.get("variant"))
    legal = [str(a) for a in steps.legal_actions(state, rules)] if state.result is None else []
    expect("legal-count", str(len(legal)))
    if "legal" in example.lists and example.lists["legal"] != legal:
        problems.append(f"legal: expected {example.lists['legal']}, got {legal}")
    for want in example.lists.get("board", []):
        loc = want.split("=")[0]
        if cell_text(state, loc) != want:
            problems.append(f"board: expected {want}, got {cell_text(state, loc)}")
    texts = [e.text for e in run.events]
    position = 0
    for want in example.lists.get("events", []):
        while position < len(texts) and texts[position] != want:
            position += 1
        if position == len(texts):
            problems.append(f"events: {want!r} not found in order among {texts}")
            break
        position += 1
    for unwanted in example.lists.get("no-events", []):
        if any(unwanted in text for text in texts):
            problems.append(f"no-events: an event mentions {unwanted!r}")
    for want in example.lists.get("sees", []):
        player, _, item = want.partition(" ")
        loc, _, tile = item.partition("=")
        view = observation(state, int(player))
        shown = {c["slot"]: c["tile"] for c in view["board"]}
        if shown.get(loc, "empty") != tile:
            problems.append(f"sees: player {player} sees {shown.get(loc, 'empty')} on {loc}, not {tile}")
    return problems


# --- the rules site: each example drawn, after the oracle has checked it ---------------------------------

RuleLink = Callable[[str], "str | None"]


def read_page(text: str, path: str) -> list[tuple[int, int, WorkedExample]]:
    """The example blocks of one page: first line, closing line, parsed block."""
    lines = text.splitlines()
    found = []
    i = 0
    while i < len(lines):
        if FENCE.match(lines[i]):
            j = i + 1
            while j < len(lines) and lines[j].strip() != "```":
                j += 1
            found.append((i, j, parse_block(path, i + 1, lines[i + 1:j])))
            i = j
        i += 1
    return found


def check_page(text: str, path: str, link: RuleLink) -> list[str]:
    """Every problem of every example on a page, each naming the example."""
    try:
        found = read_page(text, path)
    except ExampleFormatError as exc:
        return [str(exc)]
    problems: list[str] = []
    for _, _, example in found:
        named = f"example {example.title!r} ({example.where})"
        problems += [f"{named}: cites {r}, which is no clause of the spec" for r in example.rules if link(r) is None]
        try:
            problems += [f"{named}: {p}" for p in check_example(example)]
        except (ValueError, NotationError) as exc:
            problems.append(f"{named}: {exc}")
    return problems


def example_html(example: WorkedExample, anchor: str, link: RuleLink) -> str:
    """One checked example: what it shows, the clauses, the table before and after, the actions and events."""
    from html import escape

    from oracle.games.trois_ombres.pictures.svg import render_svg

    def code(text: str) -> str:
        return f"<code>{escape(text)}</code>"

    def rule_link(rule: str) -> str:
        href = link(rule)
        return f'<a href="{escape(href)}">{code(rule)}</a>' if href is not None else code(rule)

    f = example.fields
    parts = [f'<div class="ttykm-example" id="{anchor}">',
             f'<p class="ttykm-example-title"><a class="ttykm-example-anchor" href="#{anchor}">Example</a>: '
             f"{escape(example.title)}</p>",
             '<p class="ttykm-example-rules">' + ", ".join(rule_link(r) for r in example.rules)
             + (f" · rules {code(f['variant'])}" if "variant" in f else "") + "</p>"]
    if "error" in f:
        parts.append(f"<p>State {code(f['state'])} is refused: {escape(f['error'])}.</p></div>")
        return "\n".join(parts)
    rules = Rules.parse(f.get("variant"))
    before = initial_state(rules) if f["state"] == "start" else parse_state(f["state"])
    run = run_example(example)
    figures = [f"<figure><figcaption>before</figcaption>{render_svg(before, hidden=False)}</figure>"]
    if run.state != before:
        figures.append(f"<figure><figcaption>after</figcaption>{render_svg(run.state, hidden=False)}</figure>")
    parts.append('<div class="ttykm-boards">' + "".join(figures) + "</div>")
    actions = example.lists.get("actions", [])
    if actions:
        parts.append("<p>Actions: " + " · ".join(code(a) for a in actions) + "</p>")
    if run.illegal is not None:
        parts.append(f"<p>The last action is <strong>illegal</strong>: {rule_link(run.illegal.rule)}: "
                     f"{escape(run.illegal.reason)}.</p>")
    if run.events:
        parts.append('<p class="ttykm-example-label">Events</p><ol class="ttykm-events">'
                     + "".join(f"<li>{escape(e.text)} ({rule_link(e.rule)})</li>" for e in run.events) + "</ol>")
    facts = [(k, v) for k, v in f.items() if k not in ("title", "rules", "variant", "state", "illegal", "after")]
    facts += [(k, "; ".join(v)) for k, v in example.lists.items() if k not in ("actions", "events")]
    if facts:
        parts.append('<dl class="ttykm-example-facts">'
                     + "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in facts) + "</dl>")
    parts.append("</div>")
    return "\n".join(parts)


def render_page(text: str, path: str, link: RuleLink) -> str:
    """The page with every example block replaced by its HTML (check it first with `check_page`)."""
    import re as _re

    lines = text.splitlines()
    out: list[str] = []
    done = 0
    used: set[str] = set()
    for start, end, example in read_page(text, path):
        base = "example-" + (_re.sub(r"[^a-z0-9]+", "-", example.title.lower()).strip("-")[:50] or "x")
        anchor, k = base, 2
        while anchor in used:
            anchor, k = f"{base}-{k}", k + 1
        used.add(anchor)
        out.extend(lines[done:start])
        out.extend(["", example_html(example, anchor, link), ""])
        done = end + 1
    out.extend(lines[done:])
    return "\n".join(out)
