"""Text and JSON notation for Time Chase: cards, hands, the timeline, states, actions and events.

(spec/time-chase/notation.md)

Every parser raises `oracle.errors.NotationError` naming the offending token;
every ``format_*`` is read back by its ``parse_*`` to an equal value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from oracle.errors import NotationError
from oracle.games.state_text import parse_text_or_json
from oracle.games.time_chase.actions import Action, Bid, Bids, Deal, Play
from oracle.games.time_chase.cards import PLAYER_COUNTS, RANKS, SUIT_NAMES, SUITS, Card, removed
from oracle.games.time_chase.events import Event
from oracle.games.time_chase.state import PHASES, Phase, Slot, State, check_state, complement_discard, placed_cards

Json = dict[str, Any]
T = TypeVar("T")

# --- cards --------------------------------------------------------------------


def parse_card(text: str) -> Card:
    """A card: its suit letter (R B G Y P) and rank 1-13, such as ``B9`` or ``R12``.

    Rule: TC.NOTATION.CARD
    """
    token = text.strip()
    suit = token[:1].upper()
    rank = token[1:]
    if suit not in SUITS or not rank.isdigit() or int(rank) not in RANKS or rank.startswith("0"):
        raise NotationError("a card is a suit letter (R, B, G, Y, P) and a rank 1-13, such as B9", token)
    return Card(SUITS.index(suit), int(rank))


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return ",".join(c.text for c in cards) if cards else "-"


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards joined by commas; ``-`` for none."""
    if text == "-":
        return ()
    return tuple(parse_card(t) for t in text.split(","))


def parse_hand(text: str) -> tuple[Card, ...]:
    """A hand: cards joined by commas, each at most once, written in card order by `format_cards`."""
    cards = parse_cards(text)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise NotationError("a card is written twice", card.text)
        seen.add(card)
    return tuple(sorted(cards))


def _int(text: str, what: str) -> int:
    if not text.isdigit():
        raise NotationError(f"{what} is a whole number", text)
    return int(text)


def _ints(text: str, what: str) -> tuple[int, ...]:
    return tuple(_int(t, what) for t in text.split(","))


def _player(text: str) -> int:
    return _int(text.removeprefix("p"), "a player")


# --- the timeline ----------------------------------------------------------------


def format_slot(slot: Slot) -> str:
    if slot.lead is None:
        return "-"
    cross = f"/{slot.cross.text}" if slot.cross is not None else ""
    return f"{slot.lead.text}{cross}:{slot.controller}"


def parse_slot(text: str) -> Slot:
    if text == "-":
        return Slot()
    cards, colon, owner = text.partition(":")
    if not colon:
        raise NotationError("an event is '-' or lead[/winner]:player, such as B9/R5:2", text)
    lead_text, _, cross_text = cards.partition("/")
    lead = parse_card(lead_text)
    cross = parse_card(cross_text) if cross_text else None
    return Slot(lead=lead, cross=cross, controller=_player(owner))


def format_timeline(timeline: tuple[Slot, ...]) -> str:
    """Events 1, 2, ... joined by ``|``: ``-`` for an empty event, else ``lead[/crosswise]:controller``.

    Rule: TC.NOTATION.TIMELINE
    """
    return "|".join(format_slot(s) for s in timeline)


def parse_timeline(text: str) -> tuple[Slot, ...]:
    return tuple(parse_slot(t) for t in text.split("|"))


# --- states -------------------------------------------------------------------------


def _won_default(state: State) -> tuple[int, ...]:
    return tuple(sum(1 << e for e in state.controlled(p)) for p in range(state.players))


def _format_won(won: tuple[int, ...]) -> str:
    def events(mask: int) -> str:
        return ".".join(str(e) for e in range(1, 11) if mask >> e & 1) or "-"

    return "|".join(events(m) for m in won)


def _parse_won(text: str) -> tuple[int, ...]:
    masks = []
    for part in text.split("|"):
        masks.append(0 if part == "-" else sum(1 << _int(e, "an event") for e in part.split(".")))
    return tuple(masks)


def _format_trick(trick: tuple[tuple[int, Card], ...]) -> str:
    return ",".join(f"{p}:{c.text}" for p, c in trick)


