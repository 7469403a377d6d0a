"""The [harness] extra holds only what the Hypothesis harness needs
(docs/testing-your-engine.md, "The Python harness")."""

from __future__ import annotations

import subprocess
import sys
import tomllib

from tests.conftest import ROOT

HEAVY = ("pytest", "z3", "mypy", "ruff", "jsonschema", "mkdocs", "playwright")


def test_the_harness_extra_is_hypothesis_alone() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["dependencies"] == []
    assert [r.split(">")[0] for r in project["optional-dependencies"]["harness"]] == ["hypothesis"]


def test_the_harness_imports_nothing_the_extra_does_not_install() -> None:
    code = ("import sys, oracle.tools.testing.stateful, oracle.games.ttykm.strategies;"
            f" print(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r})))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
