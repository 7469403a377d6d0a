"""The ``oracle`` command line.  See ``oracle --help``."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from oracle import SPEC_VERSION, __version__
from oracle.errors import InvalidPosition, NotationError
from oracle.games import DEFAULT_GAME, GAMES, AnyGame, load_game
from oracle.games.ttykm.notation import event_text, format_position, format_turn, parse_turn
from oracle.games.ttykm.pictures.text import board_text, events_text
from oracle.games.ttykm.rules.standard import apply_turn, legal_turns
from oracle.games.ttykm.ruleset import STANDARD, VARIANTS, Ruleset, UnknownVariant
from oracle.games.ttykm.state import Position
from oracle.inputs import MAX_ACTION_BYTES, MAX_STATE_BYTES, check_size, one_line, read_stream
from oracle.interface import ILLEGAL, LEGAL, LEGAL_SO_FAR, IllegalAction
from oracle.tools.cli.arguments import StoreOnce, name_text, whole_number

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_ERROR = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a command ended by Ctrl-C

# Perft's depth cap on the command line: the standard game's fast counter
# takes about half a minute at depth 6 and some fifteen minutes at 7; a variant is counted by the plain
# rules, about 30 s at depth 5.  Beyond these a count would run for hours.
MAX_PERFT_DEPTH = 6
MAX_PERFT_DEPTH_VARIANT = 5
MAX_PERFT_DEPTH_CLUSTER = 12  # with --workers or --scheduler: spread, resumable, so hours are an option
# The other games are counted through the common interface, with no fast path.
MAX_PERFT_DEPTH_OTHER_GAMES = 6

DESCRIPTION = """\
A rules reference and move oracle for That Time You Killed Me (TTYKM), and
for the other games of the oracle through the same commands (--game NAME;
'oracle version' lists them).

Run with no command to see the start position, its legal turns and a short
sample game.  Every command takes an optional POSITION; it defaults to the
standard start, and - reads it from standard input.

A position is one line, rank 4 first, boards past|present|future:
  3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0
or its JSON form (an object starting with '{').

A turn is the chosen copy's square on your Focus era, its actions and the
new Focus:   a1 N E >present      actions: N E S W (move), F B (travel)
A turn with no actions is just the new Focus: >future.  Leave off the
Focus for a partial turn ("a1", "a1 N"): legal/explain then say whether
some legal turn extends it.
"""

EPILOG = """\
exit status:
  0  success; for legal/explain/apply: the turn is legal (or legal so far)
  1  the turn is well formed but illegal (the rule it breaks is named)
  2  usage, notation or invalid-position error (one line on stderr)
  130  interrupted (Ctrl-C)

limits:
  a POSITION (argument or standard input) is at most 16384 bytes, a TURN at
  most 1024, a name (--game, --rules, --variant) at most 256; numbers are
  ASCII digits; JSON is nested at most 32 deep; perft depth at most 6
  (5 under a variant)

examples:
  oracle show
  oracle moves
  oracle legal "a1 N E >present"
  oracle explain "a1 N"
  oracle apply "a1 N F >future" --json
  oracle perft 4 --divide
  echo "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0" | oracle moves -
  oracle --game NAME start --seed 7      another game, its chance outcomes drawn from a seed
"""


class UsageError(Exception):
    """Bad input: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """As argparse's, but an option that stores a value may be given only once (`StoreOnce`)."""
        if args and str(args[0]).startswith("-") and kwargs.get("action", "store") == "store":
            kwargs["action"] = StoreOnce
        return super().add_argument(*args, **kwargs)


# The options every command takes, with their values when absent.  Given
# before the command they are stored as ``before_NAME`` and merged by
# `merge_options_before_command`, so that neither place silently wins.
COMMON_OPTIONS: dict[str, Any] = {"json": False, "variant": None, "game": None, "rules": None}


def merge_options_before_command(args: argparse.Namespace) -> None:
    """Fold the common options given before the command into those given after it.

    The same option in both places is refused unless it says the same thing.
    """
    for option, absent in COMMON_OPTIONS.items():
        before = getattr(args, f"before_{option}", absent)
        after = getattr(args, option, absent)
        if before != absent and after != absent and before != after:
            raise UsageError(f"--{option} given twice, before and after the command")
        setattr(args, option, before if before != absent else after)


