"""The theorems about the Z3 model of L'heure des 3 ombres, each a claim Z3 proves by finding no counterexample.

Each theorem is stated in its own terms (hours, cards in the Limbes deck,
suspects at the Agence), not as one of the model's definitions read back, and
each names at least one **break**: a plausible misreading of the rules put
into the model (`Break.patch`), under which Z3 must find a counterexample.
`test_proofs` proves every theorem and refutes it under each of its breaks.

The bluff and the pair rule are definitions in this model (a bluff is won by
the Démon tile's twin, a pair is two strictly identical suspects); they are
checked where they can fail, against the engine, by the executable model
(`properties.trois_ombres.model`, `model_machine`, `model_differential`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any

import z3

from properties.trois_ombres import z3model
from properties.trois_ombres.z3model import Counts, Table, bounds, lex_greater, measure


@dataclass(frozen=True)
class Break:
    """A misreading of the rules, put into the model for the length of a ``with`` block."""

    name: str
    patch: Callable[[], AbstractContextManager[None]]


@dataclass(frozen=True)
class Theorem:
    name: str
    statement: str
    claim: Callable[[], z3.BoolRef]
    breaks: tuple[Break, ...] = ()


@contextmanager
def model_with(name: str, value: Any) -> Iterator[None]:
    original = getattr(z3model, name)
    setattr(z3model, name, value)
    try:
        yield
    finally:
        setattr(z3model, name, original)


def turn(k: Table | None = None) -> tuple[Counts, Counts, Table, z3.BoolRef]:
    """Two successive turn starts of a game not over, and the premise that the second follows the first."""
    k = k or Table()
    s, n = Counts.named("0"), Counts.named("1")
    return s, n, k, z3.And(bounds(s, k), z3model.step(s, n, k))


def always_progresses() -> z3.BoolRef:
    """Every turn of a game not over ends it, or strictly raises the bounded measure: so every game ends."""
    s, n, k, premise = turn()
    return z3.Implies(premise, z3.And(bounds(n, k), z3.Or(n.over, lex_greater(measure(n), measure(s)))))


def clock_never_goes_back() -> z3.BoolRef:
    """No turn sets the clock back."""
    s, n, _, premise = turn()
    return z3.Implies(premise, n.h >= s.h)


def at_most_one_suspect_returns() -> z3.BoolRef:
    """No turn takes more than one suspect back from the Agence (Fausse piste returns one pair)."""
    s, n, _, premise = turn()
    return z3.Implies(premise, n.c >= s.c - 1)


def clearing_draws_no_limbes() -> z3.BoolRef:
    """A turn that clears a suspect, the game going on, takes no card from the Limbes deck."""
    s, n, _, premise = turn()
    return z3.Implies(z3.And(premise, n.c > s.c, z3.Not(n.over)), n.L == s.L)


def the_last_hour_has_no_draw() -> z3.BoolRef:
    """At 11 h with the Limbes deck empty, a turn after which the game goes on drew no Limbes card: the deck is
    still empty (a draw from an empty deck would have struck 12)."""
    s, n, _, premise = turn()
    return z3.Implies(z3.And(premise, s.h == 11, s.L == 0, z3.Not(n.over)), n.L == 0)


def traps_one_at_a_time() -> z3.BoolRef:
    """A turn after which the game goes on places at most one trap, and one that clears a suspect reveals none."""
    s, n, _, premise = turn()
    return z3.Implies(z3.And(premise, z3.Not(n.over)), z3.And(n.t <= s.t + 1, z3.Implies(n.c > s.c, n.t >= s.t)))


def archeoscript_turns_are_quiet() -> z3.BoolRef:
    """The two turns of an Archéoscript draw no Limbes card and place no trap (the game going on)."""
    s, n, _, premise = turn()
    return z3.Implies(z3.And(premise, z3.Not(n.over), z3.Or(s.a == 1, n.a == 1)), z3.And(n.L == s.L, n.t <= s.t))


def archeoscript_is_spent() -> z3.BoolRef:
    """An Archéoscript's first turn needs one held and, with no pair made, spends it; its second turn follows
    at once; and the Archéoscripts held fall only when one is played or a pair's 3ID card makes a player give one
    up (the game going on)."""
    s, n, _, premise = turn()
    return z3.Implies(z3.And(premise, z3.Not(n.over)), z3.And(
        z3.Implies(n.a == 1, z3.And(s.a == 0, s.o >= 1)),
        z3.Implies(s.a == 1, n.a == 0),
        z3.Implies(n.o < s.o, z3.Or(n.a == 1, n.c > s.c)),
        z3.Implies(z3.And(s.a == 0, n.a == 1, n.c <= s.c), n.o == s.o - 1)))


def _limbes_draw_keeps_the_hour(s: Counts, n: Counts, k: Table) -> z3.BoolRef:
    """Misreading: a card drawn from an empty deck refills the deck without moving the clock."""
    return z3.Or(z3.And(s.L > 0, n.L == s.L - 1, n.h >= s.h), z3.And(s.L == 0, n.h >= s.h, k.limbes - 1 >= n.L))


def _kinds_where(change: Callable[[Counts, Counts], z3.BoolRef]) -> Callable[[Counts, Counts, Table], list[Any]]:
    """The turn kinds, plus one more kind of turn made by ``change`` (a misreading)."""
    original = z3model.turn_kinds

    def kinds(s: Counts, n: Counts, k: Table) -> list[Any]:
        return [*original(s, n, k), change(s, n)]

    return kinds


def _break(name: str, attribute: str, value: Any) -> Break:
    return Break(name, lambda: model_with(attribute, value))


EMPTY_DECK_KEEPS_THE_HOUR = _break("an empty Limbes deck refills without moving the clock", "limbes_draw",
                                   _limbes_draw_keeps_the_hour)
TRAP_SETS_THE_CLOCK_BACK = _break(
    "the Horloge trap read as setting the clock back an hour", "turn_kinds",
    _kinds_where(lambda s, n: z3.And(n.a == 0, s.a == 0, n.t == s.t - 1, n.h == s.h - 1, n.L == s.L, n.c == s.c,
                                     n.o == s.o)))
FAUSSE_PISTE_RETURNS_TWO = _break(
    "Fausse piste read as returning two pairs", "turn_kinds",
    _kinds_where(lambda s, n: z3.And(n.a == 0, s.a == 0, s.L > 0, n.L == s.L - 1, n.h >= s.h, n.c == s.c - 2,
                                     n.t == s.t, n.o == s.o)))
PAIR_DRAWS_LIMBES = _break(
    "a pair read as drawing a Limbes card too", "turn_kinds",
    _kinds_where(lambda s, n: z3.And(n.a == 0, s.a == 0, s.L > 0, n.L == s.L - 1, n.h >= s.h, n.c == s.c + 1,
                                     n.t == s.t, n.o == s.o)))

PAIR_PLACES_TWO_TRAPS = _break(
    "a pair read as placing two traps", "turn_kinds",
    _kinds_where(lambda s, n: z3.And(n.a == 0, s.a == 0, n.c == s.c + 1, n.h >= s.h, n.L == s.L, n.t == s.t + 2)))
ARCHEOSCRIPT_DRAWS_LIMBES = _break(
    "an Archéoscript turn read as drawing a Limbes card after no pair", "turn_kinds",
    _kinds_where(lambda s, n: z3.And(s.a == 0, s.o >= 1, n.a == 1, s.L > 0, n.L == s.L - 1, n.h >= s.h,
                                     n.c == s.c, n.t == s.t, n.o == s.o - 1)))

ARCHEOSCRIPT_KEPT = _break(
    "an Archéoscript played and kept", "turn_kinds",
    _kinds_where(lambda s, n: z3.And(s.a == 0, s.o >= 1, n.a == 1, n.c == s.c, n.h >= s.h, n.L == s.L, n.t == s.t,
                                     n.o == s.o)))

THEOREMS = (
    Theorem("always-progresses", "every turn ends the game or strictly raises a bounded measure", always_progresses,
            (EMPTY_DECK_KEEPS_THE_HOUR, TRAP_SETS_THE_CLOCK_BACK)),
    Theorem("clock-never-goes-back", "no turn sets the clock back", clock_never_goes_back,
            (TRAP_SETS_THE_CLOCK_BACK,)),
    Theorem("at-most-one-suspect-returns", "no turn takes more than one suspect back from the Agence",
            at_most_one_suspect_returns, (FAUSSE_PISTE_RETURNS_TWO,)),
    Theorem("clearing-draws-no-limbes", "a turn that clears a suspect draws no Limbes card",
            clearing_draws_no_limbes, (PAIR_DRAWS_LIMBES,)),
    Theorem("the-last-hour-has-no-draw", "at 11 h with an empty Limbes deck, a turn that goes on drew no card",
            the_last_hour_has_no_draw, (EMPTY_DECK_KEEPS_THE_HOUR,)),
    Theorem("traps-one-at-a-time", "a turn places at most one trap, and a clearing turn reveals none",
            traps_one_at_a_time, (PAIR_PLACES_TWO_TRAPS,)),
    Theorem("archeoscript-turns-are-quiet", "an Archéoscript's turns draw no Limbes card and place no trap",
            archeoscript_turns_are_quiet, (ARCHEOSCRIPT_DRAWS_LIMBES,)),
    Theorem("archeoscript-is-spent", "an Archéoscript is held to be played, spent, and gives two turns",
            archeoscript_is_spent, (ARCHEOSCRIPT_KEPT,)),
)

# The clauses of the model that no theorem constrains, each with why that is right (`unconstrained`).
JUSTIFIED = {
    "kind 9, clause 0: over1": "a turn cut short ends the game: implied by the end rule `ends`, which `step` "
                               "also asserts",
    "kind 9, clause 1: Or(h1 == 12, c1 == 13)": "the end clauses that cut a turn short: implied by `ends` too",
}


def proved(theorem: Theorem) -> tuple[bool, str]:
    solver = z3.Solver()
    solver.add(z3.Not(theorem.claim()))
    result = solver.check()
    return result == z3.unsat, "" if result == z3.unsat else str(solver.model())


def refuted_under(theorem: Theorem, broken: Break) -> bool:
    """Whether Z3 finds a counterexample to ``theorem`` in the model with ``broken`` put in."""
    with broken.patch():
        return not proved(theorem)[0]



# --- which clauses of the model no theorem constrains ---------------------------------------------


def _without(kind: int, conjunct: int) -> Callable[[Counts, Counts, Table], list[Any]]:
    """The turn kinds with one conjunct of one kind dropped."""
    original = z3model.turn_kinds

    def kinds(s: Counts, n: Counts, k: Table) -> list[Any]:
        found = original(s, n, k)
        parts = found[kind].children()
        found[kind] = z3.And(*[p for i, p in enumerate(parts) if i != conjunct])
        return found

    return kinds


def unconstrained() -> list[str]:
    """Each conjunct of each kind of turn whose removal leaves every theorem proved: a clause no theorem
    constrains, as ``kind K, clause C: text``."""
    s, n = Counts.named("0"), Counts.named("1")
    loose = []
    for kind, term in enumerate(z3model.turn_kinds(s, n, Table())):
        for conjunct, part in enumerate(term.children()):
            with model_with("turn_kinds", _without(kind, conjunct)):
                if all(proved(t)[0] for t in THEOREMS):
                    loose.append(f"kind {kind}, clause {conjunct}: {part}")
    return loose
