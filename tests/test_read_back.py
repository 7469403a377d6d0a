"""What the oracle reads back and then believes: each reproduction of the third hardening report.

A perft checkpoint's lines are added into a total, and a record's outcome is
printed as the game's end: both are checked before they are believed
(spec/design.md, Checkpoints; spec/vectors.md, Recorded games).  A line that
fails is refused and counted again, never added; a false outcome stops the
replay with its rule.  The runs here count in this process (`InProcess`), so
that a command line of ``perft --workers 2`` costs no cluster.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Sequence
from functools import cache, partial
from pathlib import Path

import pytest

from oracle.games import load_game
from oracle.games.ttykm.perft import count_text
from oracle.tools import perft_cluster
from oracle.tools.cli.main import EXIT_ERROR, EXIT_OK, main
from oracle.tools.perft_cluster import Count

GAME = load_game("ttykm")
RULES = GAME.parse_rules(None, None)
START = GAME.initial_state(RULES)
COUNT = partial(count_text, rules="standard")
PERFT = {3: 5696, 4: 123888, 5: 3273456}


class InProcess:
    """A runner that counts each subtree here, one after another: a cluster's answers without a cluster."""

    workers = 2

    def run(self, count: Count, tasks: Sequence[tuple[int, str, int]]) -> Iterator[tuple[int, int]]:
        for index, text, depth in tasks:
            yield index, count(text, depth)

    def close(self) -> None:
        pass


