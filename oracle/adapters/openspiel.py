"""Every game of the oracle as an OpenSpiel Python game (the optional extra ``[open-spiel]``).

Importing this module registers each game of the registry with ``pyspiel``
under its name with ``_`` for ``-`` (``ttykm``, ``time_chase``,
``trois_ombres``; a game whose name OpenSpiel already uses for its own, such
as ``nim``, as ``oracle_nim``: `registered_name`).  A game that cannot be
registered (with no encoding, say) is skipped with one warning naming it::

    import pyspiel
    import oracle.adapters.openspiel  # registers the games
    game = pyspiel.load_game("ttykm", {"ruleset": "growth"})
    state = game.new_initial_state()

Game parameters: ``ruleset`` and ``variants`` (the oracle's ``--rules`` and
``--variant``), each whole-number setting of the game (``players`` for Time
Chase; ``players`` and the setup counts for L'heure des 3 ombres, ``_`` for
``-``), ``max_game_length`` (the decisions after which a play stops, with no
winner), and for a game with sealed choices (Time Chase) ``turn_based``
(ask each sealed bid in turn, hidden from the others until all are in: the
sequential form that CFR, MCCFR and ISMCTS need).  Actions are numbered by
each game's encoding (spec/<game>/encoding.md); a deal is dealt part by part
as chance nodes (card by card, tile by tile); observation strings are the
player's view (`Game.observe`) as JSON; a card game's information state is
the game's own bounded string and tensor (what the player saw and did), and
`resample_from_infostate` draws a state the player cannot tell from this one.
States serialize as the actions and deal parts in order.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from random import Random
from typing import Any

import numpy as np
import pyspiel

from oracle.adapters.table import MAX_GAME_LENGTH, Step, Table, rules_text, utility_range
from oracle.errors import NotationError
from oracle.games import GAMES, load_game
from oracle.interface import encoding_of


def short_name(game: str) -> str:
    """The OpenSpiel name of an oracle game: ``time-chase`` is ``time_chase``."""
    return game.replace("-", "_")


def parameters(game: str) -> dict[str, Any]:
    """The OpenSpiel parameters of an oracle game, with their defaults."""
    oracle_game = load_game(game)
    encoding = encoding_of(oracle_game)
    settings = encoding.settings()
    sealed = encoding.traits(oracle_game.parse_rules(None, None)).simultaneous
    return {
        "ruleset": oracle_game.rulesets()[0],
        "variants": "",
        **{name.replace("-", "_"): value for name, value in settings.items()},
        "max_game_length": MAX_GAME_LENGTH,
        **({"turn_based": False} if sealed else {}),
    }


def table_of(game: str, params: Mapping[str, Any]) -> Table:
    """The table an OpenSpiel parameter set describes (defaults filled in)."""
    known = parameters(game)
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise ValueError(f"{short_name(game)} has no parameter {unknown[0]!r} (known: {', '.join(known)})")
    defaults = encoding_of(load_game(game)).settings()
    settings = {name: int(params.get(name.replace("-", "_"), value)) for name, value in defaults.items()}
    ruleset = str(params.get("ruleset", "")) or None
    return Table(game, ruleset, rules_text(str(params.get("variants", "")), settings, defaults),
                 int(params.get("max_game_length", MAX_GAME_LENGTH)), bool(params.get("turn_based", False)))


def game_type(table: Table) -> pyspiel.GameType:
    """The OpenSpiel type of a game under its rules: dynamics, chance, information and utility."""
    traits = table.traits
    kinds = pyspiel.GameType
    if traits.cooperative:
        utility = kinds.Utility.IDENTICAL
    elif table.players == 2:
        utility = kinds.Utility.ZERO_SUM
    elif traits.one_winner:
        utility = kinds.Utility.CONSTANT_SUM  # exactly one seat wins every game (Time Chase)
    else:
        utility = kinds.Utility.GENERAL_SUM
    return pyspiel.GameType(
        short_name=openspiel_name(table.name),
        long_name=table.game.title,
        dynamics=(kinds.Dynamics.SIMULTANEOUS if traits.simultaneous and not table.turn_based
                  else kinds.Dynamics.SEQUENTIAL),
        chance_mode=kinds.ChanceMode.EXPLICIT_STOCHASTIC if traits.chance else kinds.ChanceMode.DETERMINISTIC,
        information=(kinds.Information.PERFECT_INFORMATION if traits.perfect_information
                     else kinds.Information.IMPERFECT_INFORMATION),
        utility=utility,
        reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=traits.seats[1],
        min_num_players=traits.seats[0],
        provides_information_state_string=True,
        provides_information_state_tensor=table.hidden is not None,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=parameters(table.name),
        default_loadable=True,
    )


def game_info(table: Table) -> pyspiel.GameInfo:
    low, high = utility_range(table)
    zero_sum = not table.traits.cooperative and table.players == 2
    return pyspiel.GameInfo(
        num_distinct_actions=table.num_actions,
        max_chance_outcomes=table.max_chance_outcomes,
        num_players=table.players,
        min_utility=low,
        max_utility=high,
        utility_sum=0.0 if zero_sum else 1.0 if table.traits.one_winner else None,
        max_game_length=table.max_game_length,
    )


class OracleGame(pyspiel.Game):  # type: ignore[misc]
    """An oracle game under one parameter set; `register` makes one subclass per game, naming it."""

    oracle_name = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        name = self.oracle_name
        self.table = table_of(name, params or {})
        super().__init__(game_type(self.table), game_info(self.table), dict(parameters(name), **(params or {})))

    def new_initial_state(self) -> OracleState:
        return OracleState(self, self.table)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return Observer(self.table, iig_obs_type)


class OracleState(pyspiel.State):  # type: ignore[misc]
    """A state of an oracle game: the oracle's state and the play that led to it (`oracle.adapters.table.Step`)."""

    def __init__(self, game: OracleGame, table: Table) -> None:
        super().__init__(game)
        self._step = table.start()

    @property
    def step(self) -> Step:
        return self._step

    def current_player(self) -> int:
        kind = self._step.kind
        if kind == "over":
            return int(pyspiel.PlayerId.TERMINAL)
        if kind == "chance":
            return int(pyspiel.PlayerId.CHANCE)
        if kind == "simultaneous":
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return self._step.actors()[0]

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._step.legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._step.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        step = self._step
        if step.kind == "chance":
            self._step = step.chance(action)
        else:
            self._step = step.play(step.actors()[0], action)

    def _apply_actions(self, actions: list[int]) -> None:
        self._step = self._step.play_joint(actions)

    def _action_to_string(self, player: int, action: int) -> str:
        step = self._step
        game = step.table.game
        if player == pyspiel.PlayerId.CHANCE:
            return step.chance_text(action)
        return game.format_action(step.table.encoding.action_of(action, step.table.rules))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> OracleState:
        """A state ``player_id`` cannot tell from this one (`Step.resample`), drawn with the sampler's numbers."""
        again: OracleState = self.clone()
        again._step = self._step.resample(player_id, Random(int(probability_sampler() * 2**53)))
        return again

    def is_terminal(self) -> bool:
        return self._step.kind == "over"

    def returns(self) -> list[float]:
        return self._step.returns() if self.is_terminal() else [0.0] * self._step.table.players

    def __str__(self) -> str:
        step = self._step
        text = step.table.game.format_state(step.state)
        return f"{text} (stopped after {step.length} decisions)" if step.truncated else text


