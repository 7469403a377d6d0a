"""The JSON-lines protocol: one JSON request per line in, one JSON response per line out.

spec/protocol.md is the specification; spec/schema/ holds its JSON Schemas.
`handle` answers one line and never raises; `serve` runs the loop over a pair
of byte streams (``oracle serve --stdio``).  Nothing here knows a rule: every
answer comes from `oracle.games.ttykm.rules.standard`, `oracle.games.ttykm.perft` and `oracle.games.ttykm.notation`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from functools import lru_cache
from typing import IO, Any

from oracle import SPEC_VERSION, __version__
from oracle.games.ttykm.notation import (
    NotationError,
    event_text,
    format_position,
    format_turn,
    parse_position,
    parse_turn,
    position_from_json,
    position_to_json,
    turn_from_json,
)
from oracle.games.ttykm.rules.standard import IllegalTurn, apply_turn, explain, legal_turns
from oracle.games.ttykm.ruleset import CHAPTERS, STANDARD, VARIANTS, Ruleset, UnknownVariant
from oracle.games.ttykm.state import InvalidPosition, Position
from oracle.games.ttykm.turn import LEGAL, LEGAL_SO_FAR, Turn

PROTOCOL_VERSION = 1
# The longest request line accepted, in bytes, without its newline.
MAX_LINE_BYTES = 65536
# Perft depth limits, so that no request keeps the server busy for long:
# the standard game uses the fast counter, variants the plain rules.
MAX_PERFT_DEPTH = 4
MAX_PERFT_DEPTH_VARIANT = 3
OPS = ("legal", "explain", "apply", "moves", "perft", "validate", "version")
ERROR_CODES = (
    "bad_json", "bad_request", "line_too_long", "missing_field", "unknown_op", "bad_position",
    "invalid_position", "bad_turn", "bad_variant", "bad_depth", "internal",
)

Json = dict[str, Any]


class RequestError(Exception):
    """A request that cannot be answered: an error code from `ERROR_CODES` and a one-line message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# --- reading the fields of a request -------------------------------------------


@lru_cache(maxsize=4096)
def _position_from_text(text: str) -> Position:
    return parse_position(text)


@lru_cache(maxsize=4096)
def _turn_from_text(text: str) -> Turn:
    return parse_turn(text)


@lru_cache(maxsize=64)
def _ruleset_from_text(text: str) -> Ruleset:
    return Ruleset.parse(text)


def _require(request: Json, key: str) -> Any:
    if key not in request:
        raise RequestError("missing_field", f"the request needs the field {key!r}")
    return request[key]


def read_position(request: Json) -> Position:
    """The request's ``position``: the text notation or the JSON form."""
    value = _require(request, "position")
    try:
        if isinstance(value, str):
            return _position_from_text(value)
        if isinstance(value, dict):
            return position_from_json(value)
    except InvalidPosition as exc:  # a NotationError too: it must come first
        raise RequestError("invalid_position", f"invalid position ({exc.rule}): {exc}") from None
    except NotationError as exc:
        raise RequestError("bad_position", str(exc)) from None
    raise RequestError("bad_position", "position must be a string in the text notation or a JSON object")


def read_turn(request: Json) -> Turn:
    """The request's ``turn``: the text notation or the JSON form, complete or partial."""
    value = _require(request, "turn")
    try:
        if isinstance(value, str):
            return _turn_from_text(value)
        if isinstance(value, dict):
            return turn_from_json(value)
    except (NotationError, ValueError) as exc:
        raise RequestError("bad_turn", str(exc)) from None
    raise RequestError("bad_turn", "turn must be a string in the text notation or a JSON object")


def read_ruleset(request: Json, default: Ruleset) -> Ruleset:
    """The request's ``variant`` (``"standard"`` or names joined by ``+``), else ``default``."""
    value = request.get("variant")
    if value is None:
        return default
    if not isinstance(value, str):
        raise RequestError("bad_variant", "variant must be a string such as \"standard\" or \"self-push=paradox\"")
    try:
        return _ruleset_from_text(value)
    except UnknownVariant as exc:
        raise RequestError("bad_variant", str(exc)) from None


