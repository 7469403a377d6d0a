"""Test vectors for other implementations: language-neutral files that say
what the rules answer (spec/vectors.md describes every format).

`build` computes the files of one ruleset as bytes, reproducibly; `export`
writes them with a ``manifest.json``; `verify` re-exports a directory in memory
and lists the differences.  The repository keeps the sets of `COMMITTED`
under ``vectors/``; ``oracle vectors regenerate`` rewrites them after a
deliberate change of the rules.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracle import SPEC_VERSION, __version__
from oracle.errors import NotationError
from oracle.games.ttykm.board import ACTION_ORDER, SQUARES, Era
from oracle.games.ttykm.notation import (
    event_text,
    event_to_json,
    format_position,
    format_turn,
    parse_position,
    parse_turn,
    position_to_json,
    turn_to_json,
)
from oracle.games.ttykm.perft import perft
from oracle.games.ttykm.rules.standard import apply_turn, explain, start_position, successors
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import ILLEGAL, Aimed, Turn, TurnAction
from oracle.inputs import load_json

FORMAT_VERSION = 1
MANIFEST = "manifest.json"
PLAYTHROUGH_DIR = "playthroughs"


@dataclass(frozen=True)
class NamedPosition:
    """A hand-picked position that exercises a tricky rule."""

    name: str
    text: str
    note: str


NAMED_POSITIONS: tuple[NamedPosition, ...] = (
    NamedPosition("start", "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0",
                  "the standard start (SETUP.START)"),
    NamedPosition("chain-to-the-wall",
                  "3b/4/4/4|4/4/4/wbwb|3b/4/4/w3 turn=w focus=present,future supply=4,3 removed=0,0",
                  "a1 E pushes a chain of alternating colours whose far end is crushed (MOVE.PUSH.CHAIN)"),
    NamedPosition("chain-up-a-file",
                  "3b/4/4/w3|b3/w3/b3/w3|3b/4/4/w3 turn=w focus=present,future supply=3,3 removed=0,0",
                  "a1 N pushes three copies up the a-file into the wall (MOVE.PUSH.CHAIN, MOVE.PUSH.CRUSH)"),
    NamedPosition("ricochet", "3b/4/4/w3|4/4/4/wbww|3b/4/4/w3 turn=w focus=present,future supply=2,4 removed=0,0",
                  "a1 E pushes Black into White's own pair: a paradox removes two white copies (MOVE.PUSH.CHAIN)"),
    NamedPosition("paradox-push", "3b/4/4/w3|4/4/4/wbb1|3b/4/4/w3 turn=w focus=present,future supply=4,3 removed=0,0",
                  "a1 E pushes a black copy onto another black copy (MOVE.PUSH.PARADOX)"),
    NamedPosition("empty-supply", "3b/4/4/w3|3b/4/1w2/w3|3b/4/w3/w3 turn=w focus=future,past supply=0,4 removed=2,0",
                  "White has no copy in supply, so no backward travel (TRAVEL.BACKWARD.SUPPLY)"),
    NamedPosition("empty-focus-era", "3b/4/4/w3|3b/4/4/4|3b/4/4/w3 turn=w focus=present,future supply=4,4 removed=1,0",
                  "White has no copy on the Focus era: only the Focus moves (TURN.NO-COPY)"),
    NamedPosition("near-win", "3b/4/4/w3|2wb/4/4/w3|4/4/4/w3 turn=w focus=present,past supply=3,4 removed=0,1",
                  "c4 E crushes Black's last present copy: Black is left on one era (WIN.CHECK)"),
    NamedPosition("stuck-copy", "3b/4/4/w3|3b/4/w3/ww2|3b/4/4/w3 turn=w focus=present,future supply=2,4 removed=0,0",
                  "present a1 cannot act; the other copies can (TURN.COPY-CHOICE, variant copy-choice=free)"),
    NamedPosition("one-action-copy",
                  "4/3b/2wb/1w2|b1ww/3w/4/4|2w1/1b1w/b3/4 turn=w focus=present,future supply=0,2 removed=0,0",
                  "present d4 can take only one action, the others two (TURN.COPY-CHOICE, TURN.ACTION-COUNT)"),
    NamedPosition("own-copies-side-by-side",
                  "3b/4/4/w3|3b/4/w3/w3|3b/4/4/w3 turn=w focus=present,future supply=3,4 removed=0,0",
                  "moves onto White's own copies (MOVE.OWN-COPY, variant self-push=paradox)"),
    NamedPosition("shared-focus", "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=b focus=present,present supply=4,4 removed=0,0",
                  "both Foci on the present, Black to move (FOCUS.SHARED)"),
    NamedPosition("wipe-out", "4/4/4/w3|2wb/4/4/w3|4/4/4/w3 turn=w focus=present,past supply=3,4 removed=0,2",
                  "Black is on one era already; c4 E crushes its last copy and leaves it with none: a win with"
                  " the opponent wiped out (WIN.CHECK: one era or none)"),
    NamedPosition("win-present-left", "2wb/4/4/w3|3b/4/4/w3|4/4/4/w3 turn=w focus=past,past supply=3,4 removed=0,1",
                  "c4 E crushes Black's past copy: Black is left on the present only (WIN.CHECK)"),
    NamedPosition("win-future-left", "4/4/4/w3|2wb/4/4/w3|3b/4/4/4 turn=w focus=present,past supply=4,4 removed=0,1",
                  "c4 E crushes Black's present copy: Black is left on the future only (WIN.CHECK)"),
    NamedPosition("win-mover-on-one-era",
                  "3b/4/4/4|2wb/4/4/4|4/4/4/4 turn=w focus=present,past supply=4,4 removed=2,1",
                  "White, on the present only, leaves Black on the past only and wins: the mover's eras are not"
                  " counted (WIN.MOVER-NOT-CHECKED)"),
    NamedPosition("won", "3b/4/4/w3|4/4/4/4|4/4/4/w3 winner=w focus=future,past supply=1,0 removed=4,6",
                  "the game is over: no legal turn (TURN.GAME-OVER)"),
)

_INF = "rules=influence built="
INFLUENCE_NAMED: tuple[NamedPosition, ...] = (
    NamedPosition("start",
                  f"3b/4/2N1/w3|3b/4/2N1/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,4 removed=0,0 {_INF}0,0",
                  "the Influence start: the neutral statue on c2 of every era (INFLUENCE.SETUP)"),
    NamedPosition("propagated-crush",
                  f"3b/4/1wN1/4|3b/4/2Nb/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,3 removed=0,0 {_INF}0,0",
                  "b2 E pushes the statue in the past; the present's statue crushes Black (INFLUENCE.PROPAGATE)"),
    NamedPosition("propagation-stops",
                  f"3b/4/1wN1/4|3b/4/3N/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,4 removed=0,0 {_INF}0,0",
                  "the present's statue is against the wall: the future's stays (INFLUENCE.PROPAGATE.STOP)"),
    NamedPosition("pull-and-push",
                  f"3b/4/N3/w3|3b/4/Nwb1/4|3b/4/N3/w3 turn=w focus=present,future supply=4,3 removed=0,0 {_INF}0,0",
                  "b2 E+ pushes Black and pulls the statue, which moves in the future too (INFLUENCE.PULL)"),
    NamedPosition("build-rebound",
                  f"N2b/4/1w2/4|N2b/4/2b1/w3|3b/4/2NB/w3 turn=w focus=past,future supply=4,3 removed=0,0 {_INF}0,1",
                  "b2 Bc2 pushes Black in the present and rebounds in the future (INFLUENCE.BUILD.REBOUND)"),
    NamedPosition("reversed-chain",
                  f"3b/1B2/1N2/1w2|3b/4/N3/B1w1|3b/4/2N1/w3 turn=w focus=past,future supply=4,4 removed=0,0 {_INF}0,1",
                  "b1 N pushes two statues; the neutral one's own move is spent in the present (INFLUENCE.SPENT)"),
)

GROWTH_START = ("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                " rules=growth seeds=5")
GROWTH_NAMED_POSITIONS: tuple[NamedPosition, ...] = (
    NamedPosition("start", GROWTH_START, "the Growth start: five seeds in supply (GROWTH.SETUP, GROWTH.SEEDS)"),
    NamedPosition("fall-crushes",
                  "3b/1s2/4/w3|3b/1h2/4/w3|1b2/1t2/1b2/1w2 turn=w focus=future,past supply=4,3 removed=0,0"
                  " rules=growth seeds=4",
                  "b1 N pushes Black into a tree that falls and crushes Black on b4 (GROWTH.FALL, rulings G-T2)"),
    NamedPosition("tree-against-wall",
                  "3b/4/3s/w3|3b/4/3h/w3|3b/4/1wbt/4 turn=w focus=future,future supply=4,3 removed=0,0"
                  " rules=growth seeds=4",
                  "a tree that cannot fall: Black pushed into it dies (GROWTH.FALL.BLOCKED, rulings G-T3)"),
    NamedPosition("dig-fallen-tree",
                  "3b/1s2/1w2/4|3b/1h2/4/w3|3b/2>1/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                  " rules=growth seeds=4",
                  "digging b3 removes the shrub and the fallen tree rooted on b3 (GROWTH.DIG, rulings G-T4)"),
    NamedPosition("plant-under-opponent",
                  "3b/2b1/2(ws)1/4|3b/4/2h1/w3|3b/4/2t1/w3 turn=w focus=past,future supply=4,3 removed=0,0"
                  " rules=growth seeds=4",
                  "plant under Black; travel onto the shrub is illegal (GROWTH.PLANT, OBJECTS.TRAVEL, rulings G-T5)"),
    NamedPosition("row-of-trees",
                  "3b/4/4/w3|3b/4/4/w3|b3/t3/t3/w3 turn=w focus=future,past supply=4,4 removed=0,0"
                  " rules=growth seeds=5",
                  "a1 N fells a tree onto a tree, which falls onto Black (GROWTH.FALL, GROWTH.FALL.CRUSH)"),
    NamedPosition("no-seed-left",
                  "s2b/4/ss2/w1ss|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                  " rules=growth seeds=0",
                  "every seed is on the board: digging only, no planting (GROWTH.SEEDS)"),
    NamedPosition("boxed-in",
                  "3b/4/4/w3|3b/4/h3/(ws)h2|3b/4/4/w3 turn=w focus=present,future supply=4,4 removed=0,0"
                  " rules=growth seeds=4",
                  "a copy boxed in by shrubs can only dig and plant its own square (OBJECTS.ORDER)"),
)


# Memory: from the start the elephants only trade one option for another, so
# perft equals the standard game's through depth 4 (rulings K13); the set
# carries perft from mid-game positions with hatted elephants instead.
MEMORY_POSITIONS: tuple[NamedPosition, ...] = (
    NamedPosition("start", "l2b/4/4/w2d|l2b/4/4/w2d|l2b/4/4/w2d turn=w focus=past,future supply=4,4 removed=0,0"
                  " rules=memory", "the Memory start (MEMORY.SETUP)"),
    NamedPosition("light-hats-dark-hats",
                  "(lw)3/4/w2(db)/2w1|(lw)1b1/3b/w3/3(db)|4/(lw)2b/w2(db)/4 turn=w focus=future,past supply=2,3"
                  " removed=1,1 rules=memory",
                  "White rides the light elephant and Black the dark one on every era (MEMORY.COMMAND.WHICH)"),
    NamedPosition("both-hats-in-the-future",
                  "lb2/4/1w2/w1w(dw)|(lb)3/4/3(dw)/w3|1bb1/(lb)1b1/4/w2(dw) turn=w focus=future,past supply=2,3"
                  " removed=0,0 rules=memory",
                  "each player rides one elephant in the present and the future (MEMORY.HATS)"),
    NamedPosition("elephants-on-the-move",
                  "1(lw)1b/w3/4/3d|(lb)3/4/4/w1w(dw)|2b1/1(lb)2/2(dw)1/1w2 turn=w focus=present,future supply=3,3"
                  " removed=0,2 rules=memory",
                  "commanded elephants away from their corners, hats changing hands (MEMORY.TRAIN.HAT)"),
    NamedPosition("white-rides-in-the-future",
                  "l3/4/4/2(dw)1|2(lb)b/4/1(dw)2/www1|2b1/4/(lb)w2/2(dw)1 turn=w focus=future,present supply=2,3"
                  " removed=1,2 rules=memory",
                  "a trained elephant next to copies of both colours (MEMORY.TRAMPLE)"),
    NamedPosition("black-rides-in-the-past",
                  "l2b/4/1w1b/3(db)|l3/1b1b/2w1/w1(dw)1|l3/2b1/2(db)1/2w1 turn=w focus=present,present"
                  " supply=3,2 removed=0,0 rules=memory",
                  "the same elephant trained by Black in the past and the future, by White in the present"
                  " (MEMORY.TRAIN.LATER)"),
)


# Convergence: each pair's start and the rulings' scenarios where its objects meet.
PAIR_POSITIONS: dict[str, tuple[NamedPosition, ...]] = {
    "growth+influence": (
        NamedPosition("start", "3b/4/2N1/w3|3b/4/2N1/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                      " rules=growth+influence seeds=5 built=0,0",
                      "the Growth with Influence start (CONVERGENCE.PAIRS)"),
        NamedPosition("statue-onto-seed",
                      "3b/4/wNs1/4|3b/4/1Nh1/w3|3b/4/1Nt1/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                      " rules=growth+influence seeds=4 built=0,0",
                      "a statue pushed onto a seed line (rulings C-T1, CONVERGENCE.STATUE-SEED)"),
        NamedPosition("tree-onto-statue",
                      "3b/4/1sN1/w3|3b/4/1hN1/w3|1b2/1N2/1t2/1w2 turn=w focus=future,future supply=4,4 removed=0,0"
                      " rules=growth+influence seeds=4 built=0,0",
                      "a tree that falls onto a statue (rulings C-T2, CONVERGENCE.STATUE-TREE)"),
        NamedPosition("phases-matter",
                      "3b/4/B(ws)N1/4|B2b/4/Nh2/3w|B2b/4/Nt2/3w turn=w focus=past,future supply=4,4 removed=0,0"
                      " rules=growth+influence seeds=4 built=0,1",
                      "the order of phases changes the outcome (rulings K4, EFFECTS.PHASES)"),
    ),
    "growth+memory": (
        NamedPosition("start", "l2b/4/4/w2d|l2b/4/4/w2d|l2b/4/4/w2d turn=w focus=past,future supply=4,4 removed=0,0"
                      " rules=growth+memory seeds=5", "the Growth with Memory start (CONVERGENCE.PAIRS)"),
        NamedPosition("elephant-tramples",
                      "l2b/4/2s1/w2d|l2b/4/2h1/1w(dw)1|l2b/4/2t1/w2(dw) turn=w focus=present,future supply=4,4"
                      " removed=0,0 rules=growth+memory seeds=4",
                      "an elephant next to a shrub with a tree above it (rulings C-T3, CONVERGENCE.ELEPHANT-TRAMPLE)"),
        NamedPosition("tree-before-elephant",
                      "l2b/4/4/w2d|l2b/4/4/w2d|1l1b/1t2/1(dw)2/w3 turn=w focus=future,future supply=4,4 removed=0,0"
                      " rules=growth+memory seeds=5",
                      "a tree that cannot fall onto an elephant (rulings C-T3 b, CONVERGENCE.ELEPHANT-TREE)"),
    ),
    "influence+memory": (
        NamedPosition("start", "l2b/4/2N1/w2d|l2b/4/2N1/w2d|l2b/4/2N1/w2d turn=w focus=past,future supply=4,4"
                      " removed=0,0 rules=influence+memory built=0,0",
                      "the Influence with Memory start (CONVERGENCE.PAIRS)"),
        NamedPosition("elephant-pushes-statue",
                      "l2b/4/(dw)N2/w3|l2b/w3/(dw)N2/4|l2b/4/(dw)N2/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                      " rules=influence+memory built=0,0",
                      "a trained elephant behind the neutral statue (rulings C-T4, CONVERGENCE.ELEPHANT-STATUE)"),
        NamedPosition("rebound-off-elephant",
                      "l2b/4/1wN1/3d|3b/1(lb)2/1bN1/w2d|(lb)2b/1b2/2N1/w2d turn=w focus=past,future supply=4,2"
                      " removed=0,0 rules=influence+memory built=0,0",
                      "a build whose present copy rebounds off an elephant (rulings C-T5, CONVERGENCE.STATUE-BLOCKED)"),
        NamedPosition("elephant-pulls-statue",
                      "l2b/4/N(dw)2/w3|l2b/4/N2d/w3|l2b/4/N2d/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                      " rules=influence+memory built=0,0",
                      "a trained elephant with the neutral statue behind it (CONVERGENCE.ELEPHANT-PULL)"),
    ),
}


@dataclass(frozen=True)
class SetShape:
    """What one vector set holds: its named positions, perft depths (by
    name, ``*`` for the rest), and the number and length of its playthroughs."""

    named: tuple[NamedPosition, ...]
    perft_depths: dict[str, int]
    games: int
    max_plies: int


# Perft depths from the named positions: deep enough to mix rules, shallow
# enough to export in seconds (variants and chapters are counted by the plain rules).
STANDARD_SHAPE = SetShape(NAMED_POSITIONS, {"start": 5, "*": 3}, 6, 100)
VARIANT_SHAPE = SetShape(NAMED_POSITIONS, {"start": 3, "*": 2}, 6, 100)
GROWTH_SHAPE = SetShape(GROWTH_NAMED_POSITIONS, {"start": 4, "*": 2}, 6, 100)  # Growth has a fast path
GROWTH_VARIANT_SHAPE = SetShape(GROWTH_NAMED_POSITIONS, {"start": 3, "*": 2}, 6, 100)
INFLUENCE_SHAPE = SetShape(INFLUENCE_NAMED, {"start": 4, "*": 3}, 6, 100)  # Influence has a fast path
MEMORY_SHAPE = SetShape(MEMORY_POSITIONS, {"start": 3, "*": 2}, 5, 30)


def set_shape(ruleset: Ruleset) -> SetShape:
    """The shape of the vector set of ``ruleset``."""
    pair = "+".join(c for c in ("growth", "influence", "memory") if c in ruleset.chapters)
    if pair in PAIR_POSITIONS:
        return SetShape(PAIR_POSITIONS[pair], {"start": 3, "*": 2}, 5, 24)
    if "memory" in ruleset.chapters:
        return MEMORY_SHAPE
    if "influence" in ruleset.chapters:
        return INFLUENCE_SHAPE
    if "growth" in ruleset.chapters:
        return GROWTH_VARIANT_SHAPE if ruleset.variants else GROWTH_SHAPE
    return STANDARD_SHAPE if ruleset == STANDARD else VARIANT_SHAPE


def named_positions(ruleset: Ruleset) -> tuple[NamedPosition, ...]:
    """The named positions of a ruleset's vector set."""
    return set_shape(ruleset).named
