"""A second, plainly executed reading of the whole Time Chase game, written from spec/time-chase/.

This module does not import `oracle`: it is the deliberately independent copy
of the rules that the engine is checked against (`properties.time_chase.model_machine`,
`properties.time_chase.model_differential`).  It states every step of a game
as a small function over plain values:

* cards are ``(suit, rank)`` pairs, suits 0-4 and ranks 1-13;
* an event is ``None`` (empty, TC.EMPTY) or ``(lead, winning, controller)``,
  where ``winning`` is the card that currently wins it (the lead card itself, or
  the crosswise card);
* position 0 holds the Invariant; its suit is trump unless a paradox voided it.

`start` sets a game up from a deal (TC.START), `bid_range` and `bid` cover
TC.BID and TC.TRAVEL, `playable` and `play` cover TC.PLAY to TC.ZERO, and a
round ends by TC.ROUND, TC.INCOME, TC.WIN.THREE and TC.WIN.END.  The variants
of spec/time-chase/variants.md are the flags of `Options`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

Card = tuple[int, int]
Event = tuple[Card, Card, int] | None  # (lead card, winning card, controller), None when empty

ROUNDS = 10
THREE = 3
SUPPLY = 30


@dataclass(frozen=True)
class Options:
    """The readings in force: all off is the spec's default."""

    rank_paradox: bool = False  # TC.VARIANT.RANK-PARADOX
    last_token: bool = False  # TC.VARIANT.LAST-TOKEN
    won_so_far: bool = False  # TC.VARIANT.WON-SO-FAR
    income_round1: bool = False  # TC.VARIANT.INCOME-ROUND1
    fuel_supply: bool = False  # TC.VARIANT.FUEL-SUPPLY


@dataclass(frozen=True)
class Game:
    """Everything the rules read: ``at`` is the position being played, ``trick`` the cards played there so far."""

    n: int
    round: int
    over: bool
    hands: tuple[frozenset[Card], ...]
    invariant: Card
    no_trump: bool
    paradoxes: int
    first: int
    starter: int
    events: tuple[Event, ...]
    crystals: tuple[int, ...]
    pawns: tuple[int, ...]
    at: int | None
    trick: tuple[tuple[int, Card], ...]
    discard: frozenset[Card]
    ever_won: tuple[frozenset[int], ...]
    last_token: int | None
    winners: tuple[int, ...]
    ending: str | None

    @property
    def trump(self) -> int | None:
        """TC.TRUMP: the Invariant's suit, none after a paradox."""
        return None if self.no_trump else self.invariant[0]

    def holding(self, player: int) -> list[int]:
        """The events ``player``'s tokens are on."""
        return [i + 1 for i, e in enumerate(self.events) if e is not None and e[2] == player]


def _put(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1:])


# --- the start and the rounds ----------------------------------------------------------------


def start(hands: list[list[Card]], invariant: Card, first: int, options: Options) -> Game:
    """TC.START: no crystals, no events; then round 1 begins."""
    n = len(hands)
    game = Game(
        n=n, round=0, over=False, hands=tuple(frozenset(h) for h in hands), invariant=invariant, no_trump=False,
        paradoxes=0, first=first, starter=first, events=(), crystals=(0,) * n, pawns=(0,) * n, at=None, trick=(),
        discard=frozenset(), ever_won=(frozenset(),) * n, last_token=None, winners=(), ending=None,
    )
    return begin_round(game, options)


def starter_of(game: Game, options: Options) -> int:
    """TC.ORDER.REFERENCE: whoever holds the latest controlled event (event n-1 first), else the first player;
    TC.VARIANT.LAST-TOKEN: whoever placed the last token, else the first player."""
    if options.last_token:
        return game.first if game.last_token is None else game.last_token
    for event in game.events[::-1]:
        if event is not None:
            return event[2]
    return game.first


