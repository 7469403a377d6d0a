"""Text and JSON notation for Time Chase: cards, hands, the timeline, states, actions and events.

(spec/time-chase/notation.md)

Every parser raises `oracle.errors.NotationError` naming the offending token;
every ``format_*`` is read back by its ``parse_*`` to an equal value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import Any, TypeVar

from oracle.errors import NotationError
from oracle.games.state_text import is_json_form, parse_text_or_json
from oracle.games.time_chase.actions import Action, Bid, Bids, Deal, Play
from oracle.games.time_chase.cards import HAND_SIZE, PLAYER_COUNTS, RANKS, ROUNDS, SUITS, UNUSED, Card
from oracle.games.time_chase.events import Event
from oracle.games.time_chase.ruleset import Rules
from oracle.games.time_chase.state import PHASES, Phase, Slot, State, complement_discard, placed_cards
from oracle.games.time_chase.validity import check_state
from oracle.inputs import is_ascii_digits, load_json
from oracle.words import counted

Json = dict[str, Any]
T = TypeVar("T")
UNKNOWN = "?"  # a card a view cannot name (TC.NOTATION.VIEW)

# --- cards --------------------------------------------------------------------


@lru_cache(maxsize=256)
def parse_card(text: str) -> Card:
    """A card: its suit letter (R B G Y P) and rank 1-13, such as ``B9`` or ``R12``.

    Rule: TC.NOTATION.CARD
    """
    token = text.strip()
    suit = token[:1].upper()
    rank = token[1:]
    if suit not in SUITS or not is_ascii_digits(rank) or len(rank) > 2 or int(rank) not in RANKS \
            or rank.startswith("0"):
        raise NotationError("a card is a suit letter (R, B, G, Y, P) and a rank 1-13, such as B9", token)
    return Card(SUITS.index(suit), int(rank))


def format_cards(cards: tuple[Card, ...] | list[Card], hidden: int = 0) -> str:
    """Cards joined by commas in the order given, then ``?`` for each card not named; ``-`` for none."""
    words = [c.text for c in cards] + [UNKNOWN] * hidden
    return ",".join(words) if words else "-"


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards joined by commas; ``-`` for none."""
    if text == "-":
        return ()
    return tuple(parse_card(t) for t in text.split(","))


def parse_entries(text: str, limit: int = HAND_SIZE) -> tuple[tuple[Card, ...], int]:
    """Cards and unknown cards (``?``) joined by commas, at most ``limit`` of them, each card once:
    the cards named, in card order, and how many are not.

    Rule: TC.NOTATION.VIEW
    """
    if text == "-":
        return (), 0
    words = text.split(",")
    if len(words) > limit:
        raise NotationError(f"at most {counted(limit, 'card')} here", text)
    cards = [parse_card(w) for w in words if w != UNKNOWN]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise NotationError("a card is written twice", card.text)
        seen.add(card)
    return tuple(sorted(cards)), words.count(UNKNOWN)


def parse_hand(text: str) -> tuple[Card, ...]:
    """A hand of named cards: each at most once, written in card order by `format_cards`."""
    cards, hidden = parse_entries(text)
    if hidden:
        raise NotationError("here every card is named", text)
    return cards


def _int(text: str, what: str, high: int = 99) -> int:
    """A whole number in ASCII digits, from 0 to ``high``: checked before it is used for anything."""
    if not is_ascii_digits(text) or len(text) > len(str(high)) or int(text) > high:
        raise NotationError(f"{what} is a whole number from 0 to {high}", text)
    return int(text)


def _ints(text: str, what: str, high: int = 99) -> tuple[int, ...]:
    words = text.split(",")
    if len(words) > max(PLAYER_COUNTS):
        raise NotationError(f"at most {max(PLAYER_COUNTS)} numbers here", text)
    return tuple(_int(t, what, high) for t in words)


