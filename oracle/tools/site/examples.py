"""Worked examples on the rules site: every ```` ```example ```` and ```` ```lesson ```` block, checked and drawn.

`render_examples` replaces each example block of a Markdown page with HTML.
The blocks are found here; everything else is the game's own, through the
common interface (`oracle.interface.WorkedExamples`, from
`Game.worked_examples` of the game whose folder the page is in: TTYKM's
otherwise): it reads each block, checks every claim the block makes against
the oracle, and draws it with the pictures computed at build time.  A page
whose example no longer holds raises `ExampleMismatch` naming it, so the
site cannot be built with a stale example.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from oracle.games import DEFAULT_GAME, GAMES, load_game
from oracle.games.worked_examples import ExampleFormatError
from oracle.interface import Example, RuleLink, WorkedExamples

FENCE_OPEN = re.compile(r"^(`{3,}|~{3,})\s*([^`\s]*)(?:\s+game=([\w-]+))?")

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
    game: str = ""
    """The game of an example block that is not its page's (```` ```lesson game=time-chase ````, on the home page)."""


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
        found.append(Fence(i, min(end, len(lines) - 1), match.group(2), match.group(3) or ""))
        i = end + 1
    return found


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "example"


def example_anchors(examples: list[Example]) -> list[str]:
    """An HTML id per example, from its title, unique within the page."""
    seen: dict[str, int] = {}
    anchors = []
    for example in examples:
        base = "ex-" + slug(example.title)
        seen[base] = seen.get(base, 0) + 1
        anchors.append(base if seen[base] == 1 else f"{base}-{seen[base]}")
    return anchors


def page_game(path: str) -> str:
    """The game whose examples the page at ``path`` holds: a page in the folder of a registered game
    (spec/<game>/, docs/<game>/), TTYKM's otherwise."""
    folders = path.replace("\\", "/").split("/")[:-1]
    return next((name for name in GAMES if name != DEFAULT_GAME and name in folders), DEFAULT_GAME)


def page_drawing(path: str, fence: Fence | None = None) -> WorkedExamples:
    """The worked examples of the page's game (`page_game`), or of the game the block names; `ExampleFormatError`
    if it draws none."""
    name = fence.game if fence is not None and fence.game else page_game(path)
    if name not in GAMES:
        raise ExampleFormatError(f"{path}:{fence.start + 1 if fence else 0}: no game named {name!r}")
    game = load_game(name)
    drawing = game.worked_examples()
    if drawing is None:
        raise ExampleFormatError(f"{path}: {game.title} has no worked examples to draw")
    return drawing


# ```example blocks show the notation; ```lesson blocks (the learn-to-play pages) hold the same fields and are
# checked the same way, but are shown in words and pictures only, for readers who have not met the notation.
EXAMPLE_KINDS = ("example", "lesson")


def page_examples(text: str, path: str) -> list[tuple[Fence, Example]]:
    """The example and lesson blocks of one page, read by its game (raises `ExampleFormatError`)."""
    lines = text.splitlines()
    found = [fence for fence in fences(lines) if fence.info in EXAMPLE_KINDS]
    if not found:
        return []
    return [(fence, page_drawing(path, fence).read(lines[fence.start + 1:fence.end], path, fence.start + 1))
            for fence in found]


# --- pages -------------------------------------------------------------------


def check_page(text: str, path: str, link: RuleLink) -> list[str]:
    """The problems of every example on a page: format errors, unknown rule
    IDs and every field the oracle disagrees with, each naming the example."""
    try:
        found = page_examples(text, path)
    except ExampleFormatError as exc:
        return [str(exc)]
    problems: list[str] = []
    for fence, example in found:
        named = f"example {example.title!r} ({example.where})"
        problems.extend(f"{named}: cites {r}, which is no clause of the spec" for r in example.rules if link(r) is None)
        try:
            stated = page_drawing(path, fence).check(example)
        except ValueError as exc:  # a turn or variant that does not parse (NotationError, InvalidPosition)
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
    out: list[str] = []
    done = 0
    for (fence, example), anchor in zip(found, anchors, strict=True):
        out.extend(lines[done:fence.start])
        drawn = page_drawing(path, fence).html(example, fence.info, anchor, link, playground)
        out.extend(["", pictures_only(drawn) if fence.game and fence.game != page_game(path) else drawn, ""])
        done = fence.end + 1
    out.extend(lines[done:])
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def render_box_checklists(text: str, path: str, lang: str, playground: str | None = None) -> str:
    """``text`` with each ```` ```box-checklist ```` block replaced by the page's game's checklist of its box
    (`Game.box_checklist`, in ``lang``), computed from the game's own setup; `ExampleFormatError` if the game
    has none."""
    lines = text.splitlines()
    out: list[str] = []
    done = 0
    for fence in fences(lines):
        if fence.info != "box-checklist":
            continue
        drawn = load_game(page_game(path)).box_checklist(lang, playground)
        if drawn is None:
            raise ExampleFormatError(f"{path}:{fence.start + 1}: {page_game(path)} has no box checklist")
        out.extend([*lines[done:fence.start], "", drawn, ""])
        done = fence.end + 1
    out.extend(lines[done:])
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


# The parts of an example's HTML in notation: its facts, its list of actions, its events, a folded state.
NOTATION_PARTS = re.compile(r'<dl class="ttykm-example-facts">.*?</dl>|<p>Actions ?:.*?</p>'
                            r'|<p class="ttykm-example-label">[^<]*</p>\s*<ol class="ttykm-events">.*?</ol>'
                            r'|<details\b.*?</details>', re.S)


def pictures_only(drawn: str) -> str:
    """An example's HTML without its notation (`NOTATION_PARTS`): its title, rules and pictures.  A block of
    another game than its page's (the home page's turn of each game) is shown so: that page does not teach
    the game's notation."""
    return "\n".join(line for line in NOTATION_PARTS.sub("", drawn).split("\n") if line.strip())


__all__ = ["EXAMPLE_KINDS", "ExampleMismatch", "Fence", "check_page", "example_anchors", "fences", "page_drawing",
           "page_examples", "page_game", "pictures_only", "render_box_checklists", "render_examples"]
