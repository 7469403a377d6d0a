"""``oracle replay FILE``: play a recorded game step by step and check it (spec/vectors.md, Recorded games)."""

from __future__ import annotations

import argparse
from typing import Any

from oracle.inputs import MAX_RECORD_BYTES

DESCRIPTION = f"""\
Replay a recorded game and check it, step by step, from the state it starts
from.  Print each step (who acts and the action; --json adds its events),
then how the game stands at the end: who won and by which clause, or who is
to act.

The record is a file of JSON lines, one step each, as the vector sets write
their playthroughs (spec/vectors.md, Recorded games):

  {{"record": "header", "game": "time-chase", "rules": "players=4", "state": "..."}}
  {{"record": "ply", "action": "bids 0,0,0,0"}}
  "R6"
  {{"record": "final", "final": "...", "outcome": {{"winners": ["p2"], "rule": "TC.WIN.THREE"}}}}

The header (the game, its rules, the state to start from) is optional, and so
is the final record.  A ply needs only its action (text or JSON form; a line
that is a JSON string is an action alone); what else it says is checked: the
state before it, who acts ("to_act"), the verdict and the events.  Fields are
named in the game's words (TTYKM: "position" and "turn").  A playthrough
file of the vector sets (vectors/*/playthroughs/game-NN.txt or .jsonl)
replays as it is.

A game written from one player's seat starts from that player's view (a
state with view=N, as 'observe --player N' prints it): the rules answer for
every completion of what the view cannot see, so another seat's play may
"depend" on their hidden cards; it is taken as made, and the step says on
what it depends.

The first step that is illegal, or differs from what the record says, stops
the replay: it is named with its line and the rule it breaks.  The file is
at most {MAX_RECORD_BYTES:,} bytes; - reads standard input.
"""

