"""How much work a perft is: its node count and its time on this machine, estimated before it runs.

A count's cost depends on the game, the rules and the state far more than on
its depth (TTYKM's start: 16, 256, 5,696 ... sequences; a Growth+Influence
position: 98, 9,604, 1,000,000 ...).  `estimate` measures it on the state
itself: it counts the first levels exactly, each timed, until one takes
`SAMPLE_SECONDS` (or the next would take several times that).  Past them,
the nodes are estimated by random descents to the depth asked
(`sampled_nodes`), which follow the growth level by level rather than assume
that it stays what it was between the first levels (a sealed bid multiplies
the count by thousands at one level, the cards that follow by a few), and the
time is that many nodes at the cost per node measured between the last two
levels counted.  The levels are timed in CPU time, which other work on the
machine does not inflate, so the same count is accepted or refused alike on a
busy machine and an idle one.  The command line refuses a
count estimated beyond `CLI_SECONDS` unless told ``--no-limit``; the
protocol refuses one estimated far beyond its budget at once, ``too_slow``,
rather than spend the budget first.  Only the `Game` interface is used.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from oracle.games import AnyGame
from oracle.games.perft import choices

# How long the command line counts without --no-limit: "about a minute on this machine".
CLI_SECONDS = 60.0
# The timed levels stop once one takes this long, or once the next one would take more than
# SAMPLE_BUDGET, so that an estimate costs a few tenths of a second at most.
SAMPLE_SECONDS = 0.1
SAMPLE_BUDGET = 0.3
# The random descents that extrapolate past the levels counted (`sampled_nodes`).
MIN_DESCENTS = 32
MAX_DESCENTS = 2000
# The deepest count the command line takes, --no-limit or not: a sequence this long is no perft anyone runs,
# and no recursion gets near Python's limit.
MAX_DEPTH = 64


@dataclass(frozen=True, slots=True)
class Estimate:
    """A count's size and time: exact (the count itself was made while sampling) or extrapolated."""

    depth: int
    nodes: int
    seconds: float
    exact: bool
    measured: int
    """The deepest level counted exactly."""

    def describe(self, word: str) -> str:
        """``about 2.1e+09 action sequences, about 40 minutes here``."""
        count = f"{self.nodes}" if self.exact or self.nodes < 10**6 else f"{float(self.nodes):.2g}"
        return f"{'' if self.exact else 'about '}{count} {word} sequences, about {duration(self.seconds)} here"


def duration(seconds: float) -> str:
    """A time for people: ``0.3 s``, ``40 s``, ``12 minutes``, ``5 hours``, ``3 days``, ``2e+04 years``."""
    if seconds < 10:
        return f"{seconds:.1g} s" if seconds < 1 else f"{seconds:.0f} s"
    for unit, size in (("years", 365 * 86400.0), ("days", 86400.0), ("hours", 3600.0), ("minutes", 60.0)):
        if seconds >= 2 * size:
            amount = seconds / size
            return f"{amount:.2g} {unit}" if amount >= 1000 else f"{amount:.0f} {unit}"
    return f"{seconds:.0f} s"


def estimate(game: AnyGame, state: Any, rules: Any, depth: int) -> Estimate:
    """The nodes and time of ``perft(depth)`` from ``state``, measured on the state's first levels (see module).

    The time of a level is taken as a fixed cost plus a cost per node, the latter measured between the
    last two levels counted, so that the fixed cost of a small count does not inflate the estimate.
    """
    if depth == 0:
        return Estimate(0, 1, 0.0, True, 0)
    game.perft(state, rules, 1)  # once untimed: what is made on the first call is not the count's cost
    previous, previous_time = 1, 0.0
    nodes, seconds, per_node, growth, level = 1, 0.0, 0.0, 1.0, 0
    while level < depth:
        started = time.process_time()
        count = game.perft(state, rules, level + 1)
        took = time.process_time() - started
        level += 1
        if count == 0 or level == depth:
            return Estimate(depth, count, took, True, level)
        extra = count - previous
        per_node = (took - previous_time) / extra if extra > 0 and took > previous_time else took / count
        growth = count / previous
        previous, previous_time, nodes, seconds = count, took, count, took
        if took >= SAMPLE_SECONDS or per_node * count * growth > SAMPLE_BUDGET:
            break
    total = max(nodes, round(sampled_nodes(game, state, rules, depth)))
    return Estimate(depth, total, max(seconds, per_node * total), False, level)


def branching(game: AnyGame, state: Any, rules: Any, rng: random.Random) -> tuple[int, Any]:
    """How many actions can come next (perft's count of one level), and one of them drawn from ``rng``
    (None if there is none); sealed choices are counted as the product of each player's, never listed."""
    mover = game.to_act(state)
    if mover.kind == "simultaneous":
        per_player = {p: game.legal_actions(state, rules, p) for p in mover.players}
        count = 1
        for actions in per_player.values():
            count *= len(actions)
        if count == 0:
            return 0, None
        return count, game.joint_action(state, {p: rng.choice(a) for p, a in per_player.items()})
    actions = choices(game, state, rules)
    return len(actions), rng.choice(actions) if actions else None


def sampled_nodes(game: AnyGame, state: Any, rules: Any, depth: int) -> float:
    """perft(depth) estimated by random descents (Knuth's estimator): each descent follows one random
    action a level, to ``depth``, and multiplies the number of choices at every level on its way; the
    mean of these products is the count, without bias, whatever the growth does deeper (a sealed bid's
    thousands of joint choices at one level, then a few cards to follow at the next).  The descents are
    drawn from a generator seeded by the state, so that the same count gets the same estimate, and stop
    after `SAMPLE_BUDGET` of CPU time (`MIN_DESCENTS` at least, `MAX_DESCENTS` at most)."""
    rng = random.Random(f"{game.name}|{game.format_state(state)}|{depth}")
    started = time.process_time()
    total, descents = 0.0, 0
    while descents < MIN_DESCENTS or (descents < MAX_DESCENTS and time.process_time() - started < SAMPLE_BUDGET):
        product, at = 1.0, state
        for _ in range(depth):
            count, action = branching(game, at, rules, rng)
            product *= count
            if action is None:
                break
            at = game.apply(at, action, rules).state
        total += product
        descents += 1
    return total / descents
