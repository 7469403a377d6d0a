"""The hidden tiles of *L'heure des 3 ombres* for game-AI frameworks: the deal tile by tile, information
states, and states resampled from a player's view.

(spec/trois-ombres/encoding.md: OMBRES.ENCODING.CHANCE, OMBRES.ENCODING.INFOSTATE, OMBRES.ENCODING.RESAMPLE.)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from math import comb
from random import Random
from typing import Any

from oracle.errors import NotationError
from oracle.games.trois_ombres.actions import Action
from oracle.games.trois_ombres.components import LIEUX, TRAP_SEEN, UNKNOWN, Rules, Setup, suspect_tiles, tile_is_trap
from oracle.games.trois_ombres.encoding import observation_tensor, sections, slots
from oracle.games.trois_ombres.state import State
from oracle.games.trois_ombres.views import observation, view_of

Record = Sequence[tuple[Any, Action | None, Sequence[tuple[int, Action]]]]


def _plan(state: State, rules: Rules) -> tuple[int, int, bool]:
    """The tiles dealt onto the board, how many Lieux take one more than the others, and ``deal-anywhere``."""
    rest = 2 * len(suspect_tiles(state.characters)) - 1
    anywhere = rules.has("deal-anywhere")
    return rest, 0 if anywhere else rest % len(LIEUX), anywhere


def _counts(state: State, rules: Rules, dealt: Sequence[int]) -> tuple[list[tuple[str, int]], int]:
    """The groups of slots dealt in order (a Lieu, or the whole table), each with its tile count, and the
    number of parts before the first slot part."""
    rest, extra, anywhere = _plan(state, rules)
    if anywhere:
        return [("", rest)], 1
    more = list(combinations(range(len(LIEUX)), extra))[dealt[1]] if extra else ()
    counts = [(lieu, rest // len(LIEUX) + (1 if k in more else 0)) for k, lieu in enumerate(LIEUX)]
    return counts, 2 if extra else 1


def _choose(pool: Sequence[int], low: int, need: int) -> list[tuple[int, Fraction]]:
    """The next lowest of ``need`` items drawn uniformly from ``pool`` above ``low``, with its chance."""
    above = [x for x in pool if x > low]
    total = comb(len(above), need)
    return [(x, Fraction(comb(len(above) - 1 - k, need - 1), total))
            for k, x in enumerate(above) if len(above) - 1 - k >= need - 1]


def deal_parts(state: State, rules: Rules, dealt: Sequence[int]) -> list[tuple[int, Fraction]]:
    """The deal's next part with its probability, empty once dealt.

    Rule: OMBRES.ENCODING.CHANCE
    Parts, in order: the Démon tile (each suspect 1 in 2c, numbered as the suspects are); the Lieux
    that take one tile more (each set equally likely, numbered in the order of `itertools.combinations`);
    the slots each Lieu takes, R then C, P, G, lowest first (numbered as the slots are, one part per
    tile); then the tile on each of those slots in slot order (numbered as the suspects), each with the
    share of the tiles left that it makes up.  Under ``deal-anywhere`` the slots are drawn from the whole
    table.  This is OMBRES.SETUP's deal, with its probabilities, one sequence of parts per deal.
    """
    suspects = suspect_tiles(state.characters)
    rest, extra, _ = _plan(state, rules)
    if not dealt:
        return [(k, Fraction(1, len(suspects))) for k in range(len(suspects))]
    if extra and len(dealt) == 1:
        sets = comb(len(LIEUX), extra)
        return [(k, Fraction(1, sets)) for k in range(sets)]
    counts, first = _counts(state, rules, dealt)
    places = slots(state_setup(state))
    chosen = list(dealt[first:first + rest])
    if len(chosen) < rest:
        done = 0
        for lieu, count in counts:
            if len(chosen) < done + count:
                group = [k for k, loc in enumerate(places) if loc.startswith(lieu)]
                mine = chosen[done:]
                return _choose(group, mine[-1] if mine else -1, count - len(mine))
            done += count
    tiles = list(dealt[first + rest:])
    if len(tiles) >= rest:
        return []
    left = Counter(suspects * 2)
    left[suspects[dealt[0]]] -= 1
    for k in tiles:
        left[suspects[k]] -= 1
    total = sum(left.values())
    return [(k, Fraction(left[t], total)) for k, t in enumerate(suspects) if left[t] > 0]


def state_setup(state: State) -> Setup:
    """The setup counts that number the slots (`slots`)."""
    return Setup(players=state.players, characters=state.characters, slots=state.slots)


def deal_of(state: State, rules: Rules, dealt: Sequence[int]) -> Action:
    """The ``deal`` action a complete sequence of parts makes (see `deal_parts`)."""
    suspects = suspect_tiles(state.characters)
    rest, _, _ = _plan(state, rules)
    _, first = _counts(state, rules, dealt)
    if len(dealt) != first + 2 * rest:
        raise NotationError(f"this deal has {first + 2 * rest} parts", str(len(dealt)))
    places = slots(state_setup(state))
    where = [places[k] for k in dealt[first:first + rest]]
    tiles = [suspects[k] for k in dealt[first + rest:]]
    return Action("deal", (suspects[dealt[0]], *(f"{loc}={tile}" for loc, tile in zip(where, tiles, strict=True))))


def information_state(record: Record, player: int, rules: Rules) -> str:
    """The player's view now, as one line of JSON with sorted keys.

    Rule: OMBRES.ENCODING.INFOSTATE
    """
    return json.dumps(observation(record[-1][0], player), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def resample(record: Record, player: int, rules: Rules, rng: Random) -> tuple[State, list[Action]]:
    """A whole table that completes the player's view now, drawn with ``rng``.

    Rule: OMBRES.ENCODING.RESAMPLE
    Every tile the view cannot name is placed again at random among the places it cannot name (a trap
    only where a trap is known to be, a suspect as the Démon tile), every completion equally likely.
    Each other seat remembers the same slots as before, now with the tiles of this completion.
    """
    state = record[-1][0]
    if state.steps and state.steps[0].kind == "deal":
        return record[0][0], [a for _, a, _ in record if a is not None]
    view = view_of(state, player)
    unseen = list(view.unseen)
    rng.shuffle(unseen)
    traps = [t for t in unseen if tile_is_trap(t)]
    suspects = [t for t in unseen if not tile_is_trap(t)]
    demon = view.demon
    if demon == UNKNOWN:
        demon = suspects.pop()
    trap_places = sum(1 for _, c in view.board if c.tile == TRAP_SEEN) + sum(1 for t, _ in view.held if t == TRAP_SEEN)
    trap_places += sum(1 for t in view.traps if t == UNKNOWN)
    if trap_places > len(traps):
        raise NotationError("no table completes this view", "resample")
    for_traps, spare = traps[:trap_places], [*traps[trap_places:], *suspects]
    rng.shuffle(spare)

    def fill(shown: str, trap: bool = False) -> str:
        if shown == TRAP_SEEN or (shown == UNKNOWN and trap):
            return for_traps.pop()
        return spare.pop() if shown == UNKNOWN else shown

    board = tuple((loc, replace(c, tile=fill(c.tile))) for loc, c in view.board)
    held = tuple((fill(t), clue) for t, clue in view.held)
    pile = tuple(sorted(fill(t, trap=True) for t in view.traps))
    if spare or for_traps:
        raise NotationError("no table completes this view", "resample")
    tiles = dict(board)
    seen = tuple(view.seen[p] if p == player else
                 tuple((loc, tiles[loc].tile) for loc, _ in state.seen[p] if loc in tiles)
                 for p in range(state.players))
    whole = replace(view, board=board, held=held, demon=demon, traps=pile, seen=seen, view=None, unseen=())
    return whole, []


class TroisOmbresHidden:
    """The `oracle.interface.HiddenInformation` of L'heure des 3 ombres."""

    def deal_parts(self, state: State, rules: Rules, dealt: Sequence[int]) -> Sequence[tuple[int, Fraction]]:
        return deal_parts(state, rules, dealt)

    def deal_of(self, state: State, rules: Rules, dealt: Sequence[int]) -> Action:
        return deal_of(state, rules, dealt)

    def max_deal_part_outcomes(self, rules: Rules) -> int:
        return max(len(slots(rules.setup)), len(suspect_tiles(rules.setup.characters)),
                   comb(len(LIEUX), len(LIEUX) // 2))

    def information_state(self, record: Record, player: int, rules: Rules) -> str:
        return information_state(record, player, rules)

    def information_state_shape(self, rules: Rules) -> tuple[int, ...]:
        return (sum(size for _, size in sections(rules.setup)),)

    def information_state_tensor(self, record: Record, player: int, rules: Rules) -> list[float]:
        """The observation tensor of the view now (OMBRES.ENCODING.OBSERVATION): the view holds the player's
        memory of every tile (OMBRES.ENCODING.INFOSTATE)."""
        return observation_tensor(observation(record[-1][0], player), rules.setup)

    def resample(self, record: Record, player: int, rules: Rules, rng: Random) -> tuple[Any, Sequence[Action]]:
        return resample(record, player, rules, rng)


HIDDEN = TroisOmbresHidden()
