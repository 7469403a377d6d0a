"""Test vectors for other implementations: language-neutral files that say what
the rules answer, for every game (spec/vectors.md describes the formats).

A *set* is one directory of files for one rules value of one game, built
from seeded games through `oracle.interface.Game` alone; the game says what
its sets are (`Game.vector_sets`, `Game.vector_set`: a `VectorSet`, with its
named states and perft depths).  A set has one of two layouts, which its
manifest's ``format`` names:

* layout 1, a set of states: named and sampled states with their legal
  actions (``positions.jsonl``), apply cases that differ in the kinds of
  their events (``apply.jsonl``), illegal actions, one per rule and
  completeness, from the game's near misses (``illegal.jsonl``), perft from
  the named states (``perft.txt``, ``perft.jsonl``) and seeded playthroughs,
  every record with its JSON forms (TTYKM's sets);
* layout 2, a set of whole games: apply and illegal records at evenly
  spaced plies, and playthroughs that say who acts at every ply, chance
  outcomes written out as actions (Time Chase's and Trois Ombres' sets).

The fields are named in the game's own words (`Game.words`: ``position``
and ``turn`` in TTYKM, ``state`` and ``action`` elsewhere).  `build`
computes a set's files as bytes, reproducibly; `export` writes them with a
``manifest.json``; `verify` rebuilds a directory in memory and lists the
differences; `regenerate` rewrites a game's committed sets under ``vectors/``.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from oracle.errors import NotationError
from oracle.games import DEFAULT_GAME, GAMES, AnyGame, load_game
from oracle.inputs import MAX_NAME_BYTES, load_json
from oracle.interface import ILLEGAL, NamedState, ToAct, VectorSet
from oracle.tools.records import mover_text
from oracle.version import SPEC_VERSION, __version__
from oracle.words import counted

MANIFEST = "manifest.json"
PLAYTHROUGH_DIR = "playthroughs"
# Layout 1: one state in this many plies of each game joins the position set; apply cases per state.
SAMPLE_EVERY = 9
APPLY_PER_POSITION = 6
# Layout 2: the most plies of one game that become apply records (evenly spaced), and the most
# illegal records drawn from other plies' actions at one ply, when the game offers no near misses.
APPLY_PLIES_PER_GAME = 30
ILLEGAL_PER_PLY = 2
# Separates the choices on a layout 2 ``legal:`` line; no action's text contains it.
CHOICE_SEPARATOR = " | "
# The largest manifest.json read: it lists a few files, so anything bigger is not one.
MAX_MANIFEST_BYTES = 1 << 20
# A manifest naming more seeds than this is refused: each seed is a whole game to rebuild.
MAX_SEEDS = 8

Progress = Callable[[str], None]


class VectorDirError(ValueError):
    """A directory that cannot be exported to or verified."""


# --- playing the seeded games --------------------------------------------------------------


def random_action(game: AnyGame, state: Any, rules: Any, rng: random.Random) -> Any:
    """A uniformly random legal action: a chance outcome, a joint action of sealed choices, or one player's."""
    mover = game.to_act(state)
    if mover.kind == "chance":
        return game.sample_chance(state, rules, rng)
    if mover.kind == "simultaneous":
        return game.joint_action(state, {p: rng.choice(list(game.legal_actions(state, rules, p)))
                                         for p in mover.players})
    return rng.choice(list(game.legal_actions(state, rules)))


@dataclass(frozen=True)
class Step:
    """One ply of a seeded game: the state, who acts, the action and what it did."""

    state: Any
    mover: ToAct
    action: Any
    after: Any
    events: tuple[Any, ...]


def seeded_game(game: AnyGame, rules: Any, seed: int, max_plies: int) -> list[Step]:
    """The plies of seeded game ``seed``: the game's own player (`Game.seeded_actions`), else random choices."""
    actions = game.seeded_actions(rules, seed)
    rng = random.Random(seed)
    state = game.initial_state(rules)
    steps: list[Step] = []
    while (len(steps) < len(actions)) if actions is not None else \
            (game.to_act(state).kind != "over" and len(steps) < max_plies):
        action = actions[len(steps)] if actions is not None else random_action(game, state, rules, rng)
        applied = game.apply(state, action, rules)
        steps.append(Step(state, game.to_act(state), action, applied.state, applied.events))
        state = applied.state
    return steps


