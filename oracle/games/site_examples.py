"""What every game's worked examples share on the rules site (`oracle.interface.WorkedExamples`).

Each game reads, checks and draws its own examples (``oracle/games/<game>/site.py``);
`Drawing` makes its `WorkedExamples` of those three functions, and the rest
are the parts of the HTML that look the same in every game: notation in
``<code>``, a clause ID linked to its clause, the title and rules lines, a
list of facts.  The class names are the site's stylesheet's
(docs/stylesheets/ttykm.css).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from oracle.interface import Example, RuleLink

E = TypeVar("E")
DrawExample = Callable[[E, str, str, RuleLink, "str | None"], str]
"""A game's drawing of its example: the example, the fence's word, its anchor, the clause links, the
playground's href (see `oracle.interface.WorkedExamples.html`)."""


def code(text: str) -> str:
    return f"<code>{html.escape(text)}</code>"


def rule_link(rule: str, link: RuleLink) -> str:
    """A clause ID in code, linked to its clause when the site has it."""
    href = link(rule)
    return f'<a href="{html.escape(href)}">{code(rule)}</a>' if href is not None else code(rule)


def rules_line(rules: Sequence[str], link: RuleLink, variant: str | None = None) -> str:
    """The example's line naming the clauses it illustrates, and its variant."""
    meta = "Rules: " + ", ".join(rule_link(r, link) for r in rules)
    if variant is not None:
        meta += " · variant " + code(variant)
    return f'<p class="ttykm-example-rules">{meta}</p>'


def title_line(title: str, anchor: str) -> str:
    """The example's title, after a link to its own anchor."""
    return (f'<p class="ttykm-example-title"><a class="ttykm-example-anchor" href="#{anchor}">Example</a>: '
            f"{html.escape(title)}</p>")


def facts(pairs: Sequence[tuple[str, str]]) -> str:
    """Facts as a definition list; each value is HTML already."""
    return ('<dl class="ttykm-example-facts">'
            + "".join(f"<dt>{html.escape(k)}</dt><dd>{v}</dd>" for k, v in pairs) + "</dl>")


class Drawing(Generic[E]):
    """A game's `oracle.interface.WorkedExamples`, made of its own functions: ``read`` (the lines in a
    fence, the path, the fence's line), ``check`` (the problems) and ``draw`` (an example that passed,
    the fence's word, its anchor, the clause links, the playground's href) for its examples of type
    ``kind``."""

    def __init__(self, kind: type[E], read: Callable[[list[str], str, int], E], check: Callable[[E], list[str]],
                 draw: DrawExample[E]) -> None:
        self.kind, self._read, self._check, self._draw = kind, read, check, draw

    def _own(self, example: Example) -> E:
        if not isinstance(example, self.kind):
            raise TypeError(f"not an example of this game: {example.where}")
        return example

    def read(self, lines: Sequence[str], path: str, line: int) -> E:
        return self._read(list(lines), path, line)

    def check(self, example: Example) -> list[str]:
        return self._check(self._own(example))

    def html(self, example: Example, kind: str, anchor: str, link: RuleLink, playground: str | None) -> str:
        return self._draw(self._own(example), kind, anchor, link, playground)


def drawn_as_example(example_html: Callable[[E, str, RuleLink], str]) -> DrawExample[E]:
    """A `Drawing`'s ``draw`` for a game with one drawing, ``example_html(example, anchor, link)``: a
    lesson block is drawn as an example, and the site adds the playground's link through the common
    interface (`oracle.tools.site.open_links`)."""

    def draw(example: E, kind: str, anchor: str, link: RuleLink, playground: str | None) -> str:
        return example_html(example, anchor, link)

    return draw


__all__ = ["Drawing", "code", "drawn_as_example", "facts", "rule_link", "rules_line", "title_line"]
