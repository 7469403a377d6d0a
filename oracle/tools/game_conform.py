"""The conformance runner for the games played through the common interface (Time Chase, Trois Ombres).

`oracle.tools.conform` drives an engine that speaks the protocol
(spec/protocol.md); this module holds what it asks about these games.  The
runner plays the game's vector set (`oracle.tools.game_vectors`: apply and
illegal records, then every ply of the playthroughs, whose chance outcomes
are written out as actions), then seeded random games, asking the engine and
the oracle the same questions with the request's ``game`` field set.

Every question is about one state and one action, so a divergence is
reproduced by one request.  The rule blamed comes from the rules themselves:

* an action one side calls legal and the other not: the rule the oracle
  names for an illegal action, or, for a legal one the engine refuses, the
  rule the engine cites (else the clause of the action's first event);
* an action the engine lists and the oracle does not: the rule it breaks;
* events that differ: the clause of the first oracle event that differs
  (the game module's ``event_rule``);
* a state after the action that differs: the fields that differ (their JSON
  paths), blamed on the clause of the first event whose kind names a
  differing field, else of the first event;
* an observation that differs: the game module's ``OBSERVE_RULE``.
"""

from __future__ import annotations

import importlib
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from oracle.errors import NotationError
from oracle.games import GAMES, load_game
from oracle.tools.blame import differing_fields
from oracle.tools.conform import Checked, Diverged, Divergence, Engine, EngineFailed, Json, Report, oracle_answer
from oracle.tools.game_vectors import build, manifest_set, random_action, read_playthrough, set_for
from oracle.tools.vectors import MANIFEST, PLAYTHROUGH_DIR, VectorDirError, read_jsonl, read_manifest

# Ops an engine may leave out by answering unknown_op.
OPTIONAL_OPS = ("explain", "observe", "perft", "validate")
# A random game longer than this is cut short (it is checked ply by ply all the same).
MAX_PLIES = 400
# Observations are compared at one ply in this many, for every player.
OBSERVE_EVERY = 7


