"""Each game's rules and rulings in French (docs/fr/<game>/regles.md, decisions.md): the French rules page states
every clause of its game's spec under the clause's own ID and a French title, with the rulebook's quotations word
for word; the French rulings page names every ruling; and the French edition's links to a clause or a ruling land
on these pages, the language switch pairing them with the English ones.  Every game that has the pages is checked,
whichever they are."""

from __future__ import annotations

import re

import pytest

from oracle.games import GAMES
from oracle.tools.site.editions import counterpart, switch_label
from oracle.tools.site.french_rules import (
    ENGINE_FILES,
    clause_headings,
    prose_lines,
    quotes,
    redirect_links,
    rules_page,
    ruling_lines,
    ruling_name,
    ruling_summaries,
    rulings_page,
    search_title,
)
from oracle.tools.site.pages import read_spec, spec_index
from oracle.tools.site.spec_files import CLAUSE
from tests.conftest import ROOT, SPEC
from tests.test_site_editions import ENGLISH_WORDS

DOCS = ROOT / "docs"
RULES_GAMES = [game for game in GAMES if (DOCS / rules_page(game)).is_file()]
RULINGS_GAMES = [game for game in GAMES if (DOCS / rulings_page(game)).is_file()]


def spec_clauses(game: str) -> dict[str, list[str]]:
    """Each spec file of the game (``trick.md``) -> the IDs of its clauses, for the files that have any."""
    return {page.name.split("/", 1)[1]: [clause.id for clause in page.clauses]
            for page in read_spec(SPEC) if page.name.startswith(game + "/") and page.clauses}


def covered(game: str, text: str) -> tuple[set[str], list[str]]:
    """The clause IDs a French rules page must state, and the engine files it leaves out: every file of the
    game's spec but an engine file (`ENGINE_FILES`) the page states none of."""
    stated = set(clause_headings(text))
    expected: set[str] = set()
    left_out: list[str] = []
    for name, ids in spec_clauses(game).items():
        if name in ENGINE_FILES and not stated & set(ids):
            left_out.append(name)
        else:
            expected |= set(ids)
    return expected, left_out


@pytest.mark.parametrize("game", RULES_GAMES)
def test_the_french_rules_state_every_clause_under_its_own_id(game: str) -> None:
    """A missing, extra or misspelt clause ID fails, as does a clause stated twice; an engine file left out whole
    is named on the page."""
    text = (DOCS / rules_page(game)).read_text(encoding="utf-8")
    expected, left_out = covered(game, text)
    lines = text.splitlines()
    headings = [m.group(2) for i in prose_lines(text) if (m := CLAUSE.match(lines[i])) is not None]
    assert sorted(set(headings) - expected) == [], "clauses that the spec does not have (or has in a left-out file)"
    assert sorted(expected - set(headings)) == [], "clauses of the spec that the French page leaves out"
    assert len(headings) == len(set(headings)), "a clause stated twice"
    assert [name for name in left_out if name not in text] == [], "engine files left out without a word"


@pytest.mark.parametrize("game", RULES_GAMES)
def test_the_french_rules_titles_are_french_and_every_clause_is_said(game: str) -> None:
    """Every heading's title is French (the English words of the card games' pictures catch an English one; the
    notation in code spans is the oracle's own), and under each clause heading comes French prose that states it,
    not only its quotation."""
    text = (DOCS / rules_page(game)).read_text(encoding="utf-8")
    lines = text.splitlines()
    for i in prose_lines(text):
        if match := re.match(r"^#{1,6} (.+)$", lines[i]):
            title = re.sub(r"`[^`]*`", "", CLAUSE.sub(lambda m: m.group(3), lines[i]) if CLAUSE.match(lines[i])
                           else match.group(1))
            assert not ENGLISH_WORDS.search(title), lines[i]
    for clause_id, section in sections(text).items():
        said = [paragraph for paragraph in section.split("\n\n") if paragraph.strip()
                and not re.match(r"^\s*(?:\*[^*]+\*\s*)?«", paragraph) and not paragraph.startswith("```")]
        assert said and sum(len(p) for p in said) >= 60, f"{clause_id}: no sentence states the rule"


