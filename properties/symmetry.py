"""The eight symmetries of the square, as plain permutations.

Squares are numbered ``(rank - 1) * 4 + file`` (a1 = 0, d4 = 15), moves are
named by the letters N, E, S, W.  Each symmetry is applied to the three eras
at once (rule BOARD.ERAS: the eras are oriented the same way), so it permutes
squares and compass directions and leaves eras, Travel and colours alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

COMPASS: dict[str, tuple[int, int]] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}

# (file, rank) -> (file, rank) for each symmetry of the 4x4 square.
_MAPS: dict[str, Callable[[int, int], tuple[int, int]]] = {
    "identity": lambda f, r: (f, r),
    "rotate-90": lambda f, r: (r, 3 - f),
    "rotate-180": lambda f, r: (3 - f, 3 - r),
    "rotate-270": lambda f, r: (3 - r, f),
    "mirror-files": lambda f, r: (3 - f, r),
    "mirror-ranks": lambda f, r: (f, 3 - r),
    "mirror-diagonal": lambda f, r: (r, f),
    "mirror-antidiagonal": lambda f, r: (3 - r, 3 - f),
}


@dataclass(frozen=True)
class Symmetry:
    """One symmetry: ``squares[s]`` is the image of square s, ``compass[d]`` the
    image of move direction d."""

    name: str
    squares: tuple[int, ...]
    compass: dict[str, str]

    def square(self, square: int) -> int:
        return self.squares[square]

    def cell(self, cell: int) -> int:
        """The image of ``era * 16 + square``: same era, mapped square."""
        return cell - cell % 16 + self.squares[cell % 16]

    def letter(self, action: str) -> str:
        """The image of an action letter; Travel (F, B) is unchanged."""
        return self.compass.get(action, action)


def _make(name: str, fmap: Callable[[int, int], tuple[int, int]]) -> Symmetry:
    squares = []
    for s in range(16):
        f, r = fmap(s % 4, s // 4)
        squares.append(r * 4 + f)
    compass = {}
    for letter, (df, dr) in COMPASS.items():
        # The image of a step is the difference of the images of its two ends.
        f0, r0 = fmap(1, 1)
        f1, r1 = fmap(1 + df, 1 + dr)
        image = (f1 - f0, r1 - r0)
        compass[letter] = next(k for k, v in COMPASS.items() if v == image)
    return Symmetry(name, tuple(squares), compass)


SYMMETRIES: tuple[Symmetry, ...] = tuple(_make(name, fmap) for name, fmap in _MAPS.items())
NON_TRIVIAL: tuple[Symmetry, ...] = SYMMETRIES[1:]
