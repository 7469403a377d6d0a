"""TTYKM's test vector sets (spec/vectors.md): the named positions of each ruleset and what each set holds.

The shared vector builder (`oracle.tools.vectors`) asks the game for these
through `Game.vector_sets` and `Game.vector_set`; they are layout 1 sets:
named and sampled positions, apply cases by kind of events, illegal turns
by rule, perft from the named positions, playthroughs with JSON forms.
`near_misses` gives the turns worth asking about, mostly illegal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from oracle.errors import NotationError
from oracle.games.ttykm.board import ACTION_ORDER, SQUARES, Era
from oracle.games.ttykm.notation import format_position, format_turn
from oracle.games.ttykm.perft_table import CHAPTER_PERFT, DEEP_PERFT, START_DIVIDE
from oracle.games.ttykm.rules.standard import successors
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed, Turn, TurnAction
from oracle.interface import NamedState, VectorSet

NAMED_POSITIONS: tuple[NamedState, ...] = (
    NamedState("start", "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0",
                  "the standard start (SETUP.START)"),
    NamedState("chain-to-the-wall",
                  "3b/4/4/4|4/4/4/wbwb|3b/4/4/w3 turn=w focus=present,future supply=4,3 removed=0,0",
                  "a1 E pushes a chain of alternating colours whose far end is crushed (MOVE.PUSH.CHAIN)"),
    NamedState("chain-up-a-file",
                  "3b/4/4/w3|b3/w3/b3/w3|3b/4/4/w3 turn=w focus=present,future supply=3,3 removed=0,0",
                  "a1 N pushes three copies up the a-file into the wall (MOVE.PUSH.CHAIN, MOVE.PUSH.CRUSH)"),
    NamedState("ricochet", "3b/4/4/w3|4/4/4/wbww|3b/4/4/w3 turn=w focus=present,future supply=2,4 removed=0,0",
                  "a1 E pushes Black into White's own pair: a paradox removes two white copies (MOVE.PUSH.CHAIN)"),
    NamedState("paradox-push", "3b/4/4/w3|4/4/4/wbb1|3b/4/4/w3 turn=w focus=present,future supply=4,3 removed=0,0",
                  "a1 E pushes a black copy onto another black copy (MOVE.PUSH.PARADOX)"),
    NamedState("empty-supply", "3b/4/4/w3|3b/4/1w2/w3|3b/4/w3/w3 turn=w focus=future,past supply=0,4 removed=2,0",
                  "White has no copy in supply, so no backward travel (TRAVEL.BACKWARD.SUPPLY)"),
    NamedState("empty-focus-era", "3b/4/4/w3|3b/4/4/4|3b/4/4/w3 turn=w focus=present,future supply=4,4 removed=1,0",
                  "White has no copy on the Focus era: only the Focus moves (TURN.NO-COPY)"),
    NamedState("near-win", "3b/4/4/w3|2wb/4/4/w3|4/4/4/w3 turn=w focus=present,past supply=3,4 removed=0,1",
                  "c4 E crushes Black's last present copy: Black is left on one era (WIN.CHECK)"),
    NamedState("stuck-copy", "3b/4/4/w3|3b/4/w3/ww2|3b/4/4/w3 turn=w focus=present,future supply=2,4 removed=0,0",
                  "present a1 cannot act; the other copies can (TURN.COPY-CHOICE, variant copy-choice=free)"),
    NamedState("one-action-copy",
                  "4/3b/2wb/1w2|b1ww/3w/4/4|2w1/1b1w/b3/4 turn=w focus=present,future supply=0,2 removed=0,0",
                  "present d4 can take only one action, the others two (TURN.COPY-CHOICE, TURN.ACTION-COUNT)"),
    NamedState("own-copies-side-by-side",
                  "3b/4/4/w3|3b/4/w3/w3|3b/4/4/w3 turn=w focus=present,future supply=3,4 removed=0,0",
                  "moves onto White's own copies (MOVE.OWN-COPY, variant self-push=paradox)"),
    NamedState("shared-focus", "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=b focus=present,present supply=4,4 removed=0,0",
                  "both Foci on the present, Black to move (FOCUS.SHARED)"),
    NamedState("wipe-out", "4/4/4/w3|2wb/4/4/w3|4/4/4/w3 turn=w focus=present,past supply=3,4 removed=0,2",
                  "Black is on one era already; c4 E crushes its last copy and leaves it with none: a win with"
                  " the opponent wiped out (WIN.CHECK: one era or none)"),
    NamedState("win-present-left", "2wb/4/4/w3|3b/4/4/w3|4/4/4/w3 turn=w focus=past,past supply=3,4 removed=0,1",
                  "c4 E crushes Black's past copy: Black is left on the present only (WIN.CHECK)"),
    NamedState("win-future-left", "4/4/4/w3|2wb/4/4/w3|3b/4/4/4 turn=w focus=present,past supply=4,4 removed=0,1",
                  "c4 E crushes Black's present copy: Black is left on the future only (WIN.CHECK)"),
    NamedState("win-mover-on-one-era",
                  "3b/4/4/4|2wb/4/4/4|4/4/4/4 turn=w focus=present,past supply=4,4 removed=2,1",
                  "White, on the present only, leaves Black on the past only and wins: the mover's eras are not"
                  " counted (WIN.MOVER-NOT-CHECKED)"),
    NamedState("won", "3b/4/4/w3|4/4/4/4|4/4/4/w3 winner=w focus=future,past supply=1,0 removed=4,6",
                  "the game is over: no legal turn (TURN.GAME-OVER)"),
)

_INF = "rules=influence built="
INFLUENCE_NAMED: tuple[NamedState, ...] = (
    NamedState("start",
                  f"3b/4/2N1/w3|3b/4/2N1/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,4 removed=0,0 {_INF}0,0",
                  "the Influence start: the neutral statue on c2 of every era (INFLUENCE.SETUP)"),
    NamedState("propagated-crush",
                  f"3b/4/1wN1/4|3b/4/2Nb/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,3 removed=0,0 {_INF}0,0",
                  "b2 E pushes the statue in the past; the present's statue crushes Black (INFLUENCE.PROPAGATE)"),
    NamedState("propagation-stops",
                  f"3b/4/1wN1/4|3b/4/3N/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,4 removed=0,0 {_INF}0,0",
                  "the present's statue is against the wall: the future's stays (INFLUENCE.PROPAGATE.STOP)"),
    NamedState("pull-and-push",
                  f"3b/4/N3/w3|3b/4/Nwb1/4|3b/4/N3/w3 turn=w focus=present,future supply=4,3 removed=0,0 {_INF}0,0",
                  "b2 E+ pushes Black and pulls the statue, which moves in the future too (INFLUENCE.PULL)"),
    NamedState("build-rebound",
                  f"N2b/4/1w2/4|N2b/4/2b1/w3|3b/4/2NB/w3 turn=w focus=past,future supply=4,3 removed=0,0 {_INF}0,1",
                  "b2 Bc2 pushes Black in the present and rebounds in the future (INFLUENCE.BUILD.REBOUND)"),
    NamedState("reversed-chain",
                  f"3b/1B2/1N2/1w2|3b/4/N3/B1w1|3b/4/2N1/w3 turn=w focus=past,future supply=4,4 removed=0,0 {_INF}0,1",
                  "b1 N pushes two statues; the neutral one's own move is spent in the present (INFLUENCE.SPENT)"),
)

GROWTH_START = ("3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                " rules=growth seeds=5")
GROWTH_NAMED_POSITIONS: tuple[NamedState, ...] = (
    NamedState("start", GROWTH_START, "the Growth start: five seeds in supply (GROWTH.SETUP, GROWTH.SEEDS)"),
    NamedState("fall-crushes",
                  "3b/1s2/4/w3|3b/1h2/4/w3|1b2/1t2/1b2/1w2 turn=w focus=future,past supply=4,3 removed=0,0"
                  " rules=growth seeds=4",
                  "b1 N pushes Black into a tree that falls and crushes Black on b4 (GROWTH.FALL, rulings G-T2)"),
    NamedState("tree-against-wall",
                  "3b/4/3s/w3|3b/4/3h/w3|3b/4/1wbt/4 turn=w focus=future,future supply=4,3 removed=0,0"
                  " rules=growth seeds=4",
                  "a tree that cannot fall: Black pushed into it dies (GROWTH.FALL.BLOCKED, rulings G-T3)"),
    NamedState("dig-fallen-tree",
                  "3b/1s2/1w2/4|3b/1h2/4/w3|3b/2>1/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                  " rules=growth seeds=4",
                  "digging b3 removes the shrub and the fallen tree rooted on b3 (GROWTH.DIG, rulings G-T4)"),
    NamedState("plant-under-opponent",
                  "3b/2b1/2(ws)1/4|3b/4/2h1/w3|3b/4/2t1/w3 turn=w focus=past,future supply=4,3 removed=0,0"
                  " rules=growth seeds=4",
                  "plant under Black; travel onto the shrub is illegal (GROWTH.PLANT, OBJECTS.TRAVEL, rulings G-T5)"),
    NamedState("row-of-trees",
                  "3b/4/4/w3|3b/4/4/w3|b3/t3/t3/w3 turn=w focus=future,past supply=4,4 removed=0,0"
                  " rules=growth seeds=5",
                  "a1 N fells a tree onto a tree, which falls onto Black (GROWTH.FALL, GROWTH.FALL.CRUSH)"),
    NamedState("no-seed-left",
                  "s2b/4/ss2/w1ss|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                  " rules=growth seeds=0",
                  "every seed is on the board: digging only, no planting (GROWTH.SEEDS)"),
    NamedState("boxed-in",
                  "3b/4/4/w3|3b/4/h3/(ws)h2|3b/4/4/w3 turn=w focus=present,future supply=4,4 removed=0,0"
                  " rules=growth seeds=4",
                  "a copy boxed in by shrubs can only dig and plant its own square (OBJECTS.ORDER)"),
)


# Memory: from the start the elephants only trade one option for another, so
# perft equals the standard game's through depth 4 (rulings K13); the set
# carries perft from mid-game positions with hatted elephants instead.
MEMORY_POSITIONS: tuple[NamedState, ...] = (
    NamedState("start", "l2b/4/4/w2d|l2b/4/4/w2d|l2b/4/4/w2d turn=w focus=past,future supply=4,4 removed=0,0"
                  " rules=memory", "the Memory start (MEMORY.SETUP)"),
    NamedState("light-hats-dark-hats",
                  "(lw)3/4/w2(db)/2w1|(lw)1b1/3b/w3/3(db)|4/(lw)2b/w2(db)/4 turn=w focus=future,past supply=2,3"
                  " removed=1,1 rules=memory",
                  "White rides the light elephant and Black the dark one on every era (MEMORY.COMMAND.WHICH)"),
    NamedState("both-hats-in-the-future",
                  "lb2/4/1w2/w1w(dw)|(lb)3/4/3(dw)/w3|1bb1/(lb)1b1/4/w2(dw) turn=w focus=future,past supply=2,3"
                  " removed=0,0 rules=memory",
                  "each player rides one elephant in the present and the future (MEMORY.HATS)"),
    NamedState("elephants-on-the-move",
                  "1(lw)1b/w3/4/3d|(lb)3/4/4/w1w(dw)|2b1/1(lb)2/2(dw)1/1w2 turn=w focus=present,future supply=3,3"
                  " removed=0,2 rules=memory",
                  "commanded elephants away from their corners, hats changing hands (MEMORY.TRAIN.HAT)"),
    NamedState("white-rides-in-the-future",
                  "l3/4/4/2(dw)1|2(lb)b/4/1(dw)2/www1|2b1/4/(lb)w2/2(dw)1 turn=w focus=future,present supply=2,3"
                  " removed=1,2 rules=memory",
                  "a trained elephant next to copies of both colours (MEMORY.TRAMPLE)"),
    NamedState("black-rides-in-the-past",
                  "l2b/4/1w1b/3(db)|l3/1b1b/2w1/w1(dw)1|l3/2b1/2(db)1/2w1 turn=w focus=present,present"
                  " supply=3,2 removed=0,0 rules=memory",
                  "the same elephant trained by Black in the past and the future, by White in the present"
                  " (MEMORY.TRAIN.LATER)"),
)


# Convergence: each pair's start and the rulings' scenarios where its objects meet.
PAIR_POSITIONS: dict[str, tuple[NamedState, ...]] = {
    "growth+influence": (
        NamedState("start", "3b/4/2N1/w3|3b/4/2N1/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                      " rules=growth+influence seeds=5 built=0,0",
                      "the Growth with Influence start (CONVERGENCE.PAIRS)"),
        NamedState("statue-onto-seed",
                      "3b/4/wNs1/4|3b/4/1Nh1/w3|3b/4/1Nt1/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                      " rules=growth+influence seeds=4 built=0,0",
                      "a statue pushed onto a seed line (rulings C-T1, CONVERGENCE.STATUE-SEED)"),
        NamedState("tree-onto-statue",
                      "3b/4/1sN1/w3|3b/4/1hN1/w3|1b2/1N2/1t2/1w2 turn=w focus=future,future supply=4,4 removed=0,0"
                      " rules=growth+influence seeds=4 built=0,0",
                      "a tree that falls onto a statue (rulings C-T2, CONVERGENCE.STATUE-TREE)"),
        NamedState("phases-matter",
                      "3b/4/B(ws)N1/4|B2b/4/Nh2/3w|B2b/4/Nt2/3w turn=w focus=past,future supply=4,4 removed=0,0"
                      " rules=growth+influence seeds=4 built=0,1",
                      "the order of phases changes the outcome (rulings K4, EFFECTS.PHASES)"),
    ),
    "growth+memory": (
        NamedState("start", "l2b/4/4/w2d|l2b/4/4/w2d|l2b/4/4/w2d turn=w focus=past,future supply=4,4 removed=0,0"
                      " rules=growth+memory seeds=5", "the Growth with Memory start (CONVERGENCE.PAIRS)"),
        NamedState("elephant-tramples",
                      "l2b/4/2s1/w2d|l2b/4/2h1/1w(dw)1|l2b/4/2t1/w2(dw) turn=w focus=present,future supply=4,4"
                      " removed=0,0 rules=growth+memory seeds=4",
                      "an elephant next to a shrub with a tree above it (rulings C-T3, CONVERGENCE.ELEPHANT-TRAMPLE)"),
        NamedState("tree-before-elephant",
                      "l2b/4/4/w2d|l2b/4/4/w2d|1l1b/1t2/1(dw)2/w3 turn=w focus=future,future supply=4,4 removed=0,0"
                      " rules=growth+memory seeds=5",
                      "a tree that cannot fall onto an elephant (rulings C-T3 b, CONVERGENCE.ELEPHANT-TREE)"),
    ),
    "influence+memory": (
        NamedState("start", "l2b/4/2N1/w2d|l2b/4/2N1/w2d|l2b/4/2N1/w2d turn=w focus=past,future supply=4,4"
                      " removed=0,0 rules=influence+memory built=0,0",
                      "the Influence with Memory start (CONVERGENCE.PAIRS)"),
        NamedState("elephant-pushes-statue",
                      "l2b/4/(dw)N2/w3|l2b/w3/(dw)N2/4|l2b/4/(dw)N2/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                      " rules=influence+memory built=0,0",
                      "a trained elephant behind the neutral statue (rulings C-T4, CONVERGENCE.ELEPHANT-STATUE)"),
        NamedState("rebound-off-elephant",
                      "l2b/4/1wN1/3d|3b/1(lb)2/1bN1/w2d|(lb)2b/1b2/2N1/w2d turn=w focus=past,future supply=4,2"
                      " removed=0,0 rules=influence+memory built=0,0",
                      "a build whose present copy rebounds off an elephant (rulings C-T5, CONVERGENCE.STATUE-BLOCKED)"),
        NamedState("elephant-pulls-statue",
                      "l2b/4/N(dw)2/w3|l2b/4/N2d/w3|l2b/4/N2d/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                      " rules=influence+memory built=0,0",
                      "a trained elephant with the neutral statue behind it (CONVERGENCE.ELEPHANT-PULL)"),
    ),
}


# Perft depths from the named positions: deep enough to mix rules, shallow
# enough to export in seconds (variants and chapters are counted by the plain rules).
STANDARD_DEPTHS = {"start": 5, "*": 3}
# The standard set goes deeper with counts computed once, offline, by the fast
# counter and the plain rules (bench/deep_perft.py writes `perft_table`), to these
# depths in one process; the start's deeper counts come from a cluster run.
DEEP_PERFT_DEPTHS = {"start": 6, "*": 5}
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


def game_seed(ruleset: Ruleset, game: int) -> int:
    """The seed of game ``game`` (1-based); it differs per ruleset so that variants play other games."""
    return game * 1000 + sum(ruleset.name.encode()) % 1000


# Perft and the vectors count one set of rules at a time, and a Convergence game before its draw is three.
PAIR_NEEDED = ("rules=convergence is three games until its pair is drawn: name it, such as --rules growth+influence,"
               " growth+memory or influence+memory")


def _shape(ruleset: Ruleset) -> tuple[tuple[NamedState, ...], dict[str, int], int, int]:
    """The named positions, perft depths, number and length of the playthroughs of ``ruleset``'s set."""
    pair = "+".join(c for c in ("growth", "influence", "memory") if c in ruleset.chapters)
    if pair in PAIR_POSITIONS:
        return PAIR_POSITIONS[pair], {"start": 3, "*": 2}, 5, 24
    if "memory" in ruleset.chapters:
        return MEMORY_POSITIONS, {"start": 3, "*": 2}, 5, 30
    if "influence" in ruleset.chapters:
        return INFLUENCE_NAMED, {"start": 4, "*": 3}, 6, 100  # Influence has a fast path
    if "growth" in ruleset.chapters:  # Growth has a fast path, variants do not
        return GROWTH_NAMED_POSITIONS, {"start": 3 if ruleset.variants else 4, "*": 2}, 6, 100
    return NAMED_POSITIONS, STANDARD_DEPTHS if ruleset == STANDARD else {"start": 3, "*": 2}, 6, 100


