"""Open a worked example of any game in the playground, through the common game interface.

A TTYKM example links to the playground itself (`oracle.games.ttykm.site`).
The examples of the other games (spec/time-chase/, spec/trois-ombres/) state a
``state`` (or ``start``), the actions played first (``setup:``, one per line),
then the actions it is about (``actions:``, one per line, or one ``action:``).
`example_query` replays the setup with `Game.apply` and leaves the others for
the playground's "play the example's action" button, one at a time (the first
as ``turn``, the rest as ``then``), so the reader opens the example where its
"before" picture stands and plays it through.  `add_open_links` appends the
link to each such example's HTML block on a page.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from oracle.errors import InvalidPosition, NotationError
from oracle.games import load_game
from oracle.interface import IllegalAction


def example_query(game_name: str, fields: Mapping[str, str],
                  lists: Mapping[str, Sequence[str]]) -> dict[str, str] | None:
    """The playground's query string values for an example, or None when it opens on nothing
    playable (a refused state, an action list that does not replay)."""
    if "error" in fields or "state" not in fields:
        return None
    game = load_game(game_name)
    try:
        rules = game.parse_rules(None, fields.get("variant"))
        state: Any = game.initial_state(rules) if fields["state"] == "start" else game.parse_state(fields["state"])
        setup = list(lists.get("setup", []))
        offered = [*lists.get("actions", []), *([fields["action"]] if "action" in fields else [])]
        if not offered and setup:
            offered = [setup.pop()]
        for text in setup:
            state = game.apply(state, game.parse_action(text), rules).state
        played = state
        for text in offered[:-1]:  # each offered action but the last must play (the last may be refused)
            played = game.apply(played, game.parse_action(text), rules).state
    except (NotationError, InvalidPosition, IllegalAction, ValueError):
        return None
    query = {"game": game_name, "position": game.format_state(state)}
    if offered:
        query["turn"] = offered[0]
    if offered[1:]:
        query["then"] = "\n".join(offered[1:])
    if fields.get("variant"):
        query["rules"] = fields["variant"]
    if game.playable() is None:  # a card game: the link holds every hidden card, so it opens at the umpire's seat
        query["seat"] = "umpire"
    return query


def open_link(playground: str, query: Mapping[str, str]) -> str:
    href = html.escape(playground + "?" + urlencode(query))
    return f'<p class="ttykm-open"><a class="ttykm-open-link" href="{href}">Open in the playground</a></p>'


def add_open_links(page_html: str, examples: Sequence[tuple[str, str, Mapping[str, str], Mapping[str, Sequence[str]]]],
                   playground: str) -> str:
    """``page_html`` (a page's Markdown once its examples are HTML blocks) with an "Open in the
    playground" link at the end of each example block; ``examples`` gives each block's anchor,
    game, fields and lists.  A block ends at its first blank line (there is none inside one)."""
    for anchor, game, fields, lists in examples:
        query = example_query(game, fields, lists)
        start = page_html.find(f'<div class="ttykm-example" id="{anchor}">')
        if query is None or start < 0:
            continue
        end = page_html.find("\n\n", start)
        end = len(page_html.rstrip("\n")) if end < 0 else end
        block = page_html[start:end]
        if not block.endswith("</div>"):
            continue
        page_html = page_html[:start] + block[:-len("</div>")] + open_link(playground, query) + "</div>" + \
            page_html[end:]
    return page_html


__all__ = ["add_open_links", "example_query", "open_link"]
