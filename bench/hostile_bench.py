"""Hostile input against the real server and the real command line, over every game and ruleset.

Run: ``nice -n 10 .venv/bin/python bench/hostile_bench.py [--requests N] [--cli-runs N] [--seed S]``

Protocol: one ``oracle serve --stdio`` process answers N hostile request lines
(default 100,000), one at a time, built by `oracle.tools.testing.hostile`
(mutated states and turns of every game, ruleset and variant; wrong JSON
types; huge counts; other scripts' digits; NULs), one line in ten further
mangled as raw text (cut, padded, controls inserted).  Counted: answers with
code ``internal``; answers that fail spec/schema/response.schema.json; lines
not answered once, in order; answers slower than the 2 s budget by more than
10 % (wall time from writing the line to reading its answer); the server's peak
resident memory (VmHWM, which bounds every single request's peak too).

Command line: N runs (default 3,000) of ``python -m oracle`` with hostile
argv (`oracle.tools.testing.hostile.command_line`), two at a time.  Counted:
tracebacks, exit codes other than 0, 1 and 2, and exit-2 runs whose stderr is
not exactly one line.

With ``--cli-calls N``, N more hostile command lines go through ``main`` in
this process (an exception escaping it counted as a traceback): the same check
at a scale a loaded machine can reach.  ``--max-seconds`` stops the protocol
run early; the figures then say how many lines were sent.

Prints one JSON object with the figures (docs/performance.md records a run).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import jsonschema

from oracle.tools.protocol import MEMORY_CEILING_MB, REQUEST_SECONDS
from oracle.tools.testing.hostile import ODD, command_line, mutate, request, seeds

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = jsonschema.Draft202012Validator(
    json.loads((ROOT / "spec" / "schema" / "response.schema.json").read_text(encoding="utf-8")))


def hostile_line(rng: random.Random) -> str:
    line = json.dumps(request(rng))
    if rng.random() < 0.1:  # the line itself mangled: cut, padded or given controls
        line = mutate(line, rng) if rng.random() < 0.7 else line[: rng.randint(0, len(line))] + rng.choice(ODD)
    return line.replace("\n", " ").replace("\r", " ")


def peak_rss_mb(pid: int) -> float:
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmHWM:"):
            return int(row.split()[1]) / 1024
    return float("nan")


def protocol_run(count: int, rng: random.Random, max_seconds: float) -> dict[str, object]:
    server = subprocess.Popen([sys.executable, "-m", "oracle", "serve", "--stdio"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, cwd=ROOT)
    assert server.stdin is not None and server.stdout is not None
    internal = schema = unanswered = over_budget = 0
    slowest = 0.0
    codes: dict[str, int] = {}
    started = time.monotonic()
    first = 0.0
    sent_lines = 0
    for number in range(count):
        if time.monotonic() - started > max_seconds:
            break
        sent_lines += 1
        line = hostile_line(rng)
        sent = time.monotonic()
        server.stdin.write(line.encode("utf-8", "surrogateescape") + b"\n")
        server.stdin.flush()
        answer = server.stdout.readline()
        took = time.monotonic() - sent
        if number == 0:
            first = took  # the first request also pays for importing the games
        else:
            slowest = max(slowest, took)
            over_budget += took > REQUEST_SECONDS * 1.1
        try:
            response = json.loads(answer)
            SCHEMA.validate(response)
        except (ValueError, jsonschema.ValidationError):
            schema += 1
            if not answer:
                unanswered += 1
                break
            continue
        code = "ok" if response["ok"] else response["error"]["code"]
        codes[code] = codes.get(code, 0) + 1
        internal += code == "internal"
        if (number + 1) % 10000 == 0:
            print(f"protocol: {number + 1} lines, {time.monotonic() - started:.0f} s, peak"
                  f" {peak_rss_mb(server.pid):.1f} MB", file=sys.stderr, flush=True)
    peak = peak_rss_mb(server.pid)
    server.stdin.close()
    server.wait(timeout=60)
    return {"lines": sent_lines, "seconds": round(time.monotonic() - started, 1), "internal": internal,
            "schema_violations": schema, "unanswered": unanswered, "over_budget_10pc": over_budget,
            "slowest_seconds": round(slowest, 3), "first_request_seconds": round(first, 3),
            "peak_rss_mb": round(peak, 1), "ceiling_mb": MEMORY_CEILING_MB,
            "codes": dict(sorted(codes.items()))}


def one_cli_run(argv: list[str]) -> tuple[str | None, float]:
    """The fault of one run (None if none), and its wall time.

    A program's arguments cannot hold a NUL (the system ends each at the first), so a NUL is sent as
    U+0001 here; ``--cli-calls`` gives ``main`` the NULs themselves."""
    started = time.monotonic()
    argv = [a.replace("\0", "\x01") for a in argv]
    try:
        done = subprocess.run([sys.executable, "-m", "oracle", *argv], capture_output=True, stdin=subprocess.DEVNULL,
                              cwd=ROOT, timeout=120)
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - started
    err = done.stderr.decode("utf-8", "replace")
    if "Traceback" in err:
        return "traceback", time.monotonic() - started
    if done.returncode not in (0, 1, 2):
        return f"exit {done.returncode}", time.monotonic() - started
    if done.returncode == 2 and (done.stdout or err.count("\n") != 1):
        return "not one line", time.monotonic() - started
    return None, time.monotonic() - started


def one_cli_call(argv: list[str]) -> tuple[str | None, float]:
    """`one_cli_run` in this process: ``main`` itself, an exception escaping it counted as a traceback."""
    import contextlib
    import io

    from oracle.tools.cli.main import main as oracle_main

    started = time.monotonic()
    out, err = io.StringIO(), io.StringIO()
    stdin, sys.stdin = sys.stdin, io.StringIO("")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = oracle_main(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 2
    except BaseException:  # whatever escapes main is a traceback
        return "traceback", time.monotonic() - started
    finally:
        sys.stdin = stdin
    if code not in (0, 1, 2):
        return f"exit {code}", time.monotonic() - started
    if code == 2 and (out.getvalue() or err.getvalue().count("\n") != 1):
        return "not one line", time.monotonic() - started
    return None, time.monotonic() - started


def cli_calls(count: int, rng: random.Random) -> dict[str, object]:
    """``count`` hostile command lines through ``main`` in this process."""
    started = time.monotonic()
    faults: dict[str, int] = {}
    examples: list[list[str]] = []
    for number in range(count):
        argv = command_line(rng)
        fault, _ = one_cli_call(argv)
        if fault is not None:
            faults[fault] = faults.get(fault, 0) + 1
            if len(examples) < 5:
                examples.append([a[:80] for a in argv])
        if (number + 1) % 1000 == 0:
            print(f"cli in process: {number + 1} runs, {time.monotonic() - started:.0f} s", file=sys.stderr,
                  flush=True)
    return {"runs": count, "seconds": round(time.monotonic() - started, 1), "faults": faults, "examples": examples}


def cli_run(count: int, rng: random.Random) -> dict[str, object]:
    argvs = [command_line(rng) for _ in range(count)]
    started = time.monotonic()
    faults: dict[str, int] = {}
    examples: list[list[str]] = []
    slowest = 0.0
    with ThreadPoolExecutor(max_workers=2) as pool:
        for number, (argv, (fault, took)) in enumerate(zip(argvs, pool.map(one_cli_run, argvs), strict=True)):
            slowest = max(slowest, took)
            if fault is not None:
                faults[fault] = faults.get(fault, 0) + 1
                if len(examples) < 5:
                    examples.append([a[:80] for a in argv])
            if (number + 1) % 500 == 0:
                print(f"cli: {number + 1} runs, {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    return {"runs": count, "seconds": round(time.monotonic() - started, 1), "faults": faults,
            "slowest_seconds": round(slowest, 1), "examples": examples}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--cli-runs", type=int, default=3_000)
    parser.add_argument("--cli-calls", type=int, default=0, help="hostile command lines run in this process")
    parser.add_argument("--max-seconds", type=float, default=float("inf"), help="stop the protocol run then")
    parser.add_argument("--seed", type=int, default=22)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    summary: dict[str, object] = {"seed": args.seed, "seed_states": len(seeds())}
    if args.requests:
        summary["protocol"] = protocol_run(args.requests, rng, args.max_seconds)
    if args.cli_calls:
        summary["cli_in_process"] = cli_calls(args.cli_calls, rng)
    if args.cli_runs:
        summary["cli"] = cli_run(args.cli_runs, rng)
    summary["bench_peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
