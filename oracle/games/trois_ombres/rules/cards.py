"""The 3ID cards (drawn after a pair) and the Limbes cards (drawn when no pair was revealed).

A draw is a chance outcome; a deck is a multiset, so drawing from it is the
same as turning up the top card of a shuffled deck.
"""

from __future__ import annotations

from oracle.games.trois_ombres.actions import Action, Illegal
from oracle.games.trois_ombres.components import (
    FACE_NAMES,
    LIEU_NAMES,
    LIEUX,
    MALEDICTIONS,
    OBJETS,
    Loc,
    Rules,
    card_name,
    loc_lieu,
    tile_words,
)
from oracle.games.trois_ombres.rules import clock
from oracle.games.trois_ombres.rules.clock import EFFECT_HOUR, advance_clock, clear_pair, return_clue
from oracle.games.trois_ombres.rules.knowledge import forget, move_memory, observers, see
from oracle.games.trois_ombres.rules.places import (
    board_items,
    empty_slots,
    facing_places,
    is_free_tile,
    is_unmarked_tile,
    rotate_block,
    rotate_lieu,
    swap_places,
)
from oracle.games.trois_ombres.state import Cell, Curse, Step, Table, plus, reshuffled, without
from oracle.words import agreeing, counted

CARD_RULE = {
    "archeoscript": "OMBRES.ID.ARCHEOSCRIPT", "chronogyre": "OMBRES.ID.CHRONOGYRE", "invertigo": "OMBRES.ID.INVERTIGO",
    "loupe-analytique": "OMBRES.ID.LOUPE", "stylo-traducteur": "OMBRES.ID.STYLO",
    "revelateur": "OMBRES.ID.REVELATEUR", "oreillettes": "OMBRES.ID.OREILLETTES",
    "calepin": "OMBRES.ID.CALEPIN", "debriefing": "OMBRES.ID.DEBRIEFING",
}


LIMBES_RULE = {
    "amnesie": "OMBRES.LIMBES.AMNESIE", "brouillard": "OMBRES.LIMBES.BROUILLARD", "brume": "OMBRES.LIMBES.BRUME",
    "confusion": "OMBRES.LIMBES.CONFUSION", "fausse-piste": "OMBRES.LIMBES.FAUSSE-PISTE",
    "hallucination": "OMBRES.LIMBES.HALLUCINATION", "illusion": "OMBRES.LIMBES.ILLUSION",
    "manipulation": "OMBRES.LIMBES.MANIPULATION", "paralysie": "OMBRES.LIMBES.PARALYSIE",
    "paranoia": "OMBRES.LIMBES.PARANOIA", "reveil": "OMBRES.LIMBES.REVEIL", "silence": "OMBRES.LIMBES.SILENCE",
    "temps-accelere": "OMBRES.LIMBES.TEMPS", "tenebres": "OMBRES.LIMBES.TENEBRES", "vortex": "OMBRES.LIMBES.VORTEX",
}


def limbes_rule(card: str) -> str:
    return LIMBES_RULE[card]


# --- 3ID -------------------------------------------------------------------------------


def prepare_id_draw(table: Table) -> bool:
    """With the 3ID deck empty, its discard is shuffled into a new deck; False if there is no card at all.

    Rule: OMBRES.ID.DRAW
    """
    table.id_deck, table.id_discard = reshuffled(table, table.id_deck, table.id_discard, "OMBRES.ID.DRAW",
                                                 "the 3ID discard is shuffled into a new deck")
    return bool(table.id_deck)


def draw_id(table: Table, card: str, rules: Rules) -> None:
    """The drawn 3ID card takes effect: an Objet is held, a Calepin or Débriefing acts.

    Rule: OMBRES.ID.OBJET
    """
    me = table.current
    table.id_deck = without(table.id_deck, card)
    table.emit("draw", "OMBRES.ID.DRAW", f"p{me} draws the 3ID card {card_name(card)}", card)
    if card in OBJETS:
        take_objet(table, me, card)
    elif card == "calepin":
        extra_clue(table, "OMBRES.ID.CALEPIN")
        table.id_discard = plus(table.id_discard, card)
    else:
        debriefing(table, rules)
        table.id_discard = plus(table.id_discard, card)