def vector_set(ruleset: Ruleset) -> VectorSet:
    """The vector set of ``ruleset`` (one pair at a time: a Convergence game before its draw is three games)."""
    if "convergence" in ruleset.chapters:
        raise NotationError(PAIR_NEEDED)
    named, depths, games, plies = _shape(ruleset)
    return VectorSet(ruleset_dir_name(ruleset), ruleset.name, tuple(game_seed(ruleset, g) for g in range(1, games + 1)),
                     layout=1, named=named, perft_depths=depths, deep_perft=deep_perft(ruleset),
                     offline_perft=start_divide(ruleset), max_plies=plies)


def deep_perft(ruleset: Ruleset) -> dict[str, dict[int, int]]:
    """The counts made offline (bench/deep_perft.py): the standard game's named positions, or a chapter
    ruleset's or pair's start; none under a variant."""
    if ruleset == STANDARD:
        return DEEP_PERFT
    if not ruleset.variants and ruleset.name in CHAPTER_PERFT:
        return {"start": CHAPTER_PERFT[ruleset.name]}
    return {}


def start_divide(ruleset: Ruleset) -> tuple[tuple[NamedState, int, int], ...]:
    """The standard start's deepest offline perft split by first turn, as records of their own: for each
    first turn, the position after it with the depth one less and its count, in `legal_turns` order."""
    if ruleset != STANDARD or not START_DIVIDE:
        return ()
    depth = max(START_DIVIDE)
    parts = START_DIVIDE[depth]
    out = []
    for turn, after in successors(Position.start()):
        text = format_turn(turn)
        name = "start/" + text.replace(" ", "-").replace(">", "")
        note = f"the start after {text}: its part of perft {depth} from the start"
        out.append((NamedState(name, format_position(after), note), depth - 1, parts[text]))
    return tuple(out)


def near_misses(position: Position, ruleset: Ruleset, rng: random.Random) -> Iterator[Turn]:
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


def win_pattern(after: Position) -> str | None:
    """How a won position was won, for the coverage table: the eras the loser is
    left on (``past``, ``present``, ``future`` or ``none``), and ``mover on one
    era`` when the winner is down to one era too.  None if nobody has won."""
    if after.winner is None:
        return None
    left = after.eras_of(after.winner.opponent)
    pattern = "+".join(era.word for era in left) or "none"
    return pattern + (", mover on one era" if len(after.eras_of(after.winner)) <= 1 else "")


