"""Test vectors for the games played through the common game interface (Time Chase, Trois Ombres).

(spec/vectors.md, "The other games", describes the formats.)  One mechanism
for every such game: a *set* is one directory of files for one rules value,
built from seeded games played through `oracle.interface.Game` alone.

* ``playthroughs/game-NN.txt``: a whole seeded game, ply by ply: the state,
  who acts, the legal choices, the action (chance outcomes written out as
  actions: a deal lists every hand, a die its face) and the events; then the
  final state and the outcome.  An engine replays it with none of our
  shuffling conventions;
* ``apply.jsonl``: a state, an action, the events and the state after;
* ``illegal.jsonl``: a state, an action that is illegal there, and the rule it breaks;
* ``manifest.json``: the game, the rules, the seeds and each file's size, record count and SHA-256.

The games are played by the game module's ``play_seeded(rules, seed)`` when
it has one (a simulated team, say), otherwise by uniformly random choices.
Illegal actions come from the module's ``near_misses(state, rules)`` when it
has one, otherwise from the actions legal at other plies of the same games.

    oracle vectors --game NAME regenerate | export DIR [--variant V] | verify DIR
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracle import SPEC_VERSION
from oracle.games import DEFAULT_GAME, GAMES, AnyGame, load_game
from oracle.inputs import MAX_NAME_BYTES
from oracle.interface import ToAct
from oracle.tools.vectors import MANIFEST, PLAYTHROUGH_DIR, VectorDirError, read_manifest

FORMAT_VERSION = 2
# The most plies of one game that become apply records (evenly spaced).
APPLY_PLIES_PER_GAME = 30
# The most illegal records drawn from other plies' actions at one ply, when the game offers no near misses.
ILLEGAL_PER_PLY = 2
# Separates the choices on a ``legal:`` line; no action's text contains it.
CHOICE_SEPARATOR = " | "


@dataclass(frozen=True)
class VectorSet:
    """One committed set: its directory under ``vectors/<game>/``, its rules (variant text) and seeds."""

    name: str
    variant: str | None
    seeds: tuple[int, ...]


# The sets kept in the repository, per game.
SETS: dict[str, tuple[VectorSet, ...]] = {
    "time-chase": tuple(VectorSet(f"players-{n}", f"players={n}", (1000 * k + 1, 1000 * k + 2))
                        for k, n in enumerate((3, 4, 5, 6), start=1)),
    "trois-ombres": (VectorSet("standard", None, (1, 2, 3)),),
}
DEFAULT_SEEDS = (1, 2)
# A manifest naming more seeds than this is refused: each seed is a whole game to rebuild.
MAX_SEEDS = 8


def vector_sets(name: str) -> tuple[VectorSet, ...]:
    """The committed sets of game ``name``; `VectorDirError` for a game whose vectors are built otherwise."""
    if name == DEFAULT_GAME:
        raise VectorDirError(f"{DEFAULT_GAME}'s vectors have their own formats (oracle.tools.vectors)")
    if name not in SETS:
        raise VectorDirError(f"no vector sets are defined for the game {name!r}")
    return SETS[name]


def set_for(name: str, variant: str | None) -> VectorSet:
    """The committed set of these rules, or a set of the default seeds for any other rules."""
    game = load_game(name)
    wanted = game.rules_name(game.parse_rules(None, variant))
    for candidate in vector_sets(name):
        if game.rules_name(game.parse_rules(None, candidate.variant)) == wanted:
            return candidate
    return VectorSet(wanted.replace("+", "_").replace("=", "-"), wanted, DEFAULT_SEEDS)


def _module_hook(name: str, hook: str) -> Callable[..., Any] | None:
    """An optional extra that a game's module may offer to the vectors (``play_seeded``, ``near_misses``)."""
    found: Callable[..., Any] | None = getattr(importlib.import_module(GAMES[name]), hook, None)
    return found


# --- playing ---------------------------------------------------------------------------------


def random_action(game: AnyGame, state: Any, rules: Any, rng: random.Random) -> Any:
    """A uniformly random legal action: a chance outcome, a joint action of sealed choices, or one player's."""
    mover = game.to_act(state)
    if mover.kind == "chance":
        return game.sample_chance(state, rules, rng)
    if mover.kind == "simultaneous":
        return game.joint_action(state, {p: rng.choice(list(game.legal_actions(state, rules, p)))
                                         for p in mover.players})
    return rng.choice(list(game.legal_actions(state, rules)))


