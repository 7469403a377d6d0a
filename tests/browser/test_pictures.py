"""Every picture of every page of the built site, checked against the oracle in a real browser.

Each board picture of a worked example carries what it marks in ``data-``
attributes (`oracle.games.ttykm.pictures.svg`), and each example carries the
position and turn it is drawn from.  One pass over each page, in headless
Chromium, reads every picture; the oracle then plays each example again here
and the test asserts:

- a Before board shows only the position and the chosen copy: no arrow, no badge;
- an After board (and each stage of a turn drawn phase by phase) marks exactly
  what the oracle's events say: every removed copy, with its colour, as a badge
  on its ghost, set aside when something now stands on its square; every new
  copy, shrub or tree, removed object, statue placed, blocked statue and hat;
- every action is an arrow numbered in the order taken, of the action's kind,
  chapter actions included;
- a refused turn draws its refused action (an aimed one to its target square),
  the actions before it as what they are, or the refused Focus;
- no arrowhead lies under a badge, and no two legend entries look alike;
- every picture's text is at least 11 px as displayed, at 1280 px and 390 px,
  for the card games' pictures too.

It reads the build that ``./dev test`` makes (``ORACLE_BUILT_SITE``), or
builds one, like the other browser tests (`tests.browser`), whose fixtures it shares.  The
pictures are static, so the pages are read with scripting off.
"""

from __future__ import annotations

import html
import math
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from oracle.games.ttykm.board import SQUARES, TRAVELS
from oracle.games.ttykm.events import (
    Built,
    Cleared,
    CopyChosen,
    Created,
    Crushed,
    Event,
    Fell,
    Flattened,
    Grew,
    Halted,
    HatOff,
    HatOn,
    Moved,
    Paradox,
    Placed,
    Pushed,
    Shifted,
    Stepped,
    Trampled,
    Travelled,
    Unplaced,
)
from oracle.games.ttykm.game import GAME
from oracle.games.ttykm.notation import cell_name, parse_cell, parse_position
from oracle.games.ttykm.pictures.phases import phase_stages
from oracle.games.ttykm.pictures.svg import Layout
from oracle.games.ttykm.rules.standard import explain
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed, Pull, Turn, TurnAction
from tests.browser.visit import LEGEND_FITS, WIDTHS
from tests.test_site_editions import CARD_GAME_SVG, ENGLISH_WORDS

# One pass over a page: every example's fields and, for each of its board pictures, what it marks.
READ_PAGE = """() => {
    const num = (e, a) => parseFloat(e.getAttribute(a));
    const shape = (s) => {
        if (s.tagName === "circle") return [num(s, "cx"), num(s, "cy"), num(s, "r")];
        if (s.tagName === "rect") return [num(s, "x") + num(s, "width") / 2, num(s, "y") + num(s, "height") / 2,
                                          Math.max(num(s, "width"), num(s, "height")) / 2];
        const p = s.getAttribute("points").trim().split(/[ ,]+/).map(parseFloat);
        const xs = p.filter((_, i) => i % 2 === 0), ys = p.filter((_, i) => i % 2 === 1);
        return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2,
                (Math.max(...xs) - Math.min(...xs)) / 2];
    };
    const signature = (item) => [...item.children].filter(c => c.tagName !== "text").map(c => {
        const parts = [c.tagName, c.getAttribute("stroke"), c.getAttribute("fill"),
                       c.getAttribute("stroke-dasharray")];
        for (const s of c.querySelectorAll(".shape, path")) parts.push(s.tagName, s.getAttribute("fill"),
            (s.getAttribute("d") || "").replace(/[-0-9.,]+/g, ""));
        return parts.join(" ");
    }).join(" | ");
    const boards = (svg) => ({
        layout: svg.classList.contains("row") ? "row" : "column",
        shown: svg.getBoundingClientRect().width,
        marks: [...svg.querySelectorAll("[data-mark]")].map(m => {
            const ghost = m.querySelector("circle.ghost");
            const badge = m.querySelector(".badge .shape");
            return {mark: m.dataset.mark, kind: m.dataset.kind, cell: m.dataset.cell || null,
                    colour: m.dataset.colour || null, focus: m.dataset.focus || null,
                    ghost: ghost ? [num(ghost, "cx"), num(ghost, "cy"), num(ghost, "r"), ghost.getAttribute("fill"),
                                    ghost.classList.contains("white") ? "white" : "black"] : null,
                    badge: badge ? shape(badge) : null};
        }),
        arrows: [...svg.querySelectorAll("g.arrow")].map(a => {
            const head = a.querySelector("polygon.head"), step = a.querySelector("circle.step");
            return {kind: a.dataset.kind, from: a.dataset.from, to: a.dataset.to || null,
                    step: a.dataset.step ? parseInt(a.dataset.step) : 0,
                    head: head ? head.getAttribute("points").trim().split(/[ ,]+/).map(parseFloat) : null,
                    number: step ? shape(step) : null};
        }),
        highlights: [...svg.querySelectorAll("rect.highlight")].map(h => h.dataset.cell),
        legend: [...svg.querySelectorAll("g.legend g.item")].map(i => [i.dataset.key, i.textContent,
                                                                         signature(i)]),
        copyFills: Object.fromEntries(["white", "black"].map(c => {
            const copy = svg.querySelector("circle.copy." + c);
            return [c, copy ? copy.getAttribute("fill") : null];
        })),
    });
    const examples = [...document.querySelectorAll("div.ttykm-example[data-position]")].map(e => ({
        id: e.id, position: e.dataset.position, turn: e.dataset.turn || null, variant: e.dataset.variant || null,
        tried: e.dataset.triedWith || null,
        figures: [...e.querySelectorAll("figure[data-board]")].map(f => ({
            board: f.dataset.board, caption: f.querySelector("figcaption").textContent,
            svgs: [...f.querySelectorAll(":scope > svg.ttykm-board")].map(boards)})),
    }));
    return examples;
}"""

