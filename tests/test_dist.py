"""The install instructions work: ``./dev dist`` (`.ci/dist.py`) builds a wheel and an sdist, and the
wheel, installed into a fresh virtual environment, runs ``oracle version``, ``oracle vectors export``,
a conformance run against a toy engine and the Hypothesis harness, far from the checkout.

The fresh environment gets the wheel alone (``--no-deps --no-index``: the oracle has no dependencies).
The harness's one dependency, Hypothesis (and pytest, to run the harness's example), is taken from
this test's own environment by a path file, so that the test stays offline and quick.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    target = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, str(ROOT / ".ci" / "dist.py"), str(target)], capture_output=True,
                          text=True, cwd=tmp_path_factory.getbasetemp(), timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    (sdist,) = target.glob("*.tar.gz")
    (wheel,) = target.glob("*.whl")
    return {"sdist": sdist, "wheel": wheel}


@pytest.fixture(scope="module")
def fresh(built: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh virtual environment with the wheel installed, and a working folder outside the checkout."""
    home = tmp_path_factory.mktemp("fresh")
    env_dir = home / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                           "--disable-pip-version-check", "--no-deps", "--no-index", str(built["wheel"])],
                          capture_output=True, text=True, timeout=300, check=False, env=outside())
    assert done.returncode == 0, done.stdout + done.stderr
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               capture_output=True, text=True, check=True).stdout.strip())
    # Hypothesis and pytest from this environment, after the fresh one's own packages (the wheel's oracle).
    (site / "from-the-test-environment.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    work = home / "work"
    work.mkdir()
    yield work


def outside() -> dict[str, str]:
    """The environment without what points into the checkout or this test's environment."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}


def run(work: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """A command of the fresh environment, in the working folder, with nothing of the checkout in reach."""
    env = outside()
    env["PATH"] = f"{work.parent / 'venv' / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return subprocess.run(list(argv), capture_output=True, text=True, cwd=work, env=env, timeout=300, check=False)


def test_the_wheel_and_the_sdist_hold_what_the_tools_and_the_site_need(built: dict[str, Path]) -> None:
    with zipfile.ZipFile(built["wheel"]) as wheel:
        names = set(wheel.namelist())
    for needed in ("oracle/tools/vectors.py", "oracle/tools/conform.py", "oracle/tools/testing/stateful.py",
                   "oracle/tools/site/make_snapshot.mjs", "oracle/games/trois_ombres/game.py"):
        assert needed in names, needed
    assert any(n.endswith("entry_points.txt") for n in names)
    with tarfile.open(built["sdist"]) as sdist:
        held = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    for needed in ("mkdocs.yml", "package.json", "package-lock.json", "docs/index.md", "docs/hooks.py",
                   "spec/ttykm/notation.md", "vectors/standard/manifest.json", "oracle/tools/site/make_snapshot.mjs",
                   "dev", ".ci/dist.py"):
        assert needed in held, needed
    assert not [name for name in held if "__pycache__" in name]


def test_the_installed_wheel_runs_the_oracle_the_vectors_the_runner_and_the_harness(fresh: Path) -> None:
    version = run(fresh, "oracle", "version")
    assert version.returncode == 0 and "ttykm" in version.stdout and "trois-ombres" in version.stdout, version
    where = run(fresh, "python", "-c", "import oracle; print(oracle.__file__)")
    assert "site-packages" in where.stdout and str(ROOT) not in where.stdout, where
    exported = run(fresh, "oracle", "vectors", "export", "out")
    assert exported.returncode == 0, exported.stderr
    assert (fresh / "out" / "manifest.json").is_file() and (fresh / "out" / "perft.txt").is_file()
    # The runner against a toy engine with one planted bug (the Focus may stay), as the docs show it.
    shutil.copy(ROOT / "tests" / "toy_engines" / "focus_stays.py", fresh / "focus_stays.py")
    conformed = run(fresh, "oracle", "conform", "--engine", "python focus_stays.py", "--quiet")
    assert conformed.returncode == 1 and "rule:     FOCUS.MOVE" in conformed.stdout, conformed.stdout + conformed.stderr
    # The harness, on the docs' example engine.
    shutil.copy(ROOT / "tests" / "test_harness_example.py", fresh / "test_harness_example.py")
    harness = run(fresh, "python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_harness_example.py")
    assert harness.returncode == 0 and " passed" in harness.stdout, harness.stdout + harness.stderr
