"""The 3 ombres table picture: wide beside the Agence and the clock, or narrow for a phone, text legible in both."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from oracle.games.trois_ombres.components import Rules
from oracle.games.trois_ombres.notation import parse_state
from oracle.games.trois_ombres.pictures.svg import render_svg
from oracle.games.trois_ombres.pictures.text import tile_label
from oracle.games.trois_ombres.state import initial_state

SVG = "{http://www.w3.org/2000/svg}"


def test_the_narrow_table_fits_a_phone_and_keeps_its_text_legible() -> None:
    state = initial_state(Rules.parse(None))
    wide, narrow = (ET.fromstring(render_svg(state, hidden=False, narrow=n)) for n in (False, True))
    assert float(narrow.get("width") or 0) <= 310 < float(wide.get("width") or 0)
    assert "narrow" in (narrow.get("class") or "").split()
    for root in (wide, narrow):
        width, height = float(root.get("width") or 0), float(root.get("height") or 0)
        texts = list(root.iter(f"{SVG}text"))
        assert min(float(t.get("font-size") or 0) for t in texts) >= 11
        assert all(0 <= float(t.get("x") or 0) <= width and 0 <= float(t.get("y") or 0) <= height for t in texts)
    said = [t.text for t in narrow.iter(f"{SVG}text")]
    assert any((t or "").startswith("Agence 3ID") for t in said) and "12" in said  # the Agence and the clock


def _groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-loc") or "": g for g in root.iter(f"{SVG}g") if g.get("data-loc")}


def test_every_slot_is_outlined_and_numbered_on_itself_and_its_number_turns_with_its_lieu() -> None:
    state = parse_state("ombres characters=2 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h,G2:vortex demon=2n "
                        "rotation=1,0,0,0 steps=turn")
    for narrow in (False, True):
        groups = _groups(ET.fromstring(render_svg(state, hidden=False, narrow=narrow)))
        assert len(groups) == 4 * state.slots
        at = {}
        for loc, group in groups.items():
            box = next(r for r in group.iter(f"{SVG}rect") if r.get("class") in ("tile", "slot"))
            x, y, w = (float(box.get(k) or 0) for k in ("x", "y", "width"))
            number = next(t for t in group.iter(f"{SVG}text") if t.get("class") == "slot-number")
            nx, ny = float(number.get("x") or 0), float(number.get("y") or 0)
            assert number.text == loc[1:] and x <= nx <= x + w / 3 and y <= ny <= y + w / 3, loc
            cell = state.cell(loc)
            assert box.get("class") == ("slot" if cell is None else "tile"), loc
            labels = [t.text for t in group.iter(f"{SVG}text") if t.get("class") != "slot-number"]
            assert labels == ([] if cell is None else [tile_label(cell.tile)]), loc
            at[loc] = (x, y)
        # R is turned a quarter clockwise: its slot 1 is at the top right, slot 7 at the top left.
        assert at["R7"][1] == at["R1"][1] and at["R7"][0] < at["R1"][0]
        assert at["R3"][0] == at["R1"][0] and at["R3"][1] > at["R1"][1]
        assert at["C3"][1] == at["C1"][1] and at["C3"][0] > at["C1"][0]  # C is not turned


def test_the_demon_tile_lies_face_down_beside_the_clock_until_a_bluff_turns_it_up() -> None:
    table = "ombres characters=2 hour=6 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n"
    playing, bluffed = parse_state(table + " steps=turn"), parse_state(table + " result=win rule=OMBRES.BLUFF")
    for narrow in (False, True):
        for hidden in (False, True):
            root = ET.fromstring(render_svg(playing, hidden=hidden, narrow=narrow))
            demon = next(g for g in root.iter(f"{SVG}g") if g.get("data-demon"))
            assert demon.get("data-demon") == "down"
            assert [t.text for t in demon.iter(f"{SVG}text")] == ["Démon", "?" if hidden else "2n"]
            assert not [t for t in root.iter(f"{SVG}text") if t.get("class") == "result"]
        root = ET.fromstring(render_svg(bluffed, hidden=True, narrow=narrow, shown=frozenset({"C2"})))
        demon = next(g for g in root.iter(f"{SVG}g") if g.get("data-demon"))
        assert demon.get("data-demon") == "up" and [t.text for t in demon.iter(f"{SVG}text")] == ["Démon", "2n"]
        named = _groups(root)["C2"]
        assert next(r for r in named.iter(f"{SVG}rect")).get("fill") == "#fff"  # face up, framed
        assert "2n" in [t.text for t in named.iter(f"{SVG}text")]
        assert [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "result"] == ["Everybody wins"]


def test_the_picture_says_in_words_what_it_shows_and_a_hidden_one_names_no_face_down_tile() -> None:
    state = parse_state("ombres characters=2 cubes=3 board=R1:1n+1,R2:1h^,C1:1n#+0,C2:2n,P1:2h,P2:2h,G1:1h "
                        "demon=2n reserve=3,3,4,4 steps=turn")
    for hidden in (False, True):
        root = ET.fromstring(render_svg(state, hidden=hidden))
        title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
        assert title is not None and desc is not None
        assert title.text == root.get("aria-label") == "The table at 0 h: Agence 0/3, 3 cubes in supply."
        said = (desc.text or "").split("\n")
        assert said[0] == ("Réverbère (R): R1 face down with a clue of p1, R2 1h face up." if hidden else
                           "Réverbère (R): R1 1n face down with a clue of p1, R2 1h face up.")
        assert "C1 face down with a Hercule cube and a clue of p0" in said[1] or not hidden
        assert said[-1] == ("Démon tile: set aside, face down." if hidden else "Démon tile: 2n, set aside.")
        if hidden:  # only the face-up R2 is named
            assert not any(tile in (desc.text or "") for tile in ("1n", "2n", "2h")), desc.text


def test_an_examples_facts_are_said_in_words_not_notation() -> None:
    from oracle.games.trois_ombres.site import fact_words

    assert fact_words("outcome", "win OMBRES.BLUFF") == ("outcome", "everybody wins (OMBRES.BLUFF)")
    assert fact_words("outcome", "none") == ("outcome", "the game goes on")
    assert fact_words("curses", "silence:0") == ("in force", "Silence (drawn by p0)")
    assert fact_words("closed", "0") == ("eyes closed", "p0")
    assert fact_words("closed", "-") == ("eyes closed", "nobody")
    assert fact_words("cleared", "1") == ("cleared", "1 suspect at the Agence")
    assert fact_words("board", "R1=1n*+0; R2=1h; G3=2h^#") == (
        "board", "R1: 1n, kept face up, clue of p0 · R2: 1h, face down · G3: 2h, face up, Hercule cube")
    assert fact_words("sees", "1 R1=1n") == ("seen", "p1 sees 1n on R1")


def test_a_hercule_cube_sits_in_its_tiles_corner_clear_of_the_tiles_name() -> None:
    state = parse_state("ombres characters=2 board=R1:1n#,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n cubes=3 "
                        "steps=turn")
    for narrow in (False, True):
        group = _groups(ET.fromstring(render_svg(state, hidden=False, narrow=narrow)))["R1"]
        tile = next(r for r in group.iter(f"{SVG}rect") if r.get("class") == "tile")
        cube = next(r for r in group.iter(f"{SVG}rect") if r.get("class") == "cube")
        name = next(t for t in group.iter(f"{SVG}text") if t.get("class") != "slot-number")
        tx, ty, size = (float(tile.get(k) or 0) for k in ("x", "y", "width"))
        cx, cy, side = (float(cube.get(k) or 0) for k in ("x", "y", "width"))
        assert tx <= cx and cx + side <= tx + size / 2 and ty + size / 2 <= cy and cy + side <= ty + size
        assert float(name.get("y") or 0) <= cy, "the cube covers the tile's name"


def test_a_trap_carries_a_triangle_that_a_hidden_back_never_shows() -> None:
    """A trap's short name (Vor) could read as a suspect or a die face: the picture marks it with a triangle,
    on the face-up trap and on the face-down one the oracle shows, never on a back the players see as '?'."""
    state = parse_state("ombres characters=2 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h,G2:vortex demon=2n "
                        "steps=turn")
    for hidden, marked in ((False, ["G2"]), (True, [])):
        groups = _groups(ET.fromstring(render_svg(state, hidden=hidden)))
        assert [loc for loc, g in groups.items() if g.find(f"{SVG}polygon[@class='trap-mark']") is not None] == marked
    groups = _groups(ET.fromstring(render_svg(state, hidden=True, shown=frozenset({"G2"}))))
    assert groups["G2"].find(f"{SVG}polygon[@class='trap-mark']") is not None
    # In words, a reader hears the trap's printed name, not its short label.
    desc = ET.fromstring(render_svg(state, hidden=False)).find(f"{SVG}desc")
    assert desc is not None and "G2 the Vortex trap face down" in (desc.text or "") and "Vor " not in (desc.text or "")
