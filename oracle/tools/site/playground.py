"""The playground's engine: a turn played by clicking, judged by the oracle.

This module runs in the reader's browser (Pyodide loads the oracle's own
source, see `oracle.tools.site.bundle`) and, unchanged, under CPython in the
tests.  It is generic: it talks to a game only through the common interface
(`oracle.interface.Game`) and the game's `oracle.interface.Playable`, which
a game offers with `Game.playable` (TTYKM's is ``oracle/games/ttykm/play.py``).
A game with none is played from a list instead (`list_view`): its
legal actions, chance outcomes or each player's sealed choice as buttons, and
a seat's view of the table (`seat_view`), all through the interface alone.

The page keeps no rules of its own.  It sends the position, the rules and
the picks (clicks) so far; `view` answers with the pictures, the picks that
lead on to some legal action, and either the action applied (with its
events, step by step) or, for a pick that leads nowhere legal, the oracle's
verdict with its rule ID, in words a player reads.
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Callable, Sequence
from functools import lru_cache
from random import Random
from typing import Any

from oracle.errors import NotationError
from oracle.games import GAMES, load_game
from oracle.interface import Game, Playable, Verdict
from oracle.language import LANGUAGES, text_language
from oracle.tools.site.french import (
    CARD_KEY_LINE,
    TURN_KEY,
    TYPED_KEY,
    card_fr,
    card_from_fr,
    cards_fr,
    translate_chance,
    translate_event,
    translate_field,
    translate_html,
    translate_outcome,
    translate_reason,
    translate_text,
)

AnyGame = Game[Any, Any, Any, Any]


def playable(name: str) -> Playable | None:
    """The game's `Playable` (`Game.playable`), or None if it is played from a list (or is no game)."""
    return load_game(name).playable() if name in GAMES else None


def playable_games() -> list[dict[str, str]]:
    """Every game played on a board: its name and title."""
    return [{"name": name, "title": load_game(name).title} for name in GAMES if playable(name) is not None]


def games() -> list[dict[str, Any]]:
    """Every game of the registry for the playground's chooser: name, title, rulesets (the
    default first) and how it is played (``board`` by clicking, ``list`` from its legal actions)."""
    return [{"name": name, "title": load_game(name).title, "rulesets": list(load_game(name).rulesets()),
             "mode": "board" if playable(name) is not None else "list", "players": player_counts(name)}
            for name in GAMES]


@lru_cache(maxsize=8)
def player_counts(name: str) -> list[int]:
    """The numbers of players a game may be played by, as its rules text names them (``players=N``, which the
    chooser sets), when it may be played by more than one; else none."""
    game = load_game(name)
    counts = []
    for count in range(1, len(game.players) + 1):
        try:
            game.parse_rules(None, f"players={count}")
        except (NotationError, ValueError):
            continue
        counts.append(count)
    return counts if len(counts) > 1 else []


def prepare() -> None:
    """Import every game and answer its first question (the site build snapshots Pyodide just after)."""
    for entry in games():
        for ruleset in entry["rulesets"]:
            view({"game": entry["name"], "rules": "" if ruleset == entry["rulesets"][0] else ruleset})


@lru_cache(maxsize=32)
def _legal(name: str, state_text: str, rules_text: str) -> tuple[tuple[Any, tuple[str, ...]], ...]:
    """Each legal action of a state with its picks, in the game's documented order."""
    game, play = load_game(name), playable(name)
    assert play is not None
    state, rules = game.parse_state(state_text), _rules(game, rules_text)
    return tuple((action, play.picks_of(state, action)) for action in game.legal_actions(state, rules))


def _rules(game: AnyGame, rules_text: str) -> Any:
    ruleset, _, variants = rules_text.partition("+") if rules_text not in game.rulesets() else (rules_text, "", "")
    if ruleset and ruleset not in game.rulesets():
        ruleset, variants = "", rules_text
    return game.parse_rules(ruleset or None, variants or None)


def chooser_ruleset(game: AnyGame, state: Any) -> str:
    """The ruleset of `Game.rulesets` that the chooser names for a state: the one it is played by, or
    else the one whose first chance outcome leads to it (a Convergence pair: ``convergence``)."""
    named = game.ruleset_of(state)
    if named in game.rulesets():
        return named
    for ruleset in game.rulesets():
        rules = game.parse_rules(ruleset, None)
        first = game.initial_state(rules)
        if game.to_act(first).kind == "chance" and any(
                game.ruleset_of(game.apply(first, outcome, rules).state) == named
                for outcome, _ in game.chance_outcomes(first, rules)):
            return ruleset
    return game.rulesets()[0]


def _verdict(verdict: Verdict, play: Playable | None = None) -> dict[str, Any]:
    reason = play.reason_text(verdict.reason) if play is not None else verdict.reason
    return {"status": verdict.status, "reason": reason, "rule": verdict.rule}


CHANCE = "chance"  # the pick that lets chance act: an outcome drawn at random (`_chance_sample`)


