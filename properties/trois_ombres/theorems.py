"""The theorems about the Z3 model of L'heure des 3 ombres, each a claim Z3 proves by finding no counterexample."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import z3

from properties.trois_ombres.z3model import (
    Counts,
    Table,
    after_bluff,
    bounds,
    lex_greater,
    measure,
    pair,
    step,
)


@dataclass(frozen=True)
class Theorem:
    name: str
    statement: str
    claim: Callable[[], z3.BoolRef]


def always_progresses() -> z3.BoolRef:
    """Every turn of a game not over ends it, or strictly raises the bounded measure: so every game ends."""
    k = Table()
    s, n = Counts.named("0"), Counts.named("1")
    return z3.Implies(z3.And(bounds(s, k), step(s, n, k)),
                      z3.And(bounds(n, k), z3.Or(n.over, lex_greater(measure(n), measure(s)))))


def ends_exactly() -> z3.BoolRef:
    """After a turn the game is over exactly at all pairs but one or at 12 hours."""
    k = Table()
    s, n = Counts.named("0"), Counts.named("1")
    return z3.Implies(z3.And(bounds(s, k), step(s, n, k)), n.over == z3.Or(n.c == k.to_clear, n.h == 12))


def bluff_only_by_demon() -> z3.BoolRef:
    """Two bluffs naming the same tile against the same Démon tile end the same way, whatever else differs."""
    s1, s2, n1, n2 = (Counts.named(x) for x in ("a", "b", "c", "d"))
    named = (z3.Int("nc"), z3.Bool("nh"), z3.Int("nk"))
    demon = (z3.Int("dc"), z3.Bool("dh"))
    won1, won2 = z3.Bools("won1 won2")
    premise = z3.And(named[2] >= 0, after_bluff(s1, n1, won1, named, demon), after_bluff(s2, n2, won2, named, demon))
    return z3.Implies(premise,
                      z3.And(won1 == won2, won1 == z3.And(named[2] == 0, named[0] == demon[0],
                                                          named[1] == demon[1])))


def pairs_are_identical() -> z3.BoolRef:
    """A pair is two strictly identical suspects; a normal and a hypnotised version never pair."""
    ca, cb = z3.Ints("ca cb")
    ha, hb = z3.Bools("ha hb")
    return z3.And(z3.Implies(pair(ca, ha, cb, hb), z3.And(ca == cb, ha == hb)),
                  z3.Not(pair(ca, z3.BoolVal(False), ca, z3.BoolVal(True))))


THEOREMS = (
    Theorem("always-progresses", "every turn ends the game or strictly raises a bounded measure", always_progresses),
    Theorem("ends-exactly", "a turn ends the game exactly at 13 cleared or 12 hours", ends_exactly),
    Theorem("bluff-only-by-demon", "a bluff is decided by the named tile and the Démon tile alone",
            bluff_only_by_demon),
    Theorem("pairs-are-identical", "only strictly identical suspects pair", pairs_are_identical),
)


def proved(theorem: Theorem) -> tuple[bool, str]:
    solver = z3.Solver()
    solver.add(z3.Not(theorem.claim()))
    result = solver.check()
    return result == z3.unsat, "" if result == z3.unsat else str(solver.model())
