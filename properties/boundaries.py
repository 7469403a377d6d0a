"""TTYKM's boundary vector sets: positions chosen by the solver, one for each branch and boundary of the
Z3 model (`properties.z3model`), in ``vectors/boundaries/<ruleset>/``.

Each `Boundary` is a constraint on a symbolic position and one legal turn
from it (a supply of 0 or 1, an opponent on no era, a push into the wall, a
paradox, a Focus on each era, a win, a won position, ...).  Z3 finds a valid
position that meets it, under each ruleset the model covers (the standard
game and its variants; the chapters' sets, chosen by a board-level model of
a chapter action, are made by `properties.chapter_boundaries` and written
here in the same layout).  The oracle then writes the
position's records in the layout 1 of spec/vectors.md: every legal turn
(``positions.jsonl``), the solver's turn and turns whose events differ in
kind (``apply.jsonl``), illegal near misses (``illegal.jsonl``) and perft to
depth 2 (``perft.txt``, ``perft.jsonl``).  Before writing, every position's
legal turns and the positions they lead to are checked against the model.

``oracle conform --vectors vectors/boundaries/standard`` runs a set against an
engine.  ``properties/test_boundaries.py`` checks that each committed position
still reaches its branch in the model and that its records are the oracle's.

    python -m properties.boundaries write [RULESET ...]   solve again and rewrite the sets (after a change of the rules)
    python -m properties.boundaries check       the committed sets against the model and the oracle
    python -m properties.boundaries coverage    the coverage table of spec/vectors.md for these sets
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import z3

from properties import z3model as zm

Term = zm.Term
ROOT = Path(__file__).resolve().parent.parent
DIRECTORY = ROOT / "vectors" / "boundaries"
APPLY_PER_POSITION = 6  # the solver's turn, then turns whose events differ in kind
PERFT_DEPTH = 2
MADE_BY = "properties.boundaries"


@dataclass(frozen=True)
class Boundary:
    """A branch or boundary of the model: ``constraint(m)`` holds for the turn model ``m`` (its
    ``before`` the position, its ``turn`` a turn) when the position is at the boundary and the turn
    takes the branch.  ``mover`` is the colour to move (or the winner of a won position)."""

    name: str
    what: str
    mover: int
    constraint: Callable[[zm.TurnModel], Term]
    won: bool = False  # a won position: no turn, ``mover`` has won


def _me(m: zm.TurnModel) -> int:
    return m.mover


def _them(m: zm.TurnModel) -> int:
    return 1 - m.mover


def _on_focus_era(m: zm.TurnModel, era: int | None = None) -> list[Term]:
    s, me = m.before, _me(m)
    return [z3.And(s.has(me, c), s.focus[me] == c // zm.SQUARES) for c in range(zm.CELLS)
            if era is None or c // zm.SQUARES == era]


def _none_on_board(s: zm.State, colour: int) -> Term:
    return z3.Not(z3.Or(list(s.copies[colour])))


def _eras(s: zm.State, colour: int) -> Term:
    return z3.Sum([z3.If(s.on_era(colour, e), 1, 0) for e in range(zm.ERAS)])


def _supply_0(m: zm.TurnModel) -> Term:
    s, me = m.before, _me(m)
    behind = [z3.And(s.has(me, c), s.focus[me] == c // zm.SQUARES, s.empty(c - zm.SQUARES))
              for c in range(zm.SQUARES, zm.CELLS)]
    return z3.And(m.legal, s.supply[me] == 0, z3.Or(behind))


def _supply_1(m: zm.TurnModel) -> Term:
    return z3.And(m.legal, m.before.supply[_me(m)] == 1, m.turn.count >= 1, m.turn.first == zm.BACKWARD)


def _last_supply_then_blocked(m: zm.TurnModel) -> Term:
    """A copy on the future with room behind it on the present and the past, and one copy in supply."""
    s, me = m.before, _me(m)
    room = [z3.And(s.has(me, c), s.empty(c - zm.SQUARES), s.empty(c - 2 * zm.SQUARES))
            for c in range(2 * zm.SQUARES, zm.CELLS)]
    return z3.And(m.legal, s.focus[me] == 2, s.supply[me] == 1, z3.Or(room))


def _opponent_on_no_era(m: zm.TurnModel) -> Term:
    return z3.And(m.legal, m.turn.count == 2, _none_on_board(m.before, _them(m)))


def _mover_on_no_era(m: zm.TurnModel) -> Term:
    return z3.And(m.legal, _none_on_board(m.before, _me(m)), _eras(m.before, _them(m)) >= 2)


def _no_copy_on_focus(m: zm.TurnModel) -> Term:
    return z3.And(m.legal, z3.Not(z3.Or(_on_focus_era(m))), z3.Not(_none_on_board(m.before, _me(m))))


def _focus_on(era: int) -> Callable[[zm.TurnModel], Term]:
    def constraint(m: zm.TurnModel) -> Term:
        return z3.And(m.legal, m.before.focus[_me(m)] == era, m.turn.count == 2)
    return constraint


def _shared_focus(m: zm.TurnModel) -> Term:
    return z3.And(m.legal, m.before.focus[0] == m.before.focus[1], m.turn.count == 2)


def _crush(m: zm.TurnModel) -> Term:
    them = _them(m)
    return z3.And(m.legal, m.acted.removed[them] == m.before.removed[them] + 1,
                  m.after.status == _them(m))


def _line_of_three(m: zm.TurnModel) -> Term:
    """The first action pushes a line of three copies, the last into the wall."""
    s, me = m.before, _me(m)
    cases = []
    for cell in range(zm.CELLS):
        for d in zm.MOVES:
            line = zm.ray(cell, d)
            if len(line) == 3:
                cases.append(z3.And(m.turn.chosen == cell, m.turn.first == d, s.has(me, cell),
                                    s.has(_them(m), line[0]), *[z3.Not(s.empty(x)) for x in line[1:]]))
    return z3.And(m.legal, m.turn.count >= 1, z3.Or(cases))


def _paradox(m: zm.TurnModel) -> Term:
    return z3.And(m.legal, z3.Or([m.acted.removed[k] >= m.before.removed[k] + 2 for k in (0, 1)]))


def _win(m: zm.TurnModel) -> Term:
    return z3.And(m.legal, m.after.status == 2 + _me(m), _eras(m.before, _them(m)) >= 2)


def _wipe_out(m: zm.TurnModel) -> Term:
    """The opponent's last copies (on one era: a turn crushes on one era only) go."""
    return z3.And(m.legal, z3.Not(_none_on_board(m.before, _them(m))), _none_on_board(m.after, _them(m)))


