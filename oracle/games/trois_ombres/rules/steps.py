"""The step machine: who acts now, what they may do, and applying it.

A state's ``steps`` list what the turn still owes, head first: a decision
(a player chooses), a chance (the die, a draw, a shuffle, the deal), or an
automatic effect the oracle carries out at once.  `legal_actions`,
`explain` and `apply` look at the head step only (spec/trois-ombres/oracle.md).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from oracle.games.trois_ombres.actions import Action, Illegal
from oracle.games.trois_ombres.components import FACE_NAMES, FACES, LIEUX, Rules, loc_key, suspect_tiles
from oracle.games.trois_ombres.events import Event
from oracle.games.trois_ombres.rules import cards, traps, turn
from oracle.games.trois_ombres.rules.clock import discard_trap
from oracle.games.trois_ombres.rules.places import (
    board_locs,
    empty_slots,
)
from oracle.games.trois_ombres.state import Cell, State, Step, Table
from oracle.words import counted

CHANCE_KINDS = ("deal", "die", "illusion", "draw-id", "draw-limbes", "draw-trap", "shuffle", "hercule-throw",
                "show")
AUTOMATIC_KINDS = ("end-turn", "discard-trap", "limbes")

Check = Callable[[Table, Step, Action], Illegal | None]
Do = Callable[[Table, Step, Action], None]


def to_act_kind(state: State) -> tuple[str, int | None]:
    """("over" | "chance" | "player", the player or None)."""
    if state.result is not None or not state.steps:
        return "over", None
    step = state.steps[0]
    if step.kind in CHANCE_KINDS:
        return "chance", None
    if step.kind in ("keep", "give"):
        return "player", int(step.args[0])
    if step.kind == "invertigo":
        return "player", int(step.args[1])
    return "player", state.current


# --- chance ----------------------------------------------------------------------------


def chance_outcomes(state: State) -> list[tuple[Action, Fraction]]:
    """Each outcome of the head chance step with its probability; empty for the deal (use `sample_deal`)."""
    if to_act_kind(state)[0] != "chance":
        return []
    kind = state.steps[0].kind
    if kind in ("die", "illusion"):
        return [(Action("die", (face,)), Fraction(1, 6)) for face in FACES]
    pile = {"draw-id": state.id_deck, "draw-limbes": state.limbes_deck, "draw-trap": state.traps}.get(kind)
    if pile is not None:
        counts = Counter(pile)
        return [(Action("draw", (card,)), Fraction(n, len(pile))) for card, n in sorted(counts.items())]
    if kind == "shuffle":
        orders = cards.shuffle_outcomes(Table(state))
        return [(Action("shuffle", tuple(map(str, order))), Fraction(1, len(orders))) for order in orders]
    if kind == "hercule-throw":
        targets = traps.hercule_targets(Table(state))
        return [(Action("cube", (loc,)), Fraction(1, len(targets))) for loc in targets]
    return []


def sample_deal(state: State, rng: random.Random, rules: Rules | None = None) -> Action:
    """A random deal: the Démon tile, then the other suspects spread as evenly as possible over the Lieux
    (``deal-anywhere``: onto any slots).

    Rule: OMBRES.SETUP
    """
    tiles = list(suspect_tiles(state.characters)) * 2
    rng.shuffle(tiles)
    demon, rest = tiles[0], tiles[1:]
    if rules is not None and rules.has("deal-anywhere"):
        anywhere = rng.sample([f"{lieu}{n}" for lieu in LIEUX for n in range(1, state.slots + 1)], len(rest))
        return Action("deal", (demon, *(f"{loc}={tile}" for loc, tile in zip(anywhere, rest, strict=True))))
    lieux = list(LIEUX)
    rng.shuffle(lieux)
    counts = {lieu: len(rest) // 4 + (1 if k < len(rest) % 4 else 0) for k, lieu in enumerate(lieux)}
    places: list[str] = []
    for lieu in LIEUX:
        slots = rng.sample(range(1, state.slots + 1), counts[lieu])
        places += [f"{lieu}{n}" for n in slots]
    return Action("deal", (demon, *(f"{loc}={tile}" for loc, tile in zip(places, rest, strict=True))))


def check_deal(state: State, action: Action, rules: Rules) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    (Part of OMBRES.SETUP.)
    """
    if action.verb != "deal" or not action.args:
        return Illegal("OMBRES.SETUP", "the game starts with a deal")
    wanted = sorted(suspect_tiles(state.characters) * 2)
    placed: dict[str, str] = {}
    for entry in action.args[1:]:
        loc, _, tile = entry.partition("=")
        if loc in placed or len(loc) < 2 or loc[0] not in LIEUX or not loc[1:].isdigit() \
                or not 1 <= int(loc[1:]) <= state.slots:
            return Illegal("OMBRES.SETUP", f"{entry} is not a distinct slot of a Lieu")
        placed[loc] = tile
    if sorted([action.args[0], *placed.values()]) != wanted:
        return Illegal("OMBRES.SETUP", "the deal must use each suspect tile once, one of them as the Démon tile")
    per_lieu = [sum(1 for loc in placed if loc[0] == lieu) for lieu in LIEUX]
    if max(per_lieu) - min(per_lieu) > 1 and not rules.has("deal-anywhere"):
        return Illegal("OMBRES.SETUP", f"the tiles are not spread evenly over the Lieux ({per_lieu})")
    return None


