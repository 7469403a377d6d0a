"""The site's playground engine (run in the browser by Pyodide, here by CPython),
the step-by-step replay it shows, and the bundle the site build writes."""

from __future__ import annotations

import gzip
import json
import random
import re
import shutil
import subprocess
import zipfile
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest

from oracle.games import GAMES, load_game
from oracle.games.ttykm.game import GAME
from oracle.games.ttykm.notation import format_position, parse_position, parse_turn
from oracle.games.ttykm.pictures.steps import positions_through
from oracle.games.ttykm.play import PLAY
from oracle.games.ttykm.rules.standard import apply_turn, legal_turns
from oracle.games.ttykm.ruleset import STANDARD
from oracle.games.ttykm.state import COPIES_PER_PLAYER, Position, check_position
from oracle.games.ttykm.turn import Turn
from oracle.tools.site import bundle
from oracle.tools.site.bundle import PYODIDE_FILES, MissingPyodide, oracle_zip, pyodide_dir
from oracle.tools.site.playground import games, in_french, playable, playable_games, view, view_json
from tests.conftest import ROOT
from tests.positions import random_playout_position, random_position

START = format_position(Position.start())


def sample_turns(seed: int, count: int) -> list[tuple[Position, Turn]]:
    rng = random.Random(seed)
    found: list[tuple[Position, Turn]] = []
    while len(found) < count:
        position = random_position(rng, dense=rng.random() < 0.5) if rng.random() < 0.5 else \
            random_playout_position(rng, rng.randrange(12))
        if position.to_move is None:
            continue
        turns = legal_turns(position, STANDARD)
        if turns:
            found.append((position, rng.choice(turns)))
    return found


def test_replaying_the_events_step_by_step_ends_on_the_oracle_position() -> None:
    for position, turn in sample_turns(5, 150):
        applied = apply_turn(position, turn)
        steps = positions_through(position, applied.events)
        assert len(steps) == len(applied.events)
        assert steps[-1] == applied.position


def test_the_picks_of_every_legal_turn_make_that_turn_again() -> None:
    for position, turn in sample_turns(9, 150):
        picks = PLAY.picks_of(position, turn)
        assert PLAY.action_of(position, picks) == turn
        for n in range(1, len(picks)):  # every prefix is legal so far
            partial = PLAY.action_of(position, picks[:n])
            assert isinstance(partial, Turn)
            assert GAME.explain(position, partial, STANDARD).status == "legal so far"


def test_a_turn_played_by_clicks_is_the_oracle_turn() -> None:
    answer = view({"game": "ttykm", "picks": []})
    assert answer["targets"] == ["past:a1"] and answer["legal_count"] == 16 and answer["mover"] == "White"
    picks: list[str] = []
    for pick in ("past:a1", "past:a2", "past:b2"):
        picks.append(pick)
        answer = view({"game": "ttykm", "state": START, "picks": picks})
        assert answer["verdict"] is None and answer["picks"] == picks
    assert [b["pick"] for b in answer["buttons"] if b["leads_on"]] == ["focus:present", "focus:future"]
    answer = view({"game": "ttykm", "state": START, "picks": [*picks, "focus:present"]})
    expected = apply_turn(Position.start(), parse_turn("a1 N E >present"))
    assert answer["state"] == format_position(expected.position) and answer["picks"] == []
    assert answer["mover"] == "Black"
    assert answer["applied"]["action"] == "a1 N E >present"
    assert [s["text"] for s in answer["applied"]["steps"]][1] == (
        "The white copy moves north from square a1 of the past to a2.")
    assert len(answer["applied"]["steps"]) == len(expected.events)


@pytest.mark.parametrize(("picks", "rule"), [
    (["present:a1"], "TURN.COPY-CHOICE"),
    (["past:a1", "past:a3"], "ACTION.KINDS"),
    (["past:a1", "past:a2", "focus:present"], "TURN.ACTION-COUNT"),
    (["past:a1", "past:a2", "past:b2", "focus:past"], "FOCUS.MOVE"),
])
def test_an_illegal_click_gets_the_oracle_verdict_and_is_dropped(picks: list[str], rule: str) -> None:
    answer = view({"game": "ttykm", "state": START, "picks": picks})
    assert answer["verdict"]["rule"] == rule and answer["verdict"]["status"] == "illegal"
    assert answer["picks"] == picks[:-1] and answer["state"] == START


def test_a_whole_action_is_played_or_refused_as_if_clicked() -> None:
    played = view({"game": "ttykm", "state": START, "action": "a1 N E >present"})
    assert played["applied"]["action"] == "a1 N E >present"
    refused = view({"game": "ttykm", "state": START, "action": "a1 W E >present"})
    assert refused["verdict"]["rule"] == "MOVE.WALL" and refused["state"] == START
    blocked = view({"game": "ttykm", "state": START, "action": "a1 F E >present"})
    assert blocked["verdict"]["rule"] == "TRAVEL.FORWARD" and blocked["picks"] == []
    assert 'class="arrow attempt"' in blocked["svg_row"]  # the refused turn is drawn as attempted


def test_the_position_editor_keeps_positions_valid() -> None:
    rng = random.Random(4)
    state = Position.start()
    for _ in range(200):
        cell = f"{rng.choice(['past', 'present', 'future'])}:{rng.choice('abcd')}{rng.choice('1234')}"
        state = PLAY.edit(state, cell)
        check_position(state)
        for colour in (0, 1):
            assert state.copies[colour].bit_count() + state.supply[colour] + state.removed[colour] == \
                COPIES_PER_PLAYER
    once = parse_position(view({"game": "ttykm", "state": START, "edit": "past:b2"})["state"])
    assert once.occupant(5) is not None and once.supply == (3, 4)  # past b2 is cell 5


def test_bad_input_is_one_error_line() -> None:
    assert "error" in view_json('{"game": "ttykm", "state": "nonsense"}')
    assert "unknown game" in view_json('{"game": "chess"}')


def test_games_with_a_playground() -> None:
    assert playable("ttykm") is PLAY and playable("chess") is None
    assert {"name": "ttykm", "title": "That Time You Killed Me"} in playable_games()


def test_the_oracle_zip_is_reproducible_and_holds_the_playground() -> None:
    first = oracle_zip(ROOT)
    assert first == oracle_zip(ROOT)
    names = zipfile.ZipFile(BytesIO(first)).namelist()
    assert "oracle/tools/site/playground.py" in names and "oracle/games/ttykm/play.py" in names
    assert all(name.endswith(".py") for name in names)


