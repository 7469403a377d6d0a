"""Pictures of a Time Chase state: a text picture for the terminal, and an SVG of the timeline.

(spec/time-chase/README.md)  The SVG shows position 0 (the Invariant) and
events 1-10, each with its lead card, its winning card laid crosswise and the
token on it; the pawns under their positions; the crystals; and the cards on
the table at the position being resolved.
"""

from __future__ import annotations

from html import escape

from oracle.games.time_chase.cards import ROUNDS, SUIT_NAMES, Card
from oracle.games.time_chase.state import State

SUIT_COLOURS = ("#c0392b", "#2563eb", "#15803d", "#ca8a04", "#7e22ce")
SEAT_COLOURS = ("#e11d48", "#0891b2", "#65a30d", "#d97706", "#7c3aed", "#475569")


def _card(card: Card | None) -> str:
    return "-" if card is None else card.text


def state_text(state: State) -> str:
    """Several lines: the header, the timeline with pawns and tokens, hands, crystals, the trick."""
    if state.phase == "deal":
        return f"Time Chase, {state.players} players: before the deal (chance deals next)"
    trump = "no trump" if state.trump is None else f"trump {SUIT_NAMES[state.trump]}"
    doing = {
        "bid": "bidding",
        "play": f"playing at position {state.at}",
        "over": "game over: " + (", ".join(f"p{w}" for w in state.winners) or "nobody") + " won",
    }[state.phase]
    lines = [f"Time Chase, {state.players} players, round {state.round} of {ROUNDS}: {doing}"
             + (f" (p{state.view}'s view: ? is a card it cannot name)" if state.view is not None else "")]
    lines.append(f"  0  Invariant {_card(state.invariant):<8} {trump:<14} pawns: {_pawns(state, 0)}")
    for position in range(1, state.round + 1):
        slot = state.slot(position)
        cards = "-" if slot.lead is None else slot.lead.text + (f"/{slot.cross.text}" if slot.cross else "")
        owner = "" if slot.controller is None else f"p{slot.controller}"
        lines.append(f"{position:>3}  {cards:<18} {owner:<14} pawns: {_pawns(state, position)}")
    if state.trick:
        lines.append("on the table: " + ", ".join(f"p{p} {c.text}" for p, c in state.trick))
    for player in range(state.players):
        hand = " ".join([c.text for c in state.hands[player]] + ["?"] * state.hidden_in(player)) or "-"
        lines.append(f"p{player}: {state.crystals[player]} crystals, hand {hand}")
    return "\n".join(lines)


def _pawns(state: State, position: int) -> str:
    here = [f"p{p}" for p in range(state.players) if state.pawns[p] == position]
    return " ".join(here) or "-"


# --- SVG ---------------------------------------------------------------------------

CELL = 74
LEFT = 16
TOP = 44
CARD_W = 40
CARD_H = 56


def _svg_card(card: Card, x: float, y: float, crosswise: bool = False) -> str:
    colour = SUIT_COLOURS[card.suit]
    w, h = (CARD_H, CARD_W) if crosswise else (CARD_W, CARD_H)
    return (
        f'<g class="card"><title>{escape(card.name)}</title>'
        f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w}" height="{h}" rx="5" '
        f'fill="#fff" stroke="{colour}" stroke-width="2.5"/>'
        f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" font-size="15" font-weight="bold" '
        f'fill="{colour}">{escape(card.text)}</text></g>'
    )


def timeline_svg(state: State) -> str:
    """An SVG of the timeline: positions 0-10, cards, tokens, pawns, crystals and the current trick."""
    width = LEFT * 2 + CELL * (ROUNDS + 1)
    rows = max(1, state.players)
    stacked = max((state.pawns.count(p) for p in set(state.pawns)), default=0)
    footer = TOP + 186 + 14 * stacked
    height = footer + 40 + 22 * rows
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'class="time-chase" role="img" font-family="sans-serif">',
        f"<title>{escape(_summary(state))}</title>",
        f'<rect width="{width}" height="{height}" fill="#f8fafc"/>',
        f'<text x="{LEFT}" y="26" font-size="16" font-weight="bold" fill="#0f172a">{escape(_summary(state))}</text>',
    ]
    for position in range(ROUNDS + 1):
        out.append(_position_svg(state, position))
    out.append(_footer_svg(state, footer))
    out.append("</svg>")
    return "\n".join(out)


