"""Which rule a difference between an engine and the oracle is about, in TTYKM.

The conformance runner (`oracle.tools.conform`) asks `TtykmBlame` through
`Game.blame`, and the vector coverage (`oracle.games.ttykm.coverage`) asks
`event_rules`, which clause an event, a turn or a differing field comes from.  Blame follows the order in which the turn
produces things: the first event that differs, or the first field of the
position after the turn that differs, names the rule.

Positions are compared through their JSON form (NOTATION.JSON), flattened
field by field, so a field added to the JSON form (a chapter's objects, say)
is compared with no change here; `FIELD_EVENTS` says which events produce
each top-level field, and a field it does not know is blamed on the turn's
most specific rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from oracle.games.blame import differing_fields, event_diff, shown_fields
from oracle.games.ttykm.board import Era
from oracle.games.ttykm.event_forms import form_of_line
from oracle.games.ttykm.notation import event_text, event_to_json, position_to_json
from oracle.games.ttykm.rules.standard import apply_turn, explain
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Turn
from oracle.interface import Blame, Json

# The most specific first: a turn is attributed to the first of these it exercises.
RULE_PRIORITY = (
    "VARIANT.SELF-PUSH-WHOLE-TURN", "VARIANT.SELF-PUSH-ENDS", "VARIANT.SELF-PUSH-PARADOX", "MOVE.PUSH.CHAIN",
    "MOVE.PUSH.PARADOX",
    "MOVE.PUSH.CRUSH", "MOVE.PUSH", "TRAVEL.BACKWARD", "TRAVEL.FORWARD", "WIN.CHECK", "MOVE.EMPTY",
    "TURN.COPY-CHOICE", "FOCUS.MOVE",
)
PUSH_EVENTS = ("pushed", "crushed", "paradox")
# Rules a turn's events name that say little about why an engine might refuse it.
GENERIC_RULES = ("TURN.COPY-CHOICE", "FOCUS.MOVE", "MOVE.EMPTY")
# The clause each variant replaces (spec/ttykm/variants.md): an engine that cites the
# replaced clause under the variant is contesting the variant's clause.
VARIANT_REPLACES = {
    "self-push=paradox": ("MOVE.OWN-COPY", "VARIANT.SELF-PUSH-PARADOX"),
    "self-push=ends": ("MOVE.OWN-COPY", "VARIANT.SELF-PUSH-ENDS"),
    "self-push=whole-turn": ("MOVE.OWN-COPY", "VARIANT.SELF-PUSH-WHOLE-TURN"),
    "copy-choice=free": ("TURN.COPY-CHOICE", "VARIANT.COPY-CHOICE-FREE"),
}
# Which event types (their JSON ``type``) produce each top-level field of the
# position's JSON form.  ``turn`` and ``winner`` are settled when the turn ends.
FIELD_EVENTS = {
    "copies": ("copy_chosen", "moved", "pushed", "crushed", "paradox", "travelled", "created"),
    "supply": ("created",),
    "removed": ("crushed", "paradox"),
    "focus": ("focus_moved",),
    "turn": ("won", "focus_moved"),
    "winner": ("won",),
}


def self_push_rule(ruleset: Ruleset) -> str:
    """The clause of a Move onto the mover's own copy under ``ruleset``'s self-push variant."""
    if ruleset.self_push_whole_turn:
        return "VARIANT.SELF-PUSH-WHOLE-TURN"
    return "VARIANT.SELF-PUSH-ENDS" if ruleset.self_push_ends else "VARIANT.SELF-PUSH-PARADOX"




def event_rules(events: list[str], ruleset: Ruleset | None = None) -> list[str]:
    """The clause each event of a legal turn's trace (NOTATION.EVENT) comes from.

    Push events come in groups, far end first, before the ``moved`` of the
    copy that pushed (ORACLE.EVENTS): a group of two or more is a chain; a
    paradox with no ``moved`` after it is the active copy's own (a self-push
    variant).  Every other event's clause is its row's (`oracle.games.ttykm.event_forms`): a chapter's
    effect may sit inside a push group (a pushed copy fells a tree) without ending it.
    """
    own = self_push_rule(ruleset or Ruleset())
    rules: list[str] = []
    group: list[int] = []  # indexes of the push events waiting for their "moved"
    for index, line in enumerate(events):
        kind = line.split(" ", 1)[0]
        form = form_of_line(line)
        if form is not None and form.among_pushes and form.rule is not None:
            rules.append(form.rule)
            continue
        if kind in PUSH_EVENTS:
            group.append(index)
            rules.append("")
            continue
        if group:
            for i in group:
                kind_i = events[i].split(" ", 1)[0]
                if kind != "moved":
                    rules[i] = own
                elif len(group) > 1:
                    rules[i] = "MOVE.PUSH.CHAIN"
                else:
                    rules[i] = {"pushed": "MOVE.PUSH", "crushed": "MOVE.PUSH.CRUSH", "paradox": "MOVE.PUSH.PARADOX"}[
                        kind_i]
        if kind == "moved":
            rules.append("MOVE.PUSH" if group else "MOVE.EMPTY")
        elif kind == "travelled":
            rules.append(_travel_rule(line))
        else:
            rules.append(form.rule if form is not None and form.rule is not None else "ORACLE.EVENTS")
        group = []
    for i in group:  # a trace cut short after a push
        rules[i] = own
    return rules


def _push_rule(mine: str, other: str | None) -> str | None:
    """When both sides resolve a push of the same copy differently, the rule of the
    oracle's resolution (a crush, a paradox, a plain push), even inside a chain;
    when the engine moved another copy there, None (the chain is in question)."""
    kinds = {"pushed": "MOVE.PUSH", "crushed": "MOVE.PUSH.CRUSH", "paradox": "MOVE.PUSH.PARADOX"}
    words, their_words = mine.split(" "), (other or "").split(" ")
    if len(words) < 3 or len(their_words) < 3 or words[0] not in kinds or their_words[0] not in kinds:
        return None
    same_copy = words[1] == their_words[1] and words[2].split("-")[0] == their_words[2].split("-")[0]
    return kinds[words[0]] if same_copy else None


def _travel_rule(line: str) -> str:
    try:
        source, target = line.split(" ")[2].split(">")
        forward = Era[target.upper()] > Era[source.split(":")[0].upper()]
    except (IndexError, KeyError, ValueError):
        return "ORACLE.EVENTS"
    return "TRAVEL.FORWARD" if forward else "TRAVEL.BACKWARD"


def main_rule(rules: list[str]) -> str | None:
    """The most specific of the rules a turn exercises (`RULE_PRIORITY`)."""
    for rule in RULE_PRIORITY:
        if rule in rules:
            return rule
    return rules[0] if rules else None


def contested_rule(rules: list[str], cited: Any, ruleset: Ruleset) -> str | None:
    """The rule concerned when the engine refuses a turn the oracle plays with events
    naming ``rules``: a specific rule from the events, else the rule the engine cited
    (or, under a variant, the clause that replaces it), else the events' main rule."""
    best = main_rule(rules)
    if best not in GENERIC_RULES or not isinstance(cited, str):
        return best
    for variant, (replaced, clause) in VARIANT_REPLACES.items():
        if variant in ruleset.variants and cited == replaced:
            return clause
    return cited


