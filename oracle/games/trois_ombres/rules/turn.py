"""The turn: bluff or roll, rerolls and peeks, the reveals, and what two revealed tiles make.

Rules are checked by `check_turn` (one clause per test, the first broken
clause is named) and carried out by `do_turn`; `turn_candidates` lists the
actions worth checking, in documented order.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.games.trois_ombres.actions import Action, Illegal
from oracle.games.trois_ombres.components import (
    FACE_NAMES,
    LIEUX,
    Loc,
    Rules,
    card_name,
    loc_lieu,
    tile_is_trap,
    tile_words,
)
from oracle.games.trois_ombres.rules import clock
from oracle.games.trois_ombres.rules.clock import (
    BLUFF_HOUR,
    advance_clock,
    bluff,
    clear_pair,
    return_clue,
)
from oracle.games.trois_ombres.rules.knowledge import curse_in_force, observers, see, swap_memory
from oracle.games.trois_ombres.rules.places import (
    board_items,
    board_locs,
    is_revealable,
    revealable_in,
)
from oracle.games.trois_ombres.rules.traps import apply_trap
from oracle.games.trois_ombres.state import Step, Table, TurnInfo, plus
from oracle.words import counted

PEEK_RULE = {
    "allison": "OMBRES.ABILITY.ALLISON", "zacahire": "OMBRES.ABILITY.ZACAHIRE",
    "loupe-analytique": "OMBRES.ID.LOUPE", "oreillettes": "OMBRES.ID.OREILLETTES",
}


def investigator(table: Table) -> str:
    return table.investigators[table.current]


def ability_usable(table: Table, name: str) -> bool:
    """An investigator's ability, on their own turn, unless Confusion is in force.

    (Part of OMBRES.LIMBES.CONFUSION.)
    """
    return investigator(table) == name and not curse_in_force(table, "confusion")


def holds(table: Table, objet: str) -> bool:
    return table.objets_l[table.current] == objet


# --- the reveal step -------------------------------------------------------------------


def reveal_plan(table: Table) -> tuple[str | None, int]:
    """The Lieu whose reveal is owed and the reveals left, fixed when the reveal step begins.

    A Lieu face owes one reveal in the Lieu shown and one of choice; if that
    Lieu has no revealable tile at that moment, one reveal of choice only.

    Rules: OMBRES.DIE, OMBRES.REVEAL.DESIGNATED
    """
    turn = table.turn
    if turn.begun:
        return turn.designated, turn.left
    face = turn.face
    if face in LIEUX:
        if revealable_in(table, face):
            return face, 2
        return None, 1
    return None, 2


def taken_ok(table: Table, loc: Loc) -> Illegal | None:
    """Whether ``loc`` may be taken as one of this turn's tiles.

    Rule: OMBRES.ID.CHRONOGYRE
    """
    cell = table.board_map.get(loc)
    if cell is None:
        return Illegal("OMBRES.REVEAL.TILE", f"there is no tile on {loc}")
    if cell.cube:
        return Illegal("OMBRES.CUBE.BLOCKS", f"the tile on {loc} bears a Hercule cube and cannot be revealed")
    if loc in table.turn.revealed:
        return Illegal("OMBRES.REVEAL.TILE", f"the tile on {loc} was already taken this turn")
    if cell.up and not cell.kept:
        return Illegal("OMBRES.REVEAL.TILE", f"the tile on {loc} is already face up")
    return None


def check_reveal(table: Table, loc: Loc, rules: Rules) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    Rule: OMBRES.LIMBES.PARALYSIE
    """
    designated, left = reveal_plan(table)
    if left <= 0:
        return Illegal("OMBRES.REVEAL.TILE", "no reveal is left this turn")
    problem = taken_ok(table, loc)
    if problem is not None:
        return problem
    if designated is not None and loc_lieu(loc) != designated:
        first_rule = not rules.has("lieu-reveal-any-order")
        if first_rule or left == 1:
            return Illegal("OMBRES.REVEAL.DESIGNATED",
                           f"the die shows the {FACE_NAMES[designated]}: reveal a tile of that Lieu first, not {loc}")
    revealed = table.turn.revealed
    if revealed and curse_in_force(table, "paralysie") and loc_lieu(loc) != loc_lieu(revealed[0]):
        return Illegal("OMBRES.LIMBES.PARALYSIE", f"under Paralysie both tiles come from one Lieu: {loc} is not in "
                       f"{loc_lieu(revealed[0])}")
    return None


