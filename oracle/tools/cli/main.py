"""The ``oracle`` command line, the same commands for every game.  See ``oracle --help``.

Nothing here knows a game: every answer comes through `oracle.interface.Game`
(``--game NAME``, default TTYKM), and every message speaks the game's own
words (`Game.words`: "16 legal turns" in TTYKM, "legal actions" elsewhere).
"""

from __future__ import annotations

import argparse
import random
import shlex
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, overload

from oracle.errors import InvalidPosition, NotationError, invalid_text
from oracle.games import DEFAULT_GAME, GAMES, AnyGame, load_game
from oracle.interface import DEPENDS, ILLEGAL, LEGAL, LEGAL_SO_FAR, Verdict
from oracle.language import LANGUAGES, text_language
from oracle.tools.cli import conform, perft, render, replay, serve, vectors
from oracle.tools.cli.arguments import name_text, whole_number
from oracle.tools.cli.common import EXIT_DEPENDS as EXIT_DEPENDS
from oracle.tools.cli.common import EXIT_ERROR as EXIT_ERROR
from oracle.tools.cli.common import EXIT_ILLEGAL as EXIT_ILLEGAL
from oracle.tools.cli.common import EXIT_INTERRUPTED as EXIT_INTERRUPTED
from oracle.tools.cli.common import EXIT_OK as EXIT_OK
from oracle.tools.cli.common import EXIT_TERMINATED as EXIT_TERMINATED
from oracle.tools.cli.common import Parser as Parser
from oracle.tools.cli.common import UsageError as UsageError
from oracle.tools.cli.common import emit as emit
from oracle.tools.cli.common import read_action as read_action
from oracle.tools.cli.common import read_game as read_game
from oracle.tools.cli.common import read_played as read_played
from oracle.tools.cli.common import read_rules as read_rules
from oracle.tools.cli.common import read_state as read_state
from oracle.tools.cli.common import report as report
from oracle.tools.cli.interrupts import INTERRUPTED, answer_by_exception
from oracle.tools.cli.language import events_text, picture, said, verdict_text
from oracle.tools.cli.options import add_engine_impl, refuse, restore_engine_impl, use_engine_impl
from oracle.tools.cli.steps import next_step
from oracle.tools.records import iter_play, outcome_json, play_one, step_json, step_text
from oracle.version import SPEC_VERSION, __version__
from oracle.words import counted