# The standard set goes deeper with counts computed once, offline, by the fast
# counter and the plain rules (bench/deep_perft.py writes `perft_table`), to these
# depths in one process; the start's deeper counts come from a cluster run.
DEEP_PERFT_DEPTHS = {"start": 6, "*": 5}
SAMPLE_EVERY = 9  # one position in this many plies of each game joins the position set
APPLY_PER_POSITION = 6
ILLEGAL_CANDIDATES = 80


def ruleset_dir_name(ruleset: Ruleset) -> str:
    """``standard``, ``self-push-paradox``, ``copy-choice-free+self-push-paradox`` ..."""
    return ruleset.name.replace("=", "-")


COMMITTED: tuple[Ruleset, ...] = (
    STANDARD, Ruleset.parse("self-push=paradox"), Ruleset.parse("copy-choice=free"), Ruleset.parse("self-push=ends"),
    Ruleset.parse("self-push=whole-turn"),
    Ruleset.parse("growth"), Ruleset.parse("influence"), Ruleset.parse("memory"),
    Ruleset.parse("growth+influence"), Ruleset.parse("growth+memory"), Ruleset.parse("influence+memory"),
)


# --- choosing what to record ----------------------------------------------------------


def random_game(ruleset: Ruleset, seed: int) -> list[tuple[Position, Turn]]:
    """A seeded random game: the position before each ply and the turn played there.
    The final position is that after the last turn."""
    rng = random.Random(seed)
    position = start_position(ruleset)
    plies: list[tuple[Position, Turn]] = []
    while position.winner is None and len(plies) < set_shape(ruleset).max_plies:
        options = successors(position, ruleset)
        turn, after = options[rng.randrange(len(options))]
        plies.append((position, turn))
        position = after
    return plies