REMOVED_BY = (Crushed, Flattened, Trampled)


PICTURES = re.compile(r'<figure data-board=|<svg[^>]* class="(?:time-chase|trois-ombres)')


def pages(site: Path) -> list[str]:
    """Every page of the built site with a picture of a game in it (the playground's are drawn when played)."""
    found = []
    for index in sorted(site.rglob("index.html")):
        if PICTURES.search(index.read_text(encoding="utf-8")):
            found.append(("/" + index.parent.relative_to(site).as_posix() + "/").replace("/./", "/"))
    return found


# --- what the oracle says each picture must show ----------------------------------


def action_kind(action: TurnAction) -> str:
    """The arrow kind of an action of a turn."""
    if isinstance(action, Aimed):
        return {"P": "plant", "D": "dig", "B": "build", "T": "train", "C": "elephant"}[action.letter]
    if isinstance(action, Pull):
        return "move"
    return "travel" if action in TRAVELS else "move"


def expected_marks(events: tuple[Event, ...], earlier: tuple[Event, ...] = ()) -> Counter[tuple[str, str, str]]:
    """The badges (mark, cell, colour) the picture after ``events`` must carry, by the events alone."""
    marks: Counter[tuple[str, str, str]] = Counter()
    active: int | None = None
    for n, event in enumerate(earlier + events):
        if n < len(earlier):
            active = follow(active, event)
            continue
        match event:
            case Crushed(colour, c, _) | Flattened(colour, c) | Trampled(colour, c):
                marks[("removed", cell_name(c), colour.word)] += 1
            case Paradox(colour, pushed, struck):
                marks[("removed", cell_name(pushed), colour.word)] += 1
                marks[("removed", cell_name(struck), colour.word)] += 1
            case Created(colour, c):
                marks[("created", cell_name(c), colour.word)] += 1
            case Grew(_, c):
                marks[("grew", cell_name(c), "")] += 1
            case Cleared(_, c):
                marks[("cleared", cell_name(c), "")] += 1
            case Built(_, c) | Placed(_, c, _):
                marks[("built", cell_name(c), "")] += 1
            case Halted(_, c, _) | Unplaced(_, c):
                marks[("blocked", cell_name(c), "")] += 1
            case HatOn(_, _, c) if active is None or c // SQUARES != active // SQUARES:
                marks[("trained", cell_name(c), "")] += 1
            case HatOff(_, _, c):
                marks[("untrained", cell_name(c), "")] += 1
        active = follow(active, event)
    return marks


