"""Printing and parsing positions and turns, in text and JSON, are inverse."""

from __future__ import annotations

from hypothesis import given

from oracle.games.ttykm.state import Position
from oracle.games.ttykm.strategies import turns
from oracle.games.ttykm.turn import Turn
from properties.checks import check_round_trip
from properties.strategies import any_position


@given(position=any_position(allow_won=True), turn=turns())
def test_round_trip(position: Position, turn: Turn) -> None:
    check_round_trip(position, turn)
