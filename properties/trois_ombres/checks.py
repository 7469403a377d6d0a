"""The invariants of *L'heure des 3 ombres*, checked after every action of a played game.

Each check raises AssertionError naming the invariant broken.  They read
states and events only, so they also judge a broken engine (the mutants).
"""

from __future__ import annotations

from collections import Counter

from oracle.games.trois_ombres.actions import Action
from oracle.games.trois_ombres.components import suspect_tiles, tile_is_trap
from oracle.games.trois_ombres.events import Event
from oracle.games.trois_ombres.state import State
from oracle.games.trois_ombres.validity import check_state

LOOKS = ("reveal", "peek", "look", "pick", "take")
# The pile and the discard that each reshuffle's clause refills (OMBRES.ID.DRAW, OMBRES.LIMBES.DRAW, OMBRES.TRAP.PILE).
RESHUFFLED = {"OMBRES.ID.DRAW": ("id_deck", "id_discard"), "OMBRES.LIMBES.DRAW": ("limbes_deck", "limbes_discard"),
              "OMBRES.TRAP.PILE": ("traps", "trap_discard")}


def conserved(state: State) -> Counter[str]:
    """Counts that no action changes: trap tiles, clues of each colour, cubes, 3ID and Limbes cards."""
    count: Counter[str] = Counter()
    for _, cell in state.board:
        if tile_is_trap(cell.tile):
            count["traps"] += 1
        if cell.clue is not None:
            count[f"clues{cell.clue}"] += 1
        if cell.cube:
            count["cubes"] += 1
    for tile, clue in state.held:
        count["traps"] += tile_is_trap(tile)
        if clue is not None:
            count[f"clues{clue}"] += 1
    count["traps"] += len(state.traps) + len(state.trap_discard)
    for p in range(state.players):
        count[f"clues{p}"] += state.reserve[p] + state.stock[p]
    count["cubes"] += state.cubes
    count["id"] += len(state.id_deck) + len(state.id_discard) + sum(o is not None for o in state.objets)
    count["limbes"] += len(state.limbes_deck) + len(state.limbes_discard) + len(state.curses)
    for step in state.steps:  # cards in hand while a decision about them is pending
        if step.kind in ("invertigo", "limbes"):
            count["limbes"] += 1
        elif step.kind == "keep" or step.kind == "give":
            count["id"] += 1
    return count


def tile_places(state: State) -> Counter[str]:
    """Where every suspect tile is: it must be in exactly one place, two tiles a suspect."""
    count: Counter[str] = Counter()
    for _, cell in state.board:
        if not tile_is_trap(cell.tile):
            count[cell.tile] += 1
    for tile in state.agency:
        count[tile] += 2
    for tile, _ in state.held:
        count[tile] += not tile_is_trap(tile)
    if state.demon is not None:
        count[state.demon] += 1
    return count


def check_transition(before: State, action: Action, after: State, events: tuple[Event, ...]) -> None:
    """Every invariant of the issue, for one applied action."""
    check_state(after)
    if after.demon is not None:
        places = tile_places(after)
        assert all(places[t] == 2 for t in suspect_tiles(after.characters)), f"each tile in one place: {places}"
    if before.steps and before.steps[0].kind != "deal":
        assert conserved(before) == conserved(after), (
            f"pieces conserved: {conserved(before) - conserved(after)} lost, {conserved(after) - conserved(before)} "
            f"gained by {action}: {[e.text for e in events]}")
    assert after.hour >= before.hour, f"the clock went back from {before.hour} to {after.hour}"
    cleared = Counter(before.agency)
    for event in events:
        if event.kind == "pair":
            first, second, tile = event.args
            a, b = before.cell(first), before.cell(second)
            identical = a is not None and b is not None and a.tile == b.tile == tile
            assert identical, f"a pair that is not identical: {event}"
            cleared[tile] += 1
        if event.kind in LOOKS and event.args:
            cell = before.cell(event.args[0])
            zacahire = event.kind == "peek" and event.rule == "OMBRES.ABILITY.ZACAHIRE"
            assert cell is None or not cell.cube or zacahire, f"a cubed tile was {event.kind}ed: {event.text}"
    if not any(e.kind == "unclear" for e in events):
        assert Counter(after.agency) == cleared, "the Agence changed other than by pairs"
    assert all(n == 1 for n in Counter(after.agency).values()), "a suspect cleared twice"
    check_reshuffles(before, after, events)
    check_end(before, action, after)


def check_reshuffles(before: State, after: State, events: tuple[Event, ...]) -> None:
    """A reshuffle takes the whole discard into the empty pile, and the discard is empty after: the draw
    that follows is a chance over every card of it (OMBRES.CHANCE)."""
    for event in events:
        if event.kind != "reshuffle":
            continue
        pile, discard = RESHUFFLED[event.rule]
        taken = Counter(getattr(before, pile)) + Counter(getattr(before, discard))
        assert Counter(getattr(after, pile)) == taken, (
            f"{event.text}: {sorted(getattr(after, pile))}, not the discard {sorted(getattr(before, discard))}")
        assert getattr(after, discard) == (), f"{event.text}, yet {sorted(getattr(after, discard))} stay in it"


def check_end(before: State, action: Action, after: State) -> None:
    """The game ends exactly at all pairs but one, at 12 hours, or at a bluff."""
    if after.result is None:
        assert len(after.agency) < after.to_clear and after.hour < 12, "the game should have ended"
        assert after.steps, "a game that goes on has a next step"
        return
    assert after.steps == (), "an ended game has no step left"
    if after.rule == "OMBRES.WIN":
        assert after.result == "win" and len(after.agency) == after.to_clear
    elif after.rule == "OMBRES.LOSS":
        assert after.result == "loss" and after.hour == 12
    else:
        assert after.rule == "OMBRES.BLUFF" and action.verb == "bluff", f"ended by {after.rule} on {action}"
        named = before.cell(action.args[0])
        assert named is not None
        assert (after.result == "win") == (named.tile == before.demon), "the bluff is decided by the Démon tile"
