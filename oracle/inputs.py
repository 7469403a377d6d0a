"""The input discipline: bounds and checks that every reader of outside input applies.

The command line (arguments, standard input, files), the JSON-lines protocol
(its line and each field) and every game's notation read outside input
through these functions, so that one set of limits holds everywhere:

* sizes are bounded: `MAX_STATE_BYTES` for a position, `MAX_ACTION_BYTES` for
  a turn, `MAX_NAME_BYTES` for a game, ruleset or variant name,
  `MAX_STDIN_BYTES` for standard input, which is read no further than that,
  and `MAX_RECORD_BYTES` for a recorded game, read no further either;
* numbers are written in ASCII digits only (no ``²``, ``٣``, ``①`` or
  ``1_0``), with at most `MAX_INT_DIGITS` digits;
* JSON nesting is measured before the text is parsed (`MAX_JSON_DEPTH`), so
  that no input can exhaust the parser's stack, and a JSON object may name a
  key only once;
* a game declares the bounds of its states and actions (`Bounds`): the
  largest number each field of the text notation may hold, and the shape of
  the JSON form with the bound of every integer in it.  `check_state_text`,
  `check_state_json` and `check_action` apply them, and the shared readers
  (`oracle.games.base.GameBase`) call these before the game sees its input,
  so no count reaches a game's parser, and nothing is allocated for it,
  before it is checked;
* every failure is a `NotationError`, whose message is one line.

The figures are documented in spec/protocol.md (Limits) and docs/cli.md.
This module imports no game and no tool: games and tools both use it.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
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
# A recorded game (``oracle replay FILE``): one JSON line a step, each with its state, so room for a
# few hundred steps of the largest game (a 3 Ombres game is 150 to 400 steps of about 1.5 KB).
MAX_RECORD_BYTES = 4 * 1024 * 1024
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


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise NotationError("a JSON object names a key twice", twice)
    return obj


def load_json(text: str, what: str, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Parse JSON text, its nesting measured first; `NotationError` on any failure.

    NaN and Infinity are refused (they are not JSON), and so are integers of
    more than `MAX_INT_DIGITS` digits, floats too large to write back, and an
    object that names one key twice (JSON readers disagree on which one wins).
    """
    # Counting the brackets is quick; the scan is needed only when there are many.
    depth = json_depth(text) if text.count("[") + text.count("{") > max_depth else 0
    if depth > max_depth:
        raise NotationError(f"{what} is nested {depth} deep; at most {max_depth} levels are accepted")
    try:
        return json.loads(text, parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_reject_constant,
                          object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        # Some of the parser's messages end in "at" already ("Unterminated string starting at").
        raise NotationError(f"{what} is malformed: {exc.msg.removesuffix(' at')} at column {exc.colno}") from None
    except RecursionError:  # cannot happen below max_depth; kept so that no input escapes as a traceback
        raise NotationError(f"{what} is nested too deeply") from None


def read_stream(stream: IO[str], limit: int = MAX_STDIN_BYTES, what: str = "standard input",
                holds: str = "a position") -> str:
    """Read a text stream to its end, but never more than ``limit`` characters (plus one to tell);
    ``holds`` names what the stream holds, for the message."""
    try:
        text = stream.read(limit + 1)
    except UnicodeDecodeError:
        raise NotationError(f"{what} is not UTF-8 text") from None
    if len(text) > limit:
        raise NotationError(f"{what} holds more than {limit} bytes; {holds} is at most {limit}")
    return check_size(text, limit, what)


def preview(value: Any) -> str:
    """A short, safe picture of a JSON value for an error message (never fails, even on a huge integer)."""
    try:
        return repr(value)[:40]
    except (ValueError, RecursionError):  # an integer too long to write, or a list nested too deeply
        return f"a {type(value).__name__} too large to show"


def one_line(message: str) -> str:
    """``message`` with line breaks and every other character that is not printable escaped (``\\x00``).

    Escaped are the C0 and C1 controls (NUL, ESC, ``\\n``), DEL, the bidirectional controls (``\\u202e``,
    ``\\u2066``), the other format characters (``\\u200d``, ``\\ufeff``), line and paragraph separators and
    lone surrogates: the message prints as one line, and no echoed token can move the cursor, change
    colours or reorder the text around it.
    """
    if message.isprintable():
        return message
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in message)


