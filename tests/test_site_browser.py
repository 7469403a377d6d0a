"""The built rules site in a real browser: pages load without console errors,
board pictures render and stay legible at desktop and phone widths, the
learn-to-play path can be walked, the playground plays a turn by clicking
with the real oracle (Pyodide), removal badges sit on the removed copy,
Japanese quotations render with the site's own font, no link is broken (every
ruling cited included), search finds a rule and prefers the reader's game, the
card games show each player their own view, no page scrolls sideways, and
nothing is fetched from outside.

Needs Chromium (Debian's ``chromium``) and Playwright's Python package, which
drives the system browser through ``executable_path`` and never downloads one.
Without them the test skips locally and fails in CI (when ``CI`` is set).
"""

from __future__ import annotations

import functools
import html
import http.server
import io
import itertools
import os
import re
import shutil
import subprocess
import sys
import tarfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest

from oracle.tools.site.editions import GAME_NAMES, SHORT_NAMES
from oracle.tools.site.glossary import CARDS, TERMS
from oracle.tools.site.source import TITLE, archive_name
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
    """Debian's Chromium, or the one ``ORACLE_CHROMIUM`` names (as ``./dev`` looks for it)."""
    named = os.environ.get("ORACLE_CHROMIUM")
    found = ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser"))
    candidates = (named,) if named else found
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    unavailable("no Chromium found, so the browser tests of the site cannot run"
                " (install Debian's chromium package, or name one in ORACLE_CHROMIUM)")
    raise AssertionError("unreachable")


@pytest.fixture(scope="module")
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


@pytest.fixture(scope="module")
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


WIDTHS = [1280, 390]  # a desktop and a phone


class Visit:
    """A page with its console errors and any request that left the site."""

    def __init__(self, browser: Any, base_url: str, width: int = 1280, dark: bool = False) -> None:
        self.base_url = base_url
        self.width = width
        self.page = browser.new_page(viewport={"width": width, "height": 844 if width < 500 else 900},
                                     color_scheme="dark" if dark else "light")
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
        # No page scrolls sideways: anything wider scrolls inside its own frame.
        assert self.page.evaluate("document.documentElement.scrollWidth") <= self.width, f"{path} scrolls sideways"
        return self.page

    def assert_clean(self) -> None:
        assert self.errors == [], "console errors"
        assert self.outside == [], "the site fetched something from outside"


LEGEND_FITS = """(pictures = "svg.ttykm-board") => {
    const wrong = [];
    for (const svg of document.querySelectorAll(pictures)) {
        if (svg.getBoundingClientRect().width === 0) continue;  // the layout CSS hides at this width
        const width = svg.viewBox.baseVal.width;
        const boxes = [...svg.querySelectorAll("g.legend g.item")].map(item => {
            const swatch = item.firstElementChild.getBBox();
            const word = item.querySelector(":scope > text:last-of-type").getBBox();  // a swatch may hold a text
            if (word.x + word.width > width) wrong.push(`cut at the right edge: ${item.textContent}`);
            if (word.x < swatch.x + swatch.width - 1 || Math.abs((word.y + word.height / 2) -
                (swatch.y + swatch.height / 2)) > 6) wrong.push(`word apart from its swatch: ${item.textContent}`);
            const all = item.getBBox();
            return [all.x, all.y, all.x + all.width, all.y + all.height, item.textContent];
        });
        for (const a of boxes) for (const b of boxes) {
            if (a !== b && a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3])
                wrong.push(`legend entries overlap: ${a[4]} and ${b[4]}`);
        }
        // Every entry's word as large as the others': none set smaller, none squeezed to a width (textLength).
        const words = [...svg.querySelectorAll("g.legend g.item")]
            .map(item => item.querySelector(":scope > text:last-of-type"));  // the word, not a swatch's mark
        const sizes = words.map(text => {
            const natural = text.cloneNode(true);
            natural.removeAttribute("textLength");
            natural.removeAttribute("lengthAdjust");
            text.after(natural);
            const room = natural.getBBox().width;
            natural.remove();
            const squeeze = room ? text.getBBox().width / room : 1;
            return [parseFloat(getComputedStyle(text).fontSize), squeeze, text.textContent];
        });
        const largest = Math.max(...sizes.map(size => size[0]));
        for (const [size, squeeze, word] of sizes) {
            if (size < largest - 0.1) wrong.push(`a legend entry smaller than the others: ${word}`);
            if (squeeze < 0.99) wrong.push(`a legend entry squeezed to ${Math.round(squeeze * 100)}%: ${word}`);
        }
    }
    return wrong;
}"""


# The smallest code on a page (inline, in a table, in a block), in px as shown.
SMALLEST_CODE = """() => Math.min(...[...document.querySelectorAll("article code")]
    .map(code => parseFloat(getComputedStyle(code).fontSize)))"""


def boards_render(page: Any, minimum: int) -> int:
    """The visible board pictures (each picture exists in a wide and a narrow layout; CSS shows one),
    each of a size, with a legend whose every entry lies whole inside the picture, beside its swatch."""
    # One evaluation for every board: a round trip per board is most of the time on a page of pictures.
    sizes = page.evaluate("""() => [...document.querySelectorAll("svg.ttykm-board")]
        .map(svg => svg.getBoundingClientRect()).filter(box => box.width > 0 && box.height > 0)
        .map(box => [box.width, box.height])""")
    count = len(sizes)
    assert count >= minimum
    for i, (width, height) in enumerate(sizes):
        assert width > 100 and height > 40, f"board {i} has no size"
    assert page.evaluate(LEGEND_FITS) == []
    return count


def test_home_rules_and_api_pages(browser: Any, base_url: str) -> None:
    visit = Visit(browser, base_url)
    page = visit.open("/")
    home = page.locator("article").inner_text()
    assert all(game in home for game in ("That Time You Killed Me", "Time Chase", "L'heure des 3 ombres")), home
    boards_render(page, 2)
    assert page.evaluate(SMALLEST_CODE) >= 11, "inline code under 11 px"
    page = visit.open("/rules/ttykm/actions/")
    assert boards_render(page, 10) >= 10
    assert page.evaluate(SMALLEST_CODE) >= 11, "code under 11 px"
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
    # The common interface, the registry and the harness are documented; a docstring's Rule: line stands
    # alone, every ID on it a link to its clause.
    for documented in ("oracle.interface.Game", "oracle.games.load_game", "oracle.tools.protocol.handle",
                       "oracle.tools.testing.stateful.EngineStateMachine"):
        assert page.locator(f"[id='{documented}']").count() == 1, documented
    rules = page.locator("p.ttykm-docstring-rule")
    assert rules.count() >= 10 and rules.locator("a.ttykm-rule").count() >= rules.count()
    assert page.evaluate("""() => [...document.querySelectorAll(".doc-contents p")].filter(p =>
        /Rules?: [A-Z]/.test(p.textContent) && !p.classList.contains("ttykm-docstring-rule")).length""") == 0
    visit.assert_clean()


def test_search_finds_the_paradox_rule(browser: Any, base_url: str) -> None:
    visit = Visit(browser, base_url)
    page = visit.open("/")
    page.locator("input.md-search__input").click()
    # The search index loads in a worker; a query typed before it is ready is dropped.
    page.locator(".md-search-result__meta", has_text="Type to start searching").wait_for(state="visible")
    page.locator("input.md-search__input").press_sequentially("paradox", delay=20)
    links = page.locator("a.md-search-result__link[href*='#']")
    links.first.wait_for(state="visible")
    # Other games have paradoxes too (Time Chase's TC.VARIANT.RANK-PARADOX): the push rule is among the hits.
    hrefs = [link.get_attribute("href") or "" for link in links.all()]
    wanted = [i for i, href in enumerate(hrefs)
              if re.search(r"/rules/ttykm/actions/(\?h=paradox)?#MOVE\.PUSH\.PARADOX$", href)]
    assert wanted, f"hits: {hrefs}"
    hit = links.nth(wanted[0])
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "site-search-paradox.png"))
    hit.click()
    page.wait_for_url(re.compile(r"/rules/ttykm/actions/.*#MOVE\.PUSH\.PARADOX$"))
    # The reader's game first among results alike (docs/javascripts/search.js), but a clause named by
    # the words searched first wherever the reader is: "paradox" is TTYKM's, even on a Time Chase page.
    for path, query, first in (("/rules/time-chase/round/", "notation", "/rules/time-chase/notation/"),
                               ("/rules/ttykm/board/", "notation", "/rules/ttykm/notation/"),
                               ("/rules/time-chase/round/", "paradox", "/rules/ttykm/actions/")):
        assert search(visit, path, query)[0].startswith(visit.base_url + first), (path, query)
    visit.assert_clean()


def search(visit: Visit, path: str, query: str) -> list[str]:
    """The page addresses of the results of a search typed on ``path``, in the order shown."""
    page = visit.open(path)
    page.locator("input.md-search__input").click()
    page.locator(".md-search-result__meta", has_text="Type to start searching").wait_for(state="visible")
    page.locator("input.md-search__input").press_sequentially(query, delay=20)
    page.locator("a.md-search-result__link").first.wait_for(state="visible")
    page.wait_for_timeout(200)  # the reordering runs once the results are drawn
    items = page.locator("li.md-search-result__item > a.md-search-result__link:first-child")
    return [(href or "").partition("?")[0] for href in (a.get_attribute("href") for a in items.all())]


SMALLEST_LABEL = """() => {
    let smallest = Infinity;
    for (const svg of document.querySelectorAll("svg.ttykm-board")) {
        const box = svg.getBoundingClientRect();
        if (box.width === 0) continue;  // the layout CSS hides at this width
        const scale = box.width / svg.viewBox.baseVal.width;
        for (const text of svg.querySelectorAll("text")) {
            smallest = Math.min(smallest, parseFloat(text.getAttribute("font-size")) * scale);
        }
    }
    return smallest;
}"""
NOTATION = re.compile(
    r"[0-9bw]+/[0-9bw]+/[0-9bw]+/[0-9bw]+\||turn=[wb]|focus=\w+,\w+|>(?:past|present|future)\b|\btake [NESWFB]\b"
)
LEARN = sorted(p.stem for p in (ROOT / "docs" / "ttykm" / "learn").glob("*.md"))


def links_resolve(visit: Visit, hrefs: set[str]) -> None:
    """Every link inside the site answers 200, and its #fragment names an element of the page."""
    pages: dict[str, str] = {}
    for href in sorted(hrefs):
        if not href.startswith(visit.base_url):
            continue
        url, _, fragment = href.partition("#")
        url = url.partition("?")[0]
        if url not in pages:
            response = visit.page.request.get(url)
            assert response.status == 200, f"broken link {href}"
            pages[url] = response.text() if "html" in response.headers.get("content-type", "") else ""
        if fragment and pages[url]:
            assert f'id="{fragment}"' in pages[url], f"link to a missing anchor: {href}"


EDITIONS = {"": "en", "/fr": "fr"}  # each edition's folder on the site, and its language


# The French path is walked on a phone, where its longer words are likeliest to crowd a picture's key;
# its pages at 1280 px are checked by the editions' test below.
@pytest.mark.parametrize(("width", "edition"), [(WIDTHS[0], ""), (WIDTHS[1], ""), (WIDTHS[1], "/fr")])
def test_the_learn_to_play_path_can_be_walked(browser: Any, base_url: str, width: int, edition: str) -> None:
    """In either edition, in its language: the French pictures' words and keys in French, and laid out."""
    visit = Visit(browser, base_url, width)
    hrefs: set[str] = set()
    assert len(LEARN) >= 8
    for n, stem in enumerate(LEARN):
        page = visit.open(f"{edition}/ttykm/learn/{stem}/")
        assert page.evaluate("document.documentElement.lang") == EDITIONS[edition], stem
        boards_render(page, 0 if stem.endswith(("glossary", "summary")) else 1)
        if edition and not stem.endswith(("glossary", "summary")):
            shown = page.locator("article").inner_text()
            assert "Before" not in shown and "What happens" not in shown and "What was tried" not in shown, stem
            words = set(page.eval_on_selector_all("svg.ttykm-board text", "ts => ts.map(t => t.textContent)"))
            assert "passé" in words and not words & {"past", "present", "future", "supply", "removed"}, stem
        assert page.evaluate(SMALLEST_LABEL) >= 11, f"a board label under 11 px on {stem} at {width} px"
        text = page.locator("article").inner_text()
        assert not NOTATION.search(text), f"notation on the learn-to-play page {stem}"
        hrefs.update(page.eval_on_selector_all("article a[href]", "links => links.map(a => a.href)"))
        if n + 1 < len(LEARN) and not stem.endswith(("glossary", "summary")):
            # Each page leads on to the next, in the order of the path.
            assert any(h.rstrip("/").endswith(LEARN[n + 1]) for h in hrefs), f"{stem} does not lead on"
        if stem.startswith("05"):
            OUTPUT.mkdir(exist_ok=True)
            page.screenshot(path=str(OUTPUT / f"site-learn-crush-{EDITIONS[edition]}-{width}.png"), full_page=True)
    links_resolve(visit, hrefs)
    visit.assert_clean()


def visible_cell(page: Any, cell: str) -> Any:
    return page.locator(f".pg-board svg.ttykm-board:visible [data-cell='{cell}']")


def open_playground(visit: Visit, query: str = "") -> Any:
    page = visit.open("/playground/" + query)
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    return page


@pytest.mark.parametrize("width", WIDTHS)
def test_the_playground_plays_a_turn_by_clicking(browser: Any, base_url: str, width: int) -> None:
    from oracle.games.ttykm.notation import format_position, parse_turn
    from oracle.games.ttykm.rules.standard import apply_turn
    from oracle.games.ttykm.state import Position

    visit = Visit(browser, base_url, width)
    page = open_playground(visit)
    assert page.evaluate("window.ttykmPlayground.timing.snapshot"), "Python was started afresh, not restored"
    # The board comes first: whole on the screen without scrolling, on a phone one era at a time.
    box = page.locator(".pg-board svg.ttykm-board:visible").first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"], "the board is below the fold"
    assert page.locator(".pg-board svg.ttykm-board:visible .target").count() == 1  # the one copy White may choose
    if width != WIDTHS[0]:
        assert page.locator(".pg-era").count() == 3 and page.locator(".pg-board g.era:visible").count() == 1
        assert page.locator(".pg-era-now").inner_text().startswith("Past")
    for cell in ("past:a1", "past:a2", "past:b2"):
        visible_cell(page, cell).click()
        assert page.locator(".pg-refused").count() == 0
    page.locator("button[data-pick='focus:present']").click()
    expected = apply_turn(Position.start(), parse_turn("a1 N E >present"))
    assert page.locator(".pg-position").input_value() == format_position(expected.position)
    assert page.locator(".pg-events li").count() == len(expected.events)
    page.locator(".pg-next").click()
    assert "step 2 of" in page.locator(".pg-replay").inner_text()
    if width != WIDTHS[0]:  # the replay too, one era at a time: the step's own, and a switch to the others
        step = page.locator(".pg-step-board svg.pg-one-era")
        assert step.locator("g.era:visible").count() == 1 and step.locator("g.era.past:visible").count() == 1
        assert page.locator(".pg-step-eras .pg-era-now").inner_text() == "Past"
        page.locator(".pg-step-eras .pg-era[data-era='future']").click()
        assert step.locator("g.era.future:visible").count() == 1 and step.locator("g.era:visible").count() == 1
        step_box = step.bounding_box()
        assert step_box is not None and step_box["height"] < page.viewport_size["height"] / 2
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-{width}.png"), full_page=True)
    # Black to move, with the Focus on the future: a black copy in the past may not be chosen.
    if width != WIDTHS[0]:
        page.locator(".pg-eras:not(.pg-step-eras) .pg-era[data-era='past']").click()
    visible_cell(page, "past:d4").click()
    refused = page.locator(".pg-refused")
    assert "TURN.COPY-CHOICE" in refused.inner_text()
    assert refused.locator("a.ttykm-rule").get_attribute("title") == "TURN.COPY-CHOICE: Choosing the copy"
    # A refused typed turn is drawn as attempted, and said in words.
    page.locator(".pg-typed").fill("d4 E S >past")
    page.locator(".pg-type button").click()
    assert "MOVE.WALL" in refused.inner_text() and "wall" in refused.inner_text()
    assert page.locator(".pg-board svg.ttykm-board:visible .arrow.attempt").count() >= 1
    # A new game clears the last turn's replay.
    page.locator(".pg-restart").click()
    assert page.locator(".pg-replay").inner_text() == "" and page.locator(".pg-refused").count() == 0
    if width != WIDTHS[0]:
        visit.assert_clean()
        return  # the link and the end of a game are the same at every width: try them once
    # The position is shared as a link that opens it again.
    visible_cell(page, "past:a1").click()
    page.locator(".pg-typed").fill("a1 N E >present")
    page.locator(".pg-type button").click()
    link = page.locator(".pg-share").input_value()
    page = open_playground(visit, link.removeprefix(base_url + "/playground/"))
    assert page.locator(".pg-position").input_value() == format_position(expected.position)
    # Once the game is over nothing more can be played.
    won = "4/4/3w/4|3b/4/4/4|4/4/4/4 winner=w focus=future,present supply=4,4 removed=2,2"
    page = open_playground(visit, "?game=ttykm&position=" + quote(won))
    assert "The game is over" in page.locator(".pg-status").inner_text()
    assert page.locator(".pg-buttons button:not([disabled])").count() == 0
    assert page.locator(".pg-typed").is_disabled() and page.locator(".pg-type button").is_disabled()
    visit.assert_clean()


