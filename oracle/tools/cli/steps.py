"""What ``oracle moves`` says of the next step of a state, in the game's own words.

Through `oracle.interface.Game` only: who acts (`Game.to_act`) decides the
answer.  A player: their legal actions, and from a player's view also those
that depend on what the view cannot see, with what they depend on.  Sealed
choices (Time Chase's bids): who chooses, each one's choices, and how to
write the joint action they make.  Chance: its outcomes with their
probabilities, or, when they are too many to list (a deal), how to write one
or draw one with ``start --seed``.  The end: who won, and by which clause.
"""

from __future__ import annotations

from random import Random
from typing import Any

from oracle.games import DEFAULT_GAME, AnyGame
from oracle.interface import ToAct
from oracle.tools.records import depending, outcome_json, outcome_text
from oracle.words import counted

Json = dict[str, Any]


def _names(game: AnyGame, players: tuple[int, ...]) -> str:
    names = [game.player_name(p) for p in players]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def to_act_json(game: AnyGame, mover: ToAct) -> Json:
    return {"kind": mover.kind, "players": [game.player_name(p) for p in mover.players]}


def game_option(game: AnyGame) -> str:
    """``--game NAME `` as a command line needs it for this game (nothing for the default game)."""
    return "" if game.name == DEFAULT_GAME else f"--game {game.name} "


def player_step(game: AnyGame, state: Any, rules: Any, player: int | None) -> tuple[Json, list[str]]:
    """The legal actions; from a view, also those that depend on its unknowns, grouped by what they depend on."""
    words = game.words
    legal = list(game.legal_actions(state, rules, player))
    names = [game.format_action(a) for a in legal]
    depends = depending(game, state, rules, player, legal)
    lines = [*names, counted(len(names), "legal " + words.action)]
    mover = game.to_act(state)
    if player is not None and player not in mover.players:
        lines[-1] += f": {game.player_name(player)} does not act now ({_names(game, mover.players)} does)"
    elif player is not None:
        lines[-1] += f" for {game.player_name(player)}"  # --player: whose choices these are
    if depends:
        lines[-1] += " in every completion of this view"
        lines.append(f"{len(depends)} more depend on what this view cannot see:")
        groups: dict[tuple[str | None, str], list[str]] = {}
        for item in depends:
            groups.setdefault((item["rule"], item["reason"]), []).append(item["turn"])
        for (rule, reason), turns in groups.items():
            lines.append(f"  {' '.join(turns)}: depends: {rule}: {reason}")
    return {"count": len(names), "turns": names, "depends": depends}, lines


def sealed_step(game: AnyGame, state: Any, rules: Any, mover: ToAct) -> tuple[Json, list[str]]:
    """Who chooses at once, each one's choices, and the joint action they make, written out."""
    choices = {p: list(game.legal_actions(state, rules, p)) for p in mover.players}
    lines = [f"{_names(game, mover.players)} choose at once (sealed); their choices are played as one "
             f"{game.words.action}:"]
    lines += [f"  {game.player_name(p)}: " + " | ".join(game.format_action(a) for a in actions)
              for p, actions in choices.items()]
    example = None
    if all(choices.values()):
        example = game.format_action(game.joint_action(state, {p: a[-1] for p, a in choices.items()}))
        lines.append(f"write them as one {game.words.action}, such as: {example}")
    lines.append(f"('oracle {game_option(game)}moves STATE --player N' lists one player's choices)".replace(
        "STATE", game.words.state.upper()))
    listed = {game.player_name(p): [game.format_action(a) for a in actions] for p, actions in choices.items()}
    return {"count": 0, "turns": [], "choices": listed, "joint": example}, lines


def chance_step(game: AnyGame, state: Any, rules: Any, at_start: bool) -> tuple[Json, list[str]]:
    """Chance's outcomes with their probabilities; when they are too many to list, how to write or draw one."""
    words = game.words
    outcomes = list(game.chance_outcomes(state, rules))
    if outcomes:
        names = [game.format_action(a) for a, _ in outcomes]
        width = max(len(n) for n in names)
        lines = [f"{n:<{width}}  {p}" for n, (_, p) in zip(names, outcomes, strict=True)]
        lines.append(f"{counted(len(names), 'chance outcome')}: nobody chooses; write the one that happened as "
                     f"the {words.action}")
        return {"count": len(names), "turns": names,
                "chances": [{"turn": n, "probability": str(p)} for n, (_, p) in zip(names, outcomes, strict=True)]}, \
            lines
    example = game.format_action(game.sample_chance(state, rules, Random(1)))
    lines = [f"chance acts next, with too many outcomes to list: write the one that happened as the "
             f"{words.action}, such as", f"  {example}"]
    if at_start:
        lines.append(f"or draw one from a seed: oracle {game_option(game)}start --seed N")
    return {"count": 0, "turns": [], "chances": None, "example": example}, lines


def next_step(game: AnyGame, state: Any, rules: Any, player: int | None, at_start: bool) -> tuple[Json, str]:
    """``moves``: what may happen next in ``state``, as JSON and as text (see the module)."""
    mover = game.to_act(state)
    if mover.kind == "over":
        outcome = game.outcome(state)
        data: Json = {"count": 0, "turns": []}
        lines = [outcome_text(outcome) if outcome is not None else "the game is over"]
    elif mover.kind == "chance":
        data, lines = chance_step(game, state, rules, at_start)
    elif mover.kind == "simultaneous" and player is None:
        data, lines = sealed_step(game, state, rules, mover)
    else:
        data, lines = player_step(game, state, rules, player)
    if player is not None and mover.kind in ("over", "chance"):
        why = "the game is over" if mover.kind == "over" else "chance does"
        lines.append(f"({game.player_name(player)} does not act now: {why})")
    answer = {"position": game.format_state(state), **data, "to_act": to_act_json(game, mover),
              "outcome": outcome_json(game, game.outcome(state))}
    if player is not None:
        answer["player"] = player
    return answer, "\n".join(lines)
