"""A wrong engine that declares a loss only when the opponent is on exactly
one era (``len(eras) == 1``): an opponent left with no copies at all never
loses (breaks WIN.CHECK, "one era or none")."""

from __future__ import annotations

from oracle.games.ttykm.board import Colour
from oracle.games.ttykm.state import Position
from tests.toy_engines.spec_rule import serve_with_spec_rule


def winner_at_exactly_one_era(position: Position, mover: Colour) -> Colour | None:
    return mover if len(position.eras_of(mover.opponent)) == 1 else None


if __name__ == "__main__":
    serve_with_spec_rule("winner_after", winner_at_exactly_one_era)
