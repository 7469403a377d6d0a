"""The conformance runner: drive an engine that speaks the protocol
(spec/protocol.md) and compare every answer with the oracle's.

The oracle's answers come from `oracle.tools.protocol.handle`, so both sides answer
the very same request.  The runner plays the test vectors of the ruleset
(`oracle.tools.vectors`), then seeded random games, and stops at the first
divergence with a minimal reproduction: the position, the turn, what the
oracle says with the rule concerned, and what the engine said.  With
``keep_going`` it runs everything and reports every divergence, grouped by
the rule blamed (`oracle.tools.blame` says which rule a difference is about).
"""

from __future__ import annotations

import json
import queue
import random
import shlex
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from oracle.games.ttykm.board import ACTION_ORDER, SQUARES, Era
from oracle.games.ttykm.game import GAME
from oracle.games.ttykm.notation import (
    NotationError,
    format_position,
    format_turn,
    parse_position,
    parse_turn,
    position_from_json,
    turn_from_json,
)
from oracle.games.ttykm.rules.standard import start_position, successors
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.turn import Turn
from oracle.tools.blame import (
    GENERIC_RULES,
    Blame,
    blame_events,
    blame_position,
    contested_rule,
    event_rules,
    main_rule,
)
from oracle.tools.protocol import MAX_PERFT_DEPTH, MAX_PERFT_DEPTH_VARIANT, handle
from oracle.tools.vectors import (
    MANIFEST,
    PLAYTHROUGH_DIR,
    VectorDirError,
    build,
    read_jsonl,
    read_manifest,
    read_perft,
    read_playthrough,
)

EXIT_CONFORMS = 0
EXIT_DIVERGENCE = 1
EXIT_USAGE = 2
EXIT_ENGINE_FAILED = 3
# Ops an engine may leave out by answering unknown_op.
OPTIONAL_OPS = ("explain", "perft", "validate")
# The largest perft count the runner asks an engine for: a protocol request has a
# budget of a few seconds (REQUEST_SECONDS), and the oracle's own serve counts
# this many nodes in well under a second on a slow machine.
MAX_PERFT_NODES_ASKED = 1_000_000

Json = dict[str, Any]


class EngineFailed(Exception):
    """The engine could not be started, died, timed out or wrote something that is not a response."""


