"""One table of TTYKM's events: for each, its line (NOTATION.EVENT), its JSON form, its sentence, how a
picture of the turn draws it, and the clause it comes from, declared together.

A new event is one row here (and its value in `oracle.games.ttykm.events`): the notation
(`oracle.games.ttykm.notation.event_text`, `event_to_json`), the sentences
(`oracle.games.ttykm.pictures.text.event_prose`), the pictures (`oracle.games.ttykm.pictures.overlays`)
and the conformance blame (`oracle.games.ttykm.blame`) read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from oracle.games.ttykm.board import NEIGHBOUR, SQUARES, Action, Colour, Era, cell_name, square_name
from oracle.games.ttykm.events import (
    Built,
    Cleared,
    Commanded,
    CopyChosen,
    Created,
    Crushed,
    Drawn,
    Dug,
    Event,
    Fell,
    Flattened,
    FocusMoved,
    Grew,
    Halted,
    HatOff,
    HatOn,
    Moved,
    Paradox,
    Placed,
    Planted,
    Pushed,
    Shifted,
    Stepped,
    Trampled,
    Travelled,
    Unplaced,
    Won,
)
from oracle.games.ttykm.objects import statue_name
from oracle.games.ttykm.turn import Aimed, TurnAction

ArrowKind = Literal["move", "push", "travel", "attempt", "fall", "statue", "carried", "elephant",
                    "plant", "dig", "build", "train"]
MarkerKind = Literal["crushed", "paradox", "created", "grew", "cleared", "built", "blocked", "trained", "untrained",
                     "refused"]


class Drawing(Protocol):
    """A picture of a turn being drawn from its events (`oracle.games.ttykm.pictures.overlays`): where the
    active copy stands, and its numbered actions, unnumbered effects and badges so far."""

    active: int | None

    def action(self, source: int | None, target: int | None, kind: ArrowKind, action: TurnAction | None) -> None:
        """The active copy's next action, numbered."""
        ...

    def effect(self, source: int, target: int, kind: ArrowKind) -> None:
        """An effect's arrow, unnumbered."""
        ...

    def mark(self, cell: int, kind: MarkerKind, colour: Colour | None, event: Event) -> None:
        """A badge on a cell."""
        ...

    def acting_era(self, cell: int) -> bool:
        """Whether ``cell`` is on the active copy's era."""
        ...


E = TypeVar("E")


@dataclass(frozen=True)
class EventForm(Generic[E]):
    """How one kind of event is written, drawn and blamed.

    ``word`` starts its line and ``marker`` tells it from another event of the same word (``moved white
    statue ...``, ``crushed ... by tree``); ``rule`` is the clause it comes from when the event alone says
    it (None: its place in the trace decides, as for a push or a travel), and ``among_pushes`` says it may
    sit inside a push group without ending it (an effect a push causes)."""

    kind: type[E]
    json_type: str
    text: Callable[[E], str]
    fields: Callable[[E], dict[str, Any]]
    prose: Callable[[E], str]
    draw: Callable[[Drawing, E], None]
    rule: str | None = None
    among_pushes: bool = False
    marker: str = ""


# --- the words the lines and the sentences share ---------------------------------------------------------


def _to(target: int) -> str:
    return square_name(target % SQUARES)


def _place(c: int) -> str:
    return f"square {square_name(c % SQUARES)} of the {Era(c // SQUARES).word}"


def _statue(owner: Colour | None) -> str:
    return "the neutral statue" if owner is None else f"{owner.word.capitalize()}'s statue"


def _elephant(elephant: str) -> str:
    return elephant.replace("-", " ")


def _crush(event: Crushed) -> str:
    """A copy pushed to its death: into the wall, or against an object that cannot move (OBJECTS.PUSH)."""
    against = "into the wall" if NEIGHBOUR[event.direction][event.cell % SQUARES] is None \
        else "against an object that cannot move"
    return (f"The {event.colour.word} copy on {_place(event.cell)} is pushed {event.direction.word} {against} and"
            " crushed.")


def _path(source: int, target: int, direction: Action) -> str:
    """A step in a line: the cell it leaves, the square it reaches, its direction (``past:a1-b1 E``)."""
    return f"{cell_name(source)}-{_to(target)} {direction.value}"


