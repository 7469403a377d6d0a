"""The JSON-lines protocol: one JSON request per line in, one JSON response per line out.

spec/protocol.md is the specification; spec/schema/ holds its JSON Schemas.
`handle` answers one line and never raises; `serve` runs the loop over a pair
of byte streams (``oracle serve --stdio``).  Nothing here knows a rule or a
game: every answer comes from a game's `oracle.interface.Game` (the ``game``
field, default TTYKM), perft included (`Game.perft`, within the game's
`Game.perft_depth_limit` for a request).
"""

from __future__ import annotations

import json
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import IO, Any

from oracle.errors import InapplicableVariant, InvalidPosition, NotationError, invalid_text
from oracle.games import DEFAULT_GAME, GAMES, AnyGame, load_game
from oracle.inputs import (
    MAX_ACTION_BYTES,
    MAX_INT_DIGITS,
    MAX_JSON_DEPTH,
    MAX_NAME_BYTES,
    MAX_STATE_BYTES,
    byte_length,
    check_numbers,
    check_size,
    load_json,
    one_line,
)
from oracle.interface import DEPENDS, LEGAL, LEGAL_SO_FAR, IllegalAction
from oracle.tools.records import depending, outcome_json, play, reached, step_json, summary
from oracle.tools.state_rules import check_named_rules
from oracle.tools.vectors import winner_word
from oracle.version import SPEC_VERSION, __version__

PROTOCOL_VERSION = 1
# The longest request line accepted, in bytes, without its newline.
MAX_LINE_BYTES = 65536
# The time one request may take, in seconds; beyond it the answer is `too_slow`.
REQUEST_SECONDS = 2.0
# Texts longer than this are parsed afresh on every request rather than kept in
# the parse caches, so that no sequence of requests grows the caches by more
# than a few megabytes (4,096 entries of at most this many characters each).
MAX_CACHED_TEXT = 256
# The server's documented memory ceiling (resident set size), which the
# padding attack in tests/test_hardening.py checks.
MEMORY_CEILING_MB = 64
OPS = ("legal", "explain", "apply", "moves", "observe", "perft", "validate", "version")
ERROR_CODES = (
    "bad_json", "bad_request", "line_too_long", "missing_field", "unknown_op", "bad_position",
    "invalid_position", "bad_turn", "bad_variant", "bad_depth", "bad_game", "too_slow", "internal",
)

Json = dict[str, Any]


class RequestError(Exception):
    """A request that cannot be answered: an error code from `ERROR_CODES` and a one-line message (and for
    an invalid state, the game's clause it breaks)."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        message = one_line(message)  # an echoed token can hold controls: escaped as the command line escapes them
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule


# --- reading the fields of a request -------------------------------------------


@dataclass(frozen=True, slots=True)
class Defaults:
    """What a request that names no ``game`` or ``variant`` gets (``oracle serve --game/--variant``)."""

    game: str = DEFAULT_GAME
    variant: str | None = None


@lru_cache(maxsize=4096)
def _cached_state(game_name: str, text: str) -> Any:
    return load_game(game_name).parse_state(text)


@lru_cache(maxsize=4096)
def _cached_action(game_name: str, text: str) -> Any:
    return load_game(game_name).parse_action(text)


def _state_from_text(game_name: str, text: str) -> Any:
    """Parse a position, through the cache when the text is short (`MAX_CACHED_TEXT`)."""
    if len(text) > MAX_CACHED_TEXT:
        return load_game(game_name).parse_state(text)
    return _cached_state(game_name, text)


def _action_from_text(game_name: str, text: str) -> Any:
    """Parse a turn, through the cache when the text is short (`MAX_CACHED_TEXT`)."""
    if len(text) > MAX_CACHED_TEXT:
        return load_game(game_name).parse_action(text)
    return _cached_action(game_name, text)


@lru_cache(maxsize=256)
def _rules_from_text(game_name: str, variant: str | None) -> Any:
    return load_game(game_name).parse_rules(None, variant)


def _require(request: Json, key: str) -> Any:
    if key not in request:
        raise RequestError("missing_field", f"the request needs the field {key!r}")
    return request[key]


def _check_field_size(value: str, limit: int, key: str, code: str) -> str:
    """A string field's value, or `RequestError` ``code`` when it is longer than ``limit`` bytes."""
    try:
        return check_size(value, limit, f"the field {key!r}")
    except NotationError as exc:
        raise RequestError(code, str(exc)) from None


