"""Pages of the rules site made from spec/, so the site has one source.

- `read_spec` reads the spec's Markdown files and their clauses (headings
  ``### ID · Title``), in the reading order of spec/README.md.
- `rules_markdown` turns one spec file into a site page: each clause heading
  gets an anchor equal to its ID, links are adjusted to the site's layout, and
  a clause whose own section has no worked example links to the examples
  elsewhere that illustrate it.
- `rulings_markdown` collects every clause's *Source:* and *Alternative:*
  paragraphs into one page.
- `run_sessions` replaces each ```` ```oracle-session ```` block, lines of
  ``$ oracle ARGS``, by what the command line really prints.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import posixpath
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from oracle.language import text_language
from oracle.tools.site.examples import example_anchors, fences, page_examples
from oracle.tools.site.french import LABELS
from oracle.tools.site.quotations import mark_quotations, quotation_language
from oracle.tools.site.reader_words import reader_words
from oracle.tools.site.rulings import (
    Ruling,
    anchor_rulings,
    game_of,
    is_rulings_file,
    link_citations,
    read_rulings,
)
from oracle.tools.site.spec_files import CLAUSE

HEADING = re.compile(r"^#{1,6} ")
TITLE = re.compile(r"^# (.+?)\s*$", re.M)
README_ORDER = re.compile(r"^\| \[[^\]]+\]\(([\w./-]+\.md)\) \|", re.M)
SOURCE_MARK = "*Source:*"
ALTERNATIVE_MARK = "*Alternative:*"
RULES_DIR = "rules"


@dataclass(frozen=True)
class Clause:
    """One normative clause: its ID, title, spec file and where it comes from."""

    id: str
    title: str
    page: str
    source: str
    alternative: str


@dataclass(frozen=True)
class SpecPage:
    """One spec file and the site page made from it."""

    name: str
    title: str
    text: str
    clauses: tuple[Clause, ...]

    @property
    def site_path(self) -> str:
        """Where the page lives on the site: each README.md is its folder's index."""
        folder, _, file = self.name.rpartition("/")
        page = "index.md" if file == "README.md" else file
        return posixpath.join(RULES_DIR, folder, page)


@dataclass(frozen=True)
class ExampleRef:
    """Where a worked example is shown: its page on the site and anchor."""

    site_path: str
    anchor: str
    title: str
    rules: tuple[str, ...]
    line: int  # the line of its opening fence, counted from 0


def outside_fences(lines: list[str]) -> Iterator[int]:
    """The indexes of the lines that are not inside a fenced block."""
    inside: set[int] = set()
    for fence in fences(lines):
        inside.update(range(fence.start, fence.end + 1))
    return (i for i in range(len(lines)) if i not in inside)


def _paragraphs(lines: list[str], start: int, end: int) -> list[str]:
    """The paragraphs of lines[start:end], each joined into one line."""
    paragraphs: list[str] = []
    current: list[str] = []
    for line in [*lines[start:end], ""]:
        if line.strip():
            current.append(line.strip())
        elif current:
            paragraphs.append(" ".join(current))
            current = []
    return paragraphs


def _sections(lines: list[str]) -> list[tuple[int, int, re.Match[str]]]:
    """Each clause heading: its line, the line where its section ends, the match."""
    headings = [i for i in outside_fences(lines) if HEADING.match(lines[i])]
    found = []
    for n, i in enumerate(headings):
        match = CLAUSE.match(lines[i])
        if match is not None:
            found.append((i, headings[n + 1] if n + 1 < len(headings) else len(lines), match))
    return found


def _clauses(name: str, text: str) -> tuple[Clause, ...]:
    lines = text.splitlines()
    clauses = []
    for start, end, match in _sections(lines):
        source = alternative = ""
        for paragraph in _paragraphs(lines, start + 1, end):
            if paragraph.startswith(SOURCE_MARK):
                said, _, other = paragraph.partition(ALTERNATIVE_MARK)
                source = said.removeprefix(SOURCE_MARK).strip()
                alternative = alternative or other.strip()
            elif paragraph.startswith(ALTERNATIVE_MARK):
                alternative = paragraph.removeprefix(ALTERNATIVE_MARK).strip()
        clauses.append(Clause(match.group(2), match.group(3), name, source, alternative))
    return tuple(clauses)


