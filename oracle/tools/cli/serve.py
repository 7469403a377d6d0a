"""``oracle serve --stdio``: answer JSON-lines requests (spec/protocol.md)."""

from __future__ import annotations

import argparse

DESCRIPTION = """\
Serve the oracle over the JSON-lines protocol (spec/protocol.md): read one
JSON request per line on standard input, write one JSON response per line on
standard output, until end of input.  Bad requests get an error response with
a stable code and the server carries on.

Ops: legal, explain, apply, moves, observe, perft, validate, version.  --game
sets the game for requests that name none (default: ttykm), --variant its
rules (default: standard); a request's own "game" and "variant" fields win.
--rules and --json are refused: a request's position names its own ruleset,
and every answer is JSON.

Limits (spec/protocol.md, Limits): a line of at most 65,536 bytes; a position
of at most 16,384 bytes, a turn of 1,024, a name of 256; JSON nested at most
32 deep; each request answered within 2 s, or stopped and answered too_slow.
The server's memory stays under 64 MB whatever it is sent.  Ctrl-C stops it
with exit status 130.
"""

EPILOG = """\
exit status:
  0  end of input reached
  2  usage error
  130  interrupted (Ctrl-C)

examples:
  echo '{"id": 1, "op": "version"}' | oracle serve --stdio
  START="3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"
  echo '{"id": 2, "op": "legal", "position": "'"$START"'", "turn": "a1 N E >past"}' | oracle serve --stdio
  echo '{"id": 3, "op": "moves", "position": "players=4 round=0 phase=deal"}' | oracle serve --stdio --game time-chase
"""


def cmd_serve(args: argparse.Namespace) -> int:
    import sys

    from oracle.tools.cli.common import UsageError, read_game, read_rules
    from oracle.tools.cli.options import refuse
    from oracle.tools.protocol import Defaults, serve

    if not args.stdio:
        raise UsageError("serve needs --stdio (the only transport so far)")
    if args.json:
        refuse("--json", "has no use here: the server always answers in JSON lines (spec/protocol.md)")
    if args.rules is not None:
        refuse("--rules", "has no use here: every request's position names its own ruleset; --variant sets"
                          " the default variant")
    game = read_game(args)
    rules = read_rules(args, game)  # an unknown variant is refused now, naming it, not on every request
    serve(sys.stdin.buffer, sys.stdout.buffer, Defaults(game.name, game.rules_name(rules)))
    return 0


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("serve", parents=[common], help="answer JSON-lines requests on stdin/stdout",
                       description=DESCRIPTION, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--stdio", action="store_true", help="read requests on stdin, write responses on stdout")
    p.set_defaults(func=cmd_serve)
