"""Board pictures: deterministic SVG, an accessible text board, the turn's
overlays, and the ``oracle render`` command."""

from __future__ import annotations

import dataclasses
import json
import math
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import get_args

import pytest

from oracle.games import load_game
from oracle.games.ttykm.board import Action, Colour, Era
from oracle.games.ttykm.events import CopyChosen, Crushed, Event, Placed, Shifted
from oracle.games.ttykm.examples import WorkedExample, read_examples
from oracle.games.ttykm.game import GAME
from oracle.games.ttykm.notation import event_text, format_position, parse_position, parse_turn
from oracle.games.ttykm.pictures.svg import (
    ARROW_COLOUR,
    ARROW_DASH,
    ARROW_ORDER,
    ARROW_WORD,
    BADGE,
    COPY_RADIUS,
    KEY_FRENCH,
    LEGEND_CHAR,
    Arrow,
    Layout,
    LayoutName,
    Overlays,
    attempt_overlays,
    board_svg,
    turn_overlays,
)
from oracle.games.ttykm.pictures.text import event_prose, position_prose, position_summary
from oracle.games.ttykm.rules.standard import Applied, apply_turn
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Turn
from oracle.tools.cli.main import EXIT_ERROR, EXIT_ILLEGAL, EXIT_OK, main
from tests.conftest import TTYKM_SPEC
from tests.positions import random_position

NS = {"s": "http://www.w3.org/2000/svg"}
# Before White's turn c2 E N: Black's d2 is crushed, then d3 is pushed onto d4 (a paradox).
CRUSH_AND_PARADOX = "3b/3b/4/4|3b/3b/2wb/w3|4/3b/1w2/w3 turn=w focus=present,present supply=3,1 removed=0,0"
BACK_IN_TIME = "3b/4/4/4|3b/4/4/w2w|3b/4/4/w3 turn=w focus=present,future supply=3,4 removed=1,0"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element, css_class: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{{{NS['s']}}}g") if css_class in (g.get("class") or "").split()]


def copy_circles(root: ET.Element) -> list[ET.Element]:
    return [c for c in root.iter(f"{{{NS['s']}}}circle") if c.get("r") == str(COPY_RADIUS)]


def pictures(position_text: str, turn_text: str) -> tuple[str, str]:
    position = parse_position(position_text)
    applied = apply_turn(position, parse_turn(turn_text))
    return (board_svg(position, turn_overlays(applied.events, "before")),
            board_svg(applied.position, turn_overlays(applied.events, "after")))


def test_the_same_input_gives_byte_identical_output() -> None:
    rng = random.Random(7)
    for _ in range(20):
        position = random_position(rng)
        first, second = board_svg(position), board_svg(position)
        assert first == second
    assert pictures(CRUSH_AND_PARADOX, "c2 E N >future") == pictures(CRUSH_AND_PARADOX, "c2 E N >future")


def test_different_positions_give_different_pictures() -> None:
    start = Position.start()
    after = apply_turn(start, parse_turn("a1 N E >present")).position
    assert board_svg(start) != board_svg(after)


def test_title_and_desc_say_the_position_in_words() -> None:
    rng = random.Random(11)
    for position in [Position.start(), *(random_position(rng) for _ in range(10))]:
        root = parse(board_svg(position))
        title = root.findtext("s:title", namespaces=NS) or ""
        desc = root.findtext("s:desc", namespaces=NS) or ""
        assert title == position_summary(position) and desc == position_prose(position)
        assert format_position(position) not in title + desc and "|" not in title + desc
    start = parse(board_svg(Position.start()))
    assert start.findtext("s:desc", namespaces=NS) == (
        "The past: white copy on a1; black copy on d4. White's Focus is here.\n"
        "The present: white copy on a1; black copy on d4.\n"
        "The future: white copy on a1; black copy on d4. Black's Focus is here.\n"
        "White to move.\n"
        "In supply: White 4, Black 4. Removed from the game: White 0, Black 0."
    )


def test_every_copy_is_drawn_once_in_its_colour() -> None:
    rng = random.Random(3)
    for position in [Position.start(), *(random_position(rng) for _ in range(20))]:
        circles = copy_circles(parse(board_svg(position)))
        fills = sorted(c.get("fill") or "" for c in circles)
        white, black = position.on_board(Colour.WHITE), position.on_board(Colour.BLACK)
        assert fills == sorted(["#2b2b2b"] * black + ["#ffffff"] * white)


