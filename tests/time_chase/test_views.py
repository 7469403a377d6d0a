"""A player's view is a state (TC.OBSERVE, TC.NOTATION.VIEW), and the rules answer from it (TC.VIEW).

On every step of 50 seeded games, each player's view reads back and
round-trips, and for the player who acts it gives exactly the legal plays
and verdicts of the whole state.  A four-player game written from one seat
replays to its end, that seat's plays never "depend", and the others' do
only where following is open.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

import pytest

from oracle.errors import NotationError
from oracle.games.time_chase.actions import Action, Deal, Play
from oracle.games.time_chase.cards import Card, deck
from oracle.games.time_chase.game import GAME
from oracle.games.time_chase.rules import suit_to_follow
from oracle.games.time_chase.ruleset import Rules
from oracle.games.time_chase.state import State, hidden_pool
from oracle.interface import DEPENDS, IllegalAction
from tests.conftest import sample_tiers
from tests.time_chase.games import random_game

GAMES = 50


def seat_record(action: Action, seat: int) -> Action:
    """An action as ``seat`` writes it down: the deal names only their own cards and the Invariant."""
    if not isinstance(action, Deal):
        return action
    return Deal(hands=tuple(h if p == seat else () for p, h in enumerate(action.hands)), invariant=action.invariant,
                unused=(), first=action.first, hidden=tuple(0 if p == seat else len(h) for p, h in
                                                            enumerate(action.hands)), unused_hidden=len(action.unused))


def view(state: State, player: int) -> State:
    """The player's view, read back from the JSON that `observe` gives."""
    return GAME.state_from_json(GAME.observe(state, player))


@pytest.mark.rule("TC.VIEW", "TC.OBSERVE", "TC.NOTATION.VIEW")
@pytest.mark.parametrize("seeds", sample_tiers(GAMES, 5))
def test_every_view_reads_back_and_answers_as_the_whole_state(seeds: Sequence[int]) -> None:
    """50 seeded games at 3 to 6 players: every step, every player."""
    checked = 0
    for seed in seeds:
        rules = Rules(players=3 + seed % 4)
        cards = deck(rules.players)
        for step in random_game(seed, rules):
            state, mover = step.before, GAME.to_act(step.before)
            for player in range(state.players):
                seen = view(state, player)
                text = GAME.format_state(seen)
                assert GAME.format_state(GAME.parse_state(text)) == text
                assert GAME.parse_state(text) == seen
                if mover.kind == "simultaneous":
                    assert GAME.legal_actions(seen, rules, player) == GAME.legal_actions(state, rules, player)
                elif mover.players == (player,):
                    assert GAME.legal_actions(seen, rules) == GAME.legal_actions(state, rules)
                    # the cards they hold, and cards they do not (held by others or set aside)
                    for card in {*state.hands[player], *cards[seed % 7::9]}:
                        here, there = GAME.explain(seen, Play(card), rules), GAME.explain(state, Play(card), rules)
                        assert (here.status, here.rule, here.reason) == (there.status, there.rule, there.reason)
                    checked += 1
    assert checked > 15 * len(seeds)


@pytest.mark.rule("TC.VIEW")
def test_a_game_written_from_one_seat_replays_to_its_end() -> None:
    """p2 writes down a four-player game: their deal, the bids, every card seen played.  Replayed through
    the game interface from that record alone, it ends as the game did; p2's plays are legal, never
    "depends"; another seat's play "depends" only when following turns on its hidden cards, and says so."""
    rules, seat = Rules(players=4), 2
    steps = list(random_game(2024, rules))
    record = [GAME.format_action(seat_record(s.action, seat)) for s in steps]
    assert record[0].startswith("deal ") and "unused=?,?,?,?" in record[0]
    state = GAME.initial_state(rules)
    verdicts: dict[str, int] = {}
    for text, step in zip(record, steps, strict=True):
        action = GAME.parse_action(text)
        verdict = GAME.explain(state, action, rules)
        if GAME.to_act(state).players == (seat,):
            assert verdict.status in ("legal", "illegal") and verdict.is_legal
            for card in GAME.legal_actions(state, rules):  # and every other card of theirs is plainly illegal
                assert GAME.explain(state, card, rules).is_legal
        elif verdict.status == DEPENDS:
            assert verdict.rule == "TC.FOLLOW" and "holds no" in verdict.reason
            assert isinstance(action, Play) and action.card.suit != _lead_suit(state)
        verdicts[verdict.status] = verdicts.get(verdict.status, 0) + 1
        state = GAME.apply(state, action, rules).state
        assert state == view(step.after, seat)  # the record's view is p2's view of the real game
    assert GAME.outcome(state) == GAME.outcome(steps[-1].after) is not None
    assert verdicts.get(DEPENDS, 0) > 0 and verdicts["legal"] > 20


def _lead_suit(state: State) -> int | None:
    return suit_to_follow(state, Rules(players=state.players))


@pytest.mark.rule("TC.VIEW", "TC.FOLLOW")
def test_the_acting_players_own_plays_never_depend_on_the_unknowns() -> None:
    """Every card of the deck, asked from the acting player's view, at every play of ten games."""
    for seed in range(10):
        rules = Rules(players=3 + seed % 4)
        for step in random_game(100 + seed, rules):
            if step.before.phase != "play":
                continue
            actor = GAME.to_act(step.before).players[0]
            seen = view(step.before, actor)
            assert {GAME.explain(seen, Play(c), rules).status for c in deck(rules.players)} <= {"legal", "illegal"}


