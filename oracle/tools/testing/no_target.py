"""The no-target sweep: states built on purpose where a card, a power or an effect has nothing to act on.

Random play seldom reaches the corners where an effect finds no target: a
Brouillard drawn when every tile is cubed or kept up, a Calepin with no clue
left, a Fausse piste with an empty Agence, a trap on the last hour.  This
generator builds them for both card games:

* *L'heure des 3 ombres*: every 3ID card, every Limbes card and every trap
  drawn, and every investigator's turn (their power), on boards made empty on
  purpose (no free tile, a Lieu empty, one pair left, every tile clued), with
  no clue or no cube left, an empty or a full Agence, before 3 h, at 3 h and
  on the last hour before the loss;
* *Time Chase*: states reached by seeded play and kept when an action has
  nothing to choose from: no card of the led suit, no crystal to bid, a fuel
  supply too short for every income (``fuel-supply``), the last round a game
  reaches.

`cases` lists them (a state that the game's own reader refuses as invalid is
left out, and counted); `explore` walks every action and chance outcome from
one, a few levels deep, through the `oracle.interface.Game` interface, as
tests/test_fuzz.py and the protocol do.  Only the interface is used, with the
games' text notation.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from oracle.errors import NotationError
from oracle.games import load_game

OMBRES, TIME_CHASE = "trois-ombres", "time-chase"

# Boards with nothing to act on, in the notation's cells: ``#`` a tile kept up by a Chronogyre, ``*`` a
# Hercule cube, ``+N`` player N's clue.
# Tables with nothing to act on, each with its Agence and the Démon's tile so that every suspect has its two
# tiles: ``#`` a tile kept up by a Chronogyre, ``*`` a Hercule cube, ``+N`` player N's clue.
BOARDS = {
    "no free tile": "board=R1:1h#,R2:1h#,C1:2n#,C2:2n*+0,P1:2h# agency=1n demon=2h",
    "a Lieu empty": "board=R1:1n,R2:1n,C1:1h,C2:1h,P1:2n,P2:2n,R3:2h demon=2h",
    "one pair left": "board=R1:2n,C1:2n,P1:2h agency=1n,1h demon=2h",
    "every tile clued": "board=R1:1n+0,R2:1n+1,C1:1h+2,C2:1h+3,P1:2n+0,P2:2n+1,G1:2h+2 demon=2h",
    "every tile cubed or kept": "board=R1:1n*,R2:1n*,C1:1h*,C2:1h#,P1:2n#,P2:2n#,G1:2h# demon=2h",
}
ID_CARDS = ("archeoscript", "chronogyre", "invertigo", "loupe-analytique", "stylo-traducteur", "revelateur",
            "oreillettes", "calepin", "debriefing")
LIMBES_CARDS = ("amnesie", "brouillard", "fausse-piste", "illusion", "manipulation", "reveil", "temps-accelere",
                "vortex", "brume", "confusion", "hallucination", "paralysie", "paranoia", "silence", "tenebres")
TRAPS = ("hercule", "horloge", "vortex", "yeux-R", "yeux-C", "yeux-P", "yeux-G")
INVESTIGATORS = ("lucile", "balafre", "allison", "zacahire")
HOURS = (1, 3, 11)  # before the cards act (3 h), the hour they start, the last hour before the loss
TABLES = {  # what is left to take: clues, cubes, a second Objet
    "nothing left": "cubes=0 reserve=0,0,0,0 stock=0,0,0,0",
    "full": "objets=chronogyre,invertigo,revelateur,loupe-analytique",
}


@dataclass(frozen=True)
class Case:
    """One built state: the game, what it empties (``what``: the card or power and the emptiness), and
    the state in the game's notation."""

    game: str
    what: str
    state: str


def ombres_texts() -> Iterator[tuple[str, str]]:
    """(what, state text) for every card, trap and power of 3 Ombres on every emptied table."""
    base = "ombres players=4 characters=2"
    for board_name, board in BOARDS.items():
        for table_name, table in TABLES.items():
            for hour in HOURS:
                head = f"{base} hour={hour} {board} {table}"
                where = f"{board_name}, {table_name}, {hour} h"
                for card in ID_CARDS:
                    yield f"3ID {card}: {where}", f"{head} id-deck={card} steps=draw-id;end-turn"
                for card in LIMBES_CARDS:
                    yield f"Limbes {card}: {where}", f"{head} limbes-deck={card} steps=draw-limbes;end-turn"
                for trap in TRAPS:
                    for slot in ("R1", "G9"):  # a trap under a tile, and on an empty slot
                        yield f"trap {trap}: {where}", f"{head} traps={trap} steps=draw-trap/{slot};end-turn"
                for current, investigator in enumerate(INVESTIGATORS):
                    order = ",".join(INVESTIGATORS)
                    yield (f"investigator {investigator}: {where}",
                           f"{head} investigators={order} current={current} steps=turn")


