"""A small engine for That Time You Killed Me that can only start from the opening.

It stands for the engines found in the wild: its own board layout, its own
move format, its own names, and no way to set up a position: `TimeGame()` is
the opening and `play` is the only way forward.  It shares no code with the
oracle.  `opening_only_adapter.py` shows how to test it from any position
anyway (docs/testing-your-engine.md, "Engines that start only from the
opening").

Its layout: ``boards[era][row][col]`` with era 0 the past, row 0 the *top*
row and col 0 the left column, each cell "W", "B" or None.  A move is a
`Move`: the cell of the chosen copy (or None), the actions as words ("up",
"right", "down", "left", "forward", "back") and the era the Focus goes to.
"""

from __future__ import annotations

from dataclasses import dataclass

STEPS = {"up": (-1, 0), "right": (0, 1), "down": (1, 0), "left": (0, -1)}
ACTIONS = ("up", "right", "down", "left", "forward", "back")
Board = list[list[list[str | None]]]
Line = tuple[tuple[str, ...], Board, dict[str, int], dict[str, int]]  # actions, and the state after them


@dataclass(frozen=True)
class Move:
    copy: tuple[int, int] | None  # (row, col) on the player's Focus era
    actions: tuple[str, ...]
    focus: int


def other(player: str) -> str:
    return "B" if player == "W" else "W"


class TimeGame:
    """A game in progress, from the opening."""

    def __init__(self) -> None:
        self.boards: Board = [[[None] * 4 for _ in range(4)] for _ in range(3)]
        for era in range(3):
            self.boards[era][3][0] = "W"  # bottom left
            self.boards[era][0][3] = "B"  # top right
        self.reserve = {"W": 4, "B": 4}
        self.lost = {"W": 0, "B": 0}
        self.focus = {"W": 0, "B": 2}
        self.player: str | None = "W"
        self.winner: str | None = None

    # --- one action, on a copy of the boards ----------------------------------------------

    def _push(self, boards: Board, lost: dict[str, int], era: int, row: int, col: int, step: tuple[int, int]) -> None:
        """Push the copy at (era, row, col) one square along ``step``."""
        colour = boards[era][row][col]
        assert colour is not None
        boards[era][row][col] = None
        r, c = row + step[0], col + step[1]
        if not (0 <= r < 4 and 0 <= c < 4):
            lost[colour] += 1  # crushed against the edge
            return
        there = boards[era][r][c]
        if there == colour:
            boards[era][r][c] = None  # two copies of one player meet: both vanish
            lost[colour] += 2
            return
        if there is not None:
            self._push(boards, lost, era, r, c, step)
        boards[era][r][c] = colour

    def _act(self, boards: Board, reserve: dict[str, int], lost: dict[str, int], where: tuple[int, int, int],
             action: str) -> tuple[int, int, int] | None:
        """Take ``action`` with the copy at ``where`` in place; its new place, or None if it cannot."""
        era, row, col = where
        me = boards[era][row][col]
        assert me is not None
        if action in STEPS:
            r, c = row + STEPS[action][0], col + STEPS[action][1]
            if not (0 <= r < 4 and 0 <= c < 4) or boards[era][r][c] == me:
                return None
            if boards[era][r][c] is not None:
                self._push(boards, lost, era, r, c, STEPS[action])
            boards[era][row][col], boards[era][r][c] = None, me
            return era, r, c
        target = era + 1 if action == "forward" else era - 1
        if not 0 <= target < 3 or boards[target][row][col] is not None:
            return None
        if action == "back":
            if reserve[me] == 0:
                return None
            reserve[me] -= 1  # the copy left behind comes from the reserve
        else:
            boards[era][row][col] = None
        boards[target][row][col] = me
        return target, row, col

    def _lines(self, row: int, col: int) -> list[Line]:
        """Every way the copy at (row, col) on the Focus era can act, at its longest."""
        assert self.player is not None
        found: list[Line] = []
        for first in ACTIONS:
            boards, reserve, lost = _copy(self.boards), dict(self.reserve), dict(self.lost)
            place = self._act(boards, reserve, lost, (self.focus[self.player], row, col), first)
            if place is None:
                continue
            found.append(((first,), boards, reserve, lost))
            for second in ACTIONS:
                boards2, reserve2, lost2 = _copy(boards), dict(reserve), dict(lost)
                if self._act(boards2, reserve2, lost2, place, second) is not None:
                    found.append(((first, second), boards2, reserve2, lost2))
        longest = max((len(line[0]) for line in found), default=0)
        return [line for line in found if len(line[0]) == longest]

    # --- the engine's API ---------------------------------------------------------------------

    def moves(self) -> list[Move]:
        """Every legal move."""
        if self.player is None:
            return []
        era = self.focus[self.player]
        mine = [(r, c) for r in range(4) for c in range(4) if self.boards[era][r][c] == self.player]
        lines = {cell: self._lines(*cell) for cell in mine}
        longest = max((len(ls[0][0]) for ls in lines.values() if ls), default=0)
        eras = [e for e in range(3) if e != era]
        if longest == 0:
            return [Move(None, (), e) for e in eras]
        return [Move(cell, line[0], e) for cell, ls in sorted(lines.items()) for line in ls if len(line[0]) == longest
                for e in eras]

    def play(self, move: Move) -> None:
        """Play a legal move (as listed by `moves`)."""
        assert self.player is not None and move in self.moves()
        if move.copy is not None:
            line = next(line for line in self._lines(*move.copy) if line[0] == move.actions)
            self.boards, self.reserve, self.lost = _copy(line[1]), dict(line[2]), dict(line[3])
        self.focus[self.player] = move.focus
        opponent = other(self.player)
        eras = {e for e in range(3) for row in self.boards[e] for cell in row if cell == opponent}
        if len(eras) <= 1:
            self.winner, self.player = self.player, None
        else:
            self.player = opponent


def _copy(boards: Board) -> Board:
    return [[list(row) for row in era] for era in boards]
