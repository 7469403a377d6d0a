"""The language of every quotation from the sources, marked for browsers, screen readers and fonts.

The spec quotes the French rules in double quotes (TTYKM's *Source:* notes) or
in guillemets (« … », Time Chase and 3 ombres), and the Japanese help page in
corner brackets (「…」).  `mark_quotations` wraps each in an element with its
``lang``: a double-quoted quotation of the *Source:* and *Alternative:* notes
becomes ``<q lang="…">`` (its English gloss follows it in the text); a
double-quoted French or Japanese quotation elsewhere becomes ``<q lang="fr">``;
guillemets and corner brackets are kept, inside a ``<span lang="…">`` of the
language of what they hold.  Code, HTML tags and fenced blocks are left alone,
and lines are kept, so line numbers still match the spec file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
FRENCH = re.compile(r"[àâçéèêëîïôûùüÿœÀÂÇÉÈÊ]|\b(?:le|la|les|de|des|du|une|vous|votre|est|et|il|pas)\b|\s[?!:;]")
SOURCE_PARAGRAPH = re.compile(r"\*(?:Source|Alternative):\*.*?(?=\n\s*\n|\Z)", re.S)
DOUBLE = re.compile(r'"([^"\n]+(?:\n[^"\n]+){0,6})"')
GUILLEMETS = re.compile(r"«(?:[^«»]|«[^«»]*»)+»")  # French typography, one quotation deep inside
CORNERS = re.compile(r"「[^」]+」")
# What is never prose: code spans, HTML tags and Markdown links' targets (their text stays prose).
NOT_PROSE = re.compile(r"`[^`\n]*`|<[^>\n]+>|\]\([^)\s]*(?:\s\"[^\"]*\")?\)")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})")


def quotation_language(text: str) -> str:
    """The language of a quotation from the sources: ``ja``, ``fr`` or ``en``."""
    if JAPANESE.search(text):
        return "ja"
    return "fr" if FRENCH.search(text) else "en"


def _prose_runs(lines: list[str]) -> Iterator[tuple[int, int]]:
    """The runs of lines outside fenced blocks, as (first, end) indexes."""
    start, fence = 0, ""
    for n, line in enumerate(lines):
        match = FENCE.match(line)
        if fence:
            if match and match.group(2)[0] == fence[0] and len(match.group(2)) >= len(fence) and \
                    not line.strip()[len(match.group(2)):].strip():
                fence, start = "", n + 1
        elif match:
            if n > start:
                yield start, n
            fence = match.group(2)
    if not fence and start < len(lines):
        yield start, len(lines)


def _in_prose(text: str, change: Callable[[str], str]) -> str:
    """``change`` applied to ``text`` between code spans, HTML tags and link targets."""
    out, done = [], 0
    for match in NOT_PROSE.finditer(text):
        out += [change(text[done:match.start()]), match.group(0)]
        done = match.end()
    return "".join([*out, change(text[done:])])


def _mark_run(text: str) -> str:
    def source_quote(match: re.Match[str]) -> str:
        return f'<q lang="{quotation_language(match.group(1))}">{match.group(1)}</q>'

    def other_quote(match: re.Match[str]) -> str:
        language = quotation_language(match.group(1))
        return match.group(0) if language == "en" else f'<q lang="{language}">{match.group(1)}</q>'

    def bracketed(match: re.Match[str]) -> str:
        return f'<span lang="{quotation_language(match.group(0))}">{match.group(0)}</span>'

    def guillemets(match: re.Match[str]) -> str:  # French, whatever its words: the marks say so
        language = "ja" if JAPANESE.search(match.group(0)) else "fr"
        return f'<span lang="{language}">{match.group(0)}</span>'

    def paragraph(match: re.Match[str]) -> str:
        return _in_prose(match.group(0), lambda part: DOUBLE.sub(source_quote, part))

    text = SOURCE_PARAGRAPH.sub(paragraph, text)
    text = _in_prose(text, lambda part: DOUBLE.sub(other_quote, part))
    text = _in_prose(text, lambda part: GUILLEMETS.sub(guillemets, part))
    return _in_prose(text, lambda part: CORNERS.sub(bracketed, part))


def mark_quotations(text: str) -> str:
    """``text`` with every quotation marked with its language (see the module docstring)."""
    lines = text.split("\n")
    for start, end in _prose_runs(lines):
        marked = _mark_run("\n".join(lines[start:end])).split("\n")
        assert len(marked) == end - start  # the marks never add or remove a line
        lines[start:end] = marked
    return "\n".join(lines)


__all__ = ["mark_quotations", "quotation_language"]
