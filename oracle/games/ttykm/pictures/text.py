"""Text pictures of positions and turns: a board for the terminal, and sentences for readers."""

from __future__ import annotations

from oracle.games.ttykm.board import SQUARES, Colour, Era, cell
from oracle.games.ttykm.event_forms import form_of
from oracle.games.ttykm.events import Event
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
    white = position.on_board(Colour.WHITE)
    return (f"The three eras, {whose}: White has {white} {'copy' if white == 1 else 'copies'} on the board, "
            f"Black {position.on_board(Colour.BLACK)}")


def event_prose(event: Event) -> str:
    """One event as an English sentence, e.g. ``The black copy on square b2 of the present is pushed north to b3.``

    Every event of the standard game and of every chapter has its sentence (its row of
    `oracle.games.ttykm.event_forms`), so that a reader who has not met the notation can follow any turn."""
    return form_of(event).prose(event)
