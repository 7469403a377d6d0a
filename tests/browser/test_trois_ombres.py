"""L'heure des 3 ombres in the playground: the die, the tiles, the key, a whole game told."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest

from tests.browser.visit import (
    CLOCK_READS,
    DOING_AND_LIEUX,
    OMBRES_ENGLISH,
    OUTPUT,
    RINGED_SLOTS,
    SLOT_LABEL,
    WIDTHS,
    Visit,
    dealt,
    prompt,
    table_legend,
)
from tests.conftest import ROOT


def test_the_french_playground_tells_a_3_ombres_game_to_its_end_in_french(browser: Any, base_url: str) -> None:
    """The umpire (every hidden card shown) plays the last actions of three games of 3 Ombres on the French
    edition, one ending each way (13 suspects cleared, a bluff, the clock at 12 h): the list of what just
    happened, the ending and the umpire's fields are French, with no English word of the events left."""
    from oracle.games import load_game
    from oracle.games.trois_ombres.components import Rules
    from oracle.games.trois_ombres.team import play_game

    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    visit = Visit(browser, base_url, WIDTHS[0])
    endings, told = {}, []
    for seed, forget in ((1, 0.0), (0, 0.0), (0, 0.5)):  # a win, a bluff and the loss at 12 h (play_game's seeds)
        end, actions = play_game(Rules(), seed, forget)
        state = game.initial_state(rules)
        for action in actions[:-12]:
            state = game.apply(state, action, rules).state
        page = visit.open("/fr/playground/?game=trois-ombres&seat=umpire&position=" + quote(game.format_state(state)))
        page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
        for action in actions[-12:]:
            state = game.apply(state, action, rules).state
            turn_back = page.locator(".pg-turn-back")  # the tiles just revealed, shown face up until turned back
            if turn_back.count():
                turn_back.click()
            # A button, or a ringed tile or slot of the table (a reveal, a clue, a trap): what the umpire clicks.
            pick = game.format_action(action)
            skip = page.locator(".pg-skip-look")  # Allison's look comes first: her reveals wait behind its skip
            if pick.startswith("reveal ") and skip.count():
                skip.click()
            page.locator(f"#ttykm-playground [data-pick='{pick}']:visible").first.dispatch_event("click")
            page.wait_for_function("(s) => document.querySelector('.pg-position').value === s",
                                   arg=game.format_state(state))
            events = page.locator("ol.pg-events").all_inner_texts()  # none for an action that changes nothing seen
            assert not OMBRES_ENGLISH.search(" ".join(events)), events
            told += events
        status = page.locator(".pg-status").inner_text()
        assert status.startswith("La partie est finie : tout le monde ") and not OMBRES_ENGLISH.search(status), status
        endings[(end.result, end.rule)] = status
        fields = page.locator(".pg-umpire-fields th").evaluate_all("ths => ths.map(th => th.textContent)")
        assert "heure" in fields and not [name for name in fields if OMBRES_ENGLISH.search(name)], fields
    assert set(endings) == {("win", "OMBRES.WIN"), ("win", "OMBRES.BLUFF"), ("loss", "OMBRES.LOSS")}
    assert len(told) > 20 and any("est dévoilée" in events for events in told)
    page.locator("details.pg-umpire").evaluate("d => { d.open = true; }")
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "site-fr-playground-ombres-ending-1280.png"), full_page=True)
    visit.assert_clean()


