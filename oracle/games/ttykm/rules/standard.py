"""The rules of the standard game, each clause in one function that cites it.

This is the plain reading of spec/.  `oracle.games.ttykm.perft` holds the optimised
counter, which tests check against the functions here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from oracle.games.ttykm.board import ACTION_ORDER, NEIGHBOUR, SQUARES, Action, Colour, Era, cell, cell_prose
from oracle.games.ttykm.board import square_name as square_name  # re-exported
from oracle.games.ttykm.events import (
    CopyChosen,
    Created,
    Crushed,
    Event,
    FocusMoved,
    Moved,
    Paradox,
    Pushed,
    Travelled,
    Won,
)
from oracle.games.ttykm.rules import chapters
from oracle.games.ttykm.rules.step import Illegal as Illegal  # re-exported: the rules' own values
from oracle.games.ttykm.rules.step import Step as Step
from oracle.games.ttykm.rules.variants import check_variants
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import ERA_MASK, Position, check_position
from oracle.games.ttykm.turn import ILLEGAL, LEGAL, LEGAL_SO_FAR, Aimed, Pull, Turn, TurnAction, Verdict
from oracle.interface import IllegalAction
from oracle.words import counted


@dataclass(frozen=True, slots=True)
class Line:
    """One complete way for a chosen copy to act: its actions, the position
    after them and the events."""

    actions: tuple[TurnAction, ...]
    position: Position
    events: tuple[Event, ...]
    self_pushed: bool = False  # the last action, a Move onto the player's own copy, removed the active copy


class IllegalTurn(IllegalAction):
    """Raised by `apply_turn` for a turn that `explain` calls illegal."""


NO_CHAPTERS: frozenset[str] = frozenset()


# --- actions ----------------------------------------------------------------


def _with_copies(position: Position, copies: list[int], removed: list[int] | None = None) -> Position:
    return Position(
        copies=(copies[0], copies[1]),
        supply=position.supply,
        removed=(removed[0], removed[1]) if removed is not None else position.removed,
        focus=position.focus,
        to_move=position.to_move,
        winner=position.winner,
        chapters=position.chapters,
    )


def push(copies: list[int], removed: list[int], pushed: int, direction: Action, events: list[Event]) -> None:
    """Push the copy on cell ``pushed`` one square in ``direction``, in place.

    Rules: MOVE.PUSH, REMOVED.PERMANENT
    The pushed copy always leaves its square, so the square the pusher enters is
    empty afterwards, however the push resolves.  A removed copy only adds to
    its owner's removed count: it never returns to the supply.
    """
    colour = Colour.WHITE if copies[0] >> pushed & 1 else Colour.BLACK
    era_base = pushed - pushed % SQUARES
    square = NEIGHBOUR[direction][pushed % SQUARES]
    copies[colour] &= ~(1 << pushed)
    if square is None:
        # Rule: MOVE.PUSH.CRUSH
        removed[colour] += 1
        events.append(Crushed(colour, pushed, direction))
        return
    beyond = era_base + square
    if copies[colour] >> beyond & 1:
        # Rule: MOVE.PUSH.PARADOX
        copies[colour] &= ~(1 << beyond)
        removed[colour] += 2
        events.append(Paradox(colour, pushed, beyond))
        return
    if copies[colour.opponent] >> beyond & 1:
        # Rule: MOVE.PUSH.CHAIN
        push(copies, removed, beyond, direction, events)
    copies[colour] |= 1 << beyond
    events.append(Pushed(colour, pushed, beyond, direction))


def move(position: Position, colour: Colour, active: int, direction: Action, ruleset: Ruleset) -> Step | Illegal:
    """Move the active copy one square orthogonally on its era.

    Rules: MOVE.ORTHOGONAL, MOVE.WALL, MOVE.OWN-COPY, MOVE.EMPTY
    """
    square = NEIGHBOUR[direction][active % SQUARES]
    if square is None:
        return Illegal("MOVE.WALL", f"the copy on {cell_prose(active)} cannot move {direction.word}: the wall is there")
    target = active - active % SQUARES + square
    copies = [position.copies[0], position.copies[1]]
    if copies[colour] >> target & 1:
        if ruleset.self_push_removes:
            return self_push_paradox(position, colour, active, target)
        return Illegal(
            "MOVE.OWN-COPY",
            f"the copy on {cell_prose(active)} cannot move {direction.word} onto your own copy on {cell_prose(target)}",
        )
    events: list[Event] = []
    removed = [position.removed[0], position.removed[1]]
    if copies[colour.opponent] >> target & 1:
        push(copies, removed, target, direction, events)
    copies[colour] = copies[colour] & ~(1 << active) | 1 << target
    events.append(Moved(colour, active, target, direction))
    return Step(_with_copies(position, copies, removed), target, tuple(events))


def self_push_paradox(position: Position, colour: Colour, active: int, target: int) -> Step:
    """Variant self-push=paradox: moving onto your own copy removes both.

    Rule: VARIANT.SELF-PUSH-PARADOX
    The active copy is gone, so its actions end (see `copy_lines`).  The
    self-push=ends variant removes both the same way; `ends_actions` holds
    what it changes.  Among the chapters' objects the shared push resolution
    removes them (`oracle.games.ttykm.rules.push.move`).
    """
    copies = [position.copies[0], position.copies[1]]
    removed = [position.removed[0], position.removed[1]]
    copies[colour] &= ~(1 << active | 1 << target)
    removed[colour] += 2
    return Step(_with_copies(position, copies, removed), None, (Paradox(colour, active, target),))


def travel_forward(position: Position, colour: Colour, active: int) -> Step | Illegal:
    """Travel to the same square on the next era.

    Rule: TRAVEL.FORWARD
    """
    if active // SQUARES == Era.FUTURE:
        return Illegal(
            "TRAVEL.FORWARD", f"the copy on {cell_prose(active)} cannot travel forward: no era follows the future"
        )
    target = active + SQUARES
    if position.occupant(target) is not None:
        return Illegal(
            "TRAVEL.FORWARD",
            f"the copy on {cell_prose(active)} cannot travel forward: {cell_prose(target)} is occupied",
        )
    copies = [position.copies[0], position.copies[1]]
    copies[colour] = copies[colour] & ~(1 << active) | 1 << target
    return Step(_with_copies(position, copies), target, (Travelled(colour, active, target),))


def travel_backward(position: Position, colour: Colour, active: int) -> Step | Illegal:
    """Travel to the same square on the previous era, leaving a new copy from
    the supply on the square left.

    Rules: TRAVEL.BACKWARD, TRAVEL.BACKWARD.SUPPLY
    """
    if active // SQUARES == Era.PAST:
        return Illegal(
            "TRAVEL.BACKWARD", f"the copy on {cell_prose(active)} cannot travel backward: no era precedes the past"
        )
    target = active - SQUARES
    if position.occupant(target) is not None:
        return Illegal(
            "TRAVEL.BACKWARD",
            f"the copy on {cell_prose(active)} cannot travel backward: {cell_prose(target)} is occupied",
        )
    if position.supply[colour] < 1:
        return Illegal(
            "TRAVEL.BACKWARD.SUPPLY",
            f"the copy on {cell_prose(active)} cannot travel backward: {colour.word} has no copy left in supply",
        )
    copies = [position.copies[0], position.copies[1]]
    copies[colour] |= 1 << target  # the active copy arrives; the copy it left stays, now from supply
    supply = [position.supply[0], position.supply[1]]
    supply[colour] -= 1
    after = Position(
        copies=(copies[0], copies[1]),
        supply=(supply[0], supply[1]),
        removed=position.removed,
        focus=position.focus,
        to_move=position.to_move,
        winner=position.winner,
    )
    return Step(after, target, (Travelled(colour, active, target), Created(colour, active)))


def start_position(ruleset: Ruleset = STANDARD) -> Position:
    """The start of the game ``ruleset`` names: the standard start, with its
    chapters' objects when it names chapters."""
    check_variants(ruleset.chapters, ruleset)
    if not ruleset.chapters:
        return Position.start()
    return chapters.start_position(ruleset.chapters, ruleset)