def game_seed(ruleset: Ruleset, game: int) -> int:
    """The seed of game ``game`` (1-based); it differs per ruleset so that variants play other games."""
    return game * 1000 + sum(ruleset.name.encode()) % 1000


def position_set(ruleset: Ruleset, games: list[list[tuple[Position, Turn]]]) -> list[tuple[str, Position]]:
    """The named positions, then every `SAMPLE_EVERY`-th position of each game."""
    chosen = [(named.name, parse_position(named.text)) for named in set_shape(ruleset).named]
    seen = {p for _, p in chosen}
    for number, plies in enumerate(games, start=1):
        for ply in range(SAMPLE_EVERY, len(plies), SAMPLE_EVERY):
            position = plies[ply][0]
            if position not in seen:
                seen.add(position)
                chosen.append((f"game-{number:02d}-ply-{ply + 1:03d}", position))
    return chosen


def _signature(events: tuple[str, ...], after: Position) -> tuple[str, ...]:
    """The kinds of a turn's events, with the outcome when it wins (`win_pattern`)."""
    return (*(e.split()[0] for e in events), win_pattern(after) or "")


def win_pattern(after: Position) -> str | None:
    """How a won position was won, for the coverage table: the eras the loser is
    left on (``past``, ``present``, ``future`` or ``none``), and ``mover on one
    era`` when the winner is down to one era too.  None if nobody has won."""
    if after.winner is None:
        return None
    left = after.eras_of(after.winner.opponent)
    pattern = "+".join(era.word for era in left) or "none"
    return pattern + (", mover on one era" if len(after.eras_of(after.winner)) <= 1 else "")