def test_a_missing_pyodide_package_says_how_to_get_it(tmp_path: Path) -> None:
    with pytest.raises(MissingPyodide, match="npm ci"):
        pyodide_dir(tmp_path)


def test_the_snapshot_is_made_by_node_once_and_then_reused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in PYODIDE_FILES:
        (tmp_path / "node_modules" / "pyodide").mkdir(parents=True, exist_ok=True)
        (tmp_path / "node_modules" / "pyodide" / name).write_text("{}")
    runs: list[list[str]] = []

    def node(command: list[str], **_: object) -> subprocess.CompletedProcess[str]:
        runs.append(command)
        Path(command[-1]).write_bytes(b"memory of " + Path(command[-2]).read_bytes())
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(MissingPyodide, match=r"needs Node\.js"):
        bundle.snapshot(tmp_path, b"zip 1")
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/node")
    monkeypatch.setattr(subprocess, "run", node)
    first = bundle.snapshot(tmp_path, b"zip 1")
    assert gzip.decompress(first) == b"memory of zip 1" and len(runs) == 1
    assert bundle.snapshot(tmp_path, b"zip 1") == first and len(runs) == 1  # from the cache
    assert gzip.decompress(bundle.snapshot(tmp_path, b"zip 2")) == b"memory of zip 2" and len(runs) == 2


def test_every_chapter_plays_by_clicks_through_the_same_mechanism() -> None:
    """Each TTYKM ruleset: the picks of every legal turn make that turn again; chapter actions are buttons."""
    buttons: set[str] = set()
    for ruleset in GAME.rulesets():
        rules = GAME.parse_rules(ruleset, None)
        state = GAME.initial_state(rules)
        for turn in GAME.legal_actions(state, rules):
            picks = PLAY.picks_of(state, turn)
            assert PLAY.action_of(state, picks) == turn
            buttons.update(p for p in picks if PLAY.is_button(p) and not p.startswith("focus:"))
    assert {"act:Pa1", "act:Ba1"} <= buttons  # Growth plants, Influence builds
    answer = view({"game": "ttykm", "rules": "growth", "picks": ["past:a1", "past:a2"]})
    plants = [b for b in answer["buttons"] if b["pick"].startswith("act:")]
    assert {"pick": "act:Pa1", "label": "Plant a1", "leads_on": True} in plants
    played = view({"game": "ttykm", "rules": "growth", "picks": ["past:a1", "past:a2", "act:Pa1", "focus:present"]})
    assert played["applied"]["action"] == "a1 N Pa1 >present"
    refused = view({"game": "ttykm", "rules": "growth", "picks": ["past:a1", "act:Pa3"]})
    assert refused["verdict"]["rule"] == "GROWTH.REACH" and refused["picks"] == ["past:a1"]


@pytest.mark.parametrize(("rules", "picks", "kind"), [("growth", ["past:a1", "act:Pa1"], "plant"),
                                                      ("influence", ["past:a1", "past:a2", "act:Ba1"], "build")])
def test_a_chapter_action_so_far_is_drawn_in_its_own_colour(rules: str, picks: list[str], kind: str) -> None:
    """The turn so far on the board: an aimed action is drawn as itself (its legend's swatch), not as a move."""
    answer = view({"game": "ttykm", "rules": rules, "picks": picks})
    assert answer["picks"] == picks and answer["verdict"] is None
    kinds = re.findall(r'<g class="arrow (\w+)"', answer["svg_row"])
    assert kinds == ([kind] if len(picks) == 2 else ["move", kind]), kinds


def test_the_turn_so_far_is_drawn_where_the_copy_now_stands() -> None:
    """After a click that moves the copy, the board is the position the actions so far leave: the copy on
    its new square, highlighted there, with the arrow of its move."""
    from oracle.games.ttykm.pictures.svg import board_svg

    moved = view({"game": "ttykm", "picks": ["past:a1", "past:a2"]})
    assert re.findall(r'class="highlight" data-cell="([a-z:0-9]+)"', moved["svg_row"]) == ["past:a2"]
    assert re.findall(r'<g class="arrow (\w+)"[^>]*data-from="past:a1" data-to="past:a2"', moved["svg_row"]) == ["move"]
    copies = re.compile(r'<circle cx="([0-9.]+)" cy="([0-9.]+)"[^>]*class="copy white"')
    north = parse_position(format_position(Position.start()).replace("3b/4/4/w3|", "3b/4/w3/4|", 1))
    assert copies.findall(moved["svg_row"]) == copies.findall(board_svg(north, layout="row"))
    assert copies.findall(moved["svg_row"]) != copies.findall(board_svg(Position.start(), layout="row"))


def test_the_chooser_lists_every_game_and_ruleset_of_the_registry() -> None:
    listed = {g["name"]: g for g in games()}
    assert list(listed) == list(GAMES)
    assert listed["ttykm"]["rulesets"] == list(GAME.rulesets()) and listed["ttykm"]["mode"] == "board"
    assert listed["time-chase"]["mode"] == listed["trois-ombres"]["mode"] == "list"


@pytest.mark.parametrize("name", [name for name in GAMES if playable(name) is None])
def test_a_game_without_a_board_is_played_from_its_legal_actions(name: str) -> None:
    game = load_game(name)
    rules = game.parse_rules(None, None)
    answer = view({"game": name})
    assert answer["mode"] == "list" and game.format_state(game.initial_state(rules)) == answer["state"]
    for _ in range(6):  # the deal, then whatever comes: every button is a legal action, sealed choice or draw
        state = game.parse_state(answer["state"])
        mover = game.to_act(state)
        if mover.kind == "over":
            break
        pick = answer["buttons"][0]["pick"]
        if mover.kind == "player":
            assert [b["pick"] for b in answer["buttons"]] == [
                game.format_action(a) for a in game.legal_actions(state, rules)][:len(answer["buttons"])]
        following = view({"game": name, "state": answer["state"], "picks": [*answer["picks"], pick]})
        assert following["verdict"] is None
        if following["applied"]:
            action = game.parse_action(following["applied"]["action"])
            after = game.apply(state, action, rules).state
            for then in following["applied"].get("then", []):  # a draw, or only choices, played at once after it
                after = game.apply(after, game.parse_action(then), rules).state
            assert game.format_state(after) == following["state"]
        answer = following
    start = view({"game": name})["state"]
    first = game.to_act(game.parse_state(start))
    if first.kind == "chance":  # a deal: drawn from a seed, the same each time
        played = view({"game": name, "state": start, "picks": ["chance"]})
        assert played["state"] == view({"game": name, "state": start, "picks": ["chance"]})["state"]
        again = played["applied"]["action"]  # a deal, dealt twice
    else:
        before = game.parse_state(start)
        legal = game.legal_actions(before, rules)
        played = view({"game": name, "state": start, "action": game.format_action(legal[0])})
        after = game.parse_state(played["state"])
        again = next((game.format_action(a) for a in legal if game.explain(after, a, rules).status == "illegal"), None)
    if again is not None:
        refused = view({"game": name, "state": played["state"], "action": again})
        assert refused["verdict"]["status"] == "illegal" and refused["state"] == played["state"]
    assert "error" in json.loads(view_json(json.dumps({"game": name, "state": played["state"], "action": "~"})))


