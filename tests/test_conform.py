"""The conformance runner: the oracle conforms to itself, wrong engines are caught
with the rule they break, and engine failures and bad usage have their exit codes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.games import load_game
from oracle.games.ttykm.blame import blame_events, blame_position, event_rules
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.interface import Blame
from oracle.tools.conform import (
    EXIT_CONFORMS,
    EXIT_DIVERGENCE,
    EXIT_ENGINE_FAILED,
    EXIT_USAGE,
    Report,
    declared_rules_problem,
    engine_argv,
)
from oracle.tools.conform import conform as conform_game
from tests.conftest import ROOT

TTYKM = load_game("ttykm")

TOYS = ROOT / "tests" / "toy_engines"
VECTORS = ROOT / "vectors"
ORACLE_ENGINE = f"{sys.executable} -m oracle serve --stdio"


def conform(engine: str, ruleset: Ruleset, **options: object) -> Report:
    return conform_game(engine, TTYKM, ruleset, **options)  # type: ignore[arg-type]


def toy(name: str) -> str:
    """A wrong engine's command: run as a module from the repository's root (tests.toy_engines.spec_rule)."""
    return f"{sys.executable} -m tests.toy_engines.{name}"


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


@pytest.mark.parametrize("variant", ["self-push=paradox", "copy-choice=free", "self-push=ends", "influence"])
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
    ("self-push=ends", "VARIANT.SELF-PUSH-ENDS"),
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


# --- the second edition: every divergence, the right rule blamed ------------------------------

# Each broken engine with the rules its planted bug may rightly be blamed on.  The
# engine whose Focus may stay is left out: it lists thousands of extra turns, each
# reported, which takes minutes (bench/blame_accuracy.py measures it).
PLANTED = [
    ("no_chain", {"MOVE.PUSH.CHAIN"}),
    ("no_paradox", {"MOVE.PUSH.PARADOX"}),
    ("free_copy_choice", {"TURN.COPY-CHOICE"}),
    ("win_before_focus", {"WIN.CHECK", "TURN.END"}),
]  # one_era_loss's bug is caught with its folding below (wiped_out_not_lost)


def test_divergences_of_one_cause_are_folded_into_one_with_where_it_showed(tmp_path: Path) -> None:
    """A player wiped off every era has not lost, and the engine counts perft by its own rules: the
    apply records of the wipe-out and every perft count that divide narrows to the same turn are one
    cause, reported once with the count of the places where it showed, not once per place."""
    report_path = tmp_path / "report.json"
    done = run_cli("--engine", "python -m tests.toy_engines.wiped_out_not_lost", "--games", "0", "--keep-going",
                   "--vectors", str(VECTORS / "standard"), "--report", str(report_path))
    assert done.returncode == EXIT_DIVERGENCE, done.stdout + done.stderr
    report = json.loads(report_path.read_text())
    divergences = report["divergences"]
    assert report["by_rule"] == {"WIN.CHECK": len(divergences)} and len(divergences) >= 5
    assert any("perft" in d for d in divergences) and any(d["source"].startswith("vectors apply") for d in divergences)
    (fold,) = report["folded"]
    assert fold["count"] == len(divergences) and fold["sources"] == [d["source"] for d in divergences]
    assert f"{len(divergences)} divergences under 1 rule, from 1 cause:" in done.stdout
    assert done.stdout.count("DIVERGENCE at") == 1
    assert f"the same cause showed at {len(divergences)} places" in done.stdout


def test_an_engine_command_naming_python_runs_under_the_oracles_own_python(tmp_path: Path) -> None:
    """``python`` names the oracle's interpreter, found even where no ``python`` is on the PATH, so that
    the docs' toy engines (which import the oracle) run as written."""
    assert engine_argv("python engine.py --fast") == [sys.executable, "engine.py", "--fast"]
    assert engine_argv("python3 engine.py") == ["python3", "engine.py"]
    assert engine_argv("./python engine.py")[0] == "./python"
    done = subprocess.run([sys.executable, "-m", "oracle", "conform", "--quiet", "--engine",
                           "python tests/toy_engines/focus_stays.py"], capture_output=True, text=True, cwd=ROOT,
                          timeout=300, env={**os.environ, "PATH": str(tmp_path)})
    assert done.returncode == EXIT_DIVERGENCE and "FOCUS.MOVE" in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize(("engine", "rules"), PLANTED, ids=[name for name, _ in PLANTED])
