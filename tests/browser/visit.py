"""What the browser tests of the built site share: Chromium, a page visit with its errors, and the checks
several topics run on a page."""

from __future__ import annotations

import os
import re
import shutil
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


def visible_cell(page: Any, cell: str) -> Any:
    return page.locator(f".pg-board svg.ttykm-board:visible [data-cell='{cell}']")


def marked_eras(page: Any) -> list[str]:
    """The eras whose switch, on a phone, wears the dot of an era with a square to click."""
    return [str(b.get_attribute("data-era")) for b in page.locator(".pg-eras:not(.pg-step-eras) .pg-era").all()
            if b.locator(".pg-era-mark").count()]


def open_playground(visit: Visit, query: str = "") -> Any:
    page = visit.open("/playground/" + query)
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    return page


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


def french_rules_paths() -> list[str]:
    """The addresses of the games' French rules and rulings pages (docs/fr/<game>/regles.md, decisions.md)."""
    return [f"/fr/{folder.name}/{page.stem}/" for folder in sorted((ROOT / "docs" / "fr").iterdir())
            for page in (folder / "regles.md", folder / "decisions.md") if page.is_file()]


SOURCE_NAMES = ("The French rulebook", "The BGA help page", "The Contre-Temps rules", "The 3 Ombres rules")


