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


BOARD2 = "board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n"


@pytest.mark.parametrize(
    ("text", "token"),
    [
        (f"ombres players=4 characters=2 {BOARD2} steps=KEEP", "KEEP"),
        (f"ombres characters=2 {BOARD2} steps=banana", "banana"),
        (f"ombres characters=2 {BOARD2} steps=keep", "keep"),
        (f"ombres characters=2 {BOARD2} steps=invertigo", "invertigo"),
        (f"ombres characters=2 {BOARD2} steps=pick", "pick"),
        (f"ombres characters=2 {BOARD2} steps=place", "place"),
        (f"ombres characters=2 {BOARD2} steps=give/0", "give/0"),
        (f"ombres characters=2 {BOARD2} steps=hercule", "hercule"),
        (f"ombres characters=2 {BOARD2} hour=3 hour=5 steps=turn", "hour=5"),
        (f"ombres characters=2 {BOARD2} hour=12 steps=turn", "hour=12"),
        (f"ombres characters=2 {BOARD2} seen0=R5:1n steps=turn", "seen0=R5"),
        (f"ombres characters=2 {BOARD2} seen0=R1:2h steps=turn", "seen0=R1:2h"),
        (f"ombres characters=2 {BOARD2} traps=hercule,hercule,hercule steps=turn", "hercule"),
        (f"ombres characters=2 {BOARD2} turn=used:banana steps=turn", "used:banana"),
        (f"ombres characters=2 {BOARD2} turn=used:\udcff steps=turn", "used:"),
        ("ombres players=4 characters=100000000000000000 steps=turn", "characters= holds 100000000000000000"),
        ("ombres players=\u2460 steps=turn", "'\u2460'"),
        (f"ombres players=4 characters=2 {BOARD2} closed=7 steps=turn", "closed= holds 7"),
    ],
    ids=["KEEP", "banana", "keep", "invertigo", "pick", "place", "give", "hercule", "twice", "12 h", "empty memory",
         "wrong memory", "traps", "used", "used, bad UTF-8", "huge count", "unicode digit", "closed"],
)
def test_a_state_that_is_not_one_is_refused_naming_the_token(text: str, token: str) -> None:
    """Issue reproductions: each gives a NotationError (or InvalidPosition) naming its token, never a crash."""
    with pytest.raises(NotationError) as caught:
        GAME.parse_state(text)
    assert token in str(caught.value) and "\n" not in str(caught.value)
