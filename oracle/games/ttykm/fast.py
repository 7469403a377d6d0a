"""Which engine answers "which turns", "which position after" and "how many":
the compiled one (``_engine.c`` for the standard game, ``_chapters.c`` for the
chapters and the variants; built at install where a C compiler is present) or
the spec's own rules.

The spec (`oracle.games.ttykm.rules`) stays the reference for `explain`,
events, rule IDs and every message; the compiled engine mirrors the rules
(the standard game on bit masks, the chapters as `perft_chapters` does) and
is checked against them (tests/test_fast.py).  It is given states only
through `state_of` and `perft_chapters.state_of`, from positions the spec's
readers have validated (POSITION.VALID), and refuses any other.  It covers
the standard game (`covers`), every chapter ruleset and pair, a Convergence
game once its pair is drawn, and every variant of `perft_chapters.FAST_VARIANTS`
in each (`covers_chapters`); the rest (a Convergence game before its draw, a
variant not mirrored) is the spec's.

`use` switches the process between the two (``--engine-impl`` on the command
line); without the compiled engine, the spec plays and `note` says so in one
line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from types import ModuleType

from oracle.games.ttykm import perft_chapters
from oracle.games.ttykm.board import ACTION_ORDER, MOVES, Action, Colour, Era
from oracle.games.ttykm.objects import SEEDS, SHRUB, TREE, Chapters, Kind, Thing, fallen, statue
from oracle.games.ttykm.rules import standard
from oracle.games.ttykm.rules.variants import check_variants
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import COPIES_PER_PLAYER, Position, check_position
from oracle.games.ttykm.turn import Aimed, Pull, Turn, TurnAction


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
_chapters_built: bool = _engine is not None and hasattr(_engine, "chapter_lines")
"""Whether the build holds the chapters (`_chapters.c`): one made before them plays the standard game only."""
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
    if _chosen == COMPILED and not _chapters_built:
        return "compiled (C) for the standard game; the spec for the chapters, variants, explain and events"
    if _chosen == COMPILED:
        return ("compiled (C) for the standard game, the chapters and pairs and every variant the fast perft"
                " mirrors; the spec for explain, events and a Convergence game before its draw")
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


# The bits of the compiled chapter engine's flags (_chapters.c, F_GROWTH ... F_REBOUND_ILLEGAL), in order:
# what `perft_chapters.Flags` reads of the chapters in play and of the ruleset's variants.
CHAPTER_FLAGS: tuple[Callable[[perft_chapters.Flags], bool], ...] = (
    lambda f: f.growth, lambda f: f.influence, lambda f: f.memory, lambda f: f.choice_free,
    lambda f: f.self_push == 1, lambda f: f.self_push == 2, lambda f: f.self_push == 3,
    lambda f: f.pull_none, lambda f: f.auto_pull, lambda f: f.sideways, lambda f: f.no_pull_with_push,
    lambda f: f.plant_alone, lambda f: f.growth_kills, lambda f: f.dig_only, lambda f: f.r2,
    lambda f: f.hatted_stays, lambda f: f.adjacency, lambda f: f.stepped, lambda f: f.effects == 1,
    lambda f: f.effects == 2, lambda f: f.skip_occupied, lambda f: f.move_copy, lambda f: f.v2023,
    lambda f: f.rebound_illegal,
)


@cache
def chapter_flags(ruleset: Ruleset, modules: frozenset[str]) -> int:
    """The compiled chapter engine's flags for ``modules`` under ``ruleset``."""
    flags = perft_chapters.Flags(ruleset, modules)
    return sum(1 << bit for bit, reads in enumerate(CHAPTER_FLAGS) if reads(flags))


def _modules(position: Position) -> frozenset[str]:
    return frozenset() if position.chapters is None else position.chapters.modules


def covers_chapters(position: Position, ruleset: Ruleset = STANDARD) -> bool:
    """Whether the compiled chapter engine answers for ``position`` under ``ruleset``: a player to move, the
    chapters of a ruleset or pair (a Convergence game after its draw), or the standard game under variants,
    every variant one `perft_chapters` mirrors (`perft_chapters.covers`); the standard game itself, and it
    under `COMPILED_VARIANTS`, is `covers`'s."""
    return (_chosen == COMPILED and _chapters_built and position.to_move is not None
            and "convergence" not in _modules(position)
            and perft_chapters.covers(ruleset) and not covers(position, ruleset))


