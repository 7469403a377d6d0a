"""The properties, as plain checks that raise AssertionError.

The Hypothesis tests draw the positions and turns; the mutation harness runs
the same checks on a fixed list of positions.  Each check names the spec
rules it stands for.
"""

from __future__ import annotations

import contextlib
import io
import json

from oracle.games.ttykm.board import MOVES, NEIGHBOUR, SQUARES, Action, Colour, Era, cell
from oracle.games.ttykm.notation import (
    format_position,
    format_turn,
    parse_position,
    parse_turn,
    position_from_json,
    position_to_json,
    turn_from_json,
    turn_to_json,
)
from oracle.games.ttykm.objects import SEEDS, Kind
from oracle.games.ttykm.rules.standard import Applied, IllegalTurn, apply_turn, explain, successors
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import COPIES_PER_PLAYER, START_SUPPLY, Position
from oracle.games.ttykm.turn import ILLEGAL, LEGAL, LEGAL_SO_FAR, Turn
from oracle.tools.cli import main as cli
from properties.replay import replay
from properties.symmetry import SYMMETRIES, Symmetry

# --- positions and single turns -------------------------------------------------------


def check_position_invariants(p: Position) -> None:
    """POSITION.VALID, stated independently of `check_position`."""
    assert p.copies[0] & p.copies[1] == 0, "a square holds two copies"
    for colour in Colour:
        assert p.on_board(colour) + p.supply[colour] + p.removed[colour] == COPIES_PER_PLAYER, f"{colour.word} count"
        assert 0 <= p.supply[colour] <= START_SUPPLY, f"{colour.word} supply out of range"
    assert (p.to_move is None) != (p.winner is None), "exactly one of turn and winner"


def check_turn_invariants(before: Position, turn: Turn, applied: Applied, ruleset: Ruleset = STANDARD) -> None:
    """What every legal turn must do (TURN.*, FOCUS.MOVE, WIN.CHECK, ORACLE.EVENTS)."""
    after = applied.position
    assert before.to_move is not None
    mover, them = before.to_move, before.to_move.opponent
    check_position_invariants(after)
    for colour in Colour:
        assert after.supply[colour] <= before.supply[colour], "a supply grew"
        assert after.removed[colour] >= before.removed[colour], "a removed count fell"
    assert after.supply[them] == before.supply[them], "the opponent's supply changed"
    # FOCUS.MOVE: the mover's Focus left its era, the opponent's stayed.
    assert after.focus[mover] != before.focus[mover], "the Focus stayed"
    assert after.focus[them] == before.focus[them], "the opponent's Focus moved"
    # TURN.COPY-CHOICE: the acting copy stood on the Focus era.
    if turn.copy is not None:
        acting = cell(before.focus[mover], turn.copy)
        assert acting in before.cells_of(mover), "the acting copy was not on the Focus era"
    # WIN.CHECK and TURN.ORDER.
    opponent_on_one_era = len(after.eras_of(them)) <= 1
    assert (after.winner == mover) == opponent_on_one_era, "the winner is wrong"
    if not opponent_on_one_era:
        assert after.to_move == them, "the turn did not pass"
    # ORACLE.EVENTS: the trace accounts for every change.
    assert replay(before, applied.events) == after, "replaying the events gives another position"
    # The tested fact under TURN.COPY-CHOICE (standard game only: both variants allow shorter turns,
    # and in Growth objects can box a copy in).
    on_focus = before.copies[mover] >> (before.focus[mover] * SQUARES) & 0xFFFF
    if not ruleset.variants and before.chapters is None and on_focus:
        assert len(turn.actions) == 2, f"{format_turn(turn)} has fewer than two actions"


def check_play(position: Position, ruleset: Ruleset = STANDARD) -> None:
    """Every legal turn from ``position`` keeps the turn invariants, and
    `apply_turn` agrees with `successors` on where it leads."""
    for turn, after in successors(position, ruleset):
        applied = apply_turn(position, turn, ruleset)
        assert applied.position == after, f"{format_turn(turn)}: apply_turn and successors disagree"
        check_turn_invariants(position, turn, applied, ruleset)