# A page of each kind in both editions: (address, its language, what its header says, where the
# language switch leads: the same page in the other edition, or that edition's home page).
EDITION_PAGES = [
    ("/", "en", "three games", "/fr/"), ("/fr/", "fr", "trois jeux", "/"),
    ("/time-chase/", "en", "Time Chase", "/fr/time-chase/"), ("/fr/time-chase/", "fr", "Contre-Temps", "/time-chase/"),
    ("/trois-ombres/", "en", "L'heure des 3 ombres", "/fr/trois-ombres/"),
    ("/fr/trois-ombres/", "fr", "L'heure des 3 ombres", "/trois-ombres/"),
    ("/rules/time-chase/past/", "en", "Time Chase", "/fr/time-chase/regles/"),
    ("/rules/trois-ombres/turn/", "en", "L'heure des 3 ombres", "/fr/trois-ombres/regles/"),
    ("/rules/ttykm/growth/", "en", "That Time You Killed Me", "/fr/ttykm/regles/"),
    ("/cli/", "en", "three games", "/fr/"),
    ("/ttykm/learn/03-a-turn/", "en", "That Time You Killed Me", "/fr/ttykm/learn/03-a-turn/"),
    ("/fr/ttykm/learn/03-a-turn/", "fr", "Demain tu m'as tué", "/ttykm/learn/03-a-turn/"),
    ("/rulings-time-chase/", "en", "Time Chase", "/fr/time-chase/decisions/"),
    # The French rules and rulings, each a translation of the English clauses (one page for a game's clause pages).
    ("/fr/time-chase/regles/", "fr", "Contre-Temps", "/rules/time-chase/"),
    ("/fr/trois-ombres/decisions/", "fr", "L'heure des 3 ombres", "/rules/trois-ombres/rulings/"),
    ("/fr/ttykm/regles/", "fr", "Demain tu m'as tué", "/rules/ttykm/"),
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


SOURCE_PAGES = (("/", "en"), ("/rules/time-chase/past/", "en"), ("/fr/trois-ombres/", "fr"),
                ("/fr/ttykm/learn/03-a-turn/", "fr"))


# The entries of the navigation's section titled so: [(its text, its address)].
SECTION_LINKS = """title => [...document.querySelectorAll('nav.md-nav--primary li.md-nav__item--nested')]
    .filter(li => li.querySelector(':scope > label')?.textContent.trim() === title)
    .flatMap(li => [...li.querySelectorAll('a')].map(a => [a.textContent.trim(), a.href]))"""


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


CELL_HOLDS = """([cell, colour]) => {
    const svg = [...document.querySelectorAll(".pg-board svg.ttykm-board")].find(s => s.getBoundingClientRect().width);
    const square = svg.querySelector(`rect[data-cell='${cell}']`) || svg.querySelector(`[data-cell='${cell}']`);
    const box = square.getBoundingClientRect();
    return [...svg.querySelectorAll(`circle.copy.${colour}`)].some(c => {
        const b = c.getBoundingClientRect(), x = b.x + b.width / 2, y = b.y + b.height / 2;
        return b.width > 0 && box.left <= x && x <= box.right && box.top <= y && y <= box.bottom;
    });
}"""


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


# The playground's words, pictures and folds as a reader reads them, less the notation's own boxes (a code, the
# position and link fields, the editor, the folded notation of a step) and the key to typing in notation.
PROSE_OUTSIDE_NOTATION = """() => {
    const root = document.querySelector("#ttykm-playground").cloneNode(true);
    root.querySelectorAll("code, input, textarea, .pg-editor, .pg-notation, .pg-type-key").forEach(e => e.remove());
    return root.textContent;
}"""


ENGLISH_CARD = re.compile(r"(?<![\w-])[GYP](?:1[0-3]|[1-9])(?![\w-])")  # a Green, Yellow or Purple card's notation


# The English words of 3 Ombres's events and endings (`oracle.games.trois_ombres.rules`), and of its state's field
# names, that the French playground must not show; the notation's own (reveal R1, die loupe) are not among them.
OMBRES_ENGLISH = re.compile(r"\b(the|is|are|and|or|of|to|from|again|everybody|wins|loses|clock|shows|revealed|turned"
                            r"|face down|cleared|draws|trap|clue|tiles?|swap|places|discarded|rolled|lands|supply"
                            r"|deck|discard|keeps|uses|closes|opens|eyes|hour|turn|steps|result|investigators)\b")


# Where the parts of the playground lie on the page, in CSS pixels from the top of the document.
PLAYGROUND_BOXES = """() => Object.fromEntries(["pg-board", "pg-status", "pg-buttons", "pg-doing", "pg-turn", "pg-view"]
    .map(n => {
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
    const svg = [...document.querySelectorAll(".pg-keys svg.trois-ombres.key")]
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

    fold = page.locator(".pg-keys details.pg-key")
    if not fold.evaluate("d => d.open"):  # folded on a phone: opened to be read
        fold.locator("summary").click()
    items = page.locator(".pg-keys svg.trois-ombres:visible g.legend g.item")
    found = dict(items.evaluate_all("gs => gs.map(g => [g.dataset.key, g.querySelector(':scope > text').textContent])"))
    assert keys <= set(found), found
    assert all(text == WORDS[key][1 if edition == "fr" else 0] for key, text in found.items()), found
    assert page.evaluate(LEGEND_FITS, ".pg-keys svg.trois-ombres") == []
    assert page.evaluate(KEY_SMALLEST_TEXT) >= 11
    assert ("ringed" in found) == bool(page.evaluate(RINGED_SLOTS)), found


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


# Pages of each game, and the home and glossary pages, in both editions: the glossary of their navigation.
GLOSSARY_NAV_PAGES = {
    "/glossary/": ("/", "/glossary/", "/ttykm/learn/03-a-turn/", "/ttykm/learn/10-glossary/", "/rules/ttykm/",
                   "/time-chase/", "/rules/time-chase/past/", "/trois-ombres/", "/rulings-trois-ombres/"),
    "/fr/glossary/": ("/fr/", "/fr/glossary/", "/fr/ttykm/learn/03-a-turn/", "/fr/ttykm/learn/10-glossary/",
                      "/fr/time-chase/", "/fr/trois-ombres/"),
}


NAV_LINKS = """nav => [...nav.querySelectorAll("a[href]")].map(a => [new URL(a.href).pathname, a.textContent.trim()])"""


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


GAME_PAGES = (("/time-chase/", "time-chase"), ("/fr/time-chase/", "time-chase"), ("/trois-ombres/", "trois-ombres"),
              ("/fr/trois-ombres/", "trois-ombres"), ("/rules/trois-ombres/", "trois-ombres"),
              ("/ttykm/learn/01-the-game/", "ttykm"), ("/fr/ttykm/learn/01-the-game/", "ttykm"))


# The header's name, as shown: its visible text, and whether it is cut (the theme ends a cut name with "…").
HEADER_NAME = """() => {
    const name = document.querySelector(".md-header__topic .md-ellipsis");
    return [name.innerText.trim(), name.scrollWidth > name.clientWidth];
}"""