def check_uncube(table: Table, loc: Loc, rules: Rules) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    Rule: OMBRES.CUBE.REMOVE
    """
    cell = table.board_map.get(loc)
    if cell is None or not cell.cube:
        return Illegal("OMBRES.CUBE.REMOVE", f"there is no Hercule cube on {loc}")
    if reveal_plan(table)[1] <= 0:
        return Illegal("OMBRES.CUBE.REMOVE", "no reveal is left this turn")
    limit = 2 if rules.has("cube-removals-2") else 1
    if table.turn.removals >= limit:
        return Illegal("OMBRES.CUBE.REMOVE", f"only {limit} Hercule cube removal a turn")
    designated, left = reveal_plan(table)
    if left - (1 if designated is not None else 0) < 1:
        return Illegal("OMBRES.CUBE.REMOVE", "a cube removal replaces the reveal of choice, which is used")
    return None


# --- the turn step ---------------------------------------------------------------------


def check_turn(table: Table, action: Action, rules: Rules) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    Rule: OMBRES.TURN
    """
    turn = table.turn
    verb, args = action.verb, action.args
    rolled = turn.face is not None
    if verb == "roll":
        return None if not rolled and not args else Illegal("OMBRES.TURN", "the die was already rolled")
    if verb == "bluff":
        if rolled:
            return Illegal("OMBRES.BLUFF", "a bluff replaces the roll: the die was already rolled")
        if table.hour < BLUFF_HOUR:
            return Illegal("OMBRES.BLUFF", f"a bluff needs 6 hours or more; the clock shows {table.hour} h")
        if len(args) != 1:
            return Illegal("OMBRES.BLUFF", "bluff names one tile")
        return taken_ok(table, args[0])
    if verb == "use" and args[:1] == ("archeoscript",):
        if rolled or not holds(table, "archeoscript") or turn.archeo:
            return Illegal("OMBRES.ID.ARCHEOSCRIPT", "Archéoscript is played by its holder before rolling")
        return None
    if verb == "use" and args[:1] == ("revelateur",):
        if (turn.begun and not rules.has("revelateur-any-time")) or not holds(table, "revelateur"):
            return Illegal("OMBRES.ID.REVELATEUR", "Révélateur d'empreinte is played by its holder before revealing")
        if not any(cell.cube for cell in table.board_map.values()):
            return Illegal("OMBRES.ID.REVELATEUR", "there is no Hercule cube on the Lieux")
        if turn.begun and reveal_plan(table)[1] <= 0:
            return Illegal("OMBRES.ID.REVELATEUR", "no reveal is left this turn")
        return None
    if not rolled:
        return Illegal("OMBRES.TURN", f"roll the die first (or bluff from 6 h): {action}")
    if verb in ("reroll", "use") and (verb == "reroll" or args[:1] == ("stylo-traducteur",)):
        return check_reroll(table, action, rules)
    if verb in ("peek", "use"):
        return check_peek(table, action, rules)
    if verb == "reveal" and len(args) == 1:
        return check_reveal(table, args[0], rules)
    if verb == "uncube" and len(args) == 1:
        return check_uncube(table, args[0], rules)
    if verb == "done" and not args:
        return check_stop(table, rules)
    return Illegal("OMBRES.TURN", f"not an action of this point of the turn: {action}")


def check_stop(table: Table, rules: Rules) -> Illegal | None:
    """The reveals may end early only when no tile can be revealed: a cube removal is a choice, a reveal is not.

    Rule: OMBRES.CUBE.OPTIONAL
    """
    revealable = [loc for loc in board_locs(table) if check_reveal(table, loc, rules) is None]
    if revealable:
        return Illegal("OMBRES.CUBE.OPTIONAL", f"a tile can still be revealed ({', '.join(revealable)}): "
                       "the reveals end only when none can")
    return None


