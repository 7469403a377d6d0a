"""The input discipline: bounds and checks that every reader of outside input applies.

The command line (arguments, standard input, files), the JSON-lines protocol
(its line and each field) and every game's notation read outside input
through these functions, so that one set of limits holds everywhere:

* sizes are bounded: `MAX_STATE_BYTES` for a position, `MAX_ACTION_BYTES` for
  a turn, `MAX_NAME_BYTES` for a game, ruleset or variant name, and
  `MAX_STDIN_BYTES` for standard input, which is read no further than that;
* numbers are written in ASCII digits only (no ``²``, ``٣``, ``①`` or
  ``1_0``), with at most `MAX_INT_DIGITS` digits;
* JSON nesting is measured before the text is parsed (`MAX_JSON_DEPTH`), so
  that no input can exhaust the parser's stack;
* every failure is a `NotationError`, whose message is one line.

The figures are documented in spec/protocol.md (Limits) and docs/cli.md.
This module imports no game and no tool: games and tools both use it.
"""

from __future__ import annotations

import json
import math
import re
from typing import IO, Any

from oracle.errors import NotationError

# A position (the game's state) in the text notation or its JSON form.
MAX_STATE_BYTES = 16384
# A turn (the game's action), text or JSON.
MAX_ACTION_BYTES = 1024
# A game, ruleset or variant name (variant names joined by '+' included).
MAX_NAME_BYTES = 256
# Standard input, which holds one position.
MAX_STDIN_BYTES = MAX_STATE_BYTES
# The deepest JSON nesting accepted anywhere: a protocol request holding a
# position's JSON form is 3 deep, so 32 leaves ample room for other games.
MAX_JSON_DEPTH = 32
# The longest integer: 18 digits fit any count a game may hold and stay
# well clear of Python's limit on converting long integers to text.
MAX_INT_DIGITS = 18


def byte_length(text: str) -> int:
    """The UTF-8 length of ``text`` (lone surrogates count as 3 bytes, as JSON may carry them)."""
    return len(text.encode("utf-8", "surrogatepass"))


def check_size(text: str, limit: int, what: str) -> str:
    """``text`` itself, or `NotationError` when it is longer than ``limit`` bytes of UTF-8."""
    if len(text) > limit or byte_length(text) > limit:
        raise NotationError(f"{what} is longer than {limit} bytes")
    return text


def is_ascii_digits(text: str) -> bool:
    """True for a non-empty run of the digits 0-9 and nothing else.

    ``str.isdigit`` is not enough: it is true for ``²``, ``٣`` and ``①``.
    """
    return text.isascii() and text.isdigit()


def parse_int(text: str, what: str, column: int = 0, max_digits: int = MAX_INT_DIGITS) -> int:
    """An integer written in ASCII digits, with an optional leading ``-``.

    Refuses what ``int()`` would accept besides: other scripts' digits,
    underscores (``1_0``), spaces and ``+``.
    """
    digits = text[1:] if text.startswith("-") else text
    if not is_ascii_digits(digits):
        raise NotationError(f"{what} must be a whole number in ASCII digits", text, column)
    if len(digits) > max_digits:
        raise NotationError(f"{what} has more than {max_digits} digits", text, column)
    return int(text)


def parse_seconds(text: str, what: str) -> float:
    """A finite, positive number of seconds written in ASCII (``10``, ``0.5``, ``2e-1``).

    Refuses ``nan``, ``inf``, zero, negatives, underscores and non-ASCII digits.
    """
    if not text.isascii() or "_" in text or len(text) > 32:
        raise NotationError(f"{what} must be a positive number of seconds", text)
    try:
        value = float(text)
    except ValueError:
        raise NotationError(f"{what} must be a positive number of seconds", text) from None
    if not math.isfinite(value) or value <= 0:
        raise NotationError(f"{what} must be a finite positive number of seconds", text)
    return value


# The characters that matter to JSON nesting: quotes, escapes and brackets.
_JSON_STRUCTURE = re.compile(r'["\\\[\]{}]')


def json_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text, counted without parsing it.

    Brackets inside strings are skipped; the text need not be valid JSON.
    """
    depth = deepest = 0
    in_string = escaped = False
    last = -1
    for match in _JSON_STRUCTURE.finditer(text):
        ch, at = match.group(), match.start()
        if in_string:
            if escaped and at == last + 1:  # the character right after a backslash
                escaped = False
            else:
                escaped = ch == "\\"
                in_string = ch != '"'
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
        last = at
    return deepest


def _bounded_int(text: str) -> int:
    return parse_int(text, "a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # such as 1e400: it could not be written back as JSON
        raise NotationError("a JSON number is too large", text[:20])
    return value


def _reject_constant(name: str) -> Any:
    raise NotationError("not JSON", name)


def load_json(text: str, what: str, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Parse JSON text, its nesting measured first; `NotationError` on any failure.

    NaN and Infinity are refused (they are not JSON), and so are integers of
    more than `MAX_INT_DIGITS` digits and floats too large to write back.
    """
    # Counting the brackets is quick; the scan is needed only when there are many.
    depth = json_depth(text) if text.count("[") + text.count("{") > max_depth else 0
    if depth > max_depth:
        raise NotationError(f"{what} is nested {depth} deep; at most {max_depth} levels are accepted")
    try:
        return json.loads(text, parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise NotationError(f"{what} is malformed: {exc.msg} at column {exc.colno}") from None
    except RecursionError:  # cannot happen below max_depth; kept so that no input escapes as a traceback
        raise NotationError(f"{what} is nested too deeply") from None


def read_stream(stream: IO[str], limit: int = MAX_STDIN_BYTES, what: str = "standard input") -> str:
    """Read a text stream to its end, but never more than ``limit`` characters (plus one to tell)."""
    try:
        text = stream.read(limit + 1)
    except UnicodeDecodeError:
        raise NotationError(f"{what} is not UTF-8 text") from None
    if len(text) > limit:
        raise NotationError(f"{what} holds more than {limit} bytes; a position is at most {limit}")
    return check_size(text, limit, what)


def preview(value: Any) -> str:
    """A short, safe picture of a JSON value for an error message (never fails, even on a huge integer)."""
    try:
        return repr(value)[:40]
    except (ValueError, RecursionError):  # an integer too long to write, or a list nested too deeply
        return f"a {type(value).__name__} too large to show"


def one_line(message: str) -> str:
    """``message`` with line breaks and other control characters escaped, so that it prints as one line."""
    if message.isprintable():
        return message
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in message)
