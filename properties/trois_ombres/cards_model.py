"""A second, plain reading of the Limbes cards and the 3ID cards of *L'heure des 3 ombres*, from spec/trois-ombres/.

Like `properties.trois_ombres.model`, this module never imports `oracle`: it
works on the same plain `model.Slot` board (each slot's tile, face up or not,
cube, clue and its owner, kept up by a Chronogyre) and states each card as a
small function of it, citing the clause it reads:

* the Embûches (OMBRES.LIMBES.AMNESIE, BROUILLARD, FAUSSE-PISTE, ILLUSION,
  REVEIL; MANIPULATION, TEMPS and VORTEX are in `model`): what the card does at
  once, which tiles, pairs and slots its choices may take, and when it cannot
  be applied and is discarded with no effect (« ou si l'effet ne peut être
  appliqué »);
* the Malédictions in force (OMBRES.LIMBES.PARALYSIE, CONFUSION, BRUME,
  HALLUCINATION, PARANOIA, DURATION): which reveals and abilities remain, what
  two revealed tiles become;
* the 3ID cards (OMBRES.ID.CALEPIN, DEBRIEFING, REVELATEUR, LOUPE, OREILLETTES,
  STYLO, INVERTIGO, CHRONOGYRE, ARCHEOSCRIPT, OBJET): when each may be played and
  what it changes.

`properties.trois_ombres.cards_differential` compares the engine with it.
"""

from __future__ import annotations

from collections.abc import Mapping

from properties.trois_ombres.model import EFFECT_HOUR, LIEUX, Slot, board_order, is_pair, is_trap, turn_lieu

Board = Mapping[str, Slot]

EMBUCHES = ("amnesie", "brouillard", "fausse-piste", "illusion", "manipulation", "reveil", "temps-accelere",
            "vortex")
MALEDICTIONS = ("brume", "confusion", "hallucination", "paralysie", "paranoia", "silence", "tenebres")
OBJETS = ("archeoscript", "chronogyre", "invertigo", "loupe-analytique", "stylo-traducteur", "revelateur",
          "oreillettes")


def in_order(locs: set[str]) -> list[str]:
    return sorted(locs, key=board_order)


def empty_slots(board: Board, slots: int, lieu: str | None = None) -> set[str]:
    """The free (empty) slots of the Lieux, or of one Lieu (OMBRES.TRAP.PLACE: « un emplacement libre »)."""
    return {f"{lx}{n}" for lx in LIEUX if lieu in (None, lx) for n in range(1, slots + 1)} - set(board)


# --- the Embûches ------------------------------------------------------------------------------


def is_free_tile(slot: Slot, unmarked: bool = False) -> bool:
    """OMBRES.LIMBES.BROUILLARD's « tuile libre »: no Hercule cube (it « ne peut être … ni mélangée ») and not
    kept face up by a Chronogyre; a clued tile is free, unless the variant ``free-means-unmarked``."""
    return not slot.cube and not slot.kept and not (unmarked and slot.clue)


def free_tiles(board: Board, lieu: str | None = None, unmarked: bool = False) -> set[str]:
    return {loc for loc, s in board.items() if lieu in (None, loc[0]) and is_free_tile(s, unmarked)}


def amnesie(board: Board, reserve: tuple[int, ...], spare_kept: bool = False) -> tuple[dict[str, Slot],
                                                                                       tuple[int, ...]]:
    """OMBRES.LIMBES.AMNESIE: every clue on the Lieux goes back to its owner (under a cube too, and on a
    Chronogyre tile, which stays up), but a Chronogyre tile's with ``amnesie-spares-chronogyre``."""
    back = list(reserve)
    after = {}
    for loc, s in board.items():
        if s.owner is not None and not (spare_kept and s.kept):
            back[s.owner] += 1
            s = Slot(s.tile, s.up, s.cube, False, None, s.kept)
        after[loc] = s
    return after, tuple(back)


def brouillard_givers(board: Board, unmarked: bool = False) -> tuple[str, ...]:
    """OMBRES.LIMBES.BROUILLARD: the Lieux that give a tile (those with a free tile), in the order R, C, P, G."""
    return tuple(lieu for lieu in LIEUX if free_tiles(board, lieu, unmarked))


def brouillard_applies(board: Board, hour: int, unmarked: bool = False) -> bool:
    """From 3 h, and only if some Lieu has a free tile; else the card is discarded with no effect."""
    return hour >= EFFECT_HOUR and bool(brouillard_givers(board, unmarked))


def fausse_piste_applies(board: Board, slots: int, hour: int, agency: frozenset[str]) -> bool:
    """OMBRES.LIMBES.FAUSSE-PISTE: from 3 h, with a pair at the Agence and two free slots for its tiles (the
    extra tiles free the slots they leave); else no effect."""
    return hour >= EFFECT_HOUR and bool(agency) and len(empty_slots(board, slots)) >= 2


