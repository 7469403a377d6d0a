"""The product's rulings on the site: where each ruling is defined, its anchor, and links from its citations.

Each game keeps its rulings in its spec folder, in files named ``rulings.md`` or
``rulings-*.md`` (spec/ttykm/rulings.md for the standard game,
spec/ttykm/rulings-chapters.md, spec/time-chase/rulings.md,
spec/trois-ombres/rulings.md).  The clauses cite them by ID: "rulings G-2",
"ruling T3.2", "(K13)".

A ruling is *defined* where its ID opens a heading (``### Ruling T3 · Actions``),
ends one in brackets (``#### Build (I-30)``), opens a bold paragraph, list item
or table row (``**K4 (...)**``, ``| A1 |``) or ends a bold label
(``**Growth (G-10).**``); an ID cited but never so defined is anchored at its
first mention in the rulings (K14 of the chapters: "G-10 and G-12 are rules
stated inside G-8").

The same ID means different things in different games (K4 is a chapter
clarification, a Time Chase one and a 3 ombres one), so every anchor but
TTYKM's carries its game: ``ruling-t3``, ``ruling-k4`` (a chapter ruling),
``ruling-tc-k4``, ``ruling-ombres-k4``; within one game an ID is defined once.
The pages show and cite the other games' rulings with their game's mark, as
their anchors do: ``TC-K4``, ``OMBRES-K4`` (TTYKM's as they are: ``T3``, ``K4``).
"""

from __future__ import annotations

import functools
import html
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass

RULINGS_NAME = re.compile(r"(?:^|/)rulings(?:-[\w-]+)?\.md$")
ID = r"[A-Z]{1,3}(?:-[A-Z]{0,2})?\d+[a-z]?"
_END = r"(?![\w-])"
HEADING = re.compile(rf"^(#{{2,5}}) Ruling ({ID}) · (.+?)\s*$")
HEADING_BRACKETS = re.compile(rf"^(#{{2,5}}) (.+?) \(((?:{ID}, )*{ID})\)\s*$")
SECTION = re.compile(r"^(#{2,3}) (\d+)\. (.+?)\s*$")
BOLD_START = re.compile(rf"^(\s*(?:[-*] |\d+\. )?)\*\*({ID}(?:\.\d+)*){_END}([^*]*)\*\*(.*)$")
BOLD_END = re.compile(rf"^(\s*(?:[-*] |\d+\. )?)\*\*([^*]*?) \(({ID})\)\.?\*\*(.*)$")
ROW = re.compile(rf"^\| ({ID}) \| (.*?) \|")
# A citation: not inside a longer word or ID ("G-T1" holds no "T1"), a range ("S1-S3") cites both ends.
CITED = re.compile(rf"(?<![\w./#\[>&§])(?<![A-Za-z]-)({ID})((?:\.\d+)*)(?!\w)(?!\.\w)")
SECTION_CITED = re.compile(r"(\brulings(?: file)?,? )(§ ?(\d+)|section (\d+))\b")
RULINGS_WORD = re.compile(r"\b(?:ruling|décision)", re.I)  # a paragraph that cites rulings, in either edition
DISTINCT = re.compile(r"-|^(?:K|GD|ID|MD|CD)\d")  # IDs that are rulings wherever they stand in prose
GAME_PREFIX = {"ttykm": "", "time-chase": "tc-", "trois-ombres": "ombres-"}
GAME_WORDS = {"ttykm": "That Time You Killed Me", "time-chase": "Time Chase", "trois-ombres": "L'heure des 3 ombres"}
GAME_MARK = {"ttykm": "", "time-chase": "TC-", "trois-ombres": "OMBRES-"}
"""Before an ID wherever a page shows or cites a ruling: ``TC-K4``, ``OMBRES-K4``; TTYKM's IDs have none."""


def is_rulings_file(name: str) -> bool:
    """Whether a spec file (``ttykm/rulings-chapters.md``) holds rulings."""
    return RULINGS_NAME.search(name) is not None


def game_of(name: str) -> str:
    """The game a spec file belongs to: its folder, or TTYKM for the spec's own files."""
    return name.split("/")[0] if "/" in name else "ttykm"


