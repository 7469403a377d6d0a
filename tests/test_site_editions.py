"""The site's English and French editions: which page is which language, the switch between them, the
header naming each page's game, and the French words of the worked examples' pictures."""

from __future__ import annotations

import json
import re

from oracle.games import GAMES
from oracle.games.trois_ombres.rules.steps import deal_sentence
from oracle.tools.site.editions import counterpart, page_game, page_language, site_name, switch_label
from oracle.tools.site.examples import fences, render_examples
from oracle.tools.site.french import (
    fit,
    translate_event,
    translate_html,
    translate_reason,
    translate_text,
    untranslated,
)
from oracle.tools.site.glossary import CARDS, TERMS, render_glossary
from oracle.tools.site.pages import read_spec
from tests.conftest import ROOT, SPEC

DOCS = ROOT / "docs"
GAME_NAMES = list(GAMES)


def test_a_page_s_language_game_and_header() -> None:
    assert page_language("fr/ttykm/learn/03-a-turn.md") == "fr" and page_language("ttykm/learn/03-a-turn.md") == "en"
    assert page_language("rules/ttykm/actions.md") == "en"
    assert page_game("rules/time-chase/past.md", GAME_NAMES) == "time-chase"
    assert page_game("fr/trois-ombres/index.md", GAME_NAMES) == "trois-ombres"
    assert page_game("rulings-ttykm-chapters.md", GAME_NAMES) == "ttykm"
    assert page_game("rulings-time-chase.md", GAME_NAMES) == "time-chase"
    assert page_game("rules/index.md", GAME_NAMES) is None and page_game("playground.md", GAME_NAMES) is None
    assert site_name("rules/time-chase/past.md", GAME_NAMES) == "Time Chase — rules reference"
    assert site_name("fr/time-chase/index.md", GAME_NAMES) == "Contre-Temps — référence des règles"
    assert site_name("index.md", GAME_NAMES) != site_name("fr/index.md", GAME_NAMES)


def test_the_language_switch_leads_to_the_same_page_or_the_other_home() -> None:
    sources = {"index.md", "fr/index.md", "ttykm/learn/03-a-turn.md", "fr/ttykm/learn/03-a-turn.md", "cli.md"}
    assert counterpart("ttykm/learn/03-a-turn.md", sources) == "fr/ttykm/learn/03-a-turn.md"
    assert counterpart("fr/ttykm/learn/03-a-turn.md", sources) == "ttykm/learn/03-a-turn.md"
    assert counterpart("cli.md", sources) == "fr/index.md"
    assert counterpart("fr/glossary.md", sources) == "index.md"
    glossaries = sources | {"glossary.md", "fr/glossary.md"}  # the two glossaries are one page, switched
    assert counterpart("glossary.md", glossaries) == "fr/glossary.md"
    assert counterpart("fr/glossary.md", glossaries) == "glossary.md"
    # A page with no French edition leads to the French page on its subject, and the switch says so.
    sources |= {"fr/ttykm/learn/01-the-game.md", "fr/ttykm/learn/12-growth.md", "fr/time-chase/index.md"}
    assert counterpart("rules/ttykm/growth.md", sources) == "fr/ttykm/learn/12-growth.md"
    assert counterpart("rules/ttykm/notation.md", sources) == "fr/ttykm/learn/01-the-game.md"
    assert counterpart("rules/time-chase/trick.md", sources) == "fr/time-chase/index.md"
    assert counterpart("rulings-time-chase.md", sources) == "fr/time-chase/index.md"
    assert switch_label("fr", "ttykm/learn/03-a-turn.md", "fr/ttykm/learn/03-a-turn.md") == "Français"
    assert switch_label("fr", "rules/ttykm/growth.md", "fr/ttykm/learn/12-growth.md") == \
        "Français (page voisine, non traduite)"
    assert switch_label("fr", "cli.md", "fr/index.md") == "Français (accueil, page non traduite)"
    assert switch_label("en", "fr/ttykm/learn/03-a-turn.md", "fr/ttykm/learn/03-a-turn.md") == "English"