def _win_on_one_era(m: zm.TurnModel) -> Term:
    return z3.And(_win(m), _eras(m.after, _me(m)) == 1)


def _won(m: zm.TurnModel) -> Term:
    s = m.before
    return z3.And(s.status == 2 + _me(m), _eras(s, _them(m)) <= 1)


def _every_copy_on_board(m: zm.TurnModel) -> Term:
    s = m.before
    return z3.And(m.legal, m.turn.count == 2, *[z3.And(s.supply[k] == 0, s.removed[k] == 0) for k in (0, 1)])


def _onto_own_copy(m: zm.TurnModel) -> Term:
    """The turn's first or second action Moves onto the mover's own copy."""
    s, me, t = m.before, _me(m), m.turn
    cases = [z3.And(t.chosen == cell, t.count >= 1, t.first == d, s.has(me, cell), s.has(me, zm.ray(cell, d)[0]))
             for cell in range(zm.CELLS) for d in zm.MOVES if zm.ray(cell, d)]
    for cell in range(zm.CELLS):
        for a in range(len(zm.ACTIONS)):
            first = zm.act(s, me, cell, a)
            if first.dest is None:
                continue
            cases += [z3.And(t.chosen == cell, t.count == 2, t.first == a, t.second == d,
                             first.after.has(me, zm.ray(first.dest, d)[0]))
                      for d in zm.MOVES if zm.ray(first.dest, d)]
    return z3.And(m.legal, z3.Or(cases))


def _idle_copy_chosen(m: zm.TurnModel) -> Term:
    """copy-choice=free: the turn without a copy, beside a copy on the Focus era that could act."""
    can_act = [z3.And(f, o) for f, o in zip(m.on_focus, m.can_one, strict=True)]
    return z3.And(m.legal, m.turn.chosen == -1, z3.Or(can_act))


