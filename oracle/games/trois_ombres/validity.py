"""What a valid state of *L'heure des 3 ombres* is: every piece in one place, every count in range.

(spec/trois-ombres/components.md, OMBRES.STATE.VALID; a player's view,
spec/trois-ombres/information.md, OMBRES.VIEW.)  `check_state` raises
`InvalidPosition` naming the offending token, so that a state read from
outside input can never crash the rules later.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from oracle.errors import InvalidPosition, NotationError
from oracle.games.trois_ombres.components import (
    FACES,
    ID_CARDS,
    INVESTIGATORS,
    LIEUX,
    LIMBES_CARDS,
    LOSS_HOUR,
    MALEDICTIONS,
    OBJETS,
    PEEKERS,
    PLACES,
    TRAP_KINDS,
    TRAP_SEEN,
    UNKNOWN,
    Rules,
    Setup,
    loc_slot,
    suspect_tiles,
    tile_is_trap,
)
from oracle.games.trois_ombres.state import State, Step
from oracle.words import counted

PLACEHOLDERS = (UNKNOWN, TRAP_SEEN)


def _invalid(message: str, token: str = "") -> InvalidPosition:
    return InvalidPosition(f"illegal: OMBRES.STATE.VALID: {message}", token, rule="OMBRES.STATE.VALID")


def is_loc(text: str) -> bool:
    return len(text) >= 2 and text[0] in LIEUX and text[1:].isascii() and text[1:].isdigit() and text[1] != "0"


def _seat(state: State, text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) == 1 and int(text) < state.players


def _none(state: State, args: tuple[str, ...]) -> bool:
    return not args


def _one_loc(state: State, args: tuple[str, ...]) -> bool:
    return len(args) == 1 and is_loc(args[0])


def _throws(state: State, args: tuple[str, ...]) -> bool:
    return args in (("1",), ("2",))


def _keep(state: State, args: tuple[str, ...]) -> bool:
    return (len(args) in (3, 4) and _seat(state, args[0]) and args[1] in OBJETS and args[2] in OBJETS
            and args[3:] in ((), ("given",)))


def _give(state: State, args: tuple[str, ...]) -> bool:
    return len(args) == 2 and _seat(state, args[0]) and args[1] in OBJETS


def _invertigo(state: State, args: tuple[str, ...]) -> bool:
    return len(args) >= 2 and args[0] in LIMBES_CARDS and all(_seat(state, a) for a in args[1:])


def _place(state: State, args: tuple[str, ...]) -> bool:
    return args == ("spread",) or (len(args) >= 1 and all(a in LIEUX for a in args))


def _show(state: State, args: tuple[str, ...]) -> bool:
    """``show/SLOT`` or ``show/demon``, then optionally ``then/VERB/ARG...``: the action that waits for it."""
    if not args or not (is_loc(args[0]) or args[0] == "demon"):
        return False
    return len(args) == 1 or (args[1] == "then" and len(args) >= 3)


# The arguments each kind of step takes (spec/trois-ombres/oracle.md).
STEP_ARGS: dict[str, Callable[[State, tuple[str, ...]], bool]] = {
    "deal": _none, "turn": _none, "die": _none, "illusion": _none, "draw-id": _none, "draw-limbes": _none,
    "trap-slot": _none, "pick-pair": _none, "shuffle": _none, "end-turn": _none,
    "draw-trap": _one_loc, "discard-trap": _one_loc,
    "clues": lambda state, args: len(args) >= 1 and all(is_loc(a) for a in args),
    "hercule": _throws, "hercule-throw": _throws,
    "keep": _keep, "give": _give,
    "calepin": lambda state, args: args in (("OMBRES.ID.CALEPIN",), ("OMBRES.ID.DEBRIEFING",)),
    "invertigo": _invertigo,
    "pick": lambda state, args: len(args) == 1 and args[0] in (*LIEUX, "any"),
    "place": _place,
    "limbes": lambda state, args: len(args) == 1 and args[0] in LIMBES_CARDS,
    "show": _show,
}


def step_text(step: Step) -> str:
    return "/".join((step.kind, *step.args))


def recorded_setup(state: State) -> Setup:
    """The setup the state was dealt with: its recorded rules (``variants=``), else the defaults."""
    if state.variants is None:
        return DEFAULT_SETUP
    try:
        return _setup_of(state.variants)
    except NotationError:
        raise _invalid("the recorded rules do not parse", f"variants={state.variants}") from None


DEFAULT_SETUP = Setup()


@lru_cache(maxsize=64)
def _setup_of(recorded: str) -> Setup:
    return Rules.parse(recorded).setup


def check_state(state: State) -> None:
    """Raise `InvalidPosition` naming the token unless every piece is in exactly one place, every count
    is in range, every step can be carried out, and every memory is true.

    Rule: OMBRES.STATE.VALID
    """
    n = state.players
    if not 2 <= n <= 4:
        raise _invalid(f"{counted(n, 'player')} (2 to 4)", f"players={n}")
    per_player = (state.investigators, state.reserve, state.stock, state.objets, state.closed, state.seen)
    if any(len(values) != n for values in per_player):
        raise _invalid(f"a per-player list does not have {n} entries")
    if len(set(state.investigators)) != n or not all(i in INVESTIGATORS for i in state.investigators):
        raise _invalid("the investigators are not distinct known investigators", ",".join(state.investigators))
    if sorted(state.layout) != sorted(LIEUX) or len(state.rotation) != len(PLACES) \
            or not all(0 <= r < 4 for r in state.rotation):
        raise _invalid("the layout does not hold each Lieu once, turned 0 to 3 times", ",".join(state.layout))
    _check_clock(state)
    _check_tiles(state)
    _check_piles(state)
    if not 0 <= state.current < n:
        raise _invalid(f"player {state.current} is not seated", f"current={state.current}")
    if state.cubes < 0 or any(v < 0 for v in (*state.reserve, *state.stock)):
        raise _invalid("a negative count")
    _check_counts(state)
    _check_turn(state)
    _check_steps(state)
    _check_memory(state)
    if state.view is not None:
        _check_view(state)


def _check_clock(state: State) -> None:
    if not 0 <= state.hour <= LOSS_HOUR:
        raise _invalid(f"the clock shows {state.hour} (0 to {LOSS_HOUR})", f"hour={state.hour}")
    if state.result not in (None, "win", "loss"):
        raise _invalid(f"unknown result {state.result}", f"result={state.result}")
    if state.hour == LOSS_HOUR and state.result != "loss":
        raise _invalid(f"at {LOSS_HOUR} h the game is lost (OMBRES.LOSS)", f"hour={state.hour}")
    if state.result is not None and (state.steps or state.rule is None):
        raise _invalid("a finished game has no step left and names the rule that ended it", f"result={state.result}")


def _check_tiles(state: State) -> None:
    n = state.players
    suspects = suspect_tiles(state.characters)
    allowed = (*suspects, *TRAP_KINDS, *(PLACEHOLDERS if state.view is not None else ()))
    count: Counter[str] = Counter()
    for loc, cell in state.board:
        if not is_loc(loc) or not 1 <= loc_slot(loc) <= state.slots:
            raise _invalid(f"slot {loc} is not on a Lieu of {state.slots} slots", loc)
        if cell.tile not in allowed:
            raise _invalid(f"unknown tile {cell.tile} at {loc}", f"{loc}:{cell.tile}")
        if cell.cube and cell.up:
            raise _invalid(f"a Hercule cube on the face-up tile at {loc}", loc)
        if cell.kept and not cell.up:
            raise _invalid(f"the Chronogyre tile at {loc} is face down", loc)
        if cell.clue is not None and not 0 <= cell.clue < n:
            raise _invalid(f"a clue of player {cell.clue} at {loc}", loc)
        count[cell.tile] += 1
    for tile in state.agency:
        if tile not in suspects:
            raise _invalid(f"unknown suspect {tile} at the Agence", tile)
        count[tile] += 2
    for tile, clue in state.held:
        if tile not in allowed or (clue is not None and not 0 <= clue < n):
            raise _invalid(f"a tile in hand that is not one: {tile}", tile)
        count[tile] += 1
    if state.demon is not None:
        if state.demon not in (*suspects, *((UNKNOWN,) if state.view is not None else ())):
            raise _invalid(f"the Démon tile {state.demon} is not a suspect", f"demon={state.demon}")
        count[state.demon] += 1
    for tile in state.unseen:
        if tile not in suspects and tile not in TRAP_KINDS:
            raise _invalid(f"an unseen tile that is not one: {tile}", tile)
        count[tile] += 1
    dealt = state.demon is not None
    for tile in suspects:
        if count[tile] > 2 or (dealt and count[tile] != 2):
            raise _invalid(f"suspect {tile} has {counted(count[tile], 'tile')} in play (2 expected)", tile)
    if len(state.agency) > state.to_clear:
        raise _invalid(f"{counted(len(state.agency), 'suspect')} at the Agence (at most {state.to_clear})", "agency")


def _check_piles(state: State) -> None:
    trap_pile = (*TRAP_KINDS, *((UNKNOWN,) if state.view is not None else ()))
    piles = (
        ("traps", state.traps, trap_pile), ("trap-discard", state.trap_discard, TRAP_KINDS),
        ("id-deck", state.id_deck, ID_CARDS), ("id-discard", state.id_discard, ID_CARDS),
        ("limbes-deck", state.limbes_deck, LIMBES_CARDS), ("limbes-discard", state.limbes_discard, LIMBES_CARDS),
    )
    for name, pile, known in piles:
        for card in pile:
            if card not in known:
                raise _invalid(f"unknown card or trap in {name}", card)
    if any(o is not None and o not in OBJETS for o in state.objets):
        raise _invalid("a held card that is not an Objet", ",".join(o or "-" for o in state.objets))
    for curse in state.curses:
        if curse.card not in MALEDICTIONS or not 0 <= curse.drawer < state.players:
            raise _invalid("a Malédiction in force that is not one", f"{curse.card}:{curse.drawer}")


def _check_counts(state: State) -> None:
    """No more traps, Hercule cubes or clues than the setup has (its recorded rules, else the defaults)."""
    setup = recorded_setup(state)
    traps: Counter[str] = Counter(t for t in state.traps if t in TRAP_KINDS)
    traps.update(state.trap_discard)
    traps.update(cell.tile for _, cell in state.board if tile_is_trap(cell.tile))
    traps.update(tile for tile, _ in state.held if tile_is_trap(tile))
    traps.update(tile for tile in state.unseen if tile_is_trap(tile))
    exist = Counter(setup.traps())
    for kind, number in sorted(traps.items()):
        if number > exist[kind]:
            raise _invalid(f"{counted(number, kind + ' trap')}, but the setup has {exist[kind]}", kind)
    cubes = state.cubes + sum(1 for _, cell in state.board if cell.cube)
    if cubes > setup.hercule_cubes:
        raise _invalid(f"{counted(cubes, 'Hercule cube')}, but the setup has {setup.hercule_cubes}",
                       f"cubes={state.cubes}")
    for player in range(state.players):
        placed = sum(1 for _, cell in state.board if cell.clue == player)
        placed += sum(1 for _, clue in state.held if clue == player)
        clues = state.reserve[player] + state.stock[player] + placed
        if clues > setup.clues + setup.spare_clues:
            raise _invalid(f"player {player} has {counted(clues, 'clue')}, but the setup gives "
                           f"{setup.clues + setup.spare_clues} a colour", f"reserve={state.reserve[player]}")


def _check_turn(state: State) -> None:
    turn = state.turn
    if turn.face is not None and turn.face not in FACES:
        raise _invalid("not a die face", turn.face)
    for used in turn.used:
        if used not in PEEKERS:
            raise _invalid("an ability used this turn that is not one (allison, zacahire)", used)
    if turn.designated is not None and turn.designated not in LIEUX:
        raise _invalid("not a Lieu", turn.designated)
    if not all(is_loc(loc) for loc in turn.revealed) or len(turn.revealed) > 2:
        raise _invalid("a turn takes at most two tiles", "|".join(turn.revealed))
    if turn.left > 2 or turn.removals > 2 or turn.archeo > 2:
        raise _invalid("a turn has at most two reveals, two removals and two Archéoscript turns")


def _check_steps(state: State) -> None:
    for step in state.steps:
        shape = STEP_ARGS.get(step.kind)
        if shape is None:
            raise _invalid(f"unknown step (known: {', '.join(STEP_ARGS)})", step_text(step))
        if not shape(state, step.args):
            raise _invalid("a step with the wrong arguments (see the table of steps in The oracle's turn)",
                           step_text(step))
        if step.kind == "show" and state.view is None:
            raise _invalid("a show step belongs to a view", step_text(step))
    held, dests = len(state.held), len(state.dests)
    if not held <= dests <= 2 * held or not all(d == "agency" or is_loc(d) for d in state.dests):
        raise _invalid("the slots of the tiles in hand do not match them", ",".join(state.dests) or "-")
    head = state.steps[0] if state.steps else None
    draw_piles = {"draw-id": state.id_deck, "draw-limbes": state.limbes_deck, "draw-trap": state.traps}
    if head is not None and head.kind in draw_piles and not draw_piles[head.kind]:
        raise _invalid(f"a {head.kind} step with nothing to draw (the oracle rebuilds a pile before a draw is due)",
                       step_text(head))
    if head is not None and head.kind in ("shuffle", "place") and not held:
        raise _invalid(f"a {head.kind} step with no tile in hand", step_text(head))
    if head is not None and head.kind == "place" and head.args != ("spread",) and len(head.args) != held:
        raise _invalid("a place step names one Lieu per tile in hand", step_text(head))
    if head is not None and head.kind == "shuffle" and dests != 2 * held:
        raise _invalid("a shuffle needs a slot for every tile in hand", step_text(head))


def _check_memory(state: State) -> None:
    """What a player remembers is true: a tile that is there, or a trap where a trap is (K1, K2)."""
    board = dict(state.board)
    sources = set(state.dests[: len(state.held)])
    for player, memory in enumerate(state.seen):
        for loc, tile in memory:
            cell = board.get(loc)
            if cell is None:
                if loc in sources:
                    continue  # a tile picked up to be shuffled: remembered until the shuffle
                raise _invalid(f"player {player} remembers a tile on the empty slot {loc}", f"seen{player}={loc}")
            true = cell.tile
            if tile == true or (tile == TRAP_SEEN and (tile_is_trap(true) or true == TRAP_SEEN)):
                continue
            token = f"seen{player}={loc}:{tile}"
            if true in PLACEHOLDERS and state.view is not None:
                raise _invalid(f"the view remembers {tile} on {loc}, but shows {true}", token)
            raise _invalid(f"player {player} remembers {tile} on {loc}, but {true} lies there", token)


def _check_view(state: State) -> None:
    """A view: one seat's knowledge, with as many unseen tiles as it has places it cannot name.

    Rule: OMBRES.NOTATION.VIEW
    """
    viewer = state.view
    assert viewer is not None
    if not 0 <= viewer < state.players:
        raise _invalid(f"a view of player {viewer}, who is not seated", f"view={viewer}")
    if any(memory for p, memory in enumerate(state.seen) if p != viewer):
        raise _invalid("a view holds only its own player's memory", f"view={viewer}")
    either = sum(1 for _, c in state.board if c.tile == UNKNOWN) + sum(1 for t, _ in state.held if t == UNKNOWN)
    trap_places = sum(1 for _, c in state.board if c.tile == TRAP_SEEN) + sum(1 for t, _ in state.held
                                                                                if t == TRAP_SEEN)
    trap_places += sum(1 for t in state.traps if t == UNKNOWN)
    demon = 1 if state.demon == UNKNOWN else 0
    unseen_traps = sum(1 for t in state.unseen if tile_is_trap(t))
    unseen_suspects = len(state.unseen) - unseen_traps
    hidden_traps = unseen_traps - trap_places  # unknown places that must hold traps
    if not 0 <= hidden_traps <= either or unseen_suspects != either - hidden_traps + demon:
        places = counted(either + trap_places + demon, "place")
        raise _invalid(f"{counted(len(state.unseen), 'unseen tile')} for {places} the view cannot name",
                       "unseen=" + (",".join(state.unseen) or "-"))
