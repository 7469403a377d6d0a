"""A move of TTYKM: a player's turn, or the chance draw of a Convergence game's pair (CONVERGENCE.DRAW).

Read, written, judged and played here once, for the game's interface
(`oracle.games.ttykm.game`) and for the worked examples, whose turns may be
draws (`oracle.games.ttykm.examples`).
"""

from __future__ import annotations

from oracle.games.ttykm import notation
from oracle.games.ttykm.events import Drawn, Event
from oracle.games.ttykm.rules import apply_turn, explain
from oracle.games.ttykm.rules.convergence import draw_refusal, drawn
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Draw, Turn
from oracle.interface import ILLEGAL, LEGAL, Applied, IllegalAction, Verdict

Move = Turn | Draw
"""An action of the game: a player's turn, or the chance draw of a Convergence game's pair."""


def read_move(text: str) -> Move:
    """A draw (``draw growth+memory``) or a turn in the notation (NOTATION.TURN)."""
    draw = notation.parse_draw(text)
    return draw if draw is not None else notation.parse_turn(text)


def format_move(move: Move) -> str:
    return move.value if isinstance(move, Draw) else notation.format_turn(move)


def explain_move(position: Position, move: Move, ruleset: Ruleset) -> Verdict:
    """The verdict on a turn (`oracle.games.ttykm.rules.standard.explain`) or a draw (CONVERGENCE.DRAW)."""
    if isinstance(move, Draw):
        refusal = draw_refusal(position, move.pair)
        if refusal is not None:
            return Verdict(ILLEGAL, refusal[1], refusal[0])
        return Verdict(LEGAL, "")
    return explain(position, move, ruleset)


def apply_move(position: Position, move: Move, ruleset: Ruleset) -> Applied[Position, Event]:
    """The position after a legal move and its events; `IllegalAction` with the verdict otherwise."""
    if isinstance(move, Draw):
        verdict = explain_move(position, move, ruleset)
        if not verdict.is_legal:
            raise IllegalAction(verdict)
        return Applied(drawn(position, move.pair, ruleset), (Drawn(move.pair),))
    played = apply_turn(position, move, ruleset)
    return Applied(played.position, played.events)
