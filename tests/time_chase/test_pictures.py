"""The Time Chase pictures: the SVG timeline and the terminal text show what the state holds."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from oracle.games.time_chase import notation
from oracle.games.time_chase.pictures import NARROW, SITE_WIDE, state_text, timeline_svg

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
        assert all(f"event {n}" in shown for n in range(1, 11)) and "Invariant" in shown
        assert any(line.startswith("p0: 1 crystal,") for line in shown)
    assert "narrow" in (ET.fromstring(timeline_svg(STATE, NARROW)).get("class") or "")