def view(request: dict[str, Any]) -> dict[str, Any]:
    """The playground's answer to one request (see the module docstring).

    ``request``: ``game`` (a name of `GAMES`), ``state`` (the game's text
    notation; empty for the initial state), ``rules`` (empty for the
    default), ``picks`` (the clicks so far, the newest last) and optionally
    ``edit`` (a cell to change with the position editor instead of playing).
    ``seat`` ``oracle:N`` (optional) plays alone as player N: after each
    click the oracle plays the other side's turns (`oracle_plays`), each a
    legal turn drawn at random, told in the answer's ``oracle`` with its
    steps to replay; without it one device plays both sides.
    """
    name = str(request.get("game") or "")
    game, play = load_game(name), playable(name)
    if play is None:
        return list_view(request)
    rules_text = str(request.get("rules") or "")
    rules = _rules(game, rules_text)
    state_text = str(request.get("state") or "")
    state = game.parse_state(state_text) if state_text else game.initial_state(rules)
    game.check_state(state)
    if request.get("edit"):
        state = play.edit(state, str(request["edit"]))
        game.check_state(state)
    state_text = game.format_state(state)
    picks = [str(p) for p in request.get("picks") or []]
    answer: dict[str, Any] = {"game": name, "title": game.title, "rules": rules_text, "mode": "board",
                              "verdict": None, "applied": None}
    over = game.to_act(state).kind == "over"
    legal = _legal(name, state_text, rules_text) if not over else ()
    refused: Any = None  # a whole action typed and refused: drawn as attempted
    if request.get("action"):
        action = game.parse_action(str(request["action"]))
        verdict = game.explain(state, action, rules)
        picks = list(play.picks_of(state, action)) if verdict.is_legal else []
        if not verdict.is_legal:
            answer["verdict"] = _verdict(verdict, play)
            refused = action
    if picks[-1:] == [CHANCE] and game.to_act(state).kind == "chance":
        picks = list(play.picks_of(state, _chance_sample(game, state, rules, _seed(request))))
    if picks and not any(seq[:len(picks)] == tuple(picks) for _, seq in legal):
        made = play.action_of(state, picks)
        verdict = made if isinstance(made, Verdict) else game.explain(state, made, rules)
        answer["verdict"] = _verdict(verdict, play)
        picks = picks[:-1]
    complete = [action for action, seq in legal if seq == tuple(picks)]
    if picks and complete:
        applied = game.apply(state, complete[0], rules)
        answer["applied"] = {
            "action": game.format_action(complete[0]),
            "before": state_text,
            "events": [game.event_text(e) for e in applied.events],
            "steps": _board_steps(play, state, complete[0], rules, applied),
        }
        state, picks = applied.state, []
        state_text = game.format_state(state)
        legal = _legal(name, state_text, rules_text) if game.to_act(state).kind != "over" else ()
    alone = _board_seat(game, request)
    played: list[dict[str, Any]] = []
    if alone is not None:
        state, _, played, _ = oracle_plays(game, state, rules, alone, [], _rng(game, state, _seed(request)), play)
    if played:
        picks, state_text = [], game.format_state(state)
        legal = _legal(name, state_text, rules_text) if game.to_act(state).kind != "over" else ()
    nexts = [seq[len(picks)] for _, seq in legal if seq[:len(picks)] == tuple(picks) and len(seq) > len(picks)]
    buttons = play.all_picks(state)
    buttons += tuple(dict.fromkeys(p for p in nexts if play.is_button(p) and p not in buttons))
    targets = sorted({p for p in nexts if not play.is_button(p)})
    outcome = game.outcome(state)
    mover = game.to_act(state)
    shown = [{"pick": b, "label": play.pick_label(state, b), "leads_on": b in nexts} for b in buttons]
    if mover.kind == "chance":
        shown.append({"pick": CHANCE, "label": game.chance_words(state) or "Draw at random", "leads_on": True,
                      "draw": True})
    answer.update({
        "state": state_text,
        "ruleset": chooser_ruleset(game, state),
        "picks": picks,
        "targets": targets,
        "buttons": shown,
        "legal_count": len(legal),
        "kind": mover.kind,
        "mover": " and ".join(play.player_name(p) for p in mover.players) or "Nobody",
        "outcome": None if outcome is None else {"reason": outcome.reason, "rule": outcome.rule},
        # A refused whole action is drawn as attempted; otherwise the clicks so far and where they may lead.
        "svg_row": play.refused_picture(state, refused, "row") if refused is not None
        else play.picture(state, picks, targets, "row"),
        "svg_column": play.refused_picture(state, refused, "column") if refused is not None
        else play.picture(state, picks, targets, "column"),
        # The seat list: both sides on one device (the default), or one side with the other played by the oracle.
        "seat": HOT_SEAT if alone is None else alone,
        "seats": [{"player": p, "name": play.player_name(p)} for p in game.players],
        "oracle": None if alone is None else {"seat": alone, "played": played},
    })
    return answer


def _board_steps(play: Playable, state: Any, action: Any, rules: Any, applied: Any) -> list[dict[str, str]]:
    """A board game's action step by step, as the page replays it: each step's words and pictures."""
    return [{"text": s.text, "svg_row": s.svg_row, "svg_column": s.svg_column}
            for s in play.steps(state, action, rules, applied.events, applied.state)]


def _board_seat(game: AnyGame, request: dict[str, Any]) -> int | None:
    """The player of a board's seat request ``oracle:N`` (`oracle_seat`), the other side played by the oracle;
    None for both sides on one device, and while the position is edited (nobody plays then)."""
    alone = oracle_seat(request.get("seat"))
    return alone if alone in game.players and not request.get("edit") else None


LIST_MOST = 300  # buttons shown at most; any other action can be typed in notation
SEALED = "sealed:"  # a player's sealed choice in a simultaneous step, by the choice's notation
UMPIRE = "umpire"  # the seat that sees everything: the oracle's whole state
HOT_SEAT = "hot"  # each player's own view in turn, on one device
WITH_ORACLE = "oracle:"  # one player's seat, every other player's choice (and chance) made by the oracle at random