class GameRunner:
    """Compares one engine with the oracle on one game under one rules value."""

    def __init__(self, engine: Engine, name: str, variant: str | None, check_rules: bool = True,
                 keep_going: bool = False, send_json: bool = False) -> None:
        self.engine = engine
        self.game = load_game(name)
        self.rules = self.game.parse_rules(None, variant)
        self.variant = self.game.rules_name(self.rules)
        self.module = importlib.import_module(GAMES[name])
        self.check_rules = check_rules
        self.keep_going = keep_going
        self.send_json = send_json
        self.checked = Checked()
        self.found: list[Divergence] = []

    def guarded(self, check: Callable[..., object], *args: Any) -> None:
        """Run one check; a divergence stops the run, or with ``keep_going`` is recorded."""
        try:
            check(*args)
        except Diverged as exc:
            if not self.keep_going:
                raise
            self.found.append(exc.divergence)

    # -- asking both sides --

    def request(self, op: str, state: str, **fields: Any) -> Json:
        return {"op": op, "game": self.game.name, "variant": self.variant, "position": state, **fields}

    def both(self, request: Json, source: str) -> tuple[Json, Json] | None:
        """The oracle's and the engine's answers, or None if the engine does not do this optional op."""
        oracle = oracle_answer(request)
        engine = self.ask_engine(request)
        if engine.get("ok") is not True:
            error = engine.get("error")
            code = error.get("code") if isinstance(error, dict) else None
            if code == "unknown_op" and request["op"] in OPTIONAL_OPS:
                self.checked.skipped.add(request["op"])
                return None
            self.diverge(source, request, f"the engine answered an error to a valid {request['op']} request",
                         None, oracle, engine)
        return oracle, engine

    def ask_engine(self, request: Json) -> Json:
        """Ask the engine, with the state and action in their JSON forms if ``send_json``."""
        if self.send_json:
            request = {**request, "position": self.game.state_to_json(self.game.parse_state(request["position"]))}
            if isinstance(request.get("turn"), str):
                request["turn"] = self.game.action_to_json(self.game.parse_action(request["turn"]))
        return self.engine.ask(request)

    def diverge(self, source: str, request: Json, summary: str, rule: str | None, oracle: Json,
                engine: Json) -> NoReturn:
        raise Diverged(Divergence(source, request, summary, rule, oracle, engine))

    # -- what the rules say --

    def event_rules(self, state: str, action: str) -> list[str | None]:
        """The clause of each event of a legal action, as the oracle plays it."""
        event_rule = getattr(self.module, "event_rule", None)
        applied = self.game.apply(self.game.parse_state(state), self.game.parse_action(action), self.rules)
        return [event_rule(e) if event_rule is not None else None for e in applied.events]

    def first_rule(self, state: str, action: str) -> str | None:
        return next((r for r in self.event_rules(state, action) if r is not None), None)

    def canonical_action(self, text: Any) -> str | None:
        try:
            return self.game.format_action(self.game.parse_action(text) if isinstance(text, str)
                                           else self.game.action_from_json(text))
        except (NotationError, ValueError):
            return None

    def read_engine_state(self, value: Any) -> Any:
        try:
            if isinstance(value, str):
                return self.game.parse_state(value)
            if isinstance(value, dict):
                return self.game.state_from_json(value)
        except (NotationError, ValueError):
            return None
        return None

    # -- the checks --

    def check_moves(self, state: str, source: str, player: int | None = None,
                    expected: tuple[str, ...] | None = None) -> None:
        """Compare the legal actions (of ``player`` while choices are sealed) as sets."""
        request = self.request("moves", state, **({} if player is None else {"player": player}))
        answers = self.both(request, source)
        assert answers is not None
        oracle, engine = answers
        self.checked.add("moves")
        ours: list[str] = oracle["turns"]
        if expected is not None and tuple(ours) != expected:
            raise VectorDirError(f"{source}: the vectors disagree with this oracle; export them again")
        listed = engine.get("turns")
        if not isinstance(listed, list):
            self.diverge(source, request, "the engine's moves response has no list 'turns'", None, oracle, engine)
        theirs = []
        for raw in listed:
            action = self.canonical_action(raw)
            if action is None:
                self.diverge(source, request, f"the engine listed an action the notation cannot read: {raw!r}",
                             None, oracle, engine)
            theirs.append(action)
        missing = [a for a in ours if a not in set(theirs)]
        extra = [a for a in theirs if a not in set(ours)]
        counts = f"{len(missing)} missing, {len(extra)} extra"
        for action in missing if self.keep_going else missing[:1]:
            said = oracle_answer(self.request("legal", state, turn=action))
            legal = self.ask_engine(self.request("legal", state, turn=action))
            cited = legal.get("rule") if isinstance(legal.get("rule"), str) else None
            self.guarded(self.diverge, source, {**request, "op": "legal", "turn": action},
                         f"the engine does not list a legal action ({counts}): {action}",
                         cited or self.first_rule(state, action), said, {"listed": False, "legal": legal})
        for action in extra if self.keep_going else extra[:1]:
            said = oracle_answer(self.request("legal", state, turn=action))
            self.guarded(self.diverge, source, {**request, "op": "legal", "turn": action},
                         f"the engine lists an action the oracle calls {said.get('verdict')} ({counts}): {action}",
                         said.get("rule"), said, {"listed": True})
        # The oracle may list one action twice where two rules offer it (the same text): only more is wrong.
        twice = sorted({a for a in theirs if theirs.count(a) > max(1, ours.count(a))})
        if twice:
            self.diverge(source, request, f"the engine lists actions more than once: {', '.join(twice[:3])}",
                         None, oracle, engine)

    def check_legal(self, state: str, action: str, source: str, expected_rule: str | None = None) -> None:
        request = self.request("legal", state, turn=action)
        answers = self.both(request, source)
        assert answers is not None
        oracle, engine = answers
        self.checked.add("legal")
        if expected_rule is not None and oracle["rule"] != expected_rule:
            raise VectorDirError(f"{source}: the vectors disagree with this oracle; export them again")
        self.compare_verdicts(request, source, oracle, engine)

    def compare_verdicts(self, request: Json, source: str, oracle: Json, engine: Json) -> None:
        if engine.get("verdict") != oracle["verdict"]:
            rule = oracle["rule"]
            if oracle["verdict"] == "legal":
                cited = engine.get("rule")
                rule = cited if isinstance(cited, str) else self.first_rule(request["position"], request["turn"])
            self.diverge(source, request, f"verdict: the oracle says {oracle['verdict']!r}, the engine"
                         f" {engine.get('verdict')!r}", rule, oracle, engine)
        theirs = engine.get("rule")
        if self.check_rules and theirs is not None and theirs != oracle["rule"]:
            self.diverge(source, request, f"both say {oracle['verdict']!r} but name different rules",
                         oracle["rule"], oracle, engine)

    def check_apply(self, state: str, action: str, source: str, expected: Json | None = None) -> None:
        request = self.request("apply", state, turn=action)
        answers = self.both(request, source)
        assert answers is not None
        oracle, engine = answers
        self.checked.add("apply")
        if expected is not None and any(oracle.get(k) != v for k, v in expected.items()):
            raise VectorDirError(f"{source}: the vectors disagree with this oracle; export them again")
        self.compare_verdicts(request, source, oracle, engine)
        if oracle["verdict"] != "legal":
            return
        rules = self.event_rules(state, action)
        events: list[str] = oracle["events"]
        theirs = engine.get("events")
        if theirs is not None:
            if not isinstance(theirs, list):
                self.diverge(source, request, "the engine's events are not a list", None, oracle, engine)
            for index in range(max(len(events), len(theirs))):
                mine = events[index] if index < len(events) else None
                other = str(theirs[index]) if index < len(theirs) else None
                if mine != other:
                    rule = rules[index] if index < len(rules) else next((r for r in rules if r), None)
                    self.diverge(source, request, f"event {index + 1}: the oracle has {mine!r}, the engine {other!r}",
                                 rule, oracle, engine)
        after = self.read_engine_state(engine.get("position"))
        if after is None:
            self.diverge(source, request, "the engine's state after the action is missing or unreadable",
                         next((r for r in rules if r), None), oracle, engine)
        if self.game.format_state(after) != oracle["position"]:
            ours_json = self.game.state_to_json(self.game.parse_state(oracle["position"]))
            fields = differing_fields(ours_json, self.game.state_to_json(after))
            shown = ", ".join(fields[:6]) + (f" and {len(fields) - 6} more" if len(fields) > 6 else "")
            self.diverge(source, request, f"the state after the action differs in {shown or 'its text'}",
                         self.field_rule(state, action, fields) or next((r for r in rules if r), None),
                         oracle, engine)

    def field_rule(self, state: str, action: str, fields: list[str]) -> str | None:
        """The clause of the first event whose kind names a differing field (``crystal`` for ``crystals[2]``)."""
        event_rule = getattr(self.module, "event_rule", None)
        if event_rule is None:
            return None
        applied = self.game.apply(self.game.parse_state(state), self.game.parse_action(action), self.rules)
        tops = {f.split(".")[0].split("[")[0] for f in fields}
        for event in applied.events:
            kind = str(self.game.event_to_json(event).get("kind", ""))
            if kind and any(top.startswith(kind) or kind.startswith(top) for top in tops):
                rule: str | None = event_rule(event)
                return rule
        return None

    def check_observe(self, state: str, player: int, source: str) -> None:
        request = self.request("observe", state, player=player)
        answers = self.both(request, source)
        if answers is None:
            return
        oracle, engine = answers
        self.checked.add("observe")
        if engine.get("observation") != oracle["observation"]:
            fields = differing_fields(oracle["observation"], engine.get("observation"))
            self.diverge(source, request, f"{self.game.player_name(player)}'s observation differs in "
                         + ", ".join(fields[:6]), getattr(self.module, "OBSERVE_RULE", None), oracle, engine)

    # -- the phases --

    def handshake(self) -> Json:
        answer = self.engine.ask({"op": "version", "game": self.game.name})
        if answer.get("ok") is not True:
            raise EngineFailed(f"the engine does not answer 'version': {json.dumps(answer)[:200]}")
        return answer

    def check_ply(self, state: Any, action: Any, source: str, ply: int,
                  expected: tuple[dict[str, tuple[str, ...]], tuple[str, ...]] | None = None) -> None:
        """Every question about one ply: the legal choices, the observations now and then, the action."""
        text, chosen = self.game.format_state(state), self.game.format_action(action)
        mover = self.game.to_act(state)
        legal, events = expected if expected is not None else ({}, None)
        if mover.kind == "player":
            self.guarded(self.check_moves, text, source, None, legal.get(""))
        elif mover.kind == "simultaneous":
            for player in mover.players:
                self.guarded(self.check_moves, text, source, player, legal.get(self.game.player_name(player)))
        if ply % OBSERVE_EVERY == 0 and "observe" not in self.checked.skipped:
            for player in self.game.players:
                if self.observable(state, player):
                    self.guarded(self.check_observe, text, player, source)
        self.guarded(self.check_apply, text, chosen, source, None if events is None else {"events": list(events)})

    def observable(self, state: Any, player: int) -> bool:
        try:
            self.game.observe(state, player)
        except NotationError:
            return False  # no such seat at this table
        return True

    def run_vectors(self, files: dict[str, bytes], progress: Callable[[str], None]) -> None:
        def text(path: str) -> str:
            return files[path].decode("utf-8")

        progress("vectors: apply records")
        for record in read_jsonl(text("apply.jsonl")):
            self.guarded(self.check_apply, record["state"], record["action"], f"vectors apply.jsonl {record['id']}",
                         {"position": record["after"], "events": record["events"]})
        progress("vectors: illegal records")
        for record in read_jsonl(text("illegal.jsonl")):
            self.guarded(self.check_legal, record["state"], record["action"], f"vectors illegal.jsonl {record['id']}",
                         record["rule"])
        for path in sorted(p for p in files if p.startswith(PLAYTHROUGH_DIR + "/") and p.endswith(".txt")):
            progress(f"vectors: {path}")
            playthrough = read_playthrough(text(path))
            for ply in playthrough.plies:
                state = self.game.parse_state(ply.state)
                self.check_ply(state, self.game.parse_action(ply.action), f"vectors {path}, ply {ply.number}",
                               ply.number, (ply.legal, ply.events))

    def run_games(self, games: int, seed: int, progress: Callable[[str], None]) -> None:
        rng = random.Random(seed)
        for number in range(1, games + 1):
            state = self.game.initial_state(self.rules)
            played: list[Any] = []
            before = len(self.found)
            ply = 0
            while self.game.to_act(state).kind != "over" and ply < MAX_PLIES:
                ply += 1
                source = f"random game {number} (seed {seed}), ply {ply}"
                action = random_action(self.game, state, self.rules, rng)
                if played and self.game.to_act(state).kind != "chance":
                    # An action from earlier in the game: mostly illegal here, so both sides must say why.
                    earlier = self.game.format_action(rng.choice(played))
                    self.guarded(self.check_legal, self.game.format_state(state), earlier, source)
                self.check_ply(state, action, source, ply)
                played.append(action)
                state = self.game.apply(state, action, self.rules).state
            self.checked.add("games")
            agreed = "agreed" if len(self.found) == before else f"{len(self.found) - before} divergences"
            progress(f"random play: game {number}/{games} {agreed} ({ply} plies)")