@pytest.fixture
def here(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """``perft --workers K`` counts in this process, in a fresh folder."""
    monkeypatch.setattr(perft_cluster, "local_runner", lambda workers: InProcess())
    monkeypatch.chdir(tmp_path)
    return tmp_path


@cache
def checkpoint_lines(depth: int, split: int) -> tuple[str, ...]:
    """The lines of the finished checkpoint of perft ``depth`` from the start, split at ``split``."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "c"
        the_plan = perft_cluster.plan(GAME, RULES, START, depth, split)
        perft_cluster.run(the_plan, COUNT, InProcess(), path)
        return tuple(path.read_text(encoding="utf-8").splitlines())


def perft_workers(capsys: pytest.CaptureFixture[str], depth: int, *extra: str) -> tuple[int, str, str]:
    code = main(["perft", str(depth), "--workers", "2", "--checkpoint", "c.ckpt", "--quiet", *extra])
    out, err = capsys.readouterr()
    return code, out, err


def write(path: Path, lines: Sequence[str], end: str = "\n") -> None:
    path.write_text("\n".join(lines) + end, encoding="utf-8")


def with_nodes(line: str, nodes: str) -> str:
    return re.sub(r'"nodes": [0-9]+', f'"nodes": {nodes}', line)


# --- 1. a checkpoint's lines are checked before they are added ----------------------------------------


MUTATIONS = {
    "a digit added": lambda lines: [lines[0], with_nodes(lines[1], "1" + str(json.loads(lines[1])["nodes"])),
                                    *lines[2:]],
    "a negative count": lambda lines: [lines[0], with_nodes(lines[1], "-5"), *lines[2:]],
    "true for a count": lambda lines: [lines[0], with_nodes(lines[1], "true"), *lines[2:]],
    "10^30": lambda lines: [lines[0], with_nodes(lines[1], "1" + "0" * 30), *lines[2:]],
    "digits in a string": lambda lines: [lines[0], with_nodes(lines[1], '"13632"'), *lines[2:]],
    "Infinity": lambda lines: [lines[0], with_nodes(lines[1], "Infinity"), *lines[2:]],
    "1e400": lambda lines: [lines[0], with_nodes(lines[1], "1e400"), *lines[2:]],
    "a later duplicate with count 0": lambda lines: [*lines, with_nodes(lines[1], "0")],
    "two lines merged by a lost byte range": lambda lines: [lines[0], lines[1][:120] + lines[2][40:], *lines[3:]],
}


@pytest.mark.parametrize("mutation", MUTATIONS)
def test_a_mutated_checkpoint_line_is_recounted_never_added(here: Path, capsys: pytest.CaptureFixture[str],
                                                            mutation: str) -> None:
    write(here / "c.ckpt", MUTATIONS[mutation](list(checkpoint_lines(5, 2))))
    code, out, err = perft_workers(capsys, 5)
    assert (code, out) == (EXIT_OK, f"perft 5: {PERFT[5]}\n")
    assert err.count("\n") == 1 and re.match(r"oracle: checkpoint c\.ckpt: \d+ lines? refused \(.+\); "
                                             r"(its subtree is|their subtrees are) counted again\n", err), err
    # The refused lines are gone from the file: the next run believes every line, and says nothing.
    assert perft_workers(capsys, 5) == (EXIT_OK, f"perft 5: {PERFT[5]}\n", "")


def test_perft_6s_lines_appended_to_perft_5s_checkpoint_do_not_make_its_total(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``tail -n +2 perft6.ckpt >> perft5.ckpt``: lines of another depth are refused (here 4 into 3)."""
    write(here / "c.ckpt", [*checkpoint_lines(3, 1), *checkpoint_lines(4, 1)[1:]])
    code, out, err = perft_workers(capsys, 3)
    assert (code, out) == (EXIT_OK, f"perft 3: {PERFT[3]}\n")
    assert "12 lines refused (12 of another depth)" in err


def test_a_line_of_another_ruleset_is_refused(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = list(checkpoint_lines(3, 1))
    record = json.loads(lines[1])
    lines[1] = json.dumps({**record, "rules": "memory"})
    write(here / "c.ckpt", lines)
    assert perft_workers(capsys, 3)[1:] == (f"perft 3: {PERFT[3]}\n", "oracle: checkpoint c.ckpt: 1 line refused"
                                            " (1 of another ruleset); its subtree is counted again\n")


def test_an_intact_checkpoint_is_believed_in_silence(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(here / "c.ckpt", checkpoint_lines(3, 1))
    assert perft_workers(capsys, 3) == (EXIT_OK, f"perft 3: {PERFT[3]}\n", "")


def test_an_empty_checkpoint_is_a_fresh_one(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "c.ckpt").write_bytes(b"")
    assert perft_workers(capsys, 3) == (EXIT_OK, f"perft 3: {PERFT[3]}\n", "")
    assert (here / "c.ckpt").read_text(encoding="utf-8").splitlines() == list(checkpoint_lines(3, 1))


# --- 6, 7. every bad path is one line and exit 2, before any cluster starts ----------------------------


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def no_cluster(workers: int) -> InProcess:
    raise AssertionError("a cluster was started for a checkpoint that cannot be used")


@pytest.mark.parametrize(("make", "message"), [
    (lambda here: here, "is a folder, not a file"),
    (lambda here: Path("/nonexistent/x.ckpt"), "the folder /nonexistent does not exist"),
    (lambda here: Path("/dev/zero"), "is not a regular file (a device or a pipe)"),
    (lambda here: fifo(here / "fifo"), "is not a regular file (a device or a pipe)"),
    (lambda here: ((here / "b").write_bytes(b"\xff\xfe\x00\n"), here / "b")[1], "is not a perft checkpoint"),
    (lambda here: ((here / "b").write_bytes(b"{" * 70000), here / "b")[1], "is not a perft checkpoint"),
    (lambda here: ((here / "b").write_text('{"checkpoint": 1, "key": "x"}\n'), here / "b")[1],
     "a perft checkpoint of another format"),
])
def test_a_checkpoint_path_that_cannot_be_used_is_refused_before_any_cluster(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], make: object,
        message: str) -> None:
    monkeypatch.setattr(perft_cluster, "local_runner", no_cluster)
    monkeypatch.chdir(tmp_path)
    path = make(tmp_path)  # type: ignore[operator]
    assert main(["perft", "4", "--workers", "2", "--checkpoint", str(path), "--quiet"]) == EXIT_ERROR
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("oracle: error: ") and message in err, err


def test_a_checkpoint_with_more_lines_than_its_count_can_hold_is_refused(here: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    lines = checkpoint_lines(3, 1)
    write(here / "c.ckpt", [*lines, *[lines[1]] * 100])
    code, out, err = perft_workers(capsys, 3)
    assert (code, out) == (EXIT_ERROR, "") and "holds more lines than a checkpoint of this count can" in err


def test_sigterm_stops_a_cluster_count_in_one_line(here: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    import signal

    class Terminating(InProcess):
        def run(self, count: Count, tasks: Sequence[tuple[int, str, int]]) -> Iterator[tuple[int, int]]:
            for done, result in enumerate(super().run(count, tasks)):
                if done == 3:
                    os.kill(os.getpid(), signal.SIGTERM)
                yield result

    monkeypatch.setattr(perft_cluster, "local_runner", lambda workers: Terminating())
    before = signal.getsignal(signal.SIGTERM)
    assert main(["perft", "4", "--workers", "2", "--split", "1"]) == 143
    err = capsys.readouterr().err.splitlines()
    assert err[-1].startswith("oracle: terminated: stopped: 3 of 12 subtrees are kept"), err
    assert signal.getsignal(signal.SIGTERM) == before


# --- 2. a record's outcome is checked, every form of every layout --------------------------------------

ROOT = Path(__file__).resolve().parent.parent
GAME_01 = ROOT / "vectors" / "standard" / "playthroughs" / "game-01"
SEAT_GAME = ROOT / "tests" / "time_chase" / "seat-game.jsonl"
TC_GAME_01 = ROOT / "vectors" / "time-chase" / "players-4" / "playthroughs" / "game-01.txt"


def replay_text(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, *extra: str,
                name: str = "r.jsonl") -> tuple[int, str, str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code = main(["replay", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def with_final(path: Path, **changes: object) -> str:
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join([*lines[:-1], json.dumps({**json.loads(lines[-1]), **changes})]) + "\n"


@pytest.mark.parametrize(("path", "changes", "stop"), [
    (GAME_01.with_suffix(".jsonl"), {"outcome": None},
     "stopped: the outcome: the record says the game goes on, but the oracle says white WIN.CHECK"),
    (GAME_01.with_suffix(".jsonl"), {"result": "black wins"},
     "stopped: the result: the record says black wins, but the oracle says white wins (WIN.CHECK)"),
    (GAME_01.with_suffix(".jsonl"), {"result": "unfinished after 200 plies"},
     "stopped: the result: the record says unfinished after 200 plies, but the oracle says white wins (WIN.CHECK)"),
    (SEAT_GAME, {"outcome": None},
     "stopped: the outcome: the record says the game goes on, but the oracle says p1 TC.WIN.THREE"),
    (SEAT_GAME, {"outcome": {"winners": [], "rule": "TC.WIN.THREE"}},
     "stopped: the outcome: the record says nobody TC.WIN.THREE, but the oracle says p1 TC.WIN.THREE"),
])
def test_a_false_outcome_in_a_json_record_stops_the_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                         path: Path, changes: dict[str, object], stop: str) -> None:
    code, out, _ = replay_text(capsys, tmp_path, with_final(path, **changes))
    assert code == 1 and stop in out.splitlines(), out


@pytest.mark.parametrize(("path", "old", "new", "stop"), [
    (GAME_01.with_suffix(".txt"), "result: white wins", "result: black wins",
     "stopped: the result: the record says black wins, but the oracle says white wins (WIN.CHECK)"),
    (TC_GAME_01, "outcome: p0 TC.WIN.THREE", "outcome: p1 TC.WIN.THREE",
     "stopped: the outcome: the record says p1 TC.WIN.THREE, but the oracle says p0 TC.WIN.THREE"),
    (TC_GAME_01, "outcome: p0 TC.WIN.THREE", "outcome: none",
     "stopped: the outcome: the record says the game goes on, but the oracle says p0 TC.WIN.THREE"),
])
def test_a_false_outcome_in_a_text_playthrough_stops_the_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                              path: Path, old: str, new: str, stop: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    code, out, _ = replay_text(capsys, tmp_path, text.replace(old, new), name="r.txt")
    assert code == 1 and stop in out.splitlines(), out


@pytest.mark.parametrize("said", ["p2", "nobody", "p0 TC.WIN.THREE extra", "none TC.WIN.THREE", ""])
def test_an_outcome_line_that_is_not_one_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    said: str) -> None:
    text = TC_GAME_01.read_text(encoding="utf-8").replace("outcome: p0 TC.WIN.THREE", f"outcome: {said}")
    code, out, err = replay_text(capsys, tmp_path, text, name="r.txt")
    assert (code, out) == (EXIT_ERROR, "") and "the outcome line is 'outcome: none' or" in err, err


@pytest.mark.parametrize("path", [GAME_01.with_suffix(".jsonl"), GAME_01.with_suffix(".txt"), SEAT_GAME, TC_GAME_01])
def test_a_true_record_still_replays(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    assert main(["replay", str(path)]) == EXIT_OK
    capsys.readouterr()


# --- 3. the header's rules, the command line's and the start's must agree --------------------------------

GROWTH_START = GAME.format_state(GAME.initial_state(GAME.parse_rules("growth", None)))


@pytest.mark.parametrize(("header", "extra", "message"), [
    ({"rules": "growth"}, ["--rules", "memory"], "the record is played by growth, not memory: '--rules memory'"),
    ({"rules": "growth"}, ["--rules", "standard"], "the record is played by growth, not standard"),
    ({"rules": "memory", "position": GROWTH_START}, [],
     "the position is played by its own ruleset, growth, not memory"),
])
def test_a_records_rules_must_agree_with_the_command_line_and_its_start(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, header: dict[str, str], extra: list[str],
        message: str) -> None:
    text = json.dumps({"record": "header", **header}) + "\n" + json.dumps("a1 N N >present") + "\n"
    code, out, err = replay_text(capsys, tmp_path, text, *extra)
    assert (code, out) == (EXIT_ERROR, "") and err.count("\n") == 1 and message in err, err


def test_a_time_chase_header_of_five_players_over_a_four_player_state_is_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = SEAT_GAME.read_text(encoding="utf-8").splitlines()
    header = {**json.loads(lines[0]), "rules": "players=5"}
    code, out, err = replay_text(capsys, tmp_path, "\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert (code, out) == (EXIT_ERROR, "") and "has players=4, not 5" in err, err


def test_a_records_rules_agreeing_everywhere_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = json.dumps({"record": "header", "rules": "growth", "position": GROWTH_START}) + "\n" \
        + json.dumps("a1 N N >present") + "\n"
    assert replay_text(capsys, tmp_path, text, "--rules", "growth")[0] == EXIT_OK


# --- 8. replay and apply run in the memory of one state -------------------------------------------------


@pytest.mark.slow  # two replays under tracemalloc: some 5 s
def test_replay_keeps_no_step_and_walks_the_record_lazily() -> None:
    """The CLI's replay keeps no step (each is printed and dropped): ten times the plies take about the
    same memory (a 4 MB record's peak is measured in docs/performance.md)."""
    import tracemalloc

    from oracle.tools.records import read_record, replay

    cycle = ["a1 N S >present", "d4 S N >past", "a1 N S >past", "d4 S N >future"]
    short = "".join(json.dumps(cycle[i % 4]) + "\n" for i in range(100))
    long = "".join(json.dumps(cycle[i % 4]) + "\n" for i in range(1000))

    def peak(text: str) -> int:
        record = read_record(text)
        tracemalloc.start()
        done = replay(record, keep=False)
        top = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert done.problem is None and done.played == text.count("\n")
        return top

    peak(long)  # the parse caches filled first: what is left to measure is what a replay keeps
    assert peak(long) < 2 * peak(short) + 256 * 1024


# --- 9. the work estimate, within a factor of 10 on sampled states of every game ---------------------------


def estimate_sample() -> list[tuple[str, str, str | None, int, int]]:
    """(game, state, variant, depth, count): a state of every game, ruleset and variant reached by seeded
    play (the hostile seeds after 3 actions), each at the deepest depth up to 3 whose count stays over 0
    and under 2,000, and Time Chase bid states of 5 players from round 2 on, whose sealed bids once made the
    estimate 10^5 too high."""
    from oracle.games import GAMES
    from oracle.tools.testing.hostile import PLAYOUT_LENGTHS, seeds

    sample = []
    for seed in seeds()[PLAYOUT_LENGTHS.index(3)::len(PLAYOUT_LENGTHS)]:
        game = load_game(seed.game)
        state = game.parse_state(seed.state)
        rules = game.state_rules(state, game.parse_rules(None, seed.variant))
        if game.to_act(state).kind in ("over", "chance"):
            continue
        depth, count = 1, game.perft(state, rules, 1)
        while depth < 3 and 0 < (deeper := game.perft(state, rules, depth + 1)) <= 2000:  # a game over sooner: no work
            depth, count = depth + 1, deeper
        if depth >= 2:
            sample.append((seed.game, seed.state, seed.variant, depth, count))
    assert {game for game, *_ in sample} == set(GAMES)
    return sample + time_chase_bids()


def time_chase_bids() -> list[tuple[str, str, str | None, int, int]]:
    import random

    game = load_game("time-chase")
    rules = game.parse_rules(None, "players=5")
    found: list[tuple[str, str, str | None, int, int]] = []
    for seed in range(3):
        rng, state = random.Random(seed), game.initial_state(rules)
        while game.outcome(state) is None and len(found) <= seed:
            mover = game.to_act(state)
            if mover.kind == "simultaneous" and game.state_to_json(state)["round"] >= 2:
                found.append(("time-chase", game.format_state(state), None, 3, game.perft(state, rules, 3)))
            if mover.kind == "chance":
                action = game.sample_chance(state, rules, rng)
            elif mover.kind == "simultaneous":
                action = game.joint_action(state, {p: rng.choice(game.legal_actions(state, rules, p))
                                                   for p in mover.players})
            else:
                action = rng.choice(game.legal_actions(state, rules))
            state = game.apply(state, action, rules).state
    return found


def test_the_work_estimate_is_within_a_factor_of_10_on_sampled_states(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the first level is counted exactly (the sampling budgets set to nothing), so that every count
    of the sample is extrapolated, as a long count is."""
    from oracle.tools import perft_work

    monkeypatch.setattr(perft_work, "SAMPLE_SECONDS", 0.0)
    monkeypatch.setattr(perft_work, "SAMPLE_BUDGET", 0.0)
    off = []
    sample = estimate_sample()
    for name, text, variant, depth, real in sample:
        game = load_game(name)
        state = game.parse_state(text)
        rules = game.state_rules(state, game.parse_rules(None, variant))
        work = perft_work.estimate(game, state, rules, depth)
        assert not work.exact and work.measured == 1
        if not real / 10 <= work.nodes <= real * 10:
            off.append((name, variant, depth, work.nodes, real))
    assert off == [] and len(sample) > 30, off