def test_focus_tokens_stand_on_their_eras() -> None:
    position = parse_position(CRUSH_AND_PARADOX)  # both Foci on the present
    root = parse(board_svg(position))
    for era in Era:
        (era_group,) = groups(root, era.word)
        tokens = sorted(g.get("class") or "" for g in groups(era_group, "focus"))
        assert tokens == (["focus black", "focus white"] if era is Era.PRESENT else [])
    start = parse(board_svg(Position.start()))
    assert [g.get("class") for g in groups(groups(start, "past")[0], "focus")] == ["focus white"]
    assert [g.get("class") for g in groups(groups(start, "future")[0], "focus")] == ["focus black"]


def test_supply_and_removed_copies_are_drawn() -> None:
    position = parse_position(CRUSH_AND_PARADOX)
    (status,) = groups(parse(board_svg(position)), "status")
    small = [c for c in status.iter(f"{{{NS['s']}}}circle")]
    assert len(small) == sum(position.supply) + sum(position.removed)
    texts = [t.text for t in status.iter(f"{{{NS['s']}}}text")]
    assert texts[0] == "White to move" and "supply" in texts and "removed" in texts


def test_overlays_of_a_crush_and_a_paradox() -> None:
    before, after = (parse(svg) for svg in pictures(CRUSH_AND_PARADOX, "c2 E N >future"))
    assert len(groups(after, "move")) == 2
    # The picture before the turn shows the position and the chosen copy, nothing of what the turn does.
    assert len(groups(before, "marker")) == 0 and len(groups(before, "arrow")) == 0
    assert len(groups(after, "crushed")) == 1 and len(groups(after, "paradox")) == 2
    assert len(groups(before, "travel")) == 0 and len(groups(after, "created")) == 0
    # Before the turn the chosen copy is highlighted; after it, the active copy's last square.
    assert len([r for r in before.iter(f"{{{NS['s']}}}rect") if r.get("class") == "highlight"]) == 1
    # After the turn every removed copy is drawn as a dashed ghost: full size where its square is empty,
    # small in the corner where the active copy now stands (d3).
    dashed = [c for c in after.iter(f"{{{NS['s']}}}circle") if c.get("stroke-dasharray")]
    assert sorted(c.get("r") or "" for c in dashed) == ["14", "14", "9"]
    assert ("Paradox: the black copy from square d3 of the present meets the black copy on square d4 of the present"
            in (after.findtext("s:desc", namespaces=NS) or ""))


def test_overlays_of_a_backward_travel() -> None:
    before, after = (parse(svg) for svg in pictures(BACK_IN_TIME, "a1 B N >future"))
    assert len(groups(before, "travel")) == 0 and len(groups(after, "travel")) == 1
    assert len(groups(before, "created")) == 0
    (created,) = groups(after, "created")
    assert (created.findtext("s:title", namespaces=NS)
            == "A new white copy comes from the supply onto square a1 of the present.")


def test_turn_overlays_follow_the_events() -> None:
    position = parse_position(CRUSH_AND_PARADOX)
    events = apply_turn(position, parse_turn("c2 E N >future")).events
    overlays = turn_overlays(events, "after")
    assert [a.kind for a in overlays.arrows] == ["move", "move"]
    assert [m.kind for m in overlays.markers] == ["crushed", "paradox", "paradox"]
    assert [a.step for a in overlays.arrows] == [1, 2]
    assert overlays.notes == tuple(event_prose(e) for e in events)
    assert overlays.highlights == (16 + 11,)  # present d3, where the active copy ends


def test_an_active_copy_removed_by_its_own_paradox_is_not_highlighted() -> None:
    position = parse_position("3b/4/4/w3|3b/4/1w2/w3|3b/4/4/w3 turn=w focus=present,future supply=3,4 removed=0,0")
    events = apply_turn(position, parse_turn("a1 E N >past"), Ruleset.parse("self-push=paradox")).events
    after = turn_overlays(events, "after")
    assert [m.kind for m in after.markers] == ["paradox", "paradox"]
    before = turn_overlays(events, "before")
    assert before.markers == () and before.arrows == ()  # nothing of the turn on the board before it
    assert [(a.source, a.target, a.step) for a in after.arrows] == [(16, 17, 1), (17, 21, 2)]  # the fatal move too
    assert after.highlights == ()
    assert turn_overlays(events, "before").highlights == (16,)