def _chapter_args(position: Position, ruleset: Ruleset) -> tuple[perft_chapters.State, int]:
    return perft_chapters.state_of(position), chapter_flags(Ruleset(ruleset.variants), _modules(position))


def chapter_perft(position: Position, depth: int, ruleset: Ruleset = STANDARD, table: bool = True) -> int:
    """Perft of a chapter position on the compiled engine (`covers_chapters` must hold), ``depth`` 1 or more;
    ``table=False`` counts without the transposition table."""
    count: int = _engine_module().chapter_perft(*_chapter_args(position, ruleset), depth, table)
    return count


def chapter_count_turns(position: Position, ruleset: Ruleset = STANDARD) -> int:
    """The number of legal turns of a chapter position on the compiled engine (`covers_chapters` must hold)."""
    count: int = _engine_module().chapter_count_turns(*_chapter_args(position, ruleset))
    return count


def size_chapter_table(bits: int) -> None:
    """Make the compiled chapter engine's table ``2 ** bits`` entries of 64 bytes (default 20: 64 MB), emptied."""
    _engine_module().chapter_set_table_bits(bits)


# --- the chapters' turns and positions after them ------------------------------------------

ELEPHANT_KINDS = (Kind.DARK_ELEPHANT, Kind.LIGHT_ELEPHANT)
COLOURS = (Colour.WHITE, Colour.BLACK)


def _thing(c: int, value: int) -> Thing:
    """The object `perft_chapters` writes ``value`` for on cell ``c`` (`perft_chapters.cell_value` read back)."""
    if value == perft_chapters.SHRUB:
        return SHRUB
    if value == perft_chapters.TREE:
        return TREE
    if value < perft_chapters.STATUE:
        return fallen(c, MOVES[value - perft_chapters.FALLEN])
    if value < perft_chapters.ELEPHANT:
        return statue(None if value == perft_chapters.STATUE else COLOURS[value - perft_chapters.STATUE - 1])
    kind, hat = divmod(value - perft_chapters.ELEPHANT, 3)
    return Thing(ELEPHANT_KINDS[kind], hat=None if hat == 0 else COLOURS[hat - 1])


THINGS: tuple[tuple[Thing | None, ...], ...] = tuple(
    tuple(None if v == perft_chapters.EMPTY or (perft_chapters.FALLEN <= v < perft_chapters.STATUE
                                                and perft_chapters.STEP[perft_chapters.OPPOSITE[v - 3]][c] < 0)
          else _thing(c, v) for v in range(16)) for c in range(48))
"""THINGS[c][v]: the object of value v on cell c (None for no object, or a fallen tree with no root)."""


After = tuple[int, int, int, int, int, bytes, int, int]
"""What a line leaves, as `_chapters.c` gives it: (white, black, supply_w, supply_b, seeds, cells, built_w, built_b)."""


def _chapter_positions(position: Position, after: After, foci: Sequence[int]) -> list[Position]:
    """The positions after a mover's line leaves ``after`` and the Focus moves to each of ``foci`` (TURN.END,
    WIN.CHECK): the same values the spec's `end_turn` builds, sharing their objects."""
    white, black, supply_w, supply_b, seeds, cells, built_w, built_b = after
    me = position.to_move
    assert me is not None
    won = _eras_of(black if me is Colour.WHITE else white) <= 1
    chapters = position.chapters
    if chapters is not None:
        things = THINGS
        chapters = Chapters(chapters.modules, seeds, tuple((c, thing) for c, v in enumerate(cells) if v
                                                           and (thing := things[c][v]) is not None),
                            SEEDS - seeds.bit_count(), (bool(built_w), bool(built_b)))
    removed = (COPIES_PER_PLAYER - white.bit_count() - supply_w, COPIES_PER_PLAYER - black.bit_count() - supply_b)
    out = []
    for focus in foci:
        era = ERAS[focus]
        out.append(Position(
            copies=(white, black),
            supply=(supply_w, supply_b),
            removed=removed,
            focus=(era, position.focus[1]) if me is Colour.WHITE else (position.focus[0], era),
            to_move=None if won else me.opponent,
            winner=me if won else None,
            chapters=chapters,
        ))
    return out