def read_game(args: argparse.Namespace) -> AnyGame:
    """The ``--game`` option's game (default TTYKM)."""
    return load_game(getattr(args, "game", None) or DEFAULT_GAME)


def read_rules(args: argparse.Namespace, game: AnyGame | None = None) -> Any:
    """The rules value of ``--rules`` and ``--variant`` for the game."""
    game = game or read_game(args)
    return game.parse_rules(getattr(args, "rules", None), getattr(args, "variant", None))


def read_ruleset(args: argparse.Namespace) -> Ruleset:
    """TTYKM's rules for the commands that exist for TTYKM only (perft, render, vectors, conform)."""
    game = read_game(args)
    if game.name != DEFAULT_GAME:
        raise UsageError(f"'{args.command}' is for {DEFAULT_GAME} only, not for --game {game.name}")
    rules: Ruleset = read_rules(args, game)
    return rules


def read_pair_ruleset(args: argparse.Namespace) -> Ruleset:
    """`read_ruleset` for the commands that count or check one set of rules at a time (perft, vectors, conform):
    a Convergence game before its draw is three games, so the pair must be named."""
    rules = read_ruleset(args)
    if "convergence" in rules.chapters:
        raise UsageError(f"'{args.command}' checks one pair of chapters at a time: name it, such as"
                         " --rules growth+influence, growth+memory or influence+memory")
    return rules


def read_state(text: str | None, game: AnyGame, rules: Any) -> Any:
    """Parse a POSITION argument: None for the game's start, ``-`` for stdin, text or JSON."""
    if text is None:
        return game.initial_state(rules)
    if text == "-":
        text = read_stream(sys.stdin)
    return game.parse_state(check_size(text, MAX_STATE_BYTES, "the position").strip())


def read_action(text: str, game: AnyGame) -> Any:
    """Parse a TURN argument (the game's action), after checking its size."""
    return game.parse_action(check_size(text, MAX_ACTION_BYTES, "the turn"))


def read_position(text: str | None) -> Position:
    """A TTYKM position argument (see `read_state`)."""
    position: Position = read_state(text, load_game(DEFAULT_GAME), STANDARD)
    return position


def split_state_action(args: argparse.Namespace, game: AnyGame, rules: Any) -> tuple[Any, Any]:
    """``[POSITION] TURN``: one argument is an action from the game's start."""
    words: list[str] = args.args
    if len(words) == 1:
        return game.initial_state(rules), read_action(words[0], game)
    if len(words) == 2:
        return read_state(words[0], game, rules), read_action(words[1], game)
    raise UsageError(f"expected [POSITION] TURN, got {len(words)} arguments")


def emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    if args.json:
        print(json.dumps(data, sort_keys=False))
    else:
        print(text)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("s" if count != 1 else "")


# --- commands ----------------------------------------------------------------


def cmd_show(args: argparse.Namespace) -> int:
    game = read_game(args)
    state = read_state(args.position, game, read_rules(args, game))
    text = game.format_state(state)
    emit(args, {"position": text, "json": game.state_to_json(state)}, game.state_text(state) + "\n\n" + text)
    return EXIT_OK


def cmd_moves(args: argparse.Namespace) -> int:
    game = read_game(args)
    rules = read_rules(args, game)
    state = read_state(args.position, game, rules)
    names = [game.format_action(a) for a in game.legal_actions(state, rules, args.player)]
    text = "\n".join(names) + ("\n" if names else "") + _plural(len(names), "legal turn")
    emit(args, {"position": game.format_state(state), "count": len(names), "turns": names}, text)
    return EXIT_OK


def _verdict_data(game: AnyGame, state: Any, action: Any, rules: Any) -> tuple[int, dict[str, Any], str]:
    verdict = game.explain(state, action, rules)
    data = {"turn": game.format_action(action), "verdict": verdict.status, "rule": verdict.rule,
            "reason": verdict.reason}
    return (EXIT_ILLEGAL if verdict.status == ILLEGAL else EXIT_OK), data, str(verdict)