class Observer:
    """OpenSpiel's observer: the player's view as a string and a tensor, or their information state as a string."""

    def __init__(self, table: Table, iig_obs_type: Any) -> None:
        self.table = table
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and not self.perfect_recall and not table.traits.perfect_information and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info
        ):
            raise ValueError("the oracle gives a player's own view (public and private), or their information state")
        shape = table.encoding.observation_shape(table.rules)
        self.tensor: np.ndarray[Any, Any] | None = None
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        if self.perfect_recall:
            if table.hidden is not None:
                info_shape = table.hidden.information_state_shape(table.rules)
                self.tensor = np.zeros(int(np.prod(info_shape)), np.float32)
                self.dict = {"info_state": self.tensor.reshape(info_shape)}
        else:
            self.tensor = np.zeros(int(np.prod(shape)), np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: OracleState, player: int) -> None:
        if self.perfect_recall and self.tensor is None:
            raise NotImplementedError(f"{self.table.name} has no information-state tensor: its observation tensor "
                                      "is the whole state")
        if self.tensor is not None:
            step = state.step
            self.tensor[:] = step.information_tensor(player) if self.perfect_recall else step.tensor(player)

    def string_from(self, state: OracleState, player: int) -> str:
        if self.perfect_recall:
            return state.step.information_state(player)
        return state.step.view(player)