RICOCHET = "3b/4/4/w3|3b/4/4/1wbw|3b/4/4/w3 turn=w focus=present,future supply=3,3 removed=0,0"


def circle_centre(circle: ET.Element) -> tuple[float, float]:
    return float(circle.get("cx") or 0), float(circle.get("cy") or 0)


@pytest.mark.parametrize("layout", ["row", "column"])
def test_a_removal_badge_sits_on_the_ghost_not_on_the_survivor(layout: str) -> None:
    """In the ricochet White's d1 is crushed and Black's copy is pushed onto d1."""
    position = parse_position(RICOCHET)
    applied = apply_turn(position, parse_turn("b1 E N >past"))
    root = parse(board_svg(applied.position, turn_overlays(applied.events, "after"), layout=layout))  # type: ignore[arg-type]
    (marker,) = groups(root, "crushed")
    assert marker.get("data-cell") == "present:d1"
    (ghost,) = [c for c in marker.iter(f"{{{NS['s']}}}circle") if c.get("class") == "ghost white"]
    (badge,) = groups(marker, "badge")
    badge_shape = next(iter(badge))
    bx = float(badge_shape.get("x") or 0) + float(badge_shape.get("width") or 0) / 2
    by = float(badge_shape.get("y") or 0) + float(badge_shape.get("height") or 0) / 2
    gx, gy = circle_centre(ghost)
    assert (bx, by) == pytest.approx((gx, gy))  # the badge is on the removed copy's ghost
    survivor_centre = Layout(layout).centre(16 + 3)  # type: ignore[arg-type]
    (survivor,) = [c for c in copy_circles(root) if circle_centre(c) == survivor_centre]
    assert survivor.get("fill") == "#2b2b2b"  # Black's pushed copy now holds d1
    assert (gx, gy) != survivor_centre  # and the ghost stands clear of its centre


def test_out_and_back_moves_are_two_arrows_numbered_in_order() -> None:
    position = parse_position("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0")
    applied = apply_turn(position, parse_turn("a1 N S >present"))
    root = parse(board_svg(applied.position, turn_overlays(applied.events, "after")))
    lines = [next(g.iter(f"{{{NS['s']}}}line")) for g in groups(root, "move")]
    assert [g.findtext("s:title", namespaces=NS) for g in groups(root, "move")] == [
        "Action 1: move", "Action 2: move"]
    first, second = ({k: float(line.get(k) or 0) for k in ("x1", "y1", "x2", "y2")} for line in lines)
    assert first["x1"] != second["x1"]  # side by side, not one double-headed line
    assert [t.text for t in root.iter(f"{{{NS['s']}}}text") if t.get("class") == "step"] == ["1", "2"]


def test_an_attempted_turn_is_drawn_off_the_edge() -> None:
    overlays = attempt_overlays(Position.start(), parse_turn("a1 W N >present"))
    assert [(a.kind, a.target, a.step) for a in overlays.arrows] == [("attempt", None, 1)]
    # The legal first action is drawn as the move it is, the refused jump back from the past in red, off the eras.
    overlays = attempt_overlays(Position.start(), parse_turn("a1 N B >present"))
    assert [(a.source, a.target, a.kind) for a in overlays.arrows] == [(0, 4, "move"), (4, None, "attempt")]
    assert overlays.highlights == (0,)
    root = parse(board_svg(Position.start(), overlays))
    assert len(groups(root, "attempt")) == 1 and len(groups(root, "move")) == 1


def test_every_label_is_at_least_eleven_units() -> None:
    layout: LayoutName
    position = parse_position(CRUSH_AND_PARADOX)
    applied = apply_turn(position, parse_turn("c2 E N >future"))
    for layout in ("row", "column"):
        root = parse(board_svg(applied.position, turn_overlays(applied.events, "after"), layout=layout))
        sizes = [float(t.get("font-size") or 0) for t in root.iter(f"{{{NS['s']}}}text")]
        assert sizes and min(sizes) >= 11


