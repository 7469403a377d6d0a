"""TTYKM's worked examples on the rules site: checked, then drawn as HTML with board pictures.

The site finds the ```` ```example ```` and ```` ```lesson ```` blocks of a
page and asks the game for the rest (`oracle.interface.WorkedExamples`,
`EXAMPLES`).  A block is read and checked by `oracle.games.ttykm.examples`;
only a block that passes is drawn: the title, the rule IDs it illustrates
(linked), the position and turn in notation, the verdict, board pictures
before and after the turn with the event trace drawn over them
(`oracle.games.ttykm.pictures.svg`), the events, and whatever else the block
states.  A lesson block (the learn-to-play pages) is shown in words and
pictures only, for readers who have not met the notation.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from typing import Literal
from urllib.parse import urlencode

from oracle.games.site_examples import Drawing, code, facts, rule_link, rules_line, title_line
from oracle.games.ttykm.board import SQUARES
from oracle.games.ttykm.events import CopyChosen, Event
from oracle.games.ttykm.examples import WorkedExample, check_example, parse_block
from oracle.games.ttykm.moves import apply_move, explain_move, format_move, read_move
from oracle.games.ttykm.notation import (
    event_text,
    format_position,
    format_turn,
    parse_cell,
    parse_position,
    position_to_json,
)
from oracle.games.ttykm.pictures.phases import phase_stages
from oracle.games.ttykm.pictures.svg import Overlays, attempt_overlays, board_svg, turn_overlays
from oracle.games.ttykm.pictures.text import event_prose
from oracle.games.ttykm.rules.standard import legal_turns
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Turn
from oracle.interface import RuleLink

BoardKind = Literal["before", "after", "attempt", "position", "stage"]


def _figure(caption: str, position: Position, overlays: Overlays | None, kind: BoardKind) -> str:
    """A board picture twice: eras side by side for wide screens, stacked for narrow ones (CSS shows one).

    ``data-board`` says which picture of the example it is: the position before a legal turn (which shows
    only the position and the chosen copy), after it, a refused turn as attempted, a position alone, or
    one stage of a turn phase by phase."""
    return (f'<figure data-board="{kind}"><figcaption>{html.escape(caption)}</figcaption>'
            f"{board_svg(position, overlays, layout='row')}{board_svg(position, overlays, layout='column')}</figure>")


def _events_html(events: Sequence[Event], css: str, notation: bool = True) -> str:
    """A list of events, each a plain sentence, after its notation unless ``notation`` is False."""
    return (f'<ol class="{css}">' + "".join(
        (f"<li>{code(event_text(e))} <span class=\"ttykm-prose\">{html.escape(event_prose(e))}</span></li>"
         if notation else f"<li>{html.escape(event_prose(e))}</li>") for e in events) + "</ol>")


def _attempt(example: WorkedExample, position: Position, turn: Turn) -> Overlays:
    """The overlays of a refused turn: from the copy the block names in ``tried-with``, if any."""
    tried = example.fields.get("tried-with")
    return attempt_overlays(position, turn, example.ruleset, None if tried is None else parse_cell(tried))


def playground_link(href: str | None, position: str, turn: str | None = None, rules: str | None = None,
                    words: str = "Open in the playground") -> str:
    """The link that opens an example in the playground, or nothing when the site has no playground."""
    if href is None:
        return ""
    query: dict[str, str] = {"game": "ttykm", "position": position}
    if turn:
        query["turn"] = turn
    if rules:
        query["rules"] = rules
    return (f'<p class="ttykm-open"><a class="ttykm-open-link" href="{html.escape(href + "?" + urlencode(query))}">'
            f"{words}</a></p>")


def _example_data(example: WorkedExample) -> str:
    """The block's fields that its pictures are drawn from, as ``data-`` attributes of the example, so that a
    program can check every picture against the oracle (tests/browser/test_pictures.py)."""
    return "".join(f' data-{key}="{html.escape(example.fields[key])}"'
                   for key in ("position", "turn", "variant", "tried-with") if key in example.fields)


def example_html(example: WorkedExample, anchor: str, link: RuleLink, playground: str | None = None) -> str:
    """The HTML of one example that `check_example` has passed."""
    f = example.fields
    parts = [
        f'<div class="ttykm-example" id="{anchor}"{_example_data(example) if "invalid" not in f else ""}>',
        title_line(example.title, anchor),
        rules_line(example.rules, link, example.ruleset.name if "variant" in f else None),
    ]
    shown = [("Position", code(f["position"]))]
    if "invalid" in f:
        shown.append(("Invalid", html.escape(f["invalid"])))
        parts.append(facts(shown))
        parts.append("</div>")
        return "\n".join(parts)
    position = parse_position(f["position"])
    ruleset = example.ruleset
    figures: list[str] = []
    events_html = phases_html = ""
    shown_after: list[tuple[str, str]] = []
    if "turn" in f:
        turn = read_move(f["turn"])  # a turn, or a Convergence draw
        verdict = explain_move(position, turn, ruleset)
        shown.append(("Turn", code(format_move(turn))))
        if verdict.is_legal:
            applied = apply_move(position, turn, ruleset)
            shown.append(("Verdict", "<strong>legal</strong>"))
            figures.append(_figure("Before", position, turn_overlays(applied.events, "before"), "before"))
            figures.append(_figure("After", applied.state, turn_overlays(applied.events, "after"), "after"))
            if "trace" in f and isinstance(turn, Turn):
                phases_html = phases_figures(position, turn, ruleset)
            events_html = ('<p class="ttykm-example-label">Events</p>'
                           + _events_html(applied.events, "ttykm-events"))
            shown_after.append(("After", code(format_position(applied.state))))
        else:
            status = f"<strong>{html.escape(verdict.status)}</strong>"
            if verdict.rule is not None:
                status += " under " + rule_link(verdict.rule, link)
            if verdict.reason:
                status += ": " + html.escape(verdict.reason)
            shown.append(("Verdict", status))
            overlays = _attempt(example, position, turn) if isinstance(turn, Turn) else None
            figures.append(_figure("The turn attempted" if isinstance(turn, Turn) else "The draw attempted", position,
                                   overlays, "attempt"))
    else:
        figures.append(_figure("The position", position, None, "position"))
    if "legal-count" in f or "legal-turns" in example.lists:
        turns = [format_turn(t) for t in legal_turns(position, ruleset)]
        count = f"{len(turns)} legal turn" + ("s" if len(turns) != 1 else "")
        if "legal-turns" in example.lists and turns:
            count += (
                f"<details><summary>all {len(turns)}</summary><p>"
                + " ".join(code(t) for t in turns)
                + "</p></details>"
            )
        shown_after.append(("Legal turns", count))
    if "position-json" in f:
        shown_after.append(("JSON", f"<pre><code>{html.escape(json.dumps(position_to_json(position)))}</code></pre>"))
    parts.append(facts(shown))
    parts.append('<div class="ttykm-boards">' + "".join(figures) + "</div>")
    rules_text = example.ruleset.name if "variant" in f else None
    parts.append(playground_link(playground, f["position"], f.get("turn"), rules_text))
    if events_html:
        parts.append(events_html)
    if phases_html:
        parts.append(phases_html)
    if shown_after:
        parts.append(facts(shown_after))
    parts.append("</div>")
    return "\n".join(p for p in parts if p)  # a blank line would end the HTML block in Markdown


def phases_figures(position: Position, turn: Turn, ruleset: Ruleset) -> str:
    """The turn phase by phase: one board picture (all three eras) per stage
    of `oracle.games.ttykm.pictures.phases.phase_stages`, each with what
    happened in it."""
    items = []
    # The stages follow the actions; the copy chosen is where the first one starts.
    mover = position.to_move
    earlier: tuple[Event, ...] = () if mover is None or turn.copy is None else (
        CopyChosen(mover, position.focus[mover] * SQUARES + turn.copy),)
    for number, stage in enumerate(phase_stages(position, turn, ruleset), start=1):
        said = (_events_html(stage.events, "ttykm-phase-events") if stage.events
                else '<p class="ttykm-phase-none">Nothing happens.</p>')
        picture = _figure(f"{number}. {stage.caption}", stage.position,
                          turn_overlays(stage.events, "after", earlier), "stage")
        earlier += stage.events
        items.append(f'<li class="ttykm-phase">{picture}{said}</li>')
    return ('<p class="ttykm-example-label">Phase by phase, across the three eras</p>'
            '<ol class="ttykm-phases">' + "".join(items) + "</ol>")


ACTION_WORDS = {"N": "a move north", "E": "a move east", "S": "a move south", "W": "a move west",
                "F": "a jump forward", "B": "a jump back"}


def plain_words(reason: str) -> str:
    """The oracle's explanation without notation, for the learn-to-play pages: action letters
    become words, and a part that says how to write the turn (such as ``>present``) is left out."""
    kept = [part for part in reason.split("; ") if ">" not in part]
    return re.sub(r"\b[NESWFB]\b", lambda m: ACTION_WORDS[m.group(0)], "; ".join(kept))


def lesson_html(example: WorkedExample, anchor: str, link: RuleLink, playground: str | None = None) -> str:
    """The HTML of one lesson block that `check_example` has passed: pictures and sentences, no notation."""
    f = example.fields
    position = parse_position(f["position"])
    parts = [f'<div class="ttykm-example ttykm-lesson" id="{anchor}"{_example_data(example)}>',
             f'<p class="ttykm-example-title">{html.escape(example.title)}</p>']
    figures: list[str] = []
    said = ""
    if "turn" in f:
        turn = read_move(f["turn"])
        verdict = explain_move(position, turn, example.ruleset)
        if verdict.is_legal:
            applied = apply_move(position, turn, example.ruleset)
            figures += [_figure("Before", position, turn_overlays(applied.events, "before"), "before"),
                        _figure("After", applied.state, turn_overlays(applied.events, "after"), "after")]
            said = ('<p class="ttykm-example-label">What happens</p>'
                    + _events_html(applied.events, "ttykm-steps", notation=False))
        else:
            overlays = _attempt(example, position, turn) if isinstance(turn, Turn) else None
            figures.append(_figure("What was tried", position, overlays, "attempt"))
            rule = verdict.rule or ""
            href = link(rule)
            why = f' (<a href="{html.escape(href)}">the rule</a>)' if href is not None else ""
            said = (f'<p class="ttykm-refused"><strong>Not allowed:</strong> {html.escape(plain_words(verdict.reason))}'
                    f"{why}.</p>")
    else:
        figures.append(_figure("The position", position, None, "position"))
    parts.append('<div class="ttykm-boards">' + "".join(figures) + "</div>")
    parts.append(said)
    rules_text = example.ruleset.name if "variant" in f else None
    parts.append(playground_link(playground, f["position"], f.get("turn"), rules_text, "Try it in the playground"))
    parts.append("</div>")
    return "\n".join(p for p in parts if p)


def draw(example: WorkedExample, kind: str, anchor: str, link: RuleLink, playground: str | None) -> str:
    """A ```` ```lesson ```` block in words and pictures (`lesson_html`), any other with its notation."""
    return (lesson_html if kind == "lesson" else example_html)(example, anchor, link, playground)


EXAMPLES = Drawing(WorkedExample, parse_block, check_example, draw)

__all__ = ["EXAMPLES", "example_html", "lesson_html", "phases_figures", "plain_words", "playground_link"]
