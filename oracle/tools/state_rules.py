"""Rules named for a given state must agree with what the state says of its own rules.

A state may fix part of its rules itself: TTYKM's ``rules=`` field names its
ruleset, a Time Chase state seats its number of players, a card game's state
records its variants (``variants=``).  The command line (``--rules``,
``--variant``) and the protocol (``variant``) may name rules for such a state;
`check_named_rules` refuses them, in one line naming the token, unless they
say the same as the state, so that no option is silently overridden by the
state, nor the state by the option.  Only the `Game` interface is used.
"""

from __future__ import annotations

from typing import Any

from oracle.errors import NotationError
from oracle.games import AnyGame


def check_named_rules(game: AnyGame, state: Any, rules: Any, ruleset: str | None, variants: str | None) -> Any:
    """The rules ``state`` is played by (`Game.state_rules`); `NotationError` unless the ruleset and variants
    named (None: not named) can play it.

    * a ruleset named must be the state's own (`Game.ruleset_of`): a Memory
      position is not played by ``--rules growth``;
    * a setting named (``players=5``) must be the state's own value (`Game.state_settings`);
    * the rules must fit the state (`Game.state_rules`): the variants it
      records agree, and every variant changes its ruleset (TTYKM: VARIANT.SCOPE).
    """
    what = game.words.state
    if ruleset is not None:
        wanted = game.ruleset_of(game.initial_state(game.parse_rules(ruleset, None)))
        own = game.ruleset_of(state)
        if wanted != own:
            raise NotationError(f"the {what} is played by its own ruleset, {own}, not {wanted}", ruleset)
    settings = game.state_settings(state)
    for token in (variants or "").split("+"):
        name, equals, value = token.strip().partition("=")
        if equals and name in settings and value != str(settings[name]):
            raise NotationError(f"the {what} has {name}={settings[name]}, not {value}", token.strip())
    return game.state_rules(state, rules)
