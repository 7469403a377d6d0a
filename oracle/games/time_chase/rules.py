"""The rules of Time Chase, each clause in one function that cites it (spec/time-chase/).

A game runs: the deal (a chance action), then ten rounds.  Each round starts
with income and a new present event, takes every player's sealed bid as one
joint action, then resolves the positions where pawns stand, the present
first and position 0 (the Invariant) last, one card play at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from random import Random

from oracle.games.time_chase.actions import Action, Bid, Bids, Deal, Play
from oracle.games.time_chase.cards import SUIT_NAMES, Card
from oracle.games.time_chase.events import Event
from oracle.games.time_chase.ruleset import Rules
from oracle.games.time_chase.state import EMPTY, WIN_EVENTS, Slot, State, hidden_pool
from oracle.interface import DEPENDS, ILLEGAL, LEGAL, IllegalAction, Verdict
from oracle.words import agreeing, counted


@dataclass(frozen=True, slots=True)
class Illegal:
    """An action that breaks ``rule``; ``reason`` says how."""

    rule: str
    reason: str


def _cards(cards: Sequence[Card]) -> str:
    return " or ".join(c.text for c in cards)


# --- seats and order -----------------------------------------------------------


def seats_from(state: State, start: int) -> tuple[int, ...]:
    """Every seat once, clockwise (increasing seat number) from ``start``.

    Rule: TC.ORDER.SEATS
    """
    n = state.players
    return tuple((start + i) % n for i in range(n))


def reference_player(state: State, rules: Rules) -> int:
    """R, the player who starts every position this round, fixed at the round's start.

    The controller of the latest event so far; if it has none, of the
    highest-numbered controlled event; if none, the first player.

    Rules: TC.ORDER.REFERENCE, TC.VARIANT.LAST-TOKEN
    """
    if rules.last_token:
        return state.first if state.last_token is None else state.last_token
    for slot in reversed(state.timeline):
        if slot.controller is not None:
            return slot.controller
    return state.first


def players_at(state: State, position: int) -> tuple[int, ...]:
    """The players whose pawns stand at ``position``, in the order they play there: clockwise from the starter."""
    return tuple(p for p in seats_from(state, state.reference) if state.pawns[p] == position)


def next_position(state: State, below: int) -> int | None:
    """The next position to resolve: the highest occupied position under ``below``, None when done.

    The present first, then past events downwards, position 0 last.

    Rule: TC.ORDER.POSITIONS
    """
    occupied = [p for p in state.pawns if p < below]
    return max(occupied) if occupied else None


def player_to_act(state: State) -> int | None:
    """The player who plays next at the position being resolved."""
    if state.phase != "play" or state.at is None:
        return None
    played = {p for p, _ in state.trick}
    for player in players_at(state, state.at):
        if player not in played:
            return player
    return None


# --- crystals -------------------------------------------------------------------


def gain(state: State, rules: Rules, player: int, amount: int) -> tuple[State, int]:
    """Give ``player`` up to ``amount`` crystals from the supply; the state and the amount given.

    The supply is unlimited, unless the variant limits it to 30 crystals in all:
    then a gain beyond what is left is lost.

    Rule: TC.VARIANT.FUEL-SUPPLY
    """
    if rules.fuel_supply is not None:
        amount = max(0, min(amount, rules.fuel_supply - sum(state.crystals)))
    if amount == 0:
        return state, 0
    crystals = list(state.crystals)
    gained = list(state.gained)
    crystals[player] += amount
    gained[player] += amount
    return replace(state, crystals=tuple(crystals), gained=tuple(gained)), amount


def income_amount(state: State, rules: Rules, player: int) -> int:
    """Two crystals, less one per event the player controls now (never below zero).

    Rules: TC.INCOME, TC.VARIANT.WON-SO-FAR
    """
    events = bin(state.won[player]).count("1") if rules.won_so_far else len(state.controlled(player))
    return max(0, 2 - events)


def pay_income(state: State, rules: Rules, events: list[Event]) -> State:
    """Pay every player's income, clockwise from the starter (the order matters only with a limited supply)."""
    for player in seats_from(state, state.reference):
        state, given = gain(state, rules, player, income_amount(state, rules, player))
        if given:
            events.append(Event("income", player=player, amount=given))
    return state


# --- the deal and the rounds -----------------------------------------------------