def test_a_card_game_seat_sees_its_own_hand_and_no_other() -> None:
    """Time Chase, hot seat: after the deal the forced bids are played at once and p0 leads, with their
    own view, read from Game.observe; another player's cards are in neither the view nor the table's
    picture.  In round 2 each bidder in turn seals a bid, unseen."""
    game = load_game("time-chase")
    start = view({"game": "time-chase"})
    assert start["view"] is None and [s["player"] for s in start["seats"]] == [0, 1, 2, 3]
    dealt = view({"game": "time-chase", "state": start["state"], "picks": ["chance"]})
    state = game.parse_state(dealt["state"])
    hands = [game.observe(state, p)["hand"] for p in range(4)]
    assert dealt["chooser"] == "p0" and dealt["view"]["seat"] == 0 and dealt["kind"] == "player"
    assert {"field": "hand", "items": hands[0]} in dealt["view"]["private"]
    # The others' hands as p0 sees them: counted, not listed, and p0's own cards not a second time.
    assert {"field": "hands", "others": [{"name": f"p{p}", "hidden": 10} for p in (1, 2, 3)]} \
        in dealt["view"]["private"]
    shown = json.dumps(dealt["view"]) + dealt["table"] + json.dumps(dealt["buttons"])
    for other in hands[1:]:
        for card in other:
            assert not re.search(rf"(?<![\w]){card}(?![\w])", shown), f"{card} of another hand is shown to p0"
    assert dealt["svg_row"] == "" and dealt["fields"] is None  # the umpire's pictures (every hand) are not a seat's
    # Each card of the hand is once a control: the legal ones are buttons; p1, who follows, holds others that
    # may not be played, each with the oracle's reason (the suit to follow); a seat that does not act, none.
    assert set(dealt["view"]["cards"]) == set() and {b["pick"] for b in dealt["buttons"]} == set(hands[0])
    led = view({"game": "time-chase", "state": dealt["state"], "picks": [dealt["buttons"][0]["pick"]], "seat": "1"})
    legal = {b["pick"] for b in led["buttons"]}
    after = game.parse_state(led["state"])
    refused = {card: game.explain(after, game.parse_action(card), game.parse_rules(None, None))
               for card in hands[1] if card not in legal}
    assert refused and led["view"]["cards"] == {card: {"status": "illegal", "reason": v.reason, "rule": v.rule}
                                                for card, v in refused.items()}
    assert {v.rule for v in refused.values()} == {"TC.FOLLOW"}
    french = json.loads(view_json(json.dumps({"game": "time-chase", "state": led["state"], "seat": "1", "lang": "fr"})))
    assert all(why["reason"].startswith("p1 doit fournir la couleur de ") for why in french["view"]["cards"].values())
    waiting = view({"game": "time-chase", "state": led["state"], "seat": "2"})
    assert waiting["buttons"] == [] and waiting["view"]["cards"] == {card: {} for card in hands[2]}
    # Round 2: p0 seals a bid: p1 is next, and sees p1's own hand; p0's choice stays in the picks, unseen.
    answer = dealt
    while answer["kind"] != "simultaneous":
        answer = view({"game": "time-chase", "state": answer["state"], "picks": [answer["buttons"][0]["pick"]]})
    assert answer["applied"].get("forced") is None and answer["chooser"] == "p0"
    state = game.parse_state(answer["state"])
    bid = view({"game": "time-chase", "state": answer["state"], "picks": [answer["buttons"][-1]["pick"]]})
    assert bid["chooser"] == "p1" and {"field": "hand", "items": game.observe(state, 1)["hand"]} \
        in bid["view"]["private"]
    assert bid["applied"] is None and answer["buttons"][-1]["words"]["en"].startswith("Bid 2 crystals: go back to")
    # A seat chosen alone sees its view, and acts only on its own turn.
    watching = view({"game": "time-chase", "state": dealt["state"], "seat": "2"})
    assert watching["view"]["seat"] == 2 and watching["buttons"] == []
    # Nor does it type for another: p0's card, typed in p2's seat, is neither played nor judged (its verdict
    # would tell p2 what p0 holds).
    typed = view({"game": "time-chase", "state": dealt["state"], "seat": "2", "action": hands[0][0]})
    assert typed["state"] == dealt["state"] and typed["applied"] is None and typed["verdict"] is None
    # The umpire sees every seat's hand, the cards of the seat to act its buttons.
    umpire_hands = view({"game": "time-chase", "state": dealt["state"], "seat": "umpire"})["hands"]
    assert [[f.get("items") for f in h["private"] if "items" in f] for h in umpire_hands] == [[h] for h in hands]
    umpire = view({"game": "time-chase", "state": dealt["state"], "seat": "umpire"})
    assert umpire["view"] is None and all(card in umpire["svg_row"] for hand in hands for card in hand)
    assert dict(umpire["fields"])["hands"] == hands