DESCRIPTION = """\
A rules reference and move oracle for three games, through the same
commands: That Time You Killed Me (TTYKM, the default), Time Chase
(Contre-Temps: --game time-chase) and L'heure des 3 ombres (--game
trois-ombres); 'oracle version' lists them.

Run with no command to see the start position, its legal turns and a short
sample game.  Every command takes an optional POSITION; it defaults to the
game's start, and - reads it from standard input.  Below, TTYKM's notation;
'oracle --game NAME start' prints another game's first position, and each
game's rules on the site give its notation.

A TTYKM position is one line, rank 4 first, boards past|present|future:
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
  0  success; for legal/explain/apply: the turn is legal (or legal so far);
     for apply and replay: every turn was played
  1  the turn is well formed but illegal (the rule it breaks is named); for
     replay: a step is illegal or differs from the record
  2  usage, notation or invalid-position error (one line on stderr)
  3  for legal/explain asked from a player's view (Time Chase, 3 Ombres: what
     'observe --player N' prints): the action depends on what the view cannot
     see (legal in some completions, illegal in others; the answer says on what)
  130  interrupted (Ctrl-C)
  143  a perft on a cluster stopped by SIGTERM (its checkpoint kept)

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


# The options every command takes, with their values when absent.  Given
# before the command they are stored as ``before_NAME`` and merged by
# `merge_options_before_command`, so that neither place silently wins.
COMMON_OPTIONS: dict[str, Any] = {"json": False, "variant": None, "game": None, "rules": None}
LANG_HELP = ("the language of the card games' words, en or fr: Time Chase's and 3 ombres' tables, 3 ombres'"
             " events, the verdicts and their reasons, and what moves, explain and apply say around the notation"
             " (states, actions, Time Chase's events and rule IDs stay as written; TTYKM and --json stay English;"
             " default: ORACLE_LANG, else the locale, LANG, else en)")


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


def read_player(player: int | None, game: AnyGame, state: Any) -> int | None:
    """A ``--player`` option: one of the players seated in the state (`Game.seats`)."""
    if player is not None and player not in game.seats(state):
        raise UsageError(f"--player must be one of {', '.join(map(str, game.seats(state)))}, not {player}")
    return player


def split_state_action(args: argparse.Namespace, game: AnyGame, rules: Any) -> tuple[Any, Any, Any]:
    """``[POSITION] TURN``: one argument is an action from the game's start; with the rules the state is
    played by."""
    words: list[str] = args.args
    if len(words) > 2:
        state, action = game.words.state.upper(), game.words.action.upper()
        raise UsageError(f"expected [{state}] {action}, got {len(words)} arguments"
                         + (_quote_hint(args, game, rules) or " ('apply' plays several)"))
    state, actions, played = split_state_actions(args, game, rules)
    return state, actions[0], played


def _quote_hint(args: argparse.Namespace, game: AnyGame, rules: Any) -> str:
    """When the words of several arguments make one action (an unquoted turn: ``oracle legal a1 N E
    >present``, the shell having taken ``>present`` as a file to write), the command with the action
    quoted, completed as some legal action goes on from it; else ""."""
    words: list[str] = args.args
    for first in (0, 1):
        joined = " ".join(words[first:])
        if len(words) - first < 2 or not _is_action(joined, game):
            continue
        state_text = words[0] if first else None
        try:
            state = read_state(state_text, game, rules, args)
            listed = [game.format_action(a) for a in game.legal_actions(state, rules)]
        except (NotationError, ValueError):
            listed = []
        whole = next((text for text in listed if text.startswith(joined + " ")), joined)
        where = f"{shlex.quote(words[0])} " if first else ""
        named = "" if game.name == DEFAULT_GAME else f"--game {game.name} "
        return (f": quote the {game.words.action}, as in: oracle {named}{args.command} {where}\"{whole}\""
                " (unquoted, the shell splits it into words and takes a '>' for a file to write)")
    return ""


def split_state_actions(args: argparse.Namespace, game: AnyGame, rules: Any) -> tuple[Any, Sequence[Any], Any]:
    """``[POSITION] TURN [TURN ...]``: one argument is an action from the game's start; with several, the
    first is the state.  With the rules the state is played by (`read_played`)."""
    words: list[str] = args.args
    if len(words) == 1:
        state, played = read_played(None, game, rules)
        return state, [read_action(words[0], game)], played
    try:
        state, played = read_played(words[0], game, rules, args)
    except NotationError:
        if not _is_action(words[0], game):
            raise
        hint = _quote_hint(args, game, rules)
        if hint:
            raise UsageError(f"the words {' '.join(words)!r} make one {game.words.action}{hint}") from None
        # Several actions from the start with the start left out: say so rather than fail to read a state.
        raise UsageError(f"with several arguments the first is the {game.words.state}, and {words[0]!r} is "
                         f"{_article(game.words.action)} {game.words.action}: give the {game.words.state} first "
                         f"('oracle {'' if game.name == DEFAULT_GAME else f'--game {game.name} '}show' prints the "
                         "start)") from None
    return state, ReadActions(words[1:], game), played


class ReadActions(Sequence[Any]):
    """The actions of the command line, each read (and so checked) once here, then read again as it is
    played: thousands of actions are kept as their text alone, not as the game's objects."""

    def __init__(self, words: Sequence[str], game: AnyGame) -> None:
        for word in words:
            read_action(word, game)
        self.words, self.game = words, game

    def __len__(self) -> int:
        return len(self.words)

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [read_action(word, self.game) for word in self.words[index]]
        return read_action(self.words[index], self.game)


def _is_action(text: str, game: AnyGame) -> bool:
    try:
        read_action(text, game)
    except NotationError:
        return False
    return True


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


# --- commands ----------------------------------------------------------------