# --- what both layouts write ------------------------------------------------------------------


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def winner_word(game: AnyGame, state: Any) -> str | None:
    """The winning player's word when one player has won, else None."""
    outcome = game.outcome(state)
    return game.player_name(outcome.winners[0]) if outcome is not None and len(outcome.winners) == 1 else None


def _spaced(count: int, most: int) -> list[int]:
    """At most ``most`` indexes out of ``range(count)``, evenly spaced, the first and last included."""
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


class _Set:
    """The files of one set under construction: the game, its rules, the set and its seeded games."""

    def __init__(self, game: AnyGame, vector_set: VectorSet, progress: Progress | None) -> None:
        self.game = game
        self.set = vector_set
        self.rules = game.parse_rules(None, vector_set.rules)
        self.rules_name = game.rules_name(self.rules)
        self.words = game.words
        self.progress = progress
        self.games = [seeded_game(game, self.rules, seed, vector_set.max_plies) for seed in vector_set.seeds]

    def note(self, step: str) -> None:
        if self.progress is not None:
            self.progress(f"{self.rules_name}: {step}")

    def texts(self, actions: Sequence[Any]) -> list[str]:
        return [self.game.format_action(a) for a in actions]

    # -- layout 1: a set of states --

    def chosen(self) -> list[tuple[str, Any]]:
        """The named states, then every `SAMPLE_EVERY`-th state of each game."""
        chosen = [(named.name, self.game.parse_state(named.text)) for named in self.set.named]
        seen = {self.game.format_state(state) for _, state in chosen}
        for number, steps in enumerate(self.games, start=1):
            for ply in range(SAMPLE_EVERY, len(steps), SAMPLE_EVERY):
                text = self.game.format_state(steps[ply].state)
                if text not in seen:
                    seen.add(text)
                    chosen.append((f"game-{number:02d}-ply-{ply + 1:03d}", steps[ply].state))
        return chosen

    def ending(self, state: Any) -> str:
        coverage = self.game.coverage()
        if coverage is not None:
            return coverage.ending(state)
        outcome = self.game.outcome(state)
        return outcome.rule if outcome is not None else ""

    def apply_cases(self, state: Any) -> list[Any]:
        """Up to `APPLY_PER_POSITION` legal actions whose events differ in kind, or whose endings differ."""
        chosen: list[Any] = []
        kinds: set[tuple[str, ...]] = set()
        for action in self.game.legal_actions(state, self.rules):
            applied = self.game.apply(state, action, self.rules)
            kind = (*(self.game.event_text(e).split()[0] for e in applied.events), self.ending(applied.state))
            if kind not in kinds:
                kinds.add(kind)
                chosen.append(action)
                if len(chosen) == APPLY_PER_POSITION:
                    break
        return chosen

    def illegal_cases(self, state: Any, seed: int) -> list[tuple[Any, Any]]:
        """Illegal near misses (`Game.near_misses`), complete and partial, at most one per rule and completeness."""
        found: dict[tuple[str, bool], tuple[Any, Any]] = {}
        for action in self.game.near_misses(state, self.rules, random.Random(seed)) or ():
            verdict = self.game.explain(state, action, self.rules)
            if verdict.status == ILLEGAL and verdict.rule is not None:
                found.setdefault((verdict.rule, not self.game.is_partial(action)), (action, verdict))
        return list(found.values())

    def positions_file(self, chosen: list[tuple[str, Any]]) -> str:
        state_key, actions_key, game = self.words.state, self.words.actions, self.game
        out = []
        for name, state in chosen:
            actions = game.legal_actions(state, self.rules)
            out.append(_line({"id": name, state_key: game.format_state(state), "count": len(actions),
                              actions_key: self.texts(actions), f"{state_key}_json": game.state_to_json(state),
                              f"{actions_key}_json": [game.action_to_json(a) for a in actions]}))
        return "".join(out)

    def apply_file_1(self, chosen: list[tuple[str, Any]]) -> str:
        state_key, action_key, game = self.words.state, self.words.action, self.game
        out = []
        for name, state in chosen:
            for index, action in enumerate(self.apply_cases(state), start=1):
                applied = game.apply(state, action, self.rules)
                out.append(_line({
                    "id": f"{name}/{index}", state_key: game.format_state(state),
                    action_key: game.format_action(action), "after": game.format_state(applied.state),
                    "events": [game.event_text(e) for e in applied.events],
                    "winner": winner_word(game, applied.state),
                    f"{state_key}_json": game.state_to_json(state), f"{action_key}_json": game.action_to_json(action),
                    "after_json": game.state_to_json(applied.state),
                    "events_json": [game.event_to_json(e) for e in applied.events],
                }))
        return "".join(out)

    def illegal_file_1(self, chosen: list[tuple[str, Any]]) -> str:
        state_key, action_key, game = self.words.state, self.words.action, self.game
        out = []
        for number, (name, state) in enumerate(chosen):
            for index, (action, verdict) in enumerate(self.illegal_cases(state, number), start=1):
                out.append(_line({
                    "id": f"{name}/{index}", state_key: game.format_state(state),
                    action_key: game.format_action(action), "complete": not game.is_partial(action),
                    "verdict": ILLEGAL, "rule": verdict.rule, "reason": verdict.reason,
                    f"{state_key}_json": game.state_to_json(state), f"{action_key}_json": game.action_to_json(action),
                }))
        return "".join(out)

    def perft_counts(self, named: NamedState) -> list[tuple[int, int]]:
        """``(depth, nodes)`` from a named state: counted to the set's depths, then its counts made offline."""
        depths = self.set.perft_depths
        state = self.game.parse_state(named.text)
        counts = [(depth, self.game.perft(state, self.rules, depth))
                  for depth in range(1, depths.get(named.name, depths.get("*", 0)) + 1)]
        return counts + sorted(self.set.deep_perft.get(named.name, {}).items())

    def perft_files(self) -> tuple[str, str]:
        """``perft.txt``, in the line format of chess perft files, and the same records as JSON lines."""
        key, game = self.words.state, self.game
        text = [f"# {game.title}: perft counts (see spec/vectors.md)\n",
                f"# format {self.set.layout}, spec {SPEC_VERSION}, variant {self.rules_name}\n"]
        lines = []
        for named in self.set.named:
            state = game.parse_state(named.text)
            counts = self.perft_counts(named)
            text += ["\n", f"# {named.note}\n", f"id {named.name}\n", f"{key} {game.format_state(state)}\n"]
            text += [f"perft {depth} {nodes}\n" for depth, nodes in counts]
            lines.append(_line({"id": named.name, "note": named.note, key: game.format_state(state),
                                f"{key}_json": game.state_to_json(state),
                                "perft": [{"depth": d, "nodes": n} for d, n in counts]}))
        for named, depth, nodes in self.set.offline_perft:  # counted once, offline: copied, never recounted
            state = game.parse_state(named.text)
            text += ["\n", f"# {named.note}\n", f"id {named.name}\n", f"{key} {game.format_state(state)}\n",
                     f"perft {depth} {nodes}\n"]
            lines.append(_line({"id": named.name, "note": named.note, key: game.format_state(state),
                                f"{key}_json": game.state_to_json(state), "perft": [{"depth": depth, "nodes": nodes}]}))
        return "".join(text), "".join(lines)

    def result(self, final: Any) -> str:
        outcome = self.game.outcome(final)
        if outcome is None:
            return f"unfinished after {counted(self.set.max_plies, 'ply')}"
        winners = [self.game.player_name(w) for w in outcome.winners]
        return f"{winners[0]} wins" if len(winners) == 1 else f"{','.join(winners) or 'nobody'} win"

    def playthrough_files_1(self, number: int, seed: int, steps: list[Step]) -> tuple[str, str]:
        """A seeded game ply by ply, as text and as JSON lines, every state, action and event in both forms."""
        game, words = self.game, self.words
        state_key, action_key, actions_key = words.state, words.action, words.actions
        text = [f"# {game.title}: a seeded random game (see spec/vectors.md)\n", f"format: {self.set.layout}\n",
                f"spec: {SPEC_VERSION}\n", f"variant: {self.rules_name}\n", f"game: {number}\n", f"seed: {seed}\n"]
        lines = [_line({"record": "header", "format": self.set.layout, "spec": SPEC_VERSION,
                        "variant": self.rules_name, "game": number, "seed": seed})]
        for ply, step in enumerate(steps, start=1):
            legal = game.legal_actions(step.state, self.rules)
            names, events = self.texts(legal), [game.event_text(e) for e in step.events]
            action = game.format_action(step.action)
            text += ["\n", f"ply: {ply}\n", f"{state_key}: {game.format_state(step.state)}\n",
                     f"legal-count: {len(legal)}\n", f"legal-{actions_key}:\n", *(f"  {t}\n" for t in names),
                     f"{action_key}: {action}\n", "events:\n", *(f"  {e}\n" for e in events)]
            lines.append(_line({
                "record": "ply", "ply": ply, state_key: game.format_state(step.state), "legal_count": len(legal),
                f"legal_{actions_key}": names, action_key: action, "events": events,
                f"{state_key}_json": game.state_to_json(step.state),
                f"legal_{actions_key}_json": [game.action_to_json(a) for a in legal],
                f"{action_key}_json": game.action_to_json(step.action),
                "events_json": [game.event_to_json(e) for e in step.events],
            }))
        final = steps[-1].after if steps else game.initial_state(self.rules)
        text += ["\n", f"final: {game.format_state(final)}\n", f"plies: {len(steps)}\n",
                 f"result: {self.result(final)}\n"]
        lines.append(_line({"record": "final", "final": game.format_state(final),
                            "final_json": game.state_to_json(final), "plies": len(steps),
                            "result": self.result(final)}))
        return "".join(text), "".join(lines)

    def layout_1(self) -> dict[str, str]:
        chosen = self.chosen()
        files: dict[str, str] = {}
        self.note("positions")
        files["positions.jsonl"] = self.positions_file(chosen)
        self.note("apply cases")
        files["apply.jsonl"] = self.apply_file_1(chosen)
        self.note("illegal cases")
        files["illegal.jsonl"] = self.illegal_file_1(chosen)
        self.note("perft")
        files["perft.txt"], files["perft.jsonl"] = self.perft_files()
        self.note("playthroughs")
        for number, (seed, steps) in enumerate(zip(self.set.seeds, self.games, strict=True), start=1):
            path = f"{PLAYTHROUGH_DIR}/game-{number:02d}"
            files[f"{path}.txt"], files[f"{path}.jsonl"] = self.playthrough_files_1(number, seed, steps)
        return files

    # -- layout 2: a set of whole games --

    def choices(self, actions: Sequence[Any]) -> str:
        texts = self.texts(actions)
        assert not any(CHOICE_SEPARATOR in t for t in texts), "an action's text holds the choice separator"
        return CHOICE_SEPARATOR.join(texts)

    def outcome_json(self, state: Any) -> dict[str, Any] | None:
        outcome = self.game.outcome(state)
        if outcome is None:
            return None
        return {"winners": [self.game.player_name(w) for w in outcome.winners], "rule": outcome.rule}

    def playthrough_file_2(self, seed: int, steps: list[Step]) -> str:
        game, words = self.game, self.words
        out = [f"# {game.title}: a seeded game (spec/vectors.md, the other games)", f"format: {self.set.layout}",
               f"game: {game.name}", f"rules: {self.rules_name}", f"seed: {seed}"]
        for ply, step in enumerate(steps, start=1):
            out += ["", f"ply: {ply}", f"{words.state}: {game.format_state(step.state)}",
                    f"to-act: {mover_text(game, step.mover)}"]
            if step.mover.kind == "player":
                out.append("legal: " + self.choices(game.legal_actions(step.state, self.rules)))
            elif step.mover.kind == "simultaneous":
                out += [f"legal {game.player_name(p)}: " + self.choices(game.legal_actions(step.state, self.rules, p))
                        for p in step.mover.players]
            out += [f"{words.action}: {game.format_action(step.action)}", "events:"]
            out += [f"  {game.event_text(e)}" for e in step.events]
        final = steps[-1].after if steps else game.initial_state(self.rules)
        outcome = game.outcome(final)
        winners = "" if outcome is None else ",".join(game.player_name(w) for w in outcome.winners) or "nobody"
        out += ["", f"final: {game.format_state(final)}",
                "outcome: " + ("none" if outcome is None else f"{winners} {outcome.rule}")]
        return "\n".join(out) + "\n"

    def apply_record(self, ident: str, state: Any, action: Any) -> str:
        game, words = self.game, self.words
        applied = game.apply(state, action, self.rules)
        return _line({"id": ident, words.state: game.format_state(state), words.action: game.format_action(action),
                      "after": game.format_state(applied.state), "events": [game.event_text(e) for e in applied.events],
                      "outcome": self.outcome_json(applied.state)})

    def apply_file_2(self) -> str:
        """At evenly spaced plies of each game: the action played, and the first legal choice if it differs."""
        lines = []
        for number, steps in enumerate(self.games, start=1):
            for index in _spaced(len(steps), APPLY_PLIES_PER_GAME):
                step = steps[index]
                ident = f"game-{number:02d}/{index + 1}"
                lines.append(self.apply_record(ident, step.state, step.action))
                if step.mover.kind == "player":
                    first = self.game.legal_actions(step.state, self.rules)[0]
                    if self.game.format_action(first) != self.game.format_action(step.action):
                        lines.append(self.apply_record(ident + "/first", step.state, first))
        return "".join(lines)

    def illegal_candidates(self, step: Step, pool: list[Any], rng: random.Random) -> Sequence[Any]:
        misses = self.game.near_misses(step.state, self.rules, rng)
        if misses is not None:
            return misses
        chosen: list[Any] = []
        for action in rng.sample(pool, min(len(pool), 40)):
            if len(chosen) == ILLEGAL_PER_PLY:
                break
            if not self.game.explain(step.state, action, self.rules).is_legal:
                chosen.append(action)
        return chosen

    def illegal_file_2(self) -> str:
        """At the same plies as the apply records, where a player acts: actions illegal there, with their rule."""
        game, words = self.game, self.words
        pool = [s.action for steps in self.games for s in steps if s.mover.kind != "chance"]
        lines = []
        for number, steps in enumerate(self.games, start=1):
            rng = random.Random(number)
            for index in _spaced(len(steps), APPLY_PLIES_PER_GAME):
                step = steps[index]
                if step.mover.kind not in ("player", "simultaneous"):
                    continue
                for k, action in enumerate(self.illegal_candidates(step, pool, rng), start=1):
                    verdict = game.explain(step.state, action, self.rules)
                    assert not verdict.is_legal, f"a near miss is legal: {game.format_action(action)}"
                    lines.append(_line({"id": f"game-{number:02d}/{index + 1}/{k}",
                                        words.state: game.format_state(step.state),
                                        words.action: game.format_action(action), "verdict": verdict.status,
                                        "rule": verdict.rule, "reason": verdict.reason}))
        return "".join(lines)

    def layout_2(self) -> dict[str, str]:
        files = {f"{PLAYTHROUGH_DIR}/game-{n:02d}.txt": self.playthrough_file_2(seed, steps)
                 for n, (seed, steps) in enumerate(zip(self.set.seeds, self.games, strict=True), start=1)}
        files["apply.jsonl"] = self.apply_file_2()
        files["illegal.jsonl"] = self.illegal_file_2()
        return files

    # -- the manifest --

    def manifest(self, texts: dict[str, str], data: dict[str, bytes]) -> dict[str, Any]:
        listed = [{"path": path, "bytes": len(blob), "records": _records(path, texts[path]),
                   "sha256": hashlib.sha256(blob).hexdigest()} for path, blob in sorted(data.items())]
        game = {} if self.game.name == DEFAULT_GAME else {"game": self.game.name}
        if self.set.layout == 1:
            return {"format": 1, **game, "spec": SPEC_VERSION, "oracle": __version__, "variant": self.rules_name,
                    "files": listed}
        return {"format": 2, **game, "spec": SPEC_VERSION, "rules": self.rules_name, "seeds": list(self.set.seeds),
                "files": listed}


