"""Bad input gets a one-line error naming the rule (actions) or the token (notation), never a traceback."""

from __future__ import annotations

import pytest

from oracle.errors import NotationError
from oracle.games.trois_ombres.game import GAME
from oracle.interface import IllegalAction

BOARD = "board=R1:1n#,R2:1h+0,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n cubes=3 reserve=3,4,4,4"
RULES = GAME.parse_rules(None, None)


def play(state_text: str, *actions: str) -> object:
    state = GAME.parse_state(state_text)
    for text in actions:
        state = GAME.apply(state, GAME.parse_action(text), RULES).state
    return state


@pytest.mark.parametrize(
    ("state", "actions", "bad", "rule"),
    [
        (f"ombres characters=2 {BOARD} steps=turn", ("roll", "die loupe"), "reveal R1", "OMBRES.CUBE.BLOCKS"),
        (f"ombres characters=2 {BOARD} steps=clues/R2/C1;end-turn", (), "clue R2", "OMBRES.CLUE"),
        (f"ombres characters=2 hour=5 {BOARD} steps=turn", (), "bluff C2", "OMBRES.BLUFF"),
    ],
    ids=["reveal a cubed tile", "a second clue on a tile", "bluff before 6 h"],
)
def test_illegal_action_names_its_rule(state: str, actions: tuple[str, ...], bad: str, rule: str) -> None:
    before = play(state, *actions)
    verdict = GAME.explain(before, GAME.parse_action(bad), RULES)  # type: ignore[arg-type]
    assert verdict.rule == rule
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(before, GAME.parse_action(bad), RULES)  # type: ignore[arg-type]
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"illegal: {rule}: ")


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("reveal Z9", "Z9"),
        ("fly R1", "fly"),
        ("use umbrella R1", "umbrella"),
        ("die seven", "seven"),
    ],
)
def test_bad_action_text_names_the_token(text: str, token: str) -> None:
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(text)
    assert repr(token) in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("ombres players=9", "players=9"),
        ("ombres colour=red", "colour=red"),
        ("ombres board=R1:9z", "board=R1:9z"),
        ("ombres limbes-deck=umbrella", "limbes-deck=umbrella"),
        ("chess", "chess"),
    ],
)
def test_bad_state_text_names_the_token(text: str, token: str) -> None:
    with pytest.raises(NotationError) as caught:
        GAME.parse_state(text)
    assert repr(token) in str(caught.value) and "\n" not in str(caught.value)


def test_bad_rules_name_the_token() -> None:
    with pytest.raises(NotationError, match="'clues=many'"):
        GAME.parse_rules(None, "clues=many")
    with pytest.raises(NotationError, match="'no-such-variant'"):
        GAME.parse_rules(None, "no-such-variant")
