"""Worked examples on the rules site: every ```` ```example ```` block, checked and drawn.

`render_examples` replaces each example block of a Markdown page with HTML:
the title, the rule IDs it illustrates (linked), the position and turn in
notation, the verdict, board pictures before and after the turn with the
event trace drawn over them (`oracle.games.ttykm.pictures.svg`), the events, and whatever else the
block states.  Everything shown is computed by the oracle at build time, and
every claim the block makes is first checked with `oracle.games.ttykm.examples.check_example`:
a page whose example no longer holds raises `ExampleMismatch` naming it, so
the site cannot be built with a stale example.
"""

from __future__ import annotations

import html
import importlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlencode

from oracle.errors import NotationError
from oracle.games import DEFAULT_GAME, GAMES
from oracle.games.ttykm.board import SQUARES
from oracle.games.ttykm.events import CopyChosen, Event
from oracle.games.ttykm.examples import ExampleFormatError, WorkedExample, check_example, parse_block
from oracle.games.ttykm.game import GAME
from oracle.games.ttykm.notation import (
    event_text,
    format_position,
    format_turn,
    parse_cell,
    parse_position,
    parse_turn,
    position_to_json,
)
from oracle.games.ttykm.pictures.phases import phase_stages
from oracle.games.ttykm.pictures.svg import Overlays, attempt_overlays, board_svg, turn_overlays
from oracle.games.ttykm.pictures.text import event_prose
from oracle.games.ttykm.rules.standard import apply_turn, explain, legal_turns
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import InvalidPosition, Position
from oracle.games.ttykm.turn import Turn

FENCE_OPEN = re.compile(r"^(`{3,}|~{3,})\s*([^`\s]*)")

# Given a clause ID, the href of its anchor from the page being rendered, or
# None if no clause has that ID.
RuleLink = Callable[[str], "str | None"]


class ExampleMismatch(Exception):
    """Worked examples that disagree with the oracle (or cannot be read)."""

    def __init__(self, problems: list[str]) -> None:
        count = len(problems)
        super().__init__(
            f"{count} worked example problem{'s' if count != 1 else ''}:\n" + "\n".join("  " + p for p in problems)
        )
        self.problems = problems


@dataclass(frozen=True)
class Fence:
    """A fenced code block: lines ``start`` (the opening fence) to ``end``
    (the closing fence, or the last line when unclosed), and its info word."""

    start: int
    end: int
    info: str


def fences(lines: list[str]) -> list[Fence]:
    """Every top-level fenced block, so that a sample block nested inside a
    longer fence (as in spec/README.md) is not taken for a real one."""
    found: list[Fence] = []
    i = 0
    while i < len(lines):
        match = FENCE_OPEN.match(lines[i])
        if match is None:
            i += 1
            continue
        marker = match.group(1)
        end = i + 1
        while end < len(lines):
            closing = lines[end].strip()
            if closing and set(closing) == {marker[0]} and len(closing) >= len(marker):
                break
            end += 1
        found.append(Fence(i, min(end, len(lines) - 1), match.group(2)))
        i = end + 1
    return found


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "example"


def example_anchors(examples: list[Any]) -> list[str]:
    """An HTML id per example, from its title, unique within the page."""
    seen: dict[str, int] = {}
    anchors = []
    for example in examples:
        base = "ex-" + slug(example.title)
        seen[base] = seen.get(base, 0) + 1
        anchors.append(base if seen[base] == 1 else f"{base}-{seen[base]}")
    return anchors


def game_examples(path: str) -> Any:
    """The module that reads, checks and draws the examples of the page at ``path``, or None for TTYKM
    (this module).  A page in the folder of another registered game (spec/<game>/, docs/<game>/) has
    its examples in that game's fields, drawn by ``oracle.tools.site.<game>`` (``parse_block``,
    ``check_example``, ``example_html``)."""
    folders = path.replace("\\", "/").split("/")[:-1]
    for name in GAMES:
        if name != DEFAULT_GAME and name in folders:
            return importlib.import_module(f"oracle.tools.site.{name.replace('-', '_')}")
    return None


# ```example blocks show the notation; ```lesson blocks (the learn-to-play pages) hold the same fields and are
# checked the same way, but are shown in words and pictures only, for readers who have not met the notation.
EXAMPLE_KINDS = ("example", "lesson")


def page_examples(text: str, path: str) -> list[tuple[Fence, Any]]:
    """The example and lesson blocks of one page, parsed (raises `ExampleFormatError`)."""
    lines = text.splitlines()
    game = game_examples(path)
    parse = parse_block if game is None else game.parse_block
    return [
        (fence, parse(lines[fence.start + 1:fence.end], path, fence.start + 1))
        for fence in fences(lines)
        if fence.info in EXAMPLE_KINDS
    ]


