"""One conformance check for every registered game: `check_game`, in the manner of OpenSpiel's random_sim_test.

(spec/design.md, "The contract")  A few random games of the game, each played through every shared tool:

* the contract (`oracle.games.contract`), and each ruleset's start played by the ruleset its rules are
  named after (`oracle.tools.state_rules.ruleset_name`); then at every step of every game the state's text and JSON
  forms read back to the same state, the state is valid, who acts agrees with the outcome, each action
  sampled is judged legal and reads back from its text and JSON forms, and each event has a text and a
  JSON form;
* each seated player's view reads back, is its own view, and lists no action the whole state forbids
  (what a player may do from what they see is legal whatever they cannot see);
* perft against divide, and perft 1 against the legal actions, on a few states of each game;
* the command line (``apply`` of the whole game, ``moves``) and the protocol (``apply``, ``moves``,
  ``validate``) reaching the same states;
* a record of each game written and replayed (`oracle.tools.records`), and the vectors' playthrough of
  a seeded game written and replayed (`oracle.tools.vectors`);
* for a game with an `oracle.interface.Encoding`, OpenSpiel's ``random_sim_test`` and PettingZoo's
  ``api_test`` on the adapters, where those extras are installed.

It costs a few games of at most ``max_plies`` steps per game, so the test suite runs it on every game of
the registry (tests/test_check_game.py).  Each problem is one line starting with the game and where.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import warnings
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from oracle.errors import NotationError
from oracle.games import AnyGame, load_game
from oracle.games.contract import check_game_contract
from oracle.interface import ILLEGAL
from oracle.tools.state_rules import ruleset_name
from oracle.words import counted

SAMPLED_ACTIONS = 4  # actions judged and read back at each step (the one played among them)
PERFT_STATES = 3  # states of each game whose perft is checked against divide
PERFT_WIDTH = 40  # perft 2 only where a state has at most this many actions


def check_game(name: str, games: int = 2, seed: int = 0, max_plies: int = 40, adapters: bool = True) -> list[str]:
    """Every problem found playing ``games`` random games of the registered game ``name`` through every
    tool (the module says which), each in one line; an empty list when the game passes."""
    game = load_game(name)
    check_game_contract(name, game)
    rules = game.parse_rules(None, None)
    problems: list[str] = []
    for ruleset in game.rulesets():  # the ruleset a start is played by, named as its rules are
        own = game.ruleset_of(game.initial_state(game.parse_rules(ruleset, None)))
        if ruleset_name(game, ruleset) != own:
            problems.append(f"{name}: the start of {ruleset} is played by {own}, but its rules are named "
                            f"{ruleset_name(game, ruleset)}")
    for number in range(games):
        rng = random.Random(seed * 1000 + number)
        start = game.initial_state(rules)
        where = f"{name}, game {number + 1}"
        try:
            states, actions = _play(game, rules, start, rng, max_plies, where, problems)
        except Exception as exc:  # a rule that fails outright ends this game's checks
            problems.append(f"{where}: play fails: {type(exc).__name__}: {exc}"[:300])
            continue
        for k, state in enumerate(states[:: max(1, len(states) // PERFT_STATES)][:PERFT_STATES]):
            _guarded(f"{where}, perft at state {k}", problems, _check_perft, game, rules, state)
        _guarded(f"{where}, the command line", problems, _check_cli, game, start, actions, states[-1])
        _guarded(f"{where}, the protocol", problems, _check_protocol, game, start, actions, states[-1])
        _guarded(f"{where}, its record", problems, _check_record, game, rules, start, actions)
    _guarded(f"{name}, the vectors", problems, _check_playthrough, game, rules, seed, max_plies)
    if adapters and game.encoding is not None:
        _check_adapters(game, problems)
    return problems


def _guarded(where: str, problems: list[str], check: Callable[..., None], *args: Any) -> None:
    """Run one tool's check; a tool that fails outright is one problem, and the other checks go on."""
    try:
        check(*args, where, problems)
    except Exception as exc:
        problems.append(f"{where}: fails: {type(exc).__name__}: {exc}"[:300])