@pytest.mark.parametrize(("edition", "width"), [("en", 1280), ("fr", 390)])
def test_the_3_ombres_playground_shows_the_die_and_both_tiles_and_takes_clicks_on_tiles(
        browser: Any, base_url: str, edition: str, width: int) -> None:
    """A turn of L'heure des 3 ombres by clicks, in words: the die's face said in the status, the tiles the
    face allows ringed and clicked (no wall of reveal buttons), another tile refused with the oracle's rule,
    the table's key, and the turn's two tiles shown face up before they are turned back."""
    from oracle.games import load_game
    from oracle.tools.site.french import translate_reason

    game = load_game("trois-ombres")
    state = game.parse_state(dealt("trois-ombres"))
    first = next(loc for loc, cell in state.board if loc.startswith("P"))
    second = next(loc for loc, cell in state.board if loc.startswith("R") and cell.tile != state.cell(first).tile)
    words = {"en": ("Roll the die", "The die shows the Pentacle: reveal a tile of "
                    "the Pentacle first", "remember them", "Leave no clue, draw a Limbes card", "No pair. Click "),
             "fr": ("Lancer le dé", "Le dé montre le Pentacle : dévoilez d'abord une "
                    "tuile du Pentacle", "retenez-les", "Ne laisser aucun Indice, piocher une carte Limbes",
                    "Pas de paire. Cliquez ")}[edition]
    visit = Visit(browser, base_url, width)
    page = visit.open(("/fr" if edition == "fr" else "") + "/playground/?game=trois-ombres&seat=0&position="
                      + quote(game.format_state(state)))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    status = page.locator(".pg-status")
    # What to do, in words: roll the die; then what chance does (the die is rolled), never a count of choices.
    told = {"en": ("Roll the die to start your turn.", "The die is rolled. Click “"),
            "fr": ("Lancez le dé pour commencer votre tour.", "Le dé est lancé. Cliquez « ")}[edition]
    assert prompt(page) == told[0]
    roll = page.locator(".pg-buttons button[data-pick='roll']")
    assert roll.inner_text() == words[0] and roll.get_attribute("title") == "roll"
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-roll-{edition}-{width}.png"), full_page=True)
    font = roll.evaluate("b => getComputedStyle(b).fontFamily")

    def typed(action: str) -> None:  # the die's faces, as a real table rolled them, typed in notation
        page.locator(".pg-typed").fill(action)
        page.locator(".pg-type button").click()

    typed("roll")
    assert status.inner_text().startswith(told[1])
    # A player's chance button draws at random; no die face is offered to choose from (the umpire's alone).
    assert page.locator(".pg-buttons button").all_inner_texts() == [words[0]]
    # The Horloge, which Lucile may reroll: the clock does not advance until she acts otherwise (OMBRES.DIE), and
    # the words say so while the picture shows the oracle's 0 h; her reroll then leaves it at 0 h.
    typed("die horloge")
    horloge = game.parse_state(dealt("trois-ombres", ("roll", "die horloge")))
    assert prompt(page) == game.state_note(horloge)[f"{edition}-do"]  # type: ignore[index]
    assert ("1 h" in prompt(page)) and page.evaluate(CLOCK_READS) == "0 h", prompt(page)
    # The roll is kept by a click on a ringed tile: there are some, beside the reroll's button.
    assert page.evaluate(RINGED_SLOTS) and page.locator(".pg-buttons button[data-pick='reroll']").count() == 1
    # The key tells the Agence's count and every red hour of the clock.
    table_legend(page, edition, {"face down", "empty slot", "agence", "versions", "pair", "hour 3", "hour 6",
                                 "hour 12"})
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-horloge-{edition}-{width}.png"), full_page=True)
    typed("reroll")
    typed("die P")
    assert page.evaluate(CLOCK_READS) == "0 h"
    note = page.locator(".pg-note p").all_inner_texts()
    assert len(note) == 3 and note[0].startswith(words[1]), note  # what to do first, then who and the Indices
    assert prompt(page).startswith(words[1])  # what to do, not a count of choices
    assert page.locator(".pg-buttons button[data-pick^='reveal']").count() == 0, "reveal buttons beside the tiles"
    table_legend(page, edition, {"face down", "empty slot", "ringed"})
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-ringed-{edition}-{width}.png"), full_page=True)
    ringed = page.evaluate(RINGED_SLOTS)
    pentacle = sorted(loc for loc, _ in state.board if loc.startswith("P"))
    assert sorted(loc for loc, _, _ in ringed) == pentacle, "only the Pentacle's tiles may be revealed first"
    assert all(number == loc[1:] and on for loc, number, on in ringed), ringed
    # A tile that may not be revealed answers with the oracle's refusal and its rule; nothing is played.
    page.locator(f".pg-board svg.trois-ombres:visible [data-loc='{second}']").click()
    pentacle_state = game.parse_state(dealt("trois-ombres", ("roll", "die horloge", "reroll", "die P")))
    verdict = game.explain(pentacle_state, game.parse_action(f"reveal {second}"), game.parse_rules(None, None))
    reason = translate_reason(verdict.reason) if edition == "fr" else verdict.reason
    refused = page.locator(".pg-refused")
    said = {"en": ("Not allowed: ", "(The rule: "), "fr": ("Interdit : ", "(La règle : ")}[edition]
    assert refused.inner_text() == f"{said[0]}{reason}. {said[1]}{verdict.rule}.)", refused.inner_text()
    assert refused.evaluate("e => e.getBoundingClientRect().bottom <= innerHeight"), "the refusal is out of sight"
    assert sorted(loc for loc, _, _ in page.evaluate(RINGED_SLOTS)) == pentacle
    assert prompt(page).startswith(words[1])
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-refused-{edition}-{width}.png"), full_page=True)
    page.locator(f".pg-board svg.trois-ombres:visible [data-loc='{first}']").click()
    assert refused.count() == 0
    assert page.evaluate(SLOT_LABEL, first) == state.cell(first).tile
    page.locator(f".pg-board svg.trois-ombres:visible [data-loc='{second}']").click()
    # The two tiles face up, before the mismatch turns them back: one picture, wide or narrow as the table.
    assert words[2] in status.inner_text()
    # The pause does not say what comes of the tiles (turned back, a pair cleared, a trap): the steps after it do.
    going_on = {"en": ("Go on", "cleared as a pair"), "fr": ("Continuer", "écartées en paire")}[edition]
    assert page.locator(".pg-turn-back").inner_text() == going_on[0] and going_on[1] in status.inner_text()
    assert page.locator(".pg-board svg:not(.key):visible").count() == 1
    top, bottom, screen = page.locator(".pg-turn-back").evaluate(
        "b => [b.getBoundingClientRect().top, b.getBoundingClientRect().bottom, innerHeight]")
    assert top >= 0 and bottom <= screen, "Go on is off screen"
    assert page.locator(".pg-turn-back").evaluate("b => getComputedStyle(b).fontFamily") == font  # words, not code
    table_legend(page, edition, {"face down", "face up", "empty slot"})
    # The step list beside the face-up tiles stops at the reveal: their turning back comes with the button.
    turned = {"en": "turned face down", "fr": "retournée face cachée"}[edition]
    steps = page.locator(".pg-events li")
    assert steps.count() and not any(turned in text for text in steps.all_inner_texts()), steps.all_inner_texts()
    assert [page.evaluate(SLOT_LABEL, loc) for loc in (first, second)] == \
        [state.cell(first).tile, state.cell(second).tile]
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-two-tiles-{edition}-{width}.png"), full_page=True)
    page.locator(".pg-turn-back").click()
    assert [page.evaluate(SLOT_LABEL, loc) for loc in (first, second)] == ["?", "?"]
    assert any(turned in text for text in steps.all_inner_texts()), steps.all_inner_texts()
    assert page.locator(".pg-board svg:not(.key):visible").count() == 1
    assert page.locator(".pg-buttons button[data-pick='done']").inner_text() == words[3]
    assert page.locator(".pg-note p").first.inner_text().startswith(words[4])  # what to do now, in words
    assert prompt(page).startswith(words[4])
    assert sorted(loc for loc, _, _ in page.evaluate(RINGED_SLOTS)) == sorted((first, second))  # a clue on either
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-clue-{edition}-{width}.png"), full_page=True)
    visit.assert_clean()