def sample_deal(state: State, rng: Random) -> Deal:
    """Our shuffle: the deck in deck order, shuffled by ``rng``; ten cards to each player in turn
    (seat 0 takes the first ten); the next card is the Invariant, the last four are unused; then
    the first player is drawn from the same generator.  (The small setting deals two cards each
    and leaves no unused card, and p0 is the first player: TC.RESEARCH.SMALL.)

    Rule: TC.SHUFFLE
    """
    players, size = state.players, state.dealt_hand
    cards = list(state.in_play)
    rng.shuffle(cards)
    hands = tuple(tuple(sorted(cards[i * size:(i + 1) * size])) for i in range(players))
    rest = cards[players * size:]
    first = 0 if state.is_small else rng.randrange(players)
    return Deal(hands=hands, invariant=rest[0], unused=tuple(sorted(rest[1:])), first=first)


def check_deal(state: State, action: Deal) -> Illegal | None:
    """A deal gives ten cards to each player, one Invariant and four unused cards: every card in play once.
    Written from one seat (TC.VIEW), it names that seat's cards and the Invariant, and counts the rest.

    Rule: TC.DEAL
    """
    if state.phase != "deal":
        return Illegal("TC.DEAL", "the cards are dealt once, before round 1")
    n = state.players
    if len(action.hands) != n or len(action.hidden) not in (0, n):
        return Illegal("TC.DEAL", f"a {n}-player deal has {n} hands, not {len(action.hands)}")
    hidden = action.hidden or (0,) * n
    for player, hand in enumerate(action.hands):
        if len(hand) + hidden[player] != state.dealt_hand:
            dealt = counted(len(hand) + hidden[player], "card")
            return Illegal("TC.DEAL", f"p{player} is dealt {dealt}, not {state.dealt_hand}")
    if len(action.unused) + action.unused_hidden != state.unused_count:
        stay = agreeing(state.unused_count, "stays", "stay")
        return Illegal("TC.DEAL", f"{counted(state.unused_count, 'card')} {stay} unused, not "
                                  f"{len(action.unused) + action.unused_hidden}")
    if action.first not in range(n):
        return Illegal("TC.DEAL", f"there is no player p{action.first}")
    if state.is_small and action.first != 0:
        return Illegal("TC.RESEARCH.SMALL", "in the small setting p0 is the first player")
    if state.view is not None and hidden[state.view]:
        return Illegal("TC.DEAL", f"a deal seen from p{state.view} names p{state.view}'s cards")
    in_play = set(state.in_play)
    seen: set[Card] = set()
    for card in [*(c for h in action.hands for c in h), action.invariant, *action.unused]:
        if card not in in_play:
            return Illegal("TC.DEAL", f"{card.text} is not in play with {n} players")
        if card in seen:
            return Illegal("TC.DEAL", f"{card.text} is dealt twice")
        seen.add(card)
    return None


def deal(state: State, action: Deal, rules: Rules, events: list[Event]) -> State:
    """Set up the game from a deal: nobody holds crystals, and round 1 starts.

    Rule: TC.START
    """
    n = state.players
    zeros = (0,) * n
    hidden = action.hidden if any(action.hidden) else ()
    named = [p for p in range(n) if not hidden or not hidden[p]]
    partial = bool(hidden) or action.unused_hidden > 0
    view = state.view if state.view is not None or not partial or len(named) != 1 else named[0]
    state = replace(
        state,
        hands=tuple(tuple(sorted(h)) for h in action.hands),
        invariant=action.invariant,
        unused=tuple(sorted(action.unused)),
        first=action.first,
        crystals=zeros,
        gained=zeros,
        spent=zeros,
        won=zeros,
        pawns=zeros,
        hidden=hidden,
        unused_hidden=action.unused_hidden,
        view=view,
    )
    # The small setting's first player is p0, not drawn (TC.RESEARCH.SMALL): the event names that clause.
    events.append(Event("dealt", player=action.first, card=action.invariant,
                        rule="TC.RESEARCH.SMALL" if state.is_small else None))
    return start_round(state, rules, 1, events)


def start_round(state: State, rules: Rules, number: int, events: list[Event]) -> State:
    """Round ``number`` begins: R is fixed, income is paid (from round 2), the new present event is
    revealed, every pawn goes on it, and the players bid.

    Rules: TC.ROUND, TC.VARIANT.INCOME-ROUND1
    """
    state = replace(state, round=number, at=None, trick=())
    state = replace(state, reference=reference_player(state, rules))
    if number > 1 or rules.income_round1:
        state = pay_income(state, rules, events)
    events.append(Event("event", position=number))
    return replace(state, timeline=(*state.timeline, EMPTY), pawns=(number,) * state.players, phase="bid")


