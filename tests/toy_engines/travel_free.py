"""A wrong engine whose backward travel spends no supply: the copy left behind
comes from nowhere, so the position it writes after such a travel has eight
copies of the traveller's colour and cannot be read (breaks TRAVEL.BACKWARD:
the new copy comes from the supply)."""

from __future__ import annotations

from dataclasses import replace

import oracle.games.ttykm.rules.standard
from oracle.games.ttykm.board import Colour
from oracle.games.ttykm.rules.step import Illegal, Step
from oracle.games.ttykm.state import Position
from tests.toy_engines.spec_rule import serve_with_spec_rule

right_travel = oracle.games.ttykm.rules.standard.travel_backward


def travel_for_free(position: Position, colour: Colour, active: int) -> Step | Illegal:
    result = right_travel(position, colour, active)
    if isinstance(result, Step):  # give back the copy the travel took from the supply
        return replace(result, position=replace(result.position, supply=position.supply))
    return result


if __name__ == "__main__":
    serve_with_spec_rule("travel_backward", travel_for_free)
