"""``oracle perft``: count the action sequences of a given depth, for every game.

`count` is the command's core, a small function other runners call (a
cluster runner, say): the game counts (`Game.perft`, `Game.divide`), each
with its own fast counter or the counter over the interface.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from oracle.games import AnyGame
from oracle.tools.cli.arguments import whole_number
from oracle.tools.cli.options import add_engine_impl, refuse, use_engine_impl
from oracle.tools.perft_work import CLI_SECONDS, MAX_DEPTH, Estimate, estimate

DESCRIPTION = """\
Count the legal action sequences of DEPTH actions (in TTYKM: turns, not
positions, as chess perft counts moves).  From the TTYKM start: 16, 256,
5696, 123888, 3273456.  Every kind of action counts once: a player's, each
combination of sealed choices (bids) and each listed chance outcome (a die
face).  A deal or a shuffle has too many outcomes to expand: count from a
dealt POSITION (from the start, the error names the state).

A count is bounded by its work, not its depth: before it starts, its size
and time are estimated from the position itself (its first levels are
counted, timed, and the growth between them extrapolated), and a count
estimated at more than about a minute on this machine is refused, in one line
giving the estimate: run it anyway with --no-limit, or spread it with
--workers K.  From the TTYKM start depth 6 takes about half a minute; under
Growth, depth 4 takes seconds and depth 5 minutes.  Progress is shown on
stderr, from the first second, for a count estimated at half a second or more when
stderr is a terminal.  Ctrl-C stops a count (exit status 130).

