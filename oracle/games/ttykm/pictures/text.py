"""Text pictures of positions and turns: a board for the terminal, and sentences for readers."""

from __future__ import annotations

from oracle.games.ttykm.board import NEIGHBOUR, SQUARES, Action, Colour, Era, cell
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
from oracle.games.ttykm.notation import cell_prose, event_text, square_name, square_text
from oracle.games.ttykm.objects import hats_in_supply
from oracle.games.ttykm.state import Position

EMPTY = "."


def board_text(position: Position) -> str:
    """The three eras side by side, rank 4 at the top, with the Foci, the
    supplies and whose turn it is.  White copies are ``w``, Black's ``b``."""
    headers = []
    for era in Era:
        marks = [c.word[0].upper() for c in Colour if position.focus[c] == era]
        label = era.word + (" [" + "".join(marks) + "]" if marks else "")
        headers.append(f"{label:<11}")
    lines = ["    " + "   ".join(headers).rstrip()]
    for rank in range(3, -1, -1):
        row = []
        for era in Era:
            row.append(
                " ".join(square_char(position, cell(era, rank * 4 + f)) for f in range(4))
                + "    "
            )
        lines.append(f" {rank + 1}  " + "   ".join(row).rstrip())
    lines.append("    " + "   ".join(["a b c d    "] * 3).rstrip())
    if position.winner is not None:
        status = f"{position.winner.word} has won"
    else:
        assert position.to_move is not None
        status = f"{position.to_move.word} to move"
    lines.append(
        f"    {status}; Focus [W] white {position.focus[0].word}, [B] black {position.focus[1].word};"
        f" supply {position.supply[0]}-{position.supply[1]}; removed {position.removed[0]}-{position.removed[1]}"
    )
    lines += hat_lines(position)
    return "\n".join(lines)


def hat_lines(position: Position) -> list[str]:
    """Memory: a trained elephant is ``D`` or ``L`` on the board; this line says whose hat it wears."""
    worn = [(t.hat, c) for c, t in position.chapters.solids if t.hat is not None] if position.chapters else []
    if not worn:
        return []
    parts = [f"{colour.word} on {cell_prose(c)}" for colour in Colour for hat, c in worn if hat is colour]
    return ["    hats: " + ", ".join(parts)]


def square_char(position: Position, c: int) -> str:
    """One character per square: ``w``/``b`` a copy (``W``/``B`` on a seed),
    and the objects as the notation writes them (NOTATION.OBJECTS)."""
    text = square_text(position, c)
    if text is None:
        return EMPTY
    if text.startswith("("):
        return text[1].upper()
    return text


def events_text(events: tuple[Event, ...], indent: str = "  ") -> str:
    return "\n".join(indent + event_text(e) for e in events)


# --- in words, for screen readers and for readers who have not met the notation ---


def _place(c: int) -> str:
    return f"square {square_name(c % SQUARES)} of the {Era(c // SQUARES).word}"


def position_prose(position: Position) -> str:
    """The position in plain sentences: each era's copies, the Foci, the supplies and whose turn it is."""
    lines = []
    for era in Era:
        held = []
        for colour in Colour:
            squares = [square_name(s) for s in range(SQUARES) if position.occupant(cell(era, s)) is colour]
            if squares:
                noun = "copy" if len(squares) == 1 else "copies"
                held.append(f"{colour.word} {noun} on {', '.join(squares)}")
        foci = [c.word.capitalize() for c in Colour if position.focus[c] == era]
        focus = f" {' and '.join(foci)}'s Focus {'is' if len(foci) == 1 else 'are'} here." if foci else ""
        lines.append(f"The {era.word}: {'; '.join(held) if held else 'empty'}.{focus}")
    if position.winner is not None:
        lines.append(f"{position.winner.word.capitalize()} has won.")
    else:
        assert position.to_move is not None
        lines.append(f"{position.to_move.word.capitalize()} to move.")
    lines.append(
        f"In supply: White {position.supply[0]}, Black {position.supply[1]}. "
        f"Removed from the game: White {position.removed[0]}, Black {position.removed[1]}."
    )
    lines += [part[0].upper() + part[1:] + "." for part in chapter_state(position)]
    return "\n".join(lines)


def chapter_state(position: Position) -> list[str]:
    """What the chapters in play keep off the boards, in words: the shared seeds (GROWTH.SEEDS), who has
    built a statue (INFLUENCE.BUILD.ONCE), the hats in supply (MEMORY.HATS)."""
    chapters = position.chapters
    if chapters is None:
        return []
    said = []
    if "growth" in chapters.modules:
        said.append(f"seeds in supply: {chapters.seed_supply}")
    if "influence" in chapters.modules:
        built = [c.word.capitalize() for c in Colour if chapters.built[c]]
        said.append("statue built by " + " and ".join(built) if built else "no statue built yet")
    if "memory" in chapters.modules:
        white, black = (hats_in_supply(chapters, c) for c in Colour)
        said.append(f"hats in supply: White {white}, Black {black}")
    return said