def test_keep_going_reports_every_planted_bug_under_its_rule_from_the_vectors_alone(engine: str,
                                                                                   rules: set[str]) -> None:
    report = conform(toy(engine), STANDARD, games=0, vectors=VECTORS / "standard", keep_going=True)
    assert report.result == "divergence" and report.exit_code == EXIT_DIVERGENCE
    groups = report.by_rule()
    assert set(groups) <= rules, report.text()
    assert sum(len(group) for group in groups.values()) == len(report.divergences) > 0
    assert all(d.source.startswith("vectors ") for d in report.divergences)


def test_an_early_win_is_blamed_on_the_win_or_the_turn_end_never_on_a_push(tmp_path: Path) -> None:
    report_path = tmp_path / "all.json"
    done = run_cli("--engine", toy("win_before_focus"), "--vectors", str(VECTORS / "standard"), "--games", "0",
                   "--keep-going", "--report", str(report_path))
    assert done.returncode == EXIT_DIVERGENCE
    report = json.loads(report_path.read_text())
    assert report["keep_going"] and set(report["by_rule"]) <= {"WIN.CHECK", "TURN.END"}
    assert sum(report["by_rule"].values()) == len(report["divergences"]) > 1
    assert "rule       count  causes  first seen at" in done.stdout.replace("WIN.CHECK ", "rule      ")
    causes = {rule: sum(1 for fold in report["folded"] if fold["divergence"]["rule"] == rule)
              for rule in report["by_rule"]}
    assert done.stdout.count("reproduce: ") == sum(min(5, n) for n in causes.values())
    assert sum(fold["count"] for fold in report["folded"]) == len(report["divergences"])


def test_a_position_that_differs_is_blamed_field_by_field() -> None:
    before = {"copies": {"white": ["present:c4"], "black": ["present:d4", "past:d4"]}, "turn": "white",
              "winner": None, "focus": {"white": "present", "black": "past"}, "supply": {"white": 4, "black": 4},
              "removed": {"white": 2, "black": 1}}
    events = ["chose white present:c4", "crushed black present:d4 E", "moved white present:c4-d4 E",
              "focus white present>past", "won white"]
    events_json = [{"type": "copy_chosen", "colour": "white", "cell": "present:c4"},
                   {"type": "crushed", "colour": "black", "cell": "present:d4", "direction": "E"},
                   {"type": "moved", "colour": "white", "from": "present:c4", "to": "present:d4", "direction": "E"},
                   {"type": "focus_moved", "colour": "white", "from": "present", "to": "past"},
                   {"type": "won", "colour": "white"}]
    ours = {**before, "copies": {"white": ["present:d4"], "black": ["past:d4"]}, "turn": None, "winner": "white",
            "focus": {"white": "past", "black": "past"}, "removed": {"white": 2, "black": 2}}
    # The game ended before the Focus moved: only the Focus differs, and it never left.
    early = {**ours, "focus": before["focus"]}
    blamed = blame_position(before, ours, early, events, events_json, STANDARD)
    assert blamed is not None and blamed.rule == "TURN.END" and "focus.white" in blamed.detail
    # No win declared: the winner and the player to move differ.
    no_win = {**ours, "turn": "black", "winner": None}
    assert (blame_position(before, ours, no_win, events, events_json, STANDARD) or Blame(None, "")).rule == "WIN.CHECK"
    # The copy pushed is kept: the first differing field comes from the crush.
    kept = {**ours, "copies": {"white": ["present:d4"], "black": ["past:d4", "present:d4"]}}
    assert (blame_position(before, ours, kept, events, events_json, STANDARD) or Blame(None, "")).rule == \
        "MOVE.PUSH.CRUSH"
    assert blame_position(before, ours, ours, events, events_json, STANDARD) is None


