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

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from oracle.games.ttykm.board import SQUARES, TRAVELS, Action, Colour, Era, neighbour
from oracle.games.ttykm.events import Drawn, Event
from oracle.games.ttykm.notation import cell_name, parse_action, parse_cell, square_name
from oracle.games.ttykm.pictures.overlays import AIMED_KIND, Arrow, ArrowKind
from oracle.games.ttykm.pictures.phases import phase_stages
from oracle.games.ttykm.pictures.steps import positions_through
from oracle.games.ttykm.pictures.svg import Overlays, attempt_overlays, board_svg, turn_overlays
from oracle.games.ttykm.pictures.text import event_prose
from oracle.games.ttykm.rules.convergence import PAIRS, drawn, is_undrawn
from oracle.games.ttykm.rules.standard import played_so_far
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
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


def _drawn_kind(arrow: Arrow) -> ArrowKind:
    """How an action of the turn so far is drawn: the picks lead on to a legal turn, so each is drawn
    as what it is (a move, a travel, or a chapter's aimed action in its own colour), never refused."""
    if isinstance(arrow.action, Aimed):
        return AIMED_KIND[arrow.action.letter]
    return "travel" if arrow.action in TRAVELS else "move"


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
                return Verdict(ILLEGAL, f"{_in_words(target)} is neither next to {_in_words(here)} nor the same "
                               "square one era away", "ACTION.KINDS")
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

    def picture(self, state: Position, picks: Sequence[str], targets: Sequence[str], layout: str) -> str:
        """The board with the turn so far drawn on it (as moves and travels) and the cells of
        ``targets`` ringed."""
        made = self.action_of(state, picks)
        rings = tuple(parse_cell(t) for t in targets if not t.startswith((FOCUS, ACT, DRAW)))
        # Once the copy has acted, the board is drawn as the actions left it: the copy where it now
        # stands, highlighted, with the arrows of its actions so far.  The chapters are the position's;
        # a variant that alone makes the actions legal leaves them drawn on the board as it was.
        so_far = played_so_far(state, made, STANDARD) if isinstance(made, Turn) and made.actions else None
        if so_far is not None:
            overlays = replace(turn_overlays(so_far.events, "after"), targets=rings)
            return board_svg(so_far.position, overlays, layout=_layout(layout), interactive=True)
        overlays = attempt_overlays(state, made) if isinstance(made, Turn) else Overlays()
        overlays = replace(overlays, arrows=tuple(replace(a, kind=_drawn_kind(a)) for a in overlays.arrows))
        overlays = replace(overlays, targets=rings)
        return board_svg(state, overlays, layout=_layout(layout), interactive=True)

    def refused_picture(self, state: Position, action: Turn | Draw, layout: str) -> str:
        """The board with a turn the rules refused drawn as attempted, its refused action included
        (even one off the board, which no click can make)."""
        overlays = attempt_overlays(state, action) if isinstance(action, Turn) else Overlays()
        return board_svg(state, overlays, layout=_layout(layout), interactive=True)

    def reason_text(self, reason: str) -> str:
        """The oracle's reason in a player's words: action letters become words, and a part that says
        how to write the turn (such as ``>present``) is left out."""
        kept = [part for part in reason.split("; ") if ">" not in part] or [reason]
        return re.sub(r"\b[NESWFB]\b", lambda m: ACTION_WORDS[m.group(0)], "; ".join(kept))

    def steps(self, state: Position, action: Turn | Draw, rules: Ruleset, events: Sequence[Event],
              after: Position) -> tuple[Step, ...]:
        """Each step of a turn with the board just after it: each event of a standard turn, with
        the turn's arrows so far; each phase of a chapter turn (`phase_stages`: each action in its
        own era, then each phase of each later era that changed something, then the Focus), with its
        events in words."""
        trace = tuple(events)
        if trace and isinstance(trace[0], Drawn):  # the draw sets the pair's objects up (CONVERGENCE.DRAW)
            after = drawn(state, trace[0].pair, STANDARD)
            return (Step(event_prose(trace[0]), board_svg(after, layout="row"), board_svg(after, layout="column")),)
        if state.chapters is not None and isinstance(action, Turn):
            shown_stages = []
            for stage in phase_stages(state, action, rules):
                if not stage.events:  # a phase of a later era that changed nothing
                    continue
                said = " ".join(event_prose(e) for e in stage.events)
                overlays = turn_overlays(stage.events, "after")
                shown_stages.append(Step(f"{stage.caption}: {said}", board_svg(stage.position, overlays, layout="row"),
                                         board_svg(stage.position, overlays, layout="column")))
            return tuple(shown_stages)
        positions = positions_through(state, trace)
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


ACTION_WORDS = {"N": "a move north", "E": "a move east", "S": "a move south", "W": "a move west",
                "F": "a travel forward", "B": "a travel back"}


def _layout(layout: str) -> Literal["row", "column"]:
    return "column" if layout == "column" else "row"


def _in_words(c: int) -> str:
    """A cell as a player says it: ``b2 of the past``."""
    era, square = divmod(c, SQUARES)
    return f"{square_name(square)} of the {Era(era).word}"


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
