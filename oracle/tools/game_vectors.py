"""Test vectors for any game of the oracle, written through the common game interface.

    python -m oracle.tools.game_vectors regenerate GAME      (rewrite vectors/GAME/)
    python -m oracle.tools.game_vectors verify GAME          (compare a fresh export with vectors/GAME/)

A set holds, as JSON lines and text (spec/vectors.md describes the TTYKM
set; this one follows the same ideas for games with chance):

* ``playthroughs/game-NN.txt``: whole seeded games, one action a line,
  chance outcomes written out as actions (``chance: die R``), so a game is
  replayed from the file alone; the last lines give the final state and
  the outcome;
* ``apply.jsonl``: a state, an action, the events and the state after;
* ``illegal.jsonl``: a state, an action that is illegal there, and the rule
  it breaks (the actions are legal actions of other states);
* ``manifest.json``: the game, the rules and each file's SHA-256.

The games are played by a game-supplied player (``play_seeded``) when the
game module has one, otherwise by uniform random choices.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from oracle import __version__
from oracle.games import GAMES, AnyGame, load_game

ROOT = Path(__file__).resolve().parents[2]
GAME_COUNT = 3
SAMPLE_EVERY = 23


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n"


def player_for(name: str) -> Callable[[int], list[Any]] | None:
    """The game's seeded player, if its module offers one (``play_seeded(seed) -> actions``)."""
    module = importlib.import_module(GAMES[name].rsplit(".", 1)[0] + ".game")
    return getattr(module, "play_seeded", None)


def random_game(game: AnyGame, rules: Any, seed: int, limit: int = 3000) -> list[Any]:
    rng = random.Random(seed)
    state = game.initial_state(rules)
    actions = []
    for _ in range(limit):
        mover = game.to_act(state)
        if mover.kind == "over":
            break
        action = game.sample_chance(state, rules, rng) if mover.kind == "chance" else \
            rng.choice(list(game.legal_actions(state, rules)))
        actions.append(action)
        state = game.apply(state, action, rules).state
    return actions


def build(name: str) -> dict[str, bytes]:
    """Every file of the set for game ``name`` under its default rules, as bytes."""
    game = load_game(name)
    rules = game.parse_rules(None, None)
    player = player_for(name)
    games = [player(seed) if player else random_game(game, rules, seed) for seed in range(1, GAME_COUNT + 1)]
    files: dict[str, bytes] = {}
    samples: list[Any] = []
    for number, actions in enumerate(games, start=1):
        state = game.initial_state(rules)
        lines = [f"# {game.title}: a seeded game\n", f"game: {name}\n", f"rules: {game.rules_name(rules)}\n",
                 f"seed: {number}\n", f"start: {game.format_state(state)}\n"]
        for ply, action in enumerate(actions):
            mover = game.to_act(state)
            who = "chance" if mover.kind == "chance" else game.player_name(mover.players[0])
            lines.append(f"{who}: {game.format_action(action)}\n")
            if ply % SAMPLE_EVERY == SAMPLE_EVERY - 1 and mover.kind == "player":
                samples.append(state)
            state = game.apply(state, action, rules).state
        outcome = game.outcome(state)
        lines.append(f"end: {game.format_state(state)}\n")
        lines.append(f"outcome: {'none' if outcome is None else outcome.rule} "
                     f"winners={','.join(map(str, outcome.winners)) if outcome else '-'}\n")
        files[f"playthroughs/game-{number:02d}.txt"] = "".join(lines).encode()
    apply_lines, illegal_lines = [], []
    pool = [a for s in samples for a in game.legal_actions(s, rules)]
    for k, state in enumerate(samples):
        legal = list(game.legal_actions(state, rules))
        for action in dict.fromkeys((legal[0], legal[len(legal) // 2], legal[-1])):
            applied = game.apply(state, action, rules)
            apply_lines.append(_line({"state": game.format_state(state), "action": game.format_action(action),
                                      "events": [game.event_text(e) for e in applied.events],
                                      "after": game.format_state(applied.state)}))
        rng = random.Random(k)
        for action in rng.sample(pool, min(len(pool), 12)):
            verdict = game.explain(state, action, rules)
            if not verdict.is_legal:
                illegal_lines.append(_line({"state": game.format_state(state), "action": game.format_action(action),
                                            "rule": verdict.rule, "reason": verdict.reason}))
                break
    files["apply.jsonl"] = "".join(apply_lines).encode()
    files["illegal.jsonl"] = "".join(illegal_lines).encode()
    manifest = {"game": name, "oracle": __version__, "rules": game.rules_name(rules),
                "files": {path: hashlib.sha256(data).hexdigest() for path, data in sorted(files.items())}}
    files["manifest.json"] = (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode()
    return files


def replay(name: str, text: str) -> str:
    """Replay a playthrough file and return its final state's text (it must match the ``end:`` line)."""
    game = load_game(name)
    rules = game.parse_rules(None, None)
    state = game.initial_state(rules)
    end = ""
    for line in text.splitlines():
        if line.startswith(("#", "game:", "rules:", "seed:", "start:", "outcome:")):
            continue
        key, _, value = line.partition(": ")
        if key == "end":
            end = value
            continue
        state = game.apply(state, game.parse_action(value), rules).state
    final = game.format_state(state)
    if final != end:
        raise ValueError("the replayed game does not end where the file says")
    return final


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("regenerate", "verify") or argv[1] not in GAMES:
        print("usage: python -m oracle.tools.game_vectors regenerate|verify GAME", file=sys.stderr)
        return 2
    command, name = argv
    directory = ROOT / "vectors" / name
    files = build(name)
    if command == "regenerate":
        for path, data in files.items():
            (directory / path).parent.mkdir(parents=True, exist_ok=True)
            (directory / path).write_bytes(data)
        print(f"wrote {len(files)} files to {directory.relative_to(ROOT)}/")
        return 0
    differ = [p for p, data in files.items() if not (directory / p).exists() or (directory / p).read_bytes() != data]
    print("\n".join(f"differs: {p}" for p in differ) or "the committed set re-exports byte for byte")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
