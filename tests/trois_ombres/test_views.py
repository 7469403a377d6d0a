"""A player's view is a state (OMBRES.OBSERVE, OMBRES.NOTATION.VIEW), and the rules answer from it (OMBRES.VIEW).

On every step of 50 seeded games (2 to 4 players, many variants), each
player's view reads back and round-trips, and for the player who acts it
lists the legal actions of the whole table and gives the same verdicts.  On
some of them, every player's view is also carried along the game by applying
each action to it, chance asked where a hidden tile decides (show steps,
answered with what the table shows), and it stays the view the table gives.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from oracle.errors import NotationError
from oracle.games.trois_ombres import views
from oracle.games.trois_ombres.actions import Action
from oracle.games.trois_ombres.components import UNKNOWN, Rules
from oracle.games.trois_ombres.game import GAME
from oracle.games.trois_ombres.state import State
from oracle.games.trois_ombres.team import play_game
from tests.conftest import sample_tiers

GAMES = 50
# Small tables keep 50 games quick; the variants rotate so that closed eyes, unseen traps, shuffles and
# swaps all come up.
SETTINGS = (
    "players=2+characters=3",
    "players=3+characters=3+trap-also-limbes",
    "characters=3+forget-traps+hercule-chance",
    "players=2+characters=4+peeks-may-stop+revelateur-keeps-reroll+debriefing-ends-chronogyre",
    "players=3+characters=3+hallucination-trap-swap+deal-anywhere+clues=1",
)


def view(state: State, player: int) -> State:
    """The player's view, read back from the JSON that `observe` gives."""
    return GAME.state_from_json(GAME.observe(state, player))


def played(seed: int) -> tuple[Rules, list[Action]]:
    rules = GAME.parse_rules(None, SETTINGS[seed % len(SETTINGS)])
    return rules, play_game(rules, seed, forget=0.0)[1]


@pytest.mark.rule("OMBRES.VIEW", "OMBRES.OBSERVE", "OMBRES.NOTATION.VIEW")
@pytest.mark.parametrize("seeds", sample_tiers(GAMES, 5))
def test_every_view_reads_back_and_answers_as_the_table(seeds: Sequence[int]) -> None:
    decisions = 0
    for seed in seeds:
        rules, actions = played(seed)
        state = GAME.initial_state(rules)
        for action in actions:
            mover = GAME.to_act(state)
            for player in range(state.players):
                text = GAME.format_state(views.view_of(state, player))
                seen = GAME.parse_state(text)
                assert GAME.format_state(seen) == text
                if mover.players == (player,):
                    assert view(state, player) == seen  # and its JSON form reads back the same
                    legal = GAME.legal_actions(state, rules)
                    assert GAME.legal_actions(seen, rules) == legal
                    for candidate in (*legal[:3], Action("roll"), Action("done"), Action("reveal", ("R1",))):
                        assert GAME.explain(seen, candidate, rules) == GAME.explain(state, candidate, rules)
                    decisions += 1
            state = GAME.apply(state, action, rules).state
    assert decisions > 40 * len(seeds)


def as_seen(state: State, action: Action, seat_view: State) -> Action:
    """The action as a seat writes it down: the deal names no tile, a trap is drawn unseen."""
    head = seat_view.steps[0].kind if seat_view.steps else None
    if head == "deal":
        return Action("deal", (UNKNOWN, *(entry.partition("=")[0] + "=" + UNKNOWN for entry in action.args[1:])))
    if head == "draw-trap":
        return Action("draw", (UNKNOWN,))
    return action


def shown(table: State, target: str) -> str:
    if target == "demon":
        assert table.demon is not None
        return table.demon
    cell = table.cell(target)
    assert cell is not None
    return cell.tile


@pytest.mark.rule("OMBRES.VIEW", "OMBRES.VIEW.SHOW")
def test_a_view_carried_along_the_game_stays_the_view_the_table_gives() -> None:
    for seed in range(0, GAMES, 10):
        rules, actions = played(seed)
        state = GAME.initial_state(rules)
        carried = [view(state, p) for p in range(state.players)]
        for action in actions:
            after = GAME.apply(state, action, rules).state
            for player in range(state.players):
                mine = GAME.apply(carried[player], as_seen(state, action, carried[player]), rules).state
                while mine.steps and mine.steps[0].kind == "show" and mine.result is None:
                    target = mine.steps[0].args[0]
                    outcomes = GAME.chance_outcomes(mine, rules)
                    answer = Action("show", (target, shown(state if target != "demon" else after, target)))
                    assert answer in [a for a, _ in outcomes] and sum(p for _, p in outcomes) == 1
                    mine = GAME.apply(mine, answer, rules).state
                assert mine == view(after, player)
                carried[player] = mine
            state = after


