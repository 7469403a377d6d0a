"""TTYKM on a board you click: the game's side of the site's playground.

A turn is played as a sequence of *picks*, each a click: the copy (a cell
such as ``present:b1``), then the cell each action takes it to, then the new
Focus (``focus:past``).  A chapter's actions (plant, dig up, build, train,
command, a Move with pull) are buttons, picked as ``act:`` and the action's
notation (``act:Pb2``, ``act:E+``), so every chapter plays on the same board.
The playground (`oracle.tools.site.playground`) offers the picks that lead
on to some legal turn and, for any other pick, shows the oracle's verdict on
the turn it would make.  This module only
translates between picks and turns and draws; every judgement is the
rules' own (`oracle.games.ttykm.game`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from oracle.games.ttykm.board import SQUARES, TRAVELS, Action, Colour, Era, neighbour
from oracle.games.ttykm.events import Drawn, Event
from oracle.games.ttykm.notation import cell_name, parse_action, parse_cell
from oracle.games.ttykm.pictures.steps import positions_through
from oracle.games.ttykm.pictures.svg import Overlays, attempt_overlays, board_svg, turn_overlays
from oracle.games.ttykm.pictures.text import event_prose
from oracle.games.ttykm.rules.convergence import PAIRS, drawn, is_undrawn
from oracle.games.ttykm.ruleset import STANDARD
from oracle.games.ttykm.state import START_SUPPLY, Position
from oracle.games.ttykm.turn import Aimed, Draw, Pull, Turn, TurnAction
from oracle.interface import ILLEGAL, Verdict

FOCUS = "focus:"
ACT = "act:"  # a chapter action, by its notation
DRAW = "draw "  # a Convergence draw's button: "draw growth+memory"


@dataclass(frozen=True)
class Step:
    """One event of a turn as the playground replays it: its words and the board just after it."""

    text: str
    svg_row: str
    svg_column: str


def _after(c: int, action: Action) -> int | None:
    """The cell one action takes a copy on ``c`` to, if it stays on the board and the eras."""
    era, square = divmod(c, SQUARES)
    if action in TRAVELS:
        era += 1 if action is Action.FORWARD else -1
        return era * SQUARES + square if 0 <= era < len(Era) else None
    beyond = neighbour(square, action)
    return None if beyond is None else era * SQUARES + beyond


def _action_to(source: int, target: int) -> Action | None:
    return next((a for a in Action if _after(source, a) == target), None)


def _chapter_action(pick: str) -> Aimed | Pull:
    """The chapter action an ``act:`` pick names (the rest of the pick is its notation)."""
    action = parse_action(pick.removeprefix(ACT))
    if not isinstance(action, (Aimed, Pull)):
        raise ValueError(f"not a chapter action: {pick}")
    return action


def _moved(here: int, action: TurnAction) -> int | None:
    """Where the active copy stands after an action: a Move with pull moves it, an aimed action does not."""
    if isinstance(action, Aimed):
        return here
    return _after(here, action.direction if isinstance(action, Pull) else action)


class TTYKMPlay:
    """Picks, turns and pictures for the playground."""

    def picks_of(self, state: Position, action: Turn | Draw) -> tuple[str, ...]:
        """The clicks that make ``action``: the copy, each action's landing cell, the new Focus;
        a Convergence draw is one button (CONVERGENCE.DRAW).

        For an action that leaves the board or the eras the picks stop before it."""
        if isinstance(action, Draw):
            return (action.value,)
        assert state.to_move is not None
        picks: list[str] = []
        if action.copy is not None:
            here = state.focus[state.to_move] * SQUARES + action.copy
            picks.append(cell_name(here))
            for step in action.actions:
                landing = _moved(here, step)
                if landing is None:  # an attempt off the board or the eras: its picks stop there
                    return tuple(picks)
                here = landing
                picks.append(cell_name(here) if isinstance(step, Action) else ACT + step.value)
        if action.focus is not None:
            picks.append(FOCUS + action.focus.word)
        return tuple(picks)

    def action_of(self, state: Position, picks: Sequence[str]) -> Turn | Draw | Verdict:
        """The (partial) turn the picks make, for the oracle to judge, or a verdict
        when the picks make no turn at all (a copy off the Focus era, a jump)."""
        if picks and picks[0].startswith(DRAW):
            return Draw(picks[0].removeprefix(DRAW))
        if is_undrawn(state):
            return Verdict(ILLEGAL, "the pair of chapters is drawn first", "CONVERGENCE.DRAW")
        if state.to_move is None:
            return Verdict(ILLEGAL, "the game is over", "TURN.GAME-OVER")
        focus_era = state.focus[state.to_move]
        copy: int | None = None
        here: int | None = None
        actions: list[TurnAction] = []
        focus: Era | None = None
        for pick in picks:
            if focus is not None:
                return Verdict(ILLEGAL, "the turn ended when the Focus moved", "TURN.END")
            if pick.startswith(FOCUS):
                focus = Era[pick.removeprefix(FOCUS).upper()]
                continue
            if pick.startswith(ACT):
                if here is None:
                    return Verdict(ILLEGAL, "choose a copy on your Focus era before its actions", "TURN.COPY-CHOICE")
                if len(actions) == 2:
                    return Verdict(ILLEGAL, "a copy takes at most two actions", "TURN.ACTION-COUNT")
                chapter = _chapter_action(pick)
                actions.append(chapter)
                landing = _moved(here, chapter)
                if landing is None:  # a pull off the board: the oracle says why
                    return Turn(copy, tuple(actions))
                here = landing
                continue
            target = parse_cell(pick)
            if here is None:
                if target // SQUARES != focus_era:
                    return Verdict(ILLEGAL, f"the chosen copy must stand on your Focus era, the {focus_era.word}",
                                   "TURN.COPY-CHOICE")
                copy, here = target % SQUARES, target
                continue
            action = _action_to(here, target)
            if action is None:
                return Verdict(ILLEGAL, f"{cell_name(target)} is not one square or one era away from "
                               f"{cell_name(here)}", "ACTION.KINDS")
            if len(actions) == 2:
                return Verdict(ILLEGAL, "a copy takes at most two actions", "TURN.ACTION-COUNT")
            actions.append(action)
            here = target
        return Turn(copy, tuple(actions), focus)

    def pick_label(self, state: Position, pick: str) -> str:
        if pick.startswith(DRAW):
            return "Draw " + " and ".join(name.capitalize() for name in pick.removeprefix(DRAW).split("+"))
        if pick.startswith(FOCUS):
            return f"Focus to the {pick.removeprefix(FOCUS)}"
        if pick.startswith(ACT):
            chapter = _chapter_action(pick)
            if isinstance(chapter, Pull):
                return chapter.word.capitalize()
            return f"{chapter.word.capitalize()} {chapter.value[1:]}"
        return pick.replace(":", " ")

    def is_button(self, pick: str) -> bool:
        """Focus moves, chapter actions and a Convergence draw are buttons; every other pick is a cell."""
        return pick.startswith((FOCUS, ACT, DRAW))

    def player_name(self, player: int) -> str:
        return Colour(player).word.capitalize()

    def all_picks(self, state: Position) -> tuple[str, ...]:
        """Picks that are not cells, offered as buttons whether legal or not: the
        Focus eras, or before a Convergence game's draw, the three pairs."""
        if is_undrawn(state):
            return tuple(DRAW + pair for pair in PAIRS)
        return tuple(FOCUS + era.word for era in Era)

    def picture(self, state: Position, picks: Sequence[str], targets: Sequence[str], layout: str,
                refused: bool = False) -> str:
        """The board with the turn so far drawn on it and the cells of ``targets`` ringed.

        The actions of a turn legal so far are drawn as moves and travels; only a refused
        turn's are drawn as refused."""
        made = self.action_of(state, picks)
        overlays = attempt_overlays(state, made) if isinstance(made, Turn) else Overlays()
        if not refused:
            overlays = replace(overlays, arrows=tuple(
                replace(a, kind="travel" if a.action in TRAVELS else "move") for a in overlays.arrows))
        rings = tuple(parse_cell(t) for t in targets if not t.startswith((FOCUS, ACT, DRAW)))
        overlays = replace(overlays, targets=rings)
        return board_svg(state, overlays, layout="column" if layout == "column" else "row", interactive=True)

    def steps(self, state: Position, events: Sequence[Event], after: Position) -> tuple[Step, ...]:
        """Each event of a turn with the board just after it, the turn's arrows so far drawn on it.

        The step-by-step replay knows the standard game's events only; a
        chapter's turn is told event by event with one picture, the board
        after the whole turn, on its last step."""
        trace = tuple(events)
        if trace and isinstance(trace[0], Drawn):  # the draw sets the pair's objects up (CONVERGENCE.DRAW)
            after = drawn(state, trace[0].pair, STANDARD)
            return (Step(event_prose(trace[0]), board_svg(after, layout="row"), board_svg(after, layout="column")),)
        try:
            positions = positions_through(state, trace)
        except TypeError:  # a chapter event: positions_through replays the standard events only
            whole = turn_overlays(trace, "after")
            last = len(trace) - 1
            return tuple(Step(event_prose(event), board_svg(after, whole, layout="row") if n == last else "",
                              board_svg(after, whole, layout="column") if n == last else "")
                         for n, event in enumerate(trace))
        shown = []
        for n, position in enumerate(positions, start=1):
            overlays = turn_overlays(trace[:n], "after")
            shown.append(Step(event_prose(trace[n - 1]), board_svg(position, overlays, layout="row"),
                              board_svg(position, overlays, layout="column")))
        return tuple(shown)

    def edit(self, state: Position, pick: str) -> Position:
        """The position with the copy on a cell cycled: empty, White, Black, empty.

        A copy put on the board comes from its owner's supply (or, when the
        supply is empty, from the removed copies); a copy taken off goes back
        to the supply (or, when it is full, among the removed copies), so
        every colour still counts seven copies.
        """
        c = parse_cell(pick)
        occupant = state.occupant(c)
        if occupant is not None:
            state = _take(state, occupant, c)
        nxt = Colour.WHITE if occupant is None else Colour.BLACK if occupant is Colour.WHITE else None
        while nxt is not None and state.supply[nxt] == 0 and state.removed[nxt] == 0:
            nxt = Colour.BLACK if nxt is Colour.WHITE else None
        return state if nxt is None else _put(state, nxt, c)


def _pair(pair: tuple[int, int], colour: Colour, value: int) -> tuple[int, int]:
    return (value, pair[1]) if colour is Colour.WHITE else (pair[0], value)


def _take(state: Position, colour: Colour, c: int) -> Position:
    state = replace(state, copies=_pair(state.copies, colour, state.copies[colour] & ~(1 << c)))
    if state.supply[colour] == START_SUPPLY:
        return replace(state, removed=_pair(state.removed, colour, state.removed[colour] + 1))
    return replace(state, supply=_pair(state.supply, colour, state.supply[colour] + 1))


def _put(state: Position, colour: Colour, c: int) -> Position:
    if state.supply[colour] == 0:
        state = replace(state, removed=_pair(state.removed, colour, state.removed[colour] - 1),
                        supply=_pair(state.supply, colour, 1))
    return replace(state, copies=_pair(state.copies, colour, state.copies[colour] | 1 << c),
                   supply=_pair(state.supply, colour, state.supply[colour] - 1))




PLAY = TTYKMPlay()
