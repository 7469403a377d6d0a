"""No option ignored: how the common options meet a given state, and the options each command refuses.

Every option of every command either changes what the command does or is
refused in one line with exit status 2 (tests/test_cli_options.py checks
each command, option and game, enumerated from the parser itself):

* ``--rules`` and ``--variant`` choose the start state when no state is
  given.  With a state they must agree with what it says of its own rules
  (`oracle.tools.state_rules.check_named_rules`), and they are refused by a
  command that shows a given state as it is, whatever the rules (``show``,
  ``observe``, ``render`` without an action);
* an option that a command has no use for in one of its forms is refused by
  that form (`refuse`), naming the option and what to do instead.
"""

from __future__ import annotations

import argparse
from typing import Any

from oracle.errors import NotationError
from oracle.games import AnyGame
from oracle.interface import engine_impl_name
from oracle.tools.state_rules import check_named_rules


class OptionRefused(NotationError):
    """An option the command cannot use here: one line, exit status 2."""


def named_rules(args: argparse.Namespace) -> list[str]:
    """The rules options given (``--rules``, ``--variant``), as written on the command line."""
    return [f"--{name} {value}" for name in ("rules", "variant")
            if (value := getattr(args, name, None)) is not None]


def check_state_options(args: argparse.Namespace, game: AnyGame, state: Any, rules: Any, plays: bool) -> Any:
    """The rules options against a state given on the command line, and the rules the state is played by
    (`Game.state_rules`, asked once).

    ``plays``: the command plays the state by the rules (lists, judges,
    applies or counts actions); otherwise it shows the state as it is, and
    the options could change nothing.
    """
    given = named_rules(args)
    if not given:
        return game.state_rules(state, rules)
    if not plays:
        raise OptionRefused(f"{args.command} shows a given {game.words.state} as it is, whatever the rules:"
                            f" {' and '.join(given)} only choose the start {game.words.state}; leave them out,"
                            f" or give no {game.words.state}")
    try:
        return check_named_rules(game, state, rules, getattr(args, "rules", None), getattr(args, "variant", None))
    except NotationError as exc:
        raise type(exc)(f"{' and '.join(given)}: {exc}") from None


def refuse(option: str, why: str) -> None:
    """Refuse ``option`` for the command in one line: it would change nothing (``why`` says what to do)."""
    raise OptionRefused(f"{option} {why}")


ENGINE_IMPL_HELP = ("the implementation that answers: 'compiled' (the fast engine, the default where it is built) or"
                    " 'spec' (the rules as written), to compare the two; 'oracle version' names the one in use")


def add_engine_impl(parser: argparse.ArgumentParser) -> None:
    """``--engine-impl NAME`` on a command where speed matters (named apart from ``conform --engine``)."""
    parser.add_argument("--engine-impl", metavar="NAME", help=ENGINE_IMPL_HELP)


def use_engine_impl(args: argparse.Namespace, game: AnyGame) -> None:
    """Switch the game to the implementation ``--engine-impl`` names, if any (a bad name is a one-line error),
    for this command only: `restore_engine_impl` switches back once it has run (a process that runs several
    commands, as the tests and the protocol's callers do, keeps its own choice)."""
    name = getattr(args, "engine_impl", None)
    if name is not None:
        before = engine_impl_name(game)
        game.use_engine_impl(name)
        args.engine_before = (game, before)


def restore_engine_impl(args: argparse.Namespace) -> None:
    """Undo `use_engine_impl` once the command has run."""
    before = getattr(args, "engine_before", None)
    if before is not None:
        game, name = before
        game.use_engine_impl(name)
