"""``oracle conform --game time-chase|trois-ombres``, the one runner: the oracle over the protocol conforms to
itself, and deliberately broken engines are caught with the rule they break."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.games import load_game
from oracle.tools.conform import EXIT_CONFORMS, EXIT_DIVERGENCE, EXIT_USAGE, Report, conform
from tests.conftest import ROOT

TOYS = ROOT / "tests" / "toy_engines"
VECTORS = ROOT / "vectors"
ORACLE_ENGINE = f"{sys.executable} -m oracle serve --stdio"


def conform_game(engine: str, name: str, variant: str | None = None, **options: object) -> Report:
    game = load_game(name)
    return conform(engine, game, game.parse_rules(None, variant), **options)  # type: ignore[arg-type]


def toy(name: str) -> str:
    return f"{sys.executable} {TOYS / name}.py"


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "oracle", "conform", "--quiet", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)


def test_the_oracle_conforms_to_itself_at_time_chase(tmp_path: Path) -> None:
    report_path = tmp_path / "report.json"
    done = run_cli("--game", "time-chase", "--variant", "players=3", "--engine", ORACLE_ENGINE, "--games", "1",
                   "--report", str(report_path))
    assert done.returncode == EXIT_CONFORMS, done.stdout + done.stderr
    assert "game: time-chase" in done.stdout and "RESULT: the engine conforms" in done.stdout
    report = json.loads(report_path.read_text(encoding="utf-8"))
    assert (report["result"], report["game"], report["variant"]) == ("conforms", "time-chase", "players=3")
    checked = report["checked"]
    assert checked["games"] == 1 and checked["apply"] > 100 and checked["moves"] > 50 and checked["legal"] > 50
    assert checked["observe"] > 20 and report["skipped"] == []


@pytest.mark.slow  # some 20 s: every ply of three whole games, a few thousand requests
def test_the_oracle_conforms_to_itself_at_trois_ombres_from_the_committed_vectors() -> None:
    report = conform_game(ORACLE_ENGINE, "trois-ombres", games=0, vectors=VECTORS / "trois-ombres" / "standard")
    assert report.result == "conforms", report.text()
    assert report.checked["apply"] > 500 and report.checked["legal"] > 50 and report.checked["observe"] > 100


def test_a_manifest_that_asks_for_too_much_work_is_refused(tmp_path: Path) -> None:
    manifest = json.loads((VECTORS / "time-chase" / "players-3" / "manifest.json").read_text(encoding="utf-8"))
    (tmp_path / "manifest.json").write_text(json.dumps({**manifest, "seeds": list(range(1000))}), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "oracle", "vectors", "verify", str(tmp_path)], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert done.returncode == EXIT_USAGE and "at most 8 seeds" in done.stderr


@pytest.mark.parametrize(("engine", "game", "rules"), [
    ("tc_no_follow", "time-chase", {"TC.FOLLOW"}),
    ("tc_no_crystal", "time-chase", {"TC.CRYSTAL"}),
    ("tc_shows_hands", "time-chase", {"TC.OBSERVE"}),
    # Whatever advanced the clock first in the vectors: the Horloge face, the trap, the Limbes deck.
    ("ombres_clock_stopped", "trois-ombres", {"OMBRES.DIE", "OMBRES.TRAP.HORLOGE", "OMBRES.LIMBES.DRAW",
                                              "OMBRES.LIMBES.TEMPS", "OMBRES.TRAP.HERCULE"}),
])
def test_a_broken_engine_is_caught_with_the_rule_it_breaks(engine: str, game: str, rules: set[str]) -> None:
    report = conform_game(toy(engine), game, games=1)
    assert report.result == "divergence" and report.exit_code == EXIT_DIVERGENCE, report.text()
    divergence = report.divergence
    assert divergence is not None and divergence.rule in rules, report.text()
    asked = divergence.request
    assert asked["game"] == game and "position" in asked and ("turn" in asked or "player" in asked)
    text = report.text()
    assert f"rule:     {divergence.rule}" in text and "reproduce: echo '" in text


def test_the_reproduction_replays_the_oracle_answer() -> None:
    """The request printed with a divergence, sent to ``oracle serve``, gives the oracle's side of it."""
    report = conform_game(toy("tc_no_crystal"), "time-chase", games=0)
    divergence = report.divergence
    assert divergence is not None
    line = report.text().split("reproduce: echo ")[1].split(" | oracle serve")[0]
    done = subprocess.run([sys.executable, "-m", "oracle", "serve", "--stdio"], input=shlex.split(line)[0] + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    answer = json.loads(done.stdout)
    assert answer["events"] == divergence.oracle["events"] and "crystal" in " ".join(answer["events"])


def test_keep_going_groups_every_divergence_under_its_rule() -> None:
    report = conform_game(toy("tc_no_follow"), "time-chase", games=0, keep_going=True)
    groups = report.by_rule()
    assert next(iter(groups)) == "TC.FOLLOW" and len(groups["TC.FOLLOW"]) > 20
    sources = {d.summary.split(" (")[0] for d in groups["TC.FOLLOW"]}
    assert "the engine lists an action the oracle calls illegal" in sources  # from the playthroughs' moves


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "time-chase", "--vectors", str(VECTORS / "trois-ombres" / "standard")], "trois-ombres"),
    (["--game", "time-chase", "--vectors", str(VECTORS / "time-chase" / "players-3")], "players=3"),
    (["--game", "trois-ombres", "--variant", "no-such-thing"], "no-such-thing"),
    (["--vectors", str(VECTORS / "time-chase" / "players-4")], "pass --game time-chase"),
])
def test_vectors_of_another_game_or_rules_are_a_usage_error(args: list[str], message: str) -> None:
    done = run_cli(*args, "--engine", ORACLE_ENGINE)
    assert done.returncode == EXIT_USAGE and done.stderr.count("\n") == 1 and message in done.stderr, done.stderr


@pytest.mark.slow  # a few seconds: one engine process, some 150 requests per game
@pytest.mark.parametrize("name", ["time-chase", "trois-ombres"])
def test_the_oracle_conforms_to_itself_on_the_boundary_vectors(name: str) -> None:
    """The solver-chosen boundary positions (properties/<game>/boundaries.py) run through ``oracle conform``."""
    report = conform_game(ORACLE_ENGINE, name, games=0, vectors=VECTORS / name / "boundaries")
    assert report.result == "conforms", report.text()
    assert report.checked["apply"] > 50 and report.checked["moves"] > 10