def _one_action_turn(m: zm.TurnModel) -> Term:
    return z3.And(m.legal, m.turn.count == 1)


W, B = zm.WHITE, zm.BLACK
BOUNDARIES: tuple[Boundary, ...] = (
    Boundary("supply-0", "no copy in supply, a copy on the Focus era with room behind it: no Travel backward"
             " (TRAVEL.BACKWARD.SUPPLY)", W, _supply_0),
    Boundary("supply-1", "one copy in supply, spent by a Travel backward (TRAVEL.BACKWARD.SUPPLY)", B, _supply_1),
    Boundary("supply-1-two-eras-behind", "one copy in supply and room on both earlier eras: one Travel"
             " backward, not two (TRAVEL.BACKWARD.SUPPLY)", W, _last_supply_then_blocked),
    Boundary("opponent-on-no-era", "the opponent has no copy on the board: every turn wins (WIN.CHECK)", B,
             _opponent_on_no_era),
    Boundary("mover-on-no-era", "the mover has no copy on the board: only the Focus moves (TURN.NO-COPY)", W,
             _mover_on_no_era),
    Boundary("no-copy-on-the-focus-era", "copies on other eras, none on the Focus era (TURN.NO-COPY)", B,
             _no_copy_on_focus),
    Boundary("focus-on-the-past", "the mover's Focus on the past, a two-action turn (FOCUS.MOVE)", W, _focus_on(0)),
    Boundary("focus-on-the-present", "the mover's Focus on the present, a two-action turn (FOCUS.MOVE)", B,
             _focus_on(1)),
    Boundary("focus-on-the-future", "the mover's Focus on the future, a two-action turn (FOCUS.MOVE)", W,
             _focus_on(2)),
    Boundary("shared-focus", "both Foci on one era (FOCUS.SHARED)", B, _shared_focus),
    Boundary("push-into-the-wall", "a push that crushes an opponent's copy against the wall, the game going on"
             " (MOVE.PUSH.CRUSH)", W, _crush),
    Boundary("push-a-line-of-three", "a push down a whole line of three copies (MOVE.PUSH.CHAIN)", B,
             _line_of_three),
    Boundary("paradox", "a turn that removes two copies of one colour at once (MOVE.PUSH.PARADOX)", W, _paradox),
    Boundary("win", "a turn that leaves the opponent on one era (WIN.CHECK)", B, _win),
    Boundary("wipe-out", "a turn that leaves the opponent no copy at all (WIN.CHECK)", W, _wipe_out),
    Boundary("win-on-one-era", "a win by a mover on one era itself (WIN.MOVER-NOT-CHECKED)", B, _win_on_one_era),
    Boundary("won", "a won position: no legal turn (TURN.GAME-OVER)", W, _won, won=True),
    Boundary("every-copy-on-the-board", "no copy in supply or removed on either side (POSITION.VALID)", B,
             _every_copy_on_board),
)
SELF_PUSH_BOUNDARIES = (
    Boundary("onto-own-copy", "a Move onto the mover's own copy (the self-push variants)", W, _onto_own_copy),
)
ONE_ACTION_ENDS = Boundary("one-action-turn", "a self-push ends the turn after one action"
                           " (VARIANT.SELF-PUSH-ENDS)", B, _one_action_turn)
FREE_CHOICE = (
    Boundary("idle-copy-chosen", "the turn without a copy beside copies that could act (VARIANT.COPY-CHOICE-FREE)",
             B, _idle_copy_chosen),
    Boundary("one-action-turn", "a copy with one action chosen (VARIANT.COPY-CHOICE-FREE)", W, _one_action_turn),
)
RULESETS: dict[str, tuple[Boundary, ...]] = {
    "standard": BOUNDARIES,
    "self-push=paradox": (*BOUNDARIES, *SELF_PUSH_BOUNDARIES),
    "self-push=ends": (*BOUNDARIES, *SELF_PUSH_BOUNDARIES, ONE_ACTION_ENDS),
    "self-push=whole-turn": (*BOUNDARIES, *SELF_PUSH_BOUNDARIES),
    "copy-choice=free": (*BOUNDARIES, *FREE_CHOICE),
}