def kebab(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass(frozen=True)
class Ruling:
    """One ruling: its ID, its game, the spec file and line that define it, and a one-line summary."""

    id: str
    game: str
    file: str
    line: int
    summary: str

    @property
    def anchor(self) -> str:
        return "ruling-" + kebab(GAME_PREFIX.get(self.game, self.game + "-") + self.id)

    @property
    def marked(self) -> str:
        """The ID with its game's mark, as the pages show it: ``TC-K4``, ``OMBRES-K4``, ``K4`` (TTYKM's);
        an ID that already starts with its game's mark (Time Chase's ``TC-4``) stays as it is."""
        mark = GAME_MARK.get(self.game, self.game.upper() + "-")
        return self.id if self.id.startswith(mark) else mark + self.id

    @property
    def label(self) -> str:
        """The ID with its game, as a tooltip and the search say it: ``Time Chase ruling TC-K4``."""
        return f"{GAME_WORDS.get(self.game, self.game)} ruling {self.marked}"


def _plain(text: str) -> str:
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[*`]", "", text).strip(" .:—-")
    return text[:140].rsplit(" ", 1)[0] + "…" if len(text) > 140 else text


def _definitions(text: str) -> list[tuple[str, int, str]]:
    """(ID, line, summary) of every ruling the file defines, in order (headings and bold labels
    that end with IDs in brackets only define what is defined nowhere else: see `read_rulings`)."""
    found: list[tuple[str, int, str]] = []
    for n, line in enumerate(text.splitlines()):
        if match := HEADING.match(line):
            found.append((match.group(2), n, match.group(3)))
        elif match := BOLD_START.match(line):
            found.append((match.group(2), n, match.group(3) or match.group(4)))
        elif match := ROW.match(line):
            found.append((match.group(1), n, match.group(2)))
    return [(i, n, _plain(s)) for i, n, s in found]


def read_rulings(files: dict[str, str]) -> dict[str, dict[str, Ruling]]:
    """Every game's rulings, by ID, from the rulings files among ``files`` (spec name -> text).

    Raises ValueError if a game defines an ID twice."""
    games: dict[str, dict[str, Ruling]] = {}
    # A game's main rulings file first: a later file's bold "T2:" then names that ruling, not a new one.
    files = dict(sorted(((n, t) for n, t in files.items() if is_rulings_file(n)),
                        key=lambda item: (not item[0].endswith("/rulings.md"), item[0])))
    for name, text in files.items():
        known = games.setdefault(game_of(name), {})
        for ruling_id, at, summary in _definitions(text):
            if ruling_id in known and known[ruling_id].file != name:
                continue
            if ruling_id in known:
                first = known[ruling_id]
                raise ValueError(f"ruling {ruling_id} is defined twice: {first.file}:{first.line + 1} "
                                 f"and {name}:{at + 1}")
            known[ruling_id] = Ruling(ruling_id, game_of(name), name, at, summary)
    # A heading naming IDs in brackets ("#### Build (I-30)") defines those not defined otherwise,
    # and an ID mentioned in the rulings but never defined there is anchored at its first mention.
    for name, text in files.items():
        known = games[game_of(name)]
        for n, line in enumerate(text.splitlines()):
            if match := HEADING_BRACKETS.match(line):
                for ruling_id in match.group(3).split(", "):
                    known.setdefault(ruling_id, Ruling(ruling_id, game_of(name), name, n, _plain(match.group(2))))
            elif (match := BOLD_END.match(line)) and match.group(2) != "RULING":  # "**RULING (R1).**" picks a reading
                known.setdefault(match.group(3), Ruling(match.group(3), game_of(name), name, n, _plain(match.group(2))))
    for name, text in files.items():
        known = games[game_of(name)]
        for n, line in enumerate(text.splitlines()):
            for match in CITED.finditer(line):
                if match.group(1) not in known and DISTINCT.search(match.group(1)):
                    known[match.group(1)] = Ruling(match.group(1), game_of(name), name, n, _plain(line))
    return games


def anchor_rulings(text: str, name: str, rulings: dict[str, Ruling]) -> str:
    """A rulings file with an anchor on every ruling it defines, and on each numbered section
    (``## 6. ...`` gets ``#section-6``); lines are kept, so line numbers still match the file."""
    here: dict[int, list[Ruling]] = {}
    for ruling in rulings.values():
        if ruling.file == name:
            here.setdefault(ruling.line, []).append(ruling)
    lines = text.splitlines()
    for n, found in here.items():
        line = _shown_marked(lines[n], found)
        spans = "".join(f'<span class="ttykm-ruling" id="{r.anchor}"></span>' for r in found)
        if line.startswith("#"):
            # A heading takes the first as its own id; any further ID of the heading follows it as a span.
            lines[n] = f"{line.rstrip()} {{#{found[0].anchor}}}"
            if len(found) > 1:
                lines[n] += "\n" + spans[spans.index("</span>") + 7:]
        elif line.startswith("|"):
            lines[n] = "| " + spans + line[2:]
        else:
            indent = re.match(r"^(\s*(?:[-*] |\d+\. )?)", line)
            cut = indent.end() if indent else 0
            lines[n] = line[:cut] + spans + line[cut:]
    for n, line in enumerate(lines):
        if (match := SECTION.match(line)) and "{#" not in line:
            lines[n] = f"{line.rstrip()} {{#section-{match.group(2)}}}"
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


def _shown_marked(line: str, found: list[Ruling]) -> str:
    """A rulings file's line where ``found`` are defined, each ID shown with its game's mark where it is
    defined (``| K7 |`` -> ``| TC-K7 |``, ``**K4 (...)**`` -> ``**OMBRES-K4 (...)**``)."""
    for ruling in found:
        if ruling.marked != ruling.id:
            line = re.sub(rf"(?<![\w-]){re.escape(ruling.id)}(?![\w-])", ruling.marked, line, count=1)
    return line


def _relative(target: str, origin: str) -> str:
    return posixpath.relpath(target, posixpath.dirname(origin) or ".")


def link_citations(lines: list[str], prose: set[int], rulings: dict[str, Ruling], site_path: str,
                   page_of: dict[str, str], name: str, is_rulings_page: bool = False) -> list[str]:
    """``lines`` (of the spec file ``name``, shown at ``site_path``) with each cited ruling made a
    link to its anchor, titled with what it says; ``page_of`` maps a rulings file to its site page.
    Each cited ruling shows its game's mark (`Ruling.marked`): ``TC-K4``, ``OMBRES-K4``, TTYKM's ``K4``.

    Only lines in ``prose`` change, and never inside a code span, an HTML tag or an existing
    link.  An ID is a citation where its paragraph speaks of rulings, on a rulings page, or when
    it cannot be anything else (``G-T1``, ``K4``, ``GD12``); a ruling is not linked where it is
    defined.  "rulings §6" and "rulings section 6" link to that section of the game's rulings."""
    if not rulings:
        return lines
    paragraph_mentions = _paragraph_flags(lines, prose)
    numbered = next((r.file for r in rulings.values() if not r.file.endswith("/rulings.md")), None)

    def href(file: str, anchor: str) -> str:
        target = page_of[file]
        return ("" if target == site_path else _relative(target, site_path)) + "#" + anchor

    def link_part(part: str, context: bool, line: int) -> str:
        def one(match: re.Match[str]) -> str:
            ruling = rulings.get(match.group(0)) or rulings.get(match.group(1))  # T3.2, or failing that T3
            if ruling is None or not (context or DISTINCT.search(ruling.id)):
                return match.group(0)
            if ruling.file == name and ruling.line == line:
                return match.group(0)
            title = re.sub(r'["()\[\]<>*_`]', "", f"{ruling.label}: {ruling.summary}")
            shown = ruling.marked + match.group(0).removeprefix(ruling.id)
            return f'[{shown}]({href(ruling.file, ruling.anchor)} "{title}")'

        linked = CITED.sub(one, part)
        if context and numbered is not None:
            linked = SECTION_CITED.sub(
                lambda m: f"{m.group(1)}[{m.group(2)}]({href(numbered, 'section-' + (m.group(3) or m.group(4)))})",
                linked)
        return linked

    out = list(lines)
    for n in sorted(prose):
        context = is_rulings_page or paragraph_mentions.get(n, False)
        out[n] = _outside_code_and_links(out[n], functools.partial(_call, link_part, context, n))
    return out


def link_html(fragment: str, rulings: dict[str, Ruling], href: Callable[[Ruling], str]) -> str:
    """An HTML fragment (an example's title, say) with the rulings it cites as links, if it speaks
    of rulings; ``href`` gives a ruling's address from the page."""
    if not RULINGS_WORD.search(fragment):
        return fragment

    def one(match: re.Match[str]) -> str:
        ruling = rulings.get(match.group(0)) or rulings.get(match.group(1))
        if ruling is None:
            return match.group(0)
        title = html.escape(f"{ruling.label}: {ruling.summary}")
        shown = html.escape(ruling.marked + match.group(0).removeprefix(ruling.id))
        return f'<a class="ttykm-ruling-link" href="{html.escape(href(ruling))}" title="{title}">{shown}</a>'

    parts = re.split(r"(<[^>]+>)", fragment)
    return "".join(part if part.startswith("<") else CITED.sub(one, part) for part in parts)


def _call(link_part: Callable[[str, bool, int], str], context: bool, line: int, part: str) -> str:
    return link_part(part, context, line)


def _paragraph_flags(lines: list[str], prose: set[int]) -> dict[int, bool]:
    """For each prose line, whether its paragraph speaks of rulings."""
    flags: dict[int, bool] = {}
    block: list[int] = []
    for n in [*range(len(lines)), len(lines)]:
        if n < len(lines) and n in prose and lines[n].strip():
            block.append(n)
            continue
        mentions = any(RULINGS_WORD.search(lines[i]) for i in block)
        flags.update(dict.fromkeys(block, mentions))
        block = []
    return flags


LINK_OR_CODE = re.compile(r"`[^`]*`|\[[^\]]*\]\([^)]*\)|<[^>]+>|\{#[^}]*\}")


def _outside_code_and_links(line: str, change: Callable[[str], str]) -> str:
    """``change`` applied to the parts of a line outside code spans, links, HTML tags and attribute lists."""
    out, done = [], 0
    for match in LINK_OR_CODE.finditer(line):
        out.append(change(line[done:match.start()]))
        out.append(match.group(0))
        done = match.end()
    out.append(change(line[done:]))
    return "".join(out)


__all__ = ["Ruling", "anchor_rulings", "game_of", "is_rulings_file", "kebab", "link_citations",
           "link_html", "read_rulings"]
