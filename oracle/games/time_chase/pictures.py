"""Pictures of a Time Chase state: a text picture for the terminal, and an SVG of the timeline.

(spec/time-chase/README.md)  The SVG shows position 0 (the Invariant) and
the events played so far, each with its lead card, its winning card laid
crosswise and the token on it; the events still to come as one narrow box;
the pawns under their positions; the crystals; and the cards on the table at
the position being resolved.  Its ``<title>`` and ``<desc>`` say the same in
words (`describe`), as a TTYKM board's do, for screen readers and for readers
who have not met the notation; the French edition puts them in French.

The cards wear their suits' colours; the seats wear tones that are no suit's
(black, brown, grey, tan, pale grey, white: each lighter than the one before,
so that they stay apart without colour vision), each pawn and token with its
number on it, so that a token or a pawn never reads as a card's suit.
"""

from __future__ import annotations

from html import escape

from oracle.games.time_chase.cards import ROUNDS, SUIT_NAMES, Card
from oracle.games.time_chase.state import State
from oracle.games.time_chase.words import SUIT_NAMES_FR, card_label_fr
from oracle.language import language
from oracle.words import compte, counted

SUIT_COLOURS = ("#c0392b", "#2563eb", "#15803d", "#ca8a04", "#7e22ce")
PAPER = "#ffffff"
INK = "#1e1e1e"
# Each seat's fill and the ink of its number: black, brown, grey, tan, pale grey, white, no suit's colour,
# each about 15 or more lighter (CIE L*) than the one before; the three dark ones numbered in white.
SEATS = (("#1e1e1e", PAPER), ("#5a4032", PAPER), ("#6b6b6b", PAPER),
         ("#a8906f", INK), ("#c3c8ce", INK), (PAPER, INK))


def seat_colours(player: int) -> tuple[str, str]:
    """The fill and the ink (number, and outline of a light fill) of ``player``'s pawn, token and mark."""
    return SEATS[player]


def seat_outline(player: int) -> str:
    """A dark seat's mark is outlined in its fill, a light one's in its ink, so it stands out on the paper."""
    fill, ink = seat_colours(player)
    return fill if ink == PAPER else ink


PLAYING_FILL = "#fde68a"  # the event being played now
PRESENT_FILL = "#e0f2fe"  # the present, when another position is being played (or while bidding)
FUTURE_FILL = "#e2e8f0"  # the events still to come


def _card(card: Card | None, lang: str = "en") -> str:
    """A card as the text picture writes it: its notation in English, its French label in French (J11)."""
    return "-" if card is None else card_label_fr(card) if lang == "fr" else card.text


# The text picture's words, in English and in French (Contre-Temps's own: the Invariant is the *constante*; the
# French edition's timeline says its heading alike, `oracle.tools.site.french.CLAUSES`).
WORDS = {
    "en": {"deal": "Time Chase, {players} players: before the deal (chance deals next)",
           "head": "Time Chase, {players} players, round {round} of {last}: {doing}",
           "view": " (p{view}'s view: ? is a card it cannot name)", "no trump": "no trump", "trump": "trump {suit}",
           "bid": "bidding", "play": "playing at position {at}", "over": "game over: {winners} won",
           "nobody": "game over: nobody won", "invariant": "Invariant", "pawns": "pawns: ", "table": "on the table: ",
           "seat": "p{player}: {crystals}, hand {hand}", "crystal": "crystal"},
    "fr": {"deal": "Contre-Temps, {players} joueurs : avant la donne (le hasard distribue)",
           "head": "Contre-Temps, {players} joueurs, manche {round} sur {last} : {doing}",
           "view": " (vue de p{view} : ? est une carte qu'il ne peut nommer)", "no trump": "sans atout",
           "trump": "atout {suit}", "bid": "les mises", "play": "pli en position {at}",
           "over": "partie finie : {winners} gagne", "nobody": "partie finie : personne ne gagne",
           "invariant": "constante",
           "pawns": "pions : ", "table": "sur la table : ", "seat": "p{player} : {crystals}, main {hand}",
           "crystal": "cristal"},
}
COUNTED = {"en": counted, "fr": compte}  # a count and its noun, by each language's rule


