"""Notation: canonical round trips and one clear error per kind of mistake."""

from __future__ import annotations

import json
import random

import pytest

from oracle.games.ttykm.board import Action, Era
from oracle.games.ttykm.notation import (
    NotationError,
    format_position,
    format_turn,
    parse_cell,
    parse_position,
    parse_turn,
    position_from_json,
    position_to_json,
    turn_from_json,
    turn_to_json,
)
from oracle.games.ttykm.rules.standard import legal_turns
from oracle.games.ttykm.state import InvalidPosition, Position
from oracle.games.ttykm.turn import Turn
from tests.positions import random_playout_position, random_position

START = "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"


def test_start_text() -> None:
    assert format_position(Position.start()) == START
    assert parse_position(START) == Position.start()


def test_positions_round_trip() -> None:
    rng = random.Random(5)
    positions = [random_position(rng) for _ in range(300)] + [random_playout_position(rng, 9) for _ in range(50)]
    for position in positions:
        text = format_position(position)
        assert parse_position(text) == position
        assert format_position(parse_position(text)) == text
        data = position_to_json(position)
        assert position_from_json(json.loads(json.dumps(data))) == position


def test_turns_round_trip() -> None:
    rng = random.Random(6)
    for _ in range(40):
        position = random_playout_position(rng, rng.randint(0, 8))
        for turn in legal_turns(position):
            assert parse_turn(format_turn(turn)) == turn
            assert turn_from_json(turn_to_json(turn)) == turn


@pytest.mark.parametrize(
    ("text", "turn"),
    [
        ("a1 N E >present", Turn(0, (Action.NORTH, Action.EAST), Era.PRESENT)),
        (">future", Turn(None, (), Era.FUTURE)),
        ("b2", Turn(5, ())),
        ("d4 B", Turn(15, (Action.BACKWARD,))),
    ],
)
def test_turn_forms(text: str, turn: Turn) -> None:
    assert parse_turn(text) == turn
    assert format_turn(turn) == text


def test_parser_accepts_lower_case_actions_and_extra_spaces() -> None:
    assert format_turn(parse_turn("  a1  n   f  >past ")) == "a1 N F >past"


def test_the_focus_is_read_in_any_case_as_the_actions_are() -> None:
    assert format_turn(parse_turn("a1 n e >Present")) == format_turn(parse_turn("a1 N E >PRESENT")) == "a1 N E >present"
    assert turn_from_json({"copy": "a1", "actions": ["N", "E"], "focus": "Future"}) == parse_turn("a1 N E >future")
    with pytest.raises(NotationError, match="expected an era"):
        parse_turn("a1 N E >pre\u017fent")  # only ASCII letters count


@pytest.mark.parametrize(("text", "fixed"), [("a1 N E present", "a1 N E >present"), ("a1 N Future", "a1 N >Future"),
                                             ("a1 past", "a1 >past")])
