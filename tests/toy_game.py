"""Nim, a toy fourth game registered only by the tests (``ORACLE_EXTRA_GAMES=nim=tests.toy_game``).

Players take stones from one pile in turn; whoever takes the last stone wins (NIM.TAKE, NIM.WIN), or
loses under the variant ``misere`` (NIM.MISERE).  It writes its rules, its words and its numbering for
the game-AI adapters (``NimEncoding``; OpenSpiel has a Nim of its own, so the adapter registers this one
as ``oracle_nim``); every shared tool reaches it through the shared defaults (oracle.games.base).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, NamedTuple

from oracle.errors import InvalidPosition, NotationError
from oracle.games.base import GameBase
from oracle.inputs import Bounds, Int, ListOf, Maybe
from oracle.interface import (
    Applied,
    Game,
    IllegalAction,
    Json,
    NamedState,
    Outcome,
    ToAct,
    Traits,
    VectorSet,
    Verdict,
    Words,
)

Take = tuple[int, int]  # (pile from 1, stones)
Event = tuple[str, str]  # (text, rule)


class State(NamedTuple):
    piles: tuple[int, ...]
    turn: int | None  # the player to move; None once someone has won
    winner: int | None = None


def last_taker_wins(rules: frozenset[str]) -> bool:
    return "misere" not in rules  # NIM.WIN, NIM.MISERE


class NimEncoding:
    """Nim for the game-AI adapters: a move ``take N from P`` is number 9 (P - 1) + N - 1 (piles and takes
    of 1 to 9); the observation is the nine piles' sizes (0 past the last pile), then 1 if it is the
    observer's move."""

    def traits(self, rules: frozenset[str]) -> Traits:
        return Traits(simultaneous=False, chance=False, sampled_chance=False, perfect_information=True,
                      cooperative=False, seats=(2, 2))

    def settings(self) -> Mapping[str, int]:
        return {}

    def player_count(self, rules: frozenset[str]) -> int:
        return 2

    def num_actions(self, rules: frozenset[str]) -> int:
        return 81

    def action_id(self, action: Take, rules: frozenset[str]) -> int:
        if not (1 <= action[0] <= 9 and 1 <= action[1] <= 9):
            raise NotationError("Nim numbers takes of 1 to 9 stones from piles 1 to 9", str(action))
        return 9 * (action[0] - 1) + action[1] - 1

    def action_of(self, action_id: int, rules: frozenset[str]) -> Take:
        if not 0 <= action_id < 81:
            raise NotationError("Nim's moves are numbered 0 to 80", str(action_id))
        return action_id // 9 + 1, action_id % 9 + 1

    def max_chance_outcomes(self, rules: frozenset[str]) -> int:
        return 0

    def observation_shape(self, rules: frozenset[str]) -> tuple[int, ...]:
        return (10,)

    def observation_tensor(self, view: Json, player: int, rules: frozenset[str]) -> list[float]:
        piles = [float(n) for n in view["piles"]][:9]
        return piles + [0.0] * (9 - len(piles)) + [1.0 if view.get("turn") == player else 0.0]