def read_depth(request: Json, ruleset: Ruleset) -> int:
    value = _require(request, "depth")
    limit = MAX_PERFT_DEPTH if ruleset == STANDARD else MAX_PERFT_DEPTH_VARIANT
    if not isinstance(value, int) or isinstance(value, bool):
        raise RequestError("bad_depth", f"depth must be an integer 0 to {limit}, not {json.dumps(value)[:40]}")
    if not 0 <= value <= limit:
        which = "the standard game" if ruleset == STANDARD else "a variant"
        raise RequestError("bad_depth", f"depth must be 0 to {limit} for {which} in this server, not {value}")
    return value


# --- the operations -------------------------------------------------------------


def op_version(request: Json, default: Ruleset) -> Json:
    return {
        "oracle": __version__,
        "spec": SPEC_VERSION,
        "protocol": PROTOCOL_VERSION,
        "ops": list(OPS),
        "variants": ["standard", *VARIANTS],
        "rulesets": ["standard", *(name for name, ready in CHAPTERS.items() if ready)],
        "limits": {"line_bytes": MAX_LINE_BYTES, "perft_depth": MAX_PERFT_DEPTH,
                   "perft_depth_variant": MAX_PERFT_DEPTH_VARIANT},
    }


def op_validate(request: Json, default: Ruleset) -> Json:
    try:
        position = read_position(request)
    except RequestError as exc:
        if exc.code not in ("bad_position", "invalid_position"):
            raise
        rule = InvalidPosition.rule if exc.code == "invalid_position" else None
        return {"valid": False, "code": exc.code, "rule": rule, "reason": exc.message}
    return {"valid": True, "position": format_position(position), "json": position_to_json(position)}


def op_moves(request: Json, default: Ruleset) -> Json:
    position, ruleset = read_position(request), read_ruleset(request, default)
    turns = [format_turn(t) for t in legal_turns(position, ruleset)]
    return {"variant": ruleset.name, "position": format_position(position), "count": len(turns), "turns": turns}


def _verdict(request: Json, default: Ruleset) -> tuple[Position, Turn, Ruleset, Json]:
    position, turn, ruleset = read_position(request), read_turn(request), read_ruleset(request, default)
    verdict = explain(position, turn, ruleset)
    return position, turn, ruleset, {
        "variant": ruleset.name, "turn": format_turn(turn), "verdict": verdict.status, "rule": verdict.rule,
        "reason": verdict.reason,
    }


def op_legal(request: Json, default: Ruleset) -> Json:
    return _verdict(request, default)[3]


def _played(position: Position, turn: Turn, ruleset: Ruleset) -> Json:
    applied = apply_turn(position, turn, ruleset)
    after = applied.position
    return {
        "position": format_position(after),
        "events": [event_text(e) for e in applied.events],
        "winner": after.winner.word if after.winner is not None else None,
    }


def op_explain(request: Json, default: Ruleset) -> Json:
    position, turn, ruleset, answer = _verdict(request, default)
    if answer["verdict"] == LEGAL:
        answer.update(_played(position, turn, ruleset))
    elif answer["verdict"] == LEGAL_SO_FAR:
        answer["extensions"] = [
            format_turn(t) for t in legal_turns(position, ruleset)
            if t.copy == turn.copy and t.actions[: len(turn.actions)] == turn.actions
        ]
    return answer


def op_apply(request: Json, default: Ruleset) -> Json:
    position, turn, ruleset = read_position(request), read_turn(request), read_ruleset(request, default)
    answer: Json = {"variant": ruleset.name, "turn": format_turn(turn)}
    try:
        played = _played(position, turn, ruleset)
    except IllegalTurn as exc:
        answer.update({"verdict": exc.verdict.status, "rule": exc.verdict.rule, "reason": exc.verdict.reason})
        return answer
    answer.update({"verdict": LEGAL, "rule": None, "reason": ""})
    answer.update(played)
    return answer