def test_every_lesson_has_its_french_edition_with_the_same_examples() -> None:
    """The French lessons show the very examples of the English ones (titles aside), so the oracle checks
    the same claims in both editions."""
    english = [*sorted((DOCS / "ttykm" / "learn").glob("*.md")), DOCS / "time-chase" / "index.md",
               DOCS / "trois-ombres" / "index.md"]
    for page in english:
        french = DOCS / "fr" / page.relative_to(DOCS)
        assert french.is_file(), f"no French edition of {page.relative_to(DOCS)}"

        def blocks(text: str) -> list[list[str]]:
            lines = text.splitlines()
            return [[line for line in lines[f.start:f.end + 1] if not line.startswith("title: ")]
                    for f in fences(lines) if f.info in ("example", "lesson", "oracle-session")]

        assert blocks(page.read_text()) == blocks(french.read_text()), page.relative_to(DOCS)
        titles = re.findall(r"^title: .+$", page.read_text(), re.M)
        assert not set(titles) & set(re.findall(r"^title: .+$", french.read_text(), re.M)), "titles left in English"


def test_the_pictures_words_are_put_in_french() -> None:
    assert translate_text("The white copy moves north from square a1 of the past to a2.") == \
        "La copie blanche va vers le nord, de la case a1 du passé à a2."
    assert translate_text("White moves the Focus from the past to the present.") == \
        "Les Blancs déplacent leur Focus du passé au présent."
    assert translate_text("The past: white copy on a1; black copies on d4, c4. White's Focus is here.") == \
        "Passé : copie blanche en a1 ; copies noires en d4, c4. Le Focus des Blancs est ici."
    assert translate_text("The three eras, White has won: White has 1 copy on the board, Black 0") == \
        "Les trois époques, les Blancs ont gagné : les Blancs ont 1 copie sur le plateau, les Noirs 0"
    assert translate_text("p0: 1 crystal, 1 card, event 3") == "p0 : 1 crist., 1 carte, évén. 3"
    assert translate_text("Something no rule knows.") == "Something no rule knows."
    # Code stays as the oracle writes it: the notation, the events, a command's output.
    assert translate_html("<li><code>event 7</code></li><text>event 7</text>") == \
        "<li><code>event 7</code></li><text>évén. 7</text>"
    assert translate_html("<pre><code>White to move</code></pre>") == "<pre><code>White to move</code></pre>"
    assert fit("crushed", "écrasée") == ""  # fits the room the drawing gave the English word
    assert 'textLength="34"' in fit("push", "poussée")


def test_the_french_lessons_pictures_have_no_english_sentence_left() -> None:
    """Drawn and checked as the build does it, then put in French: no sentence of the pictures, no tooltip and
    no refusal reason stays English."""
    for name in ("03-a-turn.md", "04-moving-and-pushing.md", "05-crush-and-paradox.md", "06-travelling-in-time.md",
                 "07-the-focus.md", "09-common-mistakes.md", "12-growth.md", "13-influence.md", "14-memory.md",
                 "15-convergence.md"):
        path = f"docs/fr/ttykm/learn/{name}"
        html = translate_html(render_examples((ROOT / path).read_text(), path, lambda rule: "#" + rule, "playground/"))
        assert untranslated(html) == [], (name, untranslated(html)[:3])
        assert "Ce qui se passe" in html or "Ce qui a été tenté" in html


def test_a_statue_s_sentences_are_put_in_french_and_an_english_one_is_caught_in_steps_and_descriptions() -> None:
    """Influence's statues move, stay and appear as copies do, in the step lists and in the pictures'
    descriptions; an English sentence left there is found, even one after another on the same line."""
    moved = "Black's statue on square b2 of the past moves north to b3."
    assert translate_text(moved) == "La statue des Noirs va vers le nord, de la case b2 du passé à b3."
    assert translate_text(moved.replace("Black's", "The neutral")) == \
        "La statue neutre va vers le nord, de la case b2 du passé à b3."
    assert translate_text("White's statue on square c2 of the present cannot move east as it did in the era before, "
                          "so it stays, and the eras after it are spared.").startswith(
        "La statue des Blancs de la case c2 du présent ne peut pas aller vers l'est comme à l'époque d'avant")
    assert translate_text("White's statue appears on square c2 of the present as well, one square back from where "
                          "the era before left it, because that square is blocked.").startswith(
        "La statue des Blancs apparaît aussi sur la case c2 du présent, une case en arrière")
    assert translate_text("White's statue cannot appear on the future: square c2 and the square behind it are both "
                          "blocked, so no later era gets it either.").startswith(
        "La statue des Blancs ne peut pas apparaître au futur : la case c2")
    steps = f'<ol class="ttykm-steps"><li>{moved}</li></ol>'
    desc = f"<svg><desc>Passé : copie blanche en b1. Le Focus des Blancs est ici.\n{moved}</desc></svg>"
    assert untranslated(steps) == untranslated(desc) == untranslated(desc.replace("\n", " ")) == [moved]
    assert untranslated(translate_html(steps)) == untranslated(translate_html(desc)) == []


