"""The committed TTYKM vector sets as a check: the engine must give their answers.

The mutation harness runs this as its ``vectors`` kind: every ``limit``-th
record of a set's ``positions.jsonl`` (the legal turns), ``apply.jsonl``
(the position after a turn) and ``illegal.jsonl`` (the verdict and rule) is
asked of the engine in this process.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from oracle.games.ttykm.notation import format_position, format_turn, parse_position, parse_turn
from oracle.games.ttykm.rules.standard import apply_turn, explain, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position

VECTORS = Path(__file__).resolve().parent.parent / "vectors"


@cache
def records(directory: str, name: str) -> tuple[dict[str, Any], ...]:
    path = VECTORS / directory / name
    return tuple(json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


@cache
def ruleset_of(directory: str) -> Ruleset:
    manifest = json.loads((VECTORS / directory / "manifest.json").read_text(encoding="utf-8"))
    return Ruleset.parse(str(manifest["variant"]))


def check_vectors(directory: str, step: int = 1) -> None:
    """Every ``step``-th record of the set in ``vectors/<directory>`` says what the engine says."""
    ruleset = ruleset_of(directory)
    for record in records(directory, "positions.jsonl")[::step]:
        position = parse_position(record["position"])
        turns = [format_turn(t) for t, _ in successors(position, ruleset)]
        assert turns == record["turns"], f"{directory} {record['id']}: the legal turns differ"
    for record in records(directory, "apply.jsonl")[::step]:
        position, turn = parse_position(record["position"]), parse_turn(record["turn"])
        after = format_position(apply_turn(position, turn, ruleset).position)
        assert after == record["after"], f"{directory} {record['id']}: {record['turn']} leads elsewhere"
    for record in records(directory, "illegal.jsonl")[::step]:
        position, turn = parse_position(record["position"]), parse_turn(record["turn"])
        verdict = explain(position, turn, ruleset)
        assert (verdict.status, verdict.rule) == (record["verdict"], record["rule"]), \
            f"{directory} {record['id']}: {record['turn']} is {verdict.status} {verdict.rule}"


@cache
def vector_positions(directory: str) -> tuple[Position, ...]:
    """The distinct positions of a set's records (before and after), each with either player to move."""
    texts: set[str] = set()
    for name in ("positions.jsonl", "apply.jsonl", "illegal.jsonl"):
        for record in records(directory, name):
            texts.add(record["position"])
            if "after" in record:
                texts.add(record["after"])
    found: list[Position] = []
    for text in sorted(texts):
        position = parse_position(text)
        if position.to_move is not None:
            found += [position, replace(position, to_move=position.to_move.opponent)]
    return tuple(found)