def clockwise(game: Game) -> list[int]:
    """TC.ORDER.SEATS: every seat, increasing seat number, from the round's starter."""
    return [(game.starter + k) % game.n for k in range(game.n)]


def give(game: Game, player: int, amount: int, options: Options) -> Game:
    """Crystals from the supply; with TC.VARIANT.FUEL-SUPPLY only what the 30 crystals still allow."""
    if options.fuel_supply:
        amount = min(amount, SUPPLY - sum(game.crystals))
    if amount <= 0:
        return game
    return replace(game, crystals=_put(game.crystals, player, game.crystals[player] + amount))


def begin_round(game: Game, options: Options) -> Game:
    """TC.ROUND steps 1-3: fix the starter, pay income (TC.INCOME), reveal the new present, pawns on it."""
    number = game.round + 1
    game = replace(game, round=number)
    game = replace(game, starter=starter_of(game, options))
    if number >= 2 or options.income_round1:
        for player in clockwise(game):
            counted = len(game.ever_won[player]) if options.won_so_far else len(game.holding(player))
            game = give(game, player, max(0, 2 - counted), options)
    return replace(game, events=(*game.events, None), pawns=(number,) * game.n, at=None, trick=())


# --- bids ----------------------------------------------------------------------------------------


def bid_range(game: Game, player: int) -> range:
    """TC.BID: 0 up to the crystals held, and no further back than position 0."""
    return range(min(game.crystals[player], game.round) + 1)


def bid(game: Game, amounts: tuple[int, ...]) -> Game:
    """TC.TRAVEL: pay, move back; then the highest occupied position is played first (TC.ORDER.POSITIONS)."""
    assert all(b in bid_range(game, p) for p, b in enumerate(amounts)), amounts
    pawns = tuple(game.round - b for b in amounts)
    crystals = tuple(c - b for c, b in zip(game.crystals, amounts, strict=True))
    return replace(game, crystals=crystals, pawns=pawns, at=max(pawns), trick=())


def bidding(game: Game) -> bool:
    return not game.over and game.at is None


# --- cards ---------------------------------------------------------------------------------------


def next_to_play(game: Game) -> int | None:
    """TC.ORDER.SEATS: the first seat clockwise from the starter that stands here and has not played."""
    if game.over or game.at is None:
        return None
    done = {p for p, _ in game.trick}
    for player in clockwise(game):
        if game.pawns[player] == game.at and player not in done:
            return player
    return None


def led(game: Game) -> Card | None:
    """TC.LEAD, TC.REPLAY: the event's fixed lead card, else the first card played here now."""
    assert game.at is not None
    if game.at > 0:
        event = game.events[game.at - 1]
        if event is not None:
            return event[0]
    return game.trick[0][1] if game.trick else None


def playable(game: Game, options: Options) -> list[Card]:
    """TC.FOLLOW, TC.ZERO: the cards the player to act may play, in card order.  At position 0 the
    rank-paradox reading has no suit to follow (TC.VARIANT.RANK-PARADOX)."""
    player = next_to_play(game)
    if player is None:
        return []
    hand = sorted(game.hands[player])
    lead = led(game)
    if lead is None or (game.at == 0 and options.rank_paradox):
        return hand
    same = [c for c in hand if c[0] == lead[0]]
    return same or hand


def best(cards: list[Card], lead_suit: int, trump: int | None) -> int | None:
    """TC.WINNER, read directly: among the trumps the highest, else among the lead suit the highest."""
    trumps = [i for i, c in enumerate(cards) if trump is not None and c[0] == trump]
    pool = trumps or [i for i, c in enumerate(cards) if c[0] == lead_suit]
    if not pool:
        return None
    return max(pool, key=lambda i: cards[i][1])