# --- events, one by one ------------------------------------------------------------------


def blame_events(ours: list[str], theirs: list[str], ruleset: Ruleset) -> Blame | None:
    """Compare two event traces of one turn; None if equal.

    The first differing event names the rule.  When the engine's event there
    comes later in the oracle's trace, the engine did it too early (a win
    declared before the Focus moved, say): that event's rule is blamed.  A win
    only one side declares there is WIN.CHECK.  When the oracle's trace has
    ended, the engine's extra event names the rule.
    """
    rules = event_rules(ours, ruleset)
    for index in range(max(len(ours), len(theirs))):
        mine = ours[index] if index < len(ours) else None
        other = theirs[index] if index < len(theirs) else None
        if mine == other:
            continue
        detail = event_diff(index, mine, other)
        if "won" in (mine or "").split(" ")[:1] + (other or "").split(" ")[:1]:
            return Blame("WIN.CHECK", detail)  # a win one side declares and the other does not
        if other is not None and other in ours[index + 1:]:
            return Blame(rules[ours.index(other, index + 1)], detail + " (the engine's comes too early)")
        if mine is not None:
            return Blame(_push_rule(mine, other) or rules[index], detail)
        theirs_rules = event_rules([str(e) for e in theirs], ruleset)
        return Blame(theirs_rules[index] if index < len(theirs_rules) else main_rule(rules), detail)
    return None


# --- positions, field by field ---------------------------------------------------------------


def _path_tokens(path: str) -> list[str]:
    return [t for t in path.replace("[", ".").replace("]", "").split(".") if t]


def producing_event(path: str, events_json: list[dict[str, Any]]) -> int | None:
    """The index of the first oracle event that produces the field ``path``, or None."""
    tokens = _path_tokens(path)
    kinds = FIELD_EVENTS.get(tokens[0]) if tokens else None
    if kinds is None:
        return None
    for index, event in enumerate(events_json):
        if event.get("type") not in kinds:
            continue
        values = {str(v) for v in event.values()}
        if all(t in values for t in tokens[1:]) or tokens[0] in ("turn", "winner"):
            return index
    return None


