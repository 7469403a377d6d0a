"""The 3 ombres table picture: wide beside the Agence and the clock, or narrow for a phone, text legible in both."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from oracle.games.trois_ombres.components import Rules
from oracle.games.trois_ombres.pictures.svg import render_svg
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
