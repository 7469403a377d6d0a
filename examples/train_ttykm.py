"""Train a policy-and-value network on TTYKM by self-play with MCTS, then measure it (needs the extra [train]).

    ./dev python examples/train_ttykm.py            # the default run: about 75 CPU s, on two processes
    ./dev python examples/train_ttykm.py --quick    # a smoke run of a few seconds (the test runs it)
    ./dev python examples/train_ttykm.py --long     # the long run, the page's long figure: about 900 CPU s

What it does, in the standard game through the OpenSpiel adapter
(`oracle.adapters.openspiel`, ENCODING.ACTIONS and ENCODING.OBSERVATION):

1. **Self-play.**  The network guides a PUCT search (AlphaZero's: the
   policy head gives each legal action its prior, the value head scores a
   leaf, no rollout); each move's visit counts are the policy target and
   the game's result, seen from the player to move, is the value target.
2. **Training.**  The network is a NumPy MLP: the 87 × 4 × 4 observation
   (1,392 inputs), one hidden layer, a policy head with one logit per
   action number (2,499) and a tanh value head.  The policy logits are
   masked to the legal actions (`state.legal_actions_mask()`, illegal
   logits set to −∞) before the softmax, in search and in the loss alike,
   so the network never puts probability on an illegal turn.  The loss is
   the cross-entropy to the visit counts plus the squared value error,
   minimised with Adam.
3. **Evaluation**, colours alternating, each game seeded by its number, with
   95% Wilson intervals: the trained search against a uniform random
   player, then against OpenSpiel's plain `MCTSBot` (random rollouts, UCT
   c = 2) at equal CPU time per move: the trained search stops searching
   once it has used the CPU time MCTS spent on its move just before (the
   first move of a game: MCTS's time on the start position).

Why this learner: TTYKM has perfect information, two players and no
chance, which is what AlphaZero-style search was made for; and at equal
time a leaf scored by a network (about 0.1 ms) is far cheaper than a
random rollout (a whole random game, 1 to 2 ms even on the compiled engine),
so the search sees much deeper.  NumPy alone is enough at this size (a few hundred thousand
weights), and it keeps the extra small: no deep-learning framework to
install for one example.  Times are CPU seconds (`time.process_time`), so
the load of a shared machine does not change the equal-time comparison.
"""

from __future__ import annotations

import argparse
import functools
import math
import os
import platform
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

# One BLAS thread a process (set before NumPy loads its BLAS): the example spreads its work over processes
# itself, and on a loaded machine a second BLAS thread spends its time spinning, for twenty times the CPU time
# of a training step.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

Floats = npt.NDArray[np.float32]
Weights = dict[str, Floats]


@dataclass(frozen=True)
class Settings:
    """One run's sizes: self-play, training and the two evaluation matches."""

    iterations: int  # rounds of self-play then training
    games: int  # self-play games per iteration
    simulations: int  # search simulations per self-play move
    epochs: int  # passes over the replay buffer per iteration
    hidden: int  # hidden units of the network
    eval_simulations: int  # simulations per move of the trained search against random
    random_games: int  # games against uniform random
    mcts_games: int  # games against plain MCTS at equal time
    mcts_simulations: int  # plain MCTS's simulations per move
    max_moves: int = 200  # a self-play or evaluation game stops here with no winner
    jobs: int = 2
    seed: int = 0


QUICK = Settings(iterations=2, games=2, simulations=4, epochs=2, hidden=32, eval_simulations=4, random_games=2,
                 mcts_games=0, mcts_simulations=2, max_moves=40, jobs=1)
DEFAULT = Settings(iterations=4, games=12, simulations=16, epochs=4, hidden=64, eval_simulations=32,
                   random_games=40, mcts_games=40, mcts_simulations=8)
LONG = Settings(iterations=16, games=24, simulations=32, epochs=4, hidden=128, eval_simulations=64,
                random_games=200, mcts_games=200, mcts_simulations=8)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def load() -> Any:
    import pyspiel

    import oracle.adapters.openspiel  # noqa: F401  (registers ttykm)

    return pyspiel.load_game("ttykm")


