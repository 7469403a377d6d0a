"""Every ``python ...`` line of the README and the docs runs as written after the README's first
command (``./dev oracle``, which makes ``.venv``): it is ``./dev python ...`` (Python in the project's
environment, its extras installed on first use) or ``.venv/bin/python ...``, names a script or module
that exists and whose imports that environment provides, or it is an engine command that the
conformance runner starts under the oracle's own Python.  And ``perft --help`` and the README agree."""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT

PAGES = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").rglob("*.md") if "fr" not in p.relative_to(
    ROOT / "docs").parts[:1])]
PYTHON = re.compile(r"(?P<before>[^\s`(\"']*)(?P<python>\bpython3?) (?P<args>[^`\n\"')#|]*)")
# Lines that are not commands to run in the project: an engine command given to `oracle conform --engine`
# (started under the oracle's own Python: `oracle.tools.conform.engine_argv`) or printed back by it, a
# reader's own engine (`python3 my_engine.py`), and the bare interpreter timed as a baseline.
NOT_RUN_HERE = re.compile(r"--engine \"python|engine: python|python3 my_engine\.py|python -c pass")
DEV = (ROOT / "dev").read_text(encoding="utf-8")


def python_lines() -> list[tuple[str, str, str]]:
    """Each ``python`` invocation: where, how it is reached (``./dev``, ``.venv/bin/``, or nothing), its arguments."""
    found = []
    for page in PAGES:
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
            if NOT_RUN_HERE.search(line):
                continue
            for match in PYTHON.finditer(line):
                before = line[:match.start("python")]
                how = "./dev" if before.rstrip().endswith("./dev") else match.group("before")
                found.append((f"{page.relative_to(ROOT)}:{n}", how, match.group("args").strip()))
    return found


def test_every_python_line_runs_in_the_project_environment() -> None:
    lines = python_lines()
    assert len(lines) >= 15
    wrong = [(where, how, args) for where, how, args in lines if how not in ("./dev", ".venv/bin/")]
    assert wrong == [], "a python line that fails after ./dev oracle (write ./dev python ...)"


@pytest.mark.parametrize("args", sorted({args for _, how, args in python_lines() if how == "./dev" and args != "..."}))
def test_each_dev_python_line_names_what_exists(args: str) -> None:
    words = args.split()
    if words[0] == "-m":
        assert importlib.util.find_spec(words[1]) is not None, words[1]
    else:
        assert (ROOT / words[0]).is_file(), words[0]


def checkout_imports(script: str) -> set[str]:
    """The checkout's own packages other than ``oracle`` (the only one installed) that a script imports,
    anywhere in it, a function's body included."""
    packages = {path.name for path in ROOT.iterdir() if (path / "__init__.py").is_file()} - {"oracle"}
    imported = set()
    for node in ast.walk(ast.parse((ROOT / script).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            imported.add(node.module.split(".")[0])
    return imported & packages


@pytest.mark.parametrize("script", sorted({args.split()[0] for _, how, args in python_lines()
                                           if how == "./dev" and args.split()[0].endswith(".py")}))
def test_a_script_that_imports_the_checkout_puts_the_checkout_on_its_path(script: str) -> None:
    """``./dev python bench/x.py`` puts ``bench/`` first on the path, not the checkout: a script that
    imports ``tests`` or ``properties`` must add the checkout itself, or it fails as the README runs it."""
    if checkout_imports(script):
        assert "sys.path.insert(0, " in (ROOT / script).read_text(encoding="utf-8"), (
            f"{script} imports {sorted(checkout_imports(script))} but never puts the checkout on its path")


def test_dev_python_is_the_environment_with_the_extras_the_lines_import() -> None:
    """``./dev python`` installs the extras the scripts import: the test extra (Hypothesis, for the mutants)
    and the docs extra (Playwright, for the playground's benchmark)."""
    case = re.search(r"^\s*python\) need_venv \"([^\"]*)\"; exec \"\$PY\" \"\$@\" ;;$", DEV, re.M)
    assert case is not None and {"test", "docs"} <= set(case.group(1).split(","))
    assert "./dev python ARGS" in DEV.split("set -euo pipefail")[0]  # ./dev help lists it


def test_perft_help_and_the_readme_agree() -> None:
    """Every perft line of the README is a count --help allows as written: at most the depth it says a
    count takes about half a minute at, unless it is spread with --workers (to the depth --help gives)."""
    shown = subprocess.run([sys.executable, "-m", "oracle", "perft", "--help"], capture_output=True, text=True,
                           cwd=ROOT, check=True).stdout
    text = " ".join(shown.split())
    alone = int(re.search(r"From the TTYKM start depth (\d+) takes about half a minute", text).group(1))  # type: ignore[union-attr]
    spread = int(re.search(r"counted in parallel, to depth (\d+)", text).group(1))  # type: ignore[union-attr]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    counts = re.findall(r"\./dev oracle perft (\d+)([^#\n]*)", readme)
    assert counts
    for depth, rest in counts:
        limit = spread if "--workers" in rest else alone
        assert int(depth) <= limit, f"README: perft {depth}{rest}, but --help says {limit} at most"