@pytest.mark.parametrize(("edition", "width"), [("en", 1280), ("en", 390), ("fr", 1280), ("fr", 390)])
def test_allisons_secret_look_is_a_click_on_a_ringed_tile_and_her_panel_tags_the_tile(
        browser: Any, base_url: str, edition: str, width: int) -> None:
    """Allison Holmes may look secretly at a tile before revealing: the tiles she may look at are ringed (no
    button a tile), the turn's bold line asks for the look with its skip button beside it (on a phone, above the
    table) and the die's reveals wait in the line under it; skipping rings the reveals, and a button offers the
    look again; a click on a ringed tile looks at it; her panel then lists the tiles she has seen, that one tagged
    as seen secretly, and never the board's records ("up no", "kept no")."""
    from dataclasses import replace
    from random import Random

    from oracle.games import load_game

    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    state = game.initial_state(rules)
    state = replace(game.apply(state, game.sample_chance(state, rules, Random(7)), rules).state, current=2)
    for action in ("roll", "die R"):
        state = game.apply(state, game.parse_action(action), rules).state
    legal = [game.format_action(a) for a in game.legal_actions(state, rules)]
    looks = sorted(a.split()[-1] for a in legal if a.startswith("peek allison "))
    reveals = sorted(a.split()[-1] for a in legal if a.startswith("reveal "))
    said = {"en": ("Skip the look", "Look secretly at a tile first", "tiles you have seen", "seen secretly",
                   "Memory mode: only the tiles you have seen this turn are listed; remember the others.",
                   "Memory mode: the tiles you have seen are not listed; remember them.",
                   "Before you reveal, you may look secretly at one tile (Allison's ability): click a ringed tile, or "
                   "skip the look.",
                   "The die shows the Réverbère: reveal a tile of the Réverbère first"),
            "fr": ("Ne pas regarder en secret", "Regarder d'abord une tuile en secret", "tuiles que vous avez vues",
                   "vue en secret", "Mode mémoire : seules les tuiles vues pendant ce tour sont listées ; retenez "
                   "les autres.", "Mode mémoire : les tuiles que vous avez vues ne sont pas listées ; retenez-les.",
                   "Avant de dévoiler, vous pouvez regarder une tuile en secret (la capacité d'Allison) : cliquez "
                   "une tuile cerclée, ou renoncez à regarder.",
                   "Le dé montre le Réverbère : dévoilez d'abord une tuile du Réverbère")
            }[edition]
    visit = Visit(browser, base_url, width)
    page = visit.open(("/fr" if edition == "fr" else "") + "/playground/?game=trois-ombres&seat=2&position="
                      + quote(game.format_state(state)))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    buttons = page.locator(".pg-buttons button")
    assert page.locator(".pg-buttons button[data-pick^='peek'], .pg-buttons button[data-pick^='reveal']").count() == 0
    assert not [text for text in buttons.all_inner_texts()
                if text.startswith(("Look secretly at", "Regarder secrètement"))], buttons.all_inner_texts()
    assert sorted(loc for loc, _, _ in page.evaluate(RINGED_SLOTS)) == looks
    # What the turn asks first is the look, in its bold line, the skip beside it; the die's words come after.
    does = page.locator(".pg-do")
    assert does.locator("strong").inner_text() == said[6] and does.locator(".pg-skip-look").is_visible()
    assert page.locator(".pg-then").inner_text().startswith(said[7])
    if width < 500:  # on a phone, above the tiles it asks to click
        board = page.locator(".pg-board").bounding_box()
        for line in (does, page.locator(".pg-then")):
            box = line.bounding_box()
            assert box["y"] + box["height"] <= board["y"], "the look is asked under the table"
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-peek-{edition}-{width}.png"), full_page=True)
    # Skipping rings the tiles of the Réverbère to reveal; the look may be taken again, nothing played meanwhile.
    page.locator(".pg-skip-look").click()
    assert sorted(loc for loc, _, _ in page.evaluate(RINGED_SLOTS)) == reveals
    assert does.locator("strong").inner_text().startswith(said[7]) and page.locator(".pg-then").count() == 0
    assert page.locator(".pg-skip-look").count() == 0 and page.locator(".pg-look-first").inner_text() == said[1]
    page.locator(".pg-look-first").click()
    assert page.locator(".pg-skip-look").inner_text() == said[0]
    assert sorted(loc for loc, _, _ in page.evaluate(RINGED_SLOTS)) == looks
    page.locator(".pg-board svg.trois-ombres:visible [data-loc='C2'].pg-target").click()
    chip = page.locator(f".pg-view .pg-private [data-item='C2 {state.cell('C2').tile}']")
    chip.wait_for()
    assert chip.locator(".pg-secret").inner_text() == said[3]
    panel = page.locator(".pg-view").inner_text()
    assert said[2] in page.locator(".pg-view .pg-private dt").all_inner_texts(), panel
    assert not re.search(r"\b(up|kept|cube|clue) (no|yes|-)\b|\bslot [A-Z]\d|unseen", panel), panel
    # The look is spent: the reveals are ringed now.
    assert sorted(loc for loc, _, _ in page.evaluate(RINGED_SLOTS)) == reveals
    # Memory mode (on at first) lists what she learnt on this turn, the look, and says so.
    assert page.locator("input.pg-memory").is_checked()
    assert chip.locator(".pg-secret").is_visible() and page.locator(".pg-memory-note").inner_text() == said[4]
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-peeked-{edition}-{width}.png"), full_page=True)
    # The tile stays listed for the rest of her turn; once it is over, she must remember it.
    after = game.apply(state, game.parse_action("peek allison C2"), rules).state
    while game.to_act(after).players in ((2,), ()) and game.to_act(after).kind != "over":
        action = (game.sample_chance(after, rules, Random(0)) if game.to_act(after).kind == "chance"
                  else game.legal_actions(after, rules)[0])
        after = game.apply(after, action, rules).state
        page.locator(".pg-typed").fill(game.format_action(action))
        page.locator(".pg-type button").click()
        page.wait_for_function("(s) => document.querySelector('.pg-position').value === s",
                               arg=game.format_state(after))
        if page.locator(".pg-turn-back").count():
            page.locator(".pg-turn-back").click()
        if game.to_act(after).players == (2,):
            assert chip.is_visible(), game.format_action(action)
    assert chip.count() == 1 and not chip.is_visible(), "the look is listed after her turn in Memory mode"
    assert page.locator(".pg-memory-note").inner_text() == said[5]
    visit.assert_clean()