# --- legality consistency ------------------------------------------------------------------


def extends(turn: Turn, prefix: Turn) -> bool:
    return turn.copy == prefix.copy and turn.actions[: len(prefix.actions)] == prefix.actions


def check_legality(position: Position, turn: Turn, ruleset: Ruleset = STANDARD,
                   legal: dict[Turn, Position] | None = None) -> None:
    """`explain`, `legal_turns` and `apply_turn` agree on ``turn`` (ORACLE.PARTIAL).
    ``legal`` may pass in the position's successors, to ask many turns."""
    if legal is None:
        legal = dict(successors(position, ruleset))
    verdict = explain(position, turn, ruleset)
    if turn.is_complete:
        assert (verdict.status == LEGAL) == (turn in legal), f"{format_turn(turn)}: explain says {verdict}"
    else:
        some = any(extends(t, turn) for t in legal)
        assert (verdict.status == LEGAL_SO_FAR) == some, f"{format_turn(turn)}: explain says {verdict}"
        assert verdict.status != LEGAL, "a partial turn called legal"
    if verdict.status == ILLEGAL:
        assert verdict.rule, "an illegal verdict names no rule"
    try:
        applied = apply_turn(position, turn, ruleset)
    except IllegalTurn:
        assert turn not in legal, f"{format_turn(turn)}: apply_turn refused a legal turn"
        return
    assert turn in legal, f"{format_turn(turn)}: apply_turn accepted an illegal turn"
    assert applied.position == legal[turn]


def near_misses(turn: Turn) -> list[Turn]:
    """Turns one edit away from ``turn``: its prefixes, and each part changed."""
    out = [Turn(turn.copy, turn.actions[:k]) for k in range(len(turn.actions) + 1) if turn.copy is not None]
    for era in Era:
        out.append(Turn(turn.copy, turn.actions, era))
    for i in range(len(turn.actions)):
        for a in Action:
            out.append(Turn(turn.copy, (*turn.actions[:i], a, *turn.actions[i + 1:]), turn.focus))
    if turn.copy is not None:
        out.append(Turn(turn.copy, turn.actions[:1], turn.focus))
        out.append(Turn((turn.copy + 1) % SQUARES, turn.actions, turn.focus))
        out.append(Turn(None, (), turn.focus))
    return out


# --- the command line --------------------------------------------------------------------------


def run_cli(*args: str) -> tuple[int, str]:
    """Run ``oracle ARGS`` in this process; return its exit status and stdout."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(args))
    return code, out.getvalue()


def variant_args(ruleset: Ruleset) -> list[str]:
    return ["--variant", ruleset.name] if ruleset.variants else []


def check_cli(position: Position, turn: Turn, ruleset: Ruleset = STANDARD) -> None:
    """``oracle legal``, ``moves`` and ``apply`` say what the Python API says."""
    text, flags = format_position(position), variant_args(ruleset)
    verdict = explain(position, turn, ruleset)
    code, out = run_cli("legal", text, format_turn(turn) or ">past", "--json", *flags)
    if format_turn(turn):
        data = json.loads(out)
        assert (data["verdict"], data["rule"]) == (verdict.status, verdict.rule), f"oracle legal: {out}"
        assert code == (1 if verdict.status == ILLEGAL else 0)
    code, out = run_cli("moves", text, "--json", *flags)
    assert code == 0
    assert json.loads(out)["turns"] == [format_turn(t) for t, _ in successors(position, ruleset)]
    if turn.is_complete:
        code, out = run_cli("apply", text, format_turn(turn), "--json", *flags)
        if verdict.status == LEGAL:
            assert code == 0
            assert json.loads(out)["position"] == format_position(apply_turn(position, turn, ruleset).position)
        else:
            assert code == 1 and json.loads(out)["rule"] == verdict.rule


# --- notation ------------------------------------------------------------------------------------


def check_round_trip(position: Position, turn: Turn) -> None:
    """NOTATION.POSITION, NOTATION.TURN, NOTATION.JSON: print, parse, print again."""
    text = format_position(position)
    assert parse_position(text) == position
    assert format_position(parse_position(text)) == text
    assert position_from_json(json.loads(json.dumps(position_to_json(position)))) == position
    if turn.copy is not None or turn.focus is not None:
        assert parse_turn(format_turn(turn)) == turn
        assert parse_turn(format_turn(turn).lower()) == turn, "lower-case actions are accepted"
    assert turn_from_json(json.loads(json.dumps(turn_to_json(turn)))) == turn


# --- symmetry ---------------------------------------------------------------------------------------


def map_position(p: Position, sym: Symmetry) -> Position:
    """The position with every era's squares mapped by ``sym``."""
    masks = [sum(1 << sym.cell(c) for c in p.cells_of(colour)) for colour in Colour]
    return Position((masks[0], masks[1]), p.supply, p.removed, p.focus, p.to_move, p.winner)


