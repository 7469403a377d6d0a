"""The site's pages: editions and languages, headers and navigation, links, sources, fonts."""

from __future__ import annotations

import io
import re
import tarfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from oracle.tools.site.editions import GAME_NAMES, SHORT_NAMES
from oracle.tools.site.glossary import CARDS, TERMS
from oracle.tools.site.source import TITLE, archive_name
from tests.browser.visit import (
    EDITION_PAGES,
    GLOSSARY_NAV_PAGES,
    GLYPHS,
    NAV_LINKS,
    OUTPUT,
    PHONE_PAGES,
    SECTION_LINKS,
    SMALLEST_CODE,
    SOURCE_NAMES,
    SOURCE_PAGES,
    WIDTHS,
    Visit,
    boards_render,
    french_rules_paths,
    links_resolve,
    unavailable,
)
from tests.conftest import ROOT


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


def test_the_english_rules_list_only_english_worked_examples(site: Path) -> None:
    """A clause's "Worked examples" on an English rules page lead to English pages only: a French lesson's
    example has a French title, which an English list would show among the English ones."""
    french = []
    for page in sorted((site / "rules").rglob("*.html")):
        for listed in re.findall(r"<p><em>Worked examples?:</em>(.*?)</p>", page.read_text(encoding="utf-8"), re.S):
            french += [f"{page.relative_to(site)}: {href}" for href in re.findall(r'href="([^"]*)"', listed)
                       if re.search(r"(^|/)fr/", href)]
    assert french == [], french[:5]


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
            if card_game and path.removeprefix("/fr").startswith(("/time-chase/", "/trois-ombres/")) and not (
                    "/regles/" in path or "/decisions/" in path):  # a lesson's page, not the French rules
                assert ("Questions sur" if language == "fr" else "Questions on") in nav, path
            if "/learn/" in path:
                boards_render(page, 1)
            # The switch leads to the same page in the other edition (each is in the list, with its language).
            other = "en" if language == "fr" else "fr"
            switch = page.locator(f"a.md-select__link[hreflang='{other}']")
            assert switch.count() == 1, path
            target = urlsplit(switch.evaluate("a => a.href")).path
            assert target == switch_to, (path, target)
            # A switch to another page than this one in the other language says so; the French rules and
            # rulings pages are the translations of the English clause and rulings pages.
            said = switch.text_content() or ""
            translated = target.removeprefix("/fr") == path.removeprefix("/fr") or "/regles/" in target + path or (
                "/decisions/" in target + path)
            assert ("non traduite" in said or "not translated" in said) == (not translated), (path, said)
            assert any(p == target and lang == other for p, lang, _, _ in EDITION_PAGES) or target in (
                "/playground/", "/rules/trois-ombres/", "/fr/trois-ombres/regles/", "/rules/time-chase/",
                "/rules/ttykm/", "/rules/trois-ombres/rulings/", "/fr/time-chase/decisions/")
            if language == "fr":
                OUTPUT.mkdir(exist_ok=True)
                name = path.strip("/").replace("/", "-") or "home"
                page.screenshot(path=str(OUTPUT / f"site-edition-{name}-{width}.png"))
        visit.assert_clean()


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
            # The entry named exactly so (a lesson such as « Les règles en une page » is another link).
            link = page.locator("nav.md-nav--primary a:visible", has_text=re.compile(rf"^\s*{re.escape(text)}\s*$"))
            assert link.count() == 1, (path, text)
            href = link.evaluate("a => a.href")
            target = f"/fr/{game}/{french.removesuffix('.md')}/" if has_french else english_target
            assert urlsplit(href).path == target, (path, text, href)
            assert visit.page.request.get(href).status == 200
        article = page.locator("article").inner_html()
        assert "Provisional" not in article and "Exemple</a>: " not in article, path
    visit.assert_clean()


def test_a_missing_browser_skips_locally_and_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must run the browser test"):
        unavailable("no Chromium found")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="no Chromium found"):
        unavailable("no Chromium found")


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
