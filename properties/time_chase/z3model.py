"""An independent symbolic model of trick resolution in Time Chase, written from spec/time-chase/.

This module does not import `oracle`.  It states two rules as Z3 formulas:

* **who wins a trick** (TC.WINNER): a card *beats* another if it is a trump
  and the other is not, or both are trumps and it ranks higher, or neither is
  a trump, both are of the lead suit and it ranks higher; a card *qualifies*
  if it is a trump or of the lead suit; the winner is the qualifying card that
  beats every other card;
* **what a player may play** (TC.FOLLOW): a card of the suit to follow, if the
  hand holds one; otherwise any card.

Suits are integers 0-4 and ranks 1-13; a trump of ``NO_TRUMP`` (-1) means no
trump (after a paradox, or at position 0).  `prove_all` proves, for every
trick of 1 to 6 distinct cards and every hand of 1 to 10 distinct cards:

1. a trick whose first card leads always has exactly one winner;
2. the winner is a trump if a trump was played, else the highest card of the
   lead suit;
3. must-follow always leaves the player at least one legal card, and only
   cards of the suit to follow when they hold one.

`winner_of` and `legal_of` evaluate the same formulas on concrete cards, for
the differential check against the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import z3

SUITS = 5
RANKS = 13
MAX_TRICK = 6
MAX_HAND = 10
NO_TRUMP = -1

Term = Any


@dataclass(frozen=True)
class Cards:
    """Symbolic cards: a suit and a rank term for each."""

    suits: tuple[Term, ...]
    ranks: tuple[Term, ...]

    @classmethod
    def fresh(cls, prefix: str, count: int) -> Cards:
        return cls(
            tuple(z3.Int(f"{prefix}_suit{i}") for i in range(count)),
            tuple(z3.Int(f"{prefix}_rank{i}") for i in range(count)),
        )

    @classmethod
    def of(cls, cards: Sequence[tuple[int, int]]) -> Cards:
        return cls(tuple(z3.IntVal(s) for s, _ in cards), tuple(z3.IntVal(r) for _, r in cards))

    def well_formed(self) -> Term:
        """Suits and ranks in range, and no card twice."""
        n = len(self.suits)
        ranges = [z3.And(s >= 0, s < SUITS, r >= 1, r <= RANKS) for s, r in zip(self.suits, self.ranks, strict=True)]
        distinct = [
            z3.Or(self.suits[i] != self.suits[j], self.ranks[i] != self.ranks[j])
            for i in range(n) for j in range(i + 1, n)
        ]
        return z3.And(*ranges, *distinct)


def qualifies(cards: Cards, i: int, lead: Term, trump: Term) -> Term:
    return z3.Or(cards.suits[i] == trump, cards.suits[i] == lead)


def beats(cards: Cards, i: int, j: int, lead: Term, trump: Term) -> Term:
    """Card i beats card j (TC.WINNER)."""
    si, sj, ri, rj = cards.suits[i], cards.suits[j], cards.ranks[i], cards.ranks[j]
    return z3.Or(
        z3.And(si == trump, sj != trump),
        z3.And(si == trump, sj == trump, ri > rj),
        z3.And(si != trump, sj != trump, si == lead, z3.Or(sj != lead, ri > rj)),
    )


def is_winner(cards: Cards, i: int, lead: Term, trump: Term) -> Term:
    others = [beats(cards, i, j, lead, trump) for j in range(len(cards.suits)) if j != i]
    return z3.And(qualifies(cards, i, lead, trump), *others)


def is_legal(hand: Cards, i: int, follow: Term) -> Term:
    """Card i of the hand may be played (TC.FOLLOW)."""
    holds_suit = z3.Or(*[s == follow for s in hand.suits])
    return z3.Or(hand.suits[i] == follow, z3.Not(holds_suit))


# --- proofs ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Proof:
    name: str
    size: int
    proved: bool
    counterexample: str = ""


def _prove(name: str, size: int, claim: Term, assumptions: Term) -> Proof:
    solver = z3.Solver()
    solver.add(assumptions, z3.Not(claim))
    result = solver.check()
    if result == z3.unsat:
        return Proof(name, size, True)
    return Proof(name, size, False, str(solver.model()) if result == z3.sat else str(result))


def prove_one_winner(size: int) -> Proof:
    """A trick led by its first card has exactly one winner, whatever the trump (or none)."""
    cards = Cards.fresh("t", size)
    trump = z3.Int("trump")
    lead = cards.suits[0]
    winners = [z3.If(is_winner(cards, i, lead, trump), 1, 0) for i in range(size)]
    assumptions = z3.And(cards.well_formed(), z3.Or(trump == NO_TRUMP, z3.And(trump >= 0, trump < SUITS)))
    return _prove("exactly one winner", size, z3.Sum(*winners) == 1, assumptions)


def prove_winner_shape(size: int) -> Proof:
    """The winner is a trump if one was played, otherwise the highest card of the lead suit."""
    cards = Cards.fresh("t", size)
    trump = z3.Int("trump")
    lead = z3.Int("lead")
    any_trump = z3.Or(*[s == trump for s in cards.suits])
    claims = []
    for i in range(size):
        highest_of_lead = z3.And(
            cards.suits[i] == lead,
            *[z3.Implies(cards.suits[j] == lead, cards.ranks[j] <= cards.ranks[i]) for j in range(size)],
        )
        claims.append(
            z3.Implies(
                is_winner(cards, i, lead, trump),
                z3.If(any_trump, cards.suits[i] == trump, highest_of_lead),
            )
        )
    assumptions = z3.And(
        cards.well_formed(), lead >= 0, lead < SUITS, z3.Or(trump == NO_TRUMP, z3.And(trump >= 0, trump < SUITS))
    )
    return _prove("the winner is the highest trump, else the highest of the lead suit", size, z3.And(*claims),
                  assumptions)


def prove_follow(size: int) -> Proof:
    """Must-follow leaves at least one legal card, and only the suit to follow when the hand holds it."""
    hand = Cards.fresh("h", size)
    follow = z3.Int("follow")
    some_legal = z3.Or(*[is_legal(hand, i, follow) for i in range(size)])
    holds = z3.Or(*[s == follow for s in hand.suits])
    only_suit = z3.Implies(holds, z3.And(*[z3.Implies(is_legal(hand, i, follow), hand.suits[i] == follow)
                                           for i in range(size)]))
    assumptions = z3.And(hand.well_formed(), z3.Or(follow == NO_TRUMP, z3.And(follow >= 0, follow < SUITS)))
    return _prove("must-follow leaves a legal card", size, z3.And(some_legal, only_suit), assumptions)


# --- breaks: misreadings put into the model, under which a proof must fail -------------------------


def _beats_without_trump_over_plain(cards: Cards, i: int, j: int, lead: Term, trump: Term) -> Term:
    """Misreading: a trump beats only lower trumps, not the other suits' cards."""
    si, sj, ri, rj = cards.suits[i], cards.suits[j], cards.ranks[i], cards.ranks[j]
    return z3.Or(z3.And(si == trump, sj == trump, ri > rj),
                 z3.And(si != trump, sj != trump, si == lead, z3.Or(sj != lead, ri > rj)))


