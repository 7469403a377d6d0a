"""TTYKM behind the common game interface (`oracle.interface.Game`).

The shared tools reach the game through `GAME`; Python callers may equally use
the game's own functions (`oracle.games.ttykm.rules`), which this module only
forwards to.  Players are numbered as colours: 0 White, 1 Black.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from random import Random
from typing import Any

from oracle.errors import NotationError
from oracle.games.state_text import parse_text_or_json
from oracle.games.ttykm import notation
from oracle.games.ttykm.board import Colour
from oracle.games.ttykm.encoding import ENCODING
from oracle.games.ttykm.events import Drawn, Event
from oracle.games.ttykm.pictures.text import board_text
from oracle.games.ttykm.rules import apply_turn, explain, legal_turns
from oracle.games.ttykm.rules.convergence import draw_outcomes, draw_refusal, drawn, is_undrawn
from oracle.games.ttykm.rules.standard import start_position
from oracle.games.ttykm.ruleset import CHAPTERS, VARIANTS, Ruleset, UnknownVariant
from oracle.games.ttykm.state import Position, check_position
from oracle.games.ttykm.turn import Draw, Turn
from oracle.interface import ILLEGAL, LEGAL, Applied, Game, IllegalAction, Json, Outcome, ToAct, Verdict

Move = Turn | Draw
"""An action of the game: a player's turn, or the chance draw of a Convergence game's pair."""


class TTYKM:
    """That Time You Killed Me, standard game and chapters."""

    name: str = "ttykm"
    title: str = "That Time You Killed Me"
    players: tuple[int, ...] = (int(Colour.WHITE), int(Colour.BLACK))
    encoding = ENCODING  # actions as numbers, observations as tensors (spec/ttykm/encoding.md)

    def player_name(self, player: int) -> str:
        return Colour(player).word

    def rulesets(self) -> Sequence[str]:
        return ("standard", *(name for name, ready in CHAPTERS.items() if ready))

    def variants(self) -> Mapping[str, str]:
        return VARIANTS

    def parse_rules(self, ruleset: str | None, variants: str | None) -> Ruleset:
        chapters = notation.parse_chapters(ruleset) if ruleset not in (None, "standard") else None
        try:
            rules = Ruleset.parse(variants or "standard")
            if chapters is not None:
                rules = Ruleset.parse("+".join(sorted(rules.chapters | chapters.modules | rules.variants)))
        except UnknownVariant as exc:
            raise NotationError(str(exc)) from None
        return rules

    def rules_name(self, rules: Ruleset) -> str:
        return rules.name

    def initial_state(self, rules: Ruleset) -> Position:
        return start_position(rules)

    def parse_state(self, text: str) -> Position:
        return parse_text_or_json(text, notation.parse_position, notation.position_from_json, "position JSON")

    def format_state(self, state: Position) -> str:
        return notation.format_position(state)

    def state_to_json(self, state: Position) -> Json:
        return notation.position_to_json(state)

    def state_text(self, state: Position) -> str:
        return board_text(state)

    def state_from_json(self, obj: Any) -> Position:
        return notation.position_from_json(obj)

    def check_state(self, state: Position) -> None:
        check_position(state)

    def to_act(self, state: Position) -> ToAct:
        if state.to_move is None:
            return ToAct.over()
        if is_undrawn(state):
            return ToAct.chance()  # CONVERGENCE.DRAW
        return ToAct.player(int(state.to_move))

    def legal_actions(self, state: Position, rules: Ruleset, player: int | None = None) -> Sequence[Move]:
        if is_undrawn(state):
            return () if player is not None else [draw for draw, _ in self.chance_outcomes(state, rules)]
        if player is not None and player != state.to_move:
            return ()
        return legal_turns(state, rules)

    def chance_outcomes(self, state: Position, rules: Ruleset) -> Sequence[tuple[Move, Fraction]]:
        return [(Draw(pair), chance) for pair, chance in draw_outcomes(state)]

    def sample_chance(self, state: Position, rules: Ruleset, rng: Random) -> Move:
        outcomes = self.chance_outcomes(state, rules)
        if not outcomes:
            raise NotationError("no chance outcome to draw: only a rules=convergence start draws its pair")
        return outcomes[rng.randrange(len(outcomes))][0]

    def joint_action(self, state: Position, choices: Mapping[int, Move]) -> Move:
        raise NotationError("That Time You Killed Me has no simultaneous moves")

    def parse_action(self, text: str) -> Move:
        draw = notation.parse_draw(text)
        return draw if draw is not None else notation.parse_turn(text)

    def format_action(self, action: Move) -> str:
        return action.value if isinstance(action, Draw) else notation.format_turn(action)

    def action_to_json(self, action: Move) -> Json:
        return {"draw": action.pair} if isinstance(action, Draw) else notation.turn_to_json(action)

    def action_from_json(self, obj: Any) -> Move:
        if isinstance(obj, dict) and "draw" in obj:
            return notation.draw_from_json(obj)
        return notation.turn_from_json(obj)

    def apply(self, state: Position, action: Move, rules: Ruleset) -> Applied[Position, Event]:
        if isinstance(action, Draw):
            verdict = self.explain(state, action, rules)
            if not verdict.is_legal:
                raise IllegalAction(verdict)
            return Applied(drawn(state, action.pair, rules), (Drawn(action.pair),))
        played = apply_turn(state, action, rules)
        return Applied(played.position, played.events)

    def explain(self, state: Position, action: Move, rules: Ruleset) -> Verdict:
        if isinstance(action, Draw):
            refusal = draw_refusal(state, action.pair)
            if refusal is not None:
                return Verdict(ILLEGAL, refusal[1], refusal[0])
            return Verdict(LEGAL, "")
        return explain(state, action, rules)

    def completions(self, state: Position, partial: Move, rules: Ruleset) -> Sequence[Move]:
        if isinstance(partial, Draw):
            return []
        return [
            turn for turn in legal_turns(state, rules)
            if turn.copy == partial.copy and turn.actions[: len(partial.actions)] == partial.actions
        ]

    def outcome(self, state: Position) -> Outcome | None:
        if state.winner is None:
            return None
        loser = state.winner.opponent
        return Outcome((int(state.winner),), f"{loser.word} has copies on fewer than two eras", "WIN.CHECK")

    def observe(self, state: Position, player: int) -> Json:
        return notation.position_to_json(state)  # perfect information: everyone sees everything

    def event_text(self, event: Event) -> str:
        return notation.event_text(event)

    def event_to_json(self, event: Event) -> Json:
        return notation.event_to_json(event)


GAME: Game[Position, Move, Ruleset, Event] = TTYKM()
