"""The rulings' test scenarios, which the examples' titles cite ("Scenario 4: p2 travels to event 3 …").

A game's rulings (spec/<game>/rulings.md) number their expected-outcome cases in a section
"Test scenarios"; an example built on one says so at the start of its title.  `link_scenarios`
makes that "Scenario N" a link to the section, with the scenario's own name as its tooltip, so
the reader sees what the number refers to.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Scenarios:
    """A game's test scenarios: the heading's anchor on its rulings page and each scenario's name."""

    anchor: str
    names: dict[int, str]


SECTION = re.compile(r"^## (\d+)\. Test scenarios[^\n]*\n(.*?)(?=^## |\Z)", re.M | re.S)
ITEM = re.compile(r"^(\d+)\. \*\*(.+?)\.?\*\*", re.M)
CITED = re.compile(r"\b([Ss])cenario (\d+)\b")


def scenarios(rulings_text: str) -> Scenarios | None:
    """The test scenarios of a rulings file, or None if it has no such section."""
    found = SECTION.search(rulings_text)
    if found is None:
        return None
    names = {int(number): name for number, name in ITEM.findall(found.group(2))}
    return Scenarios(f"section-{found.group(1)}", names)  # a numbered section's anchor (rulings.anchor_rulings)


def link_scenarios(fragment: str, known: Scenarios, page_href: str) -> str:
    """An example's title (HTML) with each "Scenario N" it cites linked to the rulings' test scenarios
    (``page_href``: the rulings page's address from this page); a number the rulings lack stays as it is."""

    def one(match: re.Match[str]) -> str:
        name = known.names.get(int(match.group(2)))
        if name is None:
            return match.group(0)
        tooltip = html.escape(f"Test scenario {match.group(2)} of the rulings: {name}")
        return (f'<a class="ttykm-ruling-link" href="{html.escape(page_href)}#{known.anchor}" '
                f'title="{tooltip}">{match.group(0)}</a>')

    parts = re.split(r"(<a\b.*?</a>|<[^>]+>)", fragment, flags=re.S)  # never inside a link or a tag
    return "".join(part if part.startswith("<") else CITED.sub(one, part) for part in parts)


__all__ = ["Scenarios", "link_scenarios", "scenarios"]