def follow(active: int | None, event: Event) -> int | None:
    """Where the active copy stands after ``event``."""
    if isinstance(event, CopyChosen):
        return event.cell
    if isinstance(event, Moved | Travelled):
        return event.target
    if isinstance(event, Paradox) and event.pushed == active:
        return None
    return active


def effect_arrows(events: tuple[Event, ...], earlier: tuple[Event, ...] = ()) -> Counter[tuple[str, str, str]]:
    """The unnumbered arrows (kind, from, to) of the effects in ``events``."""
    arrows: Counter[tuple[str, str, str]] = Counter()
    active: int | None = None
    for n, event in enumerate(earlier + events):
        active = follow(active, event)
        if n < len(earlier):
            continue
        match event:
            case Pushed(_, s, t, _):
                arrows[("push", cell_name(s), cell_name(t))] += 1
            case Fell(s, t, _):
                arrows[("fall", cell_name(s), cell_name(t))] += 1
            case Stepped(_, s, t, _):
                arrows[("elephant", cell_name(s), cell_name(t))] += 1
            case Shifted(_, s, t, _):
                carried = active is not None and s // SQUARES > active // SQUARES
                arrows[("carried" if carried else "statue", cell_name(s), cell_name(t))] += 1
    return arrows


@cache
def oracle_of(position_text: str, turn_text: str | None, variant: str | None) -> Any:
    """The position, turn, ruleset and, for a legal turn, what the oracle does with it."""
    position = parse_position(position_text)
    ruleset = Ruleset.parse(variant or "standard")
    if turn_text is None:
        return position, None, ruleset, None
    turn = GAME.parse_action(turn_text)
    verdict = GAME.explain(position, turn, ruleset)
    return position, turn, ruleset, GAME.apply(position, turn, ruleset) if verdict.is_legal else None


# --- geometry ------------------------------------------------------------------------


def covers(triangle: list[float], circle: list[float]) -> bool:
    """Whether the triangle (x1, y1, x2, y2, x3, y3) and the circle (x, y, r) overlap by more than a hair."""
    x, y, r = circle
    r -= 0.5
    corners = [(triangle[i], triangle[i + 1]) for i in (0, 2, 4)]

    def side(a: tuple[float, float], b: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0])

    signs = [side(corners[i], corners[(i + 1) % 3]) for i in range(3)]
    if all(s >= 0 for s in signs) or all(s <= 0 for s in signs):
        return True
    for i in range(3):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 3]
        length = (bx - ax) ** 2 + (by - ay) ** 2 or 1.0
        t = max(0.0, min(1.0, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length))
        if math.hypot(ax + t * (bx - ax) - x, ay + t * (by - ay) - y) < r:
            return True
    return False


def stands(position: Position, cell: str) -> bool:
    """Whether a copy or a solid object stands on the cell."""
    c = parse_cell(cell)
    return position.occupant(c) is not None or (position.chapters is not None and
                                                 position.chapters.solid(c) is not None)


# --- the checks -------------------------------------------------------------------------


