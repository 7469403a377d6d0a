"""The text and JSON notation for squares, positions, turns and events.

Rules: NOTATION.SQUARE, NOTATION.POSITION, NOTATION.TURN, NOTATION.EVENT, NOTATION.JSON

Every name the oracle prints comes from here.  Parsers raise `NotationError`,
whose message names the offending token and its 1-based column.  Parsed
positions are checked against rule POSITION.VALID.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from oracle.errors import InvalidPosition, NotationError
from oracle.games.ttykm.board import FILES, RANKS, Action, Colour, Era, cell
from oracle.games.ttykm.board import cell_name as cell_name  # re-exported: the notation's name of a cell
from oracle.games.ttykm.board import cell_prose as cell_prose  # re-exported: the board's own words for a cell
from oracle.games.ttykm.board import square_name as square_name  # re-exported
from oracle.games.ttykm.event_forms import form_of
from oracle.games.ttykm.events import Event
from oracle.games.ttykm.objects import ELEPHANTS, SEEDS, Kind, Thing, fall_direction, fallen, statue, statue_name
from oracle.games.ttykm.ruleset import CHAPTERS, chapters_refusal
from oracle.games.ttykm.state import Chapters, Position, check_position
from oracle.games.ttykm.turn import AIMED_WORDS, Aimed, Draw, Pull, Turn, TurnAction
from oracle.inputs import is_ascii_digits, preview

# --- squares and eras ------------------------------------------------------

ERA_BY_WORD = {era.word: era for era in Era}
COLOUR_BY_WORD = {c.word: c for c in Colour}
COLOUR_BY_LETTER = {c.letter: c for c in Colour}
ACTION_BY_LETTER: dict[str, TurnAction] = {a.value: a for a in Action}
# Each Move direction's opposite: a sideways pull names a side across the move (NOTATION.PULL).
_OPPOSITE = {Action.NORTH: Action.SOUTH, Action.SOUTH: Action.NORTH, Action.EAST: Action.WEST, Action.WEST: Action.EAST}


def parse_square(text: str, column: int = 1) -> int:
    """``"a1"`` -> ``0``."""
    if len(text) == 2 and text[0] in FILES and text[1] in RANKS:
        return RANKS.index(text[1]) * 4 + FILES.index(text[0])
    raise NotationError("expected a square a1-d4", text, column)


def parse_era(text: str, column: int = 1) -> Era:
    try:
        return ERA_BY_WORD[text]
    except KeyError:
        raise NotationError("expected an era: past, present or future", text, column) from None


def parse_focus(text: str, column: int = 1) -> Era:
    """The era of a turn's new Focus (``>present``), in either case as the actions are (NOTATION.TURN);
    only the ASCII letters count."""
    return parse_era(text.lower() if text.isascii() else text, column)


def parse_cell(text: str, column: int = 1) -> int:
    """``"present:a1"`` -> ``16``."""
    era_text, sep, square_text = text.partition(":")
    if not sep:
        raise NotationError("expected era:square, such as present:a1", text, column)
    era = parse_era(era_text, column)
    return cell(era, parse_square(square_text, column + len(era_text) + 1))


# --- positions -------------------------------------------------------------

POSITION_KEYS = ("focus", "supply", "removed", "rules")
CHAPTER_KEYS = ("seeds", "built")


FALLEN_GLYPH = {Action.NORTH: "^", Action.EAST: ">", Action.SOUTH: "v", Action.WEST: "<"}
FALLEN_BY_GLYPH = {g: d for d, g in FALLEN_GLYPH.items()}
OBJECT_LETTER = {Kind.SHRUB: "h", Kind.TREE: "t"}
OBJECT_BY_LETTER = {letter: kind for kind, letter in OBJECT_LETTER.items()}
SEED = "s"
STATUE_LETTER: dict[Colour | None, str] = {None: "N", Colour.WHITE: "W", Colour.BLACK: "B"}
STATUE_BY_LETTER = {letter: owner for owner, letter in STATUE_LETTER.items()}
ELEPHANT_LETTER = {Kind.DARK_ELEPHANT: "d", Kind.LIGHT_ELEPHANT: "l"}
ELEPHANT_BY_LETTER = {letter: kind for kind, letter in ELEPHANT_LETTER.items()}


def square_text(position: Position, c: int) -> str | None:
    """What one cell holds in the board notation (NOTATION.OBJECTS), or None if empty."""
    occupant = position.occupant(c)
    chapters = position.chapters
    seed = chapters is not None and bool(chapters.seeds >> c & 1)
    if occupant is not None:
        return f"({occupant.letter}{SEED})" if seed else occupant.letter
    if seed:
        return SEED
    thing = chapters.solid(c) if chapters is not None else None
    if thing is None:
        return None
    if thing.kind is Kind.FALLEN:
        return FALLEN_GLYPH[fall_direction(c, thing)]
    if thing.kind is Kind.STATUE:
        return STATUE_LETTER[thing.owner]
    if thing.kind in ELEPHANTS:
        return elephant_text(thing)
    return OBJECT_LETTER[thing.kind]


def elephant_text(thing: Thing) -> str:
    """An elephant in the board notation, with the hat it wears.

    Rule: MEMORY.NOTATION
    ``d`` is the dark elephant and ``l`` the light one, wild; in brackets with
    a colour letter they wear that player's hat: ``(dw)`` is the dark
    elephant with White's hat, ``(lb)`` the light one with Black's.
    """
    letter = ELEPHANT_LETTER[thing.kind]
    return letter if thing.hat is None else f"({letter}{thing.hat.letter})"


def parse_elephant(text: str) -> Thing | None:
    """The elephant ``text`` writes (see `elephant_text`), or None if it is not one."""
    if text in ELEPHANT_BY_LETTER:
        return Thing(ELEPHANT_BY_LETTER[text])
    if len(text) == 4 and text[0] == "(" and text[1] in ELEPHANT_BY_LETTER and text[2] in COLOUR_BY_LETTER \
            and text[3] == ")":
        return Thing(ELEPHANT_BY_LETTER[text[1]], hat=COLOUR_BY_LETTER[text[2]])
    return None


def _format_era(position: Position, era: Era) -> str:
    ranks = []
    for rank in range(3, -1, -1):
        text, empty = "", 0
        for file in range(4):
            here = square_text(position, cell(era, rank * 4 + file))
            if here is None:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            text += here
        ranks.append(text + (str(empty) if empty else ""))
    return "/".join(ranks)


def format_position(position: Position) -> str:
    """The canonical one-line form, e.g. the start::

        3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0
    """
    boards = "|".join(_format_era(position, era) for era in Era)
    if position.winner is not None:
        status = f"winner={position.winner.letter}"
    else:
        assert position.to_move is not None
        status = f"turn={position.to_move.letter}"
    focus = ",".join(position.focus[c].word for c in Colour)
    supply = ",".join(str(position.supply[c]) for c in Colour)
    removed = ",".join(str(position.removed[c]) for c in Colour)
    rules = "" if position.chapters is None else f" rules={format_chapters(position.chapters)}"
    if position.chapters is not None and "growth" in position.chapters.modules:
        rules += f" seeds={position.chapters.seed_supply}"
    if position.chapters is not None and "influence" in position.chapters.modules:
        rules += " built=" + ",".join(str(int(b)) for b in position.chapters.built)
    return f"{boards} {status} focus={focus} supply={supply} removed={removed}{rules}"


def _tokens(text: str) -> list[tuple[str, int]]:
    """Split on ASCII white space, keeping each token's 1-based column.

    Other spaces (such as U+3000) are not separators: they stay in a token, which is then refused.
    """
    return [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", text, re.ASCII)]


@dataclass
class _Objects:
    """The chapter objects read from the boards, with the first token of each
    (to name it if the position turns out to need no chapter)."""

    seeds: int = 0
    solids: dict[int, Thing] = field(default_factory=dict)
    first: tuple[str, int] | None = None
    first_statue: tuple[str, int] | None = None
    first_elephant: tuple[str, int] | None = None


def _parse_boards(token: str, column: int) -> tuple[tuple[int, int], _Objects]:
    eras = token.split("|")
    if len(eras) != 3:
        raise NotationError("expected three boards past|present|future", token, column)
    masks = [0, 0]
    objects = _Objects()
    offset = column
    for era, board in zip(Era, eras, strict=True):
        ranks = board.split("/")
        if len(ranks) != 4:
            raise NotationError(f"the {era.word} board needs 4 ranks separated by /", board, offset)
        rank_offset = offset
        for rank_index, rank_text in enumerate(ranks):
            rank = 3 - rank_index
            file = 0
            i = 0
            while i < len(rank_text):
                ch = rank_text[i]
                col = rank_offset + i
                width = 1
                if ch in "1234":
                    file += int(ch)
                elif file >= 4 and ch != "(":
                    file += 1
                else:
                    if ch == "(":
                        end = rank_text.find(")", i)
                        width = len(rank_text) - i if end < 0 else end - i + 1
                    if file < 4:
                        _parse_square_text(rank_text[i:i + width], cell(era, rank * 4 + file), col, masks, objects)
                    file += 1
                if file > 4:
                    raise NotationError(
                        f"rank {rank + 1} of the {era.word} board has more than 4 squares", rank_text, rank_offset
                    )
                i += width
            if file != 4:
                raise NotationError(
                    f"rank {rank + 1} of the {era.word} board has {file} squares, not 4", rank_text or "/", rank_offset
                )
            rank_offset += len(rank_text) + 1
        offset += len(board) + 1
    return (masks[0], masks[1]), objects


def _parse_square_text(text: str, c: int, column: int, masks: list[int], objects: _Objects) -> None:
    """One square of a board (NOTATION.OBJECTS): a copy, a seed, a copy on a
    seed ``(ws)``, or an object."""
    if text in COLOUR_BY_LETTER:
        masks[COLOUR_BY_LETTER[text]] |= 1 << c
        return
    if text in STATUE_BY_LETTER:
        objects.solids[c] = statue(STATUE_BY_LETTER[text])
        if objects.first_statue is None:
            objects.first_statue = (text, column)
        return
    elephant = parse_elephant(text)
    if elephant is not None:
        objects.solids[c] = elephant
        if objects.first_elephant is None:
            objects.first_elephant = (text, column)
        return
    if objects.first is None:
        objects.first = (text, column)
    if text.startswith("("):
        if len(text) == 4 and text[1] in COLOUR_BY_LETTER and text[2] == SEED and text[3] == ")":
            masks[COLOUR_BY_LETTER[text[1]]] |= 1 << c
            objects.seeds |= 1 << c
            return
        if len(text) == 4 and text[2:] == SEED + ")" and (text[1] in OBJECT_BY_LETTER or text[1] in FALLEN_BY_GLYPH):
            raise NotationError("a seed shares a square only with a copy, never with an object", text, column)
        raise NotationError("expected a copy on a seed, (ws) or (bs), or an elephant with a hat, such as (dw)",
                            text, column)
    if text == SEED:
        objects.seeds |= 1 << c
        if objects.seeds.bit_count() > SEEDS:
            raise NotationError(f"more than {SEEDS} seeds on the boards; there are {SEEDS} seeds", text, column)
    elif text in OBJECT_BY_LETTER:
        objects.solids[c] = Thing(OBJECT_BY_LETTER[text])
    elif text in FALLEN_BY_GLYPH:
        try:
            objects.solids[c] = fallen(c, FALLEN_BY_GLYPH[text])
        except InvalidPosition:
            raise NotationError(
                "a fallen tree whose root would be off the board (the glyph points the way it fell)", text, column
            ) from None
    else:
        raise NotationError("expected w, b or a digit 1-4 on a board", text, column)


def _parse_pair(key: str, value: str, column: int) -> tuple[str, str]:
    parts = value.split(",")
    if len(parts) != 2:
        raise NotationError(f"{key}= takes two values, white's then black's, separated by a comma", value, column)
    return parts[0], parts[1]


def _parse_count(text: str, column: int) -> int:
    if not is_ascii_digits(text) or len(text) > 2:
        raise NotationError("expected a count", text, column)
    return int(text)


def parse_position(text: str, check: bool = True) -> Position:
    """Parse the one-line form and check it against rule POSITION.VALID (``check=False``: only
    read it, for the conformance runner's field-by-field report on an engine's invalid position)."""
    tokens = _tokens(text)
    if not tokens:
        raise NotationError("empty position")
    boards_token, boards_col = tokens[0]
    copies, objects = _parse_boards(boards_token, boards_col)
    fields: dict[str, tuple[str, int]] = {}
    for token, column in tokens[1:]:
        key, sep, value = token.partition("=")
        if not sep or key not in ("turn", "winner", *POSITION_KEYS, *CHAPTER_KEYS):
            raise NotationError("expected turn=, winner=, focus=, supply=, removed= or rules=", token, column)
        if key in fields or (key in ("turn", "winner") and ({"turn", "winner"} & fields.keys())):
            raise NotationError("field given twice", token, column)
        fields[key] = (value, column + len(key) + 1)
    for key, sample in (("focus", "focus=past,future"), ("supply", "supply=4,4"), ("removed", "removed=0,0")):
        if key not in fields:
            raise NotationError(f"missing field {key}= (such as {sample}) after the boards")
    to_move = winner = None
    if "turn" in fields:
        value, col = fields["turn"]
        if value not in COLOUR_BY_LETTER:
            raise NotationError("turn= takes w or b", value, col)
        to_move = COLOUR_BY_LETTER[value]
    elif "winner" in fields:
        value, col = fields["winner"]
        if value not in COLOUR_BY_LETTER:
            raise NotationError("winner= takes w or b", value, col)
        winner = COLOUR_BY_LETTER[value]
    else:
        raise NotationError("missing field turn= (or winner= once the game is over) after the boards")
    value, col = fields["focus"]
    fw, fb = _parse_pair("focus", value, col)
    focus = (parse_era(fw, col), parse_era(fb, col + len(fw) + 1))
    value, col = fields["supply"]
    sw, sb = _parse_pair("supply", value, col)
    supply = (_parse_count(sw, col), _parse_count(sb, col + len(sw) + 1))
    value, col = fields["removed"]
    rw, rb = _parse_pair("removed", value, col)
    removed = (_parse_count(rw, col), _parse_count(rb, col + len(rw) + 1))
    chapters = parse_chapters(*fields["rules"]) if "rules" in fields else None
    chapters = _with_board_objects(chapters, objects, fields)
    position = Position(copies, supply, removed, focus, to_move, winner, chapters)
    if check:
        check_position(position)
    return position


def _with_board_objects(
    chapters: Chapters | None, objects: _Objects, fields: dict[str, tuple[str, int]]
) -> Chapters | None:
    """Add the objects read from the boards and the ``seeds=`` field to the chapters.

    Rule: NOTATION.OBJECTS
    """
    growth = chapters is not None and "growth" in chapters.modules
    if objects.first is not None and not growth:
        raise NotationError("seeds, shrubs and trees need rules=growth", *objects.first)
    if objects.first_elephant is not None and (chapters is None or "memory" not in chapters.modules):
        raise NotationError("elephants need rules=memory", *objects.first_elephant)
    if "seeds" in fields and not growth:
        value, col = fields["seeds"]
        raise NotationError("seeds= needs rules=growth", value, col)
    chapters = _with_statues(chapters, objects, fields)
    if chapters is None:
        return None
    if not growth:
        return chapters.with_objects(chapters.seeds, objects.solids, chapters.seed_supply)
    if "seeds" not in fields:
        raise NotationError("missing field seeds= (the shared seed supply, such as seeds=5) after rules=growth")
    value, col = fields["seeds"]
    supply = _parse_count(value, col)
    if supply > SEEDS:
        raise NotationError(f"seeds= is the shared seed supply, 0 to {SEEDS}", value, col)
    return chapters.with_objects(objects.seeds, objects.solids, supply)


def _with_statues(
    chapters: Chapters | None, objects: _Objects, fields: dict[str, tuple[str, int]]
) -> Chapters | None:
    """Read the ``built=`` field (White's then Black's flag, 0 or 1) that
    rules=influence requires; statues need that ruleset.

    Rule: NOTATION.STATUES
    """
    influence = chapters is not None and "influence" in chapters.modules
    if objects.first_statue is not None and not influence:
        raise NotationError("statues need rules=influence", *objects.first_statue)
    if "built" in fields and not influence:
        value, col = fields["built"]
        raise NotationError("built= needs rules=influence", value, col)
    if chapters is None or not influence:
        return chapters
    if "built" not in fields:
        raise NotationError(
            "missing field built= (whether each player has built, such as built=0,0) after rules=influence"
        )
    value, col = fields["built"]
    flags = []
    for i, flag in enumerate(_parse_pair("built", value, col)):
        if flag not in ("0", "1"):
            raise NotationError("built= takes 0 or 1 for each player", flag, col + 2 * i)
        flags.append(flag == "1")
    return Chapters(chapters.modules, chapters.seeds, chapters.solids, chapters.seed_supply, (flags[0], flags[1]))


def parse_chapters(text: str, column: int = 0) -> Chapters | None:
    """The ``rules=`` field: chapter modules joined by ``+``; ``standard`` is no chapter.

    Rule: NOTATION.RULES
    A chapter that the oracle does not implement yet is refused, naming it,
    so that no position is ever played by rules other than its own.
    """
    if text == "standard":
        return None
    names = text.split("+")
    for name in names:
        if name not in CHAPTERS:
            raise NotationError(f"unknown chapter (known: {', '.join(CHAPTERS)})", name, column)
        if not CHAPTERS[name]:
            raise NotationError("this chapter is not in the oracle yet", name, column)
        if names.count(name) > 1:
            raise NotationError("chapter named twice", name, column)
    refusal = chapters_refusal(names)
    if refusal is not None:
        raise NotationError(refusal, text, column)
    return Chapters(frozenset(names))



def format_chapters(chapters: Chapters | None) -> str:
    """The ``rules=`` value: the chapters in chapter order joined by ``+``, or ``standard``."""
    if chapters is None:
        return "standard"
    return "+".join(name for name in CHAPTERS if name in chapters.modules)


# --- turns -----------------------------------------------------------------


def format_turn(turn: Turn) -> str:
    """``a1 N E >present``; ``>past`` for a turn with no actions; a partial
    turn stops before the ``>``: ``a1 N`` (`Turn.value`)."""
    return turn.value


def parse_draw(text: str) -> Draw | None:
    """``draw growth+memory``, the chance outcome of a Convergence game (CONVERGENCE.DRAW), or None
    when ``text`` is not a draw."""
    words = text.split()
    if not words or words[0] != "draw":
        return None
    if len(words) != 2:
        raise NotationError("a draw names one pair, such as: draw growth+memory", text[:40])
    return Draw(_pair(words[1], len(text) - len(words[1]) + 1))


def draw_from_json(obj: dict[str, Any]) -> Draw:
    """``{"draw": "growth+memory"}``."""
    pair = obj.get("draw")
    if not isinstance(pair, str) or len(obj) != 1:
        raise NotationError('a draw is {"draw": PAIR}, such as {"draw": "growth+memory"}')
    return Draw(_pair(pair, 0))


def _pair(text: str, column: int) -> str:
    chapters = parse_chapters(text, column)
    if chapters is None or len(chapters.modules) != 2:
        raise NotationError("a draw names two chapters, such as growth+memory", text, column)
    return format_chapters(chapters)


def parse_turn(text: str) -> Turn:
    """Parse a complete or partial turn (see `format_turn`)."""
    tokens = _tokens(text)
    if not tokens:
        raise NotationError("empty turn")
    copy: int | None = None
    actions: list[TurnAction] = []
    focus: Era | None = None
    for index, (token, column) in enumerate(tokens):
        if focus is not None:
            raise NotationError("nothing may follow the new Focus", token, column)
        if token.startswith(">"):
            focus = parse_focus(token[1:], column + 1)
        elif index == 0:
            copy = parse_square(token, column)
        elif token.isascii() and token.lower() in ERA_BY_WORD:
            fixed = " ".join(">" + t if c == column else t for t, c in tokens)
            raise NotationError(f"the new Focus is written with '>', as in \"{fixed}\"", token, column)
        else:
            if len(actions) == 2:
                raise NotationError("a turn has at most two actions", token, column)
            actions.append(parse_action(token, column))
    return Turn(copy, tuple(actions), focus)


def parse_action(token: str, column: int = 1) -> TurnAction:
    """One action of a turn: ``N``, ``E``, ``S``, ``W``, ``F``, ``B``, a
    chapter action aimed at a square, such as ``Pb2`` (Plant), ``Db2`` (Dig
    up), ``Bb2`` (Build), ``Td1`` (Train the elephant on d1) or ``Cd2``
    (Command your elephant onto d2; ``Cd2+`` with the elephant's pull,
    CONVERGENCE.ELEPHANT-PULL), or a Move with pull such as ``E+``
    (``E+N`` pulls the statue north of the copy, variant pull=sideways;
    NOTATION.PULL).

    Rule: NOTATION.AIMED
    Only ASCII letters count, in either case: ``"ſ".upper()`` is ``"S"``, but ``ſ`` is no action.
    """
    if not token.isascii():
        raise NotationError("expected an action N, E, S, W, F, B or a new Focus such as >past", token, column)
    if token.upper() in ACTION_BY_LETTER:
        return ACTION_BY_LETTER[token.upper()]
    if len(token) in (2, 3) and token[1] == "+" and token[0].upper() in "NESW":
        direction = ACTION_BY_LETTER[token[0].upper()]
        assert isinstance(direction, Action)
        if len(token) == 2:
            return Pull(direction)
        side = ACTION_BY_LETTER.get(token[2].upper())
        if not isinstance(side, Action) or side not in _OPPOSITE or side in (direction, _OPPOSITE[direction]):
            raise NotationError(
                "a sideways pull names the side the statue stands on, across the move: such as E+N or E+S",
                token, column)
        return Pull(direction, side)
    letter = token[:1].upper()
    if letter in AIMED_WORDS and len(token) == 3:
        return Aimed(letter, parse_square(token[1:].lower(), column + 1))
    if letter == "C" and len(token) == 4 and token[3] == "+":  # CONVERGENCE.ELEPHANT-PULL
        return Aimed(letter, parse_square(token[1:3].lower(), column + 1), pull=True)
    raise NotationError("expected an action N, E, S, W, F, B or a new Focus such as >past", token, column)


# --- events ----------------------------------------------------------------


def event_text(event: Event) -> str:
    """One event as a line, e.g. ``pushed black present:b2-b3 N`` (its row of `oracle.games.ttykm.event_forms`)."""
    return form_of(event).text(event)


def event_to_json(event: Event) -> dict[str, Any]:
    """One event as a JSON object with a ``type`` and named fields (its row of `oracle.games.ttykm.event_forms`)."""
    form = form_of(event)
    return {"type": form.json_type, **form.fields(event)}


# --- JSON ------------------------------------------------------------------


def position_to_json(position: Position) -> dict[str, Any]:
    """The JSON form of a position (spec/ttykm/notation.md)."""
    from oracle.games.ttykm.board import CELLS

    return {
        "copies": {
            c.word: [cell_name(x) for x in range(CELLS) if position.copies[c] >> x & 1] for c in Colour
        },
        "turn": position.to_move.word if position.to_move is not None else None,
        "winner": position.winner.word if position.winner is not None else None,
        "focus": {c.word: position.focus[c].word for c in Colour},
        "supply": {c.word: position.supply[c] for c in Colour},
        "removed": {c.word: position.removed[c] for c in Colour},
        **({} if position.chapters is None else {"rules": format_chapters(position.chapters)}),
        **_objects_to_json(position),
        **_statues_to_json(position),
        **_elephants_to_json(position),
    }


def _elephants_to_json(position: Position) -> dict[str, Any]:
    """The Memory field of the JSON form (MEMORY.NOTATION): ``elephants`` lists
    every elephant version with its era's cell and the hat it wears."""
    chapters = position.chapters
    if chapters is None or "memory" not in chapters.modules:
        return {}
    return {
        "elephants": [
            {"elephant": t.kind.word, "cell": cell_name(c), "hat": t.hat.word if t.hat is not None else None}
            for c, t in chapters.solids
            if t.kind in ELEPHANTS
        ]
    }


