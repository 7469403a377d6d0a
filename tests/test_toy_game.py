"""The road is one: a toy fourth game, Nim (tests/toy_game.py), registered only here, gets every shared
tool with no change to any tool: the command line, ``serve``, the vectors, perft, the conformance runner
(which catches a broken copy and blames the right rule) and the Hypothesis harness."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test

from oracle.games import EXTRA_GAMES, GAMES, extra_games, load_game
from oracle.tools.cli.main import EXIT_ERROR, EXIT_ILLEGAL, EXIT_OK, main
from oracle.tools.conform import EXIT_CONFORMS, EXIT_DIVERGENCE, conform
from oracle.tools.testing.stateful import EngineAdapter, EngineStateMachine, OracleAdapter
from oracle.tools.vectors import export, read_playthrough, regenerate, replay, verify
from tests.conftest import ROOT

ENTRY = "nim=tests.toy_game"


@pytest.fixture(autouse=True)
def nim(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Nim registered in this process, and (through the environment) in every process it starts."""
    monkeypatch.setitem(GAMES, "nim", "tests.toy_game")
    monkeypatch.setenv(EXTRA_GAMES, ENTRY)
    yield


def oracle(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "oracle", "--game", "nim", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def count(piles: tuple[int, ...], depth: int) -> int:
    """Perft of Nim, counted here on its own: every way to take one or more stones from one pile."""
    if depth == 0:
        return 1
    return sum(count((*piles[:i], piles[i] - n, *piles[i + 1:]), depth - 1)
               for i in range(len(piles)) for n in range(1, piles[i] + 1))


def test_the_environment_registers_games_and_ignores_what_is_not_an_entry() -> None:
    assert extra_games("toy=tests.toy_game, bad entry,ttykm=elsewhere,x=1y") == {"toy": "tests.toy_game"}
    done = oracle("version")
    assert done.returncode == 0 and done.stdout.splitlines()[0].endswith("games: ttykm, time-chase, trois-ombres, nim")


def test_the_common_commands_speak_the_game_s_words(capsys: pytest.CaptureFixture[str]) -> None:
    def run(*argv: str) -> tuple[int, str]:
        code = main(["--game", "nim", *argv])
        return code, capsys.readouterr().out

    assert run("moves") == (EXIT_OK, "\n".join(f"take {n} from {p}" for p, size in ((1, 1), (2, 3), (3, 5))
                                              for n in range(1, size + 1)) + "\n9 legal moves\n")
    assert run("legal", "take 6 from 3") == (EXIT_ILLEGAL, "illegal: NIM.TAKE: take one stone or more from a pile"
                                                           " that holds them\n")
    code, out = run("apply", "piles=0,0,2 turn=1", "take 2 from 3")
    assert code == EXIT_OK and "p1 won" in out and "piles=0,0,0 winner=1" in out
    code, out = run("explain", "take 1 from 1", "--variant", "misere")
    assert code == EXIT_OK and out.startswith("legal")
    assert run("show", "--json")[1].startswith('{"position": "piles=1,3,5 turn=0"')
    assert json.loads(run("observe", "--player", "1", "--json")[1])["observation"]["piles"] == [1, 3, 5]
    assert run("start")[1].endswith("piles=1,3,5 turn=0\n")
    assert "9 legal moves for P0" in run()[1]
    assert run("render")[1].startswith("<svg") and "ooo" in run("render", "--text")[1]
    assert main(["--game", "nim", "moves", "piles=1,3,5 turn=0 turn=1"]) == EXIT_ERROR
    assert "field given twice" in capsys.readouterr().err


def test_perft_counts_every_move_sequence(capsys: pytest.CaptureFixture[str]) -> None:
    for depth in range(4):
        assert main(["--game", "nim", "perft", str(depth)]) == EXIT_OK
        assert capsys.readouterr().out == f"perft {depth}: {count((1, 3, 5), depth)}\n"
    assert main(["--game", "nim", "perft", "2", "piles=0,2,1 turn=0", "--divide", "--json"]) == EXIT_OK
    assert json.loads(capsys.readouterr().out)["divide"] == {"take 1 from 2": 2, "take 2 from 2": 1,
                                                             "take 1 from 3": 2}


def test_serve_answers_the_protocol_for_the_game() -> None:
    lines = [{"id": 1, "op": "moves", "position": "piles=0,1,2 turn=1"},
             {"id": 2, "op": "apply", "position": "piles=0,0,1 turn=0", "turn": "take 1 from 3"},
             {"id": 3, "op": "perft", "position": "piles=1,3,5 turn=0", "depth": 2, "divide": True},
             {"id": 4, "op": "validate", "position": {"piles": [1, 2], "turn": 0.5}}]
    done = subprocess.run([sys.executable, "-m", "oracle", "serve", "--stdio", "--game", "nim"],
                          input="".join(json.dumps(line) + "\n" for line in lines), capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    moves, played, perft, bad = (json.loads(line) for line in done.stdout.splitlines())
    assert moves["turns"] == ["take 1 from 2", "take 1 from 3", "take 2 from 3"]
    assert (played["events"], played["winner"]) == (["p0 took 1 from 3", "p0 won"], "p0")
    assert perft["nodes"] == count((1, 3, 5), 2) and len(perft["divide"]) == 9
    assert (bad["valid"], bad["code"]) == (False, "bad_position") and "turn" in bad["reason"]


def test_vectors_export_regenerate_and_verify(tmp_path: Path) -> None:
    game = load_game("nim")
    written = regenerate(tmp_path, game)
    assert written == [tmp_path / "nim" / "standard"] and verify(written[0]) == []
    files = {p.name for p in written[0].rglob("*") if p.is_file()}
    assert {"positions.jsonl", "apply.jsonl", "illegal.jsonl", "perft.txt", "game-01.txt", "manifest.json"} <= files
    assert "perft 4 " + str(count((1, 3, 5), 4)) in (written[0] / "perft.txt").read_text(encoding="utf-8")
    misere = tmp_path / "misere"
    assert export(misere, game, game.vector_set(game.parse_rules(None, "misere")))
    playthrough = read_playthrough((misere / "playthroughs" / "game-01.txt").read_text(encoding="utf-8"))
    assert replay(playthrough, game) == [] and playthrough.header["variant"] == "misere"
    (misere / "apply.jsonl").write_text("{}\n", encoding="utf-8")
    done = oracle("vectors", "verify", str(misere))  # another process: the manifest names the game
    assert done.returncode == 1 and "differs: apply.jsonl" in done.stdout


def test_conform_passes_the_oracle_and_catches_a_broken_copy_under_the_right_rule() -> None:
    game = load_game("nim")
    rules = game.parse_rules(None, None)
    itself = conform(f"{sys.executable} -m oracle serve --stdio", game, rules, games=2)
    assert itself.exit_code == EXIT_CONFORMS and itself.checked["perft"] > 0, itself.text()
    broken = conform(f"{sys.executable} -m tests.toy_engines.nim_wrong_winner", game, rules, games=1,
                     keep_going=True)
    assert broken.exit_code == EXIT_DIVERGENCE and set(broken.by_rule()) == {"NIM.WIN"}, broken.text()


class NimMachine(EngineStateMachine):
    game_name = "nim"

    def make_engine(self) -> EngineAdapter:
        return OracleAdapter("nim")


def test_the_hypothesis_harness_plays_the_game() -> None:
    run_state_machine_as_test(NimMachine, settings=settings(max_examples=10, stateful_step_count=10,
                                                            deadline=None))
