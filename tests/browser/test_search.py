"""The site's search: rules and rulings found by their words and their IDs, the reader's game first."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from tests.browser.visit import OUTPUT, WIDTHS, Visit, result_links, search


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


def test_a_ruling_is_found_by_its_id(browser: Any, base_url: str) -> None:
    """ "K7" finds the chapters' ruling K7 itself first on a TTYKM page, and every game's K7 is among the
    results; on a French page of a game, that game's; a game named first ("TC K4") picks that game's
    ruling, an exact ID its own anchor (A1, not A15); a French reader gets the ruling's French summary first,
    an English reader the English ruling; French little words do not match everything."""
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
        assert urlsplit(rulings[0]).path.startswith("/fr/" if path.startswith("/fr/") else "/rules/"), rulings[:3]
    # In French, the French summary (fr/<game>/decisions.md) first, the English ruling still among the results.
    for path, query, first in (("/fr/time-chase/", "TC-K7", "/fr/time-chase/decisions/"),
                               ("/fr/", "TC-K7", "/fr/time-chase/decisions/"),
                               ("/fr/ttykm/learn/01-the-game/", "K7", "/fr/ttykm/decisions/")):
        hrefs, _ = result_links(visit, path, query)
        rulings = [h for h in hrefs if "#ruling-" in h]
        anchor = "#ruling-" + query.lower()
        assert rulings and urlsplit(rulings[0]).path == first and rulings[0].endswith(anchor), (path, rulings[:3])
        assert any(urlsplit(h).path.startswith("/rules/") and h.endswith(anchor) for h in rulings[1:]), rulings
    # On the French home page, "K7" draws every French page (three summaries, then the rules) before any English.
    hrefs, _ = result_links(visit, "/fr/", "K7")
    french = [urlsplit(h).path.startswith("/fr/") for h in hrefs]
    assert sum(french) >= 4 and french == sorted(french, reverse=True), hrefs[:8]
    visit.assert_clean()
    visit = Visit(browser, base_url, width=WIDTHS[1])
    hrefs, counted = result_links(visit, "/fr/trois-ombres/", "Coup de bluff")
    OUTPUT.mkdir(exist_ok=True)
    visit.page.screenshot(path=str(OUTPUT / "site-search-fr-bluff-390.png"))
    # A French reader's own game in French first: the French rules' clause, then the lesson's section and the
    # French questions among the first results.
    assert any("/fr/trois-ombres/regles/" in h and h.endswith("#OMBRES.BLUFF") for h in hrefs[:4]), hrefs[:6]
    assert any(h.endswith("/fr/trois-ombres/?h=coup+bluff#la-fin-et-le-coup-de-bluff") for h in hrefs[:12]), hrefs[:12]
    assert any("/fr/trois-ombres/questions/" in h for h in hrefs[:12]), " ".join(hrefs[:12])
    assert not any("h=de" in h for h in hrefs), " ".join(hrefs[:12])
    assert int(counted.split()[0]) < 40, counted  # with "de" searched, 79 pages matched
    # A French reader's own game's French pages before its English rules.
    hrefs, _ = result_links(visit, "/fr/trois-ombres/", "Traquenard")
    assert urlsplit(hrefs[0]).path.startswith("/fr/trois-ombres/"), hrefs[:4]
    # The results drawn first are French pages, every one that matches ("Allison": the lesson, the rules, the
    # rulings, the questions, the playground), before any English page: the index is weighted for the edition.
    # "Focus" is in the title of English pages and in the text only of most French ones: French still first.
    for query in ("Allison", "Focus"):
        pages = [urlsplit(h).path for h in result_links(visit, "/fr/", query)[0]]
        drawn = [path for i, path in enumerate(pages) if i == 0 or path != pages[i - 1]]  # one page, its sections
        english = next((i for i, path in enumerate(drawn) if not path.startswith("/fr/")), len(drawn))
        assert english >= 5 and all(not path.startswith("/fr/") for path in drawn[english:]), (query, drawn[:10])
    visit.assert_clean()