def test_a_refusal_reason_is_put_in_french_and_an_unknown_one_is_caught() -> None:
    assert translate_reason("the copy on past a1 must take 2 actions; after a move north it can still take a move "
                            "north") == ("la copie en a1 du passé doit faire 2 actions ; après un déplacement vers le "
                                         "nord, elle peut encore faire un déplacement vers le nord")
    assert translate_reason("the copy on past a1 cannot move west: the wall is there") == \
        "la copie en a1 du passé ne peut pas aller vers l'ouest : le bord est là"
    # The thing a reason points at is "la statue", "l'arbre"; one action is "une action".
    assert translate_reason("the copy on future a1 cannot move east: the tree on future b1 does not move") == \
        "la copie en a1 du futur ne peut pas aller vers l'est : l'arbre en b1 du futur ne peut pas bouger"
    assert translate_reason("white cannot command an elephant onto past b2: the neutral statue there cannot be pushed "
                            "east").endswith(": la statue neutre qui s'y trouve ne peut pas être poussée vers l'est")
    assert translate_reason("the copy on present a1 can take only 1 action, but the copy on present b1 can take 2; "
                            "choose a copy that can take 2").startswith("la copie en a1 du présent ne peut faire "
                                                                        "qu'une action, mais")
    refused = ('<p class="ttykm-refused"><strong>Not allowed:</strong> the copy on past a1 cannot fly: no wings '
               '(<a class="ttykm-rule" href="#X">the rule</a>).</p>')
    assert untranslated(translate_html(refused)) == ["the copy on past a1 cannot fly: no wings"]
    assert "Interdit :</strong> la copie en a1 du passé ne peut pas aller vers l'ouest" in translate_html(
        refused.replace("cannot fly: no wings", "cannot move west: the wall is there"))
    assert untranslated("<title>Paradox: the black copy from square a2 of the present meets the black copy on square "
                        "a3 of the present, and both are removed.</title>") != []


def test_the_french_3_ombres_lesson_says_traquenard_and_the_cards_names_and_its_facts_in_words() -> None:
    """The rules' own words in the French lesson's events (a trap is a Traquenard, a tile is dévoilée, card
    names as printed) and its facts in words, not notation."""
    path = "docs/fr/trois-ombres/index.md"
    html = translate_html(render_examples((ROOT / path).read_text(), path, lambda rule: "#" + rule, "playground/"))
    for said in ("un Traquenard est posé face cachée sur G2", "le Traquenard Vortex de G2 est défaussé",
                 "G2 est dévoilée : le Traquenard Vortex", "le dé montre la Loupe",
                 "la carte Limbes Silence", "<dd>Silence (piochée par p0)</dd>",
                 "<dd>tout le monde gagne (OMBRES.BLUFF)</dd>", "<dt>yeux fermés</dt><dd>p0</dd>"):
        assert said in html, said
    assert not re.search(r"The table at|face down|face up|Démon tile:|\"a table\"", html), "English in a picture"
    lists = r'<ol class="ttykm-events">.*?</ol>|<dl class="ttykm-example-facts">.*?</dl>'
    assert not re.search(r"piège|calepin|silence|révélée|loupe", " ".join(re.findall(lists, html, re.S)))


def test_the_card_games_french_examples_list_their_events_in_french() -> None:
    """3 Ombres' events and Time Chase's facts, drawn and checked as the build does it, then put in French."""
    for path, french in (("docs/fr/trois-ombres/index.md", "p0 pioche la carte 3ID Calepin"),
                         ("docs/fr/time-chase/index.md", "<dt>Déjà joué</dt>")):
        html = translate_html(render_examples((ROOT / path).read_text(), path, lambda rule: "#" + rule, "playground/"))
        assert untranslated(html) == [], (path, untranslated(html)[:3])
        assert french in html and "First played" not in html and "Outcome" not in html


