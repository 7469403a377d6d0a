"""The common game interface: what every game in the oracle answers.

(spec/design.md)

Every shared tool (the command line, the JSON-lines protocol, vectors,
conformance, the Hypothesis harness and the site) talks to a game only
through a `Game`.  A game is a small object with no state of its own; its
states and actions are immutable values of the game's own types, and its
rules settings (ruleset and variants) are one more immutable value, `Rules`.

The vocabulary follows the rulebooks: a state has a *mover* (`ToAct`): one
player, several players at once (sealed bids), *chance* (a shuffle, a die
roll or a card draw, taken as an explicit action so that every game can be
replayed), or nobody (the game is over, see `Outcome`).  The oracle always
holds the full state; `Game.observe` gives what one player may see.

Besides the rules, a game offers what the shared tools need to know of it
and nothing else does: its own words, the bounds of its inputs, its
pictures, a perft counter, its vector sets, the blame of a conformance
report, and its worked examples and board for the rules site (the last
group of `Game`'s methods).  `oracle.games.base.GameBase`
gives every one a default that works through the rest of the interface.

Everything here is standard library only: importing this module costs
nothing on the query path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from random import Random
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar

if TYPE_CHECKING:
    from oracle.inputs import Bounds

Json = dict[str, Any]

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
RulesT = TypeVar("RulesT")
EventT = TypeVar("EventT")

# Who acts next.  "player": one player; "simultaneous": every player in
# ``players`` chooses at once and the choices are applied together as one
# joint action; "chance": nature chooses among `Game.chance_outcomes`;
# "over": the game has ended and `Game.outcome` says how.
MoverKind = Literal["player", "simultaneous", "chance", "over"]


@dataclass(frozen=True, slots=True)
class ToAct:
    """Who acts in a state: a kind and the players concerned (empty for chance and over)."""

    kind: MoverKind
    players: tuple[int, ...] = ()

    @classmethod
    def player(cls, player: int) -> ToAct:
        return cls("player", (player,))

    @classmethod
    def simultaneous(cls, players: Sequence[int]) -> ToAct:
        return cls("simultaneous", tuple(players))

    @classmethod
    def chance(cls) -> ToAct:
        return cls("chance")

    @classmethod
    def over(cls) -> ToAct:
        return cls("over")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning players (several for a team) and a sentence saying why.

    ``rule`` is the clause ID that decided it.  An empty ``winners`` is a
    loss for everybody (a cooperative game lost) or a draw.
    """

    winners: tuple[int, ...]
    reason: str
    rule: str