def _eras_of(mask: int) -> int:
    return (mask & 0xFFFF != 0) + (mask >> 16 & 0xFFFF != 0) + (mask >> 32 != 0)


def _action(code: int, auto_pull: bool) -> TurnAction:
    """The action `_chapters.c` packs as ``code`` (ACTION: kind, direction, square, pull)."""
    kind, d, square, pulled = code & 15, code >> 4 & 3, code >> 6 & 15, code >> 10 & 7
    if kind == 0:
        if pulled == 0 or (pulled == 1 and auto_pull):
            return MOVES[d]  # under pull=automatic a Move pulls by itself (VARIANT.PULL-AUTOMATIC)
        return Pull(MOVES[d], None if pulled == 1 else MOVES[pulled - 2])
    if kind in (1, 2):
        return Action.FORWARD if kind == 1 else Action.BACKWARD
    return Aimed("PDBTC"[kind - 3], square, pull=kind == 7 and pulled == 1 and not auto_pull)


@cache
def _rank(action: TurnAction) -> int:
    """Where ``action`` comes among a copy's candidate actions (OBJECTS.ORDER): the order of every ruleset's
    alphabet (`oracle.games.ttykm.encoding.alphabet` with every chapter)."""
    from oracle.games.ttykm.encoding import alphabet

    return alphabet(frozenset({"growth", "influence", "memory"})).index(action)


Line = tuple[tuple[int, int, int], int | None, tuple[TurnAction, ...], After]
"""A legal line: its place in `legal_turns` order, the copy, the actions and what it leaves."""


def _chapter_lines(position: Position, ruleset: Ruleset) -> tuple[list[Line], list[int]]:
    """Every legal line of a chapter position in `legal_turns` order, and the Focus choices of each."""
    check_position(position)
    if ruleset.variants:  # VARIANT.SCOPE: refused as the spec refuses it
        check_variants(_modules(position), ruleset)
    state, flags = _chapter_args(position, ruleset)
    auto_pull = ruleset.pull_automatic
    lines: list[Line] = []
    for line in _engine_module().chapter_lines(state, flags):
        copy, first, second = line[:3]
        after: After = line[3:]
        if copy < 0:
            lines.append(((-1, -1, -1), None, (), after))
            continue
        actions = (_action(first, auto_pull),) if second < 0 else (_action(first, auto_pull),
                                                                    _action(second, auto_pull))
        ranks = [_rank(action) for action in actions]
        lines.append(((copy, ranks[0], ranks[1] if second >= 0 else -1), copy, actions, after))
    lines.sort(key=lambda line: line[0])  # no actions first, then by copy and by actions (ORACLE.ORDER)
    mover = state[0]
    return lines, [f for f in (0, 1, 2) if f != state[1 + mover]]


def chapter_successors(position: Position, ruleset: Ruleset = STANDARD) -> list[tuple[Turn, Position]]:
    """Every legal turn with the position after it, in `legal_turns` order, on the compiled chapter engine
    (`covers_chapters` must hold)."""
    lines, targets = _chapter_lines(position, ruleset)
    return [(Turn(copy, actions, ERAS[f]), after) for _, copy, actions, left in lines
            for f, after in zip(targets, _chapter_positions(position, left, targets), strict=True)]


def chapter_legal_turns(position: Position, ruleset: Ruleset = STANDARD) -> list[Turn]:
    """Every legal turn, in `legal_turns` order, on the compiled chapter engine (`covers_chapters` must hold)."""
    lines, targets = _chapter_lines(position, ruleset)
    return [Turn(copy, actions, ERAS[f]) for _, copy, actions, _ in lines for f in targets]


