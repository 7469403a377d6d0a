"""A seeded game played through the command line, action by action, to a win and to a loss."""

from __future__ import annotations

import json
import os

import pytest

from oracle.games.trois_ombres.components import Rules
from oracle.games.trois_ombres.team import play_game
from oracle.tools.cli.main import main


def oracle(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["--game", "trois-ombres", *argv])
    return code, capsys.readouterr().out


@pytest.mark.parametrize(("seed", "forget", "result"), [(1, 0.0, "win"),
                                                        pytest.param(1, 0.5, "loss", marks=pytest.mark.slow)])
def test_a_seeded_game_through_the_cli(capsys: pytest.CaptureFixture[str], seed: int, forget: float,
                                       result: str) -> None:
    _, actions = play_game(Rules(), seed, forget)
    code, out = oracle(capsys, "--json", "start")
    assert code == 0
    position = json.loads(out)["position"]
    for action in actions:
        code, out = oracle(capsys, "--json", "apply", position, str(action))
        assert code == 0, f"{action} refused"
        position = json.loads(out)["position"]
    assert f"result={result}" in position
    code, out = oracle(capsys, "show", position)
    assert f"over: {result}" in out


def test_a_setup_parameter_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    rules = Rules.parse("clues=1+players=2")
    _, actions = play_game(rules, 3, 0.0)
    code, out = oracle(capsys, "--json", "--variant", "clues=1+players=2", "start")
    position = json.loads(out)["position"]
    assert code == 0 and "players=2 reserve=1,1" in position
    for action in actions:
        code, out = oracle(capsys, "--json", "--variant", "clues=1+players=2", "apply", position, str(action))
        assert code == 0, f"{action} refused"
        position = json.loads(out)["position"]
        reserve = next(part for part in position.split() if part.startswith("reserve="))
        assert all(int(n) <= 1 + 2 for n in reserve[8:].split(","))  # one clue each, plus 2 spare at most
    assert "result=" in position
    code = main(["--game", "trois-ombres", "--variant", "slots=1", "start"])
    assert code == 2 and capsys.readouterr().err.count("\n") == 1


def test_observe_hides_what_a_player_did_not_see(capsys: pytest.CaptureFixture[str]) -> None:
    state = ("ombres characters=2 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n seen2=C2:2n "
             "current=2 steps=turn")
    code, out = oracle(capsys, "--json", "observe", "--player", "2", state)
    assert code == 0
    seen = json.loads(out)["observation"]
    assert {c["slot"]: c["tile"] for c in seen["board"]}["C2"] == "2n" and "2n" not in json.dumps(seen["agency"])
    code, out = oracle(capsys, "--json", "observe", "--player", "0", state)
    assert {c["slot"]: c["tile"] for c in json.loads(out)["observation"]["board"]}["C2"] == "?"


def test_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--game", "trois-ombres", "apply", "ombres characters=2 steps=turn", "reveal Z1"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "'Z1'" in err


def test_the_protocol_speaks_trois_ombres() -> None:
    from oracle.tools.protocol import handle

    state = "ombres characters=2 hour=5 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n steps=turn"
    answer = json.loads(handle(json.dumps({"id": 1, "game": "trois-ombres", "op": "legal", "position": state,
                                           "turn": "bluff C2"})))
    assert (answer["ok"], answer["verdict"], answer["rule"]) == (True, "illegal", "OMBRES.BLUFF")
    answer = json.loads(handle(json.dumps({"id": 2, "game": "trois-ombres", "op": "moves", "position": state})))
    assert answer["turns"] == ["roll"]


LOCALE = ("ORACLE_LANG", "LC_ALL", "LC_MESSAGES", "LANG")
FRENCH_LABELS = ("horloge", "tuile Démon", "Traquenards", "yeux fermés", "au tour de", "légende")
ENGLISH_LABELS = ("clock", "Agency", "Demon tile", "the Lieux", "traps", "Objects", "Curses", "Limbo", "to play",
                  "legend")


@pytest.mark.parametrize(("argv", "env", "lang"), [
    ((), {}, "en"), ((), {"LANG": "en_GB.UTF-8"}, "en"), (("--lang", "fr"), {}, "fr"),
    ((), {"LANG": "fr_FR.UTF-8"}, "fr"), ((), {"ORACLE_LANG": "fr", "LANG": "en_US.UTF-8"}, "fr"),
    (("--lang", "en"), {"LANG": "fr_FR.UTF-8"}, "en"),
])
def test_the_text_is_in_one_language_a_run_with_a_legend(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...],
                                                          env: dict[str, str], lang: str) -> None:
    """English by default, French with --lang fr or a French locale; never a label of the other language
    (the French names of the components appear in English only in brackets, as the legend's key), and
    a legend for the brackets, the deal's R1=... and the Agence's count."""
    for name in LOCALE:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code, out = oracle(capsys, *argv, "start", "--seed", "7")
    assert code == 0
    words = out.strip().rsplit("\n", 1)[0].split("\n", 11)[-1]  # below the deal and the Lieux, above the state
    mine, theirs = (ENGLISH_LABELS, FRENCH_LABELS) if lang == "en" else (FRENCH_LABELS, ENGLISH_LABELS)
    assert all(label in words for label in mine), words
    assert not [label for label in theirs if label in words], words
    if lang == "en":
        assert "Agency (Agence) 0/13" in words and "Malédictions" not in words.replace("(Malédictions)", "")
        assert "[3h] a face-down tile" in words and "R1=3h (in a deal)" in words and "0/13: characters" in words
    else:
        assert "Agence 0/13" in words and "[3h] une tuile face cachée" in words and "R1=3h (dans une donne)" in words
    assert os.environ.get("ORACLE_LANG") == env.get("ORACLE_LANG")  # --lang lasts as long as its command
