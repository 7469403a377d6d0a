"""The playground with TTYKM and its chapters: turns played by clicking, the game followed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest

from tests.browser.visit import (
    CELL_HOLDS,
    LEGEND_FITS,
    OUTPUT,
    WIDTHS,
    Visit,
    english_left,
    marked_eras,
    open_playground,
    prompt,
    umpire_picture_first,
    visible_cell,
)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_playground_plays_a_turn_by_clicking(browser: Any, base_url: str, width: int) -> None:
    from oracle.games.ttykm.notation import format_position, parse_turn
    from oracle.games.ttykm.rules.standard import apply_turn
    from oracle.games.ttykm.state import Position

    visit = Visit(browser, base_url, width)
    page = open_playground(visit)
    assert page.evaluate("window.ttykmPlayground.timing.snapshot"), "Python was started afresh, not restored"
    # The board comes first: whole on the screen without scrolling, on a phone one era at a time.
    box = page.locator(".pg-board svg.ttykm-board:visible").first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"], "the board is below the fold"
    assert page.locator(".pg-board svg.ttykm-board:visible .target").count() == 1  # the one copy White may choose
    if width != WIDTHS[0]:
        assert page.locator(".pg-era").count() == 3 and page.locator(".pg-board g.era:visible").count() == 1
        assert page.locator(".pg-era-now").inner_text().startswith("Past")
        # The dot on an era's button is said: it marks the era of the squares to click, here White's copy.
        assert marked_eras(page) == ["past"]
        assert "a dot (●) marks an era with a square to click" in page.locator(".pg-status").inner_text()
    for cell in ("past:a1", "past:a2", "past:b2"):
        visible_cell(page, cell).click()
        assert page.locator(".pg-refused").count() == 0
    page.locator("button[data-pick='focus:present']").click()
    expected = apply_turn(Position.start(), parse_turn("a1 N E >present"))
    assert page.locator(".pg-position").input_value() == format_position(expected.position)
    assert page.locator(".pg-events li").count() == len(expected.events)
    page.locator(".pg-next").click()
    assert "step 2 of" in page.locator(".pg-replay").inner_text()
    if width != WIDTHS[0]:  # the replay too, one era at a time: the step's own, and a switch to the others
        step = page.locator(".pg-step-board svg.pg-one-era")
        assert step.locator("g.era:visible").count() == 1 and step.locator("g.era.past:visible").count() == 1
        assert page.locator(".pg-step-eras .pg-era-now").inner_text() == "Past"
        page.locator(".pg-step-eras .pg-era[data-era='future']").click()
        assert step.locator("g.era.future:visible").count() == 1 and step.locator("g.era:visible").count() == 1
        step_box = step.bounding_box()
        assert step_box is not None and step_box["height"] < page.viewport_size["height"] / 2
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-{width}.png"), full_page=True)
    # Black to move, with the Focus on the future: a black copy in the past may not be chosen.
    if width != WIDTHS[0]:
        page.locator(".pg-eras:not(.pg-step-eras) .pg-era[data-era='past']").click()
    visible_cell(page, "past:d4").click()
    refused = page.locator(".pg-refused")
    assert "TURN.COPY-CHOICE" in refused.inner_text()
    assert refused.locator("a.ttykm-rule").get_attribute("title") == "TURN.COPY-CHOICE: Choosing the copy"
    # A refused typed turn is drawn as attempted, and said in words.
    page.locator(".pg-typed").fill("d4 E S >past")
    page.locator(".pg-type button").click()
    assert "MOVE.WALL" in refused.inner_text() and "wall" in refused.inner_text()
    assert page.locator(".pg-board svg.ttykm-board:visible .arrow.attempt").count() >= 1
    # A new game clears the last turn's replay.
    page.locator(".pg-restart").click()
    assert page.locator(".pg-replay").inner_text() == "" and page.locator(".pg-refused").count() == 0
    if width != WIDTHS[0]:
        visit.assert_clean()
        return  # the link and the end of a game are the same at every width: try them once
    # The position is shared as a link that opens it again.
    visible_cell(page, "past:a1").click()
    page.locator(".pg-typed").fill("a1 N E >present")
    page.locator(".pg-type button").click()
    link = page.locator(".pg-share").input_value()
    page = open_playground(visit, link.removeprefix(base_url + "/playground/"))
    assert page.locator(".pg-position").input_value() == format_position(expected.position)
    # Once the game is over nothing more can be played.
    won = "4/4/3w/4|3b/4/4/4|4/4/4/4 winner=w focus=future,present supply=4,4 removed=2,2"
    page = open_playground(visit, "?game=ttykm&position=" + quote(won))
    assert "The game is over" in page.locator(".pg-status").inner_text()
    assert page.locator(".pg-buttons button:not([disabled])").count() == 0
    assert page.locator(".pg-typed").is_disabled() and page.locator(".pg-type button").is_disabled()
    visit.assert_clean()


def test_the_playground_opened_from_a_file_says_how_to_serve_it(browser: Any, site: Path) -> None:
    page = browser.new_page()
    page.goto((site / "playground" / "index.html").as_uri())
    hint = page.locator(".pg-serve")
    hint.wait_for(state="visible")
    assert "python3 -m http.server" in hint.inner_text()
    page.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_playground_plays_a_chapter_and_every_other_game(browser: Any, base_url: str, width: int) -> None:
    from oracle.games import GAMES, load_game
    from oracle.tools.site.playground import playable, view

    visit = Visit(browser, base_url, width)
    page = open_playground(visit)
    chooser = page.locator("select.pg-game")
    offered = chooser.locator("option").evaluate_all("options => options.map(o => o.value)")
    assert offered == [f"{name}|{'' if n == 0 else ruleset}" for name in GAMES
                       for n, ruleset in enumerate(load_game(name).rulesets())]
    # Growth: the copy moves north, then plants a seed with the chapter's button, then the Focus moves.
    chooser.select_option("ttykm|growth")
    for cell in ("past:a1", "past:a2"):
        visible_cell(page, cell).click()
    page.locator("button[data-pick='act:Pa1']").click()
    page.locator("button[data-pick='focus:present']").click()
    game = load_game("ttykm")
    rules = game.parse_rules("growth", None)
    expected = game.apply(game.initial_state(rules), game.parse_action("a1 N Pa1 >present"), rules)
    assert page.locator(".pg-position").input_value() == game.format_state(expected.state)
    assert page.locator(".pg-refused").count() == 0
    # The chapter's turn is replayed phase by phase, each step with its picture.
    assert page.locator(".pg-events li").first.inner_text().startswith("Action 1")
    assert page.locator(".pg-step-board svg.ttykm-board:not(.pg-foot):visible").count() == 1  # key apart on a phone
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-growth-{width}.png"), full_page=True)
    # A game left for another goes on where it was when chosen again (New game starts it over).
    chooser.select_option("time-chase|")
    chooser.select_option("ttykm|growth")
    assert page.locator(".pg-position").input_value() == game.format_state(expected.state)
    # Convergence: chance draws the pair first, and the page says so.
    chooser.select_option("ttykm|convergence")
    assert page.locator(".pg-replay").inner_text() == ""  # a new game: the last replay is gone
    assert "chance draws the pair" in page.locator(".pg-status").inner_text()
    font = "b => getComputedStyle(b).fontFamily + ' ' + getComputedStyle(b).fontSize"
    words = page.locator("button[data-pick='chance']").evaluate(font)
    page.locator("button[data-pick='chance']").click()
    assert "to move" in page.locator(".pg-status").inner_text()
    # The card games, hot seat: chance deals, then each player's own view, after a pass-the-device screen.
    for name in (name for name in GAMES if playable(name) is None):
        other = load_game(name)
        chooser.select_option(f"{name}|")
        start = page.locator(".pg-position").input_value()
        assert start == other.format_state(other.initial_state(other.parse_rules(None, None)))
        # Letting chance act is words, styled as the other buttons, not as an action's code.
        assert page.locator("button[data-pick='chance']").evaluate(font) == words
        page.locator("button[data-pick='chance']").click()
        dealt = view({"game": name, "state": page.locator(".pg-position").input_value()})  # a fresh deal
        assert other.to_act(other.parse_state(dealt["state"])).kind != "chance"
        seat = dealt["view"]["name"]
        assert page.locator(".pg-pass").is_visible() and page.locator(".pg-buttons button").count() == 0
        assert page.locator(".pg-view").inner_text().count(seat) >= 2 and "sees" not in page.locator(
            ".pg-view").inner_text()  # nothing of the seat's view before the device is passed
        page.locator(".pg-pass-ready").click()
        assert page.locator(".pg-picture svg:not(.key):visible").count() == 1 and page.locator(
            ".pg-buttons button, .pg-private button.pg-card:enabled").count() >= 1
        state = other.parse_state(dealt["state"])
        shown = page.locator("article").inner_text()
        for player in (p for p in range(len(dealt["seats"])) if p != dealt["view"]["seat"]):
            for card in other.observe(state, player).get("hand", []):
                assert not re.search(rf"\b{card}\b", shown), f"{card}, another player's card, is shown"
        mine = other.observe(state, dealt["view"]["seat"]).get("hand", [])
        assert page.locator(".pg-private .pg-chip").all_inner_texts() == mine
        # The address and the share link name the game and the seat, never the state with its hands.
        for link in (page.url, page.locator(".pg-share").input_value()):
            query = parse_qs(urlsplit(link).query)
            assert "position" not in query and query["game"] == [name] and query["seat"] == ["hot"], link
        if width == WIDTHS[0]:  # a reload goes on with the game in play, from the tab's own storage
            page.reload()
            page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
            assert page.locator(".pg-position").input_value() == dealt["state"]
            page.locator(".pg-pass-ready").click()
        page.screenshot(path=str(OUTPUT / f"site-playground-{name}-{width}.png"), full_page=True)
    visit.assert_clean()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_playground_follows_the_turn_and_the_game(browser: Any, base_url: str, width: int) -> None:
    """The copy is drawn where its clicks took it; the chooser names the game a lesson's link opened; the
    typed action is cleared when the game changes; a turn that stops short is refused at its Focus."""
    visit = Visit(browser, base_url, width)
    page = open_playground(visit)
    visible_cell(page, "past:a1").click()
    visible_cell(page, "past:a2").click()
    highlight = page.locator(".pg-board svg.ttykm-board:visible .highlight[data-cell]")
    assert highlight.count() == 1 and highlight.get_attribute("data-cell") == "past:a2"
    assert page.evaluate(CELL_HOLDS, ["past:a2", "white"]) and not page.evaluate(CELL_HOLDS, ["past:a1", "white"])
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-one-click-{width}.png"))
    page.locator(".pg-typed").fill("d4 N >past")
    page.locator("select.pg-game").select_option("trois-ombres|")
    assert page.locator(".pg-typed").input_value() == ""
    # A lesson's "Try it in the playground" holds the position alone: the chooser names its chapter,
    # and a new game starts that chapter again.
    page = visit.open("/ttykm/learn/13-influence/")
    page.locator("a.ttykm-open-link").first.click()
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    assert page.locator("select.pg-game").input_value() == "ttykm|influence"
    page.locator(".pg-restart").click()
    assert "rules=influence" in page.locator(".pg-position").input_value()
    assert page.locator("select.pg-game").input_value() == "ttykm|influence"
    # Lesson 03: stopping after one action is refused at the Focus, not on the square the copy moved to.
    page = visit.open("/ttykm/learn/03-a-turn/")
    example = page.locator(".ttykm-example", has_text="Stopping after one action is not allowed")
    board = example.locator("svg.ttykm-board:visible").last
    badge = board.locator("g.marker.refused")
    assert badge.count() == 1 and badge.get_attribute("data-focus") == "present"
    past, mark = board.locator("g.era.past").bounding_box(), badge.bounding_box()
    assert past is not None and mark is not None
    assert not (mark["x"] < past["x"] + past["width"] and past["x"] < mark["x"] + mark["width"]
                and mark["y"] < past["y"] + past["height"] and past["y"] < mark["y"] + mark["height"]), \
        "the no-entry badge sits on the past board, where the legal first move went"
    example.scroll_into_view_if_needed()
    example.screenshot(path=str(OUTPUT / f"site-learn-stop-short-{width}.png"))
    visit.assert_clean()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_french_playground_speaks_french(browser: Any, base_url: str, width: int) -> None:
    """On the French edition every word of the playground is French: a turn clicked and one typed, then
    Time Chase and 3 Ombres from the chooser, with no English word of the script's table left; the English
    page keeps its English."""
    from oracle.games import load_game

    visit = Visit(browser, base_url, width)
    page = visit.open("/fr/playground/")
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    assert page.evaluate("document.documentElement.lang") == "fr"
    status = page.locator(".pg-status")
    assert status.inner_text().startswith("Aux Blancs de jouer,") and "tours légaux" in status.inner_text()
    assert page.locator(".pg-undo").inner_text() == "Annuler un clic"
    assert page.locator(".pg-restart").inner_text() == "Nouvelle partie"
    assert page.locator(".pg-edit").inner_text() == "Modifier la position"
    assert page.locator(".pg-type button").inner_text() == "La jouer"
    assert page.locator("label.pg-choose").first.inner_text().startswith("Jouer à")
    assert page.locator(".pg-editor summary").inner_text().startswith("La position en notation")
    assert page.locator("button[data-pick='focus:present']").inner_text() == "Focus au présent"
    options = page.locator("select.pg-game option").all_inner_texts()
    assert "Demain tu m'as tué : Croissance" in options and "Contre-Temps" in options, options
    if width != WIDTHS[0]:
        assert page.locator(".pg-eras:not(.pg-step-eras) .pg-era").all_inner_texts()[0].startswith("Passé")
        assert marked_eras(page) == ["past"]
        assert "un point (●) marque une époque où une case est à cliquer" in status.inner_text()
    assert english_left(page) == []
    # A turn by clicks: its replay, step by step, in French.
    for cell in ("past:a1", "past:a2", "past:b2"):
        visible_cell(page, cell).click()
    assert status.inner_text().startswith("Cliquez une case cerclée")
    assert page.evaluate(LEGEND_FITS) == []  # the key's "peut aller ici" as large as its other entries
    page.locator("button[data-pick='focus:present']").click()
    replay = page.locator(".pg-replay")
    assert "Le tour qui vient d'être joué, pas à pas" in replay.inner_text()
    assert "étape 1 sur 4" in replay.inner_text()
    assert page.locator(".pg-step-text").inner_text() == "Les Blancs choisissent la copie de la case a1 du passé."
    page.locator(".pg-next").click()
    assert "étape 2 sur 4" in replay.inner_text() and page.locator(".pg-next").inner_text() == "Étape suivante"
    assert status.inner_text().startswith("Aux Noirs de jouer,")
    assert english_left(page) == []
    # A turn typed: refused in French around the oracle's own reason and rule, then one played.
    page.locator(".pg-typed").fill("d4 E S >past")
    page.locator(".pg-type button").click()
    refused = page.locator(".pg-refused").inner_text()
    assert refused.startswith("Interdit :") and "(La règle : MOVE.WALL" in refused
    game = load_game("ttykm")
    rules = game.parse_rules(None, None)
    before = game.parse_state(page.locator(".pg-position").input_value())
    turn = game.legal_actions(before, rules)[0]
    page.locator(".pg-typed").fill(game.format_action(turn))
    page.locator(".pg-type button").click()
    assert page.locator(".pg-position").input_value() == game.format_state(game.apply(before, turn, rules).state)
    assert status.inner_text().startswith("Aux Blancs de jouer,")
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-fr-playground-ttykm-{width}.png"), full_page=True)
    # The card games, from the chooser: chance, the pass-the-device screen and a seat's view.
    for name in ("time-chase", "trois-ombres"):
        page.locator("select.pg-game").select_option(f"{name}|")
        chance = {"time-chase": "Distribuer les cartes", "trois-ombres": "Distribuer les tuiles"}[name]
        assert status.inner_text().startswith(f"Cliquez « {chance} » : le hasard le tire.")
        assert page.locator("button[data-pick='chance']").inner_text() == chance
        assert page.locator("label.pg-seat-choice").inner_text().startswith("Place")
        seats = page.locator("select.pg-seat option").all_inner_texts()
        assert seats[0] == "Passer et jouer : la vue de chaque joueur"
        assert seats[-1] == "Arbitre : toutes les cartes cachées montrées"
        page.locator("button[data-pick='chance']").click()
        assert page.locator(".pg-pass strong").first.inner_text().startswith("Passez l'appareil à ")
        assert page.locator(".pg-pass-ready").inner_text().startswith("Je suis ")
        assert english_left(page) == []
        page.locator(".pg-pass-ready").click()
        assert page.locator(".pg-view-title").inner_text().startswith("Ce que voit ")
        # Time Chase's bids were forced (nobody holds a crystal): the status says to play a card, and where p0
        # plays; 3 Ombres's, to roll the die: what to do, never a count of choices.
        said = {"time-chase": r"Jouez une carte de votre main\. p\d joue sur l'événement 1 et ouvre",
                "trois-ombres": r"Lancez le dé pour commencer votre tour\."}[name]  # a fresh deal: any first player
        assert re.match(said, prompt(page)) and not re.search(r"\d choix", status.inner_text())
        assert english_left(page) == []
        page.screenshot(path=str(OUTPUT / f"site-fr-playground-{name}-{width}.png"), full_page=True)
        # The umpire's table in the oracle's text is French too (oracle --lang fr), its step named in French.
        page.locator("select.pg-seat").select_option("umpire")
        umpire_picture_first(page, "La table dans le texte de l'oracle")
        text = page.locator(".pg-board pre.pg-text").text_content() or ""
        french = {"time-chase": ("Contre-Temps, 4 joueurs, manche 1 sur 10 : pli en position 1",
                                 "p0 : 0 cristal, main"),
                  "trois-ombres": ("; étape tour", "légende : ")}[name]
        assert all(words in text for words in french) and not re.search(r"\b(step|players|hand|legend)\b", text), text
        page.locator("details.pg-text-fold").evaluate("d => { d.open = true; }")
        page.screenshot(path=str(OUTPUT / f"site-fr-playground-umpire-{name}-{width}.png"), full_page=True)
        page.locator("select.pg-seat").select_option("hot")
    # The language switch opens the same game, seat and position in the English edition.
    query = urlsplit(page.url).query
    assert "game=" in query and "seat=" in query
    assert urlsplit(page.locator("a.md-select__link[hreflang='en']").evaluate("a => a.href")).query == query
    # The English page is unchanged.
    page = open_playground(visit)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator(".pg-status").inner_text().startswith("White to move,")
    assert page.locator(".pg-undo").inner_text() == "Undo a click"
    assert page.locator("button[data-pick='focus:present']").inner_text() == "Focus to the present"
    page.locator("select.pg-game").select_option("time-chase|")
    # The tab kept the game the French page left: it goes on, in English; New game starts it over.
    assert page.locator("button[data-pick='chance']").count() == 0 and "to act" in page.locator(
        ".pg-status").inner_text()
    page.locator(".pg-restart").click()
    assert page.locator("button[data-pick='chance']").inner_text() == "Deal the cards"
    assert page.locator(".pg-status").inner_text().startswith("Click “Deal the cards”: chance draws it at random.")
    visit.assert_clean()


@pytest.mark.parametrize(("edition", "width"), [("", WIDTHS[0]), ("/fr", WIDTHS[1])])
def test_ttykm_is_played_alone_against_the_oracle(browser: Any, base_url: str, edition: str, width: int) -> None:
    """TTYKM's seat list offers both sides (the default) or one colour, the other played by the oracle.  Choosing
    Black, the oracle plays White's first turn at once, a legal turn, listed under the board and replayed step by
    step; the address keeps the seat through a reload; after Black's turn the oracle answers, and its turn stays
    listed while Black clicks the next one."""
    from oracle.games import load_game
    from oracle.tools.site.playground import view

    game = load_game("ttykm")
    rules = game.parse_rules(None, None)
    french = edition == "/fr"
    visit = Visit(browser, base_url, width)
    page = visit.open(edition + "/playground/?game=ttykm")
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    assert page.locator("label.pg-seat-choice").is_visible()
    assert page.locator("select.pg-seat option").all_inner_texts() == (
        ["Les deux camps (passer et jouer)", "Blancs (l'oracle joue les Noirs)", "Noirs (l'oracle joue les Blancs)"]
        if french else
        ["Both sides (pass and play)", "White (the oracle plays Black)", "Black (the oracle plays White)"])
    assert page.locator("select.pg-seat").input_value() == "hot" and page.locator(".pg-oracle").count() == 0

    def oracle_turn(before: Any) -> str:
        """The oracle's turn listed under the board, checked legal from ``before`` and played on the board."""
        listed = page.locator(".pg-turn .pg-oracle-played > li")
        assert listed.count() == 1
        action = listed.locator("code").inner_text()
        assert game.parse_action(action) in game.legal_actions(before, rules)
        after = game.apply(before, game.parse_action(action), rules)
        assert page.locator(".pg-position").input_value() == game.format_state(after.state)
        assert listed.locator(".pg-oracle-steps li").count() == len(after.events)
        replay = page.locator(".pg-replay")
        assert action in replay.inner_text() and page.locator(".pg-events li").count() == len(after.events)
        return str(action)

    page.locator("select.pg-seat").select_option("oracle:1")
    start = game.initial_state(rules)
    first = oracle_turn(start)
    status = page.locator(".pg-status")  # said first, above the board: on a phone the list is below it
    # Said in words first, the copy with its era (the Focus White had), the notation after, in brackets.
    said = re.fullmatch(r"(?:Les Blancs \(l'oracle\) ont joué :|White \(the oracle\) played:) (.+) \((.+)\)\. "
                        r"(?:Aux Noirs de jouer|Black to move), .*", status.inner_text().replace("\n", " "))
    assert said is not None and said.group(2) == first, status.inner_text()
    tokens, words = first.split(), said.group(1).split(", ")
    focus = {">past": "passé", ">present": "présent", ">future": "futur"} if french else \
        {">past": "past", ">present": "present", ">future": "future"}
    assert len(words) == len(tokens) and words[-1] == ("Focus au " if french else "Focus to the ") + focus[tokens[-1]]
    era = focus[">" + start.focus[0].word]  # White's Focus at the start
    assert len(tokens) == 1 or words[0] == (f"la copie en {tokens[0]} du {era}" if french
                                            else f"the copy on {tokens[0]} of the {era}"), words
    assert not re.search(r"\b[NESWFB]\b", said.group(1)), said.group(1)
    assert ("étape 1 sur " if french else "step 1 of ") in page.locator(".pg-replay").inner_text()
    if french:
        assert page.locator(".pg-oracle p").first.inner_text().startswith("L'oracle a joué, au hasard")
        assert english_left(page) == []
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-ttykm-alone{edition.replace('/', '-')}-{width}.png"),
                    full_page=True)
    # The address names the seat: a reload goes on as Black, and the oracle does not play again.
    assert parse_qs(urlsplit(page.url).query)["seat"] == ["oracle:1"]
    shown = page.locator(".pg-position").input_value()
    page.reload()
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    assert page.locator("select.pg-seat").input_value() == "oracle:1"
    assert page.locator(".pg-position").input_value() == shown
    # Black plays a turn; the oracle answers with White's, which stays listed while Black clicks.
    before = game.parse_state(shown)
    mine = game.legal_actions(before, rules)[0]
    page.locator(".pg-typed").fill(game.format_action(mine))
    page.locator(".pg-type button").click()
    answered = oracle_turn(game.apply(before, mine, rules).state)
    targets = view({"game": "ttykm", "state": page.locator(".pg-position").input_value()})["targets"]
    visible_cell(page, targets[0]).click()
    assert page.locator(".pg-refused").count() == 0
    assert page.locator(".pg-turn .pg-oracle-played code").inner_text() == answered
    # A square out of reach is refused, and the refusal comes into sight under the oracle's listed turn.
    era, square = targets[0].split(":")
    far = "abcd"[3 - "abcd".index(square[0])] + str(5 - int(square[1]))
    visible_cell(page, f"{era}:{far}").click()
    refused = page.locator(".pg-refused")
    assert refused.count() == 1 and page.evaluate(IN_SIGHT, refused.element_handle()), refused.inner_text()
    visit.assert_clean()