def _path_fields(source: int, target: int, direction: Action) -> dict[str, Any]:
    """A step in the JSON form: ``from``, ``to`` and ``direction``."""
    return {"from": cell_name(source), "to": cell_name(target), "direction": direction.value}


def _move(colour: Colour, source: int, target: int, direction: Action) -> dict[str, Any]:
    return {"colour": colour.word, **_path_fields(source, target, direction)}


# --- how each event is drawn on the picture after its turn -----------------------------------------------


def _chosen(d: Drawing, e: CopyChosen) -> None:
    d.active = e.cell


def _moved(d: Drawing, e: Moved) -> None:
    d.action(e.source, e.target, "move", e.direction)
    d.active = e.target


def _travelled(d: Drawing, e: Travelled) -> None:
    d.action(e.source, e.target, "travel", Action.FORWARD if e.target > e.source else Action.BACKWARD)
    d.active = e.target


def _paradox(d: Drawing, e: Paradox) -> None:
    if e.pushed == d.active:
        # self-push=paradox: the active copy's fatal Move onto its own copy has no Moved event.
        d.action(e.pushed, e.struck, "move", None)
        d.active = None
    d.mark(e.pushed, "paradox", e.colour, e)
    d.mark(e.struck, "paradox", e.colour, e)


def _hat_on(d: Drawing, e: HatOn) -> None:
    if d.acting_era(e.cell):
        d.action(d.active, e.cell, "train", Aimed("T", e.cell % SQUARES))
    else:  # MEMORY.TRAIN.LATER: the later versions put on the hat too
        d.mark(e.cell, "trained", e.colour, e)


def _shifted(d: Drawing, e: Shifted) -> None:
    # A statue moved on an era after the active copy's: the move was carried from the era before.
    carried = d.active is not None and e.source // SQUARES > d.active // SQUARES
    d.effect(e.source, e.target, "carried" if carried else "statue")


def _built(d: Drawing, e: Built) -> None:
    d.action(d.active, e.cell, "build", Aimed("B", e.cell % SQUARES))
    d.mark(e.cell, "built", None, e)


def _nothing(d: Drawing, e: Any) -> None:
    """Drawn by what follows it (a win, a chance draw): nothing of its own."""


Crushing = TypeVar("Crushing", Flattened, Trampled)


def _crushed_by(kind: type[Crushing], what: str, by: str, rule: str) -> EventForm[Crushing]:
    """A copy removed by an object coming onto it, ``what`` in its line (``crushed ... by tree``), ``by`` in
    its sentence."""
    return EventForm[Crushing](
        kind, f"crushed_by_{what}",
        lambda e: f"crushed {e.colour.word} {cell_name(e.cell)} by {what}",
        lambda e: {"colour": e.colour.word, "cell": cell_name(e.cell)},
        lambda e: f"The {e.colour.word} copy on {_place(e.cell)} is crushed by {by}.",
        lambda d, e: d.mark(e.cell, "crushed", e.colour, e), rule=rule, among_pushes=True, marker=f" by {what}")