def test_french_typography_and_words_around_the_examples() -> None:
    """A space before the colon after "Exemple" and a label before code; "Provisoire", not "Provisional"."""
    assert translate_html('<p>Actions: <code>roll</code></p>') == "<p>Actions : <code>roll</code></p>"
    title = '<p class="ttykm-example-title"><a class="ttykm-example-anchor" href="#x">Example</a>: Le pli</p>'
    assert 'href="#x">Exemple</a> : le pli' in translate_html(title)  # as "Exemple : les Blancs…"
    assert 'Exemple</a> : Vortex' in translate_html(title.replace("Le pli", "Vortex"))  # a name keeps its capital
    provisional = '<p class="tc-provisional"><strong>Provisional</strong>: depends on TC.ZERO (rulings A1)</p>'
    assert translate_html(provisional) == ('<p class="tc-provisional"><strong>Provisoire</strong> : dépend de TC.ZERO'
                                           " (décision A1)</p>")
    path = "docs/fr/time-chase/index.md"
    page = translate_html(render_examples((ROOT / path).read_text(), path, lambda rule: "#" + rule, "playground/"))
    assert "Provisoire</strong> : " in page and "Provisional" not in page and "Exemple</a>: " not in page
    # A move's verdict in words, not in the law's ("légal"); a title without the tool's "seed".
    assert "<dt>Verdict</dt><dd><strong>coup permis</strong></dd>" in page and "légal" not in page
    # A card with its player, as "Déjà joué p0 : R10": the French space before the colon.
    assert re.search(r"<dt>Déjà joué</dt><dd>p0 : [RBVJ]", page) and not re.search(r"\bp\d: ", page)
    assert not re.search(r"Exemple</a> : (Le|La|Les|Un|Une|Tout)\b", page)
    for path in ("docs/fr/trois-ombres/index.md", "docs/trois-ombres/index.md"):
        assert not re.search(r"^title: .*\b(seed|graine)\b", (ROOT / path).read_text(), re.M), path


def test_the_publisher_s_steps_of_time_chase_are_in_both_editions() -> None:
    """The 21 steps the rules reference is built from, word for word in French and in English, numbered alike."""
    steps = {}
    for path, heading in (("docs/time-chase/index.md", "## The publisher's rules, step by step"),
                          ("docs/fr/time-chase/index.md", "## La règle de l'éditeur, pas à pas")):
        section = (ROOT / path).read_text(encoding="utf-8").split(heading + "\n", 1)[1].split("\n## ", 1)[0]
        steps[path] = re.findall(r"^(?:> )?(\d+)\. ", section, re.M)  # the French steps are quoted
    assert steps["docs/time-chase/index.md"] == steps["docs/fr/time-chase/index.md"] == [str(n) for n in range(1, 22)]


QUESTIONS = ("strategy-faq.md", "time-chase/questions.md", "trois-ombres/questions.md")
"""Each game's questions page (TTYKM's questions and strategy, each card game's questions), in docs/ and docs/fr/."""
CITES = re.compile(r"\]\([^)]*#[A-Z][A-Z0-9-]*\.[A-Z0-9.-]+\)")  # a link to a clause: [TC.BID](...#TC.BID)


def test_every_questions_page_is_in_both_editions_each_answer_citing_its_rule_with_the_same_examples() -> None:
    """The French questions pages show the very examples of the English ones (the kind of block and its title
    aside), every answer cites the clause that settles it, each card game's page has a worked example, and the
    French pages' pictures and refusals say everything in French."""

    def blocks(text: str) -> list[list[str]]:
        lines = text.splitlines()
        return [[line for line in lines[f.start + 1:f.end + 1] if not line.startswith("title: ")]
                for f in fences(lines) if f.info in ("example", "lesson")]

    for name in QUESTIONS:
        english, french = DOCS / name, DOCS / "fr" / name
        assert french.is_file(), f"no French edition of {name}"
        assert blocks(english.read_text()) == blocks(french.read_text()), name
        assert blocks(english.read_text()), f"{name} has no worked example"
        for page in (english, french):
            answers = [part for part in page.read_text().split("\n## ")[1:] if part.split("\n")[0].endswith("?")]
            assert len(answers) >= 4, page
            for answer in answers:
                assert CITES.search(answer), f"{page.relative_to(DOCS)}: no clause cited under {answer.splitlines()[0]}"
        path = f"docs/fr/{name}"
        html = translate_html(render_examples(french.read_text(), path, lambda rule: "#" + rule, "playground/"))
        assert untranslated(html) == [], (name, untranslated(html)[:3])
        if name.startswith("trois-ombres"):  # a refused action, in words
            assert "La dernière action est <strong>interdite</strong> : " in html
            assert "la tuile en C2 porte un cube Hercule et ne peut pas être dévoilée." in html
    # The French rulebook's own questions head TTYKM's French page.
    french_faq = (DOCS / "fr" / QUESTIONS[0]).read_text()
    for question in ("Peut-on répartir ses deux actions entre plusieurs copies ?",
                     "Se retrouver sur un seul plateau pendant son propre tour fait-il perdre ?"):
        assert f"## {question}\n" in french_faq, question
    assert translate_reason("the copy on past a1 can take only 1 action, but the copy on past b1 can take 2; choose "
                            "a copy that can take 2") == ("la copie en a1 du passé ne peut faire qu'une action, mais "
                                                          "la copie en b1 du passé peut en faire 2 ; choisissez une "
                                                          "copie qui peut en faire 2")
    assert translate_reason("the copy on past b2 cannot travel forward: present b2 is occupied") == \
        "la copie en b2 du passé ne peut pas voyager vers le futur : la case b2 du présent est occupée"