def test_interactive_boards_name_every_cell() -> None:
    root = parse(board_svg(Position.start(), interactive=True))
    cells = [r.get("data-cell") for r in root.iter(f"{{{NS['s']}}}rect") if r.get("class") == "cell"]
    assert len(cells) == 48 and cells[0] == "past:a1" and cells[-1] == "future:d4"


def test_highlights_without_a_turn() -> None:
    root = parse(board_svg(Position.start(), Overlays(highlights=(0, 47))))
    assert len([r for r in root.iter(f"{{{NS['s']}}}rect") if r.get("class") == "highlight"]) == 2


def test_the_game_draws_a_position_as_its_board() -> None:
    position = parse_position(CRUSH_AND_PARADOX)
    assert load_game("ttykm").state_svg(position) == board_svg(position)


GROWTH = "3b/4/4/1w2|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0 rules=growth seeds=5"
EXAMPLES = [e for e in read_examples(TTYKM_SPEC) if "turn" in e.fields and "invalid" not in e.fields]


def chapter_turn(position_text: str, turn_text: str, variant: str = "standard") -> tuple[Position, Applied]:
    position = parse_position(position_text)
    return position, apply_turn(position, parse_turn(turn_text), Ruleset.parse(variant))


def test_the_board_before_a_turn_shows_only_the_position_and_the_chosen_copy() -> None:
    """On every example of the spec: no arrow, no badge before the turn, only the chosen copy."""
    seen = 0
    for example in EXAMPLES:
        position = parse_position(example.fields["position"])
        turn = GAME.parse_action(example.fields["turn"])
        if not isinstance(turn, Turn) or not GAME.explain(position, turn, example.ruleset).is_legal:
            continue
        events = apply_turn(position, turn, example.ruleset).events
        before = turn_overlays(events, "before")
        chosen = tuple(e.cell for e in events if isinstance(e, CopyChosen))
        assert (before.arrows, before.markers, before.highlights) == ((), (), chosen), example.where
        seen += 1
    assert seen > 100


def test_chapter_actions_are_numbered_in_order_with_the_moves() -> None:
    """Growth: in c2 Pc3 W the Plant is the first action and the Move the second; the Plant aims at c3."""
    _, applied = chapter_turn("3b/2b1/2(ws)1/4|3b/4/2h1/w3|3b/4/2t1/w3 turn=w focus=past,future supply=4,3 "
                              "removed=0,0 rules=growth seeds=4", "c2 Pc3 W >present")
    after = turn_overlays(applied.events, "after")
    assert [(a.step, a.kind, a.source, a.target) for a in after.arrows] == [(1, "plant", 6, 10), (2, "move", 6, 5)]
    assert [(m.kind, m.cell) for m in after.markers] == [("grew", 26), ("grew", 42)]  # shrub, then tree
    # Memory: a Train is numbered and aims at the elephant; the hats on the later eras are badges.
    _, applied = chapter_turn("l2b/4/4/2wd|l2b/4/4/w2d|l2b/4/4/w2d turn=w focus=past,future supply=4,4 removed=0,0 "
                              "rules=memory", "c1 Td1 Cd2 >present")
    after = turn_overlays(applied.events, "after")
    assert [(a.step, a.kind, a.source, a.target) for a in after.arrows] == [(1, "train", 2, 3), (2, "elephant", 3, 7)]
    assert [(m.kind, m.cell) for m in after.markers] == [("trained", 19), ("trained", 35)]


def test_built_and_blocked_statues_get_their_own_badges_not_a_ghost() -> None:
    _, applied = chapter_turn("3b/4/1wN1/4|3b/4/2N1/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,4 "
                              "removed=0,0 rules=influence built=0,0", "b2 Ba2 N >present")
    root = parse(board_svg(applied.position, turn_overlays(applied.events, "after")))
    built = groups(root, "built")
    assert [g.get("data-cell") for g in built] == ["past:a2", "present:a2", "future:a2"]
    assert not [c for g in built for c in g.iter(f"{{{NS['s']}}}circle") if "ghost" in (c.get("class") or "")]


