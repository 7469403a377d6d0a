"""Named breaks of the chapters' models (Growth, Memory, Influence, the order of effects): each theorem
must fail under one, and each clause of each model is constrained by a theorem or says why not.

Like `properties.model_breaks` for the standard game: a `Break` replaces one clause of one model (a
function of its module) by a plausible misreading for the length of a ``with`` block, and names the
theorems that must then get a counterexample.  `CLAUSES` lists every clause of every model; a clause
that no break replaces is in `UNCONSTRAINED` with the reason (`properties/test_chapter_breaks.py`
checks both, in CI).

    python -m properties.chapter_breaks               every break, and whether each of its theorems fails
    python -m properties.chapter_breaks --markdown    the clause table of docs/formal-checks.md
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import z3

from properties import effects_z3 as ez
from properties import influence_z3 as iz
from properties import memory_model as mm
from properties import z3growth as zg
from properties.breaks import Outcome, ask
from properties.harness import replaced

MODULES: dict[str, ModuleType] = {"growth": zg, "memory": mm, "influence": iz, "effects": ez}


@dataclass(frozen=True)
class Break:
    name: str
    model: str  # a key of MODULES
    rule: str  # the spec rule whose clause is misread
    what: str
    replaces: dict[str, Any]  # the model's functions (or tables) replaced, by name
    fails: tuple[str, ...]  # the theorems that must get a counterexample under it


def _clear_caches() -> None:
    zg.move_model.cache_clear()
    ez.applied.cache_clear()


@contextmanager
def applied(brk: Break) -> Iterator[None]:
    """The model of ``brk`` with its misreading put in (the model calls its clauses through the module)."""
    _clear_caches()
    try:
        with replaced(MODULES[brk.model], **brk.replaces):
            yield
    finally:
        _clear_caches()


# --- the theorems of each model, by name, proved in the current state of the module -----------------

BREAK_BOARDS = ((1, 1), (2, 1), (3, 1))
"""The boards on which an order-of-effects theorem is asked under a break (each break has a counterexample there)."""


def _growth(name: str) -> bool:
    return zg.prove_growth(next(t for t in zg.GROWTH_THEOREMS if t.name == name)).proved


def _memory(name: str) -> bool:
    # The theorems' formulas are built from the model's functions: build them again under the break.
    return mm.prove(next(t for t in mm._theorems() if t.name == name)) is None


def _influence(name: str) -> bool:
    return bool(iz.THEOREMS[name]())


def _effects(name: str) -> bool:
    theorem = next(t for t in ez.EFFECTS_THEOREMS if t.name == name)
    quick = ez.QUICK_BOARDS
    ez.QUICK_BOARDS = BREAK_BOARDS
    try:
        return ez.prove_effects(theorem, every_board=False) is None
    finally:
        ez.QUICK_BOARDS = quick


PROVERS: dict[str, Callable[[str], bool]] = {"growth": _growth, "memory": _memory, "influence": _influence,
                                              "effects": _effects}


def theorem_names(model: str) -> list[str]:
    if model == "growth":
        return [t.name for t in zg.GROWTH_THEOREMS]
    if model == "memory":
        return [t.name for t in mm.MEMORY_THEOREMS]
    if model == "influence":
        return list(iz.THEOREMS)
    return [t.name for t in ez.EFFECTS_THEOREMS]


# --- Growth ---------------------------------------------------------------------------------------

_g_empty, _g_dig, _g_fall, _g_immovable, _g_push, _g_plant = zg.empty, zg.dig, zg.fall, zg.immovable, zg.push, zg.plant


def growth_over_a_seed(c: zg.Column, e: int) -> zg.Term:
    """A square with only a seed read as empty."""
    return c.kinds[e] == zg.EMPTY


def dig_spares_the_tree(c: zg.Column, era: int) -> tuple[zg.Term, zg.Column]:
    """Digging up removes the shrub but forgets the tree (GROWTH.CASCADE.TREE)."""
    legal, after = _g_dig(c, era)
    if era + 2 < zg.ERAS:
        kinds = list(after.kinds)
        kinds[era + 2] = c.kinds[era + 2]
        after = zg.Column(tuple(kinds), after.seeds, c.rooted)
    return legal, after


def fall_spares_copies(line: zg.Line, i: int) -> zg.Line:
    """A falling tree lands on a copy without crushing it."""
    t = i + 1
    out = zg.merge(line.kinds[t] == zg.TREE, zg.fall(line, t) if t + 1 < len(line.kinds) else line, line).copy()
    out.seeds[t] = z3.BoolVal(False)
    zg.put(out, t, zg.FALLEN)
    out.kinds[i] = z3.IntVal(zg.EMPTY)
    return out


def shrub_movable(line: zg.Line, i: int) -> zg.Term:
    """A shrub read as movable like a copy's square: a Move may enter it."""
    if i >= len(line.kinds):
        return z3.BoolVal(True)
    return z3.And(line.kinds[i] != zg.SHRUB, _g_immovable(line, i))