# --- HTML --------------------------------------------------------------------


def _code(text: str) -> str:
    return f"<code>{html.escape(text)}</code>"


def _rule_link(rule: str, link: RuleLink) -> str:
    href = link(rule)
    return f'<a href="{html.escape(href)}">{_code(rule)}</a>' if href is not None else _code(rule)


BoardKind = Literal["before", "after", "attempt", "position", "stage"]


def _figure(caption: str, position: Position, overlays: Overlays | None, kind: BoardKind) -> str:
    """A board picture twice: eras side by side for wide screens, stacked for narrow ones (CSS shows one).

    ``data-board`` says which picture of the example it is: the position before a legal turn (which shows
    only the position and the chosen copy), after it, a refused turn as attempted, a position alone, or
    one stage of a turn phase by phase."""
    return (f'<figure data-board="{kind}"><figcaption>{html.escape(caption)}</figcaption>'
            f"{board_svg(position, overlays, layout='row')}{board_svg(position, overlays, layout='column')}</figure>")


def _events_html(events: tuple[Event, ...], css: str, notation: bool = True) -> str:
    """A list of events, each a plain sentence, after its notation unless ``notation`` is False."""
    return (f'<ol class="{css}">' + "".join(
        (f"<li>{_code(event_text(e))} <span class=\"ttykm-prose\">{html.escape(event_prose(e))}</span></li>"
         if notation else f"<li>{html.escape(event_prose(e))}</li>") for e in events) + "</ol>")


def _attempt(example: WorkedExample, position: Position, turn: Turn) -> Overlays:
    """The overlays of a refused turn: from the copy the block names in ``tried-with``, if any."""
    tried = example.fields.get("tried-with")
    return attempt_overlays(position, turn, example.ruleset, None if tried is None else parse_cell(tried))


def playground_link(href: str | None, position: str, turn: str | None = None, rules: str | None = None) -> str:
    """The "open in the playground" link of an example, or nothing when the site has no playground."""
    if href is None:
        return ""
    query: dict[str, str] = {"game": "ttykm", "position": position}
    if turn:
        query["turn"] = turn
    if rules:
        query["rules"] = rules
    return (f'<p class="ttykm-open"><a class="ttykm-open-link" href="{html.escape(href + "?" + urlencode(query))}">'
            "Open in the playground</a></p>")


def _example_data(example: WorkedExample) -> str:
    """The block's fields that its pictures are drawn from, as ``data-`` attributes of the example, so that a
    program can check every picture against the oracle (tests/test_site_pictures.py)."""
    return "".join(f' data-{key}="{html.escape(example.fields[key])}"'
                   for key in ("position", "turn", "variant", "tried-with") if key in example.fields)