def check_reroll(table: Table, action: Action, rules: Rules) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    Rules: OMBRES.ABILITY.LUCILE, OMBRES.ID.STYLO
    """
    turn = table.turn
    rule = "OMBRES.ABILITY.LUCILE" if action.verb == "reroll" else "OMBRES.ID.STYLO"
    if action.verb == "reroll":
        if investigator(table) != "lucile":
            return Illegal(rule, "only Lucile Finemouche may reroll")
        if not ability_usable(table, "lucile"):
            return Illegal("OMBRES.LIMBES.CONFUSION", "under Confusion no investigator may use an ability")
        if turn.lucile:
            return Illegal(rule, "Lucile rerolls once a turn")
    elif not holds(table, "stylo-traducteur"):
        return Illegal(rule, "the player holds no Stylo traducteur")
    if turn.accepted:
        return Illegal(rule, "the die result has already been applied")
    if turn.rerolled and not rules.has("reroll-chain"):
        return Illegal(rule, "this result is itself a reroll and must be applied")
    return None


def peek_targets(table: Table, source: str) -> list[Loc]:
    """The tiles a peek may look at.  Only Zacahire may look under a Hercule cube (K8).

    Rules: OMBRES.ABILITY.ALLISON, OMBRES.ABILITY.ZACAHIRE, OMBRES.ID.LOUPE, OMBRES.ID.OREILLETTES
    """
    items = board_items(table)
    if source == "zacahire":
        return [loc for loc, cell in items if not cell.up and (cell.clue is not None or cell.cube)]
    if source == "oreillettes":
        return [loc for loc, cell in items if is_revealable(cell) and cell.clue is not None]
    return [loc for loc, cell in items if is_revealable(cell)]


def check_peek(table: Table, action: Action, rules: Rules) -> Illegal | None:
    """Why the action breaks these clauses, or None.

    (Part of OMBRES.ABILITY.ALLISON, OMBRES.ABILITY.ZACAHIRE, OMBRES.ID.LOUPE, OMBRES.ID.OREILLETTES,
    OMBRES.CUBE.BLOCKS.)
    """
    turn = table.turn
    if action.verb == "peek":
        source, locs = action.args[0], action.args[1:]
        if source not in ("allison", "zacahire"):
            return Illegal("OMBRES.TURN", f"{source} has no ability to look at tiles (allison, zacahire)")
        if investigator(table) != source:
            return Illegal(PEEK_RULE[source], f"the player is {investigator(table)}, not {source}")
        if not ability_usable(table, source):
            return Illegal("OMBRES.LIMBES.CONFUSION", "under Confusion no investigator may use an ability")
        if source in turn.used:
            return Illegal(PEEK_RULE[source], "the ability was already used this turn")
    else:
        source, locs = action.args[0], action.args[1:]
        if source not in ("loupe-analytique", "oreillettes"):
            return Illegal("OMBRES.TURN", f"not an action of this point of the turn: {action}")
        if not holds(table, source):
            return Illegal(PEEK_RULE[source], f"the player holds no {source}")
    rule = PEEK_RULE[source]
    if turn.begun:
        return Illegal(rule, "peeks come before the reveals")
    targets = peek_targets(table, source)
    two = source in ("zacahire", "oreillettes")
    if two and len(targets) < 2 and rules.has("peeks-need-two"):
        return Illegal(rule, f"there are not two tiles to look at ({len(targets)})")
    wanted = min(2 if two else 1, len(targets))
    counts = (1, wanted) if two and rules.has("peeks-may-stop") else (wanted,)
    if len(locs) not in counts or len(set(locs)) != len(locs) or wanted == 0:
        return Illegal(rule, f"look at exactly {counted(wanted, 'tile')} here")
    for loc in locs:
        if loc not in targets:
            cell = table.board_map.get(loc)
            if cell is not None and cell.cube and source != "zacahire":
                return Illegal("OMBRES.CUBE.BLOCKS", f"the tile on {loc} bears a Hercule cube and cannot be looked at")
            return Illegal(rule, f"{loc} cannot be looked at by this peek")
    return None


def turn_candidates(table: Table, rules: Rules) -> list[Action]:
    """The actions worth checking in the turn step, in documented order."""
    turn = table.turn
    locs = board_locs(table)
    out: list[Action] = []
    if turn.face is None:
        out.append(Action("roll"))
        out += [Action("bluff", (loc,)) for loc in locs]
        out += [Action("use", ("archeoscript",)), Action("use", ("revelateur",))]
        return out
    if not turn.begun:
        out += [Action("reroll"), Action("use", ("stylo-traducteur",)), Action("use", ("revelateur",))]
        for source in ("allison", "zacahire", "loupe-analytique", "oreillettes"):
            targets = peek_targets(table, source)
            two = source in ("zacahire", "oreillettes") and len(targets) >= 2
            pairs = [(a, b) for i, a in enumerate(targets) for b in targets[i + 1:]]
            singles: list[tuple[str, ...]] = [(t,) for t in targets]
            groups = [*singles, *pairs] if two and rules.has("peeks-may-stop") else pairs if two else singles
            verb = "peek" if source in ("allison", "zacahire") else "use"
            out += [Action(verb, (source, *group)) for group in groups]
    else:
        out.append(Action("use", ("revelateur",)))
    out += [Action("reveal", (loc,)) for loc in locs]
    out += [Action("uncube", (loc,)) for loc in locs]
    out.append(Action("done"))
    return out


def face_shown(table: Table, rules: Rules) -> None:
    """The die has shown a face: if nothing can reroll it, it is applied at once, so that an Horloge
    face advances the clock before anything else (at 11 h the game is lost there and then).

    (Part of OMBRES.DIE.)
    """
    rerolls = (Action("reroll"), Action("use", ("stylo-traducteur",)))
    if all(check_reroll(table, reroll, rules) is not None for reroll in rerolls):
        accept_face(table)


def accept_face(table: Table) -> None:
    """The die result takes effect: an Horloge face advances the clock first (a rerolled one never does).

    (Part of OMBRES.DIE.)
    """
    if table.turn.accepted:
        return
    table.turn = replace(table.turn, accepted=True)
    if table.turn.face == "horloge":
        advance_clock(table, "OMBRES.DIE", "Horloge face")


def begin_reveals(table: Table) -> None:
    """The reveal step begins: the owed Lieu and the number of reveals are fixed now (K4).

    (Part of OMBRES.REVEAL.DESIGNATED.)
    """
    if not table.turn.begun:
        designated, left = reveal_plan(table)
        table.turn = replace(table.turn, begun=True, designated=designated, left=left)


def do_turn(table: Table, action: Action, rules: Rules) -> None:
    """Carry out a legal action of the turn step."""
    verb, args = action.verb, action.args
    if verb == "roll":
        table.steps_l[0:0] = [Step("die"), Step("turn")]
        return
    if verb == "bluff":
        table.steps_l.insert(0, Step("turn"))
        bluff(table, args[0])
        return
    if verb == "use" and args[0] == "archeoscript":
        discard_objet(table, "archeoscript", "OMBRES.ID.ARCHEOSCRIPT")
        table.turn = replace(table.turn, archeo=2)
        table.emit("archeoscript", "OMBRES.ID.ARCHEOSCRIPT", "Archéoscript: this player plays two turns")
        table.steps_l.insert(0, Step("turn"))
        return
    if verb == "reroll" or (verb == "use" and args[0] == "stylo-traducteur"):
        if verb == "use":
            discard_objet(table, "stylo-traducteur", "OMBRES.ID.STYLO")
        else:
            table.turn = replace(table.turn, lucile=True)
        table.turn = replace(table.turn, face=None, rerolled=True)
        rule = "OMBRES.ABILITY.LUCILE" if verb == "reroll" else "OMBRES.ID.STYLO"
        table.emit("reroll", rule, "the die is rolled again")
        table.steps_l[0:0] = [Step("die"), Step("turn")]
        return
    if table.turn.face is not None and not (verb == "use" and args[0] == "revelateur"
                                            and rules.has("revelateur-keeps-reroll")):
        accept_face(table)
        if table.result is not None:
            return
    if verb == "use" and args[0] == "revelateur":
        revelateur(table)
    elif verb in ("peek", "use"):
        source, locs = args[0], args[1:]
        if verb == "use":
            discard_objet(table, source, PEEK_RULE[source])
        else:
            table.turn = replace(table.turn, used=(*table.turn.used, source))
        for loc in locs:
            see(table, loc, table.board_map[loc].tile, [table.current])
            table.emit("peek", PEEK_RULE[source], f"p{table.current} looks secretly at {loc}", loc)
    elif verb == "uncube":
        begin_reveals(table)
        table.set_cell(args[0], cube=False)
        table.cubes += 1
        t = table.turn
        table.turn = replace(t, removals=t.removals + 1, left=t.left - 1)
        table.emit("uncube", "OMBRES.CUBE.REMOVE", f"the Hercule cube on {args[0]} goes back to the supply", args[0])
    elif verb == "reveal":
        begin_reveals(table)
        if reveal(table, args[0], rules):
            return  # a trap ended the reveals
    elif verb == "done":
        begin_reveals(table)
        table.turn = replace(table.turn, left=0)
        table.emit("stop", "OMBRES.CUBE.OPTIONAL", f"p{table.current} reveals no more tiles")
    table.steps_l.insert(0, Step("turn"))
    if table.turn.begun and not any(a.verb != "done" and check_turn(table, a, rules) is None
                                    for a in turn_candidates(table, rules)):
        table.steps_l.pop(0)
        resolve(table, rules)


def reveal(table: Table, loc: Loc, rules: Rules) -> bool:
    """Reveal one tile (under Paranoïa: look at it secretly); a trap takes effect at once.

    Rule: OMBRES.LIMBES.PARANOIA
    """
    t = table.turn
    designated = None if t.designated is not None and loc_lieu(loc) == t.designated else t.designated
    table.turn = replace(t, revealed=(*t.revealed, loc), left=t.left - 1, designated=designated)
    cell = table.board_map[loc]
    paranoia = curse_in_force(table, "paranoia")
    if paranoia and not cell.up:
        see(table, loc, cell.tile, [table.current])
        table.emit("look", "OMBRES.LIMBES.PARANOIA", f"p{table.current} looks secretly at {loc}", loc)
    elif not cell.up:
        table.set_cell(loc, up=True)
        return_clue(table, loc)
        see(table, loc, cell.tile, observers(table))
        table.emit("reveal", "OMBRES.REVEAL.TILE", f"{loc} is revealed: {tile_words(cell.tile)}", loc, cell.tile)
    else:
        table.emit("take", "OMBRES.ID.CHRONOGYRE", f"the face-up {cell.tile} on {loc} is taken as a tile", loc)
    if tile_is_trap(cell.tile) and not paranoia:
        trap_turn(table, loc, cell.tile, rules)
        return True
    return False


def trap_turn(table: Table, loc: Loc, kind: str, rules: Rules) -> None:
    """A trap revealed first stops the reveals; revealed second, the other tile is turned down first.

    Then the trap takes effect and is discarded; the turn draws no Limbes card (K3).

    (Part of OMBRES.TRAP.ORDER.)
    """
    others = list(table.turn.revealed[:-1])
    if others and curse_in_force(table, "hallucination") and rules.has("hallucination-trap-swap"):
        hallucinate(table, others[0], loc)
        others, loc = [loc], others[0]
    for other in others:
        cell = table.board_map[other]
        if not cell.kept:
            table.set_cell(other, up=False)
            table.emit("turn-down", "OMBRES.TRAP.ORDER", f"{other} is turned face down before the trap acts", other)
    table.turn = replace(table.turn, left=0)
    tail = [Step("discard-trap", (loc,))]
    if rules.has("trap-also-limbes") and not table.turn.archeo:
        tail.append(Step("draw-limbes"))
    tail.append(Step("end-turn"))
    table.steps_l[0:0] = tail
    apply_trap(table, kind, rules)


def resolve(table: Table, rules: Rules) -> None:
    """What the tiles of the turn make: a pair, two different suspects, or fewer than two.

    Rules: OMBRES.MISMATCH, OMBRES.ONE-TILE
    """
    taken = list(table.turn.revealed)
    tiles = [table.board_map[loc].tile for loc in taken]
    later: list[Step] = []
    archeo = bool(table.turn.archeo)
    if len(taken) == 2 and clock.is_pair(tiles[0], tiles[1]):
        for loc in taken:
            if not table.board_map[loc].up:  # looked at under Paranoïa: now shown
                see(table, loc, tiles[0], observers(table))
        clear_pair(table, taken[0], taken[1], "OMBRES.PAIR")
        if table.result is not None:
            return
        later.append(Step("draw-id"))
        if not archeo:
            later.append(Step("trap-slot"))
    else:
        if len(taken) == 2 and curse_in_force(table, "hallucination"):
            hallucinate(table, taken[0], taken[1])
        for loc in taken:
            if not table.board_map[loc].kept and table.board_map[loc].up:
                table.set_cell(loc, up=False)
                table.emit("turn-down", "OMBRES.MISMATCH", f"{loc} is turned face down again", loc)
        rule = "OMBRES.MISMATCH" if len(taken) == 2 else "OMBRES.ONE-TILE"
        table.emit("no-pair", rule, "no pair this turn")
        downs = [loc for loc in taken if not table.board_map[loc].kept]
        if downs and not curse_in_force(table, "brume"):
            later.append(Step("clues", tuple(downs)))
        if not archeo:
            later.append(Step("draw-limbes"))
    later.append(Step("end-turn"))
    table.steps_l[0:0] = later


def hallucinate(table: Table, first: Loc, second: Loc) -> None:
    """Hallucination: the two tiles just revealed swap places (clues travel with them).

    Rule: OMBRES.LIMBES.HALLUCINATION
    """
    a, b = table.board_map[first], table.board_map[second]
    table.board_map[first], table.board_map[second] = b, a
    swap_memory(table, first, second, observers(table))
    table.emit("swap", "OMBRES.LIMBES.HALLUCINATION", f"Hallucination: {first} and {second} swap places", first, second)


def discard_objet(table: Table, objet: str, rule: str) -> None:
    """An Objet is discarded once used."""
    table.objets_l[table.current] = None
    table.id_discard = plus(table.id_discard, objet)
    table.emit("objet-used", rule, f"p{table.current} uses {card_name(objet)}", objet)


def revelateur(table: Table) -> None:
    """Révélateur d'empreinte: every Hercule cube on the Lieux goes back to the supply.

    Rule: OMBRES.ID.REVELATEUR
    """
    discard_objet(table, "revelateur", "OMBRES.ID.REVELATEUR")
    for loc, cell in list(table.board_map.items()):
        if cell.cube:
            table.set_cell(loc, cube=False)
            table.cubes += 1


# --- clues -----------------------------------------------------------------------------


def check_clue(table: Table, step: Step, action: Action) -> Illegal | None:
    """Clues go only on the tiles just turned back, one per tile; with an empty reserve, move your own.

    Rule: OMBRES.LIMBES.BRUME
    """
    me = table.current
    verb, args = action.verb, action.args
    if verb == "done" and not args:
        return None
    if curse_in_force(table, "brume"):
        return Illegal("OMBRES.LIMBES.BRUME", "under Brume no clue may be left on the Lieux")
    target = args[-1] if args else ""
    if target not in step.args:
        just = ", ".join(step.args)
        return Illegal("OMBRES.CLUE", f"a clue goes only on a tile just turned back ({just}), not {target}")
    cell = table.board_map[target]
    if cell.clue is not None:
        return Illegal("OMBRES.CLUE", f"the tile on {target} already has a clue")
    if verb == "clue" and len(args) == 1:
        return None if table.reserve_l[me] > 0 else Illegal("OMBRES.CLUE", "the player's reserve is empty")
    if verb == "move-clue" and len(args) == 2:
        source = table.board_map.get(args[0])
        if table.reserve_l[me] > 0:
            return Illegal("OMBRES.CLUE", "clues are moved only when the reserve is empty")
        if source is None or source.clue != me:
            return Illegal("OMBRES.CLUE", f"there is no clue of p{me} on {args[0]}")
        return None
    if verb == "use" and args[:1] == ("chronogyre",) and len(args) == 2:
        if not holds(table, "chronogyre"):
            return Illegal("OMBRES.ID.CHRONOGYRE", "the player holds no Chronogyre")
        if table.reserve_l[me] == 0:
            return Illegal("OMBRES.ID.CHRONOGYRE", "Chronogyre needs a clue from the player's reserve")
        if curse_in_force(table, "paranoia"):
            return Illegal("OMBRES.ID.CHRONOGYRE", "under Paranoïa the tiles were only looked at")
        if tile_is_trap(cell.tile):
            return Illegal("OMBRES.ID.CHRONOGYRE", f"the tile on {target} is not a suspect")
        return None
    return Illegal("OMBRES.CLUE", f"not an action of the clue step: {action}")


def clue_candidates(table: Table, step: Step) -> list[Action]:
    own = sorted(loc for loc, cell in table.board_map.items() if cell.clue == table.current)
    out = [Action("clue", (loc,)) for loc in step.args]
    out += [Action("move-clue", (src, loc)) for src in own for loc in step.args]
    out += [Action("use", ("chronogyre", loc)) for loc in step.args]
    out.append(Action("done"))
    return out


def do_clue(table: Table, step: Step, action: Action) -> None:
    """Leave a clue, move one, or play the Chronogyre.

    (Part of OMBRES.CLUE, OMBRES.ID.CHRONOGYRE.)
    """
    me = table.current
    if action.verb == "done":
        return
    target = action.args[-1]
    if action.verb == "move-clue":
        table.set_cell(action.args[0], clue=None)
        table.emit("clue-moved", "OMBRES.CLUE", f"p{me} moves a clue from {action.args[0]} to {target}",
                   action.args[0], target)
    else:
        table.reserve_l[me] -= 1
        table.emit("clue", "OMBRES.CLUE", f"p{me} leaves a clue on {target}", target)
    table.set_cell(target, clue=me)
    if action.verb == "use":
        discard_objet(table, "chronogyre", "OMBRES.ID.CHRONOGYRE")
        cell = table.board_map[target]
        table.set_cell(target, up=True, kept=True)
        see(table, target, cell.tile, observers(table))
        table.emit("kept-up", "OMBRES.ID.CHRONOGYRE",
                   f"{target} is turned face up again and stays so until its pair is made (Chronogyre)", target)
    table.steps_l.insert(0, step)


# --- end of turn -----------------------------------------------------------------------


def end_turn(table: Table) -> None:
    """The player's Malédictions from their previous turn are discarded; play passes left.

    Under Archéoscript the same player plays again.  The next player opens
    their eyes.

    Rule: OMBRES.ID.ARCHEOSCRIPT
    """
    me = table.current
    kept = []
    for curse in table.curses:
        if curse.drawer != me:
            kept.append(curse)
        elif curse.fresh:
            kept.append(replace(curse, fresh=False))
        else:
            table.limbes_discard = plus(table.limbes_discard, curse.card)
            table.emit("curse-ends", "OMBRES.LIMBES.DURATION", f"{card_name(curse.card)} ends and is discarded",
                       curse.card)
    table.curses = tuple(kept)
    archeo = table.turn.archeo
    nxt = me if archeo == 2 else (me + 1) % table.players
    table.current = nxt
    table.turn = TurnInfo(archeo=1 if archeo == 2 else 0)
    if table.closed_l[nxt]:
        table.closed_l[nxt] = False
        table.emit("eyes-open", "OMBRES.EYES", f"p{nxt} opens their eyes", str(nxt))
    table.steps_l.insert(0, Step("turn"))
    table.emit("next", "OMBRES.TURN", f"p{nxt} to play", str(nxt))