def _brings(chapters: Chapters | None, module: str, obj: dict[str, Any], keys: tuple[str, ...]) -> TypeGuard[Chapters]:
    """Whether ``chapters`` bring ``module``; without it, ``obj`` may hold none of its JSON fields ``keys``."""
    if chapters is not None and module in chapters.modules:
        return True
    for key in keys:
        if key in obj:
            raise NotationError(f"JSON field {key!r} needs \"rules\": \"{module}\"", key)
    return False


def _elephants_from_json(obj: dict[str, Any], chapters: Chapters | None) -> Chapters | None:
    if not _brings(chapters, "memory", obj, ("elephants",)):
        return chapters
    items = _json_field(obj, "elephants", list)
    solids = dict(chapters.solids)
    kinds = {k.word: k for k in ELEPHANTS}
    for item in items:
        if not isinstance(item, dict) or set(item) != {"elephant", "cell", "hat"}:
            raise NotationError("a JSON elephant is {\"elephant\", \"cell\", \"hat\"}", repr(item)[:40])
        if item["elephant"] not in kinds:
            raise NotationError("expected \"dark-elephant\" or \"light-elephant\"", repr(item["elephant"])[:40])
        if not isinstance(item["cell"], str):
            raise NotationError("expected a cell such as \"past:d1\"", repr(item["cell"])[:40])
        c = parse_cell(item["cell"], 0)
        if c in solids:
            raise NotationError("two objects on one square", item["cell"])
        solids[c] = Thing(kinds[item["elephant"]], hat=_json_colour(item["hat"], "hat"))
    return chapters.with_objects(chapters.seeds, solids, chapters.seed_supply)


