"""One rules reader for every game, and one pass over the rules of a state per request.

A repeated or contradictory setting (``players=4+players=5``, a variant named twice) is refused alike in
every game, on the command line, in a request, in a state's ``variants=`` (text and JSON) and in a
record's header (`oracle.inputs.check_rules_text`); the rules a state is played by are asked of the game
once per command and request (`oracle.tools.state_rules`), and sources that name rules for one state
must agree (`agreed_rules`)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from oracle.errors import NotationError
from oracle.games import GAMES, load_game
from oracle.tools.cli.main import EXIT_ERROR, EXIT_OK, main
from oracle.tools.protocol import handle
from oracle.tools.records import read_record, write_record
from oracle.tools.state_rules import NamedRules, agreed_rules
from oracle.tools.vectors import seeded_game

# A setting given two values, in each game's words.
CONTRADICTIONS = {"ttykm": "self-push=paradox+self-push=ends", "time-chase": "players=4+players=5",
                  "trois-ombres": "players=3+players=4"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_variant_named_twice_is_refused_by_every_game(capsys: pytest.CaptureFixture[str], game: str) -> None:
    variant = next(iter(load_game(game).variants()))
    code, _, err = run(capsys, "--game", game, "start", "--variant", f"{variant}+{variant}")
    assert code == EXIT_ERROR and err.startswith(f"oracle: error: {variant} is named twice in the variants")


@pytest.mark.parametrize("game", sorted(CONTRADICTIONS))
def test_a_setting_given_two_values_is_refused_by_every_game(capsys: pytest.CaptureFixture[str], game: str) -> None:
    text = CONTRADICTIONS[game]
    first, second = text.split("+")
    code, out, err = run(capsys, "--game", game, "start", "--variant", text)
    assert (code, out) == (EXIT_ERROR, "")
    assert err == f"oracle: error: {first} and {second} in the variants both set {first.split('=')[0]}; choose" \
                  f" one: '{second}'\n"
    answer = json.loads(handle(json.dumps({"id": 1, "op": "version", "game": game, "variant": text})))
    assert answer["ok"] is False and f"both set {first.split('=')[0]}" in answer["error"]["message"]


def recorded_state(game: str, variant: str) -> str:
    """A state of ``game`` dealt under ``variant``, which it records in its ``variants=`` field."""
    loaded = load_game(game)
    rules = loaded.parse_rules(None, variant)
    state = loaded.initial_state(rules)
    while loaded.to_act(state).kind == "chance":
        state = loaded.apply(state, loaded.sample_chance(state, rules, random.Random(7)), rules).state
    text = loaded.format_state(state)
    assert f"variants={variant}" in text
    return text


@pytest.mark.parametrize(("game", "variant"), [("time-chase", "fuel-supply=30"), ("trois-ombres", "hercule-chance")])
def test_a_state_s_variants_named_twice_are_refused_text_and_json(capsys: pytest.CaptureFixture[str], game: str,
                                                                 variant: str) -> None:
    text = recorded_state(game, variant)
    doubled = text.replace(f"variants={variant}", f"variants={variant}+{variant}")
    code, _, err = run(capsys, "--game", game, "moves", doubled)
    assert code == EXIT_ERROR and err == f"oracle: error: {variant} is named twice in the field variants=: " \
                                         f"'{variant}'\n"
    loaded = load_game(game)
    as_json = loaded.state_to_json(loaded.parse_state(text))
    with pytest.raises(NotationError, match=f"{variant} is named twice in the JSON field variants"):
        loaded.state_from_json({**as_json, "variants": f"{variant}+{variant}"})
    answer = json.loads(handle(json.dumps({"id": 1, "op": "validate", "game": game, "position": doubled})))
    assert answer["valid"] is False and "named twice" in answer["reason"]
    assert run(capsys, "--game", game, "moves", text)[0] == EXIT_OK


def test_a_chapter_named_twice_in_a_position_is_refused_by_the_same_reader(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "moves", "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 "
                                        "removed=0,0 rules=growth+growth seeds=5")
    assert code == EXIT_ERROR and err == "oracle: error: growth is named twice in the field rules=: 'growth'\n"


def test_a_record_header_with_a_setting_given_twice_is_refused() -> None:
    game = load_game("time-chase")
    rules = game.parse_rules(None, None)
    steps = seeded_game(game, rules, 1, 3)
    lines = write_record(game, rules, game.initial_state(rules), [s.action for s in steps]).splitlines()
    header = json.loads(lines[0])
    for rules_text in ("players=4+players=5", "income-round1+income-round1"):
        edited = "\n".join([json.dumps({**header, "rules": rules_text}), *lines[1:]]) + "\n"
        with pytest.raises(NotationError, match=r"named twice|both set players"):
            read_record(edited)


# --- sources that name rules for one state must agree ---------------------------------------------------


def test_agreed_rules_refuses_sources_that_differ_and_keeps_those_that_agree() -> None:
    ttykm = load_game("ttykm")
    growth = ttykm.initial_state(ttykm.parse_rules("growth", None))
    header, command = NamedRules("the record's header", "growth"), NamedRules("--rules", "memory")
    with pytest.raises(NotationError, match=r"^--rules: the position is played by its own ruleset, growth, not "
                                            r"memory"):
        agreed_rules(ttykm, growth, [header, command])
    assert ttykm.rules_name(agreed_rules(ttykm, growth, [header, NamedRules("--rules", "growth")])) == "growth"
    assert ttykm.rules_name(agreed_rules(ttykm, growth, [NamedRules("--rules")])) == "standard"
    chase = load_game("time-chase")
    four = chase.initial_state(chase.parse_rules(None, None))
    with pytest.raises(NotationError, match="the record's header: the state has players=4, not 5"):
        agreed_rules(chase, four, [NamedRules("the record's header", variants="players=5")])
    paced = chase.parse_state(recorded_state("time-chase", "fuel-supply=30"))
    with pytest.raises(NotationError, match="income-round1"):
        agreed_rules(chase, paced, [NamedRules("the record's header", variants="fuel-supply=30"),
                                    NamedRules("--variant", variants="income-round1")])
    own = chase.rules_name(chase.parse_rules(None, "fuel-supply=30"))
    assert chase.rules_name(agreed_rules(chase, paced, [])) == own


# --- the rules of a state, asked once per request ---------------------------------------------------------


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Each call of TTYKM's `Game.state_rules`, and a start built while a given position is asked about."""
    game = load_game("ttykm")
    cls: Any = type(game)
    calls: list[str] = []
    real_rules, real_start = cls.state_rules, cls.initial_state

    def state_rules(self: Any, state: Any, rules: Any) -> Any:
        calls.append("state_rules")
        return real_rules(self, state, rules)

    def initial_state(self: Any, rules: Any) -> Any:
        calls.append("initial_state")
        return real_start(self, rules)

    monkeypatch.setattr(cls, "state_rules", state_rules)
    monkeypatch.setattr(cls, "initial_state", initial_state)
    yield calls


GROWTH = "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0 rules=growth seeds=5"


@pytest.mark.parametrize("command", [["legal"], ["explain"], ["apply"], ["moves"], ["perft", "1"]])
def test_a_command_asks_the_rules_of_its_position_once(capsys: pytest.CaptureFixture[str], counted: list[str],
                                                       command: list[str]) -> None:
    turn = [] if command[0] in ("moves", "perft") else ["a1 N N >present"]
    code, _, err = run(capsys, *command, GROWTH, *turn, "--rules", "growth")
    assert code in (EXIT_OK, 1), err
    assert counted == ["state_rules"], counted  # and no start built to learn the ruleset's name


@pytest.mark.parametrize("op", ["moves", "legal", "explain", "apply", "validate", "observe"])
def test_a_request_asks_the_rules_of_its_position_once(counted: list[str], op: str) -> None:
    request = {"id": 1, "op": op, "position": GROWTH, "turn": "a1 N N >present", "player": 0}
    assert json.loads(handle(json.dumps(request)))["ok"], op
    assert counted == ["state_rules"], (op, counted)