def cmd_show(args: argparse.Namespace) -> int:
    game = read_game(args)
    state = read_state(args.position, game, read_rules(args, game), args, plays=False)
    text = game.format_state(state)
    emit(args, {"position": text, "json": game.state_to_json(state)}, picture(game, state) + "\n\n" + text)
    return EXIT_OK


def cmd_moves(args: argparse.Namespace) -> int:
    """The legal actions; at sealed choices, chance or the end, what happens next (`next_step`)."""
    game = read_game(args)
    use_engine_impl(args, game)
    rules = read_rules(args, game)
    state, rules = read_played(args.position, game, rules, args)
    data, text = next_step(game, state, rules, read_player(args.player, game, state), args.position is None)
    emit(args, data, said(game, text))
    return EXIT_OK


VERDICT_EXITS = {ILLEGAL: EXIT_ILLEGAL, DEPENDS: EXIT_DEPENDS}


def _verdict_data(game: AnyGame, state: Any, action: Any, rules: Any) -> tuple[int, dict[str, Any], str]:
    verdict = game.explain(state, action, rules)
    data = {"turn": game.format_action(action), "verdict": verdict.status, "rule": verdict.rule,
            "reason": verdict.reason}
    return VERDICT_EXITS.get(verdict.status, EXIT_OK), data, verdict_text(game, verdict)


def _winner(game: AnyGame, state: Any) -> str | None:
    outcome = game.outcome(state)
    return game.player_name(outcome.winners[0]) if outcome is not None and len(outcome.winners) == 1 else None


def cmd_legal(args: argparse.Namespace) -> int:
    game = read_game(args)
    rules = read_rules(args, game)
    state, action, rules = split_state_action(args, game, rules)
    code, data, text = _verdict_data(game, state, action, rules)
    emit(args, data, text)
    return code


def cmd_explain(args: argparse.Namespace) -> int:
    game = read_game(args)
    rules = read_rules(args, game)
    state, action, rules = split_state_action(args, game, rules)
    code, data, text = _verdict_data(game, state, action, rules)
    if data["verdict"] in (LEGAL, DEPENDS):  # from a view, an action that depends is taken as made
        applied = game.apply(state, action, rules)
        data["events"] = [game.event_to_json(e) for e in applied.events]
        data["position"] = game.format_state(applied.state)
        text += (said(game, "\ntaken as made:") if data["verdict"] == DEPENDS else "") \
            + "\n" + events_text(game, applied.events) + "\n" + game.format_state(applied.state)
    elif data["verdict"] == LEGAL_SO_FAR:
        extensions = [game.format_action(a) for a in game.completions(state, action, rules)]
        data["extensions"] = extensions
        text += "\n" + said(game, counted(len(extensions), "legal " + game.words.action)
                             + (" extend" if len(extensions) != 1 else " extends")
                             + " it, such as " + ", ".join(extensions[:4]))
    emit(args, data, text)
    return code


def cmd_apply(args: argparse.Namespace) -> int:
    game = read_game(args)
    rules = read_rules(args, game)
    state, actions, rules = split_state_actions(args, game, rules)
    if len(actions) > 1:
        return apply_several(args, game, state, actions, rules)
    step = play_one(game, state, actions[0], rules)  # from a view, an action that depends is taken as made
    verdict = step.verdict
    data: dict[str, Any] = {"turn": game.format_action(step.action), "verdict": verdict.status}
    if not step.played:
        emit(args, {**data, "rule": verdict.rule, "reason": verdict.reason}, verdict_text(game, verdict))
        return EXIT_ILLEGAL
    after = step.after
    data.update(position=game.format_state(after), events=[game.event_to_json(e) for e in step.events],
                winner=_winner(game, after))
    head = ""
    if verdict.status == DEPENDS:
        data.update(rule=verdict.rule, reason=verdict.reason)
        head = verdict_text(game, verdict) + said(game, "; taken as made") + "\n"
    emit(args, data, head + events_text(game, step.events) + "\n\n" + picture(game, after) + "\n\n"
         + game.format_state(after))
    return EXIT_OK


