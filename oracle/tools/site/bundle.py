"""The playground's files in the built site: Pyodide and the oracle's own source.

Pyodide comes from the npm package (``package.json``; ``./dev`` runs
``npm ci``), copied from ``node_modules/pyodide`` into the site, so the
playground works offline from the built files and nothing is fetched from a
CDN.  The oracle's pure-Python source is zipped at build time; the page
imports it from the zip.

Starting CPython and importing the oracle is most of the load time, so the
build does it once, in Node.js (``make_snapshot.mjs``), and ships Pyodide's
memory just after it, gzipped: the page restores that memory instead of
starting Python (`snapshot`).  Making one takes seconds, so it is kept in
``node_modules/.cache`` under the hash of what it was made from.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import shutil
import subprocess
import tempfile
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
SNAPSHOT = "oracle.snapshot.gz"
MAKE_SNAPSHOT = Path(__file__).with_name("make_snapshot.mjs")


class MissingPyodide(Exception):
    """The npm package is not installed, or Node.js cannot run it."""


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


def snapshot(root: Path, zipped: bytes) -> bytes:
    """Pyodide's memory with the oracle imported and each game's first answer given, gzipped.

    Made by Node.js from the npm package's own files, so the page's Pyodide
    accepts it (Pyodide checks its build ID); reused from the cache while
    Pyodide and the oracle's zip are unchanged.
    """
    source = pyodide_dir(root)
    key = hashlib.sha256(zipped + MAKE_SNAPSHOT.read_bytes() + (source / "package.json").read_bytes()).hexdigest()
    cache = root / "node_modules" / ".cache" / "ttykm-playground" / f"{key[:32]}.gz"
    if cache.is_file():
        return cache.read_bytes()
    node = shutil.which("node")
    if node is None:
        raise MissingPyodide("the playground's snapshot needs Node.js (install Node.js and npm)")
    cache.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache.parent) as work:
        (Path(work) / "oracle.zip").write_bytes(zipped)
        raw = Path(work) / "snapshot.bin"
        result = subprocess.run([node, str(MAKE_SNAPSHOT), str(source), str(Path(work) / "oracle.zip"), str(raw)],
                                capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise MissingPyodide("making the playground's snapshot failed: "
                                 + (result.stderr.strip().splitlines() or ["no message"])[-1])
        packed = gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0)
    for old in cache.parent.glob("*.gz"):  # one snapshot is kept: the newest
        old.unlink()
    cache.write_bytes(packed)
    return packed


def write_bundle(root: Path, site_dir: Path) -> list[Path]:
    """Copy Pyodide and write the oracle's zip and snapshot under ``site_dir/ASSETS``; returns the files written."""
    source = pyodide_dir(root)
    target = site_dir / ASSETS
    (target / "pyodide").mkdir(parents=True, exist_ok=True)
    written = []
    for name in PYODIDE_FILES:
        shutil.copyfile(source / name, target / "pyodide" / name)
        written.append(target / "pyodide" / name)
    zipped = oracle_zip(root)
    (target / "oracle.zip").write_bytes(zipped)
    (target / SNAPSHOT).write_bytes(snapshot(root, zipped))
    written += [target / "oracle.zip", target / SNAPSHOT]
    return written


__all__ = ["ASSETS", "SNAPSHOT", "MissingPyodide", "oracle_zip", "pyodide_dir", "snapshot", "write_bundle"]
