"""An action of *L'heure des 3 ombres*: a verb and its arguments, as the notation writes them.

(spec/trois-ombres/notation.md lists every verb.)  Chance outcomes are
actions too (``die R``, ``draw silence``, ``shuffle 2 1``, ``deal ...``), so
a game is replayed from its actions alone.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))


@dataclass(frozen=True, slots=True)
class Illegal:
    """Why an action is illegal: the first clause it breaks and a sentence naming the tiles."""

    rule: str
    reason: str
