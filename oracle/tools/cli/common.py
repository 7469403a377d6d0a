"""What every command of the ``oracle`` command line shares: its exit statuses, its one-line errors, and the
readers of its common arguments (``--game``, ``--rules``, ``--variant``, a POSITION, a TURN).

`oracle.tools.cli.main` builds the parser from the commands; each further command's module
(``perft``, ``render``, ``serve`` ...) imports what it needs from here, so that no module of the command
line imports another back.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from oracle.games import DEFAULT_GAME, AnyGame, load_game
from oracle.inputs import one_line, read_stream
from oracle.tools.cli.arguments import StoreOnce
from oracle.tools.cli.interrupts import EXIT_INTERRUPTED as EXIT_INTERRUPTED
from oracle.tools.cli.options import check_state_options

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_ERROR = 2
EXIT_DEPENDS = 3  # asked from a player's view: legal in some completions of what it cannot see, not in others
EXIT_TERMINATED = 143  # 128 + SIGTERM: a perft on a cluster stopped by it, its checkpoint kept


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


def read_game(args: argparse.Namespace) -> AnyGame:
    """The ``--game`` option's game (default TTYKM)."""
    return load_game(getattr(args, "game", None) or DEFAULT_GAME)


def read_rules(args: argparse.Namespace, game: AnyGame | None = None) -> Any:
    """The rules value of ``--rules`` and ``--variant`` for the game (the game's reader checks the names)."""
    game = game or read_game(args)
    rules = game.parse_rules(getattr(args, "rules", None), getattr(args, "variant", None))
    if getattr(args, "rules", None) is not None or getattr(args, "variant", None) is not None:
        args.rules_named = game.rules_name(rules)  # named in the JSON answer (`emit`): no rules option is silent
    return rules


def read_played(text: str | None, game: AnyGame, rules: Any, args: argparse.Namespace | None = None,
                plays: bool = True) -> tuple[Any, Any]:
    """A POSITION argument (None: the game's start under ``rules``; ``-``: standard input; text or JSON) and
    the rules it is played by, asked of the game once (`Game.state_rules`).

    With ``args``, the rules options must agree with a given state, and are refused by a command that
    does not play it (``plays`` false): `oracle.tools.cli.options.check_state_options`.  A state that
    records other variants than ``--variant`` is refused, naming them, and every variant must change the
    state's ruleset (TTYKM: VARIANT.SCOPE), the start's included.
    """
    if text is None:
        state = game.initial_state(rules)
        return state, game.state_rules(state, rules)
    if text == "-":
        text = read_stream(sys.stdin)
    state = game.parse_state(text.strip())
    if args is not None:
        return state, check_state_options(args, game, state, rules, plays)
    return state, game.state_rules(state, rules)


def read_state(text: str | None, game: AnyGame, rules: Any, args: argparse.Namespace | None = None,
               plays: bool = True) -> Any:
    """The state of a POSITION argument, checked against the rules as `read_played` checks it."""
    return read_played(text, game, rules, args, plays)[0]


def read_action(text: str, game: AnyGame) -> Any:
    """Parse a TURN argument (the game's action); the game's reader checks its size first."""
    return game.parse_action(text)


def emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    """Print ``data`` as JSON with --json, else ``text``; the JSON names the rules that --rules or --variant chose."""
    if args.json:
        named = getattr(args, "rules_named", None)
        if named is not None and "rules" not in data and "variant" not in data:
            data = {**data, "rules": named}
        print(json.dumps(data, sort_keys=False))
    else:
        print(text)


def report(message: str) -> None:
    """Print an error on standard error as exactly one line."""
    print(one_line(message), file=sys.stderr, flush=True)
