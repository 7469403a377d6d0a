"""The site's structure, read without a build: the glossary has the 3 Ombres card categories its lesson
uses, the "Rulings and sources" menu is grouped by game, the questions pages list their questions and fold
their examples (with a note on the cut-down table), and rulings are shown with their game's mark."""

from __future__ import annotations

import re
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from oracle.tools.site.glossary import render_glossary
from oracle.tools.site.pages import clause_pages, read_spec
from oracle.tools.site.questions import FOLD_CLASS, fold_questions
from tests.conftest import ROOT, SPEC, load_script

DOCS = ROOT / "docs"
# The words the 3 Ombres lesson uses for the kinds of card, and when they act (both editions), and its clue.
CATEGORIES = {"Embûche": ("en",), "Malédiction": ("en", "fr"), "Objet": ("en", "fr"), "Indice": ("fr",)}


@pytest.fixture(scope="module")
def hooks() -> ModuleType:
    return load_script("site_hooks", DOCS / "hooks.py")


def test_the_3_ombres_card_categories_of_the_lesson_are_in_both_glossaries_with_their_clause() -> None:
    pages = read_spec(SPEC)
    clause_page = clause_pages(pages).get
    for word, editions in CATEGORIES.items():
        for edition in editions:
            lesson = DOCS / ("fr" if edition == "fr" else "") / "trois-ombres" / "index.md"
            assert word in lesson.read_text(encoding="utf-8"), f"the {edition} lesson no longer says {word}"
    for src in ("glossary.md", "fr/glossary.md"):
        text = render_glossary((DOCS / src).read_text(encoding="utf-8"), src, clause_page)
        rows = [line for line in text.splitlines() if line.startswith("| ")]
        for word in CATEGORIES:
            row = next((r for r in rows if re.search(rf"^\| (?:[^|]*\| )?\**{word}\b", r)), None)
            assert row is not None, f"{src}: no entry for {word}"
            if not src.startswith("fr/"):  # the English page links each term to what states it
                assert re.search(r"\]\(rules/trois-ombres/[\w-]+\.md(?:#OMBRES\.[\w.-]+)?\)", row), row


def nav_titles(items: list[Any]) -> list[Any]:
    """A mkdocs.yml nav as titles: a section as (title, its titles)."""
    out: list[Any] = []
    for item in items:
        ((title, value),) = item.items()
        out.append((title, nav_titles(value)) if isinstance(value, list) else title)
    return out


def test_the_rulings_menu_is_grouped_by_game_and_names_each_kind_of_page(hooks: ModuleType) -> None:
    from oracle.games import GAMES, load_game

    config: Any = SimpleNamespace(nav=[{"Rulings and sources": "rulings.md"}, {"Rules": "rules/index.md"}],
                                  docs_dir=str(DOCS))
    hooks.on_config(config)
    menu = nav_titles(config.nav[0]["Rulings and sources"])
    # A page has one title, whichever menu lists it: the rules menu names the rulings pages alike.
    assert "standard game" not in str(nav_titles(config.nav[1]["Rules"]))
    assert menu[0] == "Overview"  # not the section's own name again, right under it
    games = [title for title, _ in menu[1:]]
    assert games == [load_game(name).title for name in GAMES], menu
    for _, entries in menu[1:]:
        kinds = {entry.split(" ")[0] for entry in entries}
        assert kinds == {"Rulings", "Sources"}, entries
    assert not any("standard game" in str(entry) for entry in menu), menu
    landing = (hooks.rulings_markdown(hooks._spec, "rulings.md"))
    assert re.search(r"\*\*rulings\*\* page is the one to read to [^.]+\.", landing)
    assert re.search(r"\*\*sources\*\* page is the one to read to [^.]+", landing)


@pytest.mark.parametrize("src", ["time-chase/questions.md", "trois-ombres/questions.md",
                                 "fr/time-chase/questions.md", "fr/trois-ombres/questions.md"])
