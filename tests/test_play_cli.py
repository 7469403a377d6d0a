"""The card games for the people who play them, through the command line and the protocol.

Several actions in one ``apply``; the JSON action forms; a player's view as
text, read back; questions asked from a view ("depends", exit status 3); what
``moves`` says at the bidding step, at a deal and at the end; the variants a
state records against ``--variant``; each game in its own words; and the
README's examples, run as written.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from oracle.games import load_game
from oracle.tools.cli.main import EXIT_DEPENDS, main
from oracle.tools.protocol import handle
from tests.conftest import ROOT

REQUESTS, RESPONSES = (
    jsonschema.Draft202012Validator(json.loads((ROOT / "spec" / "schema" / f"{name}.schema.json").read_text()))
    for name in ("request", "response"))
TC = load_game("time-chase")
OMBRES = load_game("trois-ombres")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, json.loads(out) if "--json" in args and out.strip() else out, err


def ask(**request: Any) -> dict[str, Any]:
    """One protocol request; the request and the answer are checked against the schemas."""
    line = {"id": 1, **request}
    answer: dict[str, Any] = json.loads(handle(json.dumps(line)))
    if answer["ok"]:
        REQUESTS.validate(line)
    RESPONSES.validate(answer)
    return answer


def started(capsys: pytest.CaptureFixture[str], game: str, seed: int = 7) -> str:
    code, data, _ = run(capsys, "--game", game, "--json", "start", "--seed", str(seed))
    assert code == 0
    position: str = data["position"]
    return position


def last_line(text: str) -> str:
    return text.rstrip("\n").splitlines()[-1]


def time_chase_view(capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """Seed 7, bids 0,0,0,0 and p2's lead R6: the whole state, and p1's view of it (p3 to act)."""
    code, out, _ = run(capsys, "--game", "time-chase", "apply", started(capsys, "time-chase"), "bids 0,0,0,0", "R6")
    assert code == 0
    state = last_line(out)
    code, out, _ = run(capsys, "--game", "time-chase", "observe", "--player", "1", state)
    assert code == 0
    return state, last_line(out)


# --- apply with several actions -------------------------------------------------------------


def test_apply_plays_several_actions_printing_each_ones_events(capsys: pytest.CaptureFixture[str]) -> None:
    bidding = started(capsys, "time-chase")
    code, out, _ = run(capsys, "--game", "time-chase", "apply", bidding, "bids 0,0,0,0", "R6", "R7")
    assert code == 0
    assert out.splitlines()[:6] == ["1. sealed p0,p1,p2,p3: bids 0,0,0,0", "  bids 0,0,0,0", "2. p2: R6",
                                    "  lead p2 R6 at 1", "3. p3: R7", "  play p3 R7 at 1"]
    # The state reached is the one the actions reach one at a time.
    state = TC.parse_state(bidding)
    for action in ("bids 0,0,0,0", "R6", "R7"):
        state = TC.apply(state, TC.parse_action(action), TC.parse_rules(None, None)).state
    assert last_line(out) == TC.format_state(state)
    code, data, _ = run(capsys, "--game", "time-chase", "--json", "apply", bidding, "bids 0,0,0,0", "R6", "R7")
    assert code == 0 and data["played"] == 3 and data["verdict"] == "legal"
    assert [s["events"] for s in data["steps"]] == [["bids 0,0,0,0"], ["lead p2 R6 at 1"], ["play p3 R7 at 1"]]
    assert data["position"] == TC.format_state(state) and data["outcome"] is None


def test_apply_stops_at_the_first_illegal_action_with_the_state_before_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    bidding = started(capsys, "time-chase")
    code, out, _ = run(capsys, "--game", "time-chase", "apply", bidding, "bids 0,0,0,0", "R5", "R7")
    assert code == 1
    lines = out.splitlines()
    assert lines[2:4] == ["2. p2: R5", "  illegal: TC.PLAY: p2 does not hold R5"]
    assert "stopped at action 2 of 3; the state before it:" in lines
    code, data, _ = run(capsys, "--game", "time-chase", "--json", "apply", bidding, "bids 0,0,0,0", "R5", "R7")
    assert code == 1 and data["played"] == 1 and data["verdict"] == "illegal" and data["rule"] == "TC.PLAY"
    assert data["position"] == last_line(out)


def test_ttykm_plays_several_turns_in_its_words(capsys: pytest.CaptureFixture[str]) -> None:
    start = "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"
    code, out, _ = run(capsys, "apply", start, "a1 N F >future", "d4 S S >past")
    assert code == 0 and out.startswith("1. white: a1 N F >future\n")
    code, _, err = run(capsys, "apply", "a1 N F >future", "d4 S S >past")
    assert code == 2 and err.count("\n") == 1
    assert "with several arguments the first is the position, and 'a1 N F >future' is a turn" in err
    code, _, err = run(capsys, "legal", start, "a1 N F >future", "d4 S S >past")
    assert code == 2 and "expected [POSITION] TURN, got 3 arguments ('apply' plays several)" in err


# --- the JSON action forms --------------------------------------------------------------------


def test_the_json_action_forms_through_the_cli_and_the_protocol(capsys: pytest.CaptureFixture[str]) -> None:
    bidding = started(capsys, "time-chase")
    code, data, _ = run(capsys, "--game", "time-chase", "--json", "apply", bidding, '{"bids": [0, 0, 0, 0]}',
                        '{"play": "R6"}')
    assert code == 0 and data["turns"] == ["bids 0,0,0,0", "R6"]
    answer = ask(op="apply", game="time-chase", position=bidding, turns=["bids 0,0,0,0", {"play": "R6"}, "R7"])
    assert answer["ok"] and answer["played"] == 3 and answer["turns"] == ["bids 0,0,0,0", "R6", "R7"]
    assert answer["steps"][2]["events"] == ["play p3 R7 at 1"]
    assert answer["steps"][1] == {"ply": 2, "to_act": "p2", "turn": "R6", "verdict": "legal", "rule": None,
                                  "reason": "", "events": ["lead p2 R6 at 1"]}
    ombres = started(capsys, "trois-ombres")
    code, data, _ = run(capsys, "--game", "trois-ombres", "--json", "apply", ombres, '{"verb": "roll"}',
                        '{"verb": "die", "args": ["loupe"]}', '{"verb": "reveal", "args": ["R1"]}')
    assert code == 0 and data["turns"] == ["roll", "die loupe", "reveal R1"], data
    assert data["steps"][2]["events"][0] == "R1 is revealed: 3h"


def test_apply_with_turns_refuses_a_bad_list_or_both_fields() -> None:
    start = "players=4 round=0 phase=deal"
    both = ask(op="apply", game="time-chase", position=start, turn="R6", turns=["R6"])
    assert not both["ok"] and both["error"]["code"] == "bad_request"
    for turns in ([], "R6", [7]):
        answer = ask(op="apply", game="time-chase", position=start, turns=turns)
        assert not answer["ok"] and answer["error"]["code"] == "bad_turn", turns


# --- a player's view ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["time-chase", "trois-ombres"])
def test_observe_prints_the_view_as_text_that_reads_back(capsys: pytest.CaptureFixture[str], game: str) -> None:
    played = load_game(game)
    state = started(capsys, game)
    code, out, _ = run(capsys, "--game", game, "observe", "--player", "1", state)
    assert code == 0
    picture, _, text = out.rstrip("\n").rpartition("\n\n")
    view = played.state_from_json(played.observe(played.parse_state(state), 1))
    assert text == played.format_state(view) and "?" in text and text != state
    assert picture == played.state_text(view)
    # The view reads back, and observing it again gives it back.
    code, out, _ = run(capsys, "--game", game, "observe", "--player", "1", text)
    assert code == 0 and last_line(out) == text
    answer = ask(op="observe", game=game, position=state, player=1)
    assert answer["position"] == text and played.format_state(played.state_from_json(answer["observation"])) == text


def test_a_play_that_depends_on_hidden_cards_says_so_exit_3(capsys: pytest.CaptureFixture[str]) -> None:
    whole, view = time_chase_view(capsys)
    code, out, _ = run(capsys, "--game", "time-chase", "legal", view, "B9")
    assert code == EXIT_DEPENDS == 3
    assert out.strip() == ("depends: TC.FOLLOW: legal if p3 holds no Red card, illegal if they do: "
                           "5 of the 32 cards this view cannot place are Red")
    # On the whole state the answer is decided: p3 holds Red cards.
    code, out, _ = run(capsys, "--game", "time-chase", "legal", whole, "B9")
    assert code == 1 and out.startswith("illegal: TC.FOLLOW: ")
    code, out, _ = run(capsys, "--game", "time-chase", "legal", view, "R9")
    assert code == 0 and out.strip() == "legal"
    code, out, _ = run(capsys, "--game", "time-chase", "explain", view, "B9")
    assert code == 3 and "\ntaken as made:\n  play p3 B9 at 1\n" in out
    answer = ask(op="legal", game="time-chase", position=view, turn="B9")
    assert (answer["verdict"], answer["rule"]) == ("depends", "TC.FOLLOW") and "p3 holds no Red" in answer["reason"]
    applied = ask(op="apply", game="time-chase", position=view, turn="B9")
    assert applied["verdict"] == "depends" and applied["events"] == ["play p3 B9 at 1"]


def test_moves_from_a_view_lists_what_depends_and_on_what(capsys: pytest.CaptureFixture[str]) -> None:
    _, view = time_chase_view(capsys)
    code, out, _ = run(capsys, "--game", "time-chase", "moves", view)
    lines = out.splitlines()
    assert code == 0 and lines[:6] == ["R7", "R9", "R10", "R11", "R12",
                                       "5 legal actions in every completion of this view"]
    assert lines[6] == "28 more depend on what this view cannot see:"
    assert lines[7].startswith("  B5 B6 B7 ") and lines[7].endswith(
        ": depends: TC.FOLLOW: legal if p3 holds no Red card, illegal if they do: 5 of the 32 cards this view "
        "cannot place are Red")
    answer = ask(op="moves", game="time-chase", position=view)
    assert answer["turns"] == lines[:5] and len(answer["depends"]) == 28
    assert {d["rule"] for d in answer["depends"]} == {"TC.FOLLOW"}
    code, out, _ = run(capsys, "--game", "time-chase", "moves", "--player", "1", view)
    assert out.strip() == "0 legal actions: p1 does not act now (p3 does)"


# --- what moves says at each kind of step ---------------------------------------------------------


def test_the_bidding_step_shows_each_players_bids_and_the_joint_bid_to_write(
        capsys: pytest.CaptureFixture[str]) -> None:
    rich = started(capsys, "time-chase").replace("crystals=0,0,0,0", "crystals=2,0,1,0") + " variants=income-round1"
    code, out, _ = run(capsys, "--game", "time-chase", "moves", rich)
    lines = out.splitlines()
    assert code == 0 and lines[:5] == [
        "p0, p1, p2 and p3 choose at once (sealed); their choices are played as one action:",
        "  p0: bid 0 | bid 1", "  p1: bid 0", "  p2: bid 0 | bid 1", "  p3: bid 0"]
    assert lines[5] == "write them as one action, such as: bids 1,0,1,0"
    assert "moves STATE --player N" in lines[6]
    code, _, _ = run(capsys, "--game", "time-chase", "apply", rich, "bids 1,0,1,0")
    assert code == 0  # the joint bid it writes is one to play
    code, data, _ = run(capsys, "--game", "time-chase", "--json", "moves", rich)
    assert data["choices"] == {"p0": ["bid 0", "bid 1"], "p1": ["bid 0"], "p2": ["bid 0", "bid 1"], "p3": ["bid 0"]}
    assert data["joint"] == "bids 1,0,1,0"
    assert data["to_act"] == {"kind": "simultaneous", "players": ["p0", "p1", "p2", "p3"]}


@pytest.mark.parametrize("game", ["time-chase", "trois-ombres"])
def test_moves_with_no_state_says_how_to_write_the_deal_or_draw_it(capsys: pytest.CaptureFixture[str],
                                                                   game: str) -> None:
    code, out, _ = run(capsys, "--game", game, "moves")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == ("chance acts next, with too many outcomes to list: write the one that happened as the "
                        "action, such as")
    assert lines[2] == f"or draw one from a seed: oracle --game {game} start --seed N"
    code, _, _ = run(capsys, "--game", game, "apply", lines[1].strip())
    assert code == 0  # the deal it writes is one to play
    # Given a state at a deal, it says how to write one but not to start again.
    code, out, _ = run(capsys, "--game", game, "moves", load_game(game).format_state(
        load_game(game).initial_state(load_game(game).parse_rules(None, None))))
    assert code == 0 and "start --seed" not in out


def test_a_die_roll_lists_its_faces_with_their_chances(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--game", "trois-ombres", "apply", started(capsys, "trois-ombres"), "roll")
    code, out, _ = run(capsys, "--game", "trois-ombres", "moves", last_line(out))
    lines = out.splitlines()
    assert code == 0 and lines[0] == "die R        1/6" and lines[-2] == "die horloge  1/6"
    assert lines[-1] == "6 chance outcomes: nobody chooses; write the one that happened as the action"


@pytest.mark.parametrize("name, path, said, rule", [
    ("ttykm", "vectors/standard/playthroughs/game-01.txt",
     "the game is over: white wins: black has copies on fewer than two eras (WIN.CHECK)", "WIN.CHECK"),
    ("trois-ombres", "vectors/trois-ombres/standard/playthroughs/game-01.txt",
     "the game is over: everybody wins: 13 suspects are cleared to the Agence 3ID (OMBRES.WIN)", "OMBRES.WIN"),
    ("time-chase", "tests/time_chase/seat-game.jsonl",
     "the game is over: p1 wins: p1 controls three events (p1 holds events 1, 3, 6) (TC.WIN.THREE)",
     "TC.WIN.THREE"),
])
def test_a_finished_game_says_who_won_and_by_which_clause(capsys: pytest.CaptureFixture[str], name: str, path: str,
                                                          said: str, rule: str) -> None:
    code, out, _ = run(capsys, "replay", str(ROOT / path))
    assert code == 0
    final = last_line(out)
    code, out, _ = run(capsys, "--game", name, "moves", final)
    assert code == 0 and out.strip() == said
    answer = ask(op="moves", game=name, position=final)
    assert answer["count"] == 0 and answer["outcome"]["rule"] == rule and answer["to_act"]["kind"] == "over"


# --- the variants a state records ------------------------------------------------------------------


def test_a_state_that_records_its_variants_replays_alone_and_refuses_others(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--game", "trois-ombres", "--variant", "clues=2+players=3", "start", "--seed", "1")
    state = last_line(out)
    assert code == 0 and state.endswith(" variants=clues=2")
    for agreeing in ([], ["--variant", "clues=2"], ["--variant", "players=3+clues=2"]):
        code, _, err = run(capsys, "--game", "trois-ombres", *agreeing, "legal", state, "roll")
        assert code == 0, (agreeing, err)
    for command in (["legal", state, "roll"], ["moves", state], ["apply", state, "roll"], ["observe", "--player", "0",
                                                                                             state]):
        code, out, err = run(capsys, "--game", "trois-ombres", "--variant", "trap-also-limbes", *command)
        refusal = ("observe shows a given state as it is, whatever the rules: --variant trap-also-limbes only "
                   "choose the start state; leave them out, or give no state" if command[0] == "observe" else
                   "--variant trap-also-limbes: the state records its rules, and they are not trap-also-limbes: "
                   "'variants=clues=2'")
        assert code == 2 and out == "" and err == f"oracle: error: {refusal}\n"
    assert ask(op="moves", game="trois-ombres", position=state)["variant"].endswith("clues=2")
    refused = ask(op="legal", game="trois-ombres", position=state, turn="roll", variant="trap-also-limbes")
    assert not refused["ok"] and refused["error"]["code"] == "bad_variant"
    assert "'variants=clues=2'" in refused["error"]["message"]
    # Time Chase records its variants the same way.
    rich = started(capsys, "time-chase").replace("crystals=0,0,0,0", "crystals=2,0,0,0") + " variants=income-round1"
    code, _, _ = run(capsys, "--game", "time-chase", "legal", rich, "bids 1,0,0,0")
    assert code == 0  # income-round1, recorded: two crystals in round 1, a bid of 1
    code, _, err = run(capsys, "--game", "time-chase", "--variant", "fuel-supply=30", "legal", rich, "bids 1,0,0,0")
    assert code == 2 and "'variants=income-round1'" in err


# --- each game in its own words ----------------------------------------------------------------------


def test_each_game_is_told_in_its_own_words(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, out, _ = run(capsys, "moves")
    assert last_line(out) == "16 legal turns"
    state = started(capsys, "trois-ombres")
    _, out, _ = run(capsys, "--game", "trois-ombres", "moves", state)
    assert out.splitlines() == ["roll", "1 legal action"]
    record = tmp_path / "game.jsonl"
    record.write_text(json.dumps({"record": "header", "game": "trois-ombres", "state": state}) + '\n"roll"\n',
                      encoding="utf-8")
    _, out, _ = run(capsys, "replay", str(record))
    assert out.splitlines()[0] == f"L'heure des 3 ombres (standard): 1 action from {state}"
    assert out.splitlines()[-2] == "replayed 1 action; the game goes on: chance acts next"
    _, out, _ = run(capsys, "replay", str(ROOT / "vectors/standard/playthroughs/game-01.txt"))
    assert "replayed 63 turns; " in out


# --- the README's examples ------------------------------------------------------------------------


def readme_block(title: str) -> list[str]:
    """The command lines of the first ``sh`` block under a README heading."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split(f"\n### {title}\n", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


