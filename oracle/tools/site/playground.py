"""The playground's engine: a turn played by clicking, judged by the oracle.

This module runs in the reader's browser (Pyodide loads the oracle's own
source, see `oracle.tools.site.bundle`) and, unchanged, under CPython in the
tests.  It is generic: it talks to a game only through the common interface
(`oracle.interface.Game`) and the game's `Playable`, which a game offers in
its ``play`` module (``oracle/games/<name>/play.py``, attribute ``PLAY``).  A
game with no such module simply has no playground.

The page keeps no rules of its own.  It sends the position, the rules and
the picks (clicks) so far; `view` answers with the pictures, the picks that
lead on to some legal action, and either the action applied (with its
events, step by step) or, for a pick that leads nowhere legal, the oracle's
verdict with its rule ID.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol

from oracle.errors import NotationError
from oracle.games import GAMES, load_game
from oracle.interface import Game, Verdict

AnyGame = Game[Any, Any, Any, Any]


class Step(Protocol):
    """One event of an action as the playground replays it: a sentence and the pictures just after it."""

    @property
    def text(self) -> str: ...

    @property
    def svg_row(self) -> str: ...

    @property
    def svg_column(self) -> str: ...


class Playable(Protocol):
    """What a game adds to the interface to be played by clicking on its pictures."""

    def picks_of(self, state: Any, action: Any) -> tuple[str, ...]:
        """The clicks that make ``action``, in order; cells are named as the pictures' ``data-cell``."""
        ...

    def action_of(self, state: Any, picks: Sequence[str]) -> Any:
        """The (partial) action the picks make, or a `Verdict` when they make none."""
        ...

    def pick_label(self, state: Any, pick: str) -> str:
        ...

    def player_name(self, player: int) -> str:
        """A player's name as the pictures write it, such as ``White``."""
        ...

    def all_picks(self, state: Any) -> tuple[str, ...]:
        """The picks shown as buttons (not cells of a picture)."""
        ...

    def picture(self, state: Any, picks: Sequence[str], targets: Sequence[str], layout: str) -> str:
        """An SVG of the state with the action so far and the ``targets`` cells ringed; ``layout`` is
        ``row`` (wide screens) or ``column`` (narrow ones)."""
        ...

    def steps(self, state: Any, events: Sequence[Any]) -> Sequence[Step]:
        ...

    def edit(self, state: Any, pick: str) -> Any:
        """The state with the cell ``pick`` changed by one click of the position editor."""
        ...


def playable(name: str) -> Playable | None:
    """The game's `Playable`, or None if it has no playground yet."""
    module = GAMES.get(name)
    if module is None:
        return None
    try:
        found = importlib.import_module(module.rpartition(".")[0] + ".play")
    except ModuleNotFoundError:
        return None
    play: Playable = found.PLAY
    return play


def playable_games() -> list[dict[str, str]]:
    """Every game with a playground: its name and title."""
    return [{"name": name, "title": load_game(name).title} for name in GAMES if playable(name) is not None]


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


def _verdict(verdict: Verdict) -> dict[str, Any]:
    return {"status": verdict.status, "reason": verdict.reason, "rule": verdict.rule}


def view(request: dict[str, Any]) -> dict[str, Any]:
    """The playground's answer to one request (see the module docstring).

    ``request``: ``game`` (a name of `GAMES`), ``state`` (the game's text
    notation; empty for the initial state), ``rules`` (empty for the
    default), ``picks`` (the clicks so far, the newest last) and optionally
    ``edit`` (a cell to change with the position editor instead of playing).
    """
    name = str(request.get("game") or "")
    game, play = load_game(name), playable(name)
    if play is None:
        raise NotationError("this game has no playground yet", name)
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
    answer: dict[str, Any] = {"game": name, "title": game.title, "rules": rules_text, "verdict": None,
                              "applied": None}
    legal = _legal(name, state_text, rules_text) if game.to_act(state).kind != "over" else ()
    attempt: Sequence[str] = ()
    if request.get("action"):
        action = game.parse_action(str(request["action"]))
        verdict = game.explain(state, action, rules)
        picks = list(play.picks_of(state, action)) if verdict.is_legal else []
        if not verdict.is_legal:
            answer["verdict"] = _verdict(verdict)
            attempt = [p for p in play.picks_of(state, action) if p not in play.all_picks(state)]
    if picks and not any(seq[:len(picks)] == tuple(picks) for _, seq in legal):
        made = play.action_of(state, picks)
        verdict = made if isinstance(made, Verdict) else game.explain(state, made, rules)
        answer["verdict"] = _verdict(verdict)
        picks = picks[:-1]
    complete = [action for action, seq in legal if seq == tuple(picks)]
    if picks and complete:
        applied = game.apply(state, complete[0], rules)
        answer["applied"] = {
            "action": game.format_action(complete[0]),
            "before": state_text,
            "events": [game.event_text(e) for e in applied.events],
            "steps": [{"text": s.text, "svg_row": s.svg_row, "svg_column": s.svg_column}
                      for s in play.steps(state, applied.events)],
        }
        state, picks = applied.state, []
        state_text = game.format_state(state)
        legal = _legal(name, state_text, rules_text) if game.to_act(state).kind != "over" else ()
    nexts = [seq[len(picks)] for _, seq in legal if seq[:len(picks)] == tuple(picks) and len(seq) > len(picks)]
    buttons = play.all_picks(state)
    targets = sorted({p for p in nexts if p not in buttons})
    outcome = game.outcome(state)
    answer.update({
        "state": state_text,
        "picks": picks,
        "targets": targets,
        "buttons": [{"pick": b, "label": play.pick_label(state, b), "leads_on": b in nexts} for b in buttons],
        "legal_count": len(legal),
        "mover": " and ".join(play.player_name(p) for p in game.to_act(state).players) or "Nobody",
        "outcome": None if outcome is None else {"reason": outcome.reason, "rule": outcome.rule},
        # A refused whole action is drawn as attempted; otherwise the clicks so far and where they may lead.
        "svg_row": play.picture(state, attempt or picks, () if attempt else targets, "row"),
        "svg_column": play.picture(state, attempt or picks, () if attempt else targets, "column"),
    })
    return answer


def view_json(request: str) -> str:
    """`view` for the page's script: a JSON request in, a JSON answer out; bad input is an ``error``."""
    try:
        return json.dumps(view(json.loads(request)))
    except (NotationError, ValueError, KeyError) as exc:
        return json.dumps({"error": str(exc)})


__all__ = ["Playable", "playable", "playable_games", "view", "view_json"]
