"""*L'heure des 3 ombres* as integers and tensors, for game-AI frameworks (spec/trois-ombres/encoding.md).

Every player action is a verb with fixed arguments (OMBRES.ENCODING.ACTIONS),
numbered block by block: the verbs without arguments, then the verbs aimed at
one slot, at two slots, at a seat, at a card or at a suspect.  The numbering
depends on the setup (the number of slots and of characters), never on the
state.  The observation is read from the player's view (`observation`,
OMBRES.OBSERVE): a tile the player neither sees nor remembers stays unknown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from functools import cache
from itertools import combinations

from oracle.errors import NotationError
from oracle.games.trois_ombres.actions import Action
from oracle.games.trois_ombres.components import (
    FACES,
    ID_CARDS,
    LIEUX,
    LIMBES_CARDS,
    LIMITS,
    MALEDICTIONS,
    OBJETS,
    PLACES,
    TRAP_KINDS,
    Rules,
    Setup,
    suspect_tiles,
)
from oracle.interface import Encoding, Json, Traits

SEATS = 4
"""Room for four players in every per-seat section; the seats beyond the table's stay zero."""
SHUFFLE_MOST = 24
"""The most orders a shuffle lists: four tiles (Brouillard's one per Lieu, Fausse piste's pair and two more)."""

NO_ARGUMENT = (
    ("roll",), ("reroll",), ("done",), ("invertigo",), ("pass",),
    ("use", "archeoscript"), ("use", "revelateur"), ("use", "stylo-traducteur"),
    ("give", "none"), ("calepin", "none"),
)
ONE_SLOT = (
    ("bluff",), ("reveal",), ("uncube",), ("clue",), ("trap",), ("cube",), ("pick",), ("place",),
    ("use", "chronogyre"), ("peek", "allison"), ("peek", "zacahire"), ("use", "loupe-analytique"),
    ("use", "oreillettes"),
)
TWO_SLOTS = (("peek", "zacahire"), ("use", "oreillettes"))
SEAT_VERBS = ("give", "calepin")
STEPS = (
    "deal", "turn", "die", "illusion", "clues", "draw-id", "draw-limbes", "draw-trap", "trap-slot",
    "hercule", "hercule-throw", "keep", "give", "calepin", "invertigo", "pick", "pick-pair", "place", "shuffle",
)


def slots(setup: Setup) -> tuple[str, ...]:
    """Every slot of the table, Lieu by Lieu (R, C, P, G), then by number: ``R1``, ``R2``, ..."""
    return tuple(f"{lieu}{n}" for lieu in LIEUX for n in range(1, setup.slots + 1))


@cache
def vocabulary(setup: Setup) -> tuple[Action, ...]:
    """Every player action of a setup, in the order of their numbers.

    Rule: OMBRES.ENCODING.ACTIONS
    The verbs without arguments; then each verb aimed at one slot, every
    slot in turn; then the two peeks at two slots, each pair once (the
    earlier slot first); then ``move-clue`` from each slot to each other
    slot; then ``give`` and ``calepin`` to each seat; then ``keep`` each 3ID
    card; then ``pair`` each suspect.
    """
    places = slots(setup)
    out = [Action(words[0], words[1:]) for words in NO_ARGUMENT]
    out += [Action(words[0], (*words[1:], loc)) for words in ONE_SLOT for loc in places]
    out += [Action(words[0], (*words[1:], a, b)) for words in TWO_SLOTS for a, b in combinations(places, 2)]
    out += [Action("move-clue", (a, b)) for a in places for b in places if a != b]
    out += [Action(verb, (str(seat),)) for verb in SEAT_VERBS for seat in range(setup.players)]
    out += [Action("keep", (card,)) for card in ID_CARDS]
    out += [Action("pair", (tile,)) for tile in suspect_tiles(setup.characters)]
    return tuple(out)


@cache
def _numbers(setup: Setup) -> Mapping[Action, int]:
    return {action: k for k, action in enumerate(vocabulary(setup))}


def tile_kinds(setup: Setup) -> tuple[str, ...]:
    """What a slot may show: each suspect, each trap kind, and a trap of unknown kind (``trap``)."""
    return (*suspect_tiles(setup.characters), *TRAP_KINDS, "trap")


