"""A wrong Time Chase engine whose observations show every hand and the unused cards (breaks TC.OBSERVE)."""

from __future__ import annotations

import sys
from typing import Any

import oracle.games.time_chase.notation
import oracle.games.time_chase.views
from oracle.games.time_chase.state import State
from oracle.tools.protocol import Defaults, serve

right_observation = oracle.games.time_chase.views.observation


def everything(state: State, player: int) -> dict[str, Any]:
    seen = right_observation(state, player)
    whole = oracle.games.time_chase.notation.state_to_json(state)
    return {**seen, "hands": whole["hands"], "unused": whole["unused"]}


if __name__ == "__main__":
    oracle.games.time_chase.views.observation = everything
    serve(sys.stdin.buffer, sys.stdout.buffer, Defaults("time-chase"))