def _play(game: AnyGame, rules: Any, start: Any, rng: random.Random, max_plies: int, where: str,
          problems: list[str]) -> tuple[list[Any], list[Any]]:
    """One random game from ``start``: the states reached (the start first) and the actions played."""
    from oracle.tools.vectors import random_action

    states, actions = [start], []
    state = start
    for ply in range(max_plies + 1):
        at = f"{where}, ply {ply}"
        _check_state(game, rules, state, at, problems)
        if game.to_act(state).kind == "over":
            break
        if ply == max_plies:
            break
        action = random_action(game, state, rules, rng)
        _check_actions(game, rules, state, action, rng, at, problems)
        applied = game.apply(state, action, rules)
        for event in applied.events:
            if not isinstance(game.event_text(event), str):
                problems.append(f"{at}: event_text gives no text for {event!r}")
            _is_json(game.event_to_json(event), f"{at}: the event {game.event_text(event)!r}", problems)
        state = applied.state
        states.append(state)
        actions.append(action)
    return states, actions


def _is_json(value: Any, what: str, problems: list[str]) -> None:
    try:
        json.dumps(value)
    except (TypeError, ValueError) as exc:
        problems.append(f"{what}: its JSON form does not serialize ({exc})")


def _check_state(game: AnyGame, rules: Any, state: Any, at: str, problems: list[str]) -> None:
    text = game.format_state(state)
    form_json = json.loads(json.dumps(game.state_to_json(state)))
    _reads_back(at, text, text, (("text", game.parse_state, text), ("JSON", game.state_from_json, form_json)),
                game.format_state, problems)
    try:
        game.check_state(state)
    except NotationError as exc:
        problems.append(f"{at}: {text} is reached by play but is invalid: {exc}")
    over, outcome = game.to_act(state).kind == "over", game.outcome(state)
    if over != (outcome is not None):
        problems.append(f"{at}: nobody acts in {text} but it has no outcome" if over else
                        f"{at}: {text} has an outcome but somebody acts")
    for player in game.seats(state):
        _check_view(game, rules, state, player, f"{at}, player {player}", problems)


def _check_view(game: AnyGame, rules: Any, state: Any, player: int, at: str, problems: list[str]) -> None:
    """A player's view reads back, is its own view, and allows nothing the whole state forbids."""
    seen = game.observe(state, player)
    try:
        view = game.state_from_json(seen)
    except NotationError as exc:
        problems.append(f"{at}: the view does not read back: {exc}")
        return
    if game.observe(view, player) != seen:
        problems.append(f"{at}: the view of the view differs from the view")
    mover = game.to_act(state)
    if mover.kind == "player" and mover.players == (player,) and game.to_act(view) == mover:
        forbidden = set(map(game.format_action, game.legal_actions(view, rules))) \
            - set(map(game.format_action, game.legal_actions(state, rules)))
        if forbidden:
            problems.append(f"{at}: the view allows what the state forbids: {', '.join(sorted(forbidden))}")


def _check_actions(game: AnyGame, rules: Any, state: Any, played: Any, rng: random.Random, at: str,
                   problems: list[str]) -> None:
    mover = game.to_act(state)
    if mover.kind == "simultaneous":
        return  # the joint action is made by joint_action, not listed: it is checked by being played
    legal = list(game.legal_actions(state, rules)) if mover.kind == "player" else []
    for action in [played, *rng.sample(legal, min(len(legal), SAMPLED_ACTIONS - 1))]:
        text = game.format_action(action)
        if mover.kind == "player" and game.explain(state, action, rules).status == ILLEGAL:
            problems.append(f"{at}: the legal action {text} is explained as illegal")
        form_json = json.loads(json.dumps(game.action_to_json(action)))
        _reads_back(at, f"the action {text}", text,
                    (("text", game.parse_action, text), ("JSON", game.action_from_json, form_json)),
                    game.format_action, problems)


def _reads_back(at: str, what: str, text: str, forms: tuple[tuple[str, Callable[[Any], Any], Any], ...],
                write: Callable[[Any], str], problems: list[str]) -> None:
    """Each of ``what``'s ``forms`` (name, reader, value: its text and its JSON form) reads back, and is
    written again as ``text``."""
    for form, read, value in forms:
        try:
            again = write(read(value))
        except NotationError as exc:
            problems.append(f"{at}: the {form} form of {what} does not read back: {exc}")
            continue
        if again != text:
            problems.append(f"{at}: the {form} form of {what} reads back as {again}")


def _check_perft(game: AnyGame, rules: Any, state: Any, at: str, problems: list[str]) -> None:
    mover = game.to_act(state)
    if mover.kind == "over":
        return
    try:
        one = game.perft(state, rules, 1)
    except NotationError:
        return  # a chance too wide to expand (a deal): perft counts from a dealt state
    legal = len(game.legal_actions(state, rules)) if mover.kind == "player" else one
    if one != legal:
        problems.append(f"{at}: perft 1 is {one}, but {counted(legal, 'action')} {'is' if legal == 1 else 'are'} legal")
    depth = 2 if one <= PERFT_WIDTH else 1
    total, parts = game.perft(state, rules, depth), game.divide(state, rules, depth)
    if sum(n for _, n in parts) != total:
        problems.append(f"{at}: perft {depth} is {total}, but its divide sums to {sum(n for _, n in parts)}")