# --- bids and travel ---------------------------------------------------------------


def bid_limit(state: State, player: int) -> int:
    """The highest bid ``player`` may make: the crystals they hold, and no further back than position 0.

    Rule: TC.BID
    """
    return min(state.crystals[player], state.round)


def check_bids(state: State, action: Bids) -> Illegal | None:
    if state.phase != "bid":
        return Illegal("TC.BID", "this is not a bidding step")
    if len(action.amounts) != state.players:
        return Illegal("TC.BID", f"write one bid for each of the {state.players} players")
    for player, amount in enumerate(action.amounts):
        if amount > state.crystals[player]:
            held = state.crystals[player]
            return Illegal("TC.BID", f"p{player} bids {amount} but holds {counted(held, 'crystal')}")
        if amount > state.round:
            return Illegal(
                "TC.BID", f"p{player} bids {amount}, past position 0: round {state.round} allows at most {state.round}"
            )
    return None


def travel(state: State, rules: Rules, action: Bids, events: list[Event]) -> State:
    """The bids are revealed; each player pays theirs to the supply and moves back that many positions.

    Rule: TC.TRAVEL
    """
    n = state.round
    events.append(Event("bids", amounts=action.amounts))
    pawns = tuple(n - b for b in action.amounts)
    for player, amount in enumerate(action.amounts):
        if amount:
            events.append(Event("travel", player=player, position=pawns[player], amount=amount))
    state = replace(
        state,
        crystals=tuple(c - b for c, b in zip(state.crystals, action.amounts, strict=True)),
        spent=tuple(s + b for s, b in zip(state.spent, action.amounts, strict=True)),
        pawns=pawns,
        phase="play",
    )
    return replace(state, at=next_position(state, n + 1))


# --- a trick at an event --------------------------------------------------------------


def lead_card(state: State) -> Card | None:
    """The card every later card at the current position answers: the event's lead card if it has
    one, else the first card played there now.

    Rule: TC.LEAD
    """
    assert state.at is not None
    if state.at > 0 and state.slot(state.at).lead is not None:
        return state.slot(state.at).lead
    return state.trick[0][1] if state.trick else None


def suit_to_follow(state: State, rules: Rules) -> int | None:
    """The suit the next card must follow, if any (position 0 is TC.ZERO's)."""
    if state.at == 0 and rules.rank_paradox:
        return None
    lead = lead_card(state)
    return None if lead is None else lead.suit


def legal_cards(hand: Sequence[Card], suit: int | None) -> tuple[Card, ...]:
    """The cards a player may play: those of the suit to follow if they hold any, else any card.

    Rule: TC.FOLLOW
    """
    following = tuple(c for c in hand if c.suit == suit)
    return following if following else tuple(hand)


def earns_crystal(card: Card, lead: Card | None, position: int) -> bool:
    """A card of the lead suit lower than the lead card earns one crystal (trump suit included);
    never at position 0.

    Rule: TC.CRYSTAL
    """
    return position > 0 and lead is not None and card.suit == lead.suit and card.rank < lead.rank


def winning_index(cards: Sequence[Card], lead_suit: int, trump: int | None) -> int | None:
    """The index of the winning card: the highest trump if any, else the highest card of the lead
    suit; None if no card is of either suit.

    Rule: TC.WINNER
    """
    best: int | None = None
    for i, card in enumerate(cards):
        if card.suit == trump:
            if best is None or cards[best].suit != trump or card.rank > cards[best].rank:
                best = i
        elif card.suit == lead_suit and (best is None or (cards[best].suit != trump and card.rank > cards[best].rank)):
            best = i
    return best


@dataclass(frozen=True, slots=True)
class Depends:
    """Asked from a view, an action whose legality turns on cards the view cannot name: ``reason`` says on what."""

    rule: str
    reason: str


def check_play(state: State, rules: Rules, action: Play) -> Illegal | Depends | None:
    """Each player plays exactly one card of their own hand per round, at their pawn's position, in turn.

    Rule: TC.PLAY
    """
    if state.phase == "over":
        return Illegal("TC.PLAY", "the game is over")
    if state.phase != "play":
        return Illegal("TC.PLAY", "no card is played now: " + ("deal first" if state.phase == "deal" else "bid first"))
    player = player_to_act(state)
    assert player is not None
    if state.hidden_in(player):
        return check_unseen_play(state, rules, player, action.card)
    hand = state.hands[player]
    if action.card not in hand:
        return Illegal("TC.PLAY", f"p{player} does not hold {action.card.text}")
    allowed = legal_cards(hand, suit_to_follow(state, rules))
    if action.card not in allowed:
        lead = lead_card(state)
        assert lead is not None
        return Illegal("TC.FOLLOW", f"p{player} must follow {lead.text}'s suit and holds {_cards(allowed)}")
    return None


