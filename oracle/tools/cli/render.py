"""``oracle render``: draw a state, or an action's before and after, as SVG, for every game."""

from __future__ import annotations

import argparse
from typing import Any

DESCRIPTION = """\
Draw a state as an SVG picture, in the game's own drawing (Game.state_svg).
TTYKM: the three eras side by side, coordinates, both colours' copies, both
Focus tokens, the supplies and the removed copies.  Time Chase: the timeline
(position 0 and the events so far with their lead and winning cards and
tokens, the events to come in one box), the pawns, the crystals and the
current trick.  Trois Ombres: the four Lieux as the table
shows them (face-down tiles as backs, clues, cubes), the Agence and the clock.

With a TURN (an action, which must be complete and legal) it is played and
drawn before and after (Game.action_svg).  TTYKM draws its events on the
picture after it: numbered arrows for its actions, arrows for pushes and other
effects, badges for removed and created copies and for chapter objects, the
active copy highlighted; the picture before it shows the position and the
chosen copy.

  no -o        the SVG goes to standard output: the position, or with a TURN
               the picture after the turn
  -o FILE      the SVG is written to FILE; with a TURN two files are written,
               FILE's name with -before and -after added before the extension
               (-o push.svg writes push-before.svg and push-after.svg)

One argument is a POSITION if it reads as one (or is -, standard input);
otherwise it is a TURN played from the start.

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
  oracle render "4/4/4/4|4/4/4/wb2|4/4/4/4 turn=w focus=present,past supply=4,4 removed=2,2" "a1 E N >past"
  oracle --game time-chase render "$(oracle --game time-chase start --seed 7 | tail -n 1)" -o tc.svg
  oracle --game trois-ombres render STATE --text
  oracle --game trois-ombres render \\
      "$(oracle --game trois-ombres apply "$(oracle --game trois-ombres start --seed 7 | tail -n 1)" \\
      roll "die loupe" | tail -n 1)" "reveal R1" -o reveal.svg
(STATE: a state, as 'start --seed 7' prints it on its last line; the last
example reveals a tile after the roll of a seeded deal)
"""


def split_words(words: list[str], game: Any, rules: Any,
                args: argparse.Namespace | None = None) -> tuple[Any, Any | None]:
    """``[POSITION] [TURN]``: one word is the state if it reads as one, else an action from the start.

    With ``args``, the rules options are checked against a given state: a state drawn alone is drawn
    as it is, so they are refused; with a TURN they play it (`oracle.tools.cli.options`).
    """
    from oracle.errors import InvalidPosition, NotationError
    from oracle.tools.cli.common import read_action, read_state
    from oracle.tools.cli.options import check_state_options

    if len(words) == 1 and words[0] != "-":
        try:
            state = read_state(words[0], game, rules)
        except InvalidPosition:  # a state, well formed, that breaks its rule
            raise
        except NotationError as not_state:
            try:
                return read_state(None, game, rules), read_action(words[0], game)
            except NotationError as not_action:  # the reader that read further names the fault
                raise (not_action if not_action.column > not_state.column else not_state) from None
        if args is not None:
            check_state_options(args, game, state, rules, plays=False)
        return state, None
    state = read_state(words[0] if words else None, game, rules, args, plays=len(words) == 2)
    return state, read_action(words[1], game) if len(words) == 2 else None


def cmd_render(args: argparse.Namespace) -> int:
    import json
    import sys

    from oracle.tools.cli.common import EXIT_ILLEGAL, UsageError, read_game, read_rules

    words: list[str] = args.args
    if args.output is not None and not args.output.strip():
        raise UsageError("-o needs a file name")
    if len(words) > 2:
        raise UsageError(f"expected [POSITION] [TURN], got {len(words)} arguments")
    game = read_game(args)
    rules = read_rules(args, game)
    state, action = split_words(words, game, rules, args)

    def draw(s: object) -> str:
        return game.state_text(s) if args.text else game.state_svg(s)

    if action is None:
        return write_pictures(args, {"position": draw(state)})
    if game.is_partial(action):
        raise UsageError(f"render needs a complete {game.words.action}, got {game.format_action(action)!r}")
    verdict = game.explain(state, action, rules)
    if not verdict.is_legal:
        if args.json:  # as `oracle apply --json` answers an illegal turn
            print(json.dumps({"turn": game.format_action(action), "verdict": verdict.status, "rule": verdict.rule,
                              "reason": verdict.reason}))
        else:
            print(f"oracle: {verdict}", file=sys.stderr)
        return EXIT_ILLEGAL
    if args.text:
        pictures = {"before": draw(state), "after": draw(game.apply(state, action, rules).state)}
    else:
        before, after = game.action_svg(state, action, rules)
        pictures = {"before": before, "after": after}
    return write_pictures(args, pictures)


def write_pictures(args: argparse.Namespace, pictures: dict[str, str]) -> int:
    """Print the picture (the one after a turn), or write each to -o FILE (FILE-before, FILE-after)."""
    import json
    from pathlib import Path

    from oracle.tools.cli.common import EXIT_OK, UsageError

    suffix = ".txt" if args.text else ".svg"
    named = {"rules": args.rules_named} if getattr(args, "rules_named", None) else {}  # as `emit` names them
    if args.output is None:
        shown = pictures.get("after", pictures.get("position", ""))
        if args.json:
            print(json.dumps({**pictures, **named}))
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
        print(json.dumps({"files": written, **named}))
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