def _parse_trick(text: str) -> tuple[tuple[int, Card], ...]:
    trick = []
    for part in text.split(","):
        player, colon, card = part.partition(":")
        if not colon:
            raise NotationError("a trick is player:card joined by commas, such as 1:B9,2:B6", part)
        trick.append((_player(player), parse_card(card)))
    return tuple(trick)


def format_state(state: State) -> str:
    """The canonical one-line text of a state (spec/time-chase/notation.md).

    Rule: TC.NOTATION.STATE
    """
    words = [f"players={state.players}", f"round={state.round}", f"phase={state.phase}"]
    if state.phase == "deal":
        return " ".join(words)
    invariant = state.invariant.text if state.invariant is not None else "-"
    words += [
        f"first={state.first}",
        f"ref={state.reference}",
        f"invariant={invariant}",
        f"unused={format_cards(state.unused)}",
        "hands=" + "|".join(format_cards(h) for h in state.hands),
        "crystals=" + ",".join(map(str, state.crystals)),
        "pawns=" + ",".join(map(str, state.pawns)),
        f"timeline={format_timeline(state.timeline)}",
    ]
    if state.at is not None:
        words.append(f"at={state.at}")
    if state.trick:
        words.append(f"trick={_format_trick(state.trick)}")
    if any(state.spent):
        words.append("spent=" + ",".join(map(str, state.spent)))
    if state.gained != tuple(c + s for c, s in zip(state.crystals, state.spent, strict=True)):
        words.append("gained=" + ",".join(map(str, state.gained)))
    if state.won != _won_default(state):
        words.append(f"won={_format_won(state.won)}")
    if state.last_token is not None:
        words.append(f"last={state.last_token}")
    if state.trump_void:
        words.append("trump=none")
    if state.paradoxes:
        words.append(f"paradoxes={state.paradoxes}")
    if state.phase == "over":
        words.append("winners=" + (",".join(map(str, state.winners)) or "-"))
        words.append(f"end={state.end_rule}")
    return " ".join(words)


STATE_KEYS = (
    "players", "round", "phase", "first", "ref", "invariant", "unused", "hands", "crystals", "pawns",
    "timeline", "at", "trick", "spent", "gained", "won", "last", "trump", "paradoxes", "winners", "end",
)
REQUIRED_AFTER_DEAL = ("first", "ref", "invariant", "unused", "hands", "crystals", "pawns", "timeline")


def parse_state(text: str) -> State:
    """A state in text, or in JSON if it starts with ``{``; checked with TC.STATE.VALID."""
    return parse_text_or_json(text, parse_state_text, state_from_json)


def parse_state_text(text: str) -> State:
    """A state in the text notation; checked with TC.STATE.VALID."""
    fields: dict[str, str] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq or key not in STATE_KEYS:
            raise NotationError(f"a state is key=value words ({', '.join(STATE_KEYS)})", word)
        if key in fields:
            raise NotationError("a key is written twice", word)
        fields[key] = value
    if "players" not in fields:
        raise NotationError("a state starts with players=N", text.split()[0] if text.split() else "")
    phase = fields.get("phase", "deal")
    if phase not in PHASES:
        raise NotationError(f"the phase is one of {', '.join(PHASES)}", phase)
    players = _players(fields["players"])
    if phase == "deal":
        state = State(players=players, round=_int(fields.get("round", "0"), "the round"))
        check_state(state)
        return state
    for key in REQUIRED_AFTER_DEAL:
        if key not in fields:
            raise NotationError("a dealt state writes every one of " + ", ".join(REQUIRED_AFTER_DEAL), key)
    crystals = _ints(fields["crystals"], "crystals")
    spent = _ints(fields["spent"], "crystals") if "spent" in fields else (0,) * len(crystals)
    state = State(
        players=players,
        round=_int(fields.get("round", "0"), "the round"),
        phase=_phase(phase),
        hands=tuple(parse_hand(h) for h in fields["hands"].split("|")),
        invariant=None if fields["invariant"] == "-" else parse_card(fields["invariant"]),
        trump_void=_trump_void(fields.get("trump")),
        paradoxes=_int(fields.get("paradoxes", "0"), "paradoxes"),
        unused=tuple(sorted(parse_cards(fields["unused"]))),
        first=_player(fields["first"]),
        reference=_player(fields["ref"]),
        timeline=parse_timeline(fields["timeline"]),
        crystals=crystals,
        spent=spent,
        gained=(
            _ints(fields["gained"], "crystals")
            if "gained" in fields
            else tuple(c + s for c, s in zip(crystals, spent, strict=False))
        ),
        pawns=_ints(fields["pawns"], "a position"),
        at=_int(fields["at"], "a position") if "at" in fields else None,
        trick=_parse_trick(fields["trick"]) if "trick" in fields else (),
        last_token=_player(fields["last"]) if "last" in fields else None,
        winners=() if fields.get("winners", "-") == "-" else _ints(fields["winners"], "a player"),
        end_rule=fields.get("end"),
    )
    state = _with_derived(state, _parse_won(fields["won"]) if "won" in fields else None)
    check_state(state)
    return state


