"""The memory study's statistics and chart (bench/trois_ombres_memory.py)."""

from __future__ import annotations

import importlib.util
import sys

from tests.conftest import ROOT

spec = importlib.util.spec_from_file_location("trois_ombres_memory", ROOT / "bench" / "trois_ombres_memory.py")
assert spec is not None and spec.loader is not None
study = importlib.util.module_from_spec(spec)
sys.modules["trois_ombres_memory"] = study
spec.loader.exec_module(study)


def test_wilson_interval_and_hour_interval() -> None:
    point = study.Point(0.1, 4, 40, 13, (10,) * 20 + (12,) * 20, 1.0)
    low, high = point.win_interval()
    assert (round(low, 3), round(high, 3)) == (0.201, 0.480)
    assert point.mean_hour == 11.0
    low, high = point.hour_interval()
    assert low < 11.0 < high and round(high - low, 2) == 0.63


def test_a_measured_point_and_the_chart() -> None:
    point = study.measure(0.0, 4, 2, seed=5)
    assert point.games == 2 and len(point.hours) == 2 and 0 <= point.wins <= 2
    points = [study.figures(study.Point(p, c, 2, 1, (6, 8), 1.0)) for p in study.FORGET for c in study.CLUES]
    svg = study.chart(points)
    assert svg.startswith("<svg") and svg.count("<polyline") == 2 * len(study.CLUES)
    french = study.chart(points, "fr")
    assert french.count("<polyline") == 2 * len(study.CLUES) and "taux de victoire" in french
    assert ">0,05<" in french and ">0.05<" in svg and ">0 Indice par joueur<" in french and ">8 Indices par" in french


def test_both_editions_charts_are_drawn_from_the_saved_figures() -> None:
    """docs/trois-ombres/memory.svg and the French page's docs/fr/trois-ombres/memory.svg are what the study
    draws from docs/trois-ombres/memory.json (``--redraw``): a chart never shows other figures than the pages."""
    import json

    english = ROOT / "docs" / "trois-ombres" / "memory.svg"
    saved = json.loads(english.with_suffix(".json").read_text(encoding="utf-8"))["points"]
    for lang, path in (("en", english), ("fr", study.french_chart(english))):
        assert path.read_text(encoding="utf-8") == study.chart(saved, lang) + "\n", path


def test_the_memory_page_states_the_chart_s_own_figures() -> None:
    """Each figure the page's reading of the chart gives is the measured one (docs/trois-ombres/memory.json),
    to the precision the page writes it, in both editions (the French page writes 0,97 for 0.97): a rerun that
    moves them makes this fail until the words follow."""
    import json
    import re

    points = {(p["forget"], p["clues"]): p for p in
              json.loads((ROOT / "docs/trois-ombres/memory.json").read_text(encoding="utf-8"))["points"]}
    pages = [re.sub(r"\s+", " ", (ROOT / path).read_text(encoding="utf-8"))
             for path in ("docs/trois-ombres/memory.md", "docs/fr/trois-ombres/memory.md")]
    claims = [  # the words on each page, the points they speak of, the figure and how far it is rounded
        ("wins about 0.97 of its games", "gagne environ 0,97 de ses parties", [(0.0, 4), (0.0, 8)], "win_rate",
         0.97, 0.01),
        ("(0.95 without clues)", "(0,95 sans Indice)", [(0.0, 0)], "win_rate", 0.95, 0.005),
        ("falls to about 0.5 without clues", "tombe à environ 0,5 sans Indice", [(0.05, 0)], "win_rate", 0.5, 0.03),
        ("about 0.7 with 4 or 8 clues", "environ 0,7 avec 4 ou 8 Indices", [(0.05, 4), (0.05, 8)], "win_rate",
         0.7, 0.03),
        ("ends at about 9.4 h without clues", "finit vers 9,4 h sans Indice", [(0.05, 0)], "mean_hour", 9.4, 0.05),
        ("7.5 to 7.6 h with them", "7,5 à 7,6 h avec", [(0.05, 8)], "mean_hour", 7.5, 0.05),
        ("7.5 to 7.6 h with them", "7,5 à 7,6 h avec", [(0.05, 4)], "mean_hour", 7.6, 0.05),
        ("against 4.5 to 5 h with perfect memory", "contre 4,5 à 5 h avec une mémoire parfaite",
         [(0.0, 4), (0.0, 8)], "mean_hour", 4.5, 0.05),
        ("against 4.5 to 5 h with perfect memory", "contre 4,5 à 5 h avec une mémoire parfaite", [(0.0, 0)],
         "mean_hour", 5.0, 0.05),
        ("about 0.15 without clues", "environ 0,15 sans Indice", [(0.1, 0)], "win_rate", 0.15, 0.01),
        ("0.35 with them", "0,35 avec", [(0.1, 4), (0.1, 8)], "win_rate", 0.35, 0.03),
        ("rise from 0.075 at p = 0.2", "de 0,075 à p = 0,2", [(0.2, 4)], "win_rate", 0.075, 0.001),
        ("0.2 at p = 0.3", "à 0,2 à p = 0,3", [(0.3, 4)], "win_rate", 0.2, 0.001),
    ]
    for *words, keys, field, value, within in claims:
        for page, said in zip(pages, words, strict=True):
            assert said in page, said
        for key in keys:
            assert abs(points[key][field] - value) <= within, (words, key, points[key][field])
    # "about ±0.15": the half-width of a 95 % interval at 40 games and a win rate of 0.5.
    low, high = points[(0.05, 0)]["win_interval"]
    assert "about ±0.15" in pages[0] and "environ ±0,15" in pages[1] and abs((high - low) / 2 - 0.15) < 0.01
    assert "halves" not in pages[0] and "moitié" not in pages[1]  # true without clues only
