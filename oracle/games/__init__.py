"""The games of the oracle, one subpackage each, and the registry the shared tools read.

(spec/design.md)

`GAMES` maps each game's name (as ``--game`` and the protocol's ``game``
field write it) to the module holding its `oracle.interface.Game`; a game is
imported only when it is asked for, so a query pays for one game only.

A game kept outside the package plugs in with no change here: the
environment variable `EXTRA_GAMES` (``ORACLE_EXTRA_GAMES``) names extra
``name=module`` entries, joined by commas, such as
``ORACLE_EXTRA_GAMES=nim=tests.toy_game``; every tool then offers it.  The
tests register their toy game so, in their own process and in the processes
they start.
"""

from __future__ import annotations

import os
import re
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

# The environment variable that registers games kept outside the package: ``name=module,name=module``.
EXTRA_GAMES = "ORACLE_EXTRA_GAMES"
_ENTRY = re.compile(r"([a-z][a-z0-9-]*)=([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)")


def extra_games(text: str) -> dict[str, str]:
    """The ``name=module`` entries of `EXTRA_GAMES`; a malformed entry, or one that names a game of the
    package, is left out (``oracle version`` lists what is registered)."""
    found = {}
    for entry in text.split(","):
        match = _ENTRY.fullmatch(entry.strip())
        if match is not None and match.group(1) not in GAMES:
            found[match.group(1)] = match.group(2)
    return found


GAMES.update(extra_games(os.environ.get(EXTRA_GAMES, "")))


@cache
def load_game(name: str | None = None) -> AnyGame:
    """The game called ``name`` (default: TTYKM); `NotationError` naming it if there is none, and
    `oracle.errors.GameContractError` naming the game and the piece it lacks if it breaks the contract
    (`oracle.games.contract`)."""
    name = DEFAULT_GAME if name is None else name
    module = GAMES.get(name)
    if module is None:
        raise NotationError(f"unknown game (known: {', '.join(GAMES)})", name)
    from oracle.games.contract import made  # the registration check, asked once per game and process

    return made(name, module)
