"""``oracle replay FILE``: a recorded game replayed and checked step by step (spec/vectors.md, Recorded games).

The playthroughs of every game's vector sets replay as they are; a record
that says something the rules do not (an illegal step, another state, other
events, another ending) stops at that step, named with its line; a record
that cannot be read is one line on stderr, exit status 2.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from oracle.inputs import MAX_RECORD_BYTES
from oracle.tools.cli.main import main
from tests.conftest import ROOT

TTYKM_JSONL = ROOT / "vectors" / "standard" / "playthroughs" / "game-01.jsonl"


def replay(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any, str]:
    code = main(["replay", *args])
    out, err = capsys.readouterr()
    return code, json.loads(out) if "--json" in args and out.strip() else out, err


def write(tmp_path: Path, lines: list[Any], name: str = "game.jsonl") -> str:
    path = tmp_path / name
    path.write_text("".join((x if isinstance(x, str) and x.startswith("{") else json.dumps(x)) + "\n"
                            for x in lines), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("path, game, ending", [
    ("vectors/standard/playthroughs/game-01.jsonl", "ttykm", "WIN.CHECK"),
    ("vectors/standard/playthroughs/game-01.txt", "ttykm", "WIN.CHECK"),
    ("vectors/time-chase/players-4/playthroughs/game-01.txt", "time-chase", "TC.WIN.THREE"),
    ("vectors/trois-ombres/standard/playthroughs/game-01.txt", "trois-ombres", "OMBRES.WIN"),
])
def test_every_games_playthroughs_replay_to_their_recorded_end(capsys: pytest.CaptureFixture[str], path: str,
                                                               game: str, ending: str) -> None:
    code, data, _ = replay(capsys, str(ROOT / path), "--json")
    assert code == 0 and data["ok"] and data["game"] == game, data["problem"]
    assert data["outcome"] is not None and data["outcome"]["rule"] == ending
    assert all(s["verdict"] == "legal" for s in data["steps"]) and data["depends"] == 0


def test_a_record_of_actions_alone_replays_and_says_who_is_to_act(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, [{"record": "header", "game": "ttykm"}, "a1 N E >present", {"turn": "d4 S W >past"}])
    code, out, _ = replay(capsys, path)
    assert code == 0
    lines = out.splitlines()
    assert lines[1:3] == ["1. white: a1 N E >present", "2. black: d4 S W >past"]
    assert lines[-2] == "replayed 2 turns; the game goes on: white is to act"
    # The same record from standard input, asked as the game it is.
    monkeypatch.setattr("sys.stdin", io.StringIO(Path(path).read_text(encoding="utf-8")))
    assert main(["--game", "ttykm", "replay", "-"]) == 0
    assert capsys.readouterr().out == out


def test_an_illegal_step_stops_the_replay_naming_its_line_and_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = TTYKM_JSONL.read_text(encoding="utf-8").splitlines()[:4]
    ply = json.loads(lines[3])
    ply["turn"] = "a1 W N >present"  # west of column a is off the board
    del ply["events"]
    code, data, _ = replay(capsys, write(tmp_path, [*lines[:3], ply]), "--json")
    assert code == 1 and not data["ok"] and data["problem_ply"] == 3
    assert data["problem"].startswith("ply 3 (line 4): white's a1 W N >present is illegal: ")
    step = data["steps"][-1]
    assert step["verdict"] == "illegal" and step["rule"] and step["rule"] in data["problem"]
    assert len(data["steps"]) == 3 and data["position"] == json.loads(lines[3])["position"]


@pytest.mark.parametrize("field, value, said", [
    ("position", "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0",
     "the record's position is 3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0, "
     "but the replay reached 3b/4/1w2/4|"),
    ("to_act", "white", "the record says white acts, but black is to act"),
    ("events", ["moved white past:a1-a2 N"], "the events differ: the record says moved white past:a1-a2 N"),
])
def test_a_step_that_differs_from_the_record_stops_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      field: str, value: Any, said: str) -> None:
    lines = TTYKM_JSONL.read_text(encoding="utf-8").splitlines()[:3]
    ply = json.loads(lines[2])
    ply[field] = value
    code, out, _ = replay(capsys, write(tmp_path, [lines[0], lines[1], ply]))
    assert code == 1
    assert out.splitlines()[-2].startswith(f"stopped: ply 2 (line 3): {said}")


def test_an_outcome_the_game_did_not_reach_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    final = {"record": "final", "final": None, "outcome": {"winners": ["black"], "rule": "WIN.CHECK"}}
    code, out, _ = replay(capsys, write(tmp_path, ["a1 N E >present", final]))
    assert code == 1
    assert "stopped: the outcome: the record says black WIN.CHECK, but the oracle says the game goes on" in out


@pytest.mark.parametrize("lines, message", [
    ([], "the record is empty"),
    (["{\"turn\": "], "line 1 is malformed: "),
    (["a1 N E >present", 7], "line 2: a step is a JSON object or an action string"),
    (["a1 N E >present", {"record": "ply"}], "line 2: a ply needs its turn (\"turn\")"),
    (["a1 N E >present", "a1 Q"], "line 2: "),
    ([{"record": "header", "game": "chess"}], "line 1: the record is a game of chess, which the oracle does not know"),
    ([{"record": "final", "final": None, "outcome": None}, "a1 N E >present"],
     "line 2: nothing may follow the final record"),
])
def test_a_record_that_cannot_be_read_is_one_line_naming_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[Any], message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("".join((x if isinstance(x, str) and x.startswith("{\"turn") else json.dumps(x)) + "\n"
                            for x in lines), encoding="utf-8")
    code, out, err = replay(capsys, str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_a_header_that_contradicts_the_command_line_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, [{"record": "header", "game": "time-chase", "rules": "players=4"}])
    assert main(["--game", "ttykm", "replay", path]) == 2
    assert "line 1: the record is a game of time-chase, not ttykm" in capsys.readouterr().err
    assert main(["--game", "time-chase", "--variant", "players=3", "replay", path]) == 2
    assert "line 1: the record is played by" in capsys.readouterr().err


def test_a_missing_or_oversized_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = replay(capsys, str(tmp_path / "none.jsonl"))
    assert code == 2 and err.startswith("oracle: error: cannot read ") and err.count("\n") == 1
    big = tmp_path / "big.jsonl"
    big.write_text('"a1 N E >present"\n' * (MAX_RECORD_BYTES // 18 + 1), encoding="utf-8")
    code, _, err = replay(capsys, str(big))
    assert code == 2 and f"more than {MAX_RECORD_BYTES} bytes" in err and err.count("\n") == 1
