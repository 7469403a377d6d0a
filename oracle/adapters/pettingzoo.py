"""Every game of the oracle as a PettingZoo AEC environment (the optional extra ``[pettingzoo]``).

::

    from oracle.adapters.pettingzoo import env
    e = env("ttykm", ruleset="growth")       # or "time-chase" (players=3..6), "trois-ombres"
    e.reset(seed=7)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(observation["action_mask"])
        e.step(action)

Agents are named as the game names its players (``white``, ``black``;
``p0``, ``p1``, ...).  An observation is a dict: ``observation``, the
player's view as the game's tensor (spec/<game>/encoding.md), and
``action_mask``, 1 for each legal action number.  Chance (a deal, a die) is
drawn by the game itself (`Game.sample_chance`) from a `random.Random`
seeded by ``reset(seed=...)``.  Sealed bids are asked of each bidder in
seat order and revealed together once all are in; no bidder sees another's
bid before.  ``render()`` is the game's text picture (``ansi``, or printed
for ``human``), or its picture as an SVG document (``svg``, `Game.state_svg`:
the board a notebook or a web page shows as it is).
"""

from __future__ import annotations

from random import Random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from oracle.adapters.table import MAX_GAME_LENGTH, Step, Table, rules_text
from oracle.games import load_game
from oracle.interface import encoding_of


class OracleEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """One oracle game as an AEC environment."""

    RENDER_MODES: ClassVar[list[str]] = ["human", "ansi", "svg"]
    metadata: ClassVar[dict[str, Any]] = {"render_modes": RENDER_MODES, "name": "oracle_v0",
                                          "is_parallelizable": False}

    def __init__(self, game: str = "ttykm", ruleset: str | None = None, variants: str = "",
                 render_mode: str | None = None, max_game_length: int = MAX_GAME_LENGTH, **settings: int) -> None:
        super().__init__()
        defaults = encoding_of(load_game(game)).settings()
        chosen = {name.replace("_", "-"): value for name, value in settings.items()}  # hercule_traps=1
        unknown = sorted(set(chosen) - set(defaults))
        if unknown:
            known = ", ".join(name.replace("-", "_") for name in defaults) or "none"
            raise TypeError(f"unknown setting {unknown[0].replace('-', '_')!r} (known: {known})")
        self.table = Table(game, ruleset, rules_text(variants, {**defaults, **chosen}, defaults),
                           max_game_length=max_game_length)
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode is one of {', '.join(self.RENDER_MODES)}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"{game.replace('-', '_')}_v0"}  # type: ignore[misc]
        oracle_game = self.table.game
        self.possible_agents = [oracle_game.player_name(p) for p in range(self.table.players)]
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        shape = self.table.encoding.observation_shape(self.table.rules)
        n = self.table.num_actions
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=np.inf, shape=shape, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._rng = Random()
        self._step: Step = self.table.start()
        self._sealed: dict[int, int] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # The play.
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._rng = Random(seed)
        self._step = self._through_chance(self.table.start())
        self._sealed = {}
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._next_agent()
        self._ended()

    def _through_chance(self, step: Step) -> Step:
        """Chance steps drawn by the game from the seeded generator, until a player acts or the play ends."""
        table = self.table
        while step.kind == "chance":
            step = step.after(table.game.sample_chance(step.state, table.rules, self._rng))
        return step

    def _next_agent(self) -> str:
        step = self._step
        if step.kind == "over":
            return self.agent_selection if getattr(self, "agent_selection", None) in self.agents else self.agents[0]
        waiting = [p for p in step.actors() if p not in self._sealed]
        return self.possible_agents[waiting[0]]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action")
        player = self._seat[agent]
        step = self._step
        self._cumulative_rewards[agent] = 0.0
        if step.kind == "simultaneous":
            if int(action) not in step.legal(player):
                raise ValueError(f"action {action} is not legal for {agent} here")
            self._sealed[player] = int(action)
            if len(self._sealed) == len(step.actors()):
                self._step = self._through_chance(step.play_joint([self._sealed[p] for p in step.actors()]))
                self._sealed = {}
        else:
            if int(action) not in step.legal(player):
                raise ValueError(f"action {action} is not legal for {agent} here")
            self._step = self._through_chance(step.play(player, int(action)))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._ended()
        self.agent_selection = self._next_agent()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _ended(self) -> None:
        """At the end: each agent's return as its reward, and every agent terminated (or truncated)."""
        step = self._step
        if step.kind != "over":
            return
        returns = step.returns()
        for agent in self.agents:
            self.rewards[agent] = returns[self._seat[agent]]
            if step.truncated:
                self.truncations[agent] = True
            else:
                self.terminations[agent] = True

    # What an agent sees.
    def observe(self, agent: str) -> dict[str, Any]:
        player = self._seat[agent]
        step = self._step
        shape = self.table.encoding.observation_shape(self.table.rules)
        mask = np.zeros(self.table.num_actions, dtype=np.int8)
        if step.kind in ("player", "simultaneous") and player in step.actors() and player not in self._sealed:
            mask[list(step.legal(player))] = 1
        tensor = np.asarray(step.tensor(player), dtype=np.float32).reshape(shape)
        return {"observation": tensor, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        if self.render_mode == "svg":
            return self.table.game.state_svg(self._step.state)
        text = self.table.game.state_text(self._step.state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


def raw_env(game: str = "ttykm", **kwargs: Any) -> OracleEnv:
    """The environment without PettingZoo's wrappers."""
    return OracleEnv(game, **kwargs)


def env(game: str = "ttykm", **kwargs: Any) -> AECEnv[str, dict[str, Any], int]:
    """The environment, with PettingZoo's usual wrappers (actions in range, calls in order)."""
    wrapped: AECEnv[str, dict[str, Any], int] = wrappers.AssertOutOfBoundsWrapper(raw_env(game, **kwargs))
    return wrappers.OrderEnforcingWrapper(wrapped)
