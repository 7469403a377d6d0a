"""`explain`, `legal_turns` and `apply_turn` agree on every turn, legal or not,
complete or partial, and the command line says what the Python API says."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.games.ttykm.notation import format_position, format_turn
from oracle.games.ttykm.rules.standard import explain, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.strategies import turns
from oracle.games.ttykm.turn import Turn
from properties.checks import check_cli, check_legality, near_misses, run_cli
from properties.strategies import VARIANTS, any_position


@st.composite
def position_and_turns(draw: st.DrawFn, ruleset: Ruleset) -> tuple[Position, list[Turn]]:
    """A position and turns to ask about: random ones (mostly ill-formed or
    illegal), a legal one and its near misses."""
    position = draw(any_position(ruleset, allow_won=True))
    asked = draw(st.lists(turns(), min_size=1, max_size=4))
    legal = [t for t, _ in successors(position, ruleset)]
    if legal:
        chosen = draw(st.sampled_from(legal))
        asked += [chosen, *near_misses(chosen)]
    return position, asked


@pytest.mark.parametrize("ruleset", VARIANTS, ids=lambda r: r.name)
@given(data=st.data())
def test_explain_legal_turns_and_apply_agree(ruleset: Ruleset, data: st.DataObject) -> None:
    position, asked = data.draw(position_and_turns(ruleset))
    legal = dict(successors(position, ruleset))
    for turn in asked:
        check_legality(position, turn, ruleset, legal)


@pytest.mark.parametrize("ruleset", VARIANTS, ids=lambda r: r.name)
@given(data=st.data())
def test_cli_agrees_with_the_api(ruleset: Ruleset, data: st.DataObject) -> None:
    position, asked = data.draw(position_and_turns(ruleset))
    check_cli(position, data.draw(st.sampled_from(asked)), ruleset)


CLI_CASES = (
    ("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0", "a1 N E >present", ""),
    ("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0", "a1 N", ""),
    ("4/4/4/4|4/4/4/wb2|4/4/4/4 turn=w focus=present,past supply=0,0 removed=6,6", "a1 E >past", ""),
    ("3b/4/4/w3|3b/4/w3/w3|3b/4/4/w3 turn=w focus=present,future supply=3,4 removed=0,0", "a1 E N >past",
     "self-push=paradox"),
)


@pytest.mark.parametrize(("position", "turn", "variant"), CLI_CASES)
def test_installed_command_agrees_with_the_api(position: str, turn: str, variant: str) -> None:
    """A real process, as a user runs it, for a few cases."""
    flags = ["--variant", variant] if variant else []
    done = subprocess.run([sys.executable, "-m", "oracle", "legal", position, turn, "--json", *flags],
                          capture_output=True, text=True, check=False, timeout=60)
    code, out = run_cli("legal", position, turn, "--json", *flags)
    assert (done.returncode, json.loads(done.stdout)) == (code, json.loads(out))
    from oracle.games.ttykm.notation import parse_position, parse_turn

    verdict = explain(parse_position(position), parse_turn(turn), Ruleset.parse(variant or "standard"))
    assert json.loads(done.stdout)["verdict"] == verdict.status
    assert format_position(parse_position(position)) == position
    assert format_turn(parse_turn(turn)) == turn


@given(text=st.text(alphabet="abcdef12345 NESWFBnx>pastrfu", max_size=20))
def test_ill_formed_turn_text_is_a_one_line_error(text: str) -> None:
    """Text that is not a turn gets exit status 2 from the command line (and
    a NotationError from the parser); text that is one gets explain's verdict."""
    from oracle.games.ttykm.notation import NotationError, parse_turn

    start = format_position(Position.start())
    code, out = run_cli("legal", start, text, "--json")
    try:
        turn = parse_turn(text)
    except (NotationError, ValueError):
        assert code == 2 and out == ""
        return
    verdict = explain(Position.start(), turn)
    assert code == (1 if verdict.status == "illegal" else 0)
    assert json.loads(out)["verdict"] == verdict.status
