"""Boundary vector sets: the positions the model checks chose, written as vectors other engines can run.

A game's model differential picks one position for each branch and boundary
of its model (the last round, a hand without the led suit, a Lieu shown with
no tile to reveal, ...).  `build` writes them in the vector formats of
spec/vectors.md (layout 2 records): ``positions.jsonl`` (each position where
one player acts, with every legal action), ``apply.jsonl`` (every legal
action of each position, or the first joint actions of a sealed bidding step,
with the position after, the events and the outcome) and ``manifest.json``.
``oracle conform --game GAME --vectors vectors/GAME/boundaries`` runs them
against an engine; the quick tier rebuilds them and compares them byte for
byte (`check`).

    python -m properties.time_chase.boundaries write
    python -m properties.trois_ombres.boundaries write
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oracle import SPEC_VERSION

ROOT = Path(__file__).resolve().parent.parent


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def build(game: Any, named: Sequence[tuple[str, Any]], actions_of: Callable[[Any], Sequence[Any]],
          source: str) -> dict[str, bytes]:
    """The set's files for the ``named`` positions; ``actions_of`` lists the actions applied at each."""
    rules = game.parse_rules(None, None)
    positions, applied = [], []
    for name, state in named:
        text = game.format_state(state)
        if game.to_act(state).kind == "player":
            legal = game.legal_actions(state, rules)
            positions.append(_line({"id": name, "state": text, "count": len(legal),
                                    "actions": [game.format_action(a) for a in legal]}))
        for index, action in enumerate(actions_of(state), start=1):
            after = game.apply(state, action, rules)
            outcome = game.outcome(after.state)
            applied.append(_line({
                "id": f"{name}/{index}", "state": text, "action": game.format_action(action),
                "after": game.format_state(after.state), "events": [game.event_text(e) for e in after.events],
                "outcome": None if outcome is None else {"winners": [game.player_name(w) for w in outcome.winners],
                                                         "rule": outcome.rule},
            }))
    files = {"positions.jsonl": "".join(positions).encode(), "apply.jsonl": "".join(applied).encode()}
    manifest = {
        "format": 2, "game": game.name, "spec": SPEC_VERSION, "rules": game.rules_name(rules), "seeds": [],
        "made_by": source, "boundaries": [name for name, _ in named],
        "files": [{"path": path, "bytes": len(blob), "records": blob.count(b"\n"),
                   "sha256": hashlib.sha256(blob).hexdigest()} for path, blob in sorted(files.items())],
    }
    files["manifest.json"] = (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode()
    return files


def write(directory: Path, files: dict[str, bytes]) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for path, blob in files.items():
        (directory / path).write_bytes(blob)


def check(directory: Path, files: dict[str, bytes]) -> list[str]:
    """The committed set in ``directory`` against ``files`` rebuilt now: the paths that differ."""
    present = {p.name for p in directory.iterdir() if p.is_file()} if directory.is_dir() else set()
    problems = [f"missing: {p}" for p in sorted(set(files) - present)]
    problems += [f"differs: {p}" for p in sorted(set(files) & present) if (directory / p).read_bytes() != files[p]]
    return problems + [f"extra: {p}" for p in sorted(present - set(files))]


def main(directory: Path, files: Callable[[], dict[str, bytes]], argv: Sequence[str]) -> int:
    """``write`` rewrites the set in ``directory``; with no argument, check that it is current (status 1 if
    not).  The body of a game's ``python -m properties.<game>.boundaries``."""
    if list(argv) == ["write"]:
        write(directory, files())
        return 0
    problems = check(directory, files())
    print("\n".join(problems) or "the boundary vectors are current")
    return 1 if problems else 0


@dataclass
class Sampler:
    """A model differential's sample in the making: every ``every``-th state of each game offered, and the
    first state that meets each named boundary, with the index of that state in the sample."""

    every: int
    chosen: list[tuple[Any, Any]] = field(default_factory=list)
    found: dict[str, int] = field(default_factory=dict)

    def offer(self, rules: Any, state: Any, k: int, names: Iterable[str], meets: Callable[[str], bool]) -> None:
        """The ``k``-th state of a game: kept when ``k`` is a multiple of ``every`` or it meets a boundary
        of ``names`` not met before."""
        hits = [name for name in names if name not in self.found and meets(name)]
        for name in hits:
            self.found[name] = len(self.chosen)
        if hits or k % self.every == 0:
            self.chosen.append((rules, state))

    def built(self, name: str, rules: Any, state: Any | None) -> None:
        """A state built for the boundary ``name`` (None when it could not be built here): kept if it is the first."""
        if state is not None and name not in self.found:
            self.found[name] = len(self.chosen)
            self.chosen.append((rules, state))


def report(found: Mapping[str, int], names: Sequence[str], size: int, check: Callable[[], None], agreed: str) -> int:
    """Print which boundaries the sample of ``size`` states reached, run ``check``, and say ``agreed``; exit
    status 0 when every boundary was reached.  The body of a game's ``python -m ...model_differential``."""
    print(f"{size} states; boundaries reached: {len(found)} of {len(names)}")
    for name in names:
        print(f"  {'found' if name in found else 'MISSING':<8} {name}")
    check()
    print(agreed)
    return 0 if len(found) == len(names) else 1