def state_text(state: State, lang: str | None = None) -> str:
    """Several lines: the header, the timeline with pawns and tokens, hands, crystals, the trick; in the
    words of ``lang`` (`WORDS`; None: `oracle.language.language`)."""
    lang = lang or language()
    words = WORDS[lang]
    if state.phase == "deal":
        return words["deal"].format(players=state.players)
    suits = SUIT_NAMES if lang == "en" else SUIT_NAMES_FR
    trump = words["no trump"] if state.trump is None else words["trump"].format(suit=suits[state.trump])
    winners = (", " if lang == "en" else " et ").join(f"p{w}" for w in state.winners)
    doing = words["nobody"] if state.phase == "over" and not winners else \
        words[state.phase].format(at=state.at, winners=winners)
    lines = [words["head"].format(players=state.players, round=state.round, last=state.last_round, doing=doing)
             + (words["view"].format(view=state.view) if state.view is not None else "")]
    pawns = words["pawns"]
    lines.append(f"  0  {words['invariant']} {_card(state.invariant, lang):<8} {trump:<14} {pawns}"
                 f"{_pawns(state, 0)}")
    for position in range(1, state.round + 1):
        slot = state.slot(position)
        cross = f"/{_card(slot.cross, lang)}" if slot.cross else ""
        cards = "-" if slot.lead is None else _card(slot.lead, lang) + cross
        owner = "" if slot.controller is None else f"p{slot.controller}"
        lines.append(f"{position:>3}  {cards:<18} {owner:<14} {pawns}{_pawns(state, position)}")
    if state.trick:
        lines.append(words["table"] + ", ".join(f"p{p} {_card(c, lang)}" for p, c in state.trick))
    for player in range(state.players):
        hand = " ".join([_card(c, lang) for c in state.hands[player]] + ["?"] * state.hidden_in(player)) or "-"
        crystals = COUNTED[lang](state.crystals[player], words["crystal"])
        lines.append(words["seat"].format(player=player, crystals=crystals, hand=hand))
    return "\n".join(lines)


def _pawns(state: State, position: int) -> str:
    here = [f"p{p}" for p in range(state.players) if state.pawns[p] == position]
    return " ".join(here) or "-"


# --- SVG ---------------------------------------------------------------------------

CELL = 74
LEFT = 16
NARROW_CELL, NARROW_LEFT = 72, 8
FUTURE_CELL = 64  # the one box of the events still to come, with its margin
STRIP, STRIP_WIDTH = 44, 150  # that box, low and long, when it stands alone on a row: two lines of words
CARD_W = 40
CARD_H = 56
BLOCK = 154  # a position's box
CHAR = 7.2  # a generous width of one character of 13-unit text
WIDE, NARROW = ROUNDS + 1, 4  # positions per row: all of them (``oracle render``), or a phone's width
SITE_WIDE = 6  # positions per row on a wide screen: the picture shown at its own size, its text at 11 units or more
SWATCH = 20  # the seat's mark before each player's line
PAWN_STEP = 15  # from one pawn to the next under a position: a 12-unit pill, its outline and a gap


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


def _wrap(words: str, width: float, size: float = 13, sep: str = " ") -> list[str]:
    """Words (or clauses, with ``sep=", "``) broken into lines that fit ``width`` at a font size; a line
    broken after a clause keeps its comma."""
    lines: list[str] = []
    for word in words.split(sep):
        if lines and len(lines[-1] + sep + word) * CHAR * size / 13 <= width:
            lines[-1] += sep + word
        else:
            if lines and sep != " ":
                lines[-1] += sep.rstrip()
            lines.append(word)
    return lines