def check_unseen_play(state: State, rules: Rules, player: int, card: Card) -> Illegal | Depends | None:
    """A play asked from a view in which the player's cards are not all named, judged for every way of
    completing the view: the card played is taken as one they hold (the play shows it), unless the view
    places it elsewhere; what stays open is whether they could have followed.

    Rule: TC.VIEW
    """
    hand, hidden = state.hands[player], state.hidden_in(player)
    pool = hidden_pool(state)
    if card not in hand and card not in pool:
        return Illegal("TC.PLAY", f"p{player} does not hold {card.text}: the view places it elsewhere")
    suit = suit_to_follow(state, rules)
    if suit is None or card.suit == suit:
        return None
    lead = lead_card(state)
    assert lead is not None
    named = [c for c in hand if c.suit == suit]
    if named:
        return Illegal("TC.FOLLOW", f"p{player} must follow {lead.text}'s suit and holds {_cards(named)}")
    rest = [c for c in pool if c != card]  # the unknown cards, the one played set aside
    slots = hidden - (0 if card in hand else 1)  # the player's unknown cards besides it
    following = sum(1 for c in rest if c.suit == suit)
    could_follow = slots > 0 and following > 0
    could_not = len(rest) - following >= slots
    if could_follow and could_not:
        return Depends("TC.FOLLOW", f"legal if p{player} holds no {SUIT_NAMES[suit]} card, illegal if they do: "
                       f"{following} of the {counted(len(rest), 'card')} this view cannot place"
                       f" {agreeing(following, 'is', 'are')} {SUIT_NAMES[suit]}")
    if could_follow:
        return Illegal("TC.FOLLOW", f"p{player} must follow {lead.text}'s suit: every completion of this view "
                       f"gives them a {SUIT_NAMES[suit]} card")
    return None


def play_card(state: State, rules: Rules, action: Play, events: list[Event]) -> State:
    player = player_to_act(state)
    assert player is not None and state.at is not None
    position = state.at
    lead = lead_card(state)
    if lead is None:
        events.append(Event("lead", player=player, card=action.card, position=position))
    else:
        events.append(Event("play", player=player, card=action.card, position=position))
    hands = list(state.hands)
    if action.card in hands[player]:
        hands[player] = tuple(c for c in hands[player] if c != action.card)
    else:  # in a view: one of the cards it could not name
        hidden = list(state.hidden)
        hidden[player] -= 1
        state = replace(state, hidden=tuple(hidden))
    state = replace(state, hands=tuple(hands), trick=(*state.trick, (player, action.card)))
    if earns_crystal(action.card, lead, position):
        state, given = gain(state, rules, player, 1)
        if given:
            events.append(Event("crystal", player=player, position=position))
    if player_to_act(state) is None:
        state = resolve_position(state, rules, events)
    return state


# --- resolving a position ------------------------------------------------------------------


def contest(slot: Slot, trick: Sequence[tuple[int, Card]], trump: int | None) -> tuple[int, Card] | None:
    """Who takes an event now: the new card that wins, or None if the event's result stands.

    At an event with no lead card the cards played now are the whole trick.  At
    a past event the competitors are its current winning card and the new
    cards, compared with the current trump; the old result stands unless a new
    card wins.

    Rules: TC.REPLAY, TC.EMPTY
    """
    cards = [card for _, card in trick]
    if slot.lead is None:
        best = winning_index(cards, cards[0].suit, trump)
        assert best is not None  # the lead card always qualifies
        return trick[best]
    incumbent = slot.winning
    assert incumbent is not None
    best = winning_index([incumbent, *cards], slot.lead.suit, trump)
    if best is None or best == 0:
        return None
    return trick[best - 1]


def lay_cards(slot: Slot, trick: Sequence[tuple[int, Card]], winner: Card | None) -> tuple[Slot, list[Card]]:
    """What stays on the event: its lead card, and the winning card crosswise on it if it differs;
    every other card goes to the discard.  The lead card is never discarded.

    Rule: TC.KEEP
    """
    played = [card for _, card in trick]
    lead = slot.lead if slot.lead is not None else played[0]
    if winner is None:
        return slot, [c for c in played if c != lead]
    cross = None if winner == lead else winner
    gone = [c for c in played if c not in (lead, cross)]
    if slot.cross is not None and slot.cross != cross:
        gone.append(slot.cross)
    return Slot(lead=lead, cross=cross, controller=slot.controller), gone