def candidate_actions(position: Position, active: int) -> tuple[TurnAction, ...]:
    """The actions the copy on ``active`` may try, in order: the six standard
    actions, and in a chapter position the chapter's actions after them."""
    if position.chapters is None:
        return ACTION_ORDER
    return chapters.candidate_actions(position, active)


def perform(position: Position, colour: Colour, active: int, action: TurnAction, ruleset: Ruleset) -> Step | Illegal:
    """Take one action with the active copy on cell ``active``.

    Rule: ACTION.KINDS
    The standard actions are Move (N, E, S, W) and Travel (F, B); a chapter
    position hands every action to its chapter hooks, and a chapter action in
    the standard game is refused.
    """
    if position.chapters is not None:
        return chapters.perform(position, colour, active, action, ruleset)
    if isinstance(action, Aimed | Pull):
        return Illegal(
            "ACTION.KINDS", f"{action.value} ({action.word}) is a chapter action; this position plays the standard game"
        )
    if action is Action.FORWARD:
        return travel_forward(position, colour, active)
    if action is Action.BACKWARD:
        return travel_backward(position, colour, active)
    return move(position, colour, active, action, ruleset)


# --- the turn ---------------------------------------------------------------


def sequences(position: Position, colour: Colour, active: int, ruleset: Ruleset) -> Iterator[Line]:
    """Every sequence of one or two actions the copy on ``active`` can take,
    each first action followed at once by the second actions it allows.

    Rule: TURN.ACTIVE-COPY
    The copy that acted (even after travelling) takes the second action; a copy
    it created never does, and a copy removed by its own action acts no more.
    """
    for first in candidate_actions(position, active):
        step = perform(position, colour, active, first, ruleset)
        if isinstance(step, Illegal):
            continue
        yield Line((first,), step.position, step.events, self_pushed=is_self_push(first, step.active))
        if step.active is None:
            continue
        for second in candidate_actions(step.position, step.active):
            step2 = perform(step.position, colour, step.active, second, ruleset)
            if not isinstance(step2, Illegal):
                yield Line((first, second), step2.position, step.events + step2.events,
                           self_pushed=is_self_push(second, step2.active))


