"""Traquenards: placing a trap after a pair, and the four trap effects.

A trap is drawn without looking and put face down on a free slot the player
chooses in view of the table (K1); which kind it is, is a chance outcome.
"""

from __future__ import annotations

from oracle.games.trois_ombres.actions import Action, Illegal
from oracle.games.trois_ombres.components import LIEU_NAMES, Loc, Rules
from oracle.games.trois_ombres.rules.clock import advance_clock
from oracle.games.trois_ombres.rules.knowledge import TRAP_SEEN, curse_in_force, observers, see
from oracle.games.trois_ombres.rules.places import (
    board_items,
    empty_slots,
    rotate_block,
    rotate_lieu,
)
from oracle.games.trois_ombres.state import Cell, Step, Table, reshuffled, without

TRAP_RULE = {
    "hercule": "OMBRES.TRAP.HERCULE", "horloge": "OMBRES.TRAP.HORLOGE", "vortex": "OMBRES.TRAP.VORTEX",
}


def trap_rule(kind: str) -> str:
    return TRAP_RULE.get(kind, "OMBRES.TRAP.YEUX")


def rebuild_trap_pile(table: Table) -> None:
    """With no trap left in the pile, the discard is shuffled into a new pile.

    Rule: OMBRES.TRAP.PILE
    """
    table.traps, table.trap_discard = reshuffled(table, table.traps, table.trap_discard, "OMBRES.TRAP.PILE",
                                                 "the trap discard is shuffled into a new trap pile")


def trap_slot_possible(table: Table) -> bool:
    """A trap can be placed only with a trap available (after rebuilding the pile) and a free slot."""
    return bool(table.traps or table.trap_discard) and bool(empty_slots(table))


def check_trap_slot(table: Table, action: Action) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    (Part of OMBRES.TRAP.PLACE.)
    """
    if action.verb != "trap" or len(action.args) != 1:
        return Illegal("OMBRES.TRAP.PLACE", "a trap must be placed now: trap SLOT")
    loc = action.args[0]
    if loc not in empty_slots(table):
        return Illegal("OMBRES.TRAP.PLACE", f"{loc} is not a free slot of a Lieu")
    return None


def place_trap_slot(table: Table, loc: Loc) -> None:
    """Take a trap without looking and put it face down on the chosen free slot (its kind is chance).

    (Part of OMBRES.TRAP.PLACE.)
    """
    rebuild_trap_pile(table)
    table.steps_l.insert(0, Step("draw-trap", (loc,)))


def draw_trap(table: Table, loc: Loc, kind: str, forget_traps: bool) -> None:
    """The drawn trap goes face down on the chosen slot, in view of the open-eyed players (K1).

    Rule: OMBRES.OBSERVE.TRAPS
    """
    table.traps = without(table.traps, kind)
    table.board_map[loc] = Cell(kind)
    if not forget_traps:
        see(table, loc, TRAP_SEEN, observers(table))
    table.emit("trap-placed", "OMBRES.TRAP.PLACE", f"a trap is placed face down on {loc}", loc)


def balafre_spared(table: Table, confusion_spares: bool) -> bool:
    """Le Balafré suffers reduced trap effects, unless Confusion is in force (K14).

    Rules: OMBRES.ABILITY.BALAFRE, OMBRES.LIMBES.CONFUSION
    """
    if table.investigators[table.current] != "balafre":
        return False
    return confusion_spares or not curse_in_force(table, "confusion")


def close_eyes(table: Table, rule: str, confusion_spares: bool) -> None:
    """The player closes their eyes until their next turn (not Le Balafré).

    (Part of OMBRES.EYES.)
    """
    if balafre_spared(table, confusion_spares):
        table.emit("eyes-kept-open", "OMBRES.ABILITY.BALAFRE", "Le Balafré never closes his eyes")
        return
    table.closed_l[table.current] = True
    table.emit("eyes-closed", rule, f"p{table.current} closes their eyes until their next turn",
               str(table.current))


def hercule(table: Table, rules: Rules) -> None:
    """Throw 2 Hercule cubes (Le Balafré: 1); with none in the supply the clock advances instead
    (``hercule-short-advances``: also with fewer cubes than throws).  Where a cube lands is the
    player's input (``hercule-chance``: a chance outcome).

    (Part of OMBRES.TRAP.HERCULE.)
    """
    throws = 1 if balafre_spared(table, rules.has("confusion-spares-balafre")) else 2
    if table.cubes == 0 or (table.cubes < throws and rules.has("hercule-short-advances")):
        why = "Hercule with no cube left" if table.cubes == 0 else "Hercule with too few cubes left"
        advance_clock(table, "OMBRES.TRAP.HERCULE", why)
        return
    kind = "hercule-throw" if rules.has("hercule-chance") else "hercule"
    table.steps_l.insert(0, Step(kind, (str(min(throws, table.cubes)),)))


def hercule_targets(table: Table) -> list[Loc]:
    """Where a thrown cube may land: a face-down tile without a cube (the nearest one, judged at the table)."""
    return [loc for loc, cell in board_items(table) if not cell.up and not cell.cube]


def check_cube(table: Table, action: Action) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    (Part of OMBRES.TRAP.HERCULE.)
    """
    if action.verb != "cube" or len(action.args) != 1:
        return Illegal("OMBRES.TRAP.HERCULE", "a Hercule cube must land now: cube SLOT")
    loc = action.args[0]
    if loc not in hercule_targets(table):
        return Illegal("OMBRES.TRAP.HERCULE", f"a cube cannot land on {loc}: not a face-down tile without a cube")
    return None


def land_cube(table: Table, loc: Loc, left: int, kind: str = "hercule") -> None:
    """A thrown cube lands on the given tile; the next cube, if any, is thrown after.

    (Part of OMBRES.TRAP.HERCULE.)
    """
    table.cubes -= 1
    table.set_cell(loc, cube=True)
    table.emit("cube", "OMBRES.TRAP.HERCULE", f"a Hercule cube lands on {loc}", loc)
    if left > 1:
        table.steps_l.insert(0, Step(kind, (str(left - 1),)))


def apply_trap(table: Table, kind: str, rules: Rules) -> None:
    """The effect of a revealed trap.

    Rules: OMBRES.TRAP.YEUX, OMBRES.TRAP.VORTEX, OMBRES.TRAP.HORLOGE
    """
    confusion_spares = rules.has("confusion-spares-balafre")
    if kind == "hercule":
        hercule(table, rules)
    elif kind == "horloge":
        advance_clock(table, "OMBRES.TRAP.HORLOGE", "Horloge trap")
    elif kind == "vortex":
        rotate_block(table)
        table.emit("rotate", "OMBRES.TRAP.VORTEX", "all Lieux turn a quarter turn clockwise as one block")
        close_eyes(table, "OMBRES.TRAP.VORTEX", confusion_spares)
    else:
        lieu = kind.split("-")[1]
        rotate_lieu(table, lieu)
        table.emit("rotate", "OMBRES.TRAP.YEUX", f"the {LIEU_NAMES[lieu]} Lieu turns a quarter turn clockwise", lieu)
        close_eyes(table, "OMBRES.TRAP.YEUX", confusion_spares)