def push_without_chain(line: zg.Line, i: int) -> zg.Line:
    """A pushed copy moves into a square held by another copy without pushing it on."""
    if i + 1 < len(line.kinds):
        k = line.kinds[i + 1]
        moved = line.copy()
        moved.kinds[i] = z3.IntVal(zg.EMPTY)
        zg.put(moved, i + 1, line.kinds[i])
        return zg.merge(z3.And(zg.is_copy(k), k != line.kinds[i]), moved, _g_push(line, i))
    return _g_push(line, i)


def plant_on_a_shrub(c: zg.Column, era: int) -> tuple[zg.Term, zg.Column]:
    """Planting allowed on a shrub's square (only a seed or a tree read as blocking it)."""
    _, after = _g_plant(c, era)
    return z3.And(z3.Not(c.seeds[era]), c.kinds[era] != zg.TREE, c.kinds[era] != zg.FALLEN), after


# --- Memory ---------------------------------------------------------------------------------------

_m_train, _m_command, _m_can_command, _m_command_target = mm.train, mm.command, mm.can_command, mm.command_target


def training_reaches_earlier_eras(m: mm.Memory, a: mm.Action, r2: bool = False) -> mm.Memory:
    """The hat also goes to the trained elephant's wild versions on the eras before (MEMORY.TRAIN.LATER)."""
    after = _m_train(m, a, r2)
    hats = []
    for e in range(mm.ERAS):
        row = []
        for j in (0, 1):
            back = z3.And(a.era > e, a.elephant == j, m.hat[e][j] == mm.NONE)
            row.append(z3.If(back, a.player, after.hat[e][j]))
        hats.append((row[0], row[1]))
    return mm.Memory(after.square, tuple(hats), after.copy)


def partner_keeps_its_hat(m: mm.Memory, a: mm.Action, r2: bool = False) -> mm.Memory:
    """The other elephant keeps the player's hat when its partner is trained (MEMORY.TRAIN.HAT)."""
    after = _m_train(m, a, r2)
    hats = tuple(tuple(z3.If(z3.And(m.hat[e][j] == a.player, a.elephant != j), m.hat[e][j], after.hat[e][j])
                       for j in (0, 1)) for e in range(mm.ERAS))
    return mm.Memory(after.square, hats, after.copy)


def command_onto_the_other_elephant(m: mm.Memory, a: mm.Action) -> z3.BoolRef:
    """A Command may step onto the other elephant's square (MEMORY.COMMAND.STEP)."""
    j = mm.commanded(m, a)
    on, _ = mm.command_target(m, a)
    return z3.And(mm.well_formed(a), mm.copy_at(m, a.player, a.era, a.active), j >= 0, on)


def dark_elephant_obeys(m: mm.Memory, a: mm.Action) -> z3.ArithRef:
    """Without the player's hat on the light elephant, the dark one is commanded (MEMORY.COMMAND.WHICH)."""
    return z3.If(mm.pick(m.hat, a.era, z3.IntVal(1)) == a.player, 1, 0)