def apply_cases(position: Position, ruleset: Ruleset) -> list[Turn]:
    """Up to `APPLY_PER_POSITION` legal turns with different kinds of event trace or outcome."""
    chosen: list[Turn] = []
    kinds: set[tuple[str, ...]] = set()
    for turn, after in successors(position, ruleset):
        kind = _signature(tuple(event_text(e) for e in apply_turn(position, turn, ruleset).events), after)
        if kind not in kinds:
            kinds.add(kind)
            chosen.append(turn)
            if len(chosen) == APPLY_PER_POSITION:
                break
    return chosen


def _candidates(position: Position, ruleset: Ruleset, rng: random.Random) -> Iterator[Turn]:
    """Turns worth asking about: each legal turn bent once, then random shapes."""
    for turn, _ in successors(position, ruleset)[:12]:
        assert position.to_move is not None  # a won position has no legal turn
        yield Turn(turn.copy, turn.actions, position.focus[position.to_move])  # the Focus stays
        if turn.actions:
            yield Turn(turn.copy, turn.actions[:1], turn.focus)  # one action fewer
            yield Turn(turn.copy, turn.actions[:1])  # a partial turn
            yield Turn(None, (), turn.focus)  # no copy
    pool: tuple[TurnAction, ...] = ACTION_ORDER
    if position.chapters is not None and "growth" in position.chapters.modules:
        pool += tuple(Aimed(letter, s) for letter in "PD" for s in range(SQUARES))
    for _ in range(ILLEGAL_CANDIDATES):
        actions = tuple(rng.choice(pool) for _ in range(rng.randint(1, 2)))
        yield Turn(rng.randrange(SQUARES), actions, rng.choice((None, *Era)))