def test_the_playground_opened_from_a_file_says_how_to_serve_it(browser: Any, site: Path) -> None:
    page = browser.new_page()
    page.goto((site / "playground" / "index.html").as_uri())
    hint = page.locator(".pg-serve")
    hint.wait_for(state="visible")
    assert "python3 -m http.server" in hint.inner_text()
    page.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_playground_plays_a_chapter_and_every_other_game(browser: Any, base_url: str, width: int) -> None:
    from oracle.games import GAMES, load_game
    from oracle.tools.site.playground import playable, view

    visit = Visit(browser, base_url, width)
    page = open_playground(visit)
    chooser = page.locator("select.pg-game")
    offered = chooser.locator("option").evaluate_all("options => options.map(o => o.value)")
    assert offered == [f"{name}|{'' if n == 0 else ruleset}" for name in GAMES
                       for n, ruleset in enumerate(load_game(name).rulesets())]
    # Growth: the copy moves north, then plants a seed with the chapter's button, then the Focus moves.
    chooser.select_option("ttykm|growth")
    for cell in ("past:a1", "past:a2"):
        visible_cell(page, cell).click()
    page.locator("button[data-pick='act:Pa1']").click()
    page.locator("button[data-pick='focus:present']").click()
    game = load_game("ttykm")
    rules = game.parse_rules("growth", None)
    expected = game.apply(game.initial_state(rules), game.parse_action("a1 N Pa1 >present"), rules)
    assert page.locator(".pg-position").input_value() == game.format_state(expected.state)
    assert page.locator(".pg-refused").count() == 0
    # The chapter's turn is replayed phase by phase, each step with its picture.
    assert page.locator(".pg-events li").first.inner_text().startswith("Action 1")
    assert page.locator(".pg-step-board svg.ttykm-board:not(.pg-foot):visible").count() == 1  # key apart on a phone
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-growth-{width}.png"), full_page=True)
    # A game left for another goes on where it was when chosen again (New game starts it over).
    chooser.select_option("time-chase|")
    chooser.select_option("ttykm|growth")
    assert page.locator(".pg-position").input_value() == game.format_state(expected.state)
    # Convergence: chance draws the pair first, and the page says so.
    chooser.select_option("ttykm|convergence")
    assert page.locator(".pg-replay").inner_text() == ""  # a new game: the last replay is gone
    assert "chance draws the pair" in page.locator(".pg-status").inner_text()
    font = "b => getComputedStyle(b).fontFamily + ' ' + getComputedStyle(b).fontSize"
    words = page.locator("button[data-pick='chance']").evaluate(font)
    page.locator("button[data-pick='chance']").click()
    assert "to move" in page.locator(".pg-status").inner_text()
    # The card games, hot seat: chance deals, then each player's own view, after a pass-the-device screen.
    for name in (name for name in GAMES if playable(name) is None):
        other = load_game(name)
        chooser.select_option(f"{name}|")
        start = page.locator(".pg-position").input_value()
        assert start == other.format_state(other.initial_state(other.parse_rules(None, None)))
        # Letting chance act is words, styled as the other buttons, not as an action's code.
        assert page.locator("button[data-pick='chance']").evaluate(font) == words
        page.locator("button[data-pick='chance']").click()
        dealt = view({"game": name, "state": page.locator(".pg-position").input_value()})  # a fresh deal
        assert other.to_act(other.parse_state(dealt["state"])).kind != "chance"
        seat = dealt["view"]["name"]
        assert page.locator(".pg-pass").is_visible() and page.locator(".pg-buttons button").count() == 0
        assert page.locator(".pg-view").inner_text().count(seat) >= 2 and "sees" not in page.locator(
            ".pg-view").inner_text()  # nothing of the seat's view before the device is passed
        page.locator(".pg-pass-ready").click()
        assert page.locator(".pg-picture svg:not(.key):visible").count() == 1 and page.locator(
            ".pg-buttons button, .pg-private button.pg-card:enabled").count() >= 1
        state = other.parse_state(dealt["state"])
        shown = page.locator("article").inner_text()
        for player in (p for p in range(len(dealt["seats"])) if p != dealt["view"]["seat"]):
            for card in other.observe(state, player).get("hand", []):
                assert not re.search(rf"\b{card}\b", shown), f"{card}, another player's card, is shown"
        mine = other.observe(state, dealt["view"]["seat"]).get("hand", [])
        assert page.locator(".pg-private .pg-chip").all_inner_texts() == mine
        # The address and the share link name the game and the seat, never the state with its hands.
        for link in (page.url, page.locator(".pg-share").input_value()):
            query = parse_qs(urlsplit(link).query)
            assert "position" not in query and query["game"] == [name] and query["seat"] == ["hot"], link
        if width == WIDTHS[0]:  # a reload goes on with the game in play, from the tab's own storage
            page.reload()
            page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
            assert page.locator(".pg-position").input_value() == dealt["state"]
            page.locator(".pg-pass-ready").click()
        page.screenshot(path=str(OUTPUT / f"site-playground-{name}-{width}.png"), full_page=True)
    visit.assert_clean()


def test_examples_open_in_the_playground(browser: Any, base_url: str) -> None:
    visit = Visit(browser, base_url)
    page = visit.open("/rules/ttykm/actions/")
    link = page.locator("#ex-a-ricochet-white-pushes-black-into-white-s-own-copy-which-is-crushed-against-the-wall "
                        "a.ttykm-open-link")
    link.click()
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    page.locator(".pg-example").click()
    assert "crushed" in page.locator(".pg-replay").inner_text()
    # Another game's example opens just before its action, which one click plays.
    from oracle.games import load_game
    from oracle.tools.site.examples import example_anchors, page_examples
    from oracle.tools.site.open_links import example_query

    path = "spec/time-chase/trick.md"
    found = [example for _, example in page_examples((ROOT / path).read_text(encoding="utf-8"), path)]
    game = load_game("time-chase")
    legal = next((anchor, query) for example, anchor in zip(found, example_anchors(found), strict=True)
                 if (query := example_query("time-chase", example.fields, example.lists)) and "turn" in query
                 and game.explain(game.parse_state(query["position"]), game.parse_action(query["turn"]),
                                  game.parse_rules(None, query.get("rules"))).is_legal)
    page = visit.open("/rules/time-chase/trick/")
    page.locator(f"[id='{legal[0]}'] a.ttykm-open-link").click()
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    assert page.locator(".pg-position").input_value() == legal[1]["position"]
    # The link holds every hidden card: it opens at the umpire's seat, the table shown at once, not
    # behind a "pass the device" screen.
    assert legal[1]["seat"] == "umpire" and page.locator("select.pg-seat").input_value() == "umpire"
    assert page.locator(".pg-pass").count() == 0 and page.locator(".pg-board svg, .pg-board pre").count() > 0
    page.locator(".pg-example").click()
    assert page.locator(".pg-refused").count() == 0
    assert page.locator(".pg-position").input_value() != legal[1]["position"]
    visit.assert_clean()


BADGE_AND_GHOST = """(marker) => {
    const ghost = marker.querySelector("circle.ghost").getBoundingClientRect();
    const badge = marker.querySelector(".badge").getBoundingClientRect();
    const svg = marker.ownerSVGElement;
    const copies = [...svg.querySelectorAll("circle.copy")].map(c => {
        const b = c.getBoundingClientRect();
        return {x: b.x + b.width / 2, y: b.y + b.height / 2, r: b.width / 2, black: c.classList.contains("black")};
    });
    const gx = ghost.x + ghost.width / 2, gy = ghost.y + ghost.height / 2;
    const survivor = copies.sort((a, b) => Math.hypot(a.x - gx, a.y - gy) - Math.hypot(b.x - gx, b.y - gy))[0];
    return {badge: [badge.x + badge.width / 2, badge.y + badge.height / 2], ghost: [ghost.x, ghost.y,
            ghost.width, ghost.height], survivor: survivor, apart: Math.hypot(survivor.x - gx, survivor.y - gy)};
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_removal_badge_sits_on_the_removed_copy_in_the_ricochet(browser: Any, base_url: str, width: int) -> None:
    visit = Visit(browser, base_url, width)
    page = visit.open("/rules/ttykm/actions/")
    example = page.locator("#ex-a-ricochet-white-pushes-black-into-white-s-own-copy-which-is-crushed-against-the-wall")
    after = example.locator("figure", has_text="After").locator("svg.ttykm-board:visible")
    marker = after.locator("g.marker.crushed")
    assert marker.get_attribute("data-cell") == "present:d1"  # White's copy, crushed at the wall
    found = marker.evaluate(BADGE_AND_GHOST)
    x, y, w, h = found["ghost"]
    bx, by = found["badge"]
    assert x <= bx <= x + w and y <= by <= y + h, "the badge is not on the removed copy's ghost"
    survivor = found["survivor"]
    assert survivor["black"], "Black's pushed copy now stands on d1"
    assert found["apart"] > survivor["r"] / 2, "the ghost is drawn over the survivor's centre"
    assert example.locator("figure", has_text="Before").locator("g.marker").count() == 0
    example.scroll_into_view_if_needed()
    OUTPUT.mkdir(exist_ok=True)
    example.screenshot(path=str(OUTPUT / f"site-ricochet-{width}.png"))
    visit.assert_clean()


GLYPHS = r"""async () => {
    const quoted = [...document.querySelectorAll("article [lang='ja']")];
    const families = new Set(quoted.map(q => getComputedStyle(q).fontFamily));
    const family = [...families][0];
    const japanese = (ch) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(ch);
    const chars = [...new Set(quoted.flatMap(q => [...q.textContent]).filter(japanese))];
    // The box a Japanese character gets when no font has it: an ideograph the site never uses.
    let absent = 0x9fa5;
    while (document.body.textContent.includes(String.fromCodePoint(absent))) absent -= 1;
    try {
        await document.fonts.load("32px " + family, chars.join(""));  // a canvas draws only fonts already loaded
    } catch (error) {
        return {families: [...families], chars: chars.length, bundled: 0, missing: chars.length, distinct: 0};
    }
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 48;
    const context = canvas.getContext("2d", {willReadFrequently: true});
    const draw = (ch) => {
        context.clearRect(0, 0, 48, 48);
        context.font = "32px " + family;
        context.textBaseline = "top";
        context.fillText(ch, 4, 4);
        return context.getImageData(0, 0, 48, 48).data.join(",");
    };
    const missing = draw(String.fromCodePoint(absent));
    const drawn = chars.map(draw);
    const bundled = [...document.fonts].filter(f => f.family.includes("Noto Sans JP subset") && f.status === "loaded");
    return {families: [...families], chars: chars.length, missing: drawn.filter(d => d === missing).length,
            distinct: new Set(drawn).size, bundled: bundled.length};
}"""


def test_japanese_quotations_render_with_the_bundled_font(browser: Any, base_url: str) -> None:
    """Every Japanese character of the page is drawn with the site's own font subset, not the reader's:
    this holds on a machine with no Japanese font at all, where a character the subset lacks would be
    drawn as the missing-glyph box."""
    visit = Visit(browser, base_url)
    page = visit.open("/rules/ttykm/actions/")
    assert page.locator("q[lang='ja']").count() >= 4
    assert page.locator("q[lang='fr']").count() >= 8
    found = page.evaluate(GLYPHS)
    assert found["families"] == ['"Noto Sans JP subset", "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", Meiryo, '
                                 'sans-serif'] and found["bundled"] == 1, found
    assert found["chars"] >= 20
    assert found["missing"] == 0, "Japanese drawn as missing-glyph boxes"
    assert found["distinct"] == found["chars"], "different characters drawn alike"
    licence = page.request.get(base_url + "/assets/fonts/noto-sans-jp-OFL.txt")
    assert licence.status == 200 and "SIL OPEN FONT LICENSE" in licence.text()
    visit.assert_clean()


def test_clause_anchors_work_in_kebab_case_and_dark_mode_follows_the_system(browser: Any, base_url: str) -> None:
    visit = Visit(browser, base_url, dark=True)
    page = visit.open("/rules/ttykm/actions/#move-push-chain")
    page.wait_for_timeout(300)
    top = page.locator("h3[id='MOVE.PUSH.CHAIN']").evaluate("h => h.getBoundingClientRect().top")
    assert 0 <= top < 200, "the kebab anchor does not bring the clause into view"
    assert page.locator("body").get_attribute("data-md-color-scheme") == "slate"
    page.locator("label.md-header__button[for^='__palette']:visible").first.click()
    assert page.locator("body").get_attribute("data-md-color-scheme") == "default"
    visit.assert_clean()


def french_rules_paths() -> list[str]:
    """The addresses of the games' French rules and rulings pages (docs/fr/<game>/regles.md, decisions.md)."""
    return [f"/fr/{folder.name}/{page.stem}/" for folder in sorted((ROOT / "docs" / "fr").iterdir())
            for page in (folder / "regles.md", folder / "decisions.md") if page.is_file()]


def test_the_home_and_rulings_pages_have_no_broken_link(browser: Any, base_url: str) -> None:
    """Every link of these pages answers, every citation of a ruling included (to its anchor), and so does every
    link of the games' French rules and rulings pages."""
    visit = Visit(browser, base_url)
    hrefs: set[str] = set()
    for path in ("/", "/rulings/", "/rulings-ttykm/", "/rulings-time-chase/", "/rulings-trois-ombres/", "/playground/",
                 "/rules/ttykm/rulings-chapters/", "/rules/time-chase/past/", "/fr/", "/fr/glossary/", "/glossary/",
                 *french_rules_paths()):
        page = visit.open(path)
        hrefs.update(page.eval_on_selector_all("article a[href]", "links => links.map(a => a.href)"))
    rulings = {h for h in hrefs if "#ruling-" in h}
    assert len(rulings) >= 100
    assert any("#ruling-tc-" in h for h in rulings) and any("#ruling-ombres-" in h for h in rulings)
    page = visit.open("/rules/ttykm/rulings/")
    assert page.locator("[id='ruling-t3']").count() == 1
    assert "Push" in page.locator("article").inner_text()
    links_resolve(visit, hrefs)
    visit.assert_clean()


