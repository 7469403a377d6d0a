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