def is_self_push(action: TurnAction, active: int | None) -> bool:
    """Whether ``action``, which left the active copy on ``active``, was a Move
    that ended in a self-push paradox (a self-push variant).  A Move never
    removes the active copy otherwise: the wall and the objects that stay put
    refuse it (MOVE.WALL, OBJECTS.MOVE)."""
    return active is None and (action in NEIGHBOUR or isinstance(action, Pull))


def weight(line: Line, ruleset: Ruleset) -> int:
    """How many actions ``line`` counts for: its actions, or two for a
    self-push line under self-push=whole-turn.

    Rule: VARIANT.SELF-PUSH-WHOLE-TURN
    The self-push ends the copy's actions and counts as its whole turn, both
    for the number of actions (`copy_lines`) and for the copy choice
    (`choice`, through `longest_sequence`).
    """
    return 2 if line.self_pushed and ruleset.self_push_whole_turn else len(line.actions)


def longest_sequence(position: Position, colour: Colour, active: int, ruleset: Ruleset) -> int:
    """The most actions the copy on ``active`` can take this turn: 0, 1 or 2
    (each line counted by its `weight`)."""
    longest = 0
    weighs = ruleset.self_push_whole_turn
    for line in sequences(position, colour, active, ruleset):
        longest = max(longest, weight(line, ruleset)) if weighs else len(line.actions)
        if longest == 2:
            break
    return longest