def _player(text: str) -> int:
    return _int(text.removeprefix("p"), "a player", max(PLAYER_COUNTS) - 1)


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
    for part in text.split("|")[: max(PLAYER_COUNTS) + 1]:
        events = [] if part == "-" else [_int(e, "an event", ROUNDS) for e in part.split(".")]
        if 0 in events:
            raise NotationError("an event is numbered 1 to 10", part)
        masks.append(sum(1 << e for e in events))
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
    """The canonical one-line text of a state, or of a player's view (spec/time-chase/notation.md).

    Rule: TC.NOTATION.STATE
    """
    words = [f"players={state.players}", f"round={state.round}", f"phase={state.phase}"]
    if state.phase == "deal":
        words += [f"variants={state.variants}"] if state.variants is not None else []
        return " ".join(words + ([f"view={state.view}"] if state.view is not None else []))
    invariant = state.invariant.text if state.invariant is not None else "-"
    words += [
        f"first={state.first}",
        f"ref={state.reference}",
        f"invariant={invariant}",
        f"unused={format_cards(state.unused, state.unused_hidden)}",
        "hands=" + "|".join(format_cards(h, state.hidden_in(p)) for p, h in enumerate(state.hands)),
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
    if state.is_view:  # the discard is no longer what the rest leaves: it is written
        words.append(f"discard={format_cards(state.discard)}")
    if state.variants is not None:
        words.append(f"variants={state.variants}")
    if state.view is not None:
        words.append(f"view={state.view}")
    return " ".join(words)


STATE_KEYS = (
    "players", "round", "phase", "first", "ref", "invariant", "unused", "hands", "crystals", "pawns",
    "timeline", "at", "trick", "spent", "gained", "won", "last", "trump", "paradoxes", "winners", "end",
    "discard", "variants", "view",
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
    variants = _variants(fields["variants"]) if "variants" in fields else None
    view = _player(fields["view"]) if "view" in fields else None
    if phase == "deal":
        for key in fields:
            if key not in ("players", "round", "phase", "variants", "view"):
                raise NotationError("before the deal a state is players=N round=0 phase=deal", f"{key}={fields[key]}")
        state = State(players=players, round=_int(fields.get("round", "0"), "the round", ROUNDS), variants=variants,
                      view=view)
        check_state(state)
        return state
    for key in REQUIRED_AFTER_DEAL:
        if key not in fields:
            raise NotationError("a dealt state writes every one of " + ", ".join(REQUIRED_AFTER_DEAL), key)
    crystals = _ints(fields["crystals"], "crystals")
    spent = _ints(fields["spent"], "crystals") if "spent" in fields else (0,) * len(crystals)
    entries = [parse_entries(h) for h in fields["hands"].split("|")[: max(PLAYER_COUNTS) + 1]]
    unused, unused_hidden = parse_entries(fields["unused"], UNUSED)
    hidden = tuple(h for _, h in entries)
    state = State(
        players=players,
        round=_int(fields.get("round", "0"), "the round", ROUNDS),
        phase=_phase(phase),
        hands=tuple(cards for cards, _ in entries),
        invariant=None if fields["invariant"] == "-" else parse_card(fields["invariant"]),
        trump_void=_trump_void(fields.get("trump")),
        paradoxes=_int(fields.get("paradoxes", "0"), "paradoxes", 2),
        unused=unused,
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
        pawns=_ints(fields["pawns"], "a position", ROUNDS),
        at=_int(fields["at"], "a position", ROUNDS) if "at" in fields else None,
        trick=_parse_trick(fields["trick"]) if "trick" in fields else (),
        last_token=_player(fields["last"]) if "last" in fields else None,
        winners=() if fields.get("winners", "-") == "-" else _ints(fields["winners"], "a player"),
        end_rule=fields.get("end"),
        variants=variants,
        hidden=hidden if any(hidden) else (),
        unused_hidden=unused_hidden,
        view=view,
    )
    discard = parse_entries(fields["discard"], 99)[0] if "discard" in fields else None
    if "discard" in fields and parse_entries(fields["discard"], 99)[1]:
        raise NotationError("the discard is face up: every card is named", fields["discard"])
    state = _with_derived(state, _parse_won(fields["won"]) if "won" in fields else None, discard)
    check_state(state)
    return state


def _players(text: str) -> int:
    if not is_ascii_digits(text) or len(text) > 1 or int(text) not in PLAYER_COUNTS:
        raise NotationError("a game has 3, 4, 5 or 6 players", text)
    return int(text)


def _variants(text: str) -> str | None:
    """The recorded rules: variant names joined by ``+``, without the player count (the state writes it).

    (Part of TC.NOTATION.VARIANTS.)
    """
    rules = Rules.parse(text)
    if "players=" in text:
        raise NotationError("variants= names the variants only; the state writes the player count", text)
    return rules.variant_name


def _phase(text: str) -> Phase:
    for phase in PHASES:
        if phase == text:
            return phase
    raise NotationError(f"the phase is one of {', '.join(PHASES)}", text)


def _trump_void(text: str | None) -> bool:
    if text not in (None, "none"):
        raise NotationError("trump=none is the only trump word (the trump is otherwise the Invariant's suit)", text)
    return text == "none"


def _with_derived(state: State, won: tuple[int, ...] | None, discard: tuple[Card, ...] | None = None) -> State:
    """Fill in what the text leaves out: the discard (every card with no other place; a view writes
    it), and the events ever won (by default, those controlled now)."""
    state = replace(state, won=won if won is not None else _won_default(state))
    placed: set[Card] = set()
    for card in placed_cards(state):
        if card in placed:
            raise NotationError("a card is in two places", card.text)
        placed.add(card)
    if state.is_view:
        if discard is None:
            raise NotationError("a view writes its discard (discard=): the unknown cards leave it open", "discard")
        return replace(state, discard=discard)
    derived = complement_discard(state)
    if discard is not None and discard != derived:
        raise NotationError("the discard is every card in play with no other place", f"discard={format_cards(discard)}")
    return replace(state, discard=derived)


def _entries_json(cards: tuple[Card, ...], hidden: int) -> list[str]:
    return [c.text for c in cards] + [UNKNOWN] * hidden


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
        "unused": _entries_json(state.unused, state.unused_hidden),
        "hands": [_entries_json(h, state.hidden_in(p)) for p, h in enumerate(state.hands)],
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
        "variants": state.variants,
        "view": state.view,
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
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or len(value) > len(SUITS) * 13:
        raise NotationError("cards are a JSON list of card strings", str(value)[:40])
    return tuple(parse_card(v) for v in value)


def _json_entries(value: Any, limit: int = HAND_SIZE) -> tuple[tuple[Card, ...], int]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise NotationError("cards are a JSON list of card strings (or \"?\")", str(value)[:40])
    return parse_entries(",".join(value) or "-", limit)


def _json_ints(value: Any, high: int = 99) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value) \
            or len(value) > max(PLAYER_COUNTS) or not all(0 <= v <= high for v in value):
        raise NotationError(f"a JSON list of whole numbers from 0 to {high}", str(value)[:40])
    return tuple(value)


def _json_optional_int(value: Any, high: int = 99) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        raise NotationError(f"a whole number from 0 to {high}, or null", str(value)[:40])
    return value


def _json_slot(value: Any) -> Slot:
    if value is None:
        return Slot()
    if not isinstance(value, dict):
        raise NotationError("an event is null or an object with lead, cross, controller", str(value)[:40])
    cross = value.get("cross")
    return Slot(
        lead=parse_card(str(value.get("lead"))),
        cross=None if cross is None else parse_card(str(cross)),
        controller=_json_optional_int(value.get("controller"), max(PLAYER_COUNTS) - 1),
    )


def state_from_json(obj: Any) -> State:
    """The JSON form read back (`state_to_json`); the fields an observation adds are not read."""
    if not isinstance(obj, dict):
        raise NotationError("a JSON state is an object", str(obj)[:20])
    phase = _phase(_get(obj, "phase", str))
    players = _players(str(_get(obj, "players", int)))
    variants = obj.get("variants")
    if variants is not None and not isinstance(variants, str):
        raise NotationError("the JSON field is a str", "variants")
    variants = None if variants is None else _variants(variants)
    if phase == "deal":
        state = State(players=players, round=_get(obj, "round", int), variants=variants,
                      view=_json_optional_int(obj.get("view"), max(PLAYER_COUNTS) - 1))
        check_state(state)
        return state
    invariant = obj.get("invariant")
    trick_value = _get(obj, "trick", list)
    trick = []
    for pair in trick_value[: max(PLAYER_COUNTS) + 1]:
        if not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], int) or isinstance(pair[0], bool):
            raise NotationError("a trick entry is [player, card]", str(pair)[:40])
        trick.append((pair[0], parse_card(str(pair[1]))))
    won_lists = _get(obj, "won", list)
    hands = _get(obj, "hands", list)
    if len(hands) > max(PLAYER_COUNTS):
        raise NotationError("a hand for each player", "hands")
    entries = [_json_entries(h) for h in hands]
    unused, unused_hidden = _json_entries(_get(obj, "unused", list), UNUSED)
    hidden = tuple(h for _, h in entries)
    state = State(
        players=players,
        round=_json_optional_int(_get(obj, "round", int), ROUNDS) or 0,
        phase=phase,
        hands=tuple(cards for cards, _ in entries),
        invariant=None if invariant is None else parse_card(str(invariant)),
        trump_void=_get(obj, "trump_void", bool),
        paradoxes=_json_optional_int(_get(obj, "paradoxes", int), 2) or 0,
        unused=unused,
        first=_get(obj, "first", int),
        reference=_get(obj, "reference", int),
        timeline=tuple(_json_slot(s) for s in _get(obj, "timeline", list)[: ROUNDS + 1]),
        crystals=_get(obj, "crystals", tuple, _json_ints),
        gained=_get(obj, "gained", tuple, _json_ints),
        spent=_get(obj, "spent", tuple, _json_ints),
        pawns=_get(obj, "pawns", tuple, _json_ints),
        at=_json_optional_int(obj.get("at"), ROUNDS),
        trick=tuple(trick),
        discard=tuple(sorted(_get(obj, "discard", tuple, _json_cards))),
        won=tuple(sum(1 << e for e in _json_ints(w, ROUNDS)) for w in won_lists[: max(PLAYER_COUNTS) + 1]),
        last_token=_json_optional_int(obj.get("last_token"), max(PLAYER_COUNTS) - 1),
        winners=_get(obj, "winners", tuple, _json_ints),
        end_rule=obj.get("end_rule") if isinstance(obj.get("end_rule"), str) else None,
        variants=variants,
        hidden=hidden if any(hidden) else (),
        unused_hidden=unused_hidden,
        view=_json_optional_int(obj.get("view"), max(PLAYER_COUNTS) - 1),
    )
    check_state(state)
    return state


