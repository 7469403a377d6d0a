"""The vector sets of the games played through the common interface (Time Chase, Trois Ombres).

The one vector builder builds them (`oracle.tools.vectors`, layout 2): the committed sets
re-export byte for byte, every record holds, the playthroughs replay from
their actions alone (the chance outcomes are written out), and ``oracle
vectors --game`` exports and verifies them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.games import load_game
from oracle.tools.cli.main import main
from oracle.tools.vectors import read_playthrough, replay, verify
from tests.conftest import ROOT

COMMITTED = [(name, s.directory.partition("/")[2]) for name in ("time-chase", "trois-ombres")
             for s in load_game(name).vector_sets()]


def directory(name: str, set_name: str) -> Path:
    return ROOT / "vectors" / name / set_name


@pytest.mark.parametrize(("name", "set_name"), COMMITTED)
def test_the_committed_set_re_exports_byte_for_byte(name: str, set_name: str) -> None:
    assert verify(directory(name, set_name)) == []


@pytest.mark.parametrize(("name", "set_name"), COMMITTED)
def test_every_record_holds(name: str, set_name: str) -> None:
    game = load_game(name)
    manifest = json.loads((directory(name, set_name) / "manifest.json").read_text(encoding="utf-8"))
    rules = game.parse_rules(None, manifest["rules"])
    applied_count = 0
    for line in (directory(name, set_name) / "apply.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        applied = game.apply(game.parse_state(record["state"]), game.parse_action(record["action"]), rules)
        assert game.format_state(applied.state) == record["after"], record["id"]
        assert [game.event_text(e) for e in applied.events] == record["events"], record["id"]
        applied_count += 1
    rules_seen = set()
    for line in (directory(name, set_name) / "illegal.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        verdict = game.explain(game.parse_state(record["state"]), game.parse_action(record["action"]), rules)
        assert (verdict.status, verdict.rule, verdict.reason) == ("illegal", record["rule"], record["reason"])
        rules_seen.add(record["rule"])
    assert applied_count >= 20 and len(rules_seen) >= 3


@pytest.mark.parametrize(("name", "set_name"), COMMITTED)
def test_playthroughs_replay_from_their_actions_alone(name: str, set_name: str) -> None:
    paths = sorted((directory(name, set_name) / "playthroughs").glob("game-*.txt"))
    assert len(paths) >= 2
    for path in paths:
        playthrough = read_playthrough(path.read_text(encoding="utf-8"))
        assert playthrough.plies[0].mover == "chance" and playthrough.plies[0].action.startswith("deal ")
        assert replay(playthrough) == []
        assert playthrough.end != "none"  # every seeded game is played to its end


def test_a_changed_chance_outcome_does_not_replay() -> None:
    """The deal is part of the record: change it and the file no longer replays."""
    path = directory("trois-ombres", "standard") / "playthroughs" / "game-01.txt"
    text = path.read_text(encoding="utf-8")
    rolled = next(line for line in text.splitlines() if line.startswith("action: die "))
    other = "action: die R" if rolled != "action: die R" else "action: die C"
    assert any("differ" in p or "reached" in p for p in replay(read_playthrough(text.replace(rolled, other, 1))))


def test_vectors_cli_exports_and_verifies_a_game_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "tc5"
    assert main(["vectors", "--game", "time-chase", "export", str(target), "--variant", "players=5"]) == 0
    assert (target / "apply.jsonl").read_bytes() == (directory("time-chase", "players-5") / "apply.jsonl").read_bytes()
    capsys.readouterr()
    assert main(["vectors", "verify", str(target)]) == 0  # the manifest names the game
    assert capsys.readouterr().out.strip().endswith("identical")
    (target / "illegal.jsonl").write_text("{}\n", encoding="utf-8")
    assert main(["vectors", "verify", str(target)]) == 1
    assert "differs: illegal.jsonl" in capsys.readouterr().out


def test_coverage_is_for_ttykm_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vectors", "--game", "trois-ombres", "coverage"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "trois-ombres" in err
