"""The rules a given state is played by: one pass, in one place, for every tool.

A state may fix part of its rules itself: TTYKM's ``rules=`` field names its
ruleset, a Time Chase state seats its number of players, a card game's state
records its variants (``variants=``).  Rules may also be named for it: by the
command line (``--rules``, ``--variant``), by a request (``variant``), by a
record's header (``rules``).  `check_named_rules` gives the rules a state is
played by when one source names rules for it, and refuses them, in one line
naming the token, unless they say the same as the state, so that no option is
silently overridden by the state, nor the state by the option.
`agreed_rules` does the same for several sources at once (a record's header
and the command line), which must also agree with one another.  The state's
own rules are asked of the game once (`Game.state_rules`).  A rules text
itself, repeated or contradictory settings included, is read by the one reader
every game shares (`oracle.inputs.check_rules_text`).  Only the `Game`
interface is used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from oracle.errors import NotationError
from oracle.games import AnyGame


def ruleset_name(game: AnyGame, ruleset: str) -> str:
    """A ruleset named on its own, as `Game.ruleset_of` names a state's (``memory+growth`` is
    ``growth+memory``): the canonical name of its rules alone, with no start built to learn it."""
    return game.rules_name(game.parse_rules(ruleset, None))


def check_named_rules(game: AnyGame, state: Any, rules: Any, ruleset: str | None, variants: str | None) -> Any:
    """The rules ``state`` is played by (`Game.state_rules`, asked once); `NotationError` unless the ruleset
    and variants named (None: not named), read as ``rules``, can play it.

    * a ruleset named must be the state's own (`Game.ruleset_of`): a Memory
      position is not played by ``--rules growth``;
    * a setting named (``players=5``) must be the state's own value (`Game.state_settings`);
    * the rules must fit the state (`Game.state_rules`): the variants it
      records agree, and every variant changes its ruleset (TTYKM: VARIANT.SCOPE).
    """
    what = game.words.state
    if ruleset is not None:
        wanted, own = ruleset_name(game, ruleset), game.ruleset_of(state)
        if wanted != own:
            raise NotationError(f"the {what} is played by its own ruleset, {own}, not {wanted}", ruleset)
    settings = game.state_settings(state)
    for token in (variants or "").split("+"):
        name, equals, value = token.strip().partition("=")
        if equals and name in settings and value != str(settings[name]):
            raise NotationError(f"the {what} has {name}={settings[name]}, not {value}", token.strip())
    return game.state_rules(state, rules)


@dataclass(frozen=True, slots=True)
class NamedRules:
    """Rules named for a state by one source: who named them (for the message), a ruleset, variants (None:
    not named)."""

    source: str
    ruleset: str | None = None
    variants: str | None = None

    @property
    def names_any(self) -> bool:
        return self.ruleset is not None or self.variants is not None


def agreed_rules(game: AnyGame, state: Any, named: Sequence[NamedRules]) -> Any:
    """The rules ``state`` is played by when several sources may name rules for it, such as a record's
    header, the command line and the record's start state.

    Each source that names rules must be able to play the state (`check_named_rules`), and every such
    source must name the same rules as the others (`Game.rules_name`); otherwise `NotationError`, naming
    the source and what differs.  When no source names any, the state's own rules (its recorded
    variants, or the game's default).
    """
    played: Any = None
    first = ""
    for source in (s for s in named if s.names_any):
        rules = game.parse_rules(source.ruleset, source.variants)
        try:
            here = check_named_rules(game, state, rules, source.ruleset, source.variants)
        except NotationError as exc:
            raise type(exc)(f"{source.source}: {exc}") from None
        if played is not None and game.rules_name(here) != game.rules_name(played):
            raise NotationError(f"{source.source} names {game.rules_name(here)}, but {first} names "
                                f"{game.rules_name(played)}", source.variants or source.ruleset or "")
        played, first = here, source.source
    if played is None:
        return game.state_rules(state, game.parse_rules(None, None))
    return played
