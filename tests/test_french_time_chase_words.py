"""The French edition of Time Chase (Contre-Temps) says its cards and its suits in French: a card wears the
French label of `oracle.tools.site.french.CARD_SUITS` wherever a reader sees one (a picture, the playground's hand,
note, buttons and umpire's table, a sentence), the oracle's notation staying what one types; the site's own prose
says *couleur*, the rulebook's « suite » only in its quotations."""

from __future__ import annotations

import json
import re
from pathlib import Path

from oracle.games.time_chase import notation, pictures
from oracle.games.time_chase.pictures import NARROW, SITE_WIDE, timeline_svg
from oracle.tools.site.french import (
    CARD_LEGEND,
    CARD_SUITS,
    FIELDS,
    TYPED_KEY,
    card_fr,
    card_from_fr,
    translate_event,
    translate_field,
    translate_html,
    translate_reason,
)
from oracle.tools.site.glossary import TERMS
from oracle.tools.site.playground import view_json

ROOT = Path(__file__).resolve().parent.parent
ENGLISH_CARD = re.compile(r"(?<![\w-])[GYP](?:1[0-3]|[1-9])(?![\w-])")  # a Green, Yellow or Purple card's notation
STATE = ("players=4 round=6 phase=play first=0 ref=2 invariant=R13 unused=G7,G9,G10,G12 hands=Y5,Y7,Y8,Y9|"
         "Y11,Y13,P6,P7|G5,G13,P5,P8,P10|B5,B6,P11,P13 crystals=1,0,0,2 pawns=6,6,3,6 "
         "timeline=Y10:0|P9/P12:3|G8/G11:1|R6/R9:3|B7:2|Y6/Y12:1 at=3 spent=0,1,3,0")


def test_the_french_labels_are_the_colours_initials_apart_from_one_another() -> None:
    """One label a suit, each the start of its French colour name, no two alike nor one the start of another's
    card (V and Vi: V1 and Vi1 stay apart because a rank is a digit)."""
    from oracle.games import load_game

    french = load_game("time-chase").french_names()
    labels = [label for _, label in CARD_SUITS.values()]
    assert len(set(labels)) == len(labels) == 5
    assert all(french[suit].startswith(label) for suit, label in CARD_SUITS.values())
    assert CARD_LEGEND == "R Rouge, B Bleu, V Vert, J Jaune, Vi Violet"


def test_a_french_timeline_labels_its_cards_in_french() -> None:
    """The cards drawn on a French page's timeline (wide and narrow) wear the French labels; the text on a card
    keeps its size (15, above the 11 of the picture-text tests)."""
    state = notation.parse_state(STATE)
    for columns in (SITE_WIDE, NARROW):
        drawn = translate_html(timeline_svg(state, columns))
        on_cards = re.findall(r'<g class="card"><title>([^<]*)</title><rect[^>]*/><text[^>]*font-size="(\d+)"'
                              r"[^>]*>([^<]+)</text>", drawn)
        assert {label for _, _, label in on_cards} >= {"R13", "J10", "Vi9", "Vi12", "V8", "V11", "J6", "J12"}
        assert not [label for _, _, label in on_cards if ENGLISH_CARD.search(label)]
        assert {title for title, _, label in on_cards if label == "Vi12"} == {"Violet 12"}
        assert all(int(size) >= 11 for _, size, _ in on_cards)


def test_the_french_sentences_name_the_cards_by_their_french_labels() -> None:
    """The events and refusals a French page or the playground says; the rule's words stay French."""
    assert translate_event("p0 leads Y11 at event 1") == "p0 ouvre avec J11 sur l'événement 1"
    assert translate_event("P5 replaces G3 as the Invariant: Purple is trump") == \
        "Vi5 remplace V3 comme constante : l'atout est Violet"
    assert translate_reason("p1 must follow P6's suit and holds P3 or G7") == \
        "p1 doit fournir la couleur de Vi6 et a Vi3 ou V7"
    assert translate_reason("p2 does not hold Y4") == "p2 n'a pas J4 en main"


def _answer(**request: object) -> dict[str, object]:
    asked = {"game": "time-chase", "picks": ["chance"], **request}
    answer: dict[str, object] = json.loads(view_json(json.dumps(asked)))
    return answer