def check_rules_text(text: str, what: str = "the rules") -> str:
    """A ruleset or variant text (names joined by ``+``): bounded, numbers in ASCII, no name given twice,
    and no setting given two values (``players=4+players=5``, ``self-push=paradox+self-push=ends``).

    The one reader of a rules text for every game: `parse_rules` applies it first
    (`oracle.games.base.GameBase`), and so do the shared state readers to the fields a game declares
    as holding one (`Bounds.rules_fields`: a card game's ``variants=``), so that a repeated or
    contradictory setting is refused alike on the command line, in a request, in a record's header and
    in a state.
    """
    check_size(text, MAX_NAME_BYTES, what)
    check_numbers(text, what)
    seen: set[str] = set()
    settings: dict[str, str] = {}
    for token in (t.strip() for t in text.split("+")):
        if token in seen and token not in ("", "standard"):
            raise NotationError(f"{token} is named twice in {what}", token)
        seen.add(token)
        name, equals, _ = token.partition("=")
        if equals and name in settings:
            raise NotationError(f"{settings[name]} and {token} in {what} both set {name}; choose one", token)
        if equals:
            settings[name] = token
    return text


# --- what a game declares about its inputs ---------------------------------------------

# The bound of a number a game declares nothing of: any number of `MAX_INT_DIGITS` digits.
NO_BOUND = 10**MAX_INT_DIGITS - 1


@dataclass(frozen=True, slots=True)
class Int:
    """The shape of a JSON integer from ``low`` to ``high``: a count, a number on a card, a player."""

    high: int
    low: int = 0


@dataclass(frozen=True, slots=True)
class Maybe:
    """The shape of null or a value of ``shape``."""

    shape: Any


@dataclass(frozen=True, slots=True)
class ListOf:
    """The shape of a JSON list whose every item has ``item``'s shape."""

    item: Any


@dataclass(frozen=True, slots=True)
class MapOf:
    """The shape of a JSON object with any keys, every value of ``value``'s shape."""

    value: Any


# A shape is ``str``, ``bool``, `Int`, `Maybe`, `ListOf`, `MapOf`, a tuple of
# shapes (a JSON list of exactly those items) or a dict of key -> shape (an
# object that may hold those keys and no other; a missing key is the game's to name).
Shape = Any


@dataclass(frozen=True, slots=True)
class Bounds:
    """What a game declares about its states and actions, checked before the game reads them.

    ``fields``: for each ``key=value`` field of the state's text notation, the
    largest number its value may hold (every run of digits in it counts).
    ``json``: the shape of the state's JSON form, an object of these keys.
    ``action_number``: the largest number an action may hold, text or JSON.
    """

    fields: Mapping[str, int] = field(default_factory=dict)
    json: Mapping[str, Shape] = field(default_factory=dict)
    action_number: int = NO_BOUND
    rules_fields: tuple[str, ...] = ()
    """The fields of the state (text ``key=`` and JSON key alike) that hold a rules text, read by
    `check_rules_text` as every rules option is (TTYKM's ``rules=``, a card game's ``variants=``)."""


_TOO_LONG = re.compile(f"[0-9]{{{MAX_INT_DIGITS + 1},}}")
# Every byte but an ASCII digit becomes a space, so that the runs of digits split apart.
_DIGITS_ONLY = bytes(b if 48 <= b <= 57 else 32 for b in range(256))


def check_numbers(text: str, what: str) -> None:
    """Refuse digits of other scripts (``²``, ``٤``, ``①``) and numbers of more than `MAX_INT_DIGITS` digits."""
    if not text.isascii():
        for at, ch in enumerate(text):
            if ch.isnumeric() and not ch.isascii():
                raise NotationError(f"numbers in {what} are written in ASCII digits 0-9", ch, at + 1)
    runs = text.encode("utf-8", "surrogatepass").translate(_DIGITS_ONLY).split()  # quicker than a search
    long = _TOO_LONG.search(text) if runs and max(map(len, runs)) > MAX_INT_DIGITS else None
    if long is not None:
        raise NotationError(f"{what} holds a number of more than {MAX_INT_DIGITS} digits", long.group(),
                            long.start() + 1)


# For each count of digits n, the numbers of n digits or more: only those can exceed a bound of n digits.
_AT_LEAST = [re.compile(f"(?<![0-9])[0-9]{{{n},}}") for n in range(MAX_INT_DIGITS + 2)]


def _over_bound(value: str, bound: int) -> re.Match[str] | None:
    """The first number in ``value`` above ``bound``, or None (the short numbers are skipped unread)."""
    for match in _AT_LEAST[len(str(bound))].finditer(value):
        if int(match.group()) > bound:
            return match
    return None


