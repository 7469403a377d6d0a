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
  supply too short for every income (``fuel-supply``); and the last round
  (round 10), which random play seldom reaches (a third event won ends the
  game first), built on purpose for every player count and every variant:
  the timeline of nine events with nobody holding three, some nobody played,
  one card left in each hand, so that every card in play is the last card
  of some build; then each bid from nothing to a player's every crystal (a
  pawn sent to a past event, an empty one, position 0) and every card played
  to the game's end.

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
    choose from: no card of the led suit, no crystal to bid, an empty fuel supply."""
    game = load_game(TIME_CHASE)
    for players, variant in ((3, None), (4, None), (5, None), (6, None), (6, "fuel-supply=30")):
        rules = game.parse_rules(None, f"players={players}" + (f"+{variant}" if variant else ""))
        for seed in range(plays):
            rng = random.Random(f"{players}/{variant}/{seed}")
            state = game.initial_state(rules)
            found: set[str] = set()
            while game.outcome(state) is None:
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


LAST_ROUND = 10  # TC.ROUND: a game has ten rounds
TIME_CHASE_SETTINGS = (*((n, None) for n in (3, 4, 5, 6)), (4, "invariant=rank-paradox"),
                       (4, "reference=last-token"), (4, "income=won-so-far"), (4, "income-round1"),
                       (6, "fuel-supply=30"))


def time_chase_last_rounds() -> Iterator[tuple[str, str]]:
    """(what, state text) for Time Chase's last round: the bid of round 10 built on purpose (see
    `last_round_bid`), for every player count and variant (TIME_CHASE_SETTINGS), as many builds as it
    takes for every card in play to be someone's last card; then, from each, the states of the round
    reached by bids from nothing to every crystal, every card played to the game's end."""
    game = load_game(TIME_CHASE)
    for players, variant in TIME_CHASE_SETTINGS:
        setting = f"{players} players" + (f", {variant}" if variant else "")
        rules = game.parse_rules(None, f"players={players}" + (f"+{variant}" if variant else ""))
        deal = game.state_to_json(_dealt(game, rules, f"{setting}/deal"))
        cards = [deal["invariant"], *deal["unused"], *(c for hand in deal["hands"] for c in hand)]
        builds = -(-len(cards) // players)  # enough for every card to be kept once
        for build in range(builds):
            text = last_round_bid(game, players, variant, cards, build)
            if text is None:
                continue
            state = game.parse_state(text)
            yield f"the last round (bid), {setting}", text
            for travelled, bids in enumerate(_last_bids(game, state, rules)):
                at = game.apply(state, bids, rules).state
                while game.outcome(at) is None:
                    where = _position_kind(game.state_to_json(at))
                    if not travelled or where != "the present event":  # every card at the present: once
                        yield f"the last round (play at {where}), {setting}", game.format_state(at)
                    at = game.apply(at, _next_action(game, at, rules), rules).state


def _dealt(game: Any, rules: Any, seed: str) -> Any:
    start = game.initial_state(rules)
    return game.apply(start, game.sample_chance(start, rules, random.Random(seed)), rules).state


def last_round_bid(game: Any, players: int, variant: str | None, cards: list[str], build: int) -> str | None:
    """The bid of round 10, in the text notation: ``build`` picks the card each player keeps (the
    ``build``-th slice of ``cards``, every card in play in some build); the other nine of each hand were
    played, some leading an event, the rest discarded.  The events are controlled two at most a player,
    the others nobody played at; crystals from none to ten (a bid back to position 0).  None if the
    game's reader refuses every reference player for it (as a state no game could reach)."""
    rng = random.Random(f"{players}/{variant}/{build}")
    kept = [cards[(build * players + p) % len(cards)] for p in range(players)]
    rest = [c for c in cards if c not in kept]
    rng.shuffle(rest)
    invariant, unused, played = rest[0], rest[1:5], rest[5:]
    controllers: list[int | None] = [p for p in range(players) for _ in range(2)]
    controllers = controllers[: LAST_ROUND - 1] + [None] * (LAST_ROUND - 1 - len(controllers))
    rng.shuffle(controllers)
    timeline = [f"{played[k]}:{who}" if who is not None else "-" for k, who in enumerate(controllers)] + ["-"]
    won = "|".join(".".join(str(k + 1) for k, who in enumerate(controllers) if who == p) or "-"
                   for p in range(players))
    crystals = [(build + 3 * p) % 11 for p in range(players)]
    hands = "|".join(kept)
    for reference in range(players):
        text = (f"players={players} round={LAST_ROUND} phase=bid first={build % players} ref={reference} "
                f"invariant={invariant} unused={','.join(unused)} hands={hands} "
                f"crystals={','.join(map(str, crystals))} pawns={','.join([str(LAST_ROUND)] * players)} "
                f"timeline={'|'.join(timeline)} spent={','.join(['9'] * players)} won={won}"
                + (f" last={reference}" if variant == "reference=last-token" else "")
                + (f" variants={variant}" if variant else ""))
        try:
            game.parse_state(text)
        except NotationError:
            continue
        return text
    return None


def _last_bids(game: Any, state: Any, rules: Any) -> list[Any]:
    """The joint bids tried from a last-round bid: nobody travels; everybody bids every crystal; each
    player alone bids every crystal."""
    per_player = {p: game.legal_actions(state, rules, p) for p in game.to_act(state).players}
    choices = [{p: a[0] for p, a in per_player.items()}, {p: a[-1] for p, a in per_player.items()}]
    choices += [{q: (a[-1] if q == p else a[0]) for q, a in per_player.items()} for p in per_player]
    return [game.joint_action(state, choice) for choice in choices]


def _next_action(game: Any, state: Any, rules: Any) -> Any:
    """The one card a player has left (or the chance outcome or joint choice that comes next)."""
    return some_choices(game, state, rules, random.Random(0), most=1)[0]


def _position_kind(data: dict[str, Any]) -> str:
    at = data["at"]
    if at == 0:
        return "0"
    if at == data["round"]:
        return "the present event"
    return "a past event nobody played at" if data["timeline"][at - 1] is None else "a past event"


def _time_chase_corners(game: Any, state: Any, supply: int | None) -> list[str]:
    data = game.state_to_json(state)
    corners = []
    if data["phase"] == "bid" and 0 in data["crystals"]:
        corners.append("a bid with no crystal")
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
    out += [Case(TIME_CHASE, what, text) for what, text in time_chase_last_rounds()]
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