def sections(setup: Setup) -> tuple[tuple[str, int], ...]:
    """The sections of the observation vector, in order, with their sizes.

    Rule: OMBRES.ENCODING.OBSERVATION
    Per slot (`slots` order): what it shows or the player remembers (one of
    `tile_kinds`, none when unknown), whether a tile lies there, face up,
    kept face up, under a Hercule cube, and whose clue it bears; then the
    table as the view gives it.
    """
    places = len(slots(setup))
    suspects = 2 * setup.characters
    return (
        ("each slot: what it shows or is remembered as", places * len(tile_kinds(setup))),
        ("each slot: a tile lies there", places),
        ("each slot: face up", places),
        ("each slot: kept face up (Chronogyre)", places),
        ("each slot: a Hercule cube", places),
        ("each slot: the seat whose clue it bears", places * SEATS),
        ("the observing seat", SEATS),
        ("the seats at the table", SEATS),
        ("eyes open", 1),
        ("the hour / 12", 1),
        ("the suspects at the Agence", suspects),
        ("the Lieu at each place (NW, NE, SE, SW)", len(PLACES) * len(LIEUX)),
        ("each Lieu's quarter turns", len(LIEUX) * 4),
        ("Hercule cubes left / 4", 1),
        ("each seat's clues in reserve / 4", SEATS),
        ("each colour's spare clues / 2", SEATS),
        ("each seat's Objet", SEATS * len(OBJETS)),
        ("each Malédiction in force, by its drawer", len(MALEDICTIONS) * SEATS),
        ("each seat's eyes closed", SEATS),
        ("the piles left: traps, 3ID, Limbes (/ 10)", 3),
        ("the trap discard", len(TRAP_KINDS)),
        ("the 3ID discard", len(ID_CARDS)),
        ("the Limbes discard", len(LIMBES_CARDS)),
        ("the current seat", SEATS),
        ("the die face", len(FACES)),
        ("the step to act on", len(STEPS)),
        ("the seat to act", SEATS),
        ("the result: won, lost", 2),
    )


class TroisOmbresEncoding:
    """The `oracle.interface.Encoding` of L'heure des 3 ombres."""

    def traits(self, rules: Rules) -> Traits:
        return Traits(simultaneous=False, chance=True, sampled_chance=True, perfect_information=False,
                      cooperative=True, seats=LIMITS["players"])

    def settings(self) -> Mapping[str, int]:
        default = Setup()
        return {f.name.replace("_", "-"): getattr(default, f.name) for f in fields(Setup)}

    def player_count(self, rules: Rules) -> int:
        return rules.setup.players

    def num_actions(self, rules: Rules) -> int:
        return len(vocabulary(rules.setup))

    def action_id(self, action: Action, rules: Rules) -> int:
        number = _numbers(rules.setup).get(action)
        if number is None and len(action.args) == 3 and action.verb in ("peek", "use"):  # two slots, either order
            number = _numbers(rules.setup).get(Action(action.verb, (action.args[0], action.args[2], action.args[1])))
        if number is None:
            raise NotationError("this action has no number (OMBRES.ENCODING.ACTIONS)", str(action))
        return number

    def action_of(self, action_id: int, rules: Rules) -> Action:
        words = vocabulary(rules.setup)
        if not 0 <= action_id < len(words):
            raise NotationError(f"an action number is 0 to {len(words) - 1}", str(action_id))
        return words[action_id]

    def max_chance_outcomes(self, rules: Rules) -> int:
        # A die face, a card or trap by name, a shuffle's order, a thrown cube's slot (OMBRES.CHANCE).
        return max(len(FACES), len(LIMBES_CARDS), len(ID_CARDS), len(TRAP_KINDS), SHUFFLE_MOST,
                   len(slots(rules.setup)))

    def observation_shape(self, rules: Rules) -> tuple[int, ...]:
        return (sum(size for _, size in sections(rules.setup)),)

    def observation_tensor(self, view: Json, player: int, rules: Rules) -> list[float]:
        return observation_tensor(view, rules.setup)