def _chapter_rulesets() -> dict[str, tuple[Any, ...]]:
    from properties import chapter_boundaries

    return chapter_boundaries.RULESETS


def all_rulesets() -> list[str]:
    """Every ruleset with a boundary set: the standard game, its variants, the chapters and the pairs."""
    return [*RULESETS, *_chapter_rulesets()]


def boundaries_of(ruleset: str) -> tuple[Any, ...]:
    """The boundaries of ``ruleset``: each has a ``name`` and a note, ``what``."""
    return RULESETS[ruleset] if ruleset in RULESETS else _chapter_rulesets()[ruleset]


def variants_of(ruleset: str) -> frozenset[str]:
    return frozenset() if ruleset == "standard" else frozenset(ruleset.split("+"))


def directory_of(ruleset: str) -> Path:
    return DIRECTORY / ruleset.replace("=", "-")


# --- solving ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    boundary: Boundary
    position: zm.Concrete
    turn: zm.ConcreteTurn | None  # the solver's turn (None for a won position)


def solve(ruleset: str, seed: int = 35) -> list[Found]:
    """A position for each boundary of ``ruleset``, found by Z3 on the symbolic model.  Random hints
    (a few squares empty) make the positions sparser and easier to read; a hint that makes the boundary
    impossible is dropped."""
    rng = random.Random(seed)
    before, _, models = zm.symbolic_models(variants_of(ruleset))
    out = []
    for boundary in RULESETS[ruleset]:
        m = models[boundary.mover]
        solver = z3.Solver()
        solver.set("timeout", 120_000)
        solver.add(zm.valid(before), boundary.constraint(m))
        if not boundary.won:
            solver.add(before.status == boundary.mover)
        solver.push()
        solver.add(*[before.empty(c) for c in rng.sample(range(zm.CELLS), 24)])
        answer = solver.check()
        if answer != z3.sat:
            solver.pop()
            answer = solver.check()
        if answer != z3.sat:
            raise RuntimeError(f"{ruleset}: the model has no position for {boundary.name} ({answer})")
        model = solver.model()
        turn = None if boundary.won else zm.read_turn(model, m.turn)
        out.append(Found(boundary, zm.read(model, before), turn))
    return out


def reaches(boundary: Boundary, position: zm.Concrete, ruleset: str) -> bool:
    """Whether the concrete ``position`` is still at ``boundary`` in the model (some turn takes its branch)."""
    before, formula = _symbolic_constraint(boundary, ruleset)
    solver = z3.Solver()
    solver.add(z3.substitute(formula, *zm.substitution(before, position)))
    return bool(solver.check() == z3.sat)


@cache
def _symbolic_constraint(boundary: Boundary, ruleset: str) -> tuple[zm.State, Term]:
    before, _, models = zm.symbolic_models(variants_of(ruleset))
    formula = boundary.constraint(models[boundary.mover])
    return before, formula if boundary.won else z3.And(formula, before.status == boundary.mover)


def model_disagreements(position: zm.Concrete, ruleset: str) -> list[str]:
    """Where the model's legal turns from ``position``, and the positions they lead to, differ from the
    engine's (`properties.differential`)."""
    from properties.differential import differences, to_position

    return differences(to_position(position), variants=variants_of(ruleset))


# --- the vector files ----------------------------------------------------------------------


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n"


def _kind(game: Any, state: Any, turn: Any, rules: Any) -> tuple[str, ...]:
    applied = game.apply(state, turn, rules)
    return (*(game.event_text(e).split()[0] for e in applied.events), str(game.outcome(applied.state)))


