"""L'heure des 3 ombres worked examples on the rules site: checked, then drawn as HTML with table pictures.

The blocks follow spec/trois-ombres/README.md; `check_example` of
`oracle.games.trois_ombres.examples` confirms every stated field before a
page is drawn, and the pictures are `oracle.games.trois_ombres.pictures.svg`
of the table before and after the actions, every tile shown.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from oracle.games.trois_ombres.components import Rules
from oracle.games.trois_ombres.examples import WorkedExample, check_example, parse_block, run_example
from oracle.games.trois_ombres.notation import parse_state
from oracle.games.trois_ombres.pictures.svg import render_svg
from oracle.games.trois_ombres.state import State, initial_state

RuleLink = Callable[[str], "str | None"]

__all__ = ["check_example", "example_html", "parse_block"]


def _code(text: str) -> str:
    return f"<code>{html.escape(text)}</code>"


def _rule_link(rule: str, link: RuleLink) -> str:
    href = link(rule)
    return f'<a href="{html.escape(href)}">{_code(rule)}</a>' if href is not None else _code(rule)


def _figure(caption: str, state: State) -> str:
    """The table twice: the Agence and the clock beside the Lieux for wide screens, under them for phones
    (CSS shows one)."""
    return (f"<figure><figcaption>{caption}</figcaption>{render_svg(state, hidden=False)}"
            f"{render_svg(state, hidden=False, narrow=True)}</figure>")


def example_html(example: WorkedExample, anchor: str, link: RuleLink) -> str:
    """One checked example: what it shows, the clauses, the table before and after, the actions and events."""
    f = example.fields
    meta = "Rules: " + ", ".join(_rule_link(r, link) for r in example.rules)
    if "variant" in f:
        meta += " · variant " + _code(f["variant"])
    parts = [f'<div class="ttykm-example" id="{anchor}">',
             f'<p class="ttykm-example-title"><a class="ttykm-example-anchor" href="#{anchor}">Example</a>: '
             f"{html.escape(example.title)}</p>",
             f'<p class="ttykm-example-rules">{meta}</p>']
    if "error" in f:
        parts.append(f"<p>State {_code(f['state'])} is refused: {html.escape(f['error'])}.</p></div>")
        return "\n".join(parts)
    rules = Rules.parse(f.get("variant"))
    before = initial_state(rules) if f["state"] == "start" else parse_state(f["state"])
    run = run_example(example)
    figures = [_figure("before", before)]
    if run.state != before:
        figures.append(_figure("after", run.state))
    parts.append('<div class="ttykm-boards">' + "".join(figures) + "</div>")
    actions = example.lists.get("actions", [])
    if actions:
        parts.append("<p>Actions: " + " · ".join(_code(a) for a in actions) + "</p>")
    if run.illegal is not None:
        parts.append(f"<p>The last action is <strong>illegal</strong>: {_rule_link(run.illegal.rule, link)}: "
                     f"{html.escape(run.illegal.reason)}.</p>")
    if run.events:
        parts.append('<p class="ttykm-example-label">Events</p><ol class="ttykm-events">'
                     + "".join(f"<li>{html.escape(e.text)} ({_rule_link(e.rule, link)})</li>" for e in run.events)
                     + "</ol>")
    facts = [(k, v) for k, v in f.items() if k not in ("title", "rules", "variant", "state", "illegal", "after")]
    facts += [(k, "; ".join(v)) for k, v in example.lists.items() if k not in ("actions", "events")]
    if facts:
        parts.append('<dl class="ttykm-example-facts">'
                     + "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(v)}</dd>" for k, v in facts) + "</dl>")
    parts.append("</div>")
    return "\n".join(parts)
