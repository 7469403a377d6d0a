"""The one exception type the readers raise, `NotationError`, and its kinds: an invalid state (naming its
game's clause), a variant that changes nothing, a game that breaks the contract."""

from __future__ import annotations

# The longest token an error message quotes in full; longer ones are cut.
MAX_SHOWN_TOKEN = 40


def shorten(token: str) -> str:
    """``token``, cut to `MAX_SHOWN_TOKEN` characters with an ellipsis, for an error message."""
    return token if len(token) <= MAX_SHOWN_TOKEN else token[: MAX_SHOWN_TOKEN - 3] + "..."


class NotationError(ValueError):
    """Text or JSON that does not follow its game's notation (or a name, a number or a field that the shared
    input discipline refuses: oracle/inputs.py).

    ``token`` is the offending token and ``column`` its 1-based column in the
    input (0 when the input is JSON, or when nothing in it is at fault but
    something is missing).
    """

    def __init__(self, message: str, token: str = "", column: int = 0) -> None:
        where = f" at column {column}" if column else ""
        shown = f" {shorten(token)!r}" if token else ""
        super().__init__(f"{message}:{shown}{where}" if shown else message)
        self.token = token
        self.column = column


class InvalidPosition(NotationError):
    """A well-formed state that breaks its game's validity clause; the message says how, and ``rule`` names
    the clause (each game's own: TTYKM's POSITION.VALID, Time Chase's TC.STATE.VALID ...)."""

    rule: str | None = None

    def __init__(self, message: str, token: str = "", column: int = 0, rule: str | None = None) -> None:
        super().__init__(message, token, column)
        if rule is not None:
            self.rule = rule


def invalid_text(error: InvalidPosition) -> str:
    """An invalid state's message with its clause, once: ``invalid position (POSITION.VALID): ...``."""
    said = str(error)
    if error.rule is None or error.rule in (part.strip() for part in said.split(":", 2)[:2]):
        return f"invalid position: {said}"
    return f"invalid position ({error.rule}): {said}"


class InapplicableVariant(NotationError):
    """A variant named for a game whose rules it does not change, such as an
    Influence variant for a Memory position; the message names the ruleset."""


class GameContractError(NotationError):
    """A registered game that does not keep the contract (oracle/games/base.py): the message names the game
    and the piece it lacks, so that a new game fails when it is loaded, never deep inside a tool."""