def test_an_era_without_its_marker_is_refused_with_the_turn_written_right(text: str, fixed: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_turn(text)
    assert str(info.value).startswith(f"the new Focus is written with '>', as in \"{fixed}\"")


def test_fields_in_any_order() -> None:
    text = "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 removed=0,0 supply=4,4 focus=past,future turn=w"
    assert format_position(parse_position(text)) == START


def test_winner_field() -> None:
    text = "3b/4/4/4|4/4/4/4|4/4/4/w3 winner=w focus=present,future supply=0,0 removed=6,6"
    position = parse_position(text)
    assert position.winner is not None and position.to_move is None
    assert format_position(position) == text


def test_parse_cell() -> None:
    assert parse_cell("future:d4") == 47
    with pytest.raises(NotationError, match="expected era:square"):
        parse_cell("d4")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty turn"),
        ("a5 N >past", "expected a square a1-d4: 'a5' at column 1"),
        ("a1 X >past", "expected an action N, E, S, W, F, B or a new Focus such as >past: 'X' at column 4"),
        ("a1 N E S >past", "a turn has at most two actions: 'S' at column 8"),
        ("a1 N >now", "expected an era: past, present or future: 'now' at column 7"),
        ("a1 >past N", "nothing may follow the new Focus: 'N' at column 10"),
    ],
)
def test_turn_errors_name_token_and_column(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_turn(text)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty position"),
        ("3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0",
         "expected three boards past|present|future: '3b/4/4/w3|3b/4/4/w3'"),
        ("3b/4/4/w3|3b/4/4|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0",
         "the present board needs 4 ranks separated by /: '3b/4/4'"),
        ("3x/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0",
         "expected w, b or a digit 1-4 on a board: 'x'"),
        ("3b/4/4/w4|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0",
         "rank 1 of the past board has more than 4 squares: 'w4'"),
        ("3b/4/4/w2|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0",
         "rank 1 of the past board has 3 squares, not 4: 'w2'"),
        ("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=x focus=past,future supply=4,4 removed=0,0",
         "turn= takes w or b: 'x'"),
        ("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past supply=4,4 removed=0,0",
         "focus= takes two values, white's then black's, separated by a comma: 'past'"),
        ("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,later supply=4,4 removed=0,0",
         "expected an era: past, present or future: 'later'"),
        ("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,x removed=0,0",
         "expected a count: 'x'"),
        ("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w colour=w focus=past,future supply=4,4 removed=0,0",
         "expected turn=, winner=, focus=, supply=, removed= or rules=: 'colour=w'"),
        ("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w turn=b focus=past,future supply=4,4 removed=0,0",
         "field given twice: 'turn=b'"),
        ("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4",
         "missing field removed= (such as removed=0,0) after the boards"),
    ],
)
def test_position_errors_name_token_and_column(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_position(text)
    error = info.value
    if error.column:
        # The column points at the offending token in the input.
        assert text[error.column - 1:].startswith(error.token)
        assert str(error) == f"{message} at column {error.column}"
    else:
        assert str(error) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,5 removed=0,0",
         "black supply is 5; it must be 0 to 4"),
        ("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,1",
         "black has 3 on the board + 4 in supply + 1 removed = 8 copies; it must be 7"),
    ],
)
def test_invalid_positions_are_rejected_with_reason(text: str, message: str) -> None:
    with pytest.raises(InvalidPosition) as info:
        parse_position(text)
    assert str(info.value) == message


def test_json_position_errors() -> None:
    good = position_to_json(Position.start())
    with pytest.raises(NotationError, match="missing JSON field 'supply'"):
        position_from_json({k: v for k, v in good.items() if k != "supply"})
    with pytest.raises(NotationError, match="unknown JSON field"):
        position_from_json({**good, "extra": 1})
    with pytest.raises(InvalidPosition, match="a square holds two copies"):
        position_from_json({**good, "copies": {"white": ["past:a1"], "black": ["past:a1"]},
                            "removed": {"white": 2, "black": 2}})
    with pytest.raises(InvalidPosition, match="exactly one of"):
        position_from_json({**good, "winner": "white"})
    with pytest.raises(NotationError, match="expected a cell"):
        position_from_json({**good, "copies": {"white": [1], "black": []}})


def test_json_turn_errors() -> None:
    with pytest.raises(NotationError, match="at most two actions"):
        turn_from_json({"copy": "a1", "actions": ["N", "N", "N"], "focus": "past"})
    with pytest.raises(NotationError, match="must name its copy"):
        turn_from_json({"copy": None, "actions": ["N"], "focus": "past"})
    with pytest.raises(NotationError, match="expected an action"):
        turn_from_json({"copy": "a1", "actions": ["Q"], "focus": "past"})


def test_every_event_has_one_row_that_reads_its_own_lines() -> None:
    """The event table (oracle.games.ttykm.event_forms) holds each kind of event once, and the line each row
    writes is read back to that row, as the conformance blame reads an engine's lines."""
    from typing import get_args

    from oracle.games.ttykm import event_forms
    from oracle.games.ttykm.events import Event

    kinds = [form.kind for form in event_forms.FORMS]
    assert sorted(k.__name__ for k in kinds) == sorted(k.__name__ for k in get_args(Event))
    assert len({form.json_type for form in event_forms.FORMS}) == len(kinds)
    for form in event_forms.FORMS:
        sample = event_forms._sample(form.kind)
        assert event_forms.form_of(sample) is form
        assert event_forms.form_of_line(form.text(sample)) is form, form.kind.__name__