def deal_sentence(on_lieux: int) -> str:
    """The deal in words: the tiles on the Lieux, and the one set aside, the Démon tile (OMBRES.SETUP)."""
    return (f"{counted(on_lieux, 'tile')} are dealt face down on the Lieux, and one more is set aside face down: "
            "the Démon tile")


def do_chance(table: Table, step: Step, action: Action, rules: Rules) -> None:
    kind = step.kind
    if kind == "deal":
        table.demon = action.args[0]
        for entry in action.args[1:]:
            loc, _, tile = entry.partition("=")
            table.board_map[loc] = Cell(tile)
        table.emit("deal", "OMBRES.SETUP", deal_sentence(len(action.args) - 1))
        table.steps_l.insert(0, Step("turn"))
    elif kind == "die":
        face = action.args[0]
        table.turn = replace(table.turn, face=face)
        table.emit("die", "OMBRES.DIE", f"the die shows the {FACE_NAMES[face]}", face)
        turn.face_shown(table, rules)
    elif kind == "illusion":
        cards.illusion_roll(table, action.args[0])
    elif kind == "draw-id":
        cards.draw_id(table, action.args[0], rules)
    elif kind == "draw-limbes":
        cards.draw_limbes(table, action.args[0], rules)
    elif kind == "draw-trap":
        traps.draw_trap(table, step.args[0], action.args[0], rules.has("forget-traps"))
    elif kind == "shuffle":
        cards.do_shuffle(table, tuple(int(a) for a in action.args))
    elif kind == "hercule-throw":
        traps.land_cube(table, action.args[0], int(step.args[0]), kind)


def check_chance(state: State, action: Action, rules: Rules) -> Illegal | None:
    """A chance action must be an outcome of the head chance step (the deal: a valid deal).

    Rule: OMBRES.CHANCE
    """
    kind = state.steps[0].kind
    if kind == "deal":
        return check_deal(state, action, rules)
    if action not in [a for a, _ in chance_outcomes(state)]:
        return Illegal("OMBRES.CHANCE", f"{action} is not an outcome of this {kind}")
    return None


# --- decisions -------------------------------------------------------------------------


def _turn_check(rules: Rules) -> Check:
    return lambda table, step, action: turn.check_turn(table, action, rules)


def _turn_do(rules: Rules) -> Do:
    return lambda table, step, action: turn.do_turn(table, action, rules)


def decision(kind: str, rules: Rules) -> tuple[Check, Do, Callable[[Table, Step], list[Action]]]:
    """The check, the effect and the candidate list of a decision step."""
    table_ = {
        "turn": (_turn_check(rules), _turn_do(rules), lambda t, s: turn.turn_candidates(t, rules)),
        "clues": (turn.check_clue, turn.do_clue, turn.clue_candidates),
        "trap-slot": (lambda t, s, a: traps.check_trap_slot(t, a),
                      lambda t, s, a: traps.place_trap_slot(t, a.args[0]),
                      lambda t, s: [Action("trap", (loc,)) for loc in empty_slots(t)]),
        "hercule": (lambda t, s, a: traps.check_cube(t, a),
                    lambda t, s, a: traps.land_cube(t, a.args[0], int(s.args[0]), s.kind),
                    lambda t, s: [Action("cube", (loc,)) for loc in traps.hercule_targets(t)]),
        "keep": (cards.check_keep, cards.do_keep, lambda t, s: [Action("keep", (c,)) for c in s.args[1:3]]),
        "give": (cards.check_give, cards.do_give,
                 lambda t, s: [Action("give", (str(p),)) for p in range(t.players)] + [Action("give", ("none",))]),
        "calepin": (cards.check_calepin, cards.do_calepin,
                    lambda t, s: [Action("calepin", (str(p),)) for p in range(t.players)]
                    + [Action("calepin", ("none",))]),
        "invertigo": (cards.check_invertigo, cards.do_invertigo, lambda t, s: [Action("invertigo"), Action("pass")]),
        "pick": (lambda t, s, a: cards.check_pick(t, s, a, rules), cards.do_pick,
                 lambda t, s: [Action("pick", (loc,)) for loc in board_locs(t)]),
        "pick-pair": (cards.check_pick_pair, cards.do_pick_pair,
                      lambda t, s: [Action("pair", (tile,)) for tile in sorted(set(t.agency))]),
        "place": (cards.check_place, cards.do_place,
                  lambda t, s: [Action("place", (loc,)) for loc in empty_slots(t)]),
    }
    return table_[kind]