def _events_text(game: AnyGame, events: Sequence[Any], indent: str = "  ") -> str:
    return "\n".join(indent + game.event_text(e) for e in events)


def _winner(game: AnyGame, state: Any) -> str | None:
    outcome = game.outcome(state)
    return game.player_name(outcome.winners[0]) if outcome is not None and len(outcome.winners) == 1 else None


def cmd_legal(args: argparse.Namespace) -> int:
    game = read_game(args)
    rules = read_rules(args, game)
    state, action = split_state_action(args, game, rules)
    code, data, text = _verdict_data(game, state, action, rules)
    emit(args, data, text)
    return code


def cmd_explain(args: argparse.Namespace) -> int:
    game = read_game(args)
    rules = read_rules(args, game)
    state, action = split_state_action(args, game, rules)
    code, data, text = _verdict_data(game, state, action, rules)
    if data["verdict"] == LEGAL:
        applied = game.apply(state, action, rules)
        data["events"] = [game.event_to_json(e) for e in applied.events]
        data["position"] = game.format_state(applied.state)
        text += "\n" + _events_text(game, applied.events) + "\n" + game.format_state(applied.state)
    elif data["verdict"] == LEGAL_SO_FAR:
        extensions = [game.format_action(a) for a in game.completions(state, action, rules)]
        data["extensions"] = extensions
        text += "\n" + _plural(len(extensions), "legal turn") + (" extend" if len(extensions) != 1 else " extends") \
            + " it, such as " + ", ".join(extensions[:4])
    emit(args, data, text)
    return code


def cmd_apply(args: argparse.Namespace) -> int:
    game = read_game(args)
    rules = read_rules(args, game)
    state, action = split_state_action(args, game, rules)
    try:
        applied = game.apply(state, action, rules)
    except IllegalAction as exc:
        verdict = exc.verdict
        emit(args, {"turn": game.format_action(action), "verdict": verdict.status, "rule": verdict.rule,
                    "reason": verdict.reason}, str(verdict))
        return EXIT_ILLEGAL
    after = applied.state
    data = {
        "turn": game.format_action(action),
        "verdict": "legal",
        "position": game.format_state(after),
        "events": [game.event_to_json(e) for e in applied.events],
        "winner": _winner(game, after),
    }
    emit(args, data, _events_text(game, applied.events) + "\n\n" + game.state_text(after) + "\n\n"
         + game.format_state(after))
    return EXIT_OK


def cmd_start(args: argparse.Namespace) -> int:
    """The game's first state; with --seed, chance outcomes drawn until a player is to act."""
    game = read_game(args)
    rules = read_rules(args, game)
    state = game.initial_state(rules)
    drawn: list[str] = []
    if args.seed is not None:
        rng = random.Random(args.seed)
        while game.to_act(state).kind == "chance":
            outcome = game.sample_chance(state, rules, rng)
            drawn.append(game.format_action(outcome))
            state = game.apply(state, outcome, rules).state
    lines = [f"chance: {d}" for d in drawn] + [game.state_text(state), "", game.format_state(state)]
    emit(args, {"chance": drawn, "position": game.format_state(state)}, "\n".join(lines))
    return EXIT_OK


def cmd_observe(args: argparse.Namespace) -> int:
    game = read_game(args)
    state = read_state(args.position, game, read_rules(args, game))
    if args.player not in game.players:
        raise UsageError(f"--player must be one of {', '.join(map(str, game.players))}, not {args.player}")
    seen = game.observe(state, args.player)
    emit(args, {"player": args.player, "observation": seen}, json.dumps(seen, indent=2))
    return EXIT_OK


def perft_depth_limit(ruleset: Ruleset) -> int:
    """The deepest perft this command runs: `MAX_PERFT_DEPTH`, or `MAX_PERFT_DEPTH_VARIANT` under a variant."""
    return MAX_PERFT_DEPTH if ruleset == STANDARD else MAX_PERFT_DEPTH_VARIANT