def check_state_text(text: str, bounds: Bounds, what: str = "the state") -> None:
    """The checks every state's text notation passes before its game reads it.

    Numbers are ASCII and at most `MAX_INT_DIGITS` digits long; no ``key=``
    field is given twice; every number in a field is within its declared bound.
    """
    check_numbers(text, what)
    seen: set[str] = set()
    for index, token in enumerate(text.split()):
        key, eq, value = token.partition("=")
        if not eq:
            continue
        if key in seen:
            raise NotationError("field given twice", token, _column(text, index))
        seen.add(key)
        if key in bounds.rules_fields:
            check_rules_text(value, f"the field {key}=")
        bound = bounds.fields.get(key)
        over = _over_bound(value, bound) if bound is not None else None
        if over is not None:
            raise NotationError(f"the field {key}= holds {over.group()}, more than its bound of {bound}",
                                over.group(), _column(text, index) + len(key) + 1 + over.start())


def _column(text: str, index: int) -> int:
    """The 1-based column of the ``index``-th whitespace-separated token of ``text``."""
    for number, match in enumerate(re.finditer(r"\S+", text)):
        if number == index:
            return match.start() + 1
    return 0


_KINDS = {str: "a string", bool: "true or false"}


def _describe(shape: Shape) -> str:
    if isinstance(shape, Int):
        return f"a whole number {shape.low} to {shape.high}"
    if isinstance(shape, Maybe):
        return _describe(shape.shape) + " or null"
    if isinstance(shape, ListOf | tuple):
        return "a list"
    if isinstance(shape, MapOf | dict):
        return "an object"
    return _KINDS.get(shape, "null")


def check_shape(value: Any, shape: Shape, path: str) -> None:
    """Refuse ``value`` unless it has ``shape`` (see `Bounds`), naming the JSON field at ``path``."""
    if isinstance(shape, Maybe):
        if value is not None:
            check_shape(value, shape.shape, path)
        return
    if isinstance(shape, Int):
        if not isinstance(value, int) or isinstance(value, bool):
            raise NotationError(f"JSON field {path!r} must be {_describe(shape)}", preview(value))
        if not shape.low <= value <= shape.high:
            raise NotationError(f"JSON field {path!r} holds {value}, outside its bound of {shape.low} to"
                                f" {shape.high}", path)
        return
    if shape is str or shape is bool:
        if not isinstance(value, shape):
            raise NotationError(f"JSON field {path!r} must be {_describe(shape)}", preview(value))
        return
    if isinstance(shape, ListOf | tuple):
        if not isinstance(value, list) or (isinstance(shape, tuple) and len(value) != len(shape)):
            size = f" of {len(shape)} items" if isinstance(shape, tuple) else ""
            raise NotationError(f"JSON field {path!r} must be a list{size}", preview(value))
        for index, item in enumerate(value):
            check_shape(item, shape.item if isinstance(shape, ListOf) else shape[index], f"{path}[{index}]")
        return
    if isinstance(shape, MapOf | dict):
        if not isinstance(value, dict):
            raise NotationError(f"JSON field {path!r} must be an object", preview(value))
        for key, item in value.items():
            if isinstance(shape, dict) and key not in shape:
                raise NotationError(f"unknown JSON field {key!r} in {path!r}", key)
            check_shape(item, shape.value if isinstance(shape, MapOf) else shape[key], f"{path}.{key}")
        return
    if value is not None:  # shape None: null only
        raise NotationError(f"JSON field {path!r} must be null", preview(value))


def check_state_json(obj: Any, bounds: Bounds, what: str = "a JSON state") -> None:
    """The checks every state's JSON form passes before its game reads it: an object of the declared shape."""
    if not isinstance(obj, dict):
        raise NotationError(f"{what} must be an object", preview(obj))
    for key, value in obj.items():
        if key not in bounds.json:
            raise NotationError("unknown JSON field", key)
        check_shape(value, bounds.json[key], key)
        if key in bounds.rules_fields and isinstance(value, str):
            check_rules_text(value, f"the JSON field {key}")


def check_action(value: Any, bounds: Bounds, what: str = "the action") -> None:
    """The checks every action passes before its game reads it, text or JSON: ASCII numbers within the bound."""
    if isinstance(value, str):
        check_numbers(value, what)
        over = _over_bound(value, bounds.action_number) if bounds.action_number < NO_BOUND else None
        if over is not None:
            raise NotationError(f"{what} holds {over.group()}, more than its bound of {bounds.action_number}",
                                over.group(), over.start() + 1)
        return
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, float):
        raise NotationError(f"{what} holds a number that is not whole", preview(value))
    if isinstance(value, int):
        if not 0 <= value <= bounds.action_number:
            raise NotationError(f"{what} holds {value}, outside its bound of 0 to {bounds.action_number}",
                                str(value))
        return
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for item in items:
        check_action(item, bounds, what)