# Whether an element lies wholly on the screen, below the sticky header.
IN_SIGHT = """(e) => {
    const box = e.getBoundingClientRect(), header = document.querySelector(".md-header").getBoundingClientRect();
    return box.top >= header.bottom - 1 && box.bottom <= window.innerHeight + 1;
}"""


@pytest.mark.parametrize("edition", ["", "/fr"])
def test_a_tap_on_the_ttykm_board_leaves_the_board_where_it_was(browser: Any, base_url: str, edition: str) -> None:
    """On a phone the line above the board is long before the first tap and short after it: the board stays put,
    so that the second tap lands on the square it was aimed at."""
    visit = Visit(browser, base_url, WIDTHS[1])
    page = visit.open(edition + "/playground/?game=ttykm")
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    board = page.locator(".pg-board svg.ttykm-board:visible").first

    def top() -> float:
        box = board.bounding_box()
        assert box is not None
        return float(box["y"]) + float(page.evaluate("window.scrollY"))

    lines = page.locator(".pg-status").inner_text()
    before = top()
    visible_cell(page, "past:a1").click()
    assert page.locator(".pg-status").inner_text() != lines  # the words changed...
    assert top() == before  # ...and the board did not move
    visible_cell(page, "past:a2").click()
    assert top() == before and page.locator(".pg-refused").count() == 0
    visit.assert_clean()
