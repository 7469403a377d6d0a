"""Worked examples of Time Chase: the ```` ```example ```` blocks in spec/time-chase/*.md.

Each block states a state, optionally actions, and what the oracle must say
of them (spec/time-chase/README.md lists the fields).  `check_example`
compares every stated field with the oracle; the tests and the site both use
it, so an example can never disagree with the code silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from random import Random

from oracle.errors import NotationError
from oracle.games import worked_examples
from oracle.games.time_chase import notation, rules, views
from oracle.games.time_chase.actions import Action
from oracle.games.time_chase.events import Event
from oracle.games.time_chase.ruleset import Rules, rules_for
from oracle.games.time_chase.state import State
from oracle.games.worked_examples import ExampleFields
from oracle.games.worked_examples import ExampleFormatError as ExampleFormatError  # re-exported

FORM = ExampleFields(
    scalars=("title", "rules", "variant", "provisional", "state", "action", "verdict", "after", "error", "seed",
             "outcome", "observe", "hand", "view"),
    lists=("setup", "events", "legal"),
    required="state",
)
LEGAL_BIDS = re.compile(r"^p(\d+): (.*)$")


@dataclass
class WorkedExample(worked_examples.WorkedExample):
    """One Time Chase example block, with where it stands."""

    @property
    def is_provisional(self) -> bool:
        return "provisional" in self.fields


def parse_block(lines: list[str], path: str, line: int) -> WorkedExample:
    """Parse the lines inside one fence."""
    return worked_examples.parse_block(lines, path, line, FORM, WorkedExample)


def examples_in(text: str, path: str) -> list[WorkedExample]:
    """Every example block in one Markdown text."""
    return worked_examples.examples_in(text, path, FORM, WorkedExample)


def read_examples(spec_dir: Path) -> list[WorkedExample]:
    """Every example block in the Markdown files of ``spec_dir`` (spec/time-chase), in file order."""
    return worked_examples.read_examples(spec_dir, FORM, WorkedExample)


def _verdict_text(state: State, action: Action, ruleset: Rules) -> str:
    verdict = rules.explain(state, action, ruleset)
    return "legal" if verdict.is_legal else f"{verdict.status} {verdict.rule}: {verdict.reason}"


def _legal_lines(state: State, ruleset: Rules) -> list[str]:
    if state.phase == "bid":
        bids = [[notation.format_action(a).removeprefix("bid ") for a in rules.legal_actions(state, ruleset, p)]
                for p in range(state.players)]
        return [f"p{p}: " + ",".join(b) for p, b in enumerate(bids)]
    return [notation.format_action(a) for a in rules.legal_actions(state, ruleset)]


def check_example(example: WorkedExample) -> list[str]:
    """The differences between what ``example`` states and what the oracle says."""
    problems: list[str] = []
    f = example.fields
    differ = partial(worked_examples.differ, problems, example.where)

    try:
        state = notation.parse_state(f["state"])
        if "view" in f:  # the example is asked from that player's view, read back from its JSON form
            state = notation.state_from_json(views.observation(state, int(f["view"].removeprefix("p"))))
        actions = [notation.parse_action(a) for a in example.lists.get("setup", [])]
        action = notation.parse_action(f["action"]) if "action" in f else None
        ruleset = rules_for(state.variants, state.players, Rules.parse(f.get("variant", "standard")))
    except NotationError as exc:
        if "error" in f:
            differ("error", f["error"], str(exc))
        else:
            problems.append(f"{example.where}: the example does not parse: {exc}")
        return problems
    if "error" in f:
        problems.append(f"{example.where}: the example says the input is rejected, but it parses")
        return problems
    if "view" not in f:
        differ("canonical state", f["state"], notation.format_state(state))
    events: list[Event] = []
    for setup in actions:
        stated = _verdict_text(state, setup, ruleset)
        if stated.split(" ")[0] not in ("legal", "depends"):
            problems.append(f"{example.where}: a setup action is not legal: {stated}")
            return problems
        state, done = rules.apply(state, setup, ruleset)
        events += done
    if "seed" in f:
        drawn = rules.sample_deal(state, Random(int(f["seed"])))
        differ("the deal drawn from the seed", f.get("action"), notation.format_action(drawn))
    if "legal" in example.lists and action is None:
        differ("legal", example.lists["legal"], _legal_lines(state, ruleset))
    if action is not None:
        differ("canonical action", f["action"], notation.format_action(action))
        verdict = _verdict_text(state, action, ruleset)
        if "verdict" in f:
            differ("verdict", f["verdict"], verdict)
        if verdict == "legal" or verdict.startswith("depends"):
            state, done = rules.apply(state, action, ruleset)
            events += done
        elif "events" in example.lists or "after" in f:
            problems.append(f"{example.where}: events/after need a legal action, but: {verdict}")
            return problems
    if "events" in example.lists:
        differ("events", example.lists["events"], [notation.event_text(e) for e in events])
    if "after" in f:
        differ("after", f["after"], notation.format_state(state))
    if "legal" in example.lists and action is not None:
        differ("legal afterwards", example.lists["legal"], _legal_lines(state, ruleset))
    if "outcome" in f:
        winners = ",".join(f"p{w}" for w in state.winners) or "nobody"
        differ("outcome", f["outcome"], f"{winners} {state.end_rule}" if state.phase == "over" else "none")
    if "observe" in f:
        problems += _check_observation(example, state, int(f["observe"].removeprefix("p")))
    return problems


def _check_observation(example: WorkedExample, state: State, player: int) -> list[str]:
    """The observation shows the player's own hand, and no card of another hand or the unused cards."""
    seen = views.observation(state, player)
    problems = []
    if "hand" in example.fields and ",".join(seen["hand"]) != example.fields["hand"]:
        problems.append(f"{example.where}: observed hand {seen['hand']!r}")
    secret = {c.text for p, h in enumerate(state.hands) if p != player for c in h} | {c.text for c in state.unused}
    shown = set(re.findall(r"\b[RBGYP]\d{1,2}\b", str(seen)))
    if shown & secret:
        problems.append(f"{example.where}: the observation shows hidden cards {sorted(shown & secret)}")
    return problems
