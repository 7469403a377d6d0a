"""Board pictures: deterministic SVG, an accessible text board, the turn's
overlays, and the ``oracle render`` command."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from oracle.games import load_game
from oracle.games.ttykm.board import Colour, Era
from oracle.games.ttykm.notation import format_position, parse_position, parse_turn
from oracle.games.ttykm.pictures.svg import (
    COPY_RADIUS,
    Layout,
    LayoutName,
    Overlays,
    attempt_overlays,
    board_svg,
    turn_overlays,
)
from oracle.games.ttykm.pictures.text import event_prose, position_prose, position_summary
from oracle.games.ttykm.rules.standard import apply_turn
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.tools.cli.main import EXIT_ERROR, EXIT_ILLEGAL, EXIT_OK, main
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
    for root in (before, after):
        assert len(groups(root, "move")) == 2
    # The picture before the turn carries no mark of what the turn removes.
    assert len(groups(before, "marker")) == 0
    assert len(groups(after, "crushed")) == 1 and len(groups(after, "paradox")) == 2
    assert len(groups(before, "travel")) == 0 and len(groups(after, "created")) == 0
    # Before the turn the chosen copy is highlighted; after it, the active copy's last square.
    assert len([r for r in before.iter(f"{{{NS['s']}}}rect") if r.get("class") == "highlight"]) == 1
    # After the turn every removed copy is drawn as a dashed ghost: full size where its square is empty,
    # small in the corner where the active copy now stands (d3).
    dashed = [c for c in after.iter(f"{{{NS['s']}}}circle") if c.get("stroke-dasharray")]
    assert sorted(c.get("r") or "" for c in dashed) == ["10", "14", "14"]
    assert ("Paradox: the black copy from square d3 of the present meets the black copy on square d4 of the present"
            in (after.findtext("s:desc", namespaces=NS) or ""))


def test_overlays_of_a_backward_travel() -> None:
    before, after = (parse(svg) for svg in pictures(BACK_IN_TIME, "a1 B N >future"))
    assert len(groups(before, "travel")) == 1 and len(groups(after, "travel")) == 1
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
    assert before.markers == ()  # no ghost on the board before the turn
    assert [(a.source, a.target, a.step) for a in before.arrows] == [(16, 17, 1), (17, 21, 2)]  # the fatal move too
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
    (ghost,) = [c for c in marker.iter(f"{{{NS['s']}}}circle") if c.get("class") == "ghost"]
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
    root = parse(board_svg(position, turn_overlays(applied.events, "before")))
    lines = [next(g.iter(f"{{{NS['s']}}}line")) for g in groups(root, "move")]
    assert [g.findtext("s:title", namespaces=NS) for g in groups(root, "move")] == [
        "Action 1: move", "Action 2: move"]
    first, second = ({k: float(line.get(k) or 0) for k in ("x1", "y1", "x2", "y2")} for line in lines)
    assert first["x1"] != second["x1"]  # side by side, not one double-headed line
    assert [t.text for t in root.iter(f"{{{NS['s']}}}text") if t.get("class") == "step"] == ["1", "2"]


def test_an_attempted_turn_is_drawn_off_the_edge() -> None:
    overlays = attempt_overlays(Position.start(), parse_turn("a1 W N >present"))
    assert [(a.kind, a.target, a.step) for a in overlays.arrows] == [("attempt", None, 1)]
    overlays = attempt_overlays(Position.start(), parse_turn("a1 N F >present"))
    assert [(a.source, a.target) for a in overlays.arrows] == [(0, 4), (4, 20)]
    assert overlays.highlights == (0,)
    root = parse(board_svg(Position.start(), overlays))
    assert len(groups(root, "attempt")) == 2


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
