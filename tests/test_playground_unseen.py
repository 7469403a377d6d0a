"""3 Ombres in the playground, one seat against the oracle: what that seat is told of the others' turns when
some player's eyes were closed (OMBRES.EYES, OMBRES.LIMBES.TENEBRES), and the cards drawn that all see
(OMBRES.VIEW)."""

from __future__ import annotations

import json
from typing import Any

from oracle.games import load_game
from oracle.tools.site.playground import seat_told, view, view_json

BOARD = "board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n"


def told(state_text: str, actions: tuple[str, ...], seat: int) -> list[dict[str, Any]]:
    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    state = game.parse_state(state_text)
    out = []
    for text in actions:
        applied = game.apply(state, game.parse_action(text), rules)
        out.append(seat_told(game, state, applied.events, applied.state, seat))
        state = applied.state
    return out


def test_under_tenebres_a_reveal_unseen_by_the_seat_says_why_and_names_the_card() -> None:
    """Under Ténèbres (drawn by p1), p0 does not see p1's reveal: nothing of it is told but why, with the card's
    printed name and its drawer, in both languages."""
    state = f"ombres players=4 characters=2 {BOARD} curses=tenebres:1 current=1 steps=turn"
    *_, reveal = told(state, ("roll", "die loupe", "reveal R1"), 0)
    assert reveal["public"] == []
    assert reveal["unseen"] == {"en": "your eyes were closed (Ténèbres, drawn by p1)",
                                "fr": "vos yeux étaient fermés (Ténèbres, piochée par p1)"}
    # p1, the active player, sees it: nothing is unseen for them.
    assert "unseen" not in told(state, ("roll", "die loupe", "reveal R1"), 1)[-1]


def test_a_seat_whose_eyes_were_open_is_told_what_it_saw_while_another_player_was_blind() -> None:
    """p0's eyes are closed by a trap: p1's reveal is not seen by every player, but p2 saw it and is told it; p0
    is told why it saw nothing."""
    state = f"ombres players=4 characters=2 {BOARD} closed=0 current=1 steps=turn"
    *_, seen = told(state, ("roll", "die loupe", "reveal R1"), 2)
    assert "unseen" not in seen and any("R1" in text and "1n" in text for text in seen["public"]), seen
    *_, blind = told(state, ("roll", "die loupe", "reveal R1"), 0)
    assert blind["public"] == [] and "trap" in blind["unseen"]["en"] and "Traquenard" in blind["unseen"]["fr"]


def test_a_limbes_card_drawn_is_told_even_to_a_seat_whose_eyes_are_closed() -> None:
    """A Limbes card drawn is public (OMBRES.VIEW): drawing Ténèbres closes the others' eyes, and still the
    card is named to them, and on the pass screen's list of what all saw."""
    state = f"ombres players=4 characters=2 {BOARD} limbes-deck=tenebres current=1 steps=draw-limbes;end-turn"
    (drawn,) = told(state, ("draw tenebres",), 0)
    assert drawn["public"][0] == "p1 draws the Limbes card Ténèbres" and "unseen" not in drawn, drawn
    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    before = game.parse_state(state)
    applied = game.apply(before, game.parse_action("draw tenebres"), rules)
    assert [e.kind for e in game.public_events(before, applied.events, applied.state)] == ["draw", "curse", "next"]


def test_the_oracle_log_of_a_seat_under_tenebres_says_why_in_french_too() -> None:
    """p0 against the oracle while Ténèbres (drawn by p1) is in force: the oracle's log of p1's turn gives p0 the
    reason of each action unseen, in the French edition too."""
    game = load_game("trois-ombres")
    dealt = game.parse_state(view({"game": "trois-ombres", "picks": ["chance"], "seat": "umpire"})["state"])
    text = game.format_state(dealt).replace(",tenebres", "").replace("steps=turn", "curses=tenebres:1 current=1 "
                                                                                    "steps=turn")
    state = game.format_state(game.parse_state(text))
    for lang, words in (("en", "your eyes were closed (Ténèbres, drawn by p1)"),
                        ("fr", "vos yeux étaient fermés (Ténèbres, piochée par p1)")):
        answer = json.loads(view_json(json.dumps({"game": "trois-ombres", "seat": "oracle:0", "seed": 2,
                                                  "state": state, "lang": lang})))
        unseen = [entry for entry in answer["oracle"]["played"] if "unseen" in entry]
        assert unseen and all(entry["unseen"][lang] == words and not entry["public"] for entry in unseen
                              if entry["by"] == "p1"), answer["oracle"]["played"]