def illusion_roll(face: str, rotation: tuple[int, ...]) -> tuple[int, ...] | None:
    """OMBRES.LIMBES.ILLUSION: a Lieu face turns that Lieu a quarter turn clockwise; any other face is rolled
    again (None), and an Horloge face does not move the clock."""
    return turn_lieu(rotation, face) if face in LIEUX else None


def reveil_slots(board: Board, slots: int, hour: int, traps_left: int) -> set[str]:
    """OMBRES.LIMBES.REVEIL: from 3 h, a trap on any free slot, as after a pair; no slot offered with no trap in
    the pile and the discard, or no free slot."""
    if hour < EFFECT_HOUR or traps_left == 0:
        return set()
    return empty_slots(board, slots)


def embuche_acts(card: str, board: Board, slots: int, hour: int, agency: frozenset[str],
                 unmarked: bool = False) -> bool:
    """Whether an Embûche drawn now has an effect (the "from 3 h" cards before 3 h, and a card that cannot be
    applied, are discarded with none)."""
    if card == "brouillard":
        return brouillard_applies(board, hour, unmarked)
    if card == "fausse-piste":
        return fausse_piste_applies(board, slots, hour, agency)
    if card in ("illusion", "manipulation", "reveil", "vortex"):
        return hour >= EFFECT_HOUR
    return True


# --- the Malédictions ----------------------------------------------------------------------------


def paralysie_targets(targets: set[str], taken: tuple[str, ...]) -> set[str]:
    """OMBRES.LIMBES.PARALYSIE: the second tile comes from the first tile's Lieu."""
    return {loc for loc in targets if loc[0] == taken[0][0]} if taken else targets


def abilities_allowed(curses: tuple[str, ...]) -> bool:
    """OMBRES.LIMBES.CONFUSION: no investigator's ability while Confusion is in force."""
    return "confusion" not in curses


def balafre_closes_eyes(curses: tuple[str, ...], spares: bool = False) -> bool:
    """Under Confusion Le Balafré's ability is lost too: he closes his eyes (not with ``confusion-spares-balafre``)."""
    return not abilities_allowed(curses) and not spares


def clue_step_open(curses: tuple[str, ...]) -> bool:
    """OMBRES.LIMBES.BRUME: no clue placed or moved, and no Chronogyre, while Brume is in force."""
    return "brume" not in curses


def hallucination(board: Board, first: str, second: str) -> dict[str, Slot]:
    """OMBRES.LIMBES.HALLUCINATION: two different suspects revealed swap places, then go face down."""
    after = dict(board)
    a, b = board[first], board[second]
    after[first] = Slot(b.tile, b.kept, False, b.clue, b.owner, b.kept)
    after[second] = Slot(a.tile, a.kept, False, a.clue, a.owner, a.kept)
    return after


def paranoia_keeps_down(first: str, second: str | None) -> bool:
    """OMBRES.LIMBES.PARANOIA: tiles are only looked at, and stay face down, unless they are a pair."""
    return second is None or not is_pair(first, second)


def curse_ends(drawer: int, current: int, fresh: bool) -> bool:
    """OMBRES.LIMBES.DURATION: a Malédiction is discarded at the end of its drawer's next turn (not of the turn
    that drew it)."""
    return drawer == current and not fresh


# --- the 3ID cards ------------------------------------------------------------------------------


def extra_clue(player: int, stock: tuple[int, ...]) -> tuple[str, set[int]]:
    """OMBRES.ID.CALEPIN: ``("take", {player})`` when the drawer's colour has a spare clue; ``("choose",
    others)`` when it has none and other colours do (the drawer names one, or nobody); ``("none", {})``."""
    if stock[player] > 0:
        return "take", {player}
    others = {p for p, n in enumerate(stock) if n > 0}
    return ("choose", others) if others else ("none", set())


def take_clue(player: int, reserve: tuple[int, ...], stock: tuple[int, ...]) -> tuple[tuple[int, ...],
                                                                                       tuple[int, ...]]:
    return (tuple(n + (p == player) for p, n in enumerate(reserve)),
            tuple(n - (p == player) for p, n in enumerate(stock)))


def debriefing_reveals(hour: int, after_3: bool = False) -> bool:
    """OMBRES.ID.DEBRIEFING: from 3 h (« à 3 heures et au-delà »; strictly after with ``debriefing-after-3``) it
    reveals; before, it acts as a Calepin."""
    return hour > EFFECT_HOUR if after_3 else hour >= EFFECT_HOUR


