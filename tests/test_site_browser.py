"""The built rules site in a real browser: pages load without console errors,
board pictures render, search finds a rule, nothing is fetched from outside.

Needs Chromium (Debian's ``chromium``) and Playwright's Python package, which
drives the system browser through ``executable_path`` and never downloads one.
Without them the test skips locally and fails in CI (when ``CI`` is set).
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

OUTPUT = ROOT / "test-output"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def unavailable(reason: str) -> None:
    """Skip locally; in CI a missing browser is a failure, not a skip."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason}, and CI must run the browser test")
    pytest.skip(reason)


def chromium_path() -> str:
    for candidate in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    unavailable("no Chromium found (install Debian's chromium package)")
    raise AssertionError("unreachable")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, freshly built with the project's own configuration."""
    target = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(target)],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return target


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    """The built site served over HTTP on a free port of 127.0.0.1."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
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


class Visit:
    """A page with its console errors and any request that left the site."""

    def __init__(self, browser: Any, base_url: str) -> None:
        self.base_url = base_url
        self.page = browser.new_page(viewport={"width": 1280, "height": 900})
        self.page.set_default_timeout(20_000)
        self.errors: list[str] = []
        self.outside: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", self._request)

    def _request(self, request: Any) -> None:
        url: str = request.url
        if not url.startswith((self.base_url + "/", "data:", "blob:")):
            self.outside.append(url)

    def open(self, path: str) -> Any:
        response = self.page.goto(self.base_url + path, wait_until="load")
        assert response is not None and response.status == 200, path
        return self.page

    def assert_clean(self) -> None:
        assert self.errors == [], "console errors"
        assert self.outside == [], "the site fetched something from outside"


def boards_render(page: Any, minimum: int) -> int:
    boards = page.locator("svg.ttykm-board")
    count: int = boards.count()
    assert count >= minimum
    for i in range(count):
        box = boards.nth(i).bounding_box()
        assert box is not None and box["width"] > 100 and box["height"] > 40, f"board {i} has no size"
    return count


def test_home_rules_and_api_pages(browser: Any, base_url: str) -> None:
    visit = Visit(browser, base_url)
    page = visit.open("/")
    assert "That Time You Killed Me" in page.title()
    boards_render(page, 2)
    page = visit.open("/rules/ttykm/actions/")
    assert boards_render(page, 10) >= 10
    assert page.locator("[id='MOVE.PUSH.PARADOX']").count() == 1
    assert "MOVE.PUSH.PARADOX" in page.locator("h3[id='MOVE.PUSH.PARADOX']").inner_text()
    page.goto(base_url + "/rules/ttykm/actions/#MOVE.PUSH.PARADOX")  # same document: only scrolls to the clause
    page.wait_for_timeout(500)  # let the header's title animation finish before the picture
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "site-rules-actions.png"))
    page = visit.open("/strategy-faq/")
    boards_render(page, 8)
    page = visit.open("/api/")
    assert page.locator("text=legal_turns").count() > 0
    assert page.locator("[id='oracle.games.ttykm.rules.standard.apply_turn']").count() == 1
    visit.assert_clean()


def test_search_finds_the_paradox_rule(browser: Any, base_url: str) -> None:
    visit = Visit(browser, base_url)
    page = visit.open("/")
    page.locator("input.md-search__input").click()
    # The search index loads in a worker; a query typed before it is ready is dropped.
    page.locator(".md-search-result__meta", has_text="Type to start searching").wait_for(state="visible")
    page.locator("input.md-search__input").press_sequentially("paradox", delay=20)
    first = page.locator("a.md-search-result__link[href*='#']").first
    first.wait_for(state="visible")
    href = first.get_attribute("href") or ""
    assert re.search(r"/rules/ttykm/actions/(\?h=paradox)?#MOVE\.PUSH\.PARADOX$", href), f"first hit: {href}"
    hit = first
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "site-search-paradox.png"))
    hit.click()
    page.wait_for_url(re.compile(r"/rules/ttykm/actions/.*#MOVE\.PUSH\.PARADOX$"))
    visit.assert_clean()


def test_a_missing_browser_skips_locally_and_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must run the browser test"):
        unavailable("no Chromium found")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="no Chromium found"):
        unavailable("no Chromium found")