def copy_lines(position: Position, colour: Colour, active: int, ruleset: Ruleset) -> tuple[Line, ...]:
    """Every way the copy on ``active`` can act this turn, at its longest.

    Rule: TURN.ACTION-COUNT
    The copy takes as many actions as its longest sequence allows, so only
    sequences of that length are returned: all two-action sequences if there is
    one, else all one-action sequences, else the empty sequence.
    """
    found = list(sequences(position, colour, active, ruleset))
    if ruleset.self_push_whole_turn:
        weights = [weight(line, ruleset) for line in found]
    else:
        weights = [len(line.actions) for line in found]  # the same, without a call per line
    longest = max(weights, default=0)
    if longest == 0:
        return (Line((), position, ()),)
    return tuple(line for line, n in zip(found, weights, strict=True) if n == longest or ends_actions(line, ruleset))


def first_allows_second(
    after: Position, colour: Colour, first: TurnAction, active: int | None, ruleset: Ruleset
) -> bool:
    """Whether the first action ``first``, which left the active copy on
    ``active`` (None: the action removed it), is the start of a turn of two
    actions: the question TURN.ACTION-COUNT asks of a first action, whose
    lines `copy_lines` lists.

    It is when the copy has a legal second action (the lines of
    `copy_lines` that start with it), or, under self-push=ends and
    self-push=whole-turn, when a Move onto the player's own copy removed the
    copy and so completed the turn.  Asking this instead of listing every
    line keeps `explain` quick: the lines are listed only to word an error.
    """
    if active is None:
        return ruleset.self_push_completes and is_self_push(first, active)
    return any(
        not isinstance(perform(after, colour, active, second, ruleset), Illegal)
        for second in candidate_actions(after, active)
    )


def ends_actions(line: Line, ruleset: Ruleset) -> bool:
    """Variant self-push=ends: a line whose Move onto its own copy removed the
    active copy is complete, however many actions the copy could have taken.

    Rule: VARIANT.SELF-PUSH-ENDS
    Under self-push=paradox the same line must still be of the longest length
    (TURN.ACTION-COUNT), so it is only a second action or a copy's only one;
    under self-push=whole-turn it counts as a whole turn (`weight`).
    """
    return ruleset.self_push_completes and line.self_pushed


def removed_acts_no_more(removing: TurnAction, ruleset: Ruleset) -> Illegal:
    """The refusal of any action after ``removing`` removed the active copy
    (TURN.ACTIVE-COPY): by its own paradox under a self-push variant, or by
    its own command's elephant (MEMORY.ACTIVE-KILLED)."""
    if not is_self_push(removing, None):
        return Illegal("MEMORY.ACTIVE-KILLED",
                       "the active copy was removed by its own action, so it takes no further action")
    rule = ("VARIANT.SELF-PUSH-ENDS" if ruleset.self_push_ends else
            "VARIANT.SELF-PUSH-WHOLE-TURN" if ruleset.self_push_whole_turn else "VARIANT.SELF-PUSH-PARADOX")
    return Illegal(rule, "the active copy was removed by its own paradox, so it takes no further action")


def focus_copies(position: Position, colour: Colour) -> tuple[int, ...]:
    """The cells of colour's copies on colour's Focus era.

    Rule: TURN.NO-COPY
    When this is empty the turn has no actions: the player only moves the Focus.
    """
    era = position.focus[colour]
    mask = position.copies[colour] >> (era * SQUARES) & ERA_MASK
    return tuple(cell(era, s) for s in range(SQUARES) if mask >> s & 1)


@dataclass(frozen=True, slots=True)
class Choice:
    """What the mover may do with the copies on the Focus era: each copy's
    longest sequence, the copies that may be chosen, and whether a turn with no
    actions is legal."""

    lengths: dict[int, int]
    choosable: tuple[int, ...]
    no_action: bool

    @property
    def longest(self) -> int:
        return max(self.lengths.values(), default=0)


