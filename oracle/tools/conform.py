"""The conformance runner: drive an engine that speaks the protocol
(spec/protocol.md) and compare every answer with the oracle's, for every game.

The oracle's answers come from `oracle.tools.protocol.handle`, so both sides
answer the very same request.  The runner plays the game's test vectors
(`oracle.tools.vectors`: the named states and their legal actions, apply
and illegal records, perft, then every ply of the playthroughs, whose chance
outcomes are written out as actions), then seeded random games, asking the
engine and the oracle the same questions: the legal actions (each player's
sealed choices apart), the verdicts with the rule named, the events, the
state after each action and, in a game with hidden information, each
player's observation now and then.  It stops at the first divergence with a
minimal reproduction: the state, the action, what the oracle says with the
rule concerned, and what the engine said.  With ``keep_going`` it runs
everything and reports every divergence, grouped by the rule blamed.

Every question is about one state and one action, so a divergence is
reproduced by one request; the game says which rule a difference is about
(`Game.blame`): the rule an illegal action breaks, the clause of the first
event that differs, or that of the fields of the state that differ.
"""

from __future__ import annotations

import json
import queue
import random
import re
import shlex
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from oracle.errors import NotationError
from oracle.games import DEFAULT_GAME, AnyGame
from oracle.interface import LEGAL
from oracle.tools.protocol import Defaults, handle
from oracle.tools.vectors import (
    MANIFEST,
    PLAYTHROUGH_DIR,
    VectorDirError,
    build,
    load_set,
    random_action,
    read_jsonl,
    read_perft,
    read_playthrough,
)
from oracle.version import SPEC_VERSION, __version__
from oracle.words import counted

EXIT_CONFORMS = 0
EXIT_DIVERGENCE = 1
EXIT_USAGE = 2
EXIT_ENGINE_FAILED = 3
# Ops an engine may leave out by answering unknown_op.
OPTIONAL_OPS = ("explain", "observe", "perft", "validate")
# The largest perft count the runner asks an engine for: a protocol request has a
# budget of a few seconds (REQUEST_SECONDS), and the oracle's own serve counts
# this many nodes in well under a second on a slow machine.
MAX_PERFT_NODES_ASKED = 1_000_000
# A random game longer than this is cut short (it is checked ply by ply all the same).
MAX_PLIES = 400
# Observations are compared at one ply in this many, for every player.
OBSERVE_EVERY = 7
# Random games after the vectors, unless asked otherwise.
DEFAULT_GAMES = 10
# Why a perft count of the vectors was not compared (the report counts each).
PERFT_TOO_DEEP = "deeper than a request may ask"
PERFT_TOO_MANY = f"over the runner's budget of {MAX_PERFT_NODES_ASKED:,} nodes"
PERFT_TOO_SLOW = "answered too_slow by the engine"
PERFT_BAD_DEPTH = "answered bad_depth by the engine"
PERFT_NOT_ANSWERED = "not answered by the engine (unknown_op)"
PERFT_REFUSED = {"too_slow": PERFT_TOO_SLOW, "bad_depth": PERFT_BAD_DEPTH, "unknown_op": PERFT_NOT_ANSWERED}

Json = dict[str, Any]


class EngineFailed(Exception):
    """The engine could not be started, died, timed out or wrote something that is not a response."""


def engine_argv(command: str) -> list[str]:
    """The engine command's words; a command whose program is ``python`` runs under the oracle's own
    Python (``sys.executable``), so that a Python engine may import the oracle whichever ``python`` the
    shell finds first, or none.  Name ``python3`` or a path for another interpreter."""
    words = shlex.split(command)
    if words[:1] == ["python"]:
        return [sys.executable, *words[1:]]
    return words