@pytest.mark.parametrize("edition", ["", "/fr"])
def test_a_3_ombres_example_opens_at_its_before_picture_and_plays_its_actions_one_by_one(
        browser: Any, base_url: str, edition: str) -> None:
    """The lesson's "Open in the playground" opens the example's own starting table, and offers its
    actions in order, one click each, each in the game's words (its notation when it has none), until the table
    is the example's "after".  Where the oracle plays the others, a chance step of the example that the oracle
    has already drawn is not offered."""
    from urllib.parse import urlencode

    from oracle.games import load_game
    from oracle.tools.site.examples import example_anchors, page_examples
    from oracle.tools.site.open_links import example_query

    path = "docs/trois-ombres/index.md"
    found = [example for _, example in page_examples((ROOT / path).read_text(encoding="utf-8"), path)]
    anchor, example = next((a, e) for e, a in zip(found, example_anchors(found), strict=True)
                           if e.title == "a Vortex revealed second")
    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    after = game.parse_state(example.fields["state"])
    for action in example.lists["actions"]:
        after = game.apply(after, game.parse_action(action), rules).state
    visit = Visit(browser, base_url)
    if edition:
        query = example_query("trois-ombres", example.fields, example.lists)
        assert query is not None
        page = visit.open(edition + "/playground/?" + urlencode(query))
    else:
        page = visit.open("/trois-ombres/")
        page.locator(f"[id='{anchor}'] a.ttykm-open-link").click()
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    assert page.locator(".pg-position").input_value() == game.format_state(game.parse_state(example.fields["state"]))
    actions = example.lists["actions"]
    lang = "fr" if edition else "en"
    state = game.parse_state(example.fields["state"])
    worded = 0
    for at, action in enumerate(actions, start=1):
        words = (game.action_words(state, game.parse_action(action)) or {}).get(lang)
        worded += words is not None
        said = {"en": f"Next action of the example ({at} of {len(actions)}): ",
                "fr": f"Action suivante de l'exemple ({at} sur {len(actions)}) : "}[lang] + (words or action)
        button = page.locator(".pg-example")
        assert button.inner_text() == said and button.get_attribute("title") == action
        button.click()
        assert page.locator(".pg-refused").count() == 0
        state = game.apply(state, game.parse_action(action), rules).state
    assert worded, "no action of the example was said in words"
    assert page.locator(".pg-example").count() == 0
    assert page.locator(".pg-position").input_value() == game.format_state(after)
    # Playing alone as p0: the oracle draws the die at once after the roll, so the example's die face goes.
    page.goto(visit.base_url + edition + "/playground/?" + urlencode(
        {"game": "trois-ombres", "position": dealt("trois-ombres"), "turn": "roll", "then": "die loupe",
         "seat": "oracle:0"}))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    assert page.locator(".pg-example").inner_text().endswith(("Roll the die", "Lancer le dé")[bool(edition)])
    page.locator(".pg-example").click()
    assert page.locator(".pg-refused").count() == 0 and page.locator(".pg-example").count() == 0
    visit.assert_clean()


@pytest.mark.parametrize(("edition", "width"), [("", WIDTHS[0]), ("", WIDTHS[1]), ("/fr", WIDTHS[0]),
                                                ("/fr", WIDTHS[1])])
