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
from oracle.words import counted

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
    lines = [f"Time Chase, {state.players} players, round {state.round} of {state.last_round}: {doing}"
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
        lines.append(f"p{player}: {counted(state.crystals[player], 'crystal')}, hand {hand}")
    return "\n".join(lines)


def _pawns(state: State, position: int) -> str:
    here = [f"p{p}" for p in range(state.players) if state.pawns[p] == position]
    return " ".join(here) or "-"


# --- SVG ---------------------------------------------------------------------------

CELL = 74
LEFT = 16
NARROW_CELL, NARROW_LEFT = 72, 8
CARD_W = 40
CARD_H = 56
BLOCK = 154  # a position's box
CHAR = 7.2  # a generous width of one character of 13-unit text
WIDE, NARROW = ROUNDS + 1, 4  # positions per row: all of them (``oracle render``), or a phone's width
SITE_WIDE = 6  # positions per row on a wide screen: the picture shown at its own size, its text at 11 units or more


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


def _wrap(words: str, width: float, size: float = 13) -> list[str]:
    """Words broken into lines that fit ``width`` at a font size."""
    lines: list[str] = []
    for word in words.split(" "):
        if lines and len(lines[-1] + " " + word) * CHAR * size / 13 <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def timeline_svg(state: State, columns: int = WIDE) -> str:
    """An SVG of the timeline: positions 0-10, cards, tokens, pawns, crystals and the current trick.

    ``columns`` positions go on a row, the rest on the rows below (``NARROW`` for a phone); the title,
    the trick and the players' lines wrap to the same width, so that the picture can be shown at its own
    size, where no text is under 11 units."""
    columns = max(1, min(columns, ROUNDS + 1))
    cell, left = (CELL, LEFT) if columns > NARROW else (NARROW_CELL, NARROW_LEFT)
    width = left * 2 + cell * columns
    inner = width - 2 * left
    title = _wrap(_summary(state), inner, 16)
    top = 12 + 20 * len(title)
    parts = [f'<text x="{left}" y="{26 + 20 * n}" font-size="16" font-weight="bold" fill="#0f172a">'
             f"{escape(line)}</text>" for n, line in enumerate(title)]
    for first in range(0, ROUNDS + 1, columns):
        row = range(first, min(first + columns, ROUNDS + 1))
        for column, position in enumerate(row):
            parts.append(_position_svg(state, position, left + cell * column + cell / 2, top, cell))
        # Under each row, room for the most pawns that stand on one of its positions.
        stacked = max((state.pawns.count(p) for p in row), default=0) if state.phase != "deal" else 0
        top += BLOCK + 12 + (14 * stacked + 6 if stacked else 0)
    footer, bottom = _footer_svg(state, top, left, inner)
    parts.append(footer)
    height = bottom + 12
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height:.0f}" width="{width}" '
        f'height="{height:.0f}" class="time-chase{" narrow" if columns <= NARROW else ""}" role="img" '
        'font-family="sans-serif">',
        f"<title>{escape(_summary(state))}</title>",
        f'<rect width="{width}" height="{height:.0f}" fill="#f8fafc"/>',
        *parts,
        "</svg>",
    ])


def _summary(state: State) -> str:
    if state.phase == "deal":
        return f"Time Chase, {state.players} players, before the deal"
    trump = "no trump" if state.trump is None else f"trump {SUIT_NAMES[state.trump]}"
    return f"Round {state.round} of {state.last_round}, {trump}" + (
        f", playing at {state.at}" if state.at is not None else
        (", game over: " + (" and ".join(f"p{w}" for w in state.winners) or "nobody") + " wins"
         if state.phase == "over" else "")
    )


def _position_svg(state: State, position: int, x: float, top: float, cell: float) -> str:
    """One position of the timeline, its box's top at ``top``, centred on ``x``, ``cell`` wide with its margin."""
    is_present = position == state.round and state.phase != "deal"
    reached = position <= state.round and state.phase != "deal"
    fill = "#fde68a" if position == state.at else ("#e0f2fe" if is_present else ("#fff" if reached else "#e2e8f0"))
    label = "0" if position == 0 else str(position)
    parts = [
        f'<rect x="{x - cell / 2 + 3:.1f}" y="{top}" width="{cell - 6}" height="{BLOCK}" rx="8" fill="{fill}" '
        f'stroke="#94a3b8"/>',
        f'<text x="{x:.1f}" y="{top + 18}" text-anchor="middle" font-size="13" fill="#334155">'
        f'{"Invariant" if position == 0 else "event " + label}</text>',
    ]
    if position == 0 and state.invariant is not None:
        parts.append(_svg_card(state.invariant, x, top + 70, crosswise=True))
    elif reached and position > 0:
        slot = state.slot(position)
        if slot.lead is not None:
            parts.append(_svg_card(slot.lead, x, top + 56))
        if slot.cross is not None:
            parts.append(_svg_card(slot.cross, x, top + 104, crosswise=True))
        if slot.controller is not None:
            colour = SEAT_COLOURS[slot.controller]
            parts.append(
                f'<g class="token"><title>p{slot.controller} controls event {position}</title>'
                f'<circle cx="{x:.1f}" cy="{top + 136}" r="12" fill="{colour}"/>'
                f'<text x="{x:.1f}" y="{top + 140}" text-anchor="middle" font-size="11" fill="#fff">'
                f"p{slot.controller}</text></g>"
            )
    if state.phase != "deal" and state.pawns:
        here = [p for p in range(state.players) if state.pawns[p] == position]
        for i, player in enumerate(here):
            cy = top + BLOCK + 16 + 14 * i
            parts.append(
                f'<g class="pawn"><title>p{player}\'s pawn</title>'
                f'<rect x="{x - 17:.1f}" y="{cy - 7}" width="34" height="14" rx="7" fill="{SEAT_COLOURS[player]}"/>'
                f'<text x="{x:.1f}" y="{cy + 4}" text-anchor="middle" font-size="11" fill="#fff">p{player}</text></g>'
            )
    return "\n".join(parts)


def _footer_svg(state: State, y: float, left: float, inner: float) -> tuple[str, float]:
    """The trick on the table and each player's crystals, cards and events, from ``y``; returns the SVG and
    the y below it."""
    if state.phase == "deal":
        return "", y
    parts = []
    if state.trick:
        y += 14
        parts.append(f'<text x="{left}" y="{y}" font-size="13" fill="#0f172a">on the table at {state.at}:</text>')
        per_line = max(1, int(inner // 66))
        for i, (player, card) in enumerate(state.trick):
            row, place = divmod(i, per_line)
            cx, cy = left + CARD_W / 2 + place * 66, y + 40 + row * 66
            parts.append(_svg_card(card, cx, cy))
            parts.append(f'<text x="{cx + 23}" y="{cy + 24}" font-size="12" fill="{SEAT_COLOURS[player]}">'
                         f"p{player}</text>")
        y += 40 + 66 * ((len(state.trick) - 1) // per_line) + 40
    for player in range(state.players):
        events = state.controlled(player)
        said = (f"p{player}: {counted(state.crystals[player], 'crystal')}, {counted(state.hand_size(player), 'card')}, "
                f"{'event' if len(events) == 1 else 'events'} {', '.join(map(str, events)) or 'none'}")
        for words in _wrap(said, inner):
            y += 20
            parts.append(f'<text x="{left}" y="{y}" font-size="13" fill="{SEAT_COLOURS[player]}">'
                         f"{escape(words)}</text>")
    return "\n".join(parts), y