def files(ruleset: str, named: Sequence[tuple[str, str, str, str | None]]) -> dict[str, bytes]:
    """The set's files for ``named`` (boundary name, note, position text, the solver's turn text or None)."""
    from oracle.games import load_game
    from oracle.tools.vectors import winner_word
    from oracle.version import SPEC_VERSION, __version__

    game = load_game("ttykm")
    rules = game.parse_rules(None, None if ruleset == "standard" else ruleset)
    positions, applied, illegal, perft_json = [], [], [], []
    perft_text = ["# That Time You Killed Me: perft counts from the boundary positions (see spec/vectors.md)\n",
                  f"# format 1, spec {SPEC_VERSION}, variant {game.rules_name(rules)}\n"]
    for number, (name, note, text, witness) in enumerate(named):
        state = game.parse_state(text)
        legal = list(game.legal_actions(state, rules))
        positions.append(_line({"id": name, "position": text, "count": len(legal),
                                "turns": [game.format_action(t) for t in legal],
                                "position_json": game.state_to_json(state),
                                "turns_json": [game.action_to_json(t) for t in legal]}))
        chosen = [] if witness is None else [game.parse_action(witness)]
        kinds = {_kind(game, state, t, rules) for t in chosen}
        for turn in legal:
            if len(chosen) == APPLY_PER_POSITION:
                break
            kind = _kind(game, state, turn, rules)
            if kind not in kinds:
                kinds.add(kind)
                chosen.append(turn)
        for index, turn in enumerate(chosen, start=1):
            after = game.apply(state, turn, rules)
            applied.append(_line({
                "id": f"{name}/{index}", "position": text, "turn": game.format_action(turn),
                "after": game.format_state(after.state), "events": [game.event_text(e) for e in after.events],
                "winner": winner_word(game, after.state), "position_json": game.state_to_json(state),
                "turn_json": game.action_to_json(turn), "after_json": game.state_to_json(after.state),
                "events_json": [game.event_to_json(e) for e in after.events]}))
        found: dict[tuple[str, bool], tuple[Any, Any]] = {}
        for turn in game.near_misses(state, rules, random.Random(number)) or ():
            verdict = game.explain(state, turn, rules)
            if verdict.status == "illegal" and verdict.rule is not None:
                found.setdefault((verdict.rule, not game.is_partial(turn)), (turn, verdict))
        for index, (turn, verdict) in enumerate(found.values(), start=1):
            illegal.append(_line({
                "id": f"{name}/{index}", "position": text, "turn": game.format_action(turn),
                "complete": not game.is_partial(turn), "verdict": "illegal", "rule": verdict.rule,
                "reason": verdict.reason, "position_json": game.state_to_json(state),
                "turn_json": game.action_to_json(turn)}))
        counts = [(depth, game.perft(state, rules, depth)) for depth in range(1, PERFT_DEPTH + 1)]
        perft_text += ["\n", f"# {note}\n", f"id {name}\n", f"position {text}\n",
                       *(f"perft {d} {n}\n" for d, n in counts)]
        perft_json.append(_line({"id": name, "note": note, "position": text,
                                 "position_json": game.state_to_json(state),
                                 "perft": [{"depth": d, "nodes": n} for d, n in counts]}))
    texts = {"positions.jsonl": "".join(positions), "apply.jsonl": "".join(applied),
             "illegal.jsonl": "".join(illegal), "perft.txt": "".join(perft_text), "perft.jsonl": "".join(perft_json)}
    data = {path: text.encode("utf-8") for path, text in texts.items()}
    manifest = {
        "format": 1, "spec": SPEC_VERSION, "oracle": __version__, "variant": game.rules_name(rules),
        "made_by": MADE_BY, "boundaries": [name for name, _, _, _ in named],
        "files": [{"path": path, "bytes": len(blob),
                   "records": text.count("\n") if path.endswith(".jsonl")
                   else sum(line.startswith("perft ") for line in text.splitlines()),
                   "sha256": hashlib.sha256(blob).hexdigest()} for (path, blob), text
                  in zip(sorted(data.items()), [texts[p] for p in sorted(data)], strict=True)],
    }
    data["manifest.json"] = (json.dumps(manifest, indent=2) + "\n").encode("utf-8")
    return data


def solved_named(ruleset: str) -> list[tuple[str, str, str, str | None]]:
    """Solve ``ruleset``'s boundaries and check each position against the model; the named positions."""
    from oracle.games.ttykm.notation import format_position, format_turn
    from properties.differential import to_position, to_turn

    named = []
    for found in solve(ruleset):
        problems = model_disagreements(found.position, ruleset)
        if problems:
            raise RuntimeError(f"{ruleset} {found.boundary.name}: the engine and the model differ: {problems[0]}")
        witness = None if found.turn is None else format_turn(to_turn(found.turn))
        named.append((found.boundary.name, found.boundary.what, format_position(to_position(found.position)),
                      witness))
    return named