def _future(state: State) -> range:
    """The events not on the timeline yet: after the present, up to the last round."""
    return range(state.round + 1, state.last_round + 1)


def timeline_svg(state: State, columns: int = WIDE) -> str:
    """An SVG of the timeline: position 0, the events so far, one box for the events to come, tokens,
    pawns, crystals and the current trick.

    Positions go on a row while ``columns`` of them fit (``NARROW`` for a phone), the rest on the rows
    below; the title, the trick and the players' lines wrap to the same width, so that the picture can be
    shown at its own size, where no text is under 11 units."""
    columns = max(1, min(columns, ROUNDS + 1))
    cell, left = (CELL, LEFT) if columns > NARROW else (NARROW_CELL, NARROW_LEFT)
    width = left * 2 + cell * columns
    inner = width - 2 * left
    summary = _summary(state)
    title = _wrap(summary, inner * 0.92, 16, sep=", ")  # room for the French heading, a little longer
    top = 12 + 20 * len(title)
    parts = [f'<text x="{left}" y="{26 + 20 * n}" font-size="16" font-weight="bold" fill="#0f172a">'
             f"{escape(line)}</text>" for n, line in enumerate(title)]
    future = _future(state)
    boxes: list[int | range] = [*range(0, state.round + 1), *([future] if future else [])]
    # On a wide screen the narrow box of the events to come may stand past a full row rather than take a row
    # of its own; a phone's picture keeps its width.
    spill = FUTURE_CELL if columns > NARROW else 0
    rows: list[list[int | range]] = [[]]
    for box in boxes:
        used = sum(cell if isinstance(b, int) else FUTURE_CELL for b in rows[-1])
        if rows[-1] and used + (cell if isinstance(box, int) else FUTURE_CELL) > inner + (0 if isinstance(box, int)
                                                                                        else spill):
            rows.append([])
        rows[-1].append(box)
    width = left * 2 + max(inner, *(sum(cell if isinstance(b, int) else FUTURE_CELL for b in row) for row in rows))
    for row in rows:
        x = float(left)
        if future and row == [future]:  # the events to come alone on a row: a low strip
            parts.append(_future_svg(state, future, x + FUTURE_CELL / 2, top, strip=True))
            top += STRIP + 12
            continue
        for box in row:
            if isinstance(box, int):
                parts.append(_position_svg(state, box, x + cell / 2, top, cell))
                x += cell
            else:
                parts.append(_future_svg(state, box, x + FUTURE_CELL / 2, top))
                x += FUTURE_CELL
        # Under each row, room for the most pawns that stand on one of its positions.
        stacked = max((state.pawns.count(p) for p in row if isinstance(p, int)), default=0) \
            if state.phase != "deal" else 0
        top += BLOCK + 12 + (PAWN_STEP * stacked + 6 if stacked else 0)
    footer, bottom = _footer_svg(state, top, left, inner)
    parts.append(footer)
    legend, bottom = _legend_svg(state, bottom, left, inner)
    parts.append(legend)
    height = bottom + 12
    said = describe(state)
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height:.0f}" width="{width}" '
        f'height="{height:.0f}" class="time-chase{" narrow" if columns <= NARROW else ""}" role="img" '
        'font-family="sans-serif">',
        f"<title>{escape(said[0])}</title>",
        "<desc>" + escape("\n".join(said[1:])) + "</desc>",
        f'<rect width="{width}" height="{height:.0f}" fill="#f8fafc"/>',
        *parts,
        "</svg>",
    ])


def _summary(state: State) -> str:
    """The picture's heading: the round, the trump, what is being done."""
    if state.phase == "deal":
        return f"Time Chase, {state.players} players, before the deal"
    trump = "no trump" if state.trump is None else f"trump {SUIT_NAMES[state.trump]}"
    return f"Round {state.round} of {state.last_round}, {trump}" + (
        f", playing at {_where(state.at)}" if state.at is not None else
        (", game over: " + (" and ".join(f"p{w}" for w in state.winners) or "nobody") + " wins"
         if state.phase == "over" else "")
    )