def check_geometry(where: str, svg: dict[str, Any], after: Position) -> list[str]:
    """Each removal badge on its ghost, the ghost of the removed colour inside its square and off any
    survivor; no arrowhead under a badge; the legend's entries distinct."""
    faults = []
    layout = Layout(svg["layout"])
    fills = {colour: fill for colour, fill in svg["copyFills"].items() if fill}
    badges = [m["badge"] for m in svg["marks"] if m["badge"]] + [a["number"] for a in svg["arrows"] if a["number"]]
    for mark in svg["marks"]:
        if mark["mark"] != "removed":
            continue
        ghost, badge = mark["ghost"], mark["badge"]
        if ghost is None or badge is None:
            faults.append(f"{where}: the removal on {mark['cell']} has no ghost or no badge")
            continue
        gx, gy, gr, fill, colour = ghost
        if colour != mark["colour"] or (colour in fills and fill != fills[colour]):
            faults.append(f"{where}: the ghost on {mark['cell']} is not {mark['colour']}")
        if math.hypot(badge[0] - gx, badge[1] - gy) > gr - 2:
            faults.append(f"{where}: the removal badge on {mark['cell']} is off its ghost")
        cx, cy = layout.centre(parse_cell(mark["cell"]))
        if abs(gx - cx) + gr > 20.5 or abs(gy - cy) + gr > 20.5:
            faults.append(f"{where}: the ghost of {mark['cell']} leaves its square")
        if stands(after, mark["cell"]):
            if math.hypot(gx - cx, gy - cy) <= gr:
                faults.append(f"{where}: the ghost of {mark['cell']} covers what now stands there")
        elif math.hypot(gx - cx, gy - cy) > 1:
            faults.append(f"{where}: the ghost of {mark['cell']} is not on its empty square")
    for arrow in svg["arrows"]:
        if arrow["head"] and any(covers(arrow["head"], badge) for badge in badges):
            faults.append(f"{where}: the head of the {arrow['kind']} arrow {arrow['from']}-{arrow['to']} is under a "
                          "badge")
    legend = svg["legend"]
    for i, (key, word, look) in enumerate(legend):
        for other_key, other_word, other_look in legend[i + 1:]:
            if look == other_look or word == other_word:
                faults.append(f"{where}: the legend's {key} and {other_key} look alike")
    return faults


def legend_matches(where: str, svg: dict[str, Any]) -> list[str]:
    """The legend names exactly the kinds of arrow and badge the picture draws."""
    drawn = {a["kind"] for a in svg["arrows"]} | {m["kind"] for m in svg["marks"]}
    if svg["highlights"]:
        drawn.add("highlight")
    keys = {key for key, _, _ in svg["legend"]}
    return [] if keys == drawn else [f"{where}: the legend names {sorted(keys)}, the picture draws {sorted(drawn)}"]


def numbered(svg: dict[str, Any]) -> list[tuple[int, str]]:
    return sorted((a["step"], a["kind"]) for a in svg["arrows"] if a["step"])


def check_legal(where: str, figure: dict[str, Any], svg: dict[str, Any], oracle: Any,
                stage: Stage | None) -> list[str]:
    """A legal turn's picture before it, after it, or after one stage of it."""
    _, turn, _, applied = oracle
    faults = []
    if figure["board"] == "before":
        chosen = [cell_name(e.cell) for e in applied.events if isinstance(e, CopyChosen)]
        if svg["marks"] or svg["arrows"]:
            faults.append(f"{where}: the Before board marks what the turn will do")
        if svg["highlights"] != chosen:
            faults.append(f"{where}: the Before board highlights {svg['highlights']}, not the chosen copy {chosen}")
        return faults
    events, earlier = stage if stage is not None else (applied.events, ())
    drawn_marks = Counter((m["mark"], m["cell"], m["colour"] or "") for m in svg["marks"])
    wanted_marks = expected_marks(events, earlier)
    if drawn_marks != wanted_marks:
        faults.append(f"{where}: marks {sorted(drawn_marks)}, the oracle's events {sorted(wanted_marks)}")
    drawn_effects = Counter((a["kind"], a["from"], a["to"]) for a in svg["arrows"] if not a["step"])
    wanted_effects = effect_arrows(events, earlier)
    if drawn_effects != wanted_effects:
        faults.append(f"{where}: effect arrows {sorted(drawn_effects)}, the oracle's {sorted(wanted_effects)}")
    if stage is None and isinstance(turn, Turn):
        wanted = [(n, action_kind(a)) for n, a in enumerate(turn.actions, start=1)]
        if numbered(svg) != wanted:
            faults.append(f"{where}: numbered actions {numbered(svg)}, the turn's {wanted}")
    return faults