def committed_named(ruleset: str) -> list[tuple[str, str, str, str | None]]:
    """The named positions of the committed set: each boundary's position and the solver's turn."""
    directory = directory_of(ruleset)
    notes = {b.name: b.what for b in boundaries_of(ruleset)}
    applied = {}
    for line in (directory / "apply.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        name, _, index = record["id"].rpartition("/")
        if index == "1":
            applied[name] = record["turn"]
    out = []
    for line in (directory / "positions.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        name = record["id"]
        boundary = next(b for b in boundaries_of(ruleset) if b.name == name)
        out.append((name, notes[name], record["position"], None if getattr(boundary, "won", False) else applied[name]))
    return out


def write(rulesets: Sequence[str] = ()) -> None:
    """Solve and write the sets of ``rulesets`` (every ruleset by default)."""
    from properties import chapter_boundaries

    for ruleset in rulesets or all_rulesets():
        directory = directory_of(ruleset)
        directory.mkdir(parents=True, exist_ok=True)
        named = solved_named(ruleset) if ruleset in RULESETS else chapter_boundaries.solved_named(ruleset)
        for path, blob in files(ruleset, named).items():
            (directory / path).write_bytes(blob)
        print(f"wrote {directory.relative_to(ROOT)}", flush=True)


def problems(ruleset: str, against_model: bool = True) -> list[str]:
    """What is wrong with the committed set of ``ruleset``: a boundary missing or no longer reached by its
    position (its solver's turn no longer legal, or the model's branch no longer taken), records that
    are not the oracle's, and (``against_model``) a position where the engine and the model differ."""
    from oracle.games.ttykm.notation import parse_position
    from properties.differential import to_concrete

    directory = directory_of(ruleset)
    if not (directory / "manifest.json").is_file():
        return [f"{directory.relative_to(ROOT)}: no set; run python -m properties.boundaries write"]
    named = committed_named(ruleset)
    found = [name for name, _, _, _ in named]
    wanted = [b.name for b in boundaries_of(ruleset)]
    out = [f"{ruleset}: boundaries {found}, expected {wanted}"] if found != wanted else []
    if ruleset not in RULESETS:
        from properties import chapter_boundaries

        out += chapter_boundaries.problems(ruleset, named, against_model)
    for (name, _, text, _), boundary in zip(named, RULESETS.get(ruleset, ()), strict=False):
        position = to_concrete(parse_position(text))
        if boundary.name == name and not reaches(boundary, position, ruleset):
            out.append(f"{ruleset} {name}: the position no longer reaches its branch of the model")
        if against_model:
            out += [f"{ruleset} {name}: {d}" for d in model_disagreements(position, ruleset)]
    fresh = files(ruleset, named)
    present = sorted(p.name for p in directory.iterdir())
    if present != sorted(fresh):
        out.append(f"{ruleset}: files {present}, expected {sorted(fresh)}")
    out += [f"{ruleset}: {path} differs from the oracle's answers now" for path, blob in fresh.items()
            if (directory / path).is_file() and (directory / path).read_bytes() != blob]
    return out


def coverage_table() -> str:
    """The coverage table of these sets (spec/vectors.md), by the shared vector tools."""
    from oracle.games import load_game
    from oracle.games.ttykm.coverage import TtykmCoverage
    from oracle.tools.cli.vectors import spec_clauses
    from oracle.tools.vectors import coverage_table as table

    game = load_game("ttykm")
    sets = {f"boundaries/{directory_of(r).name}": {p.name: p.read_bytes() for p in directory_of(r).iterdir()}
            for r in sorted(all_rulesets(), key=lambda r: directory_of(r).name)}
    return table(game, sets, TtykmCoverage().clauses(spec_clauses(ROOT / "spec" / "ttykm")))


def main(argv: list[str]) -> int:
    if argv[:1] == ["write"]:
        write(argv[1:])
        return 0
    if argv == ["coverage"]:
        print(coverage_table(), end="")
        return 0
    if argv in ([], ["check"]):
        found = [p for r in all_rulesets() for p in problems(r)]
        print("\n".join(found) or "the boundary vectors are current and every branch is reached")
        return 1 if found else 0
    print(__doc__)
    return 0 if argv[0] in ("-h", "--help") else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