def take_objet(table: Table, player: int, card: str, given: bool = False) -> None:
    """One Objet per player: the drawer of a second one keeps one and passes the other on or discards it;
    a player given a second one keeps one and discards the other (K11, A20).

    (Part of OMBRES.ID.OBJET.)
    """
    held = table.objets_l[player]
    if held is None:
        table.objets_l[player] = card
        table.emit("objet", "OMBRES.ID.OBJET", f"p{player} keeps {card_name(card)}", str(player), card)
    else:
        table.steps_l.insert(0, Step("keep", (str(player), held, card, *(("given",) if given else ()))))


def check_keep(table: Table, step: Step, action: Action) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    (Part of OMBRES.ID.OBJET.)
    """
    if action.verb != "keep" or len(action.args) != 1 or action.args[0] not in step.args[1:3]:
        return Illegal("OMBRES.ID.OBJET", f"keep one of {step.args[1]} and {step.args[2]}")
    return None


def do_keep(table: Table, step: Step, action: Action) -> None:
    player = int(step.args[0])
    kept = action.args[0]
    other = step.args[2] if kept == step.args[1] else step.args[1]
    table.objets_l[player] = kept
    table.emit("objet", "OMBRES.ID.OBJET", f"p{player} keeps {card_name(kept)}", str(player), kept)
    if step.args[3:] == ("given",):
        table.id_discard = plus(table.id_discard, other)
        table.emit("objet-discarded", "OMBRES.ID.OBJET", f"{card_name(other)} is discarded", other)
    else:
        table.steps_l.insert(0, Step("give", (str(player), other)))


def check_give(table: Table, step: Step, action: Action) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    (Part of OMBRES.ID.OBJET.)
    """
    giver = int(step.args[0])
    if action.verb == "give" and len(action.args) == 1:
        target = action.args[0]
        if target == "none":
            return None
        if target.isdigit() and int(target) < table.players and int(target) != giver:
            return None
    return Illegal("OMBRES.ID.OBJET", f"give {step.args[1]} to another player, or discard it: give none")


def do_give(table: Table, step: Step, action: Action) -> None:
    card, target = step.args[1], action.args[0]
    if target == "none":
        table.id_discard = plus(table.id_discard, card)
        table.emit("objet-discarded", "OMBRES.ID.OBJET", f"{card_name(card)} is discarded", card)
    else:
        take_objet(table, int(target), card, given=True)


def extra_clue(table: Table, rule: str) -> None:
    """Take one more clue of your colour; if none is left, another player may take one of theirs (K20).

    Rule: OMBRES.ID.CALEPIN
    """
    me = table.current
    if table.stock_l[me] > 0:
        table.stock_l[me] -= 1
        table.reserve_l[me] += 1
        table.emit("extra-clue", rule, f"p{me} takes an extra clue", str(me))
    elif any(table.stock_l):
        table.steps_l.insert(0, Step("calepin", (rule,)))
    else:
        table.emit("no-effect", rule, "no clue is left: no effect")


