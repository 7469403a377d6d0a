"""``oracle render``: draw a position, or a turn's before and after, as SVG."""

from __future__ import annotations

import argparse

DESCRIPTION = """\
Draw a position as an SVG picture: the three eras side by side, coordinates,
both colours' copies, both Focus tokens, the supplies and the removed copies.

With a TURN (which must be complete and legal) the turn is played and drawn
with its events: arrows for moves, pushes and travels, badges for crushed,
paradox and created copies, the active copy highlighted.

  no -o        the SVG goes to standard output: the position, or with a TURN
               the picture after the turn
  -o FILE      the SVG is written to FILE; with a TURN two files are written,
               FILE's name with -before and -after added before the extension
               (-o push.svg writes push-before.svg and push-after.svg)

One argument is a POSITION if it contains '|', starts with '{' or is - (read
from standard input); otherwise it is a TURN played from the start.
"""

EPILOG = """\
exit status:
  0  the picture was written
  1  the turn is illegal (the rule it breaks is named)
  2  usage, notation or invalid-position error, or a file that cannot be written

examples:
  oracle render > start.svg
  oracle render "a1 N E >present" -o first.svg
  oracle render "4/4/4/4|4/4/4/wb2|4/4/4/4 turn=w focus=present,past supply=4,4 removed=6,6" "a1 E N >past"
"""


def _is_position(word: str) -> bool:
    return "|" in word or word.lstrip().startswith("{") or word == "-"


def cmd_render(args: argparse.Namespace) -> int:
    import json
    import sys
    from pathlib import Path

    from oracle.games import DEFAULT_GAME, load_game
    from oracle.games.ttykm.notation import format_turn
    from oracle.games.ttykm.pictures.svg import board_svg, turn_overlays
    from oracle.games.ttykm.rules.standard import apply_turn, explain
    from oracle.games.ttykm.state import Position
    from oracle.tools.cli.main import EXIT_ILLEGAL, EXIT_OK, UsageError, read_action, read_position, read_ruleset

    words: list[str] = args.args
    if args.output is not None and not args.output.strip():
        raise UsageError("-o needs a file name")
    if len(words) > 2:
        raise UsageError(f"expected [POSITION] [TURN], got {len(words)} arguments")
    position_text = words[0] if words and (len(words) == 2 or _is_position(words[0])) else None
    turn_text = words[-1] if words and (len(words) == 2 or not _is_position(words[0])) else None
    position = read_position(position_text) if position_text is not None else Position.start()
    pictures: dict[str, str]
    if turn_text is None:
        pictures = {"position": board_svg(position)}
    else:
        turn = read_action(turn_text, load_game(DEFAULT_GAME))
        if not turn.is_complete:
            raise UsageError(f"render needs a complete turn ending with the new Focus, got {format_turn(turn)!r}")
        verdict = explain(position, turn, read_ruleset(args))
        if not verdict.is_legal:
            if args.json:  # as `oracle apply --json` answers an illegal turn
                print(json.dumps({"turn": format_turn(turn), "verdict": verdict.status, "rule": verdict.rule,
                                  "reason": verdict.reason}))
            else:
                print(f"oracle: {verdict}", file=sys.stderr)
            return EXIT_ILLEGAL
        applied = apply_turn(position, turn, read_ruleset(args))
        pictures = {
            "before": board_svg(position, turn_overlays(applied.events, "before")),
            "after": board_svg(applied.position, turn_overlays(applied.events, "after")),
        }
    if args.output is None:
        shown = pictures.get("after", pictures.get("position", ""))
        if args.json:
            print(json.dumps(pictures))
        else:
            print(shown)
        return EXIT_OK
    target = Path(args.output)
    written: list[str] = []
    for name, svg in pictures.items():
        path = target if name == "position" else target.with_name(f"{target.stem}-{name}{target.suffix or '.svg'}")
        try:
            path.write_text(svg + "\n", encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
        written.append(str(path))
    if args.json:
        print(json.dumps({"files": written}))
    else:
        print("\n".join(written))
    return EXIT_OK


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("render", parents=[common], help="draw a position or a turn as SVG",
                       description=DESCRIPTION, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("args", nargs="*", metavar="[POSITION] [TURN]",
                   help="a position (default: the start), then optionally a complete turn")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE (with a TURN: FILE-before, FILE-after)")
    p.set_defaults(func=cmd_render)
