"""Perft spread over local processes or a Dask cluster, resumable from a checkpoint.

The tree is split at a chosen depth into its distinct positions, each with
the number of turn sequences that reach it from each first turn (its
multiplicity).  Each distinct position is one task: the fast perft of the
remaining depth, computed by a callable the game gives (``count(state_text,
depth) -> nodes``), in another process.  The results are summed, per first
turn for a divide.  Each finished task is appended to a checkpoint file at
once, so a run that is stopped (Ctrl-C) or that loses a worker is resumed
by running the same command again: the finished subtrees are read back, not
counted again.

Only the common game interface is used here (and the actions that can come
next, `oracle.games.perft.choices`, as every perft counts them), so any game
whose actions and states the interface can list, apply and print can be
counted this way; the game gives the counter (`Game.perft_counter`).  Dask
(``distributed``) is optional (``pip install -e '.[distributed]' in a clone``):
without it, ``workers`` local processes of the standard library do the work.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import signal
import stat
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TextIO

from oracle.errors import NotationError
from oracle.games.perft import choices
from oracle.inputs import MAX_STATE_BYTES, load_json, preview
from oracle.interface import Game

Count = Callable[[str, int], int]
"""``count(state_text, depth)``: the number of action sequences of ``depth``
actions from the state written ``state_text`` (picklable, to run elsewhere)."""

CHECKPOINT_FORMAT = 2
TASKS_PER_WORKER = 16
"""The default split gives each worker at least this many subtrees, so that
their unequal sizes even out and a checkpoint line is written often; it
leaves each subtree two turns at least, so that no task is so small that
the cluster's own cost per task dominates."""
INSTALL_HINT = "pip install -e '.[distributed]' in a clone"


class ClusterError(Exception):
    """A run that cannot start (a checkpoint of another count, no Dask): one line for the user."""


class WorkerLost(Exception):
    """The local processes lost one of theirs (Dask reschedules a lost worker's tasks by itself)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, taken as Ctrl-C is: the run stops, keeping its checkpoint, and says so (`on_terminate`)."""


@contextmanager
def on_terminate() -> Iterator[None]:
    """Within the block, SIGTERM raises `Terminated` in the main thread (where the run is), as SIGINT
    raises KeyboardInterrupt; the handler before it is put back after."""
    def stop(signum: int, frame: object) -> None:
        raise Terminated

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class Stopped(Exception):
    """The run stopped before the end; its message says what the checkpoint keeps.  ``interrupted``:
    by Ctrl-C or SIGTERM (``terminated``), else by a lost process or cluster."""

    def __init__(self, message: str, interrupted: bool, terminated: bool = False) -> None:
        super().__init__(message)
        self.interrupted = interrupted
        self.terminated = terminated


@dataclass(frozen=True)
class Plan:
    """The split of one perft: the subtrees to count and how they add up.

    ``tasks`` are the distinct states at depth ``split`` (as text), each to be
    counted to ``depth - split``; ``parts[i]`` lists, for the i-th first
    action (named ``firsts[i]``), each task it reaches with its multiplicity.
    """

    game: str
    rules: str
    root: str
    depth: int
    split: int
    firsts: tuple[str, ...]
    parts: tuple[tuple[tuple[int, int], ...], ...]
    tasks: tuple[str, ...]

    @property
    def key(self) -> str:
        """What a checkpoint must match to be resumed: the same count of the same tree, split the same way."""
        return _digest([self.game, self.rules, self.root, self.depth, self.split])

    def totals(self, results: dict[int, int]) -> list[int]:
        """The count after each first action, from every task's result."""
        return [sum(n * results[t] for t, n in part) for part in self.parts]


AnyGame = Game[Any, Any, Any, Any]


def default_split(game: AnyGame, rules: Any, state: Any, depth: int, workers: int) -> int:
    """The shallowest split that gives every worker `TASKS_PER_WORKER` subtrees (at most ``depth - 1``)."""
    wanted = TASKS_PER_WORKER * max(1, workers)
    level: dict[str, Any] = {game.format_state(state): state}
    split = 0
    while split < depth - 2 and len(level) < wanted:
        nxt: dict[str, Any] = {}
        for s in level.values():
            for action in choices(game, s, rules):
                after = game.apply(s, action, rules).state
                nxt.setdefault(game.format_state(after), after)
        level, split = nxt, split + 1
        if not level:
            break
    return max(1, split)