FORMS: tuple[EventForm[Any], ...] = (
    EventForm[CopyChosen](
        CopyChosen, "copy_chosen",
        lambda e: f"chose {e.colour.word} {cell_name(e.cell)}",
        lambda e: {"colour": e.colour.word, "cell": cell_name(e.cell)},
        lambda e: f"{e.colour.word.capitalize()} chooses the copy on {_place(e.cell)}.",
        _chosen, rule="TURN.COPY-CHOICE"),
    EventForm[Moved](
        Moved, "moved",
        lambda e: f"moved {e.colour.word} {_path(e.source, e.target, e.direction)}",
        lambda e: _move(e.colour, e.source, e.target, e.direction),
        lambda e: f"The {e.colour.word} copy moves {e.direction.word} from {_place(e.source)} to {_to(e.target)}.",
        _moved),
    EventForm[Pushed](
        Pushed, "pushed",
        lambda e: f"pushed {e.colour.word} {_path(e.source, e.target, e.direction)}",
        lambda e: _move(e.colour, e.source, e.target, e.direction),
        lambda e: (f"The {e.colour.word} copy on {_place(e.source)} is pushed {e.direction.word} "
                   f"to {_to(e.target)}."),
        lambda d, e: d.effect(e.source, e.target, "push")),
    EventForm[Crushed](
        Crushed, "crushed",
        lambda e: f"crushed {e.colour.word} {cell_name(e.cell)} {e.direction.value}",
        lambda e: {"colour": e.colour.word, "cell": cell_name(e.cell), "direction": e.direction.value},
        _crush,
        lambda d, e: d.mark(e.cell, "crushed", e.colour, e)),
    EventForm[Paradox](
        Paradox, "paradox",
        lambda e: f"paradox {e.colour.word} {cell_name(e.pushed)} {cell_name(e.struck)}",
        lambda e: {"colour": e.colour.word, "pushed": cell_name(e.pushed), "struck": cell_name(e.struck)},
        lambda e: (f"Paradox: the {e.colour.word} copy from {_place(e.pushed)} meets the {e.colour.word} copy "
                   f"on {_place(e.struck)}, and both are removed."),
        _paradox),
    EventForm[Travelled](
        Travelled, "travelled",
        lambda e: f"travelled {e.colour.word} {cell_name(e.source)}>{Era(e.target // SQUARES).word}",
        lambda e: {"colour": e.colour.word, "from": cell_name(e.source), "to": cell_name(e.target)},
        lambda e: (f"The {e.colour.word} copy on {_place(e.source)} travels "
                   f"{'forward' if e.target > e.source else 'back'} in time to the {Era(e.target // SQUARES).word}."),
        _travelled),
    EventForm[Created](
        Created, "created",
        lambda e: f"created {e.colour.word} {cell_name(e.cell)}",
        lambda e: {"colour": e.colour.word, "cell": cell_name(e.cell)},
        lambda e: f"A new {e.colour.word} copy comes from the supply onto {_place(e.cell)}.",
        lambda d, e: d.mark(e.cell, "created", e.colour, e), rule="TRAVEL.BACKWARD"),
    EventForm[FocusMoved](
        FocusMoved, "focus_moved",
        lambda e: f"focus {e.colour.word} {e.source.word}>{e.target.word}",
        lambda e: {"colour": e.colour.word, "from": e.source.word, "to": e.target.word},
        lambda e: f"{e.colour.word.capitalize()} moves the Focus from the {e.source.word} to the {e.target.word}.",
        _nothing, rule="FOCUS.MOVE"),
    EventForm[Won](
        Won, "won",
        lambda e: f"won {e.colour.word}",
        lambda e: {"colour": e.colour.word},
        lambda e: f"{e.colour.word.capitalize()} wins.",
        _nothing, rule="WIN.CHECK"),
    EventForm[Planted](
        Planted, "planted",
        lambda e: f"planted {e.colour.word} {cell_name(e.cell)}",
        lambda e: {"colour": e.colour.word, "cell": cell_name(e.cell)},
        lambda e: f"The {e.colour.word} copy plants a seed from the supply on {_place(e.cell)}.",
        lambda d, e: d.action(d.active, e.cell, "plant", Aimed("P", e.cell % SQUARES)),
        rule="GROWTH.PLANT", among_pushes=True),
    EventForm[Dug](
        Dug, "dug",
        lambda e: f"dug {e.colour.word} {cell_name(e.cell)}",
        lambda e: {"colour": e.colour.word, "cell": cell_name(e.cell)},
        lambda e: (f"The {e.colour.word} copy digs up the seed on {_place(e.cell)}, and the seed goes back to the"
                   " supply."),
        lambda d, e: d.action(d.active, e.cell, "dig", Aimed("D", e.cell % SQUARES)),
        rule="GROWTH.DIG", among_pushes=True),
    EventForm[Grew](
        Grew, "grew",
        lambda e: f"grew {e.what} {cell_name(e.cell)}",
        lambda e: {"object": e.what, "cell": cell_name(e.cell)},
        lambda e: f"A {e.what} grows on {_place(e.cell)}.",
        lambda d, e: d.mark(e.cell, "grew", None, e), rule="GROWTH.GROW", among_pushes=True),
    EventForm[Cleared](
        Cleared, "removed",
        lambda e: f"removed {e.what} {cell_name(e.cell)}",
        lambda e: {"object": e.what, "cell": cell_name(e.cell)},
        lambda e: f"The {e.what.replace('-', ' ')} on {_place(e.cell)} is removed.",
        lambda d, e: d.mark(e.cell, "cleared", None, e), rule="GROWTH.SEED-REMOVED", among_pushes=True),
    EventForm[Fell](
        Fell, "fell",
        lambda e: f"fell {_path(e.source, e.target, e.direction)}",
        lambda e: _path_fields(e.source, e.target, e.direction),
        lambda e: f"The tree on {_place(e.source)} falls {e.direction.word} onto {_to(e.target)}.",
        lambda d, e: d.effect(e.source, e.target, "fall"), rule="GROWTH.FALL", among_pushes=True),
    _crushed_by(Flattened, "tree", "a falling tree", "GROWTH.FALL.CRUSH"),
    EventForm[Shifted](
        Shifted, "statue_moved",
        lambda e: f"moved {statue_name(e.owner)} statue {_path(e.source, e.target, e.direction)}",
        lambda e: {"statue": statue_name(e.owner), **_path_fields(e.source, e.target, e.direction)},
        lambda e: (f"{_statue(e.owner).capitalize()} on {_place(e.source)} moves {e.direction.word} "
                   f"to {_to(e.target)}."),
        _shifted, rule="INFLUENCE.PROPAGATE", among_pushes=True, marker=" statue "),
    EventForm[Halted](
        Halted, "statue_blocked",
        lambda e: f"blocked {statue_name(e.owner)} statue {cell_name(e.cell)} {e.direction.value}",
        lambda e: {"statue": statue_name(e.owner), "cell": cell_name(e.cell), "direction": e.direction.value},
        lambda e: (f"{_statue(e.owner).capitalize()} on {_place(e.cell)} cannot move {e.direction.word} as it did"
                   " in the era before, so it stays, and the eras after it are spared."),
        lambda d, e: d.mark(e.cell, "blocked", None, e), rule="INFLUENCE.PROPAGATE.STOP", among_pushes=True,
        marker=" statue "),
    EventForm[Built](
        Built, "built",
        lambda e: f"built {e.colour.word} statue {cell_name(e.cell)}",
        lambda e: {"colour": e.colour.word, "cell": cell_name(e.cell)},
        lambda e: f"The {e.colour.word} copy builds {e.colour.word.capitalize()}'s statue on {_place(e.cell)}.",
        _built, rule="INFLUENCE.BUILD", among_pushes=True, marker=" statue "),
    EventForm[Placed](
        Placed, "statue_placed",
        lambda e: f"placed {e.colour.word} statue {cell_name(e.cell)}" + (" rebound" if e.rebound else ""),
        lambda e: {"colour": e.colour.word, "cell": cell_name(e.cell), "rebound": e.rebound},
        lambda e: (f"{_statue(e.colour).capitalize()} appears on {_place(e.cell)} as well"
                   + (", one square back from where the era before left it, because that square is blocked"
                      if e.rebound else "") + "."),
        lambda d, e: d.mark(e.cell, "built", None, e), rule="INFLUENCE.BUILD.LATER", among_pushes=True,
        marker=" statue "),
    EventForm[Unplaced](
        Unplaced, "statue_unplaced",
        lambda e: f"unplaced {e.colour.word} statue {cell_name(e.cell)}",
        lambda e: {"colour": e.colour.word, "cell": cell_name(e.cell)},
        lambda e: (f"{_statue(e.colour).capitalize()} cannot appear on the {Era(e.cell // SQUARES).word}: square "
                   f"{square_name(e.cell % SQUARES)} and the square behind it are both blocked, so no later era gets"
                   " it either."),
        lambda d, e: d.mark(e.cell, "blocked", None, e), rule="INFLUENCE.BUILD.REBOUND-BLOCKED",
        among_pushes=True, marker=" statue "),
    EventForm[HatOn](
        HatOn, "hat_on",
        lambda e: f"hat {e.colour.word} on {e.elephant} {cell_name(e.cell)}",
        lambda e: {"colour": e.colour.word, "elephant": e.elephant, "cell": cell_name(e.cell)},
        lambda e: f"The {_elephant(e.elephant)} on {_place(e.cell)} puts on {e.colour.word.capitalize()}'s hat.",
        _hat_on, rule="MEMORY.TRAIN", among_pushes=True),
    EventForm[HatOff](
        HatOff, "hat_off",
        lambda e: f"hat {e.colour.word} off {e.elephant} {cell_name(e.cell)}",
        lambda e: {"colour": e.colour.word, "elephant": e.elephant, "cell": cell_name(e.cell)},
        lambda e: f"{e.colour.word.capitalize()}'s hat comes off the {_elephant(e.elephant)} on {_place(e.cell)}.",
        lambda d, e: d.mark(e.cell, "untrained", e.colour, e), rule="MEMORY.TRAIN", among_pushes=True,
        marker=" off "),
    EventForm[Commanded](
        Commanded, "commanded",
        lambda e: f"commanded {e.colour.word} {e.elephant} {_path(e.source, e.target, e.direction)}",
        lambda e: {"colour": e.colour.word, "elephant": e.elephant, **_path_fields(e.source, e.target, e.direction)},
        lambda e: (f"{e.colour.word.capitalize()} commands the {_elephant(e.elephant)} on {_place(e.source)} "
                   f"to step {e.direction.word} to {_to(e.target)}."),
        lambda d, e: d.action(e.source, e.target, "elephant", e.direction), rule="MEMORY.COMMAND",
        among_pushes=True),
    EventForm[Stepped](
        Stepped, "stepped",
        lambda e: f"stepped {e.elephant} {_path(e.source, e.target, e.direction)}",
        lambda e: {"elephant": e.elephant, **_path_fields(e.source, e.target, e.direction)},
        lambda e: (f"The {_elephant(e.elephant)} on {_place(e.source)} steps {e.direction.word} "
                   f"to {_to(e.target)}, as it did in the era before."),
        lambda d, e: d.effect(e.source, e.target, "elephant"), rule="VARIANT.ELEPHANT-MOVES-PROPAGATE",
        among_pushes=True),
    _crushed_by(Trampled, "elephant", "an elephant", "MEMORY.TRAMPLE"),
    EventForm[Drawn](
        Drawn, "drawn",
        lambda e: f"drew {e.pair}",
        lambda e: {"rules": e.pair},
        lambda e: (" and ".join(name.capitalize() for name in e.pair.split("+"))
                   + " are drawn, and both chapters' objects are set up."),
        _nothing),
)
"""Every event, in the order of `oracle.games.ttykm.events`."""

