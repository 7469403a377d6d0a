"""The games of the oracle, one subpackage each, and the registry the shared tools read.

(spec/design.md)

`GAMES` maps each game's name (as ``--game`` and the protocol's ``game``
field write it) to the module holding its `oracle.interface.Game`; a game is
imported only when it is asked for, so a query pays for one game only.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from oracle.errors import NotationError
from oracle.interface import Game

DEFAULT_GAME = "ttykm"

# name -> module whose attribute GAME implements the interface.
GAMES: dict[str, str] = {
    "ttykm": "oracle.games.ttykm.game",
    "time-chase": "oracle.games.time_chase.game",
    "trois-ombres": "oracle.games.trois_ombres.game",
}

AnyGame = Game[Any, Any, Any, Any]


@cache
def load_game(name: str | None = None) -> AnyGame:
    """The game called ``name`` (default: TTYKM); `NotationError` naming it if there is none."""
    name = DEFAULT_GAME if name is None else name
    module = GAMES.get(name)
    if module is None:
        raise NotationError(f"unknown game (known: {', '.join(GAMES)})", name)
    game: AnyGame = importlib.import_module(module).GAME
    return game
