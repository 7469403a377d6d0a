"""What a valid Time Chase state is: one the rules could reach (spec/time-chase/state.md, TC.STATE.VALID).

`check_state` raises `InvalidPosition` naming the offending token.  Besides
every card being in one place, it checks what only play can produce: the
crystals a player could have earned by now, the events they can have won,
who starts the round, and how a finished game ended.  A player's view
(TC.VIEW) is checked the same way, its unknown cards counted, not named.
"""

from __future__ import annotations

from collections import Counter

from oracle.errors import InvalidPosition, NotationError
from oracle.games.time_chase import rules
from oracle.games.time_chase.cards import PLAYER_COUNTS, SMALL_PLAYERS, Card
from oracle.games.time_chase.ruleset import Rules
from oracle.games.time_chase.state import WIN_EVENTS, State, placed_cards
from oracle.words import agreeing, counted

END_RULES = ("TC.WIN.THREE", "TC.WIN.END", "TC.VARIANT.RANK-PARADOX")
# The most crystals one round's income pays (TC.INCOME).
MAX_INCOME = 2


def _fail(message: str, token: str = "") -> None:
    raise InvalidPosition(f"TC.STATE.VALID: {message}", token, rule="TC.STATE.VALID")


def recorded_rules(state: State) -> Rules | None:
    """The rules the state records (``variants=``), or None when it records none."""
    if state.variants is None:
        return None
    try:
        return Rules.parse(state.variants)
    except NotationError:
        raise InvalidPosition("TC.STATE.VALID: the recorded rules do not parse", f"variants={state.variants}",
                              rule="TC.STATE.VALID") from None


def check_state(state: State) -> None:
    """Raise `InvalidPosition` naming the token unless ``state`` is a state the rules can reach.

    Rule: TC.STATE.VALID
    """
    n = state.players
    if n not in PLAYER_COUNTS:
        _fail("a game has 3, 4, 5 or 6 players", str(n))
    if state.phase == "deal":
        if state.round != 0 or state.hands or state.timeline or state.hidden or state.unused_hidden:
            _fail("before the deal there are no hands and no events", f"round={state.round}")
        if state.view is not None and state.view not in range(n):
            _fail("no such player", str(state.view))
        return
    if state.is_small and n != SMALL_PLAYERS:
        _fail(f"the research setting small is for {SMALL_PLAYERS} players", str(n))
    if not 1 <= state.round <= state.last_round:
        _fail(f"the round is 1 to {state.last_round}", str(state.round))
    per_player = (state.hands, state.crystals, state.gained, state.spent, state.pawns, state.won)
    if any(len(values) != n for values in per_player) or len(state.hidden) not in (0, n):
        _fail(f"every per-player list has {n} entries")
    seats = range(n)
    for player in (state.first, state.reference, *(p for p, _ in state.trick), *state.winners,
                   *(p for p in (state.last_token, state.view) if p is not None)):
        if player not in seats:
            _fail("no such player", str(player))
    _check_cards(state)
    _check_timeline(state)
    recorded = recorded_rules(state)
    for player in seats:
        _check_player(state, player, recorded)
    _check_reference(state, recorded)
    _check_position(state)
    _check_end(state, recorded)
    if state.view is not None and state.hidden_in(state.view):
        _fail(f"a view of p{state.view} names every card p{state.view} holds", f"view={state.view}")


def _check_cards(state: State) -> None:
    n = state.players
    in_play = frozenset(state.in_play)
    cards = [*placed_cards(state), *state.discard]
    seen = set(cards)
    if len(seen) != len(cards) or not seen <= in_play:  # find which card, in the order written
        tally: Counter[Card] = Counter()
        for card in cards:
            if card not in in_play:
                _fail(f"this card is not in play with {n} players", card.text)
            tally[card] += 1
            if tally[card] > 1:
                _fail("a card is in two places", card.text)
    unknown = sum(state.hidden) + state.unused_hidden
    if any(h < 0 for h in state.hidden) or not 0 <= state.unused_hidden <= state.unused_count:
        _fail("a negative count of unknown cards")
    if len(seen) + unknown != len(in_play):
        _fail(f"the cards in play number {len(in_play)}, the state places {len(seen) + unknown}")
    if state.invariant is None:
        _fail("a dealt game has an Invariant card", "invariant=-")
    if len(state.unused) + state.unused_hidden != state.unused_count:
        stay = agreeing(state.unused_count, "stays", "stay")
        _fail(f"{counted(state.unused_count, 'card')} {stay} unused", ",".join(c.text for c in state.unused) or "-")


def _check_timeline(state: State) -> None:
    if len(state.timeline) != state.round:
        _fail(f"round {state.round} has {counted(state.round, 'event')}", f"round={state.round}")
    for position, slot in enumerate(state.timeline, 1):
        if (slot.lead is None) != (slot.controller is None) or (slot.lead is None and slot.cross is not None):
            _fail("an event has a lead card and a token, or neither", f"event {position}")
        if slot.controller is not None and slot.controller not in range(state.players):
            _fail("no such player", str(slot.controller))
    present = state.timeline[-1]
    resolving_present = state.phase == "bid" or (state.phase == "play" and state.at == state.round)
    if resolving_present and not present.is_empty:
        _fail(f"the present event {state.round} is played only once its cards are all down", f"event {state.round}")


