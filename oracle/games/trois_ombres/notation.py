"""Text and JSON for tiles, slots, the Lieux, the Agence, cards, the clock, states, actions and events.

(spec/trois-ombres/notation.md)  Every parser raises `NotationError`
naming the offending token.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from oracle.errors import NotationError
from oracle.games.state_text import is_json_form, parse_text_or_json
from oracle.games.trois_ombres.actions import Action
from oracle.games.trois_ombres.components import (
    FACES,
    ID_CARDS,
    INVESTIGATORS,
    LIEUX,
    LIMBES_CARDS,
    OBJETS,
    PEEKERS,
    STATE_BOUNDS,
    TRAP_KINDS,
    TRAP_SEEN,
    UNKNOWN,
    Rules,
    loc_key,
)
from oracle.games.trois_ombres.events import Event
from oracle.games.trois_ombres.state import STATE_FIELDS, Cell, Curse, State, Step, TurnInfo
from oracle.games.trois_ombres.validity import check_state
from oracle.inputs import is_ascii_digits, load_json
from oracle.words import counted

LOC = re.compile(r"^[RCPG][1-9][0-9]?$")
SUSPECT = re.compile(r"^[1-9][0-9]?[nh]$")


def is_tile(text: str) -> bool:
    return bool(SUSPECT.match(text)) or text in TRAP_KINDS


def parse_loc(text: str) -> str:
    if not LOC.match(text):
        raise NotationError("not a slot (a Lieu R, C, P or G and a number, e.g. R5)", text)
    return text


def parse_tile(text: str) -> str:
    if not is_tile(text):
        raise NotationError("not a tile (a suspect like 3n or 3h, or a trap kind)", text)
    return text


# --- cells -----------------------------------------------------------------------------


def format_cell(loc: str, cell: Cell) -> str:
    flags = ("*" if cell.kept else "^" if cell.up else "") + ("#" if cell.cube else "")
    clue = f"+{cell.clue}" if cell.clue is not None else ""
    return f"{loc}:{cell.tile}{flags}{clue}"


def parse_cell(text: str) -> tuple[str, Cell]:
    loc, _, rest = text.partition(":")
    parse_loc(loc)
    clue: int | None = None
    if "+" in rest:
        rest, _, owner = rest.partition("+")
        if owner not in ("0", "1", "2", "3"):
            raise NotationError("not a clue owner (a player number)", text)
        clue = int(owner)
    cube = rest.endswith("#")
    rest = rest.removesuffix("#")
    kept = rest.endswith("*")
    up = kept or rest.endswith("^")
    tile = rest.removesuffix("*").removesuffix("^")
    if tile not in (UNKNOWN, TRAP_SEEN):
        parse_tile(tile)
    return loc, Cell(tile, up=up, kept=kept, clue=clue, cube=cube)


# --- states: text ----------------------------------------------------------------------


def _list(values: tuple[str, ...] | list[str]) -> str:
    return ",".join(values) if values else "-"


def _split(text: str) -> list[str]:
    return [] if text in ("", "-") else text.split(",")


def default_for(players: int) -> State:
    """The state whose fields a text omits (spec/trois-ombres/notation.md)."""
    return State(
        players=players, investigators=INVESTIGATORS[:players], reserve=(4,) * players, stock=(2,) * players,
        objets=(None,) * players, closed=(False,) * players, seen=((),) * players,
    )


def format_turn_info(turn: TurnInfo) -> str:
    parts: list[str] = []
    if turn.face is not None:
        parts.append(f"face:{turn.face}")
    for flag in ("accepted", "rerolled", "lucile", "begun"):
        if getattr(turn, flag):
            parts.append(flag)
    if turn.used:
        parts.append("used:" + "|".join(turn.used))
    if turn.begun:
        parts.append(f"left:{turn.left}")
    if turn.designated is not None:
        parts.append(f"designated:{turn.designated}")
    if turn.revealed:
        parts.append("revealed:" + "|".join(turn.revealed))
    if turn.removals:
        parts.append(f"removals:{turn.removals}")
    if turn.archeo:
        parts.append(f"archeo:{turn.archeo}")
    return ",".join(parts) or "-"


def parse_turn_info(text: str) -> TurnInfo:
    parts: dict[str, Any] = {}
    for part in _split(text):
        key, _, value = part.partition(":")
        if key in parts:
            raise NotationError("a part of the turn field is written twice", part)
        if key in ("accepted", "rerolled", "lucile", "begun") and not value:
            parts[key] = True
        elif key == "face" and value in FACES:
            parts[key] = value
        elif key == "used" and all(v in PEEKERS for v in value.split("|")):
            parts[key] = tuple(value.split("|"))
        elif key in ("left", "removals", "archeo") and value in ("0", "1", "2"):
            parts[key] = int(value)
        elif key == "designated" and value in LIEUX:
            parts[key] = value
        elif key == "revealed":
            parts[key] = tuple(parse_loc(v) for v in value.split("|"))
        else:
            raise NotationError("not a part of the turn field", part)
    return TurnInfo(**parts)


def format_state(state: State) -> str:
    """The canonical one-line text: ``ombres`` then every field that differs from its default."""
    default = default_for(state.players)
    out = ["ombres", f"players={state.players}"]
    for name in STATE_FIELDS:
        value = getattr(state, name)
        if name == "players" or value == getattr(default, name):
            continue
        if name == "seen":
            for p, memory in enumerate(value):
                if memory:
                    out.append(f"seen{p}=" + ",".join(f"{loc}:{tile}" for loc, tile in memory))
            continue
        out.append(f"{name.replace('_', '-')}={format_field(name, value)}")
    return " ".join(out)


def format_field(name: str, value: Any) -> str:
    if name == "board":
        return _list([format_cell(loc, cell) for loc, cell in value])
    if name in ("investigators", "layout", "agency", "traps", "trap_discard", "id_deck", "id_discard",
                "limbes_deck", "limbes_discard", "dests", "unseen"):
        return _list(value)
    if name in ("rotation", "reserve", "stock"):
        return ",".join(map(str, value))
    if name == "objets":
        return ",".join(o or "-" for o in value)
    if name == "closed":
        return _list([str(p) for p, shut in enumerate(value) if shut])
    if name == "curses":
        return _list([f"{c.card}:{c.drawer}" + ("" if c.fresh else ":old") for c in value])
    if name == "held":
        return _list([tile + ("" if clue is None else f"+{clue}") for tile, clue in value])
    if name == "turn":
        return format_turn_info(value)
    if name == "steps":
        return ";".join("/".join((s.kind, *s.args)) for s in value) or "-"
    if name == "result":
        return "-" if value is None else str(value)
    if name == "rule" or name == "demon":
        return "-" if value is None else str(value)
    return str(value)


def _int(text: str, token: str, name: str = "") -> int:
    """A count in ASCII digits, within the game's declared bound for it (`STATE_BOUNDS`, else 0-99)."""
    low, high = STATE_BOUNDS.get(name, (0, 99))
    if not is_ascii_digits(text) or len(text) > 2 or not low <= int(text) <= high:
        raise NotationError(f"not a number from {low} to {high}", token)
    return int(text)