SOURCE_NAMES = ("The French rulebook", "The BGA help page", "The Contre-Temps rules", "The 3 Ombres rules")


def test_every_page_cites_a_source_by_its_name(site: Path) -> None:
    """No built page (nor the search index) names a source document by the number it has in the project's
    own files ("seed 000"): a reader knows the document by its name, and the rulings page says once which
    document each name is."""
    internal = re.compile(r"\bseed\s+0|\bseeds\s+0\d\d", re.IGNORECASE)  # not "seeds 0, 1, ..." of a random draw
    pages = [*site.rglob("*.html"), site / "search" / "search_index.json"]
    assert len(pages) > 50
    found = [f"{page.relative_to(site)}: {m[0]!r}" for page in pages for m in [internal.search(page.read_text())] if m]
    assert found == [], "a source cited by the project's number for it"
    rulings = (site / "rulings" / "index.html").read_text()
    french_home = (site / "fr" / "index.html").read_text()  # the same names, after their French ones
    for name in SOURCE_NAMES:
        assert f"<strong>{name}</strong>" in rulings, name
        assert f"(citée « {name[0].lower()}{name[1:]} »)" in french_home, name


def test_every_built_page_says_the_language_of_its_edition(site: Path) -> None:
    """``<html lang="fr">`` on every page under fr/, ``lang="en"`` on every other page (a scan of the build)."""
    wrong, french = [], 0
    for page in sorted(site.rglob("*.html")):
        found = re.search(r'<html\b[^>]*\blang="([^"]*)"', page.read_text(encoding="utf-8", errors="replace")[:4000])
        edition = "fr" if page.relative_to(site).parts[0] == "fr" else "en"
        french += edition == "fr"
        if found is None or found[1] != edition:
            wrong.append(f"{page.relative_to(site)}: {found[1] if found else 'no lang'}")
    assert wrong == [] and french >= 20, wrong[:10]


def test_the_french_card_games_pages_show_the_command_line_answering_in_french(site: Path) -> None:
    """The command line's sessions on the French pages of Time Chase and 3 Ombres answer in French (as under a
    French locale), the English pages' in English; the commands and the notation are the same."""
    from tests.test_cli_french import english_left

    for game in ("time-chase", "trois-ombres"):
        said = {}
        for edition in ("", "fr/"):
            page = (site / f"{edition}{game}" / "index.html").read_text(encoding="utf-8")
            blocks = [html.unescape(re.sub(r"<[^>]+>", "", block))
                      for block in re.findall(r'<div class="highlight"><pre>(.*?)</pre>', page, re.S)
                      if 'class="gp">$ ' in block]  # a session: its commands and their answers
            lines = [line for block in blocks for line in block.splitlines()]
            said[edition] = ("\n".join(line for line in lines if not line.startswith("$ ")),
                             [line for line in lines if line.startswith("$ ")])
        assert said["fr/"][0] and english_left(said["fr/"][0]) == [], english_left(said["fr/"][0])[:3]
        assert "[exit status" not in said["fr/"][0] and "[code de sortie 1]" in said["fr/"][0]
        assert english_left(said[""][0]) and said[""][1] == said["fr/"][1]
        if game == "time-chase":  # the answers' words (the table's lines) write a card by its French label, J11
            words = [line for line in said["fr/"][0].splitlines() if "=" not in line and not line.startswith("  bid")]
            assert not ENGLISH_CARD.search("\n".join(words)), [line for line in words if ENGLISH_CARD.search(line)]
            assert any(re.search(r"main .*\bVi\d", line) for line in words)


# A page of each kind in both editions: (address, its language, what its header says, where the
# language switch leads: the same page in the other edition, or that edition's home page).
EDITION_PAGES = [
    ("/", "en", "three games", "/fr/"), ("/fr/", "fr", "trois jeux", "/"),
    ("/time-chase/", "en", "Time Chase", "/fr/time-chase/"), ("/fr/time-chase/", "fr", "Contre-Temps", "/time-chase/"),
    ("/trois-ombres/", "en", "L'heure des 3 ombres", "/fr/trois-ombres/"),
    ("/fr/trois-ombres/", "fr", "L'heure des 3 ombres", "/trois-ombres/"),
    ("/rules/time-chase/past/", "en", "Time Chase", "/fr/time-chase/"),
    ("/rules/trois-ombres/turn/", "en", "L'heure des 3 ombres", "/fr/trois-ombres/"),
    ("/rules/ttykm/growth/", "en", "That Time You Killed Me", "/fr/ttykm/learn/12-growth/"),
    ("/cli/", "en", "three games", "/fr/"),
    ("/ttykm/learn/03-a-turn/", "en", "That Time You Killed Me", "/fr/ttykm/learn/03-a-turn/"),
    ("/fr/ttykm/learn/03-a-turn/", "fr", "Demain tu m'as tué", "/ttykm/learn/03-a-turn/"),
    ("/rulings-time-chase/", "en", "Time Chase", "/fr/time-chase/"),
    ("/fr/playground/", "fr", "trois jeux", "/playground/"), ("/fr/glossary/", "fr", "trois jeux", "/glossary/"),
    ("/glossary/", "en", "three games", "/fr/glossary/"),
    ("/strategy-faq/", "en", "three games", "/fr/strategy-faq/"),
    ("/fr/strategy-faq/", "fr", "trois jeux", "/strategy-faq/"),
    ("/trois-ombres/questions/", "en", "L'heure des 3 ombres", "/fr/trois-ombres/questions/"),
    ("/fr/trois-ombres/questions/", "fr", "L'heure des 3 ombres", "/trois-ombres/questions/"),
    ("/time-chase/questions/", "en", "Time Chase", "/fr/time-chase/questions/"),
    ("/fr/time-chase/questions/", "fr", "Contre-Temps", "/time-chase/questions/"),
]


PHONE_PAGES = ("/fr/", "/fr/time-chase/", "/fr/trois-ombres/", "/fr/glossary/", "/glossary/")


def test_each_page_says_its_language_and_its_game_and_switches_edition(browser: Any, base_url: str) -> None:
    """``<html lang>`` right, the header naming the page's game, a navigation of the page's own edition
    (and game), no sideways scroll, and a language switch to the same page in the other edition; every
    page at 1280 px, the French ones most at risk at 390 px too."""
    for width in WIDTHS:
        visit = Visit(browser, base_url, width)
        for path, language, header, switch_to in EDITION_PAGES:
            if width != WIDTHS[0] and path not in PHONE_PAGES:
                continue
            page = visit.open(path)
            assert page.evaluate("document.documentElement.lang") == language, path
            if width != WIDTHS[0]:  # a phone's header names the game by its short name
                header = next((SHORT_NAMES[language][game] for game, name in GAME_NAMES[language].items()
                               if name == header), header)
            assert header in page.locator(".md-header__topic").first.inner_text(), path
            assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{path} scrolls sideways"
            nav = page.locator("nav.md-nav--primary").first.inner_text()
            assert ("Apprendre à jouer" in nav) == (language == "fr"), path
            assert ("Learn to play" in nav) == (language == "en"), path
            if "time-chase" in path:  # a game's page lists that game's sections only
                assert "3 ombres" not in nav, path
            # The questions and strategy are TTYKM's: on its pages, never on a card game's, in either edition;
            # a card game's own questions are in its section.
            card_game = "time-chase" in path or "trois-ombres" in path
            assert ("Questions and strategy" in nav) == (language == "en" and not card_game), path
            assert ("Questions et stratégie" in nav) == (language == "fr" and not card_game), path
            if card_game and path.removeprefix("/fr").startswith(("/time-chase/", "/trois-ombres/")):
                assert ("Questions sur" if language == "fr" else "Questions on") in nav, path
            if "/learn/" in path:
                boards_render(page, 1)
            # The switch leads to the same page in the other edition (each is in the list, with its language).
            other = "en" if language == "fr" else "fr"
            switch = page.locator(f"a.md-select__link[hreflang='{other}']")
            assert switch.count() == 1, path
            target = urlsplit(switch.evaluate("a => a.href")).path
            assert target == switch_to, (path, target)
            # A switch to another page than this one in the other language says so.
            said = switch.text_content() or ""
            assert ("non traduite" in said or "not translated" in said) == (
                target.removeprefix("/fr") != path.removeprefix("/fr")), (path, said)
            assert any(p == target and lang == other for p, lang, _, _ in EDITION_PAGES) or target in (
                "/playground/", "/fr/ttykm/learn/12-growth/")
            if language == "fr":
                OUTPUT.mkdir(exist_ok=True)
                name = path.strip("/").replace("/", "-") or "home"
                page.screenshot(path=str(OUTPUT / f"site-edition-{name}-{width}.png"))
        visit.assert_clean()


SOURCE_PAGES = (("/", "en"), ("/rules/time-chase/past/", "en"), ("/fr/trois-ombres/", "fr"),
                ("/fr/ttykm/learn/03-a-turn/", "fr"))


@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_offers_the_source_it_was_built_from(browser: Any, base_url: str, width: int) -> None:
    """The project has no public address: the header's Source link (in the menu on a phone) downloads
    the source distribution built into the site, in either edition, from any depth of page; it holds
    what the site is built from."""
    visit = Visit(browser, base_url, width)
    archives: set[str] = set()
    for path, language in SOURCE_PAGES:
        page = visit.open(path)
        if width < 500:  # the header has no room: the link is at the top of the menu
            page.locator("label.md-header__button[for='__drawer']").click()
        link = page.locator("a.md-source:visible").first
        assert "Source" in link.inner_text(), path
        assert link.get_attribute("title") == TITLE[language] and link.get_attribute("download") is not None, path
        archives.add(link.evaluate("a => a.href"))
    (archive,) = archives  # one archive, whatever the page's depth
    assert urlsplit(archive).path == f"/source/{archive_name()}"
    response = visit.page.request.get(archive)
    assert response.status == 200
    with tarfile.open(fileobj=io.BytesIO(response.body()), mode="r:gz") as tar:
        names = {name.partition("/")[2] for name in tar.getnames()}
    assert {"README.md", "mkdocs.yml", "dev", "spec/README.md", "docs/hooks.py", "oracle/words.py"} <= names
    visit.assert_clean()


# The entries of the navigation's section titled so: [(its text, its address)].
SECTION_LINKS = """title => [...document.querySelectorAll('nav.md-nav--primary li.md-nav__item--nested')]
    .filter(li => li.querySelector(':scope > label')?.textContent.trim() === title)
    .flatMap(li => [...li.querySelectorAll('a')].map(a => [a.textContent.trim(), a.href]))"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_french_edition_reaches_each_game_s_rules_from_its_navigation(browser: Any, base_url: str,
                                                                          width: int) -> None:
    """Every French page's navigation leads to the rules and rulings, at both widths: a game's page to its French
    rules and rulings (docs/fr/<game>/regles.md, decisions.md), or, for a game without them, to its English rules
    and the rulings page, saying so; the home page to each game's; and the French pages' examples speak French
    typography."""
    visit = Visit(browser, base_url, width)
    for path, game in (("/fr/", None), ("/fr/time-chase/", "time-chase"), ("/fr/ttykm/learn/03-a-turn/", "ttykm")):
        page = visit.open(path)
        if width < 500:
            page.locator("label.md-header__button[for='__drawer']").click()
        for french, english, english_target in (("regles.md", "Règles", f"/rules/{game}/"),
                                                ("decisions.md", "Décisions et sources", "/rulings/")):
            if game is None:  # a section naming every game, each leading to its French page or its English one
                entries = dict(page.evaluate(SECTION_LINKS, english))
                for name, french_name in GAME_NAMES["fr"].items():
                    has_french = (ROOT / "docs" / "fr" / name / french).is_file()
                    shown = french_name if has_french else f"{french_name} (en anglais)"
                    assert urlsplit(entries[shown]).path.startswith(f"/fr/{name}/") == has_french, (path, shown)
                    assert visit.page.request.get(entries[shown]).status == 200
                continue
            has_french = (ROOT / "docs" / "fr" / game / french).is_file()
            text = english if has_french else f"{english} (en anglais)"
            link = page.locator("nav.md-nav--primary a:visible", has_text=text)
            link = link.filter(has_not_text="(en anglais)") if has_french else link
            assert link.count() == 1, (path, text)
            href = link.evaluate("a => a.href")
            target = f"/fr/{game}/{french.removesuffix('.md')}/" if has_french else english_target
            assert urlsplit(href).path == target, (path, text, href)
            assert visit.page.request.get(href).status == 200
        article = page.locator("article").inner_html()
        assert "Provisional" not in article and "Exemple</a>: " not in article, path
    visit.assert_clean()


def result_links(visit: Visit, path: str, query: str) -> tuple[list[str], str]:
    """Every link of the results of a search typed on ``path`` (in either edition), in the order shown,
    and the line that counts them."""
    page = visit.open(path)
    if visit.width < 500:  # on a phone the search field opens from the header's button
        page.locator("label.md-header__button[for='__search']").click()
    page.locator("input.md-search__input").click()
    page.locator(".md-search-result__meta").first.wait_for(state="visible")
    page.locator("input.md-search__input").press_sequentially(query, delay=20)
    page.locator("a.md-search-result__link").first.wait_for(state="visible")
    page.wait_for_timeout(200)  # the reordering runs once the results are drawn
    hrefs = [(a.get_attribute("href") or "") for a in page.locator("a.md-search-result__link").all()]
    return hrefs, page.locator(".md-search-result__meta").first.inner_text()


def test_a_ruling_is_found_by_its_id(browser: Any, base_url: str) -> None:
    """ "K7" finds the chapters' ruling K7 itself first on a TTYKM page, and every game's K7 is among the
    results; on a French page of a game, that game's; a game named first ("TC K4") picks that game's
    ruling, an exact ID its own anchor (A1, not A15); French little words do not match everything."""
    visit = Visit(browser, base_url)
    hrefs, _ = result_links(visit, "/rules/ttykm/board/", "K7")
    rulings = [h for h in hrefs if "#ruling-" in h]
    assert rulings and rulings[0].endswith("rules/ttykm/rulings-chapters/?h=k7#ruling-k7"), hrefs[:6]
    assert {h.rpartition("#")[2] for h in rulings} >= {"ruling-k7", "ruling-tc-k7", "ruling-ombres-k7"}, rulings
    for path, query, anchor in (("/fr/trois-ombres/", "K7", "#ruling-ombres-k7"),
                                ("/fr/trois-ombres/", "TC K4", "#ruling-tc-k4"),
                                ("/time-chase/", "A1", "#ruling-tc-a1")):
        hrefs, _ = result_links(visit, path, query)
        rulings = [h for h in hrefs if "#ruling-" in h]
        assert rulings and rulings[0].endswith(anchor), (path, query, hrefs[:6])
    visit.assert_clean()
    visit = Visit(browser, base_url, width=WIDTHS[1])
    hrefs, counted = result_links(visit, "/fr/trois-ombres/", "Coup de bluff")
    OUTPUT.mkdir(exist_ok=True)
    visit.page.screenshot(path=str(OUTPUT / "site-search-fr-bluff-390.png"))
    # The French lesson's section first (a French reader), then its French questions, the clause among the first
    # results after them.
    assert hrefs[1].endswith("/fr/trois-ombres/?h=coup+bluff#la-fin-et-le-coup-de-bluff"), hrefs[:6]
    assert any("/fr/trois-ombres/questions/" in h for h in hrefs[:8]), " ".join(hrefs[:12])
    assert any("#OMBRES.BLUFF" in h for h in hrefs[:12]) and not any("h=de" in h for h in hrefs), " ".join(hrefs[:12])
    assert int(counted.split()[0]) < 40, counted  # with "de" searched, 79 pages matched
    # A French reader's own game's French page before its English rules.
    hrefs, _ = result_links(visit, "/fr/trois-ombres/", "Traquenard")
    assert urlsplit(hrefs[0]).path == "/fr/trois-ombres/", hrefs[:4]
    visit.assert_clean()


def test_a_missing_browser_skips_locally_and_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must run the browser test"):
        unavailable("no Chromium found")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="no Chromium found"):
        unavailable("no Chromium found")


def dealt(name: str, actions: tuple[str, ...] = ()) -> str:
    """A card game's state after its deal (drawn with a fixed seed) and ``actions``."""
    from random import Random

    from oracle.games import load_game

    game = load_game(name)
    rules = game.parse_rules(None, None)
    state = game.initial_state(rules)
    state = game.apply(state, game.sample_chance(state, rules, Random(7)), rules).state
    for action in actions:
        state = game.apply(state, game.parse_action(action), rules).state
    return game.format_state(state)


