"""TTYKM behind the common game interface (`oracle.interface.Game`).

The shared tools reach the game through `GAME`; Python callers may equally use
the game's own functions (`oracle.games.ttykm.rules`), which this module only
forwards to.  Players are numbered as colours: 0 White, 1 Black.  Besides the
rules, it offers the shared tools the board pictures, the fast perft, the
vector sets of every ruleset (`vector_sets`), the blame of a conformance
report (`blame`) and the coverage of the vectors (`coverage`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import partial
from random import Random
from typing import Any

from oracle.errors import NotationError
from oracle.games.base import GameBase
from oracle.games.ttykm import fast, notation
from oracle.games.ttykm.board import Colour
from oracle.games.ttykm.encoding import ENCODING
from oracle.games.ttykm.events import Event
from oracle.games.ttykm.moves import Move, apply_move, explain_move, format_move, read_move
from oracle.games.ttykm.pictures.text import board_text
from oracle.games.ttykm.rules import legal_turns
from oracle.games.ttykm.rules.convergence import draw_outcomes, is_undrawn
from oracle.games.ttykm.rules.standard import start_position
from oracle.games.ttykm.rules.variants import check_variants, ruleset_name
from oracle.games.ttykm.ruleset import CHAPTERS, STANDARD, VARIANTS, Ruleset, UnknownVariant
from oracle.games.ttykm.state import Position, check_position
from oracle.games.ttykm.turn import Draw, Turn
from oracle.inputs import Bounds, Int, ListOf, MapOf, Maybe
from oracle.interface import (
    Applied,
    Blamer,
    Coverage,
    Game,
    Json,
    Outcome,
    Playable,
    ToAct,
    VectorSet,
    Verdict,
    Words,
    WorkedExamples,
)


def _pair(shape: object) -> dict[str, object]:
    return {"white": shape, "black": shape}


# The bounds the shared readers check (oracle.inputs.Bounds): the counts of the
# text notation have at most two digits, and the JSON form is of this shape.
BOUNDS = Bounds(
    fields={"supply": 99, "removed": 99, "seeds": 99, "built": 99},
    json={
        "copies": _pair(ListOf(str)), "turn": Maybe(str), "winner": Maybe(str), "focus": _pair(str),
        "supply": _pair(Int(99)), "removed": _pair(Int(99)), "rules": str,
        "objects": {"seed": ListOf(str), "shrub": ListOf(str), "tree": ListOf(str),
                    "fallen": ListOf({"cell": str, "root": str})},
        "seeds": Int(99), "statues": MapOf(ListOf(str)), "built": _pair(bool),
        "elephants": ListOf({"elephant": str, "cell": str, "hat": Maybe(str)}),
    },
    rules_fields=("rules",),
)

# The no-command tour's sample game (``oracle`` alone): each turn with what it shows.
SAMPLE_GAME = (
    ("a1 E F >present", "White steps east in the past, then travels forward: the past is now empty of White."),
    ("d4 S B >present", "Black steps south in the future and travels back to the present, leaving a new copy"
                        " from supply on future d3."),
    ("b1 F N >future", "White travels on to the future and steps north."),
    ("d3 W S >future", "Black walks west and south on the present."),
    ("b2 B E >present", "White travels back (a new copy stays on future b2) and pushes Black's c2 east."),
    ("d3 B B >present", "Black travels back twice, future to present to past, leaving a copy on each era it left."),
    ("c2 E N >future", "White crushes Black's d2 against the east wall, then pushes present d3 north onto"
                       " Black's own d4: a paradox removes both."),
    (">past", "Black's Focus era, the present, holds no black copy: no actions, only the Focus moves."),
)

# Perft's depth caps: the standard game's fast counter takes about half a minute at depth 6 on the
# command line; a variant or a chapter, counted by the plain rules or a slower fast path, about as
# long at depth 5.  A protocol request, with its budget of 2 s, goes two turns less deep.
PERFT_DEPTH, PERFT_DEPTH_OTHER_RULES = 6, 5
SERVER_PERFT_DEPTH, SERVER_PERFT_DEPTH_OTHER_RULES = 4, 3


def _modules(state: Position) -> frozenset[str]:
    return frozenset() if state.chapters is None else state.chapters.modules


class TTYKM(GameBase[Position, Move, Ruleset, Event]):
    """That Time You Killed Me, standard game and chapters."""

    name: str = "ttykm"
    title: str = "That Time You Killed Me"
    players: tuple[int, ...] = (int(Colour.WHITE), int(Colour.BLACK))
    words = Words(action="turn", state="position")
    bounds = BOUNDS
    encoding = ENCODING  # actions as numbers, observations as tensors (spec/ttykm/encoding.md)

    def player_name(self, player: int) -> str:
        return Colour(player).word

    def rulesets(self) -> Sequence[str]:
        return ("standard", *(name for name, ready in CHAPTERS.items() if ready))

    def variants(self) -> Mapping[str, str]:
        return VARIANTS

    def read_rules(self, ruleset: str | None, variants: str | None) -> Ruleset:
        chapters = notation.parse_chapters(ruleset) if ruleset not in (None, "standard") else None
        try:
            rules = Ruleset.parse(variants or "standard")
            if chapters is not None:
                rules = Ruleset.parse("+".join(sorted(rules.chapters | chapters.modules | rules.variants)))
        except UnknownVariant as exc:
            raise NotationError(str(exc)) from None
        return rules

    def rules_name(self, rules: Ruleset) -> str:
        return rules.name

    def initial_state(self, rules: Ruleset) -> Position:
        return start_position(rules)

    def read_state_text(self, text: str) -> Position:
        return notation.parse_position(text)

    def format_state(self, state: Position) -> str:
        return notation.format_position(state)

    def state_fields(self, value: Any) -> Json | None:
        try:
            if isinstance(value, str):
                return notation.position_to_json(notation.parse_position(value, check=False))
            if isinstance(value, dict):
                return notation.position_to_json(notation.position_from_json(value, check=False))
        except (NotationError, ValueError, KeyError, TypeError):
            return value if isinstance(value, dict) else None
        return None

    def state_to_json(self, state: Position) -> Json:
        return notation.position_to_json(state)

    def state_text(self, state: Position) -> str:
        return board_text(state)

    def read_state_json(self, obj: Any) -> Position:
        return notation.position_from_json(obj)

    def check_state(self, state: Position) -> None:
        check_position(state)

    def to_act(self, state: Position) -> ToAct:
        if state.to_move is None:
            return ToAct.over()
        if is_undrawn(state):
            return ToAct.chance()  # CONVERGENCE.DRAW
        return ToAct.player(int(state.to_move))

    def legal_actions(self, state: Position, rules: Ruleset, player: int | None = None) -> Sequence[Move]:
        if is_undrawn(state):
            return () if player is not None else [draw for draw, _ in self.chance_outcomes(state, rules)]
        if player is not None and player != state.to_move:
            return ()
        return fast.legal_turns(state, rules)  # the compiled engine where it covers the position

    def chance_outcomes(self, state: Position, rules: Ruleset) -> Sequence[tuple[Move, Fraction]]:
        return [(Draw(pair), chance) for pair, chance in draw_outcomes(state, rules)]

    def sample_chance(self, state: Position, rules: Ruleset, rng: Random) -> Move:
        outcomes = self.chance_outcomes(state, rules)
        if not outcomes:
            raise NotationError("no chance outcome to draw: only a rules=convergence start draws its pair")
        return outcomes[rng.randrange(len(outcomes))][0]

    def joint_action(self, state: Position, choices: Mapping[int, Move]) -> Move:
        raise NotationError("That Time You Killed Me has no simultaneous moves")

    def read_action_text(self, text: str) -> Move:
        return read_move(text)

    def format_action(self, action: Move) -> str:
        return format_move(action)

    def action_to_json(self, action: Move) -> Json:
        return {"draw": action.pair} if isinstance(action, Draw) else notation.turn_to_json(action)

    def read_action_json(self, obj: Any) -> Move:
        if isinstance(obj, dict) and "draw" in obj:
            return notation.draw_from_json(obj)
        return notation.turn_from_json(obj)

    def apply(self, state: Position, action: Move, rules: Ruleset) -> Applied[Position, Event]:
        return apply_move(state, action, rules)

    def explain(self, state: Position, action: Move, rules: Ruleset) -> Verdict:
        return explain_move(state, action, rules)

    def completions(self, state: Position, partial: Move, rules: Ruleset) -> Sequence[Move]:
        if isinstance(partial, Draw):
            return []
        return [
            turn for turn in legal_turns(state, rules)
            if turn.copy == partial.copy and turn.actions[: len(partial.actions)] == partial.actions
        ]

    def outcome(self, state: Position) -> Outcome | None:
        if state.winner is None:
            return None
        loser = state.winner.opponent
        reason = f"{state.winner.word} wins: {loser.word} has copies on fewer than two eras"
        return Outcome((int(state.winner),), reason, "WIN.CHECK")

    def observe(self, state: Position, player: int) -> Json:
        return notation.position_to_json(state)  # perfect information: everyone sees everything

    def event_text(self, event: Event) -> str:
        return notation.event_text(event)

    def event_to_json(self, event: Event) -> Json:
        return notation.event_to_json(event)

    # What the shared tools need beyond the rules.

    def ruleset_of(self, state: Position) -> str:
        """The position's ``rules=`` field: ``standard`` without one (NOTATION.RULES)."""
        return ruleset_name(_modules(state))

    def state_rules(self, state: Position, rules: Ruleset) -> Ruleset:
        """The caller's rules, once every variant is seen to change the position's ruleset (VARIANT.SCOPE);
        a position records no variant."""
        check_variants(_modules(state), rules)
        return rules

    def state_svg(self, state: Position) -> str:
        from oracle.games.ttykm.pictures.svg import board_svg  # the picture code is not needed to play

        return board_svg(state)

    def action_svg(self, state: Position, action: Move, rules: Ruleset) -> tuple[str, str]:
        """The boards before and after a turn, with its moves, pushes and travels drawn (arrows and badges)."""
        from oracle.games.ttykm.pictures.svg import board_svg, turn_overlays

        applied = self.apply(state, action, rules)
        return (board_svg(state, turn_overlays(applied.events, "before")),
                board_svg(applied.state, turn_overlays(applied.events, "after")))

    def french_names(self) -> Mapping[str, str]:
        """The words of the pictures' key in French (`oracle.games.ttykm.pictures.svg.KEY_FRENCH`)."""
        from oracle.games.ttykm.pictures.svg import KEY_FRENCH

        return KEY_FRENCH

    def perft(self, state: Position, rules: Ruleset, depth: int) -> int:
        """The fast counters (`oracle.games.ttykm.perft`); a Convergence start counts its three draws first."""
        if is_undrawn(state):
            return super().perft(state, rules, depth)  # the counter over the interface, chance included
        from oracle.games.ttykm import perft

        return perft.perft(state, depth, rules)

    def divide(self, state: Position, rules: Ruleset, depth: int,
               progress: Callable[[int, int], None] | None = None) -> Sequence[tuple[Move, int]]:
        if is_undrawn(state):
            return super().divide(state, rules, depth, progress)
        from oracle.games.ttykm import perft

        return perft.divide(state, depth, rules, progress)

    def perft_counter(self, rules: Ruleset) -> Callable[[str, int], int]:
        """The fast perft of a position's text, with a table kept between calls in each worker."""
        from oracle.games.ttykm import perft

        return partial(perft.count_text, rules=rules.name, engine_impl=fast.chosen())

    def engine_impls(self) -> Sequence[str]:
        return fast.available()

    def use_engine_impl(self, name: str) -> None:
        if name not in fast.available():
            super().use_engine_impl(name)  # refused, naming it
        fast.use(name)

    def engine_impl(self) -> str:
        return fast.description()

    def engine_note(self) -> str | None:
        return fast.note()

    def fast_play(self, rules: Ruleset) -> fast.StandardPlay | fast.CompiledPlay | None:
        """The compiled engine for the adapters, under every ruleset and variant it mirrors (`fast.covers`,
        `fast.covers_chapters`)."""
        return fast.compiled_play(rules) if fast.chosen() == fast.COMPILED else None

    def perft_depth_limit(self, rules: Ruleset, server: bool) -> int:
        if server:
            return SERVER_PERFT_DEPTH if rules == STANDARD else SERVER_PERFT_DEPTH_OTHER_RULES
        return PERFT_DEPTH if rules == STANDARD else PERFT_DEPTH_OTHER_RULES

    def sample_game(self) -> Sequence[tuple[str, str]]:
        return SAMPLE_GAME

    # The modules below serve the vectors and conformance only: a query does not import them.

    def vector_sets(self) -> Sequence[VectorSet]:
        from oracle.games.ttykm import vector_sets

        return tuple(vector_sets.vector_set(ruleset) for ruleset in vector_sets.COMMITTED)

    def vector_set(self, rules: Ruleset) -> VectorSet:
        from oracle.games.ttykm import vector_sets

        return vector_sets.vector_set(rules)

    def near_misses(self, state: Position, rules: Ruleset, rng: Random) -> Sequence[Move]:
        from oracle.games.ttykm import vector_sets

        return list(vector_sets.near_misses(state, rules, rng))

    def is_partial(self, action: Move) -> bool:
        return isinstance(action, Turn) and not action.is_complete

    def blame(self, rules: Ruleset) -> Blamer:
        from oracle.games.ttykm.blame import TtykmBlame

        return TtykmBlame(rules)

    def coverage(self) -> Coverage:
        from oracle.games.ttykm.coverage import TtykmCoverage

        return TtykmCoverage()

    # The rules site's: worked examples drawn with their pictures, and the board the playground clicks.

    def worked_examples(self) -> WorkedExamples:
        from oracle.games.ttykm.site import EXAMPLES

        return EXAMPLES

    def playable(self) -> Playable:
        from oracle.games.ttykm.play import PLAY

        return PLAY


GAME: Game[Position, Move, Ruleset, Event] = TTYKM()