def _where(position: int) -> str:
    return "position 0" if position == 0 else f"event {position}"


def _names(players: list[int]) -> str:
    return ", ".join(f"p{p}" for p in players)


def describe(state: State) -> list[str]:
    """The picture in words, a sentence a line: its heading (the ``<title>``), then (the ``<desc>``)
    position 0, each event with its lead and winning card, token and pawns, the events to come, the
    cards on the table and each player's line; the French edition puts each line in French."""
    lines = [_summary(state)]
    if state.phase == "deal":
        return [*lines, "The cards are not dealt yet.",
                f"Events 1–{state.last_round}: still to come." if state.last_round > 1 else "Event 1: still to come."]

    def pawns(position: int) -> str:
        here = [p for p in range(state.players) if state.pawns[p] == position]
        return f"; {'pawn' if len(here) == 1 else 'pawns'} of {_names(here)} here" if here else ""

    def doing(position: int) -> str:
        said = (["the present"] if position == state.round and position > 0 else []) + \
            (["being played"] if position == state.at else [])
        return f" ({', '.join(said)})" if said else ""

    invariant = "no Invariant" if state.invariant is None else f"the Invariant {state.invariant.name}"
    trump = "no trump" if state.trump is None else f"trump {SUIT_NAMES[state.trump]}"
    lines.append(f"Position 0{doing(0)}: {invariant}, {trump}{pawns(0)}.")
    for position in range(1, state.round + 1):
        slot = state.slot(position)
        if slot.lead is None:
            cards = "no card yet" if position == state.round and state.phase != "over" else "left empty"
        else:
            cards = f"lead {slot.lead.name}" + (f", winning card {slot.cross.name}" if slot.cross is not None
                                                 else ", which wins it")
        token = "" if slot.controller is None else f", token of p{slot.controller}"
        lines.append(f"Event {position}{doing(position)}: {cards}{token}{pawns(position)}.")
    future = _future(state)
    if future:
        span = f"Event {future[0]}" if len(future) == 1 else f"Events {future[0]}–{future[-1]}"
        lines.append(f"{span}: {'never played' if state.phase == 'over' else 'still to come'}.")
    if state.trick:
        lines.append(f"On the table at {_where(state.at or 0)}: "
                     + ", ".join(f"p{p} {c.name}" for p, c in state.trick) + ".")
    for player in range(state.players):
        events = state.controlled(player)
        held = ("no event" if not events else
                f"{'event' if len(events) == 1 else 'events'} {', '.join(map(str, events))}")
        lines.append(f"p{player} has {counted(state.crystals[player], 'crystal')}, "
                     f"{counted(state.hand_size(player), 'card')} and {held}.")
    return lines


def _seat_mark(player: int, x: float, y: float, w: float, h: float, numbered: bool = True) -> str:
    """A seat's rounded shape centred on (``x``, ``y``), in its tones, its number on it."""
    fill, ink = seat_colours(player)
    shape = (f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w}" height="{h}" rx="{h / 2:g}" '
             f'fill="{fill}" stroke="{seat_outline(player)}" stroke-width="2"/>')
    if not numbered:
        return shape
    return (shape + f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="11" font-weight="bold" '
            f'fill="{ink}">p{player}</text>')


