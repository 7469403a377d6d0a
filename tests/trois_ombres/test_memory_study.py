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
    svg = study.chart([study.Point(p, c, 2, 1, (6, 8), 1.0) for p in study.FORGET for c in study.CLUES])
    assert svg.startswith("<svg") and svg.count("<polyline") == 2 * len(study.CLUES)


def test_the_memory_page_states_the_chart_s_own_figures() -> None:
    """Each figure the page's reading of the chart gives is the measured one (docs/trois-ombres/memory.json),
    to the precision the page writes it: a rerun that moves them makes this fail until the words follow."""
    import json
    import re

    points = {(p["forget"], p["clues"]): p for p in
              json.loads((ROOT / "docs/trois-ombres/memory.json").read_text(encoding="utf-8"))["points"]}
    page = re.sub(r"\s+", " ", (ROOT / "docs/trois-ombres/memory.md").read_text(encoding="utf-8"))
    claims = [  # the words on the page, the points they speak of, the figure and how far it is rounded
        ("wins about 0.97 of its games", [(0.0, 4), (0.0, 8)], "win_rate", 0.97, 0.01),
        ("(0.95 without clues)", [(0.0, 0)], "win_rate", 0.95, 0.005),
        ("falls to about 0.5 without clues", [(0.05, 0)], "win_rate", 0.5, 0.03),
        ("about 0.7 with 4 or 8 clues", [(0.05, 4), (0.05, 8)], "win_rate", 0.7, 0.03),
        ("ends at about 9.4 h without clues", [(0.05, 0)], "mean_hour", 9.4, 0.05),
        ("7.5 to 7.6 h with them", [(0.05, 8)], "mean_hour", 7.5, 0.05),
        ("7.5 to 7.6 h with them", [(0.05, 4)], "mean_hour", 7.6, 0.05),
        ("against 4.5 to 5 h with perfect memory", [(0.0, 4), (0.0, 8)], "mean_hour", 4.5, 0.05),
        ("against 4.5 to 5 h with perfect memory", [(0.0, 0)], "mean_hour", 5.0, 0.05),
        ("about 0.15 without clues", [(0.1, 0)], "win_rate", 0.15, 0.01),
        ("0.35 with them", [(0.1, 4), (0.1, 8)], "win_rate", 0.35, 0.03),
        ("rise from 0.075 at p = 0.2", [(0.2, 4)], "win_rate", 0.075, 0.001),
        ("0.2 at p = 0.3", [(0.3, 4)], "win_rate", 0.2, 0.001),
    ]
    for words, keys, field, value, within in claims:
        assert words in page, words
        for key in keys:
            assert abs(points[key][field] - value) <= within, (words, key, points[key][field])
    # "about ±0.15": the half-width of a 95 % interval at 40 games and a win rate of 0.5.
    low, high = points[(0.05, 0)]["win_interval"]
    assert "about ±0.15" in page and abs((high - low) / 2 - 0.15) < 0.01
    assert "halves" not in page  # true without clues only
