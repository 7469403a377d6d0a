"""Chapter 4, Convergence, beyond the worked examples of spec/ttykm/convergence.md:
the draw of the pair through the common interface, the command line and the
protocol; three chapters refused; the elephant's pull among the legal turns;
the phase-by-phase trace."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from oracle.errors import NotationError
from oracle.games.ttykm.game import GAME
from oracle.games.ttykm.notation import event_text, format_position, parse_position
from oracle.games.ttykm.pictures.phases import phase_stages
from oracle.games.ttykm.rules.convergence import PAIRS
from oracle.games.ttykm.rules.standard import apply_turn, legal_turns, start_position
from oracle.games.ttykm.ruleset import Ruleset, UnknownVariant
from oracle.games.ttykm.turn import Draw
from oracle.tools.cli.main import main
from oracle.tools.protocol import handle

UNDRAWN = "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0 rules=convergence"
K4 = ("3b/4/B(ws)N1/4|B2b/4/Nh2/3w|B2b/4/Nt2/3w turn=w focus=past,future supply=4,4 removed=0,0"
      " rules=growth+influence seeds=4 built=0,1")
PULL = ("l2b/4/N(dw)2/w3|l2b/4/N2d/w3|l2b/4/N2d/w3 turn=w focus=past,future supply=4,4 removed=0,0"
        " rules=influence+memory built=0,0")


def test_the_convergence_start_is_a_chance_node_with_three_equal_pairs() -> None:
    rules = GAME.parse_rules("convergence", None)
    start = GAME.initial_state(rules)
    assert format_position(start) == UNDRAWN
    assert GAME.to_act(start).kind == "chance"
    outcomes = GAME.chance_outcomes(start, rules)
    assert [(GAME.format_action(a), p) for a, p in outcomes] == [
        (f"draw {pair}", Fraction(1, 3)) for pair in PAIRS]
    assert list(GAME.legal_actions(start, rules)) == [a for a, _ in outcomes]
    assert GAME.legal_actions(start, rules, player=0) == ()


@pytest.mark.parametrize("pair", PAIRS)
def test_the_draw_gives_the_pair_start_and_the_position_records_it(pair: str) -> None:
    rules = GAME.parse_rules("convergence", None)
    applied = GAME.apply(GAME.initial_state(rules), Draw(pair), rules)
    assert applied.state == start_position(Ruleset.parse(pair))
    assert [event_text(e) for e in applied.events] == [f"drew {pair}"]
    assert f"rules={pair}" in format_position(applied.state)
    assert GAME.state_to_json(applied.state)["rules"] == pair
    assert GAME.to_act(applied.state).kind == "player"


def test_a_seeded_game_replays_from_its_draw_and_turns() -> None:
    rules = GAME.parse_rules("convergence", None)
    rng = random.Random(11)
    state = GAME.initial_state(rules)
    record: list[str] = []
    while GAME.outcome(state) is None and len(record) < 12:
        if GAME.to_act(state).kind == "chance":
            action = GAME.sample_chance(state, rules, rng)
        else:
            action = rng.choice(list(GAME.legal_actions(state, rules)))
        record.append(json.dumps(GAME.action_to_json(action)))
        state = GAME.apply(state, action, rules).state
    assert json.loads(record[0]).keys() == {"draw"}
    replayed = GAME.parse_state(json.dumps(GAME.state_to_json(GAME.initial_state(rules))))
    for line in record:
        replayed = GAME.apply(replayed, GAME.action_from_json(json.loads(line)), rules).state
    assert replayed == state


def test_the_draw_is_refused_once_drawn_and_turns_before_it() -> None:
    rules = GAME.parse_rules(None, None)
    undrawn = parse_position(UNDRAWN)
    assert legal_turns(undrawn) == []
    assert GAME.explain(undrawn, GAME.parse_action("a1 N E >past"), rules).rule == "CONVERGENCE.DRAW"
    drawn = GAME.apply(undrawn, Draw("growth+memory"), rules).state
    assert GAME.explain(drawn, Draw("growth+memory"), rules).rule == "CONVERGENCE.DRAW"
    with pytest.raises(NotationError, match="such as growth\\+memory"):
        GAME.parse_action("draw growth")
    with pytest.raises(NotationError, match="never three"):
        GAME.parse_action("draw growth+influence+memory")


@pytest.mark.parametrize("text", ["growth+influence+memory", "memory+growth+influence", "convergence+growth"])
def test_three_chapters_or_convergence_with_a_chapter_are_refused(text: str) -> None:
    with pytest.raises(UnknownVariant):
        Ruleset.parse(text)
    with pytest.raises(NotationError):
        parse_position(UNDRAWN.replace("rules=convergence", f"rules={text}"))
    with pytest.raises(NotationError):
        GAME.parse_rules("growth+influence", "memory")


def test_start_with_a_seed_draws_the_pair(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["start", "--rules", "convergence", "--seed", "7", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["chance"] == ["draw growth+memory"]
    assert out["position"].endswith("rules=growth+memory seeds=5")
    assert main(["start", "--rules", "growth+influence+memory"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "growth+influence+memory" in err


def test_the_protocol_lists_the_draws_and_applies_one() -> None:
    moves = json.loads(handle(json.dumps({"id": 1, "op": "moves", "position": UNDRAWN})))
    assert moves["turns"] == [f"draw {pair}" for pair in PAIRS]
    applied = json.loads(handle(json.dumps({"id": 2, "op": "apply", "position": UNDRAWN,
                                            "turn": "draw influence+memory"})))
    assert applied["verdict"] == "legal" and applied["position"].endswith("rules=influence+memory built=0,0")


def test_commands_with_pull_are_listed_after_the_plain_commands_and_only_with_statues() -> None:
    turns = [GAME.format_action(t) for t in legal_turns(parse_position(PULL))]
    assert "a1 Cc2+ Cd2 >present" in turns and "a1 Cc2 Cd2 >present" in turns
    assert not any(t.startswith("a1 Cb3+") for t in turns)  # nothing behind the elephant going north
    first = [t.split()[1] for t in turns if t.startswith("a1 C")]
    assert first.index("Cc2+") > max(i for i, a in enumerate(first) if not a.endswith("+"))
    memory_only = parse_position("l2b/4/1(dw)2/w3|l2b/4/3d/w3|l2b/4/3d/w3 turn=w focus=past,future supply=4,4"
                                 " removed=0,0 rules=memory")
    assert not any("+" in GAME.format_action(t) for t in legal_turns(memory_only))
    assert GAME.explain(memory_only, GAME.parse_action("a1 Cc2+ N >present"), Ruleset()).rule == "ACTION.KINDS"
    pulled = apply_turn(parse_position(PULL), GAME.parse_action("a1 Cc2+ N >present"))  # type: ignore[arg-type]
    plain = apply_turn(parse_position(PULL), GAME.parse_action("a1 Cc2 N >present"))  # type: ignore[arg-type]
    assert pulled.position != plain.position


@pytest.mark.parametrize("variant", [None, "effect-order=recorded", "effect-order=global-phases"])
def test_the_phase_trace_ends_on_the_turn_and_its_events_are_the_turn_s(variant: str | None) -> None:
    rules = GAME.parse_rules(None, variant)
    position, turn = parse_position(K4), GAME.parse_action("b2 E+ N >present")
    assert not isinstance(turn, Draw)
    stages = phase_stages(position, turn, rules)
    played = apply_turn(position, turn, rules)
    assert stages[-1].position == played.position
    traced = [e for s in stages for e in s.events]
    assert traced == [e for e in played.events if event_text(e).split()[0] != "chose"]
    captions = [s.caption for s in stages]
    if variant is None:
        assert captions[:4] == ["Action 1 (E+) in the past", "The present: removals", "The present: placements",
                                "The present: movements"]
    elif variant == "effect-order=recorded":
        assert captions[1:3] == ["The present: effects in recorded order", "The future: effects in recorded order"]
    else:
        assert captions[1:3] == ["The present: removals", "The future: removals"]


def test_the_playground_offers_the_draw_as_buttons_and_plays_it() -> None:
    from oracle.tools.site.playground import view

    before = view({"game": "ttykm", "rules": "convergence", "state": "", "picks": []})
    # Each pair, then "Draw at random" (a seeded draw: tests/test_playground.py).
    assert [b["pick"] for b in before["buttons"]] == [f"draw {pair}" for pair in PAIRS] + ["chance"]
    assert before["legal_count"] == 3
    after = view({"game": "ttykm", "rules": "convergence", "state": "", "picks": ["draw growth+memory"]})
    assert after["applied"]["events"] == ["drew growth+memory"]
    assert after["state"].endswith("rules=growth+memory seeds=5")