def legal_in(table: Table, rules: Rules) -> list[Action]:
    step = table.steps_l[0]
    check, _, candidates = decision(step.kind, rules)
    return [a for a in candidates(table, step) if check(table, step, a) is None]


# --- settling automatic steps ----------------------------------------------------------


def settle(table: Table, rules: Rules) -> None:
    """Carry out automatic steps and skip steps that cannot happen, until someone must act.

    Rules: OMBRES.TRAP.PLACE, OMBRES.TRAP.HERCULE
    """
    while table.result is None and table.steps_l:
        step = table.steps_l[0]
        kind = step.kind
        if kind in AUTOMATIC_KINDS:
            table.steps_l.pop(0)
            if kind == "end-turn":
                turn.end_turn(table)
            elif kind == "discard-trap":
                discard_trap(table, step.args[0])
            else:
                cards.limbes_effect(table, step.args[0], rules)
            continue
        skip = False
        if kind == "draw-id":
            skip = not cards.prepare_id_draw(table)
        elif kind == "draw-limbes":
            skip = not cards.prepare_limbes_draw(table, rules)
        elif kind == "trap-slot":
            skip = not traps.trap_slot_possible(table)
            if skip:
                table.emit("no-trap", "OMBRES.TRAP.PLACE", "no trap or no free slot: no trap is placed")
        elif kind == "shuffle":
            skip = not table.held
        elif kind == "hercule-throw":
            skip = not traps.hercule_targets(table)
            if skip:
                table.emit("no-cube-target", "OMBRES.TRAP.HERCULE", "no face-down tile without a cube: the cube stays")
        elif kind in ("hercule", "clues", "pick", "pick-pair", "place"):
            options = legal_in(table, rules)
            skip = not options or (kind == "clues" and options == [Action("done")])
            if skip and kind == "hercule":
                table.emit("no-cube-target", "OMBRES.TRAP.HERCULE", "no face-down tile without a cube: the cube stays")
        if table.result is not None:
            break
        if not skip:
            break
        table.steps_l.pop(0)
    if table.result is not None:
        table.steps_l.clear()


# --- the interface ---------------------------------------------------------------------


def legal_actions(state: State, rules: Rules) -> list[Action]:
    """Every legal action of the head step, in documented order (chance: its outcomes)."""
    kind, _ = to_act_kind(state)
    if kind == "over":
        return []
    if kind == "chance":
        return [a for a, _ in chance_outcomes(state)]
    return legal_in(Table(state), rules)


def explain(state: State, action: Action, rules: Rules) -> Illegal | None:
    """None if ``action`` is legal now, else the first clause it breaks; nothing is legal once the game is over.

    Rule: OMBRES.END
    """
    kind, _ = to_act_kind(state)
    if kind == "over":
        return Illegal("OMBRES.END", "the game is over")
    if kind == "chance":
        return check_chance(state, action, rules)
    table = Table(state)
    step = table.steps_l[0]
    check, _, _ = decision(step.kind, rules)
    return check(table, step, action)


def apply(state: State, action: Action, rules: Rules) -> tuple[State, tuple[Event, ...]] | Illegal:
    """The state after a legal action and its events, or the clause it breaks."""
    problem = explain(state, action, rules)
    if problem is not None:
        return problem
    table = Table(state)
    step = table.steps_l.pop(0)
    if step.kind in CHANCE_KINDS:
        do_chance(table, step, action, rules)
    else:
        decision(step.kind, rules)[1](table, step, action)
    settle(table, rules)
    if rules.recorded is not None:
        table.variants = rules.recorded  # the state records the rules it was played by
    return table.freeze(), tuple(table.events)


def board_order(locs: list[str]) -> list[str]:
    return sorted(locs, key=loc_key)
