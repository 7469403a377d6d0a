"""The engine against the independent Z3 model: the winner of a trick and the cards a player may play.

Tricks and hands are drawn by Hypothesis; for each, the engine's answer
(`oracle.games.time_chase.rules`) must be the model's (`properties.time_chase.z3model`).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from oracle.games.time_chase import rules
from oracle.games.time_chase.cards import Card
from properties.time_chase import z3model

CARD = st.tuples(st.integers(0, 4), st.integers(1, 13))
SUIT_OR_NONE = st.one_of(st.none(), st.integers(0, 4))


def check_winner(cards: list[tuple[int, int]], lead: int, trump: int | None) -> None:
    engine = rules.winning_index([Card(s, r) for s, r in cards], lead, trump)
    assert engine == z3model.winner_of(cards, lead, trump), (cards, lead, trump)


def check_legal(hand: list[tuple[int, int]], follow: int | None) -> None:
    cards = [Card(s, r) for s, r in hand]
    engine = [cards.index(c) for c in rules.legal_cards(cards, follow)]
    assert engine == z3model.legal_of(hand, follow), (hand, follow)


@given(st.lists(CARD, min_size=1, max_size=6, unique=True), st.integers(0, 4), SUIT_OR_NONE)
def differential_winner(cards: list[tuple[int, int]], lead: int, trump: int | None) -> None:
    check_winner(cards, lead, trump)


@given(st.lists(CARD, min_size=1, max_size=6, unique=True), SUIT_OR_NONE)
def differential_led_trick(cards: list[tuple[int, int]], trump: int | None) -> None:
    """A present trick: the first card leads."""
    check_winner(cards, cards[0][0], trump)


@given(st.lists(CARD, min_size=1, max_size=10, unique=True), SUIT_OR_NONE)
def differential_follow(hand: list[tuple[int, int]], follow: int | None) -> None:
    check_legal(hand, follow)