# Every visible picture of the card games' table lies whole inside its frame and the screen: no text of
# it is cut off or scrolled out of sight (the frame would scroll, hiding events 9-10 or the Agence).
TABLE_FITS = """() => {
    const wrong = [];
    for (const frame of document.querySelectorAll(".pg-picture")) {
        const box = frame.getBoundingClientRect();
        for (const svg of frame.querySelectorAll("svg")) {
            if (svg.getBoundingClientRect().width === 0) continue;  // the layout CSS hides at this width
            for (const text of svg.querySelectorAll("text")) {
                const t = text.getBoundingClientRect();
                if (t.width === 0) continue;
                if (t.left < box.left - 1 || t.right > box.right + 1 || t.right > window.innerWidth)
                    wrong.push(`${text.textContent.trim()} at ${Math.round(t.left)}-${Math.round(t.right)} px`);
            }
        }
    }
    return wrong;
}"""


def umpire_picture_first(page: Any, summary: str) -> None:
    """The umpire's view opens on the picture; the oracle's text rendering waits, folded, under it."""
    assert page.locator(".pg-board > :first-child").evaluate("e => e.className") == "pg-picture"
    fold = page.locator(".pg-board > details.pg-text-fold")
    assert fold.count() == 1 and fold.get_attribute("open") is None
    assert fold.locator("summary").inner_text() == summary
    assert page.locator(".pg-board pre.pg-text:visible").count() == 0


@pytest.mark.parametrize("width", WIDTHS)
def test_the_card_games_show_their_whole_table_in_words(browser: Any, base_url: str, width: int) -> None:
    """A seat's view is in words (never JSON), the umpire sees every tile, and the table fits the page."""
    visit = Visit(browser, base_url, width)
    state = dealt("trois-ombres", ("roll", "die loupe", "reveal R1"))
    # Memory mode off: the list of the tiles seen shows, in words.
    page = open_playground(visit, "?game=trois-ombres&seat=0&memory=off&position=" + quote(state))
    view = page.locator(".pg-view")
    assert "tiles you have seen" in view.locator(".pg-private dt").all_inner_texts()
    text = view.inner_text()
    assert not re.search(r'[{}"\[\]]', text), f"raw JSON in the player's view: {text[:300]}"
    # The seat's own memory only: never "p1: none" for tiles every player saw turned up.
    assert view.locator(".pg-private dd").first.inner_text() == "R1 3h"
    shown = page.locator(".pg-picture svg:not(.key):visible")
    assert shown.count() == 1 and "Agence" in (shown.text_content() or "")
    assert page.evaluate(TABLE_FITS) == []
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-seat-trois-ombres-{width}.png"), full_page=True)
    # The umpire sees every hidden tile: the face-down ones are drawn with their faces, no '?'.
    page.locator("select.pg-seat").select_option("umpire")
    table = page.locator(".pg-picture svg:not(.key):visible")
    assert table.count() == 1
    labels = [t.strip() for t in table.locator("text").all_text_contents()]
    assert "?" not in labels and "5n" in labels, "the umpire's table hides the face-down tiles"
    assert page.evaluate(TABLE_FITS) == []
    umpire_picture_first(page, "The table in the oracle's text")
    page.screenshot(path=str(OUTPUT / f"site-playground-umpire-trois-ombres-{width}.png"), full_page=True)
    # Time Chase's timeline, every event of it in sight: event 1, and events 2-10 to come in one box.
    page = open_playground(visit, "?game=time-chase&seat=0&position=" + quote(dealt("time-chase")))
    timeline = page.locator(".pg-picture svg:visible")
    assert timeline.count() == 1 and "event 1" in (timeline.text_content() or "")
    assert timeline.locator("g.future").get_attribute("data-events") == "2-10"
    assert page.evaluate(TABLE_FITS) == []
    page.screenshot(path=str(OUTPUT / f"site-playground-seat-time-chase-{width}.png"), full_page=True)
    visit.assert_clean()


CELL_HOLDS = """([cell, colour]) => {
    const svg = [...document.querySelectorAll(".pg-board svg.ttykm-board")].find(s => s.getBoundingClientRect().width);
    const square = svg.querySelector(`rect[data-cell='${cell}']`) || svg.querySelector(`[data-cell='${cell}']`);
    const box = square.getBoundingClientRect();
    return [...svg.querySelectorAll(`circle.copy.${colour}`)].some(c => {
        const b = c.getBoundingClientRect(), x = b.x + b.width / 2, y = b.y + b.height / 2;
        return b.width > 0 && box.left <= x && x <= box.right && box.top <= y && y <= box.bottom;
    });
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_playground_follows_the_turn_and_the_game(browser: Any, base_url: str, width: int) -> None:
    """The copy is drawn where its clicks took it; the chooser names the game a lesson's link opened; the
    typed action is cleared when the game changes; a turn that stops short is refused at its Focus."""
    visit = Visit(browser, base_url, width)
    page = open_playground(visit)
    visible_cell(page, "past:a1").click()
    visible_cell(page, "past:a2").click()
    highlight = page.locator(".pg-board svg.ttykm-board:visible .highlight[data-cell]")
    assert highlight.count() == 1 and highlight.get_attribute("data-cell") == "past:a2"
    assert page.evaluate(CELL_HOLDS, ["past:a2", "white"]) and not page.evaluate(CELL_HOLDS, ["past:a1", "white"])
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-one-click-{width}.png"))
    page.locator(".pg-typed").fill("d4 N >past")
    page.locator("select.pg-game").select_option("trois-ombres|")
    assert page.locator(".pg-typed").input_value() == ""
    # A lesson's "Try it in the playground" holds the position alone: the chooser names its chapter,
    # and a new game starts that chapter again.
    page = visit.open("/ttykm/learn/13-influence/")
    page.locator("a.ttykm-open-link").first.click()
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    assert page.locator("select.pg-game").input_value() == "ttykm|influence"
    page.locator(".pg-restart").click()
    assert "rules=influence" in page.locator(".pg-position").input_value()
    assert page.locator("select.pg-game").input_value() == "ttykm|influence"
    # Lesson 03: stopping after one action is refused at the Focus, not on the square the copy moved to.
    page = visit.open("/ttykm/learn/03-a-turn/")
    example = page.locator(".ttykm-example", has_text="Stopping after one action is not allowed")
    board = example.locator("svg.ttykm-board:visible").last
    badge = board.locator("g.marker.refused")
    assert badge.count() == 1 and badge.get_attribute("data-focus") == "present"
    past, mark = board.locator("g.era.past").bounding_box(), badge.bounding_box()
    assert past is not None and mark is not None
    assert not (mark["x"] < past["x"] + past["width"] and past["x"] < mark["x"] + mark["width"]
                and mark["y"] < past["y"] + past["height"] and past["y"] < mark["y"] + mark["height"]), \
        "the no-entry badge sits on the past board, where the legal first move went"
    example.scroll_into_view_if_needed()
    example.screenshot(path=str(OUTPUT / f"site-learn-stop-short-{width}.png"))
    visit.assert_clean()


# The playground's own words in a page (the oracle's notation, reasons, events and a view's fields apart),
# with the values of the attributes a reader hears or sees on hovering, and the chooser's names.
PLAYGROUND_WORDS = """() => {
    const root = document.getElementById("ttykm-playground").cloneNode(true);
    for (const node of root.querySelectorAll(".pg-events, .pg-step-text, .pg-fields, .pg-picture, .pg-text, " +
        ".pg-refused, code, svg, input")) node.remove();
    const words = [root.innerText || root.textContent];
    for (const node of [root, ...root.querySelectorAll("*")]) {
        for (const name of ["aria-label", "title", "label"]) {
            if (node.getAttribute(name)) words.push(node.getAttribute(name));
        }
    }
    return words.join("\\n");
}"""

# Words of the English interface built from parts, which the table of plain strings does not list.
ENGLISH_PHRASES = ("to move", "legal turns", "just played", "step 2 of", "Pass the device", "show my view",
                   "Your turn", "Nobody had a choice", "everybody saw", "seen so far", "turn box", "nobody has",
                   "sees", "to act", "Focus to the", "choices")


def prompt(page: Any) -> str:
    """What the step asks, said once: in the turn box (on a phone, its heading and this line may come above a
    table of tiles), not again under the board, whose status is one line."""
    asked = page.locator(".pg-turn .pg-do, .pg-doing .pg-do").inner_text()
    status = page.locator(".pg-status").inner_text()
    assert asked not in status and "\n" not in status, status
    assert page.locator("#ttykm-playground").inner_text().count(asked) == 1, asked
    return str(asked)


SAME_IN_BOTH = ("position",)  # the words of the table that French writes as English does


def english_left(page: Any) -> list[str]:
    """The English words of the playground's table still on a French page."""
    table = page.evaluate("window.ttykmPlayground.words")
    english = [both["en"] for key, both in table.items()
               if isinstance(both["en"], str) and len(both["en"].strip()) > 3 and key not in SAME_IN_BOTH]
    english += [word for word in table["eras"]["en"].values()]
    shown = page.evaluate(PLAYGROUND_WORDS)
    return [text for text in english + list(ENGLISH_PHRASES) if text.strip() and text.strip() in shown]


@pytest.mark.parametrize("width", WIDTHS)
def test_the_french_playground_speaks_french(browser: Any, base_url: str, width: int) -> None:
    """On the French edition every word of the playground is French: a turn clicked and one typed, then
    Time Chase and 3 Ombres from the chooser, with no English word of the script's table left; the English
    page keeps its English."""
    from oracle.games import load_game

    visit = Visit(browser, base_url, width)
    page = visit.open("/fr/playground/")
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    assert page.evaluate("document.documentElement.lang") == "fr"
    status = page.locator(".pg-status")
    assert status.inner_text().startswith("Aux Blancs de jouer,") and "tours légaux" in status.inner_text()
    assert page.locator(".pg-undo").inner_text() == "Annuler un clic"
    assert page.locator(".pg-restart").inner_text() == "Nouvelle partie"
    assert page.locator(".pg-edit").inner_text() == "Modifier la position"
    assert page.locator(".pg-type button").inner_text() == "La jouer"
    assert page.locator("label.pg-choose").first.inner_text().startswith("Jouer à")
    assert page.locator(".pg-editor summary").inner_text().startswith("La position en notation")
    assert page.locator("button[data-pick='focus:present']").inner_text() == "Focus au présent"
    options = page.locator("select.pg-game option").all_inner_texts()
    assert "Demain tu m'as tué : Croissance" in options and "Contre-Temps" in options, options
    if width != WIDTHS[0]:
        assert page.locator(".pg-eras:not(.pg-step-eras) .pg-era").all_inner_texts()[0].startswith("Passé")
    assert english_left(page) == []
    # A turn by clicks: its replay, step by step, in French.
    for cell in ("past:a1", "past:a2", "past:b2"):
        visible_cell(page, cell).click()
    assert status.inner_text().startswith("Cliquez une case cerclée")
    assert page.evaluate(LEGEND_FITS) == []  # the key's "peut aller ici" as large as its other entries
    page.locator("button[data-pick='focus:present']").click()
    replay = page.locator(".pg-replay")
    assert "Le tour qui vient d'être joué, pas à pas" in replay.inner_text()
    assert "étape 1 sur 4" in replay.inner_text()
    assert page.locator(".pg-step-text").inner_text() == "Les Blancs choisissent la copie de la case a1 du passé."
    page.locator(".pg-next").click()
    assert "étape 2 sur 4" in replay.inner_text() and page.locator(".pg-next").inner_text() == "Étape suivante"
    assert status.inner_text().startswith("Aux Noirs de jouer,")
    assert english_left(page) == []
    # A turn typed: refused in French around the oracle's own reason and rule, then one played.
    page.locator(".pg-typed").fill("d4 E S >past")
    page.locator(".pg-type button").click()
    refused = page.locator(".pg-refused").inner_text()
    assert refused.startswith("Interdit :") and "(La règle : MOVE.WALL" in refused
    game = load_game("ttykm")
    rules = game.parse_rules(None, None)
    before = game.parse_state(page.locator(".pg-position").input_value())
    turn = game.legal_actions(before, rules)[0]
    page.locator(".pg-typed").fill(game.format_action(turn))
    page.locator(".pg-type button").click()
    assert page.locator(".pg-position").input_value() == game.format_state(game.apply(before, turn, rules).state)
    assert status.inner_text().startswith("Aux Blancs de jouer,")
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-fr-playground-ttykm-{width}.png"), full_page=True)
    # The card games, from the chooser: chance, the pass-the-device screen and a seat's view.
    for name in ("time-chase", "trois-ombres"):
        page.locator("select.pg-game").select_option(f"{name}|")
        assert status.inner_text().startswith("Au hasard d'agir")
        chance = {"time-chase": "Distribuer les cartes", "trois-ombres": "Distribuer les tuiles"}[name]
        assert page.locator("button[data-pick='chance']").inner_text() == chance
        assert page.locator("label.pg-seat-choice").inner_text().startswith("Place")
        seats = page.locator("select.pg-seat option").all_inner_texts()
        assert seats[0] == "Passer et jouer : la vue de chaque joueur"
        assert seats[-1] == "Arbitre : toutes les cartes cachées montrées"
        page.locator("button[data-pick='chance']").click()
        assert page.locator(".pg-pass strong").first.inner_text().startswith("Passez l'appareil à ")
        assert page.locator(".pg-pass-ready").inner_text().startswith("Je suis ")
        assert english_left(page) == []
        page.locator(".pg-pass-ready").click()
        assert page.locator(".pg-view-title").inner_text().startswith("Ce que voit ")
        # Time Chase's bids were forced (nobody holds a crystal): the status says to play a card, and where p0
        # plays; 3 Ombres's, to roll the die: what to do, never a count of choices.
        said = {"time-chase": r"Jouez une carte de votre main\. p\d joue sur l'événement 1 et ouvre",
                "trois-ombres": r"Lancez le dé pour commencer votre tour\."}[name]  # a fresh deal: any first player
        assert re.match(said, prompt(page)) and not re.search(r"\d choix", status.inner_text())
        assert english_left(page) == []
        page.screenshot(path=str(OUTPUT / f"site-fr-playground-{name}-{width}.png"), full_page=True)
        # The umpire's table in the oracle's text is French too (oracle --lang fr), its step named in French.
        page.locator("select.pg-seat").select_option("umpire")
        umpire_picture_first(page, "La table dans le texte de l'oracle")
        text = page.locator(".pg-board pre.pg-text").text_content() or ""
        french = {"time-chase": ("Contre-Temps, 4 joueurs, manche 1 sur 10 : pli en position 1",
                                 "p0 : 0 cristal, main"),
                  "trois-ombres": ("; étape tour", "légende : ")}[name]
        assert all(words in text for words in french) and not re.search(r"\b(step|players|hand|legend)\b", text), text
        page.locator("details.pg-text-fold").evaluate("d => { d.open = true; }")
        page.screenshot(path=str(OUTPUT / f"site-fr-playground-umpire-{name}-{width}.png"), full_page=True)
        page.locator("select.pg-seat").select_option("hot")
    # The language switch opens the same game, seat and position in the English edition.
    query = urlsplit(page.url).query
    assert "game=" in query and "seat=" in query
    assert urlsplit(page.locator("a.md-select__link[hreflang='en']").evaluate("a => a.href")).query == query
    # The English page is unchanged.
    page = open_playground(visit)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator(".pg-status").inner_text().startswith("White to move,")
    assert page.locator(".pg-undo").inner_text() == "Undo a click"
    assert page.locator("button[data-pick='focus:present']").inner_text() == "Focus to the present"
    page.locator("select.pg-game").select_option("time-chase|")
    # The tab kept the game the French page left: it goes on, in English; New game starts it over.
    assert page.locator("button[data-pick='chance']").count() == 0 and "to act" in page.locator(
        ".pg-status").inner_text()
    page.locator(".pg-restart").click()
    assert page.locator("button[data-pick='chance']").inner_text() == "Deal the cards"
    assert page.locator(".pg-status").inner_text().startswith("Chance acts next")
    visit.assert_clean()


