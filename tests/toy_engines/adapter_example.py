"""A thin adapter: the JSON-lines protocol on stdin/stdout around an engine's own API.

Replace the three functions under "your engine" with calls into your engine;
the rest speaks the protocol.  As written they call the oracle, so the
adapter runs and conforms:

    oracle conform --engine "python tests/toy_engines/adapter_example.py"
"""

from __future__ import annotations

import json
import sys
from typing import Any

# --- your engine: three functions over the text notation -----------------------------
from oracle.games.ttykm.notation import event_text
from oracle.ttykm import apply_turn, explain, format_position, format_turn, legal_turns, parse_position, parse_turn


def engine_moves(position: str) -> list[str]:
    """Every legal turn in ``position``."""
    return [format_turn(t) for t in legal_turns(parse_position(position))]


def engine_verdict(position: str, turn: str) -> str:
    """"legal", "legal so far" or "illegal" for a complete or partial turn."""
    return explain(parse_position(position), parse_turn(turn)).status


def engine_play(position: str, turn: str) -> tuple[str, list[str]]:
    """The position after a legal complete turn, and its events (or [] if the engine has none)."""
    applied = apply_turn(parse_position(position), parse_turn(turn))
    return format_position(applied.position), [event_text(e) for e in applied.events]


# --- the protocol ------------------------------------------------------------------------


def answer(request: dict[str, Any]) -> dict[str, Any]:
    op = request.get("op")
    position: str = request.get("position", "")
    turn: str = request.get("turn", "")
    if request.get("variant", "standard") != "standard":
        return {"ok": False, "error": {"code": "bad_variant", "message": "this engine plays the standard game"}}
    if op == "version":
        return {"ok": True, "oracle": "my-engine 1.0", "spec": "1.0.0", "protocol": 1}
    if op == "moves":
        turns = engine_moves(position)
        return {"ok": True, "turns": turns, "count": len(turns)}
    if op == "legal":
        return {"ok": True, "verdict": engine_verdict(position, turn), "rule": None}
    if op == "apply":
        if engine_verdict(position, turn) != "legal":
            return {"ok": True, "verdict": "illegal", "rule": None}
        after, events = engine_play(position, turn)
        return {"ok": True, "verdict": "legal", "rule": None, "position": after, "events": events}
    return {"ok": False, "error": {"code": "unknown_op", "message": f"unknown op {op!r}"}}


def main() -> None:
    for line in sys.stdin:
        request = json.loads(line)
        response = answer(request)
        print(json.dumps({"id": request.get("id"), "op": request.get("op"), **response}), flush=True)


if __name__ == "__main__":
    main()