def time_chase_states(plays: int = 6) -> Iterator[tuple[str, str]]:
    """(what, state text) for Time Chase states, reached by seeded play, where an action has nothing to
    choose from: no card of the led suit, no crystal to bid, the last round, an empty fuel supply."""
    game = load_game(TIME_CHASE)
    for players, variant in ((3, None), (4, None), (5, None), (6, None), (6, "fuel-supply=30")):
        rules = game.parse_rules(None, f"players={players}" + (f"+{variant}" if variant else ""))
        for seed in range(plays):
            rng = random.Random(f"{players}/{variant}/{seed}")
            state = game.initial_state(rules)
            found: set[str] = set()
            round_start = state
            while game.outcome(state) is None:
                if game.state_to_json(state)["phase"] == "bid":
                    round_start = state
                for what in _time_chase_corners(game, state, 30 if variant else None):
                    if what not in found:
                        found.add(what)
                        yield f"{what}, {players} players{', ' + variant if variant else ''}", \
                            game.format_state(state)
                to_act = game.to_act(state)
                if to_act.kind == "chance":
                    action = game.sample_chance(state, rules, rng)
                elif to_act.kind == "simultaneous":
                    action = game.joint_action(state, {p: rng.choice(game.legal_actions(state, rules, p))
                                                       for p in to_act.players})
                else:
                    action = rng.choice(game.legal_actions(state, rules))
                state = game.apply(state, action, rules).state
            yield f"the last round a game reaches, {players} players", game.format_state(round_start)


def _time_chase_corners(game: Any, state: Any, supply: int | None) -> list[str]:
    data = game.state_to_json(state)
    corners = []
    if data["phase"] == "bid" and 0 in data["crystals"]:
        corners.append("a bid with no crystal")
    if data["round"] == 10 and data["phase"] in ("bid", "play"):
        corners.append(f"the last round ({data['phase']})")
    if data["phase"] == "play" and data["trick"]:
        led = _suit(data["trick"][0])
        mover = game.to_act(state)
        if mover.kind == "player" and led and not any(_suit(c) == led for c in data["hands"][mover.players[0]]):
            corners.append("no card of the led suit")
    if supply is not None and data["phase"] == "bid" and supply - sum(data["crystals"]) < 2 * data["players"]:
        corners.append("a fuel supply too short for every income")
    return corners


def _suit(card: Any) -> str:
    """A card's suit letter: a card is ``R11`` in a hand, ``[player, "R11"]`` in the trick."""
    text = card if isinstance(card, str) else card[-1] if isinstance(card, list) and card else ""
    return str(text)[:1]


def cases() -> tuple[list[Case], int]:
    """Every built case of both card games, and how many built states the games refused as invalid."""
    out: list[Case] = []
    refused = 0
    ombres = load_game(OMBRES)
    for what, text in ombres_texts():
        try:
            out.append(Case(OMBRES, what, ombres.format_state(ombres.parse_state(text))))
        except NotationError:
            refused += 1
    out += [Case(TIME_CHASE, what, text) for what, text in time_chase_states()]
    return out, refused


def some_choices(game: Any, state: Any, rules: Any, rng: random.Random, most: int = 8) -> list[Any]:
    """Up to ``most`` of the actions that can come next: a player's legal actions or the listed chance
    outcomes (the first ones), joint sealed choices and unlisted chance (a deal) drawn from ``rng``."""
    mover = game.to_act(state)
    if mover.kind == "over":
        return []
    if mover.kind == "simultaneous":
        return [game.joint_action(state, {p: rng.choice(game.legal_actions(state, rules, p)) for p in mover.players})
                for _ in range(min(most, 3))]
    if mover.kind == "chance":
        listed = [action for action, _ in game.chance_outcomes(state, rules)]
        return listed[:most] if listed else [game.sample_chance(state, rules, rng)]
    return list(game.legal_actions(state, rules))[:most]


def explore(case: Case, depth: int = 3, most: int = 12) -> int:
    """Actions and chance outcomes from the case's state, ``depth`` levels deep, at most ``most``
    states in all, each answered by the interface (listed, explained, applied); the states visited.
    An exception here is a crash the sweep is for."""
    game = load_game(case.game)
    state = game.parse_state(case.state)
    rules = game.state_rules(state, game.parse_rules(None, None))
    rng = random.Random(case.what)
    level, seen = [state], 0
    for _ in range(depth):
        following = []
        for s in level:
            seen += 1
            if game.outcome(s) is not None:
                continue
            for action in some_choices(game, s, rules, rng):
                game.explain(s, action, rules)
                following.append(game.apply(s, action, rules).state)
            if seen >= most:
                return seen
        level = following
    return seen
