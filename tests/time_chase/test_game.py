"""Time Chase through the common game interface: the deal, who acts, replay, what each player sees."""

from __future__ import annotations

from random import Random

import pytest

from oracle.errors import NotationError
from oracle.games import load_game
from oracle.games.time_chase.cards import deck, removed
from oracle.games.time_chase.game import GAME
from oracle.games.time_chase.ruleset import Rules
from tests.time_chase.games import random_game

SIZES = {3: (35, 6), 4: (45, 4), 5: (55, 2), 6: (65, 0)}


def test_the_registry_finds_time_chase() -> None:
    assert load_game("time-chase") is GAME


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_scenario_1_setup_counts(players: int) -> None:
    """Rulings scenario 1: deck size, ten cards each, one Invariant, four unused, no removed rank."""
    size, top_removed = SIZES[players]
    assert len(deck(players)) == size
    assert len(removed(players)) == 5 * top_removed
    assert min(c.rank for c in deck(players)) == top_removed + 1
    rules = Rules(players=players)
    state = GAME.initial_state(rules)
    assert GAME.to_act(state).kind == "chance"
    deal = GAME.sample_chance(state, rules, Random(players))
    after = GAME.apply(state, deal, rules).state
    assert [len(h) for h in after.hands] == [10] * players
    assert after.invariant is not None and len(after.unused) == 4
    placed = [*(c for h in after.hands for c in h), after.invariant, *after.unused]
    assert sorted(placed) == sorted(deck(players))


def test_a_seeded_four_player_game_replays_exactly_from_its_actions() -> None:
    rules = Rules()
    steps = list(random_game(2024, rules))
    assert steps[-1].after.phase == "over"
    actions = [GAME.format_action(s.action) for s in steps]
    state = GAME.initial_state(rules)
    for text in actions:
        state = GAME.apply(state, GAME.parse_action(text), rules).state
    assert state == steps[-1].after
    assert [GAME.format_action(s.action) for s in random_game(2024, rules)] == actions


def test_who_acts_follows_the_phases() -> None:
    kinds = [GAME.to_act(s.before).kind for s in random_game(5, Rules())]
    assert kinds[0] == "chance"
    assert kinds[1] == "simultaneous"
    assert set(kinds[2:]) <= {"player", "simultaneous"}


def test_the_joint_action_collects_every_sealed_bid() -> None:
    rules = Rules()
    state = GAME.initial_state(rules)
    state = GAME.apply(state, GAME.sample_chance(state, rules, Random(1)), rules).state
    choices = {p: GAME.legal_actions(state, rules, p)[0] for p in range(4)}
    assert GAME.format_action(GAME.joint_action(state, choices)) == "bids 0,0,0,0"
    del choices[2]
    with pytest.raises(ValueError, match="p2"):
        GAME.joint_action(state, choices)


@pytest.mark.parametrize("players", [3, 6])
def test_a_player_sees_only_their_own_hand(players: int) -> None:
    for step in random_game(7 + players, Rules(players=players)):
        state = step.after
        if state.phase == "deal":
            continue
        for player in range(players):
            seen = GAME.observe(state, player)
            text = str(seen)
            assert seen["hand"] == [c.text for c in state.hands[player]] == seen["hands"][player]
            assert seen["unused"] == ["?"] * 4
            assert all(set(h) <= {"?"} for p, h in enumerate(seen["hands"]) if p != player)
            hidden = [c for p, h in enumerate(state.hands) if p != player for c in h] + list(state.unused)
            assert not any(f"'{c.text}'" in text for c in hidden)


def test_the_outcome_names_the_winner_and_the_rule() -> None:
    last = list(random_game(3, Rules()))[-1].after
    outcome = GAME.outcome(last)
    assert outcome is not None and outcome.winners == last.winners
    assert outcome.rule in ("TC.WIN.THREE", "TC.WIN.END")


@pytest.mark.rule("TC.RESEARCH.SMALL")
def test_the_small_research_setting_deals_two_cards_from_seven_and_lasts_one_round() -> None:
    """TC.RESEARCH.SMALL: three players, two cards each from seven, the card left the Invariant, p0 first,
    one round; another player count is refused by name, and the default game is unchanged."""
    rules = GAME.parse_rules(None, "small")
    assert rules.players == 3 and rules.name == "players=3+small"
    with pytest.raises(NotationError, match="small is for 3 players") as refused:
        GAME.parse_rules(None, "players=4+small")
    assert refused.value.token == "players=4"
    assert not GAME.parse_rules(None, None).small and len(deck(4)) == 45
    for seed in range(5):
        state = list(random_game(seed, rules))[-1].after
        assert state.phase == "over" and state.round == 1 and state.end_rule == "TC.WIN.END"
        assert [len(h) for h in state.hands] == [1, 1, 1] and state.first == 0 and state.unused == ()
        assert state.invariant is not None
        cards = [*(c for h in state.hands for c in h), *state.discard, state.invariant]
        cards += [c for slot in state.timeline for c in (slot.lead, slot.cross) if c is not None]
        assert sorted(c.text for c in cards) == ["B12", "B13", "G12", "G13", "R11", "R12", "R13"]
        GAME.check_state(state)
