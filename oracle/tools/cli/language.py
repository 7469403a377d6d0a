"""``--lang``: the words the command line prints for a card game (Time Chase, 3 Ombres), in the language asked
(`oracle.language.language`: ``--lang``, ``ORACLE_LANG``, else the locale).

The text pictures are the games' own, in either language; the rest is put in the French the French pages and
the playground show (`oracle.tools.site.french`): the events in words, the verdict and its reason, and the
command's own sentences.  What the oracle writes as notation (states, actions, Time Chase's events, rule IDs) stays as
it is, so a French answer reads back as an English one does.  TTYKM's words stay English.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from oracle.games import DEFAULT_GAME, AnyGame
from oracle.interface import Verdict
from oracle.language import language


def in_french(game: AnyGame) -> bool:
    """Whether ``game``'s words are put in French now: a card game, with French asked."""
    return game.name != DEFAULT_GAME and language() == "fr"


def said(game: AnyGame, text: str) -> str:
    """Lines of the command's words (or a text picture) in the language asked; notation lines stay."""
    if not in_french(game):
        return text
    from oracle.tools.site.french import translate_text

    return translate_text(text)


def picture(game: AnyGame, state: Any) -> str:
    """The state's text picture (`Game.state_text`), which each card game draws in the language asked itself
    (`oracle.language`)."""
    return game.state_text(state)


def event_line(game: AnyGame, event: Any) -> str:
    """An event as the command line lists it (`Game.event_text`): in the language asked when it is a sentence
    (3 Ombres), as it is when it is notation (Time Chase's ``play p3 B12 at 1``)."""
    text = game.event_text(event)
    if not in_french(game) or text != game.event_sentence(event):
        return text
    from oracle.tools.site.french import translate_event

    return translate_event(text)


def events_text(game: AnyGame, events: Sequence[Any], indent: str = "  ") -> str:
    return "\n".join(indent + event_line(game, e) for e in events)


def verdict_text(game: AnyGame, verdict: Verdict) -> str:
    """``illegal: TC.BID: p1 bids 1 but holds 0 crystals`` in the language asked; the rule ID stays."""
    if not in_french(game):
        return str(verdict)
    from oracle.tools.site.french import LABELS, translate_reason

    status = LABELS.get(verdict.status, verdict.status)
    reason = translate_reason(verdict.reason) if verdict.reason else ""
    return " : ".join(part for part in (status, verdict.rule, reason) if part)
