"""Time Chase worked examples on the rules site: checked, then drawn as HTML with timeline pictures.

The blocks follow spec/time-chase/README.md; `check_example` of
`oracle.games.time_chase.examples` confirms every stated field before a page
is drawn, and the pictures are `oracle.games.time_chase.pictures.timeline_svg`
of the states before and after the action.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from oracle.games.time_chase import notation, rules, views
from oracle.games.time_chase.examples import WorkedExample, check_example, parse_block
from oracle.games.time_chase.pictures import NARROW, SITE_WIDE, timeline_svg
from oracle.games.time_chase.ruleset import Rules, rules_for
from oracle.games.time_chase.state import State
from oracle.interface import DEPENDS

RuleLink = Callable[[str], "str | None"]

__all__ = ["check_example", "example_html", "parse_block"]


def _code(text: str) -> str:
    return f"<code>{html.escape(text)}</code>"


def _rule_link(rule: str, link: RuleLink) -> str:
    href = link(rule)
    return f'<a href="{html.escape(href)}">{_code(rule)}</a>' if href is not None else _code(rule)


def _figure(caption: str, state: State) -> str:
    """The timeline twice: six positions a row for wide screens, four for phones (CSS shows one)."""
    return (f'<figure class="tc-timeline"><figcaption>{html.escape(caption)}</figcaption>'
            f"{timeline_svg(state, SITE_WIDE)}{timeline_svg(state, NARROW)}</figure>")


def _facts(facts: list[tuple[str, str]]) -> str:
    return (
        '<dl class="ttykm-example-facts">'
        + "".join(f"<dt>{html.escape(k)}</dt><dd>{v}</dd>" for k, v in facts)
        + "</dl>"
    )


def example_html(example: WorkedExample, anchor: str, link: RuleLink) -> str:
    """The HTML of one Time Chase example that `check_example` has passed."""
    f = example.fields
    parts = [
        f'<div class="ttykm-example" id="{anchor}">',
        f'<p class="ttykm-example-title"><a class="ttykm-example-anchor" href="#{anchor}">Example</a>: '
        f"{html.escape(example.title)}</p>",
    ]
    meta = "Rules: " + ", ".join(_rule_link(r, link) for r in example.rules)
    if "variant" in f:
        meta += " · variant " + _code(f["variant"])
    parts.append(f'<p class="ttykm-example-rules">{meta}</p>')
    if example.is_provisional:
        parts.append(f'<p class="tc-provisional"><strong>Provisional</strong>: {html.escape(f["provisional"])}</p>')
    facts = [("State", _code(f["state"]))]
    if "error" in f:
        if "action" in f:
            facts.append(("Action", _code(f["action"])))
        facts.append(("Refused", html.escape(f["error"])))
        parts += [_facts(facts), "</div>"]
        return "\n".join(parts)
    state = notation.parse_state(f["state"])
    if "view" in f:  # asked from that player's view (TC.VIEW)
        state = views.view_of(state, int(f["view"].removeprefix("p")))
        facts.append(("Asked from", f"{html.escape(f['view'])}'s view"))
    ruleset = rules_for(state.variants, state.players, Rules.parse(f.get("variant", "standard")))
    for setup in example.lists.get("setup", []):
        state, _ = rules.apply(state, notation.parse_action(setup), ruleset)
    if example.lists.get("setup"):
        facts.append(("First played", " ".join(_code(a) for a in example.lists["setup"])))
    figures = [_figure("Before" if "action" in f else "The state", state)]
    events_html = ""
    if "action" in f:
        action = notation.parse_action(f["action"])
        verdict = rules.explain(state, action, ruleset)
        facts.append(("Action", _code(f["action"])))
        if verdict.is_legal or verdict.status == DEPENDS:
            after, events = rules.apply(state, action, ruleset)
            facts.append(("Verdict", "<strong>legal</strong>" if verdict.is_legal else
                          f"<strong>depends</strong> on {_rule_link(str(verdict.rule), link)}: "
                          + html.escape(verdict.reason)))
            figures.append(_figure("After", after))
            shown = [notation.event_text(e) for e in events]
            events_html = (
                '<p class="ttykm-example-label">Events</p><ol class="ttykm-events">'
                + "".join(f"<li>{_code(e)}</li>" for e in shown) + "</ol>"
            )
        else:
            facts.append(("Verdict", f"<strong>illegal</strong> under {_rule_link(str(verdict.rule), link)}: "
                          + html.escape(verdict.reason)))
    if "legal" in example.lists:
        facts.append(("Legal", " ".join(_code(line) for line in example.lists["legal"])))
    if "outcome" in f:
        facts.append(("Outcome", _code(f["outcome"])))
    if "observe" in f:
        facts.append((f"{f['observe']} sees the hand", _code(f.get("hand", ""))))
    parts.append(_facts(facts))
    parts.append('<div class="tc-timelines">' + "".join(figures) + "</div>")
    if events_html:
        parts.append(events_html)
    parts.append("</div>")
    return "\n".join(parts)