With --workers K (local processes: a local Dask cluster where Dask is
installed, pip install -e '.[distributed]' in a clone) or --scheduler ADDRESS (a
running Dask cluster: start one with 'dask scheduler', then 'dask worker
ADDRESS' on each machine) the tree is split into its distinct positions,
counted in parallel, to depth 12.  Each finished subtree goes to a checkpoint
file at once: after Ctrl-C (exit 130) or a lost machine or cluster (exit 2),
the same command resumes (SIGTERM stops it as Ctrl-C does, exit 143).  A
checkpoint line is believed only if its ruleset, depth, state and checksum
hold; a line that fails is dropped and its subtree counted again, in one line
on stderr (spec/design.md, Checkpoints).  Progress (nodes, subtrees, rate,
ETA) goes to stderr, in place on a terminal, else every 30 s.
"""

MAX_CLUSTER_DEPTH = 12
NOTE_DEPTH = 5  # from this depth a count says, in one line, when it runs on a slower engine than it could
PROGRESS_SECONDS = 0.5  # a count estimated at half a second or more shows its progress on a terminal


@dataclass
class Perft:
    """A count: the depth, the number of sequences, and with ``divide`` the count after each first action."""

    depth: int
    nodes: int
    parts: list[tuple[Any, int]] = field(default_factory=list)


def count(game: AnyGame, state: Any, rules: Any, depth: int, divide: bool = False,
          progress: Callable[[int, int], None] | None = None) -> Perft:
    """The number of action sequences of ``depth`` actions from ``state``, split by first action if
    ``divide`` (or if ``progress``, called after each first action, is given)."""
    if depth >= 1 and (divide or progress is not None):
        parts = list(game.divide(state, rules, depth, progress))
        return Perft(depth, sum(n for _, n in parts), parts if divide else [])
    return Perft(depth, game.perft(state, rules, depth))


class PerftProgress:
    """Progress of a perft on a terminal: one line on stderr, shown at once and refreshed every second."""

    def __init__(self, depth: int, word: str) -> None:
        self.depth, self.word = depth, word
        self.done, self.total = 0, 0
        self.started = time.monotonic()
        self.stopped = threading.Event()
        self.ticker = threading.Thread(target=self._tick, daemon=True)

    def __enter__(self) -> PerftProgress:
        self.show()
        self.ticker.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped.set()
        self.ticker.join()
        print(file=sys.stderr, flush=True)

    def _tick(self) -> None:
        while not self.stopped.wait(1.0):
            self.show()

    def update(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        self.show()

    def show(self) -> None:
        total = f"/{self.total}" if self.total else ""
        elapsed = time.monotonic() - self.started
        print(f"\rperft {self.depth}: {self.done}{total} first {self.word}, {elapsed:.0f} s", end="",
              file=sys.stderr, flush=True)


def cmd_perft(args: argparse.Namespace) -> int:
    from oracle.tools.cli.common import EXIT_OK, UsageError, emit, read_game, read_rules, read_state

    game = read_game(args)
    use_engine_impl(args, game)
    rules = read_rules(args, game)
    state = read_state(args.position, game, rules, args)  # no position: the start of --rules
    note = game.engine_note()
    if note is not None and args.depth >= NOTE_DEPTH and not args.quiet:
        print(f"oracle: note: {note}", file=sys.stderr)
    if args.divide and args.depth == 0:
        refuse("--divide", "splits a count by its first action, and a count of depth 0 (the empty sequence"
                           " alone) has none; ask for depth 1 or more")
    if args.workers is not None or args.scheduler is not None:
        if args.depth <= 1:  # one level is listed, not counted: there is nothing to spread
            refuse("--workers" if args.workers is not None else "--scheduler",
                   f"spreads a count's subtrees, and perft {args.depth} has none; leave it out, or ask for depth 2"
                   " or more")
        if args.no_limit:
            refuse("--no-limit", "lifts the limit of a count on this machine; a count spread with --workers or"
                                 " --scheduler has none but its depth, so leave it out")
        return cmd_perft_cluster(args, game, rules, state)
    if args.split is not None or args.checkpoint is not None:
        raise UsageError("--split and --checkpoint go with --workers K or --scheduler ADDRESS")
    if args.depth > MAX_DEPTH:
        raise UsageError(f"perft depth {args.depth} is beyond the limit of {MAX_DEPTH}")
    work = None if args.no_limit and args.quiet else estimate(game, state, rules, args.depth)
    if work is not None and not args.no_limit:
        check_work(work, game, game.ruleset_of(state) + (f" with --variant {args.variant}" if args.variant else ""))
    # Progress on a terminal, for counts that take more than a moment.
    slow = work is None or work.seconds >= PROGRESS_SECONDS
    if slow and args.depth >= 1 and sys.stderr.isatty() and not args.quiet:
        with PerftProgress(args.depth, game.words.actions) as progress:
            result = count(game, state, rules, args.depth, args.divide, progress.update)
    else:
        result = count(game, state, rules, args.depth, args.divide)
    data: dict[str, Any] = {"depth": result.depth, "nodes": result.nodes}
    lines = []
    if args.divide:
        data["divide"] = {game.format_action(a): n for a, n in result.parts}
        lines = [f"{game.format_action(a)}: {n}" for a, n in result.parts] + [""]
    emit(args, data, "\n".join([*lines, f"perft {result.depth}: {result.nodes}"]))
    return EXIT_OK


def check_work(work: Estimate, game: AnyGame, rules: str) -> None:
    """Refuse a count estimated beyond `CLI_SECONDS` (about a minute), in one line giving the estimate."""
    from oracle.tools.cli.common import UsageError

    if work.seconds > CLI_SECONDS:
        raise UsageError(f"perft {work.depth} under {rules} would count {work.describe(game.words.action)}"
                         f", more than the limit of about a minute: run it anyway with --no-limit, or spread it"
                         f" with --workers K")


def cmd_perft_cluster(args: argparse.Namespace, game: AnyGame, rules: Any, state: Any) -> int:
    """``perft --workers K`` or ``--scheduler ADDRESS``: `oracle.tools.perft_cluster`, with the game's counter."""
    from pathlib import Path

    from oracle.tools import perft_cluster
    from oracle.tools.cli.common import EXIT_ERROR, EXIT_INTERRUPTED, EXIT_OK, EXIT_TERMINATED, UsageError, emit, report

    if args.depth > MAX_CLUSTER_DEPTH:
        raise UsageError(f"perft depth {args.depth} is beyond the limit of {MAX_CLUSTER_DEPTH} on a cluster")
    if args.checkpoint is not None and not args.checkpoint:
        raise UsageError("--checkpoint needs a file name")
    try:
        with perft_cluster.on_terminate():
            parts, nodes = perft_cluster.count_on_cluster(
                game, rules, state, args.depth, game.perft_counter(rules), workers=args.workers,
                scheduler=args.scheduler, split=args.split, stream=None if args.quiet else sys.stderr,
                checkpoint=Path(args.checkpoint) if args.checkpoint else None,
                notice=lambda line: report(f"oracle: {line}"))
    except perft_cluster.ClusterError as exc:
        raise UsageError(str(exc)) from None
    except perft_cluster.Stopped as exc:
        if exc.terminated:
            report(f"oracle: terminated: {exc}")
            return EXIT_TERMINATED
        report(f"oracle: {'interrupted' if exc.interrupted else 'error'}: {exc}")
        return EXIT_INTERRUPTED if exc.interrupted else EXIT_ERROR
    data: dict[str, Any] = {"depth": args.depth, "nodes": nodes}
    lines = []
    if args.divide:
        data["divide"] = dict(parts)
        lines = [f"{action}: {n}" for action, n in parts] + [""]
    emit(args, data, "\n".join([*lines, f"perft {args.depth}: {nodes}"]))
    return EXIT_OK


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("perft", parents=[common], help="count action sequences of a given depth",
                       description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("depth", type=whole_number("DEPTH", 0), metavar="DEPTH", help="the number of actions")
    p.add_argument("position", nargs="?", metavar="POSITION", help="a position (default: the start; - for stdin)")
    p.add_argument("--divide", action="store_true", help="also print the count after each first action")
    p.add_argument("--quiet", action="store_true", help="no progress output")
    add_engine_impl(p)
    p.add_argument("--no-limit", action="store_true",
                   help="count even if the estimate is more than about a minute on this machine")
    p.add_argument("--workers", type=whole_number("--workers", 1), metavar="K",
                   help="count on K local processes: a local Dask cluster (pip install -e '.[distributed]' in a clone),"
                        " else the standard library's processes; resumable (see --checkpoint)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="count on the running Dask cluster at ADDRESS"
                   " (such as tcp://10.0.0.5:8786; start one with 'dask scheduler' and 'dask worker ADDRESS')")
    p.add_argument("--split", type=whole_number("--split", 1), metavar="N",
                   help="with --workers/--scheduler: one task per distinct position N actions in (default: enough"
                        " for 16 tasks per worker)")
    p.add_argument("--checkpoint", metavar="FILE", help="with --workers/--scheduler: the file of finished subtrees"
                   " (default perft-DEPTH-KEY.checkpoint here); run the same command again to resume from it")
    p.set_defaults(func=cmd_perft)