def illegal_cases(position: Position, ruleset: Ruleset, seed: int) -> list[tuple[Turn, str]]:
    """Illegal turns, complete and partial, at most one per rule and completeness."""
    found: dict[tuple[str, bool], Turn] = {}
    for turn in _candidates(position, ruleset, random.Random(seed)):
        verdict = explain(position, turn, ruleset)
        if verdict.status == ILLEGAL and verdict.rule is not None:
            found.setdefault((verdict.rule, turn.is_complete), turn)
    return [(turn, rule) for (rule, _), turn in found.items()]


# --- the files ------------------------------------------------------------------------


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, separators=(",", ":")) + "\n"


def positions_file(chosen: list[tuple[str, Position]], ruleset: Ruleset) -> str:
    out = []
    for name, position in chosen:
        turns = [t for t, _ in successors(position, ruleset)]
        out.append(_line({"id": name, "position": format_position(position), "count": len(turns),
                          "turns": [format_turn(t) for t in turns], "position_json": position_to_json(position),
                          "turns_json": [turn_to_json(t) for t in turns]}))
    return "".join(out)


def apply_file(chosen: list[tuple[str, Position]], ruleset: Ruleset) -> str:
    out = []
    for name, position in chosen:
        for index, turn in enumerate(apply_cases(position, ruleset), start=1):
            applied = apply_turn(position, turn, ruleset)
            after = applied.position
            out.append(_line({
                "id": f"{name}/{index}", "position": format_position(position), "turn": format_turn(turn),
                "after": format_position(after), "events": [event_text(e) for e in applied.events],
                "winner": after.winner.word if after.winner is not None else None,
                "position_json": position_to_json(position), "turn_json": turn_to_json(turn),
                "after_json": position_to_json(after), "events_json": [event_to_json(e) for e in applied.events],
            }))
    return "".join(out)


def illegal_file(chosen: list[tuple[str, Position]], ruleset: Ruleset) -> str:
    out = []
    for number, (name, position) in enumerate(chosen):
        for index, (turn, rule) in enumerate(illegal_cases(position, ruleset, number), start=1):
            out.append(_line({
                "id": f"{name}/{index}", "position": format_position(position), "turn": format_turn(turn),
                "complete": turn.is_complete, "verdict": ILLEGAL, "rule": rule,
                "reason": explain(position, turn, ruleset).reason,
                "position_json": position_to_json(position), "turn_json": turn_to_json(turn),
            }))
    return "".join(out)


def perft_counts(named: NamedPosition, ruleset: Ruleset) -> list[tuple[int, int]]:
    """``(depth, nodes)`` from a named position: computed to the shallow depths of
    the ruleset's `SetShape`, then the deep counts of `perft_table`, computed
    offline (bench/deep_perft.py, on a cluster for the deepest) and checked
    there and by the tests, never recomputed by an export."""
    from oracle.tools.perft_table import CHAPTER_PERFT, DEEP_PERFT

    depths = set_shape(ruleset).perft_depths
    position = parse_position(named.text)
    counts = [(depth, perft(position, depth, ruleset)) for depth in range(1, depths.get(named.name, depths["*"]) + 1)]
    if ruleset == STANDARD:
        counts += sorted(DEEP_PERFT.get(named.name, {}).items())
    elif named.name == "start" and not ruleset.variants:
        counts += sorted(CHAPTER_PERFT.get(ruleset.name, {}).items())
    return counts


def divide_records(ruleset: Ruleset) -> list[tuple[str, str, Position, int, int]]:
    """The standard start's deepest perft split by first turn, as records of their own: for each
    first turn, ``(id, note, position after it, depth - 1, nodes)``, in `legal_turns` order."""
    from oracle.tools.perft_table import START_DIVIDE

    if ruleset != STANDARD or not START_DIVIDE:
        return []
    depth = max(START_DIVIDE)
    parts = START_DIVIDE[depth]
    out = []
    for turn, after in successors(Position.start()):
        text = format_turn(turn)
        name = "start/" + text.replace(" ", "-").replace(">", "")
        out.append((name, f"the start after {text}: its part of perft {depth} from the start", after, depth - 1,
                    parts[text]))
    return out


def perft_file(ruleset: Ruleset) -> str:
    out = [
        "# That Time You Killed Me: perft counts (see spec/vectors.md)\n",
        f"# format {FORMAT_VERSION}, spec {SPEC_VERSION}, variant {ruleset.name}\n",
    ]
    for named in named_positions(ruleset):
        out += ["\n", f"# {named.note}\n", f"id {named.name}\n",
                f"position {format_position(parse_position(named.text))}\n"]
        out += [f"perft {depth} {nodes}\n" for depth, nodes in perft_counts(named, ruleset)]
    for name, note, position, depth, nodes in divide_records(ruleset):
        out += ["\n", f"# {note}\n", f"id {name}\n", f"position {format_position(position)}\n",
                f"perft {depth} {nodes}\n"]
    return "".join(out)


def perft_json_file(ruleset: Ruleset) -> str:
    """The records of `perft_file` as JSON lines, with the reason each position is there."""
    out = []
    for named in named_positions(ruleset):
        position = parse_position(named.text)
        out.append(_line({"id": named.name, "note": named.note, "position": format_position(position),
                          "position_json": position_to_json(position),
                          "perft": [{"depth": d, "nodes": n} for d, n in perft_counts(named, ruleset)]}))
    for name, note, position, depth, nodes in divide_records(ruleset):
        out.append(_line({"id": name, "note": note, "position": format_position(position),
                          "position_json": position_to_json(position), "perft": [{"depth": depth, "nodes": nodes}]}))
    return "".join(out)