# The playground's words, pictures and folds as a reader reads them, less the notation's own boxes (a code, the
# position and link fields, the editor, the folded notation of a step) and the key to typing in notation.
PROSE_OUTSIDE_NOTATION = """() => {
    const root = document.querySelector("#ttykm-playground").cloneNode(true);
    root.querySelectorAll("code, input, textarea, .pg-editor, .pg-notation, .pg-type-key").forEach(e => e.remove());
    return root.textContent;
}"""
ENGLISH_CARD = re.compile(r"(?<![\w-])[GYP](?:1[0-3]|[1-9])(?![\w-])")  # a Green, Yellow or Purple card's notation


@pytest.mark.parametrize("width", WIDTHS)
def test_the_french_time_chase_table_writes_its_cards_in_french_and_takes_them_typed_so(
        browser: Any, base_url: str, width: int) -> None:
    """The umpire's screen of the French edition (every hand, the cards out of play, those not playable now, the
    steps, the table in the oracle's text): each card in words wears its French label (J13), the notation's letter
    (Y13) only in the notation's boxes; the box takes a card typed with its French label.  A new deal says its
    first player is drawn (rulings SU-6), in both editions."""
    from oracle.games import load_game

    visit = Visit(browser, base_url, width)
    state = dealt("time-chase")  # p2 leads; B5, G7, G12 and P10 are out of play
    page = visit.open("/fr/playground/?game=time-chase&seat=umpire&position=" + quote(state))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    page.locator("details.pg-text-fold").evaluate("d => { d.open = true; }")
    assert page.locator(".pg-out").inner_text().endswith("B5, V7, V12, Vi10")
    prose = page.evaluate(PROSE_OUTSIDE_NOTATION)
    assert not ENGLISH_CARD.search(prose), ENGLISH_CARD.findall(prose)
    assert "tapez J11 ou Y11" in page.locator(".pg-type-key").inner_text()
    # p2 leads Y13, typed as J13: played; p3 must follow Yellow, and the cards it may not play are said in French.
    page.locator(".pg-typed").fill("J13")
    page.locator(".pg-type button").click()
    game = load_game("time-chase")
    rules = game.parse_rules(None, None)
    bid = game.apply(game.parse_state(state), game.parse_action("bids 0,0,0,0"), rules).state
    after = game.apply(bid, game.parse_action("Y13"), rules).state
    assert page.locator(".pg-position").input_value() == game.format_state(after)
    assert page.locator(".pg-refused").count() == 0
    assert "p2 ouvre avec J13" in page.locator(".pg-replay").inner_text()
    assert "V10, Vi9" in page.locator(".pg-why-not").inner_text()
    page.locator("details.pg-text-fold").evaluate("d => { d.open = true; }")
    prose = page.evaluate(PROSE_OUTSIDE_NOTATION)
    assert not ENGLISH_CARD.search(prose), ENGLISH_CARD.findall(prose)
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-fr-playground-time-chase-labels-{width}.png"), full_page=True)
    # A new deal, in each edition: who plays first is drawn.
    for edition, drawn in (("/fr", "est tiré au sort comme premier joueur"), ("", "is drawn as first player")):
        page = visit.open(edition + "/playground/?game=time-chase&seat=umpire")
        page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
        page.locator(".pg-restart").click()  # the tab keeps the game it left: start a new one
        page.locator("button[data-pick='chance']").click()
        assert drawn in page.locator(".pg-replay").inner_text()
        page.screenshot(path=str(OUTPUT / f"site{edition.replace('/', '-')}-playground-time-chase-deal-{width}.png"),
                        full_page=True)
    visit.assert_clean()


# The English words of 3 Ombres's events and endings (`oracle.games.trois_ombres.rules`), and of its state's field
# names, that the French playground must not show; the notation's own (reveal R1, die loupe) are not among them.
OMBRES_ENGLISH = re.compile(r"\b(the|is|are|and|or|of|to|from|again|everybody|wins|loses|clock|shows|revealed|turned"
                            r"|face down|cleared|draws|trap|clue|tiles?|swap|places|discarded|rolled|lands|supply"
                            r"|deck|discard|keeps|uses|closes|opens|eyes|hour|turn|steps|result|investigators)\b")


def test_the_french_playground_tells_a_3_ombres_game_to_its_end_in_french(browser: Any, base_url: str) -> None:
    """The umpire (every hidden card shown) plays the last actions of three games of 3 Ombres on the French
    edition, one ending each way (13 suspects cleared, a bluff, the clock at 12 h): the list of what just
    happened, the ending and the umpire's fields are French, with no English word of the events left."""
    from oracle.games import load_game
    from oracle.games.trois_ombres.components import Rules
    from oracle.games.trois_ombres.team import play_game

    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    visit = Visit(browser, base_url, WIDTHS[0])
    endings, told = {}, []
    for seed, forget in ((1, 0.0), (0, 0.0), (0, 0.5)):  # a win, a bluff and the loss at 12 h (play_game's seeds)
        end, actions = play_game(Rules(), seed, forget)
        state = game.initial_state(rules)
        for action in actions[:-12]:
            state = game.apply(state, action, rules).state
        page = visit.open("/fr/playground/?game=trois-ombres&seat=umpire&position=" + quote(game.format_state(state)))
        page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
        for action in actions[-12:]:
            state = game.apply(state, action, rules).state
            turn_back = page.locator(".pg-turn-back")  # the tiles just revealed, shown face up until turned back
            if turn_back.count():
                turn_back.click()
            # A button, or a ringed tile or slot of the table (a reveal, a clue, a trap): what the umpire clicks.
            pick = game.format_action(action)
            page.locator(f"#ttykm-playground [data-pick='{pick}']:visible").first.dispatch_event("click")
            page.wait_for_function("(s) => document.querySelector('.pg-position').value === s",
                                   arg=game.format_state(state))
            events = page.locator("ol.pg-events").all_inner_texts()  # none for an action that changes nothing seen
            assert not OMBRES_ENGLISH.search(" ".join(events)), events
            told += events
        status = page.locator(".pg-status").inner_text()
        assert status.startswith("La partie est finie : tout le monde ") and not OMBRES_ENGLISH.search(status), status
        endings[(end.result, end.rule)] = status
        fields = page.locator(".pg-umpire-fields th").evaluate_all("ths => ths.map(th => th.textContent)")
        assert "heure" in fields and not [name for name in fields if OMBRES_ENGLISH.search(name)], fields
    assert set(endings) == {("win", "OMBRES.WIN"), ("win", "OMBRES.BLUFF"), ("loss", "OMBRES.LOSS")}
    assert len(told) > 20 and any("est dévoilée" in events for events in told)
    page.locator("details.pg-umpire").evaluate("d => { d.open = true; }")
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "site-fr-playground-ombres-ending-1280.png"), full_page=True)
    visit.assert_clean()


# Where the parts of the playground lie on the page, in CSS pixels from the top of the document.
PLAYGROUND_BOXES = """() => Object.fromEntries(["pg-board", "pg-status", "pg-buttons", "pg-turn", "pg-view"].map(n => {
    const box = document.querySelector("#ttykm-playground > ." + n).getBoundingClientRect();
    return [n, [box.top + window.scrollY, box.bottom + window.scrollY, box.height]];
}))"""

# Whether the status line lies whole in the window, below the sticky header.
STATUS_IN_SIGHT = """() => {
    const box = document.querySelector(".pg-status").getBoundingClientRect();
    const header = document.querySelector(".md-header").getBoundingClientRect().bottom;
    return box.top >= header - 1 && box.bottom <= window.innerHeight + 1;
}"""

# Whether anything of the floating "Back to top" button shows over the table.
TOP_BUTTON_COVERS = """() => {
    const top = document.querySelector(".md-top"), board = document.querySelector(".pg-board");
    if (!top || getComputedStyle(top).display === "none" || top.hidden) return false;
    const a = top.getBoundingClientRect(), b = board.getBoundingClientRect();
    return a.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}"""


# How many times each card shows in the playground, outside the pictures: a control or a word naming it.
SHOWN_TWICE = """(cards) => {
    const root = document.getElementById("ttykm-playground");
    const texts = [...root.querySelectorAll("button, .pg-chip")].map(e => e.textContent.trim());
    return Object.fromEntries(cards.map(c => [c, texts.filter(t => new RegExp(`(^|\\W)${c}(\\W|$)`).test(t)).length]));
}"""


