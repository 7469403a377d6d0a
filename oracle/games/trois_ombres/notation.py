"""Text and JSON for tiles, slots, the Lieux, the Agence, cards, the clock, states, actions and events.

(spec/trois-ombres/notation.md)  Every parser raises `NotationError`
naming the offending token.
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from typing import Any

from oracle.errors import NotationError
from oracle.games.state_text import parse_text_or_json
from oracle.games.trois_ombres.actions import Action
from oracle.games.trois_ombres.components import (
    FACES,
    ID_CARDS,
    INVESTIGATORS,
    LIEUX,
    LIMBES_CARDS,
    OBJETS,
    TRAP_KINDS,
    loc_key,
)
from oracle.games.trois_ombres.events import Event
from oracle.games.trois_ombres.state import Cell, Curse, State, Step, TurnInfo, check_state

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
        if not owner.isdigit():
            raise NotationError("not a clue owner (a player number)", text)
        clue = int(owner)
    cube = rest.endswith("#")
    rest = rest.rstrip("#")
    kept = rest.endswith("*")
    up = kept or rest.endswith("^")
    tile = rest.rstrip("*^")
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
    turn = TurnInfo()
    for part in _split(text):
        key, _, value = part.partition(":")
        if key in ("accepted", "rerolled", "lucile", "begun") and not value:
            flags: dict[str, Any] = {key: True}
            turn = replace(turn, **flags)
        elif key == "face" and value in FACES:
            turn = replace(turn, face=value)
        elif key == "used":
            turn = replace(turn, used=tuple(value.split("|")))
        elif key in ("left", "removals", "archeo") and value.isdigit():
            counts: dict[str, Any] = {key: int(value)}
            turn = replace(turn, **counts)
        elif key == "designated" and value in LIEUX:
            turn = replace(turn, designated=value)
        elif key == "revealed":
            turn = replace(turn, revealed=tuple(parse_loc(v) for v in value.split("|")))
        else:
            raise NotationError("not a part of the turn field", part)
    return turn


def format_state(state: State) -> str:
    """The canonical one-line text: ``ombres`` then every field that differs from its default."""
    default = default_for(state.players)
    out = ["ombres", f"players={state.players}"]
    for f in fields(State):
        name = f.name
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
                "limbes_deck", "limbes_discard", "dests"):
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


def _int(text: str, token: str) -> int:
    if not text.isdigit():
        raise NotationError("not a number", token)
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
        entries[key] = (value, token)
    players = _int(entries.pop("players", ("4", ""))[0], "players")
    if not 2 <= players <= 4:
        raise NotationError("players must be 2 to 4", f"players={players}")
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
                if tile != "trap":
                    parse_tile(tile)
                seen[p][parse_loc(loc)] = tile
            continue
        name = key.replace("-", "_")
        if name not in {f.name for f in fields(State)}:
            raise NotationError("unknown state field", token)
        try:
            changes[name] = parse_field(name, value, players)
        except NotationError as exc:
            raise NotationError(f"bad field {key}: {exc}", token) from None
        except (ValueError, IndexError):
            raise NotationError(f"bad field {key}", token) from None
    changes["seen"] = tuple(tuple(sorted(m.items(), key=lambda item: loc_key(item[0]))) for m in seen)
    return replace(state, **changes)


def parse_field(name: str, value: str, players: int) -> Any:
    if name in ("characters", "slots", "hour", "cubes", "current"):
        return _int(value, value)
    if name == "board":
        cells = [parse_cell(item) for item in _split(value)]
        return tuple(sorted(cells, key=lambda item: loc_key(item[0])))
    if name in ("investigators",):
        return tuple(_split(value))
    if name == "layout":
        return tuple(_split(value))
    if name == "agency":
        return tuple(parse_tile(t) for t in _split(value))
    if name == "demon":
        return None if value == "-" else parse_tile(value)
    if name in ("traps", "trap_discard", "id_deck", "id_discard", "limbes_deck", "limbes_discard"):
        known = TRAP_KINDS if "trap" in name else ID_CARDS if "id" in name else LIMBES_CARDS
        items = _split(value)
        for item in items:
            if item not in known:
                raise NotationError("unknown card or trap", item)
        return tuple(sorted(items))
    if name in ("rotation", "reserve", "stock"):
        return tuple(_int(v, v) for v in value.split(","))
    if name == "objets":
        out = tuple(None if v == "-" else v for v in value.split(","))
        for o in out:
            if o is not None and o not in OBJETS:
                raise NotationError("not an Objet", o)
        return out
    if name == "closed":
        shut = {_int(v, v) for v in _split(value)}
        return tuple(p in shut for p in range(players))
    if name == "curses":
        curses = []
        for item in _split(value):
            parts = item.split(":")
            curses.append(Curse(parts[0], _int(parts[1], item), fresh=parts[2:] != ["old"]))
        return tuple(curses)
    if name == "held":
        held = []
        for item in _split(value):
            tile, _, clue = item.partition("+")
            held.append((parse_tile(tile), _int(clue, item) if clue else None))
        return tuple(held)
    if name == "dests":
        return tuple(v if v == "agency" else parse_loc(v) for v in _split(value))
    if name == "turn":
        return parse_turn_info(value)
    if name == "steps":
        return tuple(Step(part.split("/")[0], tuple(part.split("/")[1:])) for part in value.split(";") if part != "-")
    if name in ("result", "rule"):
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
    }


def state_from_json(obj: Any) -> State:
    if not isinstance(obj, dict):
        raise NotationError("a JSON state is an object")
    try:
        players = int(obj["players"])
        return State(
            players=players,
            investigators=tuple(obj["investigators"]),
            characters=int(obj["characters"]),
            slots=int(obj["slots"]),
            hour=int(obj["hour"]),
            cubes=int(obj["cubes"]),
            board=tuple((str(c["slot"]), Cell(parse_tile(str(c["tile"])), bool(c["up"]), bool(c["kept"]),
                                              None if c["clue"] is None else int(c["clue"]), bool(c["cube"])))
                        for c in obj["board"]),
            layout=tuple(obj["layout"]),
            rotation=tuple(int(r) for r in obj["rotation"]),
            agency=tuple(obj["agency"]),
            demon=obj["demon"],
            reserve=tuple(int(v) for v in obj["reserve"]),
            stock=tuple(int(v) for v in obj["stock"]),
            traps=tuple(obj["traps"]),
            trap_discard=tuple(obj["trap_discard"]),
            id_deck=tuple(obj["id_deck"]),
            id_discard=tuple(obj["id_discard"]),
            limbes_deck=tuple(obj["limbes_deck"]),
            limbes_discard=tuple(obj["limbes_discard"]),
            objets=tuple(obj["objets"]),
            curses=tuple(Curse(str(c["card"]), int(c["drawer"]), bool(c["fresh"])) for c in obj["curses"]),
            closed=tuple(bool(v) for v in obj["closed"]),
            seen=tuple(tuple(sorted(((str(k), str(v)) for k, v in m.items()), key=lambda item: loc_key(item[0])))
                       for m in obj["seen"]),
            held=tuple((str(t), None if c is None else int(c)) for t, c in obj["held"]),
            dests=tuple(obj["dests"]),
            current=int(obj["current"]),
            turn=parse_turn_info(str(obj["turn"])),
            steps=tuple(Step(str(s[0]), tuple(str(a) for a in s[1:])) for s in obj["steps"]),
            result=obj["result"],
            rule=obj["rule"],
        )
    except KeyError as exc:
        raise NotationError("a JSON state without a field", str(exc.args[0])) from None
    except (TypeError, ValueError, IndexError) as exc:
        raise NotationError(f"a JSON state with a bad value ({exc})") from None


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
    "pair": (1, 1), "place": (1, 1), "die": (1, 1), "draw": (1, 1), "shuffle": (1, 4), "deal": (1, 99),
}
LOC_VERBS = ("bluff", "reveal", "uncube", "clue", "move-clue", "trap", "cube", "pick", "place")
PEEKERS = ("allison", "zacahire")


def parse_action(text: str) -> Action:
    """An action: a verb and its arguments separated by spaces (spec/trois-ombres/notation.md)."""
    words = text.split()
    if not words:
        raise NotationError("an empty action")
    verb, args = words[0], tuple(words[1:])
    if verb not in ARITY:
        raise NotationError(f"unknown action (known: {', '.join(ARITY)})", verb)
    low, high = ARITY[verb]
    if not low <= len(args) <= high:
        raise NotationError(f"'{verb}' takes {low} to {high} arguments", text.strip())
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
    elif verb == "draw" and args[0] not in (*ID_CARDS, *LIMBES_CARDS, *TRAP_KINDS):
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
        parse_tile(args[0])
        for entry in args[1:]:
            loc, _, tile = entry.partition("=")
            parse_loc(loc)
            parse_tile(tile)
    return Action(verb, args)


def format_action(action: Action) -> str:
    return str(action)


def action_to_json(action: Action) -> dict[str, Any]:
    return {"verb": action.verb, "args": list(action.args)}


def action_from_json(obj: Any) -> Action:
    if not isinstance(obj, dict) or not isinstance(obj.get("verb"), str) or not isinstance(obj.get("args", []), list):
        raise NotationError("a JSON action is an object with a verb and args")
    return parse_action(" ".join([obj["verb"], *map(str, obj.get("args", []))]))


def event_text(event: Event) -> str:
    return event.text


def event_to_json(event: Event) -> dict[str, Any]:
    return event.to_json()
