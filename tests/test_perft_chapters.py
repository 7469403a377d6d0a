"""The fast perft of every chapter ruleset and pair, and of the variants, agrees
with the plain rules; the start counts hold.

Each check compares, on one position, the hooks' turn count and children
(with their multiplicities) with the plain rules' `successors`: on positions
reached by random play (`tests.chapter_positions.playout`), on hand-made
crowded positions of every ruleset, on Growth's and Influence's own random
positions and Hypothesis strategies, under every ruleset and under each
variant in every ruleset the scope table (VARIANT.SCOPE) lets it change.  A
variant the hooks do not mirror is counted by the plain rules, never wrongly.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings

from oracle.games.ttykm import fast, perft_chapters
from oracle.games.ttykm.notation import parse_position
from oracle.games.ttykm.objects import Kind
from oracle.games.ttykm.perft import engine, perft, perft_plain
from oracle.games.ttykm.perft_walk import Table
from oracle.games.ttykm.rules.standard import start_position, successors
from oracle.games.ttykm.rules.variants import RULESETS as SCOPE_RULESETS
from oracle.games.ttykm.rules.variants import ruleset_name, variant_scope
from oracle.games.ttykm.ruleset import VARIANTS, Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Turn
from properties.growth_positions import growth_playout_position, random_growth_position
from properties.influence import influence_positions, seeded_positions
from tests.chapter_positions import crowded_position, playout
from tests.test_variant_scope import WITNESSES

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


def scoped(variant: str) -> list[Ruleset]:
    """Every ruleset the scope table (VARIANT.SCOPE) lets ``variant`` change, as a `Ruleset` with the
    variant, once with each variant it needs there where it needs one; a Convergence game before its
    draw has no turn to count (`test_convergence_before_its_draw_has_no_turn_under_any_variant`)."""
    found = []
    for modules in SCOPE_RULESETS:
        needs = variant_scope(modules).get(variant)
        if needs is None or "convergence" in modules:
            continue
        chapters = [ruleset_name(modules)] if modules else []
        for partner in sorted(needs) or [""]:
            found.append(Ruleset.parse("+".join(n for n in (*chapters, variant, partner) if n)))
    return found


CROWDED, PLIES = 4, 6
"""Per ruleset of a variant: the crowded positions checked, and the plies of one random game (besides
the scope test's witness, where the variant changes the answer)."""

PLAIN_PAIRS: frozenset[tuple[str, str]] = frozenset()
"""The (variant, ruleset) pairs the chapters' hooks do not mirror, counted by the plain rules: none."""


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_variant_agrees_with_the_plain_rules(variant: str) -> None:
    """Under each variant, in every ruleset the scope table says it changes: the chapters' hooks
    count it, except in the pairs `PLAIN_PAIRS` names, which the plain rules count."""
    rng = random.Random(variant)
    rulesets = scoped(variant)
    assert rulesets, f"{variant} changes no ruleset"
    for rules in rulesets:
        name = ruleset_name(rules.chapters)
        used = set()
        for _ in range(CROWDED):
            used.add(agree(crowded_position(rng, rules.chapters), rules))
        for position, turns in playout(rules, rng, PLIES):
            used.add(agree(position, rules, turns))
        partner = "".join(rules.variants - {variant})
        witness = WITNESSES.get((variant, name, partner))
        if witness is not None:  # where the variant changes the answer
            used.add(agree(start_position(rules) if witness == "start" else parse_position(witness), rules))
        assert used == {"plain" if (variant, name) in PLAIN_PAIRS else "chapters"}, rules.name


# In every ruleset: the copy on present a1 can only push itself (onto a2 or b1; a1 of the past and the
# future hold copies, and no seed is in reach or in supply), beside copies that can take two actions.
# The three self-push readings count differently here: self-push=whole-turn weighs its self-push as a
# whole turn for the copy choice, self-push=ends lets it end the turn, self-push=paradox neither.
BOXED_IN = {
    "standard": "3b/4/4/w3|3b/4/w3/ww2|3b/4/4/w3 turn=w focus=present,future supply=2,4 removed=0,0",
    "growth": "ss1b/ss2/4/w3|3b/4/w3/ww2|s2b/4/4/w3 turn=w focus=present,future supply=2,4 removed=0,0"
              " rules=growth seeds=0",
    "influence": "3b/4/2N1/w3|3b/4/w1N1/ww2|3b/4/2N1/w3 turn=w focus=present,future supply=2,4 removed=0,0"
                 " rules=influence built=0,0",
    "memory": "l2b/4/4/w2d|l2b/4/w3/ww1d|l2b/4/4/w2d turn=w focus=present,future supply=2,4 removed=0,0"
              " rules=memory",
    "growth+influence": "ss1b/ss2/2N1/w3|3b/4/w1N1/ww2|s2b/4/2N1/w3 turn=w focus=present,future supply=2,4"
                        " removed=0,0 rules=growth+influence seeds=0 built=0,0",
    "growth+memory": "ls1b/ss2/ss2/w2d|l2b/4/w3/ww1d|l2b/4/4/w2d turn=w focus=present,future supply=2,4"
                     " removed=0,0 rules=growth+memory seeds=0",
    "influence+memory": "l2b/4/2N1/w2d|l2b/4/w1N1/ww1d|l2b/4/2N1/w2d turn=w focus=present,future supply=2,4"
                        " removed=0,0 rules=influence+memory built=0,0",
}


@pytest.mark.parametrize("name", sorted(BOXED_IN))
def test_a_copy_that_can_only_push_itself(name: str) -> None:
    position = parse_position(BOXED_IN[name])
    counts = []
    for variant in ("self-push=paradox", "self-push=ends", "self-push=whole-turn"):
        rules = Ruleset.parse(variant)
        turns = successors(position, rules)
        assert agree(position, rules, turns) == "chapters"
        counts.append(len(turns))
    assert counts[0] < counts[1] < counts[2], counts


# The white copy on present b2 can push itself east onto c2 with the neutral statue behind it on a2 and
# Black's beside it on b3: its Move pulls by INFLUENCE.PULL.SELF-PUSH, by the variants of the pull.
SELF_PUSH_WITH_STATUES = ("3b/4/N3/w3|3b/1B2/Nww1/4|3b/1B2/N3/w3 turn=w focus=present,future supply=3,4 removed=0,0"
                          " rules=influence built=0,1")


@pytest.mark.parametrize("pull", ["", "pull=automatic", "pull=sideways"])
def test_a_self_push_that_pulls(pull: str) -> None:
    position = parse_position(SELF_PUSH_WITH_STATUES)
    for self_push in ("self-push=paradox", "self-push=ends", "self-push=whole-turn"):
        for none in ("", "self-push-pull=none"):
            rules = Ruleset.parse("+".join(n for n in (self_push, pull, none) if n))
            assert agree(position, rules) == "chapters"


# Growth and Memory: White commands its dark elephant from past d1 to d2; under elephant-moves-propagate
# the step is carried on, onto present d2's seed, which is removed first, and its shrub on future d2
# with it (GROWTH.CASCADE.SHRUB), before the future elephant steps there too.
ELEPHANT_ONTO_A_SEED = ("l2b/4/4/w2(dw)|l2b/4/3s/w2(dw)|l2b/4/3h/w2(dw) turn=w focus=past,future supply=4,4"
                        " removed=0,0 rules=growth+memory seeds=4")


def test_a_carried_elephant_step_onto_a_seed() -> None:
    position = parse_position(ELEPHANT_ONTO_A_SEED)
    children = []
    for rules in (Ruleset.parse("growth+memory"), Ruleset.parse("growth+memory+elephant-moves-propagate")):
        turns = successors(position, rules)
        assert agree(position, rules, turns) == "chapters"
        children.append({after for _, after in turns})
    assert children[0] != children[1]


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
    """The table is bounded: its entries age out, and the count does not change (the walk of these hooks,
    on the spec engine: the compiled engine has a table of its own)."""
    rules = Ruleset.parse("growth")
    start = start_position(rules)
    table = Table(limit=64)
    before = fast.chosen()
    try:
        fast.use("spec")
        assert perft(start, 3, rules, table=table) == START_COUNTS["growth"][2]
        assert 0 < len(table) <= 64
        assert perft(start, 3, rules, cache=False) == START_COUNTS["growth"][2]
    finally:
        fast.use(before)


@pytest.mark.parametrize("variant", ["", *sorted(variant_scope(frozenset({"convergence"})))])
def test_convergence_before_its_draw_has_no_turn_under_any_variant(variant: str) -> None:
    rules = Ruleset.parse("+".join(n for n in ("convergence", variant) if n))
    start = start_position(rules)
    assert engine(start, rules).name == "plain"
    assert perft(start, 2, rules) == 0


def test_a_variant_the_hooks_do_not_mirror_is_counted_by_the_plain_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fallback: a variant missing from `perft_chapters.FAST_VARIANTS` is counted by the plain
    rules (still grouped and tabled), with the count the hooks give when they mirror it."""
    rules = Ruleset.parse("influence+statue-build=v2023")
    position = parse_position(WITNESSES["statue-build=v2023", "influence", ""])
    assert engine(position, rules).name == "chapters"
    mirrored = perft(position, 2, rules)
    monkeypatch.setattr(perft_chapters, "FAST_VARIANTS", perft_chapters.FAST_VARIANTS - {"statue-build=v2023"})
    assert engine(position, rules).name == "plain"
    assert engine(position, Ruleset.parse("influence+statue-build=move-copy")).name == "chapters"
    assert perft(position, 2, rules) == mirrored