def check_attempt(where: str, svg: dict[str, Any], oracle: Any, tried: str | None) -> list[str]:
    """A refused turn: the actions before the refused one as what they are, the refused one in red (an aimed
    one to its square), or the refused copy or Focus marked."""
    position, turn, ruleset, _ = oracle
    faults: list[str] = []
    if not isinstance(turn, Turn) or turn.copy is None:
        return faults
    removals = [m for m in svg["marks"] if m["mark"] not in ("refused",)]
    if removals:
        faults.append(f"{where}: a refused turn's picture marks effects: {removals}")
    refused_marks = [m for m in svg["marks"] if m["mark"] == "refused"]
    copy_refused = tried is not None or explain(position, Turn(turn.copy), ruleset).status == "illegal"
    first = next((n for n in range(1, len(turn.actions) + 1)
                  if explain(position, Turn(turn.copy, turn.actions[:n]), ruleset).status == "illegal"), None)
    kinds = numbered(svg)
    if copy_refused:
        if any(kind != "attempt" for _, kind in kinds) or not refused_marks:
            faults.append(f"{where}: a copy that may not act is not drawn refused: {kinds}, {refused_marks}")
        chosen = tried or cell_name(position.focus[position.to_move] * SQUARES + turn.copy)
        if svg["highlights"] != [chosen]:
            faults.append(f"{where}: the attempt is drawn from {svg['highlights']}, not {chosen}")
        return faults
    if first is not None:
        wanted = [(n, action_kind(a)) for n, a in enumerate(turn.actions[:first - 1], start=1)] + [(first, "attempt")]
        if kinds != wanted:
            faults.append(f"{where}: attempted actions drawn {kinds}, the oracle refuses action {first}: {wanted}")
        action = turn.actions[first - 1]
        if isinstance(action, Aimed):
            arrow = next(a for a in svg["arrows"] if a["step"] == first)
            era = parse_cell(arrow["from"]) // SQUARES
            if arrow["to"] != cell_name(era * SQUARES + action.square):
                faults.append(f"{where}: the refused aimed action does not draw its target")
        return faults
    wanted = [(n, action_kind(a)) for n, a in enumerate(turn.actions, start=1)]
    if kinds != wanted:
        faults.append(f"{where}: legal actions of a refused turn drawn {kinds}, not {wanted}")
    verdict = explain(position, turn, ruleset)
    if verdict.status != "illegal":  # a partial turn, legal so far
        if refused_marks:
            faults.append(f"{where}: a turn legal so far is marked refused")
    elif verdict.rule is not None and (verdict.rule.startswith("FOCUS.") or verdict.rule == "TURN.ACTION-COUNT"):
        # A turn that stops short is refused at its Focus move, never on the square it rightly moved to.
        assert turn.focus is not None
        if [m["focus"] for m in refused_marks] != [turn.focus.word]:
            faults.append(f"{where}: the refused Focus move is not marked")
    elif len(refused_marks) != 1:
        faults.append(f"{where}: the refusal of the turn is not marked")
    return faults


Stage = tuple[tuple[Event, ...], tuple[Event, ...]]  # a stage's events, and the turn's events before them


def stages_of(position: Position, turn: Any, ruleset: Ruleset) -> list[tuple[Stage, Position]]:
    """Each stage of a turn drawn phase by phase: its events, those before it, and the position then."""
    assert position.to_move is not None and turn.copy is not None
    earlier: tuple[Event, ...] = (CopyChosen(position.to_move, position.focus[position.to_move] * SQUARES + turn.copy),)
    found = []
    for stage in phase_stages(position, turn, ruleset):
        found.append(((stage.events, earlier), stage.position))
        earlier += stage.events
    return found


def check_example(page: str, example: dict[str, Any]) -> list[str]:
    oracle = oracle_of(example["position"], example["turn"], example["variant"])
    position, turn, ruleset, applied = oracle
    faults: list[str] = []
    stages = iter(stages_of(position, turn, ruleset) if any(f["board"] == "stage" for f in example["figures"])
                  else [])
    for figure in example["figures"]:
        board = figure["board"]
        stage: Stage | None = None
        after = applied.state if applied is not None and board == "after" else position
        if board == "stage":
            stage, after = next(stages)
        for svg in figure["svgs"]:
            where = f"{page}#{example['id']} {figure['caption']} ({svg['layout']})"
            if board in ("before", "after", "stage"):
                faults += check_legal(where, figure, svg, oracle, stage)
            elif board == "attempt":
                faults += check_attempt(where, svg, oracle, example["tried"])
            elif svg["marks"] or svg["arrows"]:
                faults.append(f"{where}: a position alone is drawn with marks")
            faults += check_geometry(where, svg, after)
            faults += legend_matches(where, svg)
    return faults


