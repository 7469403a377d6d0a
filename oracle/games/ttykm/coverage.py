"""Which clauses of spec/ttykm/ the records of a TTYKM vector set exercise (``oracle vectors coverage``).

`TtykmCoverage` is TTYKM's `oracle.interface.Coverage`: the shared vector
tools read the records and draw the tables of spec/vectors.md; this module
says which clauses each record exercises and how an apply record ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from oracle.games.ttykm.blame import event_rules
from oracle.games.ttykm.board import SQUARES
from oracle.games.ttykm.notation import parse_position, parse_turn
from oracle.games.ttykm.ruleset import VARIANTS, Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.vector_sets import COMMITTED, win_pattern

# Clauses no vector can exercise, with the reason.  Every other clause of the
# standard game must be exercised by some committed set (tests/test_vectors.py).
COVERAGE_EXEMPT = {
    "BOARD.ERAS": "the board itself: every record uses it, none tests it alone",
    "BOARD.SQUARES": "the board itself: every record uses it, none tests it alone",
    "SETUP.BGA-SPACES": "a numbering for Board Game Arena; no record uses it",
    "NOTATION.RULES": "the chapters: their vector sets come with them",
    "POSITION.VALID": "vectors hold valid positions only; the protocol tests send invalid ones",
    "WIN.NO-DRAW": "an absence: no record can show that no draw exists",
}
# The spec files of the standard game, whose every clause some committed set must
# exercise; the chapters' clauses are counted too, but not required.
STANDARD_SPEC_FILES = ("board.md", "position.md", "turn.md", "actions.md", "focus-and-win.md", "oracle.md",
                       "notation.md", "variants.md")
# Clauses every record exercises, because every record is written in the notation.
NOTATION_RULES = ("NOTATION.SQUARE", "NOTATION.POSITION", "NOTATION.TURN", "NOTATION.EVENT", "NOTATION.JSON")
NO_WIN = "no win"


def apply_rules(record: Mapping[str, Any], ruleset: Ruleset) -> set[str]:
    """The clauses an apply record exercises: its events' rules, and the turn's shape and end."""
    events: list[str] = record["events"]
    position, after = parse_position(record["position"]), parse_position(record["after"])
    turn = parse_turn(record["turn"])
    rules = set(event_rules(events, ruleset)) | {"ORACLE.EVENTS", "TURN.END"}
    rules.add("WIN.CHECK" if after.winner is not None else "TURN.ORDER")
    if "mover on one era" in (win_pattern(after) or ""):
        rules.add("WIN.MOVER-NOT-CHECKED")
    if turn.actions:
        rules |= {"ACTION.KINDS", "TURN.ACTION-COUNT"}
    if len(turn.actions) == 2:
        rules.add("TURN.ACTIVE-COPY")
    if any(e.startswith("moved ") for e in events):
        rules.add("MOVE.ORTHOGONAL")
    if any(e.startswith(("crushed ", "paradox ")) for e in events):
        rules.add("REMOVED.PERMANENT")
    if turn.copy is None:
        assert position.to_move is not None
        on_focus = position.copies[position.to_move] >> position.focus[position.to_move] * SQUARES & 0xFFFF
        rules.add("TURN.NO-ACTION" if on_focus else "TURN.NO-COPY")
    if after.focus[0] == after.focus[1]:
        rules.add("FOCUS.SHARED")
    return rules


class TtykmCoverage:
    """The coverage of TTYKM's vector sets against the clauses of spec/ttykm/."""

    exempt: Mapping[str, str] = COVERAGE_EXEMPT
    no_outcome: str = NO_WIN

    def clauses(self, ids_by_file: Mapping[str, Sequence[str]]) -> list[str]:
        """The clauses of the standard game and of its committed variants, in spec order: every clause
        of `STANDARD_SPEC_FILES` but the chapters' variants (those no committed standard-game set plays)."""
        played = {VARIANTS[v].rpartition("(")[2].rstrip(")") for r in COMMITTED if not r.chapters for v in r.variants}
        return [clause for name in STANDARD_SPEC_FILES for clause in ids_by_file.get(name, ())
                if not clause.startswith("VARIANT.") or clause in played]

    def record_rules(self, kind: str, record: Mapping[str, Any], rules: Any) -> set[str]:
        if kind == "positions":
            position = parse_position(record["position"])
            names = {"ORACLE.TURN", "ORACLE.ORDER"}
            if position == Position.start():
                names.add("SETUP.START")
            if position.winner is not None:
                names.add("TURN.GAME-OVER")
        elif kind == "apply":
            names = apply_rules(record, rules)
        elif kind == "illegal":
            names = {record["rule"]} | (set() if record["complete"] else {"ORACLE.PARTIAL"})
        else:  # a perft record
            names = {"ORACLE.TURN"}
        return names | set(NOTATION_RULES)

    def ending(self, state: Any) -> str:
        """``no win``, or how a won position was won: the eras the loser is left on (`win_pattern`)."""
        pattern = win_pattern(state)
        return NO_WIN if pattern is None else f"a win, the loser left on: {pattern}"
