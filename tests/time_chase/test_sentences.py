"""Time Chase's examples on the rules site, in English and in French: every kind of event has its sentence
and its clause, the examples list them (their notation folded below), a finished game says who won, the
actions name their players and the state's line is folded under the pictures."""

from __future__ import annotations

import json
import re
from typing import get_args

from oracle.games.time_chase.cards import Card
from oracle.games.time_chase.events import Event, EventKind, event_rule, event_sentence
from oracle.games.time_chase.notation import event_text
from oracle.tools.site.examples import render_examples
from oracle.tools.site.french import translate_event, translate_html, untranslated
from oracle.tools.site.playground import view_json
from tests.conftest import ROOT

B9, R5 = Card(1, 9), Card(0, 5)
ONE_OF_EACH = [Event("dealt", player=0, card=B9), Event("income", player=2, amount=1),
               Event("event", position=2), Event("bids", amounts=(1, 0, 2, 0)),
               Event("travel", player=2, amount=2, position=0), Event("lead", player=0, card=B9, position=1),
               Event("play", player=3, card=R5, position=1), Event("crystal", player=1, position=1),
               Event("win", player=3, card=R5, position=1), Event("hold", card=B9, position=3),
               Event("token", player=3, position=1), Event("token-back", player=1, position=3),
               Event("invariant", player=4, card=B9, old=R5), Event("paradox", player=4, card=B9, old=R5),
               Event("unchanged", card=R5), Event("over", amounts=(3,), rule="TC.WIN.THREE")]


def test_every_kind_of_event_has_a_sentence_a_clause_and_a_french_one() -> None:
    assert {e.kind for e in ONE_OF_EACH} == set(get_args(EventKind))
    for event in ONE_OF_EACH:
        sentence, french = event_sentence(event), translate_event(event_sentence(event))
        assert sentence != event_text(event) and " " in sentence, event
        assert (event_rule(event) or "").startswith("TC."), event
        assert french != sentence, sentence
    assert event_sentence(Event("income", player=2, amount=1)) == "p2 gains 1 crystal of income"
    assert translate_event("p2 gains 2 crystals of income") == "p2 reçoit 2 cristaux de revenu"
    assert event_sentence(ONE_OF_EACH[-1]) == "the game is over: p3 controls three events and wins"


def test_the_lessons_list_events_in_words_and_say_who_won() -> None:
    for path, words, won in (
        ("docs/time-chase/index.md", "<li>p2 puts a token on event 1 (",
         "<dd>p3 controls three events and wins ("),
        ("docs/fr/time-chase/index.md", "<li>p2 pose un jeton sur l'événement 1 (",
         "<dd>p3 contrôle trois événements et gagne ("),
    ):
        page = render_examples((ROOT / path).read_text(), path, lambda rule: "#" + rule, "playground/")
        if "/fr/" in path:
            page = translate_html(page)
            assert untranslated(page) == []
            assert "partie finie : p3 gagne" in page and "game over" not in page
        else:
            assert "game over: p3 wins" in page  # the finished game's timeline says who won
        assert words in page and won in page, path
        # The events in words with their rules; their notation (what an engine writes) folded below.
        lists = re.findall(r'<ol class="ttykm-events">(.*?)</ol>', page, re.S)
        assert lists and not any("<code" in re.sub(r"<a\b.*?</a>", "", events) for events in lists), path
        assert ("Les événements en notation" if "/fr/" in path else "The events in notation") in page, path
        # The state's line is folded under the pictures, and each action names its player.
        assert "<dt>State</dt>" not in page and page.count('<details class="tc-notation">') >= 5
        # French sets a space before the colon, and names a card by its label, not in notation.
        colon, card = (" : ", "{}") if "/fr/" in path else (": ", "<code>{}</code>")
        first = ", ".join(f"p{seat}{colon}{card.format(played)}" for seat, played in ((0, "B9"), (1, "B6"), (2, "R5")))
        assert first in page
        assert f"<dt>Action</dt><dd>p3{colon}{card.format('B12')}</dd>" in page


def test_the_deal_says_the_first_player_is_drawn_only_where_it_is() -> None:
    """The full game draws its first player with the deal (TC.DEAL); the research setting always starts with p0
    (TC.RESEARCH.SMALL), and the playground's deal line says so in both editions."""
    for rules, lang, says, never in (
        ("", "en", "is drawn as first player", "as always"),
        ("", "fr", "est tiré au sort comme premier joueur", "comme toujours"),
        ("small", "en", "p0 is first player, as always in the research setting", "drawn"),
        ("small", "fr", "p0 est premier joueur, comme toujours dans le réglage de recherche", "tiré au sort"),
    ):
        answer = json.loads(view_json(json.dumps({"game": "time-chase", "rules": rules, "seat": "oracle:1",
                                                  "seed": 1, "lang": lang})))
        deal = answer["oracle"]["played"][0]["public"][0]
        assert says in deal and never not in deal, (rules, lang, deal)