class Nim(GameBase[State, Take, frozenset[str], Event]):
    name, title = "nim", "Nim"
    players: tuple[int, ...] = (0, 1)
    words = Words(action="move", state="position")
    bounds = Bounds(fields={"piles": 9, "turn": 1, "winner": 1}, action_number=9,
                    json={"piles": ListOf(Int(9)), "turn": Maybe(Int(1)), "winner": Maybe(Int(1))})
    encoding = NimEncoding()

    def variants(self) -> Mapping[str, str]:
        return {"misere": "NIM.MISERE: whoever takes the last stone loses"}

    def read_rules(self, ruleset: str | None, variants: str | None) -> frozenset[str]:
        names = {v for v in (variants or "standard").split("+") if v != "standard"}
        if ruleset not in (None, "standard") or names - {"misere"}:
            raise NotationError("Nim has one ruleset and the variant misere", ruleset or variants or "")
        return frozenset(names)

    def rules_name(self, rules: frozenset[str]) -> str:
        return "+".join(sorted(rules)) or "standard"

    def initial_state(self, rules: frozenset[str]) -> State:
        return State((1, 3, 5), 0)

    def read_state_text(self, text: str) -> State:
        fields = dict(word.partition("=")[::2] for word in text.split())
        if set(fields) - {"piles", "turn", "winner"} or not re.fullmatch(r"\d(,\d)*", fields.get("piles", "")):
            raise NotationError("a position is piles=N,N,... then turn=P or winner=P", text)
        return self.read_state_json({"piles": [int(n) for n in fields.pop("piles").split(",")],
                                     **{k: int(v) for k, v in fields.items()}})

    def read_state_json(self, obj: dict[str, Any]) -> State:
        state = State(tuple(obj.get("piles", ())), obj.get("turn"), obj.get("winner"))
        if (state.turn is None) == (state.winner is None) or (state.winner is not None and any(state.piles)):
            raise InvalidPosition("exactly one of turn= and winner=, and a winner once every pile is empty")
        return state

    def format_state(self, state: State) -> str:
        end = f"turn={state.turn}" if state.turn is not None else f"winner={state.winner}"
        return f"piles={','.join(map(str, state.piles))} {end}"

    def state_to_json(self, state: State) -> Json:
        return state._asdict() | {"piles": list(state.piles)}

    def state_text(self, state: State) -> str:
        return "\n".join(f"{i}: {'o' * n}" for i, n in enumerate(state.piles, 1))

    def check_state(self, state: State) -> None:
        self.read_state_json(self.state_to_json(state))

    def to_act(self, state: State) -> ToAct:
        return ToAct.over() if state.turn is None else ToAct.player(state.turn)

    def legal_actions(self, state: State, rules: frozenset[str], player: int | None = None) -> Sequence[Take]:
        if state.turn is None or player not in (None, state.turn):
            return ()
        return [(p, n) for p, size in enumerate(state.piles, 1) for n in range(1, size + 1)]

    def read_action_text(self, text: str) -> Take:
        if (match := re.fullmatch(r"take (\d) from (\d)", text.strip())) is None:
            raise NotationError("a move is 'take N from P'", text)
        return int(match.group(2)), int(match.group(1))

    def read_action_json(self, obj: Any) -> Take:
        return self.read_action_text(f"take {obj['stones']} from {obj['pile']}" if isinstance(obj, dict) else "")

    def format_action(self, action: Take) -> str:
        return f"take {action[1]} from {action[0]}"

    def action_to_json(self, action: Take) -> Json:
        return {"pile": action[0], "stones": action[1]}

    def explain(self, state: State, action: Take, rules: frozenset[str]) -> Verdict:
        if state.turn is None:
            return Verdict("illegal", "the game is over", "NIM.WIN")
        if not 1 <= action[0] <= len(state.piles) or not 1 <= action[1] <= state.piles[action[0] - 1]:
            return Verdict("illegal", "take one stone or more from a pile that holds them", "NIM.TAKE")
        return Verdict("legal", "")

    def apply(self, state: State, action: Take, rules: frozenset[str]) -> Applied[State, Event]:
        if not (verdict := self.explain(state, action, rules)).is_legal or state.turn is None:
            raise IllegalAction(verdict)
        piles = tuple(n - action[1] if p == action[0] else n for p, n in enumerate(state.piles, 1))
        took = (f"p{state.turn} took {action[1]} from {action[0]}", "NIM.TAKE")
        if any(piles):
            return Applied(State(piles, 1 - state.turn), (took,))
        winner = state.turn if last_taker_wins(rules) else 1 - state.turn
        return Applied(State(piles, None, winner), (took, (f"p{winner} won", "NIM.MISERE" if rules else "NIM.WIN")))

    def outcome(self, state: State) -> Outcome | None:
        return None if state.winner is None else Outcome((state.winner,), "the last stone is taken", "NIM.WIN")

    def event_text(self, event: Event) -> str:
        return event[0]

    def event_to_json(self, event: Event) -> Json:
        return {"kind": event[0].split()[1], "text": event[0]}

    def event_rule(self, event: Event) -> str | None:
        return event[1]

    def vector_sets(self) -> Sequence[VectorSet]:
        named = (NamedState("start", "piles=1,3,5 turn=0", "the start"),
                 NamedState("last-stone", "piles=0,1,0 turn=1", "whoever takes the last stone wins (NIM.WIN)"))
        return (VectorSet("nim/standard", None, (1, 2), layout=1, named=named, perft_depths={"start": 4, "*": 2},
                          max_plies=40),)

    def near_misses(self, state: State, rules: frozenset[str], rng: Random) -> Sequence[Take]:
        return [(p, n + 1) for p, n in enumerate(state.piles, 1)] + [(len(state.piles) + 1, 1)]


GAME: Game[State, Take, frozenset[str], Event] = Nim()