def place_token(state: State, position: int, player: int, events: list[Event]) -> State:
    """The winner's token goes on the event; a token already there goes back to its owner.  A player
    who wins their own event again keeps their token there.

    Rule: TC.CONTROL
    """
    slot = state.slot(position)
    if slot.controller == player:
        return state
    if slot.controller is not None:
        events.append(Event("token-back", player=slot.controller, position=position))
    events.append(Event("token", player=player, position=position))
    timeline = list(state.timeline)
    timeline[position - 1] = replace(slot, controller=player)
    won = list(state.won)
    won[player] |= 1 << position
    return replace(state, timeline=tuple(timeline), won=tuple(won), last_token=player)


def resolve_event(state: State, rules: Rules, events: list[Event]) -> State:
    """Resolve the event at ``state.at`` once everyone there has played."""
    position = state.at
    assert position is not None and position > 0
    slot = state.slot(position)
    taken = contest(slot, state.trick, state.trump)
    new_slot, gone = lay_cards(slot, state.trick, None if taken is None else taken[1])
    timeline = list(state.timeline)
    timeline[position - 1] = new_slot
    state = replace(state, timeline=tuple(timeline), discard=tuple(sorted((*state.discard, *gone))))
    if taken is None:
        incumbent = slot.winning
        assert incumbent is not None
        events.append(Event("hold", player=slot.controller, card=incumbent, position=position))
        return state
    player, card = taken
    events.append(Event("win", player=player, card=card, position=position))
    state = place_token(state, position, player, events)
    return check_three_events(state, player, events)


def resolve_zero(state: State, rules: Rules, events: list[Event]) -> State:
    """Position 0: the travellers there replace the Invariant.  A lone traveller's card becomes the
    Invariant; with several, the first card sets a suit to follow, there is no trump, and the highest
    card of that suit becomes the Invariant.  The other cards and the old Invariant are discarded;
    nobody earns a crystal and no token is placed.

    Rule: TC.ZERO
    """
    if rules.rank_paradox:
        return resolve_zero_by_rank(state, events)
    cards = [card for _, card in state.trick]
    best = winning_index(cards, cards[0].suit, None)
    assert best is not None and state.invariant is not None
    new = cards[best]
    gone = [c for c in cards if c != new] + [state.invariant]
    events.append(Event("invariant", player=state.trick[best][0], card=new, old=state.invariant))
    return replace(state, invariant=new, discard=tuple(sorted((*state.discard, *gone))))


def resolve_zero_by_rank(state: State, events: list[Event]) -> State:
    """The rank-paradox reading of position 0: the highest rank played (the earliest among equals)
    replaces an Invariant of lower rank, and its suit is trump; an equal rank of another suit
    replaces it with no trump (a paradox); a second paradox ends the game, scored by TC.WIN.END.

    Rule: TC.VARIANT.RANK-PARADOX
    """
    old = state.invariant
    assert old is not None
    cards = [card for _, card in state.trick]
    best = max(range(len(cards)), key=lambda i: (cards[i].rank, -i))
    new = cards[best]
    player = state.trick[best][0]
    if new.rank < old.rank:
        events.append(Event("unchanged", card=old))
        return replace(state, discard=tuple(sorted((*state.discard, *cards))))
    gone = [c for c in cards if c != new] + [old]
    state = replace(state, invariant=new, discard=tuple(sorted((*state.discard, *gone))))
    if new.rank > old.rank:
        events.append(Event("invariant", player=player, card=new, old=old))
        return replace(state, trump_void=False)
    events.append(Event("paradox", player=player, card=new, old=old))
    state = replace(state, trump_void=True, paradoxes=state.paradoxes + 1)
    if state.paradoxes >= 2:
        return finish(state, "TC.VARIANT.RANK-PARADOX", events)
    return state


def resolve_position(state: State, rules: Rules, events: list[Event]) -> State:
    """Everyone at the current position has played: resolve it, then move on to the next position,
    or end the round."""
    position = state.at
    assert position is not None
    state = resolve_zero(state, rules, events) if position == 0 else resolve_event(state, rules, events)
    if state.phase == "over":
        return state
    following = next_position(state, position)
    if following is not None:
        return replace(state, at=following, trick=())
    return end_round(state, rules, events)