def apply_several(args: argparse.Namespace, game: AnyGame, state: Any, actions: Sequence[Any], rules: Any) -> int:
    """``apply STATE A1 A2 ...``: each action in turn, with its events; the first illegal one stops them.
    Each step is printed as it is played (text, or the JSON streamed), so that many actions take the
    memory of one state."""
    from oracle.tools.cli.streamed import JsonWriter

    writer = None
    if args.json:
        writer = JsonWriter(sys.stdout, {}, "turns")
        for action in actions:
            writer.item(game.format_action(action))
        writer.next("steps")
    played, verdict, last = 0, Verdict(LEGAL, ""), None
    after = state
    for step in iter_play(game, state, actions, rules):
        if writer is not None:
            writer.item(step_json(game, step))
        else:
            print(step_text(game, step, verdict=lambda v: verdict_text(game, v),
                            event=lambda e: events_text(game, [e], ""), words=lambda text: said(game, text)))
        if step.verdict.status == ILLEGAL or (step.verdict.status == DEPENDS and verdict.status == LEGAL):
            verdict = step.verdict
        last = step
        if step.played:
            played += 1
            after = step.after
    assert last is not None, "at least one action"
    if writer is not None:
        tail = {"verdict": verdict.status, "rule": verdict.rule, "reason": verdict.reason, "played": played,
                "position": game.format_state(after), "winner": _winner(game, after),
                "outcome": outcome_json(game, game.outcome(after))}
        named = getattr(args, "rules_named", None)
        writer.close({**tail, "rules": named} if named is not None else tail)
    else:
        lines = []
        if not last.played:
            lines.append("\n" + said(game, f"stopped at {game.words.action} {last.number} of {len(actions)}; the "
                                           f"{game.words.state} before it:"))
        lines += ["", picture(game, after), "", game.format_state(after)]
        print("\n".join(lines))
    return EXIT_OK if last.played else EXIT_ILLEGAL


def cmd_start(args: argparse.Namespace) -> int:
    """The game's first state; with --seed, chance outcomes drawn until a player is to act."""
    game = read_game(args)
    rules = read_rules(args, game)
    state = read_state(None, game, rules)
    drawn: list[str] = []
    if args.seed is not None and game.to_act(state).kind != "chance":
        refuse("--seed", f"draws chance outcomes, and the start of {game.name} under {game.rules_name(rules)}"
                         " has none to draw; leave it out")
    if args.seed is not None:
        rng = random.Random(args.seed)
        while game.to_act(state).kind == "chance":
            outcome = game.sample_chance(state, rules, rng)
            drawn.append(game.format_action(outcome))
            state = game.apply(state, outcome, rules).state
    lines = [f"chance: {d}" for d in drawn] + [picture(game, state), "", game.format_state(state)]
    emit(args, {"chance": drawn, "position": game.format_state(state)}, "\n".join(lines))
    return EXIT_OK


def cmd_observe(args: argparse.Namespace) -> int:
    """A player's view: a state of the game with what they cannot see unknown, as its picture and its
    text (which reads back as a state), or as JSON."""
    game = read_game(args)
    state = read_state(args.position, game, read_rules(args, game), args, plays=False)
    read_player(args.player, game, state)
    seen = game.observe(state, args.player)
    view = game.state_from_json(seen)
    text = game.format_state(view)
    emit(args, {"player": args.player, "observation": seen, "position": text}, picture(game, view) + "\n\n" + text)
    return EXIT_OK