def _check_player(state: State, player: int, recorded: Rules | None) -> None:
    if state.crystals[player] < 0 or state.spent[player] < 0:
        _fail("crystals cannot be negative", f"p{player}")
    if state.crystals[player] != state.gained[player] - state.spent[player]:
        _fail("crystals held are those gained less those spent", f"p{player}")
    # Income (from round 2, or 1 under income-round1) and one crystal a card played at most.
    incomes = state.round - 1 if recorded is not None and not recorded.income_round1 else state.round
    played = state.dealt_hand - state.hand_size(player)
    if state.gained[player] > MAX_INCOME * incomes + played:
        _fail(f"p{player} cannot have gained {counted(state.gained[player], 'crystal')} by round {state.round}",
              f"crystals={state.crystals[player]}")
    if not 0 <= state.pawns[player] <= state.round:
        _fail("a pawn stands at a position from 0 to the present", str(state.pawns[player]))
    tokens = len(state.controlled(player))
    if tokens > WIN_EVENTS or (tokens == WIN_EVENTS and state.phase != "over"):
        _fail("a player with 3 events has won", f"p{player}")
    for position in state.controlled(player):
        if not state.won[player] >> position & 1:
            _fail("a player controls an event they never won", f"p{player}")
    if state.won[player] & 1 or state.won[player] >> (state.round + 1):
        _fail(f"p{player} won an event that is not on the timeline of round {state.round}", f"p{player}")
    _check_hand_size(state, player)


def _check_hand_size(state: State, player: int) -> None:
    completed = state.round - 1
    size = state.hand_size(player)
    if state.phase == "over":
        # TC.WIN.THREE may end a round with players still waiting (K12).
        if size not in (state.dealt_hand - state.round, state.dealt_hand - completed):
            _fail(f"p{player} holds {counted(size, 'card')} in round {state.round}", f"p{player}")
    else:
        played = 1 if state.has_played(player) else 0
        if size != state.dealt_hand - completed - played:
            _fail(f"p{player} holds {counted(size, 'card')} in round {state.round}", f"p{player}")
    if list(state.hands[player]) != sorted(state.hands[player]):
        _fail("a hand is written in card order", f"p{player}")


def _check_reference(state: State, recorded: Rules | None) -> None:
    """R is fixed at the round's start (TC.ORDER.REFERENCE): it can be checked in round 1 and while bidding."""
    if state.phase == "bid" or state.round == 1:
        readings = [recorded] if recorded is not None else [Rules(), Rules(last_token=True)]
        allowed = {rules.reference_player(state, reading) for reading in readings} if state.phase == "bid" \
            else {state.first}
        if state.reference not in allowed:
            _fail(f"p{state.reference} cannot start round {state.round} (TC.ORDER.REFERENCE)", f"ref={state.reference}")


def _check_position(state: State) -> None:
    if state.phase == "bid" and any(p != state.round for p in state.pawns):
        _fail("while bidding every pawn is on the present", ",".join(map(str, state.pawns)))
    if state.phase == "play":
        if state.at is None or not 0 <= state.at <= state.round:
            _fail("a position is being resolved", f"at={state.at}")
            return
        order = rules.players_at(state, state.at)
        played = tuple(p for p, _ in state.trick)
        if played != order[: len(played)]:
            _fail("the cards at a position are played in turn, clockwise from the starter (TC.ORDER.SEATS)",
                  ",".join(f"{p}:{c.text}" for p, c in state.trick) or f"at={state.at}")
        if len(played) >= len(order):
            _fail("a position whose cards are all down has been resolved", f"at={state.at}")
    elif state.trick or state.at is not None:
        _fail("cards are on the table only while a position is resolved", f"at={state.at}")


def _check_end(state: State, recorded: Rules | None) -> None:
    if state.paradoxes < 0 or state.paradoxes > 2 or (state.paradoxes == 2 and state.phase != "over"):
        _fail("a second paradox ends the game", f"paradoxes={state.paradoxes}")
    if (state.paradoxes or state.trump_void) and recorded is not None and not recorded.rank_paradox:
        _fail("a paradox happens only under invariant=rank-paradox", f"paradoxes={state.paradoxes}")
    if state.trump_void and not state.paradoxes:
        _fail("the trump is void only after a paradox", "trump=none")
    if state.phase != "over":
        if state.winners or state.end_rule is not None:
            _fail("only a finished game has winners", "winners=" + ",".join(map(str, state.winners)))
        return
    if state.end_rule not in END_RULES:
        _fail(f"a finished game names the rule that ended it ({', '.join(END_RULES)})", f"end={state.end_rule}")
    if state.end_rule == "TC.WIN.THREE":
        three = tuple(p for p in range(state.players) if len(state.controlled(p)) == WIN_EVENTS)
        if state.winners != three or len(three) != 1:
            _fail("TC.WIN.THREE: the winner is the player who controls three events",
                  "winners=" + (",".join(map(str, state.winners)) or "-"))
        return
    left = state.dealt_hand - state.last_round  # none, but one in the small setting (TC.RESEARCH.SMALL)
    if state.end_rule == "TC.WIN.END" and (state.round != state.last_round or any(
            state.hand_size(p) != left for p in range(state.players))):
        _fail(f"TC.WIN.END: the game ends so after round {state.last_round}, every round's card played",
              f"end={state.end_rule}")
    if state.end_rule == "TC.VARIANT.RANK-PARADOX" and state.paradoxes != 2:
        _fail("the game ends at the second paradox", f"end={state.end_rule}")
    if state.winners != rules.final_winners(state):
        _fail(f"{state.end_rule}: the winner is the player with the most events, ties to the event closest to 0",
              "winners=" + (",".join(map(str, state.winners)) or "-"))