def _records(path: str, text: str) -> int:
    if path.endswith(".jsonl"):
        return text.count("\n")
    if path.endswith("perft.txt"):
        return sum(1 for line in text.splitlines() if line.startswith("perft "))
    return sum(1 for line in text.splitlines() if line.startswith("ply: "))


def build(game: AnyGame, vector_set: VectorSet, progress: Progress | None = None) -> dict[str, bytes]:
    """Every file of one set, by relative path, manifest included; the same bytes on every run."""
    if vector_set.layout not in (1, 2):
        raise VectorDirError(f"no layout {vector_set.layout} of vector sets (1 or 2)")
    maker = _Set(game, vector_set, progress)
    texts = maker.layout_1() if vector_set.layout == 1 else maker.layout_2()
    data = {path: text.encode("utf-8") for path, text in texts.items()}
    data[MANIFEST] = (json.dumps(maker.manifest(texts, data), indent=2) + "\n").encode("utf-8")
    return data


# --- writing and checking directories ---------------------------------------------------


def read_manifest(directory: Path) -> dict[str, Any]:
    path = directory / MANIFEST
    try:
        if path.stat().st_size > MAX_MANIFEST_BYTES:
            raise VectorDirError(f"{path} is larger than {MAX_MANIFEST_BYTES} bytes; it is not a manifest")
        manifest: dict[str, Any] = load_json(path.read_text(encoding="utf-8"), "the manifest")
    except FileNotFoundError:
        raise VectorDirError(f"{directory} has no {MANIFEST}; it is not a vector set") from None
    except NotationError as exc:
        raise VectorDirError(f"{path}: {exc}") from None
    except UnicodeDecodeError:
        raise VectorDirError(f"{path} is not UTF-8 text") from None
    files = manifest.get("files") if isinstance(manifest, dict) else None
    if not isinstance(files, list) or not all(isinstance(f, dict) and isinstance(f.get("path"), str) for f in files):
        raise VectorDirError(f"{path} does not list its files")
    return manifest


