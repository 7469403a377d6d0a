"""The source on the site: the project's source distribution, built with the site and linked from
the header of every page.

The project has no public address.  So the site offers the very source it was built from: its sdist,
which holds the whole source (the oracle, the spec, this site's pages, the tests and the vectors:
``MANIFEST.in``), under ``source/`` in the built site.  The one setting is ``repo_url`` in
``mkdocs.yml``: once the project has a public repository, naming it there makes the header link to
it instead, and no archive is written.
"""

from __future__ import annotations

import posixpath
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from oracle.version import __version__

SOURCE_DIR = "source"
PROJECT = "ttykm-oracle"
TITLE = {"en": "Download the source this site was built from", "fr": "Télécharger la source de ce site"}


class MissingSource(RuntimeError):
    """The source distribution could not be built (the site is then not built either)."""


def archive_name() -> str:
    """``ttykm-oracle-0.1.0.tar.gz``: the project's name and version, as pip names its sdist."""
    return f"{PROJECT}-{__version__}.tar.gz"


def link_from(page_url: str) -> str:
    """The archive's address relative to a page's (``rules/ttykm/actions/`` -> ``../../../source/...``)."""
    return "../" * page_url.count("/") + posixpath.join(SOURCE_DIR, archive_name())


def write_source(root: Path, site_dir: Path) -> Path:
    """Build the sdist of the checkout at ``root`` into ``site_dir/source/``; its path.  The build's
    own files (the egg-info) go to a scratch folder, never into the checkout."""
    with tempfile.TemporaryDirectory(prefix="oracle-sdist-") as work:
        scratch, out = Path(work) / "egg", Path(work) / "dist"
        scratch.mkdir()
        result = subprocess.run(
            [sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(scratch), "sdist", "--dist-dir", str(out)],
            cwd=root, capture_output=True, text=True, check=False,
        )
        built = sorted(out.glob("*.tar.gz")) if out.is_dir() else []
        if result.returncode != 0 or len(built) != 1:
            raise MissingSource("the source distribution could not be built for the site's Source link:\n"
                                + (result.stderr.strip() or result.stdout.strip()))
        target = site_dir / SOURCE_DIR / archive_name()
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(built[0]), target)
    return target


__all__ = ["SOURCE_DIR", "TITLE", "MissingSource", "archive_name", "link_from", "write_source"]
