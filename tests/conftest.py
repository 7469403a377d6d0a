"""Shared fixtures: where the spec lives."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec"
TTYKM_SPEC = SPEC / "ttykm"
ORACLE = ROOT / "oracle"
