"""What every game shares: the contract a game writes, the input discipline on its readers, and the defaults.

(spec/design.md, "The contract")  A game's `Game` class derives from `GameBase` and **must write**
(`oracle.interface.GameRules`; each is abstract here, so ``mypy --strict`` and Python itself refuse a
game that leaves one out, naming it):

* who it is: ``name``, ``title``, ``players`` (class attributes);
* its rules: `variants`, `read_rules`, `rules_name`;
* its states: `initial_state`, `read_state_text`, `read_state_json`, `format_state`, `state_to_json`,
  `state_text`, `check_state`;
* who acts and what they may do: `to_act`, `legal_actions`;
* its actions: `read_action_text`, `read_action_json`, `format_action`, `action_to_json`;
* the rules proper: `apply`, `explain`, `outcome`;
* its events: `event_text`, `event_to_json`;
* and its `bounds` (`oracle.inputs.Bounds`) whenever its JSON form has a field: the default declares
  none, so it refuses every JSON state, and the registry refuses such a game by name
  (`oracle.games.contract.check_game_contract`).

The readers of the interface (`parse_rules`, `parse_state`, `state_from_json`, `parse_action`,
`action_from_json`) are written here once and are ``final``: they apply the limits of `oracle.inputs`
and the game's bounds before the game's own reader (``read_*``) sees the input, so no game can skip
them: sizes, numbers in ASCII digits of bounded length, no field given twice, every count within its
bound, the JSON form of the declared shape (`tests/test_layout.py` checks no game overrides them).

**May write**, each with a default here: more rulesets (`rulesets`, `ruleset_of`, `state_rules`,
`state_settings`), chance (`chance_outcomes`, `sample_chance`), sealed choices (`joint_action`),
partial actions (`completions`, `is_partial`), hidden information (`observe`, `possible_actions`,
`observe_rule`), and what the shared tools ask beyond the rules: a game with no picture of its own
gets its text picture as SVG, one with no fast perft the counter over the interface
(`oracle.games.perft`), one with no blame of its own the blame by events (`oracle.games.blame`); one
with no worked examples has none on the rules site, one with no board to click is played on the site's
playground from its list of legal actions, and one with no `encoding` is skipped by the adapters.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import partial
from random import Random
from typing import Any, Generic, TypeVar, cast, final

from oracle.errors import NotationError
from oracle.inputs import (
    MAX_ACTION_BYTES,
    MAX_STATE_BYTES,
    Bounds,
    check_action,
    check_rules_text,
    check_size,
    check_state_json,
    check_state_text,
    load_json,
)
from oracle.interface import (
    Applied,
    Blamer,
    Coverage,
    Encoding,
    Game,
    Json,
    Outcome,
    Playable,
    ToAct,
    VectorSet,
    Verdict,
    Words,
    WorkedExamples,
)

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
RulesT = TypeVar("RulesT")
EventT = TypeVar("EventT")

AnyGame = Game[Any, Any, Any, Any]

# The seeds of a vector set made for rules no committed set plays.
DEFAULT_SEEDS = (1, 2)
# The deepest perft the command line and one protocol request count, for a game that says nothing else.
PERFT_DEPTH = 6
PERFT_DEPTH_SERVER = 3


def is_json_form(text: str) -> bool:
    """Whether ``text`` is a state's or an action's JSON form rather than its text notation."""
    return text.lstrip().startswith("{")


def text_svg(title: str, text: str) -> str:
    """A text picture as SVG: one line of monospace text per line, for a game with no drawing of its own."""
    from html import escape

    lines = text.splitlines() or [""]
    width = 16 + 8 * max(len(line) for line in lines)
    height = 16 + 18 * len(lines)
    rows = "".join(f'<text x="8" y="{20 + 18 * i}" xml:space="preserve">{escape(line)}</text>'
                   for i, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{escape(title)}"><title>{escape(title)}</title>'
            '<style>text{font:14px monospace;fill:#222}</style>'
            f'<rect width="{width}" height="{height}" fill="#fdfaf4"/>{rows}</svg>')


class GameBase(ABC, Generic[StateT, ActionT, RulesT, EventT]):
    """The contract a game writes (its abstract methods), the readers every game shares, and the defaults
    of the capabilities (see the module)."""

    name: str
    title: str
    players: tuple[int, ...]
    words: Words = Words()
    bounds: Bounds = Bounds()
    observe_rule: str | None = None
    encoding: Encoding[Any, Any] | None = None

    # --- what every game writes (oracle.interface.GameRules) ---

    @abstractmethod
    def variants(self) -> Mapping[str, str]:
        """Every named variant with a one-line meaning citing its clause."""

    @abstractmethod
    def read_rules(self, ruleset: str | None, variants: str | None) -> RulesT:
        """The game's reader of its rules names, called once the shared checks pass."""

    @abstractmethod
    def rules_name(self, rules: RulesT) -> str:
        """The canonical text of a rules value, as `parse_rules` reads it back."""

    @abstractmethod
    def initial_state(self, rules: RulesT) -> StateT:
        """The state before the first action."""

    @abstractmethod
    def read_state_text(self, text: str) -> StateT:
        """The game's reader of its state's text notation, called once the shared checks pass."""

    @abstractmethod
    def read_state_json(self, obj: dict[str, Any]) -> StateT:
        """The game's reader of its state's JSON form, called once the shared checks pass."""

    @abstractmethod
    def format_state(self, state: StateT) -> str:
        """The canonical one-line text of a state."""

    @abstractmethod
    def state_to_json(self, state: StateT) -> Json:
        """The state's JSON form, which `state_from_json` reads back."""

    @abstractmethod
    def state_text(self, state: StateT) -> str:
        """A picture of the state for a terminal."""

    @abstractmethod
    def check_state(self, state: StateT) -> None:
        """Raise `oracle.errors.InvalidPosition` (naming its rule) unless the state is valid."""

    @abstractmethod
    def to_act(self, state: StateT) -> ToAct:
        """Who acts in the state."""

    @abstractmethod
    def legal_actions(self, state: StateT, rules: RulesT, player: int | None = None) -> Sequence[ActionT]:
        """The legal actions, in documented order."""

    @abstractmethod
    def read_action_text(self, text: str) -> ActionT:
        """The game's reader of its action's text notation, called once the shared checks pass."""

    @abstractmethod
    def read_action_json(self, obj: Any) -> ActionT:
        """The game's reader of its action's JSON form, called once the shared checks pass."""

    @abstractmethod
    def format_action(self, action: ActionT) -> str:
        """The action's text."""

    @abstractmethod
    def action_to_json(self, action: ActionT) -> Json:
        """The action's JSON form."""

    @abstractmethod
    def apply(self, state: StateT, action: ActionT, rules: RulesT) -> Applied[StateT, EventT]:
        """The state after a legal action, with its events; `oracle.interface.IllegalAction` otherwise."""

    @abstractmethod
    def explain(self, state: StateT, action: ActionT, rules: RulesT) -> Verdict:
        """The verdict on an action, naming the first rule broken."""

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    @abstractmethod
    def event_text(self, event: EventT) -> str:
        """An event as a sentence."""

    @abstractmethod
    def event_to_json(self, event: EventT) -> Json:
        """An event's JSON form."""

    def _game(self) -> Game[StateT, ActionT, RulesT, EventT]:
        return cast(Game[StateT, ActionT, RulesT, EventT], self)

    # --- the readers: the shared discipline first, then the game's own ---

    @final
    def parse_state(self, text: str) -> StateT:
        """The state written in the game's text notation, or its JSON form if it starts with ``{``."""
        state = self.words.state
        check_size(text, MAX_STATE_BYTES, f"the {state}")
        if is_json_form(text):
            return self.state_from_json(load_json(text, f"{state} JSON"))
        check_state_text(text, self.bounds, f"the {state}")
        return self.read_state_text(text)

    @final
    def state_from_json(self, obj: Any) -> StateT:
        check_state_json(obj, self.bounds, f"a JSON {self.words.state}")
        return self.read_state_json(obj)

    @final
    def parse_action(self, text: str) -> ActionT:
        action = self.words.action
        check_size(text, MAX_ACTION_BYTES, f"the {action}")
        if is_json_form(text):
            return self.action_from_json(load_json(text, f"{action} JSON"))
        check_action(text, self.bounds, f"the {action}")
        return self.read_action_text(text)

    @final
    def action_from_json(self, obj: Any) -> ActionT:
        check_action(obj, self.bounds, f"the {self.words.action}")
        return self.read_action_json(obj)

    @final
    def parse_rules(self, ruleset: str | None, variants: str | None) -> RulesT:
        """The rules value of a ruleset name and ``+``-joined variant names (None: the default).

        The names are bounded, their numbers ASCII, and none is given twice (`oracle.inputs.check_rules_text`).
        """
        if ruleset is not None:
            check_rules_text(ruleset, "the ruleset")
        if variants is not None:
            check_rules_text(variants, "the variants")
        return self.read_rules(ruleset, variants)




    def state_fields(self, value: Any) -> Json | None:
        """A state's JSON form as given; a game whose reader can skip its validity check does better."""
        return value if isinstance(value, dict) else None



    # --- defaults for a game of perfect information with no chance and no sealed choices ---

    def player_name(self, player: int) -> str:
        return f"p{player}"

    def rulesets(self) -> Sequence[str]:
        return ("standard",)

    def state_rules(self, state: StateT, rules: RulesT) -> RulesT:
        return rules  # a state that records no rules of its own is played by the caller's

    def possible_actions(self, state: StateT, rules: RulesT, player: int | None = None) -> Sequence[ActionT]:
        return self._game().legal_actions(state, rules, player)  # a whole state: nothing depends

    def chance_outcomes(self, state: StateT, rules: RulesT) -> Sequence[tuple[ActionT, Fraction]]:
        return ()

    def sample_chance(self, state: StateT, rules: RulesT, rng: Random) -> ActionT:
        raise NotationError(f"{self._game().title} has no chance outcome here")

    def joint_action(self, state: StateT, choices: Mapping[int, ActionT]) -> ActionT:
        raise NotationError(f"{self._game().title} has no simultaneous moves")

    def completions(self, state: StateT, partial: ActionT, rules: RulesT) -> Sequence[ActionT]:
        return ()

    def observe(self, state: StateT, player: int) -> Json:
        return self._game().state_to_json(state)  # perfect information: everyone sees everything

    # --- the defaults of what the shared tools ask ---

    def seats(self, state: StateT) -> tuple[int, ...]:
        return self._game().players

    def ruleset_of(self, state: StateT) -> str:
        return self._game().rulesets()[0]  # a game of one ruleset

    def state_settings(self, state: StateT) -> Mapping[str, int]:
        return {}

    def state_svg(self, state: StateT) -> str:
        game = self._game()
        return text_svg(f"{game.title}: {game.format_state(state)}", game.state_text(state))

    def page_svg(self, state: StateT, umpire: bool = False, actions: Sequence[str] = ()) -> str:
        return self._game().state_svg(state)

    def action_svg(self, state: StateT, action: ActionT, rules: RulesT) -> tuple[str, str]:
        after = self._game().apply(state, action, rules).state
        return self.state_svg(state), self.state_svg(after)

    def action_words(self, state: StateT, action: ActionT) -> Mapping[str, str] | None:
        return None

    def state_note(self, state: StateT) -> Mapping[str, str] | None:
        return None

    def chance_words(self, state: StateT) -> str | None:
        return None

    def french_names(self) -> Mapping[str, str]:
        return {}

    def french_card_labels(self) -> Mapping[str, str]:
        return {}

    def event_sentence(self, event: EventT) -> str:
        return self._game().event_text(event)

    def public_events(self, state: StateT, events: Sequence[EventT], after: StateT) -> Sequence[EventT]:
        return events

    def unseen_words(self, state: StateT, after: StateT, player: int) -> Mapping[str, str] | None:
        return None

    def moment_svg(self, state: StateT, events: Sequence[EventT], after: StateT, umpire: bool = False) -> str | None:
        return None

    def box_checklist(self, lang: str, playground: str | None) -> str | None:
        return None

    # The defaults below import their modules when asked: a query needs none of them.

    def perft(self, state: StateT, rules: RulesT, depth: int) -> int:
        from oracle.games import perft

        return perft.perft(self._game(), state, rules, depth)

    def divide(self, state: StateT, rules: RulesT, depth: int,
               progress: Callable[[int, int], None] | None = None) -> Sequence[tuple[ActionT, int]]:
        from oracle.games import perft

        return perft.divide(self._game(), state, rules, depth, progress)

    def perft_depth_limit(self, rules: RulesT, server: bool) -> int:
        return PERFT_DEPTH_SERVER if server else PERFT_DEPTH

    def perft_counter(self, rules: RulesT) -> Callable[[str, int], int]:
        from oracle.games import perft

        game = self._game()
        return partial(perft.count_text, game.name, game.rules_name(rules))

    def engine_impls(self) -> Sequence[str]:
        return ("spec",)

    def use_engine_impl(self, name: str) -> None:
        if name not in self.engine_impls():
            raise NotationError(f"{self._game().name} has no engine implementation of this name here (available: "
                                + ", ".join(self.engine_impls()) + ")", name)

    def engine_impl(self) -> str:
        return "spec"

    def engine_note(self) -> str | None:
        return None

    def sample_game(self) -> Sequence[tuple[str, str]]:
        return ()

    def vector_sets(self) -> Sequence[VectorSet]:
        return ()

    def vector_set(self, rules: RulesT) -> VectorSet:
        """The committed set of these rules, or one like the first committed set, of `DEFAULT_SEEDS`."""
        game = self._game()
        wanted = game.rules_name(rules)
        committed = self.vector_sets()
        for candidate in committed:
            if game.rules_name(game.parse_rules(None, candidate.rules)) == wanted:
                return candidate
        like = committed[0] if committed else VectorSet("", None, DEFAULT_SEEDS)
        return replace(like, directory=f"{game.name}/{wanted.replace('+', '_').replace('=', '-')}", rules=wanted,
                       seeds=DEFAULT_SEEDS)

    def seeded_actions(self, rules: RulesT, seed: int) -> Sequence[ActionT] | None:
        return None

    def near_misses(self, state: StateT, rules: RulesT, rng: Random) -> Sequence[ActionT] | None:
        return None

    def is_partial(self, action: ActionT) -> bool:
        return False

    def event_rule(self, event: EventT) -> str | None:
        return None

    def blame(self, rules: RulesT) -> Blamer:
        from oracle.games.blame import EventBlame

        return EventBlame(self._game(), rules)

    def coverage(self) -> Coverage | None:
        return None

    def worked_examples(self) -> WorkedExamples | None:
        return None

    def playable(self) -> Playable | None:
        return None
