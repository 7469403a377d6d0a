"""The clock, the Agence and the end of the game.

The game ends the moment one of its end conditions holds: 13 suspects at
the Agence (a win), the clock on 12 (a loss), or a bluff (decided by the
Démon tile alone).
"""

from __future__ import annotations

from oracle.games.trois_ombres.components import LOSS_HOUR, Loc, tile_is_trap, tile_words, trap_name
from oracle.games.trois_ombres.rules.knowledge import forget, observers, see
from oracle.games.trois_ombres.state import Table, plus
from oracle.words import agreeing, counted

EFFECT_HOUR = 3
BLUFF_HOUR = 6


def end(table: Table, result: str, rule: str, text: str) -> None:
    table.result = result
    table.rule = rule
    table.steps_l.clear()
    table.emit(result, rule, text)


def advance_clock(table: Table, rule: str, why: str) -> None:
    """The clock advances one hour; on the twelfth hour the team loses at once.

    Rules: OMBRES.CLOCK, OMBRES.LOSS
    """
    if table.result is not None:
        return
    table.hour += 1
    table.emit("clock", rule, f"the clock advances to {table.hour} h ({why})", str(table.hour))
    if table.hour >= LOSS_HOUR:
        end(table, "loss", "OMBRES.LOSS", "the clock reaches the hour of the three shadows: everybody loses")


def check_win(table: Table) -> None:
    """The team wins as soon as all suspects but the demon's host are at the Agence.

    Rule: OMBRES.WIN
    """
    if table.result is None and len(table.agency) >= 2 * table.characters - 1:
        cleared = len(table.agency)
        text = (f"{counted(cleared, 'suspect')} {agreeing(cleared, 'is', 'are')} cleared: the demon is unmasked,"
                " everybody wins")
        end(table, "win", "OMBRES.WIN", text)


def return_clue(table: Table, loc: Loc) -> None:
    """A revealed tile's clue goes back to its owner's reserve.

    Rule: OMBRES.CLUE
    """
    cell = table.board_map[loc]
    if cell.clue is not None:
        table.reserve_l[cell.clue] += 1
        table.emit("clue-back", "OMBRES.CLUE", f"the clue on {loc} goes back to p{cell.clue}", loc)
        table.set_cell(loc, clue=None)


def is_pair(first: str, second: str) -> bool:
    """Two tiles pair only if they are strictly identical suspects: same character, same version.

    Rule: OMBRES.PAIR
    """
    return first == second and not tile_is_trap(first)


def clear_pair(table: Table, first: Loc, second: Loc, rule: str) -> None:
    """Two strictly identical suspects go, stacked face up, to the Agence; then the win is checked.

    (Part of OMBRES.PAIR.)
    """
    tile = table.board_map[first].tile
    for loc in (first, second):
        return_clue(table, loc)
        del table.board_map[loc]
        forget(table, loc)
    table.agency = (*table.agency, tile)
    table.emit("pair", rule, f"{first} and {second} are both {tile}: suspect {tile} is cleared to the Agence",
               first, second, tile)
    check_win(table)


def bluff(table: Table, loc: Loc) -> None:
    """Reveal the named tile, then the Démon tile: identical wins, anything else loses.

    Rule: OMBRES.BLUFF
    """
    cell = table.board_map[loc]
    watchers = observers(table)
    see(table, loc, cell.tile, watchers)
    table.emit("reveal", "OMBRES.BLUFF", f"bluff: {loc} is {tile_words(cell.tile)}", loc, cell.tile)
    demon = table.demon or ""
    table.emit("demon", "OMBRES.BLUFF", f"the Démon tile is {demon}", demon)
    if cell.tile == demon:
        end(table, "win", "OMBRES.BLUFF", f"the bluff on {loc} matches the Démon tile: everybody wins")
    else:
        text = f"the bluff on {loc} ({tile_words(cell.tile)}) differs from the Démon tile: everybody loses"
        end(table, "loss", "OMBRES.BLUFF", text)


def discard_trap(table: Table, loc: Loc) -> None:
    """A resolved trap tile leaves the board for the trap discard.

    Rule: OMBRES.TRAP.ORDER
    """
    cell = table.board_map.pop(loc, None)
    if cell is None:
        return
    if cell.clue is not None:
        table.reserve_l[cell.clue] += 1
    forget(table, loc)
    table.trap_discard = plus(table.trap_discard, cell.tile)
    table.emit("trap-discarded", "OMBRES.TRAP.ORDER", f"the {trap_name(cell.tile)} trap from {loc} is discarded", loc)