@pytest.mark.parametrize(("edition", "width"), [("", WIDTHS[0]), ("/fr", WIDTHS[1])])
def test_a_time_chase_round_is_told_to_every_player_in_words(browser: Any, base_url: str, edition: str,
                                                             width: int) -> None:
    """Time Chase, pass and play, in English on a desktop and in French on a phone: round 1's forced bids
    are played at once and said; each pass-the-device screen lists what everybody saw since the last pass
    (the bids, the cards, who won the event and put a token on it, the income), in the page's language;
    "Your turn" says the round, the trump and what to follow; the seat's view lists its hand once, the
    others counted; the umpire alone gets every field, as a table in words; "Players" starts a game for
    that many; the help tells of the card games only; after each click the status is in sight; on a
    phone the status and the actions come straight under the table, and "Back to top" never covers it."""
    visit = Visit(browser, base_url, width)
    words: dict[str, dict[str, Any]] = {
        "": {"forced": "Round 1: nobody has crystals yet, so everyone's bid of 0 was sealed for them.",
             "so far": "What everybody has seen so far:", "since": "What everybody saw since you last had the device:",
             "out": "Out of the game (face down): ",
             "bids": "the bids are revealed: p0 0, p1 0, p2 0, p3 0",
             "token": r"p\d puts a token on event 1", "income": r"p\d gains \d crystals? of income",
             "turn": "Your turn, p0", "note": "Round 1 of 10: trump is ", "hand": ["your hand", "the others"],
             "others": "10 cards each, hidden", "play": "Play ", "no": "no", "players": "Players",
             "status": "Play a card from your hand. p0 plays at event 1 and leads: any card.",
             "follow": "must follow", "bid": "Bid in secret: each crystal you spend", "text": "Time Chase, 4 players",
             "no card": "no card is played now: bid first (TC.PLAY)", "plays": "plays", "every hand": "Every hand",
             "new game": "Start a new game for 5 players? The game in progress is lost.", "void": "trump void",
             "crystals": "crystals"},
        "/fr": {"forced": "Manche 1 : personne n'a encore de cristal, donc la mise de 0 de chacun a été scellée "
                          "pour lui.",
                "so far": "Ce que tout le monde a vu jusqu'ici :",
                "since": "Ce que tout le monde a vu depuis que vous avez eu l'appareil :",
                "out": "Hors du jeu (faces cachées) : ",
                "bids": "les mises sont révélées : p0 0, p1 0, p2 0, p3 0",
                "token": r"p\d pose un jeton sur l'événement 1", "income": r"p\d reçoit \d crista(l|ux) de revenu",
                "turn": "À vous, p0", "note": "Manche 1 sur 10 : l'atout est ", "hand": ["votre main", "les autres"],
                "others": "10 cartes cachées chacun", "play": "Jouer ", "no": "non", "players": "Joueurs",
                "status": "Jouez une carte de votre main. p0 joue sur l'événement 1 et ouvre : n'importe quelle carte.",
                "follow": "doit fournir la couleur de", "bid": "Misez en secret : chaque cristal dépensé",
                "no card": "aucune carte ne se joue maintenant : les mises viennent d'abord (TC.PLAY)", "plays": "joue",
                "every hand": "Toutes les mains",
                "new game": "Commencer une nouvelle partie à 5 joueurs ? La partie en cours sera perdue.",
                "text": "Contre-Temps, 4 joueurs", "void": "atout aboli par un paradoxe", "crystals": "cristaux"}}
    said = words[edition]
    # A link to the position before the deal: its deal is drawn from the position, the same each time.
    from oracle.games import load_game

    game = load_game("time-chase")
    before = game.format_state(game.initial_state(game.parse_rules(None, None)))
    page = visit.open(edition + "/playground/?game=time-chase&position=" + quote(before))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    status = page.locator(".pg-status")
    # The card games' help alone is shown (not the board's), and names the Players chooser; it never sends the
    # reader to localhost.
    assert page.locator("article a[href*='127.0.0.1']").count() == 0 and "./dev" not in page.locator(
        "article").inner_text()
    assert page.locator(".pg-help-cards").is_visible() and not page.locator(".pg-help-board").is_visible()
    assert said["players"] in page.locator(".pg-help-rest:visible strong").all_inner_texts()
    assert page.locator("label.pg-players-choice").inner_text().startswith(said["players"])
    assert page.locator("select.pg-players option").all_inner_texts() == ["3", "4", "5", "6"]
    assert page.locator("select.pg-players").input_value() == "4"
    # The deal, then the bids nobody could choose, played at once and said.
    page.locator("button[data-pick='chance']").click()
    assert said["forced"] in status.inner_text()
    since = page.locator(".pg-since-events li")
    assert since.all_inner_texts()[-1] == said["bids"]
    # p0 never had the device: what everybody has seen so far; and it is not said again as "just played".
    assert page.locator(".pg-pass .pg-since p").inner_text() == said["so far"]
    assert page.locator(".pg-pass .pg-just").count() == 0
    page.locator(".pg-pass-ready").click()
    assert page.evaluate(STATUS_IN_SIGHT)
    # Listed on the hand-off screen, the events wait folded on the player's own screen.
    told = page.locator(".pg-turn details.pg-told")
    assert told.get_attribute("open") is None and told.locator("summary").inner_text() == said["so far"]
    assert told.locator(".pg-since-events li").last.text_content() == said["bids"]
    assert page.locator(".pg-turn h2").inner_text() == said["turn"]
    assert page.locator(".pg-note p").nth(1).inner_text().startswith(said["note"])  # after what to do
    view = page.locator(".pg-view")
    assert view.locator("dt").all_inner_texts() == said["hand"] and said["others"] in view.inner_text()
    assert view.locator("details").count() == 0 and "p1: 10 hidden" not in view.inner_text()  # no field dump
    # The hand: each card once, and the card itself the control, named for what it does ("Play R5").
    assert prompt(page).startswith(said["status"])
    cards = view.locator(".pg-private dd button.pg-card")
    hand = cards.all_inner_texts()
    assert len(hand) == 10 and page.locator(".pg-buttons button").count() == 0, "a Play button beside each card"
    shown = page.evaluate(SHOWN_TWICE, hand)
    assert set(shown.values()) == {1}, shown
    assert [c.get_attribute("aria-label") for c in cards.all()] == [said["play"] + card for card in hand]
    # The French edition's cards wear French labels (R, B, V, J, Vi), the box where one types says how to write them.
    key = page.locator(".pg-type-key")
    if edition == "/fr":
        assert not [card for card in hand if re.fullmatch(r"[GYP]\d+", card)] and \
            any(re.fullmatch(r"(J|V|Vi)\d+", card) for card in hand), hand
        assert not re.search(r"\b[GYP]\d", page.locator(".pg-note").inner_text())
        assert "J = Y" in key.inner_text() and key.is_visible()
    else:
        assert any(re.fullmatch(r"[GYP]\d+", card) for card in hand) and not key.is_visible(), hand
    if width == WIDTHS[1]:
        # On a phone: the table, then the status, the actions, the turn's words, then what the seat sees.
        boxes = page.evaluate(PLAYGROUND_BOXES)
        order = ["pg-board", "pg-status", "pg-buttons", "pg-turn", "pg-view"]
        for above, below in itertools.pairwise(order):
            assert 0 <= boxes[below][0] - boxes[above][1] < 40, (above, below, boxes)
        page.locator(".pg-board").scroll_into_view_if_needed()
        page.mouse.wheel(0, 1200)
        page.wait_for_timeout(300)
        page.mouse.wheel(0, -900)
        page.wait_for_timeout(500)
        assert not page.evaluate(TOP_BUTTON_COVERS), "the Back to top button covers the table"
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-turn{edition.replace('/', '-')}-{width}.png"))
    # A trick of four cards, one player after the other, each played from the hand, by keyboard for the first:
    # a card that may not be played is disabled, with the oracle's reason; each pass screen says what was played.
    for player in range(4):
        playable = page.locator(".pg-private button.pg-card:enabled")
        refused = page.locator(".pg-private button.pg-card:disabled")
        assert playable.count() >= 1 and playable.count() + refused.count() == 10
        if refused.count():
            assert said["follow"] in (refused.first.get_attribute("title") or "")
            if player == 1:
                page.screenshot(path=str(OUTPUT / f"site-playground-tc-follow{edition.replace('/', '-')}-{width}.png"),
                                full_page=True)
        if player == 0:
            playable.first.focus()  # a real button: reached and pressed by keyboard
            assert page.evaluate("document.activeElement.classList.contains('pg-card')")
            page.keyboard.press("Enter")
        else:
            playable.first.click()
        page.locator(".pg-pass-ready").wait_for()
        assert page.evaluate(STATUS_IN_SIGHT)
        # Nothing to type or undo before the next player holds the device: no probing of a hidden hand.
        assert page.locator(".pg-type").is_hidden() and page.locator(".pg-undo").is_hidden()
        if player < 3:
            assert page.locator(".pg-since-events li").count() >= 1
            page.locator(".pg-pass-ready").click()
    assert page.locator(".pg-pass .pg-since p").inner_text() == said["since"]  # p0 had the device before
    told = since.all_inner_texts()
    # Back to p0: what everybody saw since p0 last had the device, the cards of p1, p2 and p3 too.
    assert all(any(re.match(rf"p{n} {said['plays']} ", text) for text in told) for n in (1, 2, 3)), told
    assert any(re.fullmatch(said["token"], text) for text in told), told
    assert any(re.fullmatch(said["income"], text) for text in told), told
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-trick{edition.replace('/', '-')}-{width}.png"))
    # Round 2's bids: the status says how to bid; no card of the hand may be played, each one saying why.
    page.locator(".pg-pass-ready").click()
    assert page.locator(".pg-type").is_visible()
    assert prompt(page).startswith(said["bid"])
    assert page.locator(".pg-private button.pg-card:enabled").count() == 0
    assert page.locator(".pg-private button.pg-card:disabled").first.get_attribute("title") == said["no card"]
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-bid{edition.replace('/', '-')}-{width}.png"))
    # The umpire's table: every field of the state, in words; the oracle's text in the page's language.
    page.locator("select.pg-seat").select_option("umpire")
    assert (page.locator(".pg-board pre.pg-text").text_content() or "").startswith(said["text"])
    # The umpire sees every hand, a row of cards per seat, each card once; the field dump is the developers'.
    assert page.locator(".pg-view h2").inner_text() == said["every hand"]
    assert page.locator(".pg-hands dt").all_inner_texts() == ["p0", "p1", "p2", "p3"]
    # The four cards no seat holds, out of the deal, said in words under the hands, not only in the notation.
    out = page.locator(".pg-view .pg-out").inner_text()
    assert out.startswith(said["out"]) and len(out.removeprefix(said["out"]).split(", ")) == 4, out
    assert page.locator(".pg-hands button.pg-card").count() == 4 * 9  # and the buttons are the bids alone
    assert page.locator(".pg-buttons button:not([data-pick^='sealed:'])").count() == 0
    assert page.locator(".pg-view table.pg-umpire-fields").count() == 0
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-umpire{edition.replace('/', '-')}-{width}.png"),
                    full_page=True)
    table = page.locator("table.pg-umpire-fields")
    page.locator(".pg-editor > summary").click()
    page.locator(".pg-umpire summary").click()
    rows = dict(zip(table.locator("th").all_inner_texts(), table.locator("td").all_inner_texts(), strict=True))
    assert rows[said["void"]] == said["no"] and rows[said["crystals"]].count(", ") == 3, rows
    assert not re.search(r"True|False|\[|\]|\{", " ".join(rows.values())), rows
    # Players: a new game for five, once the reader has said the game in progress may go.
    asked: list[str] = []

    def accept(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    page.locator("select.pg-players").select_option("5")
    assert asked == [said["new game"]]
    assert page.locator(".pg-position").input_value().startswith("players=5 ")
    # Each player twice (the others played by the oracle, or watched), pass and play and the umpire.
    assert page.locator("select.pg-seat option").count() == 2 * 5 + 2
    assert page.locator("select.pg-players").input_value() == "5"
    visit.assert_clean()


# Each ringed slot of the visible table: its slot, its own slot number, and whether the number sits on it.
RINGED_SLOTS = """() => {
    const svg = [...document.querySelectorAll(".pg-board svg.trois-ombres")].find(s => s.getBoundingClientRect().width);
    return [...svg.querySelectorAll("[data-loc].pg-target")].map(g => {
        const box = g.querySelector("rect.tile, rect.slot").getBoundingClientRect();
        const number = g.querySelector("text.slot-number"), n = number.getBoundingClientRect();
        return [g.getAttribute("data-loc"), number.textContent,
                box.left <= n.left && n.right <= box.right && box.top <= n.top && n.bottom <= box.bottom];
    });
}"""

SLOT_LABEL = """(loc) => {
    const svg = [...document.querySelectorAll(".pg-board svg.trois-ombres")].find(s => s.getBoundingClientRect().width);
    const g = svg.querySelector(`[data-loc='${loc}']`);
    return [...g.querySelectorAll("text:not(.slot-number)")].map(t => t.textContent.trim()).join(" ");
}"""


# The visible table's clock, as its caption reads it ("0 h · cubes 4" -> "0 h").
CLOCK_READS = """() => {
    const svg = [...document.querySelectorAll(".pg-board svg.trois-ombres")].find(s => s.getBoundingClientRect().width);
    return [...svg.querySelectorAll("text")].map(t => t.textContent).find(t => / h · cubes /.test(t)).split(" · ")[0];
}"""


# The smallest text of the visible table's key, a swatch's own label ("3h", "Hor") included, in px as shown.
KEY_SMALLEST_TEXT = """() => {
    const svg = [...document.querySelectorAll(".pg-board svg.trois-ombres.key")]
        .find(s => s.getBoundingClientRect().width);
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return Math.min(...[...svg.querySelectorAll("g.legend text")]
        .map(t => parseFloat(t.getAttribute("font-size")) * scale));
}"""


def table_legend(page: Any, edition: str, keys: set[str]) -> None:
    """The visible 3 Ombres table has its key: an entry for each of ``keys`` (and perhaps more), in the edition's
    words, each whole inside the picture, beside its swatch, none over another, no text in it under 11 px;
    the ring of the slots to click named exactly when a slot is ringed."""
    from oracle.games.trois_ombres.pictures.legend import WORDS

    fold = page.locator(".pg-board details.pg-key")
    if not fold.evaluate("d => d.open"):  # folded on a phone: opened to be read
        fold.locator("summary").click()
    items = page.locator(".pg-board svg.trois-ombres:visible g.legend g.item")
    found = dict(items.evaluate_all("gs => gs.map(g => [g.dataset.key, g.querySelector(':scope > text').textContent])"))
    assert keys <= set(found), found
    assert all(text == WORDS[key][1 if edition == "fr" else 0] for key, text in found.items()), found
    assert page.evaluate(LEGEND_FITS, ".pg-board svg.trois-ombres") == []
    assert page.evaluate(KEY_SMALLEST_TEXT) >= 11
    assert ("ringed" in found) == bool(page.evaluate(RINGED_SLOTS)), found


@pytest.mark.parametrize(("edition", "width"), [("en", 1280), ("fr", 390)])
def test_the_3_ombres_playground_shows_the_die_and_both_tiles_and_takes_clicks_on_tiles(
        browser: Any, base_url: str, edition: str, width: int) -> None:
    """A turn of L'heure des 3 ombres by clicks, in words: the die's face said in the status, the tiles the
    face allows ringed and clicked (no wall of reveal buttons), another tile refused with the oracle's rule,
    the table's key, and the turn's two tiles shown face up before they are turned back."""
    from oracle.games import load_game
    from oracle.tools.site.french import translate_reason

    game = load_game("trois-ombres")
    state = game.parse_state(dealt("trois-ombres"))
    first = next(loc for loc, cell in state.board if loc.startswith("P"))
    second = next(loc for loc, cell in state.board if loc.startswith("R") and cell.tile != state.cell(first).tile)
    words = {"en": ("Roll the die", "The die shows the Pentacle: reveal a tile of "
                    "the Pentacle first", "remember them", "Leave no clue, draw a Limbes card", "No pair. Click "),
             "fr": ("Lancer le dé", "Le dé montre le Pentacle : dévoilez d'abord une "
                    "tuile du Pentacle", "retenez-les", "Ne laisser aucun Indice, piocher une carte Limbes",
                    "Pas de paire. Cliquez ")}[edition]
    visit = Visit(browser, base_url, width)
    page = visit.open(("/fr" if edition == "fr" else "") + "/playground/?game=trois-ombres&seat=0&position="
                      + quote(game.format_state(state)))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    status = page.locator(".pg-status")
    # What to do, in words: roll the die; then what chance does (the die is rolled), never a count of choices.
    told = {"en": ("Roll the die to start your turn.", "The die is rolled. Chance acts next"),
            "fr": ("Lancez le dé pour commencer votre tour.", "Le dé est lancé. Au hasard d'agir")}[edition]
    assert prompt(page) == told[0]
    roll = page.locator(".pg-buttons button[data-pick='roll']")
    assert roll.inner_text() == words[0] and roll.get_attribute("title") == "roll"
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-roll-{edition}-{width}.png"), full_page=True)
    font = roll.evaluate("b => getComputedStyle(b).fontFamily")

    def typed(action: str) -> None:  # the die's faces, as a real table rolled them, typed in notation
        page.locator(".pg-typed").fill(action)
        page.locator(".pg-type button").click()

    typed("roll")
    assert status.inner_text().startswith(told[1])
    # A player's chance button draws at random; no die face is offered to choose from (the umpire's alone).
    assert page.locator(".pg-buttons button").all_inner_texts() == [words[0]]
    # The Horloge, which Lucile may reroll: the clock does not advance until she acts otherwise (OMBRES.DIE), and
    # the words say so while the picture shows the oracle's 0 h; her reroll then leaves it at 0 h.
    typed("die horloge")
    horloge = game.parse_state(dealt("trois-ombres", ("roll", "die horloge")))
    assert prompt(page) == game.state_note(horloge)[f"{edition}-do"]  # type: ignore[index]
    assert ("1 h" in prompt(page)) and page.evaluate(CLOCK_READS) == "0 h", prompt(page)
    # The roll is kept by a click on a ringed tile: there are some, beside the reroll's button.
    assert page.evaluate(RINGED_SLOTS) and page.locator(".pg-buttons button[data-pick='reroll']").count() == 1
    # The key tells the Agence's count and every red hour of the clock.
    table_legend(page, edition, {"face down", "empty slot", "agence", "hour 3", "hour 6", "hour 12"})
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-horloge-{edition}-{width}.png"), full_page=True)
    typed("reroll")
    typed("die P")
    assert page.evaluate(CLOCK_READS) == "0 h"
    note = page.locator(".pg-note p").all_inner_texts()
    assert len(note) == 3 and note[0].startswith(words[1]), note  # what to do first, then who and the Indices
    assert prompt(page).startswith(words[1])  # what to do, not a count of choices
    assert page.locator(".pg-buttons button[data-pick^='reveal']").count() == 0, "reveal buttons beside the tiles"
    table_legend(page, edition, {"face down", "empty slot", "ringed"})
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-ringed-{edition}-{width}.png"), full_page=True)
    ringed = page.evaluate(RINGED_SLOTS)
    pentacle = sorted(loc for loc, _ in state.board if loc.startswith("P"))
    assert sorted(loc for loc, _, _ in ringed) == pentacle, "only the Pentacle's tiles may be revealed first"
    assert all(number == loc[1:] and on for loc, number, on in ringed), ringed
    # A tile that may not be revealed answers with the oracle's refusal and its rule; nothing is played.
    page.locator(f".pg-board svg.trois-ombres:visible [data-loc='{second}']").click()
    pentacle_state = game.parse_state(dealt("trois-ombres", ("roll", "die horloge", "reroll", "die P")))
    verdict = game.explain(pentacle_state, game.parse_action(f"reveal {second}"), game.parse_rules(None, None))
    reason = translate_reason(verdict.reason) if edition == "fr" else verdict.reason
    refused = page.locator(".pg-refused")
    said = {"en": ("Not allowed: ", "(The rule: "), "fr": ("Interdit : ", "(La règle : ")}[edition]
    assert refused.inner_text() == f"{said[0]}{reason}. {said[1]}{verdict.rule}.)", refused.inner_text()
    assert refused.evaluate("e => e.getBoundingClientRect().bottom <= innerHeight"), "the refusal is out of sight"
    assert sorted(loc for loc, _, _ in page.evaluate(RINGED_SLOTS)) == pentacle
    assert prompt(page).startswith(words[1])
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-refused-{edition}-{width}.png"), full_page=True)
    page.locator(f".pg-board svg.trois-ombres:visible [data-loc='{first}']").click()
    assert refused.count() == 0
    assert page.evaluate(SLOT_LABEL, first) == state.cell(first).tile
    page.locator(f".pg-board svg.trois-ombres:visible [data-loc='{second}']").click()
    # The two tiles face up, before the mismatch turns them back: one picture, wide or narrow as the table.
    assert words[2] in status.inner_text()
    assert page.locator(".pg-board svg:not(.key):visible").count() == 1
    top, bottom, screen = page.locator(".pg-turn-back").evaluate(
        "b => [b.getBoundingClientRect().top, b.getBoundingClientRect().bottom, innerHeight]")
    assert top >= 0 and bottom <= screen, "Turn them back is off screen"
    assert page.locator(".pg-turn-back").evaluate("b => getComputedStyle(b).fontFamily") == font  # words, not code
    table_legend(page, edition, {"face down", "face up", "empty slot"})
    # The step list beside the face-up tiles stops at the reveal: their turning back comes with the button.
    turned = {"en": "turned face down", "fr": "retournée face cachée"}[edition]
    steps = page.locator(".pg-events li")
    assert steps.count() and not any(turned in text for text in steps.all_inner_texts()), steps.all_inner_texts()
    assert [page.evaluate(SLOT_LABEL, loc) for loc in (first, second)] == \
        [state.cell(first).tile, state.cell(second).tile]
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-two-tiles-{edition}-{width}.png"), full_page=True)
    page.locator(".pg-turn-back").click()
    assert [page.evaluate(SLOT_LABEL, loc) for loc in (first, second)] == ["?", "?"]
    assert any(turned in text for text in steps.all_inner_texts()), steps.all_inner_texts()
    assert page.locator(".pg-board svg:not(.key):visible").count() == 1
    assert page.locator(".pg-buttons button[data-pick='done']").inner_text() == words[3]
    assert page.locator(".pg-note p").first.inner_text().startswith(words[4])  # what to do now, in words
    assert prompt(page).startswith(words[4])
    assert sorted(loc for loc, _, _ in page.evaluate(RINGED_SLOTS)) == sorted((first, second))  # a clue on either
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-clue-{edition}-{width}.png"), full_page=True)
    visit.assert_clean()


@pytest.mark.parametrize(("edition", "width"), [("en", 1280), ("en", 390), ("fr", 1280), ("fr", 390)])
def test_allisons_secret_look_is_a_click_on_a_ringed_tile_and_her_panel_tags_the_tile(
        browser: Any, base_url: str, edition: str, width: int) -> None:
    """Allison Holmes may look secretly at a tile before revealing: the tiles she may look at are ringed (no
    button a tile), one button skips the look (the reveals are then ringed, and a button offers the look again),
    and a click on a ringed tile looks at it; her panel then lists the tiles she has seen, that one tagged as seen
    secretly, and never the board's records ("up no", "kept no")."""
    from dataclasses import replace
    from random import Random

    from oracle.games import load_game

    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    state = game.initial_state(rules)
    state = replace(game.apply(state, game.sample_chance(state, rules, Random(7)), rules).state, current=2)
    for action in ("roll", "die R"):
        state = game.apply(state, game.parse_action(action), rules).state
    legal = [game.format_action(a) for a in game.legal_actions(state, rules)]
    looks = sorted(a.split()[-1] for a in legal if a.startswith("peek allison "))
    reveals = sorted(a.split()[-1] for a in legal if a.startswith("reveal "))
    said = {"en": ("Skip the look", "Look secretly at a tile first", "tiles you have seen", "seen secretly"),
            "fr": ("Ne pas regarder en secret", "Regarder d'abord une tuile en secret", "tuiles que vous avez vues",
                   "vue en secret")}[edition]
    visit = Visit(browser, base_url, width)
    page = visit.open(("/fr" if edition == "fr" else "") + "/playground/?game=trois-ombres&seat=2&position="
                      + quote(game.format_state(state)))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    buttons = page.locator(".pg-buttons button")
    assert page.locator(".pg-buttons button[data-pick^='peek'], .pg-buttons button[data-pick^='reveal']").count() == 0
    assert not [text for text in buttons.all_inner_texts()
                if text.startswith(("Look secretly at", "Regarder secrètement"))], buttons.all_inner_texts()
    assert sorted(loc for loc, _, _ in page.evaluate(RINGED_SLOTS)) == looks
    assert page.locator(".pg-look-hint").is_visible()
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-peek-{edition}-{width}.png"), full_page=True)
    # Skipping rings the tiles of the Réverbère to reveal; the look may be taken again, nothing played meanwhile.
    page.locator(".pg-skip-look").click()
    assert sorted(loc for loc, _, _ in page.evaluate(RINGED_SLOTS)) == reveals
    assert page.locator(".pg-skip-look").count() == 0 and page.locator(".pg-look-first").inner_text() == said[1]
    page.locator(".pg-look-first").click()
    assert page.locator(".pg-skip-look").inner_text() == said[0]
    assert sorted(loc for loc, _, _ in page.evaluate(RINGED_SLOTS)) == looks
    page.locator(".pg-board svg.trois-ombres:visible [data-loc='C2'].pg-target").click()
    chip = page.locator(f".pg-view .pg-private [data-item='C2 {state.cell('C2').tile}']")
    chip.wait_for()
    assert chip.locator(".pg-secret").inner_text() == said[3]
    panel = page.locator(".pg-view").inner_text()
    assert said[2] in page.locator(".pg-view .pg-private dt").all_inner_texts(), panel
    assert not re.search(r"\b(up|kept|cube|clue) (no|yes|-)\b|\bslot [A-Z]\d|unseen", panel), panel
    # The look is spent: the reveals are ringed now.
    assert sorted(loc for loc, _, _ in page.evaluate(RINGED_SLOTS)) == reveals
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-peeked-{edition}-{width}.png"), full_page=True)
    visit.assert_clean()


def test_a_3_ombres_example_opens_at_its_before_picture_and_plays_its_actions_one_by_one(
        browser: Any, base_url: str) -> None:
    """The lesson's "Open in the playground" opens the example's own starting table, and offers its
    actions in order, one click each, until the table is the example's "after"."""
    from oracle.games import load_game
    from oracle.tools.site.examples import example_anchors, page_examples

    path = "docs/trois-ombres/index.md"
    found = [example for _, example in page_examples((ROOT / path).read_text(encoding="utf-8"), path)]
    anchor, example = next((a, e) for e, a in zip(found, example_anchors(found), strict=True)
                           if e.title == "a Vortex revealed second")
    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    after = game.parse_state(example.fields["state"])
    for action in example.lists["actions"]:
        after = game.apply(after, game.parse_action(action), rules).state
    visit = Visit(browser, base_url)
    page = visit.open("/trois-ombres/")
    page.locator(f"[id='{anchor}'] a.ttykm-open-link").click()
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    assert page.locator(".pg-position").input_value() == game.format_state(game.parse_state(example.fields["state"]))
    actions = example.lists["actions"]
    for at, action in enumerate(actions, start=1):
        button = page.locator(".pg-example")
        assert button.inner_text() == f"Next action of the example ({at} of {len(actions)}): {action}"
        button.click()
        assert page.locator(".pg-refused").count() == 0
    assert page.locator(".pg-example").count() == 0
    assert page.locator(".pg-position").input_value() == game.format_state(after)
    visit.assert_clean()


# The top of the first Lieu of the visible 3 Ombres table, of the words that say what to do now, and of the
# sticky header's bottom, in the window's coordinates; and the window's height.
DOING_AND_LIEUX = """() => {
    const svg = [...document.querySelectorAll(".pg-board svg.trois-ombres")].find(s => s.getBoundingClientRect().width);
    const lieu = svg.querySelector("[data-loc]").getBoundingClientRect();
    const doing = [...document.querySelectorAll("#ttykm-playground .pg-do")].find(p => p.getBoundingClientRect().width)
        .getBoundingClientRect();
    return [doing.top, doing.bottom, lieu.top, document.querySelector(".md-header").getBoundingClientRect().bottom,
            innerHeight];
}"""


@pytest.mark.parametrize(("edition", "width"), [("", WIDTHS[0]), ("", WIDTHS[1]), ("/fr", WIDTHS[0]),
                                                ("/fr", WIDTHS[1])])
def test_the_3_ombres_playground_hides_what_you_saw_in_memory_mode_and_asks_above_the_tiles_on_a_phone(
        browser: Any, base_url: str, edition: str, width: int) -> None:
    """Memory mode, on at first in pass and play, leaves out of a player's view the list of the tiles they have
    seen (unticked, the list is back, and the address says memory=off); the umpire's view has no such mode and
    shows every tile.  On a phone, what the die asks comes above the Lieux, in sight once the die is rolled; the
    table's key folds, open on a wide screen and folded on a phone."""
    from oracle.games import load_game

    game = load_game("trois-ombres")
    state = game.parse_state(dealt("trois-ombres"))
    cells = dict(state.board)
    first = next(iter(cells))
    second = next(loc for loc, cell in cells.items() if cell.tile != cells[first].tile)
    tiles = [cells[first].tile, cells[second].tile]
    seen = dealt("trois-ombres", ("roll", "die loupe", f"reveal {first}", f"reveal {second}"))
    visit = Visit(browser, base_url, width)
    page = visit.open(edition + "/playground/?game=trois-ombres&position=" + quote(seen))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    page.locator(".pg-pass-ready").click()  # pass and play: p0 takes the device
    memory = page.locator("input.pg-memory")
    listed = page.locator("dl.pg-private dd[data-field='seen']")
    assert memory.is_visible() and memory.is_checked()
    assert listed.count() == 1 and not listed.is_visible(), "the tiles seen are listed in Memory mode"
    assert page.locator(".pg-memory-note").is_visible()
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-memory{edition.replace('/', '-')}-{width}.png"),
                    full_page=True)
    memory.uncheck()
    assert listed.is_visible() and all(tile in listed.inner_text() for tile in tiles), listed.inner_text()
    assert page.locator(".pg-memory-note").count() == 0
    assert parse_qs(urlsplit(page.url).query).get("memory") == ["off"]
    memory.check()
    assert not listed.is_visible() and "memory" not in parse_qs(urlsplit(page.url).query)
    page.locator("select.pg-seat").select_option("umpire")
    assert not memory.is_visible()
    assert [page.evaluate(SLOT_LABEL, loc) for loc in (first, second)] == tiles  # every tile, to the umpire
    # A turn on a phone: the die's words above the Lieux and in sight; the key folded there, open on a wide screen.
    page.goto(visit.base_url + edition + "/playground/?game=trois-ombres&seat=0&position="
              + quote(dealt("trois-ombres")))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    key = page.locator(".pg-board details.pg-key")
    assert key.count() == 1 and key.evaluate("d => d.open") == (width == WIDTHS[0])
    for action in ("roll", "die R"):
        page.locator(".pg-typed").fill(action)
        page.locator(".pg-type button").click()
    top, bottom, lieu, header, screen = page.evaluate(DOING_AND_LIEUX)
    if width == WIDTHS[1]:
        assert top < lieu, "the words of the die come below the first Lieu"
        assert header - 1 <= top and bottom <= screen + 1, "the words of the die are out of sight"
    assert page.locator(".pg-board details.pg-key").evaluate("d => d.open") == (width == WIDTHS[0])
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-die-r{edition.replace('/', '-')}-{width}.png"))
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-die-r{edition.replace('/', '-')}-{width}-full.png"),
                    full_page=True)
    # The reader's choice stands: a key opened on a phone stays open after the next click.
    if width == WIDTHS[1]:
        page.locator(".pg-board details.pg-key summary").click()
        page.locator(".pg-board svg.trois-ombres:visible .pg-target").first.click()
        assert page.locator(".pg-board details.pg-key").evaluate("d => d.open")
    visit.assert_clean()