def read_game(request: Json, default: Defaults) -> AnyGame:
    """The request's ``game`` (see ``version``), else the server's default game."""
    value = request.get("game", default.game)
    if not isinstance(value, str) or len(value) > MAX_NAME_BYTES or value not in GAMES:
        raise RequestError("bad_game", f"unknown game {json.dumps(value)[:40]}; known: {', '.join(GAMES)}")
    return load_game(value)


def read_position(request: Json, game: AnyGame) -> Any:
    """The request's ``position`` (the game's state): the text notation or the JSON form."""
    value = _require(request, "position")
    try:
        if isinstance(value, str):
            return _state_from_text(game.name, _check_field_size(value, MAX_STATE_BYTES, "position", "bad_position"))
        if isinstance(value, dict):
            return game.state_from_json(value)
    except InvalidPosition as exc:  # a NotationError too: it must come first
        raise RequestError("invalid_position", invalid_text(exc), exc.rule) from None
    except NotationError as exc:
        raise RequestError("bad_position", str(exc)) from None
    raise RequestError("bad_position", "position must be a string in the text notation or a JSON object")


def read_turn(request: Json, game: AnyGame) -> Any:
    """The request's ``turn`` (the game's action): the text notation or the JSON form, complete or partial."""
    return _turn_value(_require(request, "turn"), game)


def read_turns(request: Json, game: AnyGame) -> list[Any] | None:
    """``apply``'s ``turns``: a list of actions to play one after another, each as ``turn`` is written;
    None when the request gives ``turn`` instead."""
    if "turns" not in request:
        return None
    if "turn" in request:
        raise RequestError("bad_request", "give turn (one action) or turns (a list of them), not both")
    value = request["turns"]
    if not isinstance(value, list) or not value:
        raise RequestError("bad_turn", "turns must be a non-empty list of turns")
    return [_turn_value(item, game) for item in value]


def _turn_value(value: Any, game: AnyGame) -> Any:
    try:
        if isinstance(value, str):
            return _action_from_text(game.name, _check_field_size(value, MAX_ACTION_BYTES, "turn", "bad_turn"))
        if isinstance(value, dict):
            return game.action_from_json(value)
    except (NotationError, ValueError) as exc:
        raise RequestError("bad_turn", str(exc)) from None
    raise RequestError("bad_turn", "turn must be a string in the text notation or a JSON object")


def read_rules(request: Json, game: AnyGame, default: Defaults) -> Any:
    """The request's ``variant`` (``"standard"`` or names joined by ``+``), else the server's default."""
    value = request.get("variant", default.variant if game.name == default.game else None)
    if value is not None and not isinstance(value, str):
        raise RequestError("bad_variant", "variant must be a string such as \"standard\" or \"self-push=paradox\"")
    try:
        if value is not None:
            check_numbers(_check_field_size(value, MAX_NAME_BYTES, "variant", "bad_variant"), "the variant")
        return _rules_from_text(game.name, value)
    except NotationError as exc:
        raise RequestError("bad_variant", str(exc)) from None


def read_player(request: Json, game: AnyGame, state: Any, required: bool) -> int | None:
    """The request's ``player``: one of the players seated in ``state`` (`Game.seats`)."""
    value = request.get("player")
    if value is None and not required:
        return None
    if value is None:
        raise RequestError("missing_field", "the request needs the field 'player'")
    seats = game.seats(state)
    if not isinstance(value, int) or isinstance(value, bool) or value not in seats:
        raise RequestError("bad_request", f"player must be one of {list(seats)}, not {json.dumps(value)[:40]}")
    return value


def read_depth(request: Json, game: AnyGame, rules: Any) -> int:
    value = _require(request, "depth")
    limit = game.perft_depth_limit(rules, True)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RequestError("bad_depth", f"depth must be an integer 0 to {limit}, not {json.dumps(value)[:40]}")
    if not 0 <= value <= limit:
        raise RequestError("bad_depth", f"depth must be 0 to {limit} for {game.name} under {game.rules_name(rules)}"
                           f" in this server, not {value}")
    return value