def command_reaches_later_eras(m: mm.Memory, a: mm.Action) -> mm.Memory:
    """The commanded elephant's versions on the later eras step too (MEMORY.COMMAND.NO-PROPAGATION)."""
    after = _m_command(m, a)
    j = mm.commanded(m, a)
    _, target = mm.command_target(m, a)
    squares = tuple(tuple(z3.If(z3.And(a.era < e, j == k, target != m.square[e][1 - k]), target, after.square[e][k])
                          for k in (0, 1)) for e in range(mm.ERAS))
    return mm.Memory(squares, after.hat, after.copy)


def command_off_the_board(m: mm.Memory, a: mm.Action) -> tuple[z3.BoolRef, z3.ArithRef]:
    """A Command may step over the board's edge (MEMORY.COMMAND.STEP)."""
    _, target = _m_command_target(m, a)
    return z3.BoolVal(True), target


def trampled_copy_stays(m: mm.Memory, a: mm.Action) -> mm.Memory:
    """The copy on the square the elephant enters stays there (MEMORY.TRAMPLE)."""
    after = _m_command(m, a)
    return mm.Memory(after.square, after.hat, m.copy)


# --- Influence ------------------------------------------------------------------------------------

_i_push, _i_blocked, _i_place = iz.push, iz.blocked, iz.place


def pushed_statue_pulls(xs: iz.Line, i: int) -> iz.Line:
    """A pushed statue drags the copy behind it onto its square (a pull read into every push)."""
    out = _i_push(xs, i)
    if i == 0:
        return out
    pulled = [*out[:i - 1], z3.IntVal(iz.EMPTY), xs[i - 1], *out[i + 1:]]
    return iz.choose(z3.And(iz.is_statue(xs[i]), iz.is_copy(xs[i - 1])), pulled, out)


def statue_overruns_statue(xs: iz.Line, i: int) -> iz.Line:
    """A statue moving onto another statue takes its square (the other one gone) instead of pushing it."""
    if i == len(xs) - 1:
        return _i_push(xs, i)
    step = [*xs[:i], z3.IntVal(iz.EMPTY), xs[i], *xs[i + 2:]]
    return iz.choose(z3.And(iz.is_statue(xs[i]), iz.is_statue(xs[i + 1])), step, _i_push(xs, i))


def only_the_wall_blocks(xs: iz.Line, i: int) -> z3.BoolRef:
    """A statue is blocked by the wall only, never by a blocked statue ahead (INFLUENCE.PUSH.BLOCKED)."""
    return z3.BoolVal(i == len(xs) - 1)


def blocked_version_hands_on(now: iz.Line, later: iz.Line) -> iz.Line:
    """The carried move is tried on the next era even when this era's version was blocked."""
    return iz.push(later, 0)


def build_overwrites(line: iz.Line, j: int, statue: int) -> tuple[iz.Line, z3.ArithRef]:
    """A build's copy on an immovable statue's square replaces it (no rebound)."""
    out, target = _i_place(line, j, statue)
    immovable = z3.And(iz.is_statue(line[j]), iz.blocked(line, j))
    over = [*line[:j], z3.IntVal(statue), *line[j + 1:]]
    return iz.choose(immovable, over, out), z3.If(immovable, j, target)


# --- the order of effects -------------------------------------------------------------------------

_e_record = ez.record


def statue_keeps_the_seed(world: ez.World, square: int) -> None:
    """A statue or a falling tree arriving on a seed leaves it there (CONVERGENCE.STATUE-SEED)."""


_e_immovable = ez.immovable


def elephant_movable(world: ez.World, square: int, direction: str) -> ez.Value:
    """An elephant read as making way like a statue (only shrubs and fallen trees immovable; OBJECTS.IMMOVABLE)."""
    v = world.solid[square]
    return ez.both(v != ez.DARK, v != ez.LIGHT, _e_immovable(world, square, direction))


def acting_era_reapplies(eras: list[ez.World], era: int, recorded: Any, *, recorded_order: bool = False
                         ) -> list[ez.World]:
    """The acting era applies its own recorded effects again before handing them on (EFFECTS.ERAS)."""
    result = [w.copy() for w in eras]
    arriving = list(recorded)
    for k in range(era, len(eras)):
        result[k] = ez.apply_era(result[k], arriving, recorded_order=recorded_order)
        arriving = result[k].records
    return result