class PerftProgress:
    """Progress of a perft on a terminal: one line on stderr, shown at once and refreshed every second."""

    def __init__(self, depth: int) -> None:
        import threading
        import time

        self.depth = depth
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
        import time

        total = f"/{self.total}" if self.total else ""
        elapsed = time.monotonic() - self.started
        print(f"\rperft {self.depth}: {self.done}{total} first turns, {elapsed:.0f} s", end="", file=sys.stderr,
              flush=True)


def cmd_game_perft(args: argparse.Namespace, game: AnyGame) -> int:
    """Perft through the common interface (`oracle.tools.game_perft`), for the games other than TTYKM."""
    from oracle.tools.game_perft import divide, perft

    rules = read_rules(args, game)
    state = read_state(args.position, game, rules)
    if args.depth > MAX_PERFT_DEPTH_OTHER_GAMES:
        raise UsageError(f"perft depth {args.depth} is beyond the limit of {MAX_PERFT_DEPTH_OTHER_GAMES} for"
                         f" {game.name}")
    if args.divide and args.depth >= 1:
        parts = divide(game, state, rules, args.depth)
        nodes = sum(n for _, n in parts)
    else:
        parts, nodes = [], perft(game, state, rules, args.depth)
    data: dict[str, Any] = {"depth": args.depth, "nodes": nodes}
    lines = []
    if args.divide:
        data["divide"] = {game.format_action(a): n for a, n in parts}
        lines = [f"{game.format_action(a)}: {n}" for a, n in parts] + [""]
    emit(args, data, "\n".join([*lines, f"perft {args.depth}: {nodes}"]))
    return EXIT_OK


def cmd_perft(args: argparse.Namespace) -> int:
    from oracle.games.ttykm.perft import divide, perft

    game = read_game(args)
    spread = args.workers is not None or args.scheduler is not None
    if game.name != DEFAULT_GAME:
        if spread:
            raise UsageError(f"--workers and --scheduler count {DEFAULT_GAME} only, not --game {game.name}")
        return cmd_game_perft(args, game)
    ruleset = read_pair_ruleset(args)
    position: Position = read_state(args.position, game, ruleset)  # no position: the start of --rules
    if spread:
        return cmd_perft_cluster(args, game, ruleset, position)
    limit = perft_depth_limit(ruleset)
    if args.depth > limit:
        which = "the standard game" if ruleset == STANDARD else "a variant"
        raise UsageError(f"perft depth {args.depth} is beyond the limit of {limit} for {which}: "
                         f"one more turn multiplies the time by about 30; spread it with --workers K (resumable)")
    # Progress on a terminal, for counts that take more than a moment.
    show_progress = args.depth >= limit - 1 and sys.stderr.isatty() and not args.quiet
    if show_progress:
        with PerftProgress(args.depth) as progress:
            parts = divide(position, args.depth, ruleset, progress.update)
        nodes = sum(n for _, n in parts) if args.depth else 1
    elif args.divide:
        parts = divide(position, args.depth, ruleset)
        nodes = sum(n for _, n in parts) if args.depth else 1
    else:
        parts, nodes = [], perft(position, args.depth, ruleset)
    data: dict[str, Any] = {"depth": args.depth, "nodes": nodes}
    lines = []
    if args.divide:
        data["divide"] = {format_turn(t): n for t, n in parts}
        lines = [f"{format_turn(t)}: {n}" for t, n in parts] + [""]
    emit(args, data, "\n".join([*lines, f"perft {args.depth}: {nodes}"]))
    return EXIT_OK


