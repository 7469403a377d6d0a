"""Growth through the command line, the protocol and the game interface:
Plant and Dig turns are listed, a fallen tree is drawn, bad Growth input is a
one-line error, and the ruleset names the Growth start."""

from __future__ import annotations

import json

import pytest

from oracle.games import load_game
from oracle.games.ttykm.notation import format_position
from oracle.tools.cli.main import EXIT_ERROR, EXIT_OK, main, read_rules
from oracle.tools.protocol import handle

GROWTH_START = "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0 rules=growth seeds=5"
FALLEN = "3b/4/4/w3|3b/4/1h2/w3|1^1b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0 rules=growth seeds=5"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_moves_lists_plant_and_dig_turns(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", GROWTH_START, "--json")
    turns = json.loads(out)["turns"]
    assert code == EXIT_OK and len(turns) == 62
    assert "a1 Pa1 N >present" in turns and "a1 Pb1 Db1 >present" in turns


def test_render_draws_a_fallen_tree_with_its_root(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "render", FALLEN)
    assert code == EXIT_OK
    assert 'class="object fallen-tree"' in out and 'class="root"' in out
    assert 'class="object shrub"' in out


@pytest.mark.parametrize(
    ("position", "message"),
    [
        (GROWTH_START.replace("3b/4/4/w3|3b/4/4/w3|", "3b/4/4/w3|3b/4/1(hs)2/w3|", 1),
         "a seed shares a square only with a copy, never with an object: '(hs)'"),
        ("ssss/ss2/4/w2b|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0 rules=growth seeds=0",
         "more than 5 seeds on the boards; there are 5 seeds: 's' at column 7"),
        (FALLEN.replace("1^1b/4/4/w3", "3b/4/4/w^2"),
         "a fallen tree whose root would be off the board (the glyph points the way it fell): '^'"),
    ],
)
def test_bad_growth_input_is_one_line_naming_the_token(
    capsys: pytest.CaptureFixture[str], position: str, message: str
) -> None:
    code, out, err = run(capsys, "show", position)
    assert code == EXIT_ERROR and out == ""
    assert err.count("\n") == 1 and message in err


def test_rules_option_names_the_growth_start() -> None:
    game = load_game("ttykm")
    rules = game.parse_rules("growth", None)
    assert format_position(game.initial_state(rules)) == GROWTH_START
    assert "growth" in game.rulesets()

    class Args:
        variant = None

    args = Args()
    args.rules = "growth"  # type: ignore[attr-defined]
    assert read_rules(args).chapters == frozenset({"growth"})  # type: ignore[arg-type]


def test_protocol_answers_a_growth_position() -> None:
    answer = json.loads(handle(json.dumps({"id": 1, "op": "explain", "position": GROWTH_START, "turn": "a1 Pb2"})))
    assert answer["ok"] and answer["rule"] == "GROWTH.REACH"