def test_the_french_playground_shows_french_card_labels_and_the_key_to_type_them() -> None:
    """Hand, note, buttons and umpire's fields in French labels; a button still plays the notation, and the answer
    gives the key from label to notation letter for the box where one types.  The English answer is unchanged."""
    french, english = _answer(lang="fr"), _answer()
    hand = [item for field in french["view"]["private"] for item in field.get("items", ())]  # type: ignore[index]
    assert ENGLISH_CARD.search(" ".join(hand)), "the deal gives p0 a Green, Yellow or Purple card"
    shown = [french["card_labels"].get(item, item) for item in hand]  # type: ignore[attr-defined]
    assert not ENGLISH_CARD.search(" ".join(shown)), shown
    note = french["note"]["fr"] + french["note"]["fr-do"]  # type: ignore[index]
    assert not ENGLISH_CARD.search(note) and CARD_LEGEND in note, note
    assert all(not ENGLISH_CARD.search(button["words"]["fr"]) and button["pick"] == english_button["pick"]
               for button, english_button in zip(french["buttons"], english["buttons"], strict=True))  # type: ignore
    assert french["notation_key"] == TYPED_KEY and "J = Y" in TYPED_KEY and "Vi = P" in TYPED_KEY
    assert "tapez J11 ou Y11" in TYPED_KEY  # the box takes the French label as well as the notation
    assert "card_labels" not in english and "notation_key" not in english
    assert ENGLISH_CARD.search(english["note"]["en"])  # type: ignore[index]
    umpire = _answer(lang="fr", seat="umpire")
    assert not ENGLISH_CARD.search(json.dumps(umpire["fields"]))
    labels: dict[str, str] = umpire["card_labels"]  # type: ignore[assignment]
    every_hand = [item for seat in umpire["hands"] for field in seat["private"]  # type: ignore[attr-defined]
                  for item in field.get("items", ())]
    assert not ENGLISH_CARD.search(" ".join(labels.get(item, item) for item in every_hand))


def test_the_umpire_s_field_of_a_void_trump_reads_as_french() -> None:
    """``trump void`` (a paradox took the trump away) is no "sans atout : non"."""
    name, value = translate_field("trump void", False)
    assert name == FIELDS["trump void"] and name != "sans atout" and "paradoxe" in name and value is False


QUOTE = re.compile(r"«[^»]*»")


def _prose(path: Path) -> str:
    """A French page's words a reader reads as the site's own: its text and its examples' titles, without code,
    the blocks of notation, and quotations (a blockquote, a « … »)."""
    out, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced and not line.startswith("title: "):
            continue
        if line.startswith(">"):
            continue
        out.append(re.sub(r"`[^`]*`", "", line))
    return QUOTE.sub("", "\n".join(out))


def test_the_french_time_chase_pages_say_couleur_and_french_card_labels() -> None:
    """The French lesson and questions of Time Chase: no « suite » outside the rulebook's quotations, no English
    card letter outside the notation; the lesson gives the labels' key and notes once the rulebook's word."""
    pages = [ROOT / "docs" / "fr" / "time-chase" / name for name in ("index.md", "questions.md")]
    for page in pages:
        prose = _prose(page)
        assert not re.search(r"\bsuites?\b", prose), page
        assert not ENGLISH_CARD.search(prose), (page, ENGLISH_CARD.findall(prose))
    lesson = " ".join(pages[0].read_text(encoding="utf-8").split())
    assert CARD_LEGEND in lesson and lesson.count("« suite »") == 1


def test_the_glossary_says_couleur_and_notes_the_rulebook_s_suite() -> None:
    suit = next(term for term in TERMS["time-chase"] if term.english == "suit")
    assert "couleur" in suit.french and "suite" not in suit.french and "« suite »" in suit.fr
    assert CARD_LEGEND in suit.fr
    other = " ".join(term.fr for term in TERMS["time-chase"] if term is not suit)
    assert not re.search(r"\bsuites?\b", other)


def test_a_card_typed_with_its_french_label_reads_as_the_notation() -> None:
    """J11, Vi5, V6 (any case) are the notation's Y11, P5, G6; R and B are both; a card already in notation, a
    bid and the other words of an action stay as typed."""
    assert [card_from_fr(text) for text in ("J11", "vi5", "V6", "v13", "R5", "B12")] == \
        ["Y11", "P5", "G6", "G13", "R5", "B12"]
    assert [card_from_fr(text) for text in ("Y11", "P5", "G6", "bid 1", "bids 0,1,0,0")] == \
        ["Y11", "P5", "G6", "bid 1", "bids 0,1,0,0"]
    assert card_from_fr("deal first=0 invariant=J8 unused=V1,Vi2 hands=R1,J3|B2") == \
        "deal first=0 invariant=Y8 unused=G1,P2 hands=R1,Y3|B2"
    # Every card, written as the French edition labels it, reads back as its notation.
    every = [f"{letter}{rank}" for letter in CARD_SUITS for rank in range(1, 14)]
    assert [card_from_fr(card_fr(card)) for card in every] == every


def _typed(state: str, typed: str, lang: str = "fr") -> dict[str, object]:
    asked = {"game": "time-chase", "state": state, "action": typed, "seat": "hot", "lang": lang}
    answer: dict[str, object] = json.loads(view_json(json.dumps(asked)))
    return answer