def play(game: Game, card: Card, options: Options) -> Game:
    """One card: it leaves the hand, earns a crystal if it is a low follow (TC.CRYSTAL), and once everyone
    standing here has played the position is resolved and the game moves on."""
    assert card in playable(game, options), card
    player, at = next_to_play(game), game.at
    assert player is not None and at is not None
    lead = led(game)
    hands = list(game.hands)
    hands[player] = hands[player] - {card}
    game = replace(game, hands=tuple(hands), trick=(*game.trick, (player, card)))
    if at > 0 and lead is not None and card[0] == lead[0] and card[1] < lead[1]:
        game = give(game, player, 1, options)
    if next_to_play(game) is not None:
        return game
    game = settle_zero(game, options) if at == 0 else settle_event(game)
    if game.over:
        return game
    lower = [p for p in game.pawns if p < at]
    if lower:
        return replace(game, at=max(lower), trick=())
    game = replace(game, at=None, trick=())
    if game.round == ROUNDS:
        return finish(game, "TC.WIN.END")
    return begin_round(game, options)


def settle_event(game: Game) -> Game:
    """TC.LEAD/TC.KEEP/TC.CONTROL at a new event, TC.REPLAY at one already led; TC.WIN.THREE after a token."""
    assert game.at is not None
    at = game.at
    event = game.events[at - 1]
    played = [c for _, c in game.trick]
    if event is None:
        lead = played[0]
        i = best(played, lead[0], game.trump)
        assert i is not None
        winner, winning = game.trick[i]
        old_cross: Card | None = None
        previous = None
    else:
        lead, incumbent, previous = event
        i = best([incumbent, *played], lead[0], game.trump)
        if i is None or i == 0:  # the result stands; the new cards go
            return replace(game, discard=game.discard | set(played))
        winner, winning = game.trick[i - 1]
        old_cross = incumbent if incumbent != lead else None
    kept = {lead, winning}
    gone = {c for c in played if c not in kept} | ({old_cross} if old_cross is not None else set())
    events = list(game.events)
    events[at - 1] = (lead, winning, winner)
    game = replace(game, events=tuple(events), discard=game.discard | gone)
    if previous != winner:
        won = list(game.ever_won)
        won[winner] = won[winner] | {at}
        game = replace(game, ever_won=tuple(won), last_token=winner)
    if len(game.holding(winner)) >= THREE:
        return replace(game, over=True, at=None, trick=(), winners=(winner,), ending="TC.WIN.THREE")
    return game


def settle_zero(game: Game, options: Options) -> Game:
    """TC.ZERO (a lone card, or the highest of the first card's suit with no trump, becomes the Invariant),
    or TC.VARIANT.RANK-PARADOX (by rank: higher replaces, equal is a paradox, a second paradox ends)."""
    played = [c for _, c in game.trick]
    old = game.invariant
    if not options.rank_paradox:
        i = best(played, played[0][0], None)
        assert i is not None
        new = played[i]
        return replace(game, invariant=new, discard=game.discard | (set(played) - {new}) | {old})
    top = max(c[1] for c in played)
    new = next(c for c in played if c[1] == top)  # the earliest of the highest rank
    if new[1] < old[1]:
        return replace(game, discard=game.discard | set(played))
    game = replace(game, invariant=new, discard=game.discard | (set(played) - {new}) | {old})
    if new[1] > old[1]:
        return replace(game, no_trump=False)
    game = replace(game, no_trump=True, paradoxes=game.paradoxes + 1)
    return finish(game, "TC.VARIANT.RANK-PARADOX") if game.paradoxes >= 2 else game


def finish(game: Game, ending: str) -> Game:
    """TC.WIN.END: most events; among the tied, the one holding the event nearest position 0; nobody if none."""
    held = {p: game.holding(p) for p in range(game.n)}
    most = max(len(e) for e in held.values())
    winners: tuple[int, ...] = ()
    if most > 0:
        tied = [p for p in range(game.n) if len(held[p]) == most]
        winners = (min(tied, key=lambda p: min(held[p])),)
    return replace(game, over=True, at=None, trick=(), winners=winners, ending=ending)