def check_calepin(table: Table, step: Step, action: Action) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    (Part of OMBRES.ID.CALEPIN.)
    """
    if action.verb == "calepin" and len(action.args) == 1:
        target = action.args[0]
        if target == "none" or (target.isdigit() and int(target) < table.players and table.stock_l[int(target)] > 0):
            return None
    return Illegal("OMBRES.ID.CALEPIN", "name another player who still has a spare clue, or none")


def do_calepin(table: Table, step: Step, action: Action) -> None:
    target = action.args[0]
    if target != "none":
        p = int(target)
        table.stock_l[p] -= 1
        table.reserve_l[p] += 1
        table.emit("extra-clue", step.args[0], f"p{p} takes an extra clue", target)


def debriefing(table: Table, rules: Rules) -> None:
    """Before 3 h an extra clue; from 3 h every clued tile is revealed and visible pairs are cleared.

    Clues go back; cubed tiles stay down; traps are ignored and turned back;
    pairs go to the Agence with no card and no trap; the rest go face down
    (a Chronogyre tile stays up).  ``debriefing-after-3``: at 3 h it still
    gives a clue.

    Rule: OMBRES.ID.DEBRIEFING
    """
    if table.hour < EFFECT_HOUR or (table.hour == EFFECT_HOUR and rules.has("debriefing-after-3")):
        extra_clue(table, "OMBRES.ID.DEBRIEFING")
        return
    watchers = observers(table)
    shown: list[Loc] = []
    handled: list[Loc] = []
    for loc, cell in board_items(table):
        if cell.clue is not None and not cell.cube:
            handled.append(loc)
            return_clue(table, loc)
            if not cell.up:
                table.set_cell(loc, up=True)
                shown.append(loc)
            see(table, loc, cell.tile, watchers)
            table.emit("reveal", "OMBRES.ID.DEBRIEFING", f"{loc} is revealed: {tile_words(cell.tile)}", loc, cell.tile)
    visible = [loc for loc, cell in board_items(table) if cell.up and (cell.kept or loc in shown)]
    by_tile: dict[str, list[Loc]] = {}
    for loc in visible:
        by_tile.setdefault(table.board_map[loc].tile, []).append(loc)
    for locs in by_tile.values():
        if len(locs) == 2 and clock.is_pair(table.board_map[locs[0]].tile, table.board_map[locs[1]].tile):
            clear_pair(table, locs[0], locs[1], "OMBRES.ID.DEBRIEFING")
            if table.result is not None:
                return
    for loc in shown:
        if loc in table.board_map:
            table.set_cell(loc, up=False)
    if rules.has("debriefing-ends-chronogyre"):
        for loc, cell in board_items(table):
            if cell.kept and loc in handled:
                table.set_cell(loc, up=False, kept=False)
                text = f"the Chronogyre tile on {loc} is turned face down"
                table.emit("turn-down", "OMBRES.ID.DEBRIEFING", text, loc)


# --- Limbes ----------------------------------------------------------------------------


def prepare_limbes_draw(table: Table, rules: Rules) -> bool:
    """A Limbes card is due: with the deck empty the clock advances, then the discard becomes the deck (K6).

    Rule: OMBRES.LIMBES.DRAW
    """
    if not table.limbes_deck and not rules.has("limbes-clock-on-last"):
        advance_clock(table, "OMBRES.LIMBES.DRAW", "the Limbes deck is empty")
        if table.result is not None:
            return False
    table.limbes_deck, table.limbes_discard = reshuffled(table, table.limbes_deck, table.limbes_discard,
                                                         "OMBRES.LIMBES.DRAW",
                                                         "the Limbes discard is shuffled into a new deck")
    return bool(table.limbes_deck)


def draw_limbes(table: Table, card: str, rules: Rules) -> None:
    """The drawn Limbes card is offered to Invertigo holders, then takes effect.

    Rule: OMBRES.ID.INVERTIGO
    """
    me = table.current
    table.limbes_deck = without(table.limbes_deck, card)
    table.emit("draw", "OMBRES.LIMBES.DRAW", f"p{me} draws the Limbes card {card_name(card)}", card)
    if not table.limbes_deck and rules.has("limbes-clock-on-last"):
        advance_clock(table, "OMBRES.LIMBES.DRAW", "the last Limbes card is drawn")
        if table.result is not None:
            table.limbes_discard = plus(table.limbes_discard, card)
            return
        table.limbes_deck, table.limbes_discard = table.limbes_discard, ()
    holders = [str((me + k) % table.players) for k in range(table.players)
               if table.objets_l[(me + k) % table.players] == "invertigo"]
    if rules.has("invertigo-own-draw"):
        holders = holders[:1] if holders[:1] == [str(me)] else []
    if holders:
        table.steps_l.insert(0, Step("invertigo", (card, *holders)))
    else:
        table.steps_l.insert(0, Step("limbes", (card,)))


def check_invertigo(table: Table, step: Step, action: Action) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    (Part of OMBRES.ID.INVERTIGO.)
    """
    if action.verb in ("invertigo", "pass") and not action.args:
        return None
    return Illegal("OMBRES.ID.INVERTIGO", f"play Invertigo against {step.args[0]}, or pass")