def test_the_3_ombres_lessons_count_the_box_as_the_oracle_deals_it(site: Path) -> None:
    """Both lessons list every setup parameter with the oracle's default, the counts a dealt table holds
    (suspects, tiles dealt, suspects to clear) and a line for each character; and say why the Rouage is G."""
    from dataclasses import fields
    from random import Random

    from oracle.games import load_game
    from oracle.games.trois_ombres.components import Setup

    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    table = game.initial_state(rules)
    table = game.apply(table, game.sample_chance(table, rules, Random(1)), rules).state
    defaults = {f.name.replace("_", "-"): str(getattr(Setup(), f.name)) for f in fields(Setup)}
    for folder in ("", "fr/"):
        page = (site / folder / "trois-ombres" / "index.html").read_text(encoding="utf-8")
        rows = dict(re.findall(r'<tr data-parameter="([a-z-]+)" data-default="(\d+)">', page))
        assert rows == defaults, (folder, rows)
        for name, value in defaults.items():
            row = re.search(rf'<tr data-parameter="{name}"[^>]*><td>[^<]*</td><td><strong>(\d+)</strong>', page)
            assert row is not None and row.group(1) == value, (folder, name)
        characters = re.search(r'<tr data-parameter="characters".*?</tr>', page, re.S)
        assert characters is not None
        said = [int(n) for n in re.findall(r"\b(\d+)\b", html.unescape(re.sub(r"<[^>]+>", " ", characters.group(0))))]
        assert {2 * table.characters, len(table.board), table.to_clear} <= set(said), (folder, said)
        suspects = re.findall(r'<tr data-character="(\d+)">', page)
        assert suspects == [str(c) for c in range(1, table.characters + 1)], (folder, suspects)
        assert "<em>gear</em>" in page, folder


@pytest.mark.parametrize("width", WIDTHS)
def test_the_home_pages_show_a_turn_of_each_game_in_pictures(browser: Any, base_url: str, width: int) -> None:
    """Both home pages draw a turn of each of the three games; the card games' are pictures without notation,
    each visible and within the page."""
    visit = Visit(browser, base_url, width)
    for path in ("/", "/fr/"):
        page = visit.open(path)
        examples = page.locator("article .ttykm-example")
        assert examples.count() == 3, path
        for n in (1, 2):  # Time Chase's trick, 3 Ombres' pair
            example = examples.nth(n)
            assert example.locator("dl.ttykm-example-facts, ol.ttykm-events").count() == 0, (path, n)
            sizes = example.evaluate("""e => [...e.querySelectorAll("figure svg")].map(s => s.getBoundingClientRect())
                .filter(b => b.width > 0 && b.height > 0).map(b => [b.left, b.width])""")
            assert len(sizes) >= 2 and all(width_ > 100 and left >= 0 for left, width_ in sizes), (path, n, sizes)
            link = example.locator("xpath=following-sibling::p[1]/a")
            assert link.get_attribute("href") in ("time-chase/", "trois-ombres/"), (path, n)
    visit.assert_clean()


def test_the_rules_pages_read_as_pages_and_their_scenarios_lead_to_the_rulings(site: Path) -> None:
    """The built rules pages speak of pages, not of the spec's files, and every "Scenario N" of an example's
    title links to a section its rulings page has."""
    linked = 0
    for page in (site / "rules").rglob("index.html"):
        text = page.read_text(encoding="utf-8")
        # The prose: code, and the examples' facts (the oracle's own messages name its spec files), aside.
        prose = re.sub(r"<(script|pre|code|dl)\b.*?</\1>|<[^>]+>", "", text, flags=re.S)
        # (An oracle's refusal may name the spec file of its rule, "spec/trois-ombres/oracle.md": it is quoted.)
        assert not re.search(r"(?i)\bthis (folder|file)\b|(?<![/\w])(past|trick|notation|rulings)\.md\b", prose), page
        for href, anchor in re.findall(r'href="([^"#]*)#(section-\d+)" title="Test scenario \d+ of the rulings', text):
            target = (page.parent / href / "index.html").resolve()
            assert f'id="{anchor}"' in target.read_text(encoding="utf-8"), (page, href, anchor)
            linked += 1
    assert linked >= 25  # about thirty example titles cite a scenario


# Pages of each game, and the home and glossary pages, in both editions: the glossary of their navigation.
GLOSSARY_NAV_PAGES = {
    "/glossary/": ("/", "/glossary/", "/ttykm/learn/03-a-turn/", "/ttykm/learn/10-glossary/", "/rules/ttykm/",
                   "/time-chase/", "/rules/time-chase/past/", "/trois-ombres/", "/rulings-trois-ombres/"),
    "/fr/glossary/": ("/fr/", "/fr/glossary/", "/fr/ttykm/learn/03-a-turn/", "/fr/ttykm/learn/10-glossary/",
                      "/fr/time-chase/", "/fr/trois-ombres/"),
}

