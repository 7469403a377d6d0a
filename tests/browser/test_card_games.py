"""Time Chase and the card games in the playground: deals, seats, every player's view."""

from __future__ import annotations

import itertools
import re
from typing import Any
from urllib.parse import quote

import pytest

from tests.browser.visit import (
    ENGLISH_CARD,
    OUTPUT,
    PLAYGROUND_BOXES,
    PROSE_OUTSIDE_NOTATION,
    SHOWN_TWICE,
    STATUS_IN_SIGHT,
    TABLE_FITS,
    TOP_BUTTON_COVERS,
    WIDTHS,
    Visit,
    dealt,
    open_playground,
    prompt,
    round_two_bids,
    umpire_picture_first,
)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_card_games_show_their_whole_table_in_words(browser: Any, base_url: str, width: int) -> None:
    """A seat's view is in words (never JSON), the umpire sees every tile, and the table fits the page."""
    visit = Visit(browser, base_url, width)
    state = dealt("trois-ombres", ("roll", "die loupe", "reveal R1"))
    # Memory mode off: the list of the tiles seen shows, in words.
    page = open_playground(visit, "?game=trois-ombres&seat=0&memory=off&position=" + quote(state))
    view = page.locator(".pg-view")
    assert "tiles you have seen" in view.locator(".pg-private dt").all_inner_texts()
    text = view.inner_text()
    assert not re.search(r'[{}"\[\]]', text), f"raw JSON in the player's view: {text[:300]}"
    # The seat's own memory only: never "p1: none" for tiles every player saw turned up.
    assert view.locator(".pg-private dd").first.inner_text() == "R1 3h"
    shown = page.locator(".pg-picture svg:not(.key):visible")
    assert shown.count() == 1 and "Agence" in (shown.text_content() or "")
    assert page.evaluate(TABLE_FITS) == []
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-seat-trois-ombres-{width}.png"), full_page=True)
    # The umpire sees every hidden tile: the face-down ones are drawn with their faces, no '?'.
    page.locator("select.pg-seat").select_option("umpire")
    table = page.locator(".pg-picture svg:not(.key):visible")
    assert table.count() == 1
    labels = [t.strip() for t in table.locator("text").all_text_contents()]
    assert "?" not in labels and "5n" in labels, "the umpire's table hides the face-down tiles"
    assert page.evaluate(TABLE_FITS) == []
    umpire_picture_first(page, "The table in the oracle's text")
    page.screenshot(path=str(OUTPUT / f"site-playground-umpire-trois-ombres-{width}.png"), full_page=True)
    # Time Chase's timeline, every event of it in sight: event 1, and events 2-10 to come in one box.
    page = open_playground(visit, "?game=time-chase&seat=0&position=" + quote(dealt("time-chase")))
    timeline = page.locator(".pg-picture svg:visible")
    assert timeline.count() == 1 and "event 1" in (timeline.text_content() or "")
    assert timeline.locator("g.future").get_attribute("data-events") == "2-10"
    assert page.evaluate(TABLE_FITS) == []
    page.screenshot(path=str(OUTPUT / f"site-playground-seat-time-chase-{width}.png"), full_page=True)
    visit.assert_clean()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_french_time_chase_table_writes_its_cards_in_french_and_takes_them_typed_so(
        browser: Any, base_url: str, width: int) -> None:
    """The umpire's screen of the French edition (every hand, the cards out of play, those not playable now, the
    steps, the table in the oracle's text): each card in words wears its French label (J13), the notation's letter
    (Y13) only in the notation's boxes; the box takes a card typed with its French label.  A new deal says its
    first player is drawn (rulings SU-6), in both editions."""
    from oracle.games import load_game

    visit = Visit(browser, base_url, width)
    state = dealt("time-chase")  # p2 leads; B5, G7, G12 and P10 are out of play
    page = visit.open("/fr/playground/?game=time-chase&seat=umpire&position=" + quote(state))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    page.locator("details.pg-text-fold").evaluate("d => { d.open = true; }")
    assert page.locator(".pg-out").inner_text().endswith("B5, V7, V12, Vi10")
    prose = page.evaluate(PROSE_OUTSIDE_NOTATION)
    assert not ENGLISH_CARD.search(prose), ENGLISH_CARD.findall(prose)
    assert "tapez J11 ou Y11" in page.locator(".pg-type-key").inner_text()
    # p2 leads Y13, typed as J13: played; p3 must follow Yellow, and the cards it may not play are said in French.
    page.locator(".pg-typed").fill("J13")
    page.locator(".pg-type button").click()
    game = load_game("time-chase")
    rules = game.parse_rules(None, None)
    bid = game.apply(game.parse_state(state), game.parse_action("bids 0,0,0,0"), rules).state
    after = game.apply(bid, game.parse_action("Y13"), rules).state
    assert page.locator(".pg-position").input_value() == game.format_state(after)
    assert page.locator(".pg-refused").count() == 0
    assert "p2 ouvre avec J13" in page.locator(".pg-replay").inner_text()
    assert "V10, Vi9" in page.locator(".pg-why-not").inner_text()
    page.locator("details.pg-text-fold").evaluate("d => { d.open = true; }")
    prose = page.evaluate(PROSE_OUTSIDE_NOTATION)
    assert not ENGLISH_CARD.search(prose), ENGLISH_CARD.findall(prose)
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-fr-playground-time-chase-labels-{width}.png"), full_page=True)
    # A new deal, in each edition: who plays first is drawn.
    for edition, drawn in (("/fr", "est tiré au sort comme premier joueur"), ("", "is drawn as first player")):
        page = visit.open(edition + "/playground/?game=time-chase&seat=umpire")
        page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
        page.locator(".pg-restart").click()  # the tab keeps the game it left: start a new one
        page.locator("button[data-pick='chance']").click()
        assert drawn in page.locator(".pg-replay").inner_text()
        page.screenshot(path=str(OUTPUT / f"site{edition.replace('/', '-')}-playground-time-chase-deal-{width}.png"),
                        full_page=True)
    visit.assert_clean()


