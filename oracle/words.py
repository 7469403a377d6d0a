"""A count and its noun, in English or French, the one way every message of every game writes it.

English takes the singular for one only (``1 crystal``, ``0 crystals``); French for zero and one
(``0 cristal``, ``2 cristaux``).  A noun whose plural is not its singular with ``s`` names it.
"""

from __future__ import annotations

IRREGULAR = {"copy": "copies", "ply": "plies", "cristal": "cristaux"}


def plural(word: str) -> str:
    """The plural of ``word``: its irregular one, else ``word`` with ``s`` (a French word ending in
    ``s`` or ``x`` keeps its form)."""
    if word in IRREGULAR:
        return IRREGULAR[word]
    return word if word.endswith(("s", "x")) else word + "s"


def counted(count: int, word: str, many: str | None = None) -> str:
    """``count`` and the English ``word``, singular for one: ``counted(1, "crystal")`` is ``1 crystal``.
    ``many`` is the plural where it is not regular."""
    return f"{count} {word if count == 1 else many or plural(word)}"


def compte(count: int, word: str, many: str | None = None) -> str:
    """``count`` and the French ``word``, singular below two: ``compte(0, "cristal")`` is ``0 cristal``,
    ``compte(2, "cristal")`` is ``2 cristaux``."""
    return f"{count} {word if abs(count) < 2 else many or plural(word)}"


def agreeing(count: int, one: str, many: str) -> str:
    """The word that agrees with ``count`` in English: ``one`` for one, else ``many`` (``is``/``are``)."""
    return one if count == 1 else many