def clear_chapter_table() -> None:
    """Empty the compiled chapter engine's table, allocated and its memory touched (for benchmarks: a count
    timed after this pays for neither)."""
    _engine_module().chapter_clear_table()


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
        if covers_chapters(position, ruleset):
            return chapter_successors(position, ruleset)
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
    if covers(position, ruleset):
        return [turn for turn, _ in successors(position, ruleset)]
    if covers_chapters(position, ruleset):
        return chapter_legal_turns(position, ruleset)
    return standard.legal_turns(position, ruleset)


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


@cache
def _alphabet_bits(rules: Ruleset) -> int:
    """The chapters of ``rules``'s action alphabet (`oracle.games.ttykm.encoding.chapters_allowed`), as
    `_chapters.c` reads them: bit 0 Growth, 1 Influence, 2 Memory."""
    from oracle.games.ttykm.encoding import chapters_allowed

    allowed = chapters_allowed(rules)
    return sum(1 << k for k, name in enumerate(("growth", "influence", "memory")) if name in allowed)


def chapter_turn_ids(position: Position, ruleset: Ruleset) -> list[int]:
    """The numbers of every legal turn under ``ruleset`` (ENCODING.ACTIONS, its alphabet), in increasing order;
    the compiled chapter engine (`covers_chapters` must hold)."""
    ids: list[int] = _engine_module().chapter_turn_ids(*_chapter_args(position, ruleset), _alphabet_bits(ruleset))
    return ids


def chapter_after_id(position: Position, action_id: int, ruleset: Ruleset) -> Position | None:
    """The position after the turn numbered ``action_id`` under ``ruleset``, or None when it is not legal here;
    the compiled chapter engine (`covers_chapters` must hold)."""
    found = _engine_module().chapter_play_id(*_chapter_args(position, ruleset), _alphabet_bits(ruleset), action_id)
    if found is None:
        return None
    after: After = found[:8]
    return _chapter_positions(position, after, (action_id % 3,))[0]


def chapter_tensor(position: Position) -> Sequence[float]:
    """The observation planes of a chapter position (ENCODING.OBSERVATION), flattened; the compiled engine."""
    chapters = position.chapters
    assert chapters is not None
    cells = bytearray(48)
    for c, thing in chapters.solids:
        cells[c] = perft_chapters.cell_value(c, thing)
    modules = sum(1 << k for k, name in enumerate(("growth", "influence", "memory")) if name in chapters.modules)
    mover = -1 if position.to_move is None else int(position.to_move)
    planes = _engine_module().chapter_tensor(*position.copies, *position.supply, *position.removed,
                                             int(position.focus[0]), int(position.focus[1]), mover, chapters.seeds,
                                             bytes(cells), *chapters.built, modules)
    return memoryview(planes).cast("f")


class CompiledPlay:
    """The compiled `oracle.interface.FastPlay` under one rules value other than the standard rules with no
    variant: a chapter ruleset or pair (a Convergence game once drawn), or the standard game under variants,
    where every variant is one the compiled engine mirrors (`Game.fast_play`)."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules

    def covers(self, state: Position) -> bool:
        return covers(state, self.rules) or covers_chapters(state, self.rules)

    def legal_ids(self, state: Position) -> list[int]:
        if covers(state, self.rules):
            return turn_ids(state, self.rules)
        return chapter_turn_ids(state, self.rules)

    def after_id(self, state: Position, action_id: int) -> Position | None:
        if covers(state, self.rules):
            return after_id(state, action_id, self.rules)
        return chapter_after_id(state, action_id, self.rules)

    def tensor(self, state: Position, player: int) -> Sequence[float]:
        return tensor(state) if state.chapters is None else chapter_tensor(state)


@cache
def compiled_play(rules: Ruleset) -> StandardPlay | CompiledPlay | None:
    """The compiled `FastPlay` under ``rules`` (None where the compiled engine mirrors none of its games:
    a variant it does not mirror, or the spec engine chosen)."""
    if rules == STANDARD:
        return STANDARD_PLAY
    if not perft_chapters.covers(rules) or not (_chapters_built or rules.variants <= COMPILED_VARIANTS):
        return None
    return CompiledPlay(rules)