@pytest.mark.parametrize(("edition", "width"), [("", WIDTHS[0]), ("/fr", WIDTHS[1])])
def test_a_time_chase_round_is_told_to_every_player_in_words(browser: Any, base_url: str, edition: str,
                                                             width: int) -> None:
    """Time Chase, pass and play, in English on a desktop and in French on a phone: round 1's forced bids
    are played at once and said; each pass-the-device screen lists what everybody saw since the last pass
    (the bids, the cards, who won the event and put a token on it, the income), in the page's language;
    "Your turn" says the round, the trump and what to follow; the seat's view lists its hand once, the
    others counted; the umpire alone gets every field, as a table in words; "Players" starts a game for
    that many; the help tells of the card games only; after each click the status is in sight; on a
    phone the status and the actions come straight under the table, and "Back to top" never covers it."""
    visit = Visit(browser, base_url, width)
    words: dict[str, dict[str, Any]] = {
        "": {"forced": "Round 1: nobody has crystals yet, so everyone's bid of 0 was sealed for them.",
             "so far": "What everybody has seen so far:", "since": "What everybody saw since you last had the device:",
             "out": "Out of the game (face down): ",
             "bids": "the bids are revealed: p0 0, p1 0, p2 0, p3 0",
             "token": r"p\d puts a token on event 1", "income": r"p\d gains \d crystals? of income",
             "turn": "Your turn, p0", "note": "Round 1 of 10: trump is ", "hand": ["your hand", "the others"],
             "others": "10 cards each, hidden", "play": "Play ", "no": "no", "players": "Players",
             "status": "Play a card from your hand. p0 plays at event 1 and leads: any card.",
             "follow": "must follow", "bid": "Bid in secret: each crystal you spend", "text": "Time Chase, 4 players",
             "no card": "no card is played now: bid first (TC.PLAY)", "plays": "plays", "every hand": "Every hand",
             "new game": "Start a new game for 5 players? The game in progress is lost.", "void": "trump void",
             "crystals": "crystals"},
        "/fr": {"forced": "Manche 1 : personne n'a encore de cristal, donc la mise de 0 de chacun a été scellée "
                          "pour lui.",
                "so far": "Ce que tout le monde a vu jusqu'ici :",
                "since": "Ce que tout le monde a vu depuis que vous avez eu l'appareil :",
                "out": "Hors du jeu (faces cachées) : ",
                "bids": "les mises sont révélées : p0 0, p1 0, p2 0, p3 0",
                "token": r"p\d pose un jeton sur l'événement 1", "income": r"p\d reçoit \d crista(l|ux) de revenu",
                "turn": "À vous, p0", "note": "Manche 1 sur 10 : l'atout est ", "hand": ["votre main", "les autres"],
                "others": "10 cartes cachées chacun", "play": "Jouer ", "no": "non", "players": "Joueurs",
                "status": "Jouez une carte de votre main. p0 joue sur l'événement 1 et ouvre : n'importe quelle carte.",
                "follow": "doit fournir la couleur de", "bid": "Misez en secret : chaque cristal dépensé",
                "no card": "aucune carte ne se joue maintenant : les mises viennent d'abord (TC.PLAY)", "plays": "joue",
                "every hand": "Toutes les mains",
                "new game": "Commencer une nouvelle partie à 5 joueurs ? La partie en cours sera perdue.",
                "text": "Contre-Temps, 4 joueurs", "void": "atout aboli par un paradoxe", "crystals": "cristaux"}}
    said = words[edition]
    # A link to the position before the deal: its deal is drawn from the position, the same each time.
    from oracle.games import load_game

    game = load_game("time-chase")
    before = game.format_state(game.initial_state(game.parse_rules(None, None)))
    page = visit.open(edition + "/playground/?game=time-chase&position=" + quote(before))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    status = page.locator(".pg-status")
    # The card games' help alone is shown (not the board's), and names the Players chooser; it never sends the
    # reader to localhost.
    assert page.locator("article a[href*='127.0.0.1']").count() == 0 and "./dev" not in page.locator(
        "article").inner_text()
    assert page.locator(".pg-help-cards").is_visible() and not page.locator(".pg-help-board").is_visible()
    assert said["players"] in page.locator(".pg-help-rest:visible strong").all_inner_texts()
    assert page.locator("label.pg-players-choice").inner_text().startswith(said["players"])
    assert page.locator("select.pg-players option").all_inner_texts() == ["3", "4", "5", "6"]
    assert page.locator("select.pg-players").input_value() == "4"
    # The deal, then the bids nobody could choose, played at once and said.
    page.locator("button[data-pick='chance']").click()
    assert said["forced"] in status.inner_text()
    since = page.locator(".pg-since-events li")
    assert since.all_inner_texts()[-1] == said["bids"]
    # p0 never had the device: what everybody has seen so far; and it is not said again as "just played".
    assert page.locator(".pg-pass .pg-since p").inner_text() == said["so far"]
    assert page.locator(".pg-pass .pg-just").count() == 0
    page.locator(".pg-pass-ready").click()
    assert page.evaluate(STATUS_IN_SIGHT)
    # Listed on the hand-off screen, the events wait folded on the player's own screen.
    told = page.locator(".pg-turn details.pg-told")
    assert told.get_attribute("open") is None and told.locator("summary").inner_text() == said["so far"]
    assert told.locator(".pg-since-events li").last.text_content() == said["bids"]
    assert page.locator(".pg-doing h2").inner_text() == said["turn"]  # brought up with what to do, over the hand
    assert page.locator(".pg-note p").nth(1).inner_text().startswith(said["note"])  # after what to do
    view = page.locator(".pg-view")
    assert view.locator("dt").all_inner_texts() == said["hand"] and said["others"] in view.inner_text()
    assert view.locator("details").count() == 0 and "p1: 10 hidden" not in view.inner_text()  # no field dump
    # The hand: each card once, and the card itself the control, named for what it does ("Play R5").
    assert prompt(page).startswith(said["status"])
    cards = view.locator(".pg-private dd button.pg-card")
    hand = cards.all_inner_texts()
    assert len(hand) == 10 and page.locator(".pg-buttons button").count() == 0, "a Play button beside each card"
    shown = page.evaluate(SHOWN_TWICE, hand)
    assert set(shown.values()) == {1}, shown
    assert [c.get_attribute("aria-label") for c in cards.all()] == [said["play"] + card for card in hand]
    # The French edition's cards wear French labels (R, B, V, J, Vi), the box where one types says how to write them.
    key = page.locator(".pg-type-key")
    if edition == "/fr":
        assert not [card for card in hand if re.fullmatch(r"[GYP]\d+", card)] and \
            any(re.fullmatch(r"(J|V|Vi)\d+", card) for card in hand), hand
        assert not re.search(r"\b[GYP]\d", " ".join(page.locator(".pg-note").all_inner_texts()))
        assert "J = Y" in key.inner_text() and key.is_visible()
    else:
        assert any(re.fullmatch(r"[GYP]\d+", card) for card in hand) and not key.is_visible(), hand
    if width == WIDTHS[1]:
        # On a phone: the table, then the status, the actions, what to do, the hand whose cards play it, then the
        # rest of the turn's words.
        boxes = page.evaluate(PLAYGROUND_BOXES)
        order = ["pg-board", "pg-status", "pg-buttons", "pg-doing", "pg-view", "pg-turn"]
        for above, below in itertools.pairwise(order):
            assert 0 <= boxes[below][0] - boxes[above][1] < 40, (above, below, boxes)
        page.locator(".pg-board").scroll_into_view_if_needed()
        page.mouse.wheel(0, 1200)
        page.wait_for_timeout(300)
        page.mouse.wheel(0, -900)
        page.wait_for_timeout(500)
        assert not page.evaluate(TOP_BUTTON_COVERS), "the Back to top button covers the table"
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-turn{edition.replace('/', '-')}-{width}.png"))
    # A trick of four cards, one player after the other, each played from the hand, by keyboard for the first:
    # a card that may not be played is disabled, with the oracle's reason; each pass screen says what was played.
    for player in range(4):
        playable = page.locator(".pg-private button.pg-card:enabled")
        refused = page.locator(".pg-private button.pg-card:disabled")
        assert playable.count() >= 1 and playable.count() + refused.count() == 10
        if refused.count():
            assert said["follow"] in (refused.first.get_attribute("title") or "")
            if player == 1:
                page.screenshot(path=str(OUTPUT / f"site-playground-tc-follow{edition.replace('/', '-')}-{width}.png"),
                                full_page=True)
        if player == 0:
            playable.first.focus()  # a real button: reached and pressed by keyboard
            assert page.evaluate("document.activeElement.classList.contains('pg-card')")
            page.keyboard.press("Enter")
        else:
            playable.first.click()
        page.locator(".pg-pass-ready").wait_for()
        assert page.evaluate(STATUS_IN_SIGHT)
        # Nothing to type or undo before the next player holds the device: no probing of a hidden hand.
        assert page.locator(".pg-type").is_hidden() and page.locator(".pg-undo").is_hidden()
        if player < 3:
            assert page.locator(".pg-since-events li").count() >= 1
            page.locator(".pg-pass-ready").click()
    assert page.locator(".pg-pass .pg-since p").inner_text() == said["since"]  # p0 had the device before
    told = since.all_inner_texts()
    # Back to p0: what everybody saw since p0 last had the device, the cards of p1, p2 and p3 too.
    assert all(any(re.match(rf"p{n} {said['plays']} ", text) for text in told) for n in (1, 2, 3)), told
    assert any(re.fullmatch(said["token"], text) for text in told), told
    assert any(re.fullmatch(said["income"], text) for text in told), told
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-trick{edition.replace('/', '-')}-{width}.png"))
    # Round 2's bids: the status says how to bid; no card of the hand may be played, each one saying why.
    page.locator(".pg-pass-ready").click()
    assert page.locator(".pg-type").is_visible()
    assert prompt(page).startswith(said["bid"])
    assert page.locator(".pg-private button.pg-card:enabled").count() == 0
    assert page.locator(".pg-private button.pg-card:disabled").first.get_attribute("title") == said["no card"]
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-bid{edition.replace('/', '-')}-{width}.png"))
    # The umpire's table: every field of the state, in words; the oracle's text in the page's language.
    page.locator("select.pg-seat").select_option("umpire")
    assert (page.locator(".pg-board pre.pg-text").text_content() or "").startswith(said["text"])
    # The umpire sees every hand, a row of cards per seat, each card once; the field dump is the developers'.
    assert page.locator(".pg-view h2").inner_text() == said["every hand"]
    assert page.locator(".pg-hands dt").all_inner_texts() == ["p0", "p1", "p2", "p3"]
    # The four cards no seat holds, out of the deal, said in words under the hands, not only in the notation.
    out = page.locator(".pg-view .pg-out").inner_text()
    assert out.startswith(said["out"]) and len(out.removeprefix(said["out"]).split(", ")) == 4, out
    assert page.locator(".pg-hands button.pg-card").count() == 4 * 9  # and the buttons are the bids alone
    assert page.locator(".pg-buttons button:not([data-pick^='sealed:'])").count() == 0
    assert page.locator(".pg-view table.pg-umpire-fields").count() == 0
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-umpire{edition.replace('/', '-')}-{width}.png"),
                    full_page=True)
    table = page.locator("table.pg-umpire-fields")
    page.locator(".pg-editor > summary").click()
    page.locator(".pg-umpire summary").click()
    rows = dict(zip(table.locator("th").all_inner_texts(), table.locator("td").all_inner_texts(), strict=True))
    assert rows[said["void"]] == said["no"] and rows[said["crystals"]].count(", ") == 3, rows
    assert not re.search(r"True|False|\[|\]|\{", " ".join(rows.values())), rows
    # Players: a new game for five, once the reader has said the game in progress may go.
    asked: list[str] = []

    def accept(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    page.locator("select.pg-players").select_option("5")
    assert asked == [said["new game"]]
    assert page.locator(".pg-position").input_value().startswith("players=5 ")
    # Each player twice (the others played by the oracle, or watched), pass and play and the umpire.
    assert page.locator("select.pg-seat option").count() == 2 * 5 + 2
    assert page.locator("select.pg-players").input_value() == "5"
    visit.assert_clean()


@pytest.mark.parametrize(("edition", "width"), [("", WIDTHS[0]), ("/fr", WIDTHS[1])])
def test_the_card_games_deal_afresh_roll_when_asked_and_say_what_each_seat_must_do(
        browser: Any, base_url: str, edition: str, width: int) -> None:
    """Each new game is dealt afresh; a chance button names its step ("Deal the cards", "Roll the die") and a
    click on "Roll the die" rolls it; a player with one bid only is told so, not asked; the pass screen says
    what was just played, once; the umpire is told whose turn it is; a card that may not be played says why in
    words on the page; the action just played opens with words, its notation folded."""
    visit = Visit(browser, base_url, width)
    said = {"": {"deal": "Deal the cards", "tiles": "Deal the tiles", "shows": "The die shows the ",
                 "must": "p1 must bid 0 crystals: stay on the present.",
                 "umpire": r"Play a card from your hand\. p\d plays",
                 "not now": "Not playable now: ", "bid first": "no card is played now: bid first (TC.PLAY)",
                 "token": "puts a token on event 1",
                 "notation": "The same in notation", "step": "Step 1 of "},
            "/fr": {"deal": "Distribuer les cartes", "tiles": "Distribuer les tuiles", "shows": "Le dé montre ",
                    "must": "p1 doit miser 0 cristal : rester sur le présent.",
                    "umpire": r"Jouez une carte de votre main\. p\d joue",
                    "not now": "Injouable maintenant : ",
                    "bid first": "aucune carte ne se joue maintenant : les mises viennent d'abord (TC.PLAY)",
                    "token": "pose un jeton sur l'événement 1",
                    "notation": "La même chose en notation",
                    "step": "Étape 1 sur "}}[edition]
    shot = f"{edition.replace('/', '-')}-{width}.png"
    OUTPUT.mkdir(exist_ok=True)
    page = visit.open(edition + "/playground/?game=time-chase")
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    status = page.locator(".pg-status")
    # Two new games, two deals: the seed is fresh each time, not the position's.
    hands = []
    for _ in range(2):
        page.locator(".pg-restart").click()
        deal = page.locator("button[data-pick='chance']")
        assert deal.inner_text() == said["deal"]
        deal.click()
        page.locator("select.pg-seat").select_option("umpire")
        hands.append(page.locator(".pg-hands").inner_text())
        page.locator("select.pg-seat").select_option("hot")
    assert hands[0] != hands[1], "a new game dealt the same cards again"
    # The umpire holds no hand: the status says whose turn it is and what that player is asked.
    page.locator("select.pg-seat").select_option("umpire")
    assert re.match(said["umpire"], prompt(page)), prompt(page)
    assert "null" not in page.locator(".pg-view").inner_text()
    # The action just played opens with words; its notation (the deal's, 200 characters) waits, folded.
    replay = page.locator(".pg-replay")
    page.locator(".pg-hands button.pg-card:enabled").first.click()
    assert replay.locator("h2 + p").get_attribute("class") == "pg-step-text"
    assert replay.locator(".pg-step-at").inner_text().startswith(said["step"])
    fold = replay.locator("details.pg-notation")
    assert fold.count() == 1 and fold.get_attribute("open") is None and fold.locator("summary").inner_text() == \
        said["notation"]
    # A card that may not be played says why on the page, at every width (p1 must follow, or may play any).
    why = page.locator(".pg-why-not")
    refused = page.locator(".pg-hands button.pg-card:disabled[title]")  # p1's: the others' wait their turn
    if refused.count():
        assert why.is_visible() and refused.first.inner_text() in why.inner_text()
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-umpire-turn{shot}"), full_page=True)
    # Round 2's bids, p1 without a crystal: p1 is not asked for the one bid left, and every player is told.
    page = visit.open(edition + "/playground/?game=time-chase&seat=hot&position=" + quote(round_two_bids("2,0,1,2")))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    page.locator(".pg-pass-ready").click()
    # No card may be played now: each says why in words under the hand, not in a tooltip alone.
    view = page.locator(".pg-view")
    assert view.locator("button.pg-card:enabled").count() == 0
    reason = view.locator(".pg-why-not p")
    assert reason.count() == 1 and reason.is_visible() and reason.inner_text().startswith(said["not now"])
    assert reason.inner_text().endswith(said["bid first"] + ".")
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-why-not{shot}"), full_page=True)
    page.locator("button[data-pick='sealed:bid 0']").click()
    assert said["must"] in status.inner_text()
    assert page.locator(".pg-pass strong").first.inner_text().endswith(" p2.")  # p1 skipped: p2 bids next
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-must{shot}"), full_page=True)
    # The pass screen says what was just played (the last card of a trick, who won it and its token), once.
    page = visit.open(edition + "/playground/?game=time-chase&seat=hot&position=" + quote(dealt("time-chase")))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    for _ in range(4):
        page.locator(".pg-pass-ready").click()
        page.locator(".pg-private button.pg-card:enabled").first.click()
    # Not said twice: the list since the player last had the device ends with it, and no "Just played" repeats it.
    assert page.locator(".pg-pass .pg-just").count() == 0
    assert any(said["token"] in text for text in page.locator(".pg-pass .pg-since-events li").all_inner_texts())
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-just{shot}"), full_page=True)
    # 3 Ombres: "Deal the tiles", then "Roll the die" rolls it: the die shows a face, no face to choose.
    page.locator("select.pg-game").select_option("trois-ombres|")
    page.locator(".pg-restart").click()
    page.locator("button[data-pick='chance']", has_text=said["tiles"]).click()
    page.locator(".pg-pass-ready").click()
    page.locator("button[data-pick='roll']").click()
    assert page.locator("button[data-pick^='die ']").count() == 0 and page.locator(
        "button[data-pick='chance']").count() == 0
    assert prompt(page).startswith(said["shows"]), prompt(page)
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-rolled{shot}"), full_page=True)


@pytest.mark.parametrize("edition", ["", "/fr"])
@pytest.mark.parametrize("width", WIDTHS)
def test_one_seat_plays_alone_against_the_oracle_and_the_help_is_the_game_s(browser: Any, base_url: str,
                                                                            edition: str, width: int) -> None:
    """A newcomer alone picks p1 with the others played by the oracle: in Time Chase the oracle deals, plays the
    others and seals their bids, each told in a line, and the page waits only for p1, through a whole round, with
    no seat switched by hand; 3 Ombres likewise reaches p1's turn.  "How to play here" shows the chosen game's help
    only, as bullets: what to click first, then the seats; never TTYKM's steps in a card game."""
    words: dict[str, dict[str, Any]] = {
        "": {"turn": "Your turn, p1", "random": " (the oracle, at random).", "round": "Round 2 of 10",
             "over": "The game is over", "with": "p1 (the others played by the oracle)",
             "watch": "p1's view only (watch)", "seats": ["Pass and play", "p0 (the others played by the oracle)",
                                                          "Umpire"], "roll": "Roll the die",
             "watching": "p1 to act. This view only watches: to play as p0, choose"},
        "/fr": {"turn": "À vous, p1", "random": " (l'oracle, au hasard).", "round": "Manche 2 sur 10",
                "over": "La partie est finie", "with": "p1 (l'oracle joue les autres)",
                "watch": "La vue de p1 seule (regarder)",
                "seats": ["Passer et jouer", "p0 (l'oracle joue les autres)", "Arbitre"], "roll": "Lancer le dé",
                "watching": "À p1 d'agir. Cette vue ne fait que regarder : pour jouer p0, choisissez"}}
    said = words[edition]
    visit = Visit(browser, base_url, width)
    page = visit.open(edition + "/playground/?game=time-chase&seat=oracle:1")
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    options = page.locator("select.pg-seat option").all_inner_texts()
    assert said["with"] in options and said["watch"] in options
    assert page.locator("select.pg-seat").input_value() == "oracle:1"
    help_shown = """() => [...document.querySelectorAll("[data-games]")].filter(e => e.offsetParent !== null)
        .map(e => e.dataset.games)"""
    assert page.evaluate(help_shown) == ["time-chase", "time-chase trois-ombres", "time-chase"]
    bullets = page.locator(".pg-help-cards > ul > li > strong:first-child").all_inner_texts()
    assert bullets[:3] == said["seats"], bullets
    assert page.locator(".pg-help-clicks:visible li").count() >= 1
    OUTPUT.mkdir(exist_ok=True)
    shot = f"{edition.replace('/', '-')}-{width}.png"
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-oracle{shot}"), full_page=True)
    title, log = page.locator(".pg-turn-title"), page.locator(".pg-oracle-played li")
    told: list[str] = []
    for _ in range(12):  # a round: p1's card (and bid), the others' played by the oracle
        assert title.inner_text() == said["turn"]
        told += log.all_inner_texts()
        if said["round"] in page.locator(".pg-turn").inner_text():
            break
        card = page.locator(".pg-private button.pg-card:enabled")
        (card if card.count() else page.locator(".pg-buttons button[data-pick^='sealed:']")).first.click()
        if said["over"] in page.locator(".pg-status").inner_text():
            break
    else:
        raise AssertionError("the round did not end")
    # Each other player's card, in a line of its own, as the oracle drew it.
    assert any(line.endswith(said["random"]) and re.match(r"p[023] ", line) for line in told), told
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-oracle-round{shot}"), full_page=True)
    # p0's view, watched: nobody plays for p1, and the page says how to play alone.
    page.locator("select.pg-seat").select_option("0")
    assert page.locator(".pg-status").inner_text().startswith(said["watching"])
    page.locator("select.pg-seat").select_option("oracle:1")
    # 3 Ombres, the same seat: the oracle deals and plays p0's turn; p1 rolls the die.
    page.locator("select.pg-game").select_option("trois-ombres|")
    assert page.evaluate(help_shown) == ["trois-ombres", "time-chase trois-ombres", "trois-ombres"]
    assert title.inner_text() == said["turn"]
    assert log.count() >= 2  # the deal, and p0's turn at least
    roll = page.locator("button[data-pick='roll']")
    assert roll.inner_text() == said["roll"]
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-oracle{shot}"), full_page=True)
    # TTYKM: its own steps, no card game's bullets.
    page.locator("select.pg-game").select_option("ttykm|")
    assert page.evaluate(help_shown) == ["ttykm"]
    visit.assert_clean()


# The box of a Time Chase timeline's events to come (g.future): each word inside the box and apart from the
# others; a strip's span right after the word before it, and "to come" on a line of its own below them.
FUTURE_BOX = """() => {
    const shown = [...document.querySelectorAll(".pg-picture svg g.future")].find(g => g.getBoundingClientRect().width);
    const frame = shown.querySelector("rect").getBoundingClientRect();
    const words = [...shown.querySelectorAll("text")].map(t => t.getBoundingClientRect());
    const wrong = [];
    for (const w of words) {
        if (w.left < frame.left || w.right > frame.right || w.top < frame.top || w.bottom > frame.bottom)
            wrong.push("a word outside its box");
    }
    for (const a of words) for (const b of words) {
        if (a !== b && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
            wrong.push("two words overlap");
    }
    const strip = frame.height < 60;
    if (strip && words[1].left - words[0].right > 8) wrong.push(`a gap of ${words[1].left - words[0].right} px`);
    if (strip && words[2].top < words[0].bottom - 2) wrong.push("'to come' is not on a line of its own");
    return {wrong: wrong, strip: strip};
}"""


def next_dialog(page: Any, accept: bool) -> list[str]:
    """The message of the next dialog the page opens (a list, filled when it opens), accepted or dismissed."""
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        if accept:
            dialog.accept()
        else:
            dialog.dismiss()

    page.once("dialog", answer)
    return asked


@pytest.mark.parametrize("edition", ["", "/fr"])
@pytest.mark.parametrize("width", WIDTHS)
def test_time_chase_alone_tells_the_own_bid_asks_before_a_seat_change_and_fits_the_events_to_come(
        browser: Any, base_url: str, edition: str, width: int) -> None:
    """p1 alone against the oracle: after p1's bid, the action just played is that bid, told to p1 alone in its
    button's words, not p1's card before it.  Leaving p1's seat while p1 is to act asks first, saying the oracle
    will play p1's pending turn: refused, nothing changes; accepted, the oracle plays it.  3 Ombres asks the same.
    The box of the events to come reads cleanly, a low strip of two lines on a phone."""
    from oracle.games import load_game

    said = {"": {"secret": "p1 chose in secret: \u201c", "pending": "The oracle will play p1's pending turn",
                 "ombres": "The oracle will play p0's pending turn", "random": " (the oracle, at random)."},
            "/fr": {"secret": "p1 a choisi en secret : « ", "pending": "L'oracle jouera le tour en attente de p1",
                    "ombres": "L'oracle jouera le tour en attente de p0", "random": " (l'oracle, au hasard)."}}[edition]
    visit = Visit(browser, base_url, width)
    page = visit.open(edition + "/playground/?game=time-chase&seat=oracle:1")
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    bids = page.locator(".pg-buttons button[data-pick^='sealed:bid ']")
    for _ in range(3):  # round 1: p1's card (the bids of 0 are sealed for everyone); round 2 asks p1's bid
        if bids.count():
            break
        page.locator(".pg-private button.pg-card:enabled").first.click()
    before = page.locator(".pg-replay").inner_text()
    assert re.search(r"p1 (joue|plays|ouvre|leads) ", before), before  # p1's card, the last action so far
    bid = bids.last
    words = bid.inner_text()
    bid.click()
    step = page.locator(".pg-replay .pg-step-text").inner_text()
    assert step.startswith(said["secret"] + words), step
    assert page.locator(".pg-replay .pg-events li").count() == 1
    OUTPUT.mkdir(exist_ok=True)
    shot = f"{edition.replace('/', '-')}-{width}.png"
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-own-bid{shot}"), full_page=True)
    # p1 is to play a card: leaving the seat asks first.
    assert page.locator(".pg-private button.pg-card:enabled").count()
    state = page.locator(".pg-position").input_value()
    asked = next_dialog(page, accept=False)
    page.locator("select.pg-seat").select_option("oracle:0")
    assert asked and asked[0].startswith(said["pending"]), asked
    assert page.locator("select.pg-seat").input_value() == "oracle:1"
    assert page.locator(".pg-position").input_value() == state
    accepted = next_dialog(page, accept=True)
    page.locator("select.pg-seat").select_option("oracle:0")
    assert accepted and page.locator("select.pg-seat").input_value() == "oracle:0"
    log = page.locator(".pg-oracle-played li").all_inner_texts()
    assert any(line.startswith("p1 ") and line.endswith(said["random"]) for line in log), log
    # 3 Ombres shares the seats: p0 to act, leaving p0's seat asks the same.
    page.locator("select.pg-game").select_option("trois-ombres|")
    asked = next_dialog(page, accept=False)
    page.locator("select.pg-seat").select_option("oracle:1")
    assert asked and asked[0].startswith(said["ombres"]), asked
    assert page.locator("select.pg-seat").input_value() == "oracle:0"
    # Round 7: on a phone the events to come stand alone on a row, a low strip; on a desktop, a tall box.
    game = load_game("time-chase")
    sixth = game.parse_state(
        "players=4 round=6 phase=play first=0 ref=2 invariant=R13 unused=G7,G9,G10,G12 "
        "hands=Y5,Y7,Y8,Y9|Y11,Y13,P6,P7|G5,G13,P5,P8,P10|B5,B6,P11,P13 crystals=1,0,0,2 pawns=6,6,3,6 "
        "timeline=Y10:0|P9/P12:3|G8/G11:1|R6/R9:3|B7:2|Y6/Y12:1 at=3 spent=0,1,3,0")
    seventh = game.format_state(game.apply(sixth, game.parse_action("G13"), game.parse_rules(None, None)).state)
    page = visit.open(edition + "/playground/?game=time-chase&seat=umpire&position=" + quote(seventh))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    fits = page.evaluate(FUTURE_BOX)
    assert fits == {"wrong": [], "strip": width < 500}, fits
    page.locator(".pg-picture svg g.future:visible").screenshot(path=str(OUTPUT / f"site-playground-tc-to-come{shot}"))
    page.screenshot(path=str(OUTPUT / f"site-playground-tc-to-come-page{shot}"), full_page=True)
    visit.assert_clean()
