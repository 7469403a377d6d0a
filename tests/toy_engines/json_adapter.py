"""A JSON-mode adapter skeleton: the protocol (spec/protocol.md) around your engine, importing
nothing from the oracle.  Run it with ``--send-json``, so that every position and turn arrives
in its JSON form (NOTATION.JSON) and no parser of the text notation is needed:

    oracle conform --send-json --engine "python -m tests.toy_engines.json_adapter"

(``--perft-seconds S`` sets its perft budget, 0.5 s unless told.)

Replace the four functions under "your engine"; the rest speaks the protocol.  As written they
call the small engine of opening_only_engine.py (through its adapter's converters), so the
skeleton runs and conforms.
"""

from __future__ import annotations

import copy
import json
import sys
import time
from typing import Any

from tests.toy_engines.opening_only_adapter import game_from_position, matches, position_of, turn_json

Json = dict[str, Any]
COPIES = 7  # copies per player: an engine with no removed counter derives it (see `with_removed`)
PERFT_SECONDS = 0.5  # a longer count is answered too_slow (and the runner skips it) rather than time out


# --- your engine: four functions over the JSON forms ---------------------------------------------


def load(position: Json) -> Any:
    """Your engine's state for a position in the JSON form (every field: the copies, supply,
    removed, focus, turn and winner)."""
    return game_from_position(position)


def turns(state: Any) -> list[Json]:
    """Every legal complete turn, as JSON turns ({"copy", "actions", "focus"}), in any order;
    none once the game is won."""
    return [turn_json(move) for move in state.moves()]


def play(state: Any, turn: Json) -> Any:
    """The state after a legal complete turn (a new object: ``state`` stays as it was)."""
    after = copy.deepcopy(state)
    after.play(next(move for move in after.moves() if matches(move, turn)))
    return after


def dump(state: Any) -> Json:
    """The JSON form of your engine's state."""
    return with_removed(position_of(state))


# --- the protocol ----------------------------------------------------------------------------------


def with_removed(position: Json) -> Json:
    """``removed`` is compared after every turn: an engine without the counter derives it as
    7 - copies on the board - supply."""
    if "removed" not in position:
        position["removed"] = {player: COPIES - len(cells) - position["supply"][player]
                               for player, cells in position["copies"].items()}
    return position


def is_prefix(partial: Json, complete: Json) -> bool:
    """Whether a legal complete turn extends a partial one (the same copy, its first actions)."""
    actions = partial.get("actions", [])
    return bool(complete["copy"] == partial.get("copy") and complete["actions"][: len(actions)] == actions)


def same_turn(a: Json, b: Json) -> bool:
    return (a.get("copy"), a.get("actions"), a.get("focus")) == (b.get("copy"), b.get("actions"), b.get("focus"))


def perft(state: Any, depth: int, deadline: float) -> int:
    """The number of turn sequences of ``depth`` turns; TimeoutError once past ``deadline``."""
    if time.monotonic() > deadline:
        raise TimeoutError
    listed = turns(state)
    if depth == 1:
        return len(listed)
    return sum(perft(play(state, turn), depth - 1, deadline) for turn in listed)


def error(code: str, message: str) -> Json:
    return {"ok": False, "error": {"code": code, "message": message}}


def answer(request: Json, perft_seconds: float = PERFT_SECONDS) -> Json:
    op = request.get("op")
    if request.get("variant", "standard") != "standard":
        return error("bad_variant", "this engine plays the standard game")
    if op == "version":  # `plays` lets the runner check the rules before anything else
        return {"ok": True, "oracle": "my-engine 0.1", "spec": "1.0.0", "protocol": 1,
                "plays": {"ruleset": "standard", "variants": []}}
    if op not in ("moves", "legal", "apply", "perft"):
        return error("unknown_op", f"unknown op {op!r}")  # explain, validate, observe: optional
    if not isinstance(request.get("position"), dict):
        return error("bad_position", "send the JSON forms (--send-json)")
    state = load(request["position"])
    listed = turns(state)
    if op == "moves":
        return {"ok": True, "turns": listed, "count": len(listed)}
    if op == "perft":
        depth = request.get("depth")
        if not isinstance(depth, int) or depth < 1:
            return error("bad_depth", "a depth of 1 or more")
        deadline = time.monotonic() + perft_seconds
        try:
            if request.get("divide") is True:
                parts = [{"turn": turn, "nodes": 1 if depth == 1 else perft(play(state, turn), depth - 1, deadline)}
                         for turn in listed]
                return {"ok": True, "nodes": sum(p["nodes"] for p in parts), "divide": parts}
            return {"ok": True, "nodes": perft(state, depth, deadline)}
        except TimeoutError:
            return error("too_slow", f"over this engine's budget of {perft_seconds:g} s")
    turn = request.get("turn")
    if not isinstance(turn, dict):
        return error("bad_turn", "send the JSON forms (--send-json)")
    complete = turn.get("focus") is not None
    found = any(same_turn(t, turn) for t in listed) if complete else any(is_prefix(turn, t) for t in listed)
    verdict = "illegal" if not found else "legal" if complete else "legal so far"
    if op == "legal" or verdict != "legal":  # apply plays complete legal turns only
        return {"ok": True, "verdict": "illegal" if op == "apply" and not complete else verdict, "rule": None}
    return {"ok": True, "verdict": "legal", "rule": None, "position": dump(play(state, turn))}


def main() -> None:
    args = sys.argv[1:]
    budget = float(args[args.index("--perft-seconds") + 1]) if "--perft-seconds" in args else PERFT_SECONDS
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except ValueError:
            print(json.dumps({"id": None, **error("bad_json", "not a JSON line")}), flush=True)
            continue
        print(json.dumps({"id": request.get("id"), "op": request.get("op"), **answer(request, budget)}), flush=True)


if __name__ == "__main__":
    main()
