"""Hostile input against every game: each reproduction of the second hardening report as a regression test.

Each case gives the documented result: a spec error code in the protocol (spec/protocol.md, Errors), and
one line on stderr with exit status 2 on the command line, never a traceback and never ``internal``.
The readers are the shared ones (`oracle.inputs`, applied by `oracle.games.base.GameBase`), so a case
written for one game guards the discipline of all of them; tests/test_input_discipline.py measures the
memory the bombs allocate, and tests/test_cli_options.py covers the options.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from oracle.tools.cli.main import EXIT_ERROR, main
from oracle.tools.protocol import handle

TC, TO = "time-chase", "trois-ombres"
# A four-player Time Chase bidding state.
TCB = ("players=4 round=1 phase=bid first=1 ref=1 invariant=R10 unused=R6,R8,G10,P6 hands=R11,R13,B10,B13,G5,Y5,"
       "Y10,Y11,Y12,P12|R5,R9,R12,B8,G6,G9,G11,G12,Y13,P11|B7,B9,B11,G7,G8,G13,Y6,Y8,Y9,P9|R7,B5,B6,B12,Y7,P5,P7,P8,"
       "P10,P13 crystals=0,0,0,0 pawns=1,1,1,1 timeline=-")
# A finished four-player Time Chase game, won by player 2 under TC.WIN.THREE.
TC_OVER = ("players=4 round=4 phase=over first=1 ref=0 invariant=G11 unused=R9,R13,B12,P5 hands=R7,R10,B5,B7,B8,B11,"
           "G12|B6,B13,G7,G8,G13,Y7,P10|R5,R8,B10,G5,G9,P7|R6,R11,B9,Y6,Y9,Y13,P12 crystals=0,1,0,1 pawns=1,1,4,3"
           " timeline=P6/P13:2|Y8/Y11:2|G10:0|G6:2 spent=5,6,2,4 won=3|-|1.2.4|2 last=2 winners=2 end=TC.WIN.THREE")
# A running four-player 3 Ombres game, player 0 in the middle of a turn.
OMBRES = ("ombres players=4 board=R1:1h,R2:3h,R4:6h,R6:5n,R7:7n,R8:6n+2,C2:5h,C3:2h,C5:7h,C6:2n,C7:1n,C8:7h,C9:3h+0,"
          "P1:7n,P3:4n,P4:4h,P5:1h,P6:1n+0,P8:4h,P9:4n,G2:5n,G3:6n,G4:3n,G5:2h,G6:2n,G7:3n,G9:6h demon=5h"
          " reserve=2,4,3,4 traps=hercule,hercule,horloge,vortex,yeux-C,yeux-G,yeux-P,yeux-R id-deck=archeoscript,"
          "calepin,calepin,chronogyre,debriefing,debriefing,invertigo,loupe-analytique,oreillettes,revelateur,"
          "stylo-traducteur limbes-deck=amnesie,brouillard,brume,confusion,hallucination,illusion,paralysie,reveil,"
          "silence,temps-accelere,vortex limbes-discard=fausse-piste,manipulation curses=tenebres:1:old,"
          "paranoia:3:old seen0=C8:7h,C9:3h,P3:4n,P6:1n,G3:6n seen1=C8:7h,C9:3h,P3:4n,P6:1n seen2=R6:5n,R8:6n,C8:7h,"
          "C9:3h,P3:4n,P6:1n seen3=C8:7h,C9:3h,P3:4n,P6:1n,G5:2h turn=face:G,accepted,begun,left:1,revealed:G3"
          " steps=turn")
BOMB = "ombres players=4 characters=100000000000000000 steps=turn"
CONVERGENCE = "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0 rules=convergence"


def answer(request: dict[str, Any]) -> dict[str, Any]:
    line = handle(json.dumps({"id": 1, **request}))
    assert "\n" not in line and line.isprintable(), line
    response: dict[str, Any] = json.loads(line)
    return response


def refusal(request: dict[str, Any]) -> str:
    """The spec error code of a refused request; ``validate`` refuses by its ``valid`` false and ``code``."""
    response = answer(request)
    if response["ok"] and response["op"] == "validate":
        assert response["valid"] is False, response
        code: str = response["code"]
        return code
    assert response["ok"] is False, response
    code = response["error"]["code"]
    return code


def ombres_json(**changes: Any) -> dict[str, Any]:
    from oracle.games import load_game

    game = load_game(TO)
    state = game.parse_state(OMBRES)
    return {**game.state_to_json(state), **changes}


# (game, position, expected code): each state of the report that a reader must refuse.
REFUSED_STATES = [
    # 1. memory and time bombs inside the documented limits
    (TO, BOMB, "bad_position"),
    (TO, ombres_json(characters=10**17), "bad_position"),
    (TO, ombres_json(characters=1e18), "bad_position"),
    (TC, TCB + " won=10000000000|-|-|-", "bad_position"),
    (TC, TCB + " won=1000000000|-|-|-", "bad_position"),
    # 2. what reached int() or an index
    (TC, "players=4 round=² phase=deal", "bad_position"),
    (TC, TCB.replace("R11", "R²"), "bad_position"),
    (TO, "ombres players=① steps=turn", "bad_position"),
    (TC, "players=4 round=" + "9" * 4301 + " phase=deal", "bad_position"),
    *[(TO, f"ombres players=4 steps={steps}", "invalid_position")
      for steps in ("KEEP", "banana", "keep", "invertigo", "pick", "place", "give/0")],
    (TO, ombres_json(investigators=[0, 5]), "bad_position"),
    (TO, ombres_json(seen=[[], [], [], []]), "bad_position"),
    # 3. digits of other scripts
    (TC, "players=٤ round=0 phase=deal", "bad_position"),
    (TO, "ombres players=٤ steps=turn", "bad_position"),
    # 4. states that are not states (TC.STATE.VALID, OMBRES.STATE.VALID)
    (TC, TCB + " won=99|-|-|-", "bad_position"),
    (TC, TCB.replace("first=1", "first=2"), "invalid_position"),
    (TC, TCB.replace("crystals=0,0,0,0", "crystals=5,0,0,0"), "invalid_position"),
    (TC, TC_OVER.replace("winners=2", "winners=0"), "invalid_position"),
    (TO, OMBRES.replace("steps=turn", "hour=3 hour=5 steps=turn"), "bad_position"),
    (TO, "ombres players=4 hour=12 steps=turn", "invalid_position"),
    (TO, OMBRES.replace("seen0=C8:7h", "seen0=R3:7h"), "invalid_position"),  # R3 is an empty slot
    (TO, OMBRES.replace("seen0=C8:7h", "seen0=C8:1h"), "invalid_position"),  # C8 holds 7h
    (TO, OMBRES.replace("traps=hercule,", "traps=hercule,hercule,hercule,hercule,vortex,vortex,"), "invalid_position"),
    (TO, OMBRES.replace("left:1", "used:zzz"), "bad_position"),
    (TO, OMBRES.replace("left:1", "used:\udcff"), "bad_position"),
    (TO, OMBRES.replace("left:1", "used:\x00\x1b[2J"), "bad_position"),
]


@pytest.mark.parametrize(("game", "position", "code"), REFUSED_STATES)
def test_a_hostile_state_gets_its_spec_code_from_every_op(game: str, position: Any, code: str) -> None:
    assert refusal({"op": "validate", "game": game, "position": position}) == code
    assert refusal({"op": "moves", "game": game, "position": position}) == code


@pytest.mark.parametrize(("game", "position", "code"), [case for case in REFUSED_STATES if isinstance(case[1], str)])
def test_a_hostile_state_is_one_line_and_exit_2_on_the_command_line(capsys: pytest.CaptureFixture[str], game: str,
                                                                    position: str, code: str) -> None:
    if "\udcff" in position:  # a command line cannot carry a lone surrogate; the reader refuses it all the same
        position = position.replace("\udcff", "\\xff")
    assert main(["--game", game, "moves", position]) == EXIT_ERROR
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("oracle: error: ") and err.count("\n") == 1 and err[:-1].isprintable(), err


def test_the_real_states_those_cases_mutate_are_valid() -> None:
    """Each refusal above is of the mutation, not of the state it starts from."""
    for game, position in ((TC, TCB), (TC, TC_OVER), (TO, OMBRES), (TO, ombres_json())):
        response = answer({"op": "validate", "game": game, "position": position})
        assert response["ok"] and response["valid"], response


def test_a_player_the_state_does_not_seat_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert refusal({"op": "observe", "game": TC, "position": "players=3 round=0 phase=deal", "player": 4}) \
        == "bad_request"
    assert refusal({"op": "moves", "game": TC, "position": TCB, "player": 5}) == "bad_request"
    for player in ("5", "-1", "99", "4"):
        assert main(["--game", TC, "moves", TCB, "--player", player]) == EXIT_ERROR
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "--player" in err, err


def test_a_hercule_step_with_no_arguments_is_refused_before_a_turn_is_read() -> None:
    assert refusal({"op": "apply", "game": TO, "position": "ombres players=4 steps=hercule", "turn": "cube R1"}) \
        == "invalid_position"


def test_a_sealed_bid_in_other_digits_is_not_a_bid() -> None:
    assert refusal({"op": "legal", "game": TC, "position": TCB, "turn": "bids ٠,٠,٠,٠"}) == "bad_turn"


@pytest.mark.parametrize("op", ["validate", "observe", "version", "moves"])
@pytest.mark.parametrize("variant", ["nonsense", 5, "income-round1+income-round1"])
def test_every_op_reads_its_variant(op: str, variant: Any) -> None:
    assert refusal({"op": op, "game": TC, "position": TCB, "player": 0, "variant": variant}) == "bad_variant"


def test_a_variant_that_cannot_play_the_state_is_refused_by_validate() -> None:
    assert refusal({"op": "validate", "game": TC, "position": TCB, "variant": "players=3"}) == "bad_variant"
    good = answer({"op": "validate", "game": TC, "position": TCB, "variant": "players=4"})
    assert good["ok"] and good["valid"], good


def test_perft_counts_a_convergence_position_as_moves_lists_it(capsys: pytest.CaptureFixture[str]) -> None:
    moves = answer({"op": "moves", "position": CONVERGENCE})
    perft = answer({"op": "perft", "depth": 1, "position": CONVERGENCE})
    assert moves["count"] == perft["nodes"] == 3
    assert main(["perft", "1", CONVERGENCE]) == 0
    assert capsys.readouterr().out == "perft 1: 3\n"


@pytest.mark.parametrize("text", ["3b/4\x00/4/w3", "\x1b[31mred", "a\u202eb", "line\nbreak", "\x7f\x85"])
def test_an_echoed_control_character_is_escaped(capsys: pytest.CaptureFixture[str], text: str) -> None:
    for game in ("ttykm", TC, TO):
        response = answer({"op": "moves", "game": game, "position": text})
        assert response["ok"] is False and response["error"]["message"].isprintable(), response
        assert main(["--game", game, "show", text]) == EXIT_ERROR
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err[:-1].isprintable(), err


# --- the third hardening report: messages ----------------------------------------------------------------


@pytest.mark.parametrize("field", ["demon", "result"])
@pytest.mark.parametrize("text", ["\x1b[2J", "line\nbreak", "a\u202eb"])
def test_a_control_character_in_a_json_state_string_is_escaped_in_every_answer(
        capsys: pytest.CaptureFixture[str], field: str, text: str) -> None:
    position = ombres_json(**{field: text})
    for op in ("validate", "moves"):
        line = handle(json.dumps({"id": 1, "op": op, "game": TO, "position": position}))
        response = json.loads(line)
        said = response["reason"] if op == "validate" else response["error"]["message"]
        assert said.isprintable() and ascii(text)[1:-1] in said, said
    assert main(["--game", TO, "show", json.dumps(position)]) == EXIT_ERROR
    err = capsys.readouterr().err
    assert err[:-1].isprintable() and ascii(text)[1:-1] in err


@pytest.mark.parametrize("divide", ["true", 1, 0, [], {}, None])
def test_divide_is_true_or_false_and_nothing_else(divide: Any) -> None:
    start = "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"
    assert refusal({"op": "perft", "position": start, "depth": 1, "divide": divide}) == "bad_request"
    assert len(answer({"op": "perft", "position": start, "depth": 1, "divide": True})["divide"]) == 16
    assert "divide" not in answer({"op": "perft", "position": start, "depth": 1, "divide": False})


@pytest.mark.parametrize("text", ['"unterminated', '{"a": "\x01"}', '{"a": "\\q"}'])
def test_a_json_error_says_at_column_once(capsys: pytest.CaptureFixture[str], text: str) -> None:
    assert main(["show", text]) == EXIT_ERROR
    err = capsys.readouterr().err
    assert " at column " in err and "at at" not in err, err


def test_a_games_first_import_is_not_counted_in_the_request_budget(tmp_path: Any) -> None:
    """A game whose module takes 0.5 s to import answers a trivial request within a 0.2 s budget."""
    import os
    import subprocess
    import sys

    (tmp_path / "slow_nim.py").write_text("import time\ntime.sleep(0.5)\nfrom tests.toy_game import GAME\n",
                                          encoding="utf-8")
    code = ("import json\nfrom oracle.tools.protocol import handle\n"
            "print(handle(json.dumps({'id': 1, 'op': 'validate', 'game': 'nim', 'position': '5'}), budget=0.2))")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = {**os.environ, "ORACLE_EXTRA_GAMES": "nim=slow_nim", "PYTHONPATH": f"{tmp_path}{os.pathsep}{root}"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60).stdout
    response = json.loads(out)
    assert response["ok"] and response["op"] == "validate", response