def cmd_perft_cluster(args: argparse.Namespace, game: AnyGame, ruleset: Ruleset, position: Position) -> int:
    """``perft --workers K`` or ``--scheduler ADDRESS``: `oracle.tools.perft_cluster`, with the fast perft."""
    from functools import partial
    from pathlib import Path

    from oracle.games.ttykm.perft import count_text
    from oracle.tools import perft_cluster

    if args.depth > MAX_PERFT_DEPTH_CLUSTER:
        raise UsageError(f"perft depth {args.depth} is beyond the limit of {MAX_PERFT_DEPTH_CLUSTER} on a cluster")
    try:
        parts, nodes = perft_cluster.count_on_cluster(
            game, ruleset, position, args.depth, partial(count_text, rules=ruleset.name), workers=args.workers,
            scheduler=args.scheduler, split=args.split, stream=None if args.quiet else sys.stderr,
            checkpoint=Path(args.checkpoint) if args.checkpoint else None)
    except perft_cluster.ClusterError as exc:
        raise UsageError(str(exc)) from None
    except perft_cluster.Stopped as exc:
        report(f"oracle: {'interrupted' if exc.interrupted else 'error'}: {exc}")
        return EXIT_INTERRUPTED if exc.interrupted else EXIT_ERROR
    data: dict[str, Any] = {"depth": args.depth, "nodes": nodes}
    lines = []
    if args.divide:
        data["divide"] = dict(parts)
        lines = [f"{turn}: {n}" for turn, n in parts] + [""]
    emit(args, data, "\n".join([*lines, f"perft {args.depth}: {nodes}"]))
    return EXIT_OK


SAMPLE_GAME = (
    ("a1 E F >present", "White steps east in the past, then travels forward: the past is now empty of White."),
    ("d4 S B >present", "Black steps south in the future and travels back to the present, leaving a new copy"
                        " from supply on future d3."),
    ("b1 F N >future", "White travels on to the future and steps north."),
    ("d3 W S >future", "Black walks west and south on the present."),
    ("b2 B E >present", "White travels back (a new copy stays on future b2) and pushes Black's c2 east."),
    ("d3 B B >present", "Black travels back twice, future to present to past, leaving a copy on each era it left."),
    ("c2 E N >future", "White crushes Black's d2 against the east wall, then pushes present d3 north onto"
                       " Black's own d4: a paradox removes both."),
    (">past", "Black's Focus era, the present, holds no black copy: no actions, only the Focus moves."),
)


def cmd_tour(args: argparse.Namespace) -> int:
    """The start position, its legal turns and an annotated sample game."""
    ruleset = read_ruleset(args)
    position = Position.start()
    turns = legal_turns(position, ruleset)
    out = ["That Time You Killed Me: the standard start", "", board_text(position), "",
           format_position(position), "", f"{len(turns)} legal turns for White:"]
    names = [format_turn(t) for t in turns]
    for i in range(0, len(names), 4):
        out.append("  " + "   ".join(f"{n:<16}" for n in names[i:i + 4]).rstrip())
    out += ["", "A short sample game, with the events each turn produces:"]
    record = []
    for number, (text, note) in enumerate(SAMPLE_GAME, start=1):
        turn = parse_turn(text)
        applied = apply_turn(position, turn, ruleset)
        position = applied.position
        mover = "White" if number % 2 else "Black"
        out += ["", f"{number}. {mover}: {text}   -- {note}", events_text(applied.events, "     ")]
        record.append({"turn": text, "events": [event_text(e) for e in applied.events]})
    out += ["", "After these turns:", "", board_text(position), "",
            "Try: oracle moves | oracle legal \"a1 N E >present\" | oracle explain \"a1 N\" | oracle perft 4",
            "     oracle --help"]
    emit(args, {"start": format_position(Position.start()), "legal_turns": names, "sample_game": record,
                "final": format_position(position)}, "\n".join(out))
    return EXIT_OK


def cmd_version(args: argparse.Namespace) -> int:
    emit(args, {"oracle": __version__, "spec": SPEC_VERSION, "games": list(GAMES)},
         f"oracle {__version__} (spec {SPEC_VERSION}); games: {', '.join(GAMES)}")
    return EXIT_OK


# Commands from other modules: each module has ``register(subparsers, common)``.
EXTRA_COMMAND_MODULES: tuple[str, ...] = (
    "oracle.tools.cli.serve", "oracle.tools.cli.render", "oracle.tools.cli.vectors", "oracle.tools.cli.conform",
)


