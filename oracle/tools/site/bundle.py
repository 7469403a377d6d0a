"""The playground's files in the built site: Pyodide and the oracle's own source.

Pyodide comes from the npm package (``package.json``; ``./dev`` runs
``npm ci``), copied from ``node_modules/pyodide`` into the site, so the
playground works offline from the built files and nothing is fetched from a
CDN.  The oracle's pure-Python source is zipped at build time; the page
unpacks it into Pyodide's file system and imports it.
"""

from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path

ASSETS = "assets/playground"
# The files of the npm package that loading Pyodide needs (its consoles, type
# declarations and source maps are left out).
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed, so the same source gives the same bytes


class MissingPyodide(Exception):
    """The npm package is not installed."""


def pyodide_dir(root: Path) -> Path:
    """Where npm put the package; `MissingPyodide` says how to get it if it is not there."""
    folder = root / "node_modules" / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (folder / name).is_file()]
    if missing:
        raise MissingPyodide(
            f"the playground needs the pyodide npm package ({', '.join(missing)} missing from {folder.name}): "
            "run 'npm ci' (./dev does)"
        )
    return folder


def oracle_zip(root: Path) -> bytes:
    """Every Python file of the ``oracle`` package, zipped with fixed dates (byte-for-byte reproducible)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted((root / "oracle").rglob("*.py")):
            info = zipfile.ZipInfo(path.relative_to(root).as_posix(), ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def write_bundle(root: Path, site_dir: Path) -> list[Path]:
    """Copy Pyodide and write the oracle's zip under ``site_dir/ASSETS``; returns the files written."""
    source = pyodide_dir(root)
    target = site_dir / ASSETS
    (target / "pyodide").mkdir(parents=True, exist_ok=True)
    written = []
    for name in PYODIDE_FILES:
        shutil.copyfile(source / name, target / "pyodide" / name)
        written.append(target / "pyodide" / name)
    (target / "oracle.zip").write_bytes(oracle_zip(root))
    written.append(target / "oracle.zip")
    return written


__all__ = ["ASSETS", "MissingPyodide", "oracle_zip", "pyodide_dir", "write_bundle"]