def _summary(state: State) -> str:
    if state.phase == "deal":
        return f"Time Chase, {state.players} players, before the deal"
    trump = "no trump" if state.trump is None else f"trump {SUIT_NAMES[state.trump]}"
    return f"Round {state.round} of {ROUNDS}, {trump}" + (
        f", playing at {state.at}" if state.at is not None else (", game over" if state.phase == "over" else "")
    )


def _position_svg(state: State, position: int) -> str:
    x = LEFT + CELL * position + CELL / 2
    is_present = position == state.round and state.phase != "deal"
    reached = position <= state.round and state.phase != "deal"
    fill = "#fde68a" if position == state.at else ("#e0f2fe" if is_present else ("#fff" if reached else "#e2e8f0"))
    label = "0" if position == 0 else str(position)
    parts = [
        f'<rect x="{x - CELL / 2 + 3:.1f}" y="{TOP}" width="{CELL - 6}" height="154" rx="8" fill="{fill}" '
        f'stroke="#94a3b8"/>',
        f'<text x="{x:.1f}" y="{TOP + 18}" text-anchor="middle" font-size="13" fill="#334155">'
        f'{"Invariant" if position == 0 else "event " + label}</text>',
    ]
    if position == 0 and state.invariant is not None:
        parts.append(_svg_card(state.invariant, x, TOP + 70, crosswise=True))
    elif reached and position > 0:
        slot = state.slot(position)
        if slot.lead is not None:
            parts.append(_svg_card(slot.lead, x, TOP + 56))
        if slot.cross is not None:
            parts.append(_svg_card(slot.cross, x, TOP + 104, crosswise=True))
        if slot.controller is not None:
            colour = SEAT_COLOURS[slot.controller]
            parts.append(
                f'<g class="token"><title>p{slot.controller} controls event {position}</title>'
                f'<circle cx="{x:.1f}" cy="{TOP + 136}" r="11" fill="{colour}"/>'
                f'<text x="{x:.1f}" y="{TOP + 140}" text-anchor="middle" font-size="11" fill="#fff">'
                f"p{slot.controller}</text></g>"
            )
    if state.phase != "deal" and state.pawns:
        here = [p for p in range(state.players) if state.pawns[p] == position]
        for i, player in enumerate(here):
            cy = TOP + 170 + 14 * i
            parts.append(
                f'<g class="pawn"><title>p{player}\'s pawn</title>'
                f'<rect x="{x - 16:.1f}" y="{cy - 6}" width="32" height="12" rx="6" fill="{SEAT_COLOURS[player]}"/>'
                f'<text x="{x:.1f}" y="{cy + 4}" text-anchor="middle" font-size="10" fill="#fff">p{player}</text></g>'
            )
    return "\n".join(parts)


def _footer_svg(state: State, y: float) -> str:
    if state.phase == "deal":
        return ""
    parts = []
    if state.trick:
        parts.append(f'<text x="{LEFT}" y="{y}" font-size="13" fill="#0f172a">on the table at {state.at}:</text>')
        for i, (player, card) in enumerate(state.trick):
            cx = LEFT + 170 + i * 70
            parts.append(_svg_card(card, cx, y - 4))
            parts.append(
                f'<text x="{cx + 24}" y="{y}" font-size="12" fill="{SEAT_COLOURS[player]}">p{player}</text>'
            )
    for player in range(state.players):
        row = y + 40 + 22 * player
        parts.append(
            f'<text x="{LEFT}" y="{row}" font-size="13" fill="{SEAT_COLOURS[player]}">'
            f"p{player}: {state.crystals[player]} crystals, {state.hand_size(player)} cards, "
            f"events {', '.join(map(str, state.controlled(player))) or 'none'}</text>"
        )
    return "\n".join(parts)