def test_a_removed_copy_under_an_elephant_is_set_aside() -> None:
    """The elephant that tramples a copy stands on its square: the ghost goes in a corner, off the elephant."""
    position = parse_position("l3/4/4/w2d|l3/4/2b1/w1(dw)1|l2b/4/4/w2d turn=w focus=present,future supply=4,4 "
                              "removed=0,1 rules=memory")
    applied = apply_turn(position, parse_turn("a1 Cc2 N >past"))
    root = parse(board_svg(applied.position, turn_overlays(applied.events, "after")))
    (marker,) = [g for g in groups(root, "marker") if g.get("data-mark") == "removed"]
    assert (marker.get("data-cell"), marker.get("data-colour")) == ("present:c2", "black")
    (ghost,) = [c for c in marker.iter(f"{{{NS['s']}}}circle") if "ghost" in (c.get("class") or "")]
    x, y = Layout("row").centre(16 + 6)
    assert math.hypot(float(ghost.get("cx") or 0) - x, float(ghost.get("cy") or 0) - y) > float(ghost.get("r") or 0)


def test_a_refused_aimed_action_draws_its_target() -> None:
    overlays = attempt_overlays(parse_position(GROWTH), parse_turn("b1 Pc2"), Ruleset())
    assert [(a.kind, a.source, a.target, a.step) for a in overlays.arrows] == [("attempt", 1, 6, 1)]
    root = parse(board_svg(parse_position(GROWTH), overlays))
    (arrow,) = groups(root, "attempt")
    assert arrow.get("data-to") == "past:c2" and groups(arrow, "ring") == [] and [
        c for c in arrow.iter(f"{{{NS['s']}}}circle") if c.get("class") == "ring"]


def test_a_turn_refused_for_its_focus_draws_its_legal_actions_as_they_are() -> None:
    overlays = attempt_overlays(Position.start(), parse_turn("a1 N E >past"), Ruleset())
    assert [a.kind for a in overlays.arrows] == ["move", "move"]
    assert overlays.refused_focus is Era.PAST and overlays.markers == ()
    root = parse(board_svg(Position.start(), overlays))
    (refused,) = [g for g in groups(root, "marker") if g.get("data-mark") == "refused"]
    assert refused.get("data-focus") == "past"


def test_a_turn_that_stops_short_is_refused_at_its_focus_not_where_the_copy_went() -> None:
    """TURN.ACTION-COUNT: the first move is legal, ending the turn after it is not, so the badge goes on
    the Focus move and says why, never on a2, the first move's square."""
    overlays = attempt_overlays(Position.start(), parse_turn("a1 N >present"), Ruleset())
    assert [a.kind for a in overlays.arrows] == ["move"] and overlays.markers == ()
    assert overlays.refused_focus is Era.PRESENT and "another action" in overlays.refused_focus_note
    root = parse(board_svg(Position.start(), overlays))
    (refused,) = [g for g in groups(root, "marker") if g.get("data-mark") == "refused"]
    assert refused.get("data-focus") == "present" and refused.get("data-cell") is None
    assert "may not end yet" in (refused.findtext(f"{{{NS['s']}}}title") or "")


def test_a_copy_that_may_not_act_is_drawn_trying() -> None:
    """White's Focus is on the empty past: the white copy in the present may not act instead."""
    position = parse_position("3b/4/4/4|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=1,0")
    overlays = attempt_overlays(position, parse_turn("a1 N E >present"), Ruleset(), tried=16)
    assert [(a.kind, a.source) for a in overlays.arrows] == [("attempt", 16), ("attempt", 20)]
    assert overlays.highlights == (16,) and [(m.kind, m.cell) for m in overlays.markers] == [("refused", 16)]


def test_no_two_legend_entries_look_alike() -> None:
    arrows = [(ARROW_COLOUR[k], ARROW_DASH.get(k, "")) for k in ARROW_ORDER]
    badges = [(shape, sign, colour) for shape, sign, colour, _ in BADGE.values()]
    words = [ARROW_WORD[k] for k in ARROW_ORDER] + [word for *_, word in BADGE.values()]
    assert len(set(arrows)) == len(arrows) and len(set(badges)) == len(badges) and len(set(words)) == len(words)
    assert ARROW_DASH.get("carried") and not ARROW_DASH.get("statue")  # a carried move is dashed