def cmd_tour(args: argparse.Namespace) -> int:
    """The game's start, its legal actions and its annotated sample game (`Game.sample_game`)."""
    game = read_game(args)
    rules = read_rules(args, game)
    words = game.words
    state = start = read_state(None, game, rules)
    out = [said(game, f"{game.title}: the {game.rules_name(rules)} start"), "", picture(game, state), "",
           game.format_state(state)]
    record = []
    mover = game.to_act(state)
    if mover.kind == "player":
        names = [game.format_action(a) for a in game.legal_actions(state, rules)]
        out += ["", f"{len(names)} legal {words.actions} for {game.player_name(mover.players[0]).capitalize()}:"]
        for i in range(0, len(names), 4):
            out.append("  " + "   ".join(f"{n:<16}" for n in names[i:i + 4]).rstrip())
    else:
        names = []
        out += ["", said(game, f"{mover.kind.capitalize()} acts first ('oracle --game {game.name} start --seed 1'"
                               " draws it).")]
    # The sample game is played under the game's default rules only: other rules may forbid its actions.
    sample = game.sample_game() if game.rules_name(rules) == game.rules_name(game.parse_rules(None, None)) else ()
    if sample:
        out += ["", f"A short sample game, with the events each {words.action} produces:"]
    for number, (text, note) in enumerate(sample, start=1):
        acting = game.to_act(state)
        who = game.player_name(acting.players[0]).capitalize() if acting.kind == "player" else acting.kind
        applied = game.apply(state, game.parse_action(text), rules)
        state = applied.state
        out += ["", f"{number}. {who}: {text}   -- {note}", events_text(game, applied.events, "     ")]
        record.append({"turn": text, "events": [game.event_text(e) for e in applied.events]})
    if sample:
        out += ["", f"After these {words.actions}:", "", picture(game, state)]
    option = "" if game.name == DEFAULT_GAME else f"--game {game.name} "
    tries = [f'moves | oracle {option}legal "{names[0]}"', "perft 2"] if names else ["start --seed 1"]
    out += ["", said(game, "Try: " + " | ".join(f"oracle {option}{t}" for t in tries)), "     oracle --help"]
    emit(args, {"start": game.format_state(start), "legal_turns": names, "sample_game": record,
                "final": game.format_state(state)}, "\n".join(out))
    return EXIT_OK


def cmd_version(args: argparse.Namespace) -> int:
    """The versions and the games; with --game, --rules or --variant also that game's rulesets, variants and rules."""
    data: dict[str, Any] = {"oracle": __version__, "spec": SPEC_VERSION, "games": list(GAMES)}
    lines = [f"oracle {__version__} (spec {SPEC_VERSION}); games: {', '.join(GAMES)}"]
    engines = {name: load_game(name).engine_impl() for name in GAMES}
    data["engines"] = engines
    lines += [f"engine: {name}: {engine}" for name, engine in engines.items()]
    if any(getattr(args, option, None) is not None for option in ("game", "rules", "variant")):
        game = read_game(args)
        rules = read_rules(args, game)
        read_state(None, game, rules)  # the variants must change the ruleset (TTYKM: VARIANT.SCOPE)
        data.update(game=game.name, title=game.title, rulesets=list(game.rulesets()), variants=list(game.variants()))
        lines += [f"{game.name}: {game.title}", f"  rulesets: {', '.join(game.rulesets())}",
                  f"  variants: {', '.join(game.variants()) or 'none'}"]
        if args.rules is not None or args.variant is not None:
            data["rules"] = game.rules_name(rules)
            lines.append(f"  rules: {game.rules_name(rules)}")
    emit(args, data, "\n".join(lines))
    return EXIT_OK


# Commands from other modules: each module has ``register(subparsers, common)``, and imports what the
# commands share from `oracle.tools.cli.common`, never this module.
EXTRA_COMMANDS = (perft, serve, render, vectors, conform, replay)


def game_named(argv: Sequence[str]) -> str | None:
    """The game that ``--game NAME`` names in ``argv`` (before or after the command), for the help texts;
    None when none is named, or when the name is not a registered game (the command then refuses it)."""
    for i, word in enumerate(argv):
        name = argv[i + 1] if word == "--game" and i + 1 < len(argv) else word.removeprefix("--game=") \
            if word.startswith("--game=") else None
        if name is not None:
            return name if name in GAMES else None
    return None


