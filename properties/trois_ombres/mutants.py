"""The mutation harness for L'heure des 3 ombres: each mutant breaks one rule; some check must catch it.

    python -m properties.trois_ombres.mutants

prints which check caught each mutant and exits 1 if any survives.  The
checks run cheapest first: the worked examples, the bad-input verdicts, the
Hypothesis machine (derandomized, short), then the Z3 model against the
engine's turns.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from oracle.games.trois_ombres.actions import Illegal
from oracle.games.trois_ombres.components import tile_is_trap
from oracle.games.trois_ombres.examples import check_example, read_examples
from oracle.games.trois_ombres.rules import cards, clock, steps, traps, turn
from oracle.games.trois_ombres.state import Table
from properties.trois_ombres.machine import Play

MODULES = (clock, turn, cards, traps, steps)


@contextmanager
def patched(name: str, value: Any) -> Iterator[None]:
    """Replace ``name`` in every rules module that holds it, for the length of the block."""
    saved = [(m, getattr(m, name)) for m in MODULES if hasattr(m, name)]
    for module, _ in saved:
        setattr(module, name, value)
    try:
        yield
    finally:
        for module, original in saved:
            setattr(module, name, original)


def pair_by_character(first: str, second: str) -> bool:
    return not tile_is_trap(first) and not tile_is_trap(second) and first[:-1] == second[:-1]


def taken_even_if_cubed(table: Table, loc: str) -> Illegal | None:
    return None if loc in table.board_map and loc not in table.turn.revealed else Illegal("OMBRES.REVEAL.TILE", "x")


def clock_that_slips(original: Callable[..., None]) -> Callable[..., None]:
    def advance(table: Table, rule: str, why: str) -> None:
        original(table, rule, why)
        if table.result is None and table.hour == 4:
            table.hour = 2
    return advance


def win_one_early(table: Table) -> None:
    if table.result is None and len(table.agency) >= 2 * table.characters - 2:
        clock.end(table, "win", "OMBRES.WIN", "win")


def bluff_by_hour(table: Table, loc: str) -> None:
    clock.end(table, "win" if table.hour >= 8 else "loss", "OMBRES.BLUFF", "bluff")


def clue_kept_on_reveal(table: Table, loc: str) -> None:
    return None


@dataclass(frozen=True)
class Mutant:
    name: str
    rule: str
    patch: Callable[[], Any]


MUTANTS = (
    Mutant("pair-ignores-version", "OMBRES.PAIR", lambda: patched("is_pair", pair_by_character)),
    Mutant("cubed-tile-revealable", "OMBRES.CUBE.BLOCKS", lambda: patched("taken_ok", taken_even_if_cubed)),
    Mutant("bluff-from-5h", "OMBRES.BLUFF", lambda: patched("BLUFF_HOUR", 5)),
    Mutant("clock-slips-back", "OMBRES.CLOCK", lambda: patched("advance_clock", clock_that_slips(clock.advance_clock))),
    Mutant("win-at-12", "OMBRES.WIN", lambda: patched("check_win", win_one_early)),
    Mutant("bluff-by-hour", "OMBRES.BLUFF", lambda: patched("bluff", bluff_by_hour)),
    Mutant("clue-stays-on-reveal", "OMBRES.CLUE", lambda: patched("return_clue", clue_kept_on_reveal)),
)


def examples_check() -> None:
    from tests.conftest import SPEC

    for example in read_examples(SPEC / "trois-ombres"):
        try:
            problems = check_example(example)
        except Exception as exc:  # a broken engine may fail anywhere
            raise AssertionError(f"{example.where}: {exc}") from exc
        assert problems == [], f"{example.where}: {problems}"


def machine_check() -> None:
    run_state_machine_as_test(Play, settings=settings(
        max_examples=30, stateful_step_count=150, derandomize=True, deadline=None, database=None,
        phases=(Phase.generate,), suppress_health_check=list(HealthCheck)))


CHECKS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("worked examples", examples_check),
    ("Hypothesis machine", machine_check),
)


def catcher(mutant: Mutant) -> str | None:
    """The first check that fails under the mutant, or None if it survives."""
    with mutant.patch():
        for name, check in CHECKS:
            try:
                check()
            except Exception:
                return name
    return None


def main() -> int:
    survived = 0
    for mutant in MUTANTS:
        caught = catcher(mutant)
        print(f"{mutant.name:<24} {mutant.rule:<22} {'caught by ' + caught if caught else 'SURVIVED'}")
        survived += caught is None
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