def _players(text: str) -> int:
    if not text.isdigit() or int(text) not in PLAYER_COUNTS:
        raise NotationError("a game has 3, 4, 5 or 6 players", text)
    return int(text)


def _phase(text: str) -> Phase:
    for phase in PHASES:
        if phase == text:
            return phase
    raise NotationError(f"the phase is one of {', '.join(PHASES)}", text)


def _trump_void(text: str | None) -> bool:
    if text not in (None, "none"):
        raise NotationError("trump=none is the only trump word (the trump is otherwise the Invariant's suit)", text)
    return text == "none"


def _with_derived(state: State, won: tuple[int, ...] | None) -> State:
    """Fill in what the text leaves out: the discard (every card with no other place), and the
    events ever won (by default, those controlled now)."""
    state = replace(state, won=won if won is not None else _won_default(state))
    placed: set[Card] = set()
    for card in placed_cards(state):
        if card in placed:
            raise NotationError("a card is in two places", card.text)
        placed.add(card)
    return replace(state, discard=complement_discard(state))


def state_to_json(state: State) -> Json:
    """The JSON form of a state: the same fields as the text, with the discard written out.

    Rule: TC.NOTATION.JSON
    """
    return {
        "players": state.players,
        "round": state.round,
        "phase": state.phase,
        "first": state.first,
        "reference": state.reference,
        "invariant": state.invariant.text if state.invariant is not None else None,
        "trump_void": state.trump_void,
        "paradoxes": state.paradoxes,
        "unused": [c.text for c in state.unused],
        "hands": [[c.text for c in h] for h in state.hands],
        "crystals": list(state.crystals),
        "gained": list(state.gained),
        "spent": list(state.spent),
        "pawns": list(state.pawns),
        "timeline": [_slot_json(s) for s in state.timeline],
        "at": state.at,
        "trick": [[p, c.text] for p, c in state.trick],
        "discard": [c.text for c in state.discard],
        "won": [[e for e in range(1, 11) if m >> e & 1] for m in state.won],
        "last_token": state.last_token,
        "winners": list(state.winners),
        "end_rule": state.end_rule,
    }


def _slot_json(slot: Slot) -> Json | None:
    if slot.lead is None:
        return None
    return {
        "lead": slot.lead.text,
        "cross": slot.cross.text if slot.cross is not None else None,
        "controller": slot.controller,
    }


def _get(obj: Json, key: str, kind: type[T], convert: Callable[[Any], T] | None = None) -> T:
    if key not in obj:
        raise NotationError("a JSON state has every field", key)
    value = obj[key]
    if convert is not None:
        return convert(value)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise NotationError(f"the JSON field is a {kind.__name__}", key)
    return value


