"""The rules and rulings of each game in French: ``docs/fr/<game>/regles.md`` and ``docs/fr/<game>/decisions.md``.

A game's French rules page renders its spec clause by clause, each under a heading with the clause's own ID
(``### TC.FOLLOW · Fournir la couleur demandée``); its French rulings page sums up each ruling of the game,
each entry naming the ruling by its game-prefixed ID (``TC-K7``, ``OMBRES-K4``; TTYKM's bare, ``T3``), as the
English anchors do (``#ruling-tc-k7``).  When a game has these pages, the French edition links there:

- every clause link of a French page leads to the clause on the French rules page when that page has it
  (`clause_headings`), every ruling link to its entry on the French rulings page (`ruling_lines`);
- the explicit links a French lesson makes to the English rules and rulings are redirected the same way
  (`redirect_links`), and an "(en anglais)" right after a redirected link is dropped.

The English spec stays the normative text; both French pages say so.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable

from oracle.tools.site.editions import FRENCH, FRENCH_RULES, FRENCH_RULINGS, GAME_NAMES
from oracle.tools.site.examples import fences
from oracle.tools.site.rulings import GAME_PREFIX, Ruling
from oracle.tools.site.spec_files import CLAUSE

RULES_PAGE, RULINGS_PAGE = FRENCH_RULES, FRENCH_RULINGS
ENGINE_FILES = ("encoding.md", "notation.md", "state.md", "vectors.md", "oracle.md")
"""Spec files for engines rather than players: a French rules page may leave each of them out, whole, and
then names it (tests/test_french_rules.py)."""
IN_ENGLISH = " (en anglais)"


def rules_page(game: str) -> str:
    """The site source of a game's French rules page: ``fr/time-chase/regles.md``."""
    return f"{FRENCH}/{game}/{RULES_PAGE}"


def rulings_page(game: str) -> str:
    """The site source of a game's French rulings page: ``fr/time-chase/decisions.md``."""
    return f"{FRENCH}/{game}/{RULINGS_PAGE}"


def prose_lines(text: str) -> list[int]:
    """The indexes of the lines of ``text`` outside fenced blocks."""
    lines = text.splitlines()
    inside: set[int] = set()
    for fence in fences(lines):
        inside.update(range(fence.start, fence.end + 1))
    return [i for i in range(len(lines)) if i not in inside]


def clause_headings(text: str) -> dict[str, str]:
    """Clause ID -> the French title of its heading, for every clause heading of a French rules page."""
    lines = text.splitlines()
    found: dict[str, str] = {}
    for i in prose_lines(text):
        if (match := CLAUSE.match(lines[i])) is not None:
            found.setdefault(match.group(2), match.group(3))
    return found


def anchor_clauses(text: str) -> str:
    """A French rules page with each clause heading anchored at its ID (``{#TC.FOLLOW}``), as on the English
    pages, so a link to ``regles/#TC.FOLLOW`` lands on it."""
    lines = text.splitlines()
    for i in prose_lines(text):
        if (match := CLAUSE.match(lines[i])) is not None and "{#" not in lines[i]:
            lines[i] = f"{match.group(0).rstrip()} {{#{match.group(2)}}}"
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


def ruling_name(ruling: Ruling) -> str:
    """A ruling's ID with its game's prefix, as the French rulings page names it: ``TC-K7``, ``OMBRES-K4``,
    ``T3`` (TTYKM's rulings have no prefix); an ID that already starts with it stays as it is (``TC-1``)."""
    prefix = GAME_PREFIX.get(ruling.game, ruling.game + "-").rstrip("-").upper()
    if not prefix or ruling.id.upper().startswith(prefix + "-"):
        return ruling.id
    return f"{prefix}-{ruling.id}"


def _name_pattern(name: str) -> re.Pattern[str]:
    """``TC-K7`` alone (not ``TC-K70`` nor ``TC-K7.2``), with a hyphen or a space after the prefix."""
    spelled = r"[-\s]".join(re.escape(part) for part in name.split("-", 1)) if "-" in name else re.escape(name)
    return re.compile(rf"(?<![\w.\-#/]){spelled}(?![\w-]|\.\d)", re.I)


ENTRY_START = re.compile(r"^\s*(?:#{2,6}\s+|[-*]\s+|\d+\.\s+|\|\s*)?(?:\*\*)?\[?(?:\*\*)?")
"""What may open an entry before the ruling's name: a heading's, list item's or table row's mark, bold, a link."""


def ruling_lines(text: str, rulings: Iterable[Ruling]) -> dict[str, int]:
    """Ruling ID -> the line of the French rulings page where its entry is: the first line that opens with its
    prefixed name (a heading, a list item, a table row, bold), else the first that names it."""
    lines = text.splitlines()
    prose = prose_lines(text)
    found: dict[str, int] = {}
    for ruling in rulings:
        pattern = _name_pattern(ruling_name(ruling))
        opening = [i for i in prose if (m := pattern.search(lines[i])) is not None
                   and m.start() == ENTRY_START.match(lines[i]).end()]  # type: ignore[union-attr]
        named = opening or [i for i in prose if pattern.search(lines[i])]
        if named:
            found[ruling.id] = named[0]
    return found


