"""Chapter 3, Memory: the start, the notation, the order of the actions and
the vector set, beyond the worked examples of spec/ttykm/memory.md."""

from __future__ import annotations

import json

import pytest

from oracle.errors import NotationError
from oracle.games.ttykm.board import Colour, Era
from oracle.games.ttykm.notation import (
    format_position,
    format_turn,
    parse_position,
    position_from_json,
    position_to_json,
)
from oracle.games.ttykm.objects import HATS, Kind, hats_in_supply
from oracle.games.ttykm.perft import perft
from oracle.games.ttykm.rules.standard import legal_turns, start_position
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed
from oracle.games.ttykm.vector_sets import MEMORY_POSITIONS
from oracle.tools.vectors import read_perft
from tests.conftest import ROOT

MEMORY = Ruleset.parse("memory")
START = "l2b/4/4/w2d|l2b/4/4/w2d|l2b/4/4/w2d turn=w focus=past,future supply=4,4 removed=0,0 rules=memory"


def elephants(position: Position) -> dict[tuple[int, Kind], tuple[int, str | None]]:
    """(era, kind) -> (square, hat letter) for every elephant version."""
    assert position.chapters is not None
    return {(c // 16, t.kind): (c % 16, t.hat.letter if t.hat else None)
            for c, t in position.chapters.solids if t.kind in (Kind.DARK_ELEPHANT, Kind.LIGHT_ELEPHANT)}


def test_the_start_is_the_standard_start_with_wild_elephants_in_the_empty_corners() -> None:
    start = start_position(MEMORY)
    assert format_position(start) == START
    assert start.copies == Position.start().copies
    assert elephants(start) == {(era, kind): (square, None) for era in Era
                                for kind, square in ((Kind.DARK_ELEPHANT, 3), (Kind.LIGHT_ELEPHANT, 12))}
    assert start.chapters is not None and hats_in_supply(start.chapters, Colour.WHITE) == HATS


@pytest.mark.rule("VARIANT.ELEPHANTS-SWAPPED")
def test_elephants_swapped_exchanges_the_start_squares() -> None:
    swapped = start_position(Ruleset.parse("memory+elephants=swapped"))
    assert format_position(swapped).split()[0] == "d2b/4/4/w2l|d2b/4/4/w2l|d2b/4/4/w2l"
    assert elephants(swapped)[(0, Kind.LIGHT_ELEPHANT)] == (3, None)


def test_perft_from_the_start_equals_the_standard_game_to_depth_3() -> None:
    # rulings K13: the elephants only trade one option for another near the start (depth 4, 123888, is
    # equal too, and is checked by the slow test below).
    for depth in (1, 2, 3):
        assert perft(start_position(MEMORY), depth) == perft(Position.start(), depth)


@pytest.mark.slow
def test_perft_4_from_the_start_equals_the_standard_game() -> None:
    assert perft(start_position(MEMORY), 4) == perft(Position.start(), 4) == 123888


@pytest.mark.rule("MEMORY.ORDER")
def test_command_only_turns_are_listed_once_per_copy() -> None:
    # rulings K5: present a1 and a3 White copies, the dark elephant with White's hat on c2.
    position = parse_position("l2b/4/4/w2d|l2b/w3/2(dw)1/w3|l2b/4/4/w2d turn=w focus=present,future"
                              " supply=3,4 removed=0,0 rules=memory")
    turns = legal_turns(position)
    only = [t for t in turns if t.actions and all(isinstance(a, Aimed) and a.letter == "C" for a in t.actions)]
    assert len(only) == 56
    assert {t.copy for t in only} == {0, 8}
    assert sum(1 for t in only if t.copy == 0) == 28


@pytest.mark.rule("MEMORY.ORDER")
def test_train_then_command_come_after_the_standard_actions_in_square_order() -> None:
    position = parse_position("l2b/4/4/w2d|l2b/4/4/w2d|l2b/4/4/2w(dw) turn=w focus=future,past"
                              " supply=4,4 removed=0,0 rules=memory")
    firsts = list(dict.fromkeys(t.actions[0].value for t in legal_turns(position)))
    assert firsts == ["N", "W", "B", "Cd2"]  # E meets the elephant; Cc1 alone would remove the copy
    trainer = parse_position("l2b/4/4/w2d|l2b/4/4/2wd|l2b/4/4/w2d turn=w focus=present,past"
                             " supply=4,4 removed=0,0 rules=memory")
    firsts = list(dict.fromkeys(t.actions[0].value for t in legal_turns(trainer)))
    assert firsts == ["N", "W", "F", "B", "Td1"]


def test_a_copy_never_shares_a_square_with_an_elephant() -> None:
    obj = position_to_json(parse_position(START))
    obj["elephants"][0]["cell"] = "past:a1"
    with pytest.raises(NotationError, match="a copy shares past a1 with a dark-elephant"):
        position_from_json(obj)


@pytest.mark.parametrize("token", ["(dx)", "(d)", "(wd)", "(dwb)"])
def test_bad_elephant_tokens_are_named(token: str) -> None:
    text = f"l2b/4/4/w2{token}|l2b/4/4/w2d|l2b/4/4/w2d turn=w focus=past,future supply=4,4 removed=0,0 rules=memory"
    with pytest.raises(NotationError) as caught:
        parse_position(text)
    assert token[:4] in str(caught.value) or token[:3] in str(caught.value)
    assert "\n" not in str(caught.value)


def test_json_round_trip_with_hats() -> None:
    for named in MEMORY_POSITIONS:
        position = parse_position(named.text)
        obj = position_to_json(position)
        assert position_from_json(json.loads(json.dumps(obj))) == position


@pytest.mark.parametrize("change, message", [
    (lambda o: o.pop("elephants"), "missing JSON field 'elephants'"),
    (lambda o: o["elephants"][0].update(hat="red"), "'hat' must be"),
    (lambda o: o["elephants"][0].update(elephant="pink-elephant"), "dark-elephant"),
    (lambda o: o["elephants"].append(dict(o["elephants"][0])), "two objects on one square"),
    (lambda o: o.update(rules="standard"), "needs \"rules\": \"memory\""),
])
def test_bad_json_elephants_are_one_line_errors(change: object, message: str) -> None:
    obj = position_to_json(parse_position(START))
    change(obj)  # type: ignore[operator]
    with pytest.raises(NotationError, match=message):
        position_from_json(obj)


def test_memory_actions_are_refused_outside_memory() -> None:
    from oracle.games.ttykm.notation import parse_turn
    from oracle.games.ttykm.rules.standard import explain

    growth = parse_position("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                            " rules=growth seeds=5")
    verdict = explain(growth, parse_turn("a1 Tb1"))
    assert verdict.rule == "ACTION.KINDS" and "Memory action" in verdict.reason
    standard = explain(Position.start(), parse_turn("a1 Cb1"))
    assert standard.rule == "ACTION.KINDS"


def test_the_vector_set_carries_perft_from_mid_game_positions_with_hats() -> None:
    records = read_perft((ROOT / "vectors" / "memory" / "perft.txt").read_text())
    assert [r.name for r in records] == [n.name for n in MEMORY_POSITIONS]
    # The standard game's counts through depth 4 (rulings K13); the elephants show at depth 5.
    assert records[0].counts == ((1, 16), (2, 256), (3, 5696), (4, 123888), (5, 3354384), (6, 102760184))
    hatted = [r for r in records[1:] if "(d" in r.state or "(l" in r.state]
    assert len(hatted) >= 4
    for record in hatted:
        depth, nodes = record.counts[-1]
        assert depth >= 2 and perft(parse_position(record.state), depth, MEMORY) == nodes


def test_a_turn_names_train_and_command_by_square() -> None:
    position = parse_position("l2b/4/4/2wd|l2b/4/4/w2d|l2b/4/4/w2d turn=w focus=past,future supply=4,4"
                              " removed=0,0 rules=memory")
    names = {format_turn(t) for t in legal_turns(position)}
    assert "c1 Td1 Cd2 >present" in names
    assert "c1 Td1 Cc1 >present" in names  # the elephant tramples its own trainer: a legal second action


def test_a_hatted_elephant_is_drawn_with_its_trainer_s_hat() -> None:
    import xml.etree.ElementTree as ET

    from oracle.games.ttykm.pictures.svg import board_svg

    svg = ET.fromstring(board_svg(parse_position(MEMORY_POSITIONS[3].text)))
    ns = {"s": "http://www.w3.org/2000/svg"}
    groups = svg.findall(".//s:g", ns)
    elephants = [g for g in groups if "elephant" in (g.get("class") or "")]
    hats = [g for g in groups if (g.get("class") or "").startswith("hat ")]
    assert len(elephants) == 6
    assert sorted(h.get("class", "") for h in hats) == ["hat black"] * 2 + ["hat white"] * 3
    assert {h.findtext("s:title", namespaces=ns) for h in hats} == {"white's hat", "black's hat"}


def test_the_protocol_plays_memory_through_the_position_s_rules_field() -> None:
    from oracle.tools.protocol import handle

    def ask(request: dict[str, object]) -> dict[str, object]:
        answer: dict[str, object] = json.loads(handle(json.dumps({"id": 1, **request})))
        assert answer["ok"] is True, answer
        return answer

    position = "l2b/4/4/2wd|l2b/4/4/w2d|l2b/4/4/w2d turn=w focus=past,future supply=4,4 removed=0,0 rules=memory"
    moves = ask({"op": "moves", "position": position})
    assert "c1 Td1 Cd2 >present" in moves["turns"]  # type: ignore[operator]
    applied = ask({"op": "apply", "position": position, "turn": "c1 Td1 Cd2 >present"})
    assert applied["position"] == ("l2b/4/3(dw)/2w1|l2b/4/4/w2(dw)|l2b/4/4/w2(dw) turn=b focus=present,future"
                                   " supply=4,4 removed=0,0 rules=memory")
    illegal = ask({"op": "legal", "position": position, "turn": "c1 Cd2"})
    assert illegal["rule"] == "MEMORY.COMMAND.WHICH"