def plan(game: AnyGame, rules: Any, state: Any, depth: int, split: int) -> Plan:
    """Split the perft of ``depth`` from ``state`` at depth ``split`` (1 to ``depth - 1``)."""
    if not 1 <= split < depth:
        raise ClusterError(f"the split depth must be from 1 to {depth - 1} for perft {depth}, not {split}")
    index: dict[str, int] = {}
    firsts: list[str] = []
    parts: list[tuple[tuple[int, int], ...]] = []
    for action in choices(game, state, rules):
        firsts.append(game.format_action(action))
        after = game.apply(state, action, rules).state
        level: dict[str, tuple[Any, int]] = {game.format_state(after): (after, 1)}
        for _ in range(split - 1):
            nxt: dict[str, tuple[Any, int]] = {}
            for s, n in level.values():
                for a in choices(game, s, rules):
                    t = game.apply(s, a, rules).state
                    text = game.format_state(t)
                    nxt[text] = (t, nxt[text][1] + n if text in nxt else n)
            level = nxt
        part: Counter[int] = Counter()
        for text, (s, n) in level.items():
            if game.outcome(s) is not None:
                continue  # a finished game has no further action: it adds nothing
            part[index.setdefault(text, len(index))] += n
        parts.append(tuple(sorted(part.items())))
    return Plan(game.name, game.rules_name(rules), game.format_state(state), depth, split, tuple(firsts),
                tuple(parts), tuple(index))


# --- the checkpoint ----------------------------------------------------------------


def _digest(fields: list[Any]) -> str:
    return hashlib.sha256(json.dumps(fields).encode("utf-8")).hexdigest()[:16]


def default_checkpoint(game: AnyGame, rules: Any, state: Any, depth: int) -> Path:
    """``perft-DEPTH-KEY.checkpoint`` in the current folder: one file per count of one tree, whatever
    its split, so that the same command resumes it with any number of workers."""
    return Path(f"perft-{depth}-{_digest([game.name, game.rules_name(rules), game.format_state(state), depth])}"
                ".checkpoint")


MAX_CHECKPOINT_LINE = MAX_STATE_BYTES + 1024
"""The longest checkpoint line read, in bytes: a task's state with its depth, count and sum."""


def _line_sum(key: str, rules: str, state: str, depth: int, nodes: int) -> str:
    """A subtree line's checksum: over the count it belongs to (the plan's key), its ruleset, state,
    depth and count, so that a changed digit, a line of another count or two lines merged fail it."""
    return _digest([key, rules, state, depth, nodes])