def test_events_are_blamed_one_by_one() -> None:
    ours = ["chose white present:a1", "paradox white present:c1 present:d1", "pushed black present:b1-c1 E",
            "moved white present:a1-b1 E", "focus white present>past"]
    no_chain = [*ours[:1], "crushed black present:b1 E", *ours[3:]]
    no_paradox = [*ours[:1], "crushed white present:c1 E", *ours[2:]]
    early_win = [*ours[:4], "won white"]
    assert (blame_events(ours, no_chain, STANDARD) or Blame(None, "")).rule == "MOVE.PUSH.CHAIN"
    assert (blame_events(ours, no_paradox, STANDARD) or Blame(None, "")).rule == "MOVE.PUSH.PARADOX"
    assert (blame_events([*ours, "won white"], early_win, STANDARD) or Blame(None, "")).rule == "WIN.CHECK"
    assert (blame_events(ours, early_win, STANDARD) or Blame(None, "")).rule == "WIN.CHECK"
    assert blame_events(ours, list(ours), STANDARD) is None


def test_declared_rules_say_which_variant_to_pass() -> None:
    done = run_cli("--engine", toy("declares_variant"), "--vectors", str(VECTORS / "standard"))
    assert done.returncode == EXIT_USAGE, done.stdout + done.stderr
    assert "pass --variant self-push=ends" in done.stdout and "DIVERGENCE" not in done.stdout
    paradox = Ruleset.parse("self-push=paradox")
    assert declared_rules_problem({"plays": {"variants": ["self-push=ends"]}}, TTYKM, paradox) == (
        "the engine plays self-push=ends, the runner was asked for self-push=paradox: pass --variant self-push=ends")
    assert declared_rules_problem({"plays": {"ruleset": "standard", "variants": []}}, TTYKM, STANDARD) is None
    assert "no --variant" in (declared_rules_problem({"plays": {"variants": []}}, TTYKM, paradox) or "")
    assert "does not know" in (declared_rules_problem({"plays": {"variants": ["fast"]}}, TTYKM, STANDARD) or "")
    assert declared_rules_problem({}, TTYKM, STANDARD) is None


def test_an_engine_that_starts_only_from_the_opening_conforms_through_its_adapter() -> None:
    engine = f"{sys.executable} -m tests.toy_engines.opening_only_adapter"
    report = conform(engine, STANDARD, games=1, seed=3, vectors=VECTORS / "standard", send_json=True)
    assert report.result == "conforms", report.text()
    assert report.checked["moves"] > 100 and report.checked["legal"] > 300 and report.skipped == ["perft"]
    assert report.engine_version is not None and report.engine_version["plays"]["variants"] == []


def test_the_oracle_conforms_to_itself_in_a_convergence_pair() -> None:
    """The pair rulesets go through conform and the protocol, with the elephant's pull (Cc2+) among the turns."""
    ruleset = Ruleset.parse("influence+memory")
    report = conform(ORACLE_ENGINE, ruleset, games=1, seed=3, vectors=VECTORS / "influence+memory")
    assert report.result == "conforms", report.text()
    assert report.variant == "influence+memory" and report.checked["moves"] > 50 and report.checked["apply"] > 100


def test_conform_asks_for_a_named_pair_rather_than_the_draw() -> None:
    done = run_cli("--engine", ORACLE_ENGINE, "--rules", "convergence")
    assert done.returncode == 2 and "name it" in done.stderr and done.stderr.count("\n") == 1


class _NeverAsked:
    """An engine stand-in that fails the test if the runner asks it anything."""

    def ask(self, request: object) -> object:
        raise AssertionError(f"the runner asked the engine {request!r}")


def test_no_perft_count_beyond_a_request_budget_is_asked() -> None:
    """Counts above MAX_PERFT_NODES_ASKED cannot be answered within a request's time budget on a slow
    machine, so the runner never sends them (the standard start's perft 4, 123,888 nodes, it does)."""
    from oracle.tools.conform import MAX_PERFT_NODES_ASKED, Runner

    runner = Runner(_NeverAsked(), TTYKM, STANDARD)  # type: ignore[arg-type]
    start = "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"
    runner.check_perft(start, 4, MAX_PERFT_NODES_ASKED + 1, "a count too large to ask")
    assert "perft" not in runner.checked.counts
    with pytest.raises(AssertionError, match="asked the engine"):
        runner.check_perft(start, 4, 123888, "a count within the budget")


