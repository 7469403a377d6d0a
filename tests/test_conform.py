"""The conformance runner: the oracle conforms to itself, wrong engines are caught
with the rule they break, and engine failures and bad usage have their exit codes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.tools.conform import (
    EXIT_CONFORMS,
    EXIT_DIVERGENCE,
    EXIT_ENGINE_FAILED,
    EXIT_USAGE,
    conform,
    event_rules,
)
from tests.conftest import ROOT

TOYS = ROOT / "tests" / "toy_engines"
VECTORS = ROOT / "vectors"
ORACLE_ENGINE = f"{sys.executable} -m oracle serve --stdio"


def toy(name: str) -> str:
    return f"{sys.executable} {TOYS / name}.py"


def run_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "oracle", "conform", "--quiet", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


def test_the_oracle_conforms_to_itself_through_a_subprocess(tmp_path: Path) -> None:
    report_path = tmp_path / "report.json"
    done = run_cli("--engine", ORACLE_ENGINE, "--games", "2", "--seed", "5", "--report", str(report_path))
    assert done.returncode == EXIT_CONFORMS, done.stdout + done.stderr
    assert "RESULT: the engine conforms" in done.stdout
    report = json.loads(report_path.read_text())
    assert report["result"] == "conforms" and report["divergence"] is None
    assert report["engine_version"]["protocol"] == 1
    checked = report["checked"]
    assert checked["games"] == 2 and checked["moves"] > 100 and checked["apply"] > 300 and checked["legal"] > 300
    assert checked["perft"] > 10 and report["skipped"] == []


@pytest.mark.parametrize("variant", ["self-push=paradox", "copy-choice=free"])
def test_the_oracle_conforms_to_itself_under_a_variant(variant: str) -> None:
    ruleset = Ruleset.parse(variant)
    vectors = VECTORS / variant.replace("=", "-")
    report = conform(ORACLE_ENGINE, ruleset, games=1, seed=2, vectors=vectors)
    assert report.result == "conforms", report.text()
    assert report.variant == variant and report.checked["moves"] > 50


@pytest.mark.parametrize(("engine", "rule"), [
    ("no_chain", "MOVE.PUSH.CHAIN"),
    ("focus_stays", "FOCUS.MOVE"),
    ("free_copy_choice", "TURN.COPY-CHOICE"),
])
def test_a_wrong_engine_is_caught_with_the_rule_it_breaks(engine: str, rule: str) -> None:
    report = conform(toy(engine), STANDARD, games=2, vectors=VECTORS / "standard")
    assert report.result == "divergence", report.text()
    assert report.exit_code == EXIT_DIVERGENCE
    assert report.divergence is not None and report.divergence.rule == rule, report.text()
    text = report.text()
    for needed in ("DIVERGENCE", "position: ", "turn: ", f"rule:     {rule}", "oracle: ", "engine: ", "reproduce: "):
        assert needed in text


@pytest.mark.parametrize(("variant", "rule"), [
    ("self-push=paradox", "VARIANT.SELF-PUSH-PARADOX"),
    ("copy-choice=free", "VARIANT.COPY-CHOICE-FREE"),
])
def test_an_engine_that_ignores_the_variant_is_caught(variant: str, rule: str) -> None:
    report = conform(toy("standard_only"), Ruleset.parse(variant), games=1,
                     vectors=VECTORS / variant.replace("=", "-"))
    assert report.divergence is not None and report.divergence.rule == rule, report.text()
    assert report.divergence.request["variant"] == variant


def test_divergence_exit_code_report_and_reproduction(tmp_path: Path) -> None:
    report_path = tmp_path / "report.json"
    done = run_cli("--engine", toy("focus_stays"), "--vectors", str(VECTORS / "standard"), "--report",
                   str(report_path))
    assert done.returncode == EXIT_DIVERGENCE
    report = json.loads(report_path.read_text())
    assert report["result"] == "divergence" and report["divergence"]["rule"] == "FOCUS.MOVE"
    reproduce = next(line for line in done.stdout.splitlines() if "reproduce:" in line)
    request = reproduce.split("echo '", 1)[1].rsplit("' |", 1)[0]
    served = subprocess.run([sys.executable, "-m", "oracle", "serve", "--stdio"], input=request + "\n",
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert json.loads(served.stdout)["rule"] == "FOCUS.MOVE"


ENGINE_FAILURES = [
    ("does-not-exist-engine --stdio", "cannot start"),
    (f"{sys.executable} -c \"import sys; sys.stdin.readline(); sys.exit(4)\"", "exited"),
    (f"{sys.executable} -c \"import sys; sys.stdin.readline(); print('hello', flush=True); sys.stdin.read()\"",
     "not JSON"),
    (f"{sys.executable} -c \"import sys; sys.stdin.readline(); print('{{\\\"id\\\": 99}}', flush=True);"
     " sys.stdin.read()\"", "does not answer request id 1"),
    (f"{sys.executable} -c \"import sys; sys.stdin.read()\"", "no response within"),
]


@pytest.mark.parametrize(("engine", "message"), ENGINE_FAILURES, ids=["missing", "exits", "garbage", "wrong-id",
                                                                       "silent"])
def test_engine_failures_exit_3(engine: str, message: str) -> None:
    done = run_cli("--engine", engine, "--vectors", str(VECTORS / "standard"), "--timeout", "1")
    assert done.returncode == EXIT_ENGINE_FAILED, done.stdout + done.stderr
    assert "ENGINE FAILED" in done.stdout and message in done.stdout
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("args", [
    ["--engine", "x", "--variant", "fast"],
    ["--engine", "x", "--games", "-1"],
    ["--engine", "x", "--vectors", "vectors/standard", "--variant", "self-push=paradox"],
    ["--engine", "x", "--vectors", "no/such/dir"],
    ["--games", "1"],
])
def test_usage_errors_exit_2(args: list[str]) -> None:
    done = run_cli(*args)
    assert done.returncode == EXIT_USAGE
    assert done.stderr.startswith("oracle: error:") and len(done.stderr.strip().splitlines()) == 1


def test_event_rules_name_the_clause_of_each_event() -> None:
    chain = ["chose white present:a1", "crushed black present:d1 E", "pushed white present:c1-d1 E",
             "pushed black present:b1-c1 E", "moved white present:a1-b1 E", "travelled white present:b1>past",
             "created white present:b1", "focus white present>future", "won white"]
    assert event_rules(chain) == ["TURN.COPY-CHOICE", "MOVE.PUSH.CHAIN", "MOVE.PUSH.CHAIN", "MOVE.PUSH.CHAIN",
                                  "MOVE.PUSH", "TRAVEL.BACKWARD", "TRAVEL.BACKWARD", "FOCUS.MOVE", "WIN.CHECK"]
    single = ["chose white past:c4", "crushed black past:d4 E", "moved white past:c4-d4 E",
              "paradox black past:d3 past:d2", "moved white past:d4-d3 S", "travelled white past:d3>present",
              "focus white past>future"]
    assert event_rules(single) == ["TURN.COPY-CHOICE", "MOVE.PUSH.CRUSH", "MOVE.PUSH", "MOVE.PUSH.PARADOX",
                                   "MOVE.PUSH", "TRAVEL.FORWARD", "FOCUS.MOVE"]
    own = ["chose white present:b1", "moved white present:b1-b2 N", "paradox white present:b2 present:a2",
           "focus white present>past"]
    assert event_rules(own) == ["TURN.COPY-CHOICE", "MOVE.EMPTY", "VARIANT.SELF-PUSH-PARADOX", "FOCUS.MOVE"]


def test_an_engine_without_partial_turns_can_opt_out() -> None:
    strict = conform(toy("complete_turns_only"), STANDARD, games=1, vectors=VECTORS / "standard")
    assert strict.divergence is not None and "error" in strict.divergence.summary
    assert ">" not in strict.divergence.request["turn"]
    lenient = conform(toy("complete_turns_only"), STANDARD, games=1, vectors=VECTORS / "standard", partial=False)
    assert lenient.result == "conforms" and lenient.skipped == ["partial turns"]
    assert lenient.checked["legal"] > 100


def test_vectors_from_another_oracle_are_a_usage_error(tmp_path: Path) -> None:
    stale = tmp_path / "stale"
    shutil.copytree(VECTORS / "standard", stale)
    positions = stale / "positions.jsonl"
    positions.write_text(positions.read_text().replace('"a1 N N >present",', "", 1))
    done = run_cli("--engine", ORACLE_ENGINE, "--vectors", str(stale))
    assert done.returncode == EXIT_USAGE
    assert "the vectors disagree with this oracle" in done.stderr and "Traceback" not in done.stderr
