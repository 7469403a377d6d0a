"""A four-player Time Chase game written from one player's seat, replayed with ``oracle replay`` to its end.

The record (`tests.time_chase.seat_record`) starts from p1's view before the
deal; every other card is ``?``.  Asked from that view, p1's own plays are
legal or illegal, never "depends"; another seat's play depends only where a
follow obligation turns on its hidden cards (TC.VIEW, TC.FOLLOW).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from oracle.games import load_game
from oracle.interface import DEPENDS, ILLEGAL, LEGAL
from oracle.tools.cli.main import main
from oracle.tools.records import read_record, replay
from tests.time_chase.seat_record import RECORD, SEAT, seat_record

GAME = load_game("time-chase")


def test_the_committed_record_is_the_one_the_seeded_game_makes() -> None:
    assert RECORD.read_text(encoding="utf-8") == seat_record()


def test_the_seat_record_replays_to_its_end_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["replay", str(RECORD), "--json"])
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert code == 0 and data["ok"] and data["problem"] is None
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    assert len(data["steps"]) == len(lines) - 2  # every ply between the header and the final record
    final = json.loads(lines[-1])
    assert data["position"] == final["final"] and GAME.parse_state(data["position"]).phase == "over"
    assert data["outcome"]["winners"] == final["outcome"]["winners"]
    assert data["outcome"]["rule"] == final["outcome"]["rule"] == "TC.WIN.THREE"
    assert data["depends"] == sum(1 for s in data["steps"] if s["verdict"] == DEPENDS) > 0
    # The text names the ending and how many plays depended on what the seat cannot see.
    main(["replay", str(RECORD)])
    text = capsys.readouterr().out
    assert f"({data['depends']} taken as made, depending on what the view cannot see)" in text
    assert f"the game is over: {data['outcome']['reason']} ({data['outcome']['rule']})" in text


def test_the_seats_plays_never_depend_and_another_seats_depend_only_on_following() -> None:
    record = read_record(RECORD.read_text(encoding="utf-8"))
    done = replay(record)
    assert done.problem is None
    rules = record.rules
    seat_asked = depends = 0
    for step in done.steps:
        if step.mover.kind != "player":
            assert step.verdict.status == LEGAL
            continue
        actor = step.mover.players[0]
        if actor == SEAT:
            # Every card of the seat's own hand is answered legal or illegal from its own view.
            hand = step.before.hands[SEAT]
            verdicts = {GAME.explain(step.before, GAME.parse_action(card.text), rules).status for card in hand}
            assert verdicts <= {LEGAL, ILLEGAL} and LEGAL in verdicts
            assert step.verdict.status == LEGAL
            seat_asked += 1
        elif step.verdict.status == DEPENDS:
            # Another seat's play depends only when it is not of the suit to follow, and says so.
            assert step.verdict.rule == "TC.FOLLOW"
            said = f"legal if {GAME.player_name(actor)} holds no "
            assert step.verdict.reason.startswith(said)
            suit = step.verdict.reason.removeprefix(said).split()[0]  # "Purple": the suit to follow
            assert GAME.format_action(step.action)[0] != suit[0]
            depends += 1
        else:
            assert step.verdict.status == LEGAL
    assert seat_asked >= 5 and depends > 0


def test_a_play_the_seat_cannot_make_stops_the_replay_naming_the_step_and_its_rule(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    # The first play of the seat, replaced by a card of its hand that breaks TC.FOLLOW, or one it does not hold.
    record = read_record("\n".join(lines))
    done = replay(record)
    index, step = next((i, s) for i, s in enumerate(done.steps)
                       if s.mover.kind == "player" and s.mover.players[0] == SEAT)
    bad = next((c.text for c in step.before.hands[SEAT]
                if GAME.explain(step.before, GAME.parse_action(c.text), record.rules).status == ILLEGAL), None)
    if bad is None:  # the seat could play any card: a card it does not hold
        bad = next(f"{s}{v}" for s in "RBGYP" for v in range(5, 14)
                   if f"{s}{v}" not in {c.text for c in step.before.hands[SEAT]})
    line = json.loads(lines[index + 1])
    line["action"] = bad
    del line["events"]
    lines[index + 1] = json.dumps(line)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code = main(["replay", str(path)])
    out = capsys.readouterr().out
    assert code == 1
    stop = next(x for x in out.splitlines() if x.startswith("stopped: "))
    assert stop.startswith(f"stopped: ply {index + 1} (line {index + 2}): p{SEAT}'s {bad} is illegal: TC.")
