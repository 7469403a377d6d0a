"""A rules page's words for a reader of the site, where the spec's files are pages.

The spec speaks of its own files ("This folder is the normative text", "this file covers the
present", "past.md adds what changes"), which is true in the source tree.  On the site a reader
sees pages: `reader_words` says "these pages" and "this page", and names a file mentioned
in the prose by its page's title, linked.  The spec's text stays as it is.
"""

from __future__ import annotations

import posixpath
import re

WORDS = [
    (re.compile(r"\bThis folder is\b"), "These pages are"),
    (re.compile(r"\bThis folder\b"), "These pages"),
    (re.compile(r"\bthis folder\b"), "these pages"),
    (re.compile(r"\bThis file\b"), "This page"),
    (re.compile(r"\bthis file\b"), "this page"),
    (re.compile(r"\b([Tt]he rulings) file\b"), r"\1 page"),
]
# A folder's README lists its files, each a page on the site; other tables of files (the vectors') stay files.
INDEX_WORDS = [(re.compile(r"^\| file \| what it holds \|"), "| page | what it holds |")]

# A file name in the prose, outside a link (``[x.md](x.md)`` and ``](x.md)`` are links already):
# ``past.md``, ``spec/trois-ombres/oracle.md``, ``docs/game-ai.md``.
FILE_NAME = re.compile(r"(?<![\w/\[.`-])(?<!\]\()((?:spec/|docs/)?(?:[\w-]+/)*[\w-]+\.md)(?![\w\]`/])")
CODE = re.compile(r"(`[^`]*`)")


def reader_words(line: str, origin: str, titles: dict[str, str]) -> str:
    """``line`` of the rules page ``origin`` (a site path such as ``rules/time-chase/trick.md``) in a
    reader's words; ``titles`` maps a site page to its title.  Code spans stay as they are."""
    parts = CODE.split(line)
    words = WORDS + INDEX_WORDS if posixpath.basename(origin) == "index.md" else WORDS
    for i in range(0, len(parts), 2):  # the even parts are outside code spans
        for pattern, replacement in words:
            parts[i] = pattern.sub(replacement, parts[i])
        parts[i] = FILE_NAME.sub(lambda match: _file_link(match.group(1), origin, titles), parts[i])
    return "".join(parts)


def _file_link(name: str, origin: str, titles: dict[str, str]) -> str:
    """A link to the page of the file ``name``, with its title as text; the name as it is if no page has it."""
    if name.startswith("spec/"):
        target = "rules/" + name.removeprefix("spec/")
    elif name.startswith("docs/"):
        target = name.removeprefix("docs/")
    else:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(origin), name))
    title = titles.get(target)
    if title is None:
        return name
    return f"[{title}]({posixpath.relpath(target, posixpath.dirname(origin))})"


__all__ = ["reader_words"]