def _future_svg(state: State, future: range, x: float, top: float, strip: bool = False) -> str:
    """The events still to come, as one narrow box centred on ``x``: ``events 3–10`` / ``to come``; or,
    alone on a row (``strip``), a low box from ``x`` minus half a box, its words side by side."""
    span = str(future[0]) if len(future) == 1 else f"{future[0]}–{future[-1]}"
    words = ("event" if len(future) == 1 else "events", span,
             "no trick" if state.phase == "over" else "to come")
    if strip:
        # Two lines centred in the strip, ``events 3–10`` over ``to come``: the word before the span ends where
        # the span begins, so that a word of another length (the French edition's) leaves no gap.
        left = x - FUTURE_CELL / 2 + 3
        middle, first, second = left + STRIP_WIDTH / 2, top + STRIP / 2 - 4, top + STRIP / 2 + 12
        lines = (f'<text x="{middle - 2:.1f}" y="{first:.0f}" text-anchor="end" font-size="12" '
                 f'fill="#334155">{escape(words[0])}</text>'
                 f'<text x="{middle + 2:.1f}" y="{first:.0f}" text-anchor="start" font-size="12" '
                 f'fill="#334155">{escape(words[1])}</text>'
                 f'<text x="{middle:.1f}" y="{second:.0f}" text-anchor="middle" font-size="12" '
                 f'fill="#334155">{escape(words[2])}</text>')
        box = f'x="{left:.1f}" y="{top}" width="{STRIP_WIDTH}" height="{STRIP}"'
    else:
        lines = "".join(f'<text x="{x:.1f}" y="{top + BLOCK / 2 - 14 + 18 * n:.0f}" text-anchor="middle" '
                        f'font-size="12" fill="#334155">{escape(word)}</text>' for n, word in enumerate(words))
        box = f'x="{x - FUTURE_CELL / 2 + 3:.1f}" y="{top}" width="{FUTURE_CELL - 6}" height="{BLOCK}"'
    return (f'<g class="future" data-events="{future[0]}-{future[-1]}"><rect {box} rx="8" fill="{FUTURE_FILL}" '
            f'stroke="#94a3b8" stroke-dasharray="5 3"/>{lines}</g>')


def _position_svg(state: State, position: int, x: float, top: float, cell: float) -> str:
    """One position of the timeline, its box's top at ``top``, centred on ``x``, ``cell`` wide with its margin."""
    is_present = position == state.round and state.phase != "deal"
    fill = PLAYING_FILL if position == state.at else (PRESENT_FILL if is_present else "#fff")
    label = "0" if position == 0 else str(position)
    parts = [
        f'<rect x="{x - cell / 2 + 3:.1f}" y="{top}" width="{cell - 6}" height="{BLOCK}" rx="8" fill="{fill}" '
        f'stroke="#94a3b8"/>',
        f'<text x="{x:.1f}" y="{top + 18}" text-anchor="middle" font-size="13" fill="#334155">'
        f'{"Invariant" if position == 0 else "event " + label}</text>',
    ]
    if position == 0 and state.invariant is not None:
        parts.append(_svg_card(state.invariant, x, top + 70, crosswise=True))
    elif position > 0 and state.phase != "deal":
        slot = state.slot(position)
        if slot.lead is not None:
            parts.append(_svg_card(slot.lead, x, top + 56))
        if slot.cross is not None:
            parts.append(_svg_card(slot.cross, x, top + 104, crosswise=True))
        if slot.controller is not None:
            fill, ink = seat_colours(slot.controller)
            parts.append(
                f'<g class="token" data-seat="{slot.controller}"><title>p{slot.controller} controls event '
                f'{position}</title><circle cx="{x:.1f}" cy="{top + 136}" r="12" fill="{fill}" '
                f'stroke="{seat_outline(slot.controller)}" stroke-width="2"/>'
                f'<text x="{x:.1f}" y="{top + 140}" text-anchor="middle" font-size="11" font-weight="bold" '
                f'fill="{ink}">p{slot.controller}</text></g>'
            )
    if state.phase != "deal" and state.pawns:
        here = [p for p in range(state.players) if state.pawns[p] == position]
        for i, player in enumerate(here):
            cy = top + BLOCK + 16 + PAWN_STEP * i
            parts.append(f'<g class="pawn" data-seat="{player}"><title>p{player}\'s pawn</title>'
                         f"{_seat_mark(player, x, cy, 34, PAWN_STEP - 3)}</g>")
    return "\n".join(parts)