# The network.

def new_weights(inputs: int, hidden: int, actions: int, seed: int) -> Weights:
    rng = np.random.default_rng(seed)

    def layer(n_in: int, n_out: int) -> Floats:
        return (rng.standard_normal((n_in, n_out)) * math.sqrt(2.0 / n_in)).astype(np.float32)

    return {"w1": layer(inputs, hidden), "b1": np.zeros(hidden, np.float32),
            "wp": layer(hidden, actions) * np.float32(0.1), "bp": np.zeros(actions, np.float32),
            "wv": layer(hidden, 1) * np.float32(0.1), "bv": np.zeros(1, np.float32)}


def masked_softmax(logits: Floats, mask: Floats) -> Floats:
    """The policy over the legal actions: illegal logits count as −∞, so their probability is exactly 0."""
    masked = np.where(mask > 0, logits, -np.inf)
    masked = masked - masked.max(axis=-1, keepdims=True)
    exp = np.exp(masked)
    out: Floats = (exp / exp.sum(axis=-1, keepdims=True)).astype(np.float32)
    return out


def forward(w: Weights, x: Floats, mask: Floats) -> tuple[Floats, Floats, Floats]:
    """The hidden layer, the masked policy and the value of a batch of observations."""
    h = np.maximum(x @ w["w1"] + w["b1"], 0.0)
    policy = masked_softmax(h @ w["wp"] + w["bp"], mask)
    value = np.tanh(h @ w["wv"] + w["bv"])[:, 0]
    return h, policy, value


def loss_of(policy: Floats, value: Floats, mask: Floats, target: Floats, z: Floats) -> float:
    """Cross-entropy to the visit counts plus the squared value error, over the legal actions."""
    cross = -np.sum(np.where(mask > 0, target * np.log(np.maximum(policy, 1e-12)), 0.0)) / len(value)
    return float(cross + np.mean((value - z) ** 2))


def loss_and_gradients(w: Weights, x: Floats, mask: Floats, target: Floats, z: Floats) -> tuple[float, Weights]:
    """The loss (``loss_of``) of a batch, with its gradients."""
    n = len(x)
    h, policy, value = forward(w, x, mask)
    loss = loss_of(policy, value, mask, target, z)
    d_logits = (policy - target) / n
    d_value = (2.0 * (value - z) / n * (1.0 - value**2))[:, None]
    d_h = (d_logits @ w["wp"].T + d_value @ w["wv"].T) * (h > 0)
    grads = {"w1": x.T @ d_h, "b1": d_h.sum(0), "wp": h.T @ d_logits, "bp": d_logits.sum(0),
             "wv": h.T @ d_value, "bv": d_value.sum(0)}
    return loss, {k: g.astype(np.float32) for k, g in grads.items()}


class Adam:
    def __init__(self, w: Weights, rate: float = 1e-3) -> None:
        self.rate = rate
        self.m = {k: np.zeros_like(v) for k, v in w.items()}
        self.v = {k: np.zeros_like(v) for k, v in w.items()}
        self.t = 0

    def step(self, w: Weights, grads: Weights) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m = self.m[k] / (1 - 0.9**self.t)
            v = self.v[k] / (1 - 0.999**self.t)
            w[k] -= (self.rate * m / (np.sqrt(v) + 1e-8)).astype(np.float32)


# The search.

@functools.cache
def observer() -> Any:
    """This process's observer: it writes a state's observation tensor into one reused NumPy buffer."""
    from open_spiel.python.observation import make_observation

    return make_observation(load())


