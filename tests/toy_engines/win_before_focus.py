"""A wrong engine that ends the game before the winner's Focus moves: the win
is checked straight after the actions, and a won turn leaves the Focus where
it was (breaks TURN.END and WIN.CHECK: the Focus moves first, then the win is
checked)."""

from __future__ import annotations

import oracle.games.ttykm.rules.standard
from oracle.games.ttykm.board import Colour, Era
from oracle.games.ttykm.events import Event, Won
from oracle.games.ttykm.state import Position
from tests.toy_engines.spec_rule import serve_with_spec_rule

right_end_turn = oracle.games.ttykm.rules.standard.end_turn
winner_after = oracle.games.ttykm.rules.standard.winner_after


def end_turn_win_first(position: Position, colour: Colour, focus: Era) -> tuple[Position, tuple[Event, ...]]:
    winner = winner_after(position, colour)
    if winner is None:
        return right_end_turn(position, colour, focus)
    ended = Position(copies=position.copies, supply=position.supply, removed=position.removed,
                     focus=position.focus, to_move=None, winner=winner)
    return ended, (Won(winner),)


if __name__ == "__main__":
    serve_with_spec_rule("end_turn", end_turn_win_first)
