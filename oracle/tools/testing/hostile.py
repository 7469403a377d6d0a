"""Hostile input for every game and every ruleset, drawn from a seeded `random.Random`.

One generator feeds both the fuzz suite (tests/test_fuzz.py, through Hypothesis's
``st.randoms``) and the hostile benchmark (bench/hostile_bench.py), so that the
two attack the same surface: states reached by random play in every game and
every TTYKM ruleset, mutated in their text and JSON forms (look-alike and other
scripts' digits, NULs and other controls, huge counts, wrong JSON types, fields
given twice), turns mutated the same way, and command lines with the options
before or after the command.  Only the `oracle.interface.Game` interface is used.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from oracle.games import GAMES, load_game
from oracle.tools.protocol import OPS

# Characters that have broken parsers: other scripts' digits, look-alikes, combining marks, odd spaces,
# controls (NUL, ESC, DEL, C1), bidirectional controls and a lone surrogate.
ODD = ("²", "٣", "٤", "①", "４", "𝟒", "৪", "ſ", "K", "Ｎ", "а", "\u0301", "\u00a0", "\u2028", "\u3000", "\x00",
       "\x1b[2J", "\x7f", "\x85", "\u202e", "\t", "\r", "\n", "\udcff", "\ufeff", "_", "-", "+", "|", "/", "=",
       ",", ">", ":", "{", "}", "[", "]", '"', "\\", " ", "0", "9", "1_0", "9" * 30, "[" * 40)
DIGIT_LOOK_ALIKES = ("²", "٣", "٤", "①", "４", "𝟒", "৪", "٠")
HUGE = ("9" * 19, "99999999999999999", "100000000000000000", "10000000000", "9" * 4301, "-1", "1e18", "1_0")
HOSTILE_JSON: tuple[Any, ...] = (None, True, False, -1, 5, 10**17, 10**30, 1e18, 1.5, "", "٤", "\x00", [], [[]],
                                 [[], [], [], []], {}, {"x": 1}, [5, 5, 5])
# The number of random actions played to reach each seed state.
PLAYOUT_LENGTHS = (0, 3, 12)


@dataclass(frozen=True)
class Seed:
    """A real state of a game under some rules, with actions that are legal from it."""

    game: str
    variant: str | None  # the protocol's ``variant`` (None: the state's own rules)
    rules_option: list[str]  # the command line's options for those rules
    state: str
    state_json: Any
    actions: tuple[str, ...]


def _rule_sets(game_name: str) -> list[tuple[str | None, str | None]]:
    """(ruleset, variant) for every ruleset of the game, and the game's variants one at a time under the default."""
    game = load_game(game_name)
    sets: list[tuple[str | None, str | None]] = [(r if r != "standard" else None, None) for r in game.rulesets()]
    sets += [(None, v) for v in game.variants()]
    return sets


@cache
def seeds() -> tuple[Seed, ...]:
    """Seed states of every game, every ruleset and every variant, reached by seeded random play."""
    found: list[Seed] = []
    for name in GAMES:
        game = load_game(name)
        for ruleset, variant in _rule_sets(name):
            try:
                rules = game.parse_rules(ruleset, variant)
                state = game.initial_state(rules)
            except ValueError:  # a variant that needs a ruleset of its own (TTYKM: VARIANT.SCOPE)
                continue
            rng = random.Random(f"{name}/{ruleset}/{variant}")
            played = 0
            for length in PLAYOUT_LENGTHS:
                while played < length and game.outcome(state) is None:
                    state = game.apply(state, _random_action(game, state, rules, rng), rules).state
                    played += 1
                actions = tuple(game.format_action(_random_action(game, state, rules, rng)) for _ in range(2)) \
                    if game.outcome(state) is None else ()
                option = [*(["--rules", ruleset] if ruleset else []), *(["--variant", variant] if variant else [])]
                found.append(Seed(name, variant, option, game.format_state(state), game.state_to_json(state),
                                  actions))
    return tuple(found)