def read_spec(spec_dir: Path) -> list[SpecPage]:
    """The spec's Markdown files, each game's folder included: a README first,
    then the files in the order its table lists them (a listed folder README
    brings its own files in its own order), then any others by name.

    A page's ``name`` is its path inside ``spec_dir``, such as ``ttykm/actions.md``.
    """
    texts = {p.relative_to(spec_dir).as_posix(): p.read_text(encoding="utf-8")
             for p in sorted(spec_dir.rglob("*.md"))}
    order: list[str] = []

    def visit(readme: str) -> None:
        if readme not in texts or readme in order:
            return
        order.append(readme)
        folder = posixpath.dirname(readme)
        for link in README_ORDER.findall(texts[readme]):
            name = posixpath.normpath(posixpath.join(folder, link))
            if name.endswith("README.md"):
                visit(name)
            elif name in texts and name not in order:
                order.append(name)

    visit("README.md")
    order += [n for n in texts if n not in order]
    pages = []
    for name in order:
        title = TITLE.search(texts[name])
        pages.append(SpecPage(name, title.group(1) if title else name, texts[name], _clauses(name, texts[name])))
    return pages


def example_refs(site_path: str, text: str) -> list[ExampleRef]:
    """The worked examples on one site page, with their anchors."""
    found = page_examples(text, site_path)
    anchors = example_anchors([example for _, example in found])
    return [
        ExampleRef(site_path, anchor, example.title, example.rules, fence.start)
        for (fence, example), anchor in zip(found, anchors, strict=True)
    ]


def _relative(target: str, origin: str) -> str:
    """A link from the site page ``origin`` to the site page ``target``."""
    return posixpath.relpath(target, posixpath.dirname(origin) or ".")


def _site_links(line: str) -> str:
    """Links from spec/ into docs/ (``../docs/x.md``, or ``../../docs/x.md`` from a
    game's folder) lose the ``docs/``: the rules pages sit as deep on the site.
    Links to a folder's README.md go to its index page."""
    line = re.sub(r"\]\(((?:\.\./)+)docs/", r"](\1", line)
    return re.sub(r"\]\(((?:[\w.-]+/)*)README\.md(#[^)]*)?\)", r"](\1index.md\2)", line)


def clause_pages(pages: list[SpecPage]) -> dict[str, str]:
    """Each clause ID and the site page that defines it."""
    return {clause.id: page.site_path for page in pages for clause in page.clauses}


@functools.lru_cache(maxsize=8)
def _clause_pattern(ids: frozenset[str]) -> re.Pattern[str]:
    """A pattern matching any of ``ids`` where it stands alone in prose (made once per set of IDs)."""
    alternatives = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
    return re.compile(rf"(?<![\w.\-\[#/`])({alternatives})(?![\w\-\]]|\.[A-Z0-9])")


def link_clause_ids(line: str, targets: dict[str, str], origin: str) -> str:
    """``line`` with each clause ID cited in its prose made a link to the
    clause; IDs in code spans, link texts and indented code are left alone."""
    if not targets or line.startswith("    ") or HEADING.match(line):
        return line
    pattern = _clause_pattern(frozenset(targets))

    def link(match: re.Match[str]) -> str:
        target = targets[match.group(1)]
        page = "" if target == origin else _relative(target, origin)
        return f"[{match.group(1)}]({page}#{match.group(1)})"

    parts = line.split("`")  # odd parts are inside code spans
    return "`".join(part if n % 2 else pattern.sub(link, part) for n, part in enumerate(parts))


@dataclass(frozen=True)
class SpecIndex:
    """What one page of the spec needs to know of the others: where each clause is, each
    page's title, and every game's rulings with the page that gives them."""

    clause_pages: dict[str, str]
    titles: dict[str, str]  # site page -> its title
    rulings: dict[str, dict[str, Ruling]]  # game -> ruling ID -> ruling
    rulings_pages: dict[str, str]  # a rulings file of spec/ -> its site page


def spec_index(pages: list[SpecPage]) -> SpecIndex:
    """The `SpecIndex` of the spec's pages (raises ValueError if a game defines a ruling twice)."""
    return SpecIndex(
        clause_pages(pages),
        {page.site_path: page.title for page in pages},
        read_rulings({page.name: page.text for page in pages}),
        {page.name: page.site_path for page in pages if is_rulings(page)},
    )