def random_game(game: AnyGame, rules: Any, seed: int, limit: int = 3000) -> list[Any]:
    """The actions of a game played with uniformly random choices drawn from ``seed``."""
    rng = random.Random(seed)
    state = game.initial_state(rules)
    actions = []
    for _ in range(limit):
        if game.to_act(state).kind == "over":
            break
        action = random_action(game, state, rules, rng)
        actions.append(action)
        state = game.apply(state, action, rules).state
    return actions


@dataclass(frozen=True)
class Step:
    """One ply of a seeded game: the state, who acts, the action and what it did."""

    state: Any
    mover: ToAct
    action: Any
    after: Any
    events: tuple[Any, ...]


def seeded_game(name: str, rules: Any, seed: int) -> list[Step]:
    """The plies of the seeded game ``seed`` under ``rules``."""
    game = load_game(name)
    player = _module_hook(name, "play_seeded")
    actions = player(rules, seed) if player is not None else random_game(game, rules, seed)
    state = game.initial_state(rules)
    steps = []
    for action in actions:
        applied = game.apply(state, action, rules)
        steps.append(Step(state, game.to_act(state), action, applied.state, applied.events))
        state = applied.state
    return steps


# --- writing ---------------------------------------------------------------------------------


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def mover_text(game: AnyGame, mover: ToAct) -> str:
    """``chance``, ``over``, a player's name, or ``sealed p0,p1,p2`` for sealed simultaneous choices."""
    if mover.kind == "simultaneous":
        return "sealed " + ",".join(game.player_name(p) for p in mover.players)
    if mover.kind == "player":
        return game.player_name(mover.players[0])
    return mover.kind


def outcome_json(game: AnyGame, state: Any) -> dict[str, Any] | None:
    outcome = game.outcome(state)
    if outcome is None:
        return None
    return {"winners": [game.player_name(w) for w in outcome.winners], "rule": outcome.rule}


def _choices(game: AnyGame, actions: Sequence[Any]) -> str:
    texts = [game.format_action(a) for a in actions]
    assert not any(CHOICE_SEPARATOR in t for t in texts), "an action's text holds the choice separator"
    return CHOICE_SEPARATOR.join(texts)


def playthrough_file(game: AnyGame, rules: Any, seed: int, steps: list[Step]) -> str:
    out = [f"# {game.title}: a seeded game (spec/vectors.md, the other games)", f"format: {FORMAT_VERSION}",
           f"game: {game.name}", f"rules: {game.rules_name(rules)}", f"seed: {seed}"]
    for ply, step in enumerate(steps, start=1):
        out += ["", f"ply: {ply}", f"state: {game.format_state(step.state)}",
                f"to-act: {mover_text(game, step.mover)}"]
        if step.mover.kind == "player":
            out.append("legal: " + _choices(game, game.legal_actions(step.state, rules)))
        elif step.mover.kind == "simultaneous":
            out += [f"legal {game.player_name(p)}: " + _choices(game, game.legal_actions(step.state, rules, p))
                    for p in step.mover.players]
        out += [f"action: {game.format_action(step.action)}", "events:"]
        out += [f"  {game.event_text(e)}" for e in step.events]
    final = steps[-1].after if steps else game.initial_state(rules)
    outcome = game.outcome(final)
    out += ["", f"final: {game.format_state(final)}",
            "outcome: " + ("none" if outcome is None else
                           (",".join(game.player_name(w) for w in outcome.winners) or "nobody") + " " + outcome.rule)]
    return "\n".join(out) + "\n"


def _apply_record(game: AnyGame, rules: Any, ident: str, state: Any, action: Any) -> str:
    applied = game.apply(state, action, rules)
    return _line({"id": ident, "state": game.format_state(state), "action": game.format_action(action),
                  "after": game.format_state(applied.state), "events": [game.event_text(e) for e in applied.events],
                  "outcome": outcome_json(game, applied.state)})


def _spaced(count: int, most: int) -> list[int]:
    """At most ``most`` indexes out of ``range(count)``, evenly spaced, the first and last included."""
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def apply_file(game: AnyGame, rules: Any, games: list[list[Step]]) -> str:
    """At evenly spaced plies of each game: the action played, and the first legal choice if it differs."""
    lines = []
    for number, steps in enumerate(games, start=1):
        for index in _spaced(len(steps), APPLY_PLIES_PER_GAME):
            step = steps[index]
            ident = f"game-{number:02d}/{index + 1}"
            lines.append(_apply_record(game, rules, ident, step.state, step.action))
            if step.mover.kind == "player":
                first = game.legal_actions(step.state, rules)[0]
                if game.format_action(first) != game.format_action(step.action):
                    lines.append(_apply_record(game, rules, ident + "/first", step.state, first))
    return "".join(lines)


