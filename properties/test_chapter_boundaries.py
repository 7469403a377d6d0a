"""The chapters' solver-chosen boundary vectors (`properties.chapter_boundaries`): each committed position
still reaches its branch of the board-level model by its solver's action, the models agree with the engine
there, the records are the oracle's answers now, and conform runs the sets.  The quick tier runs one pair's
set (its branches, and conform on it); the slow tier the rest."""

from __future__ import annotations

import json
import sys

import pytest

from oracle.games import load_game
from oracle.games.ttykm.notation import parse_position
from oracle.games.ttykm.state import Position
from oracle.tools.conform import conform
from properties import boundaries
from properties import chapter_boundaries as cb
from properties import effects_z3 as model

RULESETS = sorted(cb.RULESETS)
QUICK = "influence+memory"  # the smallest set: its branches in the quick tier


def committed(ruleset: str) -> list[tuple[cb.Boundary, Position, cb.Act]]:
    """Each boundary of the committed set, its position and the first action of its solver's turn."""
    out = []
    for (name, _, text, turn), boundary in zip(boundaries.committed_named(ruleset), cb.RULESETS[ruleset],
                                               strict=True):
        assert name == boundary.name and turn is not None
        position = parse_position(text)
        out.append((boundary, position, cb.act_of(position, turn)))
    return out


BRANCH_RULESETS = [r if r == QUICK else pytest.param(r, marks=pytest.mark.slow) for r in RULESETS]


@pytest.mark.parametrize("ruleset", BRANCH_RULESETS)
def test_every_branch_of_the_model_is_reached(ruleset: str) -> None:
    for boundary, position, act in committed(ruleset):
        assert cb.reaches(boundary, position, act, ruleset), boundary.name


def test_a_position_off_its_boundary_is_refused() -> None:
    """The check can fail: a position meets another boundary's constraint only where it should."""
    found = {b.name: (b, p, a) for b, p, a in committed(QUICK)}
    train, _, _ = found["train-carried-to-the-next-era"]
    _, position, act = found["crushed-against-an-elephant"]
    assert not cb.reaches(train, position, act, QUICK)
    _, position, act = found["supply-1"]
    assert not cb.reaches(found["supply-0"][0], position, act, QUICK)


def test_a_broken_model_leaves_its_branch(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the model's Train (the trained elephant's hat never handed on to the next era): the committed
    position of that branch no longer reaches it."""
    found = {b.name: (b, p, a) for b, p, a in committed(QUICK)}
    original = model.record
    monkeypatch.setattr(model, "record", lambda w, e: None if e.kind == "Trained" else original(w, e))
    boundary, position, act = found["train-carried-to-the-next-era"]
    assert not cb.reaches(boundary, position, act, QUICK)


@pytest.mark.slow  # every action of every copy of some 70 positions, against four models
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_models_agree_with_the_engine_on_every_boundary(ruleset: str) -> None:
    for boundary, position, _ in committed(ruleset):
        assert cb.model_disagreements(position, ruleset) == [], boundary.name


@pytest.mark.slow  # perft to depth 2 and the near misses of every position
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_committed_set_is_the_oracles_answers(ruleset: str) -> None:
    directory = boundaries.directory_of(ruleset)
    fresh = boundaries.files(ruleset, boundaries.committed_named(ruleset))
    assert sorted(p.name for p in directory.iterdir()) == sorted(fresh)
    for path, blob in fresh.items():
        assert (directory / path).read_bytes() == blob, \
            f"{path} is stale: run python -m properties.boundaries write {ruleset} after a deliberate change"


@pytest.mark.parametrize("ruleset", BRANCH_RULESETS)
def test_the_manifest_names_its_maker_and_conform_runs_the_set(ruleset: str) -> None:
    directory = boundaries.directory_of(ruleset)
    manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["made_by"] == boundaries.MADE_BY and manifest["variant"] == ruleset
    assert manifest["boundaries"] == [b.name for b in cb.RULESETS[ruleset]]
    game = load_game("ttykm")
    report = conform(f"{sys.executable} -m oracle serve --stdio", game, game.parse_rules(None, ruleset), games=0,
                     vectors=directory)
    assert report.result == "conforms", report.text()
    assert report.checked["moves"] >= len(cb.RULESETS[ruleset]) and report.checked["apply"] >= len(cb.RULESETS[ruleset])