def _run_cli(argv: Sequence[str]) -> tuple[int, str]:
    from oracle.tools.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue() + err.getvalue()


def _check_cli(game: AnyGame, start: Any, actions: Sequence[Any], final: Any, where: str,
               problems: list[str]) -> None:
    texts = [game.format_action(a) for a in actions]
    option = ["--game", game.name]
    if texts:
        code, out = _run_cli([*option, "--json", "apply", game.format_state(start), *texts])
        reached = json.loads(out).get("position") if code == 0 else None
        if reached != game.format_state(final):
            problems.append(f"{where}: oracle apply of the game (exit {code}) reaches {reached}, "
                            f"not {game.format_state(final)}")
    code, out = _run_cli([*option, "moves", game.format_state(final)])
    if code != 0:
        problems.append(f"{where}: oracle moves of {game.format_state(final)} fails (exit {code}): {out.strip()}")


def _answer(request: dict[str, Any]) -> dict[str, Any]:
    from oracle.tools.protocol import handle

    answer: dict[str, Any] = json.loads(handle(json.dumps({"id": 1, **request}), budget=None))
    return answer


def _check_protocol(game: AnyGame, start: Any, actions: Sequence[Any], final: Any, where: str,
                    problems: list[str]) -> None:
    base = {"game": game.name}
    if actions:
        played = _answer({**base, "op": "apply", "position": game.format_state(start),
                          "turns": [game.format_action(a) for a in actions]})
        if played.get("position") != game.format_state(final):
            problems.append(f"{where}: the protocol's apply answers {json.dumps(played)[:200]}")
    for op in ("moves", "validate"):
        answer = _answer({**base, "op": op, "position": game.format_state(final)})
        if not answer.get("ok") or (op == "validate" and not answer.get("valid")):
            problems.append(f"{where}: the protocol's {op} of the last state answers {json.dumps(answer)[:200]}")


def _check_record(game: AnyGame, rules: Any, start: Any, actions: Sequence[Any], where: str,
                  problems: list[str]) -> None:
    from oracle.tools.records import read_record, replay, write_record

    done = replay(read_record(write_record(game, rules, start, actions)))
    if done.problem is not None:
        problems.append(f"{where}: its record does not replay: {done.problem}")


def _check_playthrough(game: AnyGame, rules: Any, seed: int, max_plies: int, where: str,
                       problems: list[str]) -> None:
    """The vectors' playthrough of one seeded game, written by the vector builder and replayed."""
    from oracle.tools.vectors import build, read_playthrough, replay

    small = replace(game.vector_set(rules), seeds=(seed + 1,), named=(), perft_depths={"*": 1}, deep_perft={},
                    offline_perft=(), max_plies=max_plies)
    files = build(game, small)
    written = [path for path in files if path.startswith("playthroughs/")]
    if not written:
        problems.append(f"{where}: the vector builder writes no playthrough")
    for path in written:
        text = files[path].decode("utf-8")
        if path.endswith(".txt"):
            found = replay(read_playthrough(text), game)
            if found:
                problems.append(f"{where}: {path} does not replay: {found[0]}")


def _check_adapters(game: AnyGame, problems: list[str]) -> None:
    """OpenSpiel's random simulation and PettingZoo's API test on the game, where the extras are installed."""
    checks: list[tuple[str, Callable[[], None]]] = []
    with contextlib.suppress(ImportError):
        import pyspiel

        from oracle.adapters import openspiel

        checks.append(("OpenSpiel's random_sim_test", lambda: pyspiel.random_sim_test(
            pyspiel.load_game(openspiel.registered_name(game.name)), num_sims=1, serialize=True, verbose=False)))
    with contextlib.suppress(ImportError):
        from pettingzoo.test import api_test

        from oracle.adapters.pettingzoo import env

        def pettingzoo_api() -> None:
            with warnings.catch_warnings():  # its advice on observation spaces, not a failure
                warnings.simplefilter("ignore", UserWarning)
                api_test(env(game.name), num_cycles=5)

        checks.append(("PettingZoo's api_test", pettingzoo_api))
    for what, check in checks:
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                check()
        except Exception as exc:  # the adapter's own test failed: report it as one problem
            problems.append(f"{game.name}: {what} fails: {type(exc).__name__}: {exc}"[:300])