def test_the_3_ombres_playground_hides_what_you_saw_in_memory_mode_and_asks_above_the_tiles(
        browser: Any, base_url: str, edition: str, width: int) -> None:
    """Memory mode, on at first in pass and play, leaves out of a player's view the list of the tiles they have
    seen (unticked, the list is back, and the address says memory=off); the umpire's view has no such mode and
    shows every tile.  On a phone, what the die asks comes above the Lieux, in sight once the die is rolled; the
    table's key folds, open on a wide screen and folded on a phone."""
    from oracle.games import load_game

    game = load_game("trois-ombres")
    state = game.parse_state(dealt("trois-ombres"))
    cells = dict(state.board)
    first = next(iter(cells))
    second = next(loc for loc, cell in cells.items() if cell.tile != cells[first].tile)
    tiles = [cells[first].tile, cells[second].tile]
    seen = dealt("trois-ombres", ("roll", "die loupe", f"reveal {first}", f"reveal {second}"))
    visit = Visit(browser, base_url, width)
    page = visit.open(edition + "/playground/?game=trois-ombres&position=" + quote(seen))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    page.locator(".pg-pass-ready").click()  # pass and play: p0 takes the device
    memory = page.locator("input.pg-memory")
    listed = page.locator("dl.pg-private dd[data-field='seen']")
    assert memory.is_visible() and memory.is_checked()
    assert listed.count() == 1 and not listed.is_visible(), "the tiles seen are listed in Memory mode"
    assert page.locator(".pg-memory-note").is_visible()
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-memory{edition.replace('/', '-')}-{width}.png"),
                    full_page=True)
    memory.uncheck()
    assert listed.is_visible() and all(tile in listed.inner_text() for tile in tiles), listed.inner_text()
    assert page.locator(".pg-memory-note").count() == 0
    assert parse_qs(urlsplit(page.url).query).get("memory") == ["off"]
    memory.check()
    assert not listed.is_visible() and "memory" not in parse_qs(urlsplit(page.url).query)
    page.locator("select.pg-seat").select_option("umpire")
    assert not memory.is_visible()
    assert [page.evaluate(SLOT_LABEL, loc) for loc in (first, second)] == tiles  # every tile, to the umpire
    # A turn: the die's words above the Lieux and in sight; the key folded on a phone, open on a wide screen.
    page.goto(visit.base_url + edition + "/playground/?game=trois-ombres&seat=0&position="
              + quote(dealt("trois-ombres")))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    key = page.locator(".pg-keys details.pg-key")
    assert key.count() == 1 and key.evaluate("d => d.open") == (width == WIDTHS[0])
    # A wide screen's first screen holds the table, the status and the button to roll, the key open.
    if width == WIDTHS[0]:  # a phone's table alone is most of a screen
        roll = page.locator(".pg-buttons button[data-pick='roll']")
        below = roll.evaluate("b => b.getBoundingClientRect().bottom > innerHeight")
        assert page.evaluate("scrollY") == 0 and not below, "the button to roll is below the first screen"
    for action in ("roll", "die R"):
        page.locator(".pg-typed").fill(action)
        page.locator(".pg-type button").click()
    # At any width, what the die asks comes above the Lieux whose tiles it rings, and in sight.
    top, bottom, lieu, header, screen = page.evaluate(DOING_AND_LIEUX)
    assert top < lieu, "the words of the die come below the first Lieu"
    assert header - 1 <= top and bottom <= screen + 1, "the words of the die are out of sight"
    assert page.locator(".pg-keys details.pg-key").evaluate("d => d.open") == (width == WIDTHS[0])
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-die-r{edition.replace('/', '-')}-{width}.png"))
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-die-r{edition.replace('/', '-')}-{width}-full.png"),
                    full_page=True)
    # The reader's choice stands: a key opened on a phone stays open after the next click.
    if width == WIDTHS[1]:
        page.locator(".pg-keys details.pg-key summary").click()
        page.locator(".pg-board svg.trois-ombres:visible .pg-target").first.click()
        assert page.locator(".pg-keys details.pg-key").evaluate("d => d.open")
    visit.assert_clean()


@pytest.mark.parametrize(("edition", "width"), [("", WIDTHS[0]), ("/fr", WIDTHS[1])])
def test_memory_mode_folds_the_lists_of_tiles_revealed_and_the_oracle_says_why_a_turn_went_unseen(
        browser: Any, base_url: str, edition: str, width: int) -> None:
    """In Memory mode a player remembers what the others revealed, as at the table: the oracle's log of the
    others' turns and the hand-off screen's list of what everybody saw start folded, and say so; with Memory mode
    off, both are open.  Under Ténèbres (drawn by p1), p0 alone against the oracle is told, in the log, why each
    of p1's actions went unseen."""
    from random import Random

    from oracle.games import load_game

    said = {"": {"log": "The oracle played for the others, at random among the legal moves (folded in Memory "
                        "mode: open it only if you forgot)",
                 "unseen": "p1 plays, unseen by you: your eyes were closed (Ténèbres, drawn by p1)",
                 "list": "What everybody has seen so far (folded in Memory mode: open it only if you forgot)",
                 "heading": "What everybody has seen so far:"},
            "/fr": {"log": "L'oracle a joué pour les autres, au hasard parmi les coups permis (replié en mode "
                           "mémoire : ne l'ouvrez que si vous avez oublié)",
                    "unseen": "p1 joue, sans que vous le voyiez : vos yeux étaient fermés (Ténèbres, piochée par p1)",
                    "list": "Ce que tout le monde a vu jusqu'ici (replié en mode mémoire : ne l'ouvrez que si vous "
                            "avez oublié)",
                    "heading": "Ce que tout le monde a vu jusqu'ici :"}}[edition]
    game = load_game("trois-ombres")
    blind = re.sub(r"(limbes-deck=\S*?),?\btenebres\b", r"\1", dealt("trois-ombres"))
    blind = blind.replace("steps=turn", "curses=tenebres:1 current=1 steps=turn")
    visit = Visit(browser, base_url, width)
    page = visit.open(edition + "/playground/?game=trois-ombres&seat=oracle:0&position="
                      + quote(game.format_state(game.parse_state(blind))))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    log, lines = page.locator(".pg-oracle"), page.locator(".pg-oracle-played > li")
    assert log.evaluate("e => [e.tagName, e.open]") == ["DETAILS", False]
    assert log.locator("summary").inner_text() == said["log"] and not lines.first.is_visible()
    OUTPUT.mkdir(exist_ok=True)
    shot = f"{edition.replace('/', '-')}-{width}.png"
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-log-folded{shot}"), full_page=True)
    log.locator("summary").click()
    told = lines.all_inner_texts()
    assert lines.first.is_visible() and any(line.startswith(said["unseen"]) for line in told), told
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-log-unseen{shot}"), full_page=True)
    page.locator("input.pg-memory").uncheck()
    assert log.evaluate("e => e.tagName") == "DIV" and lines.first.is_visible()
    # Pass and play: p0's turn played, the hand-off to p1 lists what everybody saw, folded in Memory mode.
    state = game.parse_state(dealt("trois-ombres"))
    page = visit.open(edition + "/playground/?game=trois-ombres&position=" + quote(game.format_state(state)))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    page.locator(".pg-pass-ready").click()
    rules = game.parse_rules(None, None)
    for _ in range(12):
        if game.to_act(state).players not in ((0,), ()):
            break
        action = (game.sample_chance(state, rules, Random(0)) if game.to_act(state).kind == "chance"
                  else sorted(game.legal_actions(state, rules), key=game.format_action)[-1])
        state = game.apply(state, action, rules).state
        if page.locator(".pg-turn-back").count():
            page.locator(".pg-turn-back").click()
        page.locator(".pg-typed").fill(game.format_action(action))
        page.locator(".pg-type button").click()
        page.wait_for_function("(s) => document.querySelector('.pg-position').value === s",
                               arg=game.format_state(state))
    folded = page.locator(".pg-pass details.pg-since")
    assert page.locator(".pg-pass-ready").is_visible()
    assert folded.evaluate("d => d.open") is False and folded.locator("summary").inner_text() == said["list"]
    assert page.locator(".pg-pass .pg-since-events li").count() >= 2  # p0's two tiles revealed, at least
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-pass-folded{shot}"), full_page=True)
    page.locator("input.pg-memory").uncheck()
    assert page.locator(".pg-pass details").count() == 0
    assert page.locator(".pg-pass .pg-since p").inner_text() == said["heading"]
    assert page.locator(".pg-pass .pg-since-events li").first.is_visible()
    visit.assert_clean()