def statue_moves_recorded_twice(world: ez.World, effect: ez.Effect) -> None:
    """Each statue move hands two carried moves to the next era (EFFECTS.RECORD)."""
    _e_record(world, effect)
    if effect.kind == "StatueMoved":
        _e_record(world, effect)


def _grows_on_seeds(world: ez.World, effect: ez.Effect, what: int) -> None:
    """Growth needs only no solid thing there, a seed not counted (GROWTH.GROW)."""
    s = effect.square
    free = world.solid[s] == ez.EMPTY
    world.solid[s] = ez.ite(free, what, world.solid[s])
    ez.event(world, free)
    if what == ez.SHRUB:
        ez.record(world, ez.Effect("ShrubGrown", s, guard=free))


def _trained_keeps_partners_hat(world: ez.World, effect: ez.Effect) -> None:
    """The carried Train gives the hat without taking it from the other elephant (MEMORY.TRAIN.HAT)."""
    kind, colour = effect.square, effect.owner
    for s in range(world.geometry.size):
        wild_here = ez.both(world.solid[s] == kind, world.hat[s] == ez.NO_HAT)
        world.hat[s] = ez.ite(wild_here, colour, world.hat[s])
        ez.event(world, wild_here)
        ez.record(world, ez.Effect("Trained", kind, colour, guard=wild_here))


def _with_apply(**kinds: Callable[[ez.World, ez.Effect], None]) -> dict[str, Any]:
    return {"APPLY": {**ez.APPLY, **kinds}}


