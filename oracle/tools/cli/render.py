"""``oracle render``: draw a position, or a turn's before and after, as SVG."""

from __future__ import annotations

import argparse

DESCRIPTION = """\
Draw a position as an SVG picture: the three eras side by side, coordinates,
both colours' copies, both Focus tokens, the supplies and the removed copies.

With a TURN (which must be complete and legal) the turn is played and drawn
with its events on the picture after it: numbered arrows for its actions,
arrows for pushes and other effects, badges for removed and created copies and
for chapter objects, the active copy highlighted; the picture before it shows
the position and the chosen copy.

  no -o        the SVG goes to standard output: the position, or with a TURN
               the picture after the turn
  -o FILE      the SVG is written to FILE; with a TURN two files are written,
               FILE's name with -before and -after added before the extension
               (-o push.svg writes push-before.svg and push-after.svg)

One argument is a POSITION if it contains '|', starts with '{' or is - (read
from standard input); otherwise it is a TURN played from the start.

Other games (--game time-chase, --game trois-ombres): [STATE] [ACTION], the
state first (default: the game's first state; - for standard input).  Time
Chase draws the timeline (events 0-10 with their lead and winning cards and
tokens), the pawns, the crystals and the current trick; Trois Ombres the four
Lieux as the table shows them (face-down tiles as backs, clues, cubes), the
Agence and the clock.  An ACTION (a deal, a bid, a card, a reveal...) is
played and drawn before and after, as for a TTYKM turn.

--text prints the state's text picture instead of SVG, for every game.
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
  oracle --game time-chase render "$(oracle --game time-chase --json start --seed 7 | jq -r .position)" -o tc.svg
  oracle --game trois-ombres render STATE "reveal R5" -o reveal.svg
  oracle --game trois-ombres render STATE --text
"""


def _is_position(word: str) -> bool:
    return "|" in word or word.lstrip().startswith("{") or word == "-"


def cmd_render(args: argparse.Namespace) -> int:
    import json
    import sys

    from oracle.games import DEFAULT_GAME, load_game
    from oracle.games.ttykm.notation import format_turn
    from oracle.games.ttykm.pictures.svg import board_svg, turn_overlays
    from oracle.games.ttykm.rules.standard import apply_turn, explain
    from oracle.games.ttykm.state import Position
    from oracle.tools.cli.main import EXIT_ILLEGAL, UsageError, read_action, read_game, read_position, read_ruleset

    words: list[str] = args.args
    if args.output is not None and not args.output.strip():
        raise UsageError("-o needs a file name")
    if len(words) > 2:
        raise UsageError(f"expected [POSITION] [TURN], got {len(words)} arguments")
    if read_game(args).name != DEFAULT_GAME or args.text:
        return render_game(args)
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
    return write_pictures(args, pictures)


def render_game(args: argparse.Namespace) -> int:
    """``render`` through the common game interface: [STATE] [ACTION], SVG from the game's picture module or text."""
    import importlib
    import json
    import sys

    from oracle.games import GAMES
    from oracle.tools.cli.main import EXIT_ILLEGAL, UsageError, read_action, read_game, read_rules, read_state

    game = read_game(args)
    rules = read_rules(args, game)
    words: list[str] = args.args
    if game.name == "ttykm" and len(words) == 1 and not _is_position(words[0]):
        words = [game.format_state(game.initial_state(rules)), words[0]]  # a TTYKM turn from the start
    state = read_state(words[0] if words else None, game, rules)
    if args.text:
        def draw(s: object) -> str:
            return game.state_text(s)
    else:
        found = getattr(importlib.import_module(GAMES[game.name]), "state_svg", None)
        if found is None:
            raise UsageError(f"render has no SVG picture for --game {game.name}; try --text")
        draw = found
    if len(words) < 2:
        return write_pictures(args, {"position": draw(state)})
    action = read_action(words[1], game)
    verdict = game.explain(state, action, rules)
    if not verdict.is_legal:
        if args.json:
            print(json.dumps({"turn": game.format_action(action), "verdict": verdict.status, "rule": verdict.rule,
                              "reason": verdict.reason}))
        else:
            print(f"oracle: {verdict}", file=sys.stderr)
        return EXIT_ILLEGAL
    after = game.apply(state, action, rules).state
    return write_pictures(args, {"before": draw(state), "after": draw(after)})


def write_pictures(args: argparse.Namespace, pictures: dict[str, str]) -> int:
    """Print the picture (the one after a turn), or write each to -o FILE (FILE-before, FILE-after)."""
    import json
    from pathlib import Path

    from oracle.tools.cli.main import EXIT_OK, UsageError

    suffix = ".txt" if args.text else ".svg"
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
        path = target if name == "position" else target.with_name(f"{target.stem}-{name}{target.suffix or suffix}")
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
    p.add_argument("--text", action="store_true", help="the state's text picture instead of SVG")
    p.set_defaults(func=cmd_render)
