"""*L'heure des 3 ombres* behind the common game interface (`oracle.interface.Game`).

Players are seats 0..n-1 in play order (seats S, W, N, E).  The game is
cooperative: an outcome's winners are every seat, or none.  The die, the
draws, the shuffles and the deal are chance actions; a Hercule cube's
landing slot is a player input that the oracle validates.  Besides the
rules it offers the shared tools the picture of the table, the bounds of its
inputs, its vector set (games played by the simulated team) and the clause
of each event.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from random import Random
from typing import Any

from oracle.errors import NotationError
from oracle.games.seated import SeatedGame
from oracle.games.trois_ombres import notation, views
from oracle.games.trois_ombres.actions import Action, Illegal
from oracle.games.trois_ombres.components import VARIANTS, Rules, rules_for
from oracle.games.trois_ombres.encoding import ENCODING
from oracle.games.trois_ombres.events import Event
from oracle.games.trois_ombres.hidden import HIDDEN
from oracle.games.trois_ombres.pictures.text import state_text
from oracle.games.trois_ombres.rules import steps
from oracle.games.trois_ombres.state import State, initial_state
from oracle.games.trois_ombres.validity import check_state
from oracle.inputs import Bounds, Int, ListOf, MapOf, Maybe
from oracle.interface import Applied, Game, IllegalAction, Json, Outcome, ToAct, VectorSet, Verdict, WorkedExamples
from oracle.words import agreeing, counted

# The draws every player sees, eyes open or closed: the 3ID and Limbes cards (OMBRES.VIEW: "Cards drawn from the
# 3ID and Limbes decks are seen by everyone"), by the clause of their event; and, by kind, the events every player
# knows of without seeing the table: a Malédiction put in force before its drawer (public, rulings section 6) and
# whose turn comes next (OMBRES.TURN).
PUBLIC_DRAWS = frozenset({"OMBRES.ID.DRAW", "OMBRES.LIMBES.DRAW"})
PUBLIC_KINDS = frozenset({"curse", "next"})


def verdict_of(problem: Illegal | None) -> Verdict:
    if problem is None:
        return Verdict("legal", "")
    return Verdict("illegal", problem.reason, problem.rule)


def outcome_of(state: State) -> Outcome | None:
    """How the game ended, in a sentence: the team wins or loses, and why.

    (Part of OMBRES.WIN, OMBRES.LOSS, OMBRES.BLUFF.)
    """
    if state.result is None:
        return None
    rule = state.rule or ""
    team = tuple(range(state.players)) if state.result == "win" else ()
    if rule == "OMBRES.WIN":
        cleared = len(state.agency)
        reason = (f"everybody wins: {counted(cleared, 'suspect')} {agreeing(cleared, 'is', 'are')} cleared"
                  " to the Agence 3ID")
    elif rule == "OMBRES.LOSS":
        reason = "everybody loses: the clock reached the hour of the three shadows (12 h)"
    elif state.result == "win":
        reason = "everybody wins: the bluff named the Démon's host"
    else:
        reason = "everybody loses: the bluff did not name the Démon's host"
    return Outcome(team, reason, rule)


# The bounds the shared readers check (oracle.inputs.Bounds): seats 0-3, at most 30 characters and 25
# slots a Lieu (components.LIMITS), and every other number of the state (hours, clues, cubes) below 100.
_SEAT, _NUMBER = Int(3), Int(99)
BOUNDS = Bounds(
    fields={"players": 9, "characters": 30, "slots": 25, "current": 3, "closed": 3, "curses": 3, "view": 3,
            **{key: 99 for key in ("hour", "cubes", "board", "rotation", "agency", "demon", "reserve", "stock",
                                   "held", "dests", "turn", "steps", "seen0", "seen1", "seen2", "seen3")}},
    json={"game": str, "players": Int(4), "investigators": ListOf(str), "characters": Int(30, 1),
          "slots": Int(25, 1), "hour": _NUMBER, "cubes": _NUMBER,
          "board": ListOf({"slot": str, "tile": str, "up": bool, "kept": bool, "clue": Maybe(_NUMBER),
                           "cube": bool}),
          "layout": ListOf(str), "rotation": ListOf(_NUMBER), "agency": ListOf(str), "demon": Maybe(str),
          "reserve": ListOf(_NUMBER), "stock": ListOf(_NUMBER),
          **{key: ListOf(str) for key in ("traps", "trap_discard", "id_deck", "id_discard", "limbes_deck",
                                          "limbes_discard", "dests")},
          "objets": ListOf(Maybe(str)), "curses": ListOf({"card": str, "drawer": _SEAT, "fresh": bool}),
          "closed": ListOf(bool), "seen": ListOf(MapOf(str)), "held": ListOf((str, Maybe(_NUMBER))),
          "current": _SEAT, "turn": str, "steps": ListOf(ListOf(str)), "result": Maybe(str),
          "rule": Maybe(str), "variants": Maybe(str), "view": Maybe(_SEAT), "unseen": ListOf(str),
          # A player's view (OMBRES.NOTATION.VIEW) also carries what it says of that seat, for people.
          "player": _SEAT, "eyes": str, "cleared": _NUMBER, "known": MapOf(str), "face": Maybe(str),
          "piles": MapOf(_NUMBER), "discards": MapOf(ListOf(str)),
          "to_act": {"kind": str, "player": Maybe(_SEAT), "step": Maybe(str)}},
    rules_fields=("variants",),
)


class TroisOmbres(SeatedGame[State, Action, Rules, Event]):
    """L'heure des 3 ombres: cooperative memory with hidden tiles and chance."""

    name: str = "trois-ombres"
    title: str = "L'heure des 3 ombres"
    players: tuple[int, ...] = (0, 1, 2, 3)
    bounds = BOUNDS
    observe_rule: str | None = "OMBRES.OBSERVE"
    encoding = ENCODING  # actions as numbers, observations as tensors (spec/trois-ombres/encoding.md)
    notation = notation  # the states', actions' and events' text and JSON (oracle.games.seated)
    hidden = HIDDEN  # the deal tile by tile, information states and resampling (same spec)

    def variants(self) -> Mapping[str, str]:
        return VARIANTS

    def read_rules(self, ruleset: str | None, variants: str | None) -> Rules:
        if ruleset not in (None, "standard"):
            raise NotationError("unknown ruleset (known: standard)", ruleset or "")
        return Rules.parse(variants)

    def state_rules(self, state: State, rules: Rules) -> Rules:
        return rules_for(state.variants, rules)

    def initial_state(self, rules: Rules) -> State:
        return initial_state(rules)

    def read_state_text(self, text: str) -> State:  # a state is checked as it is read
        state = notation.parse_state_text(text)
        check_state(state)
        return state

    def state_text(self, state: State) -> str:
        return state_text(state)

    def read_state_json(self, obj: Any) -> State:
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
        rules = rules_for(state.variants, rules)
        kind, actor = steps.to_act_kind(state)
        if player is not None:
            self.seat(state, player)
            if kind != "player" or player != actor:
                return ()
        if views.is_view(state):
            return views.legal_in_view(state, rules)
        return steps.legal_actions(state, rules)

    # possible_actions is GameBase's, legal_actions: no legality turns on a hidden tile (OMBRES.VIEW), so
    # from a view the actions legal in some completion are those legal in every one.

    def chance_outcomes(self, state: State, rules: Rules) -> Sequence[tuple[Action, Fraction]]:
        return views.chance_in_view(state) if views.is_view(state) else steps.chance_outcomes(state)

    def sample_chance(self, state: State, rules: Rules, rng: Random) -> Action:
        rules = rules_for(state.variants, rules)
        if steps.to_act_kind(state)[0] != "chance":
            raise NotationError("not a chance state")
        if state.steps[0].kind == "deal":
            deal = steps.sample_deal(state, rng, rules)
            if views.is_view(state):  # nobody sees the tiles dealt: only where they go
                return Action("deal", ("?", *(e.partition("=")[0] + "=?" for e in deal.args[1:])))
            return deal
        outcomes = self.chance_outcomes(state, rules)
        return rng.choices([a for a, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]

    def apply(self, state: State, action: Action, rules: Rules) -> Applied[State, Event]:
        rules = rules_for(state.variants, rules)
        result = views.apply_view(state, action, rules) if views.is_view(state) else steps.apply(state, action, rules)
        if isinstance(result, Illegal):
            raise IllegalAction(verdict_of(result))
        return Applied(result[0], result[1])

    def explain(self, state: State, action: Action, rules: Rules) -> Verdict:
        rules = rules_for(state.variants, rules)
        if views.is_view(state):
            return verdict_of(views.explain_view(state, action, rules))
        return verdict_of(steps.explain(state, action, rules))

    def completions(self, state: State, partial: Action, rules: Rules) -> Sequence[Action]:
        """Actions have no parts here: the legal actions whose text starts with the partial one's."""
        prefix = str(partial)
        return [a for a in self.legal_actions(state, rules) if str(a) == prefix or str(a).startswith(prefix + " ")]

    def outcome(self, state: State) -> Outcome | None:
        return outcome_of(state)

    def observe(self, state: State, player: int) -> Json:
        self.seat(state, player)
        if state.view is not None and state.view != player:
            raise NotationError(f"this is p{state.view}'s view: it holds nothing of p{player}'s",
                                str(player))
        return views.observation(state, player)

    # What the shared tools need beyond the rules.

    def state_settings(self, state: State) -> Mapping[str, int]:
        return {"players": state.players, "characters": state.characters, "slots": state.slots}

    def state_svg(self, state: State) -> str:
        """The table as it shows: face-down tiles as backs, clues, cubes, the Agence and the clock."""
        from oracle.games.trois_ombres.pictures.svg import render_svg

        return render_svg(state, hidden=True, title=f"L'heure des 3 ombres, {state.hour} h")

    def page_svg(self, state: State, umpire: bool = False, actions: Sequence[str] = ()) -> str:
        """The table for a wide screen and for a phone, with the key to its marks
        (`oracle.games.trois_ombres.site.table_pictures`), the ring round a slot to click among them when
        ``actions`` has one (`oracle.games.trois_ombres.pictures.legend.ringed`)."""
        from oracle.games.trois_ombres.pictures.legend import ringed
        from oracle.games.trois_ombres.site import table_pictures

        return table_pictures(state, hidden=not umpire, title=f"L'heure des 3 ombres, {state.hour} h", legend=True,
                              rings=ringed(actions))

    def action_words(self, state: State, action: Action) -> Mapping[str, str] | None:
        """The playground's button words (`oracle.games.trois_ombres.words`)."""
        from oracle.games.trois_ombres.words import action_words

        return action_words(state, action)

    def chance_words(self, state: State) -> str | None:
        """The button of each chance step (`oracle.games.trois_ombres.words`)."""
        from oracle.games.trois_ombres.words import chance_words

        return chance_words(state)

    def state_note(self, state: State) -> Mapping[str, str] | None:
        """What the die shows and asks for (`oracle.games.trois_ombres.words`)."""
        from oracle.games.trois_ombres.words import state_note

        return state_note(state)

    def french_names(self) -> Mapping[str, str]:
        """Each face of the die (one word) with its French article (`oracle.games.trois_ombres.words`), and each
        phrase of the table's key that French words otherwise (`oracle.games.trois_ombres.pictures.legend`)."""
        from oracle.games.trois_ombres.pictures.legend import WORDS
        from oracle.games.trois_ombres.words import FRENCH_NAMES

        return {**FRENCH_NAMES, **{english: french for english, french in WORDS.values() if english != french}}

    def public_events(self, state: State, events: Sequence[Event], after: State) -> Sequence[Event]:
        """Every event, when every player had their eyes open before and after the action; otherwise (a player
        with closed eyes, or under Ténèbres, did not see the table: OMBRES.EYES) only the 3ID and Limbes cards
        drawn, which everyone sees (OMBRES.VIEW; a trap is drawn without looking, and is not among them), a
        Malédiction put in force and whose turn is next (`PUBLIC_KINDS`)."""
        from oracle.games.trois_ombres.views import eyes_open

        seen = all(eyes_open(s, p) for s in (state, after) for p in range(state.players))
        return events if seen else [e for e in events if e.rule in PUBLIC_DRAWS or e.kind in PUBLIC_KINDS]

    def unseen_words(self, state: State, after: State, player: int) -> Mapping[str, str] | None:
        """Why ``player`` did not see the table (`oracle.games.trois_ombres.words`): OMBRES.EYES,
        OMBRES.LIMBES.TENEBRES."""
        from oracle.games.trois_ombres.words import unseen_words

        return unseen_words(state, after, player)

    def moment_svg(self, state: State, events: Sequence[Event], after: State, umpire: bool = False) -> str | None:
        """The table before the action with every tile it revealed face up, when ``after`` no longer shows one
        (the second tile of a turn, turned back with the first or cleared with it; a bluff's tile)."""
        from oracle.games.trois_ombres.site import table_pictures

        gone = frozenset(e.args[0] for e in events if e.kind == "reveal"
                         and not ((cell := after.cell(e.args[0])) is not None and cell.up))
        if not gone:
            return None
        return table_pictures(state, hidden=not umpire, shown=gone, legend=True)

    def vector_sets(self) -> Sequence[VectorSet]:
        return (VectorSet("trois-ombres/standard", None, (1, 2, 3)),)

    def seeded_actions(self, rules: Rules, seed: int) -> Sequence[Action]:
        """A whole game for the vectors: the simulated team, forgetting more as the seed grows (0, 0.25, 0.5...)."""
        from oracle.games.trois_ombres.team import play_game

        _, actions = play_game(rules, seed, min(0.9, 0.25 * (seed - 1)))
        return actions

    def event_rule(self, event: Event) -> str | None:
        return event.rule  # each event names its clause

    def box_checklist(self, lang: str, playground: str | None) -> str | None:
        """The lesson's checklist of the counts the oracle assumes (`oracle.games.trois_ombres.box`)."""
        from oracle.games.trois_ombres.box import checklist_html

        return checklist_html(lang, playground)

    def worked_examples(self) -> WorkedExamples:
        """The rules site's drawing of the examples (`oracle.games.trois_ombres.site`)."""
        from oracle.games.trois_ombres.site import EXAMPLES

        return EXAMPLES


GAME: Game[State, Action, Rules, Event] = TroisOmbres()