SMALLEST_TEXT = """() => {
    // A picture's text is sized in its own units (font-size on each text): shown at the picture's scale.
    let smallest = Infinity, where = "";
    for (const svg of document.querySelectorAll("article svg")) {
        const box = svg.getBoundingClientRect();
        const view = svg.viewBox && svg.viewBox.baseVal;
        if (box.width === 0 || !view || !view.width) continue;  // hidden at this width (the other layout)
        const scale = box.width / view.width;
        for (const text of svg.querySelectorAll("text")) {
            const size = parseFloat(text.getAttribute("font-size") || getComputedStyle(text).fontSize) * scale;
            if (size < smallest) {
                smallest = size;
                where = (svg.getAttribute("class") || "svg") + ": " + text.textContent;
            }
        }
    }
    return [smallest, where];
}"""


def wait_for_width(page: Any, width: int) -> None:
    """Until the page lays out at the new width: under load the resize reaches the renderer late, and the
    other layout's picture (hidden by a media query at this width) was measured at this width's scale."""
    for _ in range(200):
        if page.evaluate("w => window.innerWidth === w && document.documentElement.clientWidth <= w", width):
            return
        page.wait_for_timeout(25)
    raise AssertionError(f"the page never laid out at {width} px")


def test_every_picture_tells_what_the_oracle_says(browser: Any, base_url: str, site: Path) -> None:
    """One load of each page: every picture's marks against the oracle (both layouts are in the page), and
    its text as shown at both widths (the page is loaded at one width and resized to the other), and its key
    (`LEGEND_FITS`: every entry whole, beside its swatch, as large as the others).

    The pictures are static, so the pages are read with scripting off: a third of the time."""
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 900}, java_script_enabled=False)
    page = context.new_page()
    faults: list[str] = []
    small: list[str] = []
    keys: list[str] = []  # a picture's key laid out wrong: an entry cut, apart from its swatch, smaller or squeezed
    checked = 0
    widths = list(WIDTHS)
    paths = pages(site)
    drawn = sum(2 * (site / path.strip("/") / "index.html").read_text(encoding="utf-8").count("<figure data-board=")
                for path in paths)  # each board picture in its two layouts
    try:
        for path in paths:
            response = page.goto(base_url + path, wait_until="domcontentloaded")
            assert response is not None and response.status == 200, path
            for example in page.evaluate(READ_PAGE):
                checked += sum(len(f["svgs"]) for f in example["figures"])
                faults += check_example(path, example)
            for width in widths:
                page.set_viewport_size({"width": width, "height": 900})
                wait_for_width(page, width)
                smallest, where = page.evaluate(SMALLEST_TEXT)
                if smallest < 11:
                    small.append(f"{path} at {width} px: {smallest:.1f} px ({where})")
                keys += [f"{path} at {width} px: {fault}" for fault in page.evaluate(LEGEND_FITS)]
            widths.reverse()  # the next page loads at the width this one ends on: one resize per page
    finally:
        context.close()
    assert faults == [], f"{len(faults)} pictures disagree with the oracle"
    assert small == [], "picture text under 11 px:\n" + "\n".join(small)
    assert keys == [], "pictures' keys laid out wrong:\n" + "\n".join(keys[:20])
    assert checked == drawn > 500, "pictures the page pass did not read: the page markup changed"


def test_every_card_game_picture_says_what_it_shows_in_its_page_s_language(site: Path) -> None:
    """Read from the built pages, no browser needed: every Time Chase and 3 Ombres picture has a <title> and a
    <desc>, in French on a French page (no English word left) and in English on the others; a timeline draws
    its events to come as one box at most; no Time Chase page calls a player "R"."""
    faults, seen = [], Counter[str]()
    for index in sorted(site.rglob("index.html")):
        text = index.read_text(encoding="utf-8")
        where = index.parent.relative_to(site).as_posix()
        language = re.search(r'<html lang="(\w+)"', text)
        for svg in CARD_GAME_SVG.findall(text):
            seen[language[1] if language else "?"] += 1
            title, desc = re.search(r"<title>([^<]*)</title>", svg), re.search(r"<desc>([^<]*)</desc>", svg)
            if not (title and desc and title[1].strip() and desc[1].strip()):
                faults.append(f"{where}: a picture without a title or a description")
                continue
            said = [title[1], *html.unescape(desc[1]).splitlines()]
            if language and language[1] == "fr":
                faults += [f"{where}: English left: {line}" for line in said if ENGLISH_WORDS.search(line)]
            elif re.search(r"\b(?:Manche|Événements?|cristaux|jeton|face cachée)\b", " ".join(said)):
                faults.append(f"{where}: French on an English page: {said[0]}")
            if svg.count('<g class="future"') > 1:
                faults.append(f"{where}: the events to come drawn in more than one box")
        if "time-chase" in where and re.search(r"\bR is p\d|\(R is\b|\bfrom R\b", text):
            faults.append(f"{where}: a player called R")
    assert faults == [], "\n".join(faults[:10])
    assert seen["en"] > 500 and seen["fr"] > 40, seen