def blame_position(before: Any, ours: Any, theirs: Any, events: list[str], events_json: list[dict[str, Any]],
                   ruleset: Ruleset) -> Blame | None:
    """Compare the oracle's and the engine's positions after one turn (JSON forms); None if equal.

    Each differing field is traced to the oracle event that produces it; the
    earliest such event's rule is blamed.  Two fields are settled at the
    turn's end: a Focus the engine left where it was is TURN.END (the end of
    the turn moves it), and a difference in the winner or the player to move
    is WIN.CHECK when either side has a winner, else TURN.END.
    """
    fields = differing_fields(ours, theirs)
    if not fields:
        return None
    rules = event_rules(events, ruleset)
    best: tuple[int, str] | None = None
    for path in fields:
        tokens = _path_tokens(path)
        if tokens[0] in ("turn", "winner"):
            won = ours.get("winner") is not None or theirs.get("winner") is not None
            candidate = (len(events), "WIN.CHECK" if won else "TURN.END")
        elif tokens[0] == "focus" and _get(theirs, tokens) == _get(before, tokens):
            index = producing_event(path, events_json)
            candidate = (index if index is not None else len(events), "TURN.END")
        else:
            index = producing_event(path, events_json)
            if index is None:
                continue
            candidate = (index, rules[index])
        if best is None or candidate[0] < best[0]:
            best = candidate
    detail = f"the position after the turn differs in {shown_fields(fields)}"
    return Blame(best[1] if best is not None else main_rule(rules), detail)


def _get(value: Any, tokens: list[str]) -> Any:
    for token in tokens:
        if not isinstance(value, dict):
            return None
        value = value.get(token)
    return value


# --- the blame the conformance runner asks for (oracle.interface.Blamer) -----------------------


def _played(position: Position, turn: Turn, ruleset: Ruleset) -> tuple[Position, list[str], list[dict[str, Any]]]:
    applied = apply_turn(position, turn, ruleset)
    return applied.position, [event_text(e) for e in applied.events], [event_to_json(e) for e in applied.events]


class TtykmBlame:
    """`oracle.interface.Blamer` for TTYKM under one ruleset: the functions above, turn by turn."""

    notation_rule: str | None = "NOTATION.TURN"
    listing_rule: str | None = "ORACLE.TURN"

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    def events(self, state: Any, action: Any, ours: Sequence[str], theirs: Sequence[str]) -> Blame | None:
        return blame_events(list(ours), list(theirs), self.ruleset)

    def state(self, before: Any, action: Any, theirs: Any | None) -> Blame:
        after, events, events_json = _played(before, action, self.ruleset)
        if theirs is None:
            return Blame(main_rule(event_rules(events, self.ruleset)),
                         "the engine's position after the turn is missing or unreadable")
        blamed = blame_position(position_to_json(before), position_to_json(after), position_to_json(theirs), events,
                                events_json, self.ruleset)
        return blamed if blamed is not None else Blame(None, "the position after the turn differs in its text")

    def unreadable(self, before: Any, action: Any, fields: Json | None, reason: str) -> Blame:
        """An engine's position the oracle cannot read (8 white copies, say) is compared field by
        field as far as it reads: a supply a backward travel did not spend is TRAVEL.BACKWARD."""
        after, events, events_json = _played(before, action, self.ruleset)
        said = f"the engine's position after the turn is unreadable ({reason})"
        blamed = None if fields is None else blame_position(
            position_to_json(before), position_to_json(after), fields, events, events_json, self.ruleset)
        if blamed is None:
            return Blame(main_rule(event_rules(events, self.ruleset)), said)
        return Blame(blamed.rule, said + "; as far as it reads, it" + blamed.detail.split(" the turn", 1)[1])

    def refusal(self, state: Any, action: Any, cited: str | None) -> str | None:
        events = _played(state, action, self.ruleset)[1] if isinstance(action, Turn) else []
        return contested_rule(event_rules(events, self.ruleset), cited, self.ruleset)

    def other_rule(self, state: Any, action: Any, ours: str | None) -> str | None:
        """The most specific rule the actions of the turn exercise when played (with any legal Focus).

        An engine that names another rule for an illegal turn usually does so
        because it plays the turn's actions differently (it stopped a push chain,
        say), so the actions' rule is in question rather than the one that
        makes the turn illegal; generic rules are not blamed.
        """
        if not isinstance(action, Turn) or not action.actions:
            return ours
        for era in Era:
            candidate = Turn(action.copy, action.actions, era)
            if explain(state, candidate, self.ruleset).is_legal:
                best = main_rule(event_rules(_played(state, candidate, self.ruleset)[1], self.ruleset))
                return best if best not in GENERIC_RULES else ours
        return ours
