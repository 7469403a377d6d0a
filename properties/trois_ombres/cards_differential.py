"""The engine's Limbes cards and 3ID cards against `properties.trois_ombres.cards_model`.

Two comparisons, made after every step of the model-based machine
(`model_machine.play_game`) and at every position of the model differential's
sample (`model_differential.check_sample`, every legal action applied):

* `compare_card_legal`: at a card's own steps (Brouillard's and Fausse
  piste's picks and places, the pair to take back, a trap's slot, the
  Calepin's other player, Invertigo, a second Objet, the Chronogyre at the
  clue step) and in the turn while a Malédiction or an Objet is in play
  (Paralysie's reveals, Confusion's abilities, the Objets' uses), the engine's
  legal actions are the model's;
* `compare_card_action`: after a card is drawn (each Embûche's effect, or its
  discard when it cannot be applied; a Malédiction put in force; Invertigo's
  turn; a 3ID card's clue, Débriefing or Objet), after Illusion's rolls,
  Invertigo played or passed, the Calepin's choice, the Révélateur, and a reveal
  under Hallucination or Paranoïa, and at the end of each turn (the
  Malédictions that end), the engine's successor is the model's.

`COMPARED` counts the comparisons made, by card (``python -m properties.trois_ombres.model_machine``).
"""

from __future__ import annotations

from collections import Counter

from oracle.games.trois_ombres.actions import Action
from oracle.games.trois_ombres.components import Rules
from oracle.games.trois_ombres.state import State
from properties.trois_ombres import cards_model as cm
from properties.trois_ombres import model
from properties.trois_ombres.reading import board_of, table_of

COMPARED: Counter[str] = Counter()
# The turn steps these comparisons read: a turn under way, no Archéoscript (its two turns), no view.
PEEK_OBJETS = ("loupe-analytique", "oreillettes")


def curses_of(state: State) -> tuple[str, ...]:
    return tuple(c.card for c in state.curses)


def head(state: State) -> str | None:
    return state.steps[0].kind if state.steps and state.result is None else None


