"""A built page's lists that Markdown ran into a paragraph.

Python-Markdown starts a list only after a blank line and nests one only at 4 spaces, so a
list written after a paragraph line, or nested 2 spaces deep, comes out as one paragraph
holding the items ("… – K2 (TC-8): … – K3 …").  The site build refuses such a page.
"""

from __future__ import annotations

import re

PARAGRAPH = re.compile(r"<p\b[^>]*>(.*?)</p>", re.S)
LIST_LINE = re.compile(r"\n[ \t]*(?:[-*+]|\d+\.) \S")  # a line of the paragraph that opens like a list item
BOLD_ITEM = re.compile(r"- (?:<span[^>]*></span>)*<strong>K\d")  # "- **K2 …**": a ruling item run in


def run_on_lists(html_text: str) -> list[str]:
    """The start of each paragraph of ``html_text`` that holds a list line or a run-in ruling item."""
    found = []
    for match in PARAGRAPH.finditer(html_text):
        body = match.group(1)
        hit = LIST_LINE.search(body) or BOLD_ITEM.search(body)
        if hit:
            before, after = (" ".join(re.sub(r"<[^>]+>", "", part).split()) for part in
                             (body[:hit.start()], body[hit.start():]))
            found.append(f"{before[-50:]} {after[:50]}")
    return found


__all__ = ["run_on_lists"]