def sections(text: str) -> dict[str, str]:
    """Clause ID -> the text under its heading, up to the next heading of its level or above."""
    lines = text.splitlines()
    found: dict[str, str] = {}
    prose = set(prose_lines(text))
    for i in sorted(prose):
        if (match := CLAUSE.match(lines[i])) is None:
            continue
        level = len(match.group(1))
        end = next((j for j in range(i + 1, len(lines)) if j in prose
                    and (h := re.match(r"^(#{1,6}) ", lines[j])) and len(h.group(1)) <= level), len(lines))
        found[match.group(2)] = "\n".join(lines[i + 1:end]).strip()
    return found


@pytest.mark.parametrize("game", RULES_GAMES)
def test_the_french_rules_quote_the_rulebook_word_for_word(game: str) -> None:
    """Every quotation « … » of a stated clause's *Source:* in the spec is under that clause on the French page,
    word for word (only line breaks may differ)."""
    text = (DOCS / rules_page(game)).read_text(encoding="utf-8")
    stated = {clause_id: " ".join(section.split()) for clause_id, section in sections(text).items()}
    missing = [(page.name, clause.id, quote) for page in read_spec(SPEC) if page.name.startswith(game + "/")
               for clause in page.clauses if clause.id in stated
               for quote in quotes(clause.source) if quote not in stated[clause.id]]
    assert missing == []


@pytest.mark.parametrize("game", RULINGS_GAMES)
def test_the_french_rulings_name_every_ruling(game: str) -> None:
    """Each ruling of the game is named on the French rulings page by its game-prefixed ID (``TC-K7``)."""
    rulings = spec_index(read_spec(SPEC)).rulings[game]
    text = (DOCS / rulings_page(game)).read_text(encoding="utf-8")
    found = ruling_lines(text, rulings.values())
    assert [ruling_name(ruling) for ruling in rulings.values() if ruling.id not in found] == []


@pytest.mark.parametrize("game", RULINGS_GAMES)
def test_each_french_rulings_page_is_titled_with_its_game(game: str) -> None:
    """A search result or a tab says which game's rulings it holds: "Décisions et sources de Contre-Temps"."""
    from oracle.tools.site.editions import GAME_NAMES

    title = (DOCS / rulings_page(game)).read_text(encoding="utf-8").splitlines()[0]
    assert title == f"# Décisions et sources de {GAME_NAMES['fr'][game]}"


def test_a_ruling_is_named_with_its_game_s_prefix_and_found_where_its_entry_opens() -> None:
    rulings = spec_index(read_spec(SPEC)).rulings
    k7, tc1, su1 = (rulings["time-chase"][i] for i in ("K7", "TC-1", "SU-1"))
    assert [ruling_name(r) for r in (k7, tc1, su1)] == ["TC-K7", "TC-1", "TC-SU-1"]
    assert ruling_name(rulings["trois-ombres"]["K4"]) == "OMBRES-K4" and ruling_name(rulings["ttykm"]["T3"]) == "T3"
    text = "Intro citing TC-K7 and TC-K70.\n\n- **[TC-K7](x.md#ruling-tc-k7)** · a low card\n- **TC-1** · deck\n"
    assert ruling_lines(text, [k7, tc1, su1]) == {"K7": 2, "TC-1": 3}


@pytest.mark.parametrize("game", RULINGS_GAMES)
def test_each_french_ruling_summary_is_searchable_in_its_own_words(game: str) -> None:
    """The search's entry of each French summary (docs/hooks.py, add_rulings_to_search) holds the entry's words,
    its continued lines too, without the ruling's name, markup or link."""
    rulings = spec_index(read_spec(SPEC)).rulings[game]
    found = ruling_summaries((DOCS / rulings_page(game)).read_text(encoding="utf-8"), rulings.values())
    assert set(found) == set(rulings)
    wrong = {name: said for name, said in found.items()
             if len(said) < 20 or re.search(r"[*`<>]|\]\(|^(TC|OMBRES)-", said)}
    assert wrong == {}


