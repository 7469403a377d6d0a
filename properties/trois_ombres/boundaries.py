"""The 3 Ombres boundary vector set: the model differential's boundary positions
(`model_differential.BOUNDARY_NAMES`) as vectors in ``vectors/trois-ombres/boundaries/``, run by the quick tier
and by ``oracle conform``.

    python -m properties.trois_ombres.boundaries write     # after a deliberate change of the rules
    python -m properties.trois_ombres.boundaries check
"""

from __future__ import annotations

import sys
from typing import Any

from oracle.games.trois_ombres.actions import Action
from oracle.games.trois_ombres.game import GAME
from oracle.games.trois_ombres.state import State
from properties import boundary_vectors
from properties.trois_ombres import model_differential

DIRECTORY = boundary_vectors.ROOT / "vectors" / "trois-ombres" / "boundaries"


def named_states() -> list[tuple[str, State]]:
    states, found = model_differential.sample()
    return [(name.replace(" ", "-").replace(",", "").replace("'", ""), states[found[name]][1])
            for name in model_differential.BOUNDARY_NAMES]


def actions_of(state: State) -> list[Action]:
    """Every legal action of the position."""
    return list(GAME.legal_actions(state, GAME.state_rules(state, GAME.parse_rules(None, None))))


def files() -> dict[str, bytes]:
    named: list[tuple[str, Any]] = list(named_states())
    return boundary_vectors.build(GAME, named, actions_of, "properties.trois_ombres.boundaries")


def main() -> int:
    return boundary_vectors.main(DIRECTORY, files, sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