def seats(game: AnyGame, state: Any) -> list[int]:
    """The players of a state: those `Game.observe` answers for (it refuses a player not in the game)."""
    found = []
    for player in game.players:
        try:
            game.observe(state, player)
        except (NotationError, ValueError, IndexError):
            break
        found.append(player)
    return found


def public_picture(game: AnyGame, state: Any, umpire: bool = False, actions: Sequence[str] = ()) -> str:
    """The game's pictures of a state for a page (`Game.page_svg`: a wide one and a phone's, as the rules
    pages draw them): of a seat's view, what that seat may see (Time Chase's timeline, 3 ombres's
    face-down tiles as backs); for the umpire, what no player sees too.  ``actions``: the buttons' picks,
    which the page may mark on the picture (3 ombres's ringed slots), for its key."""
    return f'<div class="pg-picture">{game.page_svg(state, umpire, actions)}</div>'


# Fields of an observation that say whose it is, not what is seen: not listed.
WHOSE = ("player", "view")
# Fields of an observation that tell what its seat cannot see (3 Ombres's tiles whose place it does not know,
# OMBRES.VIEW): the view's reckoning, not what the seat sees; not listed.
RECKONING = ("unseen",)


HIDDEN = "?"  # what a view writes for what its seat cannot see (TC.NOTATION.VIEW, OMBRES.NOTATION.VIEW)


def _is_flat(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str | int) or v is None for v in value)


def _is_flat_map(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(v, str | int) or v is None for v in value.values())


def _is_records(value: Any) -> bool:
    """A list of records (3 Ombres's board: a record a slot, not an entry a player), which a picture draws."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _alone(own: Any, theirs: Sequence[Any]) -> list[str]:
    """Of a seat's own memory by place (a flat map: slot -> tile), the items as `_shown` lists them that no
    other seat's own memory holds at the same place: what this seat alone has seen."""
    if not (_is_flat_map(own) and all(_is_flat_map(t) for t in theirs)):
        return []
    return [item for key, v, item in ((k, v, f"{k} {'-' if v is None else v}") for k, v in own.items())
            if not any(t.get(key) == v for t in theirs)]


def _shown(value: Any, names: Sequence[str]) -> dict[str, Any]:
    """One field of an observation, as the page lists it: its items, or its text."""
    if _is_flat(value):
        return {"items": ["-" if v is None else str(v) for v in value]}
    if _is_flat_map(value):
        return {"items": [f"{k} {'-' if v is None else v}" for k, v in value.items()]}
    return {"text": _words(value)}