def legend_keys(state: State) -> list[str]:
    """What the picture's key explains, in order: only the marks the picture shows."""
    if state.phase == "deal":
        return ["to come"] if _future(state) else []
    slots = state.timeline[:state.round]
    keys = [
        ("pawn", bool(state.pawns)),
        ("token", any(s.controller is not None for s in slots)),
        ("being played", state.at is not None),
        ("present", state.round > 0 and state.at != state.round),
        ("no trick" if state.phase == "over" else "to come", bool(_future(state))),
        ("lead card", any(s.lead is not None for s in slots)),
        ("winning card", any(s.cross is not None for s in slots)),
    ]
    return [key for key, shown in keys if shown]


def _legend_swatch(key: str, x: float, y: float) -> str:
    """The mark ``key`` names, drawn as the picture draws it, small, centred on (``x``, ``y``)."""
    box = {"being played": (PLAYING_FILL, ""), "present": (PRESENT_FILL, ""), "to come": (FUTURE_FILL, "5 3"),
           "no trick": (FUTURE_FILL, "5 3")}
    if key == "pawn":
        return _seat_mark(2, x, y, 22, 10, False)
    if key == "token":
        fill, _ = seat_colours(2)
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{fill}" stroke="{seat_outline(2)}" stroke-width="2"/>'
    if key in box:
        fill, dash = box[key]
        return (f'<rect x="{x - 9:.1f}" y="{y - 7:.1f}" width="18" height="14" rx="3" fill="{fill}" stroke="#94a3b8"'
                + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
    w, h = (10, 14) if key == "lead card" else (16, 10)
    return (f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w}" height="{h}" rx="2" fill="#fff" '
            'stroke="#334155" stroke-width="1.5"/>')


def _legend_svg(state: State, y: float, left: float, inner: float) -> tuple[str, float]:
    """The key under the picture: each mark it shows, small, and its name (the French edition translates the
    names into words no longer than these)."""
    keys = legend_keys(state)
    if not keys:
        return "", y
    parts = ['<g class="legend">']
    x, y = float(left), y + 24
    for key in keys:
        width = 34 + max(len(key), 8) * 6.8  # its French name is no longer than its English one
        if x > left and x - left + 26 + len(key) * 6.8 > inner:  # its name would run past the picture
            x, y = float(left), y + 20
        parts.append(f'<g class="item" data-key="{key}">{_legend_swatch(key, x + 11, y - 4)}'
                     f'<text x="{x + 26:.1f}" y="{y}" font-size="12" fill="#334155">{escape(key)}</text></g>')
        x += width
    parts.append("</g>")
    return "".join(parts), y


def _footer_svg(state: State, y: float, left: float, inner: float) -> tuple[str, float]:
    """The trick on the table and each player's crystals, cards and events, each line after its seat's
    mark, from ``y``; returns the SVG and the y below it."""
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
            parts.append(f'<text x="{cx + 23}" y="{cy + 24}" font-size="12" fill="#0f172a">p{player}</text>')
        y += 40 + 66 * ((len(state.trick) - 1) // per_line) + 40
    for player in range(state.players):
        events = state.controlled(player)
        held = f"{'event' if len(events) == 1 else 'events'} {', '.join(map(str, events))}" if events else "no event"
        said = (f"p{player}: {counted(state.crystals[player], 'crystal')}, "
                f"{counted(state.hand_size(player), 'card')}, {held}")
        for n, words in enumerate(_wrap(said, inner - SWATCH - 6)):
            y += 20
            if n == 0:
                parts.append(f'<g class="seat" data-seat="{player}">'
                             f"{_seat_mark(player, left + SWATCH / 2, y - 4.5, SWATCH - 4, 12, False)}</g>")
            parts.append(f'<text x="{left + SWATCH + 4}" y="{y}" font-size="13" fill="#0f172a">'
                         f"{escape(words)}</text>")
    return "\n".join(parts), y
