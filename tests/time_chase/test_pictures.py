"""The Time Chase pictures: the SVG timeline and the terminal text show what the state holds."""

from __future__ import annotations

import colorsys
import itertools
import xml.etree.ElementTree as ET

from oracle.games.time_chase import notation, rules
from oracle.games.time_chase.pictures import (
    NARROW,
    SITE_WIDE,
    STRIP,
    SUIT_COLOURS,
    describe,
    seat_colours,
    state_text,
    timeline_svg,
)
from oracle.games.time_chase.ruleset import Rules, rules_for
from oracle.games.time_chase.state import State

STATE = notation.parse_state(
    "players=4 round=6 phase=play first=0 ref=2 invariant=R13 unused=G7,G9,G10,G12 "
    "hands=Y5,Y7,Y8,Y9|Y11,Y13,P6,P7|G5,G13,P5,P8,P10|B5,B6,P11,P13 crystals=1,0,0,2 pawns=6,6,3,6 "
    "timeline=Y10:0|P9/P12:3|G8/G11:1|R6/R9:3|B7:2|Y6/Y12:1 at=3 spent=0,1,3,0"
)
SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def test_the_svg_shows_every_card_on_the_timeline_and_the_invariant() -> None:
    shown = texts(timeline_svg(STATE))
    for card in ("R13", "Y10", "P9", "P12", "G8", "G11", "R6", "R9", "B7", "Y6", "Y12"):
        assert card in shown


def test_the_svg_shows_tokens_pawns_and_crystals() -> None:
    root = ET.fromstring(timeline_svg(STATE))
    titles = [t.text or "" for t in root.iter(f"{SVG}title")]
    assert "p1 controls event 3" in titles and "p3 controls event 2" in titles
    assert titles.count("p2's pawn") == 1 and sum(t.endswith("'s pawn") for t in titles) == 4
    assert "p0: 1 crystal, 4 cards, event 1" in texts(timeline_svg(STATE))


def test_the_svg_shows_the_current_trick() -> None:
    first_trick = notation.parse_state(
        "players=4 round=1 phase=play first=0 ref=0 invariant=R13 unused=R7,R8,R9,R12 "
        "hands=R10,Y5,Y6,Y7,Y8,Y9,Y10,Y11,Y12|R11,B6,Y13,P5,P6,P7,P8,P9,P10,P11|"
        "R5,G5,G6,G7,G8,G9,G10,G11,P12,P13|R6,B5,B7,B8,B10,B11,B12,B13,G12,G13 "
        "crystals=0,0,0,0 pawns=1,1,1,1 timeline=- at=1 trick=0:B9"
    )
    shown = texts(timeline_svg(first_trick))
    assert "on the table at 1:" in shown and "B9" in shown


def test_the_text_picture_lists_the_timeline_and_the_hands() -> None:
    lines = state_text(STATE).splitlines()
    assert lines[0] == "Time Chase, 4 players, round 6 of 10: playing at position 3"
    assert any(line.split()[:3] == ["3", "G8/G11", "p1"] for line in lines)
    assert "p2: 0 crystals, hand G5 G13 P5 P8 P10" in lines
    assert "p0: 1 crystal, hand Y5 Y7 Y8 Y9" in lines  # one crystal, in the singular


def test_the_timeline_wraps_to_a_phone_and_keeps_its_text_legible() -> None:
    """Four positions a row: about 300 units wide, so shown at its own size on a 390 px phone, where no
    text is under 11 units; every position, card and player line is still there."""
    for columns in (NARROW, SITE_WIDE):
        svg = timeline_svg(STATE, columns)
        root = ET.fromstring(svg)
        width = float(root.get("width") or 0)
        assert width <= (310 if columns == NARROW else 480)
        sizes = [float(t.get("font-size") or 0) for t in root.iter(f"{SVG}text")]
        assert min(sizes) >= 11
        assert all(float(t.get("x") or 0) < width for t in root.iter(f"{SVG}text"))
        shown = texts(svg)
        assert all(f"event {n}" in shown for n in range(1, 7)) and "Invariant" in shown
        assert shown[shown.index("events"):shown.index("events") + 3] == ["events", "7–10", "to come"]
        assert any(line.startswith("p0: 1 crystal,") for line in shown)
    assert "narrow" in (ET.fromstring(timeline_svg(STATE, NARROW)).get("class") or "")


