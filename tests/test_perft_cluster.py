"""Perft on a cluster (`oracle.tools.perft_cluster`): one local Dask cluster of two
workers for the module, the same answers as one process, after a lost worker,
from a partial checkpoint, and through ``oracle perft --workers``."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from functools import cache, partial
from pathlib import Path

import pytest

from oracle.games import load_game
from oracle.games.ttykm.perft import count_text, divide, perft
from oracle.games.ttykm.state import Position
from oracle.tools import perft_cluster
from oracle.tools.cli.main import EXIT_ERROR, EXIT_INTERRUPTED, EXIT_OK, main
from oracle.tools.perft_cluster import Count, DaskRunner, LocalProcesses

pytest.importorskip("distributed")

GAME = load_game("ttykm")
RULES = GAME.parse_rules(None, None)
START = GAME.initial_state(RULES)
COUNT = partial(count_text, rules="standard")
PERFT_5 = 3273456


@pytest.fixture(scope="module")
def cluster() -> Iterator[DaskRunner]:
    """A local Dask cluster of two worker processes, started as ``--workers 2`` starts one."""
    runner = DaskRunner(workers=2)
    yield runner
    runner.close()


class Shared:
    """The module's cluster, lent to a run that would start its own (it is closed once, at the end)."""

    def __init__(self, runner: DaskRunner) -> None:
        self.runner = runner
        self.workers = runner.workers

    def run(self, count: Count, tasks: Sequence[tuple[int, str, int]]) -> Iterator[tuple[int, int]]:
        return self.runner.run(count, tasks)

    def close(self) -> None:
        if self.runner.futures:
            self.runner.client.cancel(self.runner.futures)


@pytest.fixture
def on_cluster(cluster: DaskRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> DaskRunner:
    """``--workers K`` runs on the module's cluster, in a fresh folder (where checkpoints go)."""
    monkeypatch.setattr(perft_cluster, "local_runner", lambda workers: Shared(cluster))
    monkeypatch.chdir(tmp_path)
    return cluster


def dies_once(marker: str, text: str, depth: int) -> int:
    """A count whose first call ends the process it runs in, as a machine lost mid-run."""
    if not os.path.exists(marker):
        Path(marker).write_text("lost", encoding="utf-8")
        os._exit(1)
    return count_text(text, depth)


@cache
def one_process_divide(depth: int) -> dict[str, int]:
    return {GAME.format_action(turn): n for turn, n in divide(Position.start(), depth)}


def test_the_cluster_count_is_the_one_process_count(cluster: DaskRunner, tmp_path: Path) -> None:
    plan = perft_cluster.plan(GAME, RULES, START, 4, 1)
    totals = perft_cluster.run(plan, COUNT, cluster, tmp_path / "c")
    assert dict(zip(plan.firsts, totals, strict=True)) == one_process_divide(4)
    lines = (tmp_path / "c").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["key"] == plan.key and len(lines) == 1 + len(plan.tasks)


def test_a_lost_worker_costs_only_its_subtree(cluster: DaskRunner, tmp_path: Path) -> None:
    """Dask gives a lost worker's tasks to another; the checkpoint holds every subtree once."""
    plan = perft_cluster.plan(GAME, RULES, START, 4, 1)
    count = partial(dies_once, str(tmp_path / "marker"))
    assert sum(perft_cluster.run(plan, count, cluster, tmp_path / "c")) == perft(Position.start(), 4)
    assert (tmp_path / "marker").exists()
    states = [json.loads(line)["state"] for line in (tmp_path / "c").read_text(encoding="utf-8").splitlines()[1:]]
    assert sorted(states) == sorted(plan.tasks)


@pytest.mark.slow  # a pool of processes, one killed: some 5 s
def test_local_processes_stop_on_a_lost_process_and_resume(tmp_path: Path) -> None:
    """Without Dask: a lost process stops the run, keeping what is done; the same run then finishes."""
    plan = perft_cluster.plan(GAME, RULES, START, 3, 1)
    processes = LocalProcesses(1)
    try:
        with pytest.raises(perft_cluster.WorkerLost):
            perft_cluster.run(plan, partial(dies_once, str(tmp_path / "marker")), processes, tmp_path / "c")
    finally:
        processes.close()
    kept = perft_cluster.read_checkpoint(tmp_path / "c", plan)
    assert len(kept) < len(plan.tasks)
    processes = LocalProcesses(1)
    try:
        assert sum(perft_cluster.run(plan, COUNT, processes, tmp_path / "c")) == perft(Position.start(), 3)
    finally:
        processes.close()


def test_a_partial_checkpoint_is_resumed(cluster: DaskRunner, tmp_path: Path) -> None:
    plan = perft_cluster.plan(GAME, RULES, START, 4, 1)
    path = tmp_path / "c"
    perft_cluster.run(plan, COUNT, cluster, path)
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:6]) + "\n" + lines[6][:25], encoding="utf-8")  # a stop mid-line
    seen: list[perft_cluster.Progress] = []
    totals = perft_cluster.run(plan, COUNT, cluster, path, seen.append)
    assert sum(totals) == sum(one_process_divide(4).values())
    assert seen[0].resumed == 5 and seen[-1].done == len(plan.tasks)
    assert len(perft_cluster.read_checkpoint(path, plan)) == len(plan.tasks)