def manifest_set(directory: Path) -> tuple[AnyGame, VectorSet]:
    """The game and the set that ``directory``'s manifest describes (its game, rules and seeds)."""
    manifest = read_manifest(directory)
    name, layout = manifest.get("game", DEFAULT_GAME), manifest.get("format")
    rules = manifest.get("variant" if layout == 1 else "rules")
    seeds = manifest.get("seeds", [])
    if name not in GAMES or layout not in (1, 2) or not isinstance(rules, str) or len(rules) > MAX_NAME_BYTES \
            or not isinstance(seeds, list) or len(seeds) > MAX_SEEDS or (layout == 2 and not seeds) \
            or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < 2**63 for s in seeds):
        raise VectorDirError(f"{directory / MANIFEST} does not name a game, its rules and at most {MAX_SEEDS} seeds")
    game = load_game(str(name))
    try:
        vector_set = game.vector_set(game.parse_rules(None, rules))
    except NotationError as exc:
        raise VectorDirError(f"{directory / MANIFEST}: {exc}") from None
    return game, vector_set if layout == 1 else replace(vector_set, seeds=tuple(seeds), layout=2)


def export(directory: Path, game: AnyGame, vector_set: VectorSet, progress: Progress | None = None) -> list[str]:
    """Write one set into ``directory``; return the paths written.

    The directory must be new, empty, or a vector set written before (whose
    files are then replaced, and those it no longer has removed).
    """
    if directory.exists() and not directory.is_dir():
        raise VectorDirError(f"{directory} is not a directory")
    old: list[str] = []
    if directory.exists() and any(directory.iterdir()):
        old = [str(entry.get("path")) for entry in read_manifest(directory)["files"]]
    directory.mkdir(parents=True, exist_ok=True)  # before the build, so that a bad directory fails at once
    files = build(game, vector_set, progress)
    for path in old:
        stale = directory / path
        if path not in files and stale.is_file() and stale.resolve().is_relative_to(directory.resolve()):
            stale.unlink()
    for path, blob in sorted(files.items()):
        target = directory / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(blob)
    return sorted(files)