def do_invertigo(table: Table, step: Step, action: Action) -> None:
    """Any holder may cancel a Limbes card just drawn, asked in turn order from the drawer (K11).

    (Part of OMBRES.ID.INVERTIGO.)
    """
    card, holder, rest = step.args[0], int(step.args[1]), step.args[2:]
    if action.verb == "invertigo":
        table.objets_l[holder] = None
        table.id_discard = plus(table.id_discard, "invertigo")
        table.limbes_discard = plus(table.limbes_discard, card)
        table.emit("invertigo", "OMBRES.ID.INVERTIGO",
                   f"p{holder} plays Invertigo: {card_name(card)} has no effect", card)
    elif rest:
        table.steps_l.insert(0, Step("invertigo", (card, *rest)))
    else:
        table.steps_l.insert(0, Step("limbes", (card,)))


def limbes_effect(table: Table, card: str, rules: Rules) -> None:
    """The effect of a Limbes card: a Malédiction stays in force, an Embûche acts at once.

    Rules: OMBRES.LIMBES.DURATION, OMBRES.LIMBES.AMNESIE, OMBRES.LIMBES.TEMPS, OMBRES.LIMBES.VORTEX
    Rules: OMBRES.LIMBES.MANIPULATION, OMBRES.LIMBES.ILLUSION, OMBRES.LIMBES.REVEIL, OMBRES.LIMBES.BROUILLARD
    Rules: OMBRES.LIMBES.FAUSSE-PISTE
    """
    rule = limbes_rule(card)
    # Rule: OMBRES.LIMBES.SILENCE (a table rule: the oracle only keeps it in force and reports it)
    if card in MALEDICTIONS:
        table.curses = (*table.curses, Curse(card, table.current))
        table.emit("curse", rule, f"{card_name(card)} is in force until the end of p{table.current}'s next turn",
                   card)
        return
    table.limbes_discard = plus(table.limbes_discard, card)
    if card == "amnesie":
        amnesie(table, rules)
        return
    if card == "temps-accelere":
        advance_clock(table, rule, "Temps accéléré")
        return
    if table.hour < EFFECT_HOUR:
        table.emit("no-effect", rule, f"{card_name(card)} has no effect before 3 h")
        return
    if card == "vortex":
        rotate_block(table)
        table.emit("rotate", rule, "all Lieux turn a quarter turn clockwise as one block")
    elif card == "manipulation":
        first, second = facing_places(table, table.current)
        swap_places(table, first, second)
        table.emit("swap-lieux", rule, f"the Lieux at {first} and {second} swap places", first, second)
    elif card == "illusion":
        table.steps_l.insert(0, Step("illusion"))
    elif card == "reveil":
        table.steps_l.insert(0, Step("trap-slot"))
    elif card == "brouillard":
        givers = tuple(lieu for lieu in LIEUX if free_tiles(table, lieu, rules))
        if not givers:  # an Embûche whose effect cannot be applied is discarded with no effect
            table.emit("no-effect", rule, "no Lieu has a free tile: no effect")
            return
        table.steps_l[0:0] = [Step("pick", (lieu,)) for lieu in givers] + [Step("place", givers), Step("shuffle")]
    elif card == "fausse-piste":
        if not table.agency:
            table.emit("no-effect", rule, "the Agence is empty: no effect")
            return
        if not fausse_piste_room(table):
            table.emit("no-effect", rule, "fewer than 2 free slots for the pair: no effect")
            return
        table.steps_l[0:0] = [Step("pick-pair"), Step("pick", ("any",)), Step("pick", ("any",)),
                              Step("place", ("spread",)), Step("shuffle")]