FILE_LINK = re.compile(r"\[([^\]`\[]+?(?:\.md(?:#[^\]]*)?|/))\]\(([^)\s#]+\.md)(#[^)\s]*)?\)")


def title_links(line: str, origin: str, titles: dict[str, str]) -> str:
    """Links whose text is a file name (``[objects.md](objects.md)``, ``[ttykm/](ttykm/index.md)``)
    with the target page's title as their text instead; ``origin`` is the site page of the line."""

    def title(match: re.Match[str]) -> str:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(origin), match.group(2)))
        found = titles.get(target)
        return match.group(0) if found is None else f"[{found}]({match.group(2)}{match.group(3) or ''})"

    return FILE_LINK.sub(title, line)


def is_rulings(page: SpecPage) -> bool:
    """Whether a spec file holds a game's rulings (spec/<game>/rulings.md, rulings-*.md)."""
    return is_rulings_file(page.name)


def rules_markdown(page: SpecPage, examples: list[ExampleRef], targets: dict[str, str] | None = None,
                   index: SpecIndex | None = None) -> str:
    """The site page for one spec file (see the module docstring).  ``targets`` (clause ID ->
    site page) turns the IDs cited in the prose into links; ``index`` does that too, and also
    links the rulings cited, gives file-named links their page's title and, on a rulings
    page, anchors every ruling."""
    targets = index.clause_pages if index is not None else targets or {}
    game_rulings = index.rulings.get(game_of(page.name), {}) if index is not None else {}
    text = mark_quotations(page.text)
    if is_rulings(page):
        text = anchor_rulings(text, page.name, game_rulings)
    lines = text.splitlines()
    own = example_refs(page.site_path, page.text)
    sections = {start: (end, match) for start, end, match in _sections(lines)}
    ends: dict[int, list[str]] = {}
    for start, (end, match) in sections.items():
        clause_id = match.group(2)
        here = [r for r in own if clause_id in r.rules and start < r.line < end]
        if here:
            continue
        elsewhere = [r for r in examples if clause_id in r.rules]
        if elsewhere:
            links = ", ".join(
                f"[{r.title}]({_relative(r.site_path, page.site_path)}#{r.anchor})" for r in elsewhere
            )
            ends.setdefault(end, []).append(f"*Worked example{'s' if len(elsewhere) > 1 else ''}:* {links}")
    prose = {i for i in outside_fences(lines) if i not in sections and not HEADING.match(lines[i])}
    for i in prose:
        lines[i] = link_clause_ids(_site_links(lines[i]), targets, page.site_path)
        if index is not None:
            lines[i] = reader_words(title_links(lines[i], page.site_path, index.titles), page.site_path, index.titles)
    for i in set(outside_fences(lines)) - prose - set(sections):
        lines[i] = _site_links(lines[i])
    if index is not None:
        lines = link_citations(lines, prose, game_rulings, page.site_path, index.rulings_pages, page.name,
                               is_rulings_page=is_rulings(page))
    # Rank the clauses above pages that only mention them in search results (see search_boost).
    boost = search_boost(page)
    out: list[str] = ["---", "search:", f"  boost: {boost}", "---", ""] if boost != 1 else []
    for i, line in enumerate(lines):
        for note in ends.get(i, []):
            out.extend([note, ""])
        if i in sections:
            _, match = sections[i]
            line = f"{match.group(0).rstrip()} {{#{match.group(2)}}}"
        out.append(line)
    for note in ends.get(len(lines), []):
        out.extend(["", note])
    return "\n".join(out) + "\n"


# Search boosts: a clause ranks above a page that only mentions it; on a page of no game, the
# first game of the registry (TTYKM) ranks above the others.  The page's script then prefers
# the reader's own game among results that match alike (docs/javascripts/search.js).
SEARCH_BOOST = {"clauses": 4, "clauses of another game": 3, "rulings": 2}


def search_boost(page: SpecPage) -> float:
    """The search boost of a spec page's site page (1 for pages with no clause and no ruling)."""
    if is_rulings(page):
        return SEARCH_BOOST["rulings"]
    if not page.clauses:
        return 1
    return SEARCH_BOOST["clauses" if game_of(page.name) == "ttykm" else "clauses of another game"]