def position_summary(position: Position) -> str:
    """A one-line title for a picture of the position."""
    whose = (f"{position.winner.word.capitalize()} has won" if position.winner is not None
             else f"{position.to_move.word.capitalize() if position.to_move is not None else ''} to move")
    return (f"The three eras, {whose}: White has {position.on_board(Colour.WHITE)} copies on the board, "
            f"Black {position.on_board(Colour.BLACK)}")


def _statue(owner: Colour | None) -> str:
    return "the neutral statue" if owner is None else f"{owner.word.capitalize()}'s statue"


def _elephant(elephant: str) -> str:
    return elephant.replace("-", " ")


def _crush(colour: Colour, c: int, direction: Action) -> str:
    """A copy pushed to its death: into the wall, or against an object that cannot move (OBJECTS.PUSH)."""
    against = "into the wall" if NEIGHBOUR[direction][c % SQUARES] is None else "against an object that cannot move"
    return f"The {colour.word} copy on {_place(c)} is pushed {direction.word} {against} and crushed."


def event_prose(event: Event) -> str:
    """One event as an English sentence, e.g. ``The black copy on square b2 of the present is pushed north to b3.``

    Every event of the standard game and of every chapter has its sentence, so
    that a reader who has not met the notation can follow any turn."""
    match event:
        case CopyChosen(colour, c):
            return f"{colour.word.capitalize()} chooses the copy on {_place(c)}."
        case Moved(colour, source, target, direction):
            return (f"The {colour.word} copy moves {direction.word} from {_place(source)} "
                    f"to {square_name(target % SQUARES)}.")
        case Pushed(colour, source, target, direction):
            return (f"The {colour.word} copy on {_place(source)} is pushed {direction.word} "
                    f"to {square_name(target % SQUARES)}.")
        case Crushed(colour, c, direction):
            return _crush(colour, c, direction)
        case Paradox(colour, pushed, struck):
            return (f"Paradox: the {colour.word} copy from {_place(pushed)} meets the {colour.word} copy "
                    f"on {_place(struck)}, and both are removed.")
        case Travelled(colour, source, target):
            way = "forward" if target > source else "back"
            return (f"The {colour.word} copy on {_place(source)} travels {way} in time "
                    f"to the {Era(target // SQUARES).word}.")
        case Created(colour, c):
            return f"A new {colour.word} copy comes from the supply onto {_place(c)}."
        case FocusMoved(colour, source, target):
            return f"{colour.word.capitalize()} moves the Focus from the {source.word} to the {target.word}."
        case Won(colour):
            return f"{colour.word.capitalize()} wins."
        case Planted(colour, c):
            return f"The {colour.word} copy plants a seed from the supply on {_place(c)}."
        case Dug(colour, c):
            return f"The {colour.word} copy digs up the seed on {_place(c)}, and the seed goes back to the supply."
        case Grew(what, c):
            return f"A {what} grows on {_place(c)}."
        case Cleared(what, c):
            return f"The {what.replace('-', ' ')} on {_place(c)} is removed."
        case Fell(source, target, direction):
            return f"The tree on {_place(source)} falls {direction.word} onto {square_name(target % SQUARES)}."
        case Flattened(colour, c):
            return f"The {colour.word} copy on {_place(c)} is crushed by a falling tree."
        case Shifted(owner, source, target, direction):
            return (f"{_statue(owner).capitalize()} on {_place(source)} moves {direction.word} "
                    f"to {square_name(target % SQUARES)}.")
        case Halted(owner, c, direction):
            return (f"{_statue(owner).capitalize()} on {_place(c)} cannot move {direction.word} as it did in the era "
                    f"before, so it stays, and the eras after it are spared.")
        case Built(colour, c):
            return f"The {colour.word} copy builds {colour.word.capitalize()}'s statue on {_place(c)}."
        case Placed(colour, c, rebound):
            again = (", one square back from where the era before left it, because that square is blocked"
                     if rebound else "")
            return f"{_statue(colour).capitalize()} appears on {_place(c)} as well{again}."
        case Unplaced(colour, c):
            return (f"{_statue(colour).capitalize()} cannot appear on the {Era(c // SQUARES).word}: square "
                    f"{square_name(c % SQUARES)} and the square behind it are both blocked, so no later era gets it "
                    f"either.")
        case HatOn(colour, elephant, c):
            return f"The {_elephant(elephant)} on {_place(c)} puts on {colour.word.capitalize()}'s hat."
        case HatOff(colour, elephant, c):
            return f"{colour.word.capitalize()}'s hat comes off the {_elephant(elephant)} on {_place(c)}."
        case Commanded(colour, elephant, source, target, direction):
            return (f"{colour.word.capitalize()} commands the {_elephant(elephant)} on {_place(source)} "
                    f"to step {direction.word} to {square_name(target % SQUARES)}.")
        case Stepped(elephant, source, target, direction):
            return (f"The {_elephant(elephant)} on {_place(source)} steps {direction.word} "
                    f"to {square_name(target % SQUARES)}, as it did in the era before.")
        case Trampled(colour, c):
            return f"The {colour.word} copy on {_place(c)} is crushed by an elephant."
        case Drawn(pair):
            chapters = " and ".join(name.capitalize() for name in pair.split("+"))
            return f"{chapters} are drawn, and both chapters' objects are set up."
    raise TypeError(f"not an event: {event!r}")  # pragma: no cover