def _illegal_candidates(name: str, game: AnyGame, rules: Any, step: Step, pool: list[Any],
                        rng: random.Random) -> list[Any]:
    near_misses = _module_hook(name, "near_misses")
    if near_misses is not None:
        found: list[Any] = near_misses(step.state, rules)
        return found
    chosen: list[Any] = []
    for action in rng.sample(pool, min(len(pool), 40)):
        if len(chosen) == ILLEGAL_PER_PLY:
            break
        if not game.explain(step.state, action, rules).is_legal:
            chosen.append(action)
    return chosen


def illegal_file(name: str, game: AnyGame, rules: Any, games: list[list[Step]]) -> str:
    """At the same plies as the apply records, where a player acts: actions illegal there, with their rule."""
    pool = [s.action for steps in games for s in steps if s.mover.kind != "chance"]
    lines = []
    for number, steps in enumerate(games, start=1):
        rng = random.Random(number)
        for index in _spaced(len(steps), APPLY_PLIES_PER_GAME):
            step = steps[index]
            if step.mover.kind not in ("player", "simultaneous"):
                continue
            for k, action in enumerate(_illegal_candidates(name, game, rules, step, pool, rng), start=1):
                verdict = game.explain(step.state, action, rules)
                assert not verdict.is_legal, f"a near miss is legal: {game.format_action(action)}"
                lines.append(_line({"id": f"game-{number:02d}/{index + 1}/{k}", "state": game.format_state(step.state),
                                    "action": game.format_action(action), "verdict": verdict.status,
                                    "rule": verdict.rule, "reason": verdict.reason}))
    return "".join(lines)


def _records(path: str, text: str) -> int:
    return text.count("\nply: ") if path.startswith(PLAYTHROUGH_DIR + "/") else text.count("\n")


def build(name: str, vector_set: VectorSet) -> dict[str, bytes]:
    """Every file of one set of game ``name``, as bytes, with its manifest; the same on every run."""
    game = load_game(name)
    rules = game.parse_rules(None, vector_set.variant)
    games = [seeded_game(name, rules, seed) for seed in vector_set.seeds]
    texts = {f"{PLAYTHROUGH_DIR}/game-{n:02d}.txt": playthrough_file(game, rules, seed, steps)
             for n, (seed, steps) in enumerate(zip(vector_set.seeds, games, strict=True), start=1)}
    texts["apply.jsonl"] = apply_file(game, rules, games)
    texts["illegal.jsonl"] = illegal_file(name, game, rules, games)
    files = {path: text.encode() for path, text in texts.items()}
    manifest = {
        "format": FORMAT_VERSION, "game": name, "spec": SPEC_VERSION, "rules": game.rules_name(rules),
        "seeds": list(vector_set.seeds),
        "files": [{"path": path, "bytes": len(data), "records": _records(path, texts[path]),
                   "sha256": hashlib.sha256(data).hexdigest()} for path, data in sorted(files.items())],
    }
    files[MANIFEST] = (json.dumps(manifest, indent=2) + "\n").encode()
    return files


def _write(directory: Path, files: dict[str, bytes]) -> list[str]:
    """Write ``files`` into ``directory``, removing the files of an earlier set there that are gone."""
    if directory.exists() and not directory.is_dir():
        raise VectorDirError(f"{directory} is not a directory")
    if directory.exists() and any(directory.iterdir()):
        for entry in read_manifest(directory)["files"]:
            stale = directory / str(entry["path"])
            if str(entry["path"]) not in files and stale.is_file() and \
                    stale.resolve().is_relative_to(directory.resolve()):
                stale.unlink()
    for path, data in sorted(files.items()):
        target = directory / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return sorted(files)


def export(directory: Path, name: str, variant: str | None = None) -> list[str]:
    """Write the set of game ``name`` under ``variant`` into ``directory``; return the paths written."""
    return _write(directory, build(name, set_for(name, variant)))


def regenerate(root: Path, name: str) -> list[Path]:
    """Rewrite the committed sets of game ``name`` under ``root`` (normally ``vectors/``)."""
    written = []
    for vector_set in vector_sets(name):
        directory = root / name / vector_set.name
        _write(directory, build(name, vector_set))
        written.append(directory)
    return written


