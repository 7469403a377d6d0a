"""Shared fixtures: where the spec lives."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec"
TTYKM_SPEC = SPEC / "ttykm"
ORACLE = ROOT / "oracle"


def load_script(name: str, path: Path) -> ModuleType:
    """The script at ``path`` (a bench or an example, outside the package) imported as module ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def sample_tiers(size: int, every: int) -> list[Any]:
    """A sample of ``size`` cases (seeds, positions) as two parameters: every ``every``-th case in the quick
    tier, the others marked slow, so that the whole suite still runs the whole sample."""
    return [pytest.param(range(0, size, every), id=f"every-{every}th-of-{size}"),
            pytest.param([i for i in range(size) if i % every], id="the-rest", marks=pytest.mark.slow)]
