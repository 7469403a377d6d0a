"""The French rules pages in the built site: a French page's links to a clause or a ruling stated in French land
on the French page, at that clause (tests/test_french_rules.py checks the pages' text)."""

from __future__ import annotations

import html
import posixpath
import re
from pathlib import Path

import pytest

from oracle.tools.site.french_rules import clause_headings, rules_page, ruling_lines, rulings_page
from oracle.tools.site.pages import read_spec, spec_index
from tests.conftest import SPEC
from tests.test_french_rules import DOCS, RULES_GAMES, RULINGS_GAMES

HREF = re.compile(r'<a [^>]*href="([^"#]*)#([^"]+)"')


def built_page(site_dir: Path, page: str, href: str) -> Path:
    """The built file a link of the built ``page`` (``fr/time-chase/questions/index.html``) leads to."""
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), html.unescape(href))) if href else page
    return site_dir / (target if target.endswith(".html") else posixpath.join(target, "index.html"))


@pytest.mark.parametrize("game", RULES_GAMES)
def test_a_french_lesson_s_clause_and_ruling_links_land_on_french_pages(site: Path, game: str) -> None:
    """In the built site, every link of a French page of the game to a clause its French rules page states, or to
    a ruling its French rulings page sums up, lands on that French page (``lang="fr"``), at an element with that
    id; the game's French lesson and questions make at least one such link."""
    text = (DOCS / rules_page(game)).read_text(encoding="utf-8")
    french = set(clause_headings(text)) | {
        ruling.anchor for ruling in spec_index(read_spec(SPEC)).rulings[game].values()
        if game in RULINGS_GAMES and ruling.id in ruling_lines(
            (DOCS / rulings_page(game)).read_text(encoding="utf-8"), [ruling])}
    lessons = [path for path in sorted((site / "fr" / game).rglob("index.html"))
               if path.parent.name not in ("regles", "decisions")]
    landed = 0
    for lesson in lessons:
        page = lesson.relative_to(site).as_posix()
        for href, anchor in HREF.findall(lesson.read_text(encoding="utf-8")):
            if anchor not in french:
                continue
            target = built_page(site, page, href)
            assert target.relative_to(site).parts[0] == "fr", (page, href, anchor)
            built = target.read_text(encoding="utf-8")
            assert '<html lang="fr"' in built and f'id="{anchor}"' in built, (page, href, anchor)
            landed += 1
    assert landed, f"no French page of {game} links to a clause or ruling stated in French"