def fausse_piste_room(table: Table) -> bool:
    """Fausse piste can be applied only if the Lieux have two free slots for the pair's tiles.

    Each extra tile frees the slot it leaves, so the pair needs two slots of
    its own; without them the Embûche cannot be applied and is discarded
    with no effect.

    (Part of OMBRES.LIMBES.FAUSSE-PISTE.)
    """
    return len(empty_slots(table)) >= 2


def illusion_roll(table: Table, face: str) -> None:
    """Roll until the die shows a Lieu, then turn that Lieu; a Loupe or Horloge is only rolled again (K18).

    (Part of OMBRES.LIMBES.ILLUSION.)
    """
    if face in LIEUX:
        rotate_lieu(table, face)
        table.emit("rotate", "OMBRES.LIMBES.ILLUSION", f"the {LIEU_NAMES[face]} Lieu turns a quarter turn clockwise",
                   face)
    else:
        table.emit("reroll", "OMBRES.LIMBES.ILLUSION", f"the die shows the {FACE_NAMES[face]}: roll again", face)
        table.steps_l.insert(0, Step("illusion"))


def amnesie(table: Table, rules: Rules) -> None:
    """Every clue on the Lieux goes back to its owner, under a cube or on a Chronogyre tile too
    (``amnesie-spares-chronogyre``: the clue on a Chronogyre tile stays).

    (Part of OMBRES.LIMBES.AMNESIE.)
    """
    for loc, cell in board_items(table):
        if cell.clue is not None and not (cell.kept and rules.has("amnesie-spares-chronogyre")):
            return_clue(table, loc)


def free_tiles(table: Table, lieu: str | None, rules: Rules) -> list[Loc]:
    """Tiles Brouillard and Fausse piste may take: no cube, not kept up by a Chronogyre (A11, K16);
    ``free-means-unmarked``: no clue either."""
    free = is_unmarked_tile if rules.has("free-means-unmarked") else is_free_tile
    return [loc for loc, cell in board_items(table)
            if free(cell) and (lieu is None or loc_lieu(loc) == lieu)]


def check_pick(table: Table, step: Step, action: Action, rules: Rules) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    Rule: OMBRES.CUBE.BLOCKS (and part of OMBRES.LIMBES.BROUILLARD and FAUSSE-PISTE)
    """
    lieu = None if step.args[0] == "any" else step.args[0]
    rule = "OMBRES.LIMBES.FAUSSE-PISTE" if lieu is None else "OMBRES.LIMBES.BROUILLARD"
    if action.verb != "pick" or len(action.args) != 1:
        return Illegal(rule, "pick a tile to shuffle: pick SLOT")
    loc = action.args[0]
    cell = table.board_map.get(loc)
    if cell is not None and cell.cube:
        return Illegal("OMBRES.CUBE.BLOCKS", f"the tile on {loc} bears a Hercule cube and cannot be shuffled")
    if loc not in free_tiles(table, lieu, rules):
        return Illegal(rule, f"{loc} is not a free tile{'' if lieu is None else ' of ' + lieu}")
    return None


def do_pick(table: Table, step: Step, action: Action) -> None:
    loc = action.args[0]
    cell = table.board_map.pop(loc)
    table.held = (*table.held, (cell.tile, cell.clue))
    table.dests = (*table.dests, loc)  # where it came from, until it is placed
    table.emit("pick", "OMBRES.LIMBES.BROUILLARD", f"the tile on {loc} is taken to be shuffled", loc)


def check_pick_pair(table: Table, step: Step, action: Action) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    (Part of OMBRES.LIMBES.FAUSSE-PISTE.)
    """
    if action.verb == "pair" and len(action.args) == 1 and action.args[0] in table.agency:
        return None
    return Illegal("OMBRES.LIMBES.FAUSSE-PISTE", "choose a cleared pair of the Agence: pair SUSPECT")


