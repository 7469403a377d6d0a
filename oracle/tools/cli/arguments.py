"""Argument types and actions for the command line, built on the input discipline (`oracle.inputs`).

Every option value goes through one of these, so that the command line reads
numbers and names exactly as the protocol and the notation do: ASCII digits
only, bounded sizes, finite positive seconds.  An option that stores a value
may be given once; a second one is refused rather than silently replacing the first.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from oracle.errors import NotationError
from oracle.inputs import MAX_NAME_BYTES, check_size, parse_int, parse_seconds


def whole_number(what: str, low: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer in ASCII digits (no ``1_0``, no ``٣``), at least ``low`` if given."""

    def convert(text: str) -> int:
        try:
            value = parse_int(text, what)
        except NotationError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"{what} must be {low} or more, not {value}")
        return value

    return convert


def seconds(what: str) -> Callable[[str], float]:
    """An argparse type: a finite, positive number of seconds (no ``nan``, ``inf``, ``0`` or ``-1``)."""

    def convert(text: str) -> float:
        try:
            return parse_seconds(text, what)
        except NotationError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return convert


def name_text(text: str) -> str:
    """An argparse type: a game, ruleset or variant name, at most `MAX_NAME_BYTES` bytes."""
    try:
        return check_size(text, MAX_NAME_BYTES, "the name")
    except NotationError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


class StoreOnce(argparse.Action):
    """Store the option's value; refuse the option when it is given a second time."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        marker = f"given_{self.dest}"
        if getattr(namespace, marker, False):
            parser.error(f"{option_string or self.dest} given twice")
        setattr(namespace, marker, True)
        setattr(namespace, self.dest, values)
