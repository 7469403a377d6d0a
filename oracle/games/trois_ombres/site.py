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
from oracle.games.trois_ombres.components import Rules, card_name
from oracle.games.trois_ombres.examples import WorkedExample, check_example, parse_block, run_example
from oracle.games.trois_ombres.notation import parse_state
from oracle.games.trois_ombres.pictures.svg import key_svg, render_svg
from oracle.games.trois_ombres.state import State, initial_state
from oracle.interface import RuleLink


def table_pictures(state: State, hidden: bool, title: str = "", shown: frozenset[str] = frozenset(),
                   legend: bool = False, rings: frozenset[str] = frozenset()) -> str:
    """The table twice: the Agence and the clock beside the Lieux for wide screens, under them for phones
    (CSS shows one); ``hidden`` draws face-down tiles as backs, ``shown`` slots face up, ``legend`` the key
    to the marks after them, wide and narrow, in pictures of their own (`key_svg`: the playground folds
    them), with the playground's ring if it rings ``rings``."""
    tables = (render_svg(state, hidden=hidden, title=title, shown=shown, rings=rings)
              + render_svg(state, hidden=hidden, title=title, narrow=True, shown=shown, rings=rings))
    if not legend:
        return tables
    return (tables + key_svg(state, hidden=hidden, shown=shown, rings=rings)
            + key_svg(state, hidden=hidden, narrow=True, shown=shown, rings=rings))


def _figure(caption: str, state: State, shown: frozenset[str] = frozenset()) -> str:
    return f"<figure><figcaption>{caption}</figcaption>{table_pictures(state, hidden=False, shown=shown)}</figure>"


def _players(text: str) -> str:
    found = [p for p in text.split(",") if p and p != "-"]
    if not found:
        return "nobody"
    return ", ".join(f"p{p}" for p in found)


def _cell_words(item: str) -> str:
    """``R1=1n*+0`` -> ``R1: 1n, kept face up, clue of p0`` (a board cell in the notation)."""
    loc, _, rest = item.partition("=")
    if rest == "empty":
        return f"{loc}: empty"
    rest, _, clue = rest.partition("+")
    cube, rest = rest.endswith("#"), rest.removesuffix("#")
    side = "kept face up" if rest.endswith("*") else "face up" if rest.endswith("^") else "face down"
    words = [rest.rstrip("*^"), side, *(["Hercule cube"] if cube else []),
             *([f"clue of p{clue}"] if clue else [])]
    return f"{loc}: " + ", ".join(words)


def fact_words(key: str, value: str) -> tuple[str, str]:
    """A stated fact of an example in words: its label and its value (the notation where words add nothing)."""
    if key == "outcome":
        result, _, rule = value.partition(" ")
        said = {"win": "everybody wins", "loss": "everybody loses"}.get(result, "the game goes on")
        return "outcome", said + (f" ({rule})" if rule else "")
    if key == "curses":
        curses = [c.split(":") for c in value.split(",") if c and c != "-"]
        return "in force", " · ".join(f"{card_name(c[0])} (drawn by p{c[1]})" for c in curses) or "no Malédiction"
    if key == "closed":
        return "eyes closed", _players(value)
    if key == "cleared":
        return "cleared", f"{value} suspect{'s' if value != '1' else ''} at the Agence"
    if key == "board":
        return "board", " · ".join(_cell_words(item) for item in value.split("; "))
    if key == "hour":
        return "clock", f"{value} h"
    if key == "sees":  # "1 R1=1n": what player 1's view shows on R1
        seen = [(item.partition(" ")[0], *item.partition(" ")[2].split("=", 1)) for item in value.split("; ")]
        return "seen", " · ".join(f"p{p} sees {tile} on {loc}" for p, loc, tile in seen)
    return key, value


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
    figures = [_figure("before" if example.lists.get("actions") else "the table", before)]
    if run.state != before:
        # A bluff turns its named tile up for everybody to see (the state keeps it face down: the game is over).
        bluffed = frozenset(e.args[0] for e in run.events if e.kind == "reveal" and e.rule == "OMBRES.BLUFF")
        figures.append(_figure("after", run.state, bluffed))
    parts.append('<div class="ttykm-boards">' + "".join(figures) + "</div>")
    actions = example.lists.get("actions", [])
    if run.illegal is not None:
        parts.append(f'<p class="ombres-illegal">The last action is <strong>illegal</strong>: '
                     f"{rule_link(run.illegal.rule, link)}: "
                     f"{html.escape(run.illegal.reason)}.</p>")
    if run.events:
        parts.append('<p class="ttykm-example-label">Events</p><ol class="ttykm-events">'
                     + "".join(f"<li>{html.escape(e.text)} ({rule_link(e.rule, link)})</li>" for e in run.events)
                     + "</ol>")
    stated = [(k, v) for k, v in f.items() if k not in ("title", "rules", "variant", "state", "illegal", "after")]
    stated += [(k, "; ".join(v)) for k, v in example.lists.items() if k not in ("actions", "events")]
    if stated:
        parts.append(facts([(label, html.escape(said)) for label, said in (fact_words(k, v) for k, v in stated)]))
    if actions:  # the events say them in words; the notation is for engines and the playground
        parts.append('<details class="tc-notation"><summary>The actions in notation</summary>'
                     + " · ".join(code(a) for a in actions) + "</details>")
    parts.append("</div>")
    return "\n".join(parts)


EXAMPLES = Drawing(WorkedExample, parse_block, check_example, drawn_as_example(example_html))

__all__ = ["EXAMPLES", "example_html"]