def do_pick_pair(table: Table, step: Step, action: Action) -> None:
    tile = action.args[0]
    agency = list(table.agency)
    agency.remove(tile)
    table.agency = tuple(agency)
    table.held = (*table.held, (tile, None), (tile, None))
    table.dests = (*table.dests, "agency", "agency")
    table.emit("unclear", "OMBRES.LIMBES.FAUSSE-PISTE", f"the pair {tile} leaves the Agence", tile)


def place_targets(table: Table, step: Step, placed: list[Loc]) -> list[Loc]:
    """Free slots for the next shuffled tile.

    Brouillard: one per giving Lieu, in order.  Fausse piste: a Lieu not used
    yet while one has a free slot, otherwise anywhere (K16).
    """
    if step.args[0] == "spread":
        unused = [lieu for lieu in LIEUX if lieu not in {loc_lieu(p) for p in placed}]
        options = [loc for lieu in unused for loc in empty_slots(table, lieu) if loc not in placed]
        return options or [loc for loc in empty_slots(table) if loc not in placed]
    lieu = step.args[len(placed)]
    return [loc for loc in empty_slots(table, lieu) if loc not in placed]


def placed_so_far(table: Table) -> list[Loc]:
    return list(table.dests[len(table.held):])


def check_place(table: Table, step: Step, action: Action) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    (Part of OMBRES.LIMBES.BROUILLARD, OMBRES.LIMBES.FAUSSE-PISTE.)
    """
    rule = "OMBRES.LIMBES.FAUSSE-PISTE" if step.args[0] == "spread" else "OMBRES.LIMBES.BROUILLARD"
    if action.verb != "place" or len(action.args) != 1:
        return Illegal(rule, "choose a free slot: place SLOT")
    if action.args[0] not in place_targets(table, step, placed_so_far(table)):
        return Illegal(rule, f"{action.args[0]} is not a free slot allowed here")
    return None


def do_place(table: Table, step: Step, action: Action) -> None:
    table.dests = (*table.dests, action.args[0])
    if len(placed_so_far(table)) < len(table.held):
        table.steps_l.insert(0, step)


def shuffle_outcomes(table: Table) -> list[tuple[int, ...]]:
    from itertools import permutations

    return list(permutations(range(1, len(table.held) + 1)))


def do_shuffle(table: Table, order: tuple[int, ...]) -> None:
    """The shuffled tiles go face down to the chosen slots, clues with them; everyone forgets them (K2).

    (Part of OMBRES.LIMBES.BROUILLARD, OMBRES.LIMBES.FAUSSE-PISTE, OMBRES.OBSERVE.)
    """
    sources = table.dests[: len(table.held)]
    targets = placed_so_far(table)
    if len(table.held) == 1 and sources[0] != "agency":
        move_memory(table, sources[0], targets[0], observers(table))
    else:
        for source in sources:
            if source != "agency":
                forget(table, source)
    for target, k in zip(targets, order, strict=True):
        tile, clue = table.held[k - 1]
        table.board_map[target] = Cell(tile, clue=clue)
    table.emit("shuffle", "OMBRES.LIMBES.BROUILLARD",
               f"{counted(len(targets), 'tile')} {agreeing(len(targets), 'is', 'are')} shuffled face down onto"
               f" {', '.join(targets)}", *targets)
    table.held, table.dests = (), ()
