"""Every game's proof and mutant reports, found by folder: ``properties/<game>/report.py``.

A game folder joins ``./dev prove`` and ``./dev mutants`` by holding a
``report`` module with ``TITLE``, ``prove() -> int`` and ``mutants() -> int``
(each prints its table and returns the number of failures).  TTYKM's
reports live in `properties.prove` and `properties.mutants` themselves.

A game's mutants join the per-kind table of ``./dev mutants`` (one row per
mutant, one column per kind of check) when its ``report`` module also
defines ``harness_mutants() -> Sequence[properties.harness.Mutant]``; each
mutant names its game, its patch and a callable per kind of check
(`properties.harness.KINDS`).  ``mutants()`` is then not called by
``./dev mutants`` (it stays for the game's own report), for example::

    def harness_mutants() -> tuple[Mutant, ...]:
        kinds = {EXAMPLES: check_examples, MACHINE: check_machines, DIFFERENTIAL: check_differential}
        return tuple(Mutant(m.name, "time-chase", lambda m=m: patched(m.replacements), kinds) for m in MUTANTS)
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).parent


def game_reports() -> list[ModuleType]:
    """The ``report`` module of each game folder under properties/, by folder name."""
    found = sorted(p.parent.name for p in HERE.glob("*/report.py"))
    return [importlib.import_module(f"properties.{name}.report") for name in found]


def run(kind: str) -> int:
    """Run every game's ``prove`` or ``mutants`` report under a heading; the total number of failures."""
    failed = 0
    for report in game_reports():
        print(f"\n== {report.TITLE}", flush=True)
        failed += getattr(report, kind)()
    return failed