@pytest.mark.parametrize(("edition", "width"), [("", WIDTHS[0]), ("/fr", WIDTHS[1])])
def test_memory_mode_lists_this_turn_s_tiles_only_against_the_oracle_and_a_look_at_a_tile_seen_before(
        browser: Any, base_url: str, edition: str, width: int) -> None:
    """Memory mode against the oracle: once the oracle has played the others' turns, p0's next turn lists none of
    the tiles p0 saw on the last one.  Allison's look at a tile everybody saw before is listed and tagged as seen
    secretly on her turn: a look never shows her nothing."""
    from dataclasses import replace
    from random import Random

    from oracle.games import load_game

    said = {"": ("Your turn, p0", "Memory mode: the tiles you have seen are not listed; remember them.",
                 "seen secretly"),
            "/fr": ("À vous, p0", "Mode mémoire : les tuiles que vous avez vues ne sont pas listées ; retenez-les.",
                    "vue en secret")}[edition]
    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    visit = Visit(browser, base_url, width)
    page = visit.open(edition + "/playground/?game=trois-ombres&seat=oracle:0&position=" + quote(dealt("trois-ombres")))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    chips = page.locator(".pg-view dd[data-field='seen'] [data-item]")
    log = page.locator(".pg-oracle-played > li")
    for _ in range(30):  # p0's turn by clicks, until the oracle has played p1's
        title = page.locator(".pg-turn-title")  # none while the tiles just revealed show face up
        if title.count() and title.inner_text() == said[0] and any(
                text.startswith("p1 ") for text in log.all_text_contents()):
            break
        tiles = page.locator(".pg-board svg.trois-ombres:visible .pg-target")
        turn_back = page.locator(".pg-turn-back")
        if turn_back.count():
            turn_back.click()
        elif tiles.count():
            tiles.first.click()
        else:
            page.locator(".pg-buttons button:enabled").last.click()
    else:
        raise AssertionError("p0's turn did not come back")
    assert [chip for chip in chips.all() if chip.is_visible()] == [], chips.all_inner_texts()
    assert chips.count() >= 2 and page.locator(".pg-memory-note").inner_text() == said[1]
    OUTPUT.mkdir(exist_ok=True)
    shot = f"{edition.replace('/', '-')}-{width}.png"
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-next-turn{shot}"), full_page=True)
    # Allison (p2) looks at C2, which every player saw before.
    state = game.initial_state(rules)
    state = replace(game.apply(state, game.sample_chance(state, rules, Random(7)), rules).state, current=2)
    for action in ("roll", "die R"):
        state = game.apply(state, game.parse_action(action), rules).state
    tile = state.cell("C2").tile
    text = game.format_state(state).replace(" current=2", "".join(f" seen{p}=C2:{tile}" for p in range(4))
                                            + " current=2")
    page = visit.open(edition + "/playground/?game=trois-ombres&seat=oracle:2&position="
                      + quote(game.format_state(game.parse_state(text))))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    chip = page.locator(f".pg-view dd[data-field='seen'] [data-item='C2 {tile}']")
    assert chip.count() == 1 and not chip.is_visible()  # seen before this turn: hidden in Memory mode
    page.locator(".pg-board svg.trois-ombres:visible [data-loc='C2'].pg-target").click()
    page.wait_for_function("() => !document.querySelector('.pg-skip-look')")
    assert chip.is_visible() and chip.locator(".pg-secret").inner_text() == said[2], chip.inner_text()
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-look-seen{shot}"), full_page=True)
    visit.assert_clean()