def test_the_french_lessons_say_a_statue_s_step_a_permitted_play_and_a_title_in_french() -> None:
    """A player's statue moves in French as the neutral one does, a verdict reads "coup permis" (not "légal", which
    reads as law), and a card game's example title continues the sentence "Exemple : …" in lower case."""
    assert translate_text("Black's statue on square b2 of the past moves north to b3.") == \
        "La statue des Noirs va vers le nord, de la case b2 du passé à b3."
    assert untranslated("<p>White's statue on square a1 of the past does something new.</p>") != []
    for path in ("docs/fr/index.md", "docs/fr/time-chase/index.md", "docs/fr/time-chase/questions.md",
                 "docs/fr/trois-ombres/index.md", "docs/fr/trois-ombres/questions.md"):
        html = translate_html(render_examples((ROOT / path).read_text(), path, lambda rule: "#" + rule, "playground/"))
        titles = re.findall(r"Exemple</a> : ([^<]*)", html)
        assert titles and all(not t[0].isupper() for t in titles), (path, titles)
        assert "légal" not in html and "graine" not in " ".join(titles), path
        if "time-chase" in path:
            assert "<dt>Verdict</dt><dd><strong>coup permis</strong>" in html, path


# Words that only an English refusal has (a French one says "copie", "ne peut pas", "doit").
REFUSAL_ENGLISH = re.compile(r"\b(the|cannot|must|has|is|are|copy|choose|your|there|take|can|era|of|onto|after|but|"
                             r"only|no|not|it|which|with|from)\b")


def _ttykm_refusals() -> dict[tuple[str | None, str], str]:
    """Every refusal the playground shows for TTYKM, each ruleset (the standard game and the chapters) from its
    first position and after one turn: each square clicked first, each square clicked after each of the mover's
    copies, each action of the chapters' alphabet from each copy of the Focus era and after a first action, and
    the oracle's own near misses; and the refused turn of every worked example of the rules and the lessons.
    The reasons are the oracle's (`explain`), in the player's words (`Playable.reason_text`), keyed by rule and
    reason."""
    from random import Random

    from oracle.games import load_game
    from oracle.games.ttykm.board import SQUARES, cell_name
    from oracle.games.ttykm.encoding import alphabet
    from oracle.games.ttykm.examples import read_examples
    from oracle.games.ttykm.moves import explain_move, read_move
    from oracle.games.ttykm.notation import parse_position
    from oracle.games.ttykm.play import PLAY
    from oracle.games.ttykm.turn import Aimed, Turn
    from oracle.interface import ILLEGAL, Verdict

    game, play = load_game("ttykm"), PLAY
    found: dict[tuple[str | None, str], str] = {}

    def note(verdict: Verdict, ruleset: str) -> None:
        if verdict.status == ILLEGAL:
            found.setdefault((verdict.rule, play.reason_text(verdict.reason)), ruleset)

    for ruleset in game.rulesets():
        rules, rng = game.parse_rules(ruleset, None), Random(1)
        state = game.initial_state(rules)
        if game.to_act(state).kind == "chance":  # Convergence draws its pair first
            state = game.apply(state, game.sample_chance(state, rules, rng), rules).state
        for _ in range(2):
            mover = state.to_move
            focus = state.focus[mover]
            mine = [c for c in range(focus * SQUARES, (focus + 1) * SQUARES) if state.copies[mover] >> c & 1]
            clicks = [[cell_name(c)] for c in range(3 * SQUARES)]
            clicks += [[cell_name(c), cell_name(to)] for c in mine for to in range(3 * SQUARES)]
            for picks in clicks:
                made = play.action_of(state, picks)
                note(made if isinstance(made, Verdict) else game.explain(state, made, rules), ruleset)
            letters = alphabet(frozenset(state.chapters.modules) if state.chapters else frozenset())
            legal = list(game.legal_actions(state, rules))
            for square in {c % SQUARES for c in mine} | {next(s for s in range(SQUARES) if focus * SQUARES + s
                                                             not in mine)}:
                # An aimed action at the copy's square, the next ones and a far one: each way it is refused.
                aims = {square, square ^ 1, square ^ 4, square ^ 10}
                for letter in letters:
                    if not isinstance(letter, Aimed) or letter.square in aims:
                        note(game.explain(state, Turn(square, (letter,)), rules), ruleset)
            first = next(t for t in legal if t.actions)
            for letter in letters:
                note(game.explain(state, Turn(first.copy, (first.actions[0], letter), focus), rules), ruleset)
            for turn in game.near_misses(state, rules, rng) or []:
                note(game.explain(state, turn, rules), ruleset)
            state = game.apply(state, rng.choice(legal), rules).state
    # And the refused turns of the rules' and the lessons' worked examples, each from its own position.
    for example in read_examples(ROOT / "spec" / "ttykm") + read_examples(DOCS / "ttykm"):
        if "turn" in example.fields:
            verdict = explain_move(parse_position(example.fields["position"]), read_move(example.fields["turn"]),
                                   example.ruleset)
            note(verdict, example.fields.get("variant", "standard"))
    return found