def choice(position: Position, colour: Colour, ruleset: Ruleset) -> Choice:
    """Which copies the mover may choose.

    Rules: TURN.COPY-CHOICE, TURN.NO-ACTION, VARIANT.COPY-CHOICE-FREE
    A copy may be chosen only if its longest sequence is the longest of all the
    copies on the Focus era.  If no copy can act, the turn has no actions.  In
    the copy-choice=free variant any copy that can act may be chosen, and a
    turn with no actions is legal too when some copy there cannot act.
    """
    lengths = {c: longest_sequence(position, colour, c, ruleset) for c in focus_copies(position, colour)}
    longest = max(lengths.values(), default=0)
    if ruleset.copy_choice_free:
        choosable = tuple(c for c, n in lengths.items() if n > 0)
        return Choice(lengths, choosable, no_action=len(choosable) < len(lengths) or not lengths)
    if longest == 0:
        return Choice(lengths, (), no_action=True)
    return Choice(lengths, tuple(c for c, n in lengths.items() if n == longest), no_action=False)


def focus_targets(position: Position, colour: Colour) -> tuple[Era, ...]:
    """The eras the mover's Focus may move to.

    Rules: FOCUS.MOVE, FOCUS.SHARED
    Any era but the one it is on, adjacent or not, whatever the opponent's
    Focus; travel never moves the Focus (FOCUS.MOVE), so this is the era the
    turn started on.
    """
    return tuple(era for era in Era if era != position.focus[colour])


def winner_after(position: Position, mover: Colour) -> Colour | None:
    """The winner once ``mover``'s turn has ended, or None.

    Rules: WIN.CHECK, WIN.MOVER-NOT-CHECKED
    Only the opponent's eras are counted: the mover wins even when also on one
    era or none.
    """
    if len(position.eras_of(mover.opponent)) <= 1:
        return mover
    return None


def end_turn(position: Position, colour: Colour, focus: Era) -> tuple[Position, tuple[Event, ...]]:
    """Move the Focus, check the win and pass the turn.

    Rules: TURN.END, TURN.ORDER
    """
    old_focus = position.focus[colour]
    new_focus = (focus, position.focus[1]) if colour is Colour.WHITE else (position.focus[0], focus)
    events: list[Event] = [FocusMoved(colour, old_focus, focus)]
    winner = winner_after(position, colour)
    if winner is not None:
        events.append(Won(winner))
    after = Position(
        copies=position.copies,
        supply=position.supply,
        removed=position.removed,
        focus=new_focus,
        to_move=None if winner is not None else colour.opponent,
        winner=winner,
        chapters=position.chapters,
    )
    return after, tuple(events)


def is_game_over(position: Position) -> Illegal | None:
    """No turn is taken once the game is won.

    Rules: TURN.GAME-OVER, WIN.NO-DRAW
    The game ends only by a win; nothing else ends it.
    """
    if position.winner is not None:
        return Illegal("TURN.GAME-OVER", f"the game is over: {position.winner.word} has won")
    return None


def awaiting_draw(position: Position) -> Illegal | None:
    """No turn is taken before a Convergence game has drawn its pair (CONVERGENCE.DRAW)."""
    if position.chapters is not None and "convergence" in position.chapters.modules:
        return Illegal("CONVERGENCE.DRAW", "the pair of chapters is not drawn yet: the draw comes first")
    return None


# --- the oracle's questions --------------------------------------------------


def successors(position: Position, ruleset: Ruleset = STANDARD) -> list[tuple[Turn, Position]]:
    """Every legal turn with the position it leads to, in the order of
    `legal_turns`."""
    check_position(position)
    if ruleset.variants:  # VARIANT.SCOPE
        check_variants(NO_CHAPTERS if position.chapters is None else position.chapters.modules, ruleset)
    if is_game_over(position) is not None or awaiting_draw(position) is not None:
        return []
    assert position.to_move is not None
    colour = position.to_move
    options = choice(position, colour, ruleset)
    targets = focus_targets(position, colour)
    result: list[tuple[Turn, Position]] = []
    if options.no_action:
        for era in targets:
            result.append((Turn(None, (), era), end_turn(position, colour, era)[0]))
    for c in options.choosable:
        for line in copy_lines(position, colour, c, ruleset):
            for era in targets:
                result.append((Turn(c % SQUARES, line.actions, era), end_turn(line.position, colour, era)[0]))
    return result