def test_a_perft_count_that_differs_is_narrowed_by_divide_to_the_rule_of_its_first_differing_turn() -> None:
    """perft 1 and 2 agree on the paradox-push record, perft 3 does not: divide finds the first turn
    whose count differs, and that turn, played, differs in its events (a crush instead of a paradox)."""
    from oracle.tools.conform import Diverged, Engine, Runner

    engine = Engine(f"{sys.executable} -m tests.toy_engines.deep_no_paradox", timeout=120)  # a hung one waits so long
    try:
        runner = Runner(engine, TTYKM, STANDARD)
        state = "3b/4/4/w3|4/4/4/wbb1|3b/4/4/w3 turn=w focus=present,future supply=4,3 removed=0,0"
        runner.check_perft(state, 2, 400, "paradox-push")
        with pytest.raises(Diverged) as caught:
            runner.check_perft(state, 3, 8480, "paradox-push")
    finally:
        engine.close()
    found = caught.value.divergence
    assert found.rule == "MOVE.PUSH.PARADOX" and found.request["op"] == "apply"
    assert found.perft is not None and found.perft["path"] == [found.request["turn"]]
    assert (found.perft["oracle"], found.perft["engine"]) == (8480, 8400)
    assert "narrowed to a1 E F >future" in found.text() and "perft 3: the oracle counts 8480" in found.text()


def test_an_unreadable_position_is_blamed_field_by_field_and_says_why_it_is_unreadable() -> None:
    from oracle.tools.conform import Diverged, Engine, Runner

    engine = Engine(toy("travel_free"), timeout=120)  # only a hung engine waits so long
    try:
        runner = Runner(engine, TTYKM, STANDARD)
        with pytest.raises(Diverged) as caught:
            runner.check_apply("4/4/4/1b2|4/3b/ww2/2bw|4/b2b/w2b/w3 turn=w focus=future,past supply=1,0 removed=1,1",
                               "a1 E B >past", "a backward travel")
    finally:
        engine.close()
    found = caught.value.divergence
    assert found.rule == "TRAVEL.BACKWARD"
    assert "unreadable (white has 6 on the board + 1 in supply + 1 removed = 8 copies" in found.summary
    assert found.summary.endswith("as far as it reads, it differs in supply.white")


class _TooSlow:
    """An engine stand-in whose perft is beyond its own time budget."""

    def ask(self, request: dict[str, object]) -> object:
        assert request["op"] == "perft"
        return {"id": 0, "ok": False, "error": {"code": "too_slow", "message": "over budget"}}


def test_the_report_counts_the_perft_records_not_compared_by_reason() -> None:
    from oracle.tools.conform import PERFT_TOO_DEEP, PERFT_TOO_MANY, PERFT_TOO_SLOW, Runner

    runner = Runner(_TooSlow(), TTYKM, STANDARD)  # type: ignore[arg-type]
    start = "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"
    for depth, nodes in ((1, 16), (2, 256), (3, 2_000_000), (9, 1)):  # (3: a count made too large)
        runner.check_perft(start, depth, nodes, "start")
    assert runner.checked.perft_skipped == {PERFT_TOO_SLOW: 2, PERFT_TOO_MANY: 1, PERFT_TOO_DEEP: 1}
    report = Report("conforms", "slow", "standard", 1, 0, {}, [], perft_skipped=runner.checked.perft_skipped)
    assert "perft counts not compared: 2 answered too_slow by the engine, 1 " in report.text()
    assert report.to_json()["perft_skipped"][PERFT_TOO_SLOW] == 2


def test_the_json_adapter_skeleton_imports_nothing_from_the_oracle_and_conforms() -> None:
    import ast

    for name in ("json_adapter", "opening_only_adapter", "opening_only_engine"):  # the skeleton and what it calls
        tree = ast.parse((TOYS / f"{name}.py").read_text(encoding="utf-8"))
        modules = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
        modules += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
        assert not [m for m in modules if m.split(".")[0] == "oracle"], name
    report = conform(f"{sys.executable} -m tests.toy_engines.json_adapter --perft-seconds 0.1", STANDARD, games=0,
                     vectors=VECTORS / "standard", send_json=True)
    assert report.result == "conforms", report.text()
    assert report.checked["perft"] > 10 and report.checked["apply"] > 700 and report.checked["legal"] > 400