def is_game_set(manifest: dict[str, Any]) -> bool:
    """Whether a manifest is that of a set written here (it names a game other than TTYKM)."""
    return manifest.get("game") in GAMES and manifest.get("game") != DEFAULT_GAME


def manifest_set(directory: Path) -> tuple[str, VectorSet]:
    """The game and the set that ``directory``'s manifest describes."""
    manifest = read_manifest(directory)
    name, rules, seeds = manifest.get("game"), manifest.get("rules"), manifest.get("seeds")
    if not is_game_set(manifest) or not isinstance(rules, str) or len(rules) > MAX_NAME_BYTES \
            or not isinstance(seeds, list) or not 1 <= len(seeds) <= MAX_SEEDS \
            or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < 2**63 for s in seeds):
        raise VectorDirError(f"{directory / MANIFEST} does not name a game, its rules and at most {MAX_SEEDS} seeds")
    assert isinstance(name, str)
    return name, VectorSet(directory.name, rules, tuple(seeds))


def verify(directory: Path) -> list[str]:
    """Rebuild the set in ``directory`` (its manifest names the game, rules and seeds) and
    list every file that is missing, different or extra; empty when identical."""
    name, vector_set = manifest_set(directory)
    files = build(name, vector_set)
    present = {str(p.relative_to(directory)).replace("\\", "/") for p in directory.rglob("*") if p.is_file()}
    problems = []
    for path, data in sorted(files.items()):
        if path not in present:
            problems.append(f"missing: {path}")
        elif (directory / path).read_bytes() != data:
            problems.append(f"differs: {path}")
    return problems + [f"extra: {path}" for path in sorted(present - set(files))]


# --- reading the files back ----------------------------------------------------------------


@dataclass(frozen=True)
class Ply:
    """One ply of a playthrough file, as written: texts only."""

    number: int
    state: str
    mover: str
    legal: dict[str, tuple[str, ...]]  # "" for the acting player, a player's name while choices are sealed
    action: str
    events: tuple[str, ...]


@dataclass(frozen=True)
class Playthrough:
    game: str
    rules: str
    seed: int
    plies: tuple[Ply, ...]
    final: str
    outcome: str


def read_playthrough(text: str) -> Playthrough:
    """A playthrough file's header, plies, final state and outcome (`VectorDirError` if malformed)."""
    header: dict[str, str] = {}
    plies: list[Ply] = []
    current: dict[str, Any] | None = None

    def close() -> None:
        if current is not None:
            plies.append(Ply(current["ply"], current["state"], current["to-act"], current["legal"],
                             current["action"], tuple(current["events"])))

    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("  ") and current is not None:
            current["events"].append(line[2:])
            continue
        key, sep, value = line.partition(": ")
        if not sep and line.endswith(":"):
            key, value = line[:-1], ""
        if key == "ply":
            close()
            current = {"ply": int(value), "legal": {}, "events": []}
        elif current is not None and key in ("state", "to-act", "action"):
            current[key] = value
        elif current is not None and (key == "legal" or key.startswith("legal ")):
            current["legal"][key.removeprefix("legal").strip()] = tuple(value.split(CHOICE_SEPARATOR))
        elif key == "events":
            continue
        elif key in ("final", "outcome"):
            close()
            current = None
            header[key] = value
        else:
            header[key] = value
    try:
        return Playthrough(header["game"], header["rules"], int(header["seed"]), tuple(plies), header["final"],
                           header["outcome"])
    except (KeyError, ValueError) as exc:
        raise VectorDirError(f"a playthrough without its {exc} line") from None


def replay(playthrough: Playthrough) -> str:
    """Replay a playthrough from its first state's actions alone; the final state's text.

    `ValueError` when a ply's state is not where the actions before it lead,
    or the game does not end where the file says.
    """
    game = load_game(playthrough.game)
    rules = game.parse_rules(None, None if playthrough.rules == "standard" else playthrough.rules)
    state = game.initial_state(rules)
    for ply in playthrough.plies:
        if game.format_state(state) != ply.state:
            raise ValueError(f"ply {ply.number}: the replayed state differs from the file's")
        state = game.apply(state, game.parse_action(ply.action), rules).state
    final = game.format_state(state)
    if final != playthrough.final:
        raise ValueError("the replayed game does not end where the file says")
    return final