def legal_turns(position: Position, ruleset: Ruleset = STANDARD) -> list[Turn]:
    """Every legal complete turn, in a deterministic order.

    Rules: ORACLE.TURN, ORACLE.ORDER
    Turns with no actions come first, then by the chosen copy's square (a1, b1,
    ... d4), then by actions in the order N, E, S, W, F, B, then by new Focus
    (past, present, future).  Turns that lead to the same position are all
    listed.
    """
    return [turn for turn, _ in successors(position, ruleset)]


@dataclass(frozen=True, slots=True)
class Applied:
    """What `apply_turn` returns: the new position and the events in order."""

    position: Position
    events: tuple[Event, ...]


def _resolve(position: Position, turn: Turn, ruleset: Ruleset) -> Illegal | tuple[Position, tuple[Event, ...], str]:
    """Walk ``turn`` rule by rule.  Return the first rule it breaks, or the
    position and events after its actions with a note on what the turn still
    needs ("" when it is complete and legal)."""
    check_position(position)
    if ruleset.variants:  # VARIANT.SCOPE
        check_variants(NO_CHAPTERS if position.chapters is None else position.chapters.modules, ruleset)
    over = is_game_over(position) or awaiting_draw(position)
    if over is not None:
        return over
    assert position.to_move is not None
    colour = position.to_move
    focus_era = position.focus[colour]
    events: list[Event] = []
    after = position
    needs = ""
    if turn.copy is None:
        options = choice(position, colour, ruleset)
        if not options.no_action:
            best = options.choosable[0]
            return Illegal(
                "VARIANT.COPY-CHOICE-FREE" if ruleset.copy_choice_free else "TURN.COPY-CHOICE",
                f"{colour.word} must choose a copy: the copy on {cell_prose(best)} can take"
                f" {counted(options.longest, 'action')}",
            )
    else:
        chosen = cell(focus_era, turn.copy)
        here = focus_copies(position, colour)
        if not here:
            return Illegal(
                "TURN.NO-COPY",
                f"{colour.word} has no copy on the {focus_era.word}, the Focus era, so the turn has no actions;"
                f" write only the new Focus, such as >{focus_targets(position, colour)[0].word}",
            )
        if chosen not in here:
            return Illegal(
                "TURN.COPY-CHOICE",
                f"there is no {colour.word} copy on {cell_prose(chosen)}; choose one of your copies on the"
                f" {focus_era.word}, the Focus era",
            )
        longest = longest_sequence(position, colour, chosen, ruleset)
        # A copy that can take two actions may always be chosen (no copy takes
        # more), so the other copies are weighed only when this one takes fewer.
        weighed = choice(position, colour, ruleset) if longest < 2 else None
        if weighed is not None and chosen not in weighed.choosable:
            if longest == 0 and weighed.longest > 0 and not weighed.no_action:
                # Naming no copy would be illegal too, so point at a copy that can act.
                best = weighed.choosable[0]
                return Illegal(
                    "TURN.NO-ACTION",
                    f"the copy on {cell_prose(chosen)} cannot take any action, but the copy on {cell_prose(best)}"
                    f" can take {weighed.longest}; choose a copy that can take {weighed.longest}",
                )
            if longest == 0:
                return Illegal(
                    "TURN.NO-ACTION",
                    f"the copy on {cell_prose(chosen)} cannot take any action; "
                    + ("no copy on the Focus era can act, so " if weighed.longest == 0 else "")
                    + "a turn without actions names no copy",
                )
            best = weighed.choosable[0]
            return Illegal(
                "TURN.COPY-CHOICE",
                f"the copy on {cell_prose(chosen)} can take only {counted(longest, 'action')}"
                f", but the copy on {cell_prose(best)} can take {weighed.longest}; choose a copy that can take"
                f" {weighed.longest}",
            )
        events.append(CopyChosen(colour, chosen))
        active: int | None = chosen
        for index, action in enumerate(turn.actions):
            if active is None:
                return removed_acts_no_more(turn.actions[index - 1], ruleset)
            step = perform(after, colour, active, action, ruleset)
            if isinstance(step, Illegal):
                return step
            after, active = step.position, step.active
            events.extend(step.events)
            # The actions so far must begin one of the copy's lines (`copy_lines`).
            begins_a_line = index < longest and (
                index > 0 or longest == 1 or first_allows_second(after, colour, action, active, ruleset)
            )
            if not begins_a_line:
                example = " then ".join(a.value for a in copy_lines(position, colour, chosen, ruleset)[0].actions)
                return Illegal(
                    "TURN.ACTION-COUNT",
                    f"after {action.value} the copy on {cell_prose(chosen)} cannot take a second action, but it must"
                    f" take {longest} when it can (for example {example})",
                )
        if len(turn.actions) < longest and active is not None:  # a copy removed by its own Move acts no more
            taken = len(turn.actions)
            lines = copy_lines(position, colour, chosen, ruleset)
            nexts = [line.actions[taken] for line in lines if line.actions[:taken] == turn.actions]
            if turn.is_complete:
                what = (
                    f"after {turn.actions[-1].value} it can still take {nexts[0].value}"
                    if turn.actions
                    else f"for example {' then '.join(a.value for a in lines[0].actions)}"
                )
                return Illegal(
                    "TURN.ACTION-COUNT",
                    f"the copy on {cell_prose(chosen)} must take {counted(longest, 'action')}; {what}",
                )
            left = longest - taken
            needs = f"the copy has {counted(left, 'more action')} to take"
    if turn.focus is None:
        return after, tuple(events), needs or "the turn needs its new Focus"
    if turn.focus not in focus_targets(position, colour):
        others = " or ".join(e.word for e in focus_targets(position, colour))
        return Illegal("FOCUS.MOVE", f"the Focus must leave the {focus_era.word} for another era ({others})")
    final, closing = end_turn(after, colour, turn.focus)
    return final, tuple(events) + closing, ""