@pytest.mark.parametrize(("edition", "width"), [("", WIDTHS[0]), ("/fr", WIDTHS[1])])
def test_a_ringed_empty_slot_takes_a_click_in_its_middle(browser: Any, base_url: str, edition: str,
                                                         width: int) -> None:
    """After a pair, the trap is hidden by a click on a ringed empty slot: a real click in the middle of the slot
    (drawn as an outline only) hides it there, not only a click on the outline."""
    state = dealt("trois-ombres", ("roll", "die R", "reveal R1", "reveal R7"))  # 3h and 3h: a pair
    visit = Visit(browser, base_url, width)
    page = visit.open(edition + "/playground/?game=trois-ombres&seat=0&position=" + quote(state))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    page.locator(".pg-buttons button").first.click()  # the 3ID card the pair draws
    slot = page.locator(".pg-board svg.trois-ombres:visible .pg-target[data-pick^='trap ']").first
    assert slot.locator("rect.slot").count() == 1  # an empty slot, drawn as an outline
    before = page.locator(".pg-position").input_value()
    slot.click(timeout=5_000)  # Playwright clicks the middle, and waits while another element would take it
    page.wait_for_function("(s) => document.querySelector('.pg-position').value !== s", arg=before)
    assert page.locator(".pg-refused").count() == 0
    visit.assert_clean()


def _zacahire_with_the_loupe() -> Any:
    """Zacahire's turn, the die showing the Réverbère: four tiles bear a clue, so he may look at two of them (his
    ability), and he holds the Loupe analytique, which looks at any one tile."""
    from dataclasses import replace
    from random import Random

    from oracle.games import load_game

    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    state = game.initial_state(rules)
    state = game.apply(state, game.sample_chance(state, rules, Random(7)), rules).state
    clued = {"R2": 0, "C1": 1, "P2": 2, "G4": 0}
    board = tuple((loc, replace(cell, clue=clued[loc]) if loc in clued else cell) for loc, cell in state.board)
    reserve = tuple(n - list(clued.values()).count(p) for p, n in enumerate(state.reserve))
    deck = list(state.id_deck)
    deck.remove("loupe-analytique")
    state = replace(state, current=3, board=board, reserve=reserve, id_deck=tuple(deck),
                    objets=(None, None, None, "loupe-analytique"))
    state = game.parse_state(game.format_state(state))  # a position the readers accept
    for action in ("roll", "die R"):
        state = game.apply(state, game.parse_action(action), rules).state
    return game, rules, state


@pytest.mark.parametrize(("edition", "width"), [("en", 1280), ("en", 390), ("fr", 1280), ("fr", 390)])
def test_a_look_at_two_tiles_and_the_loupe_analytique_are_clicks_on_ringed_tiles_not_buttons(
        browser: Any, base_url: str, edition: str, width: int) -> None:
    """Zacahire may look at two tiles with a clue, and holds the Loupe analytique (one tile of any): no look is a
    button.  His own look comes first: its four tiles are ringed, and a click marks the first tile and rings the
    three it may pair with; a click on it again unchooses it; a click on a second tile looks at both.  A button
    switches to the Loupe, whose tiles are then ringed, one click a look; and the key rings them as the page does
    (legend.py, ringed)."""
    from oracle.games.trois_ombres.pictures.legend import ringed

    game, rules, state = _zacahire_with_the_loupe()
    legal = [game.format_action(a) for a in game.legal_actions(state, rules)]
    pairs = {frozenset(a.split()[2:]) for a in legal if a.startswith("peek zacahire ")}
    clued = sorted({tile for pair in pairs for tile in pair})
    loupe = sorted(a.split()[-1] for a in legal if a.startswith("use loupe-analytique "))
    assert len(clued) == 4 and len(pairs) == 6 and len(loupe) > 20 and sorted(ringed(legal)) == clued
    said = {"en": ("Before you reveal, you may look secretly at two tiles (Zacahire's ability): click a ringed tile, "
                   "then another, or skip the look.",
                   "{} chosen (its ring solid): click a second ringed tile to look at secretly (Zacahire's ability)",
                   "Look with the Loupe analytique instead",
                   "Before you reveal, you may look secretly at one tile (the Loupe analytique): click a ringed tile, "
                   "or skip the look.", "Look with Zacahire's ability instead"),
            "fr": ("Avant de dévoiler, vous pouvez regarder deux tuiles en secret (la capacité de Zacahire) : "
                   "cliquez une tuile cerclée, puis une autre, ou renoncez à regarder.",
                   "{} choisie (son cercle plein) : cliquez une seconde tuile cerclée à regarder en secret (la "
                   "capacité de Zacahire)",
                   "Regarder plutôt avec la Loupe analytique",
                   "Avant de dévoiler, vous pouvez regarder une tuile en secret (la Loupe analytique) : cliquez une "
                   "tuile cerclée, ou renoncez à regarder.", "Regarder plutôt avec la capacité de Zacahire")}[edition]
    visit = Visit(browser, base_url, width)
    page = visit.open(("/fr" if edition == "fr" else "") + "/playground/?game=trois-ombres&seat=3&position="
                      + quote(game.format_state(state)))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    looks = ".pg-buttons button[data-pick^='peek'], .pg-buttons button[data-pick^='use loupe'], " \
            ".pg-buttons button[data-pick^='reveal']"

    def ringed_now() -> list[str]:
        return sorted(loc for loc, _, _ in page.evaluate(RINGED_SLOTS))

    def tile(loc: str) -> Any:
        return page.locator(f".pg-board svg.trois-ombres:visible [data-loc='{loc}']")

    assert page.locator(looks).count() == 0, page.locator(".pg-buttons button").all_inner_texts()
    assert ringed_now() == clued
    assert page.locator(".pg-do strong").inner_text() == said[0]
    table_legend(page, edition, {"ringed"})
    first = clued[0]
    tile(first).click()
    partners = sorted(t for pair in pairs if first in pair for t in pair if t != first)
    picked = page.locator(".pg-board svg.trois-ombres:visible .pg-picked")
    assert ringed_now() == sorted([first, *partners]) and picked.count() == 1
    assert tile(first).get_attribute("class").split().count("pg-picked") == 1
    assert page.locator(".pg-do strong").inner_text().startswith(said[1].format(first))
    assert page.locator(looks).count() == 0
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-look-two-{edition}-{width}.png"), full_page=True)
    tile(first).click()  # unchosen: the four are ringed again, nothing played
    assert ringed_now() == clued and picked.count() == 0
    assert page.locator(".pg-position").input_value() == game.format_state(state)
    # The Loupe instead: its tiles ringed, one click a look; and back.
    page.locator(".pg-look-instead").click()
    assert ringed_now() == loupe and page.locator(".pg-do strong").inner_text() == said[3]
    assert page.locator(".pg-look-instead").inner_text() == said[4] and page.locator(looks).count() == 0
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-loupe-{edition}-{width}.png"), full_page=True)
    page.locator(".pg-look-instead").click()
    assert ringed_now() == clued
    tile(first).click()
    second = partners[-1]
    tile(second).click()
    after = next(game.apply(state, game.parse_action(a), rules).state for a in legal
                 if a.startswith("peek zacahire ") and set(a.split()[2:]) == {first, second})
    page.wait_for_function("(s) => document.querySelector('.pg-position').value === s", arg=game.format_state(after))
    for loc in (first, second):
        page.locator(f".pg-view .pg-private [data-item='{loc} {state.cell(loc).tile}']").wait_for(state="attached")
    # His ability is spent; the Loupe's look is next, its tiles ringed.
    assert ringed_now() == loupe and page.locator(".pg-look-instead").count() == 0
    assert page.locator(looks).count() == 0
    visit.assert_clean()


