"""The browser tests' fixtures: the built site, served over HTTP, and one headless Chromium per test file."""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.visit import CHROMIUM_ARGS, chromium_path, unavailable
from tests.conftest import ROOT


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, freshly built with the project's own configuration.

    ``./dev test`` builds the site once, before pytest, and names the build in
    ``ORACLE_BUILT_SITE``; the test then reads that build instead of making a
    second one.
    """
    built = os.environ.get("ORACLE_BUILT_SITE")
    if built:
        assert (Path(built) / "index.html").is_file(), f"ORACLE_BUILT_SITE={built} holds no built site"
        return Path(built)
    target = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        # Not --quiet: mkdocs then drops its warnings before --strict counts them.
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(target)],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return target


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    """The built site served over HTTP on a free port of 127.0.0.1."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    class Server(http.server.ThreadingHTTPServer):
        # A page opens many connections at once (the playground's Python packages); under load the default
        # backlog of 5 overflows, and a refused connection fails the page, not the rule it tests.
        request_queue_size = 128

    server = Server(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser(base_url: str) -> Iterator[Any]:
    executable = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright's Python package is not installed (pip install -e '.[docs]')")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)
        try:
            yield launched
        finally:
            launched.close()
