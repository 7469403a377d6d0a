"""Which rule a difference between an engine and the oracle is about: the default for every game.

(spec/design.md)  The conformance runner (`oracle.tools.conform`) asks a
game's `oracle.interface.Blamer`; `EventBlame` is the one a game gets when it
brings none of its own.  It needs only `Game.event_rule`, the clause of each
event: the first event that differs names the rule; a state that differs
after an action is compared field by field through its JSON form, and
blamed on the first event whose kind names a differing field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from oracle.errors import NotationError
from oracle.interface import Blame, Game, IllegalAction, Json

AnyGame = Game[Any, Any, Any, Any]


def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """A JSON value as ``{path: scalar}``.  Objects nest with ``.``; a list of
    strings is a set, each member a path ``name[member]`` (a copy on a cell);
    other lists are indexed ``name[0]``."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(flatten(item, f"{prefix}.{key}" if prefix else str(key)))
        return out
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return {f"{prefix}[{item}]": True for item in value}
    if isinstance(value, list):
        out = {}
        for index, item in enumerate(value):
            out.update(flatten(item, f"{prefix}[{index}]"))
        return out
    return {prefix: value}


def differing_fields(ours: Any, theirs: Any) -> list[str]:
    """The flattened paths whose values differ, in the order of the oracle's JSON form."""
    mine, other = flatten(ours), flatten(theirs)
    paths = [*mine, *(p for p in other if p not in mine)]
    return [p for p in paths if mine.get(p) != other.get(p)]


def shown_fields(fields: Sequence[str]) -> str:
    """The first few differing fields, for a one-line summary."""
    return ", ".join(fields[:6]) + (f" and {len(fields) - 6} more" if len(fields) > 6 else "")


def event_diff(index: int, mine: str | None, other: str | None) -> str:
    return f"event {index + 1}: the oracle has {mine!r}, the engine {other!r}"


class EventBlame:
    """Blame by the clause of each event (`Game.event_rule`), for any game."""

    notation_rule: str | None = None
    listing_rule: str | None = None

    def __init__(self, game: AnyGame, rules: Any) -> None:
        self.game = game
        self.rules = rules

    def event_rules(self, state: Any, action: Any) -> list[str | None]:
        """The clause of each event of a legal action, as the oracle plays it (none for a choice that is not one)."""
        try:
            events = self.game.apply(state, action, self.rules).events
        except (IllegalAction, NotationError):  # a sealed choice, which only a joint action plays
            return []
        return [self.game.event_rule(e) for e in events]

    def first_rule(self, state: Any, action: Any) -> str | None:
        return next((r for r in self.event_rules(state, action) if r is not None), None)

    def events(self, state: Any, action: Any, ours: Sequence[str], theirs: Sequence[str]) -> Blame | None:
        rules = self.event_rules(state, action)
        for index in range(max(len(ours), len(theirs))):
            mine = ours[index] if index < len(ours) else None
            other = theirs[index] if index < len(theirs) else None
            if mine != other:
                rule = rules[index] if index < len(rules) else next((r for r in rules if r), None)
                return Blame(rule, event_diff(index, mine, other))
        return None

    def state(self, before: Any, action: Any, theirs: Any | None) -> Blame:
        words = self.game.words
        if theirs is None:
            return Blame(self.first_rule(before, action),
                         f"the engine's {words.state} after the {words.action} is missing or unreadable")
        applied = self.game.apply(before, action, self.rules)
        fields = differing_fields(self.game.state_to_json(applied.state), self.game.state_to_json(theirs))
        rule = self.field_rule(applied.events, fields) or self.first_rule(before, action)
        shown = shown_fields(fields) or "its text"
        return Blame(rule, f"the {words.state} after the {words.action} differs in {shown}")

    def unreadable(self, before: Any, action: Any, fields: Json | None, reason: str) -> Blame:
        words = self.game.words
        said = f"the engine's {words.state} after the {words.action} is unreadable ({reason})"
        if fields is None:
            return Blame(self.first_rule(before, action), said)
        applied = self.game.apply(before, action, self.rules)
        differ = differing_fields(self.game.state_to_json(applied.state), fields)
        rule = self.field_rule(applied.events, differ) or self.first_rule(before, action)
        return Blame(rule, f"{said}; as far as it reads, it differs in {shown_fields(differ) or 'nothing'}")

    def field_rule(self, events: Sequence[Any], fields: Sequence[str]) -> str | None:
        """The clause of the first event whose kind names a differing field (``crystal`` for ``crystals[2]``)."""
        tops = {f.split(".")[0].split("[")[0] for f in fields}
        for event in events:
            kind = str(self.game.event_to_json(event).get("kind", ""))
            if kind and any(top.startswith(kind) or kind.startswith(top) for top in tops):
                return self.game.event_rule(event)
        return None

    def refusal(self, state: Any, action: Any, cited: str | None) -> str | None:
        return cited or self.first_rule(state, action)

    def other_rule(self, state: Any, action: Any, ours: str | None) -> str | None:
        return ours
