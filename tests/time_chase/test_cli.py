"""A seeded four-player game of Time Chase played from the command line to the end, then replayed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from oracle.games.time_chase.game import GAME
from oracle.tools.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any, str]:
    code = main(["--game", "time-chase", *args])
    out, err = capsys.readouterr()
    data = json.loads(out) if "--json" in args and out.strip() else out
    return code, data, err


def play_to_the_end(capsys: pytest.CaptureFixture[str], seed: int) -> tuple[list[str], str]:
    code, started, _ = run(capsys, "--json", "start", "--seed", str(seed))
    assert code == 0 and len(started["chance"]) == 1 and started["chance"][0].startswith("deal ")
    position = started["position"]
    actions = [started["chance"][0]]
    for _ in range(200):
        state = GAME.parse_state(position)
        if state.phase == "over":
            break
        for player in range(4):
            code, seen, _ = run(capsys, "--json", "observe", position, "--player", str(player))
            hand = seen["observation"]["hand"]
            assert hand == [c.text for c in state.hands[player]]
            others = {c.text for p, h in enumerate(state.hands) if p != player for c in h} | {
                c.text for c in state.unused}
            assert not others & set(json.dumps(seen).replace('"', " ").replace(",", " ").split())
        if state.phase == "bid":
            bids = []
            for player in range(4):
                _, moves, _ = run(capsys, "--json", "moves", position, "--player", str(player))
                bids.append(moves["turns"][-1].removeprefix("bid "))
            action = "bids " + ",".join(bids)
        else:
            _, moves, _ = run(capsys, "--json", "moves", position)
            action = moves["turns"][0]
        code, applied, _ = run(capsys, "--json", "apply", position, action)
        assert code == 0, applied
        actions.append(action)
        position = applied["position"]
    return actions, position


def test_a_seeded_four_player_game_is_played_to_the_end_and_replayed(capsys: pytest.CaptureFixture[str]) -> None:
    actions, final = play_to_the_end(capsys, 11)
    outcome = GAME.outcome(GAME.parse_state(final))
    assert outcome is not None and len(outcome.winners) == 1
    # Replayed from the seed and the actions, the game ends in the same state.
    again, final_again = play_to_the_end(capsys, 11)
    assert (again, final_again) == (actions, final)
    # Replayed from the actions alone, with no seed: the deal is written out in full.
    state = GAME.initial_state(GAME.parse_rules(None, None))
    for text in actions:
        state = GAME.apply(state, GAME.parse_action(text), GAME.parse_rules(None, None)).state
    assert GAME.format_state(state) == final


def start_position(capsys: pytest.CaptureFixture[str]) -> str:
    _, started, _ = run(capsys, "--json", "start", "--seed", "11")
    position: str = started["position"]
    return position


def test_an_illegal_bid_is_one_line_naming_the_player_and_the_bid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "apply", start_position(capsys), "bids 0,2,0,0")
    assert code == 1
    assert out.strip() == "illegal: TC.BID: p1 bids 2 but holds 0 crystals"


def test_a_card_not_in_the_hand_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    position = start_position(capsys)
    code, applied, _ = run(capsys, "--json", "apply", position, "bids 0,0,0,0")
    state = GAME.parse_state(applied["position"])
    actor = GAME.to_act(state).players[0]
    foreign = next(c for p, h in enumerate(state.hands) if p != actor for c in h)
    code, out, _ = run(capsys, "explain", applied["position"], foreign.text)
    assert code == 1
    assert out.strip() == f"illegal: TC.PLAY: p{actor} does not hold {foreign.text}"


@pytest.mark.parametrize(("action", "token"), [("X9", "'X9'"), ("bids 0,one,0,0", "'one'")])
def test_bad_notation_is_one_line_naming_the_token_exit_2(
    capsys: pytest.CaptureFixture[str], action: str, token: str
) -> None:
    code, _, err = run(capsys, "apply", start_position(capsys), action)
    assert code == 2
    assert err.count("\n") == 1 and token in err