# --- loading vectors and running everything ---------------------------------------------------


def load_game_vectors(directory: Path, name: str, variant: str) -> dict[str, bytes]:
    """The files of the set in ``directory``, whose manifest must name game ``name`` under ``variant``."""
    game, vector_set = manifest_set(directory)
    if (game, vector_set.variant) != (name, variant):
        raise VectorDirError(f"{directory} holds vectors for {game} under {vector_set.variant!r}, not {name} under"
                             f" {variant!r}; pass the matching --game and --variant")
    paths = [str(entry["path"]) for entry in read_manifest(directory)["files"]]
    files = {}
    for path in paths:
        target = directory / path
        if not target.resolve().is_relative_to(directory.resolve()) or not target.is_file():
            raise VectorDirError(f"{directory / MANIFEST} lists {path!r}, which is not a file of the set")
        files[path] = target.read_bytes()
    return files


def conform_game(command: str, name: str, variant: str | None = None, games: int = 5, seed: int = 1,
                 vectors: Path | None = None, timeout: float = 10.0, check_rules: bool = True,
                 progress: Callable[[str], None] | None = None, keep_going: bool = False,
                 send_json: bool = False) -> Report:
    """Run game ``name``'s vectors, then ``games`` seeded random games, against the engine ``command``.

    As `oracle.tools.conform.conform` for TTYKM: it stops at the first
    divergence, or with ``keep_going`` runs everything and reports every one.
    """
    note = progress or (lambda _: None)
    started = time.perf_counter()
    game = load_game(name)
    rules_name = game.rules_name(game.parse_rules(None, variant))
    report = Report("conforms", command, rules_name, seed, games, {}, [], keep_going=keep_going, game=name)
    files = load_game_vectors(vectors, name, rules_name) if vectors is not None else None
    engine: Engine | None = None
    runner: GameRunner | None = None
    try:
        engine = Engine(command, timeout)
        runner = GameRunner(engine, name, variant, check_rules, keep_going, send_json)
        report.engine_version = {k: v for k, v in runner.handshake().items() if k not in ("id", "ok", "op")}
        offered = report.engine_version.get("games")
        if isinstance(offered, list) and name not in offered:
            plays = ", ".join(map(str, offered))
            report.result, report.failure = "rules_differ", f"the engine plays {plays}, not {name}"
        else:
            if files is None:
                note(f"building the {name} vectors ({rules_name})")
                files = {p: d for p, d in build(name, set_for(name, variant)).items() if p != MANIFEST}
            runner.run_vectors(files, note)
            runner.run_games(games, seed, note)
    except Diverged as exc:
        report.divergences = [exc.divergence]
    except EngineFailed as exc:
        report.result, report.failure = "engine_failed", str(exc)
    finally:
        if engine is not None:
            engine.close()
    if runner is not None:
        report.checked = dict(runner.checked.counts)
        report.skipped = sorted(runner.checked.skipped)
        report.divergences = report.divergences or runner.found
    if report.divergences and report.result == "conforms":
        report.result = "divergence"
    report.seconds = time.perf_counter() - started
    return report