def build_parser() -> Parser:
    parser = Parser(prog="oracle", description=DESCRIPTION, epilog=EPILOG,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    # The common options are accepted before or after the command.  In the
    # command's parser they default to SUPPRESS, so that an option given
    # before the command is not overwritten by the command's default.
    common = Parser(add_help=False, argument_default=argparse.SUPPRESS)
    common.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    common.add_argument("--variant", metavar="NAME", type=name_text,
                        help="rule variants joined by '+' (TTYKM: " + ", ".join(VARIANTS) + "; default: standard)")
    common.add_argument("--game", metavar="NAME", type=name_text,
                        help="the game: " + ", ".join(GAMES) + f" (default: {DEFAULT_GAME})")
    common.add_argument("--rules", metavar="NAME", type=name_text,
                        help="the ruleset for the start position, in the game's words: for TTYKM standard, growth,"
                             " influence, memory, or two chapters joined by '+' such as growth+memory"
                             " (default: standard; a position names its own in rules=)")
    # The same options before the command: see `merge_options_before_command`.
    parser.add_argument("--json", dest="before_json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--variant", dest="before_variant", metavar="NAME", type=name_text, help=argparse.SUPPRESS)
    parser.add_argument("--game", dest="before_game", metavar="NAME", type=name_text, help=argparse.SUPPRESS)
    parser.add_argument("--rules", dest="before_rules", metavar="NAME", type=name_text, help=argparse.SUPPRESS)
    parser.add_argument("--version", action="version", version=f"oracle {__version__} (spec {SPEC_VERSION})")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    def add(name: str, func: Callable[[argparse.Namespace], int], help_text: str, desc: str) -> Parser:
        p: Parser = sub.add_parser(name, parents=[common], help=help_text, description=desc,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
        p.set_defaults(func=func)
        return p

    p = add("show", cmd_show, "print the three eras side by side",
            "Print a position as three boards (past, present, future), rank 4 at the top.\n"
            "[W] and [B] mark the eras under White's and Black's Focus.")
    p.add_argument("position", nargs="?", metavar="POSITION", help="a position (default: the start; - for stdin)")
    p = add("moves", cmd_moves, "list every legal turn",
            "List every legal complete turn, in the documented order: by copy square\n"
            "(a1, b1, ... d4), then actions N E S W F B, then new Focus.")
    p.add_argument("position", nargs="?", metavar="POSITION", help="a position (default: the start; - for stdin)")
    p.add_argument("--player", type=whole_number("--player"), metavar="N",
                   help="in a game with sealed choices, list player N's choices (default: whoever is to act)")
    for name, func, help_text in (
        ("legal", cmd_legal, "say whether a turn is legal, and which rule it breaks"),
        ("explain", cmd_explain, "explain a turn: the rule it breaks, or what it does"),
        ("apply", cmd_apply, "play a turn: print the events and the new position"),
    ):
        p = add(name, func, help_text,
                help_text[0].upper() + help_text[1:] + ".\n\n"
                "With one argument the turn is played from the start position.\n"
                "Exit status 0: legal (or legal so far); 1: illegal; 2: bad input.\n\n"
                'example:  oracle ' + name + ' "a1 N E >present"')
        p.add_argument("args", nargs="+", metavar="[POSITION] TURN", help="an optional position, then a turn")
    p = add("perft", cmd_perft, "count turn sequences of a given depth",
            "Count the legal turn sequences of DEPTH turns (turns, not positions, as chess\n"
            "perft counts moves).  From the start: 16, 256, 5696, 123888, 3273456.\n"
            f"The depth is at most {MAX_PERFT_DEPTH} ({MAX_PERFT_DEPTH_VARIANT} under a variant): each turn more\n"
            "multiplies the time by about 30.  Progress is shown on stderr, from the first\n"
            "second, for the two deepest counts when stderr is a terminal.  Ctrl-C stops\n"
            "a count (exit status 130).\n\n"
            "With --workers K (local processes: a local Dask cluster where Dask is installed,\n"
            "pip install 'ttykm-oracle[cluster]') or --scheduler ADDRESS (a running Dask\n"
            "cluster) the tree is split into its distinct positions, counted in parallel, to\n"
            f"depth {MAX_PERFT_DEPTH_CLUSTER}.  Each finished subtree goes to a checkpoint file at once: after\n"
            "Ctrl-C (exit 130) or a lost machine or cluster (exit 2), the same command\n"
            "resumes.  Progress (nodes, subtrees, rate, ETA) goes to stderr, in place on a\n"
            "terminal, else every 30 s.\n\n"
            "Other games (--game NAME) count action sequences through the common interface:\n"
            "each player's action, each combination of sealed choices (bids) and each listed\n"
            f"chance outcome (a die face) counts once; depth at most {MAX_PERFT_DEPTH_OTHER_GAMES}.  A deal or a\n"
            "shuffle has too many outcomes to expand: count from a dealt POSITION; from\n"
            "the start, the error names the state.")
    p.add_argument("depth", type=whole_number("DEPTH", 0), metavar="DEPTH",
                   help=f"the number of turns, 0 to {MAX_PERFT_DEPTH} ({MAX_PERFT_DEPTH_VARIANT} under a variant)")
    p.add_argument("position", nargs="?", metavar="POSITION", help="a position (default: the start; - for stdin)")
    p.add_argument("--divide", action="store_true", help="also print the count after each first turn")
    p.add_argument("--quiet", action="store_true", help="no progress output")
    p.add_argument("--workers", type=whole_number("--workers", 1), metavar="K",
                   help="count on K local processes: a local Dask cluster (pip install 'ttykm-oracle[cluster]'),"
                        " else the standard library's processes; resumable (see --checkpoint)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="count on the running Dask cluster at ADDRESS"
                   " (such as tcp://10.0.0.5:8786; start one with 'dask scheduler' and 'dask worker ADDRESS')")
    p.add_argument("--split", type=whole_number("--split", 1), metavar="N",
                   help="with --workers/--scheduler: one task per distinct position N turns in (default: enough"
                        " for 16 tasks per worker)")
    p.add_argument("--checkpoint", metavar="FILE", help="with --workers/--scheduler: the file of finished subtrees"
                   " (default perft-DEPTH-KEY.checkpoint here); run the same command again to resume from it")
    p = add("start", cmd_start, "print a game's first position, drawing its chance outcomes from a seed",
            "Print the game's first position.  With --seed, chance outcomes (a deal, a die)\n"
            "are drawn from that seed and printed as actions, so the game can be replayed\n"
            "from them alone.\n\n"
            "example:  oracle --game NAME start --seed 7")
    p.add_argument("--seed", type=whole_number("--seed"), metavar="N", help="draw the chance outcomes from this seed")
    p = add("observe", cmd_observe, "print what one player may see of a position",
            "Print, as JSON, what player N may see of the position: in a game with hidden\n"
            "information only their own hand and the public history; in TTYKM everything.")
    p.add_argument("position", nargs="?", metavar="POSITION", help="a position (default: the start; - for stdin)")
    p.add_argument("--player", type=whole_number("--player"), metavar="N", required=True,
                   help="the player whose view to print")
    add("version", cmd_version, "print the oracle and spec versions, and the games",
        "Print the oracle and spec versions, and the games.")
    for module_name in EXTRA_COMMAND_MODULES:
        module = __import__(module_name, fromlist=["register"])
        module.register(sub, common)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        merge_options_before_command(args)
        if args.command is None:
            return cmd_tour(args)
        code: int = args.func(args)
        return code
    except UsageError as exc:
        report(f"oracle: error: {exc}")
    except InvalidPosition as exc:  # a NotationError too: it must come first
        report(f"oracle: error: invalid position ({exc.rule}): {exc}")
    except (NotationError, UnknownVariant) as exc:
        report(f"oracle: error: {exc}")
    except KeyboardInterrupt:
        report("oracle: interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    return EXIT_ERROR


def report(message: str) -> None:
    """Print an error on standard error as exactly one line."""
    print(one_line(message), file=sys.stderr, flush=True)


def run() -> NoReturn:
    """Console-script entry point."""
    sys.exit(main())