def _any_suit_qualifies(cards: Cards, i: int, lead: Term, trump: Term) -> Term:
    """Misreading: a card of any suit may win."""
    return z3.BoolVal(True)


def _follow_even_when_void(hand: Cards, i: int, follow: Term) -> Term:
    """Misreading: only the suit to follow may be played, even by a hand that holds none."""
    return z3.Or(hand.suits[i] == follow, follow == NO_TRUMP)


@dataclass(frozen=True)
class Break:
    name: str
    function: str  # the model's function replaced
    replacement: Any
    proof: Any  # the proof that must fail: a function of the size
    size: int


BREAKS = (
    Break("a trump beats only lower trumps", "beats", _beats_without_trump_over_plain, "prove_one_winner", 2),
    Break("a card of any suit may win", "qualifies", _any_suit_qualifies, "prove_winner_shape", 1),
    Break("the suit to follow is owed even when the hand holds none", "is_legal", _follow_even_when_void,
          "prove_follow", 2),
)


def refuted_under(broken: Break) -> bool:
    """Whether the proof ``broken`` names fails with the misreading put into the model."""
    module = globals()
    original = module[broken.function]
    module[broken.function] = broken.replacement
    try:
        return not module[broken.proof](broken.size).proved
    finally:
        module[broken.function] = original


def prove_all() -> list[Proof]:
    proofs = [prove_one_winner(n) for n in range(1, MAX_TRICK + 1)]
    proofs += [prove_winner_shape(n) for n in range(1, MAX_TRICK + 1)]
    proofs += [prove_follow(n) for n in range(1, MAX_HAND + 1)]
    return proofs


# --- concrete evaluation, for the differential check ---------------------------------------


def winner_of(cards: Sequence[tuple[int, int]], lead: int, trump: int | None) -> int | None:
    """The index of the winning card under the model, or None if no card qualifies."""
    symbolic = Cards.of(cards)
    t = z3.IntVal(NO_TRUMP if trump is None else trump)
    found = [i for i in range(len(cards)) if z3.is_true(z3.simplify(is_winner(symbolic, i, z3.IntVal(lead), t)))]
    assert len(found) <= 1
    return found[0] if found else None


def legal_of(hand: Sequence[tuple[int, int]], follow: int | None) -> list[int]:
    """The indices of the cards the model lets a player play."""
    symbolic = Cards.of(hand)
    f = z3.IntVal(NO_TRUMP if follow is None else follow)
    return [i for i in range(len(hand)) if z3.is_true(z3.simplify(is_legal(symbolic, i, f)))]


if __name__ == "__main__":
    for proof in prove_all():
        print(f"{'proved' if proof.proved else 'FAILED'}  {proof.name} ({proof.size} cards) {proof.counterexample}")