def test_oracle_perft_workers(on_cluster: DaskRunner, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "5", "--workers", "2"]) == EXIT_OK
    out, err = capsys.readouterr()
    assert out == f"perft 5: {PERFT_5}\n"
    assert "subtrees" in err and "checkpoint perft-5-" in err
    (checkpoint,) = Path(".").glob("perft-5-*.checkpoint")
    lines = checkpoint.read_text(encoding="utf-8").splitlines()
    checkpoint.write_text("\n".join(lines[: len(lines) // 2]) + "\n", encoding="utf-8")
    assert main(["perft", "5", "--workers", "2", "--divide", "--json"]) == EXIT_OK  # resumed
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["nodes"] == PERFT_5
    assert data["divide"] == one_process_divide(5)
    assert f"{len(lines) - 1 - (len(lines) // 2 - 1)} to count" in err


def test_oracle_perft_workers_stops_cleanly(on_cluster: DaskRunner, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C: exit status 130, one line saying what is kept, and the checkpoint stays."""
    real_run = Shared.run

    def interrupted(self: Shared, count: Count, tasks: Sequence[tuple[int, str, int]]) -> Iterator[tuple[int, int]]:
        for done, result in enumerate(real_run(self, count, tasks)):
            if done == 10:
                raise KeyboardInterrupt
            yield result

    monkeypatch.setattr(Shared, "run", interrupted)
    assert main(["perft", "4", "--workers", "2", "--split", "2"]) == EXIT_INTERRUPTED
    _, err = capsys.readouterr()
    last = err.splitlines()[-1]
    assert last.startswith("oracle: interrupted: stopped: 10 of ") and "run the same command again" in last
    (checkpoint,) = Path(".").glob("perft-4-*.checkpoint")
    assert len(checkpoint.read_text(encoding="utf-8").splitlines()) == 11


def test_a_resumed_run_keeps_the_checkpoints_split(on_cluster: DaskRunner,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The same count with another number of workers resumes the same file, split as it was."""
    assert main(["perft", "4", "--workers", "2", "--split", "1", "--quiet"]) == EXIT_OK
    assert main(["perft", "4", "--workers", "1"]) == EXIT_OK
    out, err = capsys.readouterr()
    assert out.splitlines() == ["perft 4: 123888"] * 2
    assert "12 subtrees (split at depth 1), 0 to count" in err and len(list(Path(".").glob("perft-4-*"))) == 1


def fails(text: str, depth: int) -> int:
    raise ValueError("no count today")


def test_a_failing_cluster_stops_in_one_line_keeping_the_checkpoint(on_cluster: DaskRunner) -> None:
    with pytest.raises(perft_cluster.Stopped) as stopped:
        perft_cluster.count_on_cluster(GAME, RULES, START, 4, fails, workers=2, split=2)
    assert not stopped.value.interrupted
    assert str(stopped.value).startswith("the Dask cluster failed (ValueError: no count today): 0 of 144 subtrees")


def test_a_checkpoint_of_another_count_is_refused(on_cluster: DaskRunner,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "3", "--workers", "2", "--split", "1", "--checkpoint", "c", "--quiet"]) == EXIT_OK
    assert main(["perft", "3", "--workers", "2", "--split", "2", "--checkpoint", "c", "--quiet"]) == EXIT_ERROR
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "is the checkpoint of another count" in err[0]


def test_without_dask(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--workers falls back to the standard library's processes; --scheduler says what to install."""
    monkeypatch.setattr(perft_cluster, "_dask", lambda: None)
    monkeypatch.chdir(tmp_path)
    assert main(["perft", "3", "--workers", "2"]) == EXIT_OK
    out, err = capsys.readouterr()
    assert out == "perft 3: 5696\n" and "2 local processes" in err
    assert main(["perft", "3", "--scheduler", "tcp://127.0.0.1:8786"]) == EXIT_ERROR
    assert capsys.readouterr().err == ("oracle: error: --scheduler needs Dask: "
                                       "pip install -e '.[distributed]' in a clone\n")