def op_perft(request: Json, default: Ruleset) -> Json:
    from oracle.games.ttykm.perft import divide, perft

    position, ruleset = read_position(request), read_ruleset(request, default)
    depth = read_depth(request, ruleset)
    answer: Json = {"variant": ruleset.name, "depth": depth}
    if request.get("divide") is True and depth >= 1:
        parts = divide(position, depth, ruleset)
        answer["nodes"] = sum(n for _, n in parts)
        answer["divide"] = [{"turn": format_turn(t), "nodes": n} for t, n in parts]
    else:
        answer["nodes"] = perft(position, depth, ruleset)
    return answer


OPERATIONS: dict[str, Callable[[Json, Ruleset], Json]] = {
    "legal": op_legal,
    "explain": op_explain,
    "apply": op_apply,
    "moves": op_moves,
    "perft": op_perft,
    "validate": op_validate,
    "version": op_version,
}


# --- one line in, one line out ----------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):  # such as 1e400: it could not be written back as JSON
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def error_response(request_id: Any, code: str, message: str) -> str:
    return json.dumps({"id": request_id, "ok": False, "error": {"code": code, "message": message}})


def handle(line: str, default: Ruleset = STANDARD) -> str:
    """Answer one request line with one response line (without the newline).

    Never raises: malformed input gets an error response with a stable code.
    ``default`` is the ruleset for requests that name no ``variant``.
    """
    if len(line) > MAX_LINE_BYTES or len(line.encode("utf-8", "surrogatepass")) > MAX_LINE_BYTES:
        return error_response(None, "line_too_long", f"a request line may hold at most {MAX_LINE_BYTES} bytes")
    if not line.strip():
        return error_response(None, "bad_json", "empty line: expected one JSON object")
    try:
        request = json.loads(line, parse_constant=_reject_constant, parse_float=_finite_float)
    except (ValueError, RecursionError) as exc:
        message = f"{exc.msg} at column {exc.colno}" if isinstance(exc, json.JSONDecodeError) else str(exc)
        return error_response(None, "bad_json", f"not JSON: {message}"[:200])
    if not isinstance(request, dict):
        return error_response(None, "bad_request", "a request must be a JSON object")
    request_id = request.get("id")
    try:
        _require(request, "id")
        op = _require(request, "op")
        operation = OPERATIONS.get(op) if isinstance(op, str) else None
        if operation is None:
            raise RequestError("unknown_op", f"unknown op {json.dumps(op)[:40]}; known: {', '.join(OPS)}")
        answer = operation(request, default)
    except RequestError as exc:
        return error_response(request_id, exc.code, exc.message)
    except Exception as exc:  # a bug must not take the server down
        return error_response(request_id, "internal", f"internal error: {type(exc).__name__}: {exc}"[:200])
    return json.dumps({"id": request_id, "ok": True, "op": op, **answer})


def serve(stdin: IO[bytes], stdout: IO[bytes], default: Ruleset = STANDARD) -> None:
    """Answer requests line by line until end of input, flushing every response.

    A line longer than `MAX_LINE_BYTES` is skipped to its end and answered with
    ``line_too_long``; bytes that are not UTF-8 get ``bad_json``.
    """
    while True:
        raw = stdin.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            while True:  # skip the rest of the oversized line
                rest = stdin.readline(MAX_LINE_BYTES)
                if not rest or rest.endswith(b"\n"):
                    break
            response = error_response(None, "line_too_long", f"a request line may hold at most {MAX_LINE_BYTES} bytes")
        else:
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                response = error_response(None, "bad_json", f"not UTF-8: byte {exc.start + 1} of the line")
            else:
                response = handle(text.rstrip("\r\n"), default)
        stdout.write(response.encode("ascii") + b"\n")
        stdout.flush()