def test_every_ttykm_refusal_the_playground_shows_is_put_in_french() -> None:
    """The refusals a player meets in the French playground (a wrong colour, a wrong era, an empty square, a
    square out of reach, a Focus that may not stay, the chapters' actions) come out in French: generated from
    real positions by the oracle, so a new or reworded refusal is caught."""
    refusals = _ttykm_refusals()
    rules = {rule for rule, _ in refusals}
    for needed in ("TURN.COPY-CHOICE", "ACTION.KINDS", "MOVE.WALL", "MOVE.OWN-COPY", "TRAVEL.FORWARD",
                   "TRAVEL.BACKWARD", "TURN.ACTION-COUNT", "FOCUS.MOVE", "GROWTH.PLANT", "GROWTH.DIG", "GROWTH.REACH",
                   "INFLUENCE.BUILD.SQUARE", "INFLUENCE.PULL", "MEMORY.TRAIN.REACH", "MEMORY.COMMAND.WHICH",
                   "TURN.NO-ACTION", "CONVERGENCE.ELEPHANT-PULL", "VARIANT.PULL-AUTOMATIC"):
        assert needed in rules, f"no refusal of {needed} generated"
    # A variant's name (pull-with-push=forbidden) is the oracle's notation, as a rule ID is.
    english = sorted({f"{rule}: {reason} -> {translate_reason(reason)}" for rule, reason in refusals
                      if REFUSAL_ENGLISH.search(re.sub(r"\S+=\S+", "", translate_reason(reason)))})
    assert english == [], f"{len(english)} refusals left in English, such as {english[:3]}"


def test_the_french_playground_reads_ttykm_s_notation_in_french_under_the_typed_box() -> None:
    """TTYKM's turns stay in the rules' notation (a1 N E >present) on the French page, whose typed box says how
    to read its letters, N for nord as against the Noirs of "Focus N"; the English page needs no such key."""
    from oracle.tools.site.playground import view_json

    french = json.loads(view_json(json.dumps({"game": "ttykm", "lang": "fr"})))
    english = json.loads(view_json(json.dumps({"game": "ttykm"})))
    assert "N, E, S, W pour un pas vers le nord, l'est, le sud, l'ouest" in french["notation_key"]
    assert "a1 N E >present" in french["notation_key"] and not english.get("notation_key")


def test_the_french_playground_says_why_a_wrong_copy_is_refused_in_french() -> None:
    """Black to move, clicking White's copy on the future: the reason of the answer comes in French."""
    from oracle.tools.site.playground import view_json

    first = {"game": "ttykm", "picks": ["past:a1", "past:a2", "past:a3", "focus:present"]}  # White's turn
    after = json.loads(view_json(json.dumps(first)))
    request = {"game": "ttykm", "state": after["state"], "picks": ["future:a1"]}
    english = json.loads(view_json(json.dumps(request)))["verdict"]
    french = json.loads(view_json(json.dumps({**request, "lang": "fr"})))["verdict"]
    assert english["reason"].startswith("there is no black copy on future a1")
    assert french["reason"] == ("il n'y a pas de copie noire en a1 du futur ; choisissez une de vos copies du futur, "
                                "l'époque de votre Focus")
    assert french["rule"] == english["rule"] == "TURN.COPY-CHOICE"