EPILOG = """\
exit status:
  0  every step was played and agrees with the record
  1  a step is illegal (its rule is named), or differs from the record
  2  usage or notation error, or a file that cannot be read (one line on stderr)

examples:
  oracle replay vectors/time-chase/players-4/playthroughs/game-01.txt
  oracle replay game.jsonl --json
  oracle --game time-chase replay - < game.jsonl
"""


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay the record, printing each step as it is played (text, or the JSON streamed), so that a long
    record replays in the memory of one state."""
    import sys

    from oracle.games import load_game
    from oracle.tools.cli.common import EXIT_ILLEGAL, EXIT_OK, UsageError
    from oracle.tools.cli.streamed import JsonWriter
    from oracle.tools.records import outcome_json, outcome_text, read_record, read_text, replay, step_json, step_text

    given = getattr(args, "game", None)
    game = load_game(given) if given is not None else None
    if args.file == "-":
        text = read_text(sys.stdin, "standard input")
    else:
        try:
            with open(args.file, encoding="utf-8") as stream:
                text = read_text(stream, args.file)
        except OSError as exc:
            raise UsageError(f"cannot read {args.file}: {exc.strerror or exc}") from None
    ruleset, variant = getattr(args, "rules", None), getattr(args, "variant", None)
    if not text.strip() or text.lstrip()[:1] in ("{", '"'):
        record = read_record(text, game, ruleset, variant)
    else:  # a playthrough of the vector sets, written as text
        record = playthrough_record(text, game, ruleset, variant)
    del text  # a JSON record keeps its own reference; a playthrough's is read already
    game = record.game
    start = game.format_state(record.start)
    rules_name = game.rules_name(record.rules)
    if args.json:
        writer = JsonWriter(sys.stdout, {"game": game.name, "rules": rules_name, "start": start}, "steps")
        done = replay(record, keep=False, each=lambda s: writer.item(step_json(game, s)))
    else:
        print(f"{game.title} ({rules_name}): {_count(len(record.plies), game)} from {start}")
        done = replay(record, keep=False, each=lambda s: print(step_text(game, s, events=False)))
    state = done.state
    outcome = game.outcome(state)
    if args.json:
        writer.close({"ok": done.problem is None, "problem": done.problem, "problem_ply": done.problem_ply,
                      "depends": done.depends, "position": game.format_state(state),
                      "outcome": outcome_json(game, outcome)})
    else:
        if done.problem is not None:
            print(f"stopped: {done.problem}")
        else:
            ending = outcome_text(outcome) if outcome is not None else f"the game goes on: {_to_act(game, state)}"
            print(f"replayed {_count(done.played, game)}"
                  + (f" ({done.depends} taken as made, depending on what the view cannot see)" if done.depends
                     else "") + f"; {ending}")
        print(game.format_state(state))
    return EXIT_OK if done.problem is None else EXIT_ILLEGAL


def playthrough_record(text: str, game: Any, ruleset: str | None, variant: str | None) -> Any:
    """A playthrough file of the vector sets (either layout), as a record: its states, movers and events
    are checked, and how it ends: layout 1's ``result`` sentence, layout 2's ``outcome``."""
    from oracle.errors import NotationError
    from oracle.tools.records import Record, RecordedPly, RecordError, canonical_state, record_game, record_rules
    from oracle.tools.vectors import VectorDirError, read_playthrough

    try:
        playthrough = read_playthrough(text)
    except VectorDirError as exc:
        raise RecordError(f"neither JSON lines nor a playthrough: {exc}") from None
    header: dict[str, Any] = dict(playthrough.header)
    if header.get("game", "").isdigit():  # layout 1 numbers its games there
        del header["game"]
    game = record_game(header, game)
    rules = record_rules(header, game, ruleset, variant)
    plies = []
    for ply in playthrough.plies:
        try:
            plies.append(RecordedPly(0, game.parse_action(ply.action), canonical_state(game, ply.state), ply.mover,
                                     None, ply.events))
        except NotationError as exc:
            raise RecordError(f"ply {ply.number}: {exc}") from None
    outcome: dict[str, Any] | None = None
    said, result = False, None
    if header.get("format") == "2":
        said, outcome = True, _outcome_line(playthrough.end)
    elif playthrough.end:
        result = playthrough.end
    try:
        final = canonical_state(game, playthrough.final)
    except NotationError as exc:
        raise RecordError(f"the final {game.words.state}: {exc}") from None
    return Record(game, rules, game.initial_state(rules), tuple(plies), final, outcome, header, said, result)


def _outcome_line(text: str) -> dict[str, Any] | None:
    """Layout 2's ``outcome:`` line: ``none`` (the game goes on), or the winners and the clause, such as
    ``p0 TC.WIN.THREE`` or ``nobody OMBRES.LOSS``; anything else is refused."""
    from oracle.tools.records import RecordError

    said = text.split()
    if said == ["none"]:
        return None
    if len(said) != 2 or said[0] == "none":
        raise RecordError("the outcome line is 'outcome: none' or 'outcome: WINNERS RULE' (such as"
                          " 'p0 TC.WIN.THREE' or 'nobody OMBRES.LOSS')", text)
    return {"winners": [] if said[0] == "nobody" else said[0].split(","), "rule": said[1]}


def _count(number: int, game: Any) -> str:
    """``1 action``, ``63 turns``: a number of steps in the game's word."""
    return f"{number} {game.words.action if number == 1 else game.words.actions}"


def _to_act(game: Any, state: Any) -> str:
    mover = game.to_act(state)
    names = ", ".join(game.player_name(p) for p in mover.players)
    if mover.kind == "simultaneous":
        return f"{names} choose at once"
    return f"{names} is to act" if mover.kind == "player" else "chance acts next"


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("replay", parents=[common], help="replay a recorded game and check it step by step",
                       description=DESCRIPTION, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE", help="the record: JSON lines, one step each, or a playthrough (- for stdin)")
    p.set_defaults(func=cmd_replay)
