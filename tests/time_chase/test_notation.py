"""Time Chase notation: text and JSON round trips, and one-line errors naming the token."""

from __future__ import annotations

import json

import pytest

from oracle.errors import NotationError
from oracle.games.time_chase import notation
from oracle.games.time_chase.events import Event
from oracle.games.time_chase.game import GAME
from oracle.games.time_chase.ruleset import Rules
from oracle.interface import IllegalAction
from tests.time_chase.games import random_game

STATE = (
    "players=4 round=1 phase=play first=0 ref=0 invariant=R13 unused=R7,R8,R9,R12 "
    "hands=R10,B9,Y5,Y6,Y7,Y8,Y9,Y10,Y11,Y12|R11,B6,Y13,P5,P6,P7,P8,P9,P10,P11|"
    "R5,G5,G6,G7,G8,G9,G10,G11,P12,P13|R6,B5,B7,B8,B10,B11,B12,B13,G12,G13 "
    "crystals=0,0,0,0 pawns=1,1,1,1 timeline=- at=1"
)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_states_and_actions_round_trip_through_a_game(players: int) -> None:
    for step in random_game(players, Rules(players=players)):
        text = GAME.format_state(step.after)
        assert GAME.parse_state(text) == step.after
        assert GAME.format_state(GAME.parse_state(text)) == text
        assert GAME.parse_action(GAME.format_action(step.action)) == step.action
        assert GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(step.action)))) == step.action


@pytest.mark.rule("TC.NOTATION.JSON")
@pytest.mark.parametrize("players", [3, 6])
def test_json_states_round_trip_and_write_the_discard(players: int) -> None:
    for step in random_game(10 + players, Rules(players=players)):
        obj = json.loads(json.dumps(GAME.state_to_json(step.after)))
        assert GAME.state_from_json(obj) == step.after
        assert GAME.parse_state(json.dumps(obj)) == step.after
        if step.after.phase != "deal":
            assert obj["discard"] == [c.text for c in step.after.discard]


def one_line(message: str) -> bool:
    return "\n" not in message and len(message) < 300


def test_a_card_not_in_the_hand_is_named() -> None:
    state = GAME.parse_state(STATE)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, GAME.parse_action("G5"), Rules())
    assert str(caught.value) == "illegal: TC.PLAY: p0 does not hold G5"


def test_a_bid_above_the_crystals_held_is_named() -> None:
    state = GAME.parse_state(STATE)
    for card in ("B9", "B6", "R5", "B12"):
        state = GAME.apply(state, GAME.parse_action(card), Rules()).state
    verdict = GAME.explain(state, GAME.parse_action("bids 3,0,0,0"), Rules())
    assert str(verdict) == "illegal: TC.BID: p0 bids 3 but holds 2 crystals"
    verdict = GAME.explain(state, GAME.parse_action("bids 0,3,0,0"), Rules())
    assert str(verdict) == "illegal: TC.BID: p1 bids 3, past position 0: round 2 allows at most 2"


def test_a_duplicate_card_in_a_state_is_named() -> None:
    doubled = STATE.replace("R11,B6,", "R11,B9,")
    with pytest.raises(NotationError) as caught:
        GAME.parse_state(doubled)
    assert caught.value.token == "B9"
    assert one_line(str(caught.value))


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("Q9", "Q9"),
        ("B14", "B14"),
        ("B09", "B09"),
        ("bids 0,-1,0,0", "-1"),
        ("bid two", "two"),
        ("deal first=0 colour=red", "colour=red"),
        ("play", "play"),
    ],
)
def test_bad_actions_name_the_token(text: str, token: str) -> None:
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(text)
    assert caught.value.token == token
    assert one_line(str(caught.value))


@pytest.mark.parametrize(
    ("text", "token"),
    [
        (STATE.replace("players=4", "players=7"), "7"),
        (STATE.replace("invariant=R13", "invariant=R3"), "R3"),
        (STATE.replace("timeline=-", "timeline=B9"), "B9"),
        (STATE + " colour=red", "colour=red"),
        (STATE.replace("phase=play", "phase=lunch"), "lunch"),
    ],
)
def test_bad_states_name_the_token(text: str, token: str) -> None:
    with pytest.raises(NotationError) as caught:
        GAME.parse_state(text)
    assert caught.value.token == token
    assert one_line(str(caught.value))


def test_event_text_and_json_name_every_field() -> None:
    state = GAME.parse_state(STATE)
    events: list[Event] = []
    for card in ("B9", "B6", "R5", "B12"):
        applied = GAME.apply(state, GAME.parse_action(card), Rules())
        state = applied.state
        events += applied.events
    assert [notation.event_text(e) for e in events][:3] == ["lead p0 B9 at 1", "play p1 B6 at 1", "crystal p1 at 1"]
    assert notation.event_to_json(events[0]) == {"kind": "lead", "player": 0, "card": "B9", "position": 1}


TCB = ("players=4 round=1 phase=bid first=1 ref=1 invariant=R10 unused=R6,R8,G10,P6 hands=R11,R13,B10,B13,G5,Y5,Y10,"
       "Y11,Y12,P12|R5,R9,R12,B8,G6,G9,G11,G12,Y13,P11|B7,B9,B11,G7,G8,G13,Y6,Y8,Y9,P9|"
       "R7,B5,B6,B12,Y7,P5,P7,P8,P10,P13 crystals=0,0,0,0 pawns=1,1,1,1 timeline=-")


@pytest.mark.parametrize(
    ("text", "token"),
    [
        (TCB + " won=99|-|-|-", "'99'"),
        (TCB + " won=10000000000|-|-|-", "'10000000000'"),
        (TCB + " won=2|-|-|-", "'p0'"),
        (TCB.replace("first=1 ref=1", "first=2 ref=1"), "'ref=1'"),
        (TCB.replace("crystals=0,0,0,0", "crystals=5,0,0,0"), "'crystals=5'"),
        (TCB.replace("phase=bid", "phase=over") + " winners=0 end=TC.WIN.THREE", "'winners=0'"),
        ("players=4 round=\u00b2 phase=deal", "'\u00b2'"),
        ("players=\u0664 round=0 phase=deal", "'\u0664'"),
        ("players=4 round=" + "9" * 4301 + " phase=deal", "999"),
        (TCB.replace("R11,", "R\u00b2,"), "'\u00b2'"),
    ],
    ids=["won 99", "won huge", "won later", "ref", "crystals", "winner", "round unicode", "players unicode",
         "round huge", "card unicode"],
)
def test_a_state_that_is_not_one_is_refused_naming_the_token(text: str, token: str) -> None:
    """Issue reproductions (TC.STATE.VALID, the notation's bounds): one line naming the token, never a crash."""
    with pytest.raises(NotationError) as caught:
        GAME.parse_state(text)
    assert token in str(caught.value) and "\n" not in str(caught.value)


def test_a_unicode_digit_is_not_a_bid() -> None:
    with pytest.raises(NotationError, match="'\u0660'"):
        GAME.parse_action("bids \u0660,\u0660,\u0660,\u0660")