def parse_state_text(text: str) -> State:
    tokens = text.split()
    if not tokens or tokens[0] != "ombres":
        raise NotationError("a state starts with 'ombres'", tokens[0] if tokens else "")
    entries: dict[str, tuple[str, str]] = {}
    for token in tokens[1:]:
        key, eq, value = token.partition("=")
        if not eq:
            raise NotationError("not a key=value field", token)
        if key in entries:
            raise NotationError("a field is written twice", token)
        entries[key] = (value, token)
    players_value, players_token = entries.pop("players", ("4", "players=4"))
    players = _int(players_value, players_token, "players")
    state = default_for(players)
    seen = [dict(memory) for memory in state.seen]
    changes: dict[str, Any] = {}
    for key, (value, token) in entries.items():
        if re.fullmatch(r"seen[0-3]", key):
            p = int(key[4:])
            if p >= players:
                raise NotationError("no such player", token)
            for item in _split(value):
                loc, _, tile = item.partition(":")
                if tile != TRAP_SEEN:
                    parse_tile(tile)
                seen[p][parse_loc(loc)] = tile
            continue
        name = key.replace("-", "_")
        if name not in STATE_FIELDS or name == "seen":
            raise NotationError("unknown state field", token)
        try:
            changes[name] = parse_field(name, value, players)
        except NotationError as exc:
            raise NotationError(f"bad field {key}: {exc}", token) from None
        except (ValueError, IndexError):
            raise NotationError(f"bad field {key}", token) from None
    changes["seen"] = tuple(tuple(sorted(m.items(), key=lambda item: loc_key(item[0]))) for m in seen)
    return replace(state, **changes)