# A Time Chase seat's mark: its pawn, its token or the mark before its line, and the shape's fill and outline.
SEAT_MARK = re.compile(r'<g class="(?:pawn|token|seat)" data-seat="(\d)">(?:<title>[^<]*</title>)?'
                       r'<(?:rect|circle)[^>]* fill="([^"]+)" stroke="([^"]+)"')


def seat_look_faults(where: str, svg: str) -> list[str]:
    """In one Time Chase picture: a seat drawn in two looks, or two seats sharing a fill (an outline alone
    does not tell seats apart on a phone)."""
    looks: dict[str, set[tuple[str, str]]] = {}
    for seat, fill, stroke in SEAT_MARK.findall(svg):
        looks.setdefault(seat, set()).add((fill, stroke))
    faults = [f"{where}: p{seat} drawn as {sorted(seen)}" for seat, seen in sorted(looks.items()) if len(seen) > 1]
    fills = Counter(fill for seen in looks.values() for fill, _ in seen)
    return faults + [f"{where}: seats share the fill {fill}" for fill, n in fills.items() if n > 1]


def test_no_two_seats_look_alike_in_any_time_chase_picture(site: Path) -> None:
    """Read from the built pages, both editions and both layouts: in every Time Chase picture each seat has
    one look, and no two seats share a fill; the five-player example shows five."""
    faults, most = [], 0
    for index in sorted(site.rglob("index.html")):
        text = index.read_text(encoding="utf-8")
        for svg in re.findall(r'<svg[^>]*class="time-chase[^"]*"[^>]*>.*?</svg>', text, re.S):
            faults += seat_look_faults(index.parent.relative_to(site).as_posix(), svg)
            most = max(most, len(set(SEAT_MARK.findall(svg))))
    assert faults == [], "\n".join(faults[:10])
    assert most >= 5, "no picture of five seats read: the seat marks' markup changed"


def test_two_seats_sharing_a_fill_are_caught() -> None:
    """The check itself bites: three white pawns told apart by their outlines only."""
    svg = "".join(f'<g class="pawn" data-seat="{seat}"><title>p{seat}\'s pawn</title><rect fill="#ffffff" '
                  f'stroke="{stroke}"/></g>' for seat, stroke in ((3, "#222222"), (4, "#6f5646")))
    assert seat_look_faults("here", svg) == ["here: seats share the fill #ffffff"]


def test_a_removal_drawn_on_the_before_board_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself bites: a Before board that shows the turn's removal fails it."""
    oracle = oracle_of("3b/4/4/w3|3b/4/4/1wbw|3b/4/4/w3 turn=w focus=present,future supply=3,3 removed=0,0",
                       "b1 E N >past", None)
    figure = {"board": "before"}
    svg = {"layout": "row", "marks": [{"mark": "removed", "kind": "crushed", "cell": "present:d1",
                                       "colour": "white", "focus": None, "ghost": None, "badge": None}],
           "arrows": [], "highlights": ["present:b1"], "legend": [], "copyFills": {}}
    assert check_legal("here", figure, svg, oracle, None) == ["here: the Before board marks what the turn will do"]
    assert re.search(r"removal on present:d1 has no ghost", "\n".join(check_geometry("here", svg, oracle[0])))
    svg["marks"], figure["board"] = [], "after"
    assert any("marks []" in f for f in check_legal("here", figure, svg, oracle, None))
