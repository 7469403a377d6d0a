"""Time Chase behind the common game interface (`oracle.interface.Game`).

The deal is a chance action (`sample_chance` draws it from a seeded
generator, and it is written out in full); the bids of a round are one
simultaneous joint action; the card plays are sequential.  Players are
seats 0..N-1.  `observe` gives one player's hand and the public state only.
Besides the rules it offers the shared tools the timeline picture, the
bounds of its inputs, its vector sets (one per player count), the near
misses the vectors record as illegal actions, and the clause of each event.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

from oracle.errors import NotationError
from oracle.games.seated import SeatedGame
from oracle.games.time_chase import notation, pictures, rules, ruleset, views
from oracle.games.time_chase.actions import Action, Bid, Bids, Deal, Play
from oracle.games.time_chase.encoding import ENCODING
from oracle.games.time_chase.events import END_REASONS, Event, event_rule, event_sentence
from oracle.games.time_chase.hidden import HIDDEN
from oracle.games.time_chase.ruleset import VARIANTS, Rules
from oracle.games.time_chase.state import State
from oracle.games.time_chase.validity import check_state
from oracle.inputs import Bounds, Int, ListOf, Maybe
from oracle.interface import Applied, Game, Json, Outcome, ToAct, VectorSet, Verdict, WorkedExamples

# The bounds the shared readers check (oracle.inputs.Bounds): players are seats 0-5, cards ranks 1-13,
# rounds, events and positions 0-10, and crystals (two a round at most) fewer than 100.
_PLAYER, _CARD, _ROUND, _CRYSTALS = Int(5), 13, Int(10), Int(99)
BOUNDS = Bounds(
    fields={"players": 9, "round": 10, "first": 5, "ref": 5, "invariant": 13, "unused": 13, "hands": 13,
            "crystals": 99, "pawns": 10, "timeline": 13, "at": 10, "trick": 13, "spent": 99, "gained": 99,
            "won": 10, "last": 5, "paradoxes": 9, "winners": 5, "view": 5, "discard": 13},
    json={"players": Int(6), "round": _ROUND, "phase": str, "first": _PLAYER, "reference": _PLAYER,
          "invariant": Maybe(str), "trump_void": bool, "paradoxes": Int(9), "unused": ListOf(str),
          "hands": ListOf(ListOf(str)), "crystals": ListOf(_CRYSTALS), "gained": ListOf(_CRYSTALS),
          "spent": ListOf(_CRYSTALS), "pawns": ListOf(_ROUND),
          "timeline": ListOf(Maybe({"lead": str, "cross": Maybe(str), "controller": Maybe(_PLAYER)})),
          "at": Maybe(_ROUND), "trick": ListOf((_PLAYER, str)), "discard": ListOf(str),
          "won": ListOf(ListOf(_ROUND)), "last_token": Maybe(_PLAYER), "winners": ListOf(_PLAYER),
          "end_rule": Maybe(str), "variants": Maybe(str), "view": Maybe(_PLAYER),
          # A player's view (TC.NOTATION.VIEW) also carries what it says of that seat, for people.
          "player": _PLAYER, "hand": ListOf(str), "hand_sizes": ListOf(Int(13)), "removed": ListOf(str),
          "trump": Maybe(str)},
    action_number=99,
    rules_fields=("variants",),
)


class TimeChase(SeatedGame[State, Action, Rules, Event]):
    """Time Chase (Contre-Temps), 3 to 6 players."""

    name: str = "time-chase"
    title: str = "Time Chase (Contre-Temps)"
    players: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
    bounds = BOUNDS
    observe_rule: str | None = "TC.OBSERVE"
    encoding = ENCODING  # actions as numbers, observations as tensors (spec/time-chase/encoding.md)
    notation = notation  # the states', actions' and events' text and JSON (oracle.games.seated)
    hidden = HIDDEN  # the deal card by card, information states and resampling (same spec)

    def variants(self) -> Mapping[str, str]:
        return VARIANTS

    def read_rules(self, ruleset: str | None, variants: str | None) -> Rules:
        if ruleset not in (None, "standard"):
            raise NotationError("Time Chase has one ruleset, standard", ruleset)
        return Rules.parse(variants or "standard")

    def state_rules(self, state: State, rules_: Rules) -> Rules:
        return rules_for(state, rules_)

    def initial_state(self, rules: Rules) -> State:
        return State(players=rules.players, variants=rules.variant_name)

    def state_text(self, state: State) -> str:
        return pictures.state_text(state)

    def check_state(self, state: State) -> None:
        check_state(state)

    def to_act(self, state: State) -> ToAct:
        if state.phase == "deal":
            return ToAct.chance()
        if state.phase == "bid":
            return ToAct.simultaneous(range(state.players))
        if state.phase == "over":
            return ToAct.over()
        player = rules.player_to_act(state)
        assert player is not None
        return ToAct.player(player)

    def legal_actions(self, state: State, rules_: Rules, player: int | None = None) -> Sequence[Action]:
        if player is not None:
            self.seat(state, player)
        return rules.legal_actions(state, rules_for(state, rules_), player)

    def possible_actions(self, state: State, rules_: Rules, player: int | None = None) -> Sequence[Action]:
        """From a view, the plays legal in some completion of it (its "legal" and "depends" plays), in
        card order (TC.VIEW); of a whole state, its legal actions."""
        if player is not None:
            self.seat(state, player)
        rules_ = rules_for(state, rules_)
        if state.phase != "play" or not state.is_view:
            return rules.legal_actions(state, rules_, player)
        actor = rules.player_to_act(state)
        if actor is None or (player is not None and player != actor):
            return ()
        plays = [Play(c) for c in rules.possible_cards(state, actor)]
        return tuple(a for a in plays if rules.explain(state, a, rules_).status != "illegal")

    def sample_chance(self, state: State, rules_: Rules, rng: Random) -> Action:
        if state.phase != "deal":
            raise NotationError("the only chance in Time Chase is the deal, before round 1", state.phase)
        deal = rules.sample_deal(state, rng)
        if state.view is None:
            return deal
        seat = state.view  # dealt to a seat's view: only that seat's cards and the Invariant are seen
        return Deal(hands=tuple(h if p == seat else () for p, h in enumerate(deal.hands)), invariant=deal.invariant,
                    unused=(), first=deal.first, hidden=tuple(0 if p == seat else len(h)
                                                              for p, h in enumerate(deal.hands)),
                    unused_hidden=len(deal.unused))

    def joint_action(self, state: State, choices: Mapping[int, Action]) -> Action:
        if state.phase != "bid":
            raise NotationError("bids are made only in a bidding step", state.phase)
        for player in choices:
            self.seat(state, player)
        amounts = []
        for player in range(state.players):
            choice = choices.get(player)
            if not isinstance(choice, Bid):
                raise NotationError("every player makes one bid, such as 'bid 0'", f"p{player}")
            amounts.append(choice.amount)
        return Bids(tuple(amounts))

    def apply(self, state: State, action: Action, rules_: Rules) -> Applied[State, Event]:
        after, events = rules.apply(state, action, rules_for(state, rules_))
        return Applied(after, events)

    def explain(self, state: State, action: Action, rules_: Rules) -> Verdict:
        return rules.explain(state, action, rules_for(state, rules_))

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over" or state.end_rule is None:
            return None
        who = ", ".join(f"p{w}" for w in state.winners) or "nobody"
        events = {p: state.controlled(p) for p in state.winners}
        held = "; ".join(f"p{p} holds event{'s' if len(e) != 1 else ''} {', '.join(map(str, e))}"
                         for p, e in events.items())
        reason = f"{who} wins: {who} {END_REASONS[state.end_rule]}" + (f" ({held})" if held else "")
        return Outcome(state.winners, reason, state.end_rule)

    def observe(self, state: State, player: int) -> Json:
        self.seat(state, player)
        return views.observation(state, player)

    # What the shared tools need beyond the rules.

    def state_settings(self, state: State) -> Mapping[str, int]:
        return {"players": state.players}

    def state_svg(self, state: State) -> str:
        """The timeline, pawns, crystals and the current trick."""
        return pictures.timeline_svg(state)

    def page_svg(self, state: State, umpire: bool = False, actions: Sequence[str] = ()) -> str:
        """The timeline six positions a row for a wide screen, four for a phone (as on the rules pages)."""
        return pictures.timeline_svg(state, pictures.SITE_WIDE) + pictures.timeline_svg(state, pictures.NARROW)

    def action_words(self, state: State, action: Action) -> Mapping[str, str] | None:
        """The playground's button words for a bid or a card (`oracle.games.time_chase.words`)."""
        from oracle.games.time_chase.words import action_words

        return action_words(state, action)

    def chance_words(self, state: State) -> str | None:
        """The deal's button (`oracle.games.time_chase.words`)."""
        from oracle.games.time_chase.words import chance_words

        return chance_words(state)

    def state_note(self, state: State) -> Mapping[str, str] | None:
        """The round, the trump, and what the player to act may bid or must follow (`oracle.games.time_chase.words`)."""
        from oracle.games.time_chase.words import state_note

        return state_note(state)

    def french_names(self) -> Mapping[str, str]:
        """Each suit's French name (`oracle.games.time_chase.words`)."""
        from oracle.games.time_chase.words import FRENCH_NAMES

        return FRENCH_NAMES

    def french_card_labels(self) -> Mapping[str, str]:
        """Each suit letter's French label (`oracle.games.time_chase.words.FRENCH_LABELS`)."""
        from oracle.games.time_chase.words import FRENCH_LABELS

        return FRENCH_LABELS

    def event_sentence(self, event: Event) -> str:
        """The event in words, as the rules pages list it (`oracle.games.time_chase.events.event_sentence`)."""
        return event_sentence(event)

    def worked_examples(self) -> WorkedExamples:
        """The rules site's drawing of the examples (`oracle.games.time_chase.site`)."""
        from oracle.games.time_chase.site import EXAMPLES

        return EXAMPLES

    def vector_sets(self) -> Sequence[VectorSet]:
        """One set per player count, each of two seeded games played by uniformly random choices."""
        return tuple(VectorSet(f"time-chase/players-{n}", f"players={n}", (1000 * k + 1, 1000 * k + 2))
                     for k, n in enumerate((3, 4, 5, 6), start=1))

    def event_rule(self, event: Event) -> str | None:
        return event_rule(event)

    def near_misses(self, state: State, rules_: Rules, rng: Random) -> Sequence[Action]:
        """Illegal actions close to legal ones: cards held but not allowed (TC.FOLLOW), a card not held
        (TC.PLAY), one bid per player just above their limit (TC.BID)."""
        if state.phase == "bid":
            misses: list[Action] = []
            for player in range(state.players):
                too_many = [0] * state.players
                too_many[player] = rules.bid_limit(state, player) + 1
                misses.append(Bids(tuple(too_many)))
            return misses
        if state.phase != "play":
            return []
        actor = rules.player_to_act(state)
        assert actor is not None
        legal = {a.card for a in rules.legal_actions(state, rules_) if isinstance(a, Play)}
        held: list[Action] = [Play(c) for c in state.hands[actor] if c not in legal]
        foreign = next(c for c in sorted(state.in_play) if c not in state.hands[actor])
        return [*held, Play(foreign)]


def rules_for(state: State, rules_: Rules) -> Rules:
    """The rules to play ``state`` by: its recorded variants and its player count (TC.NOTATION.VARIANTS)."""
    return ruleset.rules_for(state.variants, state.players, rules_)


GAME: Game[State, Action, Rules, Event] = TimeChase()