# --- actions --------------------------------------------------------------------------


def format_action(action: Action) -> str:
    """``deal first=F invariant=C unused=C,C,C,C hands=H|H|...``, ``bids B,B,...``, ``bid B``, or a card.

    Rule: TC.NOTATION.ACTION
    """
    if isinstance(action, Deal):
        hidden = action.hidden or (0,) * len(action.hands)
        hands = "|".join(format_cards(h, n) for h, n in zip(action.hands, hidden, strict=True))
        return (
            f"deal first={action.first} invariant={action.invariant.text} "
            f"unused={format_cards(action.unused, action.unused_hidden)} hands={hands}"
        )
    if isinstance(action, Bids):
        return "bids " + ",".join(map(str, action.amounts))
    if isinstance(action, Bid):
        return f"bid {action.amount}"
    return action.card.text


def parse_action(text: str) -> Action:
    """An action in text, or in its JSON form if it starts with ``{`` (TC.NOTATION.ACTION)."""
    if is_json_form(text):
        return action_from_json(load_json(text, "a JSON action"))
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
            return Bid(_int(words[1], "a bid", ROUNDS))
        return Bids(_ints(words[1], "a bid", ROUNDS))
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
        if key in fields:
            raise NotationError("a key is written twice", word)
        fields[key] = value
    for key in ("first", "invariant", "unused", "hands"):
        if key not in fields:
            raise NotationError("a deal writes first=, invariant=, unused= and hands=", key)
    return _deal(fields["hands"].split("|"), fields["invariant"], fields["unused"].split(","), _player(fields["first"]))