# --- the operations -------------------------------------------------------------


def _perft_limit(game: AnyGame, variant: str | None) -> int:
    return game.perft_depth_limit(game.parse_rules(None, variant), True)


def check_variant(request: Json, game: AnyGame, default: Defaults, state: Any | None = None) -> Any:
    """The request's rules, read by every op: an unknown ``variant``, or one that contradicts what
    ``state`` fixes of its own rules (`oracle.tools.state_rules`), is ``bad_variant``, never ignored."""
    rules = read_rules(request, game, default)
    if state is None:
        return rules
    if not isinstance(request.get("variant"), str):
        return state_rules(game, state, rules)
    try:
        return check_named_rules(game, state, rules, None, request["variant"])
    except InapplicableVariant:
        raise  # answered by `handle`, naming the ruleset
    except NotationError as exc:
        raise RequestError("bad_variant", str(exc)) from None


def op_version(request: Json, default: Defaults) -> Json:
    game = read_game(request, default)
    check_variant(request, game, default)
    return {
        "oracle": __version__,
        "spec": SPEC_VERSION,
        "protocol": PROTOCOL_VERSION,
        "ops": list(OPS),
        "game": game.name,
        "engine": game.engine_impl(),
        "games": list(GAMES),
        "variants": ["standard", *game.variants()],
        "rulesets": list(game.rulesets()),
        "limits": {"line_bytes": MAX_LINE_BYTES, "perft_depth": _perft_limit(game, None),
                   "perft_depth_variant": _perft_limit(game, next(iter(game.variants()), None)),
                   "position_bytes": MAX_STATE_BYTES,
                   "turn_bytes": MAX_ACTION_BYTES, "name_bytes": MAX_NAME_BYTES, "json_depth": MAX_JSON_DEPTH,
                   "integer_digits": MAX_INT_DIGITS, "request_seconds": REQUEST_SECONDS},
    }


def op_validate(request: Json, default: Defaults) -> Json:
    game = read_game(request, default)
    try:
        state = read_position(request, game)
    except RequestError as exc:
        if exc.code not in ("bad_position", "invalid_position"):
            raise
        return {"valid": False, "code": exc.code, "rule": exc.rule, "reason": exc.message}
    check_variant(request, game, default, state)
    return {"valid": True, "position": game.format_state(state), "json": game.state_to_json(state)}


def state_rules(game: AnyGame, state: Any, rules: Any) -> Any:
    """The rules the position is played by (`Game.state_rules`): a ``variant`` that contradicts the ones it
    records is ``bad_variant``."""
    try:
        return game.state_rules(state, rules)
    except InapplicableVariant:
        raise  # answered by `handle`, naming the ruleset
    except NotationError as exc:
        raise RequestError("bad_variant", str(exc)) from None


def op_moves(request: Json, default: Defaults) -> Json:
    game = read_game(request, default)
    state = read_position(request, game)
    rules = check_variant(request, game, default, state)
    player = read_player(request, game, state, required=False)
    legal = game.legal_actions(state, rules, player)
    turns = [game.format_action(a) for a in legal]
    depends = depending(game, state, rules, player, legal)  # from a view, those that turn on what it cannot see
    mover = game.to_act(state)
    return {"variant": game.rules_name(rules), "position": game.format_state(state), "count": len(turns),
            "turns": turns, "depends": depends,
            "to_act": {"kind": mover.kind, "players": [game.player_name(p) for p in mover.players]},
            "outcome": outcome_json(game, game.outcome(state))}


def _verdict(request: Json, default: Defaults) -> tuple[AnyGame, Any, Any, Any, Json]:
    game = read_game(request, default)
    state, action = read_position(request, game), read_turn(request, game)
    rules = check_variant(request, game, default, state)
    verdict = game.explain(state, action, rules)
    return game, state, action, rules, {
        "variant": game.rules_name(rules), "turn": game.format_action(action), "verdict": verdict.status,
        "rule": verdict.rule, "reason": verdict.reason,
    }


def op_legal(request: Json, default: Defaults) -> Json:
    return _verdict(request, default)[4]