def test_the_french_playground_plays_a_card_typed_with_its_french_label() -> None:
    """In the French edition's box, J11 plays the oracle's Y11, as Y11 itself does; the English edition reads
    the notation only (its J is no suit)."""
    dealt = _answer(lang="fr")
    position = str(dealt["state"])
    hand = [item for field in dealt["view"]["private"] for item in field.get("items", ())]  # type: ignore[index]
    card = next(item for item in hand if item[0] in "GYP" and any(b["pick"] == item for b in dealt["buttons"]))  # type: ignore
    played = [_typed(position, typed) for typed in (card_fr(card), card, card_fr(card).lower())]
    assert all("error" not in answer and answer["verdict"] is None and answer["applied"]["action"] == card  # type: ignore
               for answer in played), played
    assert played[0]["state"] == played[1]["state"] == played[2]["state"]
    assert "error" in _typed(position, card_fr(card), lang="en")


def test_the_french_umpire_lists_the_cards_out_of_play_by_their_french_labels() -> None:
    """The cards no player sees: the answer keeps their notation (``out``) and labels each in French."""
    umpire = _answer(lang="fr", seat="umpire")
    out: list[str] = umpire["out"]  # type: ignore[assignment]
    labels: dict[str, str] = umpire["card_labels"]  # type: ignore[assignment]
    assert ENGLISH_CARD.search(" ".join(out)), "the deal leaves a Green, Yellow or Purple card out of play"
    shown = [labels.get(card, card) for card in out]
    assert shown == [card_fr(card) for card in out] and not ENGLISH_CARD.search(" ".join(shown))


def test_the_french_text_picture_writes_the_cards_with_their_french_labels() -> None:
    """``oracle --lang fr`` (and the umpire's text table): the Invariant, the timeline, the trick and the hands
    in French labels; the English picture keeps the notation."""
    state = notation.parse_state(STATE)
    french, english = pictures.state_text(state, "fr"), pictures.state_text(state, "en")
    assert not ENGLISH_CARD.search(french), ENGLISH_CARD.findall(french)
    assert "J10" in french and "Vi9/Vi12" in french and "main J5 J7 J8 J9" in french
    assert "Y10" in english and "P9/P12" in english and "hand Y5 Y7 Y8 Y9" in english


def test_the_box_of_events_to_come_alone_on_a_phone_row_reads_as_two_lines_in_both_editions() -> None:
    """Round 7 on a phone: two full rows of positions, and the events to come alone on the third, in a low
    strip: ``events 8–10`` over ``to come``.  The word before the span ends where the span begins, so the French
    words (« évén. 8–10 » over « à venir »), shorter or longer than the English, leave no gap."""
    sixth = notation.parse_state(
        "players=4 round=6 phase=play first=0 ref=2 invariant=R13 unused=G7,G9,G10,G12 "
        "hands=Y5,Y7,Y8,Y9|Y11,Y13,P6,P7|G5,G13,P5,P8,P10|B5,B6,P11,P13 crystals=1,0,0,2 pawns=6,6,3,6 "
        "timeline=Y10:0|P9/P12:3|G8/G11:1|R6/R9:3|B7:2|Y6/Y12:1 at=3 spent=0,1,3,0")
    seventh = view_json(json.dumps({"game": "time-chase", "state": notation.format_state(sixth), "action": "G13",
                                    "seat": "umpire"}))
    state = notation.parse_state(json.loads(seventh)["state"])
    assert state.round == 7
    for svg in (timeline_svg(state, NARROW), translate_html(timeline_svg(state, NARROW))):
        strip = re.search(r'<g class="future" data-events="8-10">(.*?)</g>', svg)
        assert strip is not None
        words = re.findall(r'<text x="([\d.]+)" y="(\d+)" text-anchor="(\w+)"[^>]*>([^<]+)</text>', strip[1])
        (label, label_y, label_anchor, _), (span, span_y, span_anchor, text), (_, below_y, below_anchor, _) = words
        assert text == "8–10" and label_y == span_y < below_y and below_anchor == "middle"
        assert (label_anchor, span_anchor) == ("end", "start") and float(span) - float(label) <= 6


def test_the_french_lesson_s_examples_name_their_cards_in_french_outside_the_notation() -> None:
    """The facts of each Time Chase example on the French lesson (its action, the cards played first, the legal
    plays) say the cards with their French labels and a bid as « mises », as the captions above them do; only
    the folds "en notation" keep the notation (a Green card's G13 appears there, never in the facts)."""
    from oracle.tools.site.examples import render_examples

    page = ROOT / "docs" / "fr" / "time-chase" / "index.md"
    drawn = translate_html(render_examples(page.read_text(encoding="utf-8"), "docs/fr/time-chase/index.md",
                                           lambda rule: f"regles/#{rule}"))
    facts = re.findall(r'<dl class="ttykm-example-facts">(.*?)</dl>', drawn, re.S)
    actions = [said for fact in facts for said in re.findall(r"<dt>Action</dt><dd>(.*?)</dd>", fact)]
    assert "p2 : V13" in actions and "p3 : J11" in actions, actions
    assert any(action.startswith("mises ") for action in actions), actions
    assert not [fact for fact in facts if ENGLISH_CARD.search(fact) or "bids" in fact], facts
    folds = re.findall(r'<details class="tc-notation">.*?</details>', drawn, re.S)
    assert any(ENGLISH_CARD.search(fold) for fold in folds)  # the notation itself is untouched
