"""Time Chase's worked examples on the rules site: checked, then drawn as HTML with timeline pictures.

The blocks follow spec/time-chase/README.md; `check_example` of
`oracle.games.time_chase.examples` confirms every stated field before a page
is drawn (`oracle.interface.WorkedExamples`, `EXAMPLES`), and the pictures
are `oracle.games.time_chase.pictures.timeline_svg` of the states before and
after the action.  The site adds each example's "Open in the playground"
link through the common interface.
"""

from __future__ import annotations

import html

from oracle.games.site_examples import Drawing, code, drawn_as_example, facts, rule_link, rules_line, title_line
from oracle.games.time_chase import notation, rules, views
from oracle.games.time_chase.events import Event, event_rule, event_sentence
from oracle.games.time_chase.examples import WorkedExample, check_example, parse_block
from oracle.games.time_chase.pictures import NARROW, SITE_WIDE, timeline_svg
from oracle.games.time_chase.ruleset import Rules, rules_for
from oracle.games.time_chase.state import State
from oracle.interface import DEPENDS, RuleLink


def _figure(caption: str, state: State) -> str:
    """The timeline twice: six positions a row for wide screens, four for phones (CSS shows one)."""
    return (f'<figure class="tc-timeline"><figcaption>{html.escape(caption)}</figcaption>'
            f"{timeline_svg(state, SITE_WIDE)}{timeline_svg(state, NARROW)}</figure>")


def _by(state: State, action: str) -> str:
    """An action with the player who plays it (``p3: B12``); a joint bid or a deal as it is."""
    player = rules.player_to_act(state) if state.phase == "play" else None
    return (f"p{player}: " if player is not None else "") + code(action)


def _event_item(event: Event, link: RuleLink) -> str:
    """An event in words and its clause (its line in the notation, what an engine writes, is in a fold below)."""
    rule = rule_link(event_rule(event) or "TC.NOTATION.EVENTS", link)
    return f"<li>{html.escape(event_sentence(event))} ({rule})</li>"


def example_html(example: WorkedExample, anchor: str, link: RuleLink) -> str:
    """The HTML of one Time Chase example that `check_example` has passed."""
    f = example.fields
    parts = [f'<div class="ttykm-example" id="{anchor}">', title_line(example.title, anchor),
             rules_line(example.rules, link, f.get("variant"))]
    if example.is_provisional:
        parts.append(f'<p class="tc-provisional"><strong>Provisional</strong>: {html.escape(f["provisional"])}</p>')
    shown: list[tuple[str, str]] = []
    if "error" in f:  # a state or an action the oracle refuses to read: its text is the example
        shown.append(("State", code(f["state"])))
        if "action" in f:
            shown.append(("Action", code(f["action"])))
        shown.append(("Refused", html.escape(f["error"])))
        parts += [facts(shown), "</div>"]
        return "\n".join(parts)
    state = notation.parse_state(f["state"])
    if "view" in f:  # asked from that player's view (TC.VIEW)
        state = views.view_of(state, int(f["view"].removeprefix("p")))
        shown.append(("Asked from", f"{html.escape(f['view'])}'s view"))
    ruleset = rules_for(state.variants, state.players, Rules.parse(f.get("variant", "standard")))
    played = []
    for setup in example.lists.get("setup", []):
        played.append(_by(state, setup))
        state, _ = rules.apply(state, notation.parse_action(setup), ruleset)
    if played:
        shown.append(("First played", ", ".join(played)))
    figures = [_figure("Before" if "action" in f else "The state", state)]
    final = state  # the state the outcome is read from: after the action, if one is played
    events_html = ""
    events: tuple[Event, ...] = ()
    if "action" in f:
        action = notation.parse_action(f["action"])
        verdict = rules.explain(state, action, ruleset)
        shown.append(("Action", _by(state, f["action"])))
        if verdict.is_legal or verdict.status == DEPENDS:
            after, events = rules.apply(state, action, ruleset)
            final = after
            shown.append(("Verdict", "<strong>legal</strong>" if verdict.is_legal else
                          f"<strong>depends</strong> on {rule_link(str(verdict.rule), link)}: "
                          + html.escape(verdict.reason)))
            figures.append(_figure("After", after))
            events_html = ('<p class="ttykm-example-label">Events</p><ol class="ttykm-events">'
                           + "".join(_event_item(e, link) for e in events) + "</ol>")
        else:
            shown.append(("Verdict", f"<strong>illegal</strong> under {rule_link(str(verdict.rule), link)}: "
                          + html.escape(verdict.reason)))
    if "legal" in example.lists:
        shown.append(("Legal", " ".join(code(line) for line in example.lists["legal"])))
    if "outcome" in f:
        ended = Event("over", amounts=tuple(final.winners), rule=final.end_rule)
        said = (html.escape(event_sentence(ended).removeprefix("the game is over: "))
                + f" ({rule_link(final.end_rule, link)})"
                if final.phase == "over" and final.end_rule else "the game goes on")
        shown.append(("Outcome", f"{said} {code(f['outcome'])}"))
    if "observe" in f:
        shown.append((f"{f['observe']} sees the hand", code(f.get("hand", ""))))
    parts.append(facts(shown))
    parts.append('<div class="tc-timelines">' + "".join(figures) + "</div>")
    if events_html:
        parts.append(events_html)
    # The state's and the events' lines are for engines and the playground; the pictures and sentences say them.
    parts.append(f'<details class="tc-notation"><summary>The position in notation</summary>{code(f["state"])}'
                 "</details>")
    if events:
        parts.append('<details class="tc-notation"><summary>The events in notation</summary>'
                     + " · ".join(code(notation.event_text(event)) for event in events) + "</details>")
    parts.append("</div>")
    return "\n".join(parts)


EXAMPLES = Drawing(WorkedExample, parse_block, check_example, drawn_as_example(example_html))

__all__ = ["EXAMPLES", "example_html"]