def _objects_to_json(position: Position) -> dict[str, Any]:
    """The Growth fields of the JSON form (NOTATION.OBJECTS): ``objects`` lists
    each kind's cells, a fallen tree with its root; ``seeds`` is the supply."""
    chapters = position.chapters
    if chapters is None or "growth" not in chapters.modules:
        return {}
    from oracle.games.ttykm.board import CELLS

    objects: dict[str, Any] = {
        "seed": [cell_name(c) for c in range(CELLS) if chapters.seeds >> c & 1],
        "shrub": [cell_name(c) for c, t in chapters.solids if t.kind is Kind.SHRUB],
        "tree": [cell_name(c) for c, t in chapters.solids if t.kind is Kind.TREE],
        "fallen": [
            {"cell": cell_name(c), "root": cell_name(t.root)}
            for c, t in chapters.solids
            if t.kind is Kind.FALLEN and t.root is not None
        ],
    }
    return {"objects": objects, "seeds": chapters.seed_supply}


def _statues_to_json(position: Position) -> dict[str, Any]:
    """The Influence fields of the JSON form (NOTATION.STATUES): ``statues``
    lists each statue's cells by identity; ``built`` the build-once flags."""
    chapters = position.chapters
    if chapters is None or "influence" not in chapters.modules:
        return {}
    statues = {
        statue_name(owner): [cell_name(c) for c, t in chapters.solids if t.kind is Kind.STATUE and t.owner is owner]
        for owner in STATUE_LETTER
    }
    return {"statues": statues, "built": {c.word: chapters.built[c] for c in Colour}}


