"""Chapter 2, Influence: the start, the notation of statues, pulls and builds,
and facts the worked examples do not state one by one."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace

import pytest

from oracle.errors import NotationError
from oracle.games.ttykm.board import MOVES, SQUARES, Colour, Era, cell
from oracle.games.ttykm.game import GAME
from oracle.games.ttykm.notation import (
    format_position,
    format_turn,
    parse_position,
    parse_turn,
    position_from_json,
    position_to_json,
)
from oracle.games.ttykm.objects import statue
from oracle.games.ttykm.rules import influence, push
from oracle.games.ttykm.rules.standard import legal_turns, start_position
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import Scene
from oracle.games.ttykm.turn import Aimed, Pull
from oracle.tools.cli.main import main

INFLUENCE = Ruleset(chapters=frozenset({"influence"}))
START = "3b/4/2N1/w3|3b/4/2N1/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,4 removed=0,0 rules=influence built=0,0"


@pytest.mark.rule("INFLUENCE.SETUP")
def test_the_start_has_the_neutral_statue_on_c2_of_every_era() -> None:
    assert format_position(start_position(INFLUENCE)) == START
    assert format_position(GAME.initial_state(GAME.parse_rules("influence", None))) == START


def test_the_retired_b3_start_is_refused_with_the_reason() -> None:
    with pytest.raises(NotationError, match=r"no longer a variant: the neutral statue on b3 is the default start"
                                            r" mirrored across the a1-d4 diagonal"):
        GAME.parse_rules("influence", "neutral-statue-square=b3")


def test_position_round_trips_in_text_and_json() -> None:
    text = "N2b/4/4/1w2|3b/1N2/1W2/w3|3b/1W2/1N2/w3 turn=b focus=present,future supply=4,4 removed=0,0" \
           " rules=influence built=1,0"
    position = parse_position(text)
    assert format_position(position) == text
    as_json = position_to_json(position)
    assert as_json["statues"] == {"neutral": ["past:a4", "present:b3", "future:b2"], "white": ["present:b2",
                                  "future:b3"], "black": []}
    assert as_json["built"] == {"white": True, "black": False}
    assert position_from_json(json.loads(json.dumps(as_json))) == position


def test_growth_and_influence_together_keep_seeds_and_statues() -> None:
    text = "N2b/4/1w2/4|3b/4/1hNB/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,4 removed=0,0" \
           " rules=growth+influence seeds=5 built=0,1"
    position = parse_position(text)
    assert format_position(position) == text
    assert position_from_json(position_to_json(position)) == position


@pytest.mark.parametrize(("text", "message"), [
    ("3b/4/2N1/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0",
     "statues need rules=influence: 'N' at column 7"),
    ("3b/4/2N1/w3|3b/4/2N1/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,4 removed=0,0 rules=influence",
     "missing field built= (whether each player has built, such as built=0,0) after rules=influence"),
    (START.replace("built=0,0", "built=0,2"), "built= takes 0 or 1 for each player: '2' at column 109"),
    ("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0 built=0,0",
     "built= needs rules=influence: '0,0' at column 85"),
])
@pytest.mark.rule("NOTATION.STATUES")
def test_statue_notation_errors_name_the_token(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_position(text)
    assert str(info.value) == message


@pytest.mark.rule("NOTATION.PULL")
def test_pull_and_build_in_the_turn_notation() -> None:
    turn = parse_turn("b2 E+ Bc2 >past")
    assert turn.actions == (Pull(MOVES[1]), Aimed("B", 6))
    assert format_turn(turn) == "b2 E+ Bc2 >past"
    assert GAME.action_from_json(GAME.action_to_json(turn)) == turn


def test_pulls_and_builds_are_legal_turns_only_where_they_can_be() -> None:
    turns = [format_turn(t) for t in legal_turns(parse_position(START), INFLUENCE)]
    assert "a1 Ba2 N >present" in turns and "a1 Bb1 E >present" in turns
    assert not any("+" in t for t in turns)  # no statue stands behind the copy on a1
    built = parse_position("3b/4/2N1/w3|3b/4/2NW/w3|3b/4/2NW/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                           " rules=influence built=1,0")
    assert legal_turns(built, INFLUENCE)
    assert not any(isinstance(a, Aimed) and a.letter == "B" for t in legal_turns(built, INFLUENCE) for a in t.actions)


@pytest.mark.rule("INFLUENCE.PULL")
def test_a_pull_turn_differs_from_the_plain_turn() -> None:
    text = "3b/4/N3/w3|3b/4/Nw2/4|3b/4/N3/w3 turn=w focus=present,future supply=4,4 removed=0,0" \
           " rules=influence built=0,0"
    turns = {format_turn(t) for t in legal_turns(parse_position(text), INFLUENCE)}
    assert {"b2 E+ N >past", "b2 E N >past"} <= turns
    automatic = {format_turn(t) for t in legal_turns(parse_position(text), Ruleset.parse("pull=automatic"))}
    assert "b2 E N >past" in automatic and not any("+" in t for t in automatic)


@pytest.mark.rule("INFLUENCE.BUILD.REBOUND-BLOCKED")
def test_with_influence_alone_a_rebound_is_never_blocked() -> None:
    """The spec's claim: with only the neutral statue and the other player's
    statue on an era, no square P can hold an occupant that cannot move by d
    while P - d is blocked against -d.  Checked for every placement of the two
    statues, every P and every d."""
    base = parse_position(START)
    assert base.chapters is not None
    for n_square, s_square in itertools.permutations(range(SQUARES), 2):
        solids = {cell(Era.PRESENT, n_square): statue(None), cell(Era.PRESENT, s_square): statue(Colour.BLACK)}
        scene = Scene(replace(base, copies=(0, 0), chapters=base.chapters.with_objects(0, solids, 5)), None)
        for p, d in itertools.product(range(SQUARES), MOVES):
            c = cell(Era.PRESENT, p)
            if scene.solid(c) is None or not push.is_immovable(scene, c, d):
                continue
            back = influence.OPPOSITE[d]
            q = push.beyond(c, back)
            assert q is not None and not push.is_immovable(scene, q, back)


def test_the_cli_plays_an_influence_turn(capsys: pytest.CaptureFixture[str]) -> None:
    text = "3b/4/1wN1/4|3b/4/2Nb/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,3 removed=0,0" \
           " rules=influence built=0,0"
    assert main(["apply", text, "b2 E N >present"]) == 0
    out = capsys.readouterr().out
    assert "crushed black present:d2 E" in out and "moved neutral statue future:c2-d2 E" in out


def test_a_sideways_pull_is_written_with_its_side() -> None:
    turn = parse_turn("b2 E+N N")
    assert turn.actions[0] == Pull(MOVES[1], MOVES[0])
    assert format_turn(turn) == "b2 E+N N"
    for bad in ("b2 E+E", "b2 E+W", "b2 E+F", "b2 E+X"):
        with pytest.raises(NotationError, match="a sideways pull names the side"):
            parse_turn(bad)


def test_cli_perft_counts_from_the_start_of_its_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "3", "--rules", "influence", "--quiet"]) == 0
    assert capsys.readouterr().out.strip() == "perft 3: 38792"
    assert main(["perft", "2", "--quiet"]) == 0
    assert capsys.readouterr().out.strip() == "perft 2: 256"