@pytest.mark.parametrize("title", ["Time Chase (Contre-Temps)", "L'heure des 3 ombres"])
def test_the_readme_examples_run_as_written(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                            title: str) -> None:
    """Each ``./dev oracle`` line, run with the shell variables the block sets (``S=$(... | tail -n 1)``):
    no placeholder to fill in, and the exit status its comment gives (0 unless it says another)."""
    monkeypatch.chdir(ROOT)  # the README's paths are the checkout's
    variables: dict[str, str] = {}
    ran = 0
    for line in readme_block(title):
        command, _, comment = line.partition("  #")
        assigned = re.fullmatch(r'(\w+)=\$\((.*) \| tail -n 1\)', command.strip())
        if assigned:
            command = assigned[2]
        if not command.startswith("./dev oracle "):
            continue
        for name, value in variables.items():
            command = command.replace(f'"${name}"', shlex.quote(value))
        assert "$" not in command and not re.search(r"\b(STATE|POSITION)\b", command), line
        code, out, err = run(capsys, *shlex.split(command)[2:])
        said = re.search(r"\(exit (\d)\)", comment)
        assert code == (int(said[1]) if said else 0), (line, out, err)
        if assigned:
            variables[assigned[1]] = last_line(out)
        ran += 1
    assert ran >= 4


def test_every_readme_block_sets_the_variables_it_uses_and_names_no_placeholder() -> None:
    """A block copied alone into a shell runs: a ``$S`` is set above it in the same block."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```sh\n")[1:]]
    assert len(blocks) >= 4
    for block in blocks:
        known: set[str] = set()
        for line in block.splitlines():
            command = line.partition("  #")[0]
            used = set(re.findall(r"\$(\w+)", command.replace("$(", "")))
            assert used <= known, (line, used - known)
            assert not re.search(r'"(STATE|POSITION|NAME)"', command), line
            known |= set(re.findall(r"^(\w+)=", command))


def test_the_protocol_specs_examples_are_the_servers_answers() -> None:
    """Every ``$ echo '...' | oracle serve --stdio`` in spec/protocol.md, answered as the line below it says."""
    text = (ROOT / "spec" / "protocol.md").read_text(encoding="utf-8")
    examples = re.findall(r"^\$ echo '(.*)' \| oracle serve --stdio\n(.*)$", text, re.M)
    assert len(examples) >= 3
    for request, answer in examples:
        assert json.loads(handle(request)) == json.loads(answer), request
        REQUESTS.validate(json.loads(request))
        RESPONSES.validate(json.loads(answer))