class Engine:
    """An engine under test: a subprocess answering one JSON line per request line."""

    def __init__(self, command: str, timeout: float = 10.0) -> None:
        self.command = command
        self.timeout = timeout
        self.next_id = 0
        self.stderr_tail: deque[str] = deque(maxlen=20)
        try:
            self.process = subprocess.Popen(
                shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8", errors="replace", bufsize=1,
            )
        except (OSError, ValueError) as exc:
            raise EngineFailed(f"cannot start the engine {command!r}: {exc}") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stdout(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.stderr_tail.append(line.rstrip("\n"))

    def _failed(self, what: str) -> EngineFailed:
        tail = "; engine stderr: " + " | ".join(self.stderr_tail) if self.stderr_tail else ""
        return EngineFailed(f"{what}{tail}")

    def ask(self, request: Json) -> Json:
        """Send ``request`` with a fresh id; return the engine's response."""
        self.next_id += 1
        line = json.dumps({"id": self.next_id, **request})
        try:
            assert self.process.stdin is not None
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            time.sleep(0.1)  # let the stderr reader catch the last words
            raise self._failed(f"the engine stopped reading (exit status {self.process.poll()})") from None
        try:
            answer = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise self._failed(f"no response within {self.timeout:g} s to: {line}") from None
        if answer is None:
            time.sleep(0.1)
            raise self._failed(f"the engine exited (status {self.process.poll()}) without answering: {line}")
        try:
            response = json.loads(answer)
        except ValueError:
            raise self._failed(f"the engine wrote a line that is not JSON: {answer.strip()[:200]!r}") from None
        if not isinstance(response, dict) or response.get("id") != self.next_id:
            raise self._failed(f"the response does not answer request id {self.next_id}: {answer.strip()[:200]!r}")
        return response

    def close(self) -> None:
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()


def oracle_answer(request: Json, ruleset: Ruleset = STANDARD) -> Json:
    """The oracle's response to ``request``, through the protocol handler."""
    # No time budget: the reference answer must not be `too_slow` on a busy machine.
    answer: Json = json.loads(handle(json.dumps({"id": 0, **request}), ruleset, budget=None))
    return answer


# --- the comparison ------------------------------------------------------------------------


@dataclass
class Divergence:
    """The first place where the engine and the oracle disagree."""

    source: str  # e.g. "vectors apply.jsonl ricochet/2" or "random game 3, ply 12"
    request: Json
    summary: str
    rule: str | None
    oracle: Json
    engine: Json

    def to_json(self) -> Json:
        return {"source": self.source, "request": self.request, "summary": self.summary, "rule": self.rule,
                "oracle": self.oracle, "engine": self.engine}

    def text(self) -> str:
        lines = [f"DIVERGENCE at {self.source}", f"  {self.summary}"]
        if "position" in self.request:
            lines.append(f"  position: {self.request['position']}")
        if "turn" in self.request:
            lines.append(f"  turn:     {self.request['turn']}")
        if "player" in self.request:
            lines.append(f"  player:   {self.request['player']}")
        lines.append(f"  rule:     {self.rule or '(none named)'}")
        lines.append(f"  oracle:   {_brief(self.oracle)}")
        lines.append(f"  engine:   {_brief(self.engine)}")
        lines.append("  reproduce: echo '" + json.dumps({"id": 1, **self.request}) + "' | oracle serve --stdio")
        return "\n".join(lines)


def _brief(answer: Json) -> str:
    shown = {k: v for k, v in answer.items() if k not in ("id", "ok", "op", "variant")}
    text = json.dumps(shown)
    return text if len(text) <= 600 else text[:600] + " ..."


class Diverged(Exception):
    def __init__(self, divergence: Divergence) -> None:
        super().__init__(divergence.summary)
        self.divergence = divergence


def _canonical_position(value: Any) -> str | None:
    try:
        if isinstance(value, str):
            return format_position(parse_position(value))
        if isinstance(value, dict):
            return format_position(position_from_json(value))
    except (NotationError, ValueError):
        return None
    return None


def _canonical_turn(value: Any) -> str | None:
    try:
        if isinstance(value, str):
            return format_turn(parse_turn(value))
        if isinstance(value, dict):
            return format_turn(turn_from_json(value))
    except (NotationError, ValueError):
        return None
    return None


@dataclass
class Checked:
    """What was compared, by kind, and what the engine does not answer."""

    counts: dict[str, int] = field(default_factory=dict)
    skipped: set[str] = field(default_factory=set)

    def add(self, kind: str) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1


class Runner:
    """Compares one engine with the oracle under one ruleset."""

    def __init__(self, engine: Engine, ruleset: Ruleset, check_rules: bool = True, partial: bool = True,
                 keep_going: bool = False, send_json: bool = False) -> None:
        self.engine = engine
        self.ruleset = ruleset
        self.check_rules = check_rules
        self.partial = partial
        self.keep_going = keep_going
        self.send_json = send_json
        self.checked = Checked()
        self.found: list[Divergence] = []

    def guarded(self, check: Callable[..., object], *args: Any) -> None:
        """Run one check, ``check(*args)``.  A divergence stops the run, or with
        ``keep_going`` is recorded and the run goes on with the next check."""
        try:
            check(*args)
        except Diverged as exc:
            if not self.keep_going:
                raise
            self.found.append(exc.divergence)

    # -- asking both sides --

    def both(self, request: Json, source: str) -> tuple[Json, Json] | None:
        """The oracle's and the engine's answers, or None if the engine does not do this optional op."""
        request = {**request, "variant": self.ruleset.name}
        oracle = oracle_answer(request)
        engine = self.ask_engine(request)
        if engine.get("ok") is not True:
            code = (engine.get("error") or {}).get("code") if isinstance(engine.get("error"), dict) else None
            if code == "unknown_op" and request["op"] in OPTIONAL_OPS:
                self.checked.skipped.add(request["op"])
                return None
            if code == "bad_depth" and request["op"] == "perft":
                self.checked.skipped.add("perft beyond the engine's depth limit")
                return None
            if code == "too_slow" and request["op"] == "perft":  # a count the engine's own time budget stops
                self.checked.skipped.add("perft beyond the engine's time budget")
                return None
            self.diverge(source, request, f"the engine answered an error to a valid {request['op']} request",
                         None, oracle, engine)
        return oracle, engine

    def ask_engine(self, request: Json) -> Json:
        """Ask the engine, with the position and turn in their JSON forms if ``send_json``."""
        if self.send_json:
            if isinstance(request.get("position"), str):
                request = {**request, "position": GAME.state_to_json(GAME.parse_state(request["position"]))}
            if isinstance(request.get("turn"), str):
                request = {**request, "turn": GAME.action_to_json(GAME.parse_action(request["turn"]))}
        return self.engine.ask(request)

    def diverge(self, source: str, request: Json, summary: str, rule: str | None, oracle: Json,
                engine: Json) -> NoReturn:
        if self.ruleset != STANDARD:
            request = {**request, "variant": self.ruleset.name}
        raise Diverged(Divergence(source, request, summary, rule, oracle, engine))

    # -- the checks --

    def check_moves(self, position: str, source: str, expected: list[str] | None = None) -> list[str]:
        """Compare the legal turn sets; return the oracle's list."""
        request = {"op": "moves", "position": position}
        answers = self.both(request, source)
        assert answers is not None
        oracle, engine = answers
        self.checked.add("moves")
        turns: list[str] = oracle["turns"]
        if expected is not None and turns != expected:
            raise VectorDirError(f"{source}: the vectors disagree with this oracle; export them again")
        listed = engine.get("turns")
        if not isinstance(listed, list):
            self.diverge(source, request, "the engine's moves response has no list 'turns'", None, oracle, engine)
        canonical = [_canonical_turn(t) for t in listed]
        for raw, turn in zip(listed, canonical, strict=True):
            if turn is None:
                self.diverge(source, request, f"the engine listed a turn the notation cannot read: {raw!r}",
                             "NOTATION.TURN", oracle, engine)
        if sorted(t for t in canonical if t is not None) == sorted(turns):
            return turns
        self.explain_moves_difference(position, source, turns, [t for t in canonical if t is not None], oracle,
                                      engine)
        return turns

    def explain_moves_difference(self, position: str, source: str, turns: list[str], listed: list[str],
                                 oracle: Json, engine: Json) -> None:
        """Find the simplest account of a difference in the legal turn sets and raise it (with
        ``keep_going``, record every turn that differs).  Each reproduction asks about one turn."""
        # Turns both sides list but that lead elsewhere explain most set differences: check them first.
        common = [t for t in turns if t in set(listed)]
        for turn in common:
            self.guarded(self.check_apply, position, turn,
                         f"{source} (a turn both list, checked because the sets differ)")
        missing = [t for t in turns if t not in set(listed)]
        extra = [t for t in listed if t not in set(turns)]
        duplicates = sorted({t for t in listed if listed.count(t) > 1})
        counts = f"{len(missing)} missing, {len(extra)} extra"
        # Stopping at the first, one of each; going on, every one, so that they group by rule.
        for turn in missing if self.keep_going else missing[:1]:
            self.guarded(self.missing_turn, position, turn, source, counts)
        for turn in extra if self.keep_going else extra[:1]:
            self.guarded(self.extra_turn, position, turn, source, counts)
        if duplicates:
            self.diverge(source, {"op": "moves", "position": position},
                         f"the engine lists turns more than once: {', '.join(duplicates[:3])}",
                         "ORACLE.TURN", {"count": len(turns)}, {"count": len(listed)})

    def missing_turn(self, position: str, turn: str, source: str, counts: str) -> None:
        said = oracle_answer({"op": "explain", "position": position, "turn": turn}, self.ruleset)
        theirs = self.ask_engine({"op": "legal", "position": position, "turn": turn, "variant": self.ruleset.name})
        rules = event_rules(said.get("events", []), self.ruleset)
        self.diverge(source, {"op": "legal", "position": position, "turn": turn},
                     f"the engine does not list a legal turn ({counts})",
                     contested_rule(rules, theirs.get("rule"), self.ruleset),
                     {"verdict": "legal", "events": said.get("events"), "rules": rules},
                     {"listed": False, "legal": theirs})

    def extra_turn(self, position: str, turn: str, source: str, counts: str) -> None:
        said = oracle_answer({"op": "legal", "position": position, "turn": turn}, self.ruleset)
        self.diverge(source, {"op": "legal", "position": position, "turn": turn},
                     f"the engine lists a turn the oracle calls {said.get('verdict')} ({counts})",
                     said.get("rule"), {"verdict": said.get("verdict"), "rule": said.get("rule"),
                                        "reason": said.get("reason")}, {"listed": True})

    def check_legal(self, position: str, turn: str, source: str) -> None:
        if not self.partial and ">" not in turn:
            self.checked.skipped.add("partial turns")
            return
        request = {"op": "legal", "position": position, "turn": turn}
        answers = self.both(request, source)
        assert answers is not None
        oracle, engine = answers
        self.checked.add("legal")
        self.compare_verdicts(request, source, oracle, engine)

    def compare_verdicts(self, request: Json, source: str, oracle: Json, engine: Json) -> None:
        if engine.get("verdict") != oracle["verdict"]:
            rule = oracle["rule"]
            if rule is None and oracle["verdict"] == "legal":
                said = oracle_answer({**request, "op": "explain"}, self.ruleset)
                rules = event_rules(said.get("events", []), self.ruleset)
                rule = contested_rule(rules, engine.get("rule"), self.ruleset)
            self.diverge(source, request, f"verdict: the oracle says {oracle['verdict']!r}, the engine"
                         f" {engine.get('verdict')!r}", rule, oracle, engine)
        theirs = engine.get("rule")
        if self.check_rules and theirs is not None and theirs != oracle["rule"]:
            rule = self.rule_of_actions(request["position"], request["turn"]) or oracle["rule"]
            self.diverge(source, request, f"both say {oracle['verdict']!r} but name different rules", rule,
                         oracle, engine)

    def rule_of_actions(self, position: str, turn: str) -> str | None:
        """The most specific rule the actions of ``turn`` exercise when the oracle plays
        them (with any legal Focus), or None if it cannot or they are generic.

        An engine that names another rule for an illegal turn usually does so
        because it plays the turn's actions differently (it stopped a push chain,
        say), so the actions' rule is in question rather than the one that
        makes the turn illegal."""
        try:
            chosen = GAME.parse_action(turn)
        except NotationError:
            return None
        if not isinstance(chosen, Turn) or not chosen.actions:
            return None
        for era in Era:
            candidate = Turn(chosen.copy, chosen.actions, era)
            said = oracle_answer({"op": "explain", "position": position, "turn": format_turn(candidate)},
                                 self.ruleset)
            if said.get("verdict") == "legal":
                best = main_rule(event_rules(said.get("events", []), self.ruleset))
                return best if best not in GENERIC_RULES else None
        return None

    def check_apply(self, position: str, turn: str, source: str, expected: Json | None = None) -> Json:
        request = {"op": "apply", "position": position, "turn": turn}
        answers = self.both(request, source)
        assert answers is not None
        oracle, engine = answers
        self.checked.add("apply")
        if expected is not None and any(oracle.get(k) != v for k, v in expected.items()):
            raise VectorDirError(f"{source}: the vectors disagree with this oracle; export them again")
        self.compare_verdicts(request, source, oracle, engine)
        if oracle["verdict"] != "legal":
            return oracle
        events: list[str] = oracle["events"]
        theirs = engine.get("events")
        if theirs is not None:
            if not isinstance(theirs, list):
                self.diverge(source, request, "the engine's events are not a list", None, oracle, engine)
            blamed = blame_events(events, [str(e) for e in theirs], self.ruleset)
            if blamed is not None:
                self.diverge(source, request, blamed.detail, blamed.rule, oracle, engine)
        after = _canonical_position(engine.get("position"))
        if after != oracle["position"]:
            blamed = self.blame_position(position, turn, events, after)
            self.diverge(source, request, blamed.detail, blamed.rule, oracle, engine)
        return oracle

    def blame_position(self, position: str, turn: str, events: list[str], theirs: str | None) -> Blame:
        """Which rule a different position after a legal turn is about (`oracle.tools.blame`)."""
        rules = event_rules(events, self.ruleset)
        if theirs is None:
            return Blame(main_rule(rules), "the engine's position after the turn is missing or unreadable")
        before = GAME.parse_state(position)
        applied = GAME.apply(before, GAME.parse_action(turn), self.ruleset)
        blamed = blame_position(GAME.state_to_json(before), GAME.state_to_json(applied.state),
                                GAME.state_to_json(GAME.parse_state(theirs)), events,
                                [GAME.event_to_json(e) for e in applied.events], self.ruleset)
        assert blamed is not None  # the canonical texts differ, so some field does
        return blamed

    def check_perft(self, position: str, depth: int, nodes: int, source: str) -> None:
        request = {"op": "perft", "position": position, "depth": depth}
        limit = MAX_PERFT_DEPTH if self.ruleset == STANDARD else MAX_PERFT_DEPTH_VARIANT  # the oracle's own limits
        if depth > limit or "perft" in self.checked.skipped:
            return
        if nodes > MAX_PERFT_NODES_ASKED:  # beyond a request's time budget on a slow machine (documented)
            return
        answers = self.both(request, source)
        if answers is None:
            return
        oracle, engine = answers
        self.checked.add("perft")
        if oracle["nodes"] != nodes:
            raise VectorDirError(f"{source}: the vectors disagree with this oracle; export them again")
        if engine.get("nodes") != nodes:
            self.diverge(source, request, f"perft {depth}: the oracle counts {nodes}, the engine"
                         f" {engine.get('nodes')}", "ORACLE.TURN", oracle, engine)

    # -- the phases --

    def handshake(self) -> Json:
        answer = self.engine.ask({"op": "version"})
        if answer.get("ok") is not True:
            raise EngineFailed(f"the engine does not answer 'version': {json.dumps(answer)[:200]}")
        return answer

    def run_vectors(self, files: dict[str, bytes], progress: Callable[[str], None]) -> None:
        def text(path: str) -> str:
            return files[path].decode("utf-8")

        progress("vectors: positions")
        for record in read_jsonl(text("positions.jsonl")):
            self.guarded(self.check_moves, record["position"], f"vectors positions.jsonl {record['id']}",
                         record["turns"])
        progress("vectors: apply cases")
        for record in read_jsonl(text("apply.jsonl")):
            self.guarded(self.check_apply, record["position"], record["turn"], f"vectors apply.jsonl {record['id']}",
                         {"position": record["after"], "events": record["events"]})
        progress("vectors: illegal cases")
        for record in read_jsonl(text("illegal.jsonl")):
            self.guarded(self.check_legal, record["position"], record["turn"],
                         f"vectors illegal.jsonl {record['id']}")
        progress("vectors: perft")
        for perft_record in read_perft(text("perft.txt")):
            for depth, nodes in perft_record.counts:
                self.guarded(self.check_perft, perft_record.position, depth, nodes,
                             f"vectors perft.txt {perft_record.name}")
        progress("vectors: playthroughs")
        for path in sorted(p for p in files if p.startswith(PLAYTHROUGH_DIR + "/") and p.endswith(".txt")):
            playthrough = read_playthrough(text(path))
            for number, ply in enumerate(playthrough.plies, start=1):
                source = f"vectors {path}, ply {number}"
                self.guarded(self.check_moves, ply.position, source, list(ply.legal_turns))
                self.guarded(self.check_apply, ply.position, ply.turn, source, {"events": list(ply.events)})

    def run_games(self, games: int, seed: int, progress: Callable[[str], None]) -> None:
        rng = random.Random(seed)
        for game in range(1, games + 1):
            position = start_position(self.ruleset)
            ply = 0
            before = len(self.found)
            while position.winner is None and ply < 200:
                ply += 1
                text = format_position(position)
                source = f"random game {game} (seed {seed}), ply {ply}"
                options = successors(position, self.ruleset)
                self.guarded(self.check_moves, text, source)
                for candidate in self.candidates(rng, [format_turn(turn) for turn, _ in options]):
                    self.guarded(self.check_legal, text, candidate, source)
                turn, after = options[rng.randrange(len(options))]
                self.guarded(self.check_apply, text, format_turn(turn), source)
                position = after
            self.checked.add("games")
            agreed = "agreed" if len(self.found) == before else f"{len(self.found) - before} divergences"
            progress(f"random play: game {game}/{games} {agreed} ({ply} plies)")

    @staticmethod
    def candidates(rng: random.Random, turns: list[str]) -> Iterator[str]:
        """Two turns to ask about: a random shape (mostly illegal) and a prefix of a legal turn."""
        actions = tuple(rng.choice(ACTION_ORDER) for _ in range(rng.randint(0, 2)))
        copy = rng.randrange(SQUARES) if actions or rng.random() < 0.8 else None
        focus = rng.choice((None, *Era)) if copy is not None else rng.choice(tuple(Era))
        yield format_turn(Turn(copy, actions, focus))
        if turns:
            words = rng.choice(turns).split()
            yield " ".join(words[: rng.randint(1, len(words))])


# --- loading vectors and running everything ---------------------------------------------------


def load_vectors(directory: Path, ruleset: Ruleset) -> dict[str, bytes]:
    """The vector files in ``directory``, whose manifest must name ``ruleset``."""
    manifest = read_manifest(directory)
    game = manifest.get("game")
    if game not in (None, "ttykm"):
        raise VectorDirError(f"{directory} holds vectors for {str(game)[:40]}, not ttykm; pass --game {str(game)[:40]}")
    if manifest.get("variant") != ruleset.name:
        raise VectorDirError(f"{directory} holds vectors for {manifest.get('variant')!r}, not {ruleset.name!r};"
                         " pass the matching --variant")
    return {str(entry["path"]): (directory / str(entry["path"])).read_bytes() for entry in manifest["files"]
            if entry["path"] != MANIFEST}


@dataclass
class Report:
    result: str  # "conforms", "divergence", "rules_differ" or "engine_failed"
    engine: str
    variant: str
    seed: int
    games: int
    checked: dict[str, int]
    skipped: list[str]
    engine_version: Json | None = None
    divergences: list[Divergence] = field(default_factory=list)
    failure: str | None = None
    seconds: float = 0.0
    keep_going: bool = False
    game: str = "ttykm"

    @property
    def divergence(self) -> Divergence | None:
        """The first divergence found, or None."""
        return self.divergences[0] if self.divergences else None

    @property
    def exit_code(self) -> int:
        return {"conforms": EXIT_CONFORMS, "divergence": EXIT_DIVERGENCE, "rules_differ": EXIT_USAGE}.get(
            self.result, EXIT_ENGINE_FAILED)

    def by_rule(self) -> dict[str, list[Divergence]]:
        """The divergences grouped by the rule blamed, the largest group first."""
        groups: dict[str, list[Divergence]] = {}
        for divergence in self.divergences:
            groups.setdefault(divergence.rule or "(none named)", []).append(divergence)
        return dict(sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])))

    def to_json(self) -> Json:
        from oracle import SPEC_VERSION, __version__

        return {
            "result": self.result, "engine": self.engine, "game": self.game, "variant": self.variant,
            "spec": SPEC_VERSION,
            "oracle": __version__, "seed": self.seed, "games": self.games, "checked": self.checked,
            "skipped": self.skipped, "engine_version": self.engine_version,
            "divergence": self.divergence.to_json() if self.divergence is not None else None,
            "keep_going": self.keep_going,
            "by_rule": {rule: len(group) for rule, group in self.by_rule().items()},
            "divergences": [d.to_json() for d in self.divergences],
            "failure": self.failure, "seconds": round(self.seconds, 2),
        }

    def text(self, shown_per_rule: int = 5) -> str:
        counts = ", ".join(f"{n} {kind}" for kind, n in sorted(self.checked.items()))
        lines = [f"engine: {self.engine}", *([f"game: {self.game}"] if self.game != "ttykm" else []),
                 f"variant: {self.variant}", f"checked: {counts or 'nothing'}"]
        if self.skipped:
            lines.append(f"skipped: {', '.join(self.skipped)}")
        if self.keep_going and self.divergences:
            lines += self.summary_lines(shown_per_rule)
        elif self.divergence is not None:
            lines.append(self.divergence.text())
        if self.failure is not None:
            lines.append(("RULES DIFFER: " if self.result == "rules_differ" else "ENGINE FAILED: ") + self.failure)
        lines.append({"conforms": "RESULT: the engine conforms", "divergence": "RESULT: divergence",
                      "rules_differ": "RESULT: the engine plays other rules",
                      "engine_failed": "RESULT: the engine failed"}[self.result])
        return "\n".join(lines)

    def summary_lines(self, shown_per_rule: int) -> list[str]:
        """Every divergence by rule: a table of counts, then each group with its reproductions."""
        groups = self.by_rule()
        width = max(len(rule) for rule in groups)
        lines = [f"{len(self.divergences)} divergences under {len(groups)} rules:", "",
                 f"  {'rule':<{width}}  count  first seen at"]
        for rule, group in groups.items():
            lines.append(f"  {rule:<{width}}  {len(group):>5}  {group[0].source}")
        for rule, group in groups.items():
            lines += ["", f"== {rule}: {len(group)} divergence{'s' if len(group) != 1 else ''}"]
            for divergence in group[:shown_per_rule]:
                lines.append(divergence.text())
            if len(group) > shown_per_rule:
                lines.append(f"  ... and {len(group) - shown_per_rule} more under {rule} (all are in --report)")
        return lines


