"""Which engine answers "which turns", "which position after" and "how many" in
the standard game: the compiled one (``_engine.c``, built at install where a C
compiler is present) or the spec's own rules.

The spec (`oracle.games.ttykm.rules`) stays the reference for `explain`,
events, rule IDs and every message; the compiled engine mirrors the standard
rules on bit masks and is checked against them (tests/test_fast.py).  It is
given states only through `state_of`, from positions the spec's readers have
validated (POSITION.VALID), and refuses any other.  Chapter positions and
variants are always played by the spec (and counted by its fast perft).

`use` switches the process between the two (``--engine-impl`` on the command
line); without the compiled engine, the spec plays and `note` says so in one
line.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType

from oracle.games.ttykm.board import ACTION_ORDER, Colour, Era
from oracle.games.ttykm.rules import standard
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import COPIES_PER_PLAYER, Position, check_position
from oracle.games.ttykm.turn import Turn


def _load() -> ModuleType | None:
    try:
        from oracle.games.ttykm import _engine  # type: ignore[attr-defined]
    except ImportError:
        return None
    module: ModuleType = _engine
    return module


COMPILED = "compiled"
SPEC = "spec"
IMPLEMENTATIONS = (COMPILED, SPEC)
"""The engines a process may choose (``--engine-impl``)."""

_engine: ModuleType | None = _load()
_chosen: str = COMPILED if _engine is not None else SPEC

State = tuple[int, int, int, int, int, int]
"""A standard position seen from the player to move: (own, opp, own_supply, opp_supply, own_focus, opp_focus)."""


def available() -> tuple[str, ...]:
    """The engines this installation has: ``("compiled", "spec")``, or ``("spec",)`` without a compiled build."""
    return IMPLEMENTATIONS if _engine is not None else (SPEC,)


def chosen() -> str:
    """The engine in use: ``compiled`` or ``spec``."""
    return _chosen


def use(name: str) -> None:
    """Play and count on ``name`` (``compiled`` or ``spec``) from now on in this process."""
    global _chosen
    if name not in available():
        raise ValueError(f"{name!r} is not an engine here (available: {', '.join(available())})")
    _chosen = name


def description() -> str:
    """The engine in use, in a few words (``oracle version``)."""
    if _chosen == COMPILED:
        return "compiled (C) for the standard game; the spec for the chapters, variants, explain and events"
    if _engine is None:
        return "spec (the compiled engine is not built here)"
    return "spec (chosen; the compiled engine is built)"


def note() -> str | None:
    """One line for the places where speed matters, when the compiled engine is not built; None otherwise."""
    if _engine is None:
        return ("the compiled engine is not built (no C compiler at install): counting on the spec engine,"
                " about 100 times slower")
    return None


COMPILED_VARIANTS = frozenset({"copy-choice=free"})
"""The variants the compiled engine mirrors (VARIANT.COPY-CHOICE-FREE); under any other the spec plays."""


def covers(position: Position, ruleset: Ruleset = STANDARD) -> bool:
    """Whether the compiled engine answers for ``position`` under ``ruleset``: the standard game, with no
    variant or those of `COMPILED_VARIANTS`, and a player to move."""
    return (_chosen == COMPILED and position.chapters is None and ruleset.variants <= COMPILED_VARIANTS
            and position.to_move is not None)


def state_of(position: Position) -> State:
    """The state of a standard position that is not over, seen from the player to move."""
    assert position.to_move is not None
    me = position.to_move
    them = me.opponent
    return (position.copies[me], position.copies[them], position.supply[me], position.supply[them],
            int(position.focus[me]), int(position.focus[them]))


def _state(position: Position, ruleset: Ruleset) -> tuple[int, ...]:
    """The compiled engine's state: `state_of` and the variant flag."""
    return (*state_of(position), 1) if ruleset.copy_choice_free else state_of(position)


def _engine_module() -> ModuleType:
    assert _engine is not None
    return _engine


def perft(position: Position, depth: int, ruleset: Ruleset = STANDARD, table: bool = True) -> int:
    """Perft of a standard position on the compiled engine (`covers` must hold), ``depth`` 1 or more;
    ``table=False`` counts without the transposition table."""
    count: int = _engine_module().perft(_state(position, ruleset), depth, table)
    return count


