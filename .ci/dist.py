"""Build the sdist and the wheel of the project into a folder (``./dev dist``; CI installs them).

The sdist holds the whole source the site is built from (``spec/``, ``docs/``, ``mkdocs.yml``, the
npm manifests), the tests and the committed vectors (MANIFEST.in); it is built by setuptools' own
hook in this interpreter.  The wheel is built from the sdist (so the sdist is known to be complete)
by pip, which fetches the build backend pyproject.toml names unless this interpreter's own can build
wheels (then nothing is downloaded); it holds the oracle: every game, the
CLI with ``oracle vectors export``, the conformance runner, the harness, and the site's build code
with its data.

    python .ci/dist.py [DIR]     (default: dist/)
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def can_build_wheels() -> bool:
    """Whether setuptools here builds wheels without fetching anything (pyproject.toml asks for 68 or later)."""
    import importlib.util

    import setuptools

    major, minor = (int(part) for part in setuptools.__version__.split(".")[:2])
    return (major, minor) >= (70, 1) or (major >= 68 and importlib.util.find_spec("wheel") is not None)


def build(target: Path) -> list[Path]:
    """The sdist and the wheel, built from the checkout into ``target``; their paths."""
    from setuptools import build_meta

    target = target.resolve()
    target.mkdir(parents=True, exist_ok=True)
    here = Path.cwd()
    os.chdir(ROOT)  # the hook builds the project of the current directory
    # A file list left by an earlier build would be read back into this one: start from the source alone.
    shutil.rmtree(ROOT / "ttykm_oracle.egg-info", ignore_errors=True)
    try:
        sdist = target / build_meta.build_sdist(str(target))
    finally:
        os.chdir(here)
    before = set(target.glob("*.whl"))
    # Offline when this interpreter can build wheels itself (setuptools 70.1 or later, or the wheel package).
    offline = ["--no-build-isolation"] if can_build_wheels() else []
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--disable-pip-version-check", "--no-deps", "--quiet",
                    *offline, "--wheel-dir", str(target), str(sdist)], check=True)
    wheels = sorted(set(target.glob("*.whl")) - before) or sorted(target.glob("ttykm_oracle-*.whl"))
    return [sdist, wheels[-1]]


if __name__ == "__main__":
    for path in build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "dist"):
        print(f"built {path}")