def test_a_questions_page_lists_its_questions_and_folds_its_examples(src: str, hooks: ModuleType) -> None:
    """The questions are listed, before the first, each a link to its heading's anchor; each example is in a
    <details> of its own, its short answer outside it; a 3 Ombres page says its examples' table is cut down,
    with the counts of the first example's state (its Limbes deck too), in its own language."""
    from markdown.extensions.toc import slugify

    game = src.split("/")[-2]
    language = "fr" if src.startswith("fr/") else "en"
    text = (DOCS / src).read_text(encoding="utf-8")
    folded = fold_questions(text, game, language, lambda: hooks.dealt_table(game))
    headings = re.findall(r"^## (.+)$", text, flags=re.M)
    top = folded.split("\n## ", 1)[0]
    assert re.findall(r"^- \[(.+)\]\(#([\w-]+)\)$", top, flags=re.M) == [(h, slugify(h, "-")) for h in headings]
    sections = folded.split("\n## ")[1:]
    for section in sections:
        opened = section.count(f'<details class="{FOLD_CLASS}">')
        assert opened == section.count("```example") and opened == section.count("</details>"), section[:80]
        assert not section.lstrip().split("\n", 1)[1].lstrip().startswith("<details"), "no short answer first"
    summary = "Voir l'exemple" if language == "fr" else "Show the worked example"
    assert f"<summary>{summary}</summary>" in folded
    first_state = re.search(r"^state: (.+)$", text, flags=re.M)
    assert first_state is not None
    note = re.search(r"^\*(?:The examples use a cut-down table|Les exemples se jouent sur une table réduite)\*.*$",
                     top, flags=re.M)
    if game != "trois-ombres":
        assert note is None
        return
    assert note is not None, top[-400:]
    fields = dict(p.split("=", 1) for p in first_state.group(1).split() if "=" in p)
    assert f"{fields['characters']} " in note.group(0) and f"{len(fields['board'].split(','))} " in note.group(0)
    deck = fields["limbes-deck"].split(",")
    assert f"Amnésie ×{deck.count('amnesie')}" in note.group(0), note.group(0)


def test_the_rulings_of_the_other_games_are_shown_and_cited_with_their_game(hooks: ModuleType) -> None:
    """On its rulings page, where it is defined, Time Chase's K7 reads TC-K7 and 3 Ombres' OMBRES-K7; a lesson's
    or questions page's "rulings K2" cites TC-K2; the search index titles each ruling so, and the home page's
    example is such an ID."""
    from oracle.tools.site.pages import rules_markdown, spec_index

    pages = read_spec(SPEC)
    index = spec_index(pages)
    for name, shown in (("time-chase/rulings.md", "TC-K7"), ("trois-ombres/rulings.md", "OMBRES-K7"),
                        ("ttykm/rulings-chapters.md", "K7")):
        page = next(p for p in pages if p.name == name)
        text = rules_markdown(page, [], index=index)
        anchor = index.rulings[name.split("/")[0]]["K7"].anchor
        line = next(line for line in text.splitlines() if f'id="{anchor}"' in line)
        assert re.search(rf"(?<![\w-]){shown}\b", line), line[:160]
    hooks._index[:] = [index]
    cited = hooks.docs_links((DOCS / "time-chase" / "questions.md").read_text(encoding="utf-8"),
                             "time-chase/questions.md")
    assert re.search(r"rulings \[TC-K2\]\([^)]*#ruling-tc-k2 ", cited), "the questions cite K2 unmarked"
    french = hooks.docs_links((DOCS / "fr" / "trois-ombres" / "questions.md").read_text(encoding="utf-8"),
                              "fr/trois-ombres/questions.md")
    assert re.search(r"décision \[OMBRES-K15\]\([^)]*#ruling-ombres-k15 ", french)
    assert index.rulings["time-chase"]["K7"].label == "Time Chase ruling TC-K7"
    assert index.rulings["time-chase"]["TC-4"].marked == "TC-4"  # its ID has the mark already
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    assert "type `TC-K7` in the search" in home


def test_the_fold_keeps_a_page_without_questions_as_it_is() -> None:
    text = "# A page\n\nNo question here.\n"
    assert fold_questions(text, "time-chase", "en") == text