def size_table(bits: int) -> None:
    """Make the compiled engine's transposition table ``2 ** bits`` entries of 24 bytes (default 20: 24 MB),
    emptied; deep counts run faster with more (bench/deep_perft.py uses 23: 192 MB)."""
    _engine_module().set_table_bits(bits)


def count_turns(position: Position, ruleset: Ruleset = STANDARD) -> int:
    """The number of legal turns of a standard position on the compiled engine (`covers` must hold)."""
    count: int = _engine_module().count_turns(_state(position, ruleset))
    return count


def _after(position: Position, own: int, opp: int, supply: int, focus: int, won: bool) -> Position:
    """The position after a turn of the mover that leaves ``(own, opp)`` and ``supply`` (TURN.END, WIN.CHECK)."""
    me = position.to_move
    assert me is not None
    white, black = (own, opp) if me is Colour.WHITE else (opp, own)
    supply_w, supply_b = (supply, position.supply[1]) if me is Colour.WHITE else (position.supply[0], supply)
    era = ERAS[focus]
    return Position(
        copies=(white, black),
        supply=(supply_w, supply_b),
        removed=(COPIES_PER_PLAYER - white.bit_count() - supply_w, COPIES_PER_PLAYER - black.bit_count() - supply_b),
        focus=(era, position.focus[1]) if me is Colour.WHITE else (position.focus[0], era),
        to_move=None if won else me.opponent,
        winner=me if won else None,
    )


ERAS = tuple(Era)


def successors(position: Position, ruleset: Ruleset = STANDARD) -> list[tuple[Turn, Position]]:
    """Every legal turn with the position after it, in `legal_turns` order: the compiled engine's answer
    where it `covers` the position, else the spec's (`oracle.games.ttykm.rules.standard.successors`)."""
    if not covers(position, ruleset):
        return standard.successors(position, ruleset)
    check_position(position)
    out: list[tuple[Turn, Position]] = []
    for copy, first, second, focus, own, opp, supply, won in _engine_module().turns(_state(position, ruleset)):
        actions = () if first < 0 else (ACTION_ORDER[first],) if second < 0 else (ACTION_ORDER[first],
                                                                                  ACTION_ORDER[second])
        out.append((Turn(None if copy < 0 else copy, actions, ERAS[focus]),
                    _after(position, own, opp, supply, focus, bool(won))))
    return out


def legal_turns(position: Position, ruleset: Ruleset = STANDARD) -> list[Turn]:
    """Every legal turn, in `legal_turns` order, on the engine that `covers` the position."""
    if not covers(position, ruleset):
        return standard.legal_turns(position, ruleset)
    return [turn for turn, _ in successors(position, ruleset)]


def turn_ids(position: Position, ruleset: Ruleset = STANDARD) -> list[int]:
    """The numbers of every legal turn (ENCODING.ACTIONS, the standard alphabet), in increasing order;
    the compiled engine (`covers` must hold)."""
    ids: list[int] = _engine_module().turn_ids(_state(position, ruleset))
    return ids


def after_id(position: Position, action_id: int, ruleset: Ruleset = STANDARD) -> Position | None:
    """The position after the turn numbered ``action_id``, or None when it is not legal here;
    the compiled engine (`covers` must hold)."""
    found = _engine_module().play_id(_state(position, ruleset), action_id)
    if found is None:
        return None
    own, opp, supply, won = found
    return _after(position, own, opp, supply, action_id % 3, bool(won))


def tensor(position: Position) -> Sequence[float]:
    """The observation planes of a standard position (ENCODING.OBSERVATION), flattened; the compiled engine."""
    white, black = position.copies
    mover = -1 if position.to_move is None else int(position.to_move)
    planes = _engine_module().tensor(white, black, *position.supply, *position.removed, int(position.focus[0]),
                                     int(position.focus[1]), mover)
    return memoryview(planes).cast("f")


class StandardPlay:
    """The compiled `oracle.interface.FastPlay` of the standard game with no variant (`Game.fast_play`)."""

    def covers(self, state: Position) -> bool:
        return covers(state)  # the standard rules: `Game.fast_play` offers this play under them only

    def legal_ids(self, state: Position) -> list[int]:
        return turn_ids(state)

    def after_id(self, state: Position, action_id: int) -> Position | None:
        return after_id(state, action_id)

    def tensor(self, state: Position, player: int) -> Sequence[float]:
        return tensor(state)  # perfect information: every player sees the same planes


STANDARD_PLAY = StandardPlay()
