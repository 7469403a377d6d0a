"""The JSON-lines protocol answers for Time Chase when a request names the game."""

from __future__ import annotations

import json
from typing import Any

from oracle.tools.protocol import handle

STATE = (
    "players=4 round=1 phase=play first=0 ref=0 invariant=R13 unused=R7,R8,R9,R12 "
    "hands=R10,B9,Y5,Y6,Y7,Y8,Y9,Y10,Y11,Y12|R11,B6,Y13,P5,P6,P7,P8,P9,P10,P11|"
    "R5,G5,G6,G7,G8,G9,G10,G11,P12,P13|R6,B5,B7,B8,B10,B11,B12,B13,G12,G13 "
    "crystals=0,0,0,0 pawns=1,1,1,1 timeline=- at=1"
)


def ask(**request: Any) -> Any:
    return json.loads(handle(json.dumps({"id": 1, "game": "time-chase", **request})))


def test_apply_and_explain() -> None:
    led = ask(op="apply", position=STATE, turn="B9")
    assert led["ok"] and led["events"][0] == "lead p0 B9 at 1"
    follow = ask(op="explain", position=led["position"], turn="R11")
    assert follow["verdict"] == "illegal" and follow["rule"] == "TC.FOLLOW"
    assert follow["reason"] == "p1 must follow B9's suit and holds B6"


def test_moves_and_observe() -> None:
    assert ask(op="moves", position=STATE)["count"] == 10
    seen = ask(op="observe", position=STATE, player=1)["observation"]
    assert seen["hand"][:2] == ["R11", "B6"] and seen["hands"][0] == ["?"] * 10 and seen["view"] == 1


def test_bad_input_names_the_token() -> None:
    answer = ask(op="apply", position=STATE, turn="Q9")
    assert not answer["ok"] and "'Q9'" in answer["error"]["message"]
