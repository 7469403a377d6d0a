"""What every model's named breaks share: a theorem asked under a break, timed, and whether it failed.

Each model's breaks (`properties.model_breaks` for the standard game, `properties.chapter_breaks` for the
chapters) say how a break is put in and how a theorem is proved; `ask` is the loop both run inside it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

B = TypeVar("B")


@dataclass(frozen=True)
class Outcome(Generic[B]):
    brk: B
    theorem: str
    failed: bool  # what a break must bring about: the theorem is not proved under it
    seconds: float


def ask(brk: B, names: Iterable[str], proved: Callable[[str], bool]) -> list[Outcome[B]]:
    """Each theorem of ``names`` proved (``proved(name)``) in the model as it stands, with the time it took."""
    outcomes = []
    for name in names:
        started = time.perf_counter()
        failed = not proved(name)
        outcomes.append(Outcome(brk, name, failed, time.perf_counter() - started))
    return outcomes
