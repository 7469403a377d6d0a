"""Every game of the oracle as a PettingZoo AEC environment and a parallel one (the optional extra
``[pettingzoo]``).

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
bid before.  `parallel_env` asks every agent at once, so the sealed bids
are one parallel step (the card plays, one agent a step).  ``max_cycles``
truncates a play after that many cycles (each agent's turn counted once per
cycle).  ``render()`` draws what one seat sees, the agent to act (or
`render_seat` for any agent): the game's text picture of that seat's view
(``ansi``, or printed for ``human``) or its SVG picture (``svg``); only the
mode ``umpire`` draws the whole state, hidden cards and tiles included, and
says so.
"""

from __future__ import annotations

from random import Random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from oracle.adapters.table import MAX_GAME_LENGTH, Step, Table, returns_of, rules_text
from oracle.games import load_game
from oracle.interface import encoding_of

RENDER_MODES = ["human", "ansi", "svg", "umpire"]


class Seating:
    """What both environments share: the table, the agents' names and spaces, chance and the pictures."""

    def __init__(self, game: str, ruleset: str | None, variants: str, render_mode: str | None,
                 max_game_length: int, max_cycles: int | None, settings: dict[str, int]) -> None:
        defaults = encoding_of(load_game(game)).settings()
        chosen = {name.replace("_", "-"): value for name, value in settings.items()}  # hercule_traps=1
        unknown = sorted(set(chosen) - set(defaults))
        if unknown:
            known = ", ".join(name.replace("-", "_") for name in defaults) or "none"
            raise TypeError(f"unknown setting {unknown[0].replace('-', '_')!r} (known: {known})")
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles is a whole number from 1, not {max_cycles}")
        self.table = Table(game, ruleset, rules_text(variants, {**defaults, **chosen}, defaults),
                           max_game_length=max_game_length)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {', '.join(RENDER_MODES)}")
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        oracle_game = self.table.game
        self.possible_agents = [oracle_game.player_name(p) for p in range(self.table.players)]
        self.seat = {agent: p for p, agent in enumerate(self.possible_agents)}
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
        self.rng = Random()

    def through_chance(self, step: Step) -> Step:
        """Chance steps drawn by the game from the seeded generator, until a player acts or the play ends."""
        table = self.table
        while step.kind == "chance":
            step = step.after(table.game.sample_chance(step.state, table.rules, self.rng))
        return step

    def observation(self, step: Step, agent: str, acting: bool) -> dict[str, Any]:
        player = self.seat[agent]
        shape = self.table.encoding.observation_shape(self.table.rules)
        mask = np.zeros(self.table.num_actions, dtype=np.int8)
        if acting and step.kind in ("player", "simultaneous") and player in step.actors():
            mask[list(step.legal(player))] = 1
        tensor = np.asarray(step.tensor(player), dtype=np.float32).reshape(shape)
        return {"observation": tensor, "action_mask": mask}

    def over_cycles(self, step: Step, cycles: int) -> bool:
        """Whether ``max_cycles`` cycles are done with the play still on (a truncation, not a rule)."""
        return self.max_cycles is not None and cycles >= self.max_cycles and step.kind != "over"

    def picture(self, step: Step, agent: str | None) -> str:
        """The picture of ``agent``'s view (text or SVG, by the render mode), or the umpire's whole state."""
        game = self.table.game
        if agent is None or self.render_mode == "umpire":
            return "umpire's view (the whole state, every hidden card and tile shown):\n" + game.state_text(step.state)
        view = game.state_from_json(game.observe(step.state, self.seat[agent]))
        if self.render_mode == "svg":
            return game.state_svg(view)
        return f"{agent}'s view:\n" + game.state_text(view)


class OracleEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """One oracle game as an AEC environment."""

    RENDER_MODES: ClassVar[list[str]] = RENDER_MODES
    metadata: ClassVar[dict[str, Any]] = {"render_modes": RENDER_MODES, "name": "oracle_v0",
                                          "is_parallelizable": False}

    def __init__(self, game: str = "ttykm", ruleset: str | None = None, variants: str = "",
                 render_mode: str | None = None, max_game_length: int = MAX_GAME_LENGTH,
                 max_cycles: int | None = None, **settings: int) -> None:
        super().__init__()
        self.seating = Seating(game, ruleset, variants, render_mode, max_game_length, max_cycles, settings)
        self.table = self.seating.table
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.metadata = {**self.metadata, "name": f"{game.replace('-', '_')}_v0"}  # type: ignore[misc]
        self.possible_agents = list(self.seating.possible_agents)
        self._seat = self.seating.seat
        self.observation_spaces = self.seating.observation_spaces
        self.action_spaces = self.seating.action_spaces
        self._step: Step = self.table.start()
        self._sealed: dict[int, int] = {}
        self._moves = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # The play.
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.seating.rng = Random(seed)
        self.seating.max_cycles = self.max_cycles
        self._step = self._through_chance(self.table.start())
        self._sealed = {}
        self._moves = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._next_agent()
        self._ended()

    def _through_chance(self, step: Step) -> Step:
        return self.seating.through_chance(step)

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
        self._moves += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._ended()
        self.agent_selection = self._next_agent()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _ended(self) -> None:
        """At the end: each agent's return as its reward, and every agent terminated (or truncated)."""
        step = self._step
        if self.seating.over_cycles(step, self._moves // len(self.possible_agents)) and not self._sealed:
            for agent in self.agents:
                self.rewards[agent] = returns_of(self.table, (), ended=False)[self._seat[agent]]
                self.truncations[agent] = True
            return
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
        return self.seating.observation(self._step, agent, self._seat[agent] not in self._sealed)

    def render_seat(self, agent: str) -> str:
        """The picture of what ``agent`` sees now, in the render mode's form (text unless ``svg``)."""
        return self.seating.picture(self._step, agent)

    def render(self) -> str | None:
        """What the agent to act sees (``umpire``: the whole state); printed for ``human``."""
        if self.render_mode is None:
            return None
        agent = getattr(self, "agent_selection", None) or self.possible_agents[0]
        picture = self.seating.picture(self._step, agent)
        if self.render_mode == "human":
            print(picture)
            return None
        return picture

    def close(self) -> None:
        pass


class OracleParallelEnv(ParallelEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """One oracle game as a parallel environment: at each step every agent to act chooses at once.

    Time Chase's sealed bids are one step with every bidder's action; a card play, or a TTYKM turn,
    is a step with one agent's.  Every live agent is given an observation each step; only the agents
    to act have a non-empty ``action_mask``, and an action sent by any other agent is ignored.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": RENDER_MODES, "name": "oracle_v0"}

    def __init__(self, game: str = "ttykm", ruleset: str | None = None, variants: str = "",
                 render_mode: str | None = None, max_game_length: int = MAX_GAME_LENGTH,
                 max_cycles: int | None = None, **settings: int) -> None:
        self.seating = Seating(game, ruleset, variants, render_mode, max_game_length, max_cycles, settings)
        self.table = self.seating.table
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.metadata = {**self.metadata, "name": f"{game.replace('-', '_')}_v0"}  # type: ignore[misc]
        self.possible_agents = list(self.seating.possible_agents)
        self.agents: list[str] = []
        self._step: Step = self.table.start()
        self._cycles = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.seating.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.seating.action_spaces[agent]

    def acting(self) -> list[str]:
        """The agents who choose at this step."""
        step = self._step
        if step.kind not in ("player", "simultaneous"):
            return []
        return [self.possible_agents[p] for p in step.actors()]

    def _observations(self) -> dict[str, dict[str, Any]]:
        acting = set(self.acting())
        return {agent: self.seating.observation(self._step, agent, agent in acting) for agent in self.agents}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        self.seating.rng = Random(seed)
        self.seating.max_cycles = self.max_cycles
        self._step = self.seating.through_chance(self.table.start())
        self._cycles = 0
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                      dict[str, bool], dict[str, dict[str, Any]]]:
        step = self._step
        acting = self.acting()
        missing = [agent for agent in acting if actions.get(agent) is None]
        if missing:
            raise ValueError(f"{missing[0]} must choose an action")
        seat = self.seating.seat
        for agent in acting:
            if int(actions[agent]) not in step.legal(seat[agent]):
                raise ValueError(f"action {actions[agent]} is not legal for {agent} here")
        if step.kind == "simultaneous":
            step = step.play_joint([int(actions[agent]) for agent in acting])
        else:
            step = step.play(seat[acting[0]], int(actions[acting[0]]))
        self._step = self.seating.through_chance(step)
        self._cycles += 1
        rewards = dict.fromkeys(self.agents, 0.0)
        terminations = dict.fromkeys(self.agents, False)
        truncations = dict.fromkeys(self.agents, False)
        step = self._step
        if step.kind == "over" or self.seating.over_cycles(step, self._cycles):
            returns = step.returns() if step.kind == "over" else returns_of(self.table, (), ended=False)
            for agent in self.agents:
                rewards[agent] = returns[seat[agent]]
                if step.kind == "over" and not step.truncated:
                    terminations[agent] = True
                else:
                    truncations[agent] = True
        observations = self._observations()
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render_seat(self, agent: str) -> str:
        """The picture of what ``agent`` sees now, in the render mode's form (text unless ``svg``)."""
        return self.seating.picture(self._step, agent)

    def render(self) -> str | None:
        """What the first agent to act sees (``umpire``: the whole state); printed for ``human``."""
        if self.render_mode is None:
            return None
        acting = self.acting()
        picture = self.seating.picture(self._step, acting[0] if acting else self.possible_agents[0])
        if self.render_mode == "human":
            print(picture)
            return None
        return picture

    def close(self) -> None:
        pass


def raw_env(game: str = "ttykm", **kwargs: Any) -> OracleEnv:
    """The environment without PettingZoo's wrappers."""
    return OracleEnv(game, **kwargs)


def parallel_env(game: str = "ttykm", **kwargs: Any) -> OracleParallelEnv:
    """The parallel environment: every agent to act chooses at once (Time Chase's sealed bids in one step)."""
    return OracleParallelEnv(game, **kwargs)


def env(game: str = "ttykm", **kwargs: Any) -> AECEnv[str, dict[str, Any], int]:
    """The environment, with PettingZoo's usual wrappers (actions in range, calls in order)."""
    wrapped: AECEnv[str, dict[str, Any], int] = wrappers.AssertOutOfBoundsWrapper(raw_env(game, **kwargs))
    return wrappers.OrderEnforcingWrapper(wrapped)
