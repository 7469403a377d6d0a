"""The site search's own rules (docs/javascripts/search.js), run under node on made-up results: the
little words of either language leave a query, a leading game's name picks that game, and an exact
ruling ID puts its ruling first.  One node process answers every case (the browser test of the
site checks the same rules on the built search once)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from typing import Any

import pytest

from tests.conftest import ROOT

SEARCH_JS = ROOT / "docs" / "javascripts" / "search.js"

# Results as Material draws them: one list of links per page, the page first, then its sections.
TC_RULINGS = [{"path": "rules/time-chase/rulings/", "score": 3.9, "title": "The rulings of Time Chase"},
              {"path": "rules/time-chase/rulings/#ruling-tc-a15", "score": 5427.7, "title": "Time Chase ruling A15"},
              {"path": "rules/time-chase/rulings/#ruling-tc-a14", "score": 5427.7, "title": "Time Chase ruling A14"},
              {"path": "rules/time-chase/rulings/#ruling-tc-a1", "score": 1579.0, "title": "Time Chase ruling A1"}]
# 3 Ombres' page scores more than twice Time Chase's: the reader's game must not rest on the scores.
OMBRES_RULINGS = [
    {"path": "rules/trois-ombres/rulings/", "score": 0, "title": "The rulings of L'heure des 3 ombres"},
    {"path": "rules/trois-ombres/rulings/#ruling-ombres-a17", "score": 12955.3, "title": "3 ombres ruling A17"},
    {"path": "rules/trois-ombres/rulings/#ruling-ombres-a1", "score": 1600.0, "title": "3 ombres ruling A1"}]
OMBRES_CARDS = [{"path": "rules/trois-ombres/cards-limbes/", "score": 0, "title": "Limbes cards"},
                {"path": "rules/trois-ombres/cards-limbes/#OMBRES.LIMBES.BROUILLARD", "score": 19.8,
                 "title": "OMBRES.LIMBES.BROUILLARD · Brouillard (from 3 h)"}]


def k4(game_path: str, anchor: str, score: float) -> list[dict[str, Any]]:
    return [{"path": game_path, "score": 0, "title": "rulings"},
            {"path": f"{game_path}#{anchor}", "score": score, "title": "K4"}]


K4_RESULTS = [k4("rules/trois-ombres/rulings/", "ruling-ombres-k4", 16362.5),
              [{"path": "rules/time-chase/invariant/", "score": 15.8, "title": "The Invariant"},
               {"path": "rules/time-chase/invariant/#TC.ZERO", "score": 7103.6, "title": "TC.ZERO · Changing"}],
              k4("rules/time-chase/rulings/", "ruling-tc-k4", 6362.5),
              k4("rules/ttykm/rulings-chapters/", "ruling-k4", 6362.5)]


def run(calls: list[tuple[str, list[Any]]]) -> list[Any]:
    """Each (function, arguments) of search.js's ranking, called in one node process."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("node is needed to check the site's search script, and CI must run it")
        pytest.skip("node is not installed")
    script = ("const r = require(process.argv[1]);"
              "const calls = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "console.log(JSON.stringify(calls.map(([f, args]) => r[f](...args))));")
    done = subprocess.run([node, "-e", script, str(SEARCH_JS)], input=json.dumps(calls), capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    answers: list[Any] = json.loads(done.stdout)
    return answers


def shown(answer: list[dict[str, int]], results: list[list[dict[str, Any]]]) -> list[str]:
    """The first link of each result in the order shown: the link put first among its sections, else its page."""
    return [results[a["index"]][a["first"] if a["first"] > 0 else 0]["path"] for a in answer]


def test_little_words_and_a_game_name_leave_the_query_but_the_last_word_stays() -> None:
    queries = ["Coup de bluff", "la carte de", "le Focus et la copie", "the rules of the game", "de", "TC K4",
               "ombres k4", "TTYKM K4", "3 Ombres bluff", "Contre-Temps A1", "Time Chase", "tc", "l'Horloge", "TC-K7",
               "OMBRES-K-1", "G-10", "TC-4"]
    sent = run([("searchText", [q]) for q in queries])
    assert dict(zip(queries, sent, strict=True)) == {
        "Coup de bluff": "Coup bluff", "la carte de": "carte de", "le Focus et la copie": "Focus copie",
        "the rules of the game": "rules game", "de": "de", "TC K4": "K4", "ombres k4": "k4", "TTYKM K4": "K4",
        "3 Ombres bluff": "bluff", "Contre-Temps A1": "A1", "Time Chase": "Time Chase", "tc": "tc",
        "l'Horloge": "l'Horloge", "TC-K7": "K7", "OMBRES-K-1": "K-1", "G-10": "G-10", "TC-4": "TC-4"}


def test_an_exact_ruling_id_ranks_its_own_anchor_first_in_the_readers_game() -> None:
    on_time_chase = [OMBRES_CARDS, OMBRES_RULINGS, TC_RULINGS]
    answers = run([("order", [on_time_chase, "A1", "time-chase"]), ("order", [on_time_chase, "A1", "trois-ombres"]),
                   ("order", [on_time_chase, "A1", ""]),
                   ("isRuling", ["rules/time-chase/rulings/#ruling-tc-a15", "a1"]),
                   ("isRuling", ["rules/ttykm/rulings-chapters/#ruling-k4", "k4"]),
                   ("isRuling", ["rules/time-chase/rulings/#ruling-tc-tc-4", "c-4"])])
    assert shown(answers[0], on_time_chase) == ["rules/time-chase/rulings/#ruling-tc-a1",
                                                "rules/trois-ombres/rulings/#ruling-ombres-a1",
                                                "rules/trois-ombres/cards-limbes/"]
    assert shown(answers[1], on_time_chase)[0] == "rules/trois-ombres/rulings/#ruling-ombres-a1"
    # On a page of no game, each game's A1 before the pages that only contain "a1...".
    assert shown(answers[2], on_time_chase)[2] == "rules/trois-ombres/cards-limbes/"
    assert answers[3:] == [False, True, False]


@pytest.mark.parametrize(("query", "here", "first"), [
    ("TC K4", "trois-ombres", "#ruling-tc-k4"), ("tc k4", "", "#ruling-tc-k4"),
    ("Ombres K4", "time-chase", "#ruling-ombres-k4"), ("TTYKM K4", "trois-ombres", "#ruling-k4"),
    ("K4", "trois-ombres", "#ruling-ombres-k4"), ("K4", "ttykm", "#ruling-k4"),
    # A ruling's ID as the pages show it, with its game's mark.
    ("TC-K4", "trois-ombres", "#ruling-tc-k4"), ("OMBRES-K4", "ttykm", "#ruling-ombres-k4"),
    ("ombres-k4", "time-chase", "#ruling-ombres-k4"), ("TTYKM-K4", "trois-ombres", "#ruling-k4"),
])
def test_a_leading_game_name_picks_that_games_ruling(query: str, here: str, first: str) -> None:
    (answer,) = run([("order", [K4_RESULTS, query, here])])
    assert shown(answer, K4_RESULTS)[0].endswith(first)


def test_the_readers_game_is_read_from_either_editions_address() -> None:
    paths = ["fr/trois-ombres/", "trois-ombres/questions/", "rules/time-chase/round/", "fr/ttykm/learn/03-a-turn/",
             "api/", "", "fr/"]
    assert run([("sectionOf", [p]) for p in paths]) == [
        "trois-ombres", "trois-ombres", "time-chase", "ttykm", "api", "", ""]


def test_a_french_reader_gets_the_french_pages_of_their_game_first() -> None:
    """On a French page, "Traquenard" finds the French lesson before the English rules of that game, which an
    English reader gets first; an exact ruling ID still comes before any page."""
    results = [[{"path": "rules/trois-ombres/traps/", "score": 0, "title": "Traps (Traquenards)"},
                {"path": "rules/trois-ombres/traps/#OMBRES.TRAP.PLACE", "score": 9000.0,
                 "title": "OMBRES.TRAP.PLACE · Traquenard"}],
               [{"path": "fr/trois-ombres/", "score": 0, "title": "Apprendre à jouer"},
                {"path": "fr/trois-ombres/#les-traquenards", "score": 2500.0, "title": "Les Traquenards"}],
               [{"path": "fr/ttykm/learn/01-the-game/", "score": 8000.0, "title": "Le jeu"}],
               k4("rules/trois-ombres/rulings/", "ruling-ombres-k4", 10.0)]
    french, english, ruling = run([("order", [results, "Traquenard", "trois-ombres", True]),
                                   ("order", [results, "Traquenard", "trois-ombres", False]),
                                   ("order", [results, "K4", "trois-ombres", True])])
    assert shown(french, results)[:2] == ["fr/trois-ombres/", "rules/trois-ombres/traps/"]
    assert shown(english, results)[0] == "rules/trois-ombres/traps/"
    assert shown(ruling, results)[0] == "rules/trois-ombres/rulings/#ruling-ombres-k4"
    # On the French home page (no game), "Traquenard" finds the French pages before any English one.
    (home,) = run([("order", [results, "Traquenard", "", True])])
    assert shown(home, results)[:2] == ["fr/ttykm/learn/01-the-game/", "fr/trois-ombres/"]


def test_each_edition_s_reader_gets_the_ruling_in_their_edition_first_and_the_other_s_after() -> None:
    """ "TC-K7": its English ruling and its French summary both match exactly; the English edition's reader gets
    the English ruling first and every French page after every English one, the French edition's reader the
    French summary first and the English ruling after the French pages."""
    results = [[{"path": "fr/time-chase/decisions/", "score": 0, "title": "Décisions et sources de Contre-Temps"},
                {"path": "fr/time-chase/decisions/#ruling-tc-k7", "score": 50.0, "title": "Décision TC-K7"}],
               k4("rules/time-chase/rulings/", "ruling-tc-k7", 10.0),
               [{"path": "fr/time-chase/", "score": 900.0, "title": "Apprendre à jouer"}],
               [{"path": "time-chase/", "score": 5.0, "title": "Learn to play"}]]
    english, french = run([("order", [results, "TC-K7", "time-chase", False]),
                           ("order", [results, "TC-K7", "time-chase", True])])
    assert shown(english, results) == ["rules/time-chase/rulings/#ruling-tc-k7", "time-chase/",
                                       "fr/time-chase/decisions/#ruling-tc-k7", "fr/time-chase/"]
    assert shown(french, results) == ["fr/time-chase/decisions/#ruling-tc-k7", "fr/time-chase/",
                                      "rules/time-chase/rulings/#ruling-tc-k7", "time-chase/"]


def test_the_index_is_weighted_for_the_reader_s_edition() -> None:
    """The one index of both editions, as the search worker is given it: the other edition's pages count a
    ten-thousandth (so that every result in the reader's language is drawn first, even against a title match of
    the other's), the reader's keep their boost."""
    docs = [{"location": "fr/trois-ombres/", "boost": 2}, {"location": "rules/trois-ombres/turn/"},
            {"location": "fr/"}, {"location": "trois-ombres/questions/", "boost": 4}]
    english, french = run([("weighted", [docs, False]), ("weighted", [docs, True])])
    assert [d.get("boost") for d in english] == [2e-4, None, 1e-4, 4]
    assert [d.get("boost") for d in french] == [2, 1e-4, None, 4e-4]
