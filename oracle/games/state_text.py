"""Reading a state written either in a game's text notation or in its JSON form.

(spec/design.md)  Every game accepts both forms wherever a state is read:
text that starts with ``{`` is the JSON form.  This is the one place that
tells them apart and reads the JSON, through the input limits of
`oracle.inputs.load_json` (nesting, number sizes), so that every game
refuses bad JSON with the same one-line `NotationError`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from oracle.inputs import load_json

StateT = TypeVar("StateT")


def is_json_form(text: str) -> bool:
    """Whether ``text`` is a state's JSON form rather than its text notation."""
    return text.lstrip().startswith("{")


def parse_text_or_json(text: str, parse_text: Callable[[str], StateT], from_json: Callable[[Any], StateT],
                       what: str = "a JSON state") -> StateT:
    """The state in ``text``: read by ``from_json`` from its JSON form, or by ``parse_text`` from the text notation."""
    if is_json_form(text):
        return from_json(load_json(text, what))
    return parse_text(text)
