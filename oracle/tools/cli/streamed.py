"""JSON printed as it is made: an object whose one long list is written item by item.

`oracle replay --json` and `oracle apply STATE A1 A2 ... --json` print one step
of a long game at a time, so that their memory is that of one step, not of the
whole game; the text is the one ``json.dumps`` would print of the whole object.
"""

from __future__ import annotations

import json
from typing import IO, Any


class JsonWriter:
    """``{**head, key: [items...], **tail}`` written to ``stream``: the head now, each item as it comes
    (`item`), another list after it (`next`), the tail and the newline at the end (`close`)."""

    def __init__(self, stream: IO[str], head: dict[str, Any], key: str) -> None:
        self.stream = stream
        opening = json.dumps(head)[:-1]
        self.stream.write(opening + (", " if head else "") + json.dumps(key) + ": [")
        self.first = True

    def item(self, value: Any) -> None:
        self.stream.write(("" if self.first else ", ") + json.dumps(value))
        self.first = False

    def next(self, key: str) -> None:
        """End the list, and start the next one, ``key``."""
        self.stream.write("], " + json.dumps(key) + ": [")
        self.first = True

    def close(self, tail: dict[str, Any]) -> None:
        rest = json.dumps(tail)[1:]
        self.stream.write("]" + (", " + rest if tail else "}") + "\n")
        self.stream.flush()
