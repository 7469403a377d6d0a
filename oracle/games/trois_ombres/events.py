"""What happens when an action is applied, in order: one `Event` per fact a player could notice.

(spec/trois-ombres/oracle.md)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    """One fact: its kind (``reveal``, ``clock``, ``pair`` ...), the clause that caused it, and a sentence."""

    kind: str
    rule: str
    text: str
    args: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "rule": self.rule, "text": self.text, "args": list(self.args)}
