"""The committed Time Chase vectors are exactly what the oracle exports, and they replay from their text alone."""

from __future__ import annotations

import json

import pytest

from oracle.games.time_chase import notation, rules
from oracle.games.time_chase.ruleset import Rules
from oracle.games.time_chase.vectors import SETS, verify
from tests.conftest import ROOT

VECTORS = ROOT / "vectors" / "time-chase"


def test_the_committed_vectors_are_reexported_byte_for_byte() -> None:
    assert verify(VECTORS) == []


@pytest.mark.parametrize("name", list(SETS))
def test_apply_vectors_replay_from_their_states(name: str) -> None:
    """No seed is needed: each record's state carries the deal, and applying its action gives its result."""
    ruleset: Rules = SETS[name]
    lines = (VECTORS / name / "apply.jsonl").read_text(encoding="utf-8").splitlines()
    assert lines
    for line in lines:
        record = json.loads(line)
        state = notation.parse_state(record["state"])
        after, events = rules.apply(state, notation.parse_action(record["action"]), ruleset)
        assert notation.format_state(after) == record["after"]
        assert [notation.event_text(e) for e in events] == record["events"]


@pytest.mark.parametrize("name", list(SETS))
def test_every_illegal_vector_is_illegal_for_its_rule(name: str) -> None:
    ruleset: Rules = SETS[name]
    for line in (VECTORS / name / "illegal.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        verdict = rules.explain(notation.parse_state(record["state"]), notation.parse_action(record["action"]), ruleset)
        assert (verdict.rule, verdict.reason) == (record["rule"], record["reason"])