def playthrough_file(plies: list[tuple[Position, Turn]], ruleset: Ruleset, game: int, seed: int) -> str:
    out = [
        "# That Time You Killed Me: a seeded random game (see spec/vectors.md)\n",
        f"format: {FORMAT_VERSION}\n", f"spec: {SPEC_VERSION}\n", f"variant: {ruleset.name}\n",
        f"game: {game}\n", f"seed: {seed}\n",
    ]
    final = start_position(ruleset)
    for number, (position, turn) in enumerate(plies, start=1):
        turns = [format_turn(t) for t, _ in successors(position, ruleset)]
        applied = apply_turn(position, turn, ruleset)
        out += ["\n", f"ply: {number}\n", f"position: {format_position(position)}\n",
                f"legal-count: {len(turns)}\n", "legal-turns:\n", *(f"  {t}\n" for t in turns),
                f"turn: {format_turn(turn)}\n", "events:\n", *(f"  {event_text(e)}\n" for e in applied.events)]
        final = applied.position
    out += ["\n", f"final: {format_position(final)}\n", f"plies: {len(plies)}\n",
            f"result: {_result(final, ruleset)}\n"]
    return "".join(out)


def _result(final: Position, ruleset: Ruleset) -> str:
    if final.winner is not None:
        return f"{final.winner.word} wins"
    return f"unfinished after {set_shape(ruleset).max_plies} plies"


def playthrough_json_file(plies: list[tuple[Position, Turn]], ruleset: Ruleset, game: int, seed: int) -> str:
    """`playthrough_file` as JSON lines: a header, one line per ply, the end; every
    position, turn and event in both the text and the JSON form."""
    out = [_line({"record": "header", "format": FORMAT_VERSION, "spec": SPEC_VERSION, "variant": ruleset.name,
                  "game": game, "seed": seed})]
    final = Position.start()
    for number, (position, turn) in enumerate(plies, start=1):
        turns = [t for t, _ in successors(position, ruleset)]
        applied = apply_turn(position, turn, ruleset)
        out.append(_line({
            "record": "ply", "ply": number, "position": format_position(position), "legal_count": len(turns),
            "legal_turns": [format_turn(t) for t in turns], "turn": format_turn(turn),
            "events": [event_text(e) for e in applied.events], "position_json": position_to_json(position),
            "legal_turns_json": [turn_to_json(t) for t in turns], "turn_json": turn_to_json(turn),
            "events_json": [event_to_json(e) for e in applied.events],
        }))
        final = applied.position
    out.append(_line({"record": "final", "final": format_position(final), "final_json": position_to_json(final),
                      "plies": len(plies), "result": _result(final, ruleset)}))
    return "".join(out)


def build(ruleset: Ruleset = STANDARD, progress: Callable[[str], None] | None = None) -> dict[str, bytes]:
    """Every file of the vector set of ``ruleset``, by relative path, manifest included."""
    def note(step: str) -> None:
        if progress is not None:
            progress(f"{ruleset.name}: {step}")

    games = [random_game(ruleset, game_seed(ruleset, g)) for g in range(1, set_shape(ruleset).games + 1)]
    chosen = position_set(ruleset, games)
    files: dict[str, str] = {}
    note("positions")
    files["positions.jsonl"] = positions_file(chosen, ruleset)
    note("apply cases")
    files["apply.jsonl"] = apply_file(chosen, ruleset)
    note("illegal cases")
    files["illegal.jsonl"] = illegal_file(chosen, ruleset)
    note("perft")
    files["perft.txt"] = perft_file(ruleset)
    files["perft.jsonl"] = perft_json_file(ruleset)
    note("playthroughs")
    for g, plies in enumerate(games, start=1):
        files[f"{PLAYTHROUGH_DIR}/game-{g:02d}.txt"] = playthrough_file(plies, ruleset, g, game_seed(ruleset, g))
        files[f"{PLAYTHROUGH_DIR}/game-{g:02d}.jsonl"] = playthrough_json_file(plies, ruleset, g,
                                                                             game_seed(ruleset, g))
    data = {path: text.encode("utf-8") for path, text in files.items()}
    manifest = {
        "format": FORMAT_VERSION,
        "spec": SPEC_VERSION,
        "oracle": __version__,
        "variant": ruleset.name,
        "files": [
            {"path": path, "bytes": len(blob), "records": _records(path, files[path]),
             "sha256": hashlib.sha256(blob).hexdigest()}
            for path, blob in sorted(data.items())
        ],
    }
    data[MANIFEST] = (json.dumps(manifest, indent=2) + "\n").encode("utf-8")
    return data


def _records(path: str, text: str) -> int:
    if path.endswith(".jsonl"):
        return text.count("\n")
    if path.endswith("perft.txt"):
        return sum(1 for line in text.splitlines() if line.startswith("perft "))
    return sum(1 for line in text.splitlines() if line.startswith("ply: "))


# --- coverage: which rules and outcomes a set exercises ---------------------------------------

# Clauses no vector can exercise, with the reason.  Every other clause of the
# standard game must be exercised by some committed set (tests/test_vectors.py).
COVERAGE_EXEMPT = {
    "BOARD.ERAS": "the board itself: every record uses it, none tests it alone",
    "BOARD.SQUARES": "the board itself: every record uses it, none tests it alone",
    "SETUP.BGA-SPACES": "a numbering for Board Game Arena; no record uses it",
    "NOTATION.RULES": "the chapters: their vector sets come with them",
    "POSITION.VALID": "vectors hold valid positions only; the protocol tests send invalid ones",
    "WIN.NO-DRAW": "an absence: no record can show that no draw exists",
}
# The spec files of the standard game, whose every clause some committed set must
# exercise; the chapters' clauses are counted too, but not required.
STANDARD_SPEC_FILES = ("board.md", "position.md", "turn.md", "actions.md", "focus-and-win.md", "oracle.md",
                       "notation.md", "variants.md")


