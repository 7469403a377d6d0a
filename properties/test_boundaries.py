"""TTYKM's solver-chosen boundary vectors: the committed sets are the oracle's answers now, each position
still reaches its branch of the Z3 model, the model agrees with the engine there, and conform runs them."""

from __future__ import annotations

import dataclasses
import json
import sys

import pytest

from oracle.games import load_game
from oracle.games.ttykm.notation import parse_position
from oracle.tools.conform import conform
from properties import boundaries
from properties.differential import to_concrete
from tests.conftest import ROOT

RULESETS = sorted(boundaries.RULESETS)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_committed_set_is_the_oracles_answers(ruleset: str) -> None:
    directory = boundaries.directory_of(ruleset)
    named = boundaries.committed_named(ruleset)
    assert [name for name, _, _, _ in named] == [b.name for b in boundaries.RULESETS[ruleset]]
    fresh = boundaries.files(ruleset, named)
    assert sorted(p.name for p in directory.iterdir()) == sorted(fresh)
    for path, blob in fresh.items():
        assert (directory / path).read_bytes() == blob, \
            f"{path} is stale: run python -m properties.boundaries write after a deliberate change of the rules"


# The standard game's branches in the quick tier; each variant's symbolic model takes seconds to build.
BRANCH_RULESETS = [r if r == "standard" else pytest.param(r, marks=pytest.mark.slow) for r in RULESETS]


@pytest.mark.parametrize("ruleset", BRANCH_RULESETS)
def test_every_branch_of_the_model_is_reached(ruleset: str) -> None:
    named = boundaries.committed_named(ruleset)
    for (name, _, text, _), boundary in zip(named, boundaries.RULESETS[ruleset], strict=True):
        assert boundaries.reaches(boundary, to_concrete(parse_position(text)), ruleset), name


def test_a_position_off_its_boundary_is_refused() -> None:
    """The check can fail: each position moved off its boundary no longer reaches it."""
    named = dict((name, text) for name, _, text, _ in boundaries.committed_named("standard"))
    by_name = {b.name: b for b in boundaries.BOUNDARIES}
    supply_0 = to_concrete(parse_position(named["supply-0"]))
    more = dataclasses.replace(supply_0, supply=(1, supply_0.supply[1]), removed=(supply_0.removed[0] - 1,
                                                                                  supply_0.removed[1]))
    assert not boundaries.reaches(by_name["supply-0"], more, "standard")
    won = to_concrete(parse_position(named["won"]))
    assert not boundaries.reaches(by_name["won"], dataclasses.replace(won, status=1), "standard")
    assert not boundaries.reaches(by_name["opponent-on-no-era"], to_concrete(parse_position(named["win"])),
                                  "standard")


@pytest.mark.slow  # some 15 s: every legal turn of every position, enumerated by the model
def test_the_model_agrees_with_the_engine_on_every_standard_boundary() -> None:
    """The variants' positions were checked when the sets were written (python -m properties.boundaries check)."""
    for name, _, text, _ in boundaries.committed_named("standard"):
        assert boundaries.model_disagreements(to_concrete(parse_position(text)), "standard") == [], name


def test_the_coverage_table_in_the_spec_is_current() -> None:
    assert boundaries.coverage_table() in (ROOT / "spec" / "vectors.md").read_text(encoding="utf-8"), \
        "spec/vectors.md: paste the table printed by python -m properties.boundaries coverage"


def test_the_manifest_names_its_maker_and_conform_runs_the_set() -> None:
    directory = boundaries.directory_of("standard")
    manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["made_by"] == boundaries.MADE_BY and manifest["variant"] == "standard"
    game = load_game("ttykm")
    report = conform(f"{sys.executable} -m oracle serve --stdio", game, game.parse_rules(None, None), games=0,
                     vectors=directory)
    assert report.result == "conforms", report.text()
    assert report.checked["moves"] >= len(boundaries.BOUNDARIES) and report.checked["apply"] > 50