def explain(position: Position, turn: Turn, ruleset: Ruleset = STANDARD) -> Verdict:
    """Say whether ``turn`` (complete or partial) is legal, and why not.

    Rule: ORACLE.PARTIAL
    A partial turn is "legal so far" when some legal complete turn extends it.
    An illegal verdict names the first rule the turn breaks, in the order the
    turn is played: the copy, each action, the number of actions, the Focus.
    """
    resolved = _resolve(position, turn, ruleset)
    if isinstance(resolved, Illegal):
        return Verdict(ILLEGAL, resolved.reason, resolved.rule)
    needs = resolved[2]
    if needs:
        return Verdict(LEGAL_SO_FAR, needs)
    return Verdict(LEGAL, "")


def played_so_far(position: Position, turn: Turn, ruleset: Ruleset = STANDARD) -> Applied | None:
    """The position and events after the actions of a turn, its Focus not yet moved (the turn may be
    partial); None when the actions break a rule (`explain` says which).  The playground draws a turn
    clicked so far on it."""
    resolved = _resolve(position, Turn(turn.copy, turn.actions), ruleset)
    if isinstance(resolved, Illegal):
        return None
    return Applied(resolved[0], resolved[1])


def apply_turn(position: Position, turn: Turn, ruleset: Ruleset = STANDARD) -> Applied:
    """Play a complete legal turn; raise `IllegalTurn` otherwise."""
    if not turn.is_complete:
        raise IllegalTurn(Verdict(ILLEGAL, f"{turn.value!r} is a partial turn; a turn ends with its new Focus",
                                  "ORACLE.PARTIAL"))
    resolved = _resolve(position, turn, ruleset)
    if isinstance(resolved, Illegal):
        raise IllegalTurn(Verdict(ILLEGAL, resolved.reason, resolved.rule))
    final, events, _ = resolved
    return Applied(final, events)


def outcome(position: Position) -> Colour | None:
    """The winner, or None while the game goes on (rule WIN.CHECK)."""
    return position.winner


__all__ = ["Applied", "IllegalTurn", "apply_turn", "explain", "legal_turns", "outcome", "square_name", "successors"]