BREAKS: tuple[Break, ...] = (
    Break("growth-over-a-seed", "growth", "GROWTH.GROW", "a square holding only a seed counts as empty",
          {"empty": growth_over_a_seed}, ("growth-only-onto-empty-squares",)),
    Break("plant-on-a-shrub", "growth", "GROWTH.PLANT", "a seed may be planted on a shrub's square",
          {"plant": plant_on_a_shrub}, ("growth-only-onto-empty-squares",)),
    Break("dig-spares-the-tree", "growth", "GROWTH.CASCADE.TREE", "digging up removes the shrub, not its tree",
          {"dig": dig_spares_the_tree}, ("dig-leaves-no-tree-without-its-seed",)),
    Break("fall-spares-copies", "growth", "GROWTH.FALL", "a falling tree does not crush the copy it lands on",
          {"fall": fall_spares_copies}, ("push-never-stacks-solids",)),
    Break("shrub-movable", "growth", "OBJECTS.IMMOVABLE", "a Move may enter a shrub's square",
          {"immovable": shrub_movable}, ("push-never-stacks-solids",)),
    Break("push-without-chain", "growth", "OBJECTS.PUSH", "a pushed copy does not push the copy ahead on",
          {"push": push_without_chain}, ("push-never-stacks-solids",)),
    Break("training-reaches-earlier-eras", "memory", "MEMORY.TRAIN.LATER",
          "training also hats the elephant's wild versions on earlier eras",
          {"train": training_reaches_earlier_eras}, ("training-never-changes-an-earlier-era",)),
    Break("partner-keeps-its-hat", "memory", "MEMORY.TRAIN.HAT", "the other elephant keeps the player's hat",
          {"train": partner_keeps_its_hat}, ("training-keeps-one-hat-per-era",)),
    Break("command-onto-the-other-elephant", "memory", "MEMORY.COMMAND.STEP",
          "a Command may step onto the other elephant", {"can_command": command_onto_the_other_elephant},
          ("no-command-onto-the-other-elephant",)),
    Break("dark-elephant-obeys", "memory", "MEMORY.COMMAND.WHICH",
          "without the player's hat on the light elephant, the dark one obeys", {"commanded": dark_elephant_obeys},
          ("a-wild-elephant-never-moves",)),
    Break("command-reaches-later-eras", "memory", "MEMORY.COMMAND.NO-PROPAGATION",
          "the elephant's versions on later eras step too", {"command": command_reaches_later_eras},
          ("a-command-changes-its-own-era-only",)),
    Break("command-off-the-board", "memory", "MEMORY.COMMAND.STEP", "a Command may step over the edge",
          {"command_target": command_off_the_board}, ("no-command-onto-the-other-elephant",)),
    Break("trampled-copy-stays", "memory", "MEMORY.TRAMPLE", "the copy on the elephant's new square stays",
          {"command": trampled_copy_stays}, ("no-command-onto-the-other-elephant",)),
    Break("pushed-statue-pulls", "influence", "INFLUENCE.PULL", "every push drags the copy behind the statue",
          {"push": pushed_statue_pulls}, ("a push never changes a square behind it, so never an earlier era",)),
    Break("statue-overruns-statue", "influence", "INFLUENCE.PUSH", "a statue takes the square of the statue ahead",
          {"push": statue_overruns_statue}, ("a statue is never removed",)),
    Break("only-the-wall-blocks", "influence", "INFLUENCE.PUSH.BLOCKED", "a statue is blocked by the wall only",
          {"blocked": only_the_wall_blocks}, ("a statue is never removed",)),
    Break("blocked-version-hands-on", "influence", "INFLUENCE.PROPAGATE",
          "a blocked version still hands the move on", {"carried": blocked_version_hands_on},
          ("a blocked carried move leaves the next era unchanged",)),
    Break("build-overwrites", "influence", "INFLUENCE.BUILD.LATER",
          "a build's copy replaces an immovable statue", {"place": build_overwrites},
          ("a build places at most one statue per era and removes none",)),
    Break("statue-keeps-the-seed", "effects", "CONVERGENCE.STATUE-SEED", "a statue arriving on a seed leaves it",
          {"clear_seed": statue_keeps_the_seed}, ("effects-one-thing-per-square",)),
    Break("elephant-movable", "effects", "OBJECTS.IMMOVABLE", "a thing may be pushed onto an elephant's square",
          {"immovable": elephant_movable}, ("effects-one-thing-per-square",)),
    Break("grows-on-seeds", "effects", "GROWTH.GROW", "a carried growth lands on a square holding only a seed",
          _with_apply(SeedPlaced=lambda w, e: _grows_on_seeds(w, e, ez.SHRUB),
                      ShrubGrown=lambda w, e: _grows_on_seeds(w, e, ez.TREE)), ("effects-one-thing-per-square",)),
    Break("trained-keeps-partners-hat", "effects", "MEMORY.TRAIN.HAT",
          "a carried Train leaves the player's hat on the other elephant",
          _with_apply(Trained=_trained_keeps_partners_hat), ("effects-one-thing-per-square",)),
    Break("statue-moves-recorded-twice", "effects", "EFFECTS.RECORD", "each statue move is handed on twice",
          {"record": statue_moves_recorded_twice}, ("effects-terminate-bounded",)),
    Break("acting-era-reapplies", "effects", "EFFECTS.ERAS", "the acting era applies its own effects again",
          {"propagate": acting_era_reapplies}, ("effects-never-change-an-earlier-era",)),
)

# Every clause of every model: the functions (and the effect table) a rule is written in.
CLAUSES: dict[str, tuple[str, ...]] = {
    "growth": ("immovable", "can_fall", "put", "fall", "push", "move_model", "empty", "plant", "dig"),
    "memory": ("can_train", "train", "commanded", "command_target", "can_command", "command"),
    "influence": ("blocked", "push", "place", "carried", "propagate_model"),
    "effects": ("put", "clear_seed", "immovable", "push_copy", "push_statue", "fall", "APPLY", "record",
                "apply_era", "propagate", "command_into"),
}