def verify(directory: Path, progress: Progress | None = None) -> list[str]:
    """Rebuild the set in ``directory`` (its manifest names the game, rules and seeds) in memory and
    list every file that is missing, different or extra; empty when identical."""
    game, vector_set = manifest_set(directory)
    files = build(game, vector_set, progress)
    present = {str(p.relative_to(directory)).replace("\\", "/") for p in directory.rglob("*") if p.is_file()}
    problems = []
    for path, blob in sorted(files.items()):
        if path not in present:
            problems.append(f"missing: {path}")
        elif (directory / path).read_bytes() != blob:
            problems.append(f"differs: {path}")
    return problems + [f"extra: {path}" for path in sorted(present - set(files))]


def regenerate(root: Path, game: AnyGame, progress: Progress | None = None) -> list[Path]:
    """Rewrite the committed sets of ``game`` under ``root`` (normally ``vectors/``)."""
    written = []
    for vector_set in game.vector_sets():
        directory = root / vector_set.directory
        export(directory, game, vector_set, progress)
        written.append(directory)
    return written


def load_set(directory: Path, game: AnyGame, rules: Any) -> dict[str, bytes]:
    """The files of the set in ``directory``, whose manifest must name ``game`` under ``rules``."""
    manifest = read_manifest(directory)
    name = str(manifest.get("game", DEFAULT_GAME))[:40]
    held = manifest.get("variant", manifest.get("rules"))
    wanted = game.rules_name(rules)
    if name != game.name:
        raise VectorDirError(f"{directory} holds vectors for {name}, not {game.name}; pass --game {name}")
    if held != wanted:
        raise VectorDirError(f"{directory} holds vectors for {held!r}, not {wanted!r}; pass the matching --variant")
    files = {}
    for entry in manifest["files"]:
        path = str(entry["path"])
        target = directory / path
        if not target.resolve().is_relative_to(directory.resolve()) or not target.is_file():
            raise VectorDirError(f"{directory / MANIFEST} lists {path!r}, which is not a file of the set")
        files[path] = target.read_bytes()
    return files


