"""The fast perft of every chapter ruleset and pair, and of the variants, agrees
with the plain rules; the start counts hold.

Each check compares, on one position, the hooks' turn count and children
(with their multiplicities) with the plain rules' `successors`: on positions
reached by random play (`tests.chapter_positions.playout`), on hand-made
crowded positions of every ruleset, on Growth's and Influence's own random
positions and Hypothesis strategies, under every ruleset and every variant.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings

from oracle.games.ttykm.objects import Kind
from oracle.games.ttykm.perft import engine, perft, perft_plain
from oracle.games.ttykm.perft_walk import Table
from oracle.games.ttykm.rules.standard import start_position, successors
from oracle.games.ttykm.ruleset import VARIANTS, Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Turn
from properties.growth_positions import growth_playout_position, random_growth_position
from properties.influence import influence_positions, seeded_positions
from tests.chapter_positions import crowded_position, playout

RULESETS = ("standard", "growth", "influence", "memory", "growth+influence", "growth+memory", "influence+memory")
CHAPTER_RULESETS = RULESETS[1:]
# Perft from each start, as in vectors/<ruleset>/perft.txt.
START_COUNTS = {
    "growth": [62, 3844, 225296],
    "influence": [36, 1296, 38792],
    "memory": [16, 256, 5696],
    "growth+influence": [98, 9604, 695776],
    "growth+memory": [62, 3844, 224800],
    "influence+memory": [36, 1296, 37640],
}


def agree(position: Position, ruleset: Ruleset, turns: list[tuple[Turn, Position]] | None = None) -> str:
    """Check one position; return the name of the hooks that counted it."""
    chosen = engine(position, ruleset)
    if chosen.name == "plain":
        return chosen.name  # the plain rules themselves: nothing to compare
    turns = successors(position, ruleset) if turns is None else turns
    state = chosen.state_of(position)
    plain = Counter(None if after.winner is not None else chosen.state_of(after) for _, after in turns)
    assert chosen.hooks.count_turns(state) == len(turns), position
    assert Counter(chosen.hooks.children(state)) == plain, position
    return chosen.name


@pytest.mark.parametrize("name", CHAPTER_RULESETS)
def test_start_counts(name: str) -> None:
    rules = Ruleset.parse(name)
    start = start_position(rules)
    assert engine(start, rules).name == "chapters"
    assert [perft(start, depth, rules) for depth in (1, 2, 3)] == START_COUNTS[name]
    if START_COUNTS[name][1] < 5000:  # the pairs with Growth: the agreement checks below, turn by turn
        assert perft(start, 2, rules) == perft_plain(start, 2, rules)


@pytest.mark.parametrize("name", RULESETS)
def test_agrees_with_the_plain_rules_in_random_play(name: str) -> None:
    rules = Ruleset.parse(name)
    rng = random.Random(20261201)
    for _ in range(3):
        for position, turns in playout(rules, rng, 20):
            agree(position, rules, turns)


@pytest.mark.parametrize("name", RULESETS)
def test_agrees_with_the_plain_rules_on_crowded_positions(name: str) -> None:
    rules = Ruleset.parse(name)
    rng = random.Random(20261202)
    positions = [crowded_position(rng, rules.chapters) for _ in range(40)]
    kinds = {t.kind for p in positions if p.chapters for _, t in p.chapters.solids}
    expected = {Kind.SHRUB, Kind.TREE, Kind.FALLEN} if "growth" in rules.chapters else set()
    expected |= {Kind.STATUE} if "influence" in rules.chapters else set()
    expected |= {Kind.DARK_ELEPHANT, Kind.LIGHT_ELEPHANT} if "memory" in rules.chapters else set()
    assert kinds == expected
    for position in positions:
        if position.winner is None:
            agree(position, rules)


def concerned(variant: str) -> tuple[str, ...]:
    """The rulesets a variant changes, by the chapter its description names first (all, for the others)."""
    word = VARIANTS[variant].split(":")[0].lower()
    chapter = {"convergence": "growth"}.get(word, word)
    if chapter in ("growth", "influence", "memory"):
        return tuple(name for name in CHAPTER_RULESETS if chapter in name)
    return CHAPTER_RULESETS if chapter == "chapters" else RULESETS


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_variant_agrees_with_the_plain_rules(variant: str) -> None:
    """Under each variant, in every ruleset it changes: the chapters' hooks where they mirror it,
    else the plain rules."""
    rng = random.Random(variant)
    used = set()
    for name in concerned(variant):
        rules = Ruleset.parse(variant if name == "standard" else f"{name}+{variant}")
        for _ in range(6):
            used.add(agree(crowded_position(rng, rules.chapters), rules))
        for position, turns in playout(rules, rng, 8):
            used.add(agree(position, rules, turns))
    # self-push=ends is mirrored for the standard game only; the chapters count it by the plain rules.
    assert used == ({"chapters", "plain"} if variant == "self-push=ends" else {"chapters"})


def test_growth_random_positions_agree() -> None:
    rng = random.Random(20261130)
    growth = Ruleset.parse("growth")
    positions = [random_growth_position(rng, objects=20) for _ in range(50)]
    positions += [growth_playout_position(rng, rng.randint(1, 10)) for _ in range(20)]
    for position in positions:
        if position.winner is None:
            agree(position, growth)


INFLUENCE = Ruleset.parse("influence")


def test_influence_played_positions_agree() -> None:
    positions = seeded_positions(60, 20261130)
    assert any(p.chapters is not None and any(p.chapters.built) for p in positions)
    for position in positions:
        agree(position, INFLUENCE)


@settings(max_examples=40)
@given(influence_positions(crowded=True))
def test_influence_crowded_positions_agree(position: Position) -> None:
    if position.winner is None:
        agree(position, INFLUENCE)


def test_a_small_table_gives_the_same_count() -> None:
    """The table is bounded: its entries age out, and the count does not change."""
    rules = Ruleset.parse("growth")
    start = start_position(rules)
    table = Table(limit=64)
    assert perft(start, 3, rules, table=table) == START_COUNTS["growth"][2]
    assert 0 < len(table) <= 64
    assert perft(start, 3, rules, cache=False) == START_COUNTS["growth"][2]


def test_convergence_before_its_draw_has_no_turn() -> None:
    rules = Ruleset.parse("convergence")
    start = start_position(rules)
    assert engine(start, rules).name == "plain"
    assert perft(start, 2, rules) == 0
