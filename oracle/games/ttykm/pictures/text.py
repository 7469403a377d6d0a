"""Text pictures of positions and turns for the terminal."""

from __future__ import annotations

from oracle.games.ttykm.board import Colour, Era, cell
from oracle.games.ttykm.events import Event
from oracle.games.ttykm.notation import cell_prose, event_text, square_text
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