def priors_and_value(w: Weights, state: Any) -> tuple[list[int], Floats, float]:
    """The legal actions, the network's prior over them and its value for the player to move.

    The policy head is read at the legal action numbers only: the masked softmax (``masked_softmax``) without
    computing the logits it would set to −∞, so every illegal action gets exactly 0 here too."""
    seen = observer()
    seen.set_from(state, state.current_player())
    legal = state.legal_actions()
    h = np.maximum(seen.tensor @ w["w1"] + w["b1"], 0.0)
    logits = h @ w["wp"][:, legal] + w["bp"][legal]
    exp = np.exp(logits - logits.max())
    value = float(np.tanh(h @ w["wv"] + w["bv"])[0])
    return legal, (exp / exp.sum()).astype(np.float32), value


class Node:
    """A searched state: its legal actions, with the prior, visits and total value of each (for the player to
    move here), and the child nodes reached so far."""

    __slots__ = ("actions", "children", "player", "priors", "state", "totals", "visited", "visits")

    def __init__(self, state: Any) -> None:
        self.state = state
        self.player = state.current_player()
        self.actions: list[int] = []
        self.children: list[Node | None] = []
        self.priors = self.totals = self.visits = np.zeros(0, np.float64)
        self.visited = 0


def expand(w: Weights, node: Node, rng: np.random.Generator | None) -> list[float]:
    """Give a leaf its actions and priors; its value for each player (exact at the end of a game)."""
    if node.state.is_terminal():
        return [float(r) for r in node.state.returns()]
    legal, priors, value = priors_and_value(w, node.state)
    if rng is not None:  # exploration noise at the root of a self-play move
        priors = 0.75 * priors + 0.25 * rng.dirichlet([0.3] * len(legal)).astype(np.float32)
    node.actions, node.priors = legal, priors.astype(np.float64)
    node.children = [None] * len(legal)
    node.totals, node.visits = np.zeros(len(legal)), np.zeros(len(legal))
    return [value, -value] if node.player == 0 else [-value, value]


def search(w: Weights, state: Any, simulations: int, seconds: float | None = None,
           rng: np.random.Generator | None = None, c: float = 1.5) -> dict[int, int]:
    """PUCT search from ``state``: the visit count of each legal action.

    It runs ``simulations`` simulations, or with ``seconds`` as many as fit in
    that much CPU time (at least one)."""
    began = time.process_time()
    root = Node(state.clone())
    expand(w, root, rng)
    done = 0
    while done < simulations if seconds is None else (done == 0 or time.process_time() - began < seconds):
        done += 1
        node, path = root, []
        while True:  # down the tree by PUCT, to a new node or the end of the game
            scores = (np.where(node.visits > 0, node.totals / np.maximum(node.visits, 1), 0.0)
                      + c * node.priors * math.sqrt(node.visited + 1) / (1 + node.visits))
            k = int(np.argmax(scores))
            path.append((node, k))
            child = node.children[k]
            if child is None:
                child = node.children[k] = Node(node.state.child(node.actions[k]))
                values = expand(w, child, None)
                break
            if child.state.is_terminal():
                values = [float(r) for r in child.state.returns()]
                break
            node = child
        for n, k in path:
            n.visits[k] += 1
            n.totals[k] += values[n.player]
            n.visited += 1
    return {a: int(v) for a, v in zip(root.actions, root.visits, strict=True)}


# Self-play and training.

Sample = tuple[Floats, Floats, Floats, int]  # observation, mask, visit distribution, player to move


def self_play_game(args: tuple[Weights, Settings, int]) -> tuple[list[Floats], list[Floats], list[Floats], list[float]]:
    """One self-play game: observations, masks, visit distributions and the result for the player to move."""
    w, settings, seed = args
    game = load()
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    samples: list[Sample] = []
    moves = 0
    while not state.is_terminal() and moves < settings.max_moves:
        visits = search(w, state, settings.simulations, rng=rng)
        actions = list(visits)
        counts = np.array([visits[a] for a in actions], np.float32)
        target = np.zeros(game.num_distinct_actions(), np.float32)
        target[actions] = counts / counts.sum()
        samples.append((np.asarray(state.observation_tensor(), np.float32),
                        np.asarray(state.legal_actions_mask(), np.float32), target, state.current_player()))
        pick = rng.choice(len(actions), p=counts / counts.sum()) if moves < 12 else int(np.argmax(counts))
        state.apply_action(actions[pick])
        moves += 1
    returns = state.returns() if state.is_terminal() else [0.0, 0.0]
    return ([s[0] for s in samples], [s[1] for s in samples], [s[2] for s in samples],
            [float(returns[s[3]]) for s in samples])