def channels(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def luminance(colour: str) -> float:
    """WCAG's relative luminance of ``#rrggbb``."""
    red, green, blue = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def lightness(colour: str) -> float:
    """CIE L*, 0 (black) to 100 (white): what a reader without colour vision still tells apart."""
    y = luminance(colour)
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def contrast(one: str, other: str) -> float:
    low, high = sorted((luminance(one), luminance(other)))
    return (high + 0.05) / (low + 0.05)


SIX = notation.parse_state(
    "players=6 round=2 phase=play first=2 ref=4 invariant=G7 unused=R3,B4,Y11,P2 "
    "hands=R8,B11,B12,G3,G11,Y3,Y4,Y10,P1|R4,R6,R11,R12,R13,G1,G4,G8,Y13|R1,R2,B2,B3,B5,Y5,Y6,Y9,P8|"
    "R5,B8,B9,G2,G10,Y2,Y7,Y8,P5|R7,R9,B6,G9,G13,Y1,P4,P10|B1,B7,B10,B13,G5,G6,G12,Y12,P9 "
    "crystals=0,1,1,1,1,1 pawns=0,1,1,0,2,1 timeline=P6/P13:4|R10:4 at=1 spent=2,1,1,2,0,1 last=4")


def seat_looks(svg: str) -> dict[int, set[tuple[str | None, str | None]]]:
    """Each seat's looks in a picture: the (fill, outline) of its pawns, tokens and marks before its line."""
    looks: dict[int, set[tuple[str | None, str | None]]] = {}
    for mark in ET.fromstring(svg).iter(f"{SVG}g"):
        if mark.get("class") in ("pawn", "token", "seat"):
            (shape,) = [e for e in mark if e.tag in (f"{SVG}rect", f"{SVG}circle")]
            looks.setdefault(int(mark.get("data-seat") or -1), set()).add((shape.get("fill"), shape.get("stroke")))
    return looks


def test_seats_wear_tones_that_are_no_suit_s_colour_each_with_its_number() -> None:
    """A pawn or a token never reads as a suit: its fill and ink are neutral, no suit's colour; the six seats'
    fills differ in lightness (so a colour-blind reader tells them apart too), the number is legible on
    each, and each pawn and token carries its seat's number."""
    seats = [seat_colours(player) for player in range(6)]
    suits = {colour.lower() for colour in SUIT_COLOURS}
    for fill, ink in seats:
        for colour in (fill, ink):
            _, _, saturation = colorsys.rgb_to_hls(*channels(colour))
            assert colour.lower() not in suits and saturation <= 0.3, colour
        assert contrast(fill, ink) >= 4.5, (fill, ink)
    fills = sorted(lightness(fill) for fill, _ in seats)
    assert min(b - a for a, b in itertools.pairwise(fills)) >= 12, fills
    five = notation.parse_state(
        "players=5 round=4 phase=play first=0 ref=2 invariant=R10 unused=G9,G11,G12,G13 "
        "hands=P3,P4,P5,P6,P7,P8|Y3,Y4,P9,P10,P12,P13|Y5,Y6,Y7,Y8,Y10,Y11|B4,B5,B6,B7,Y12,Y13|R3,R4,B3,B9,B10,B11,B12 "
        "crystals=2,2,2,2,2 pawns=4,4,4,4,0 timeline=Y9:0|G10/R12:1|P11:2|B8/B13:3 at=0 spent=0,0,0,0,4")
    root = ET.fromstring(timeline_svg(five, SITE_WIDE))
    marks = [g for g in root.iter(f"{SVG}g") if g.get("class") in ("pawn", "token")]
    assert len(marks) == 5 + 4
    for mark in marks:
        seat = int(mark.get("data-seat") or -1)
        (shape,) = [e for e in mark if e.tag in (f"{SVG}rect", f"{SVG}circle")]
        (number,) = mark.iter(f"{SVG}text")
        assert (shape.get("fill"), number.get("fill")) == seat_colours(seat) and number.text == f"p{seat}"


def test_no_two_seats_look_alike_in_a_six_player_picture() -> None:
    """With six players, in both layouts, each seat has one look (its pawn, its token and the mark before
    its line alike) and no two seats share a fill, nor two fills of about the same lightness: an outline
    alone does not tell seats apart on a phone."""
    for columns in (NARROW, SITE_WIDE):
        looks = seat_looks(timeline_svg(SIX, columns))
        assert sorted(looks) == list(range(6))
        assert all(len(seen) == 1 for seen in looks.values()), looks
        fills = sorted(lightness(fill or "") for seen in looks.values() for fill, _ in seen)
        assert min(b - a for a, b in itertools.pairwise(fills)) >= 12, looks


def test_the_events_still_to_come_are_one_narrow_box() -> None:
    """Round 1 draws position 0, event 1 and one box for events 2-10: on a phone the picture is one row of
    boxes, not three; a finished game's box says those events were never played; the small setting has none."""
    first = notation.parse_state(
        "players=4 round=1 phase=play first=0 ref=0 invariant=R13 unused=R7,R8,R9,R12 "
        "hands=R10,B9,Y5,Y6,Y7,Y8,Y9,Y10,Y11,Y12|R11,B6,Y13,P5,P6,P7,P8,P9,P10,P11|"
        "R5,G5,G6,G7,G8,G9,G10,G11,P12,P13|R6,B5,B7,B8,B10,B11,B12,B13,G12,G13 "
        "crystals=0,0,0,0 pawns=1,1,1,1 timeline=- at=1")
    for columns in (NARROW, SITE_WIDE):
        root = ET.fromstring(timeline_svg(first, columns))
        futures = [g for g in root.iter(f"{SVG}g") if g.get("class") == "future"]
        assert [g.get("data-events") for g in futures] == ["2-10"]
        assert [t.text for t in futures[0].iter(f"{SVG}text")] == ["events", "2–10", "to come"]
        shown = texts(timeline_svg(first, columns))
        assert "event 1" in shown and not any(f"event {n}" in shown for n in range(2, 11))
        boxes = {float(r.get("y") or 0) for r in root.iter(f"{SVG}rect") if r.get("height") == "154"}
        assert len(boxes) == 1, "one row of boxes"
    assert float(ET.fromstring(timeline_svg(first, NARROW)).get("height") or 0) < 440
    assert "Events 2–10: still to come." in describe(first)
    # Round 5: a full row of six positions; on a wide screen the box stands past it rather than on a row
    # of its own, and a phone's picture keeps its width.
    fifth = notation.parse_state(
        "players=4 round=5 phase=play first=0 ref=2 invariant=R13 unused=P7,P8,P11,P13 "
        "hands=Y5,Y6,Y7,Y8,Y9|G5,G6,Y11,Y12,Y13,P12|G7,G9,G10,G12,G13|B5,B6,B8,B9,B10,P10 crystals=1,0,2,0 "
        "pawns=5,2,5,2 timeline=Y10:0|P9:0|G8/G11:1|R6/R9:2|B7:2 at=2 spent=0,3,0,3")
    wide, narrow = (ET.fromstring(timeline_svg(fifth, columns)) for columns in (SITE_WIDE, NARROW))
    assert len({r.get("y") for r in wide.iter(f"{SVG}rect") if r.get("height") == "154"}) == 1
    assert float(wide.get("width") or 0) <= 545 and narrow.get("width") == "304"
    # Round 7 on a phone: two full rows; the box alone on the third is a low strip, not a full block.
    seventh, _ = rules.apply(STATE, notation.parse_action("G13"), rules_for(None, 4, Rules.parse("standard")))
    root = ET.fromstring(timeline_svg(seventh, NARROW))
    (future,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "future"]
    assert future.get("data-events") == "8-10" and next(iter(future)).get("height") == str(STRIP)
    assert describe(State.new(4))[-1] == "Events 1–10: still to come."


def test_the_picture_says_in_words_what_it_shows() -> None:
    """Its <title> is the heading it prints; its <desc> each position with its cards, token and pawns, the
    events to come, the cards on the table and each player's line."""
    root = ET.fromstring(timeline_svg(STATE, SITE_WIDE))
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and title.text == "Round 6 of 10, trump Red, playing at event 3"
    assert desc is not None and (desc.text or "").splitlines() == [
        "Position 0: the Invariant Red 13, trump Red.",
        "Event 1: lead Yellow 10, which wins it, token of p0.",
        "Event 2: lead Purple 9, winning card Purple 12, token of p3.",
        "Event 3 (being played): lead Green 8, winning card Green 11, token of p1; pawn of p2 here.",
        "Event 4: lead Red 6, winning card Red 9, token of p3.",
        "Event 5: lead Blue 7, which wins it, token of p2.",
        "Event 6 (the present): lead Yellow 6, winning card Yellow 12, token of p1; pawns of p0, p1, p3 here.",
        "Events 7–10: still to come.",
        "p0 has 1 crystal, 4 cards and event 1.",
        "p1 has 0 crystals, 4 cards and events 3, 6.",
        "p2 has 0 crystals, 5 cards and event 5.",
        "p3 has 2 crystals, 4 cards and events 2, 4.",
    ]


def test_the_key_names_the_marks_the_picture_shows_drawn_as_it_draws_them() -> None:
    """Under each timeline, a key: a pawn, a token, the event being played, the present, the events to come,
    the lead and the winning card, each only when the picture shows one, its swatch in the picture's colours."""
    root = ET.fromstring(timeline_svg(STATE, NARROW))
    items = [g for g in root.iter(f"{SVG}g") if g.get("class") == "item"]
    assert [g.get("data-key") for g in items] == ["pawn", "token", "being played", "present", "to come",
                                                  "lead card", "winning card"]
    assert [t.text for g in items for t in g.iter(f"{SVG}text")] == [g.get("data-key") for g in items]
    boxes = {r.get("fill") for r in root.iter(f"{SVG}rect") if r.get("height") == "154"}
    swatches = {g.get("data-key"): next(iter(g)).get("fill") for g in items}
    assert {swatches["being played"], swatches["present"], swatches["to come"]} <= boxes
    tokens = {c.get("fill") for g in root.iter(f"{SVG}g") if g.get("class") == "token" for c in g.iter(f"{SVG}circle")}
    assert swatches["token"] in tokens
    dealt = notation.parse_state(
        "players=4 round=1 phase=bid first=0 ref=0 invariant=R13 unused=R7,R8,R9,R12 "
        "hands=R10,B9,Y5,Y6,Y7,Y8,Y9,Y10,Y11,Y12|R11,B6,Y13,P5,P6,P7,P8,P9,P10,P11|"
        "R5,G5,G6,G7,G8,G9,G10,G11,P12,P13|R6,B5,B7,B8,B10,B11,B12,B13,G12,G13 "
        "crystals=0,0,0,0 pawns=1,1,1,1 timeline=-")
    keys = [g.get("data-key") for g in ET.fromstring(timeline_svg(dealt, NARROW)).iter(f"{SVG}g")
            if g.get("class") == "item"]
    assert keys == ["pawn", "present", "to come"]
