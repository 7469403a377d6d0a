"""The ``oracle`` command line.  See ``oracle --help``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, NoReturn

from oracle import SPEC_VERSION, __version__
from oracle.games.ttykm.notation import (
    NotationError,
    event_text,
    event_to_json,
    format_position,
    format_turn,
    parse_position,
    parse_turn,
    position_from_json,
    position_to_json,
)
from oracle.games.ttykm.pictures.text import board_text, events_text
from oracle.games.ttykm.rules.standard import IllegalTurn, apply_turn, explain, legal_turns
from oracle.games.ttykm.ruleset import STANDARD, VARIANTS, Ruleset, UnknownVariant
from oracle.games.ttykm.state import InvalidPosition, Position
from oracle.games.ttykm.turn import ILLEGAL, Turn

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_ERROR = 2

DESCRIPTION = """\
A rules reference and move oracle for That Time You Killed Me (standard game).

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

examples:
  oracle show
  oracle moves
  oracle legal "a1 N E >present"
  oracle explain "a1 N"
  oracle apply "a1 N F >future" --json
  oracle perft 4 --divide
  echo "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0" | oracle moves -
"""


class UsageError(Exception):
    """Bad input: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def read_position(text: str | None) -> Position:
    """Parse a POSITION argument: None for the start, ``-`` for stdin, text or JSON."""
    if text is None:
        return Position.start()
    if text == "-":
        text = sys.stdin.read().strip()
    text = text.strip()
    if text.startswith("{"):
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise UsageError(f"position JSON is malformed: {exc.msg} at column {exc.colno}") from None
        return position_from_json(obj)
    return parse_position(text)


def read_ruleset(args: argparse.Namespace) -> Ruleset:
    """``--variant`` and ``--rules``: the variants, and the chapters of the start
    (a given position always plays by its own ``rules=`` field)."""
    ruleset = Ruleset.parse(args.variant) if args.variant else STANDARD
    rules = getattr(args, "rules", None)
    if rules and rules != "standard":
        chapters = Ruleset.parse(rules).chapters
        if not chapters or Ruleset.parse(rules).variants:
            raise UsageError(f"--rules takes chapters such as growth, not {rules!r}")
        ruleset = replace(ruleset, chapters=ruleset.chapters | chapters)
    return ruleset


def split_position_turn(args: argparse.Namespace) -> tuple[Position, Turn]:
    """``[POSITION] TURN``: one argument is a turn from the start position."""
    words: list[str] = args.args
    if len(words) == 1:
        return Position.start(), parse_turn(words[0])
    if len(words) == 2:
        return read_position(words[0]), parse_turn(words[1])
    raise UsageError(f"expected [POSITION] TURN, got {len(words)} arguments")


def emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    if args.json:
        print(json.dumps(data, sort_keys=False))
    else:
        print(text)


# --- commands ----------------------------------------------------------------


def cmd_show(args: argparse.Namespace) -> int:
    position = read_position(args.position)
    emit(args, {"position": format_position(position), "json": position_to_json(position)},
         board_text(position) + "\n\n" + format_position(position))
    return EXIT_OK


def cmd_moves(args: argparse.Namespace) -> int:
    position = read_position(args.position)
    turns = legal_turns(position, read_ruleset(args))
    names = [format_turn(t) for t in turns]
    text = "\n".join(names) + ("\n" if names else "") + f"{len(names)} legal turn" + ("s" if len(names) != 1 else "")
    emit(args, {"position": format_position(position), "count": len(names), "turns": names}, text)
    return EXIT_OK


def _verdict_data(position: Position, turn: Turn, ruleset: Ruleset) -> tuple[int, dict[str, Any], str]:
    verdict = explain(position, turn, ruleset)
    data = {"turn": format_turn(turn), "verdict": verdict.status, "rule": verdict.rule, "reason": verdict.reason}
    return (EXIT_ILLEGAL if verdict.status == ILLEGAL else EXIT_OK), data, str(verdict)


def cmd_legal(args: argparse.Namespace) -> int:
    position, turn = split_position_turn(args)
    code, data, text = _verdict_data(position, turn, read_ruleset(args))
    emit(args, data, text)
    return code