def histories(state: Any, depth: int) -> int:
    """OpenSpiel's number of histories of ``depth`` more steps from ``state`` (chance outcomes count as steps),
    by full expansion through OpenSpiel's own calls: the count to compare with perft, which counts turn
    sequences, not distinct positions."""
    if state.is_terminal():
        return 0
    actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    if depth <= 1:
        return len(actions) if depth == 1 else 1
    return sum(histories(state.child(a), depth - 1) for a in actions)


GAME_CLASSES: dict[str, type[OracleGame]] = {}
"""One OpenSpiel game class per oracle game (pyspiel keeps classes, not functions, across its shutdown)."""

PREFIX = "oracle_"
"""The prefix of an oracle game whose OpenSpiel name OpenSpiel already uses for a game of its own (``nim``)."""
OPENSPIEL_OWN = frozenset(g.short_name for g in pyspiel.registered_games())
"""OpenSpiel's own games, read before any oracle game is registered."""
REGISTERED: dict[str, str] = {}
"""Each oracle game registered, and the name OpenSpiel knows it by (`registered_name`)."""


def openspiel_name(game: str) -> str:
    """The name an oracle game is registered under: `short_name`, with `PREFIX` where OpenSpiel has a game of
    that name."""
    return PREFIX + short_name(game) if short_name(game) in OPENSPIEL_OWN else short_name(game)


def registered_name(game: str) -> str:
    """The OpenSpiel name of a registered oracle game: `short_name`, or with `PREFIX` where OpenSpiel has a
    game of that name (`NotationError` for a game the adapter could not register: see `register`)."""
    if game not in REGISTERED:
        register()  # a game added to the registry since the import
    if game not in REGISTERED:
        raise NotationError(f"the game {game} is not registered with OpenSpiel", game)
    return REGISTERED[game]


def register() -> None:
    """Register every game of the registry with pyspiel (on import, and again for games registered later).

    The registered type is the game's under its default parameters; a game
    loaded with other parameters has its own (a Convergence start has chance).
    A game that cannot be registered (one with no encoding, say) is skipped,
    with one warning naming it and why, and the others are registered.  A
    game whose name OpenSpiel already uses for one of its own is registered
    as ``oracle_NAME``, never shadowed by OpenSpiel's.
    """
    registered = {g.short_name for g in pyspiel.registered_games()}
    for name in GAMES:
        if name in REGISTERED:
            continue
        cls = GAME_CLASSES.setdefault(name, type(f"{short_name(name).title().replace('_', '')}Game", (OracleGame,),
                                                 {"oracle_name": name}))
        wanted = openspiel_name(name)
        try:
            kind = game_type(table_of(name, {}))
        except (NotImplementedError, NotationError, ImportError) as exc:
            warnings.warn(f"oracle.adapters.openspiel: the game {name} is not registered with OpenSpiel: {exc}",
                          stacklevel=2)
            continue
        if wanted not in registered:
            pyspiel.register_game(kind, cls)
        REGISTERED[name] = wanted


register()