def end_round(state: State, rules: Rules, events: list[Event]) -> State:
    state = replace(state, at=None, trick=())
    if state.round == state.last_round:
        return finish(state, "TC.WIN.END", events)
    return start_round(state, rules, state.round + 1, events)


# --- the end ---------------------------------------------------------------------------------


def check_three_events(state: State, player: int, events: list[Event]) -> State:
    """A player who controls three events wins at once; positions not yet resolved are not played.

    Rule: TC.WIN.THREE
    """
    if len(state.controlled(player)) < WIN_EVENTS:
        return state
    events.append(Event("over", amounts=(player,), rule="TC.WIN.THREE"))
    return replace(state, phase="over", at=None, trick=(), winners=(player,), end_rule="TC.WIN.THREE")


def final_winners(state: State) -> tuple[int, ...]:
    """After the last round: the player controlling the most events wins; among tied players, the
    one whose controlled event is closest to position 0 (the lowest-numbered).  Nobody, if no
    player controls an event.

    Rule: TC.WIN.END
    """
    counts = [len(state.controlled(p)) for p in range(state.players)]
    most = max(counts)
    if most == 0:
        return ()
    tied = [p for p in range(state.players) if counts[p] == most]
    return (min(tied, key=lambda p: state.controlled(p)[0]),)


def finish(state: State, rule: str, events: list[Event]) -> State:
    winners = final_winners(state)
    events.append(Event("over", amounts=winners, rule=rule))
    return replace(state, phase="over", at=None, trick=(), winners=winners, end_rule=rule)


# --- the whole action ----------------------------------------------------------------------------


def legal_actions(state: State, rules: Rules, player: int | None = None) -> tuple[Action, ...]:
    """Bids 0 up to the limit, ascending (for one ``player``); plays in card order; nothing else.

    From a view, the plays legal in every completion of it (TC.VIEW).
    """
    if state.phase == "bid":
        if player is None:
            return ()
        return tuple(Bid(b) for b in range(bid_limit(state, player) + 1))
    if state.phase == "play":
        actor = player_to_act(state)
        if actor is None or (player is not None and player != actor):
            return ()
        if state.hidden_in(actor):
            return tuple(Play(c) for c in possible_cards(state, actor) if check_play(state, rules, Play(c)) is None)
        return tuple(Play(c) for c in legal_cards(state.hands[actor], suit_to_follow(state, rules)))
    return ()


def possible_cards(state: State, player: int) -> tuple[Card, ...]:
    """The cards ``player`` may hold: their named cards, and in a view the cards it cannot place."""
    if not state.hidden_in(player):
        return state.hands[player]
    return tuple(sorted({*state.hands[player], *hidden_pool(state)}))


def find_illegal(state: State, action: Action, rules: Rules) -> Illegal | Depends | None:
    if isinstance(action, Deal):
        return check_deal(state, action)
    if isinstance(action, Bids):
        return check_bids(state, action)
    if isinstance(action, Bid):
        return Illegal("TC.BID", "bids are revealed together: write every player's bid, such as 'bids 0,1,0,0'")
    return check_play(state, rules, action)


def explain(state: State, action: Action, rules: Rules) -> Verdict:
    """Whether ``action`` is legal in ``state``, and if not the first rule it breaks; asked from a view,
    "depends" when it turns on cards the view cannot name, saying on what (TC.VIEW)."""
    broken = find_illegal(state, action, rules)
    if broken is None:
        return Verdict(LEGAL, "")
    return Verdict(DEPENDS if isinstance(broken, Depends) else ILLEGAL, broken.reason, broken.rule)


def apply(state: State, action: Action, rules: Rules) -> tuple[State, tuple[Event, ...]]:
    """The state after a legal action and its events; `IllegalAction` for an illegal one.  From a view,
    a play whose legality depends on cards it cannot name is taken as made (TC.VIEW)."""
    verdict = explain(state, action, rules)
    if verdict.status not in (LEGAL, DEPENDS):
        raise IllegalAction(verdict)
    events: list[Event] = []
    if isinstance(action, Deal):
        state = deal(state, action, rules, events)
    elif isinstance(action, Bids):
        state = travel(state, rules, action, events)
    else:
        assert isinstance(action, Play)
        state = play_card(state, rules, action, events)
    if rules.variant_name is not None:
        state = replace(state, variants=rules.variant_name)  # the state records the rules it was played by
    return state, tuple(events)