def build_parser(game_name: str | None = None) -> Parser:
    """The parser of every command; its usage lines and option help speak the words, variants and rulesets
    of the game ``game_name`` (default: TTYKM), which is the only game it loads."""
    game = load_game(game_name or DEFAULT_GAME)
    parser = Parser(prog="oracle", description=DESCRIPTION, epilog=EPILOG,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    # The common options are accepted before or after the command.  In the
    # command's parser they default to SUPPRESS, so that an option given
    # before the command is not overwritten by the command's default.
    common = Parser(add_help=False, argument_default=argparse.SUPPRESS)
    common.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    common.add_argument("--variant", metavar="NAME", type=name_text,
                        help=f"rule variants joined by '+' ({game.title}: " + (", ".join(game.variants()) or "none")
                             + "; default: standard; 'oracle --game NAME version --json' lists a game's)")
    common.add_argument("--game", metavar="NAME", type=name_text,
                        help="the game: " + ", ".join(GAMES) + f" (default: {DEFAULT_GAME})")
    common.add_argument("--rules", metavar="NAME", type=name_text,
                        help=RULES_HELP if game.name == DEFAULT_GAME else
                        f"the ruleset for the start {game.words.state} ({game.title}: {', '.join(game.rulesets())})")
    # The same options before the command: see `merge_options_before_command`.
    parser.add_argument("--json", dest="before_json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--variant", dest="before_variant", metavar="NAME", type=name_text, help=argparse.SUPPRESS)
    parser.add_argument("--game", dest="before_game", metavar="NAME", type=name_text, help=argparse.SUPPRESS)
    parser.add_argument("--rules", dest="before_rules", metavar="NAME", type=name_text, help=argparse.SUPPRESS)
    # The language of the text pictures is the run's, so it comes before the command.
    parser.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)
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
    p = add("moves", cmd_moves, "list every legal turn, or say what happens next",
            "List every legal complete turn, in the documented order (TTYKM: by copy\n"
            "square a1, b1, ... d4, then actions N E S W F B, then new Focus).\n\n"
            "Where no single player acts, say what happens next instead: at sealed\n"
            "choices (Time Chase's bids) each player's choices and the joint action to\n"
            "write; at chance its outcomes with their probabilities, or, for a deal, how\n"
            "to write one (or draw one: start --seed N); at the end, who won and by which\n"
            "clause.  From a player's view (what 'observe --player N' prints), the actions\n"
            "that depend on what the view cannot see are listed too, saying on what.\n\n"
            "examples:\n"
            "  oracle moves\n"
            "  oracle --game time-chase moves\n"
            '  oracle --game time-chase moves "$(oracle --game time-chase start --seed 7 | tail -n 1)"')
    p.add_argument("position", nargs="?", metavar="POSITION", help="a position (default: the start; - for stdin)")
    p.add_argument("--player", type=whole_number("--player"), metavar="N",
                   help="in a game with sealed choices, list player N's choices (default: whoever is to act)")
    add_engine_impl(p)
    view_note = ("Asked from a player's view (Time Chase, 3 Ombres: the state 'observe --player N'\n"
                 "prints), the answer holds for every completion of what the view cannot see:\n"
                 "legal, illegal, or \"depends\", saying on what.\n")
    for name, func, help_text in (
        ("legal", cmd_legal, "say whether a turn is legal, and which rule it breaks"),
        ("explain", cmd_explain, "explain a turn: the rule it breaks, or what it does"),
    ):
        p = add(name, func, help_text,
                help_text[0].upper() + help_text[1:] + ".\n\n"
                "With one argument the turn is played from the start position.\n" + view_note +
                "Exit status 0: legal (or legal so far); 1: illegal; 2: bad input;\n"
                "3: it depends (asked from a view).\n\n"
                'example:  oracle ' + name + ' "a1 N E >present"')
        p.add_argument("args", nargs="+", metavar="[POSITION] TURN", help="an optional position, then a turn")
    p = add("apply", cmd_apply, "play turns: print each one's events and the new position",
            "Play a turn, or several one after another: print each one's events, then the\n"
            "position reached.  With one argument the turn is played from the start position;\n"
            "with several, the first is the position.  The first illegal turn stops the others.\n"
            "A turn is its text or its JSON form (Time Chase: '{\"play\": \"R6\"}').\n"
            "From a player's view, what the view cannot see is left unknown, and a turn that\n"
            "depends on it is taken as made.\n"
            "Exit status 0: every turn was played; 1: one is illegal (named, with its rule);\n"
            "2: bad input.\n\n"
            "examples:\n"
            '  oracle apply "a1 N F >future" --json\n'
            '  oracle apply "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0" \\\n'
            '      "a1 N F >future" "d4 S S >past"\n'
            '  oracle --game time-chase apply "$(oracle --game time-chase start --seed 7 | tail -n 1)" \\\n'
            '      "bids 0,0,0,0" \'{"play": "R6"}\'')
    p.add_argument("args", nargs="+", metavar="[POSITION] TURN [TURN ...]",
                   help="an optional position, then one turn or more")
    p = add("start", cmd_start, "print a game's first position, drawing its chance outcomes from a seed",
            "Print the game's first position.  With --seed, chance outcomes (a deal, a die)\n"
            "are drawn from that seed and printed as actions, so the game can be replayed\n"
            "from them alone.\n\n"
            "example:  oracle --game NAME start --seed 7")
    p.add_argument("--seed", type=whole_number("--seed"), metavar="N", help="draw the chance outcomes from this seed")
    p = add("observe", cmd_observe, "print what one player may see of a position",
            "Print what player N may see of the position: their view, a position in which\n"
            "what they cannot see is unknown ('?'), as a picture and then as one line of\n"
            "the notation, which every command reads back (--json: its JSON form).  In a game\n"
            "with hidden information that is their own hand or the tiles they saw, and the\n"
            "public table; in TTYKM everything.\n\n"
            "example:  oracle --game time-chase observe --player 1 \\\n"
            '              "$(oracle --game time-chase start --seed 7 | tail -n 1)"')
    p.add_argument("position", nargs="?", metavar="POSITION", help="a position (default: the start; - for stdin)")
    p.add_argument("--player", type=whole_number("--player"), metavar="N", required=True,
                   help="the player whose view to print")
    add("version", cmd_version, "print the oracle and spec versions, and the games",
        "Print the oracle and spec versions, and the games.")
    for module in EXTRA_COMMANDS:
        module.register(sub, common)
    if game.name != DEFAULT_GAME:
        speak_game_words(sub, game)
    return parser