# --- reading the files back ----------------------------------------------------------------


def read_jsonl(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@dataclass(frozen=True)
class PerftRecord:
    name: str
    state: str
    counts: tuple[tuple[int, int], ...]  # (depth, nodes)


def read_perft(text: str) -> list[PerftRecord]:
    """Parse a perft file: records of an ``id`` line, a state line and ``perft`` lines."""
    records: list[PerftRecord] = []
    name, state, counts = "", "", []
    for line in [*text.splitlines(), ""]:
        if line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            name = value
        elif key == "perft":
            depth, nodes = value.split()
            counts.append((int(depth), int(nodes)))
        elif line.strip():
            state = value
        elif state:
            records.append(PerftRecord(name, state, tuple(counts)))
            name, state, counts = "", "", []
    return records


@dataclass(frozen=True)
class Ply:
    """One ply of a playthrough file, as written: texts only."""

    number: int
    state: str
    mover: str | None  # layout 2: ``chance``, a player, ``sealed p0,p1``
    legal: dict[str, tuple[str, ...]]  # "" for the acting player, a player's name while choices are sealed
    action: str
    events: tuple[str, ...]


@dataclass(frozen=True)
class Playthrough:
    header: dict[str, str]
    plies: tuple[Ply, ...]
    final: str
    end: str  # layout 1: ``result``; layout 2: ``outcome``


def _block(block: str) -> tuple[list[tuple[str, str]], dict[str, list[str]]]:
    """A block's ``key: value`` lines in order, and its lists (``key:`` then lines indented by two spaces)."""
    scalars: list[tuple[str, str]] = []
    lists: dict[str, list[str]] = {}
    current = ""
    for line in block.splitlines():
        if line.startswith("#"):
            continue
        if line.startswith("  ") and current:
            lists[current].append(line[2:])
            continue
        key, _, value = line.partition(":")
        if value.strip():
            scalars.append((key, value.strip()))
        else:
            current = key
            lists[key] = []
    return scalars, lists


def read_playthrough(text: str) -> Playthrough:
    """A playthrough file of either layout: its header, its plies, the final state and how it ended.

    In a ply block the state comes first after ``ply:`` and the action last,
    before ``events:``, whatever the game's words for them.
    """
    blocks = [b for b in text.split("\n\n") if b.strip()]
    if len(blocks) < 2:
        raise VectorDirError("a playthrough has a header, its plies and an end")
    header = dict(_block(blocks[0])[0])
    plies = []
    for block in blocks[1:-1]:
        scalars, lists = _block(block)
        fields = dict(scalars)
        legal = {key.removeprefix("legal").strip(): tuple(value.split(CHOICE_SEPARATOR))
                 for key, value in scalars if key == "legal" or key.startswith("legal ")}
        for key, items in lists.items():
            if key.startswith("legal-"):
                legal[""] = tuple(items)
        try:
            plies.append(Ply(int(fields["ply"]), scalars[1][1], fields.get("to-act"), legal, scalars[-1][1],
                             tuple(lists.get("events", ()))))
        except (KeyError, ValueError, IndexError):
            raise VectorDirError("a playthrough ply without its number, state or action") from None
    closing = dict(_block(blocks[-1])[0])
    if "final" not in closing:
        raise VectorDirError("a playthrough without its final line")
    return Playthrough(header, tuple(plies), closing["final"], closing.get("result", closing.get("outcome", "")))


def replay(playthrough: Playthrough, game: AnyGame | None = None) -> list[str]:
    """Check a playthrough of ``game`` against the oracle, ply by ply, from its first state's actions alone;
    the differences.  No ``game``: the one the header names (layout 2), else the default game (TTYKM's
    layout 1 playthroughs name a game's number there; their set's manifest names the game)."""
    if game is None:
        name = playthrough.header.get("game", DEFAULT_GAME)
        game = load_game(name if name in GAMES else DEFAULT_GAME)
    rules = game.parse_rules(None, playthrough.header.get("rules", playthrough.header.get("variant")))
    actions = game.words.actions
    problems: list[str] = []
    state = game.initial_state(rules)
    for ply in playthrough.plies:
        if game.format_state(state) != ply.state:
            problems.append(f"ply {ply.number}: {ply.state!r}, but the oracle reached {game.format_state(state)!r}")
            state = game.parse_state(ply.state)
        mover = game.to_act(state)
        for who, listed in ply.legal.items():
            player = None if not who else next(p for p in mover.players if game.player_name(p) == who)
            now = tuple(game.format_action(a) for a in game.legal_actions(state, rules, player))
            if now != listed:
                problems.append(f"ply {ply.number}: the legal {actions} differ ({len(listed)} listed, {len(now)} now)")
        applied = game.apply(state, game.parse_action(ply.action), rules)
        if tuple(game.event_text(e) for e in applied.events) != ply.events:
            problems.append(f"ply {ply.number}: the events of {ply.action!r} differ")
        state = applied.state
    if game.format_state(state) != playthrough.final:
        problems.append(f"final {playthrough.final!r}, the oracle reached {game.format_state(state)!r}")
    return problems


# --- coverage: which rules and endings a set exercises ---------------------------------------


def coverage(game: AnyGame, files: dict[str, bytes]) -> tuple[dict[str, int], dict[str, int]]:
    """How many records of a set exercise each clause (`Game.coverage`), and how many apply records end each way."""
    measure = game.coverage()
    if measure is None:
        raise VectorDirError(f"{game.name} does not count the clauses its vectors exercise")
    rules = game.parse_rules(None, str(json.loads(files[MANIFEST])["variant"]))
    counts: dict[str, int] = {}
    endings: dict[str, int] = {}
    for kind in ("positions", "apply", "illegal", "perft"):
        for record in read_jsonl(files[f"{kind}.jsonl"].decode("utf-8")):
            for name in measure.record_rules(kind, record, rules):
                counts[name] = counts.get(name, 0) + 1
            if kind == "apply":
                ending = measure.ending(game.parse_state(record["after"]))
                endings[ending] = endings.get(ending, 0) + 1
    return dict(sorted(counts.items())), dict(sorted(endings.items()))


def coverage_table(game: AnyGame, sets: dict[str, dict[str, bytes]], clauses: list[str]) -> str:
    """The Markdown tables of spec/vectors.md: records per clause and apply records per ending, one column
    per set (``sets`` maps a directory name to its files)."""
    measure = game.coverage()
    assert measure is not None
    results = {name: coverage(game, files) for name, files in sets.items()}
    head = "| clause | " + " | ".join(f"`{name}`" for name in sets) + " |\n"
    rule = "| --- |" + " ---: |" * len(sets) + "\n"
    lines = [head, rule]
    for clause in clauses:
        cells = [str(results[name][0].get(clause, 0)) for name in sets]
        note = f" (exempt: {measure.exempt[clause]})" if clause in measure.exempt else ""
        lines.append(f"| {clause}{note} | " + " | ".join(cells) + " |\n")
    endings = sorted({e for result in results.values() for e in result[1]}, key=lambda e: (e != measure.no_outcome, e))
    lines += ["\n", "| apply records ending in | " + " | ".join(f"`{name}`" for name in sets) + " |\n", rule]
    for ending in endings:
        lines.append(f"| {ending} | " + " | ".join(str(results[name][1].get(ending, 0)) for name in sets) + " |\n")
    return "".join(lines)