def pool_map(fn: Callable[[Any], Any], tasks: Sequence[Any], jobs: int) -> Iterator[Any]:
    """``fn`` of each task, in order, each as soon as it is done (on ``jobs`` processes)."""
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(fn, tasks)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(fn, tasks)


@dataclass
class Trained:
    weights: Weights
    losses: list[tuple[float, float]]  # per iteration: the buffer's loss before and after training
    positions: int
    seconds: float  # CPU seconds of this process and its workers
    illegal: int  # moves the policy head gave probability to an illegal action (must stay 0)


def train(settings: Settings, log: Callable[[str], None] = print) -> Trained:
    game = load()
    inputs = int(np.prod(game.observation_tensor_shape()))
    w = new_weights(inputs, settings.hidden, game.num_distinct_actions(), settings.seed)
    adam = Adam(w)
    rng = np.random.default_rng(settings.seed)
    xs: list[Floats] = []
    masks: list[Floats] = []
    targets: list[Floats] = []
    zs: list[float] = []
    losses: list[tuple[float, float]] = []
    illegal = 0
    began = cpu_seconds()
    for it in range(settings.iterations):
        seeds = [settings.seed * 100_000 + it * 1000 + g for g in range(settings.games)]
        for gx, gmask, gtarget, gz in pool_map(self_play_game, [(w, settings, s) for s in seeds], settings.jobs):
            xs.extend(gx)
            masks.extend(gmask)
            targets.extend(gtarget)
            zs.extend(gz)
        for column in (xs, masks, targets, zs):
            del column[:-20_000]  # keep the most recent positions
        x, mask, target = np.stack(xs), np.stack(masks), np.stack(targets)
        z = np.asarray(zs, np.float32)
        _, policy, value = forward(w, x, mask)
        before = loss_of(policy, value, mask, target, z)
        for _ in range(settings.epochs):
            order = rng.permutation(len(x))
            for lo in range(0, len(x), 64):
                batch = order[lo:lo + 64]
                _, grads = loss_and_gradients(w, x[batch], mask[batch], target[batch], z[batch])
                adam.step(w, grads)
        _, policy, value = forward(w, x, mask)
        after = loss_of(policy, value, mask, target, z)
        illegal += int(np.sum(policy[mask == 0] > 0))
        losses.append((before, after))
        log(f"  iteration {it + 1}/{settings.iterations}: {len(x):,} positions, loss {before:.3f} -> {after:.3f}")
    return Trained(w, losses, len(xs), cpu_seconds() - began, illegal)


def cpu_seconds() -> float:
    """The CPU seconds of this process and of its finished workers."""
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


# Evaluation.

@dataclass(frozen=True)
class Match:
    games: int
    wins: int
    draws: int
    seconds_per_move: float  # the trained search's CPU seconds per move
    opponent_seconds_per_move: float
    illegal: int  # moves outside the legal actions (must be 0)