def _statues_from_json(obj: dict[str, Any], chapters: Chapters | None) -> Chapters | None:
    if not _brings(chapters, "influence", obj, ("statues", "built")):
        return chapters
    statues = _json_field(obj, "statues", dict)
    owners = {statue_name(owner): owner for owner in STATUE_LETTER}
    extra = set(statues) - set(owners)
    if extra:
        raise NotationError("unknown key in JSON field 'statues'", sorted(extra)[0])
    solids = dict(chapters.solids)
    for word, owner in owners.items():
        items = statues.get(word, [])
        if not isinstance(items, list):
            raise NotationError(f"JSON statues {word!r} must be a list", repr(items)[:40])
        for text in items:
            if not isinstance(text, str):
                raise NotationError("expected a cell such as \"past:c2\"", repr(text)[:40])
            c = parse_cell(text, 0)
            if c in solids or chapters.seeds >> c & 1:
                raise NotationError("two objects on one square", text)
            solids[c] = statue(owner)
    built = _json_pair(obj, "built")
    flags = []
    for colour in Colour:
        value = built[colour.word]
        if not isinstance(value, bool):
            raise NotationError("JSON built flags must be true or false", repr(value)[:40])
        flags.append(value)
    return chapters.with_objects(chapters.seeds, solids, chapters.seed_supply, (flags[0], flags[1]))