def _placeholder_or(text: str, parse: Any) -> str:
    """In a view a tile may be ``?`` (unknown) or ``trap`` (a trap of unknown kind)."""
    return text if text in (UNKNOWN, TRAP_SEEN) else str(parse(text))


def parse_field(name: str, value: str, players: int) -> Any:
    if name in ("characters", "slots", "hour", "cubes", "current"):
        return _int(value, value, name)
    if name == "view":
        return None if value == "-" else _int(value.removeprefix("p"), value, name)
    if name == "variants":
        return Rules.parse(value).recorded
    if name == "unseen":
        return tuple(sorted(parse_tile(t) for t in _split(value)))
    if name == "board":
        cells = [parse_cell(item) for item in _split(value)]
        if len({loc for loc, _ in cells}) != len(cells):
            raise NotationError("a slot is written twice", value)
        return tuple(sorted(cells, key=lambda item: loc_key(item[0])))
    if name in ("investigators",):
        return tuple(_split(value))
    if name == "layout":
        return tuple(_split(value))
    if name == "agency":
        return tuple(parse_tile(t) for t in _split(value))
    if name == "demon":
        return None if value == "-" else _placeholder_or(value, parse_tile)
    if name in ("traps", "trap_discard", "id_deck", "id_discard", "limbes_deck", "limbes_discard"):
        known = (*TRAP_KINDS, *((UNKNOWN,) if name == "traps" else ())) if "trap" in name \
            else ID_CARDS if "id" in name else LIMBES_CARDS
        items = _split(value)
        for item in items:
            if item not in known:
                raise NotationError("unknown card or trap", item)
        return tuple(sorted(items))
    if name in ("rotation", "reserve", "stock"):
        return tuple(_int(v, value) for v in value.split(","))
    if name == "objets":
        out = tuple(None if v == "-" else v for v in value.split(","))
        for o in out:
            if o is not None and o not in OBJETS:
                raise NotationError("not an Objet", o)
        return out
    if name == "closed":
        shut = {_int(v, v, "current") for v in _split(value)}
        if any(p >= players for p in shut):
            raise NotationError("no such player", value)
        return tuple(p in shut for p in range(players))
    if name == "curses":
        curses = []
        for item in _split(value):
            parts = item.split(":")
            if len(parts) not in (2, 3) or parts[2:] not in ([], ["old"]):
                raise NotationError("a Malédiction is CARD:DRAWER, then :old once the drawer's turn ended", item)
            curses.append(Curse(parts[0], _int(parts[1], item, "current"), fresh=parts[2:] != ["old"]))
        return tuple(curses)
    if name == "held":
        held = []
        for item in _split(value):
            tile, _, clue = item.partition("+")
            held.append((_placeholder_or(tile, parse_tile), _int(clue, item, "current") if clue else None))
        return tuple(held)
    if name == "dests":
        return tuple(v if v == "agency" else parse_loc(v) for v in _split(value))
    if name == "turn":
        return parse_turn_info(value)
    if name == "steps":
        return tuple(Step(part.split("/")[0], tuple(part.split("/")[1:])) for part in value.split(";") if part != "-")
    if name == "result":
        if value not in ("-", "win", "loss"):
            raise NotationError("a result is win or loss", value)
        return None if value == "-" else value
    if name == "rule":
        if value != "-" and not re.fullmatch(r"OMBRES(\.[A-Z0-9-]+)+", value):
            raise NotationError("not a clause ID", value)
        return None if value == "-" else value
    raise NotationError("unknown state field", name)


# --- states: JSON ----------------------------------------------------------------------