# TTYKM's pages about the chapters: a section of their own in the nav, and a sources page of their own.
CHAPTER_FILES = ("ttykm/objects.md", "ttykm/growth.md", "ttykm/influence.md", "ttykm/memory.md",
                 "ttykm/convergence.md", "ttykm/chapters.md")


def source_part(page: SpecPage) -> str:
    """The sources page a spec file's clauses are listed on: its game's, TTYKM's chapters apart."""
    return "ttykm-chapters" if page.name in CHAPTER_FILES else game_of(page.name)


def sources_path(part: str) -> str:
    """The site page of one part's sources: ``rulings-time-chase.md``."""
    return f"rulings-{part}.md"


def source_parts(pages: list[SpecPage]) -> dict[str, str]:
    """Each sources page (by part, in the spec's reading order) -> its title."""
    titles = {name: _game_title(name) for name in _games(pages)}
    parts: dict[str, str] = {}
    for page in pages:
        if page.clauses:
            part = source_part(page)
            game = titles[game_of(page.name)]
            parts.setdefault(part, f"The sources of {game}'s chapters" if part == "ttykm-chapters"
                             else f"The sources of {game}")
    return parts


def source_documents(pages: list[SpecPage]) -> list[str]:
    """The list of the source documents in the spec's overview (its section "Sources"), the one
    place that says which document each citation names."""
    text = next(page.text for page in pages if page.name == "README.md")
    section = text.split("\n## Sources\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.strip().splitlines() if line.startswith(("- ", "  "))]


def rulings_markdown(pages: list[SpecPage], site_path: str = "rulings.md") -> str:
    """The rulings and sources page: each game's rulings pages, and the pages of every clause's sources
    and alternative readings, one per game (TTYKM's chapters apart: `sources_markdown`)."""
    index = spec_index(pages)
    titles = {name: _game_title(name) for name in _games(pages)}
    out = [
        "# Rulings and sources",
        "",
        "Every clause of the rules says where it comes from.  The sources are four documents, each",
        "cited by one name:",
        "",
        *source_documents(pages),
        "",
        "Each game has two kinds of page.  Its **rulings** page is the one to read to settle a dispute: it",
        "lists the decisions taken where the sources are unclear, disagree or say nothing, each with its ID.",
        "Its **sources** page is the one to read to check a rule against the box: clause by clause, the",
        "text each rule comes from, and the other ways it could be read.",
        "",
        "The clauses cite the rulings by ID, and each citation links to the ruling.  The same ID can mean",
        "different things in two games (`K4` is a clarification of TTYKM's chapters, of *Time Chase* and of",
        "*L'heure des 3 ombres*), so the other games' rulings are shown and cited with their game's mark:",
        "`K4` (TTYKM's chapters), `TC-K4` (*Time Chase*), `OMBRES-K4` (*L'heure des 3 ombres*), as their",
        "anchors are (`#ruling-k4`, `#ruling-tc-k4`, `#ruling-ombres-k4`).  Type the ID so in the search,",
        "such as `TC-K7`, to find that ruling first; a bare ID (`K7`) finds the ruling of the game whose",
        "page you are on first.",
        "",
        "## The rulings, game by game",
        "",
    ]
    for page in pages:
        if is_rulings(page):
            count = sum(1 for r in index.rulings.get(game_of(page.name), {}).values() if r.file == page.name)
            out.append(f"- {titles[game_of(page.name)]}: [{page.title}]({_relative(page.site_path, site_path)})"
                       f" ({count} rulings)")
    out += [
        "",
        "## The sources of each clause",
        "",
        "Every clause's sources and alternative readings, generated from the same spec files as the",
        "rules pages, one page per game:",
        "",
    ]
    for part, title in source_parts(pages).items():
        count = sum(len(page.clauses) for page in pages if page.clauses and source_part(page) == part)
        out.append(f"- [{title}]({_relative(sources_path(part), site_path)}) ({count} clauses)")
    return "\n".join(out) + "\n"


def sources_markdown(pages: list[SpecPage], part: str) -> str:
    """One sources page: every clause of one part (`source_part`) with its sources and alternative
    readings, one section per spec file."""
    index = spec_index(pages)
    site_path = sources_path(part)
    out = [
        f"# {source_parts(pages)[part]}",
        "",
        "Generated from the same spec files as the rules pages; every quotation is followed by an",
        "English gloss.  Where the sources can be read another way, the clause names the",
        "**alternative**, and the named variants of each game let an engine built on such a reading",
        "still be tested against the oracle.  The [rulings and sources](rulings.md) page lists the",
        "other games' pages.",
        "",
    ]
    for page in pages:
        if not page.clauses or source_part(page) != part:
            continue
        out += [f"## {page.title}", ""]
        game_rulings = index.rulings.get(game_of(page.name), {})
        for clause in page.clauses:
            target = f"{_relative(page.site_path, site_path)}#{clause.id}"
            out += [f"**[{clause.id}]({target}) · {clause.title}**", ""]
            notes = [f"*Source:* {_rehome(clause.source, page, site_path) or 'not stated.'}"]
            if clause.alternative:
                notes.append("*Alternative:* " + _rehome(clause.alternative, page, site_path))
            for n, note in enumerate(notes):
                marked = link_citations(mark_quotations(note).splitlines(), set(range(note.count("\n") + 1)),
                                        game_rulings, site_path, index.rulings_pages, "")
                text = "\n".join(marked)
                if n == 0:
                    out += [text, ""]
                else:
                    out += ['!!! note "Alternative reading"', "", "    " + text.removeprefix("*Alternative:* "), ""]
    return "\n".join(out)


def _games(pages: list[SpecPage]) -> list[str]:
    return list(dict.fromkeys(game_of(page.name) for page in pages))


def _game_title(game: str) -> str:
    from oracle.games import GAMES, load_game

    return load_game(game).title if game in GAMES else game




def _rehome(text: str, page: SpecPage, site_path: str) -> str:
    """Relative links in a spec paragraph, as seen from another site page."""

    def fix(match: re.Match[str]) -> str:
        target = match.group(1)
        if "://" in target or target.startswith("#"):
            return match.group(0)
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(page.site_path), target))
        return f"]({_relative(resolved, site_path)})"

    return re.sub(r"\]\(([^)\s]+)\)", fix, _site_links(text))


