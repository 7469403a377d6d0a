"""No option ignored: every command x option x game either changes what the command does or is refused.

The options are enumerated from the parser itself (`oracle.tools.cli.main.build_parser`), so a new option
is covered, or fails `test_every_option_of_every_command_is_in_the_table`, the day it is added.  Each
case runs the command in-process twice, without and with the option: the two runs differ (the exit
status, standard output or standard error), or the option is refused in one line with exit status 2.
Commands that start other processes or write a vector set (``conform``, ``vectors export``, ``perft
--workers``) are covered by their own modules; here they are refused or run at their cheapest.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from oracle.games import GAMES, load_game
from oracle.tools.cli.main import EXIT_ERROR, build_parser, main
from oracle.tools.records import write_record
from oracle.tools.vectors import seeded_game

RECORD_PLIES = 6  # the record `replay` is tried on: a seeded game of each game, written by the record writer


def record(game: str, tmp: Path) -> Path:
    """A record of a short seeded game of ``game`` (`oracle.tools.records.write_record`), for `replay`."""
    path = tmp / f"{game}.jsonl"
    if not path.exists():
        loaded = load_game(game)
        rules = loaded.parse_rules(None, None)
        steps = seeded_game(loaded, rules, 1, RECORD_PLIES)
        path.write_text(write_record(loaded, rules, loaded.initial_state(rules), [s.action for s in steps]),
                        encoding="utf-8")
    return path

# Options that are not option x command pairs: the game axis itself, and help.
NOT_IN_TABLE = {"--game", "--help", "-h"}


@cache
def command_options() -> dict[str, set[str]]:
    """Every command's options, by the long name argparse knows it by."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    options: dict[str, set[str]] = {}
    choices: dict[str, argparse.ArgumentParser] = sub.choices
    for name, command in choices.items():
        options[name] = {max(a.option_strings, key=len) for a in command._actions if a.option_strings} - NOT_IN_TABLE
    return options


def start_text(game: str) -> str:
    loaded = load_game(game)
    return loaded.format_state(loaded.initial_state(loaded.parse_rules(None, None)))


def first_turn(game: str) -> str:
    loaded = load_game(game)
    rules = loaded.parse_rules(None, None)
    state = loaded.initial_state(rules)
    if loaded.to_act(state).kind == "chance":
        return loaded.format_action(loaded.sample_chance(state, rules, random.Random(1)))
    return loaded.format_action(loaded.legal_actions(state, rules)[0])


def starts_with_chance(game: str) -> bool:
    loaded = load_game(game)
    return loaded.to_act(loaded.initial_state(loaded.parse_rules(None, None))).kind == "chance"


def after_first_turn(game: str) -> str:
    """The state after `first_turn`: past a deal, so that perft has a count to make."""
    loaded = load_game(game)
    rules = loaded.parse_rules(None, None)
    state = loaded.initial_state(rules)
    return loaded.format_state(loaded.apply(state, loaded.parse_action(first_turn(game)), rules).state)


def other_rules(game: str) -> tuple[str | None, str | None]:
    """A ruleset other than the default (None if the game has one), and the game's first variant."""
    loaded = load_game(game)
    rulesets = [r for r in loaded.rulesets() if r != "standard"]
    return (rulesets[0] if rulesets else None), next(iter(loaded.variants()))


def option_values(game: str, command: str, tmp: Path) -> dict[str, list[str]]:
    """The value(s) each option is tried with, for one game and command."""
    ruleset, variant = other_rules(game)
    values: dict[str, list[str]] = {
        "--json": [], "--variant": [variant] if variant else [], "--rules": [ruleset] if ruleset else [],
        "--player": ["1", "0"], "--seed": ["7"], "--divide": [], "--quiet": [], "--no-limit": [],
        "--workers": ["1"], "--scheduler": ["tcp://127.0.0.1:1"], "--split": ["2"],
        "--checkpoint": [str(tmp / "checkpoint.json")], "--output": [str(tmp / "out.svg")], "--text": [],
        "--stdio": [], "--engine": ["false"], "--games": ["0"], "--report": [str(tmp / "report.json")],
        "--vectors": [str(tmp)], "--timeout": ["0.5"], "--ignore-rules": [], "--complete-turns-only": [],
        "--keep-going": [], "--send-json": [], "--engine-impl": ["spec"],
    }
    return values


def base_argv(game: str, command: str, tmp: Path) -> list[list[str]]:
    """The forms each command is tried in: with the start position named, and (where it can) with none."""
    position, turn = start_text(game), first_turn(game)
    forms: dict[str, list[list[str]]] = {
        "show": [[], [position]],
        "moves": [[], [position]],
        "legal": [[turn], [position, turn]],
        "explain": [[turn], [position, turn]],
        "apply": [[turn], [position, turn]],
        "start": [[]],
        "observe": [["--player", "0"], [position, "--player", "0"]],
        "version": [[]],
        "perft": [["1"], ["1", position]] if not starts_with_chance(game) else [["1", after_first_turn(game)]],
        "render": [[], [position], [position, turn]],
        "serve": [["--stdio"]],
        "vectors": [["coverage"]],  # export, verify and regenerate write or read whole sets: test_game_vectors.py
        "conform": [["--engine", "false", "--games", "0", "--vectors", str(tmp / "missing")]],
        "replay": [[str(record(game, tmp))]],
    }
    return [[command, *form] for form in forms[command]]