def _played(game: AnyGame, state: Any, action: Any, rules: Any) -> Json:
    applied = game.apply(state, action, rules)
    outcome = game.outcome(applied.state)
    winner = game.player_name(outcome.winners[0]) if outcome is not None and len(outcome.winners) == 1 else None
    return {
        "position": game.format_state(applied.state),
        "events": [game.event_text(e) for e in applied.events],
        "winner": winner,
    }


def op_explain(request: Json, default: Defaults) -> Json:
    game, state, action, rules, answer = _verdict(request, default)
    if answer["verdict"] in (LEGAL, DEPENDS):  # from a view, an action that depends is taken as made
        answer.update(_played(game, state, action, rules))
    elif answer["verdict"] == LEGAL_SO_FAR:
        answer["extensions"] = [game.format_action(a) for a in game.completions(state, action, rules)]
    return answer


def op_apply(request: Json, default: Defaults) -> Json:
    game = read_game(request, default)
    state = read_position(request, game)
    actions = read_turns(request, game)
    if actions is not None:
        return _apply_several(game, state, actions, check_variant(request, game, default, state))
    action = read_turn(request, game)
    rules = check_variant(request, game, default, state)
    answer: Json = {"variant": game.rules_name(rules), "turn": game.format_action(action)}
    try:
        played = _played(game, state, action, rules)
    except IllegalAction as exc:
        answer.update({"verdict": exc.verdict.status, "rule": exc.verdict.rule, "reason": exc.verdict.reason})
        return answer
    # From a player's view, an action that depends on what it cannot see is taken as made.
    verdict = game.explain(state, action, rules) if game.observe_rule is not None else None
    if verdict is not None and verdict.status == DEPENDS:
        answer.update({"verdict": DEPENDS, "rule": verdict.rule, "reason": verdict.reason})
    else:
        answer.update({"verdict": LEGAL, "rule": None, "reason": ""})
    answer.update(played)
    return answer


def _apply_several(game: AnyGame, state: Any, actions: list[Any], rules: Any) -> Json:
    """``apply`` with ``turns``: each in turn, stopping at the first illegal one; each step's verdict and
    events, and the position reached."""
    steps = play(game, state, actions, rules)
    after = reached(steps, state)
    verdict = summary(steps)
    return {"variant": game.rules_name(rules), "turns": [game.format_action(a) for a in actions],
            "steps": [step_json(game, s, with_state=False) for s in steps], "played": sum(s.played for s in steps),
            "verdict": verdict.status, "rule": verdict.rule, "reason": verdict.reason,
            "position": game.format_state(after), "winner": winner_word(game, after)}


def op_observe(request: Json, default: Defaults) -> Json:
    game = read_game(request, default)
    state = read_position(request, game)
    check_variant(request, game, default, state)
    player = read_player(request, game, state, required=True)
    assert player is not None
    seen = game.observe(state, player)
    return {"player": player, "observation": seen, "position": game.format_state(game.state_from_json(seen))}


def op_perft(request: Json, default: Defaults) -> Json:
    game = read_game(request, default)
    state = read_position(request, game)
    rules = check_variant(request, game, default, state)
    depth = read_depth(request, game, rules)
    divide = request.get("divide", False)
    if not isinstance(divide, bool):
        raise RequestError("bad_request", f"divide must be true or false, not {json.dumps(divide)[:40]}")
    answer: Json = {"variant": game.rules_name(rules), "depth": depth}
    try:
        if divide and depth >= 1:
            parts = game.divide(state, rules, depth)
            answer["nodes"] = sum(n for _, n in parts)
            answer["divide"] = [{"turn": game.format_action(a), "nodes": n} for a, n in parts]
        else:
            answer["nodes"] = game.perft(state, rules, depth)
    except NotationError as exc:  # a chance whose outcomes are too many to list (oracle.games.perft.PerftError)
        raise RequestError("bad_position", str(exc)) from None
    return answer


OPERATIONS: dict[str, Callable[[Json, Defaults], Json]] = {
    "legal": op_legal,
    "explain": op_explain,
    "apply": op_apply,
    "moves": op_moves,
    "observe": op_observe,
    "perft": op_perft,
    "validate": op_validate,
    "version": op_version,
}


# --- one line in, one line out ----------------------------------------------------


class TooSlow(BaseException):
    """Raised inside a request that has used up its time budget.

    A `BaseException`, so that no ``except Exception`` on the way can swallow it.
    """


