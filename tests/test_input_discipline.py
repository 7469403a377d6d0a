"""One input discipline for every game (oracle/inputs.py, applied by oracle.games.base.GameBase before a
game reads anything): the reproductions of the hardening report that the shared readers now refuse,
each with its spec error code in the protocol and one line with exit 2 on the command line."""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

from oracle.errors import NotationError
from oracle.games import load_game
from oracle.inputs import MAX_INT_DIGITS
from oracle.tools.cli.main import EXIT_ERROR, main
from oracle.tools.protocol import handle

# A four-player Time Chase bidding state, and the trois-ombres state of the memory bomb.
TCB = ("players=4 round=1 phase=bid first=1 ref=1 invariant=R10 unused=R6,R8,G10,P6 hands=R11,R13,B10,B13,G5,Y5,"
       "Y10,Y11,Y12,P12|R5,R9,R12,B8,G6,G9,G11,G12,Y13,P11|B7,B9,B11,G7,G8,G13,Y6,Y8,Y9,P9|R7,B5,B6,B12,Y7,P5,P7,P8,"
       "P10,P13 crystals=0,0,0,0 pawns=1,1,1,1 timeline=-")
BOMB = "ombres players=4 characters=100000000000000000 steps=turn"


def error(request: dict[str, Any]) -> dict[str, str]:
    answer = json.loads(handle(json.dumps({"id": 1, **request})))
    assert answer["ok"] is False, answer
    error: dict[str, str] = answer["error"]
    return error


def peak_bytes(call: Callable[[], object]) -> int:
    """The most memory ``call`` allocates at once (it is expected to raise `NotationError`)."""
    tracemalloc.start()
    try:
        with pytest.raises(NotationError):
            call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def ombres_json(**changes: Any) -> dict[str, Any]:
    game = load_game("trois-ombres")
    return {**game.state_to_json(game.initial_state(game.parse_rules(None, None))), **changes}


@pytest.mark.parametrize(("game", "position", "shown"), [
    ("trois-ombres", BOMB, "characters= holds 100000000000000000, more than its bound of 30"),
    ("time-chase", TCB + " won=10000000000|-|-|-", "won= holds 10000000000, more than its bound of 10"),
    ("time-chase", TCB + " won=1000000000|-|-|-", "won= holds 1000000000"),
    ("trois-ombres", ombres_json(characters=10**17), "'characters' holds 100000000000000000, outside its bound"),
    ("trois-ombres", ombres_json(characters=1e18), "'characters' must be a whole number 1 to 30"),
])
def test_a_count_beyond_its_bound_is_refused_before_anything_is_allocated(game: str, position: object,
                                                                          shown: str) -> None:
    refused = error({"op": "moves", "game": game, "position": position})
    assert refused["code"] == "bad_position" and shown in refused["message"]
    reader = load_game(game)
    assert peak_bytes(lambda: reader.parse_state(position) if isinstance(position, str)
                      else reader.state_from_json(position)) < 100_000


def test_the_memory_bomb_on_the_command_line_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "trois-ombres", "show", BOMB]) == EXIT_ERROR
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "characters= holds 100000000000000000" in err and "bound of 30" in err


@pytest.mark.parametrize(("game", "position", "code"), [
    ("time-chase", "players=4 round=² phase=deal", "bad_position"),
    ("time-chase", TCB.replace("R11", "R²"), "bad_position"),
    ("trois-ombres", "ombres players=① steps=turn", "bad_position"),
    ("time-chase", "players=٤ round=0 phase=deal", "bad_position"),
    ("trois-ombres", "ombres players=٤", "bad_position"),
    ("time-chase", "players=4 round=" + "9" * 4301 + " phase=deal", "bad_position"),
    ("time-chase", "players=4 round=" + "9" * (MAX_INT_DIGITS + 1) + " phase=deal", "bad_position"),
    ("trois-ombres", "ombres hour=3 hour=5", "bad_position"),
    ("trois-ombres", ombres_json(investigators=["lucile", 5, "allison", "zacahire"]), "bad_position"),
    ("trois-ombres", ombres_json(seen=[[], [], [], []]), "bad_position"),
])
def test_unicode_digits_long_numbers_repeated_fields_and_wrong_types_are_refused(game: str, position: object,
                                                                                 code: str) -> None:
    for op in ("validate", "moves"):
        answer = json.loads(handle(json.dumps({"id": 1, "op": op, "game": game, "position": position})))
        assert answer["ok"] is (op == "validate") and (answer.get("code") or answer["error"]["code"]) == code


def test_an_action_in_other_scripts_digits_is_refused() -> None:
    assert error({"op": "legal", "game": "time-chase", "position": TCB, "turn": "bids ٠,٠,٠,٠"})["code"] == "bad_turn"


@pytest.mark.parametrize(("request_", "seats"), [
    ({"op": "observe", "game": "time-chase", "position": "players=3 round=0 phase=deal", "player": 4}, "[0, 1, 2]"),
    ({"op": "moves", "game": "time-chase", "position": TCB, "player": 5}, "[0, 1, 2, 3]"),
])
def test_a_player_the_state_does_not_seat_is_refused(request_: dict[str, Any], seats: str) -> None:
    refused = error(request_)
    assert refused["code"] == "bad_request" and seats in refused["message"]


def test_a_player_the_state_does_not_seat_is_one_line_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "time-chase", "moves", TCB, "--player", "5"]) == EXIT_ERROR
    assert capsys.readouterr().err == "oracle: error: --player must be one of 0, 1, 2, 3, not 5\n"


def test_a_json_object_naming_a_key_twice_is_refused() -> None:
    line = '{"id": 1, "op": "validate", "game": "trois-ombres", "position": {"players": 4, "players": 2}}'
    answer = json.loads(handle(line))
    assert answer["error"]["code"] == "bad_json" and "names a key twice" in answer["error"]["message"]
    with pytest.raises(NotationError, match="names a key twice"):
        load_game("ttykm").parse_state('{"turn": "white", "turn": "black"}')
