"""The lessons: the learn-to-play path walked, pictures that mark what they name, examples opened."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.visit import (
    BADGE_AND_GHOST,
    EDITIONS,
    GAME_PAGES,
    HEADER_NAME,
    LEARN,
    NOTATION,
    OUTPUT,
    SMALLEST_LABEL,
    WIDTHS,
    Visit,
    boards_render,
    links_resolve,
)
from tests.conftest import ROOT


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