def observation_tensor(view: Json, setup: Setup) -> list[float]:
    """The observation vector of one player's view, section by section (`sections`)."""
    places = slots(setup)
    where = {loc: k for k, loc in enumerate(places)}
    kinds = tile_kinds(setup)
    kind = {name: k for k, name in enumerate(kinds)}
    shown = [0.0] * (len(places) * len(kinds))
    lies, up, kept, cube = ([0.0] * len(places) for _ in range(4))
    clue = [0.0] * (len(places) * SEATS)
    cells = {cell["slot"]: cell for cell in view.get("board", [])}
    known = dict(view.get("known") or {})
    for loc, k in where.items():
        cell = cells.get(loc)
        tile = cell["tile"] if cell is not None and cell["tile"] in kind else known.get(loc)
        if tile in kind:
            shown[k * len(kinds) + kind[tile]] = 1.0
        if cell is None:
            continue
        lies[k] = 1.0
        up[k], kept[k], cube[k] = (1.0 if cell.get(flag) else 0.0 for flag in ("up", "kept", "cube"))
        if isinstance(cell.get("clue"), int) and 0 <= cell["clue"] < SEATS:
            clue[k * SEATS + cell["clue"]] = 1.0
    out = [*shown, *lies, *up, *kept, *cube, *clue]

    def one_hot(size: int, index: object) -> None:
        block = [0.0] * size
        if isinstance(index, int) and 0 <= index < size:
            block[index] = 1.0
        out.extend(block)

    def counts(names: Sequence[str], items: Sequence[object]) -> None:
        out.extend(float(sum(1 for item in items if item == name)) for name in names)

    def per_seat(values: Sequence[object], scale: float) -> None:
        for seat in range(SEATS):
            value = values[seat] if seat < len(values) else None
            out.append(value / scale if isinstance(value, int) else 0.0)

    one_hot(SEATS, view.get("player"))
    out.extend(1.0 if s < setup.players else 0.0 for s in range(SEATS))
    out.append(1.0 if view.get("eyes") == "open" else 0.0)
    out.append(float(view.get("hour") or 0) / 12)
    counts(suspect_tiles(setup.characters), list(view.get("agency") or []))
    layout = list(view.get("layout") or [])
    for place in range(len(PLACES)):
        one_hot(len(LIEUX), LIEUX.index(layout[place]) if place < len(layout) and layout[place] in LIEUX else None)
    rotation = list(view.get("rotation") or [])
    for lieu in range(len(LIEUX)):
        one_hot(4, rotation[lieu] % 4 if lieu < len(rotation) and isinstance(rotation[lieu], int) else None)
    out.append(float(view.get("cubes") or 0) / 4)
    per_seat(list(view.get("reserve") or []), 4)
    per_seat(list(view.get("stock") or []), 2)
    objets = list(view.get("objets") or [])
    for seat in range(SEATS):
        held = objets[seat] if seat < len(objets) else None
        one_hot(len(OBJETS), OBJETS.index(held) if held in OBJETS else None)
    curses = [(c.get("card"), c.get("drawer")) for c in view.get("curses") or []]
    for card in MALEDICTIONS:
        out.extend(1.0 if (card, seat) in curses else 0.0 for seat in range(SEATS))
    closed = list(view.get("closed") or [])
    out.extend(1.0 if s < len(closed) and closed[s] else 0.0 for s in range(SEATS))
    piles: dict[str, int] = dict(view.get("piles") or {})
    out.extend(float(piles.get(name) or 0) / 10 for name in ("traps", "id", "limbes"))
    discards = dict(view.get("discards") or {})
    counts(TRAP_KINDS, list(discards.get("traps") or []))
    counts(ID_CARDS, list(discards.get("id") or []))
    counts(LIMBES_CARDS, list(discards.get("limbes") or []))
    one_hot(SEATS, view.get("current"))
    one_hot(len(FACES), FACES.index(view["face"]) if view.get("face") in FACES else None)
    to_act = dict(view.get("to_act") or {})
    one_hot(len(STEPS), STEPS.index(to_act["step"]) if to_act.get("step") in STEPS else None)
    one_hot(SEATS, to_act.get("player"))
    out.extend([1.0 if view.get("result") == "win" else 0.0, 1.0 if view.get("result") == "loss" else 0.0])
    return out


ENCODING: Encoding[Action, Rules] = TroisOmbresEncoding()