def test_a_french_ruling_summary_in_the_search_is_the_entry_s_words_under_a_french_title() -> None:
    rulings = spec_index(read_spec(SPEC)).rulings
    k7, tc1 = rulings["time-chase"]["K7"], rulings["time-chase"]["TC-1"]
    text = ("- <span id=\"ruling-tc-k7\"></span>**[TC-K7](x.md#ruling-tc-k7)** · a *low* card wins\n"
            "  and takes a crystal.\n- **TC-1** : deck\n")
    assert ruling_summaries(text, [k7, tc1]) == {"K7": "a low card wins and takes a crystal.", "TC-1": "deck"}
    assert search_title(k7) == "Décision TC-K7 (Contre-Temps)"
    assert search_title(rulings["ttykm"]["T3"]) == "Décision T3 (Demain tu m'as tué)"


def test_a_french_page_s_links_to_the_english_rules_lead_to_the_french_ones() -> None:
    """A clause the French rules page states, a ruling its rulings page sums up, a game's rules or rulings page:
    each link goes to the French page, and the "(en anglais)" after it goes; any other link stays."""
    french = {("rules/time-chase/trick.md", "TC.FOLLOW"): "fr/time-chase/regles.md",
              ("rules/time-chase/rulings.md", "ruling-tc-k2"): "fr/time-chase/decisions.md",
              ("rules/time-chase/index.md", ""): "fr/time-chase/regles.md",
              ("rules/time-chase/past.md", ""): "fr/time-chase/regles.md#TC.REPLAY"}
    page = ("Voir [TC.FOLLOW](../../rules/time-chase/trick.md#TC.FOLLOW) (en anglais), "
            "[K2](../../rules/time-chase/rulings.md#ruling-tc-k2), [TC.NOTATION.CARD]"
            "(../../rules/time-chase/notation.md#TC.NOTATION.CARD) (en anglais) et les\n"
            "[règles](../../rules/time-chase/index.md)\n(en anglais), [le passé](../../rules/time-chase/past.md).\n"
            "```\n[TC.FOLLOW](../../rules/time-chase/trick.md#TC.FOLLOW)\n```")
    assert redirect_links(page, "fr/time-chase/questions.md", lambda p, a: french.get((p, a))) == (
        "Voir [TC.FOLLOW](regles.md#TC.FOLLOW), [K2](decisions.md#ruling-tc-k2), [TC.NOTATION.CARD]"
        "(../../rules/time-chase/notation.md#TC.NOTATION.CARD) (en anglais) et les\n[règles](regles.md), "
        "[le passé](regles.md#TC.REPLAY).\n"
        "```\n[TC.FOLLOW](../../rules/time-chase/trick.md#TC.FOLLOW)\n```")


def test_the_language_switch_pairs_the_french_rules_with_the_english_ones() -> None:
    sources = {"index.md", "fr/index.md", "fr/time-chase/index.md", "rules/time-chase/index.md",
               "rules/time-chase/trick.md", "rules/time-chase/rulings.md", "rulings-time-chase.md",
               "fr/time-chase/regles.md", "fr/time-chase/decisions.md", "rules/ttykm/turn.md"}
    assert counterpart("fr/time-chase/regles.md", sources) == "rules/time-chase/index.md"
    assert counterpart("fr/time-chase/decisions.md", sources) == "rules/time-chase/rulings.md"
    for english in ("rules/time-chase/index.md", "rules/time-chase/trick.md"):
        assert counterpart(english, sources) == "fr/time-chase/regles.md"
        assert switch_label("fr", english, "fr/time-chase/regles.md") == "Français"
    assert counterpart("rules/time-chase/rulings.md", sources) == "fr/time-chase/decisions.md"
    assert counterpart("rulings-time-chase.md", sources) == "fr/time-chase/decisions.md"
    assert switch_label("en", "fr/time-chase/regles.md", "rules/time-chase/index.md") == "English"
    # A game without French rules keeps its nearest French page.
    assert counterpart("rules/ttykm/turn.md", sources) == "fr/index.md"
