"""Test vectors for Time Chase: language-neutral files of what the rules answer.

(spec/time-chase/vectors.md describes the formats.)  Every vector carries its
deal explicitly: states are written in full (hands, the Invariant, the unused
cards, the first player), and each playthrough starts with the deal action,
so another engine needs none of our shuffling conventions.

    python -m oracle.games.time_chase.vectors regenerate    rewrite vectors/time-chase/
    python -m oracle.games.time_chase.vectors verify        compare them with a fresh build
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

from oracle.games.time_chase import notation, rules
from oracle.games.time_chase.actions import Action, Bids, Play
from oracle.games.time_chase.cards import deck
from oracle.games.time_chase.events import Event
from oracle.games.time_chase.ruleset import Rules
from oracle.games.time_chase.state import State

FORMAT_VERSION = 1
SPEC_VERSION = "1.0.0"
MANIFEST = "manifest.json"
# One set per player count: the set's directory and its rules.
SETS = {f"players-{n}": Rules(players=n) for n in (3, 4, 5, 6)}
GAMES_PER_SET = 2
SEED_BASE = 1000


@dataclass(frozen=True)
class Step:
    state: State
    action: Action
    after: State
    events: tuple[Event, ...]


def seeded_game(ruleset: Rules, seed: int) -> Iterator[Step]:
    """A game with uniformly random legal choices drawn from ``seed`` (deal, bids and plays alike)."""
    rng = Random(seed)
    state = State.new(ruleset.players)
    while state.phase != "over":
        action: Action
        if state.phase == "deal":
            action = rules.sample_deal(state.players, rng)
        elif state.phase == "bid":
            action = Bids(tuple(rng.choice(rules.legal_actions(state, ruleset, p)).amount  # type: ignore[union-attr]
                                for p in range(state.players)))
        else:
            action = rng.choice(rules.legal_actions(state, ruleset))
        after, events = rules.apply(state, action, ruleset)
        yield Step(state, action, after, events)
        state = after


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False) + "\n"


def _seed(name: str, game: int) -> int:
    return SEED_BASE * (list(SETS).index(name) + 1) + game


def apply_vectors(name: str, ruleset: Rules) -> list[str]:
    lines = []
    for game in range(1, GAMES_PER_SET + 1):
        for ply, step in enumerate(seeded_game(ruleset, _seed(name, game)), 1):
            lines.append(_line({
                "id": f"game-{game}/{ply}",
                "state": notation.format_state(step.state),
                "action": notation.format_action(step.action),
                "after": notation.format_state(step.after),
                "events": [notation.event_text(e) for e in step.events],
                "winners": list(step.after.winners) if step.after.phase == "over" else None,
            }))
    return lines


def near_misses(state: State, ruleset: Rules) -> list[Action]:
    """Illegal actions close to legal ones: cards held but not allowed, a card not held, bids too high."""
    if state.phase == "bid":
        misses: list[Action] = []
        for player in range(state.players):
            too_many = [0] * state.players
            too_many[player] = rules.bid_limit(state, player) + 1
            misses.append(Bids(tuple(too_many)))
        return misses
    if state.phase != "play":
        return []
    actor = rules.player_to_act(state)
    assert actor is not None
    legal = {a.card for a in rules.legal_actions(state, ruleset) if isinstance(a, Play)}
    held = [Play(c) for c in state.hands[actor] if c not in legal]
    foreign = next(c for c in sorted(deck(state.players)) if c not in state.hands[actor])
    return [*held, Play(foreign)]


def illegal_vectors(name: str, ruleset: Rules) -> list[str]:
    lines = []
    for ply, step in enumerate(seeded_game(ruleset, _seed(name, 1)), 1):
        for i, action in enumerate(near_misses(step.state, ruleset), 1):
            verdict = rules.explain(step.state, action, ruleset)
            assert not verdict.is_legal
            lines.append(_line({
                "id": f"game-1/{ply}/{i}",
                "state": notation.format_state(step.state),
                "action": notation.format_action(action),
                "verdict": "illegal",
                "rule": verdict.rule,
                "reason": verdict.reason,
            }))
    return lines


def playthrough(name: str, ruleset: Rules, game: int) -> str:
    seed = _seed(name, game)
    out = [
        "# Time Chase: a seeded random game (see spec/time-chase/vectors.md)",
        f"format: {FORMAT_VERSION}",
        f"spec: {SPEC_VERSION}",
        f"rules: {ruleset.name}",
        f"game: {game}",
        f"seed: {seed}",
    ]
    for ply, step in enumerate(seeded_game(ruleset, seed), 1):
        out += ["", f"ply: {ply}", f"state: {notation.format_state(step.state)}"]
        if step.state.phase == "bid":
            out.append("legal:")
            for player in range(step.state.players):
                bids = [notation.format_action(a).removeprefix("bid ") for a in
                        rules.legal_actions(step.state, ruleset, player)]
                out.append(f"  p{player}: {','.join(bids)}")
        elif step.state.phase == "play":
            out.append(f"to-act: p{rules.player_to_act(step.state)}")
            legal = rules.legal_actions(step.state, ruleset)
            out.append("legal: " + " ".join(notation.format_action(a) for a in legal))
        out.append(f"action: {notation.format_action(step.action)}")
        out.append("events:")
        out += [f"  {notation.event_text(e)}" for e in step.events]
        last = step.after
    out += ["", f"final: {notation.format_state(last)}",
            "winners: " + (",".join(f"p{w}" for w in last.winners) or "nobody") + f" {last.end_rule}"]
    return "\n".join(out) + "\n"


def build(name: str) -> dict[str, bytes]:
    """Every file of one set, as bytes, with its manifest."""
    ruleset = SETS[name]
    files: dict[str, tuple[bytes, int]] = {}
    for file_name, lines in (("apply.jsonl", apply_vectors(name, ruleset)),
                             ("illegal.jsonl", illegal_vectors(name, ruleset))):
        files[file_name] = ("".join(lines).encode(), len(lines))
    for game in range(1, GAMES_PER_SET + 1):
        text = playthrough(name, ruleset, game)
        files[f"playthroughs/game-{game:02d}.txt"] = (text.encode(), text.count("\nply: "))
    manifest = {
        "format": FORMAT_VERSION,
        "game": "time-chase",
        "spec": SPEC_VERSION,
        "rules": ruleset.name,
        "files": [
            {"path": path, "bytes": len(data), "records": records, "sha256": hashlib.sha256(data).hexdigest()}
            for path, (data, records) in sorted(files.items())
        ],
    }
    built = {path: data for path, (data, _) in files.items()}
    built[MANIFEST] = (json.dumps(manifest, indent=2) + "\n").encode()
    return built


def export(root: Path) -> None:
    for name in SETS:
        for path, data in build(name).items():
            target = root / name / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)


def verify(root: Path) -> list[str]:
    """The files under ``root`` that differ from a fresh build (empty when all agree)."""
    differences = []
    for name in SETS:
        for path, data in build(name).items():
            target = root / name / path
            if not target.is_file() or target.read_bytes() != data:
                differences.append(f"{name}/{path}")
    return differences


def main(argv: list[str]) -> int:
    root = Path(__file__).resolve().parents[3] / "vectors" / "time-chase"
    if argv[:1] == ["regenerate"]:
        export(root)
        return 0
    if argv[:1] == ["verify"]:
        differences = verify(root)
        print("\n".join(differences) or "all vectors agree")
        return 1 if differences else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