def _words(value: Any) -> str:
    """Any value of an observation in words, never as JSON: ``slot R1, tile 3h, up yes``."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{str(k).replace('_', ' ')} {_words(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list):
        return (" " if _is_flat(value) else " · ").join(map(_words, value)) or "none"
    return str(value)


def seat_view(game: AnyGame, state: Any, seat: int, players: Sequence[int],
              actions: Sequence[str] = ()) -> dict[str, Any]:
    """What one seat may see, for the page: the picture of its view (with ``actions``, its buttons' picks, as
    `public_picture` takes them) and what only that seat sees.

    The playground reads only `Game.observe(state, seat)`: a player's view, which is a state with
    what that seat cannot see written ``?`` (TC.NOTATION.VIEW, OMBRES.NOTATION.VIEW), so its picture
    is drawn from that view and never from the whole state.  The fields whose value differs from
    another seat's observation are its private view (a hand of cards, the tiles it has seen).  A field
    with an entry for each player gives this seat's own entry, and how many of each other player's things
    it cannot see (``others``); one whose own entry another field already lists (Time Chase's ``hands``,
    beside ``hand``) keeps only that count, and a field listing what another already lists (3 Ombres's
    ``known``, beside ``seen``) is left out.  An own entry that is a memory by place (3 Ombres's tiles seen,
    slot by slot) names the items no other seat's own entry holds (``alone``: a tile looked at secretly).
    What every player sees is the picture (and the umpire's list); so is a list of records (3 Ombres's
    board, slot by slot, which the picture of this view draws), never listed here.
    """
    seen = game.observe(state, seat)
    others = [game.observe(state, p) for p in players if p != seat]
    private = [key for key in seen if key not in WHOSE + RECKONING and any(o.get(key) != seen[key] for o in others)]
    names = [game.player_name(p) for p in players]
    fields = []
    for key in private:
        value = seen[key]
        if isinstance(value, list) and len(value) == len(players) and all(_is_flat(v) or _is_flat_map(v)
                                                                           for v in value):
            own = _shown(value[players.index(seat)], names)
            hidden = [{"name": names[i], "hidden": sum(1 for v in entry if v == HIDDEN)}
                      for i, entry in enumerate(value) if players[i] != seat and _is_flat(entry)]
            field: dict[str, Any] = {"field": key, **own}
            if any(h["hidden"] for h in hidden):
                field["others"] = hidden
            alone = _alone(value[players.index(seat)], [o[key][players.index(p)] for o, p in
                                                        zip(others, (p for p in players if p != seat), strict=True)])
            if alone:
                field["alone"] = alone
            fields.append(field)
        elif not _is_records(value):
            fields.append({"field": key, **_shown(value, names)})
    listed = [f.get("items") for f in fields]
    for field in fields:
        if "others" in field and listed.count(field.get("items")) > 1:
            field.pop("items")  # the same cards are another field's: keep the others' count only
    kept = [f.get("items") for f in fields]
    fields = [f for at, f in enumerate(fields) if "items" not in f or "others" in f or f["items"] not in kept[:at]]
    return {
        "seat": seat,
        "name": game.player_name(seat),
        "picture": public_picture(game, game.state_from_json(seen), actions=actions),
        "private": [{**f, "field": f["field"].replace("_", " ")} for f in fields],
    }


def out_of_play(game: AnyGame, state: Any, players: Sequence[int]) -> list[str]:
    """The cards no player sees (Time Chase's cards left out of the deal): the items of each field of the whole
    state (`Game.state_to_json`) that every seat's observation writes hidden, when they are actions in the
    game's notation (cards), for the umpire's seat."""
    whole = game.state_to_json(state)
    seen = [game.observe(state, p) for p in players]
    found: list[str] = []
    for key, value in whole.items():
        if not (_is_flat(value) and value) or not all(
                isinstance(o.get(key), list) and set(o[key]) == {HIDDEN} for o in seen):
            continue
        try:
            [game.parse_action(str(item)) for item in value]
        except (NotationError, ValueError):
            continue  # not cards (3 ombres's piles of tiles)
        found += [str(item) for item in value]
    return found


def umpire_fields(game: AnyGame, state: Any) -> list[list[Any]]:
    """Every field of the whole state (`Game.state_to_json`) for the umpire's table, as ``[name, value]``:
    the page writes the values in words (a yes or no, a list joined), the board's records apart, which the
    picture shows."""
    return [[key.replace("_", " "), value] for key, value in game.state_to_json(state).items()]


def _seat_request(value: Any) -> int | str:
    text = str(value if value is not None else HOT_SEAT)
    return int(text) if text.isdigit() else (UMPIRE if text == UMPIRE else HOT_SEAT)


def list_view(request: dict[str, Any]) -> dict[str, Any]:
    """The playground's answer for a game with no board to click (same request and answer as `view`).

    Each button is one legal action in the game's notation.  A chance step
    offers its listed outcomes, or one outcome drawn with a seed made from
    the state (`Game.sample_chance`), so a shared link replays the same deal.
    A simultaneous step takes each acting player's sealed choice in turn
    (the picks) and plays them together (`Game.joint_action`).  An action
    typed in notation is played or refused with the oracle's verdict; one
    sent as ``explain`` (a click on a tile no action may take) is never
    played: the answer holds only its verdict (`Game.explain`) if illegal.

    ``seat`` (optional) says whose view to draw: ``hot`` (the default: the
    player who acts now, hot-seat style), a player number (that player's view
    only; their buttons only when they act), or ``umpire`` (the whole state, in
    the game's text picture, every hidden card shown).  The answer's ``view``
    is `seat_view` of the seat shown (None for the umpire, or while chance
    acts and nobody is to choose); ``seats`` lists the players.  ``say``
    (optional) is an example's next action: the answer's ``said`` gives its
    words and whether it is legal in the state answered (`_said`).
    """
    name = str(request.get("game") or "")
    game = load_game(name)
    rules_text = str(request.get("rules") or "")
    rules = _rules(game, rules_text)
    state_text = str(request.get("state") or "")
    state = game.parse_state(state_text) if state_text else game.initial_state(rules)
    game.check_state(state)
    picks = [str(p) for p in request.get("picks") or []]
    seat = _seat_request(request.get("seat"))
    alone = oracle_seat(request.get("seat"))  # the seat whose others the oracle plays, if any
    seat = seat if alone is None else alone
    seed = _seed(request)
    answer: dict[str, Any] = {"game": name, "title": game.title, "rules": rules_text, "mode": "list",
                              "verdict": None, "applied": None}
    if request.get("explain") and not (isinstance(seat, int) and seat not in game.to_act(state).players):
        # A click on a slot that is no target (a tile that may not be revealed), by the seat to act: the oracle
        # says why, and nothing is played.
        tried = game.explain(state, game.parse_action(str(request["explain"])), rules)
        answer["verdict"] = None if tried.is_legal else _verdict(tried)
        picks = []
    action: Any = None
    mover = game.to_act(state)
    actor: int | None = None  # who chose the action applied (None for chance)
    if request.get("action") and isinstance(seat, int) and mover.kind != "chance" and seat not in mover.players:
        picks = []  # a seat types only on its own turn: another player's action, or its verdict, is not its to see
    elif request.get("action"):
        action, picks = game.parse_action(str(request["action"])), []
        actor = mover.players[0] if mover.kind == "player" else None
    elif mover.kind == "simultaneous" and len(picks) == len(mover.players):
        action = game.joint_action(state, {p: game.parse_action(c.removeprefix(SEALED))
                                           for p, c in zip(mover.players, picks, strict=True)})
        picks, actor = [], mover.players[-1]
    elif mover.kind != "simultaneous" and picks:
        action = _chance_sample(game, state, rules, seed) if picks[-1] == CHANCE else game.parse_action(picks[-1])
        picks, actor = [], mover.players[0] if mover.kind == "player" else None
    if action is not None:
        verdict = game.explain(state, action, rules)
        if verdict.is_legal:
            answer["applied"], state = _applied(game, state, action, rules, actor, seat == UMPIRE)
        else:
            answer["applied"], answer["verdict"] = None, _verdict(verdict)
    draw = seat != UMPIRE and not request.get("action")  # a typed action (a real table's record) types its draws too
    answer["applied"], state, picks, only = _settle(game, state, rules, picks, answer["applied"], draw, seed,
                                                    seat == UMPIRE)
    answer["oracle"] = None
    if alone is not None:
        state, picks, played, also = oracle_plays(game, state, rules, alone, picks, _rng(game, state, seed))
        answer["oracle"], only = {"seat": alone, "played": played}, only + also
    mover = game.to_act(state)
    chooser = mover.players[len(picks)] if mover.kind == "simultaneous" else \
        mover.players[0] if mover.kind == "player" else None
    choices: list[dict[str, Any]] = []  # each button: its pick and label (a chance outcome: its action and odds)
    def worded(choice: dict[str, Any], action: Any) -> dict[str, Any]:
        """A button with the game's words for its action, if it has any (`Game.action_words`)."""
        words = game.action_words(state, action)
        return {**choice, "words": dict(words)} if words else choice

    if mover.kind == "player":
        choices = [worded({"pick": text, "label": text}, a)
                   for a, text in ((a, game.format_action(a)) for a in game.legal_actions(state, rules))]
    elif mover.kind == "chance":
        # The button draws at random; choosing the outcome by hand (the one a real table drew) is the umpire's.
        choices = [{"pick": CHANCE, "label": game.chance_words(state) or "Draw at random"}]
        listed = game.chance_outcomes(state, rules) if seat == UMPIRE else ()
        choices += [worded({"pick": text, "label": f"{text} (chance {p})", "action": text, "chance": str(p)}, a)
                    for a, text, p in ((a, game.format_action(a), p) for a, p in listed)]
    elif mover.kind == "simultaneous" and chooser is not None:
        choices = [worded({"pick": SEALED + text, "label": f"{game.player_name(chooser)}: {text}"}, a)
                   for a, text in ((a, game.format_action(a)) for a in game.legal_actions(state, rules, chooser))]
    players = seats(game, state)
    shown = None if seat == UMPIRE else chooser if seat == HOT_SEAT else seat
    if isinstance(shown, int) and shown not in players:
        shown = None
    if isinstance(seat, int) and chooser is not None and seat != chooser:
        choices = []  # a seat acts only on its own turn
    outcome = game.outcome(state)
    buttons = {choice["pick"] for choice in choices}
    clickable = [] if outcome is not None else [choice["pick"] for choice in choices[:LIST_MOST]]  # as the page lists
    seen = seat_view(game, state, shown, players, clickable) if isinstance(shown, int) else None
    if seen is not None:
        seen["cards"] = hand_cards(game, state, rules, seen["private"], buttons, shown == chooser)
    # The umpire sees every seat's own view (Time Chase: each hand), each card a control as in that seat's view.
    hands = [{"seat": p, "name": view["name"], "private": view["private"],
              "cards": hand_cards(game, state, rules, view["private"], buttons, p == chooser)}
             for p in players for view in [seat_view(game, state, p, players)]] if seat == UMPIRE else None
    answer.update({
        "state": game.format_state(state),
        "ruleset": chooser_ruleset(game, state),
        "picks": picks,
        "targets": [],
        "buttons": [{**choice, "leads_on": True} for choice in choices[:LIST_MOST]],
        "legal_count": len(choices),
        "mover": {"player": " and ".join(game.player_name(p) for p in mover.players), "chance": "Chance",
                  "simultaneous": " and ".join(game.player_name(p) for p in mover.players),
                  "over": "Nobody"}[mover.kind],
        "kind": mover.kind,
        "chooser": None if chooser is None else game.player_name(chooser),
        "only": only,
        "outcome": None if outcome is None else {"reason": outcome.reason, "rule": outcome.rule},
        "note": None if outcome is not None else game.state_note(state),
        "seat": seat,
        "seats": [{"player": p, "name": game.player_name(p)} for p in players],
        "view": seen,
        "hands": hands,
        "out": out_of_play(game, state, players) if seat == UMPIRE else None,
        "fields": umpire_fields(game, state) if seat == UMPIRE else None,
        "table": public_picture(game, state, umpire=seat == UMPIRE, actions=clickable),
        "svg_row": _text_picture(game, state, request.get("lang")) if seat == UMPIRE else "",
        "svg_column": "",
    })
    if request.get("say"):
        answer["said"] = _said(game, state, rules, str(request["say"]))
    return answer


def _said(game: AnyGame, state: Any, rules: Any, text: str) -> dict[str, Any]:
    """An example's next action (the page's ``say``: playground.js, offerExample) as the page offers it now: in the
    game's words, and whether it is still legal (the oracle may already have played a chance step it held)."""
    try:
        action = game.parse_action(text)
    except NotationError:
        return {"action": text, "legal": False, "words": {}}
    legal = game.explain(state, action, rules).is_legal
    return {"action": text, "legal": legal, "words": dict(game.action_words(state, action) or {}) if legal else {}}


def oracle_seat(value: Any) -> int | None:
    """The player of a seat request ``oracle:N`` (player N's view, the others played by the oracle), else None."""
    text = str(value or "")
    number = text.removeprefix(WITH_ORACLE)
    return int(number) if text.startswith(WITH_ORACLE) and number.isdigit() else None


ORACLE_MOST = 400  # actions the oracle plays for the others between two of the seat's choices, at most


def _rng(game: AnyGame, state: Any, seed: int | None) -> Random:
    """The oracle's random choices for the others, seeded as `_chance_sample` draws: from the state and the page's
    ``seed`` (a link to a position, with none, plays the same again)."""
    text = game.format_state(state) if seed is None else f"{seed} {game.format_state(state)}"
    return Random(int.from_bytes(hashlib.sha256(("oracle " + text).encode()).digest()[:8], "big"))


def oracle_plays(game: AnyGame, state: Any, rules: Any, seat: int, picks: list[str], rng: Random,
                 board: Playable | None = None) -> tuple[Any, list[str], list[dict[str, Any]], list[dict[str, Any]]]:
    """Every other player's choice, and every chance step, played by the oracle until ``seat`` is to choose (or the
    game ends): each a legal action drawn uniformly at random from the whole state (`Game.legal_actions`;
    chance by `Game.sample_chance`).  A sealed choice with one option only is made without a draw, and said
    for ``seat`` as `_settle` says it (``only``).

    Answers the state, the sealed picks so far, and what ``seat`` is told of each action played: who (``by``, a
    player's name; None for chance or the reveal of the sealed choices), whether it was ``sealed`` (then nothing
    else: the choice stays hidden), whether the oracle ``drew`` it at random, and its ``public`` events in words
    and why ``seat`` did not see the rest (`seat_told`: never a hidden card); an action with no event at all
    (3 Ombres's roll before its die) is not told.  On a ``board`` (a game played by clicking, whose every action
    all see: TTYKM), each action is told as the page replays a turn: its ``action`` in notation, its ``steps``
    (`Playable.steps`, whose words are its ``public`` events) and who played it in the pictures' words."""
    played: list[dict[str, Any]] = []
    only: list[dict[str, Any]] = []
    for _ in range(ORACLE_MOST):
        mover = game.to_act(state)
        if mover.kind == "over" or (mover.kind == "player" and seat in mover.players):
            break
        by: int | None = None
        drew = True
        forced = _forced(game, state, rules) if mover.kind == "simultaneous" and not picks else None
        if forced is not None:
            action, drew = forced, False  # nobody has a choice (Time Chase's round 1 bids): nothing drawn, nor asked
        elif mover.kind == "simultaneous":
            chooser = mover.players[len(picks)]
            choices = list(game.legal_actions(state, rules, chooser))
            if chooser == seat and len(choices) > 1:
                break
            if chooser == seat:
                only.append({"player": game.player_name(seat), "action": game.format_action(choices[0]),
                             "words": dict(game.action_words(state, choices[0]) or {})})
            elif len(choices) > 1:
                played.append({"by": game.player_name(chooser), "sealed": True, "drew": True, "public": []})
            picks = [*picks, SEALED + game.format_action(choices[0] if len(choices) == 1 else rng.choice(choices))]
            if len(picks) < len(mover.players):
                continue
            action = game.joint_action(state, {p: game.parse_action(c.removeprefix(SEALED))
                                               for p, c in zip(mover.players, picks, strict=True)})
            picks, drew = [], False
        elif mover.kind == "chance":
            action = game.sample_chance(state, rules, rng)
        else:
            by = mover.players[0]
            action = rng.choice(list(game.legal_actions(state, rules)))
        applied = game.apply(state, action, rules)
        if applied.events:
            played.append({"by": None if by is None else game.player_name(by), "sealed": False, "drew": drew,
                           **seat_told(game, state, applied.events, applied.state, seat)})
            if board is not None:
                steps = _board_steps(board, state, action, rules, applied)
                played[-1].update({"by": None if by is None else board.player_name(by), "steps": steps,
                                   "action": game.format_action(action), "public": [step["text"] for step in steps],
                                   "before": game.format_state(state)})
        state = applied.state
    return state, picks, played, only


def seat_told(game: AnyGame, state: Any, events: Sequence[Any], after: Any, seat: int) -> dict[str, Any]:
    """What ``seat`` is told of an action the oracle played, from ``state`` to ``after``: its ``public`` events in
    words (`Game.public_events`, what every player saw), or every event when some player did not see the table
    but ``seat`` did; and, when ``seat`` did not see some of it, why (``unseen``, by language:
    `Game.unseen_words`, 3 Ombres's closed eyes)."""
    public = game.public_events(state, events, after)
    unseen = game.unseen_words(state, after, seat) if len(public) < len(events) else None
    told = events if len(public) < len(events) and unseen is None else public
    return {"public": [game.event_sentence(e) for e in told], **({"unseen": dict(unseen)} if unseen else {})}


def hand_cards(game: AnyGame, state: Any, rules: Any, private: Sequence[dict[str, Any]], buttons: set[str],
               acting: bool) -> dict[str, dict[str, Any]]:
    """The items of a seat's own fields that are actions in the game's notation (Time Chase's cards in hand)
    and not among its buttons, each with why it may not be played now: the oracle's verdict
    (`Game.explain`) when that seat is the one to act, else nothing (it is not that seat's turn).  The page
    draws each card once, as a control: those of ``buttons`` play, these are disabled."""
    cards: dict[str, dict[str, Any]] = {}
    for item in (item for field in private for item in field.get("items", ()) if item not in buttons):
        try:
            action = game.parse_action(item)
        except (NotationError, ValueError):
            continue  # words, not an action (3 ombres's tiles seen)
        verdict = game.explain(state, action, rules) if acting else None
        cards[item] = _verdict(verdict) if verdict is not None and not verdict.is_legal else {}
    return cards


def _applied(game: AnyGame, state: Any, action: Any, rules: Any, actor: int | None,
             umpire: bool) -> tuple[dict[str, Any], Any]:
    """A legal action applied, as the answer tells it: its notation and events, each event in words (the
    replay's steps), those every player saw (``public``), and the moment a 3 ombres turn showed; and the state
    after it."""
    applied = game.apply(state, action, rules)
    sentences = [game.event_sentence(e) for e in applied.events]
    public = [game.event_sentence(e) for e in game.public_events(state, applied.events, applied.state)]
    moment = game.moment_svg(state, applied.events, applied.state, umpire)
    return {"action": game.format_action(action), "before": game.format_state(state),
            "events": [game.event_text(e) for e in applied.events], "sentences": sentences, "public": public,
            "by": actor, "chance": game.to_act(state).kind == "chance",
            "steps": [{"text": text, "svg_row": "", "svg_column": ""} for text in sentences],
            "moment": moment, "moment_steps": moment_steps(applied.events) if moment else len(sentences)}, applied.state


def moment_steps(events: Sequence[Any]) -> int:
    """How many of an action's steps its moment picture (`Game.moment_svg`) shows: up to its last tile revealed.
    The steps after it (3 Ombres: the two tiles turned face down again, or cleared as a pair) happen when the
    player turns the tiles back, and the page lists them only then."""
    return max((i + 1 for i, event in enumerate(events) if getattr(event, "kind", None) == "reveal"),
               default=len(events))


SETTLE_MOST = 50  # actions the oracle plays on its own after one click, at most (a chance, a forced choice)


Settled = tuple[dict[str, Any] | None, Any, list[str], list[dict[str, Any]]]


def _settle(game: AnyGame, state: Any, rules: Any, picks: list[str], applied: dict[str, Any] | None,
            draw: bool, seed: int | None, umpire: bool) -> Settled:
    """What the oracle plays on its own after an action: with ``draw`` (a click outside the umpire's seat),
    each chance step at random (a die rolled when the player rolls it, a card drawn), never an outcome to
    choose; a simultaneous step in which every player has one choice only (`_forced`), at once; and the sealed
    choice of each player who has one choice only, without asking them (``only``: who, and that choice's
    words).  The applied action's answer then tells every action played."""
    only: list[dict[str, Any]] = []
    for _ in range(SETTLE_MOST):
        mover = game.to_act(state)
        forced = _forced(game, state, rules) if applied is not None else None
        if applied is not None and mover.kind == "chance" and draw:
            action = _chance_sample(game, state, rules, seed)
        elif forced is not None:
            action = forced
        elif mover.kind == "simultaneous" and len(picks) < len(mover.players) and len(
                choices := game.legal_actions(state, rules, mover.players[len(picks)])) == 1:
            player = mover.players[len(picks)]
            words = game.action_words(state, choices[0]) or {}
            only.append({"player": game.player_name(player), "action": game.format_action(choices[0]),
                         "words": dict(words)})
            picks = [*picks, SEALED + game.format_action(choices[0])]
            if len(picks) < len(mover.players):
                continue
            action = game.joint_action(state, {p: game.parse_action(c.removeprefix(SEALED))
                                               for p, c in zip(mover.players, picks, strict=True)})
        else:
            break
        picks, before = [], state
        played, state = _applied(game, state, action, rules, None, umpire)
        applied = played if applied is None else _merged(applied, played)
        if forced is not None:
            applied["forced"] = game.format_action(forced)
            applied["forced_words"] = dict(game.action_words(before, forced) or {})  # what was played, for whom
    return applied, state, picks, only


def _merged(before: dict[str, Any], played: dict[str, Any]) -> dict[str, Any]:
    """Two actions applied one after the other, told as one: the first's notation, who played it and its
    moment, then every action's notation (``then``), events and words."""
    return {**played, "action": before["action"], "before": before["before"], "by": before["by"],
            "chance": before["chance"], "moment": before["moment"] or played["moment"],
            "moment_steps": before["moment_steps"] if before["moment"]
            else len(before["sentences"]) + played["moment_steps"],
            "then": [*before.get("then", ()), played["action"]],
            **{key: before[key] for key in ("forced", "forced_words") if key in before},
            **{key: before[key] + played[key] for key in ("events", "steps", "public", "sentences")}}


def _forced(game: AnyGame, state: Any, rules: Any) -> Any:
    """The joint action of a simultaneous step in which every acting player has one legal choice only
    (`Game.joint_action`), else None."""
    mover = game.to_act(state)
    if mover.kind != "simultaneous":
        return None
    choices = {p: game.legal_actions(state, rules, p) for p in mover.players}
    if not all(len(c) == 1 for c in choices.values()):
        return None
    return game.joint_action(state, {p: c[0] for p, c in choices.items()})


def _text_picture(game: AnyGame, state: Any, lang: Any) -> str:
    """The game's text picture (the CLI's, `Game.state_text`) in the page's language, where it has two."""
    with text_language(str(lang) if lang in LANGUAGES else "en"):
        return f'<pre class="pg-text">{html.escape(game.state_text(state))}</pre>'


def _seed(request: dict[str, Any]) -> int | None:
    """The request's ``seed`` (a whole number the page draws afresh for each new game's click), or None."""
    value = request.get("seed")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _chance_sample(game: AnyGame, state: Any, rules: Any, seed: int | None = None) -> Any:
    """One outcome of a chance step, drawn with a seed made from the state and ``seed``: with no ``seed`` (a
    link to a position), the same state draws the same; the page sends a fresh one in a new game, so that
    each new game is dealt anew."""
    text = game.format_state(state) if seed is None else f"{seed} {game.format_state(state)}"
    return game.sample_chance(state, rules, Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")))


def in_french(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer for the French edition: the words of its pictures and of its replayed steps in French
    (`oracle.tools.site.french`, as the French pages' examples), a card game's events in words as its
    lessons say them, a refusal's reason as the lessons word it, how the game ended, and the umpire's fields; the
    oracle's notation and rule IDs stay as it writes them.  The page's own words are the
    script's (docs/javascripts/playground.js)."""
    pictures = ("svg_row", "svg_column", "table")
    out = {**answer, **{key: translate_html(answer[key]) for key in pictures if answer.get(key)}}
    def cards(view: dict[str, Any]) -> dict[str, Any]:
        return {item: {**why, "reason": translate_reason(why["reason"])} if why else why
                for item, why in view.get("cards", {}).items()}

    if answer.get("view"):
        out["view"] = {**answer["view"], "picture": translate_html(answer["view"]["picture"]),
                       "cards": cards(answer["view"])}
    if answer.get("hands"):
        out["hands"] = [{**view, "cards": cards(view)} for view in answer["hands"]]
    if answer.get("verdict"):
        out["verdict"] = {**answer["verdict"], "reason": translate_reason(answer["verdict"]["reason"])}
    if answer.get("outcome"):
        out["outcome"] = {**answer["outcome"], "reason": translate_outcome(answer["outcome"]["reason"])}
    if answer.get("fields"):
        out["fields"] = [translate_field(name, value) for name, value in answer["fields"]]
    if answer.get("buttons"):
        out["buttons"] = [{**b, "label": translate_chance(b["label"])} if b["pick"] == CHANCE else b
                          for b in answer["buttons"]]
    # A board's steps are its pictures' sentences; a card game's, its events in words, as the lessons say them.
    say = translate_event if answer.get("mode") == "list" else translate_text
    if answer.get("oracle"):
        out["oracle"] = {**answer["oracle"], "played": [
            {**told, "public": [say(t) for t in told["public"]],
             **({"steps": _steps_in_french(told["steps"], say)} if "steps" in told else {})}
            for told in answer["oracle"]["played"]]}
    if answer.get("game") == "time-chase":
        out.update(_cards_in_french(out))
    if answer.get("game") == "ttykm":
        out["notation_key"] = TURN_KEY
    if answer.get("applied"):
        applied = answer["applied"]
        out["applied"] = {**applied, "steps": _steps_in_french(applied["steps"], say),
                          **({"public": [say(text) for text in applied["public"]]} if "public" in applied else {}),
                          **({"moment": translate_html(applied["moment"])} if applied.get("moment") else {})}
    return out


def _steps_in_french(steps: Sequence[dict[str, str]], say: Callable[[str], str]) -> list[dict[str, str]]:
    """An action's replayed steps for the French edition: each step's words (``say``) and pictures in French."""
    return [{**step, "text": say(step["text"]), "svg_row": translate_html(step["svg_row"]),
             "svg_column": translate_html(step["svg_column"])} for step in steps]


def _cards_in_french(answer: dict[str, Any]) -> dict[str, Any]:
    """A Time Chase answer's cards as the French edition labels them (`oracle.tools.site.french.card_fr`): the
    note (with the labels' key), the buttons' words, each card of a hand (``card_labels``, by its notation) and the
    umpire's fields; the notation a button plays and the typed box take stays the oracle's (``notation_key``)."""
    out: dict[str, Any] = {"notation_key": TYPED_KEY}
    if answer.get("note"):
        note = {lang: card_fr(text) if lang.startswith("fr") else text for lang, text in answer["note"].items()}
        out["note"] = {**note, "fr": note["fr"] + "\n" + CARD_KEY_LINE} if "fr" in note else note
    out["buttons"] = [{**button, "words": {**button["words"], "fr": card_fr(button["words"]["fr"])}}
                      if "fr" in button.get("words", {}) else button for button in answer.get("buttons", [])]
    said = answer.get("said")
    if said and "fr" in said["words"]:
        out["said"] = {**said, "words": {**said["words"], "fr": card_fr(said["words"]["fr"])}}
    views = [answer["view"]] if answer.get("view") else []
    items = [item for view in views + list(answer.get("hands") or []) for field in view["private"]
             for item in field.get("items", ())] + list(answer.get("out") or [])
    out["card_labels"] = {item: card_fr(item) for item in items if card_fr(item) != item}
    if answer.get("fields"):
        out["fields"] = [[name, cards_fr(value)] for name, value in answer["fields"]]
    return out


def typed_in_french(request: dict[str, Any]) -> dict[str, Any]:
    """A French edition's request with the action typed in its box as the oracle reads it: a Time Chase card
    typed with its French label (``J11``) in the notation (``Y11``, `oracle.tools.site.french.card_from_fr`);
    a card typed in notation, and any other game's action, as typed."""
    if request.get("game") != "time-chase" or not isinstance(request.get("action"), str):
        return request
    return {**request, "action": card_from_fr(request["action"])}


def view_json(request: str) -> str:
    """`view` for the page's script: a JSON request in, a JSON answer out; bad input is an ``error``.
    A request with ``lang`` ``fr`` is read (`typed_in_french`) and answered (`in_french`) for the French
    edition."""
    try:
        parsed = json.loads(request)
        if parsed.get("lang") == "fr":
            parsed = typed_in_french(parsed)
        answer = view(parsed)
        return json.dumps(in_french(answer) if parsed.get("lang") == "fr" else answer)
    except (NotationError, ValueError, KeyError) as exc:
        return json.dumps({"error": str(exc)})


__all__ = ["Playable", "chooser_ruleset", "games", "hand_cards", "in_french", "list_view", "oracle_plays",
           "oracle_seat", "out_of_play", "playable", "playable_games", "player_counts", "prepare", "public_picture",
           "seat_told", "seat_view", "seats", "typed_in_french", "umpire_fields", "view", "view_json"]
