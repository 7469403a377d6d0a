"""The one exception type the parsers raise, and its kind for invalid positions."""

from __future__ import annotations


class NotationError(ValueError):
    """Text or JSON that does not follow spec/ttykm/notation.md.

    ``token`` is the offending token and ``column`` its 1-based column in the
    input (0 when the input is JSON, or when nothing in it is at fault but
    something is missing).
    """

    def __init__(self, message: str, token: str = "", column: int = 0) -> None:
        where = f" at column {column}" if column else ""
        shown = f" {token!r}" if token else ""
        super().__init__(f"{message}:{shown}{where}" if shown else message)
        self.token = token
        self.column = column


class InvalidPosition(NotationError):
    """A well-formed position that breaks rule POSITION.VALID; the message says how."""

    rule = "POSITION.VALID"
