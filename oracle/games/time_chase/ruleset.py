"""The rules settings of Time Chase: the player count and the named variants.

(spec/time-chase/variants.md)

The default reading is the spec's; each variant is another reading of a point
the sources leave open.  A rules name is ``standard`` or ``+``-joined tokens:
``players=N`` (3-6, default 4) and variant names.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from oracle.errors import NotationError
from oracle.games.time_chase.cards import PLAYER_COUNTS, SMALL, SMALL_PLAYERS

VARIANTS: dict[str, str] = {
    "invariant=rank-paradox": "cards at 0 compare by rank; an equal rank is a paradox (TC.VARIANT.RANK-PARADOX)",
    "reference=last-token": "the player who last placed a token starts each position (TC.VARIANT.LAST-TOKEN)",
    "income=won-so-far": "income counts every event ever won, kept or lost (TC.VARIANT.WON-SO-FAR)",
    "income-round1": "income is paid in round 1 too (TC.VARIANT.INCOME-ROUND1)",
    "fuel-supply=30": "the supply holds 30 crystals; gains beyond it are lost (TC.VARIANT.FUEL-SUPPLY)",
    "small": "research setting, not a rule of the game: 3 players, 2 cards each of 7, 1 round (TC.RESEARCH.SMALL)",
}

DEFAULT_PLAYERS = 4


@dataclass(frozen=True, slots=True)
class Rules:
    """A player count and the variants in force (all off: the spec's reading)."""

    players: int = DEFAULT_PLAYERS
    rank_paradox: bool = False
    last_token: bool = False
    won_so_far: bool = False
    income_round1: bool = False
    fuel_supply: int | None = None
    small: bool = False

    @property
    def variant_name(self) -> str | None:
        """The variants alone, as a state records them (``variants=``): None for none.

        (Part of TC.NOTATION.VARIANTS.)
        """
        return "+".join(t for t in self.name.split("+") if not t.startswith("players=") and t != "standard") or None

    @property
    def name(self) -> str:
        tokens = [f"players={self.players}"] if self.players != DEFAULT_PLAYERS else []
        flags = (
            (self.rank_paradox, "invariant=rank-paradox"),
            (self.last_token, "reference=last-token"),
            (self.won_so_far, "income=won-so-far"),
            (self.income_round1, "income-round1"),
            (self.fuel_supply is not None, "fuel-supply=30"),
            (self.small, SMALL),
        )
        tokens += [name for on, name in flags if on]
        return "+".join(tokens) or "standard"

    @classmethod
    def parse(cls, text: str) -> Rules:
        """The rules for ``standard`` or ``+``-joined tokens; `NotationError` names an unknown token.

        ``small`` seats three players (TC.RESEARCH.SMALL): another player count with it is refused.
        """
        rules = cls()
        counted = None
        for token in (t.strip() for t in text.split("+")):
            if token in ("", "standard"):
                continue
            if token.startswith("players="):
                count = token.removeprefix("players=")
                if not count.isdigit() or int(count) not in PLAYER_COUNTS:
                    raise NotationError("a player count must be 3, 4, 5 or 6", token)
                rules = replace(rules, players=int(count))
                counted = token
            elif token == "invariant=rank-paradox":
                rules = replace(rules, rank_paradox=True)
            elif token == "invariant=replace":
                continue
            elif token == "reference=last-token":
                rules = replace(rules, last_token=True)
            elif token == "income=won-so-far":
                rules = replace(rules, won_so_far=True)
            elif token == "income-round1":
                rules = replace(rules, income_round1=True)
            elif token == "fuel-supply=30":
                rules = replace(rules, fuel_supply=30)
            elif token == SMALL:
                rules = replace(rules, small=True)
            else:
                raise NotationError(f"unknown Time Chase rules token (known: players=N, {', '.join(VARIANTS)})", token)
        if rules.small:
            if counted is not None and rules.players != SMALL_PLAYERS:
                raise NotationError(f"the research setting small is for {SMALL_PLAYERS} players", counted)
            rules = replace(rules, players=SMALL_PLAYERS)
        return rules


STANDARD = Rules()


def rules_for(recorded: str | None, players: int, rules: Rules) -> Rules:
    """The rules to play a state by, given the variants it records (``variants=``, None if none).

    The caller's rules when they agree or the state records none; the
    recorded variants when the caller names none (so that a saved state
    replays alone); `NotationError` naming the field when they differ.  The
    player count is the state's.

    Rule: TC.NOTATION.VARIANTS
    """
    given = rules.variant_name
    if recorded is None or given == recorded:
        return rules if rules.players == players else replace(rules, players=players)
    if given is None:
        return replace(Rules.parse(recorded), players=players)
    raise NotationError(f"the state records its variants, and they are not {given}", f"variants={recorded}")