def example_html(example: WorkedExample, anchor: str, link: RuleLink, playground: str | None = None) -> str:
    """The HTML of one example that `check_example` has passed."""
    f = example.fields
    parts = [
        f'<div class="ttykm-example" id="{anchor}"{_example_data(example) if "invalid" not in f else ""}>',
        f'<p class="ttykm-example-title"><a class="ttykm-example-anchor" href="#{anchor}">Example</a>: '
        f"{html.escape(example.title)}</p>",
    ]
    meta = "Rules: " + ", ".join(_rule_link(r, link) for r in example.rules)
    if "variant" in f:
        meta += " · variant " + _code(example.ruleset.name)
    parts.append(f'<p class="ttykm-example-rules">{meta}</p>')
    facts = [("Position", _code(f["position"]))]
    if "invalid" in f:
        facts.append(("Invalid", html.escape(f["invalid"])))
        parts.append(_facts(facts))
        parts.append("</div>")
        return "\n".join(parts)
    position = parse_position(f["position"])
    ruleset = example.ruleset
    figures: list[str] = []
    events_html = phases_html = ""
    if "turn" in f:
        turn = GAME.parse_action(f["turn"])  # a turn, or a Convergence draw
        verdict = GAME.explain(position, turn, ruleset)
        facts.append(("Turn", _code(GAME.format_action(turn))))
        if verdict.is_legal:
            applied = GAME.apply(position, turn, ruleset)
            facts.append(("Verdict", "<strong>legal</strong>"))
            figures.append(_figure("Before", position, turn_overlays(applied.events, "before"), "before"))
            figures.append(_figure("After", applied.state, turn_overlays(applied.events, "after"), "after"))
            if "trace" in f and isinstance(turn, Turn):
                phases_html = phases_figures(position, turn, ruleset)
            events_html = ('<p class="ttykm-example-label">Events</p>'
                           + _events_html(applied.events, "ttykm-events"))
            facts_after = [("After", _code(format_position(applied.state)))]
        else:
            status = f"<strong>{html.escape(verdict.status)}</strong>"
            if verdict.rule is not None:
                status += " under " + _rule_link(verdict.rule, link)
            if verdict.reason:
                status += ": " + html.escape(verdict.reason)
            facts.append(("Verdict", status))
            overlays = _attempt(example, position, turn) if isinstance(turn, Turn) else None
            figures.append(_figure("The turn attempted" if isinstance(turn, Turn) else "The draw attempted", position,
                                   overlays, "attempt"))
            facts_after = []
    else:
        figures.append(_figure("The position", position, None, "position"))
        facts_after = []
    if "legal-count" in f or "legal-turns" in example.lists:
        turns = [format_turn(t) for t in legal_turns(position, ruleset)]
        count = f"{len(turns)} legal turn" + ("s" if len(turns) != 1 else "")
        if "legal-turns" in example.lists and turns:
            count += (
                f"<details><summary>all {len(turns)}</summary><p>"
                + " ".join(_code(t) for t in turns)
                + "</p></details>"
            )
        facts_after.append(("Legal turns", count))
    if "position-json" in f:
        facts_after.append(("JSON", f"<pre><code>{html.escape(json.dumps(position_to_json(position)))}</code></pre>"))
    parts.append(_facts(facts))
    parts.append('<div class="ttykm-boards">' + "".join(figures) + "</div>")
    rules_text = example.ruleset.name if "variant" in f else None
    parts.append(playground_link(playground, f["position"], f.get("turn"), rules_text))
    if events_html:
        parts.append(events_html)
    if phases_html:
        parts.append(phases_html)
    if facts_after:
        parts.append(_facts(facts_after))
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
        turn = parse_turn(f["turn"])
        verdict = explain(position, turn, example.ruleset)
        if verdict.is_legal:
            applied = apply_turn(position, turn, example.ruleset)
            figures += [_figure("Before", position, turn_overlays(applied.events, "before"), "before"),
                        _figure("After", applied.position, turn_overlays(applied.events, "after"), "after")]
            said = ('<p class="ttykm-example-label">What happens</p>'
                    + _events_html(applied.events, "ttykm-steps", notation=False))
        else:
            figures.append(_figure("What was tried", position, _attempt(example, position, turn), "attempt"))
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
    parts.append(playground_link(playground, f["position"], f.get("turn"), rules_text).replace(
        "Open in the playground", "Try it in the playground"))
    parts.append("</div>")
    return "\n".join(p for p in parts if p)


def _facts(facts: list[tuple[str, str]]) -> str:
    return (
        '<dl class="ttykm-example-facts">'
        + "".join(f"<dt>{html.escape(k)}</dt><dd>{v}</dd>" for k, v in facts)
        + "</dl>"
    )


# --- pages -------------------------------------------------------------------


def check_page(text: str, path: str, link: RuleLink) -> list[str]:
    """The problems of every example on a page: format errors, unknown rule
    IDs and every field the oracle disagrees with, each naming the example."""
    try:
        found = page_examples(text, path)
    except ExampleFormatError as exc:
        return [str(exc)]
    problems: list[str] = []
    game = game_examples(path)
    check = check_example if game is None else game.check_example
    for _, example in found:
        named = f"example {example.title!r} ({example.where})"
        problems.extend(f"{named}: cites {r}, which is no clause of the spec" for r in example.rules if link(r) is None)
        try:
            stated = check(example)
        except (ValueError, InvalidPosition, NotationError) as exc:  # e.g. a turn or variant that does not parse
            stated = [f"{example.where}: {exc}"]
        problems.extend(f"{named}: {p.removeprefix(example.where + ': ')}" for p in stated)
    return problems


def render_examples(text: str, path: str, link: RuleLink, playground: str | None = None) -> str:
    """``text`` with every example block replaced by its checked HTML.

    ``playground`` is the href of the playground page from this page, for
    each example's "open in the playground" link.  Raises `ExampleMismatch`
    listing every example on the page whose stated outcome the oracle does
    not confirm."""
    problems = check_page(text, path, link)
    if problems:
        raise ExampleMismatch(problems)
    lines = text.splitlines()
    found = page_examples(text, path)
    anchors = example_anchors([e for _, e in found])
    game = game_examples(path)
    out: list[str] = []
    done = 0
    for (fence, example), anchor in zip(found, anchors, strict=True):
        out.extend(lines[done:fence.start])
        if game is not None:
            out.extend(["", game.example_html(example, anchor, link), ""])
        else:
            render = lesson_html if fence.info == "lesson" else example_html
            out.extend(["", render(example, anchor, link, playground), ""])
        done = fence.end + 1
    out.extend(lines[done:])
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


__all__ = ["ExampleMismatch", "Fence", "check_page", "example_anchors", "fences", "game_examples", "page_examples",
           "plain_words",
           "playground_link",
           "render_examples"]