def test_a_play_that_depends_is_taken_as_made() -> None:
    rules = Rules()
    state = GAME.initial_state(rules)
    rng = Random(7)
    state = GAME.apply(state, GAME.sample_chance(state, rules, rng), rules).state
    state = GAME.apply(state, GAME.parse_action("bids 0,0,0,0"), rules).state
    first = GAME.to_act(state).players[0]
    watcher = (first + 2) % 4
    seen = view(state, watcher)
    lead = GAME.legal_actions(state, rules)[0]
    seen = GAME.apply(seen, lead, rules).state
    second = GAME.to_act(seen).players[0]
    offsuit = next(c for c in sorted(set(_pool(seen)) - set(state.hands[second]))
                   if isinstance(lead, Play) and c.suit != lead.card.suit)
    verdict = GAME.explain(seen, Play(offsuit), rules)
    assert verdict.status == DEPENDS
    after = GAME.apply(seen, Play(offsuit), rules).state
    assert after.trick[-1] == (second, offsuit) and after.hidden_in(second) == seen.hidden_in(second) - 1


def _pool(state: State) -> tuple[Card, ...]:
    return hidden_pool(state)


def test_a_card_the_view_places_elsewhere_cannot_be_played() -> None:
    """p0 led B9; in p3's view p1 cannot play B5, which p3 holds, whatever p1's hand."""
    rules = Rules()
    led = GAME.apply(GAME.parse_state(STATE), GAME.parse_action("B9"), rules).state
    with pytest.raises(IllegalAction, match=r"TC\.PLAY: p1 does not hold B5: the view places it elsewhere"):
        GAME.apply(view(led, 3), GAME.parse_action("B5"), rules)
    assert GAME.explain(view(led, 3), GAME.parse_action("B6"), rules).is_legal


STATE = ("players=4 round=1 phase=play first=0 ref=0 invariant=R13 unused=R7,R8,R9,R12 hands=R10,B9,Y5,Y6,Y7,Y8,Y9,"
         "Y10,Y11,Y12|R11,B6,Y13,P5,P6,P7,P8,P9,P10,P11|R5,G5,G6,G7,G8,G9,G10,G11,P12,P13|R6,B5,B7,B8,B10,B11,B12,B13,"
         "G12,G13 crystals=0,0,0,0 pawns=1,1,1,1 timeline=- at=1")


def test_a_view_holds_nothing_of_another_players_hand() -> None:
    seen = view(GAME.parse_state(STATE), 1)
    with pytest.raises(NotationError, match="p1's view"):
        GAME.observe(seen, 2)
    assert GAME.observe(seen, 1) == GAME.observe(GAME.parse_state(STATE), 1)


@pytest.mark.parametrize("call", ["observe", "legal", "joint"])
def test_a_player_the_state_does_not_seat_is_refused_naming_it(call: str) -> None:
    rules = Rules()
    bidding = GAME.apply(GAME.parse_state("players=4 round=0 phase=deal"),
                         GAME.sample_chance(GAME.parse_state("players=4 round=0 phase=deal"), rules, Random(1)),
                         rules).state
    with pytest.raises(NotationError, match="'5'"):
        if call == "observe":
            GAME.observe(GAME.parse_state("players=3 round=0 phase=deal"), 5)
        elif call == "legal":
            GAME.legal_actions(bidding, rules, 5)
        else:
            GAME.joint_action(bidding, {5: GAME.parse_action("bid 0")})


@pytest.mark.parametrize(("text", "written"), [('{"play": "R6"}', "R6"), ('{"bid": 1}', "bid 1"),
                                               ('{"bids": [0, 1, 0, 0]}', "bids 0,1,0,0")])
def test_the_documented_json_action_forms_are_read_wherever_text_is(text: str, written: str) -> None:
    assert GAME.format_action(GAME.parse_action(text)) == written


def test_a_state_records_its_variants_and_replays_alone() -> None:
    """TC.NOTATION.VARIANTS through the game interface."""
    rules = GAME.parse_rules(None, "players=3+income-round1+reference=last-token")
    state = GAME.initial_state(rules)
    state = GAME.apply(state, GAME.sample_chance(state, rules, Random(5)), rules).state
    saved = GAME.parse_state(GAME.format_state(state))
    assert saved.variants == "reference=last-token+income-round1" and saved.crystals == (2, 2, 2)
    standard = GAME.parse_rules(None, None)
    assert GAME.legal_actions(saved, standard, 0) == GAME.legal_actions(state, rules, 0)
    with pytest.raises(NotationError, match="variants=reference=last-token"):
        GAME.legal_actions(saved, GAME.parse_rules(None, "fuel-supply=30"), 0)


def test_the_outcome_says_who_won_and_how() -> None:
    last = list(random_game(3, Rules()))[-1].after
    outcome = GAME.outcome(last)
    assert outcome is not None and outcome.reason.startswith(f"p{last.winners[0]} wins: ")
    assert "holds event" in outcome.reason
