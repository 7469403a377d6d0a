"""What a 3 Ombres seat's own panel lists in the playground after a private moment (a secret look, closed
eyes): the tiles it has seen, a tile it alone has seen marked so, and never the board's records field by field
(the picture of the seat's view draws them); and the tiles to look at are the ones ringed."""

from __future__ import annotations

import re
from dataclasses import replace
from random import Random

from oracle.games import load_game
from oracle.games.trois_ombres.pictures.legend import ringed
from oracle.tools.site.playground import in_french, view

GAME = load_game("trois-ombres")
RULES = GAME.parse_rules(None, None)
ALLISON = 2  # the default table seats Lucile, Le Balafré, Allison Holmes and Zacahire in this order


def allison_to_reveal() -> str:
    """The dealt table with Allison to play, the die showing the Réverbère: she may look at a tile first."""
    state = GAME.initial_state(RULES)
    state = GAME.apply(state, GAME.sample_chance(state, RULES, Random(7)), RULES).state
    state = replace(state, current=ALLISON)
    for action in ("roll", "die R"):
        state = GAME.apply(state, GAME.parse_action(action), RULES).state
    assert state.investigators[ALLISON] == "allison"
    return GAME.format_state(state)


def private_words(answer: dict[str, object]) -> list[str]:
    view_ = answer["view"]
    assert isinstance(view_, dict)
    return [word for field in view_["private"] for word in (field["field"], *field.get("items", ()),
                                                             *([field["text"]] if "text" in field else []))]


def test_after_a_secret_look_the_panel_lists_the_tile_seen_and_marks_it_seen_alone() -> None:
    state = allison_to_reveal()
    slot = "C2"
    tile = GAME.parse_state(state).cell(slot).tile
    looked = view({"game": "trois-ombres", "state": state, "seat": str(ALLISON), "picks": [f"peek allison {slot}"]})
    assert looked["applied"]["action"] == f"peek allison {slot}"
    assert looked["view"]["private"] == [{"field": "seen", "items": [f"{slot} {tile}"], "alone": [f"{slot} {tile}"]}]
    words = " ".join(private_words(looked))
    assert not re.search(r"\b(up|kept|cube) (no|yes)\b|\bslot [A-Z]\d|unseen|known", words), words
    # The others do not know it: their own panels list no tile (they have seen none yet).
    other = view({"game": "trois-ombres", "state": looked["state"], "seat": "0"})
    assert other["view"]["private"] == [{"field": "seen", "items": []}]
    # A tile every player saw turned up is no secret: once Allison reveals one, it is listed without the mark.
    revealed = view({"game": "trois-ombres", "state": looked["state"], "seat": str(ALLISON), "picks": ["reveal R1"]})
    seen = next(f for f in revealed["view"]["private"] if f["field"] == "seen")
    r1 = GAME.parse_state(state).cell("R1").tile
    assert seen["items"] == [f"R1 {r1}", f"{slot} {tile}"] and seen["alone"] == [f"{slot} {tile}"]


def test_closed_eyes_leave_the_panel_in_words() -> None:
    """A tile revealed while one seat's eyes are closed: that seat's panel says its eyes are closed and lists no
    tile; the others list the tile (unmarked: they saw it together); no panel lists the board's records."""
    state = GAME.parse_state(allison_to_reveal())
    shut = GAME.format_state(replace(state, closed=(False, True, False, False)))
    after = view({"game": "trois-ombres", "state": shut, "seat": "umpire", "action": "reveal R1"})["state"]
    closed = view({"game": "trois-ombres", "state": after, "seat": "1"})
    assert closed["view"]["private"] == [{"field": "seen", "items": []}, {"field": "eyes", "text": "closed"}]
    looking = view({"game": "trois-ombres", "state": after, "seat": "0"})
    assert looking["view"]["private"] == [{"field": "seen", "items": [f"R1 {state.cell('R1').tile}"]},
                                          {"field": "eyes", "text": "open"}]
    for answer in (closed, looking):
        words = " ".join(private_words(answer))
        assert not re.search(r"\b(up|kept|cube) (no|yes)\b|\bslot [A-Z]\d", words), words


def test_the_tiles_to_look_at_are_the_ringed_ones_while_a_look_may_be_taken() -> None:
    """While Allison may look, the key's ring is for the tiles she may look at (playground.js, lookChoice, rings
    the same); once she has, for the tiles she may reveal."""
    state = allison_to_reveal()
    answer = view({"game": "trois-ombres", "state": state, "seat": str(ALLISON)})
    picks = [b["pick"] for b in answer["buttons"]]
    looks = {p.split()[-1] for p in picks if p.startswith("peek allison ")}
    reveals = {p.split()[-1] for p in picks if p.startswith("reveal ")}
    assert looks and reveals and looks != reveals
    assert ringed(picks) == looks
    assert ringed([p for p in picks if not p.startswith("peek ")]) == reveals
    assert "ringed" in re.findall(r'data-key="([^"]+)"', answer["view"]["picture"])
    # The look's words, for the button it replaces and the steps, in both languages.
    look = next(b for b in answer["buttons"] if b["pick"] == "peek allison C2")
    assert look["words"] == {"en": "Look secretly at C2 (Allison)", "fr": "Regarder secrètement C2 (Allison)"}
    assert in_french(answer)["view"]["private"] == answer["view"]["private"]
