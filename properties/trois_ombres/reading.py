"""The models' reading of an engine state of *L'heure des 3 ombres*: the plain values `model` and `cards_model` take."""

from __future__ import annotations

from oracle.games.trois_ombres.components import LIEUX
from oracle.games.trois_ombres.state import State
from properties.trois_ombres import model


def board_of(state: State) -> dict[str, model.Slot]:
    """The model's reading of the engine's board."""
    return {loc: model.Slot(c.tile, c.up, c.cube, c.clue is not None, c.clue, c.kept) for loc, c in state.board}


def table_of(state: State) -> model.Table:
    """The model's reading of an engine state (the whole table)."""
    assert state.demon is not None
    turn = state.turn
    board = board_of(state)
    owed: str | None
    if turn.begun:
        owed = turn.designated
    elif turn.face in LIEUX:
        lieu_has = any(loc[0] == turn.face and not s.up and not s.cube for loc, s in board.items())
        owed = turn.face if lieu_has else None
    else:
        owed = None
    # the reveals still owed: fixed when the reveal step began, else 1 for a Lieu shown with no tile to reveal
    left = turn.left if turn.begun else (1 if turn.face in LIEUX and owed is None else 2)
    me = state.current
    brume = any(curse.card == "brume" for curse in state.curses)
    no_clue = brume or (state.reserve[me] == 0 and not any(cell.clue == me for _, cell in state.board))
    return model.Table(state.characters, state.hour, board, frozenset(state.agency), state.demon, turn.face, owed,
                       turn.revealed, state.investigators[me], turn.accepted, turn.rerolled, turn.lucile,
                       turn.used, turn.begun, left, no_clue, not state.limbes_deck)