def test_forced_bids_are_played_at_once_and_every_player_is_told_what_happened() -> None:
    """Time Chase: in round 1 nobody holds a crystal, so every bid is 0: the deal is followed by the bids at
    once; the events every player saw are in words, in French too (as the lessons say them)."""
    from oracle.tools.site.french import translate_event

    dealt = view({"game": "time-chase", "picks": ["chance"]})
    applied = dealt["applied"]
    assert applied["forced"] == "bids 0,0,0,0" and applied["action"].startswith("deal ")
    # What was played, for whom and why, in words: not "nobody had a choice" before anybody did anything.
    assert applied["forced_words"] == {
        "en": "Round 1: nobody has crystals yet, so everyone's bid of 0 was sealed for them.",
        "fr": "Manche 1 : personne n'a encore de cristal, donc la mise de 0 de chacun a été scellée pour lui."}
    assert applied["events"][-1] == "bids 0,0,0,0"
    # Nobody is told who starts: the first player is drawn (rulings SU-6), and the deal says so.
    assert applied["public"][0].startswith("the cards are dealt: p0 is drawn as first player,")
    assert applied["public"][-1] == "the bids are revealed: p0 0, p1 0, p2 0, p3 0"
    assert [s["text"] for s in applied["steps"]] == applied["sentences"] == applied["public"]
    french = json.loads(view_json(json.dumps({"game": "time-chase", "picks": ["chance"], "lang": "fr"})))["applied"]
    assert french["public"] == [translate_event(text) for text in applied["public"]]
    assert french["public"][-1] == "les mises sont révélées : p0 0, p1 0, p2 0, p3 0"
    assert french["public"][0].startswith("les cartes sont distribuées : p0 est tiré au sort comme premier joueur,")
    assert [s["text"] for s in french["steps"]] == french["public"]
    # The note says the round, the trump and what p0 may play; a trick's end says who won it, in words.
    assert dealt["note"]["en"].startswith("Round 1 of 10: trump is ") and "p0 plays at event 1 and leads" in \
        dealt["note"]["en"]
    # What to do, alone, for the status line: the phase's instruction, then where to play and what to follow.
    assert dealt["note"]["en-do"] == "Play a card from your hand. p0 plays at event 1 and leads: any card."
    assert dealt["note"]["fr-do"] == "Jouez une carte de votre main. " + dealt["note"]["fr"].split("\n")[-1]
    answer = dealt
    for _ in range(4):
        answer = view({"game": "time-chase", "state": answer["state"], "picks": [answer["buttons"][0]["pick"]]})
    assert any(re.fullmatch(r"p\d puts a token on event 1", text) for text in answer["applied"]["public"])
    assert "each player bids in secret" in answer["note"]["en"] and "chacun mise en secret" in answer["note"]["fr"]
    assert answer["note"]["en-do"].startswith("Bid in secret: each crystal you spend takes your pawn back")
    assert answer["note"]["fr-do"].startswith("Misez en secret : chaque cristal dépensé")


def test_the_card_games_offer_their_numbers_of_players() -> None:
    counts = {entry["name"]: entry["players"] for entry in games()}
    assert counts == {"ttykm": [], "time-chase": [3, 4, 5, 6], "trois-ombres": [2, 3, 4]}
    assert [s["player"] for s in view({"game": "time-chase", "rules": "players=5"})["seats"]] == [0, 1, 2, 3, 4]


def test_a_seat_view_is_the_observation_of_that_seat() -> None:
    """3 ombres: the view lists every field of Game.observe for the seat, private ones first."""
    game = load_game("trois-ombres")
    answer = view({"game": "trois-ombres"})
    answer = view({"game": "trois-ombres", "state": answer["state"], "picks": ["chance"]})
    state = game.parse_state(answer["state"])
    seat = answer["view"]["seat"]
    seen = game.observe(state, seat)
    others = [game.observe(state, p) for p in range(4) if p != seat]
    listed = {f["field"] for f in answer["view"]["private"]}
    assert listed == {key.replace("_", " ") for key in seen if key not in ("player", "view")
                      and any(o[key] != seen[key] for o in others)}
    assert "public" not in answer["view"]  # what everybody sees is the picture, and the umpire's table
    umpire = view({"game": "trois-ombres", "state": answer["state"], "seat": "umpire"})
    assert [name for name, _ in umpire["fields"]] == [key.replace("_", " ") for key in game.state_to_json(state)]
    assert "<svg" in answer["view"]["picture"]  # the table as everybody sees it
    rolled = view({"game": "trois-ombres", "state": answer["state"], "action": "roll", "seat": "umpire"})
    assert rolled["kind"] == "chance" and rolled["buttons"][0]["pick"] == "chance"  # or a listed die face
    assert any(b["pick"].startswith("die ") for b in rolled["buttons"])


def test_the_convergence_draw_is_chance_and_can_be_drawn_at_random() -> None:
    answer = view({"game": "ttykm", "rules": "convergence"})
    assert answer["kind"] == "chance" and answer["mover"] == "Nobody"
    assert [b["pick"] for b in answer["buttons"]][-1] == "chance"
    drawn = view({"game": "ttykm", "rules": "convergence", "picks": ["chance"]})
    assert drawn["applied"]["action"].startswith("draw ") and drawn["kind"] == "player"
    again = view({"game": "ttykm", "rules": "convergence", "picks": ["chance"]})
    assert again["state"] == drawn["state"]  # a seeded draw: the same position draws the same pair


def test_a_chapter_turn_is_replayed_phase_by_phase_with_pictures() -> None:
    played = view({"game": "ttykm", "rules": "growth", "picks": ["past:a1", "past:a2", "act:Pa1", "focus:present"]})
    steps = played["applied"]["steps"]
    assert [s["text"].split(":")[0] for s in steps] == [
        "Action 1 (N) in the past", "Action 2 (Pa1) in the past", "The Focus moves to the present"]
    assert all("<svg" in s["svg_row"] and "<svg" in s["svg_column"] for s in steps)
    assert "plants a seed" in steps[1]["text"]


def test_refusals_are_in_words_and_a_refused_typed_turn_is_drawn() -> None:
    jump = view({"game": "ttykm", "state": START, "picks": ["past:a1", "past:c3"]})
    assert jump["verdict"]["reason"] == (
        "c3 of the past is neither next to a1 of the past nor the same square one era away")
    assert PLAY.reason_text("the copy on past a1 must take 2 actions; after N it can still take N") == (
        "the copy on past a1 must take 2 actions; after a move north it can still take a move north")
    off = view({"game": "ttykm", "state": START, "action": "a1 W N >present"})
    assert off["verdict"]["rule"] == "MOVE.WALL"
    assert 'class="arrow attempt"' in off["svg_row"] and 'class="arrow attempt"' in off["svg_column"]