def _deal(hands: list[str], invariant: str, unused: list[str], first: int) -> Deal:
    entries = [parse_entries(h) for h in hands[: max(PLAYER_COUNTS) + 1]]
    unused_cards, unused_hidden = parse_entries(",".join(unused) or "-", UNUSED + 1)
    hidden = tuple(n for _, n in entries)
    return Deal(hands=tuple(cards for cards, _ in entries), invariant=parse_card(invariant), unused=unused_cards,
                first=first, hidden=hidden if any(hidden) else (), unused_hidden=unused_hidden)


def action_to_json(action: Action) -> Json:
    if isinstance(action, Deal):
        hidden = action.hidden or (0,) * len(action.hands)
        return {
            "deal": {
                "hands": [_entries_json(h, n) for h, n in zip(action.hands, hidden, strict=True)],
                "invariant": action.invariant.text,
                "unused": _entries_json(action.unused, action.unused_hidden),
                "first": action.first,
            }
        }
    if isinstance(action, Bids):
        return {"bids": list(action.amounts)}
    if isinstance(action, Bid):
        return {"bid": action.amount}
    return {"play": action.card.text}


def action_from_json(obj: Any) -> Action:
    """The JSON forms of TC.NOTATION.ACTION: ``{"play": "B9"}``, ``{"bid": 1}``, ``{"bids": [...]}``,
    ``{"deal": {...}}``; a JSON string is read as the text form."""
    if isinstance(obj, str):
        return parse_action(obj)
    if not isinstance(obj, dict) or len(obj) != 1:
        raise NotationError("a JSON action is an object with one of deal, bids, bid, play", str(obj)[:30])
    (key, value), = obj.items()
    if key == "play":
        if not isinstance(value, str):
            raise NotationError("a play is a card string, such as \"B9\"", str(value)[:20])
        return Play(parse_card(value))
    if key == "bid":
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= ROUNDS:
            raise NotationError(f"a bid is a whole number from 0 to {ROUNDS}", str(value)[:20])
        return Bid(value)
    if key == "bids":
        return Bids(_json_ints(value, ROUNDS))
    if key == "deal" and isinstance(value, dict):
        hands = value.get("hands", [])
        unused = value.get("unused")
        if not isinstance(hands, list) or not all(isinstance(h, list) and all(isinstance(c, str) for c in h)
                                                  for h in hands):
            raise NotationError("a deal's hands are lists of card strings", "hands")
        if not isinstance(unused, list) or not all(isinstance(c, str) for c in unused):
            raise NotationError("a deal's unused cards are a list of card strings", "unused")
        first = value.get("first")
        if not isinstance(first, int) or isinstance(first, bool):
            raise NotationError("a deal's first player is a number", "first")
        return _deal([",".join(h) or "-" for h in hands], str(value.get("invariant")), unused, _player(str(first)))
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