RULES_HELP = ("the ruleset for the start position, in the game's words: for TTYKM standard, growth, influence,"
              " memory, or two chapters joined by '+' such as growth+memory (default: standard; a position names"
              " its own in rules=)")


def speak_game_words(sub: argparse._SubParsersAction, game: AnyGame) -> None:  # type: ignore[type-arg]
    """Every command's usage in the game's words (``[STATE] ACTION`` rather than TTYKM's ``[POSITION] TURN``),
    and its help closed by the game's variants and rulesets."""
    state, action = game.words.state.upper(), game.words.action.upper()
    variants = "\n".join(f"  {name}: {meaning}" for name, meaning in game.variants().items()) or "  none"
    for p in sub.choices.values():
        for argument in p._actions:
            if isinstance(argument.metavar, str):
                argument.metavar = argument.metavar.replace("POSITION", state).replace("TURN", action)
        p.epilog = (f"{game.title} (--game {game.name}): a {state} is the game's {game.words.state}, an {action} "
                    f"its {game.words.action}.\nrulesets: {', '.join(game.rulesets())}\nvariants (--variant):\n"
                    f"{variants}" + (f"\n\n{p.epilog}" if p.epilog else ""))


def main(argv: Sequence[str] | None = None) -> int:
    try:
        parser = build_parser(game_named(sys.argv[1:] if argv is None else argv))
        args = parser.parse_args(argv)
        merge_options_before_command(args)
        with text_language(getattr(args, "lang", None)):
            answer_by_exception()  # loaded: from here a Ctrl-C is the command's to clean up after
            if args.command is None:
                return cmd_tour(args)
            try:
                code: int = args.func(args)
            finally:
                restore_engine_impl(args)
            return code
    except UsageError as exc:
        report(f"oracle: error: {exc}")
    except InvalidPosition as exc:  # a NotationError too: it must come first
        report(f"oracle: error: {invalid_text(exc)}")
    except NotationError as exc:
        report(f"oracle: error: {exc}")
    except KeyboardInterrupt:
        report(INTERRUPTED)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    return EXIT_ERROR


def run() -> NoReturn:
    """The command line for a console script installed when the entry point was here; the entry point is now
    `oracle.tools.cli.entry.run`, which answers Ctrl-C in one line while this module loads."""
    sys.exit(main())
