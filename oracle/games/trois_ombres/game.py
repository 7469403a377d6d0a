"""*L'heure des 3 ombres* behind the common game interface (`oracle.interface.Game`).

Players are seats 0..n-1 in play order (seats S, W, N, E).  The game is
cooperative: an outcome's winners are every seat, or none.  The die, the
draws, the shuffles and the deal are chance actions; a Hercule cube's
landing slot is a player input that the oracle validates.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from random import Random
from typing import Any

from oracle.errors import NotationError
from oracle.games.trois_ombres import notation
from oracle.games.trois_ombres.actions import Action, Illegal
from oracle.games.trois_ombres.components import VARIANTS, Rules
from oracle.games.trois_ombres.encoding import ENCODING
from oracle.games.trois_ombres.events import Event
from oracle.games.trois_ombres.pictures.text import state_text
from oracle.games.trois_ombres.rules import steps
from oracle.games.trois_ombres.state import State, check_state, initial_state
from oracle.interface import Applied, Game, IllegalAction, Json, Outcome, ToAct, Verdict

REASONS = {
    "OMBRES.WIN": "13 suspects are cleared to the Agence 3ID",
    "OMBRES.LOSS": "the clock reached the hour of the three shadows",
}


def verdict_of(problem: Illegal | None) -> Verdict:
    if problem is None:
        return Verdict("legal", "")
    return Verdict("illegal", problem.reason, problem.rule)


def eyes_open(state: State, player: int) -> bool:
    """Whether ``player`` sees the table now: eyes not closed by a trap, and not under Ténèbres unless active.

    Rules: OMBRES.EYES, OMBRES.LIMBES.TENEBRES
    """
    if any(c.card == "tenebres" for c in state.curses) and player != state.current:
        return False
    return not state.closed[player] or player == state.current


def observation(state: State, player: int) -> Json:
    """What ``player`` may see and remembers: public pieces, face-up tiles if their eyes are open, their own memory.

    Rule: OMBRES.OBSERVE
    """
    looking = eyes_open(state, player)
    memory = dict(state.seen[player])
    board = []
    for loc, cell in state.board:
        shown = cell.tile if cell.up and looking else memory.get(loc, "?")
        board.append({"slot": loc, "tile": shown, "up": cell.up, "kept": cell.kept, "clue": cell.clue,
                      "cube": cell.cube})
    kind, actor = steps.to_act_kind(state)
    return {
        "game": "trois-ombres",
        "player": player,
        "eyes": "open" if looking else "closed",
        "hour": state.hour,
        "cleared": len(state.agency),
        "agency": list(state.agency),
        "board": board,
        "known": memory,
        "layout": list(state.layout),
        "rotation": list(state.rotation),
        "cubes": state.cubes,
        "reserve": list(state.reserve),
        "stock": list(state.stock),
        "objets": list(state.objets),
        "curses": [{"card": c.card, "drawer": c.drawer} for c in state.curses],
        "closed": list(state.closed),
        "piles": {"traps": len(state.traps), "id": len(state.id_deck), "limbes": len(state.limbes_deck)},
        "discards": {"traps": list(state.trap_discard), "id": list(state.id_discard),
                     "limbes": list(state.limbes_discard)},
        "current": state.current,
        "face": state.turn.face,
        "to_act": {"kind": kind, "player": actor, "step": state.steps[0].kind if state.steps else None},
        "result": state.result,
        "rule": state.rule,
    }


class TroisOmbres:
    """L'heure des 3 ombres: cooperative memory with hidden tiles and chance."""

    name: str = "trois-ombres"
    title: str = "L'heure des 3 ombres"
    players: tuple[int, ...] = (0, 1, 2, 3)
    encoding = ENCODING  # actions as numbers, observations as tensors (spec/trois-ombres/encoding.md)

    def player_name(self, player: int) -> str:
        return f"p{player}"

    def rulesets(self) -> Sequence[str]:
        return ("standard",)

    def variants(self) -> Mapping[str, str]:
        return VARIANTS

    def parse_rules(self, ruleset: str | None, variants: str | None) -> Rules:
        if ruleset not in (None, "standard"):
            raise NotationError("unknown ruleset (known: standard)", ruleset or "")
        return Rules.parse(variants)

    def rules_name(self, rules: Rules) -> str:
        return rules.name

    def initial_state(self, rules: Rules) -> State:
        return initial_state(rules)

    def parse_state(self, text: str) -> State:
        return notation.parse_state(text)

    def format_state(self, state: State) -> str:
        return notation.format_state(state)

    def state_to_json(self, state: State) -> Json:
        return notation.state_to_json(state)

    def state_text(self, state: State) -> str:
        return state_text(state)

    def state_from_json(self, obj: Any) -> State:
        state = notation.state_from_json(obj)
        check_state(state)
        return state

    def check_state(self, state: State) -> None:
        check_state(state)

    def to_act(self, state: State) -> ToAct:
        kind, player = steps.to_act_kind(state)
        if kind == "over":
            return ToAct.over()
        if kind == "chance":
            return ToAct.chance()
        assert player is not None
        return ToAct.player(player)

    def legal_actions(self, state: State, rules: Rules, player: int | None = None) -> Sequence[Action]:
        kind, actor = steps.to_act_kind(state)
        if player is not None and (kind != "player" or player != actor):
            return ()
        return steps.legal_actions(state, rules)

    def chance_outcomes(self, state: State, rules: Rules) -> Sequence[tuple[Action, Fraction]]:
        return steps.chance_outcomes(state)

    def sample_chance(self, state: State, rules: Rules, rng: Random) -> Action:
        if steps.to_act_kind(state)[0] != "chance":
            raise NotationError("not a chance state")
        if state.steps[0].kind == "deal":
            return steps.sample_deal(state, rng, rules)
        outcomes = steps.chance_outcomes(state)
        return rng.choices([a for a, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]

    def joint_action(self, state: State, choices: Mapping[int, Action]) -> Action:
        raise NotationError("L'heure des 3 ombres has no simultaneous moves")

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def action_to_json(self, action: Action) -> Json:
        return notation.action_to_json(action)

    def action_from_json(self, obj: Any) -> Action:
        return notation.action_from_json(obj)

    def apply(self, state: State, action: Action, rules: Rules) -> Applied[State, Event]:
        result = steps.apply(state, action, rules)
        if isinstance(result, Illegal):
            raise IllegalAction(verdict_of(result))
        return Applied(result[0], result[1])

    def explain(self, state: State, action: Action, rules: Rules) -> Verdict:
        return verdict_of(steps.explain(state, action, rules))

    def completions(self, state: State, partial: Action, rules: Rules) -> Sequence[Action]:
        """Actions have no parts here: the legal actions whose text starts with the partial one's."""
        prefix = str(partial)
        return [a for a in steps.legal_actions(state, rules) if str(a) == prefix or str(a).startswith(prefix + " ")]

    def outcome(self, state: State) -> Outcome | None:
        if state.result is None:
            return None
        rule = state.rule or ""
        if state.result == "win":
            reason = REASONS.get(rule, "the bluff matched the Démon tile")
            return Outcome(tuple(range(state.players)), reason, rule)
        reason = REASONS.get(rule, "the bluff missed the Démon tile")
        return Outcome((), reason, rule)

    def observe(self, state: State, player: int) -> Json:
        if not 0 <= player < state.players:
            raise NotationError("no such player", str(player))
        return observation(state, player)

    def event_text(self, event: Event) -> str:
        return notation.event_text(event)

    def event_to_json(self, event: Event) -> Json:
        return notation.event_to_json(event)


GAME: Game[State, Action, Rules, Event] = TroisOmbres()


def play_seeded(rules: Rules, seed: int) -> list[Action]:
    """A whole game for the vectors: the simulated team, forgetting more as the seed grows (0, 0.25, 0.5...)."""
    from oracle.games.trois_ombres.team import play_game

    _, actions = play_game(rules, seed, min(0.9, 0.25 * (seed - 1)))
    return actions


# The clause that says what each player may see (`observation`), for conformance reports.
OBSERVE_RULE = "OMBRES.OBSERVE"


def state_svg(state: State) -> str:
    """The SVG picture of a state (``oracle render``): the table as it shows, face-down tiles as backs."""
    from oracle.games.trois_ombres.pictures.svg import render_svg

    return render_svg(state, hidden=True, title=f"L'heure des 3 ombres, {state.hour} h")


def event_rule(event: Event) -> str | None:
    """The clause an event comes from (each event names it), for conformance reports."""
    return event.rule
