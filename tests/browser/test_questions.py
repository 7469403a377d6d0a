"""The built site in a browser: the questions pages of the card games list their questions and fold their
worked examples, so that a phone scrolls through the answers; the rulings menu is grouped by game; a ruling
is found by its ID with its game's mark.  Shares the built site and browser of the other browser tests."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from oracle.tools.site.questions import FOLD_CLASS
from tests.browser.visit import OUTPUT, WIDTHS, Visit, result_links

QUESTIONS = ["/time-chase/questions/", "/trois-ombres/questions/", "/fr/time-chase/questions/",
             "/fr/trois-ombres/questions/"]
FOLDS = f"details.{FOLD_CLASS}"


@pytest.mark.parametrize("path", QUESTIONS)
def test_a_questions_page_lists_its_questions_and_folds_each_example(browser: Any, base_url: str,
                                                                     path: str) -> None:
    """At the top, a link to each question's answer; each worked example folded, its short answer in view; on a
    phone the page is at most half as tall as with every example open (as the page was before)."""
    for width in WIDTHS:
        visit = Visit(browser, base_url, width=width)
        page = visit.open(path)
        headings = page.eval_on_selector_all("article h2[id]", "hs => hs.map(h => h.id)")
        listed = page.eval_on_selector(
            "article > ul", "ul => [...ul.querySelectorAll('a')].map(a => a.getAttribute('href').replace(/^#/, ''))")
        assert listed == headings, (path, listed, headings)
        examples = page.locator(".ttykm-example").count()
        assert examples >= len(headings) and page.locator(f"{FOLDS} .ttykm-example").count() == examples, path
        assert page.locator(f"{FOLDS}[open]").count() == 0
        assert page.locator(f"{FOLDS} .ttykm-example-title").first.is_hidden()
        name = path.strip("/").replace("/", "-")
        OUTPUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUTPUT / f"site-{name}-{width}.png"))
        if width < 500:
            folded = page.evaluate("document.documentElement.scrollHeight")
            page.evaluate(f"document.querySelectorAll('{FOLDS}').forEach(d => d.open = true)")
            opened = page.evaluate("document.documentElement.scrollHeight")
            assert folded * 2 <= opened, (path, folded, opened)
        visit.assert_clean()


def test_the_rulings_menu_is_grouped_by_game(site: Path) -> None:
    """The home page's menu: "Rulings and sources", its "Overview" (not the section's name twice in a row),
    then each game with its rulings and sources pages."""
    text = (site / "index.html").read_text(encoding="utf-8")
    labels = [re.sub(r"\s+", " ", label).strip() for label in
              re.findall(r'<span class="md-ellipsis">\s*(.*?)\s*</span>', text, flags=re.S)]
    start = labels.index("That Time You Killed Me", labels.index("Rulings and sources"))
    menu = labels[start - 2:start + 12]
    assert menu[:7] == ["Rulings and sources", "Overview", "That Time You Killed Me", "Rulings (base game)",
                         "Rulings (chapters)", "Sources (base game)", "Sources (chapters)"], menu
    assert not any("standard game" in label for label in labels)


def test_a_ruling_is_found_by_its_id_with_its_game(browser: Any, base_url: str) -> None:
    """The home page says to type TC-K7; doing so finds Time Chase's K7 first, and OMBRES-K7 3 Ombres' K7, from
    a page of any game; the rulings page shows the ID so where the ruling is defined."""
    visit = Visit(browser, base_url)
    for path, query, anchor in (("/", "TC-K7", "#ruling-tc-k7"), ("/rules/ttykm/board/", "OMBRES-K7",
                                                                   "#ruling-ombres-k7")):
        hrefs, _ = result_links(visit, path, query)
        rulings = [h for h in hrefs if "#ruling-" in h]
        assert rulings and rulings[0].endswith(anchor), (path, query, hrefs[:6])
    page = visit.open("/rules/time-chase/rulings/")
    assert page.locator("#ruling-tc-k7").evaluate("e => e.parentElement.textContent").lstrip().startswith("TC-K7")
    visit.assert_clean()