def match_game(args: tuple[Weights, Settings, str, int]) -> tuple[float, float, int, float, int, int]:
    """One game of the trained search against ``opponent`` (``random`` or ``mcts``), the search white in an
    even game: its return, its CPU seconds and moves, the opponent's, and its illegal moves."""
    from open_spiel.python.algorithms import mcts

    w, settings, opponent, seed = args
    game = load()
    seat = seed % 2
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, 2.0, settings.mcts_simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    mine = theirs = 0.0
    my_moves = their_moves = illegal = 0
    last = 0.0  # the CPU seconds of MCTS's latest move: the trained search's budget for its next one
    if opponent == "mcts" and seat == 0:  # the first budget: MCTS's time on the start position
        began = time.process_time()
        bot.step(state)
        last = time.process_time() - began
    while not state.is_terminal() and my_moves + their_moves < settings.max_moves:
        began = time.process_time()
        if state.current_player() == seat:
            if opponent == "mcts":
                visits = search(w, state, 0, seconds=last)
            else:
                visits = search(w, state, settings.eval_simulations)
            action = max(visits, key=lambda a: visits[a])
            illegal += action not in state.legal_actions()
            mine += time.process_time() - began
            my_moves += 1
        else:
            action = bot.step(state) if opponent == "mcts" else int(rng.choice(state.legal_actions()))
            last = time.process_time() - began
            theirs += last
            their_moves += 1
        state.apply_action(action)
    result = state.returns()[seat] if state.is_terminal() else 0.0
    return result, mine, my_moves, theirs, their_moves, illegal


def play_match(w: Weights, settings: Settings, opponent: str, games: int,
               log: Callable[[str], None] = print) -> Match:
    """The trained search against ``opponent``, each game's line logged as it ends (the progress of a long run)."""
    seeds = [settings.seed * 100_000 + k for k in range(games)]
    results = []
    for seed, r in zip(seeds, pool_map(match_game, [(w, settings, opponent, s) for s in seeds], settings.jobs),
                       strict=True):
        results.append(r)
        log(f"  game {seed} against {opponent}: trained search as {'white' if seed % 2 == 0 else 'black'},"
            f" return {r[0]:+.0f}, {r[2] + r[4]} moves")
    return Match(games, sum(r[0] > 0 for r in results), sum(r[0] == 0 for r in results),
                 sum(r[1] for r in results) / max(sum(r[2] for r in results), 1),
                 sum(r[3] for r in results) / max(sum(r[4] for r in results), 1), sum(r[5] for r in results))


def describe(name: str, m: Match) -> str:
    low, high = wilson(m.wins, m.games)
    return (f"| {name} | {m.games} | {m.wins} | {m.draws} | {m.wins / m.games:.1%} ({low:.1%} to {high:.1%}) |"
            f" {m.seconds_per_move * 1000:.0f} ms | {m.opponent_seconds_per_move * 1000:.0f} ms |")


def run(settings: Settings, log: Callable[[str], None] = print) -> tuple[Trained, list[Match]]:
    """Train, then play the matches; log the figures as a Markdown table."""
    log(f"# {platform.python_implementation()} {platform.python_version()}, {platform.machine()},"
        f" {platform.system()}; {settings}")
    trained = train(settings, log)
    log(f"  trained on {trained.positions:,} positions in {trained.seconds:.0f} CPU s")
    names = {"random": "uniform random", "mcts": f"MCTS, {settings.mcts_simulations} random rollouts a move,"
             " equal time"}
    matches = {opponent: play_match(trained.weights, settings, opponent, games, log)
               for opponent, games in (("random", settings.random_games), ("mcts", settings.mcts_games)) if games}
    log("| trained search against | games | wins | draws | win rate, 95% CI (Wilson) | its CPU per move |"
        " opponent's CPU per move |")
    log("| --- | --- | --- | --- | --- | --- | --- |")
    for opponent, match in matches.items():
        log(describe(names[opponent], match))
    return trained, list(matches.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    size.add_argument("--long", action="store_true", help="the long run (about 900 CPU s): the published long figure")
    parser.add_argument("--jobs", type=int, help="processes for self-play and the matches (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the network and of every game (default 0)")
    args = parser.parse_args()
    settings = QUICK if args.quick else LONG if args.long else DEFAULT
    settings = replace(settings, seed=args.seed, **({"jobs": args.jobs} if args.jobs else {}))
    began, wall = cpu_seconds(), time.time()
    run(settings, lambda line: print(line, flush=True))
    print(f"  {cpu_seconds() - began:.0f} CPU s, {time.time() - wall:.0f} s wall")


if __name__ == "__main__":
    main()