def _random_action(game: Any, state: Any, rules: Any, rng: random.Random) -> Any:
    to_act = game.to_act(state)
    if to_act.kind == "chance":
        return game.sample_chance(state, rules, rng)
    if to_act.kind == "simultaneous":
        return game.joint_action(state, {p: rng.choice(game.legal_actions(state, rules, p)) for p in to_act.players})
    return rng.choice(game.legal_actions(state, rules))


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with one to three characters or fields inserted, deleted, replaced, repeated or made huge."""
    for _ in range(rng.randint(1, 3)):
        at = rng.randint(0, len(text))
        kind = rng.choice(("digit", "digit", "number", "insert", "delete", "replace", "field twice", "pad"))
        if kind == "digit":  # an ASCII digit swapped for one of another script
            spots = [i for i, ch in enumerate(text) if ch.isascii() and ch.isdigit()]
            if spots:
                at = rng.choice(spots)
                text = text[:at] + rng.choice(DIGIT_LOOK_ALIKES) + text[at + 1:]
        elif kind == "number":  # a number made huge, negative or malformed
            spots = [i for i, ch in enumerate(text) if ch.isascii() and ch.isdigit()]
            if spots:
                at = rng.choice(spots)
                text = text[:at] + rng.choice(HUGE) + text[at + 1:]
        elif kind == "insert":
            text = text[:at] + rng.choice(ODD) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + rng.randint(1, 6):]
        elif kind == "replace":
            text = text[:at] + rng.choice(ODD) + text[at + 1:]
        elif kind == "field twice":
            fields = [t for t in text.split() if "=" in t]
            if fields:
                text = f"{text} {rng.choice(fields)}"
        else:
            text = text[:at] + " " * rng.choice((1, 300, 5000)) + text[at:]
    return text


def mutate_json(value: Any, rng: random.Random) -> Any:
    """A JSON form with one field, or one item in it, replaced by a value of the wrong type or a huge count."""
    if not isinstance(value, dict) or not value:
        return rng.choice(HOSTILE_JSON)
    copy = json.loads(json.dumps(value))
    key = rng.choice([*copy, "unknown"])
    inner = copy.get(key)
    if isinstance(inner, list) and inner and rng.random() < 0.5:
        inner[rng.randrange(len(inner))] = rng.choice(HOSTILE_JSON)
    else:
        copy[key] = rng.choice(HOSTILE_JSON)
    return copy


def request(rng: random.Random) -> dict[str, Any]:
    """A protocol request on a seed state of any game, with one or two of its parts made hostile."""
    seed = rng.choice(seeds())
    op = rng.choice(OPS)
    request: dict[str, Any] = {"id": rng.randint(0, 10**6), "op": op, "game": seed.game,
                               "position": seed.state if rng.random() < 0.7 else seed.state_json,
                               "turn": rng.choice(seed.actions) if seed.actions else "-", "player": 0, "depth": 1}
    if seed.variant is not None:
        request["variant"] = seed.variant
    for _ in range(rng.randint(1, 2)):
        part = rng.choice(("position", "position", "position", "turn", "turn", "variant", "player", "depth", "game"))
        value = request.get(part)
        if part == "player":  # a player the state may not seat, or not a player at all
            request["op"] = rng.choice(("moves", "observe", request["op"]))
            request[part] = rng.choice((1, 2, 3, 4, 5, 6, 7, -1, 99, 10**17, "0", None, 1.0, True))
        elif isinstance(value, str) and rng.random() < 0.8:
            request[part] = mutate(value, rng)
        elif isinstance(value, dict):
            request[part] = mutate_json(value, rng)
        else:
            request[part] = rng.choice((*HOSTILE_JSON, "nonsense", "players=9", "standard"))
    return request


COMMANDS = ("show", "moves", "legal", "explain", "apply", "observe", "start", "version", "render", "perft")
FLAGS = ("--json", "--divide", "--quiet", "--text")


def command_line(rng: random.Random) -> list[str]:
    """An argv for ``oracle``: any command of any game on a mutated seed, the options before or after it."""
    seed = rng.choice(seeds())
    command = rng.choice(COMMANDS)
    state = seed.state if rng.random() < 0.8 else json.dumps(mutate_json(seed.state_json, rng))
    words: list[str] = []
    if command in ("show", "moves", "observe", "render", "perft", "legal", "explain", "apply"):
        words.append(mutate(state, rng) if rng.random() < 0.7 else state)
    if command in ("legal", "explain", "apply") or (command == "render" and rng.random() < 0.5):
        action = rng.choice(seed.actions) if seed.actions else "x"
        words.append(mutate(action, rng) if rng.random() < 0.5 else action)
    if command == "perft":
        words.insert(0, rng.choice(("0", "1", "1", "2", "9", "-1", "٣", "99999999999999999999")))
    groups = [["--game", seed.game], *([seed.rules_option] if seed.rules_option else [])]
    if command in ("observe", "moves") or rng.random() < 0.2:
        groups.append(["--player", rng.choice(("0", "1", "5", "-1", "99", "٤", "1_0"))])
    for _ in range(rng.randint(0, 2)):
        choice = rng.choice(("flag", "rules", "variant", "seed"))
        if choice == "flag":
            groups.append([rng.choice(FLAGS)])
        elif choice == "seed":
            groups.append(["--seed", rng.choice(("7", "٣", "-1", "9" * 30))])
        else:
            groups.append([f"--{choice}", rng.choice(("growth", "memory", "nonsense", "standard", "players=3",
                                                      "self-push=paradox", "income-round1+income-round1", "٤"))])
    rng.shuffle(groups)
    split = rng.randint(0, len(groups))  # the options before the command, and after it
    before, after = [w for g in groups[:split] for w in g], [w for g in groups[split:] for w in g]
    return [*before, command, *words, *after]