def _json_cards(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise NotationError("cards are a JSON list of card strings", str(value))
    return tuple(parse_card(v) for v in value)


def _json_ints(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise NotationError("a JSON list of whole numbers", str(value))
    return tuple(value)


def _json_optional_int(value: Any) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise NotationError("a whole number or null", str(value))
    return value


def _json_slot(value: Any) -> Slot:
    if value is None:
        return Slot()
    if not isinstance(value, dict):
        raise NotationError("an event is null or an object with lead, cross, controller", str(value))
    cross = value.get("cross")
    return Slot(
        lead=parse_card(str(value.get("lead"))),
        cross=None if cross is None else parse_card(str(cross)),
        controller=_json_optional_int(value.get("controller")),
    )


def state_from_json(obj: Any) -> State:
    if not isinstance(obj, dict):
        raise NotationError("a JSON state is an object", str(obj)[:20])
    phase = _phase(_get(obj, "phase", str))
    players = _players(str(_get(obj, "players", int)))
    if phase == "deal":
        state = State(players=players, round=_get(obj, "round", int))
        check_state(state)
        return state
    invariant = obj.get("invariant")
    trick_value = _get(obj, "trick", list)
    trick = []
    for pair in trick_value:
        if not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], int):
            raise NotationError("a trick entry is [player, card]", str(pair))
        trick.append((pair[0], parse_card(str(pair[1]))))
    won_lists = _get(obj, "won", list)
    state = State(
        players=players,
        round=_get(obj, "round", int),
        phase=phase,
        hands=tuple(tuple(sorted(_json_cards(h))) for h in _get(obj, "hands", list)),
        invariant=None if invariant is None else parse_card(str(invariant)),
        trump_void=_get(obj, "trump_void", bool),
        paradoxes=_get(obj, "paradoxes", int),
        unused=tuple(sorted(_get(obj, "unused", tuple, _json_cards))),
        first=_get(obj, "first", int),
        reference=_get(obj, "reference", int),
        timeline=tuple(_json_slot(s) for s in _get(obj, "timeline", list)),
        crystals=_get(obj, "crystals", tuple, _json_ints),
        gained=_get(obj, "gained", tuple, _json_ints),
        spent=_get(obj, "spent", tuple, _json_ints),
        pawns=_get(obj, "pawns", tuple, _json_ints),
        at=_json_optional_int(obj.get("at")),
        trick=tuple(trick),
        discard=tuple(sorted(_get(obj, "discard", tuple, _json_cards))),
        won=tuple(sum(1 << e for e in _json_ints(w)) for w in won_lists),
        last_token=_json_optional_int(obj.get("last_token")),
        winners=_get(obj, "winners", tuple, _json_ints),
        end_rule=obj.get("end_rule") if isinstance(obj.get("end_rule"), str) else None,
    )
    check_state(state)
    return state


# --- actions --------------------------------------------------------------------------


def format_action(action: Action) -> str:
    """``deal first=F invariant=C unused=C,C,C,C hands=H|H|...``, ``bids B,B,...``, ``bid B``, or a card.

    Rule: TC.NOTATION.ACTION
    """
    if isinstance(action, Deal):
        hands = "|".join(format_cards(h) for h in action.hands)
        return (
            f"deal first={action.first} invariant={action.invariant.text} "
            f"unused={format_cards(action.unused)} hands={hands}"
        )
    if isinstance(action, Bids):
        return "bids " + ",".join(map(str, action.amounts))
    if isinstance(action, Bid):
        return f"bid {action.amount}"
    return action.card.text


def parse_action(text: str) -> Action:
    words = text.split()
    if not words:
        raise NotationError("an empty action: write a card such as B9, 'bids 0,1,0,0' or a deal")
    head = words[0].lower()
    if head == "deal":
        return _parse_deal(words[1:])
    if head in ("bids", "bid"):
        if len(words) != 2:
            raise NotationError(f"write '{head}' and then the number{'s' if head == 'bids' else ''}", text.strip())
        if head == "bid":
            return Bid(_int(words[1], "a bid"))
        return Bids(_ints(words[1], "a bid"))
    if head == "play":
        words = words[1:]
    if len(words) != 1:
        raise NotationError("a play is one card", text.strip())
    return Play(parse_card(words[0]))


def _parse_deal(words: list[str]) -> Deal:
    fields: dict[str, str] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if not eq or key not in ("first", "invariant", "unused", "hands"):
            raise NotationError("a deal is first=, invariant=, unused= and hands=", word)
        fields[key] = value
    for key in ("first", "invariant", "unused", "hands"):
        if key not in fields:
            raise NotationError("a deal writes first=, invariant=, unused= and hands=", key)
    return Deal(
        hands=tuple(parse_hand(h) for h in fields["hands"].split("|")),
        invariant=parse_card(fields["invariant"]),
        unused=tuple(sorted(parse_hand(fields["unused"]))),
        first=_player(fields["first"]),
    )