CARD_GAME_SVG = re.compile(r'<svg[^>]*class="(?:time-chase|trois-ombres)[^"]*"[^>]*>.*?</svg>', re.S)
# Words that only an English title or description holds (the French ones say "de", "et", "face cachée").
ENGLISH_WORDS = re.compile(r"\b(?:the|of|and|is|lead|which|token|pawns?|here|still|to come|Round|trump|Event|Events"
                           r"|crystals?|cards|face (?:up|down)|with|clue|set aside|in supply)\b")


def card_game_pictures(path: str) -> list[tuple[str, str]]:
    """The title and description of every card-game picture of a lesson, drawn and checked as the build does it
    (put in French on a French page)."""
    html = render_examples((ROOT / path).read_text(), path, lambda rule: "#" + rule, "playground/")
    html = translate_html(html) if path.startswith("docs/fr/") else html
    found = []
    for svg in CARD_GAME_SVG.findall(html):
        title, desc = re.search(r"<title>([^<]*)</title>", svg), re.search(r"<desc>([^<]*)</desc>", svg)
        found.append((title[1] if title else "", desc[1] if desc else ""))
    return found


def test_every_card_game_picture_says_what_it_shows_in_the_page_s_language() -> None:
    """A Time Chase timeline and a 3 Ombres table carry a <title> (their heading) and a <desc> (the timeline
    event by event, or each Lieu's slots and the Agence), in French on the French lessons."""
    for path in ("docs/time-chase/index.md", "docs/fr/time-chase/index.md", "docs/trois-ombres/index.md",
                 "docs/fr/trois-ombres/index.md"):
        pictures = card_game_pictures(path)
        assert len(pictures) >= 10, path
        for title, desc in pictures:
            assert title.strip() and desc.strip(), (path, title)
            if path.startswith("docs/fr/"):
                english = [line for line in [title, *desc.splitlines()] if ENGLISH_WORDS.search(line)]
                assert english == [], (path, english[:3])
    path = "docs/fr/time-chase/index.md"
    french = translate_html(render_examples((ROOT / path).read_text(), path, lambda rule: "#" + rule, "playground/"))
    keys = re.findall(r'<g class="item" data-key="([^"]+)">.*?<text[^>]*>([^<]+)</text>', french)
    assert {key for key, _ in keys} >= {"pawn", "token", "being played", "present", "to come", "lead card"}
    assert [said for key, said in keys if said == key] == [], "a key left in English"
    (title, desc), *_ = card_game_pictures(path)
    assert title == "Manche 1 sur 10, atout Rouge, pli sur l'événement 1"
    assert "Sur la table à l'événement 1 : p0 Bleu 9, p1 Bleu 6, p2 Rouge 5." in desc
    assert translate_text("Event 2: lead Purple 9, winning card Purple 12, token of p3; pawns of p0, p1 here.") == \
        "Événement 2 : ouverture Violet 9, carte gagnante Violet 12, jeton de p3 ; pions de p0, p1."
    assert translate_text("Events 8–10: never played.") == "Événements 8–10 : jamais joués."


def test_the_time_chase_lesson_says_how_to_read_its_pictures_under_the_first_one() -> None:
    """Right after the first example, both editions say what a pawn, a token, the yellow and pale blue events,
    the box of events to come and the two cards of an event are; the colours they name are the drawing's."""
    from oracle.games.time_chase.pictures import FUTURE_FILL, PLAYING_FILL, PRESENT_FILL

    for path, words in (("docs/time-chase/index.md", ("pawn", "token", "yellow", "pale blue", "grey dashed box",
                                                      "lead card", "winning card")),
                        ("docs/fr/time-chase/index.md", ("pion", "jeton", "jaune", "bleu pâle",
                                                         "boîte grise en pointillés", "carte d'ouverture",
                                                         "carte gagnante"))):
        after = (ROOT / path).read_text(encoding="utf-8").split("```example", 1)[1].split("```\n", 1)[1]
        legend = " ".join(after.lstrip("\n").split("\n\n", 1)[0].split())
        assert all(word in legend for word in words), (path, legend)

    def hue(colour: str) -> float:
        import colorsys
        return colorsys.rgb_to_hls(*(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)))[0] * 360

    assert 35 <= hue(PLAYING_FILL) <= 60 and 180 <= hue(PRESENT_FILL) <= 220  # yellow, pale blue
    assert FUTURE_FILL.lower() in ("#e2e8f0",)  # grey