def _can_time_requests() -> bool:
    """A budget is enforced with SIGALRM, which exists on POSIX and only works in the main thread."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _expire(signum: int, frame: object) -> None:
    raise TooSlow


@contextmanager
def time_budget(seconds: float | None) -> Iterator[None]:
    """Raise `TooSlow` in the block once ``seconds`` have passed (None: no budget).

    The SIGALRM handler is installed once and left in place (installing it per
    request would double the cost of the budget); it raises only while a
    budget is armed, since only `time_budget` arms the timer.
    """
    if seconds is None or not _can_time_requests():
        yield
        return
    if signal.getsignal(signal.SIGALRM) is not _expire:
        signal.signal(signal.SIGALRM, _expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def error_response(request_id: Any, code: str, message: str) -> str:
    return json.dumps({"id": request_id, "ok": False, "error": {"code": code, "message": one_line(message)}})


def handle(line: str, default: Defaults = Defaults(), budget: float | None = REQUEST_SECONDS) -> str:
    """Answer one request line with one response line (without the newline).

    Never raises: malformed input gets an error response with a stable code.
    ``default`` is the game and variant for requests that name none.  A request that
    takes more than ``budget`` seconds is stopped and answered ``too_slow``
    (enforced in the main thread, where `oracle serve` runs; None: no budget).
    """
    if len(line) > MAX_LINE_BYTES or byte_length(line) > MAX_LINE_BYTES:
        return error_response(None, "line_too_long", f"a request line may hold at most {MAX_LINE_BYTES} bytes")
    if not line.strip():
        return error_response(None, "bad_json", "empty line: expected one JSON object")
    try:
        request = load_json(line, "the request")
    except NotationError as exc:
        return error_response(None, "bad_json", str(exc)[:200])
    if not isinstance(request, dict):
        return error_response(None, "bad_request", "a request must be a JSON object")
    request_id = request.get("id")
    try:
        _require(request, "id")
        op = _require(request, "op")
        operation = OPERATIONS.get(op) if isinstance(op, str) else None
        if operation is None:
            raise RequestError("unknown_op", f"unknown op {json.dumps(op)[:40]}; known: {', '.join(OPS)}")
        named = request.get("game", default.game)
        if isinstance(named, str) and named in GAMES:
            load_game(named)  # a game's first import is the server's start-up, not the request's work
        with time_budget(budget):
            answer = operation(request, default)
    except RequestError as exc:
        return error_response(request_id, exc.code, exc.message)
    except TooSlow:
        return error_response(request_id, "too_slow", f"the request took more than its budget of {budget:g} s")
    except InapplicableVariant as exc:  # a variant that does not change the position's rules
        return error_response(request_id, "bad_variant", str(exc))
    except Exception as exc:  # a bug must not take the server down
        return error_response(request_id, "internal", f"internal error: {type(exc).__name__}: {exc}"[:200])
    return json.dumps({"id": request_id, "ok": True, "op": op, **answer})


def serve(stdin: IO[bytes], stdout: IO[bytes], default: Defaults = Defaults()) -> None:
    """Answer requests line by line until end of input, flushing every response.

    A line longer than `MAX_LINE_BYTES` is skipped to its end and answered with
    ``line_too_long``; bytes that are not UTF-8 get ``bad_json``.
    """
    while True:
        # Room for the longest line, its "\r\n", and one byte more to tell an overlong line.
        raw = stdin.readline(MAX_LINE_BYTES + 3)
        if not raw:
            return
        body = raw.removesuffix(b"\n").removesuffix(b"\r")
        if len(body) > MAX_LINE_BYTES:
            if not raw.endswith(b"\n"):
                while True:  # skip the rest of the oversized line
                    rest = stdin.readline(MAX_LINE_BYTES)
                    if not rest or rest.endswith(b"\n"):
                        break
            response = error_response(None, "line_too_long", f"a request line may hold at most {MAX_LINE_BYTES} bytes")
        else:
            try:
                text = body.decode("utf-8")
            except UnicodeDecodeError as exc:
                response = error_response(None, "bad_json", f"not UTF-8: byte {exc.start + 1} of the line")
            else:
                response = handle(text, default)
        stdout.write(response.encode("ascii") + b"\n")
        stdout.flush()
