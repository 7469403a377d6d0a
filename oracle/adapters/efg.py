"""A game's whole tree as Gambit's extensive form (EFG), for OpenSpiel's exact algorithms (extra ``[open-spiel]``).

Exact CFR and NashConv walk the whole tree at every iteration.  Walking it
through the Python adapter costs a few hundred microseconds a node, so the
tree is walked once, written as an EFG text (each information set numbered
by the player's information-state string), and loaded as OpenSpiel's own
C++ game (``pyspiel.load_efg_game``), where CFR and NashConv run at native
speed.  Used on the research setting ``small`` of Time Chase
(TC.RESEARCH.SMALL); any game small enough can be written so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pyspiel


@dataclass(frozen=True)
class Tree:
    """A game's tree as EFG text, with what the walk counted and the uniform policy's value to each player."""

    text: str
    nodes: int
    information_sets: int
    uniform_value: tuple[float, ...]


def efg_tree(game: Any) -> Tree:
    """Walk ``game`` (an OpenSpiel game) from its start and write its tree as EFG text."""
    players = game.num_players()
    lines = ['EFG 2 R "' + game.get_type().short_name + '" { ' + " ".join(f'"p{p}"' for p in range(players)) + " }",
             '""', ""]
    infosets: dict[tuple[int, str], int] = {}
    counters = {"chance": 0, "outcome": 0, "nodes": 0}

    def walk(state: Any) -> list[float]:
        counters["nodes"] += 1
        if state.is_terminal():
            counters["outcome"] += 1
            returns = state.returns()
            lines.append(f't "" {counters["outcome"]} "" {{ ' + ", ".join(repr(float(r)) for r in returns) + " }")
            return [float(r) for r in returns]
        if state.is_chance_node():
            counters["chance"] += 1
            outcomes = state.chance_outcomes()
            labels = " ".join(f'"{a}" {p!r}' for a, p in outcomes)
            lines.append(f'c "" {counters["chance"]} "" {{ {labels} }} 0')
            values = [walk(state.child(a)) for a, _ in outcomes]
            return [sum(p * v[k] for (_, p), v in zip(outcomes, values, strict=True)) for k in range(players)]
        player = state.current_player()
        key = (player, state.information_state_string())
        number = infosets.setdefault(key, sum(1 for p, _ in infosets if p == player) + 1)
        actions = state.legal_actions()
        lines.append(f'p "" {player + 1} {number} "" {{ ' + " ".join(f'"{a}"' for a in actions) + " } 0")
        values = [walk(state.child(a)) for a in actions]
        return [sum(v[k] for v in values) / len(values) for k in range(players)]

    value = walk(game.new_initial_state())
    return Tree("\n".join(lines) + "\n", counters["nodes"], len(infosets), tuple(value))


def cfr_curve(tree: Tree, checkpoints: list[int]) -> list[tuple[int, float]]:
    """NashConv of exact CFR's average policy after each number of iterations in ``checkpoints`` (ascending),
    on the tree loaded as OpenSpiel's C++ game; iteration 0 is the uniform policy."""
    game = pyspiel.load_efg_game(tree.text)
    solver = pyspiel.CFRSolver(game)
    curve: list[tuple[int, float]] = []
    done = 0
    for target in checkpoints:
        if target == 0:
            curve.append((0, float(pyspiel.nash_conv(game, pyspiel.UniformRandomPolicy(game)))))
            continue
        while done < target:
            solver.evaluate_and_update_policy()
            done += 1
        curve.append((target, float(pyspiel.nash_conv(game, solver.average_policy()))))
    return curve
