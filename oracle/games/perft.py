"""Perft through the common interface: count the action sequences of a given depth, for any game.

(spec/design.md)  The default of `oracle.interface.Game.perft` for a game
with no fast counter of its own.  It counts the sequences of actions of
every kind, in the order the game asks for them: one player's action, a
joint action of sealed choices (each combination of the players' choices
counts once), or a chance outcome (each outcome `Game.chance_outcomes` lists
counts once, whatever its probability).  A game that is over has no action,
so a sequence that reaches the end early is not counted at a greater depth.
A chance whose outcomes are too many to list (a deal, a shuffle) cannot be
expanded: `PerftError` says so, and a count must start after it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

from oracle.errors import NotationError
from oracle.games import load_game
from oracle.interface import Game

AnyGame = Game[Any, Any, Any, Any]


class PerftError(NotationError):
    """A count that cannot be made: a chance whose outcomes are not listed."""


def choices(game: AnyGame, state: Any, rules: Any) -> Sequence[Any]:
    """Every action that can come next, in the game's documented order."""
    mover = game.to_act(state)
    if mover.kind == "over":
        return ()
    if mover.kind == "chance":
        outcomes = [action for action, _ in game.chance_outcomes(state, rules)]
        if not outcomes:
            raise PerftError("perft cannot expand a chance whose outcomes are too many to list (a deal or a"
                             " shuffle); count from a state after it", game.format_state(state)[:60])
        return outcomes
    if mover.kind == "simultaneous":
        per_player = [game.legal_actions(state, rules, p) for p in mover.players]
        return [game.joint_action(state, dict(zip(mover.players, chosen, strict=True)))
                for chosen in product(*per_player)]
    return game.legal_actions(state, rules)


def perft(game: AnyGame, state: Any, rules: Any, depth: int) -> int:
    """The number of action sequences of ``depth`` actions from ``state``."""
    if depth == 0:
        return 1
    actions = choices(game, state, rules)
    if depth == 1:
        return len(actions)
    return sum(perft(game, game.apply(state, a, rules).state, rules, depth - 1) for a in actions)


def divide(game: AnyGame, state: Any, rules: Any, depth: int,
           progress: Callable[[int, int], None] | None = None) -> list[tuple[Any, int]]:
    """The count after each first action, in order (``depth`` at least 1)."""
    actions = choices(game, state, rules)
    parts = []
    for done, action in enumerate(actions, start=1):
        parts.append((action, perft(game, game.apply(state, action, rules).state, rules, depth - 1)))
        if progress is not None:
            progress(done, len(actions))
    return parts


def count_text(game_name: str, rules_text: str, state_text: str, depth: int) -> int:
    """`Game.perft` of the state written ``state_text``, under the rules written ``rules_text``, of the
    game registered as ``game_name``: a counter a worker in another process can run from names alone."""
    game = load_game(game_name)
    return game.perft(game.parse_state(state_text), game.parse_rules(None, rules_text), depth)