def ruling_summaries(text: str, rulings: Iterable[Ruling]) -> dict[str, str]:
    """Ruling ID -> the words of its entry on a French rulings page (`ruling_lines`), in plain text and without
    the ruling's name: the entry's line and the indented lines that carry it on.  The search indexes them, so
    that a French reader finds the French summary of ``TC-K7`` (hooks.py, add_rulings_to_search)."""
    lines = text.splitlines()
    found: dict[str, str] = {}
    for ruling_id, start in ruling_lines(text, rulings).items():
        entry = [lines[start]]
        for more in lines[start + 1:]:
            if not more.startswith((" ", "\t")) or not more.strip() or re.match(r"\s*(?:[-*]|\d+\.)\s", more):
                break
            entry.append(more)
        plain = re.sub(r"<[^>]+>", "", " ".join(entry))
        plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", plain)
        plain = re.sub(r"\s+", " ", re.sub(r"[*`|]", " ", plain)).strip()
        plain = re.sub(r"^(?:#{2,6}|[-*]|\d+\.)\s+", "", plain)
        found[ruling_id] = OPENING_NAME.sub("", plain)
    return found


OPENING_NAME = re.compile(r"^(?:(?:TC|OMBRES)-)?[A-Z]{1,3}(?:-[A-Z]{0,2})?\d+[a-z]?\s*[·:—]\s*")
"""The name that opens an entry, with its separator: ``TC-K7 · ``, ``S1 : ``; the entry of a ruling that the
page names inside another's (``OMBRES-T-2 · … [OMBRES-A3]``) opens with the other's."""


def search_title(ruling: Ruling) -> str:
    """The title of a ruling's French entry in the search: ``Décision TC-K7 (Contre-Temps)``."""
    return f"Décision {ruling_name(ruling)} ({GAME_NAMES[FRENCH].get(ruling.game, ruling.game)})"


def anchor_rulings(text: str, anchors: dict[int, list[str]]) -> str:
    """A French rulings page with an empty anchor (``<span id="ruling-tc-k7">``) at the start of each
    ruling's entry; ``anchors`` maps a line to the anchors it opens."""
    lines = text.splitlines()
    for n, ids in anchors.items():
        spans = "".join(f'<span class="ttykm-ruling" id="{anchor}"></span>' for anchor in ids)
        line = lines[n]
        if line.lstrip().startswith("#"):
            lines[n] = f"{line.rstrip()} {{#{ids[0]}}}"
            if len(ids) > 1:
                lines[n] += "\n" + spans[spans.index("</span>") + 7:]
        elif line.startswith("|"):
            lines[n] = "| " + spans + line[1:].lstrip()
        else:
            start = re.match(r"^(\s*(?:[-*] |\d+\. )?)", line)
            cut = start.end() if start else 0
            lines[n] = line[:cut] + spans + line[cut:]
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


LINK = re.compile(r"\]\(([^()\s#]*\.md)(#[^()\s]*)?\)")


def redirect_links(markdown: str, src: str, target: Callable[[str, str], str | None]) -> str:
    """The links of the French page ``src`` to English rules pages redirected to the French ones:
    ``target(page, anchor)`` gets the linked page's site source (``rules/time-chase/trick.md``) and anchor
    (``TC.FOLLOW``, or ``""``) and gives the French page's source to link to instead (with an anchor of its own,
    ``fr/ttykm/regles.md#GROWTH.REACH``, or keeping the link's), or None to keep the link.
    An "(en anglais)" right after a redirected link goes, since the page it names is French now."""
    lines = markdown.split("\n")
    here = posixpath.dirname(src)

    def one(match: re.Match[str]) -> str:
        page = posixpath.normpath(posixpath.join(here, match.group(1)))
        anchor = (match.group(2) or "#").removeprefix("#")
        french = target(page, anchor)
        if french is None:
            return match.group(0)
        french, _, own = french.partition("#")
        anchor = own or anchor
        relative = posixpath.relpath(french, here or ".")
        return f"]({relative}{'#' + anchor if anchor else ''})\0"

    for i in prose_lines(markdown):
        if "](" in lines[i]:
            lines[i] = LINK.sub(one, lines[i])
    text = "\n".join(lines)
    return re.sub("\0" + r"\s*" + re.escape(IN_ENGLISH.strip()), "", text).replace("\0", "")


def quotes(text: str) -> list[str]:
    """The outermost French quotations « … » of ``text``, each with its marks, whitespace made single spaces
    (a quotation may hold another: « … C'est la « constante ». »)."""
    found: list[str] = []
    depth, start = 0, 0
    for i, char in enumerate(text):
        if char == "«":
            if depth == 0:
                start = i
            depth += 1
        elif char == "»" and depth:
            depth -= 1
            if depth == 0:
                found.append(" ".join(text[start:i + 1].split()))
    return found


__all__ = [
    "ENGINE_FILES",
    "IN_ENGLISH",
    "RULES_PAGE",
    "RULINGS_PAGE",
    "anchor_clauses",
    "anchor_rulings",
    "clause_headings",
    "prose_lines",
    "quotes",
    "redirect_links",
    "rules_page",
    "ruling_lines",
    "ruling_name",
    "rulings_page",
]