class Engine:
    """An engine under test: a subprocess answering one JSON line per request line."""

    def __init__(self, command: str, timeout: float = 10.0) -> None:
        self.command = command
        self.timeout = timeout
        self.next_id = 0
        self.stderr_tail: deque[str] = deque(maxlen=20)
        try:
            self.process = subprocess.Popen(
                engine_argv(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
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


def oracle_answer(request: Json) -> Json:
    """The oracle's response to ``request``, through the protocol handler."""
    # No time budget: the reference answer must not be `too_slow` on a busy machine.
    answer: Json = json.loads(handle(json.dumps({"id": 0, **request}), Defaults(), budget=None))
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
    # For a perft count that differs: the count, and the turn sequence `divide` narrowed it to
    # (``position``, ``depth``, ``oracle``, ``engine``, ``path``); the request is then about the
    # state at the end of that path.
    perft: Json | None = None
    # What differs, in words, once narrowed (a perft count's: the difference found at the end of its path).
    cause: str = ""

    def fold_key(self) -> tuple[str, str, str, str]:
        """What the divergence comes down to: the rule, the question and the state asked about, and the
        difference (an event's number left out).  Divergences with one key are one cause showing in
        several places (several turns of a position, several perft counts through one turn)."""
        state = self.request.get("position", self.request.get("state"))
        cause = re.sub(r"^event \d+: ", "", self.cause or self.summary)
        return (self.rule or "", str(self.request.get("op")), json.dumps(state, sort_keys=True), cause)

    def to_json(self) -> Json:
        return {"source": self.source, "request": self.request, "summary": self.summary, "rule": self.rule,
                "oracle": self.oracle, "engine": self.engine, **({"perft": self.perft} if self.perft else {})}

    def text(self) -> str:
        lines = [f"DIVERGENCE at {self.source}", f"  {self.summary}"]
        if self.perft is not None:
            lines.append(f"  perft:    {self.perft['depth']} from {self.perft['position']}: the oracle counts"
                         f" {self.perft['oracle']}, the engine {self.perft['engine']}")
            path = self.perft["path"]
            lines.append("  narrowed: " + (" / ".join(path) if path else "(at the position itself)"))
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


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


@dataclass
class Checked:
    """What was compared, by kind, and what the engine does not answer."""

    counts: dict[str, int] = field(default_factory=dict)
    skipped: set[str] = field(default_factory=set)
    # The perft counts of the vectors not compared, by reason, so that the number compared is stated.
    perft_skipped: dict[str, int] = field(default_factory=dict)

    def add(self, kind: str) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1

    def skip_perft(self, reason: str) -> None:
        self.perft_skipped[reason] = self.perft_skipped.get(reason, 0) + 1


class Runner:
    """Compares one engine with the oracle on one game under one rules value."""

    def __init__(self, engine: Engine, game: AnyGame, rules: Any, check_rules: bool = True, partial: bool = True,
                 keep_going: bool = False, send_json: bool = False) -> None:
        self.engine = engine
        self.game = game
        self.rules = rules
        self.variant = game.rules_name(rules)
        self.blame = game.blame(rules)
        self.words = game.words
        self.check_rules = check_rules
        self.partial = partial
        self.keep_going = keep_going
        self.send_json = send_json
        self.checked = Checked()
        self.found: list[Divergence] = []
        self.refusal: str | None = None  # the error code of the engine's last refusal of an optional request

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

    def request(self, op: str, state: str, **fields: Any) -> Json:
        """A request about ``state``, naming the game and the rules unless they are the defaults."""
        game = {} if self.game.name == DEFAULT_GAME else {"game": self.game.name}
        variant = {} if self.variant == "standard" else {"variant": self.variant}
        return {"op": op, **game, "position": state, **fields, **variant}

    def both(self, request: Json, source: str) -> tuple[Json, Json] | None:
        """The oracle's and the engine's answers, or None if the engine does not do this optional op
        (or, for perft, this count); `refusal` then says which error the engine answered."""
        oracle = oracle_answer(request)
        engine = self.ask_engine(request)
        self.refusal = None
        if engine.get("ok") is not True:
            error = engine.get("error")
            code = error.get("code") if isinstance(error, dict) else None
            skipped = {"unknown_op": request["op"], "bad_depth": "perft beyond the engine's depth limit",
                       "too_slow": "perft beyond the engine's time budget"}.get(str(code))
            if skipped is not None and request["op"] in OPTIONAL_OPS and (code == "unknown_op"
                                                                          or request["op"] == "perft"):
                self.checked.skipped.add(skipped)
                self.refusal = str(code)
                return None
            self.diverge(source, request, f"the engine answered an error to a valid {request['op']} request",
                         None, oracle, engine)
        return oracle, engine

    def ask_engine(self, request: Json) -> Json:
        """Ask the engine, with the state and action in their JSON forms if ``send_json``."""
        if self.send_json:
            if isinstance(request.get("position"), str):
                request = {**request, "position": self.game.state_to_json(self.game.parse_state(request["position"]))}
            if isinstance(request.get("turn"), str):
                request = {**request, "turn": self.game.action_to_json(self.game.parse_action(request["turn"]))}
        return self.engine.ask(request)

    def diverge(self, source: str, request: Json, summary: str, rule: str | None, oracle: Json,
                engine: Json) -> NoReturn:
        raise Diverged(Divergence(source, request, summary, rule, oracle, engine))

    # -- reading what the engine said --

    def canonical_action(self, value: Any) -> str | None:
        try:
            if isinstance(value, str):
                return self.game.format_action(self.game.parse_action(value))
            if isinstance(value, dict):
                return self.game.format_action(self.game.action_from_json(value))
        except (NotationError, ValueError):
            return None
        return None

    def engine_state(self, value: Any) -> tuple[Any, str]:
        """The engine's state read back, or None with why it cannot be read."""
        try:
            if isinstance(value, str):
                return self.game.parse_state(value), ""
            if isinstance(value, dict):
                return self.game.state_from_json(value), ""
        except (NotationError, ValueError) as exc:
            return None, str(exc)
        return None, "missing" if value is None else f"neither a text nor a JSON form: {value!r:.60}"

    def objects(self, request: Json) -> tuple[Any, Any]:
        """The state and the action of a request the runner made (from the oracle's own texts)."""
        return self.game.parse_state(request["position"]), self.game.parse_action(request["turn"])

    # -- the checks --

    def check_moves(self, state: str, source: str, player: int | None = None,
                    expected: Sequence[str] | None = None) -> list[str]:
        """Compare the legal actions (of ``player`` while choices are sealed) as sets; return the oracle's."""
        request = self.request("moves", state, **({} if player is None else {"player": player}))
        answers = self.both(request, source)
        assert answers is not None
        oracle, engine = answers
        self.checked.add("moves")
        ours: list[str] = oracle["turns"]
        if expected is not None and tuple(ours) != tuple(expected):
            raise VectorDirError(f"{source}: the vectors disagree with this oracle; export them again")
        listed = engine.get("turns")
        if not isinstance(listed, list):
            self.diverge(source, request, "the engine's moves response has no list 'turns'", None, oracle, engine)
        theirs = []
        for raw in listed:
            action = self.canonical_action(raw)
            if action is None:
                self.diverge(source, request, f"the engine listed {_a(self.words.action)} the notation cannot read:"
                             f" {raw!r}", self.blame.notation_rule, oracle, engine)
            theirs.append(action)
        if sorted(theirs) != sorted(ours):
            self.explain_moves_difference(request, source, player, ours, theirs, oracle, engine)
        return ours

    def explain_moves_difference(self, request: Json, source: str, player: int | None, ours: list[str],
                                 theirs: list[str], oracle: Json, engine: Json) -> None:
        """Find the simplest account of a difference in the legal action sets and raise it (with
        ``keep_going``, record every action that differs).  Each reproduction asks about one action."""
        state = request["position"]
        if player is None:  # actions both list but that lead elsewhere explain most set differences
            for action in [a for a in ours if a in set(theirs)]:
                self.guarded(self.check_apply, state, action,
                             f"{source} (an action both list, checked because the sets differ)")
        missing = [a for a in ours if a not in set(theirs)]
        extra = [a for a in theirs if a not in set(ours)]
        counts = f"{len(missing)} missing, {len(extra)} extra"
        # Stopping at the first, one of each; going on, every one, so that they group by rule.
        for action in missing if self.keep_going else missing[:1]:
            self.guarded(self.missing_action, state, action, source, counts)
        for action in extra if self.keep_going else extra[:1]:
            self.guarded(self.extra_action, state, action, source, counts)
        # The oracle may list one action twice where two rules offer it (the same text): only more is wrong.
        twice = sorted({a for a in theirs if theirs.count(a) > max(1, ours.count(a))})
        if twice:
            self.diverge(source, request, f"the engine lists {self.words.actions} more than once: "
                         + ", ".join(twice[:3]), self.blame.listing_rule, {"count": len(ours)},
                         {"count": len(theirs)})

    def missing_action(self, state: str, action: str, source: str, counts: str) -> None:
        request = self.request("legal", state, turn=action)
        said = oracle_answer({**request, "op": "explain"})
        theirs = self.ask_engine(request)
        cited = theirs.get("rule") if isinstance(theirs.get("rule"), str) else None
        self.diverge(source, request, f"the engine does not list a legal {self.words.action} ({counts})",
                     self.blame.refusal(*self.objects(request), cited),
                     {"verdict": said.get("verdict"), "events": said.get("events")}, {"listed": False, "legal": theirs})

    def extra_action(self, state: str, action: str, source: str, counts: str) -> None:
        request = self.request("legal", state, turn=action)
        said = oracle_answer(request)
        self.diverge(source, request, f"the engine lists {_a(self.words.action)} the oracle calls"
                     f" {said.get('verdict')} ({counts})", said.get("rule"),
                     {"verdict": said.get("verdict"), "rule": said.get("rule"), "reason": said.get("reason")},
                     {"listed": True})

    def check_legal(self, state: str, action: str, source: str, expected_rule: str | None = None) -> None:
        if not self.partial and self.game.is_partial(self.game.parse_action(action)):
            self.checked.skipped.add(f"partial {self.words.actions}")
            return
        request = self.request("legal", state, turn=action)
        answers = self.both(request, source)
        assert answers is not None
        oracle, engine = answers
        self.checked.add("legal")
        if expected_rule is not None and oracle["rule"] != expected_rule:
            raise VectorDirError(f"{source}: the vectors disagree with this oracle; export them again")
        self.compare_verdicts(request, source, oracle, engine)

    def compare_verdicts(self, request: Json, source: str, oracle: Json, engine: Json) -> None:
        cited = engine.get("rule") if isinstance(engine.get("rule"), str) else None
        if engine.get("verdict") != oracle["verdict"]:
            rule = oracle["rule"]
            if rule is None and oracle["verdict"] == LEGAL:
                rule = self.blame.refusal(*self.objects(request), cited)
            self.diverge(source, request, f"verdict: the oracle says {oracle['verdict']!r}, the engine"
                         f" {engine.get('verdict')!r}", rule, oracle, engine)
        if self.check_rules and engine.get("rule") is not None and engine.get("rule") != oracle["rule"]:
            rule = self.blame.other_rule(*self.objects(request), oracle["rule"])
            self.diverge(source, request, f"both say {oracle['verdict']!r} but name different rules", rule,
                         oracle, engine)

    def check_apply(self, state: str, action: str, source: str, expected: Json | None = None) -> None:
        request = self.request("apply", state, turn=action)
        answers = self.both(request, source)
        assert answers is not None
        oracle, engine = answers
        self.checked.add("apply")
        if expected is not None and any(oracle.get(k) != v for k, v in expected.items()):
            raise VectorDirError(f"{source}: the vectors disagree with this oracle; export them again")
        self.compare_verdicts(request, source, oracle, engine)
        if oracle["verdict"] != LEGAL:
            return
        before, played = self.objects(request)
        theirs = engine.get("events")
        if theirs is not None:
            if not isinstance(theirs, list):
                self.diverge(source, request, "the engine's events are not a list", None, oracle, engine)
            blamed = self.blame.events(before, played, oracle["events"], [str(e) for e in theirs])
            if blamed is not None:
                self.diverge(source, request, blamed.detail, blamed.rule, oracle, engine)
        written = engine.get("position")
        after, unreadable = self.engine_state(written)
        if after is None and written is not None:  # compared field by field, as far as it reads
            blamed = self.blame.unreadable(before, played, self.game.state_fields(written), unreadable)
            self.diverge(source, request, blamed.detail, blamed.rule, oracle, engine)
        if after is None or self.game.format_state(after) != oracle["position"]:
            blamed = self.blame.state(before, played, after)
            self.diverge(source, request, blamed.detail, blamed.rule, oracle, engine)

    def check_perft(self, state: str, depth: int, nodes: int, source: str) -> None:
        """Compare one perft count of the vectors; a count that differs is narrowed with `divide`
        (`narrow_perft`).  A count not compared is counted, with the reason, in the report."""
        request = self.request("perft", state, depth=depth)
        if depth > self.game.perft_depth_limit(self.rules, True):  # the oracle's own limit for a request
            self.checked.skip_perft(PERFT_TOO_DEEP)
            return
        if nodes > MAX_PERFT_NODES_ASKED:  # beyond a request's time budget on a slow machine (documented)
            self.checked.skip_perft(PERFT_TOO_MANY)
            return
        if "perft" in self.checked.skipped:
            self.checked.skip_perft(PERFT_NOT_ANSWERED)
            return
        answers = self.both(request, source)
        if answers is None:
            self.checked.skip_perft(PERFT_REFUSED[str(self.refusal)])
            return
        oracle, engine = answers
        self.checked.add("perft")
        if oracle["nodes"] != nodes:
            raise VectorDirError(f"{source}: the vectors disagree with this oracle; export them again")
        if engine.get("nodes") != nodes:
            self.narrow_perft(state, depth, source, Divergence(
                source, request, f"perft {depth}: the oracle counts {nodes}, the engine {engine.get('nodes')}",
                self.blame.listing_rule, oracle, engine))

    def narrow_perft(self, state: str, depth: int, source: str, found: Divergence) -> NoReturn:
        """Follow a perft count that differs down the tree to the first turn sequence whose count
        differs, then compare the state there as a state (its legal actions; each action on the way
        is applied and compared too), and raise that divergence, blamed on its own rule.  An engine
        that does not answer ``divide`` is asked the count of each child instead.  When nothing on the
        way differs, the count itself is the divergence (`Blamer.listing_rule`)."""
        path: list[str] = []
        counts = {"position": state, "depth": depth, "oracle": found.oracle.get("nodes"),
                  "engine": found.engine.get("nodes"), "path": path}
        where = f"{source}, perft {depth} narrowed by divide"
        keep_going, self.keep_going = self.keep_going, False  # one divergence per count: the first found
        stopped = "nothing differs on the way"
        try:
            while depth >= 1:
                if depth == 1:  # a count of one turn is the number of legal actions
                    self.check_moves(state, where)
                    break
                child = self.first_differing_child(state, depth, where)
                if child is None:
                    stopped = ("the engine answered " + self.refusal if self.refusal is not None
                               else "no first action's count differs")
                    break
                path.append(child)
                self.check_apply(state, child, where)  # an action played otherwise explains the counts under it
                state = oracle_answer(self.request("apply", state, turn=child))["position"]
                depth -= 1
        except Diverged as exc:
            inner = exc.divergence
            narrowed = f"narrowed to {' / '.join(path)}: " if path else ""
            raise Diverged(Divergence(where, inner.request, f"{found.summary}; {narrowed}{inner.summary}", inner.rule,
                                      inner.oracle, inner.engine, counts, inner.cause or inner.summary)) from None
        finally:
            self.keep_going = keep_going
        request = self.request("perft", state, depth=depth)
        raise Diverged(Divergence(where, request, f"{found.summary}; not narrowed further ({stopped}) after"
                                  f" {len(path)} {self.words.actions}", found.rule, oracle_answer(request),
                                  found.engine, counts))

    def first_differing_child(self, state: str, depth: int, where: str) -> str | None:
        """The first action of ``state`` (in the game's order) after which the engine's count of
        ``depth - 1`` differs from the oracle's, by one ``divide`` request, or by one count per child
        when the engine does not answer ``divide``.  First actions that differ are compared as the
        legal actions of ``state`` at once."""
        request = self.request("perft", state, depth=depth, divide=True)
        answers = self.both(request, where)
        if answers is None:
            return None
        oracle, engine = answers
        ours: dict[str, Any] = {part["turn"]: part["nodes"] for part in oracle["divide"]}
        parts = engine.get("divide")
        if isinstance(parts, list) and all(isinstance(part, dict) for part in parts):
            theirs = {self.canonical_action(part.get("turn")): part.get("nodes") for part in parts}
            if set(theirs) != set(ours):
                self.check_moves(state, where)
                self.diverge(where, request, f"the engine's divide lists other {self.words.actions} than its"
                             " moves", self.blame.listing_rule, oracle, engine)
            return next((action for action, nodes in ours.items() if theirs[action] != nodes), None)
        self.check_moves(state, where)  # no divide: the same first actions, then the count after each
        for action, nodes in ours.items():
            after = oracle_answer(self.request("apply", state, turn=action))["position"]
            answer = self.both(self.request("perft", after, depth=depth - 1), where)
            if answer is None:
                return None
            if answer[1].get("nodes") != nodes:
                return action
        return None

    def check_observe(self, state: str, player: int, source: str) -> None:
        from oracle.games.blame import differing_fields, shown_fields

        request = self.request("observe", state, player=player)
        answers = self.both(request, source)
        if answers is None:
            return
        oracle, engine = answers
        self.checked.add("observe")
        if engine.get("observation") != oracle["observation"]:
            fields = differing_fields(oracle["observation"], engine.get("observation"))
            self.diverge(source, request, f"{self.game.player_name(player)}'s observation differs in "
                         + shown_fields(fields), self.game.observe_rule, oracle, engine)

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
        if self.game.observe_rule is not None and ply % OBSERVE_EVERY == 0 and "observe" not in self.checked.skipped:
            for player in self.game.seats(state):
                self.guarded(self.check_observe, text, player, source)
        self.guarded(self.check_apply, text, chosen, source, None if events is None else {"events": list(events)})

    # -- the phases --

    def handshake(self) -> Json:
        answer = self.engine.ask({"op": "version", **({} if self.game.name == DEFAULT_GAME
                                                       else {"game": self.game.name})})
        if answer.get("ok") is not True:
            raise EngineFailed(f"the engine does not answer 'version': {json.dumps(answer)[:200]}")
        return answer

    def run_vectors(self, files: dict[str, bytes], progress: Callable[[str], None]) -> None:
        words = self.words

        def records(path: str) -> list[dict[str, Any]]:
            return read_jsonl(files[path].decode("utf-8")) if path in files else []

        progress("vectors: positions")
        for record in records("positions.jsonl"):
            self.guarded(self.check_moves, record[words.state], f"vectors positions.jsonl {record['id']}", None,
                         record[words.actions])
        progress("vectors: apply records")
        for record in records("apply.jsonl"):
            self.guarded(self.check_apply, record[words.state], record[words.action], f"vectors apply.jsonl"
                         f" {record['id']}", {"position": record["after"], "events": record["events"]})
        progress("vectors: illegal records")
        for record in records("illegal.jsonl"):
            self.guarded(self.check_legal, record[words.state], record[words.action],
                         f"vectors illegal.jsonl {record['id']}", record["rule"])
        if "perft.txt" in files:
            progress("vectors: perft")
            for perft_record in read_perft(files["perft.txt"].decode("utf-8")):
                for depth, nodes in perft_record.counts:
                    self.guarded(self.check_perft, perft_record.state, depth, nodes,
                                 f"vectors perft.txt {perft_record.name}")
        for path in sorted(p for p in files if p.startswith(PLAYTHROUGH_DIR + "/") and p.endswith(".txt")):
            progress(f"vectors: {path}")
            for ply in read_playthrough(files[path].decode("utf-8")).plies:
                self.check_ply(self.game.parse_state(ply.state), self.game.parse_action(ply.action),
                               f"vectors {path}, ply {ply.number}", ply.number, (ply.legal, ply.events))

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
                if self.game.to_act(state).kind != "chance":
                    for question in self.questions(state, played, rng, ply):
                        self.guarded(self.check_legal, self.game.format_state(state), question, source)
                self.check_ply(state, action, source, ply)
                played.append(action)
                state = self.game.apply(state, action, self.rules).state
            self.checked.add("games")
            agreed = "agreed" if len(self.found) == before else counted(len(self.found) - before, "divergence")
            progress(f"random play: game {number}/{games} {agreed} ({counted(ply, 'ply')})")

    def questions(self, state: Any, played: list[Any], rng: random.Random, ply: int) -> list[str]:
        """Actions to ask about, mostly illegal here: an earlier action, and at every other ply a near miss
        (`Game.near_misses`, which may cost as much as listing the legal actions)."""
        asked = []
        misses = self.game.near_misses(state, self.rules, rng) if ply % 2 else None
        if misses:
            asked.append(self.game.format_action(rng.choice(list(misses))))
        if played:
            asked.append(self.game.format_action(rng.choice(played)))
        return asked


# --- running everything ---------------------------------------------------------------------


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
    game: str = DEFAULT_GAME
    perft_skipped: dict[str, int] = field(default_factory=dict)  # the vectors' perft counts not compared, by reason

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

    def folded(self) -> list[list[Divergence]]:
        """The divergences folded by cause (`Divergence.fold_key`), each fold in the order first seen."""
        folds: dict[tuple[str, str, str, str], list[Divergence]] = {}
        for divergence in self.divergences:
            folds.setdefault(divergence.fold_key(), []).append(divergence)
        return list(folds.values())

    def to_json(self) -> Json:
        return {
            "result": self.result, "engine": self.engine, "game": self.game, "variant": self.variant,
            "spec": SPEC_VERSION,
            "oracle": __version__, "seed": self.seed, "games": self.games, "checked": self.checked,
            "skipped": self.skipped, "perft_skipped": self.perft_skipped, "engine_version": self.engine_version,
            "divergence": self.divergence.to_json() if self.divergence is not None else None,
            "keep_going": self.keep_going,
            "by_rule": {rule: len(group) for rule, group in self.by_rule().items()},
            "divergences": [d.to_json() for d in self.divergences],
            "folded": [{"count": len(fold), "sources": [d.source for d in fold], "divergence": fold[0].to_json()}
                       for fold in self.folded()],
            "failure": self.failure, "seconds": round(self.seconds, 2),
        }

    def text(self, shown_per_rule: int = 5) -> str:
        counts = ", ".join(f"{n} {kind}" for kind, n in sorted(self.checked.items()))
        lines = [f"engine: {self.engine}", *([f"game: {self.game}"] if self.game != DEFAULT_GAME else []),
                 f"variant: {self.variant}", f"checked: {counts or 'nothing'}"]
        if self.skipped:
            lines.append(f"skipped: {', '.join(self.skipped)}")
        if self.perft_skipped:
            lines.append("perft counts not compared: " + ", ".join(
                f"{n} {reason}" for reason, n in sorted(self.perft_skipped.items(), key=lambda item: -item[1])))
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
        """Every divergence by rule: a table of counts, then each group with its reproductions, the
        divergences of one cause folded into one, with the count and the places where it showed."""
        groups = self.by_rule()
        folds = self.folded()
        width = max(len(rule) for rule in groups)
        lines = [f"{counted(len(self.divergences), 'divergence')} under {counted(len(groups), 'rule')},"
                 f" from {counted(len(folds), 'cause')}:", "",
                 f"  {'rule':<{width}}  count  causes  first seen at"]
        by_rule: dict[str, list[list[Divergence]]] = {}
        for fold in folds:
            by_rule.setdefault(fold[0].rule or "(none named)", []).append(fold)
        for rule, group in groups.items():
            lines.append(f"  {rule:<{width}}  {len(group):>5}  {len(by_rule[rule]):>6}  {group[0].source}")
        for rule, group in groups.items():
            causes = by_rule[rule]
            lines += ["", f"== {rule}: {counted(len(group), 'divergence')}"
                      + (f", folded into {len(causes)} by cause" if len(causes) != len(group) else "")]
            for fold in causes[:shown_per_rule]:
                lines.append(fold[0].text())
                if len(fold) > 1:
                    also = [d.source + (f" ({d.request['turn']})" if isinstance(d.request.get("turn"), str)
                                        and d.request.get("turn") != fold[0].request.get("turn") else "")
                            for d in fold[1:]]
                    lines.append(f"  the same cause showed at {len(fold)} places; also at:")
                    lines += [f"    {place}" for place in also[:8]]
                    if len(also) > 8:
                        lines.append(f"    and {len(also) - 8} more (all are in --report)")
            if len(causes) > shown_per_rule:
                lines.append(f"  ... and {len(causes) - shown_per_rule} more causes under {rule}"
                             " (all are in --report)")
        return lines


def declared_rules_problem(version: Json, game: AnyGame, rules: Any) -> str | None:
    """Compare the rules an engine declares in its ``version`` reply (``games``, and ``plays``:
    spec/protocol.md) with the runner's; say which ``--game`` or ``--variant`` to pass, or None."""
    offered = version.get("games")
    if isinstance(offered, list) and game.name not in offered:
        return f"the engine plays {', '.join(map(str, offered))[:200]}, not {game.name}"
    plays = version.get("plays")
    if plays is None:
        return None
    if not isinstance(plays, dict) or not isinstance(plays.get("variants", []), list):
        return f"the engine's 'plays' is not an object with a list 'variants': {json.dumps(plays)[:200]}"
    ruleset = str(plays.get("ruleset", "standard"))
    names = "+".join(str(v) for v in plays.get("variants", []))
    try:
        theirs = game.rules_name(game.parse_rules(None if ruleset == "standard" else ruleset, names or None))
    except (NotationError, ValueError) as exc:
        return f"the engine declares variants the oracle does not know: {exc}"
    ours = game.rules_name(rules)
    if theirs == ours:
        return None
    option = f"--variant {theirs}" if theirs != "standard" else "no --variant (the standard game)"
    return f"the engine plays {theirs}, the runner was asked for {ours}: pass {option}"


def conform(command: str, game: AnyGame, rules: Any, games: int = DEFAULT_GAMES, seed: int = 1,
            vectors: Path | None = None, timeout: float = 10.0, check_rules: bool = True, partial: bool = True,
            progress: Callable[[str], None] | None = None, keep_going: bool = False,
            send_json: bool = False) -> Report:
    """Run the game's vectors, then ``games`` seeded random games, against the engine ``command``.

    It stops at the first divergence, or with ``keep_going`` runs everything
    and reports every divergence.  With ``send_json`` the engine gets states
    and actions in their JSON forms instead of the text notation.
    """
    note = progress or (lambda _: None)
    started = time.perf_counter()
    rules_name = game.rules_name(rules)
    report = Report("conforms", command, rules_name, seed, games, {}, [], keep_going=keep_going, game=game.name)
    # A bad directory, or rules with no vector set, fail at once, before the engine starts.
    files = load_set(vectors, game, rules) if vectors is not None else None
    vector_set = game.vector_set(rules) if files is None else None
    engine: Engine | None = None
    runner: Runner | None = None
    try:
        engine = Engine(command, timeout)
        runner = Runner(engine, game, rules, check_rules, partial, keep_going, send_json)
        report.engine_version = {k: v for k, v in runner.handshake().items() if k not in ("id", "ok", "op")}
        problem = declared_rules_problem(report.engine_version, game, rules)
        if problem is not None:
            report.result, report.failure = "rules_differ", problem
        else:
            if vector_set is not None:  # after the handshake, so that an engine that cannot start fails at once
                note(f"building the {game.name} vectors ({rules_name})")
                files = build(game, vector_set)
            assert files is not None
            runner.run_vectors({p: d for p, d in files.items() if p != MANIFEST}, note)
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
        report.perft_skipped = dict(runner.checked.perft_skipped)
        report.divergences = report.divergences or runner.found
    if report.divergences and report.result == "conforms":
        report.result = "divergence"
    report.seconds = time.perf_counter() - started
    return report