def action_to_json(action: Action) -> Json:
    if isinstance(action, Deal):
        return {
            "deal": {
                "hands": [[c.text for c in h] for h in action.hands],
                "invariant": action.invariant.text,
                "unused": [c.text for c in action.unused],
                "first": action.first,
            }
        }
    if isinstance(action, Bids):
        return {"bids": list(action.amounts)}
    if isinstance(action, Bid):
        return {"bid": action.amount}
    return {"play": action.card.text}


def action_from_json(obj: Any) -> Action:
    if isinstance(obj, str):
        return parse_action(obj)
    if not isinstance(obj, dict) or len(obj) != 1:
        raise NotationError("a JSON action is an object with one of deal, bids, bid, play", str(obj)[:30])
    (key, value), = obj.items()
    if key == "play":
        return Play(parse_card(str(value)))
    if key == "bid":
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise NotationError("a bid is a whole number", str(value))
        return Bid(value)
    if key == "bids":
        return Bids(_json_ints(value))
    if key == "deal" and isinstance(value, dict):
        return Deal(
            hands=tuple(tuple(sorted(_json_cards(h))) for h in value.get("hands", [])),
            invariant=parse_card(str(value.get("invariant"))),
            unused=tuple(sorted(_json_cards(value.get("unused")))),
            first=_get(value, "first", int),
        )
    raise NotationError("a JSON action is an object with one of deal, bids, bid, play", key)


# --- events -----------------------------------------------------------------------------


def event_text(event: Event) -> str:
    """One line per event (spec/time-chase/notation.md lists them).

    Rule: TC.NOTATION.EVENTS
    """
    p = f"p{event.player}"
    card = event.card.text if event.card is not None else ""
    old = event.old.text if event.old is not None else ""
    at = event.position
    match event.kind:
        case "dealt":
            return f"dealt first={p} invariant={card}"
        case "income":
            return f"income {p} +{event.amount}"
        case "event":
            return f"event {at}"
        case "bids":
            return "bids " + ",".join(map(str, event.amounts))
        case "travel":
            return f"travel {p} -{event.amount} to {at}"
        case "lead":
            return f"lead {p} {card} at {at}"
        case "play":
            return f"play {p} {card} at {at}"
        case "crystal":
            return f"crystal {p} at {at}"
        case "win":
            return f"win {p} {card} at {at}"
        case "hold":
            return f"hold {card} at {at}"
        case "token":
            return f"token {p} on {at}"
        case "token-back":
            return f"token-back {p} from {at}"
        case "invariant":
            return f"invariant {p} {card} replaces {old}"
        case "paradox":
            return f"paradox {p} {card} replaces {old}: no trump"
        case "unchanged":
            return f"invariant {card} stands"
        case _:
            winners = ",".join(f"p{w}" for w in event.amounts) or "nobody"
            return f"over winner {winners} {event.rule}"


def event_to_json(event: Event) -> Json:
    obj: Json = {"kind": event.kind}
    if event.player is not None:
        obj["player"] = event.player
    if event.card is not None:
        obj["card"] = event.card.text
    if event.position is not None:
        obj["position"] = event.position
    if event.amount is not None:
        obj["amount"] = event.amount
    if event.old is not None:
        obj["old"] = event.old.text
    if event.amounts:
        obj["amounts"] = list(event.amounts)
    if event.rule is not None:
        obj["rule"] = event.rule
    return obj


# --- what one player sees ------------------------------------------------------------------


def observation(state: State, player: int) -> Json:
    """What ``player`` may see: their own hand, how many cards the others hold, and everything public.
    Never another hand, never the unused cards.

    Rule: TC.OBSERVE
    """
    if player not in range(state.players):
        raise NotationError(f"there is no player p{player} in a {state.players}-player game", str(player))
    whole = state_to_json(state)
    for hidden in ("hands", "unused"):
        del whole[hidden]
    trump = state.trump
    whole.update(
        {
            "player": player,
            "hand": [c.text for c in state.hands[player]] if state.hands else [],
            "hand_sizes": [len(h) for h in state.hands],
            "removed": [c.text for c in removed(state.players)],
            "trump": None if trump is None else SUIT_NAMES[trump],
        }
    )
    return whole
