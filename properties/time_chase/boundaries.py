"""Time Chase's boundary vector set: the model differential's boundary positions (`model_differential.BOUNDARY_NAMES`)
as vectors in ``vectors/time-chase/boundaries/``, run by the quick tier and by ``oracle conform``.

    python -m properties.time_chase.boundaries write     # after a deliberate change of the rules
    python -m properties.time_chase.boundaries check
"""

from __future__ import annotations

import itertools
import sys
from typing import Any

from oracle.games.time_chase import rules as engine
from oracle.games.time_chase.actions import Action, Bid, Bids
from oracle.games.time_chase.game import GAME
from oracle.games.time_chase.state import State
from properties import boundary_vectors
from properties.time_chase import model_differential

DIRECTORY = boundary_vectors.ROOT / "vectors" / "time-chase" / "boundaries"
JOINT_BIDS = 6  # joint bids written for a sealed bidding step: the first ones in seat order


def named_states() -> list[tuple[str, State]]:
    states, found = model_differential.sample()
    return [(name.replace(" ", "-").replace(",", ""), states[found[name]][1])
            for name in model_differential.BOUNDARY_NAMES]


def actions_of(state: State) -> list[Action]:
    """Every card playable, or the first joint bids of a bidding step."""
    ruleset = GAME.state_rules(state, GAME.parse_rules(None, None))
    if state.phase == "bid":
        ranges = [[a.amount for a in engine.legal_actions(state, ruleset, p) if isinstance(a, Bid)]
                  for p in range(state.players)]
        return [Bids(amounts) for amounts in itertools.islice(itertools.product(*ranges), JOINT_BIDS)]
    return list(engine.legal_actions(state, ruleset))


def files() -> dict[str, bytes]:
    named: list[tuple[str, Any]] = list(named_states())
    return boundary_vectors.build(GAME, named, actions_of, "properties.time_chase.boundaries")


def main() -> int:
    return boundary_vectors.main(DIRECTORY, files, sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