def cmd_explain(args: argparse.Namespace) -> int:
    position, turn = split_position_turn(args)
    ruleset = read_ruleset(args)
    code, data, text = _verdict_data(position, turn, ruleset)
    if data["verdict"] == "legal":
        applied = apply_turn(position, turn, ruleset)
        data["events"] = [event_to_json(e) for e in applied.events]
        data["position"] = format_position(applied.position)
        text += "\n" + events_text(applied.events) + "\n" + format_position(applied.position)
    elif data["verdict"] == "legal so far":
        extensions = [
            format_turn(t) for t in legal_turns(position, ruleset)
            if t.copy == turn.copy and t.actions[: len(turn.actions)] == turn.actions
        ]
        data["extensions"] = extensions
        text += f"\n{len(extensions)} legal turn" + ("s" if len(extensions) != 1 else "") + " extend it, such as " + (
            ", ".join(extensions[:4]))
    emit(args, data, text)
    return code


def cmd_apply(args: argparse.Namespace) -> int:
    position, turn = split_position_turn(args)
    try:
        applied = apply_turn(position, turn, read_ruleset(args))
    except IllegalTurn as exc:
        verdict = exc.verdict
        emit(args, {"turn": format_turn(turn), "verdict": verdict.status, "rule": verdict.rule,
                    "reason": verdict.reason}, str(verdict))
        return EXIT_ILLEGAL
    after = applied.position
    data = {
        "turn": format_turn(turn),
        "verdict": "legal",
        "position": format_position(after),
        "events": [event_to_json(e) for e in applied.events],
        "winner": after.winner.word if after.winner is not None else None,
    }
    emit(args, data, events_text(applied.events) + "\n\n" + board_text(after) + "\n\n" + format_position(after))
    return EXIT_OK


def cmd_perft(args: argparse.Namespace) -> int:
    from oracle.games.ttykm.perft import divide, perft

    if args.depth < 0 or args.depth > 12:
        raise UsageError(f"depth must be 0 to 12, got {args.depth}")
    position = read_position(args.position)
    ruleset = read_ruleset(args)
    show_progress = args.depth >= 5 and sys.stderr.isatty() and not args.quiet

    def progress(done: int, total: int) -> None:
        print(f"\rperft {args.depth}: {done}/{total} first turns", end="", file=sys.stderr, flush=True)

    if args.divide or show_progress:
        parts = divide(position, args.depth, ruleset, progress if show_progress else None)
        if show_progress:
            print(file=sys.stderr)
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
    emit(args, {"oracle": __version__, "spec": SPEC_VERSION}, f"oracle {__version__} (spec {SPEC_VERSION})")
    return EXIT_OK


# Commands from other modules: each module has ``register(subparsers, common)``.
EXTRA_COMMAND_MODULES: tuple[str, ...] = (
    "oracle.tools.cli.serve", "oracle.tools.cli.render", "oracle.tools.cli.vectors", "oracle.tools.cli.conform",
)


def build_parser() -> Parser:
    parser = Parser(prog="oracle", description=DESCRIPTION, epilog=EPILOG,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    common = Parser(add_help=False)
    common.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    common.add_argument("--variant", metavar="NAME",
                        help="rule variants joined by '+': " + ", ".join(VARIANTS) + " (default: standard)")
    common.add_argument("--rules", metavar="NAME",
                        help="the chapters of the start position: standard, growth, influence, memory,"
                             " or two joined by '+' such as growth+memory (default: standard;"
                             " a position names its own in rules=)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--variant", metavar="NAME", help=argparse.SUPPRESS)
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
            "Progress is shown on stderr from depth 5 when stderr is a terminal.")
    p.add_argument("depth", type=int, metavar="DEPTH", help="the number of turns, 0 to 12")
    p.add_argument("position", nargs="?", metavar="POSITION", help="a position (default: the start; - for stdin)")
    p.add_argument("--divide", action="store_true", help="also print the count after each first turn")
    p.add_argument("--quiet", action="store_true", help="no progress output")
    add("version", cmd_version, "print the oracle and spec versions", "Print the oracle and spec versions.")
    for module_name in EXTRA_COMMAND_MODULES:
        module = __import__(module_name, fromlist=["register"])
        module.register(sub, common)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            if not hasattr(args, "variant"):
                args.variant = None
            return cmd_tour(args)
        code: int = args.func(args)
        return code
    except UsageError as exc:
        print(f"oracle: error: {exc}", file=sys.stderr)
    except InvalidPosition as exc:
        print(f"oracle: error: invalid position ({exc.rule}): {exc}", file=sys.stderr)
    except (NotationError, UnknownVariant) as exc:
        print(f"oracle: error: {exc}", file=sys.stderr)
    except BrokenPipeError:
        return EXIT_OK
    return EXIT_ERROR


def run() -> NoReturn:
    """Console-script entry point."""
    sys.exit(main())
