"""The shared commands for Time Chase and Trois Ombres: render, perft and serve through the
common game interface, and bad input as one line naming the token or the rule."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.games import DEFAULT_GAME, GAMES, load_game
from oracle.tools.cli.main import main
from tests.conftest import ROOT


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def started(capsys: pytest.CaptureFixture[str], game: str, seed: int = 7) -> str:
    """The first state where a player acts, the deal drawn from ``seed``."""
    code, out, _ = run(capsys, "--game", game, "--json", "start", "--seed", str(seed))
    assert code == 0
    position: str = json.loads(out)["position"]
    return position


def after(capsys: pytest.CaptureFixture[str], game: str, state: str, action: str) -> str:
    code, out, _ = run(capsys, "--game", game, "--json", "apply", state, action)
    assert code == 0, out
    position: str = json.loads(out)["position"]
    return position


# --- render ------------------------------------------------------------------------------


def test_render_draws_a_time_chase_state_and_an_action_before_and_after(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bidding = started(capsys, "time-chase")
    code, out, _ = run(capsys, "--game", "time-chase", "render", bidding)
    assert code == 0 and out.startswith("<svg") and "event 1<" in out and ">2–10<" in out and "Invariant" in out
    playing = after(capsys, "time-chase", bidding, "bids 0,0,0,0")
    state = load_game("time-chase").parse_state(playing)
    card = state.hands[state.first][0].text
    code, out, _ = run(capsys, "--game", "time-chase", "render", playing, card, "-o", str(tmp_path / "play.svg"))
    assert code == 0 and out.split() == [str(tmp_path / "play-before.svg"), str(tmp_path / "play-after.svg")]
    assert card not in (tmp_path / "play-before.svg").read_text() and card in (tmp_path / "play-after.svg").read_text()


def test_render_refuses_an_illegal_action_naming_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    playing = after(capsys, "time-chase", started(capsys, "time-chase"), "bids 0,0,0,0")
    state = load_game("time-chase").parse_state(playing)
    foreign = next(c for p, h in enumerate(state.hands) if p != state.first for c in h).text
    code, _, err = run(capsys, "--game", "time-chase", "render", playing, foreign)
    assert code == 1 and err.strip() == f"oracle: illegal: TC.PLAY: p{state.first} does not hold {foreign}"
    code, _, err = run(capsys, "--game", "time-chase", "render", playing, "Z4")
    assert code == 2 and err.count("\n") == 1 and "'Z4'" in err


def test_render_draws_the_trois_ombres_table_with_its_tiles_face_down(capsys: pytest.CaptureFixture[str]) -> None:
    table = started(capsys, "trois-ombres")
    code, out, _ = run(capsys, "--game", "trois-ombres", "render", table)
    assert code == 0 and out.startswith("<svg") and "Agence" in out
    state = load_game("trois-ombres").parse_state(table)
    hidden = {cell.tile for _, cell in state.board if not cell.up}
    assert hidden and not any(f">{tile}<" in out for tile in hidden)  # the table shows backs only


def test_render_text_is_the_games_text_picture(capsys: pytest.CaptureFixture[str]) -> None:
    table = started(capsys, "trois-ombres")
    code, out, _ = run(capsys, "--game", "trois-ombres", "render", table, "--text")
    game = load_game("trois-ombres")
    assert code == 0 and out == game.state_text(game.parse_state(table)) + "\n"


# --- perft -------------------------------------------------------------------------------


def test_perft_counts_bids_plays_and_die_faces(capsys: pytest.CaptureFixture[str]) -> None:
    bidding = started(capsys, "time-chase")
    state = load_game("time-chase").parse_state(bidding)
    code, out, _ = run(capsys, "--game", "time-chase", "--json", "perft", "2", bidding, "--divide")
    # Nobody holds a crystal before round 1: one joint bid, then the first player may lead any card.
    assert code == 0 and json.loads(out) == {"depth": 2, "nodes": len(state.hands[state.first]),
                                             "divide": {"bids 0,0,0,0": len(state.hands[state.first])}}
    table = started(capsys, "trois-ombres")
    code, out, _ = run(capsys, "--game", "trois-ombres", "--json", "perft", "2", table)
    assert code == 0 and json.loads(out)["nodes"] == 6  # roll, then the six faces of the die


def test_perft_from_a_deal_is_one_line_naming_the_state(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--game", "time-chase", "perft", "1")
    assert code == 2 and err.count("\n") == 1 and "deal" in err and "players=4 round=0 phase=deal" in err
    code, _, err = run(capsys, "--game", "time-chase", "perft", "30", started(capsys, "time-chase"))
    assert code == 2 and err.count("\n") == 1 and "more than the limit of about a minute" in err


# --- serve ---------------------------------------------------------------------------------


def test_serve_game_answers_requests_that_name_no_game() -> None:
    request = {"id": 1, "op": "moves", "position": "players=3 round=0 phase=deal"}
    done = subprocess.run([sys.executable, "-m", "oracle", "serve", "--stdio", "--game", "time-chase"],
                          input=json.dumps(request) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=60)
    answer = json.loads(done.stdout)
    assert done.returncode == 0 and answer["ok"] is True and answer["turns"] == []  # a deal is chance's


# --- bad input through the command line ------------------------------------------------------


def test_time_chase_bad_input_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    bidding = started(capsys, "time-chase")
    code, out, _ = run(capsys, "--game", "time-chase", "apply", bidding, "bids 0,0,0,2")
    assert code == 1 and out.strip() == "illegal: TC.BID: p3 bids 2 but holds 0 crystals"
    # Round 1 with crystals to spare (income in round 1): a bid of 2 would travel past position 0.
    rich = bidding.replace("crystals=0,0,0,0", "crystals=2,2,2,2") + " variants=income-round1"
    code, out, err = run(capsys, "--game", "time-chase", "apply", rich, "bids 2,0,0,0")
    assert code == 1 and out.strip() == "illegal: TC.BID: p0 bids 2, past position 0: round 1 allows at most 1", err
    state = load_game("time-chase").parse_state(bidding)
    mine, theirs = state.hands[0][0].text, state.hands[1][0].text
    doubled = bidding.replace(theirs, mine, 1)
    code, _, err = run(capsys, "--game", "time-chase", "show", doubled)
    assert code == 2 and err.count("\n") == 1 and f"'{mine}'" in err


@pytest.mark.parametrize(("state", "actions", "bad", "rule"), [
    ("ombres characters=2 board=R1:1n#,R2:1h+0,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n cubes=3 reserve=3,4,4,4"
     " steps=turn", ("roll", "die loupe"), "reveal R1", "OMBRES.CUBE.BLOCKS"),
    ("ombres characters=2 board=R1:1n#,R2:1h+0,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n cubes=3 reserve=3,4,4,4"
     " steps=clues/R2/C1;end-turn", (), "clue R2", "OMBRES.CLUE"),
    ("ombres characters=2 hour=5 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n steps=turn", (),
     "bluff C2", "OMBRES.BLUFF"),
], ids=["reveal a cubed tile", "a second clue on a tile", "bluff before 6 h"])
def test_trois_ombres_illegal_actions_are_one_line_naming_the_rule(
        capsys: pytest.CaptureFixture[str], state: str, actions: tuple[str, ...], bad: str, rule: str) -> None:
    for action in actions:
        state = after(capsys, "trois-ombres", state, action)
    code, out, _ = run(capsys, "--game", "trois-ombres", "apply", state, bad)
    assert code == 1 and out.count("\n") == 1 and out.startswith(f"illegal: {rule}: ")


# --- help in the game's words --------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(set(GAMES) - {DEFAULT_GAME}))
def test_help_under_a_game_gives_that_game_s_usage_and_variants(capsys: pytest.CaptureFixture[str],
                                                                 name: str) -> None:
    game = load_game(name)
    state, action = game.words.state.upper(), game.words.action.upper()
    for argv in (["--game", name, "legal", "--help"], ["legal", f"--game={name}", "--help"]):
        with pytest.raises(SystemExit):
            main(argv)
        out = capsys.readouterr().out
        assert f"[{state}] {action}" in out and "[POSITION] TURN" not in out
        assert f"rulesets: {', '.join(game.rulesets())}" in out
        for variant, meaning in game.variants().items():
            assert f"{variant}: {meaning}" in out
        ttykm = set(load_game(DEFAULT_GAME).variants()) - set(game.variants())
        assert not any(f"{variant}," in out for variant in ttykm), out