def args_of(legal: list[Action], verb: str, prefix: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    n = len(prefix)
    return {a.args[n:] for a in legal if a.verb == verb and a.args[:n] == prefix}


def firsts(found: set[tuple[str, ...]]) -> set[str]:
    return {args[0] for args in found}


def expect(name: str, seen: object, wanted: object) -> None:
    assert seen == wanted, f"{name}: engine {seen} model {wanted}"
    COMPARED[name.split(":")[0]] += 1


# --- legal actions ------------------------------------------------------------------------------


def compare_card_legal(state: State, legal: list[Action], rules: Rules) -> None:
    """At a card's step, or in a turn with a Malédiction or an Objet in play, the legal set is the model's."""
    kind = head(state)
    board = board_of(state)
    unmarked = rules.has("free-means-unmarked")
    if kind == "pick":
        lieu = state.steps[0].args[0]
        wanted = cm.free_tiles(board, None if lieu == "any" else lieu, unmarked)
        expect(f"brouillard and fausse piste picks: {lieu}", firsts(args_of(legal, "pick")), wanted)
    elif kind == "pick-pair":
        expect("fausse piste's pair", firsts(args_of(legal, "pair")), set(state.agency))
    elif kind == "place":
        expect("brouillard and fausse piste places", firsts(args_of(legal, "place")), place_targets(state))
    elif kind == "trap-slot":
        expect("a trap's slot", firsts(args_of(legal, "trap")), cm.empty_slots(board, state.slots))
    elif kind == "calepin":
        _, others = cm.extra_clue(state.current, state.stock)
        expect("calepin's other player", firsts(args_of(legal, "calepin")), {str(p) for p in others} | {"none"})
    elif kind == "keep":
        _, held, drawn = state.steps[0].args[:3]
        expect("a second objet", firsts(args_of(legal, "keep")), cm.objet_choice(held, drawn))
    if kind == "clues":
        expect("brume", cm.clue_step_open(curses_of(state)), True)
    if kind == "clues" and state.objets[state.current] == "chronogyre":
        wanted = cm.chronogyre_targets(state.steps[0].args, board, state.reserve[state.current], curses_of(state))
        expect("chronogyre", firsts(args_of(legal, "use", ("chronogyre",))), wanted)
    elif kind == "turn" and state.turn.archeo == 0:
        compare_turn(state, legal, rules)


def place_targets(state: State) -> set[str]:
    """OMBRES.LIMBES.BROUILLARD: a free slot of the next Lieu that gave a tile (one each, in the order they
    gave); FAUSSE-PISTE (``spread``): a free slot, in a Lieu not used yet while one of those has a free slot.
    The engine's ``dests`` holds where the tiles came from, then the slots chosen so far."""
    step = state.steps[0]
    placed = state.dests[len(state.held):]
    free = cm.empty_slots(board_of(state), state.slots) - set(placed)
    if step.args == ("spread",):
        used = {loc[0] for loc in placed}
        return {loc for loc in free if loc[0] not in used} or free
    return {loc for loc in free if loc[0] == step.args[len(placed)]}


def compare_turn(state: State, legal: list[Action], rules: Rules) -> None:
    """The Objets' uses, Confusion's abilities and Paralysie's reveals (OMBRES.ID.OBJET,
    OMBRES.LIMBES.CONFUSION, OMBRES.LIMBES.PARALYSIE)."""
    turn = state.turn
    board = board_of(state)
    objet = state.objets[state.current]
    curses = curses_of(state)
    uses = firsts(args_of(legal, "use"))
    expect("archeoscript", "archeoscript" in uses,
           objet == "archeoscript" and cm.archeoscript_playable(turn.face, turn.archeo))
    if not rules.has("revelateur-any-time"):
        expect("revelateur", "revelateur" in uses,
               objet == "revelateur" and cm.revelateur_playable(board, True, turn.begun))
    if not rules.has("revelateur-keeps-reroll"):
        expect("stylo", "stylo-traducteur" in uses,
               objet == "stylo-traducteur" and cm.stylo_playable(turn.face, turn.accepted, turn.rerolled))
    peeks_open = turn.face is not None and not turn.begun
    if objet in PEEK_OBJETS and not rules.has("peeks-need-two") and not rules.has("peeks-may-stop"):
        looks = cm.loupe_targets(board) if objet == "loupe-analytique" else cm.oreillettes_targets(board)
        expect(f"{objet}", args_of(legal, "use", (objet,)), looks if peeks_open else set())
    if not cm.abilities_allowed(curses):
        expect("confusion", any(a.verb in ("reroll", "peek") for a in legal), False)
    if ("paralysie" in curses and turn.accepted and turn.begun and turn.left > 0 and len(turn.revealed) == 1
            and not any(c.kept for _, c in state.board) and not rules.has("lieu-reveal-any-order")):
        expect("paralysie", firsts(args_of(legal, "reveal")),
               cm.paralysie_targets(model.reveal_targets(table_of(state)), turn.revealed))


# --- successors -------------------------------------------------------------------------------


def compare_card_action(before: State, action: Action, after: State, rules: Rules) -> None:
    """After a card's action, the engine's successor is the model's (see the module's docstring)."""
    kind = head(before)
    if kind == "draw-limbes" and action.verb == "draw":
        drawn_limbes(before, action.args[0], after, rules)
    elif kind == "invertigo":
        card, first, *rest = before.steps[0].args
        if action.verb == "invertigo":
            expect("invertigo played", (board_of(after), after.hour, after.objets[int(first)],
                                        card in curses_of(after) and card not in curses_of(before)),
                   (board_of(before), before.hour, None, False))
        elif not rest:
            limbes_effect(before, card, after, rules)
    elif kind == "illusion" and action.verb == "die":
        turned = cm.illusion_roll(action.args[0], before.rotation)
        if turned is None:
            expect("illusion", (after.rotation, after.hour, head(after)), (before.rotation, before.hour, "illusion"))
        else:
            expect("illusion", after.rotation, turned)
    elif kind == "die" and after.result is None and head(after) == "turn":
        face_left_open(before, after)
    elif kind == "draw-id" and action.verb == "draw":
        drawn_id(before, action.args[0], after, rules)
    elif kind == "calepin" and action.verb == "calepin":
        player = action.args[0]
        wanted = ((before.reserve, before.stock) if player == "none"
                  else cm.take_clue(int(player), before.reserve, before.stock))
        expect("calepin", (after.reserve, after.stock), wanted)
    elif kind == "turn" and action.args[:1] == ("revelateur",):
        board, cubes = cm.revelateur(board_of(before), before.cubes)
        expect("revelateur", (cubed(board_of(after)), after.cubes, after.objets[before.current]),
               (cubed(board), cubes, None))
    elif kind == "turn" and action.args[:1] == ("archeoscript",):
        expect("archeoscript", (after.turn.archeo, after.objets[before.current]), (cm.ARCHEOSCRIPT_TURNS, None))
    elif kind == "clues" and action.args[:1] == ("chronogyre",):
        me, loc = before.current, action.args[1]
        board, reserve = cm.chronogyre(board_of(before), loc, me, before.reserve)
        expect("chronogyre", (board_of(after)[loc], after.reserve, after.objets[me]), (board[loc], reserve, None))
    elif kind == "turn" and action.verb == "reveal" and before.turn.accepted:
        reveal_under_curses(before, action.args[0], after, rules)
    if head(after) == "clues":
        expect("brume", cm.clue_step_open(curses_of(after)), True)
    if kind is not None and after.result is None and after.current != before.current and before.turn.archeo == 0:
        curses_after_turn(before, action, after)


def face_left_open(before: State, after: State) -> None:
    """A face shown is left open (not yet applied) exactly while Lucile (OMBRES.ABILITY.LUCILE, not under
    Confusion) or a Stylo (OMBRES.ID.STYLO) may still reroll it; neither may reroll a reroll."""
    me, turn = before.current, after.turn
    lucile = (before.investigators[me] == "lucile" and not turn.lucile and not turn.rerolled
              and cm.abilities_allowed(curses_of(before)))
    stylo = before.objets[me] == "stylo-traducteur" and cm.stylo_playable(turn.face, False, turn.rerolled)
    expect("a face left open to a reroll", not turn.accepted, lucile or stylo)


def cubed(board: cm.Board) -> dict[str, tuple[str, bool]]:
    return {loc: (s.tile, s.cube) for loc, s in board.items()}


def drawn_limbes(before: State, card: str, after: State, rules: Rules) -> None:
    holders = cm.invertigo_holders(before.objets, before.current, rules.has("invertigo-own-draw"))
    waiting = after.steps[0] if after.steps and after.steps[0].kind == "invertigo" else None
    expect("invertigo offered", waiting.args if waiting else (),
           (card, *map(str, holders)) if holders and not after.result else ())
    if waiting is None:
        limbes_effect(before, card, after, rules)


def limbes_effect(before: State, card: str, after: State, rules: Rules) -> None:
    """The card's effect, ``before`` the state as the card is drawn (or as the last holder passes)."""
    if after.result is not None:
        return
    board = board_of(before)
    agency = frozenset(before.agency)
    acts = cm.embuche_acts(card, board, before.slots, before.hour, agency, rules.has("free-means-unmarked"))
    if card in cm.MALEDICTIONS:
        expect("maledictions", (card, before.current) in [(c.card, c.drawer) for c in after.curses], True)
    elif not acts:
        choices = head(after) in ("pick", "pick-pair", "illusion", "trap-slot")
        expect("embuches that cannot act", (board_of(after), after.agency, after.layout, after.rotation,
                                            card in after.limbes_discard, choices),
               (board, before.agency, before.layout, before.rotation, True, False))
    elif card == "amnesie":
        expect("amnesie", (board_of(after), after.reserve),
               cm.amnesie(board, before.reserve, rules.has("amnesie-spares-chronogyre")))
    elif card == "brouillard":
        givers = cm.brouillard_givers(board, rules.has("free-means-unmarked"))
        expect("brouillard", [s.args[0] for s in after.steps if s.kind == "pick"], list(givers))
    elif card == "fausse-piste":
        expect("fausse piste", head(after), "pick-pair")
    elif card == "illusion":
        expect("illusion", head(after), "illusion")
    elif card == "reveil":
        slots = cm.reveil_slots(board, before.slots, before.hour, len(before.traps) + len(before.trap_discard))
        expect("reveil", head(after) == "trap-slot", bool(slots))


def drawn_id(before: State, card: str, after: State, rules: Rules) -> None:
    me = before.current
    if card == "debriefing" and cm.debriefing_reveals(before.hour, rules.has("debriefing-after-3")):
        if rules.has("debriefing-ends-chronogyre"):
            return
        board, reserve, agency = cm.debriefing(board_of(before), before.reserve, frozenset(before.agency))
        if len(agency) >= 2 * before.characters - 1:
            expect("debriefing", (after.result, after.rule), ("win", "OMBRES.WIN"))
            return
        expect("debriefing", (board_of(after), after.reserve, frozenset(after.agency)), (board, reserve, agency))
    elif card in ("calepin", "debriefing"):
        how, _ = cm.extra_clue(me, before.stock)
        clues = cm.take_clue(me, before.reserve, before.stock) if how == "take" else (before.reserve, before.stock)
        expect("calepin", (after.reserve, after.stock, head(after) == "calepin"), (*clues, how == "choose"))
    elif card in cm.OBJETS:
        held = before.objets[me]
        if held is None:
            expect("objet", after.objets[me], card)
        else:
            expect("objet", after.steps[0].args[:3] if head(after) == "keep" else (), (str(me), held, card))


def reveal_under_curses(before: State, loc: str, after: State, rules: Rules) -> None:
    """A reveal under Hallucination (the two suspects of a mismatch swap) or Paranoïa (a look only; a trap
    looked at has no effect), and a turning trap under Confusion (Le Balafré closes his eyes)."""
    curses = curses_of(before)
    cell = before.cell(loc)
    if cell is None or after.result is not None or any(c.kept for _, c in before.board):
        return
    taken = before.turn.revealed
    paranoia = "paranoia" in curses
    if paranoia:
        first = before.cell(taken[0]).tile if taken and before.cell(taken[0]) else None  # type: ignore[union-attr]
        if model.is_trap(cell.tile):
            # it stays face down on the board (under Hallucination too, where it may swap with the first tile)
            on_board = sum(c.tile == cell.tile and not c.up for _, c in after.board)
            # (the clock moves only for a Limbes card then due from an empty deck, OMBRES.LIMBES.DRAW)
            hour = model.limbes_due(before.hour, frozenset(), not before.limbes_deck).hour \
                if head(after) == "draw-limbes" else before.hour
            expect("paranoia: a trap", (after.hour, after.layout, after.rotation, after.cubes, on_board),
                   (hour, before.layout, before.rotation, before.cubes,
                    sum(c.tile == cell.tile for _, c in before.board)))
        elif not taken:
            expect("paranoia: a look", (after.cell(loc) or cell).up, False)
        elif first is not None and not model.is_trap(first):
            cleared = not cm.paranoia_keeps_down(first, cell.tile)
            expect("paranoia: a pair", cell.tile in after.agency, cleared)
        return
    if "hallucination" in curses and len(taken) == 1:
        first_cell = before.cell(taken[0])
        if first_cell is None or model.is_trap(first_cell.tile) or model.is_trap(cell.tile):
            return
        if model.is_pair(first_cell.tile, cell.tile):
            return
        swapped = cm.hallucination(board_of(before), taken[0], loc)
        seen = tuple((after.cell(x) or cell).tile for x in (taken[0], loc))
        expect("hallucination", seen, (swapped[taken[0]].tile, swapped[loc].tile))
    # (under Archéoscript the eyes reopen at once for the second turn)
    if (not cm.abilities_allowed(curses) and before.investigators[before.current] == "balafre"
            and not before.turn.archeo and (cell.tile == "vortex" or cell.tile.startswith("yeux-"))):
        closes = cm.balafre_closes_eyes(curses, rules.has("confusion-spares-balafre"))
        expect("confusion: le balafre", after.closed[before.current], closes)


def curses_after_turn(before: State, action: Action, after: State) -> None:
    """OMBRES.LIMBES.DURATION: at the end of a turn, the Malédictions its player drew on an earlier turn end;
    those drawn this turn stay in force, and the others' are untouched."""
    me = before.current
    kept = [(c.card, c.drawer) for c in before.curses if not cm.curse_ends(c.drawer, me, c.fresh)]
    drawn = [(c.card, c.drawer) for c in after.curses if c.drawer == me and (c.card, c.drawer) not in kept]
    seen = sorted((c.card, c.drawer) for c in after.curses)
    expect("malediction duration", [x for x in seen if x not in drawn], sorted(kept))
    expect("malediction duration: fresh", any(c.fresh and c.drawer == me for c in after.curses), False)