def standard_game_clauses(spec_dir: Path) -> list[str]:
    """The clauses of the standard game and of its committed variants, in spec order:
    every clause of `STANDARD_SPEC_FILES` but the chapters' variants (those whose
    variant no committed standard-game set plays)."""
    from oracle.games.ttykm.ruleset import VARIANTS
    from oracle.tools.site.spec_files import CLAUSE

    played = {VARIANTS[v].rpartition("(")[2].rstrip(")") for r in COMMITTED if not r.chapters for v in r.variants}
    clauses = []
    for name in STANDARD_SPEC_FILES:
        for match in CLAUSE.finditer((spec_dir / name).read_text(encoding="utf-8")):
            clause = match.group(2)
            if not clause.startswith("VARIANT.") or clause in played:
                clauses.append(clause)
    return clauses


# Clauses every record exercises, because every record is written in the notation.
NOTATION_RULES = ("NOTATION.SQUARE", "NOTATION.POSITION", "NOTATION.TURN", "NOTATION.EVENT", "NOTATION.JSON")


def apply_rules(record: dict[str, Any], ruleset: Ruleset) -> set[str]:
    """The clauses an apply record exercises: its events' rules, and the turn's shape and end."""
    from oracle.tools.blame import event_rules

    events: list[str] = record["events"]
    position, after = parse_position(record["position"]), parse_position(record["after"])
    turn = parse_turn(record["turn"])
    rules = set(event_rules(events, ruleset)) | {"ORACLE.EVENTS", "TURN.END"}
    rules.add("WIN.CHECK" if after.winner is not None else "TURN.ORDER")
    if "mover on one era" in (win_pattern(after) or ""):
        rules.add("WIN.MOVER-NOT-CHECKED")
    if turn.actions:
        rules |= {"ACTION.KINDS", "TURN.ACTION-COUNT"}
    if len(turn.actions) == 2:
        rules.add("TURN.ACTIVE-COPY")
    if any(e.startswith("moved ") for e in events):
        rules.add("MOVE.ORTHOGONAL")
    if any(e.startswith(("crushed ", "paradox ")) for e in events):
        rules.add("REMOVED.PERMANENT")
    if turn.copy is None:
        assert position.to_move is not None
        on_focus = position.copies[position.to_move] >> position.focus[position.to_move] * SQUARES & 0xFFFF
        rules.add("TURN.NO-ACTION" if on_focus else "TURN.NO-COPY")
    if after.focus[0] == after.focus[1]:
        rules.add("FOCUS.SHARED")
    return rules


def coverage(files: dict[str, bytes], ruleset: Ruleset) -> tuple[dict[str, int], dict[str, int]]:
    """How many records of a set exercise each clause, and how many apply records end
    in each outcome (`win_pattern`, or ``no win``)."""
    rules: dict[str, int] = {}
    outcomes: dict[str, int] = {}

    def count(names: set[str]) -> None:
        for name in names | set(NOTATION_RULES):
            rules[name] = rules.get(name, 0) + 1

    for record in read_jsonl(files["positions.jsonl"].decode("utf-8")):
        position = parse_position(record["position"])
        names = {"ORACLE.TURN", "ORACLE.ORDER"}
        if position == Position.start():
            names.add("SETUP.START")
        if position.winner is not None:
            names.add("TURN.GAME-OVER")
        count(names)
    for record in read_jsonl(files["apply.jsonl"].decode("utf-8")):
        count(apply_rules(record, ruleset))
        outcome = win_pattern(parse_position(record["after"])) or "no win"
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    for record in read_jsonl(files["illegal.jsonl"].decode("utf-8")):
        count({record["rule"]} | (set() if record["complete"] else {"ORACLE.PARTIAL"}))
    for _ in read_perft(files["perft.txt"].decode("utf-8")):
        count({"ORACLE.TURN"})
    return dict(sorted(rules.items())), dict(sorted(outcomes.items()))


def coverage_table(sets: dict[str, dict[str, bytes]], clauses: list[str]) -> str:
    """The Markdown tables of spec/vectors.md: records per clause and apply records per
    outcome, one column per set (``sets`` maps a directory name to its files)."""
    results = {name: coverage(files, Ruleset.parse(str(json.loads(files[MANIFEST])["variant"])))
               for name, files in sets.items()}
    head = "| clause | " + " | ".join(f"`{name}`" for name in sets) + " |\n"
    rule = "| --- |" + " ---: |" * len(sets) + "\n"
    lines = [head, rule]
    for clause in clauses:
        cells = [str(results[name][0].get(clause, 0)) for name in sets]
        note = f" (exempt: {COVERAGE_EXEMPT[clause]})" if clause in COVERAGE_EXEMPT else ""
        lines.append(f"| {clause}{note} | " + " | ".join(cells) + " |\n")
    outcomes = sorted({o for result in results.values() for o in result[1]}, key=lambda o: (o != "no win", o))
    lines += ["\n", "| apply records ending in | " + " | ".join(f"`{name}`" for name in sets) + " |\n", rule]
    for outcome in outcomes:
        label = "no win" if outcome == "no win" else f"a win, the loser left on: {outcome}"
        lines.append(f"| {label} | " + " | ".join(str(results[name][1].get(outcome, 0)) for name in sets) + " |\n")
    return "".join(lines)


# --- writing and checking directories ---------------------------------------------------


# The largest manifest.json read: it lists a few files, so anything bigger is not one.
MAX_MANIFEST_BYTES = 1 << 20


class VectorDirError(ValueError):
    """A directory that cannot be exported to or verified."""


def read_manifest(directory: Path) -> dict[str, Any]:
    path = directory / MANIFEST
    try:
        if path.stat().st_size > MAX_MANIFEST_BYTES:
            raise VectorDirError(f"{path} is larger than {MAX_MANIFEST_BYTES} bytes; it is not a manifest")
        manifest: dict[str, Any] = load_json(path.read_text(encoding="utf-8"), "the manifest")
    except FileNotFoundError:
        raise VectorDirError(f"{directory} has no {MANIFEST}; it is not a vector set") from None
    except NotationError as exc:
        raise VectorDirError(f"{path}: {exc}") from None
    except UnicodeDecodeError:
        raise VectorDirError(f"{path} is not UTF-8 text") from None
    files = manifest.get("files") if isinstance(manifest, dict) else None
    if not isinstance(files, list) or not all(isinstance(f, dict) and isinstance(f.get("path"), str) for f in files):
        raise VectorDirError(f"{path} does not list its files")
    return manifest


