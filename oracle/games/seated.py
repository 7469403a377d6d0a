"""What the card games share beyond `GameBase`: a state that seats its players, rules that name themselves,
and a notation written in one module of the game's own.

(spec/design.md)  Time Chase and L'heure des 3 ombres each keep their notation in ``notation.py`` (the
state's text and JSON forms, the actions' and the events'), seat players 0 to n - 1 by the state's
``players``, and name their rules by the value's ``name``.  `SeatedGame` writes those once: a game
derived from it names its notation module (``notation = ...``) and writes its rules.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from oracle.errors import NotationError
from oracle.games.base import GameBase
from oracle.interface import Json


class Seats(Protocol):
    """A state that says how many players it seats."""

    @property
    def players(self) -> int: ...


class NamedRules(Protocol):
    """A rules value that writes its own canonical text."""

    @property
    def name(self) -> str: ...


StateT = TypeVar("StateT", bound=Seats)
ActionT = TypeVar("ActionT")
RulesT = TypeVar("RulesT", bound=NamedRules)
EventT = TypeVar("EventT")
EventInT = TypeVar("EventInT", contravariant=True)  # a notation only writes events


class Notation(Protocol[StateT, ActionT, EventInT]):
    """A game's notation module: its states, actions and events, written and read."""

    def parse_state_text(self, text: str) -> StateT: ...

    def format_state(self, state: StateT) -> str: ...

    def state_to_json(self, state: StateT) -> Json: ...

    def state_from_json(self, obj: Any) -> StateT: ...

    def parse_action(self, text: str) -> ActionT: ...

    def format_action(self, action: ActionT) -> str: ...

    def action_to_json(self, action: ActionT) -> Json: ...

    def action_from_json(self, obj: Any) -> ActionT: ...

    def event_text(self, event: EventInT) -> str: ...

    def event_to_json(self, event: EventInT) -> Json: ...


class SeatedGame(GameBase[StateT, ActionT, RulesT, EventT]):
    """A game whose state seats ``players`` players and whose notation is one module (see the module)."""

    notation: Notation[StateT, ActionT, EventT]

    def rules_name(self, rules: RulesT) -> str:
        return rules.name

    def read_state_text(self, text: str) -> StateT:
        return self.notation.parse_state_text(text)

    def read_state_json(self, obj: dict[str, Any]) -> StateT:
        return self.notation.state_from_json(obj)

    def format_state(self, state: StateT) -> str:
        return self.notation.format_state(state)

    def state_to_json(self, state: StateT) -> Json:
        return self.notation.state_to_json(state)

    def read_action_text(self, text: str) -> ActionT:
        return self.notation.parse_action(text)

    def read_action_json(self, obj: Any) -> ActionT:
        return self.notation.action_from_json(obj)

    def format_action(self, action: ActionT) -> str:
        return self.notation.format_action(action)

    def action_to_json(self, action: ActionT) -> Json:
        return self.notation.action_to_json(action)

    def event_text(self, event: EventT) -> str:
        return self.notation.event_text(event)

    def event_to_json(self, event: EventT) -> Json:
        return self.notation.event_to_json(event)

    def seats(self, state: StateT) -> tuple[int, ...]:
        return tuple(range(state.players))

    def seat(self, state: StateT, player: int) -> None:
        """`NotationError` naming ``player`` unless the state seats it (wherever a player is given)."""
        if player not in range(state.players):
            raise NotationError(f"there is no player {self.player_name(player)} in a {state.players}-player game "
                                f"({self.player_name(0)} to {self.player_name(state.players - 1)})", str(player))