def _objects_from_json(obj: dict[str, Any], chapters: Chapters | None) -> Chapters | None:
    if not _brings(chapters, "growth", obj, ("objects", "seeds")):
        return chapters
    objects = _json_field(obj, "objects", dict)
    extra = set(objects) - {"seed", "shrub", "tree", "fallen"}
    if extra:
        raise NotationError("unknown key in JSON field 'objects'", sorted(extra)[0])
    seeds = 0
    solids: dict[int, Thing] = {}

    def cells(key: str) -> list[tuple[int, Any]]:
        items = objects.get(key, [])
        if not isinstance(items, list):
            raise NotationError(f"JSON objects {key!r} must be a list", repr(items)[:40])
        out = []
        for item in items:
            text = item.get("cell") if key == "fallen" and isinstance(item, dict) else item
            if not isinstance(text, str):
                raise NotationError("expected a cell such as \"future:b2\"", repr(item)[:40])
            c = parse_cell(text, 0)
            if c in solids or (key == "seed" and seeds >> c & 1):
                raise NotationError("two objects on one square", text)
            out.append((c, item))
        return out

    for c, _ in cells("seed"):
        seeds |= 1 << c
    for kind in (Kind.SHRUB, Kind.TREE):
        for c, _ in cells(kind.value):
            solids[c] = Thing(kind)
    for c, item in cells("fallen"):
        root = item.get("root")
        if not isinstance(root, str):
            raise NotationError("a fallen tree needs its root, such as \"root\": \"future:b2\"", repr(item)[:40])
        solids[c] = Thing(Kind.FALLEN, parse_cell(root, 0))
    for c in solids:
        if seeds >> c & 1:
            raise NotationError("a seed shares a square only with a copy, never with an object", cell_name(c))
    supply = _json_field(obj, "seeds", int)
    return chapters.with_objects(seeds, solids, supply)


