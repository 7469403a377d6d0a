"""Worked examples: the ```` ```example ```` blocks in spec/trois-ombres/*.md.

A block gives a state, the actions to apply (chance outcomes written out),
and what the oracle must then say (spec/trois-ombres/README.md lists the
fields).  `check_example` compares every stated field with the oracle and
returns the differences; the tests and the site both use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from oracle.errors import NotationError
from oracle.games import worked_examples
from oracle.games.trois_ombres import views
from oracle.games.trois_ombres.actions import Illegal
from oracle.games.trois_ombres.components import Rules, rules_for
from oracle.games.trois_ombres.events import Event
from oracle.games.trois_ombres.notation import format_cell, format_state, parse_action, parse_state, state_from_json
from oracle.games.trois_ombres.rules import steps
from oracle.games.trois_ombres.state import State, initial_state
from oracle.games.trois_ombres.validity import check_state
from oracle.games.trois_ombres.views import observation
from oracle.games.worked_examples import ExampleFields
from oracle.games.worked_examples import ExampleFormatError as ExampleFormatError  # re-exported
from oracle.games.worked_examples import WorkedExample as WorkedExample  # re-exported

FORM = ExampleFields(
    scalars=("title", "rules", "variant", "state", "illegal", "error", "hour", "cleared", "outcome", "to-act", "step",
             "closed", "curses", "reserve", "objets", "legal-count", "after", "agency", "cubes", "layout", "rotation",
             "view"),
    lists=("actions", "events", "board", "legal", "sees", "no-events", "chance"),
    required="state",
)


def parse_block(lines: list[str], path: str, line: int) -> WorkedExample:
    """Parse the lines inside one fence."""
    return worked_examples.parse_block(lines, path, line, FORM, WorkedExample)


def examples_in(text: str, path: str) -> list[WorkedExample]:
    """Every example block in one Markdown text."""
    return worked_examples.examples_in(text, path, FORM, WorkedExample)


def read_examples(spec_dir: Path) -> list[WorkedExample]:
    """Every example block of the game's spec folder, in file order."""
    return worked_examples.read_examples(spec_dir, FORM, WorkedExample)


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
    if "view" in example.fields:  # the example is asked from that player's view, read back from its JSON
        state = state_from_json(views.observation(state, int(example.fields["view"])))
        check_state(state)
    events: list[Event] = []
    actions = example.lists.get("actions", [])
    if actions:
        rules = rules_for(state.variants, rules)
    for k, text in enumerate(actions):
        action = parse_action(text)
        result = views.apply_view(state, action, rules) if views.is_view(state) else steps.apply(state, action, rules)
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
    listed = views.legal_in_view(state, rules) if views.is_view(state) else steps.legal_actions(state, rules)
    legal = [str(a) for a in listed] if state.result is None else []
    if "chance" in example.lists:
        outcomes = views.chance_in_view(state) if views.is_view(state) else steps.chance_outcomes(state)
        got = [f"{a} {p}" for a, p in outcomes]
        if got != example.lists["chance"]:
            problems.append(f"chance: expected {example.lists['chance']}, got {got}")
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
