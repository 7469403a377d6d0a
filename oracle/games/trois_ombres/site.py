"""L'heure des 3 ombres's worked examples on the rules site: checked, then drawn as HTML with table pictures.

The blocks follow spec/trois-ombres/README.md; `check_example` of
`oracle.games.trois_ombres.examples` confirms every stated field before a
page is drawn (`oracle.interface.WorkedExamples`, `EXAMPLES`), and the
pictures are `oracle.games.trois_ombres.pictures.svg` of the table before
and after the actions, every tile shown.  The site adds each example's
"Open in the playground" link through the common interface.
"""

from __future__ import annotations

import html

from oracle.games.site_examples import Drawing, code, drawn_as_example, facts, rule_link, rules_line, title_line
from oracle.games.trois_ombres.components import Rules
from oracle.games.trois_ombres.examples import WorkedExample, check_example, parse_block, run_example
from oracle.games.trois_ombres.notation import parse_state
from oracle.games.trois_ombres.pictures.svg import render_svg
from oracle.games.trois_ombres.state import State, initial_state
from oracle.interface import RuleLink


def table_pictures(state: State, hidden: bool, title: str = "") -> str:
    """The table twice: the Agence and the clock beside the Lieux for wide screens, under them for phones
    (CSS shows one); ``hidden`` draws face-down tiles as backs."""
    return render_svg(state, hidden=hidden, title=title) + render_svg(state, hidden=hidden, title=title, narrow=True)


def _figure(caption: str, state: State) -> str:
    return f"<figure><figcaption>{caption}</figcaption>{table_pictures(state, hidden=False)}</figure>"


def example_html(example: WorkedExample, anchor: str, link: RuleLink) -> str:
    """One checked example: what it shows, the clauses, the table before and after, the actions and events."""
    f = example.fields
    parts = [f'<div class="ttykm-example" id="{anchor}">', title_line(example.title, anchor),
             rules_line(example.rules, link, f.get("variant"))]
    if "error" in f:
        parts.append(f"<p>State {code(f['state'])} is refused: {html.escape(f['error'])}.</p></div>")
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
        parts.append("<p>Actions: " + " · ".join(code(a) for a in actions) + "</p>")
    if run.illegal is not None:
        parts.append(f"<p>The last action is <strong>illegal</strong>: {rule_link(run.illegal.rule, link)}: "
                     f"{html.escape(run.illegal.reason)}.</p>")
    if run.events:
        parts.append('<p class="ttykm-example-label">Events</p><ol class="ttykm-events">'
                     + "".join(f"<li>{html.escape(e.text)} ({rule_link(e.rule, link)})</li>" for e in run.events)
                     + "</ol>")
    stated = [(k, v) for k, v in f.items() if k not in ("title", "rules", "variant", "state", "illegal", "after")]
    stated += [(k, "; ".join(v)) for k, v in example.lists.items() if k not in ("actions", "events")]
    if stated:
        parts.append(facts([(k, html.escape(v)) for k, v in stated]))
    parts.append("</div>")
    return "\n".join(parts)


EXAMPLES = Drawing(WorkedExample, parse_block, check_example, drawn_as_example(example_html))

__all__ = ["EXAMPLES", "example_html"]