NAV_LINKS = """nav => [...nav.querySelectorAll("a[href]")].map(a => [new URL(a.href).pathname, a.textContent.trim()])"""


def test_both_glossaries_show_every_term_of_the_table_and_link_each_other(browser: Any, base_url: str) -> None:
    """The built glossaries, made from one table: every term's row on both pages, the English one in its own
    words first, each 3 ombres card named; its switch to the other.  Every game's pages, the home page and the
    glossary itself have the glossary in their navigation: one entry of that name, leading to it (TTYKM's
    lesson of terms has a name of its own)."""
    visit = Visit(browser, base_url)
    for glossary, pages in GLOSSARY_NAV_PAGES.items():
        title = "Glossary" if glossary == "/glossary/" else "Glossaire"
        for path in pages:
            links = visit.open(path).eval_on_selector("nav.md-nav--primary", NAV_LINKS)
            assert [href for href, text in links if text == title] == [glossary], f"{path}: {title}"
    for path, other in (("/glossary/", "/fr/glossary/"), ("/fr/glossary/", "/glossary/")):
        page = visit.open(path)
        rows = page.eval_on_selector_all("article table tr", "rows => rows.map(r => r.innerText)")
        for term in (term for game in TERMS.values() for term in game):
            first = (term.english_term or term.english) if path == "/glossary/" else term.french.replace("**", "")
            assert any(row.startswith(first) for row in rows), f"{path}: no row for {first}"
        text = page.locator("article").inner_text()
        assert all(card.name in text for kind in CARDS.values() for card in kind), path
        switch = page.locator(f".md-select__link[hreflang='{'en' if other == '/glossary/' else 'fr'}']").first
        assert switch.evaluate("a => new URL(a.href).pathname") == other, path
    visit.assert_clean()


def round_two_bids(crystals: str) -> str:
    """Time Chase after its deal (a fixed seed) and round 1's trick, each player playing their first legal
    card, at round 2's bids, with the players' crystals set to ``crystals`` (``2,0,1,2``)."""
    from random import Random

    from oracle.games import load_game

    game = load_game("time-chase")
    rules = game.parse_rules(None, None)
    state = game.initial_state(rules)
    while game.to_act(state).kind != "simultaneous" or game.format_state(state).count("round=1 "):
        mover = game.to_act(state)
        action = game.sample_chance(state, rules, Random(7)) if mover.kind == "chance" else \
            game.joint_action(state, {p: game.legal_actions(state, rules, p)[0] for p in mover.players}) \
            if mover.kind == "simultaneous" else game.legal_actions(state, rules)[0]
        state = game.apply(state, action, rules).state
    return re.sub(r"crystals=\S+", "crystals=" + crystals, game.format_state(state))


@pytest.mark.parametrize(("edition", "width"), [("", WIDTHS[0]), ("/fr", WIDTHS[1])])
def test_the_card_games_deal_afresh_roll_when_asked_and_say_what_each_seat_must_do(
        browser: Any, base_url: str, edition: str, width: int) -> None:
    """Each new game is dealt afresh; a chance button names its step ("Deal the cards", "Roll the die") and a
    click on "Roll the die" rolls it; a player with one bid only is told so, not asked; the pass screen says
    what was just played, once; the umpire is told whose turn it is; a card that may not be played says why in
    words on the page; the action just played opens with words, its notation folded."""
    visit = Visit(browser, base_url, width)
    said = {"": {"deal": "Deal the cards", "tiles": "Deal the tiles", "shows": "The die shows the ",
                 "must": "p1 must bid 0 crystals: stay on the present.",
                 "umpire": r"Play a card from your hand\. p\d plays",
                 "not now": "Not playable now: ", "bid first": "no card is played now: bid first (TC.PLAY)",
                 "token": "puts a token on event 1",
                 "notation": "The same in notation", "step": "Step 1 of "},
            "/fr": {"deal": "Distribuer les cartes", "tiles": "Distribuer les tuiles", "shows": "Le dé montre ",
                    "must": "p1 doit miser 0 cristal : rester sur le présent.",
                    "umpire": r"Jouez une carte de votre main\. p\d joue",
                    "not now": "Injouable maintenant : ",
                    "bid first": "aucune carte ne se joue maintenant : les mises viennent d'abord (TC.PLAY)",
                    "token": "pose un jeton sur l'événement 1",
                    "notation": "La même chose en notation",
                    "step": "Étape 1 sur "}}[edition]
    shot = f"{edition.replace('/', '-')}-{width}.png"
    OUTPUT.mkdir(exist_ok=True)
    page = visit.open(edition + "/playground/?game=time-chase")
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    status = page.locator(".pg-status")
    # Two new games, two deals: the seed is fresh each time, not the position's.
    hands = []
    for _ in range(2):
        page.locator(".pg-restart").click()
        deal = page.locator("button[data-pick='chance']")
        assert deal.inner_text() == said["deal"]
        deal.click()
        page.locator("select.pg-seat").select_option("umpire")
        hands.append(page.locator(".pg-hands").inner_text())
        page.locator("select.pg-seat").select_option("hot")
    assert hands[0] != hands[1], "a new game dealt the same cards again"
    # The umpire holds no hand: the status says whose turn it is and what that player is asked.
    page.locator("select.pg-seat").select_option("umpire")
    assert re.match(said["umpire"], prompt(page)), prompt(page)
    assert "null" not in page.locator(".pg-view").inner_text()
    # The action just played opens with words; its notation (the deal's, 200 characters) waits, folded.
    replay = page.locator(".pg-replay")
    page.locator(".pg-hands button.pg-card:enabled").first.click()
    assert replay.locator("h2 + p").get_attribute("class") == "pg-step-text"
    assert replay.locator(".pg-step-at").inner_text().startswith(said["step"])
    fold = replay.locator("details.pg-notation")
    assert fold.count() == 1 and fold.get_attribute("open") is None and fold.locator("summary").inner_text() == \
        said["notation"]
    # A card that may not be played says why on the page, at every width (p1 must follow, or may play any).
    why = page.locator(".pg-why-not")
    refused = page.locator(".pg-hands button.pg-card:disabled[title]")  # p1's: the others' wait their turn
    if refused.count():
        assert why.is_visible() and refused.first.inner_text() in why.inner_text()
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-umpire-turn{shot}"), full_page=True)
    # Round 2's bids, p1 without a crystal: p1 is not asked for the one bid left, and every player is told.
    page = visit.open(edition + "/playground/?game=time-chase&seat=hot&position=" + quote(round_two_bids("2,0,1,2")))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    page.locator(".pg-pass-ready").click()
    # No card may be played now: each says why in words under the hand, not in a tooltip alone.
    view = page.locator(".pg-view")
    assert view.locator("button.pg-card:enabled").count() == 0
    reason = view.locator(".pg-why-not p")
    assert reason.count() == 1 and reason.is_visible() and reason.inner_text().startswith(said["not now"])
    assert reason.inner_text().endswith(said["bid first"] + ".")
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-why-not{shot}"), full_page=True)
    page.locator("button[data-pick='sealed:bid 0']").click()
    assert said["must"] in status.inner_text()
    assert page.locator(".pg-pass strong").first.inner_text().endswith(" p2.")  # p1 skipped: p2 bids next
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-must{shot}"), full_page=True)
    # The pass screen says what was just played (the last card of a trick, who won it and its token), once.
    page = visit.open(edition + "/playground/?game=time-chase&seat=hot&position=" + quote(dealt("time-chase")))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    for _ in range(4):
        page.locator(".pg-pass-ready").click()
        page.locator(".pg-private button.pg-card:enabled").first.click()
    # Not said twice: the list since the player last had the device ends with it, and no "Just played" repeats it.
    assert page.locator(".pg-pass .pg-just").count() == 0
    assert any(said["token"] in text for text in page.locator(".pg-pass .pg-since-events li").all_inner_texts())
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-just{shot}"), full_page=True)
    # 3 Ombres: "Deal the tiles", then "Roll the die" rolls it: the die shows a face, no face to choose.
    page.locator("select.pg-game").select_option("trois-ombres|")
    page.locator(".pg-restart").click()
    page.locator("button[data-pick='chance']", has_text=said["tiles"]).click()
    page.locator(".pg-pass-ready").click()
    page.locator("button[data-pick='roll']").click()
    assert page.locator("button[data-pick^='die ']").count() == 0 and page.locator(
        "button[data-pick='chance']").count() == 0
    assert prompt(page).startswith(said["shows"]), prompt(page)
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-rolled{shot}"), full_page=True)


GAME_PAGES = (("/time-chase/", "time-chase"), ("/fr/time-chase/", "time-chase"), ("/trois-ombres/", "trois-ombres"),
              ("/fr/trois-ombres/", "trois-ombres"), ("/rules/trois-ombres/", "trois-ombres"),
              ("/ttykm/learn/01-the-game/", "ttykm"), ("/fr/ttykm/learn/01-the-game/", "ttykm"))

# The header's name, as shown: its visible text, and whether it is cut (the theme ends a cut name with "…").
HEADER_NAME = """() => {
    const name = document.querySelector(".md-header__topic .md-ellipsis");
    return [name.innerText.trim(), name.scrollWidth > name.clientWidth];
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_a_game_s_header_says_its_game_on_a_phone_and_its_lessons_list_their_parts(
        browser: Any, base_url: str, width: int) -> None:
    """A game's page names its game in the header, uncut: its whole name on a desktop, its short name on a
    phone (``3 ombres``, not ``L'heure des 3 o…``), the game's short name first once the page is scrolled
    too; each card game's lesson shows a list of its parts, whose every link leads to a heading of the page."""
    from oracle.tools.site import editions

    visit = Visit(browser, base_url, width)
    for path, game in GAME_PAGES:
        page = visit.open(path)
        language = "fr" if path.startswith("/fr/") else "en"
        shown, cut = page.evaluate(HEADER_NAME)
        long = f"{editions.GAME_NAMES[language][game]} — {editions.REFERENCE[language]}"
        assert shown == (long if width == WIDTHS[0] else editions.SHORT_NAMES[language][game]), (path, width)
        assert not cut, (path, width, shown)
        if "/learn/" in path or "/rules/" in path:
            continue
        title = page.locator(".md-header__topic[data-md-component='header-topic'] .md-ellipsis").first
        assert title.inner_text().strip().startswith(editions.SHORT_NAMES[language][game] if width < 500
                                                     else editions.GAME_NAMES[language][game]), (path, width)
        parts = page.locator("article p", has_text=editions.ON_THIS_PAGE[language].strip("*")).first
        assert parts.is_visible(), (path, width)
        anchors = [href.removeprefix("#") for href in parts.locator("a").evaluate_all("as => as.map(a => a.hash)")]
        headings = page.locator("article h2[id]").evaluate_all("hs => hs.map(h => h.id)")
        assert anchors and anchors == headings, (path, anchors, headings)
        OUTPUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUTPUT / f"site-lesson-top-{path.strip('/').replace('/', '-')}-{width}.png"))
    visit.assert_clean()


@pytest.mark.parametrize("edition", ["", "/fr"])
@pytest.mark.parametrize("width", WIDTHS)
def test_one_seat_plays_alone_against_the_oracle_and_the_help_is_the_game_s(browser: Any, base_url: str,
                                                                            edition: str, width: int) -> None:
    """A newcomer alone picks p1 with the others played by the oracle: in Time Chase the oracle deals, plays the
    others and seals their bids, each told in a line, and the page waits only for p1, through a whole round, with
    no seat switched by hand; 3 Ombres likewise reaches p1's turn.  "How to play here" shows the chosen game's help
    only, as bullets: what to click first, then the seats; never TTYKM's steps in a card game."""
    words: dict[str, dict[str, Any]] = {
        "": {"turn": "Your turn, p1", "random": " (the oracle, at random).", "round": "Round 2 of 10",
             "over": "The game is over", "with": "p1 (the others played by the oracle)",
             "watch": "p1's view only (watch)", "seats": ["Pass and play", "p0 (the others played by the oracle)",
                                                          "Umpire"], "roll": "Roll the die",
             "watching": "p1 to act. This view only watches: to play as p0, choose"},
        "/fr": {"turn": "À vous, p1", "random": " (l'oracle, au hasard).", "round": "Manche 2 sur 10",
                "over": "La partie est finie", "with": "p1 (l'oracle joue les autres)",
                "watch": "La vue de p1 seule (regarder)",
                "seats": ["Passer et jouer", "p0 (l'oracle joue les autres)", "Arbitre"], "roll": "Lancer le dé",
                "watching": "À p1 d'agir. Cette vue ne fait que regarder : pour jouer p0, choisissez"}}
    said = words[edition]
    visit = Visit(browser, base_url, width)
    page = visit.open(edition + "/playground/?game=time-chase&seat=oracle:1")
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    options = page.locator("select.pg-seat option").all_inner_texts()
    assert said["with"] in options and said["watch"] in options
    assert page.locator("select.pg-seat").input_value() == "oracle:1"
    help_shown = """() => [...document.querySelectorAll("[data-games]")].filter(e => e.offsetParent !== null)
        .map(e => e.dataset.games)"""
    assert page.evaluate(help_shown) == ["time-chase", "time-chase trois-ombres", "time-chase"]
    bullets = page.locator(".pg-help-cards > ul > li > strong:first-child").all_inner_texts()
    assert bullets[:3] == said["seats"], bullets
    assert page.locator(".pg-help-clicks:visible li").count() >= 1
    OUTPUT.mkdir(exist_ok=True)
    shot = f"{edition.replace('/', '-')}-{width}.png"
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-oracle{shot}"), full_page=True)
    title, log = page.locator(".pg-turn-title"), page.locator(".pg-oracle-played li")
    told: list[str] = []
    for _ in range(12):  # a round: p1's card (and bid), the others' played by the oracle
        assert title.inner_text() == said["turn"]
        told += log.all_inner_texts()
        if said["round"] in page.locator(".pg-turn").inner_text():
            break
        card = page.locator(".pg-private button.pg-card:enabled")
        (card if card.count() else page.locator(".pg-buttons button[data-pick^='sealed:']")).first.click()
        if said["over"] in page.locator(".pg-status").inner_text():
            break
    else:
        raise AssertionError("the round did not end")
    # Each other player's card, in a line of its own, as the oracle drew it.
    assert any(line.endswith(said["random"]) and re.match(r"p[023] ", line) for line in told), told
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-oracle-round{shot}"), full_page=True)
    # p0's view, watched: nobody plays for p1, and the page says how to play alone.
    page.locator("select.pg-seat").select_option("0")
    assert page.locator(".pg-status").inner_text().startswith(said["watching"])
    page.locator("select.pg-seat").select_option("oracle:1")
    # 3 Ombres, the same seat: the oracle deals and plays p0's turn; p1 rolls the die.
    page.locator("select.pg-game").select_option("trois-ombres|")
    assert page.evaluate(help_shown) == ["trois-ombres", "time-chase trois-ombres", "trois-ombres"]
    assert title.inner_text() == said["turn"]
    assert log.count() >= 2  # the deal, and p0's turn at least
    roll = page.locator("button[data-pick='roll']")
    assert roll.inner_text() == said["roll"]
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-oracle{shot}"), full_page=True)
    # TTYKM: its own steps, no card game's bullets.
    page.locator("select.pg-game").select_option("ttykm|")
    assert page.evaluate(help_shown) == ["ttykm"]
    visit.assert_clean()