LEGAL = "legal"
LEGAL_SO_FAR = "legal so far"
ILLEGAL = "illegal"
# Asked from a player's view (see "Views" below): legal in some completions of the unknowns, illegal in
# others.  The verdict's ``reason`` says on what it turns, and ``rule`` names the clause that decides it.
DEPENDS = "depends"
Status = Literal["legal", "legal so far", "illegal", "depends"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What `Game.explain` says of an action.

    ``status`` is ``"legal"``, ``"legal so far"`` (a prefix of a legal action,
    for games whose actions have parts) or ``"illegal"``; an illegal verdict
    names the first rule broken in ``rule``; ``reason`` is a sentence naming
    the places and pieces concerned.  Asked from a view, it may also be
    ``"depends"`` (`DEPENDS`): ``reason`` then says on what.
    """

    status: str
    reason: str
    rule: str | None = None

    @property
    def is_legal(self) -> bool:
        return self.status == LEGAL

    def __str__(self) -> str:
        if self.rule is not None:
            return f"{self.status}: {self.rule}: {self.reason}"
        return f"{self.status}: {self.reason}" if self.reason else self.status


# --- Views: a player's view is a state (spec/design.md, "Views") -------------------
#
# `Game.observe` gives what one player may see as a state of the game in
# which what they cannot see is unknown, written `UNKNOWN` in the game's
# notation (a card in another hand, a face-down tile); `parse_state` reads it
# back, and `legal_actions`, `explain` and `apply` accept it.  They answer for
# every completion of the unknowns that agrees with what that player has
# seen: `explain` says legal, illegal (with the rule) or `DEPENDS`;
# `legal_actions` lists the actions legal in every completion; `apply`
# carries out what is determined and leaves chance where the unknowns decide,
# as each game's spec says.  A player number the state does not seat is a
# `oracle.errors.NotationError` naming it, wherever a player is given.
UNKNOWN = "?"


@dataclass(frozen=True, slots=True)
class Applied(Generic[StateT, EventT]):
    """The result of applying a legal action: the new state and the events, in the order they happened."""

    state: StateT
    events: tuple[EventT, ...]


# --- What the shared tools need to know of a game, beyond its rules ----------------------


@dataclass(frozen=True, slots=True)
class Words:
    """The game's own words for an action and a state, as its rulebook and notation say them.

    The command line writes its messages with them ("16 legal turns"), and a
    vector file names its fields after them (``position``, ``turn``).
    """

    action: str = "action"
    state: str = "state"

    @property
    def actions(self) -> str:
        return self.action + "s"


@dataclass(frozen=True, slots=True)
class NamedState:
    """A hand-picked state of a vector set, chosen for a rule that engines get wrong."""

    name: str
    text: str
    note: str


@dataclass(frozen=True, slots=True)
class VectorSet:
    """One set of test vectors (spec/vectors.md): where it is kept, its rules and what it holds.

    ``directory`` is its folder under ``vectors/``; ``rules`` the rules text
    (`Game.parse_rules`), ``seeds`` one seeded game each.  ``layout`` 1 is a
    set of named and sampled states (positions, apply cases by kind of
    events, illegal actions by rule, perft, playthroughs with JSON forms);
    ``layout`` 2 a set of whole games (apply and illegal records at spaced
    plies, playthroughs with who acts).  ``perft_depths`` maps a named
    state to its perft depth (``*`` for the rest); ``deep_perft`` holds
    deeper counts computed once, offline; ``offline_perft`` more records
    counted offline, each a state with one depth and its count (the parts of
    a deep count split by first action, say).
    """

    directory: str
    rules: str | None
    seeds: tuple[int, ...]
    layout: int = 2
    named: tuple[NamedState, ...] = ()
    perft_depths: Mapping[str, int] = field(default_factory=dict)
    deep_perft: Mapping[str, Mapping[int, int]] = field(default_factory=dict)
    offline_perft: tuple[tuple[NamedState, int, int], ...] = ()
    max_plies: int = 3000


@dataclass(frozen=True, slots=True)
class Blame:
    """A rule blamed for a difference between an engine and the oracle, and what differs (for people)."""

    rule: str | None
    detail: str


class Blamer(Protocol):
    """Which rule a difference between an engine's answer and the oracle's is about (`Game.blame`).

    Every question is about one state and one action the oracle knows;
    ``theirs`` is what the engine answered, read back with the oracle's parser.
    """

    notation_rule: str | None
    """The clause of the action notation, blamed for an action the engine lists that cannot be read."""
    listing_rule: str | None
    """The clause that lists every legal action once, blamed for a count or a listing that differs."""

    def events(self, state: Any, action: Any, ours: Sequence[str], theirs: Sequence[str]) -> Blame | None:
        """The rule of the first event that differs in a legal action's trace; None if the traces are equal."""
        ...

    def state(self, before: Any, action: Any, theirs: Any | None) -> Blame:
        """The rule of a state after a legal action that differs (``theirs`` None: missing or unreadable)."""
        ...

    def unreadable(self, before: Any, action: Any, fields: Json | None, reason: str) -> Blame:
        """The rule of a state after a legal action that the engine wrote but the oracle cannot read
        (``reason``, the reader's message), from ``fields``, the JSON form of as much of it as
        reads (`Game.state_fields`), or None when nothing does."""
        ...

    def refusal(self, state: Any, action: Any, cited: str | None) -> str | None:
        """The rule in question when the engine refuses, or does not list, an action the oracle plays."""
        ...

    def other_rule(self, state: Any, action: Any, ours: str | None) -> str | None:
        """The rule in question when both sides give the same verdict but name different rules."""
        ...


class Coverage(Protocol):
    """Which clauses of the game's spec the records of its vector sets exercise (``oracle vectors coverage``)."""

    exempt: Mapping[str, str]
    """Clauses no record can exercise, with the reason."""
    no_outcome: str
    """The `ending` of an apply record whose game goes on (listed first in the table of endings)."""

    def clauses(self, ids_by_file: Mapping[str, Sequence[str]]) -> list[str]:
        """The clauses the committed sets together must exercise, from the clause IDs of each spec file."""
        ...

    def record_rules(self, kind: str, record: Mapping[str, Any], rules: Any) -> set[str]:
        """The clauses one record exercises; ``kind`` is its file (``positions``, ``apply``, ``illegal``, ``perft``)."""
        ...

    def ending(self, state: Any) -> str:
        """How a state reached by an apply record ends it, as the table of endings names it."""
        ...


# Given a clause ID, the href of its anchor from the page being drawn, or None if no clause has that ID.
RuleLink = Callable[[str], "str | None"]


class Example(Protocol):
    """One worked example block of a game's spec or pages, as its `WorkedExamples` reads it."""

    @property
    def title(self) -> str: ...

    @property
    def rules(self) -> tuple[str, ...]:
        """The clause IDs it illustrates."""
        ...

    @property
    def where(self) -> str:
        """Its file and line, ``spec/ttykm/actions.md:40``, which every problem with it starts with."""
        ...

    @property
    def fields(self) -> Mapping[str, str]: ...

    @property
    def lists(self) -> Mapping[str, Sequence[str]]: ...


class WorkedExamples(Protocol):
    """A game's worked examples on the rules site: read, checked against the oracle, drawn as HTML.

    Each game's spec says its block format (``spec/<game>/README.md``); the
    site finds the blocks and asks the game of the page's folder for the rest,
    so a page is never drawn from an example the oracle no longer confirms.
    """

    def read(self, lines: Sequence[str], path: str, line: int) -> Example:
        """The example in the lines inside one fence (``line``: the fence's line number in ``path``).

        Raises `oracle.games.worked_examples.ExampleFormatError` (a `ValueError`) naming the line."""
        ...

    def check(self, example: Example) -> list[str]:
        """Every stated field the oracle disagrees with, each starting with the example's ``where``.

        May raise `ValueError` (`oracle.errors.NotationError`, `InvalidPosition`) on a field that
        does not parse."""
        ...

    def html(self, example: Example, kind: str, anchor: str, link: RuleLink, playground: str | None) -> str:
        """One checked example as one HTML block with its pictures (no blank line inside).

        ``kind`` is the fence's word: ``example`` (shown with its notation) or ``lesson`` (for
        newcomers: words and pictures); ``anchor`` its HTML id; ``link`` the href of a clause;
        ``playground`` the playground's href from the page, for a link to play the example (None:
        the site has none; a game whose examples the site opens through `Game.parse_state` alone
        adds none)."""
        ...


class Step(Protocol):
    """One step of an action as the playground replays it: a sentence and the pictures just after it."""

    @property
    def text(self) -> str: ...

    @property
    def svg_row(self) -> str: ...

    @property
    def svg_column(self) -> str: ...


class Playable(Protocol):
    """What a game adds to the interface to be played on the site's playground by clicking its pictures.

    An action is made of *picks*, each a click on a cell of the picture (named as the pictures'
    ``data-cell``) or a button; the playground offers the picks that lead on to a legal action and
    judges every other one with `Game.explain`.  A game without one is played from its list of
    legal actions."""

    def picks_of(self, state: Any, action: Any) -> tuple[str, ...]:
        """The clicks that make ``action``, in order."""
        ...

    def action_of(self, state: Any, picks: Sequence[str]) -> Any:
        """The (partial) action the picks make, or a `Verdict` when they make none."""
        ...

    def pick_label(self, state: Any, pick: str) -> str:
        ...

    def player_name(self, player: int) -> str:
        """A player's name as the pictures write it, such as ``White``."""
        ...

    def all_picks(self, state: Any) -> tuple[str, ...]:
        """The picks always shown as buttons, whether they lead on or not."""
        ...

    def is_button(self, pick: str) -> bool:
        """Whether a pick is made with a button (shown only when it leads on, unless in `all_picks`)
        rather than by clicking a cell of the picture."""
        ...

    def picture(self, state: Any, picks: Sequence[str], targets: Sequence[str], layout: str) -> str:
        """An SVG of the state with the action so far and the ``targets`` cells ringed; ``layout`` is
        ``row`` (wide screens) or ``column`` (narrow ones)."""
        ...

    def refused_picture(self, state: Any, action: Any, layout: str) -> str:
        """An SVG of the state with ``action``, which the rules refused, drawn as attempted."""
        ...

    def reason_text(self, reason: str) -> str:
        """A verdict's reason in a player's words: no notation."""
        ...

    def steps(self, state: Any, action: Any, rules: Any, events: Sequence[Any], after: Any) -> Sequence[Step]:
        """Each step of an applied action in words, with the pictures just after it (empty strings
        where the game cannot draw them); ``after`` is the state after the whole action."""
        ...

    def edit(self, state: Any, pick: str) -> Any:
        """The state with the cell ``pick`` changed by one click of the position editor."""
        ...


class GameRules(Protocol[StateT, ActionT, RulesT, EventT]):
    """What every game writes: the mandatory part of the contract (spec/design.md, "The contract").

    A game's class derives from `oracle.games.base.GameBase`, which declares each of these abstract:
    ``mypy --strict`` refuses a game that leaves one out ("Cannot instantiate abstract class ... with
    abstract attribute ..."), and so does Python when the game is made, and the registry
    (`oracle.games.load_game`) when it is loaded, naming the piece (`oracle.games.contract`).
    Everything else of `Game` has a default in `GameBase`.
    """

    # Who it is.
    name: str
    """The identifier used by ``--game`` and the protocol's ``game`` field, e.g. ``ttykm``."""

    title: str
    """The game's name as players know it."""

    players: tuple[int, ...]
    """The player numbers this game can seat (for TTYKM: 0 white, 1 black)."""

    # Rules: variants, and the rules value.
    def variants(self) -> Mapping[str, str]:
        """Every named variant with a one-line meaning citing its clause."""
        ...

    def read_rules(self, ruleset: str | None, variants: str | None) -> RulesT:
        """The rules value of a ruleset name and ``+``-joined variant names (None: the default), once the shared
        checks pass (`parse_rules`).  Raises `oracle.errors.NotationError` naming the unknown token."""
        ...

    def rules_name(self, rules: RulesT) -> str:
        """The canonical text of a rules value, as `parse_rules` reads it back."""
        ...

    # States.
    def initial_state(self, rules: RulesT) -> StateT:
        """The state before the first action (for a game with a deal: before the chance action that deals)."""
        ...

    def read_state_text(self, text: str) -> StateT:
        """The state in the game's text notation, once the shared checks pass (`parse_state`)."""
        ...

    def read_state_json(self, obj: dict[str, Any]) -> StateT:
        """The state from its JSON form, once the shared checks pass (`state_from_json`)."""
        ...

    def format_state(self, state: StateT) -> str:
        """The canonical one-line text of a state; `parse_state` reads it back to an equal state."""
        ...

    def state_to_json(self, state: StateT) -> Json:
        ...

    def state_text(self, state: StateT) -> str:
        """A picture of the state for a terminal, several lines long."""
        ...

    def check_state(self, state: StateT) -> None:
        """Raise `oracle.errors.InvalidPosition` (naming its rule) unless the state is valid."""
        ...

    # Who acts, and what they may do.
    def to_act(self, state: StateT) -> ToAct:
        ...

    def legal_actions(self, state: StateT, rules: RulesT, player: int | None = None) -> Sequence[ActionT]:
        """The legal actions, in documented order.

        For a simultaneous state, ``player`` says whose choices to list; the
        joint action is made with `joint_action`.  For a chance state these
        are the outcomes of `chance_outcomes`, without their probabilities.
        A ``player`` the state does not seat raises `oracle.errors.NotationError`
        naming it.  From a view, the actions legal in every completion (see Views).
        """
        ...

    # Actions: notation.
    def read_action_text(self, text: str) -> ActionT:
        """The action in the game's text notation, once the shared checks pass (`parse_action`)."""
        ...

    def read_action_json(self, obj: Any) -> ActionT:
        """The action from its JSON form, once the shared checks pass (`action_from_json`)."""
        ...

    def format_action(self, action: ActionT) -> str:
        ...

    def action_to_json(self, action: ActionT) -> Json:
        ...

    # The rules proper.
    def apply(self, state: StateT, action: ActionT, rules: RulesT) -> Applied[StateT, EventT]:
        """The state after a legal action, with its events.

        Raises `IllegalAction` carrying the same `Verdict` that `explain` gives.
        """
        ...

    def explain(self, state: StateT, action: ActionT, rules: RulesT) -> Verdict:
        ...

    def outcome(self, state: StateT) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        ...

    # Events: notation.
    def event_text(self, event: EventT) -> str:
        ...

    def event_to_json(self, event: EventT) -> Json:
        ...


class Game(GameRules[StateT, ActionT, RulesT, EventT], Protocol[StateT, ActionT, RulesT, EventT]):
    """One game of the oracle, as every shared tool sees it: `GameRules`, the shared readers and the optional
    capabilities, each with its default in `oracle.games.base.GameBase`.  Implementations live in
    ``oracle/games/<name>/game.py``.

    Orders are part of the contract: `legal_actions` and `chance_outcomes`
    return their values in the order the game's spec documents, so that
    vectors, perft files and playthroughs are byte-for-byte reproducible.
    """

    # The readers every tool calls: the shared input discipline, then the game's own reader (oracle.games.base).
    def parse_rules(self, ruleset: str | None, variants: str | None) -> RulesT:
        """The rules value for a ruleset name and ``+``-joined variant names; None means the default.

        Raises `oracle.errors.NotationError` naming the unknown token.
        """
        ...

    def parse_state(self, text: str) -> StateT:
        """The state written in the game's text notation, or its JSON form if it starts with ``{``."""
        ...

    def state_from_json(self, obj: Any) -> StateT:
        ...

    def parse_action(self, text: str) -> ActionT:
        ...

    def action_from_json(self, obj: Any) -> ActionT:
        ...

    # What a game with more than one ruleset, chance, sealed choices, partial actions or hidden information writes.
    def player_name(self, player: int) -> str:
        """The word for a player, as the notation and messages write it (``white``, ``p2``...)."""
        ...

    def rulesets(self) -> Sequence[str]:
        """The ruleset names, the default first (for TTYKM: ``standard``, then the chapters)."""
        ...

    def state_rules(self, state: StateT, rules: RulesT) -> RulesT:
        """The rules ``state`` is played by when it is asked under ``rules``.

        A state may record the variants it is played by (Time Chase and Trois Ombres: ``variants=``):
        then those, when ``rules`` names none, so that a saved state replays alone; ``rules`` when they
        agree or the state records none; `oracle.errors.NotationError` naming the field when they differ,
        and an `oracle.errors.InapplicableVariant` naming the ruleset when a variant does not change the
        state's ruleset (TTYKM: VARIANT.SCOPE).
        """
        ...

    def state_fields(self, value: Any) -> Json | None:
        """The JSON form of as much of an engine's state (its text or JSON form) as reads, without
        the validity check, or None: what the conformance runner compares field by field when the
        state cannot be read."""
        ...

    def possible_actions(self, state: StateT, rules: RulesT, player: int | None = None) -> Sequence[ActionT]:
        """From a view, the actions legal in some completion of its unknowns (those `explain` calls legal
        or says "depend", `DEPENDS`), in documented order.  Of a whole state, exactly `legal_actions`."""
        ...

    def chance_outcomes(self, state: StateT, rules: RulesT) -> Sequence[tuple[ActionT, Fraction]]:
        """For a chance state with few outcomes (a die roll), each outcome with its probability.

        Empty for a state that is not a chance state, and for a chance whose
        outcomes are too many to list (a shuffled deck): use `sample_chance`.
        """
        ...

    def sample_chance(self, state: StateT, rules: RulesT, rng: Random) -> ActionT:
        """One outcome of a chance state, drawn with ``rng`` (seeded by the caller).

        The outcome is an ordinary action, written in the game's notation (a
        deal lists every hand), so a game is replayed from its actions alone,
        with no knowledge of how the oracle shuffles.
        """
        ...

    def joint_action(self, state: StateT, choices: Mapping[int, ActionT]) -> ActionT:
        """One action made of every acting player's sealed choice (simultaneous states only)."""
        ...

    def completions(self, state: StateT, partial: ActionT, rules: RulesT) -> Sequence[ActionT]:
        """The legal actions that complete a partial one (for games whose actions have parts), in order."""
        ...

    def observe(self, state: StateT, player: int) -> Json:
        """What ``player`` may see of the state, as the JSON form of a view (see Views): `state_from_json`
        reads it back.  The whole state in a game of perfect information.  A ``player`` the state does
        not seat raises `oracle.errors.NotationError` naming it."""
        ...

    # What the shared tools need to know of the game, beyond its rules.
    words: Words
    """The game's words for an action and a state."""

    bounds: Bounds
    """The bounds of its inputs, which the shared readers check before the game reads them."""

    observe_rule: str | None
    """The clause saying what each player may see; None when everyone sees the whole state."""

    def seats(self, state: StateT) -> tuple[int, ...]:
        """The players seated in this state (a game for three seats players 0, 1 and 2)."""
        ...

    def ruleset_of(self, state: StateT) -> str:
        """The ruleset a state is played by, as `rulesets` names it (TTYKM: its ``rules=`` field), and as
        `rules_name` names the rules of that ruleset alone (``parse_rules(ruleset, None)``)."""
        ...

    def state_settings(self, state: StateT) -> Mapping[str, int]:
        """The whole-number rules settings a state fixes itself (Time Chase: ``players``), by the name a rules
        text gives them (``players=5``): a rules text naming another value contradicts the state."""
        ...

    def state_svg(self, state: StateT) -> str:
        """A picture of the state, as SVG (``oracle render``)."""
        ...

    def page_svg(self, state: StateT, umpire: bool = False, actions: Sequence[str] = ()) -> str:
        """The state drawn for a page of the site: its pictures for each width the page's CSS chooses
        between (a wide one, and one of class ``narrow`` for a phone), or one picture for every width.
        ``umpire``: what no player sees is drawn too (the playground's umpire seat); ``actions``: the
        notation of the actions the viewer may take now (the playground's buttons), for a key to name what
        the playground marks on the picture for them (3 Ombres: the ringed slots)."""
        ...

    def action_svg(self, state: StateT, action: ActionT, rules: RulesT) -> tuple[str, str]:
        """Pictures of a legal action, before and after it, as SVG."""
        ...

    def action_words(self, state: StateT, action: ActionT) -> Mapping[str, str] | None:
        """A legal action in words for the playground's button, by language (``{"en": ..., "fr": ...}``);
        None: the button shows the notation."""
        ...

    def chance_words(self, state: StateT) -> str | None:
        """While chance acts, the playground's button that lets it act, in English words naming the step (``Deal
        the cards``, ``Roll the die``); the French edition's words are `oracle.tools.site.french`'s.  None: a
        generic "Draw at random"."""
        ...

    def state_note(self, state: StateT) -> Mapping[str, str] | None:
        """What the player to act must know now that the position does not draw (3 Ombres: the face the die
        shows), one sentence by language; where the step asks something, that instruction alone under
        ``en-do`` and ``fr-do`` (the playground's status line); while chance acts, what it does under those
        two keys only; None: nothing."""
        ...

    def french_names(self) -> Mapping[str, str]:
        """The game's own words (Time Chase's suits, the faces of the 3 Ombres die, the words of the key under a
        TTYKM picture) as its English sentences and pictures write them, each with its French as a French
        sentence says it (``Red`` -> ``Rouge``, ``Réverbère`` -> ``le Réverbère``, ``can go here`` -> ``peut
        aller ici``): the French edition of the site puts its pictures' and events' words in French with them.
        Empty: none."""
        ...

    def french_card_labels(self) -> Mapping[str, str]:
        """The label a French reader reads for each suit letter of the game's card notation, in the order of the
        game's suits (Time Chase: ``Y`` -> ``J``, the initial of *Jaune*): a card is its label and its rank
        (``J11``) wherever the French edition writes one in words, its notation (``Y11``) where one types or
        records it.  Empty: the game has no such cards."""
        ...

    def event_sentence(self, event: EventT) -> str:
        """One event in words for a reader, as the rules pages list an example's events (`event_text` when the
        notation's line is already a sentence)."""
        ...

    def public_events(self, state: StateT, events: Sequence[EventT], after: StateT) -> Sequence[EventT]:
        """The events of an action from ``state`` to ``after`` that every player saw happen (a card played face
        up, the bids revealed), which the playground tells on its pass-the-device screen: all of them unless
        some player could not see the table."""
        ...

    def unseen_words(self, state: StateT, after: StateT, player: int) -> Mapping[str, str] | None:
        """Why ``player`` did not see the table during an action from ``state`` to ``after`` (3 Ombres: their eyes
        were closed, by a trap or under Ténèbres), in words by language (``{"en": ..., "fr": ...}``), for the
        playground's log of what the oracle played; None: they saw it."""
        ...

    def box_checklist(self, lang: str, playground: str | None) -> str | None:
        """The lesson's "count your box" checklist, as HTML in ``lang`` (``en``, ``fr``): each count of the
        components the oracle assumes, what changes with another, and how to set it (``playground``: the
        playground's href from the page, or None).  None: a game whose box holds no count to check."""
        ...

    def moment_svg(self, state: StateT, events: Sequence[EventT], after: StateT, umpire: bool = False) -> str | None:
        """`page_svg` of the table as an action from ``state`` showed it for an instant before the rules moved
        on to ``after`` (3 Ombres: the turn's two tiles face up, before they are turned back); None when
        ``after`` shows it all."""
        ...

    def perft(self, state: StateT, rules: RulesT, depth: int) -> int:
        """The number of action sequences of ``depth`` actions (every kind: a player's, sealed choices, chance)."""
        ...

    def divide(self, state: StateT, rules: RulesT, depth: int,
               progress: Callable[[int, int], None] | None = None) -> Sequence[tuple[ActionT, int]]:
        """`perft` split by the first action, in order; ``progress(done, total)`` after each."""
        ...

    def perft_depth_limit(self, rules: RulesT, server: bool) -> int:
        """The deepest perft the command line (or, ``server``, one protocol request) counts under ``rules``."""
        ...

    def perft_counter(self, rules: RulesT) -> Callable[[str, int], int]:
        """A picklable ``count(state_text, depth)`` giving `perft` of a state written in the game's text
        notation under ``rules``, for workers in other processes (``oracle perft --workers``)."""
        ...

    def engine_impls(self) -> Sequence[str]:
        """The implementations that count and play the game in this installation, the default first and
        ``spec`` (the rules as written) always among them (``--engine-impl``)."""
        ...

    def use_engine_impl(self, name: str) -> None:
        """Count and play on implementation ``name`` from now on in this process; a `NotationError`
        naming it when it is not one of `engine_impls`."""
        ...

    def engine_impl(self) -> str:
        """The implementation in use, in a few words (``oracle version``, the protocol's ``version``)."""
        ...

    def engine_note(self) -> str | None:
        """One line for where speed matters (a deep perft) when a faster implementation of the game is
        missing from this installation; None otherwise."""
        ...

    def sample_game(self) -> Sequence[tuple[str, str]]:
        """A short annotated game from the start, as (action, note) pairs, for the command line's tour."""
        ...

    def vector_sets(self) -> Sequence[VectorSet]:
        """The vector sets kept in the repository."""
        ...

    def vector_set(self, rules: RulesT) -> VectorSet:
        """The vector set of a rules value: a committed one, or one like them."""
        ...

    def seeded_actions(self, rules: RulesT, seed: int) -> Sequence[ActionT] | None:
        """A whole seeded game's actions for the vectors, or None to play uniformly random choices."""
        ...

    def near_misses(self, state: StateT, rules: RulesT, rng: Random) -> Sequence[ActionT] | None:
        """Actions close to legal ones, mostly illegal, worth asking about; None if the game offers none."""
        ...

    def is_partial(self, action: ActionT) -> bool:
        """Whether an action is a part of one (a turn without its end), which ``explain`` may call "legal so far"."""
        ...

    def event_rule(self, event: EventT) -> str | None:
        """The clause an event comes from, or None."""
        ...

    def blame(self, rules: RulesT) -> Blamer:
        """Which rule a difference between an engine and the oracle under ``rules`` is about."""
        ...

    def coverage(self) -> Coverage | None:
        """Which clauses the game's vector records exercise, or None if the game does not count them."""
        ...

    def worked_examples(self) -> WorkedExamples | None:
        """How the rules site reads, checks and draws the game's worked examples, or None if it has none."""
        ...

    def playable(self) -> Playable | None:
        """How the site's playground plays the game by clicking its pictures, or None (played from a list)."""
        ...

    @property
    def encoding(self) -> Encoding[ActionT, RulesT] | None:
        """The game's actions as integers and its observations as tensors, for the adapters (OpenSpiel,
        PettingZoo); None for a game they skip."""
        ...


class IllegalAction(ValueError):
    """Raised by `Game.apply` for an illegal action; ``verdict`` names the rule."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(str(verdict))
        self.verdict = verdict


# Encodings: the game as integers and tensors, for game-AI frameworks.


RulesInT = TypeVar("RulesInT", contravariant=True)


@dataclass(frozen=True, slots=True)
class Traits:
    """What kind of game it is, as game-AI frameworks classify games (OpenSpiel's game types)."""

    simultaneous: bool
    """Some steps are taken by several players at once (sealed bids)."""
    chance: bool
    """Some steps are chance outcomes."""
    sampled_chance: bool
    """Some chance has outcomes too many to list (a shuffle): `Game.sample_chance` draws them, and the
    game's `HiddenInformation` deals them in parts."""
    perfect_information: bool
    """Every player sees the whole state (`Game.observe`)."""
    cooperative: bool
    """The players win or lose together."""
    seats: tuple[int, int]
    """The fewest and the most players the game can seat."""
    one_winner: bool = False
    """Every game that ends has exactly one winner among the seats (a constant-sum game)."""


class Encoding(Protocol[ActionT, RulesInT]):
    """A game's actions as integers and its observations as tensors (spec/<game>/encoding.md).

    The adapters for OpenSpiel and PettingZoo (`oracle.adapters`) reach a game
    only through `Game` and this capability, which each game offers as its
    ``encoding`` attribute (see `encoding_of`).  The numbering of actions is
    part of the game's spec: it never changes for a given rules value, so a
    trained agent's outputs keep their meaning.  Chance outcomes are not
    numbered here: the adapters number the listed outcomes by their position
    in `Game.chance_outcomes`, and a deal too large to list by its parts
    (`HiddenInformation.deal_parts`).
    Observation tensors are made from `Game.observe`, so they hold nothing
    that the player may not see.
    """

    def traits(self, rules: RulesInT) -> Traits:
        """What kind of game it is under ``rules``."""
        ...

    def settings(self) -> Mapping[str, int]:
        """The whole-number settings the rules text takes as ``name=value`` (such as ``players``), with defaults."""
        ...

    def player_count(self, rules: RulesInT) -> int:
        """How many players sit at the table under ``rules``."""
        ...

    def num_actions(self, rules: RulesInT) -> int:
        """The size of the action numbering: every player action's number is below it."""
        ...

    def action_id(self, action: ActionT, rules: RulesInT) -> int:
        """The number of a player's action (raises `oracle.errors.NotationError` for one outside the numbering)."""
        ...

    def action_of(self, action_id: int, rules: RulesInT) -> ActionT:
        """The action a number stands for, whether or not it is legal somewhere (`NotationError` if none)."""
        ...

    def max_chance_outcomes(self, rules: RulesInT) -> int:
        """An upper bound on the number of outcomes `Game.chance_outcomes` lists in any state (0: none)."""
        ...

    def observation_shape(self, rules: RulesInT) -> tuple[int, ...]:
        """The shape of every observation tensor under ``rules``."""
        ...

    def observation_tensor(self, view: Json, player: int, rules: RulesInT) -> list[float]:
        """The tensor of what ``player`` sees, flattened in row-major order, from ``Game.observe(state, player)``."""
        ...


class HiddenInformation(Protocol[ActionT, RulesInT]):
    """What a game of hidden information adds to its `Encoding` for game-AI frameworks (the game's
    ``hidden`` attribute, see `hidden_information_of`): its deal in small parts, each player's information state,
    and states resampled from it.

    A deal too large to list (`Game.sample_chance`) is dealt part by part: `deal_parts` lists the
    outcomes of the next part with their probabilities, given the parts dealt so far, so every deal is
    reached by exactly one sequence of parts with its true probability.  A *record* is the play so far
    as (whole state before, action, choices) triples, one per step, ``choices`` the deciding players' own
    choices; a step whose action is None holds sealed choices not yet revealed (the viewer's own only).
    """

    def deal_parts(self, state: Any, rules: RulesInT, dealt: Sequence[int]) -> Sequence[tuple[int, Fraction]]:
        """The outcomes of the deal's next part after ``dealt``, with their probabilities; empty once complete."""
        ...

    def deal_of(self, state: Any, rules: RulesInT, dealt: Sequence[int]) -> ActionT:
        """The deal (a chance action of the game) that a complete sequence of parts makes."""
        ...

    def max_deal_part_outcomes(self, rules: RulesInT) -> int:
        """An upper bound on the number of outcomes `deal_parts` lists."""
        ...

    def information_state(self, record: Sequence[tuple[Any, ActionT | None, Sequence[tuple[int, ActionT]]]],
                          player: int, rules: RulesInT) -> str:
        """What ``player`` has seen and done in the play ``record``, as one bounded canonical string."""
        ...

    def information_state_shape(self, rules: RulesInT) -> tuple[int, ...]:
        ...

    def information_state_tensor(self, record: Sequence[tuple[Any, ActionT | None, Sequence[tuple[int, ActionT]]]],
                                 player: int, rules: RulesInT) -> list[float]:
        """`information_state` as a vector of `information_state_shape`, flattened."""
        ...

    def resample(self, record: Sequence[tuple[Any, ActionT | None, Sequence[tuple[int, ActionT]]]], player: int,
                 rules: RulesInT, rng: Random) -> tuple[Any, Sequence[ActionT]]:
        """A play that ``player`` cannot tell from ``record``, drawn with ``rng``: a start state (the game's
        initial state, or a whole state completing the player's view) and the actions played from it."""
        ...


def hidden_information_of(game: Game[StateT, ActionT, RulesT, EventT]) -> HiddenInformation[ActionT, RulesT] | None:
    """The game's `HiddenInformation` (its ``hidden`` attribute), or None for a game of perfect information."""
    hidden: HiddenInformation[ActionT, RulesT] | None = getattr(game, "hidden", None)
    return hidden


class FastPlay(Protocol[StateT]):
    """A game's compiled path for the adapters' volume work, under one rules value: the numbers of the legal
    actions, the state after one, and the observation tensor, the same as `Game.legal_actions`,
    `Game.apply` and `Encoding.observation_tensor` give (without events).  A game offers it as its
    ``fast_play(rules)`` method (see `fast_play_of`); `covers` says which states it answers for."""

    def covers(self, state: StateT) -> bool:
        """Whether the fast path answers for ``state`` (a player to act, rules it mirrors)."""
        ...

    def legal_ids(self, state: StateT) -> list[int]:
        """The numbers of the legal actions of the player to act, in increasing order."""
        ...

    def after_id(self, state: StateT, action_id: int) -> StateT | None:
        """The state after the action numbered ``action_id``, or None when it is not legal."""
        ...

    def tensor(self, state: StateT, player: int) -> Sequence[float]:
        """The observation tensor of ``player``, flattened, as `Encoding.observation_tensor` gives it."""
        ...


def engine_impl_name(game: Game[StateT, ActionT, RulesT, EventT]) -> str:
    """The name (one of `Game.engine_impls`) of the implementation in use: `Game.engine_impl` describes
    it, its name first ("compiled (C) for ...", "spec ...")."""
    described = game.engine_impl()
    return next((name for name in game.engine_impls() if described.startswith(name)), game.engine_impls()[0])


def fast_play_of(game: Game[StateT, ActionT, RulesT, EventT], rules: RulesT) -> FastPlay[StateT] | None:
    """The game's `FastPlay` under ``rules``, or None where it has none (the adapters then use `Game`)."""
    method = getattr(game, "fast_play", None)
    if method is None:
        return None
    fast: FastPlay[StateT] | None = method(rules)
    return fast


def encoding_of(game: Game[StateT, ActionT, RulesT, EventT]) -> Encoding[ActionT, RulesT]:
    """The game's `Encoding` (`Game.encoding`); `NotImplementedError` for a game that offers none."""
    encoding = game.encoding
    if encoding is None:
        raise NotImplementedError(f"the game {game.name} offers no integer encoding of its actions")
    return encoding
