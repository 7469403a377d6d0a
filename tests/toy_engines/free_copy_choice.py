"""A wrong engine that forgets the copy-choice rule: any copy on the Focus era
may be chosen, even when another can take more actions (breaks TURN.COPY-CHOICE)."""

from __future__ import annotations

import oracle.games.ttykm.rules.standard
from oracle.games.ttykm.board import Colour
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from tests.toy_engines.spec_rule import serve_with_spec_rule

right_choice = oracle.games.ttykm.rules.standard.choice


def free_choice(position: Position, colour: Colour, ruleset: Ruleset) -> oracle.games.ttykm.rules.standard.Choice:
    return right_choice(position, colour, Ruleset(ruleset.variants | {"copy-choice=free"}))


if __name__ == "__main__":
    serve_with_spec_rule("choice", free_choice)