def test_a_seat_view_is_in_words_and_the_umpire_sees_every_tile() -> None:
    """3 ombres: the tiles the seat has seen, by slot, never as JSON; the umpire's picture names every
    face-down tile, a seat's draws it as a back; both pictures come for a wide screen and a phone."""
    game = load_game("trois-ombres")
    answer = view({"game": "trois-ombres"})
    answer = view({"game": "trois-ombres", "state": answer["state"], "picks": ["chance"]})
    for action in ("roll", "die loupe", "reveal R1"):
        answer = view({"game": "trois-ombres", "state": answer["state"], "action": action, "seat": "0"})
    fields = {f["field"]: f for f in answer["view"]["private"]}
    tile = game.observe(game.parse_state(answer["state"]), 0)["seen"][0]["R1"]
    assert fields["seen"] == {"field": "seen", "items": [f"R1 {tile}"]}  # p0's own, not the others' "none"
    words = [w for f in fields.values() for w in f.get("items", [f.get("text")])]
    assert all(isinstance(w, str) and not re.search(r'[{}"\[\]]', w) for w in words), "JSON in the view"
    # The table and its key, each a picture of its own, for a wide screen and for a phone.
    pictures = re.findall(r'<svg[^>]*\bclass="([^"]*)"', answer["view"]["picture"])
    assert answer["view"]["picture"].count("<svg") == 4 and sorted(pictures) == [
        "trois-ombres", "trois-ombres key", "trois-ombres key narrow", "trois-ombres narrow"], pictures
    umpire = view({"game": "trois-ombres", "state": answer["state"], "seat": "umpire"})
    faces = re.findall(r'fill="#b9b3d1">([^<]*)<', umpire["table"])  # the labels of face-down tiles
    assert faces and "?" not in faces
    assert set(re.findall(r'fill="#b9b3d1">([^<]*)<', answer["view"]["picture"])) == {"?"}


def test_the_chooser_names_the_ruleset_of_the_position() -> None:
    """A position opened alone (a lesson's link) names its ruleset for the chooser; a Convergence pair
    is the chooser's Convergence."""
    game = load_game("ttykm")
    for ruleset, named in (("influence", "influence"), ("growth+memory", "convergence"), ("standard", "standard")):
        state = game.format_state(game.initial_state(game.parse_rules(ruleset, None)))
        assert view({"game": "ttykm", "state": state})["ruleset"] == named
    assert view({"game": "time-chase"})["ruleset"] == "standard"


def test_the_french_edition_gets_its_pictures_and_steps_in_french() -> None:
    """A request with ``lang`` ``fr``: the pictures' and the replay's words are French, the notation and
    the oracle's state are the same as in English, and a request without it is answered in English."""
    request = {"game": "ttykm", "picks": ["past:a1", "past:a2", "past:b2", "focus:present"]}
    english = json.loads(view_json(json.dumps(request)))
    french = json.loads(view_json(json.dumps({**request, "lang": "fr"})))
    assert english == view(request)
    assert french["state"] == english["state"] and french["applied"]["action"] == english["applied"]["action"]
    assert french["applied"]["events"] == english["applied"]["events"]  # the oracle's events, as it writes them
    assert french["applied"]["steps"][0]["text"] == "Les Blancs choisissent la copie de la case a1 du passé."
    assert english["applied"]["steps"][0]["text"].startswith("White chooses")
    assert ">Aux Noirs de jouer<" in french["svg_row"] and ">Black to move<" in english["svg_row"]
    dealt = json.loads(view_json(json.dumps({"game": "time-chase", "picks": ["chance"], "lang": "fr"})))
    assert "Manche 1 sur 10" in dealt["view"]["picture"] and "Round 1 of" not in dealt["view"]["picture"]
    # A chance button says which it is, for the page to word it in its own language.
    assert view({"game": "ttykm", "rules": "convergence"})["buttons"][-1]["draw"] is True


def test_3_ombres_speaks_its_buttons_and_die_in_words_and_shows_a_turns_two_tiles_face_up() -> None:
    """Every button of a 3 Ombres turn has English and French words (the notation stays its pick); the die's
    face is said once rolled; the tile that ends a turn is drawn face up beside the first, then the table
    goes on with both face down."""
    game = load_game("trois-ombres")
    answer = view({"game": "trois-ombres"})
    state = view({"game": "trois-ombres", "state": answer["state"], "picks": ["chance"]})["state"]
    board = dict(game.parse_state(state).board)
    first = min(loc for loc in board if loc.startswith("P"))
    second = next(loc for loc, cell in board.items() if loc[0] != "P" and cell.tile != board[first].tile
                  and cell.tile[0].isdigit())
    # Before the roll the status line says what to do, in both languages, not a count of choices.
    opening = view({"game": "trois-ombres", "state": state, "seat": "0"})["note"]
    assert (opening["en-do"], opening["fr-do"]) == ("Roll the die to start your turn.",
                                                    "Lancez le dé pour commencer votre tour.")
    seen: set[str] = set()
    for action in ("roll", "die P", f"reveal {first}"):  # the die's faces to choose from are the umpire's
        answer = view({"game": "trois-ombres", "state": state, "action": action, "seat": "umpire"})
        assert answer["verdict"] is None, action
        for button in answer["buttons"]:
            if button["pick"] != "chance":
                assert set(button["words"]) == {"en", "fr"} and button["words"]["en"] != button["pick"], button
                seen.add(button["pick"].split()[0])
        state = answer["state"]
    assert {"die", "reveal", "reroll"} <= seen
    assert answer["note"]["en"].split("\n") == [
        "p0 is Lucile Finemouche (Tenace: once per turn she may reroll the die).",
        "The die shows the Pentacle: reveal one more tile, of your choice.",
        "p0's clues are red: 4 left, 2 spare.  Objet: none.  Limbes card in force: none."]
    assert answer["note"]["fr"].split("\n")[2] == ("Les Indices de p0 sont rouges : 4 restants, 2 de réserve.  "
                                                   "Objet : aucun.  Carte Limbes en vigueur : aucune.")
    assert answer["note"]["fr"].split("\n")[1].startswith("Le dé montre le Pentacle :")
    assert answer["note"]["en-do"] == "The die shows the Pentacle: reveal one more tile, of your choice."
    played = view({"game": "trois-ombres", "state": state, "action": f"reveal {second}", "seat": "0"})
    assert played["applied"]["events"][-1] == "no pair this turn"
    assert "The die shows" not in played["note"]["en"]  # the reveals are over: the clue step
    moment = played["applied"]["moment"]
    for loc in (first, second):
        group = re.search(rf'<g data-loc="{loc}">(.*?)</g>', moment, re.S)
        assert group is not None and 'fill="#fff"' in group[1], f"{loc} is not drawn face up"
        group = re.search(rf'<g data-loc="{loc}">(.*?)</g>', played["table"], re.S)
        assert group is not None and 'fill="#fff"' not in group[1], f"{loc} is not turned back"


