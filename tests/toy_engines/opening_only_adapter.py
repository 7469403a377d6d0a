"""A complete adapter for an engine that can only start from the opening position.

`TimeGame` (opening_only_engine.py) has no way to set up a position, but the
conformance runner sends positions from the middle of games.  The adapter
builds the engine's state from each position it is sent: it creates a game
at the opening and then overwrites every field of it (the copies, the
reserves, the removed counts, the Foci, the player to move, the winner), then
asks the engine.  It reads the JSON forms of positions and turns, which the
runner sends with ``--send-json``, so it needs no parser of the text notation
and none of the oracle's code:

    oracle conform --send-json --engine "python -m tests.toy_engines.opening_only_adapter"

(run from the repository root, where the ``tests`` package is).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from tests.toy_engines.opening_only_engine import Move, TimeGame

ERAS = ("past", "present", "future")
PLAYERS = {"white": "W", "black": "B"}
WORDS = {letter: word for word, letter in PLAYERS.items()}
ACTION_WORDS = {"N": "up", "E": "right", "S": "down", "W": "left", "F": "forward", "B": "back"}
ACTION_LETTERS = {word: letter for letter, word in ACTION_WORDS.items()}


# --- the oracle's squares and the engine's rows and columns ----------------------------------


def square_to_cell(square: str) -> tuple[int, int]:
    """"b3" -> (row 1, col 1): the engine counts rows from the top."""
    return 4 - int(square[1]), "abcd".index(square[0])


def cell_to_square(row: int, col: int) -> str:
    return f"{'abcd'[col]}{4 - row}"


# --- positions: the JSON form in, the engine's state out, and back -----------------------------


def game_from_position(position: dict[str, Any]) -> TimeGame:
    """The engine's state for a position in the JSON form (spec/ttykm/notation.md, NOTATION.JSON)."""
    game = TimeGame()  # the opening; every field is overwritten below
    game.boards = [[[None] * 4 for _ in range(4)] for _ in range(3)]
    for player, cells in position["copies"].items():
        for cell in cells:
            era, square = cell.split(":")
            row, col = square_to_cell(square)
            game.boards[ERAS.index(era)][row][col] = PLAYERS[player]
    game.reserve = {PLAYERS[p]: n for p, n in position["supply"].items()}
    game.lost = {PLAYERS[p]: n for p, n in position["removed"].items()}
    game.focus = {PLAYERS[p]: ERAS.index(era) for p, era in position["focus"].items()}
    game.player = PLAYERS[position["turn"]] if position["turn"] is not None else None
    game.winner = PLAYERS[position["winner"]] if position["winner"] is not None else None
    return game


def position_of(game: TimeGame) -> dict[str, Any]:
    """The JSON form of the engine's state."""
    copies: dict[str, list[str]] = {"white": [], "black": []}
    for era in range(3):
        for row in range(4, 0, -1):  # the oracle lists cells era by era, a1 to d4
            for col in range(4):
                owner = game.boards[era][4 - row][col]
                if owner is not None:
                    copies[WORDS[owner]].append(f"{ERAS[era]}:{cell_to_square(4 - row, col)}")
    return {
        "copies": copies,
        "turn": WORDS[game.player] if game.player is not None else None,
        "winner": WORDS[game.winner] if game.winner is not None else None,
        "focus": {WORDS[p]: ERAS[e] for p, e in game.focus.items()},
        "supply": {WORDS[p]: n for p, n in game.reserve.items()},
        "removed": {WORDS[p]: n for p, n in game.lost.items()},
    }


# --- turns ---------------------------------------------------------------------------------------


def turn_json(move: Move) -> dict[str, Any]:
    return {"copy": cell_to_square(*move.copy) if move.copy is not None else None,
            "actions": [ACTION_LETTERS[a] for a in move.actions], "focus": ERAS[move.focus]}


def matches(move: Move, turn: dict[str, Any]) -> bool:
    """Whether ``move`` is ``turn`` or, for a partial turn (no Focus), extends it."""
    theirs = turn_json(move)
    actions = turn.get("actions", [])
    if theirs["copy"] != turn.get("copy") or theirs["actions"][: len(actions)] != actions:
        return False
    if turn.get("focus") is None:
        return True
    return bool(theirs["actions"] == actions and theirs["focus"] == turn["focus"])


# --- the protocol ----------------------------------------------------------------------------


def answer(request: dict[str, Any]) -> dict[str, Any]:
    op = request.get("op")
    if request.get("variant", "standard") != "standard":
        return {"ok": False, "error": {"code": "bad_variant", "message": "this engine plays the standard game"}}
    if op == "version":
        return {"ok": True, "oracle": "opening-only 1.0", "spec": "1.0.0", "protocol": 1,
                "plays": {"ruleset": "standard", "variants": []}}
    if op not in ("moves", "legal", "apply"):
        return {"ok": False, "error": {"code": "unknown_op", "message": f"unknown op {op!r}"}}
    position, turn = request.get("position"), request.get("turn")
    if not isinstance(position, dict) or (op in ("legal", "apply") and not isinstance(turn, dict)):
        return {"ok": False, "error": {"code": "bad_position", "message": "send the JSON forms (--send-json)"}}
    game = game_from_position(position)
    moves = game.moves()
    if op == "moves":
        return {"ok": True, "turns": [turn_json(m) for m in moves], "count": len(moves)}
    assert isinstance(turn, dict)
    found = [m for m in moves if matches(m, turn)]
    if op == "legal":
        verdict = "illegal" if not found else "legal" if turn.get("focus") is not None else "legal so far"
        return {"ok": True, "verdict": verdict, "rule": None}
    if turn.get("focus") is None or not found:  # apply
        return {"ok": True, "verdict": "illegal", "rule": None}
    game.play(found[0])
    return {"ok": True, "verdict": "legal", "rule": None, "position": position_of(game)}


def main() -> None:
    for line in sys.stdin:
        request = json.loads(line)
        print(json.dumps({"id": request.get("id"), "op": request.get("op"), **answer(request)}), flush=True)


if __name__ == "__main__":
    main()