def check_checkpoint_path(path: Path) -> None:
    """Refuse, before anything starts, a checkpoint path that cannot be read and written as a file:
    a folder, a device or a pipe (``/dev/zero``, a FIFO), a file that cannot be read or written, or a
    new file in a folder that does not exist or cannot be written."""
    where = f"the checkpoint {path}"
    try:
        info = path.stat()
    except FileNotFoundError:
        folder = path.parent
        if not folder.is_dir():
            raise ClusterError(f"{where} cannot be made: the folder {folder} does not exist") from None
        if not os.access(folder, os.W_OK | os.X_OK):
            raise ClusterError(f"{where} cannot be made: the folder {folder} cannot be written") from None
        return
    except OSError as exc:
        raise ClusterError(f"{where} cannot be used: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise ClusterError(f"{where} is a folder, not a file; give a file name")
    if not stat.S_ISREG(info.st_mode):
        raise ClusterError(f"{where} is not a regular file (a device or a pipe); give a file name")
    if not os.access(path, os.R_OK | os.W_OK):
        raise ClusterError(f"{where} cannot be read and written")


def _read_lines(path: Path, most: int) -> Iterator[tuple[bytes, bool]]:
    """The file's lines, each read no further than `MAX_CHECKPOINT_LINE` (with whether it ended with a
    newline); a file of more than ``most`` lines is refused."""
    with path.open("rb") as f:
        for number in range(most + 1):
            line = f.readline(MAX_CHECKPOINT_LINE + 1)
            if not line:
                return
            if number == most:
                raise ClusterError(f"{path} holds more lines than a checkpoint of this count can; give another"
                                   " --checkpoint file or remove it")
            ended = line.endswith(b"\n")
            if not ended and len(line) > MAX_CHECKPOINT_LINE:
                while (rest := f.readline(MAX_CHECKPOINT_LINE)) and not rest.endswith(b"\n"):
                    pass  # the rest of an overlong line, read in bounded pieces and dropped
                ended = bool(rest)
                line = b""  # too long to be a line of a checkpoint
            yield line, ended


def _header(path: Path) -> dict[str, Any] | None:
    """A checkpoint's header, None for an empty file (a fresh one); `ClusterError` if it is not one."""
    for line, _ in _read_lines(path, 1 << 40):
        try:
            header = load_json(line.decode("utf-8"), "the header")
        except (UnicodeDecodeError, NotationError):
            header = None
        if not isinstance(header, dict) or "checkpoint" not in header:
            raise ClusterError(f"{path} is not a perft checkpoint; give another --checkpoint file or remove it")
        if header["checkpoint"] != CHECKPOINT_FORMAT:
            raise ClusterError(f"{path} is a perft checkpoint of another format"
                               f" ({preview(header['checkpoint'])}); remove it to count afresh")
        return header
    return None


def checkpoint_split(path: Path) -> int | None:
    """The split depth a checkpoint was made with, or None if there is none yet (`ClusterError` for a
    file that is not a checkpoint)."""
    if not path.exists():
        return None
    header = _header(path)
    split = None if header is None else header.get("split")
    return split if isinstance(split, int) and not isinstance(split, bool) and split >= 1 else None


@dataclass(frozen=True)
class Resumed:
    """A checkpoint read back: the finished tasks it proves (task index: nodes), and the lines refused,
    by reason, whose subtrees are counted again."""

    results: dict[int, int]
    refused: dict[str, int]

    def notice(self, path: Path) -> str | None:
        """One line saying which lines were refused, or None."""
        if not self.refused:
            return None
        total = sum(self.refused.values())
        reasons = ", ".join(f"{n} {why}" for why, n in sorted(self.refused.items()))
        lines, them = ("1 line", "its subtree is") if total == 1 else (f"{total} lines", "their subtrees are")
        return f"checkpoint {path}: {lines} refused ({reasons}); {them} counted again"


def _check_line(line: bytes, ended: bool, the_plan: Plan, index: dict[str, int]) -> tuple[int, int] | str:
    """A subtree line's (task, nodes), or why it is refused."""
    try:
        record = load_json(line.decode("utf-8"), "a line")
    except (UnicodeDecodeError, NotationError):
        record = None
    if not isinstance(record, dict) or set(record) != {"rules", "state", "depth", "nodes", "sum"}:
        return "unreadable" if ended else "cut short"
    rules, state, depth, nodes = record["rules"], record["state"], record["depth"], record["nodes"]
    if rules != the_plan.rules:
        return "of another ruleset"
    if type(depth) is not int or depth != the_plan.depth - the_plan.split:
        return "of another depth"
    if type(nodes) is not int or nodes < 0:
        return "without a count"
    if not isinstance(state, str) or state not in index:
        return "of a state this count does not reach"
    if record["sum"] != _line_sum(the_plan.key, rules, state, depth, nodes):
        return "with a wrong checksum"
    return index[state], nodes


def check_checkpoint(path: Path, the_plan: Plan) -> Resumed:
    """The finished tasks that ``path`` proves, and the lines it refuses (nothing, for a file that does
    not exist yet or is empty).

    A checkpoint of another count, or a file that is not a checkpoint, is refused whole (`ClusterError`).
    A line is believed only if it names this count's ruleset, the subtrees' depth and one of its states,
    with a whole count of 0 or more and the checksum over all of them (`_line_sum`); a state given two
    different counts is believed for neither.  What is refused is counted again (spec/design.md,
    Checkpoints).
    """
    check_checkpoint_path(path)
    if not path.exists():
        return Resumed({}, {})
    header = _header(path)
    if header is None:
        return Resumed({}, {})
    if header.get("key") != the_plan.key:
        raise ClusterError(f"{path} is the checkpoint of another count (perft {preview(header.get('depth'))} from"
                           f" {str(header.get('position'))[:60]!r}, split {preview(header.get('split'))}); give"
                           " another --checkpoint file or remove it")
    index = {text: i for i, text in enumerate(the_plan.tasks)}
    results: dict[int, int] = {}
    conflicting: set[int] = set()
    refused: Counter[str] = Counter()
    lines = _read_lines(path, 2 * len(the_plan.tasks) + 64)
    next(lines)  # the header
    for line, ended in lines:
        if not line.strip():
            continue
        found = _check_line(line, ended, the_plan, index)
        if isinstance(found, str):
            refused[found] += 1
            continue
        task, nodes = found
        if task in conflicting or results.get(task, nodes) != nodes:
            refused["giving a subtree a second count"] += 1 + (task not in conflicting)
            conflicting.add(task)
            results.pop(task, None)
            continue
        results[task] = nodes
    return Resumed(results, dict(refused))


def read_checkpoint(path: Path, the_plan: Plan) -> dict[int, int]:
    """The finished tasks recorded in ``path`` that it proves, by task index (`check_checkpoint`)."""
    return check_checkpoint(path, the_plan).results


def rewrite_checkpoint(path: Path, the_plan: Plan, results: dict[int, int]) -> None:
    """Replace ``path`` by a checkpoint holding only ``results`` (after lines were refused), at once:
    written to a file beside it, then renamed over it."""
    spare = path.with_name(path.name + ".rewrite")
    file = Checkpoint(spare, the_plan, fresh=True)
    try:
        for task, nodes in sorted(results.items()):
            file.record(task, nodes)
    finally:
        file.close()
    os.replace(spare, path)


class Checkpoint:
    """The open checkpoint file: one line per finished subtree, written through at once.

    ``fresh``: start it afresh (a header, no line), whatever the file held."""

    def __init__(self, path: Path, the_plan: Plan, fresh: bool = False) -> None:
        self.path = path
        self.plan = the_plan
        fresh = fresh or not path.exists() or path.stat().st_size == 0
        cut = False
        if not fresh:
            with path.open("rb") as f:  # a line cut short by a stop: start the next one on a line of its own
                f.seek(-1, os.SEEK_END)
                cut = f.read(1) != b"\n"
        self.file = path.open("w" if fresh else "a", encoding="utf-8")
        if fresh:
            self._write({"checkpoint": CHECKPOINT_FORMAT, "key": the_plan.key, "game": the_plan.game,
                         "rules": the_plan.rules, "position": the_plan.root, "depth": the_plan.depth,
                         "split": the_plan.split, "tasks": len(the_plan.tasks)})
        elif cut:
            self.file.write("\n")

    def _write(self, record: dict[str, Any]) -> None:
        self.file.write(json.dumps(record) + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def record(self, task: int, nodes: int) -> None:
        state, depth = self.plan.tasks[task], self.plan.depth - self.plan.split
        self._write({"rules": self.plan.rules, "state": state, "depth": depth, "nodes": nodes,
                     "sum": _line_sum(self.plan.key, self.plan.rules, state, depth, nodes)})

    def close(self) -> None:
        self.file.close()


# --- where the tasks run -----------------------------------------------------------------


class Runner(Protocol):
    """Runs the tasks somewhere and yields ``(task index, nodes)`` as each one finishes."""

    def run(self, count: Count, tasks: Sequence[tuple[int, str, int]]) -> Iterator[tuple[int, int]]: ...

    def close(self) -> None: ...


def _ignore_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it stops the pool


def _task(args: tuple[Count, int, str, int]) -> tuple[int, int]:
    count, index, text, depth = args
    return index, count(text, depth)


class LocalProcesses:
    """``workers`` processes of the standard library (`concurrent.futures`), for a machine without Dask."""

    def __init__(self, workers: int) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self.workers = workers
        self.pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_ignore_interrupt)

    def run(self, count: Count, tasks: Sequence[tuple[int, str, int]]) -> Iterator[tuple[int, int]]:
        from concurrent.futures import as_completed
        from concurrent.futures.process import BrokenProcessPool

        futures = [self.pool.submit(_task, (count, i, text, d)) for i, text, d in tasks]
        try:
            for future in as_completed(futures):
                yield future.result()
        except BrokenProcessPool:
            raise WorkerLost("a worker process died") from None

    def close(self) -> None:
        # The pool's processes are stopped at once: a subtree being counted is counted again on resume.
        processes = list(getattr(self.pool, "_processes", {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join()


class DaskRunner:
    """A Dask cluster: a local one of ``workers`` processes, or the scheduler at ``address``."""

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        import logging

        distributed = _dask()
        if distributed is None:
            raise ClusterError(f"--scheduler needs Dask: {INSTALL_HINT}")

        self.cluster: Any = None
        if address is None:
            # The worker processes start with Ctrl-C ignored, as they inherit it: it is this process's to
            # handle (it cancels the tasks and closes the cluster), not theirs to print tracebacks for.
            # Their logs are silenced too: a worker closing under load logs noise, and a task's error
            # reaches this process anyway.
            previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
            try:
                self.cluster = distributed.LocalCluster(
                    n_workers=workers or 1, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0",
                    silence_logs=logging.CRITICAL,
                )
            finally:
                signal.signal(signal.SIGINT, previous)
            self.client = distributed.Client(self.cluster)
        else:
            try:
                self.client = distributed.Client(address, timeout=10)
            except OSError as exc:
                raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        self.futures: list[Any] = []

    @property
    def workers(self) -> int:
        return len(self.client.scheduler_info().get("workers", {})) or 1

    def run(self, count: Count, tasks: Sequence[tuple[int, str, int]]) -> Iterator[tuple[int, int]]:
        distributed = _dask()
        self.futures = [self.client.submit(_task, (count, i, text, d), pure=False) for i, text, d in tasks]
        try:
            for future in distributed.as_completed(self.futures):
                index, nodes = future.result()
                yield index, nodes
        except Exception as exc:  # the scheduler lost, a task that failed: the finished ones are kept
            raise WorkerLost(f"the Dask cluster failed ({type(exc).__name__}: {str(exc)[:200]})") from None

    def close(self) -> None:
        if self.futures:
            self.client.cancel(self.futures)
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def _dask() -> Any:
    """The ``distributed`` module, or None where Dask is not installed (it is an optional extra)."""
    try:
        return importlib.import_module("distributed")
    except ImportError:
        return None


def has_dask() -> bool:
    return _dask() is not None


def local_runner(workers: int) -> DaskRunner | LocalProcesses:
    """A local Dask cluster of ``workers`` processes, or the standard library's processes without Dask."""
    return DaskRunner(workers) if has_dask() else LocalProcesses(workers)


# --- the run -----------------------------------------------------------------------------


@dataclass
class Progress:
    """What a running count has done so far, for the progress line."""

    plan: Plan
    done: int
    """Subtrees finished, those read back from the checkpoint included."""
    resumed: int
    """Subtrees read back from the checkpoint."""
    nodes: int
    """The nodes of the finished subtrees, each times its multiplicity."""
    started: float
    nodes_this_run: int = 0

    def line(self) -> str:
        total = len(self.plan.tasks)
        elapsed = time.monotonic() - self.started
        counted = self.done - self.resumed
        rate = self.nodes_this_run / elapsed if elapsed > 0 else 0.0
        eta = 0.0 if self.done == total else elapsed / counted * (total - self.done) if counted else None
        return (f"perft {self.plan.depth}: {self.nodes:,} nodes, {self.done}/{total} subtrees,"
                f" {_si(rate)} nodes/s, ETA {_duration(eta)}")


def _si(rate: float) -> str:
    for factor, unit in ((1e9, " G"), (1e6, " M"), (1e3, " k")):
        if rate >= factor:
            return f"{rate / factor:.1f}{unit}"
    return f"{rate:.0f}"


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "unknown"
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"


def weights(the_plan: Plan) -> list[int]:
    """How many action sequences reach each task from the root: its share of the total."""
    out = [0] * len(the_plan.tasks)
    for part in the_plan.parts:
        for t, n in part:
            out[t] += n
    return out


def run(
    the_plan: Plan,
    count: Count,
    runner: Runner | None,
    checkpoint: Path,
    report: Callable[[Progress], None] | None = None,
    notice: Callable[[str], None] | None = None,
) -> list[int]:
    """Count every subtree of ``the_plan`` not yet in ``checkpoint`` on ``runner``; return the count
    after each first action.  Each result is written to the checkpoint as it arrives, so a stop
    (KeyboardInterrupt, `WorkerLost`: passed on) loses only the subtrees being counted.  Lines of the
    checkpoint that it refuses (`check_checkpoint`) are dropped from it, said in one line to ``notice``,
    and their subtrees counted again."""
    resumed = check_checkpoint(checkpoint, the_plan)
    results = dict(resumed.results)
    if resumed.refused:
        rewrite_checkpoint(checkpoint, the_plan, results)
        if notice is not None:
            notice(resumed.notice(checkpoint) or "")
    share = weights(the_plan)
    progress = Progress(the_plan, len(results), len(results), sum(share[i] * n for i, n in results.items()),
                        time.monotonic())
    if report is not None:
        report(progress)
    left = [(i, text, the_plan.depth - the_plan.split) for i, text in enumerate(the_plan.tasks) if i not in results]
    left.sort(key=lambda task: -share[task[0]])  # the most shared subtrees first
    if left:
        assert runner is not None, "subtrees are left to count"
        file = Checkpoint(checkpoint, the_plan)
        try:
            for index, nodes in runner.run(count, left):
                if index in results:
                    continue  # a task run twice after a lost worker: the first answer stands
                results[index] = nodes
                file.record(index, nodes)
                progress.done += 1
                progress.nodes += share[index] * nodes
                progress.nodes_this_run += share[index] * nodes
                if report is not None:
                    report(progress)
        finally:
            file.close()
    return the_plan.totals(results)


class ProgressLine:
    """The progress line on ``stream``: refreshed in place every second on a terminal, else one
    line every ``interval`` seconds (a log file of a long run)."""

    def __init__(self, stream: TextIO, interval: float = 30.0) -> None:
        self.stream = stream
        self.terminal = stream.isatty()
        self.interval = 1.0 if self.terminal else interval
        self.last = 0.0
        self.shown = False

    def __call__(self, progress: Progress) -> None:
        now = time.monotonic()
        if now - self.last < self.interval and progress.done < len(progress.plan.tasks):
            return
        self.last = now
        end = "" if self.terminal else "\n"
        print(("\r" if self.terminal else "") + progress.line(), end=end, file=self.stream, flush=True)
        self.shown = True

    def close(self) -> None:
        if self.terminal and self.shown:
            print(file=self.stream, flush=True)


def count_on_cluster(
    game: AnyGame,
    rules: Any,
    state: Any,
    depth: int,
    count: Count,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    split: int | None = None,
    checkpoint: Path | None = None,
    stream: TextIO | None = None,
    notice: Callable[[str], None] | None = None,
) -> tuple[list[tuple[str, int]], int]:
    """Perft of ``depth`` from ``state`` on ``workers`` local processes (a local Dask cluster, or the
    standard library's processes without Dask) or on the Dask scheduler at ``scheduler``: each first
    action's name with its count, and the total.  ``stream`` (None: quiet) gets what the run is doing
    and its progress; ``notice`` (None: quiet) the one line that says which checkpoint lines were
    refused.  Raises `ClusterError` when it cannot start and `Stopped` when it is stopped; either way
    every finished subtree is in the checkpoint."""
    if depth <= 1:  # nothing to spread
        actions = list(choices(game, state, rules)) if depth == 1 else []
        return [(game.format_action(a), 1) for a in actions], len(actions) if depth == 1 else 1

    def say(message: str) -> None:
        if stream is not None:
            print(message, file=stream, flush=True)

    path = checkpoint if checkpoint is not None else default_checkpoint(game, rules, state, depth)
    check_checkpoint_path(path)  # a path that cannot be a checkpoint is refused before any cluster starts
    recorded_split = checkpoint_split(path)
    runner: DaskRunner | LocalProcesses | None = DaskRunner(address=scheduler) if scheduler else None
    line = ProgressLine(stream) if stream is not None else None
    try:
        size = runner.workers if runner is not None else workers or 1
        chosen = split if split is not None else recorded_split or default_split(game, rules, state, depth, size)
        the_plan = plan(game, rules, state, depth, chosen)
        left = len(the_plan.tasks) - len(read_checkpoint(path, the_plan))
        if runner is None and left:  # a finished checkpoint is only read back: no cluster to start
            runner = local_runner(size)
        where = f"the Dask scheduler at {scheduler}" if scheduler else (
            f"a local Dask cluster of {size} workers" if isinstance(runner, DaskRunner)
            else f"{size} local processes" if runner is not None else "no worker: every one is in the checkpoint")
        say(f"perft {depth}: {len(the_plan.tasks)} subtrees (split at depth {chosen}), {left} to count, on {where};"
            f" checkpoint {path}")
        try:
            totals = run(the_plan, count, runner, path, line, notice)
        except (KeyboardInterrupt, WorkerLost) as exc:
            kept = len(read_checkpoint(path, the_plan))
            interrupted = isinstance(exc, KeyboardInterrupt)
            raise Stopped(f"{'stopped' if interrupted else exc}: {kept} of {len(the_plan.tasks)} subtrees are kept"
                          f" in {path}; run the same command again to resume", interrupted,
                          isinstance(exc, Terminated)) from None
    finally:
        if line is not None:
            line.close()
        if runner is not None:
            runner.close()
    return list(zip(the_plan.firsts, totals, strict=True)), sum(totals)