# The clauses that no break replaces, and why no theorem needs to constrain them.
UNCONSTRAINED: dict[tuple[str, str], str] = {
    ("growth", "can_fall"): "one half of `immovable` (a standing tree is immovable when it cannot fall): "
    "`shrub-movable` breaks `immovable`, and the differential compares every Move's pushes and falls",
    ("growth", "put"): "writes one square and raises the collision flag; `push-never-stacks-solids` counts "
    "the shrubs and trees before and after, independently of the flag",
    ("growth", "move_model"): "its legality (not onto one's own copy, not into an immovable thing) is a "
    "precondition of the theorems, not a claim; the differential compares legality on every action",
    ("memory", "can_train"): "re-training an elephant that wears one's own hat changes nothing, so no property "
    "of the result can tell; the differential compares which Trains are legal",
    ("influence", "propagate_model"): "the concrete era loop that `carried` states for two eras; checked "
    "against the engine on every statue of 300 positions, each pushed each way",
    ("effects", "put"): "its collision branch is never taken from a valid era, which is what "
    "`effects-one-thing-per-square` proves; a `put` that overwrote instead is the same function there",
    ("effects", "push_copy"): "a copy's push within a carried effect: its crush and paradox are counted by the "
    "differential (copies killed), which no theorem states",
    ("effects", "push_statue"): "its validity is constrained through `put` and `clear_seed`; which square it "
    "reaches is compared with the engine by the differential",
    ("effects", "fall"): "likewise: its validity through `put` and `clear_seed`, its reach by the differential",
    ("effects", "command_into"): "the acting era of a Command where Memory meets another chapter, on concrete "
    "values only: no theorem is asked of it; it is compared with the engine on every Command of 600 pair "
    "positions (`properties/test_pair_commands.py`), and the pair mutants of the harness are caught there",
    ("effects", "apply_era"): "the phase order is a choice between valid results, both allowed by the theorems "
    "(`effects-one-thing-per-square` holds in any order); the differential runs it under both orders, and the "
    "order-of-effects mutant `placements before removals` is caught there",
}


def check(brk: Break, names: tuple[str, ...] | None = None) -> list[Outcome[Break]]:
    """Prove each theorem ``brk`` names (or ``names``) under the break; each must fail."""
    with applied(brk):
        return ask(brk, names or brk.fails, PROVERS[brk.model])


def unconstrained() -> list[tuple[str, str]]:
    """The clauses of `CLAUSES` that no break replaces."""
    broken = {(b.model, name) for b in BREAKS for name in b.replaces}
    return [(model, clause) for model, clauses in CLAUSES.items() for clause in clauses
            if (model, clause) not in broken]


def breaks_markdown() -> str:
    """The table of the chapters' breaks and the theorems that fail under each."""
    rows = ["| model | break | clause | the misreading | theorems that fail |", "| --- | --- | --- | --- | --- |"]
    rows += [f"| {b.model} | `{b.name}` | {b.rule} | {b.what} | {', '.join(f'`{t}`' for t in b.fails)} |"
             for b in BREAKS]
    return "\n".join(rows)


def markdown() -> str:
    """The table of model clauses no theorem constrains, with the reason, for every model that has breaks."""
    from properties import model_breaks

    rows = ["| model | clause | why no theorem needs to constrain it |", "| --- | --- | --- |"]
    rows += [f"| standard | {clause} | {why} |" for clause, why in model_breaks.UNCONSTRAINED.items()]
    rows += [f"| {model} | `{clause}` | {UNCONSTRAINED[(model, clause)]} |" for model, clause in unconstrained()]
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv and argv[0] == "--markdown":
        print(breaks_markdown(), markdown(), sep="\n\n")
        return 0
    missed = 0
    for brk in BREAKS:
        for o in check(brk):
            missed += not o.failed
            print(f"{brk.model:<10} {brk.name:<32} {o.theorem[:48]:<48} {'fails' if o.failed else 'STILL PROVED'}"
                  f"  {o.seconds:5.1f} s", flush=True)
    covered = {(b.model, name) for b in BREAKS for name in b.fails}
    bare = [(m, t) for m in MODULES for t in theorem_names(m) if (m, t) not in covered]
    for model, name in bare:
        print(f"{model:<10} {'(no break)':<32} {name}")
    return 1 if missed or bare else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
