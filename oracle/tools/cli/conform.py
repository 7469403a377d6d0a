"""``oracle conform``: check an engine against the oracle over the protocol."""

from __future__ import annotations

import argparse

from oracle.tools.cli.arguments import seconds, whole_number

DESCRIPTION = """\
Check an engine against the oracle.  The engine is a command that speaks the
JSON-lines protocol of spec/protocol.md on stdin/stdout (a thin adapter is
enough; see docs/testing-your-engine.md).  The runner sends it the test
vectors of the ruleset (positions and their legal turns, apply cases, illegal
turns, perft, playthroughs), then plays seeded random games, asking the engine
and the oracle the same questions.  It stops at the first divergence and
prints a minimal reproduction: the position, the turn, what the oracle says
with the rule concerned, what the engine said, and a request to replay it.
With --keep-going it runs everything and reports every divergence, grouped
by the rule blamed, with a count per rule and a reproduction for each.  If
the engine's version reply declares the rules it plays ("plays"), the runner
checks them first and says which --variant to pass.  Progress goes to stderr.

Every game is checked the same way (--game NAME; every request then carries
the "game" field): the game's vector set (its states with their legal
actions, apply and illegal records, perft, then every ply of the seeded
playthroughs, whose deals and die rolls are written out as actions), then
seeded random games, comparing the legal actions (each player's sealed
choices apart), the verdicts with the rule named, the events, the state after
each action and, in a game with hidden information, now and then each
player's observation.  A divergence names the rule the game blames: the rule
an illegal action breaks, the clause of the first event that differs, or
that of the fields of the state that differ.  --vectors takes one set
directory, such as vectors/standard or vectors/time-chase/players-3.
"""

EPILOG = """\
exit status:
  0  the engine conforms (every answer agreed)
  1  divergence: the engine disagrees with the oracle (reproduction printed)
  2  usage error (bad option, unknown variant, unreadable vectors directory),
     or the engine declares rules other than those asked for
  3  the engine failed: could not start, crashed, timed out, or wrote
     something that is not a response

examples:
  python -m oracle conform --engine "python -m oracle serve --stdio"
  oracle conform --engine "./my-engine --protocol" --games 50 --seed 7 --report report.json
  oracle conform --engine "node adapter.js" --variant self-push=paradox
  oracle conform --engine "./my-engine" --vectors vectors/standard --ignore-rules
  oracle conform --engine "./my-engine" --keep-going --report all.json
  python -m oracle conform --game time-chase --engine "python -m oracle serve --stdio" --variant players=5
  (the engine command runs as a shell would run it: "python" is the first on
  PATH; from the environment the oracle is installed in, both are the same)
  oracle conform --game trois-ombres --engine "./my-engine" --vectors vectors/trois-ombres/standard
"""


def cmd_conform(args: argparse.Namespace) -> int:
    import json
    import sys
    from pathlib import Path

    from oracle.tools.cli.common import UsageError, read_game, read_rules
    from oracle.tools.conform import DEFAULT_GAMES, conform
    from oracle.tools.vectors import VectorDirError

    check_engine_command(args.engine)

    def progress(step: str) -> None:
        if not args.quiet:
            print(f"conform: {step}", file=sys.stderr, flush=True)

    game = read_game(args)
    rules = read_rules(args, game)  # an unknown ruleset or variant is refused here, naming it
    try:
        report = conform(args.engine, game, rules, games=DEFAULT_GAMES if args.games is None else args.games,
                         seed=args.seed, vectors=Path(args.vectors) if args.vectors else None, timeout=args.timeout,
                         check_rules=not args.ignore_rules, partial=not args.complete_turns_only, progress=progress,
                         keep_going=args.keep_going, send_json=args.send_json)
    except (VectorDirError, OSError) as exc:
        raise UsageError(str(exc)) from None
    if args.report:
        try:
            Path(args.report).write_text(json.dumps(report.to_json(), indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot write the report {args.report!r}: {exc.strerror or exc}") from None
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        print(report.text())
    return report.exit_code


def check_engine_command(command: str) -> None:
    """Refuse an ``--engine`` that names no command, or that cannot be split like a shell line."""
    import shlex

    from oracle.tools.cli.common import UsageError

    try:
        words = shlex.split(command)
    except ValueError as exc:
        raise UsageError(f"--engine {command[:40]!r} cannot be read as a command: {exc}") from None
    if not words:
        raise UsageError("--engine needs a command, such as \"python -m oracle serve --stdio\"")


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("conform", parents=[common], help="check an engine against the oracle over the protocol",
                       description=DESCRIPTION, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", required=True, metavar="CMD", help="the engine's command line (split like a shell)")
    p.add_argument("--games", type=whole_number("--games", 0), default=None, metavar="N",
                   help="seeded random games after the vectors (10)")
    p.add_argument("--seed", type=whole_number("--seed"), default=1, metavar="S", help="seed of the random games (1)")
    p.add_argument("--report", metavar="FILE", help="also write the JSON report to FILE")
    p.add_argument("--vectors", metavar="DIR", help="use an exported vector set instead of building one")
    p.add_argument("--timeout", type=seconds("--timeout"), default=10.0, metavar="SECONDS",
                   help="per request, a finite positive number (10)")
    p.add_argument("--ignore-rules", action="store_true", help="compare verdicts only, not the rule IDs named")
    p.add_argument("--complete-turns-only", action="store_true",
                   help="do not ask about partial turns (for engines that judge complete turns only)")
    p.add_argument("--keep-going", action="store_true",
                   help="run everything and report every divergence, grouped by the rule blamed")
    p.add_argument("--send-json", action="store_true",
                   help="send positions and turns in their JSON forms, not the text notation")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(func=cmd_conform)
