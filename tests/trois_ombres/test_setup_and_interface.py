"""Setup parameters change the game as documented; the game answers the common interface."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from oracle.games import load_game
from oracle.games.trois_ombres.components import Rules
from oracle.games.trois_ombres.game import GAME
from oracle.games.trois_ombres.state import State
from oracle.games.trois_ombres.team import play_game


def started(rules_text: str, seed: int = 0) -> State:
    rules = GAME.parse_rules(None, rules_text)
    state = GAME.initial_state(rules)
    return GAME.apply(state, GAME.sample_chance(state, rules, random.Random(seed)), rules).state


@pytest.mark.rule("OMBRES.SETUP.PARAMS", "OMBRES.SETUP")
def test_defaults_are_the_inferred_counts() -> None:
    state = started("standard")
    assert state.players == 4 and state.reserve == (4, 4, 4, 4) and state.stock == (2, 2, 2, 2)
    assert len(state.board) == 27 and state.demon is not None and state.to_clear == 13
    assert state.traps.count("hercule") == 2 and len(state.traps) == 8 and state.cubes == 4
    assert len(state.id_deck) == 11 and len(state.limbes_deck) == 15
    per_lieu = sorted(sum(1 for loc, _ in state.board if loc[0] == lieu) for lieu in "RCPG")
    assert per_lieu == [6, 7, 7, 7]


@pytest.mark.parametrize(
    ("setting", "fact"),
    [
        ("clues=2", lambda s: s.reserve == (2, 2, 2, 2)),
        ("spare-clues=0", lambda s: s.stock == (0, 0, 0, 0)),
        ("players=2", lambda s: s.players == 2 and s.investigators == ("lucile", "balafre")),
        ("characters=5", lambda s: len(s.board) == 19 and s.to_clear == 9),
        ("slots=12+characters=10", lambda s: len(s.board) == 39 and max(int(loc[1:]) for loc, _ in s.board) <= 12),
        ("hercule-cubes=0", lambda s: s.cubes == 0),
        ("hercule-traps=5", lambda s: s.traps.count("hercule") == 5),
        ("vortex-traps=3+horloge-traps=0", lambda s: s.traps.count("vortex") == 3 and "horloge" not in s.traps),
        ("objet-copies=2", lambda s: s.id_deck.count("invertigo") == 2 and len(s.id_deck) == 18),
        ("yeux-per-lieu=0", lambda s: not any(t.startswith("yeux") for t in s.traps)),
        ("limbes-copies=2", lambda s: len(s.limbes_deck) == 30),
        ("calepins=0+debriefings=0", lambda s: "calepin" not in s.id_deck and "debriefing" not in s.id_deck),
        ("clock-start=3", lambda s: s.hour == 3),
    ],
)
def test_a_setup_parameter_changes_the_game(setting: str, fact: object) -> None:
    assert callable(fact)
    assert fact(started(setting))
    assert not fact(started("standard"))


def test_too_few_slots_for_the_deal_is_refused_naming_the_setting() -> None:
    from oracle.errors import NotationError

    with pytest.raises(NotationError, match="28 slots cannot hold the 31 tiles dealt: 'characters=8\\+slots=7'"):
        GAME.parse_rules(None, "characters=8+slots=7")
    assert started("characters=7+slots=7").characters == 7  # 27 tiles on 28 slots


def test_with_deal_anywhere_the_deal_ignores_the_even_spread() -> None:
    counts = set()
    for seed in range(20):
        state = started("deal-anywhere", seed)
        counts.add(tuple(sorted(sum(1 for loc, _ in state.board if loc[0] == lieu) for lieu in "RCPG")))
    assert len(state.board) == 27 and counts != {(6, 7, 7, 7)}


def test_the_clue_count_limits_the_clues_a_player_can_leave() -> None:
    state = GAME.parse_state("ombres characters=2 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n "
                             "reserve=1,4,4,4 steps=clues/R1/R2;end-turn")
    rules = GAME.parse_rules(None, None)
    after = GAME.apply(state, GAME.parse_action("clue R1"), rules).state
    assert [str(a) for a in GAME.legal_actions(after, rules)] == ["move-clue R1 R2", "done"]


def test_registered_under_its_name() -> None:
    assert load_game("trois-ombres") is GAME


def test_chance_outcomes_are_a_distribution() -> None:
    rules = GAME.parse_rules(None, None)
    state = GAME.parse_state("ombres characters=2 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n "
                             "limbes-deck=amnesie,amnesie,silence steps=draw-limbes;end-turn")
    outcomes = GAME.chance_outcomes(state, rules)
    assert [(str(a), p) for a, p in outcomes] == [("draw amnesie", Fraction(2, 3)), ("draw silence", Fraction(1, 3))]
    assert GAME.to_act(state).kind == "chance"


def test_a_seeded_team_game_round_trips_through_the_notation_and_observations() -> None:
    rules = Rules.parse(None)
    final, actions = play_game(rules, seed=3, forget=0.0)
    state = GAME.initial_state(rules)
    for action in actions:
        assert GAME.parse_state(GAME.format_state(state)) == state
        assert GAME.parse_state(json.dumps(GAME.state_to_json(state))) == state
        assert GAME.action_from_json(GAME.action_to_json(action)) == action
        assert GAME.explain(state, action, rules).is_legal
        for player in range(state.players):
            seen = GAME.observe(state, player)
            assert seen["demon"] in (None, "?") and seen["traps"] == ["?"] * len(state.traps)
        state = GAME.apply(state, action, rules).state
    assert state == final
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.rule in ("OMBRES.WIN", "OMBRES.LOSS", "OMBRES.BLUFF")