def test_the_time_chase_rules_call_the_reference_player_the_starter() -> None:
    """"R" is the Red suit on the same pages (R13, R5): the player a round starts from is "the starter" in the
    rules' prose and titles, and ``ref`` only in the notation."""
    pages = [*sorted((ROOT / "spec" / "time-chase").glob("*.md")), DOCS / "time-chase" / "index.md",
             DOCS / "time-chase" / "questions.md", DOCS / "fr" / "time-chase" / "index.md",
             DOCS / "fr" / "time-chase" / "questions.md"]
    suits = re.compile(r"\(R, B, G, Y, P\)|suit R, B, G, Y, P|\(R 0, B 1|Rouge `R`|R Rouge, B Bleu")  # the keys
    for page in pages:
        text = suits.sub("", page.read_text(encoding="utf-8"))
        lone = [line for line in text.splitlines() if re.search(r"(?<![\w*`'])R(?![\w*`])", line)]
        assert lone == [], (page.name, lone[:2])
    assert "the starter" in (ROOT / "spec" / "time-chase" / "round.md").read_text(encoding="utf-8")


def test_a_3_ombres_example_folds_its_actions_in_the_notation_under_its_events() -> None:
    """The events say the actions in words; the notation (``reveal R1``) is folded, as Time Chase's state is."""
    path = "docs/trois-ombres/index.md"
    html = render_examples((ROOT / path).read_text(), path, lambda rule: "#" + rule, "playground/")
    assert "<p>Actions: " not in html
    folded = re.findall(r'<details class="tc-notation"><summary>The actions in notation</summary>(.*?)</details>', html)
    assert folded and all("<code>" in actions for actions in folded)
    assert "Les actions en notation" in translate_html(html)


def test_the_3_ombres_events_on_the_pass_screen_are_french() -> None:
    """The deal, the clock's advance (each of its reasons) and a card without effect yet, as the French
    playground's pass screen tells them (they were English there)."""
    assert translate_event(deal_sentence(27)) == \
        "27 tuiles sont posées faces cachées sur les Lieux, et une autre est mise de côté face cachée : la tuile Démon"
    assert translate_event("the clock advances to 1 h (Horloge face)") == "l'Horloge avance à 1 h (face Horloge du dé)"
    for why in ("Horloge trap", "the Limbes deck is empty", "the last Limbes card is drawn"):
        said = translate_event(f"the clock advances to 5 h ({why})")
        assert said.startswith("l'Horloge avance à 5 h (") and why not in said, said
    assert translate_event("Illusion has no effect before 3 h") == "Illusion n'a aucun effet avant 3 h"


def test_every_glossary_term_and_card_is_on_both_glossary_pages_and_each_english_row_links_its_rule() -> None:
    """One table makes both pages (`oracle.tools.site.glossary`): each term in both its words, each 3 ombres
    card by name, on the English and the French page; on the English page each term's rule is a link to
    the page that states it."""
    clause_page = {clause.id: page.site_path for page in read_spec(SPEC) for clause in page.clauses}
    pages = {src: render_glossary((DOCS / src).read_text(encoding="utf-8"), src, clause_page.get)
             for src in ("glossary.md", "fr/glossary.md")}
    for src, text in pages.items():
        assert "```glossary" not in text and "{{" not in text, src
        rows = [line for line in text.splitlines() if line.startswith("| ")]
        for term in (term for game in TERMS.values() for term in game):
            words = (term.french.replace("**", ""), term.english_term or term.english if src == "glossary.md"
                     else term.english, term.en if src == "glossary.md" else term.fr)
            row = next((r for r in rows if all(w.replace("**", "") in r.replace("**", "") for w in words)), None)
            assert row is not None, f"{src}: no row with {words}"
            if src == "glossary.md" and term.rule is not None:
                assert re.search(rf"\]\(rules/[^)]+\.md(#{re.escape(term.rule)})?\)", row), row
        for card in (card for kind in CARDS.values() for card in kind):
            assert card.name in text, f"{src}: no card {card.name}"