def declared_rules_problem(version: Json, ruleset: Ruleset) -> str | None:
    """Compare the rules an engine declares in its ``version`` reply (``plays``,
    spec/protocol.md) with the runner's; say which ``--variant`` to pass, or None."""
    plays = version.get("plays")
    if plays is None:
        return None
    if not isinstance(plays, dict) or not isinstance(plays.get("variants", []), list):
        return f"the engine's 'plays' is not an object with a list 'variants': {json.dumps(plays)[:200]}"
    ruleset_name = plays.get("ruleset", "standard")
    if ruleset_name != "standard":
        return f"the engine plays the ruleset {ruleset_name!r}; this runner checks the standard game only"
    names = [str(v) for v in plays.get("variants", [])]
    try:
        theirs = Ruleset.parse("+".join(names))
    except ValueError as exc:
        return f"the engine declares variants the oracle does not know: {exc}"
    if theirs == ruleset:
        return None
    option = f"--variant {theirs.name}" if theirs.variants else "no --variant (the standard game)"
    return f"the engine plays {theirs.name}, the runner was asked for {ruleset.name}: pass {option}"


def conform(command: str, ruleset: Ruleset = STANDARD, games: int = 20, seed: int = 1,
            vectors: Path | None = None, timeout: float = 10.0, check_rules: bool = True, partial: bool = True,
            progress: Callable[[str], None] | None = None, keep_going: bool = False,
            send_json: bool = False) -> Report:
    """Run the vectors, then ``games`` seeded random games, against the engine ``command``.

    It stops at the first divergence, or with ``keep_going`` runs everything
    and reports every divergence.  With ``send_json`` the engine gets positions
    and turns in their JSON forms instead of the text notation.
    """
    note = progress or (lambda _: None)
    started = time.perf_counter()
    report = Report("conforms", command, ruleset.name, seed, games, {}, [], keep_going=keep_going)
    files = load_vectors(vectors, ruleset) if vectors is not None else None  # a bad directory fails at once
    engine: Engine | None = None
    runner: Runner | None = None
    try:
        engine = Engine(command, timeout)
        runner = Runner(engine, ruleset, check_rules, partial, keep_going, send_json)
        report.engine_version = {k: v for k, v in runner.handshake().items() if k not in ("id", "ok", "op")}
        problem = declared_rules_problem(report.engine_version, ruleset)
        if problem is not None:
            report.result, report.failure = "rules_differ", problem
        else:
            if files is None:  # after the handshake, so that an engine that cannot start fails at once
                note(f"building the {ruleset.name} vectors")
                files = build(ruleset)
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