def test_a_hidden_tile_shows_with_its_share_of_the_completions() -> None:
    """Two traps unseen, one of them in the pile: one of the eight ? tiles hides the other."""
    state = GAME.parse_state("ombres players=4 characters=2 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h,"
                             "G2:horloge demon=2n traps=vortex current=1 steps=turn variants=forget-traps")
    rules = GAME.parse_rules(None, None)
    seen = view(state, 0)
    for text in ("roll", "die loupe", "reveal G1"):
        seen = GAME.apply(seen, GAME.parse_action(text), rules).state
    outcomes = dict((str(a), p) for a, p in GAME.chance_outcomes(seen, rules))
    assert sum(outcomes.values()) == 1 and outcomes["show G1 horloge"] * 8 * 2 == 1


def test_a_view_holds_nothing_of_another_players_memory() -> None:
    state = GAME.parse_state("ombres players=4 characters=2 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n "
                             "seen2=C2:2n current=2 steps=turn")
    seen = view(state, 2)
    assert seen.cell("C2") is not None and seen.cell("C2").tile == "2n"  # type: ignore[union-attr]
    assert view(state, 0).cell("C2").tile == UNKNOWN  # type: ignore[union-attr]
    with pytest.raises(NotationError, match="p2's view"):
        GAME.observe(seen, 0)


@pytest.mark.parametrize("call", ["observe", "legal"])
def test_a_player_the_table_does_not_seat_is_refused_naming_it(call: str) -> None:
    state = GAME.parse_state("ombres players=2 characters=1 board=R1:1n,R2:1n,R3:1h demon=1h steps=turn")
    with pytest.raises(NotationError, match="'5'"):
        if call == "observe":
            GAME.observe(state, 5)
        else:
            GAME.legal_actions(state, GAME.parse_rules(None, None), 5)


@pytest.mark.parametrize(
    "bad",
    [{"investigators": ["lucile", 5]}, {"seen": [[], [], [], []]}, {"board": [{"slot": "R1"}]}, {"hour": "3"},
     {"steps": [["hercule"]]}, {"turn": 7}],
    ids=["investigator", "seen", "board", "hour", "steps", "turn"],
)
def test_a_json_state_with_a_wrong_type_is_refused_naming_the_field(bad: dict[str, object]) -> None:
    state = GAME.parse_state("ombres characters=2 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n "
                             "steps=turn")
    with pytest.raises(NotationError):
        GAME.state_from_json({**GAME.state_to_json(state), **bad})


def test_an_action_in_json_is_read_wherever_text_is() -> None:
    assert str(GAME.parse_action('{"verb": "reveal", "args": ["R5"]}')) == "reveal R5"
    with pytest.raises(NotationError):
        GAME.parse_action('{"verb": "reveal", "args": ["R5 R6"]}')


def test_a_state_records_its_rules_and_replays_alone() -> None:
    """OMBRES.NOTATION.VARIANTS through the game interface: recorded at the start, kept by every action,
    used when no rules are given, refused when other rules are."""
    rules = GAME.parse_rules(None, "players=2+characters=1+trap-also-limbes+hercule-traps=3")
    state = GAME.initial_state(rules)
    assert "variants=trap-also-limbes+hercule-traps=3" in GAME.format_state(state)
    state = GAME.apply(state, GAME.parse_action("deal 1h R1=1n C1=1n P1=1h"), rules).state
    saved = GAME.parse_state(GAME.format_state(state))
    assert saved.variants == "trap-also-limbes+hercule-traps=3"
    standard = GAME.parse_rules(None, None)
    assert GAME.legal_actions(saved, standard) == GAME.legal_actions(state, rules)
    with pytest.raises(NotationError, match="variants=trap-also-limbes"):
        GAME.apply(saved, GAME.parse_action("roll"), GAME.parse_rules(None, "forget-traps"))