# --- the command line, captured ---------------------------------------------


def run_cli(argv: list[str]) -> tuple[int, str]:
    """Run ``oracle ARGV`` in this process: its exit status and what it
    printed (standard output, then standard error)."""
    from oracle.tools.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "88"  # argparse wraps help text to the terminal; fix it for the page
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:  # --help and --version exit through argparse
                code = exc.code if isinstance(exc.code, int) else 0
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved
    return code, out.getvalue() + err.getvalue()


def run_sessions(text: str, lang: str = "en") -> str:
    """Replace each ```` ```oracle-session ```` block's ``$ oracle ...`` lines
    by a console block with each command and its real output, in ``lang`` (the page's edition: a card game's
    answers are French on a French page, as under a French locale or ``--lang fr``)."""
    lines = text.splitlines()
    out: list[str] = []
    done = 0
    for fence in fences(lines):
        if fence.info != "oracle-session":
            continue
        out.extend(lines[done:fence.start])
        shown: list[str] = []
        for command in lines[fence.start + 1:fence.end]:
            if not command.strip():
                continue
            words = shlex.split(command.strip().removeprefix("$").strip())
            if not words or words[0] != "oracle":
                raise ValueError(f"an oracle-session line must be '$ oracle ARGS', got {command.strip()!r}")
            with text_language(lang):
                code, printed = run_cli(words[1:])
            shown.append("$ " + command.strip().removeprefix("$").strip())
            shown.extend(printed.rstrip("\n").splitlines())
            if code:
                shown.append(f"[{LABELS['exit status'] if lang == 'fr' else 'exit status'} {code}]")
        out.extend(["```console", *shown, "```"])
        done = fence.end + 1
    out.extend(lines[done:])
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


__all__ = [
    "CHAPTER_FILES",
    "Clause",
    "ExampleRef",
    "SpecIndex",
    "SpecPage",
    "clause_pages",
    "example_refs",
    "is_rulings",
    "link_clause_ids",
    "mark_quotations",
    "outside_fences",
    "quotation_language",
    "read_spec",
    "rules_markdown",
    "rulings_markdown",
    "run_cli",
    "run_sessions",
    "search_boost",
    "source_part",
    "source_parts",
    "sources_markdown",
    "sources_path",
    "spec_index",
    "title_links",
]