def test_the_key_leaves_each_entry_the_room_of_its_french_word() -> None:
    """Every word of the key has its French (the site's French edition shows it), and the key spaces its entries
    for the longer of the two words: "can go here" gets the room of "peut aller ici", never squeezed."""
    words = [ARROW_WORD[k] for k in ARROW_ORDER] + [word for *_, word in BADGE.values()]
    words += ["active copy", "can go here"]
    assert set(words) == set(KEY_FRENCH)
    position = parse_position("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0")
    svg = ET.fromstring(board_svg(position, Overlays(highlights=(0,), targets=(1,))))
    texts = [(float(t.get("x", 0)), t.text) for t in svg.iterfind(".//{*}g[@class='legend']//{*}text")]
    assert [word for _, word in texts] == ["active copy", "can go here"]
    assert texts[1][0] - texts[0][0] > LEGEND_CHAR * len(KEY_FRENCH["active copy"])


def path_points(d: str, steps: int = 24) -> list[tuple[float, float]]:
    """Points along an SVG path of M, L and Q commands."""
    tokens = re.findall(r"[MLQ]|-?[0-9.]+", d)
    points: list[tuple[float, float]] = []
    here = (0.0, 0.0)
    i = 0
    while i < len(tokens):
        command = tokens[i]
        values = [float(v) for v in tokens[i + 1:i + (3 if command != "Q" else 5)]]
        if command == "M":
            here = (values[0], values[1])
        elif command == "L":
            end = (values[0], values[1])
            points += [(here[0] + (end[0] - here[0]) * t / steps, here[1] + (end[1] - here[1]) * t / steps)
                       for t in range(steps + 1)]
            here = end
        else:
            (cx, cy), end = (values[0], values[1]), (values[2], values[3])
            for n in range(steps + 1):
                t = n / steps
                points.append(((1 - t) ** 2 * here[0] + 2 * t * (1 - t) * cx + t * t * end[0],
                               (1 - t) ** 2 * here[1] + 2 * t * (1 - t) * cy + t * t * end[1]))
            here = end
        i += 3 if command != "Q" else 5
    return points


@pytest.mark.parametrize("layout", ["row", "column"])
def test_no_jump_in_time_is_drawn_over_a_coordinate_or_an_era_name(layout: LayoutName) -> None:
    """Every jump forward and back, from every square, stays clear of the rank numbers, the file letters
    and the era names (a label's box, from its font size: a glyph is at most 0.7 em wide)."""
    position = Position.start()
    for era in (Era.PAST, Era.PRESENT):
        for square in range(16):
            source, target = era * 16 + square, (era + 1) * 16 + square
            overlays = Overlays(arrows=(Arrow(source, target, "travel", 1, Action.FORWARD),
                                        Arrow(target, source, "travel", 2, Action.BACKWARD)))
            root = parse(board_svg(position, overlays, layout=layout))
            labels = []
            for text in root.iter(f"{{{NS['s']}}}text"):
                if text.get("class") == "coordinate" or (text.get("font-weight") == "bold" and not text.get("class")):
                    size, x, y = float(text.get("font-size") or 0), float(text.get("x") or 0), float(text.get("y") or 0)
                    width = 0.7 * size * len(text.text or "")
                    left = x - width / 2 if text.get("text-anchor") == "middle" else x
                    labels.append((left - 2, y - 0.75 * size - 2, left + width + 2, y + 0.25 * size + 2, text.text))
            for path in root.iter(f"{{{NS['s']}}}path"):
                if path.get("stroke") != "#1a9850":
                    continue
                for px, py in path_points(path.get("d") or ""):
                    hit = [t for x0, y0, x1, y1, t in labels if x0 <= px <= x1 and y0 <= py <= y1]
                    assert not hit, f"a jump from {source} crosses the label {hit[0]!r} at {px:.0f},{py:.0f}"