def map_turn(t: Turn, sym: Symmetry) -> Turn:
    """The turn with its square and its Move letters mapped by ``sym``."""
    actions = tuple(Action(sym.letter(a.value)) for a in t.actions)
    return Turn(None if t.copy is None else sym.square(t.copy), actions, t.focus)


def swap_colours(p: Position) -> Position:
    """The position with White and Black exchanged."""
    def other(c: Colour | None) -> Colour | None:
        return None if c is None else c.opponent

    return Position((p.copies[1], p.copies[0]), (p.supply[1], p.supply[0]), (p.removed[1], p.removed[0]),
                    (p.focus[1], p.focus[0]), other(p.to_move), other(p.winner))


def check_symmetry(position: Position, ruleset: Ruleset = STANDARD) -> None:
    """The rules do not depend on orientation or colour (BOARD.ERAS, BOARD.SQUARES)."""
    base = successors(position, ruleset)
    for sym in SYMMETRIES:
        image = successors(map_position(position, sym), ruleset)
        expected = {(map_turn(t, sym), map_position(after, sym)) for t, after in base}
        assert set(image) == expected, f"{sym.name} changes the legal turns of {format_position(position)}"
        for turn, after in base[:3]:
            mapped = apply_turn(map_position(position, sym), map_turn(turn, sym), ruleset).position
            assert mapped == map_position(after, sym), f"{sym.name} does not commute with {format_turn(turn)}"
    swapped = successors(swap_colours(position), ruleset)
    assert [t for t, _ in swapped] == [t for t, _ in base], f"swapping colours changes {format_position(position)}"
    assert [after for _, after in swapped] == [swap_colours(after) for _, after in base]


# --- Growth ----------------------------------------------------------------------------------------


def shrub_cells(p: Position) -> int:
    """The mask of cells holding a shrub."""
    chapters = p.chapters
    assert chapters is not None
    return sum(1 << c for c, t in chapters.solids if t.kind is Kind.SHRUB)


def check_growth_invariants(p: Position, shrubs_seen: int) -> None:
    """The Growth invariants (GROWTH.*, OBJECTS.VALID), stated independently of
    `check_objects`.  ``shrubs_seen`` is the mask of every cell that has held a
    shrub in this game so far, so that a tree can be traced to its shrub."""
    chapters = p.chapters
    assert chapters is not None and "growth" in chapters.modules
    assert chapters.seeds.bit_count() + chapters.seed_supply == SEEDS, "seeds on the board + supply is not 5"
    copies = p.copies[0] | p.copies[1]
    for c, thing in chapters.solids:
        assert not copies >> c & 1, f"a copy shares {c} with a {thing.kind.word}"
        assert not chapters.seeds >> c & 1, f"a seed shares {c} with a {thing.kind.word}"
        if thing.kind is Kind.FALLEN:
            assert thing.root is not None and thing.root // SQUARES == c // SQUARES
            assert any(NEIGHBOUR[d][thing.root % SQUARES] == c % SQUARES for d in MOVES), "the root is not adjacent"
        if thing.kind is Kind.TREE:
            assert c // SQUARES > 0 and shrubs_seen >> (c - SQUARES) & 1, "a tree with no shrub below it"
        if thing.kind is Kind.FALLEN and thing.root is not None:
            assert shrubs_seen >> (thing.root - SQUARES) & 1, "a fallen tree with no shrub below its root"
