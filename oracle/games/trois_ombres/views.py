"""A player's view of the table as a state, and the rules asked from it.

(spec/trois-ombres/information.md, OMBRES.VIEW.)  A view is a `State` whose
``view`` names the seat: each tile that seat cannot name is ``?`` (or
``trap``, where they saw a trap placed), the Démon tile and the trap pile
are ``?``, only that seat's memory is kept, and ``unseen`` lists the tiles
whose place they do not know.  The rules run on a view as on the table;
where a hidden tile decides what happens (a reveal, a look of the viewer's
own, a bluff, a Débriefing), the view first asks chance what it shows: a
``show`` step whose outcomes are the tiles it could be, each with its share
of the completions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from typing import Any

from oracle.games.trois_ombres.actions import Action, Illegal
from oracle.games.trois_ombres.components import (
    LIEUX,
    TRAP_SEEN,
    UNKNOWN,
    Rules,
    loc_key,
    suspect_tiles,
    tile_is_trap,
)
from oracle.games.trois_ombres.events import Event
from oracle.games.trois_ombres.notation import state_to_json
from oracle.games.trois_ombres.rules import steps
from oracle.games.trois_ombres.rules.clock import EFFECT_HOUR
from oracle.games.trois_ombres.state import Cell, State, Step

Json = dict[str, Any]
PLACEHOLDERS = (UNKNOWN, TRAP_SEEN)


def is_view(state: State) -> bool:
    return state.view is not None


def eyes_open(state: State, player: int) -> bool:
    """Whether ``player`` sees the table now: eyes not closed by a trap, and not under Ténèbres unless active.

    Rules: OMBRES.EYES, OMBRES.LIMBES.TENEBRES
    """
    if any(c.card == "tenebres" for c in state.curses) and player != state.current:
        return False
    return not state.closed[player]


def view_of(state: State, player: int) -> State:
    """What ``player`` sees and remembers of ``state`` (the table, or a view of theirs), as a view.

    Rule: OMBRES.OBSERVE
    """
    looking = eyes_open(state, player)
    memory = {loc: tile for loc, tile in state.seen[player] if tile != UNKNOWN}
    unseen: Counter[str] = Counter(state.unseen)

    def hide(true: str, shown: str) -> str:
        if shown != true and true not in PLACEHOLDERS:
            unseen[true] += 1
        return shown

    board = []
    for loc, cell in state.board:
        shown = cell.tile if cell.up and looking else memory.get(loc, UNKNOWN)
        if shown != cell.tile:
            cell = Cell(hide(cell.tile, shown), up=cell.up, kept=cell.kept, clue=cell.clue, cube=cell.cube)
        board.append((loc, cell))
    held = []
    for k, (tile, clue) in enumerate(state.held):
        source = state.dests[k]
        shown = tile if source == "agency" else memory.get(source, UNKNOWN)
        held.append((hide(tile, shown), clue))
    demon = state.demon
    if demon is not None and state.rule != "OMBRES.BLUFF":  # the bluff turns the Démon tile up
        demon = hide(demon, UNKNOWN)
    traps = tuple(hide(t, UNKNOWN) for t in state.traps)
    seen = tuple(tuple(sorted(memory.items(), key=lambda item: loc_key(item[0]))) if p == player else ()
                 for p in range(state.players))
    return replace(state, board=tuple(board), held=tuple(held), demon=demon, traps=traps, seen=seen, view=player,
                   unseen=tuple(sorted(unseen.elements())))


def observation(state: State, player: int) -> Json:
    """The view's JSON form, with the fields an observation has always carried (eyes, known, piles ...).

    (Part of OMBRES.NOTATION.VIEW.)
    """
    view = view_of(state, player)
    kind, actor = steps.to_act_kind(view)
    extras = {
        "player": player,
        "eyes": "open" if eyes_open(view, player) else "closed",
        "cleared": len(view.agency),
        "known": dict(view.seen[player]),
        "piles": {"traps": len(view.traps), "id": len(view.id_deck), "limbes": len(view.limbes_deck)},
        "discards": {"traps": list(view.trap_discard), "id": list(view.id_discard),
                     "limbes": list(view.limbes_discard)},
        "face": view.turn.face,
        "to_act": {"kind": kind, "player": actor, "step": view.steps[0].kind if view.steps else None},
    }
    return {**state_to_json(view), **extras}


# --- chance where the view does not know -------------------------------------------------------


def _places(view: State) -> tuple[int, int, int]:
    """The places a view cannot name: those that may hold any tile, those that hold a trap, the Démon tile."""
    either = sum(1 for _, c in view.board if c.tile == UNKNOWN) + sum(1 for t, _ in view.held if t == UNKNOWN)
    traps = sum(1 for _, c in view.board if c.tile == TRAP_SEEN) + sum(1 for t, _ in view.held if t == TRAP_SEEN)
    traps += sum(1 for t in view.traps if t == UNKNOWN)
    return either, traps, 1 if view.demon == UNKNOWN else 0


def show_outcomes(view: State, target: str) -> list[tuple[Action, Fraction]]:
    """What a place the view cannot name may show, each with its share of the completions of the view.

    Every completion (each unseen tile given one unnamed place, traps only where a trap is known to be,
    a suspect as the Démon tile) is equally likely; so a place that may hold anything holds a trap with
    the chance that the traps left over after the known trap places fill it.

    Rule: OMBRES.VIEW.SHOW
    """
    counts = Counter(view.unseen)
    traps = {t: n for t, n in counts.items() if tile_is_trap(t)}
    suspects = {t: n for t, n in counts.items() if not tile_is_trap(t)}
    n_traps, n_suspects = sum(traps.values()), sum(suspects.values())
    shown = view.demon if target == "demon" else (view.cell(target) or Cell(UNKNOWN)).tile
    if target == "demon":
        share_trap = Fraction(0)
    elif shown == TRAP_SEEN:
        share_trap = Fraction(1)
    else:
        either, trap_places, _ = _places(view)
        share_trap = Fraction(n_traps - trap_places, either)
    out = []
    for tile, n in sorted(suspects.items()):
        if share_trap != 1:
            out.append((Action("show", (target, tile)), (1 - share_trap) * Fraction(n, n_suspects)))
    for tile, n in sorted(traps.items()):
        if share_trap:
            out.append((Action("show", (target, tile)), share_trap * Fraction(n, n_traps)))
    return out


def _unknown(view: State, loc: str) -> bool:
    cell = view.cell(loc)
    return cell is not None and cell.tile in PLACEHOLDERS


def needed_shows(view: State, action: Action, rules: Rules) -> list[str]:
    """The places whose tile the action's effect reads but the view cannot name, in the order they are read.

    A reveal (a tile taken, or looked at under Paranoïa, and the turn's first tile, which may pair with
    it), a look of the viewer's own, a bluff, a Débriefing drawn from 3 h, and a trap about to go face up
    to the discard; everything else the rules do reads only what everyone sees.

    (Part of OMBRES.VIEW.SHOW.)
    """
    head = view.steps[0].kind if view.steps else None
    verb, args = action.verb, action.args
    # A trap the viewer did not see revealed goes face up to the discard once its effect is over.
    wanted: list[str] = [step.args[0] for step in view.steps if step.kind == "discard-trap"]
    if head == "turn":
        if verb == "reveal":  # the first tile too: with the second it may make a pair
            wanted += [*view.turn.revealed, *args]
        elif verb == "bluff":
            wanted += [*args, "demon"]
        elif verb in ("peek", "use") and view.current == view.view and args[:1] != ("revelateur",):
            wanted += list(args[1:])
    elif head == "draw-id" and action == Action("draw", ("debriefing",)):
        after_3 = view.hour > EFFECT_HOUR or (view.hour == EFFECT_HOUR and not rules.has("debriefing-after-3"))
        if after_3:
            wanted += [loc for loc, c in view.board if (c.clue is not None and not c.cube) or c.kept]
    unknown = [t for t in wanted if (t == "demon" and view.demon == UNKNOWN) or (t != "demon" and _unknown(view, t))]
    return list(dict.fromkeys(unknown))


def _pending(shows: list[str], action: Action) -> list[Step]:
    """``show/T1; ...; show/Tk/then/VERB/ARGS``: the action waits for the last show."""
    out = [Step("show", (t,)) for t in shows]
    out[-1] = Step("show", (shows[-1], "then", action.verb, *action.args))
    return out


def _eyes_opened(view: State) -> State:
    """Face-up tiles the viewer now looks at but could not name are shown first (their eyes reopened)."""
    viewer = view.view
    assert viewer is not None
    if view.result is not None or not eyes_open(view, viewer):
        return view
    hidden = [loc for loc, c in view.board if c.up and c.tile in PLACEHOLDERS]
    new = [Step("show", (loc,)) for loc in hidden if Step("show", (loc,)) not in view.steps]
    return replace(view, steps=(*new, *view.steps)) if new else view


# --- the rules asked from a view ------------------------------------------------------------


def check_view_deal(view: State, action: Action, rules: Rules) -> Illegal | None:
    """A deal seen from a seat: where the tiles went, each ``?`` or a tile the view may name.

    (Part of OMBRES.VIEW.)
    """
    if action.verb != "deal" or not action.args:
        return Illegal("OMBRES.SETUP", "the game starts with a deal")
    placed = [entry.partition("=") for entry in action.args[1:]]
    shown = Counter(t for t in [action.args[0], *(tile for _, _, tile in placed)] if t != UNKNOWN)
    pool = Counter(suspect_tiles(view.characters) * 2)
    if any(n > pool[t] for t, n in shown.items()) or len(action.args) != sum(pool.values()):
        return Illegal("OMBRES.SETUP", "the deal must use each suspect tile once, one of them as the Démon tile")
    slots = [loc for loc, _, _ in placed]
    if len(set(slots)) != len(slots) or any(len(loc) < 2 or loc[0] not in LIEUX or not loc[1:].isdigit()
                                            or not 1 <= int(loc[1:]) <= view.slots for loc in slots):
        return Illegal("OMBRES.SETUP", "the tiles go to distinct slots of the Lieux")
    per_lieu = [sum(1 for loc in slots if loc[0] == lieu) for lieu in LIEUX]
    if max(per_lieu) - min(per_lieu) > 1 and not rules.has("deal-anywhere"):
        return Illegal("OMBRES.SETUP", f"the tiles are not spread evenly over the Lieux ({per_lieu})")
    return None


def explain_view(view: State, action: Action, rules: Rules) -> Illegal | None:
    """None if ``action`` is legal in every completion of the view, else the clause it breaks.

    No legality of this game turns on a hidden tile (OMBRES.VIEW), so the answer is always legal or
    illegal; a ``show`` step's outcomes are the tiles the place may hold.

    (Part of OMBRES.VIEW.)
    """
    head = view.steps[0] if view.steps else None
    if head is not None and head.kind == "show":
        if action not in [a for a, _ in show_outcomes(view, head.args[0])]:
            return Illegal("OMBRES.VIEW.SHOW", f"{action} is not a tile {head.args[0]} may show in this view")
        return None
    if head is not None and head.kind == "deal" and view.result is None:
        return check_view_deal(view, action, rules)
    return steps.explain(view, action, rules)


def legal_in_view(view: State, rules: Rules) -> list[Action]:
    head = view.steps[0] if view.steps else None
    if head is not None and head.kind == "show" and view.result is None:
        return [a for a, _ in show_outcomes(view, head.args[0])]
    return steps.legal_actions(view, rules)


def chance_in_view(view: State) -> list[tuple[Action, Fraction]]:
    head = view.steps[0] if view.steps else None
    if head is not None and head.kind == "show" and view.result is None:
        return show_outcomes(view, head.args[0])
    return steps.chance_outcomes(view)


def apply_view(view: State, action: Action, rules: Rules) -> tuple[State, tuple[Event, ...]] | Illegal:
    """The view after ``action``: what is determined applied, chance asked where a hidden tile decides.

    Rule: OMBRES.VIEW
    """
    problem = explain_view(view, action, rules)
    if problem is not None:
        return problem
    viewer = view.view
    assert viewer is not None
    head = view.steps[0]
    if head.kind == "show":
        target, tile = action.args
        unseen = list(view.unseen)
        unseen.remove(tile)
        if target == "demon":
            known = replace(view, demon=tile, unseen=tuple(unseen), steps=view.steps[1:])
        else:
            board = tuple((loc, replace(c, tile=tile) if loc == target else c) for loc, c in view.board)
            known = replace(view, board=board, unseen=tuple(unseen), steps=view.steps[1:])
        events = (Event("show", "OMBRES.VIEW.SHOW", f"in this view, {target} shows {tile}", (target, tile)),)
        if head.args[1:2] != ("then",):
            return known, events
        pending = Action(head.args[2], head.args[3:])
        result = apply_view(known, pending, rules)
        if isinstance(result, Illegal):
            return result
        return result[0], (*events, *result[1])
    shows = needed_shows(view, action, rules)
    if shows:
        text = f"what {', '.join(shows)} show{'s' if len(shows) == 1 else ''} is chance in this view"
        waiting = replace(view, steps=(*_pending(shows, action), *view.steps))
        return waiting, (Event("show-needed", "OMBRES.VIEW.SHOW", text, tuple(shows)),)
    if head.kind == "deal":
        return _deal_view(view, action)
    result = steps.apply(view, action, rules)
    if isinstance(result, Illegal):
        return result
    return _eyes_opened(view_of(result[0], viewer)), result[1]


def _deal_view(view: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """The deal seen from a seat: the slots the tiles went to, the tiles the seat may name; the rest unseen."""
    pool = Counter(suspect_tiles(view.characters) * 2)
    named = [action.args[0], *(entry.partition("=")[2] for entry in action.args[1:])]
    pool.subtract(t for t in named if t != UNKNOWN)
    board = tuple(sorted(((loc, Cell(tile)) for loc, _, tile in (e.partition("=") for e in action.args[1:])),
                         key=lambda item: loc_key(item[0])))
    dealt = replace(view, demon=action.args[0], board=board, steps=(Step("turn"), *view.steps[1:]),
                    unseen=tuple(sorted([*view.unseen, *pool.elements()])))
    return dealt, (Event("deal", "OMBRES.SETUP", steps.deal_sentence(len(action.args) - 1)),)