def debriefing(board: Board, reserve: tuple[int, ...], agency: frozenset[str]) -> tuple[dict[str, Slot],
                                                                                         tuple[int, ...],
                                                                                         frozenset[str]]:
    """From 3 h: every clued tile without a cube is revealed and gives its clue back; pairs among the visible
    tiles (those revealed and the Chronogyre tiles) go to the Agence; a trap turned up is ignored; the rest go
    face down, but a Chronogyre tile stays up (K7, K19)."""
    back = list(reserve)
    shown = {}
    after = dict(board)
    for loc, s in board.items():
        if s.owner is not None and not s.cube:
            back[s.owner] += 1
            s = Slot(s.tile, s.up, s.cube, False, None, s.kept)
            after[loc] = s
            shown[loc] = s
        elif s.kept:
            shown[loc] = s
    cleared = set(agency)
    by_tile: dict[str, list[str]] = {}
    for loc, s in shown.items():
        if not is_trap(s.tile):
            by_tile.setdefault(s.tile, []).append(loc)
    for tile, locs in by_tile.items():
        if len(locs) >= 2:
            cleared.add(tile)
            for loc in locs:
                del after[loc]
    return after, tuple(back), frozenset(cleared)


def revelateur_playable(board: Board, holder_acts: bool, reveals_begun: bool) -> bool:
    """OMBRES.ID.REVELATEUR: by its holder, on their turn, before the reveals begin, with a cube on the Lieux."""
    return holder_acts and not reveals_begun and any(s.cube for s in board.values())


def revelateur(board: Board, cubes: int) -> tuple[dict[str, Slot], int]:
    """Every cube on the Lieux goes back to the supply."""
    thrown = sum(s.cube for s in board.values())
    return {loc: Slot(s.tile, s.up, False, s.clue, s.owner, s.kept) for loc, s in board.items()}, cubes + thrown


def loupe_targets(board: Board) -> set[tuple[str, ...]]:
    """OMBRES.ID.LOUPE: one face-down tile without a cube (OMBRES.CUBE.BLOCKS)."""
    return {(loc,) for loc, s in board.items() if not s.up and not s.cube}


def oreillettes_targets(board: Board) -> set[tuple[str, ...]]:
    """OMBRES.ID.OREILLETTES: two face-down clued tiles without cubes, in board order, or the one there is."""
    clued = in_order({loc for loc, s in board.items() if not s.up and not s.cube and s.clue})
    if len(clued) == 1:
        return {(clued[0],)}
    return {(a, b) for i, a in enumerate(clued) for b in clued[i + 1:]}


def stylo_playable(face: str | None, accepted: bool, rerolled: bool) -> bool:
    """OMBRES.ID.STYLO: a reroll of a face not yet accepted and not itself a reroll."""
    return face is not None and not accepted and not rerolled


ARCHEOSCRIPT_TURNS = 2  # « jouez 2 fois »: the turn it is played on and one more


def archeoscript_playable(face: str | None, archeo: int) -> bool:
    """OMBRES.ID.ARCHEOSCRIPT: played before rolling, not during an Archéoscript turn already."""
    return face is None and archeo == 0


def invertigo_holders(objets: tuple[str | None, ...], drawer: int, own_only: bool = False) -> tuple[int, ...]:
    """OMBRES.ID.INVERTIGO: the holders who may cancel a Limbes card just drawn, in turn order from the drawer
    (only the drawer with ``invertigo-own-draw``)."""
    n = len(objets)
    order = [(drawer + k) % n for k in range(n)]
    return tuple(p for p in order if objets[p] == "invertigo" and (not own_only or p == drawer))


def chronogyre_targets(turned_back: tuple[str, ...], board: Board, reserve: int,
                       curses: tuple[str, ...]) -> set[str]:
    """OMBRES.ID.CHRONOGYRE: at the clue step, with a clue from the reserve, on a suspect just turned back that
    bears no clue yet (one clue a tile, OMBRES.CLUE); not under Brume or Paranoïa."""
    if reserve == 0 or "brume" in curses or "paranoia" in curses:
        return set()
    return {loc for loc in turned_back
            if loc in board and not is_trap(board[loc].tile) and not board[loc].kept and not board[loc].clue}


def chronogyre(board: Board, loc: str, player: int, reserve: tuple[int, ...]) -> tuple[dict[str, Slot],
                                                                                      tuple[int, ...]]:
    """The Chronogyre played on ``loc``: the player's clue from their reserve goes on it, and it stays face up."""
    after = dict(board)
    s = board[loc]
    after[loc] = Slot(s.tile, True, s.cube, True, player, True)
    return after, tuple(n - (p == player) for p, n in enumerate(reserve))


def objet_choice(held: str, drawn: str) -> set[str]:
    """OMBRES.ID.OBJET: a player holds one Objet; with a second, they keep either."""
    return {held, drawn}