def state_to_json(state: State) -> dict[str, Any]:
    """The JSON form: the same fields as the text, structured."""
    return {
        "game": "trois-ombres",
        "players": state.players,
        "investigators": list(state.investigators),
        "characters": state.characters,
        "slots": state.slots,
        "hour": state.hour,
        "cubes": state.cubes,
        "board": [{"slot": loc, "tile": c.tile, "up": c.up, "kept": c.kept, "clue": c.clue, "cube": c.cube}
                  for loc, c in state.board],
        "layout": list(state.layout),
        "rotation": list(state.rotation),
        "agency": list(state.agency),
        "demon": state.demon,
        "reserve": list(state.reserve),
        "stock": list(state.stock),
        "traps": list(state.traps),
        "trap_discard": list(state.trap_discard),
        "id_deck": list(state.id_deck),
        "id_discard": list(state.id_discard),
        "limbes_deck": list(state.limbes_deck),
        "limbes_discard": list(state.limbes_discard),
        "objets": list(state.objets),
        "curses": [{"card": c.card, "drawer": c.drawer, "fresh": c.fresh} for c in state.curses],
        "closed": list(state.closed),
        "seen": [dict(memory) for memory in state.seen],
        "held": [[tile, clue] for tile, clue in state.held],
        "dests": list(state.dests),
        "current": state.current,
        "turn": format_turn_info(state.turn),
        "steps": [[s.kind, *s.args] for s in state.steps],
        "result": state.result,
        "rule": state.rule,
        "variants": state.variants,
        "view": state.view,
        "unseen": list(state.unseen),
    }


def _json_int(value: Any, key: str, name: str = "") -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise NotationError("a JSON state field that should be a whole number", key)
    return _int(str(value), key, name) if value >= 0 else _int("-", key)