def event_samples() -> list[Event]:
    """One event of every type, with every variety its sentence distinguishes."""
    samples: list[Event] = []
    for kind in get_args(Event):
        values: dict[str, object] = {}
        for field in dataclasses.fields(kind):
            by_type: dict[object, object] = {"Colour": Colour.BLACK, "Colour | None": None, "Action": Action.NORTH,
                                             "bool": True, "Era": Era.PAST if field.name == "source" else Era.FUTURE}
            by_name = {"source": 17, "target": 21, "pushed": 17, "struck": 21, "cell": 22, "what": "shrub",
                       "elephant": "dark-elephant", "pair": "growth+memory"}
            values[field.name] = by_type[field.type] if field.type in by_type else by_name[field.name]
        samples.append(kind(**values))
    samples += [Crushed(Colour.WHITE, 19, Action.EAST), Crushed(Colour.WHITE, 18, Action.EAST),
                Shifted(Colour.WHITE, 17, 18, Action.EAST), Placed(Colour.BLACK, 18, False)]
    return samples


def test_every_event_has_a_plain_english_sentence() -> None:
    """No event's sentence is its notation, for every event type of the standard game and every chapter,
    and for every event of every example of the spec."""
    events = event_samples() + [e for example in EXAMPLES for e in example_events(example)]
    assert {type(e) for e in events} == set(get_args(Event))
    for event in events:
        prose = event_prose(event)
        assert prose != event_text(event) and prose.endswith(".") and prose[0].isupper(), event
        assert not re.search(r"\b(past|present|future):[a-d][1-4]\b", prose), prose
    assert "into the wall" in event_prose(Crushed(Colour.WHITE, 19, Action.EAST))  # present d1, east: the wall
    assert "object that cannot move" in event_prose(Crushed(Colour.WHITE, 18, Action.EAST))


def example_events(example: WorkedExample) -> tuple[Event, ...]:
    position = parse_position(example.fields["position"])
    turn = GAME.parse_action(example.fields["turn"])
    if not GAME.explain(position, turn, example.ruleset).is_legal:
        return ()
    return GAME.apply(position, turn, example.ruleset).events


# --- oracle render -----------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_render_writes_the_position_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "render")
    assert (code, err) == (EXIT_OK, "")
    assert out == board_svg(Position.start()) + "\n"


def test_render_a_turn_to_stdout_is_the_picture_after(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "render", CRUSH_AND_PARADOX, "c2 E N >future")
    assert code == EXIT_OK
    assert out == pictures(CRUSH_AND_PARADOX, "c2 E N >future")[1] + "\n"


def test_render_a_turn_to_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "push.svg"
    code, out, _ = run(capsys, "render", CRUSH_AND_PARADOX, "c2 E N >future", "-o", str(target))
    assert code == EXIT_OK
    before, after = tmp_path / "push-before.svg", tmp_path / "push-after.svg"
    assert out.splitlines() == [str(before), str(after)]
    assert (before.read_text(), after.read_text()) == tuple(s + "\n" for s in pictures(CRUSH_AND_PARADOX,
                                                                                        "c2 E N >future"))
    assert not target.exists()


def test_render_one_argument_is_a_turn_from_the_start(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "render", "a1 N E >present", "-o", str(tmp_path / "first.svg"), "--json")
    assert code == EXIT_OK
    assert json.loads(out) == {"files": [str(tmp_path / "first-before.svg"), str(tmp_path / "first-after.svg")]}


def test_render_a_position_to_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "pos.svg"
    code, _, _ = run(capsys, "render", CRUSH_AND_PARADOX, "-o", str(target))
    assert code == EXIT_OK
    assert target.read_text() == board_svg(parse_position(CRUSH_AND_PARADOX)) + "\n"


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["render", "a1 W N >present"], EXIT_ILLEGAL, "oracle: illegal: MOVE.WALL: "),
        (["render", "a1 N"], EXIT_ERROR, "oracle: error: render needs a complete turn"),
        (["render", "a1 X >present"], EXIT_ERROR, "oracle: error: expected an action"),
        (["render", "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,5 removed=0,0"], EXIT_ERROR,
         "oracle: error: invalid position (POSITION.VALID): black supply is 5"),
        (["render", "a", "b", "c"], EXIT_ERROR, "oracle: error: expected [POSITION] [TURN], got 3 arguments"),
        (["render", "-o", "/nonexistent-dir/x.svg"], EXIT_ERROR, "oracle: error: cannot write '/nonexistent-dir/"),
    ],
)
def test_render_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], code: int,
                                    message: str) -> None:
    got, out, err = run(capsys, *argv)
    assert got == code
    assert out == ""
    assert err.startswith(message) and err.count("\n") == 1
