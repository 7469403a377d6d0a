"""The registration check: a game is loaded only if it keeps the contract, and the error names what is missing.

(spec/design.md, "The contract")  `mypy --strict` and Python refuse a game class that leaves out one of
`oracle.games.base.GameBase`'s abstract methods; `load_game` turns that refusal into one line naming
the game and the method (`made`), and then checks what no type can say (`check_game_contract`): the
game is a `GameBase` with the shared readers, its registered name is its own, it seats players, and
its own start state reads back through the shared readers, text and JSON, so that bounds that refuse
the game's own JSON are found here rather than by ``oracle observe``.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

from oracle.errors import GameContractError, NotationError
from oracle.interface import Game

AnyGame = Game[Any, Any, Any, Any]
BASE = ("oracle.games.base", "GameBase")
READERS = ("parse_rules", "parse_state", "state_from_json", "parse_action", "action_from_json")
_ABSTRACT = re.compile(r"abstract (?:method|attribute)s? (.*)$")


def made(name: str, module: str) -> AnyGame:
    """The ``GAME`` of ``module``, registered as ``name``; `GameContractError` naming what it lacks."""
    try:
        found = importlib.import_module(module)
    except TypeError as exc:  # GAME = Game() of a class with an abstract method left
        missing = _ABSTRACT.search(str(exc))
        if missing is None:
            raise
        pieces = missing.group(1).replace("'", "").replace('"', "")
        raise GameContractError(f"the game {name} ({module}) does not write {pieces}, which every game writes"
                                " (oracle/games/base.py)") from None
    game = getattr(found, "GAME", None)
    if game is None:
        raise GameContractError(f"the game {name}: its module {module} has no GAME")
    check_game_contract(name, game)
    return game  # type: ignore[no-any-return]


def check_game_contract(name: str, game: Any) -> None:
    """What the types cannot check of a registered game; `GameContractError` naming the piece."""
    def refuse(what: str) -> GameContractError:
        return GameContractError(f"the game {name} {what} (oracle/games/base.py)")

    # GameBase, found among the game's classes rather than imported: oracle.games.base reaches the registry
    # (its perft counter loads a game by name), and the registry checks every game it loads.
    base = next((c for c in type(game).__mro__ if (c.__module__, c.__qualname__) == BASE), None)
    if base is None:
        raise refuse("is not a GameBase, so its input is not read through the shared readers")
    for reader in READERS:
        if getattr(type(game), reader) is not getattr(base, reader):
            raise refuse(f"overrides the shared reader {reader}; write read_* instead")
    for attribute, kind in (("name", str), ("title", str), ("players", tuple)):
        if not isinstance(getattr(game, attribute, None), kind) or not getattr(game, attribute):
            raise refuse(f"declares no {attribute}")
    if game.name != name:
        raise refuse(f"calls itself {game.name!r}, not its registered name")
    rules = game.parse_rules(None, None)
    start = game.initial_state(rules)
    try:
        game.state_from_json(game.state_to_json(start))
    except NotationError as exc:
        raise refuse(f"refuses the JSON form of its own start ({exc}): declare its fields in bounds"
                     " (Bounds(json=...))") from None
    try:
        game.parse_state(game.format_state(start))
    except NotationError as exc:
        raise refuse(f"refuses the text of its own start ({exc}): declare its fields in bounds"
                     " (Bounds(fields=...))") from None