def _json_str(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise NotationError("a JSON state field that should be a string", key)
    return value


def _json_list(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise NotationError("a JSON state field that should be a list", key)
    return value


def _json_strs(value: Any, key: str) -> tuple[str, ...]:
    return tuple(_json_str(v, key) for v in _json_list(value, key))


def _json_optional(value: Any, key: str, read: Any) -> Any:
    return None if value is None else read(value, key)


def _json_cell(value: Any) -> tuple[str, Cell]:
    if not isinstance(value, dict):
        raise NotationError("a board cell is an object {slot, tile, up, kept, clue, cube}", "board")
    loc = parse_loc(_json_str(value.get("slot"), "board.slot"))
    tile = _json_str(value.get("tile"), "board.tile")
    if tile not in (UNKNOWN, TRAP_SEEN):
        parse_tile(tile)
    up, kept, cube = (value.get(k) for k in ("up", "kept", "cube"))
    if not (isinstance(up, bool) and isinstance(kept, bool) and isinstance(cube, bool)):
        raise NotationError("a board cell's up, kept and cube are true or false", f"board.{loc}")
    clue = _json_optional(value.get("clue"), "board.clue", lambda v, k: _json_int(v, k, "current"))
    return loc, Cell(tile, up=up, kept=kept, clue=clue, cube=cube)


def _json_memory(value: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        raise NotationError("a player's memory is an object of slot: tile", "seen")
    items = []
    for loc, tile in value.items():
        tile = _json_str(tile, "seen")
        if tile != TRAP_SEEN:
            parse_tile(tile)
        items.append((parse_loc(loc), tile))
    return tuple(sorted(items, key=lambda item: loc_key(item[0])))


def _json_held(value: Any) -> tuple[str, int | None]:
    if not isinstance(value, list) or len(value) != 2:
        raise NotationError("a tile in hand is [tile, clue]", "held")
    tile = _json_str(value[0], "held")
    if tile not in (UNKNOWN, TRAP_SEEN):
        parse_tile(tile)
    return tile, _json_optional(value[1], "held", lambda v, k: _json_int(v, k, "current"))


def _json_step(value: Any) -> Step:
    parts = _json_strs(value, "steps")
    if not parts:
        raise NotationError("a step is [kind, arguments...]", "steps")
    return Step(parts[0], parts[1:])


def _json_curse(value: Any) -> Curse:
    if not isinstance(value, dict) or not isinstance(value.get("fresh"), bool):
        raise NotationError("a Malédiction is {card, drawer, fresh}", "curses")
    return Curse(_json_str(value.get("card"), "curses.card"), _json_int(value.get("drawer"), "curses.drawer",
                                                                       "current"), value["fresh"])


def state_from_json(obj: Any) -> State:
    """The JSON form (`state_to_json`) read back; a wrong type or a missing field names the field."""
    if not isinstance(obj, dict):
        raise NotationError("a JSON state is an object")
    missing = [name for name in STATE_FIELDS if name not in obj and name not in JSON_OPTIONAL]
    if missing:
        raise NotationError("a JSON state without a field", missing[0])
    players = _json_int(obj["players"], "players", "players")
    objets = tuple(None if o is None else _json_str(o, "objets") for o in _json_list(obj["objets"], "objets"))
    closed = _json_list(obj["closed"], "closed")
    if not all(isinstance(c, bool) for c in closed):
        raise NotationError("closed lists true or false per player", "closed")
    variants = _json_optional(obj.get("variants"), "variants", _json_str)
    return State(
        players=players,
        investigators=_json_strs(obj["investigators"], "investigators"),
        characters=_json_int(obj["characters"], "characters", "characters"),
        slots=_json_int(obj["slots"], "slots", "slots"),
        hour=_json_int(obj["hour"], "hour", "hour"),
        cubes=_json_int(obj["cubes"], "cubes"),
        board=tuple(sorted((_json_cell(c) for c in _json_list(obj["board"], "board")),
                           key=lambda item: loc_key(item[0]))),
        layout=_json_strs(obj["layout"], "layout"),
        rotation=tuple(_json_int(r, "rotation") for r in _json_list(obj["rotation"], "rotation")),
        agency=_json_strs(obj["agency"], "agency"),
        demon=_json_optional(obj["demon"], "demon", _json_str),
        reserve=tuple(_json_int(v, "reserve") for v in _json_list(obj["reserve"], "reserve")),
        stock=tuple(_json_int(v, "stock") for v in _json_list(obj["stock"], "stock")),
        traps=tuple(sorted(_json_strs(obj["traps"], "traps"))),
        trap_discard=tuple(sorted(_json_strs(obj["trap_discard"], "trap_discard"))),
        id_deck=tuple(sorted(_json_strs(obj["id_deck"], "id_deck"))),
        id_discard=tuple(sorted(_json_strs(obj["id_discard"], "id_discard"))),
        limbes_deck=tuple(sorted(_json_strs(obj["limbes_deck"], "limbes_deck"))),
        limbes_discard=tuple(sorted(_json_strs(obj["limbes_discard"], "limbes_discard"))),
        objets=objets,
        curses=tuple(_json_curse(c) for c in _json_list(obj["curses"], "curses")),
        closed=tuple(closed),
        seen=tuple(_json_memory(m) for m in _json_list(obj["seen"], "seen")),
        held=tuple(_json_held(h) for h in _json_list(obj["held"], "held")),
        dests=_json_strs(obj["dests"], "dests"),
        current=_json_int(obj["current"], "current", "current"),
        turn=parse_turn_info(_json_str(obj["turn"], "turn")),
        steps=tuple(_json_step(step) for step in _json_list(obj["steps"], "steps")),
        result=_json_optional(obj["result"], "result", _json_str),
        rule=_json_optional(obj["rule"], "rule", _json_str),
        variants=None if variants is None else Rules.parse(variants).recorded,
        view=_json_optional(obj.get("view"), "view", lambda v, k: _json_int(v, k, "view")),
        unseen=tuple(sorted(_json_strs(obj.get("unseen", []), "unseen"))),
    )


# Fields a JSON state may leave out (states written before they existed).
JSON_OPTIONAL = ("variants", "view", "unseen")


def parse_state(text: str) -> State:
    """A state in text or (starting with ``{``) JSON, checked for validity."""
    state = parse_text_or_json(text, parse_state_text, state_from_json)
    check_state(state)
    return state


# --- actions ---------------------------------------------------------------------------

ARITY: dict[str, tuple[int, int]] = {
    "roll": (0, 0), "bluff": (1, 1), "reroll": (0, 0), "peek": (2, 3), "use": (1, 3), "reveal": (1, 1),
    "uncube": (1, 1), "clue": (1, 1), "move-clue": (2, 2), "done": (0, 0), "trap": (1, 1), "cube": (1, 1),
    "keep": (1, 1), "give": (1, 1), "calepin": (1, 1), "invertigo": (0, 0), "pass": (0, 0), "pick": (1, 1),
    "pair": (1, 1), "place": (1, 1), "die": (1, 1), "draw": (1, 1), "shuffle": (1, 4), "deal": (1, 99), "show": (2, 2),
}
LOC_VERBS = ("bluff", "reveal", "uncube", "clue", "move-clue", "trap", "cube", "pick", "place")


def parse_action(text: str) -> Action:
    """An action: a verb and its arguments separated by spaces, or its JSON form if it starts with ``{``
    (spec/trois-ombres/notation.md)."""
    if is_json_form(text):
        return action_from_json(load_json(text, "a JSON action"))
    words = text.split()
    if not words:
        raise NotationError("an empty action")
    verb, args = words[0], tuple(words[1:])
    if verb not in ARITY:
        raise NotationError(f"unknown action (known: {', '.join(ARITY)})", verb)
    low, high = ARITY[verb]
    if not low <= len(args) <= high:
        takes = f"{low} to {high} arguments" if low != high else counted(low, "argument") if high else "no argument"
        raise NotationError(f"'{verb}' takes {takes}", text.strip())
    if verb in LOC_VERBS:
        for arg in args:
            parse_loc(arg)
    elif verb == "peek":
        if args[0] not in PEEKERS:
            raise NotationError("a peek names the investigator whose ability it spends (peek allison R1, "
                                "peek zacahire R1 R2)", args[0])
        for arg in args[1:]:
            parse_loc(arg)
    elif verb == "use":
        if args[0] not in OBJETS:
            raise NotationError("not an Objet", args[0])
        for arg in args[1:]:
            parse_loc(arg)
    elif verb == "die" and args[0] not in FACES:
        raise NotationError(f"not a die face ({', '.join(FACES)})", args[0])
    elif verb == "draw" and args[0] not in (*ID_CARDS, *LIMBES_CARDS, *TRAP_KINDS, UNKNOWN):
        raise NotationError("not a card or trap", args[0])
    elif verb in ("keep",) and args[0] not in OBJETS:
        raise NotationError("not an Objet", args[0])
    elif verb in ("give", "calepin") and not (args[0] == "none" or args[0] in "0123"):
        raise NotationError("not a player number or none", args[0])
    elif verb == "pair":
        parse_tile(args[0])
    elif verb == "shuffle" and not all(a.isdigit() for a in args):
        raise NotationError("a shuffle lists tile numbers", " ".join(args))
    elif verb == "deal":
        _placeholder_or(args[0], parse_tile)
        for entry in args[1:]:
            loc, _, tile = entry.partition("=")
            parse_loc(loc)
            _placeholder_or(tile, parse_tile)
    elif verb == "show":
        if args[0] != "demon":
            parse_loc(args[0])
        parse_tile(args[1])
    return Action(verb, args)


def format_action(action: Action) -> str:
    return str(action)


def action_to_json(action: Action) -> dict[str, Any]:
    return {"verb": action.verb, "args": list(action.args)}


def action_from_json(obj: Any) -> Action:
    args = obj.get("args", []) if isinstance(obj, dict) else None
    if not isinstance(obj, dict) or not isinstance(obj.get("verb"), str) or not isinstance(args, list) \
            or not all(isinstance(a, str) and a.split() == [a] for a in args) or set(obj) - {"verb", "args"}:
        raise NotationError("a JSON action is an object with a verb and its args, a list of words", str(obj)[:40])
    if obj["verb"].split() != [obj["verb"]]:
        raise NotationError("a verb is one word", obj["verb"])
    return parse_action(" ".join([obj["verb"], *obj.get("args", [])]))


def event_text(event: Event) -> str:
    return event.text


def event_to_json(event: Event) -> dict[str, Any]:
    return event.to_json()