def export(directory: Path, ruleset: Ruleset = STANDARD, progress: Callable[[str], None] | None = None) -> list[str]:
    """Write the vector set of ``ruleset`` into ``directory``; return the paths written.

    The directory must be new, empty, or a vector set written before (whose
    files are then replaced).
    """
    if directory.exists() and not directory.is_dir():
        raise VectorDirError(f"{directory} is not a directory")
    old: list[str] = []
    if directory.exists() and any(directory.iterdir()):
        old = [str(entry.get("path")) for entry in read_manifest(directory)["files"]]
    directory.mkdir(parents=True, exist_ok=True)  # before the build, so that a bad directory fails at once
    files = build(ruleset, progress)
    for path in old:
        stale = directory / path
        if path not in files and stale.is_file() and stale.resolve().is_relative_to(directory.resolve()):
            stale.unlink()
    for path, blob in sorted(files.items()):
        target = directory / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(blob)
    return sorted(files)


def verify(directory: Path, progress: Callable[[str], None] | None = None) -> list[str]:
    """Re-export the set in ``directory`` (its manifest names the variant) in memory and
    list every file that is missing, different or extra; empty when identical."""
    manifest = read_manifest(directory)
    ruleset = Ruleset.parse(str(manifest.get("variant", "standard")))
    files = build(ruleset, progress)
    problems = []
    present = {str(p.relative_to(directory)).replace("\\", "/") for p in directory.rglob("*") if p.is_file()}
    for path, blob in sorted(files.items()):
        if path not in present:
            problems.append(f"missing: {path}")
        elif (directory / path).read_bytes() != blob:
            problems.append(f"differs: {path}")
    problems += [f"extra: {path}" for path in sorted(present - set(files))]
    return problems


# --- reading the files back ----------------------------------------------------------------


def read_jsonl(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@dataclass(frozen=True)
class PerftRecord:
    name: str
    position: str
    counts: tuple[tuple[int, int], ...]  # (depth, nodes)


def read_perft(text: str) -> list[PerftRecord]:
    """Parse a perft file: records of ``id``, ``position`` and ``perft`` lines."""
    records: list[PerftRecord] = []
    name, position, counts = "", "", []
    for line in [*text.splitlines(), ""]:
        if line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            name = value
        elif key == "position":
            position = value
        elif key == "perft":
            depth, nodes = value.split()
            counts.append((int(depth), int(nodes)))
        elif not line.strip() and position:
            records.append(PerftRecord(name, position, tuple(counts)))
            name, position, counts = "", "", []
    return records


@dataclass(frozen=True)
class Ply:
    position: str
    legal_count: int
    legal_turns: tuple[str, ...]
    turn: str
    events: tuple[str, ...]


@dataclass(frozen=True)
class Playthrough:
    header: dict[str, str]
    plies: tuple[Ply, ...]
    final: str
    result: str


def read_playthrough(text: str) -> Playthrough:
    """Parse a playthrough file (`playthrough_file` writes them)."""
    blocks = [b for b in text.split("\n\n") if b.strip()]

    def fields(block: str) -> tuple[dict[str, str], dict[str, list[str]]]:
        scalars: dict[str, str] = {}
        lists: dict[str, list[str]] = {}
        current = ""
        for line in block.splitlines():
            if line.startswith("#"):
                continue
            if line.startswith("  "):
                lists[current].append(line.strip())
                continue
            key, _, value = line.partition(":")
            if value.strip():
                scalars[key] = value.strip()
            else:
                current = key
                lists[key] = []
        return scalars, lists

    header, _ = fields(blocks[0])
    plies = []
    for block in blocks[1:-1]:
        scalars, lists = fields(block)
        plies.append(Ply(scalars["position"], int(scalars["legal-count"]), tuple(lists["legal-turns"]),
                         scalars["turn"], tuple(lists["events"])))
    closing, _ = fields(blocks[-1])
    return Playthrough(header, tuple(plies), closing["final"], closing["result"])


def replay(playthrough: Playthrough) -> list[str]:
    """Check a playthrough against the oracle, ply by ply; list the differences."""
    ruleset = Ruleset.parse(playthrough.header["variant"])
    problems: list[str] = []
    position = start_position(ruleset)
    for number, ply in enumerate(playthrough.plies, start=1):
        if format_position(position) != ply.position:
            problems.append(f"ply {number}: position {ply.position!r}, but the oracle reached"
                            f" {format_position(position)!r}")
            position = parse_position(ply.position)
        turns = tuple(format_turn(t) for t, _ in successors(position, ruleset))
        if turns != ply.legal_turns or len(turns) != ply.legal_count:
            problems.append(f"ply {number}: the legal turns differ ({ply.legal_count} listed, {len(turns)} now)")
        applied = apply_turn(position, parse_turn(ply.turn), ruleset)
        if tuple(event_text(e) for e in applied.events) != ply.events:
            problems.append(f"ply {number}: the events of {ply.turn!r} differ")
        position = applied.position
    if format_position(position) != playthrough.final:
        problems.append(f"final position {playthrough.final!r}, the oracle reached {format_position(position)!r}")
    return problems


def regenerate(root: Path, progress: Callable[[str], None] | None = None) -> list[Path]:
    """Rewrite the committed vector sets under ``root`` (normally ``vectors/``)."""
    written = []
    for ruleset in COMMITTED:
        directory = root / ruleset_dir_name(ruleset)
        export(directory, ruleset, progress)
        written.append(directory)
    return written


if __name__ == "__main__":
    import sys

    from oracle.tools.cli.main import main

    sys.exit(main(["vectors", *sys.argv[1:]]))