# The playground's messages (docs/javascripts/playground.js, WORDS), read by Node: for each, its languages,
# and for a function its number of arguments, for a table its keys.
MESSAGES_JS = """
const fs = require("fs");
const source = fs.readFileSync(process.argv[1], "utf8");
const start = source.indexOf("const WORDS = {");
const end = source.indexOf("\\n  };\\n", start);
const countedEn = function () { return ""; }, countedFr = countedEn;
const WORDS = eval("(" + source.slice(start + "const WORDS = ".length, end + 4) + ")");
const shape = function (v) {
  return typeof v === "function" ? "function/" + v.length : Array.isArray(v) ? "list/" + v.length
    : v && typeof v === "object" ? "table/" + Object.keys(v).sort().join(",") : typeof v;
};
console.log(JSON.stringify(Object.fromEntries(Object.entries(WORDS).map(function ([key, both]) {
  return [key, Object.fromEntries(Object.entries(both).map(function ([lang, v]) { return [lang, shape(v)]; }))];
}))));
"""

# Tables the English edition leaves empty: it shows the oracle's own names (White, ttykm's title, growth).
NAMES_AS_THE_ORACLE_GIVES_THEM = ("players", "games", "rulesets")


def test_every_playground_message_has_its_english_and_its_french() -> None:
    """One entry a message, with both languages of the same shape; every message the script uses is one."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (the site's build needs it)")
    script = ROOT / "docs" / "javascripts" / "playground.js"
    result = subprocess.run([node, "-e", MESSAGES_JS, str(script)], capture_output=True, text=True, check=True)
    messages = json.loads(result.stdout)
    assert len(messages) > 80
    for key, both in messages.items():
        assert set(both) == {"en", "fr"}, f"the message {key} is not in both languages: {sorted(both)}"
        if key in NAMES_AS_THE_ORACLE_GIVES_THEM:
            assert both["en"] == "table/" and both["fr"].startswith("table/"), key
        else:
            assert both["en"] == both["fr"], f"the message {key} differs in shape: {both}"
    used = set(re.findall(r"\bW\.(\w+)", script.read_text(encoding="utf-8")))
    assert used and used <= set(messages), f"messages used but not written: {sorted(used - set(messages))}"


def test_a_3_ombres_turn_without_a_pair_says_what_comes_next_and_everybody_sees_the_limbes_card() -> None:
    """After a mismatch the note says where a clue may go and that a Limbes card follows; the button that ends
    the clue step says so, before a clue and after one; the Limbes card drawn is among the events every player
    saw (the pass-the-device screen's list)."""
    game = load_game("trois-ombres")
    answer = view({"game": "trois-ombres", "picks": ["chance"]})
    for action in ("roll", "die loupe"):
        answer = view({"game": "trois-ombres", "state": answer["state"], "action": action})
    state = game.parse_state(answer["state"])
    first = state.board[0][0]
    second = next(loc for loc, cell in state.board[1:] if cell.tile != state.cell(first).tile)
    for action in (f"reveal {first}", f"reveal {second}"):
        answer = view({"game": "trois-ombres", "state": answer["state"], "action": action})
    assert answer["applied"]["public"][-1] == "no pair this turn"
    assert answer["note"]["en"].split("\n")[1] == (
        f"No pair. Click {first} or {second} to leave a clue on it (4 left), or go on: a Limbes card is drawn.")
    assert answer["note"]["fr"].split("\n")[1].startswith(f"Pas de paire. Cliquez {first} ou {second} pour y laisser")
    assert [answer["note"][f"{lang}-do"] for lang in ("en", "fr")] == [answer["note"][lang].split("\n")[1]
                                                                       for lang in ("en", "fr")]
    done = {b["pick"]: b["words"] for b in answer["buttons"]}["done"]
    assert done == {"en": "Leave no clue, draw a Limbes card",
                    "fr": "Ne laisser aucun Indice, piocher une carte Limbes"}
    answer = view({"game": "trois-ombres", "state": answer["state"], "action": f"clue {first}"})
    assert {b["pick"]: b["words"] for b in answer["buttons"]}["done"]["en"] == "No more clues, draw a Limbes card"
    assert f"Click {second} to leave a clue on it (3 left)" in answer["note"]["en"]
    answer = view({"game": "trois-ombres", "state": answer["state"], "action": "done"})
    # Chance draws next: its note is what chance does (the status line), with no player's lines.
    assert answer["kind"] == "chance" and answer["note"] == {"en-do": "A Limbes card is drawn.",
                                                             "fr-do": "Une carte Limbes est piochée."}
    drawn = view({"game": "trois-ombres", "state": answer["state"], "picks": ["chance"]})
    assert re.fullmatch(r"p0 draws the Limbes card .+", drawn["applied"]["public"][0]), drawn["applied"]["public"]
    french = json.loads(view_json(json.dumps({"game": "trois-ombres", "state": answer["state"], "picks": ["chance"],
                                              "lang": "fr"})))
    assert french["applied"]["public"][0].startswith("p0 pioche la carte Limbes ")


def test_a_new_game_is_dealt_afresh_and_a_linked_position_draws_the_same() -> None:
    """The page's seed (a fresh one for each new game's click) draws the deal: two seeds, two deals; with no
    seed (a position from a link) the same position draws the same deal each time."""
    for name in ("time-chase", "trois-ombres"):
        deals = {view({"game": name, "picks": ["chance"], "seed": seed})["state"] for seed in range(4)}
        assert len(deals) == 4, name
        assert view({"game": name, "picks": ["chance"]})["state"] == view({"game": name, "picks": ["chance"]})["state"]


def test_a_chance_button_names_its_step_and_draws_at_random_for_the_player() -> None:
    """A chance step's button says what it does (in French too, `oracle.tools.site.french`); a click on
    "Roll the die" rolls it, in any seat but the umpire's, who alone may choose a listed outcome by hand."""
    dealt = view({"game": "time-chase"})
    assert [b["label"] for b in dealt["buttons"]] == ["Deal the cards"]
    french = json.loads(view_json(json.dumps({"game": "time-chase", "lang": "fr"})))
    assert [b["label"] for b in french["buttons"]] == ["Distribuer les cartes"]
    start = view({"game": "trois-ombres"})
    assert [b["label"] for b in start["buttons"]] == ["Deal the tiles"]
    state = view({"game": "trois-ombres", "state": start["state"], "picks": ["chance"], "seed": 3})["state"]
    for seat in ("hot", "0"):
        rolled = view({"game": "trois-ombres", "state": state, "picks": ["roll"], "seat": seat, "seed": 3})
        assert rolled["kind"] == "player" and rolled["applied"]["then"][0].startswith("die "), seat
        assert any(text.startswith("the die shows the ") for text in rolled["applied"]["public"])
    umpire = view({"game": "trois-ombres", "state": state, "picks": ["roll"], "seat": "umpire"})
    assert umpire["kind"] == "chance" and umpire["buttons"][0]["label"] == "Roll the die"
    assert len([b for b in umpire["buttons"] if b.get("chance")]) == 6
    typed = view({"game": "trois-ombres", "state": state, "action": "roll", "seat": "0", "lang": "fr"})
    assert [b["label"] for b in typed["buttons"]] == ["Roll the die"]  # a typed roll: its face is typed, or drawn
    assert [b["label"] for b in json.loads(view_json(json.dumps(
        {"game": "trois-ombres", "state": state, "action": "roll", "seat": "0", "lang": "fr"})))["buttons"]] == \
        ["Lancer le dé"]


def test_a_player_with_one_bid_only_is_not_asked_for_it() -> None:
    """Time Chase: a player with no crystal may only bid 0: their bid is sealed for them, and the answer says
    whose it was and what it is, in words, for the status line."""
    answer = view({"game": "time-chase", "picks": ["chance"]})
    for _ in range(4):
        answer = view({"game": "time-chase", "state": answer["state"], "picks": [answer["buttons"][0]["pick"]]})
    assert answer["kind"] == "simultaneous"
    state = re.sub(r"crystals=\S+", "crystals=2,0,1,2", answer["state"])
    bid = view({"game": "time-chase", "state": state, "picks": ["sealed:bid 1"]})
    assert bid["picks"] == ["sealed:bid 1", "sealed:bid 0"] and bid["chooser"] == "p2"
    assert bid["only"] == [{"player": "p1", "action": "bid 0", "words": {
        "en": "Bid 0 crystals: stay on the present", "fr": "Miser 0 cristal : rester sur le présent"}}]
    assert all(b["pick"].startswith("sealed:") for b in bid["buttons"]) and len(bid["buttons"]) == 2  # p2's 0 or 1


def test_the_umpire_sees_the_cards_left_out_of_the_game() -> None:
    """Time Chase: the cards out of the deal, which no seat sees, are the umpire's to see, listed apart from the
    notation; a seat's view has none, and 3 ombres's face-down piles are no cards out of the game."""
    game = load_game("time-chase")
    umpire = view({"game": "time-chase", "picks": ["chance"], "seat": "umpire"})
    unused = game.state_to_json(game.parse_state(umpire["state"]))["unused"]
    assert umpire["out"] == unused and len(unused) == 4
    assert view({"game": "time-chase", "state": umpire["state"], "seat": "0"})["out"] is None
    assert view({"game": "trois-ombres", "picks": ["chance"], "seat": "umpire"})["out"] == []


def test_the_oracle_plays_every_other_seat_at_random_and_tells_only_what_all_saw() -> None:
    """Time Chase, p1's seat with the others played by the oracle (``oracle:1``): from a new game the oracle
    deals, plays the others' cards and seals their bids, each drawn at random among the legal ones, and stops at
    each of p1's choices, through a whole round; p1 is told each action in the words every player saw (a sealed
    bid as sealed only), never a card of another hand; a seat chosen to watch (``1``) still waits."""
    from oracle.tools.site.playground import oracle_seat

    assert [oracle_seat(v) for v in ("oracle:1", "1", "oracle:", "hot", None)] == [1, None, None, None, None]
    game = load_game("time-chase")
    rules = game.parse_rules(None, None)
    answer = view({"game": "time-chase", "seat": "oracle:1", "seed": 11})
    told: list[dict[str, Any]] = []
    rounds = set()
    for _ in range(40):
        state = game.parse_state(answer["state"])
        assert answer["chooser"] == "p1" and answer["view"]["seat"] == 1 and answer["buttons"], answer["mover"]
        told += answer["oracle"]["played"]
        # Nothing p1 is shown names a card still in another hand.
        shown = json.dumps(answer["oracle"]) + json.dumps(answer["view"]) + answer["table"]
        for other in (0, 2, 3):
            for card in game.state_to_json(state)["hands"][other]:
                assert not re.search(rf"(?<!\w){card}(?!\w)", shown), f"{card} of p{other} is shown to p1"
        for entry in answer["oracle"]["played"]:
            assert not entry["sealed"] or entry["public"] == []  # a sealed bid says nothing of itself
        rounds.add(game.state_to_json(state)["round"])
        if len(rounds) > 1:
            break
        answer = view({"game": "time-chase", "seat": "oracle:1", "seed": 11, "state": answer["state"],
                       "picks": answer["picks"] + [random.Random(len(told)).choice(answer["buttons"])["pick"]]})
    assert len(rounds) == 2, "a whole round was not played through"
    assert any(entry["by"] == "p2" and str(entry["public"][0]).startswith("p2 plays ") for entry in told)
    assert any(entry["sealed"] and entry["by"] != "p1" for entry in told)
    # Uniformly random, not the first legal action: p1's lead answered by different cards under different seeds.
    led = view({"game": "time-chase", "state": view({"game": "time-chase", "seat": "oracle:1", "seed": 1})["state"],
                "seat": "oracle:1", "picks": []})
    first = led["buttons"][0]["pick"]
    answers = {view({"game": "time-chase", "state": led["state"], "seat": "oracle:1", "seed": seed,
                     "picks": [first]})["oracle"]["played"][0]["public"][0] for seed in range(12)}
    assert len(answers) > 1
    legal = {game.format_action(a) for a in game.legal_actions(game.apply(
        game.parse_state(led["state"]), game.parse_action(first), rules).state, rules)}
    assert all(text.split()[2] in legal for text in answers)  # "p2 plays R5 at event 1"
    # The seat chosen to watch does not play the others.
    assert view({"game": "time-chase", "state": led["state"], "seat": "2"})["buttons"] == []


def test_the_oracle_plays_the_others_of_a_3_ombres_seat_and_speaks_french() -> None:
    """3 Ombres, p2's seat with the others played by the oracle: the deal and p0's and p1's turns (their die
    included) are played, and p2's own turn waits for p2; in French, each action is told in French."""
    answer = json.loads(view_json(json.dumps({"game": "trois-ombres", "seat": "oracle:2", "seed": 5, "lang": "fr"})))
    assert answer["kind"] == "player" and answer["chooser"] == "p2" and answer["view"]["seat"] == 2
    played = answer["oracle"]["played"]
    assert {entry["by"] for entry in played} >= {"p0", "p1"}
    assert any(text.startswith("le dé montre ") for entry in played for text in entry["public"])
    english = view({"game": "trois-ombres", "seat": "oracle:2", "seed": 5})
    assert english["state"] == answer["state"] and english["oracle"]["played"] != played


@pytest.mark.parametrize("ruleset", GAME.rulesets())
def test_the_oracle_plays_the_other_side_of_a_ttykm_board_with_a_legal_turn(ruleset: str) -> None:
    """TTYKM and each chapter, Black's seat with White played by the oracle (``oracle:1``): the seat list offers
    both sides and each colour, and White's first turn is played at once, drawn among the legal turns (after
    Convergence's draw of its pair), with its steps to replay; White's seat waits for White; a seat that is no
    player's, or the position editor, plays nothing."""
    rules_text = "" if ruleset == GAME.rulesets()[0] else ruleset
    request: dict[str, Any] = {"game": "ttykm", "rules": rules_text, "seat": "oracle:1"}
    answer = view({**request, "seed": 4})
    assert answer["seat"] == 1 and answer["seats"] == [{"player": 0, "name": "White"}, {"player": 1, "name": "Black"}]
    assert answer["mover"] == "Black" and answer["kind"] == "player" and answer["buttons"]
    turn = answer["oracle"]["played"][-1]
    assert turn["by"] == "White" and turn["drew"] and turn["public"] == [step["text"] for step in turn["steps"]]
    before = GAME.initial_state(_ruleset(rules_text))
    for drawn in answer["oracle"]["played"][:-1]:  # Convergence: the pair, drawn by chance
        assert drawn["by"] is None
        before = GAME.apply(before, GAME.parse_action(drawn["action"]), _ruleset(rules_text)).state
    rules = _ruleset(rules_text)
    assert GAME.parse_action(turn["action"]) in GAME.legal_actions(before, rules)  # the oracle's list of legal turns
    assert answer["state"] == GAME.format_state(GAME.apply(before, GAME.parse_action(turn["action"]), rules).state)
    assert all(step["svg_row"] and step["svg_column"] for step in turn["steps"])
    # Uniformly random, not the first legal turn: other seeds play other turns.
    assert len({view({**request, "seed": seed})["oracle"]["played"][-1]["action"] for seed in range(8)}) > 1
    white = view({**request, "seat": "oracle:0"})
    assert white["mover"] == "White" and [t for t in white["oracle"]["played"] if t["by"]] == []
    for nobody in ({"seat": "oracle:2"}, {"seat": "hot"}, {"seat": "oracle:0", "edit": "past:c3"}):
        asked = view({**request, "state": answer["state"], **nobody})
        assert asked["mover"] == "Black" and not (asked["oracle"] or {"played": []})["played"]


def _ruleset(rules_text: str) -> Any:
    return GAME.parse_rules(rules_text or None, None)


def test_the_oracle_plays_a_whole_ttykm_game_against_a_seat_and_stops_at_its_end() -> None:
    """White's seat against the oracle (``oracle:0``), White's turns typed at random: after each, the oracle plays
    one legal Black turn, told in the replay's words; once the game is over it plays nothing more."""
    rules = STANDARD
    rng = random.Random(2)
    answer = view({"game": "ttykm", "seat": "oracle:0", "seed": 1})
    for _ in range(200):
        if answer["outcome"]:
            break
        position = parse_position(answer["state"])
        mine = rng.choice(legal_turns(position, rules))
        after = apply_turn(position, mine).position
        answer = view({"game": "ttykm", "seat": "oracle:0", "seed": 1, "state": answer["state"],
                       "action": GAME.format_action(mine)})
        played = answer["oracle"]["played"]
        if after.to_move is None:  # White's turn ended the game: Black has no turn to play
            assert played == [] and answer["outcome"]
            break
        assert [turn["by"] for turn in played] == ["Black"]
        assert parse_turn(played[0]["action"]) in legal_turns(after, rules)
        assert answer["state"] == format_position(apply_turn(after, parse_turn(played[0]["action"])).position)
    assert answer["outcome"], "the game did not end"
    # An ended game stays as it is: asked again, the oracle plays nothing.
    again = view({"game": "ttykm", "seat": "oracle:0", "state": answer["state"]})
    assert again["state"] == answer["state"] and again["oracle"]["played"] == []


def test_the_oracle_turn_on_a_board_is_told_in_french() -> None:
    """The French edition tells the oracle's TTYKM turn, and draws its steps, in French."""
    french = json.loads(view_json(json.dumps({"game": "ttykm", "seat": "oracle:1", "seed": 3, "lang": "fr"})))
    english = view({"game": "ttykm", "seat": "oracle:1", "seed": 3})
    turn, same = french["oracle"]["played"][0], english["oracle"]["played"][0]
    assert turn["action"] == same["action"] and turn["public"][0].startswith("Les Blancs choisissent la copie")
    assert [step["text"] for step in turn["steps"]] == turn["public"]
    assert "passé" in turn["steps"][0]["svg_row"] and "passé" not in same["steps"][0]["svg_row"]


# English words a French step of a TTYKM turn must not keep (its notation, squares and names aside).
ENGLISH_STEP = re.compile(r"\b(the|The|moves|grows|is|are|drawn|square|copy|and|of|from|to|in|on|shrub|tree|seed|"
                          r"elephant|removals|placements:|movements|round)\b")


@pytest.mark.parametrize("rules", ["growth", "influence", "memory", "convergence"])
def test_a_chapter_turn_is_replayed_in_french_in_the_french_playground(rules: str) -> None:
    """Each stage of a chapter turn (an action in its era, a later era's phase, the Focus; a Convergence draw) is
    said in French in the French playground, its caption and each of its sentences: random games, checked turn by
    turn."""
    game = load_game("ttykm")
    parsed = game.parse_rules(rules, None)
    said = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = game.initial_state(parsed)
        for _ in range(8):
            if game.to_act(state).kind == "over":
                break
            action = (game.sample_chance(state, parsed, rng) if game.to_act(state).kind == "chance"
                      else rng.choice(list(game.legal_actions(state, parsed))))
            answer = in_french(view({"game": "ttykm", "rules": rules, "state": game.format_state(state),
                                     "action": game.format_action(action)}))
            for step in answer["applied"]["steps"]:
                words = re.sub(r"\([^)]*\)", "", step["text"])  # the action's notation, in brackets
                assert not ENGLISH_STEP.search(words), step["text"]
                said += 1
            state = game.apply(state, action, parsed).state
    assert said >= 16