@pytest.mark.parametrize(("edition", "width"), [("en", 1280), ("fr", 390)])
def test_a_hallucination_swap_is_said_first_when_the_reader_goes_on(
        browser: Any, base_url: str, edition: str, width: int) -> None:
    """Under Hallucination two tiles that do not pair swap places before going face down
    (OMBRES.LIMBES.HALLUCINATION): after **Go on**, what to do opens with the swap, in sight, above the table."""
    from dataclasses import replace

    from oracle.games import load_game
    from oracle.games.trois_ombres.state import Curse

    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    state = replace(game.parse_state(dealt("trois-ombres")), curses=(Curse("hallucination", 1, fresh=False),))
    for action in ("roll", "die loupe"):
        state = game.apply(state, game.parse_action(action), rules).state
    suspects = [(loc, cell.tile) for loc, cell in state.board if cell.tile[-1:] in ("n", "h")]
    first = suspects[0]
    second = next(s for s in suspects[1:] if s[1] != first[1])
    visit = Visit(browser, base_url, width)
    page = visit.open(("/fr" if edition == "fr" else "") + "/playground/?game=trois-ombres&seat=0&position="
                      + quote(game.format_state(state)))
    page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=90_000)
    for loc, _ in (first, second):
        page.locator(f".pg-board svg.trois-ombres:visible [data-loc='{loc}']").click()
    page.locator(".pg-turn-back").click()
    said = {"en": f"Hallucination: {first[0]} and {second[0]} swapped places. No pair. ",
            "fr": f"Hallucination : {first[0]} et {second[0]} ont échangé leur place. Pas de paire. "}[edition]
    assert prompt(page).startswith(said), prompt(page)
    top, bottom, lieu, header, screen = page.evaluate(DOING_AND_LIEUX)
    assert top < lieu and header - 1 <= top and bottom <= screen + 1, "the swap is said out of sight"
    assert [page.evaluate(SLOT_LABEL, loc) for loc, _ in (first, second)] == ["?", "?"]
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"site-playground-ombres-hallucination-{edition}-{width}.png"))
    visit.assert_clean()


def test_the_3_ombres_lessons_count_the_box_as_the_oracle_deals_it(site: Path) -> None:
    """Both lessons list every setup parameter with the oracle's default, the counts a dealt table holds
    (suspects, tiles dealt, suspects to clear) and a line for each character; and say why the Rouage is G."""
    from dataclasses import fields
    from random import Random

    from oracle.games import load_game
    from oracle.games.trois_ombres.components import Setup

    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    table = game.initial_state(rules)
    table = game.apply(table, game.sample_chance(table, rules, Random(1)), rules).state
    defaults = {f.name.replace("_", "-"): str(getattr(Setup(), f.name)) for f in fields(Setup)}
    for folder in ("", "fr/"):
        page = (site / folder / "trois-ombres" / "index.html").read_text(encoding="utf-8")
        rows = dict(re.findall(r'<tr data-parameter="([a-z-]+)" data-default="(\d+)">', page))
        assert rows == defaults, (folder, rows)
        for name, value in defaults.items():
            row = re.search(rf'<tr data-parameter="{name}"[^>]*><td>[^<]*</td><td><strong>(\d+)</strong>', page)
            assert row is not None and row.group(1) == value, (folder, name)
        characters = re.search(r'<tr data-parameter="characters".*?</tr>', page, re.S)
        assert characters is not None
        said = [int(n) for n in re.findall(r"\b(\d+)\b", html.unescape(re.sub(r"<[^>]+>", " ", characters.group(0))))]
        assert {2 * table.characters, len(table.board), table.to_clear} <= set(said), (folder, said)
        suspects = re.findall(r'<tr data-character="(\d+)">', page)
        assert suspects == [str(c) for c in range(1, table.characters + 1)], (folder, suspects)
        assert "<em>gear</em>" in page, folder