@cache
def run_plain(argv: tuple[str, ...], stdin: str) -> tuple[int, str, str]:
    """A run without the option tried, made once for all the options tried against it."""
    return run(list(argv), stdin)


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """``main`` in this process, with its own standard streams (byte buffers under them, as ``serve`` needs)."""
    written = io.BytesIO()
    out = io.TextIOWrapper(written, encoding="utf-8", write_through=True)
    err = io.StringIO()
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    sys.stdout, sys.stderr = out, err
    try:
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse's own usage errors
            code = exc.code if isinstance(exc.code, int) else 2
        out.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = old
    return code, written.getvalue().decode("utf-8"), err.getvalue()


def cases() -> Iterator[tuple[str, str, str]]:
    for game in GAMES:
        for command, options in sorted(command_options().items()):
            for option in sorted(options):
                yield game, command, option


def serve_input(game: str) -> str:
    """A request whose answer names the variant that answered it (``serve --variant`` sets the default)."""
    return json.dumps({"id": 1, "op": "moves", "position": after_first_turn(game)}) + "\n"


# Options whose effect shows only on long or spread counts, checked by the modules named.
EFFECT_ELSEWHERE = {
    ("perft", "--no-limit"): "test_hardening.py: a count past the limit is refused, naming --no-limit",
    ("perft", "--quiet"): "progress shows only on a terminal, for a count of half a second or more",
    ("perft", "--workers"): "test_perft_cluster.py: the same count, spread over processes",
    ("perft", "--scheduler"): "test_perft_cluster.py: the same count, on a Dask cluster",
    ("moves", "--engine-impl"): "test_fast.py: the same answers from either engine, and a name not built refused",
    ("perft", "--engine-impl"): "test_fast.py: the same counts from either engine, and a name not built refused",
}


@pytest.mark.parametrize("option", [["--workers", "2"], ["--scheduler", "tcp://127.0.0.1:1"]])
def test_a_count_of_one_level_is_not_spread(option: list[str]) -> None:
    code, out, err = run(["perft", "1", *option])
    assert code == EXIT_ERROR and out == "" and err.count("\n") == 1 and option[0] in err and "depth 2" in err


@pytest.mark.parametrize(("game", "command", "option"), list(cases()))
def test_an_option_has_an_effect_or_is_refused(tmp_path: Path, game: str, command: str, option: str) -> None:
    if (command, option) in EFFECT_ELSEWHERE:
        pytest.skip(EFFECT_ELSEWHERE[command, option])
    values = option_values(game, command, tmp_path)[option] or [""]
    if option == "--rules" and not option_values(game, command, tmp_path)["--rules"]:
        values = ["no-such-ruleset"]  # a game of one ruleset: naming another is refused
    for form in base_argv(game, command, tmp_path):
        if option in form:  # an option the form needs (observe --player): tried with another value
            at = form.index(option)
            changed = [*form[:at + 1], "1", *form[at + 2:]]
            pairs = [(form, changed)]
        else:
            pairs = [(form, [*form, option, *([value] if value else [])]) for value in values]
        for base, with_option in pairs:
            stdin = serve_input(game) if command == "serve" else ""
            plain = run_plain(("--game", game, *base), stdin)
            given = run(["--game", game, *with_option], stdin)
            code, out, err = given
            refused = code == EXIT_ERROR and out == "" and err.count("\n") == 1 and "Traceback" not in err
            assert "Traceback" not in err, err
            if refused or given != plain:
                continue
            # The text may look the same (a variant that changes nothing in this turn); the JSON form,
            # which names the rules that answered, must then tell the two apart.
            assert option != "--json" and "--json" in command_options()[command], (with_option, given)
            assert run(["--game", game, *with_option, "--json"], stdin) != \
                run_plain(("--game", game, *base, "--json"), stdin), (with_option, given)


def test_every_option_of_every_command_is_in_the_table(tmp_path: Path) -> None:
    for command, options in command_options().items():
        assert options <= set(option_values("ttykm", command, tmp_path)), (command, options)


def test_a_refusal_names_the_option(tmp_path: Path) -> None:
    """A refusal is of the option tried, not of a broken base form: each base form runs on its own."""
    for game in GAMES:
        for command in command_options():
            for form in base_argv(game, command, tmp_path):
                if command in ("conform", "vectors"):
                    continue  # their base forms are refusals themselves (no engine, no directory to write)
                code, _, err = run(["--game", game, *form], serve_input(game) if command == "serve" else "")
                assert code in (0, 1), (game, form, err)