BY_KIND: dict[type, EventForm[Any]] = {form.kind: form for form in FORMS}


def form_of(event: Event) -> EventForm[Any]:
    """The row of an event."""
    return BY_KIND[type(event)]


def form_of_line(line: str) -> EventForm[Any] | None:
    """The row an event line (an engine's, perhaps) is written by: by its first word, and among the rows of
    that word the one whose marker it holds (`EventForm.marker`), else the one with none; None if no row."""
    word = line.split(" ", 1)[0]
    rows = BY_WORD.get(word, ())
    marked = next((f for f in rows if f.marker and (line.endswith(f.marker) if f.marker.startswith(" by ")
                                                    else f.marker in line)), None)
    return marked or next((f for f in rows if not f.marker), None)


def _sample(kind: type) -> Any:
    """An event of ``kind``, any one: its line's first word is the kind's (`LINE_WORDS`)."""
    defaults: dict[str, Any] = {"colour": Colour.WHITE, "cell": 0, "source": 0, "target": 1, "pushed": 0,
                                "struck": 1, "direction": Action.NORTH, "what": "seed", "owner": None,
                                "rebound": False, "elephant": "dark-elephant", "pair": "growth+memory"}
    fields = kind.__dataclass_fields__  # type: ignore[attr-defined]
    values = {name: defaults[name] for name in fields}
    if kind is FocusMoved:
        values.update(source=Era.PAST, target=Era.PRESENT)
    return kind(**values)


LINE_WORDS: dict[type, str] = {form.kind: form.text(_sample(form.kind)).split(" ", 1)[0] for form in FORMS}
"""The word each kind's line starts with (``chose``, ``moved``, ``crushed`` ...), read from its own row."""
BY_WORD: dict[str, tuple[EventForm[Any], ...]] = {}
for _form in FORMS:
    BY_WORD[LINE_WORDS[_form.kind]] = (*BY_WORD.get(LINE_WORDS[_form.kind], ()), _form)