def _json_field(obj: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in obj:
        raise NotationError(f"missing JSON field {key!r}", key)
    value = obj[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise NotationError(f"JSON field {key!r} has the wrong type", preview(value))
    return value


def _json_colour(value: Any, key: str) -> Colour | None:
    if value is None:
        return None
    if not isinstance(value, str) or value not in COLOUR_BY_WORD:
        raise NotationError(f"JSON field {key!r} must be \"white\", \"black\" or null", preview(value))
    return COLOUR_BY_WORD[value]


def _json_pair(obj: dict[str, Any], key: str) -> dict[str, Any]:
    pair: dict[str, Any] = _json_field(obj, key, dict)
    for word in COLOUR_BY_WORD:
        if word not in pair:
            raise NotationError(f"JSON field {key!r} needs \"white\" and \"black\"", key)
    extra = set(pair) - set(COLOUR_BY_WORD)
    if extra:
        raise NotationError(f"unknown key in JSON field {key!r}", sorted(extra)[0])
    return pair


def position_from_json(obj: Any, check: bool = True) -> Position:
    """Parse the JSON form and check it against rule POSITION.VALID (``check=False``: only read it)."""
    if not isinstance(obj, dict):
        raise NotationError("a JSON position must be an object")
    extra = set(obj) - {
        "copies", "turn", "winner", "focus", "supply", "removed", "rules", "objects", "seeds", "statues", "built",
        "elephants",
    }
    if extra:
        raise NotationError("unknown JSON field", sorted(extra)[0])
    copies_obj = _json_pair(obj, "copies")
    masks = [0, 0]
    for colour in Colour:
        cells = copies_obj[colour.word]
        if not isinstance(cells, list):
            raise NotationError("JSON copies must be lists of cells such as \"past:a1\"", preview(cells))
        for text in cells:
            if not isinstance(text, str):
                raise NotationError("expected a cell such as \"past:a1\"", preview(text))
            c = parse_cell(text, 0)
            if masks[colour] >> c & 1:
                raise NotationError("cell listed twice", text)
            masks[colour] |= 1 << c
    focus_obj = _json_pair(obj, "focus")
    supply_obj = _json_pair(obj, "supply")
    removed_obj = _json_pair(obj, "removed")
    focus = []
    for colour in Colour:
        value = focus_obj[colour.word]
        if not isinstance(value, str):
            raise NotationError("expected an era: past, present or future", preview(value))
        focus.append(parse_era(value, 0))
    counts: dict[str, list[int]] = {}
    for key, pair in (("supply", supply_obj), ("removed", removed_obj)):
        counts[key] = []
        for colour in Colour:
            value = pair[colour.word]
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99:
                raise NotationError(f"JSON {key} counts must be integers 0 to 99", preview(value))
            counts[key].append(value)
    position = Position(
        copies=(masks[0], masks[1]),
        supply=(counts["supply"][0], counts["supply"][1]),
        removed=(counts["removed"][0], counts["removed"][1]),
        focus=(focus[0], focus[1]),
        to_move=_json_colour(obj.get("turn"), "turn"),
        winner=_json_colour(obj.get("winner"), "winner"),
        chapters=_elephants_from_json(
            obj, _statues_from_json(obj, _objects_from_json(obj, _json_chapters(obj.get("rules", "standard"))))
        ),
    )
    if check:
        check_position(position)
    return position


def _json_chapters(value: Any) -> Chapters | None:
    if not isinstance(value, str):
        raise NotationError("JSON rules must be a string such as \"standard\"", preview(value))
    return parse_chapters(value)


def turn_to_json(turn: Turn) -> dict[str, Any]:
    """``{"copy": "a1", "actions": ["N", "E"], "focus": "present"}``; ``focus`` is
    null in a partial turn and ``copy`` null in a turn with no actions."""
    return {
        "copy": square_name(turn.copy) if turn.copy is not None else None,
        "actions": [a.value for a in turn.actions],
        "focus": turn.focus.word if turn.focus is not None else None,
    }


def turn_from_json(obj: Any) -> Turn:
    if not isinstance(obj, dict):
        raise NotationError("a JSON turn must be an object")
    extra = set(obj) - {"copy", "actions", "focus"}
    if extra:
        raise NotationError("unknown JSON field", sorted(extra)[0])
    copy_text = obj.get("copy")
    copy = None
    if copy_text is not None:
        if not isinstance(copy_text, str):
            raise NotationError("expected a square a1-d4", preview(copy_text))
        copy = parse_square(copy_text, 0)
    actions_obj = obj.get("actions", [])
    if not isinstance(actions_obj, list):
        raise NotationError("JSON actions must be a list", preview(actions_obj))
    if len(actions_obj) > 2:
        raise NotationError("a turn has at most two actions", preview(actions_obj))
    actions = []
    for a in actions_obj:
        if not isinstance(a, str):
            raise NotationError("expected an action N, E, S, W, F, B, or one such as Pb2", preview(a))
        actions.append(parse_action(a, 0))
    if actions and copy is None:
        raise NotationError("a turn with actions must name its copy", "actions")
    focus_text = obj.get("focus")
    focus = None
    if focus_text is not None:
        if not isinstance(focus_text, str):
            raise NotationError("expected an era: past, present or future", preview(focus_text))
        focus = parse_focus(focus_text, 0)
    if copy is None and focus is None:
        raise NotationError("empty turn")
    return Turn(copy, tuple(actions), focus)


__all__ = [
    "InvalidPosition",
    "NotationError",
    "cell_name",
    "cell_prose",
    "event_text",
    "event_to_json",
    "format_position",
    "format_turn",
    "parse_cell",
    "parse_era",
    "parse_focus",
    "parse_position",
    "parse_square",
    "parse_turn",
    "position_from_json",
    "position_to_json",
    "square_name",
    "turn_from_json",
    "turn_to_json",
]
