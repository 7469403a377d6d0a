"""An independent Z3 model of *L'heure des 3 ombres*: the pair rule, the end conditions, and why every game ends.

Written from spec/trois-ombres/ alone: it never imports the oracle.  A turn
is abstracted to the counts that decide the end: the hour ``h``, the Limbes
deck ``L``, the cleared suspects ``c``, the traps on the board ``t``, the
Archéoscripts held ``o`` and the Archéoscript turn under way ``a`` (1 on the
second of two turns), and whether the game is ``over``.  `step` relates the
counts at the start of one turn to those at the start of the next, one
disjunct per kind of turn.  `test_proofs` proves the theorems; the
differential test checks that every turn the engine plays is a `step`.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

HOURS = 12  # OMBRES.LOSS
BLUFF_HOUR = 6  # OMBRES.BLUFF


@dataclass(frozen=True)
class Counts:
    """The abstract state at the start of a turn."""

    h: z3.ArithRef
    L: z3.ArithRef
    c: z3.ArithRef
    t: z3.ArithRef
    o: z3.ArithRef
    a: z3.ArithRef
    over: z3.BoolRef

    @classmethod
    def named(cls, suffix: str) -> Counts:
        h, deck, c, t, o, a = z3.Ints(" ".join(f"{n}{suffix}" for n in ("h", "L", "c", "t", "o", "a")))
        return cls(h, deck, c, t, o, a, z3.Bool(f"over{suffix}"))


@dataclass(frozen=True)
class Table:
    """The setup: suspects to clear, Limbes cards, trap tiles, Archéoscripts."""

    to_clear: int = 13
    limbes: int = 15
    traps: int = 8
    archeoscripts: int = 1


def bounds(s: Counts, k: Table) -> z3.BoolRef:
    return z3.And(s.h >= 0, s.h <= HOURS, s.L >= 0, k.limbes >= s.L, s.c >= 0, s.c <= k.to_clear,
                  s.t >= 0, s.t <= k.traps, s.o >= 0, s.o <= k.archeoscripts, s.a >= 0, s.a <= 1)


def ends(s: Counts, k: Table, bluffed: z3.BoolRef) -> z3.BoolRef:
    """The game is over exactly when all suspects but one are cleared, the clock shows 12, or after a bluff."""
    return s.over == z3.Or(s.c >= k.to_clear, s.h >= HOURS, bluffed)


def limbes_draw(s: Counts, n: Counts, k: Table) -> z3.BoolRef:
    """One Limbes card: from the deck, or, with the deck empty, after the clock advances and the discard returns."""
    return z3.Or(
        z3.And(s.L > 0, n.L == s.L - 1, n.h >= s.h),
        z3.And(s.L == 0, n.h >= s.h + 1, k.limbes - 1 >= n.L),
    )


def turn_kinds(s: Counts, n: Counts, k: Table) -> list[z3.BoolRef]:
    """Every kind of turn that does not end in a bluff, by what it changes."""
    same_archeo = z3.And(n.a == 0, s.a == 0)
    normal = [
        # a pair: one suspect or more cleared (a Débriefing may clear more), a 3ID card, maybe a trap placed
        z3.And(same_archeo, n.c >= s.c + 1, n.h >= s.h, n.L == s.L, n.t >= s.t, n.t <= s.t + 1),
        # two different suspects, or fewer: a Limbes card; Fausse piste may undo a pair (nothing clears one),
        # Réveil add a trap, Brouillard and the rest move tiles only
        z3.And(same_archeo, limbes_draw(s, n, k), n.c >= s.c - 1, n.c <= s.c, n.t <= s.t + 1, n.o == s.o),
        # a trap revealed: it leaves the board; the clock may advance (Horloge face, Horloge, Hercule)
        z3.And(same_archeo, n.t == s.t - 1, n.h >= s.h, n.L == s.L, n.c == s.c, n.o == s.o),
    ]
    archeo = []
    for first in (True, False):
        start = z3.And(s.a == 0, s.o >= 1, n.a == 1) if first else z3.And(s.a == 1, n.a == 0)
        held = s.o - 1 if first else s.o
        archeo += [
            z3.And(start, n.c >= s.c + 1, n.h >= s.h, n.L == s.L, n.t == s.t),  # a pair, no trap placed
            z3.And(start, n.c == s.c, n.h >= s.h, n.L == s.L, n.t == s.t, n.o == held),  # no pair, no Limbes card
            z3.And(start, n.t == s.t - 1, n.h >= s.h, n.L == s.L, n.c == s.c, n.o == held),  # a trap
        ]
    # the clock reaches 12, or the last pair is made, in the middle of a turn: nothing more happens
    # (no more than one suspect can have gone back to the Limbes on the way: a turn draws one card at most)
    cut_short = [z3.And(n.over, z3.Or(n.h == HOURS, n.c == k.to_clear), n.h >= s.h, n.c >= s.c - 1)]
    return normal + archeo + cut_short


def step(s: Counts, n: Counts, k: Table) -> z3.BoolRef:
    """From the start of a turn to the start of the next (or the end), for a game not over."""
    kinds = turn_kinds(s, n, k)
    return z3.And(z3.Not(s.over), bounds(n, k), ends(n, k, z3.BoolVal(False)), z3.Or(*kinds))


def measure(s: Counts) -> list[z3.ArithRef]:
    """Lexicographic progress: later hour, fewer Limbes cards, more cleared, fewer traps, fewer Archéoscript turns."""
    return [s.h, -s.L, s.c, -s.t, -(3 * s.o + s.a)]


def lex_greater(new: list[z3.ArithRef], old: list[z3.ArithRef]) -> z3.BoolRef:
    if not new:
        return z3.BoolVal(False)
    return z3.Or(new[0] > old[0], z3.And(new[0] == old[0], lex_greater(new[1:], old[1:])))


# --- tiles, the pair rule and the bluff -------------------------------------------------


def pair(char_a: z3.ArithRef, hyp_a: z3.BoolRef, char_b: z3.ArithRef, hyp_b: z3.BoolRef) -> z3.BoolRef:
    """Two suspects pair only if strictly identical: the same character and the same version."""
    return z3.And(char_a == char_b, hyp_a == hyp_b)


def is_trap(kind: z3.ArithRef) -> z3.BoolRef:
    return kind > 0  # 0: a suspect; 1..: a trap kind


def bluff_wins(named: tuple[z3.ArithRef, z3.BoolRef, z3.ArithRef],
               demon: tuple[z3.ArithRef, z3.BoolRef]) -> z3.BoolRef:
    """A bluff wins iff the named tile is a suspect strictly identical to the Démon tile."""
    char, hyp, kind = named
    return z3.And(z3.Not(is_trap(kind)), pair(char, hyp, demon[0], demon[1]))


def bluff_legal(s: Counts) -> z3.BoolRef:
    """A bluff is allowed from 6 h, in a game not over."""
    return z3.And(z3.Not(s.over), s.h >= BLUFF_HOUR)


def after_bluff(s: Counts, n: Counts, won: z3.BoolRef, named: tuple[z3.ArithRef, z3.BoolRef, z3.ArithRef],
                demon: tuple[z3.ArithRef, z3.BoolRef]) -> z3.BoolRef:
    """The state after a bluff: over, counts unchanged, won exactly as `bluff_wins` says."""
    return z3.And(bluff_legal(s), n.over, n.h == s.h, n.c == s.c, n.L == s.L, n.t == s.t,
                  won == bluff_wins(named, demon))
