"""No import circle in TTYKM's rooms, imports inside functions included, and no chapter imported by the
rooms every chapter shares.

The chapters plug into one mechanism (`oracle.games.ttykm.rules.hooks`): the shared rooms ask a table that
the chapters fill and never import a chapter, so every import runs one way.  The import graph is the
layout test's (`oracle.tools.site.layout.module_imports`: every ``import`` statement, at any depth of a
module, and every module imported by name).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from oracle.tools.site.layout import import_circles, module_imports
from tests.conftest import ROOT

TTYKM = "oracle.games.ttykm"


@pytest.mark.slow  # the whole tree's circles are checked in the quick tier too (tests/test_layout.py)
def test_no_import_circle_in_ttykm() -> None:
    assert [group for group in import_circles(ROOT) if any(m.startswith(TTYKM) for m in group)] == []


def test_the_rules_import_no_chapter_from_a_shared_room() -> None:
    edges = module_imports(ROOT)
    chapters = {f"{TTYKM}.rules.{c}" for c in ("growth", "influence", "memory", "convergence")}
    for shared in ("hooks", "push", "effects", "chapters", "step", "variants"):
        assert not edges[f"{TTYKM}.rules.{shared}"] & chapters, shared
    assert not edges[f"{TTYKM}.rules.memory"] & {f"{TTYKM}.rules.convergence", f"{TTYKM}.rules.influence"}


def test_a_circle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    room = Path("oracle", "games", "ttykm")
    shutil.copytree(ROOT / room, tmp_path / room, ignore=shutil.ignore_patterns("__pycache__"))
    push = tmp_path / room / "rules" / "push.py"
    push.write_text(push.read_text(encoding="utf-8")
                    + "\n\ndef tree_falls() -> None:\n    from oracle.games.ttykm.rules import growth  # noqa\n",
                    encoding="utf-8")
    assert any({f"{TTYKM}.rules.push", f"{TTYKM}.rules.growth"} <= set(group) for group in import_circles(tmp_path))
