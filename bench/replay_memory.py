"""The memory of a long replay and of a long ``apply``: each step printed as it is played, none kept.

Run: ``nice -n 10 .venv/bin/python bench/replay_memory.py [--turns N]``

TTYKM has no repetition rule, so four turns that bring the start back (White
and Black each step north and back, the Focus moving on) repeat for ever.  The
benchmark writes a record of those turns as large as a record may be
(`oracle.inputs.MAX_RECORD_BYTES`, 4 MB: about 258,000 plies), replays it with
``python -m oracle replay`` (text, then ``--json``), and runs ``python -m
oracle apply START T1 T2 ...`` with ``--turns`` of them (default 60,000).  Each
command runs alone, started by a fresh process of its own, whose children's
``ru_maxrss`` is then that command's peak resident memory.
Prints one JSON object (docs/performance.md records a run).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from oracle.inputs import MAX_RECORD_BYTES

CYCLE = ("a1 N S >present", "d4 S N >past", "a1 N S >past", "d4 S N >future")
START = "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"


def long_record() -> tuple[str, int]:
    """The largest record of the cycle that fits the record limit, and its number of plies."""
    lines: list[str] = []
    size = 0
    while True:
        line = json.dumps(CYCLE[len(lines) % len(CYCLE)]) + "\n"
        if size + len(line) > MAX_RECORD_BYTES:
            return "".join(lines), len(lines)
        lines.append(line)
        size += len(line)


# Run in a fresh process of its own, so that the children's peak (``ru_maxrss``) is that one command's.
WRAPPER = """
import json, resource, subprocess, sys, time
started = time.monotonic()
done = subprocess.run([sys.executable, "-m", "oracle", *sys.argv[1:]], stdout=subprocess.DEVNULL, check=False)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"exit": done.returncode, "peak_mb": round(usage.ru_maxrss / 1024, 1),
                  "cpu_s": round(usage.ru_utime + usage.ru_stime, 1), "wall_s": round(time.monotonic() - started, 1)}))
"""


def measured(argv: list[str]) -> dict[str, float]:
    """Run ``python -m oracle ARGV`` alone; its exit status, peak memory (MB) and CPU and wall seconds."""
    out = subprocess.run([sys.executable, "-c", WRAPPER, *argv], capture_output=True, text=True, check=True).stdout
    figures: dict[str, float] = json.loads(out)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=60_000, help="the turns given to one apply")
    args = parser.parse_args()
    text, plies = long_record()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.jsonl"
        path.write_text(text, encoding="utf-8")
        turns = [CYCLE[i % len(CYCLE)] for i in range(args.turns)]
        report = {
            "record_bytes": len(text.encode("utf-8")), "record_plies": plies, "apply_turns": args.turns,
            "apply": measured(["apply", START, *turns]),
            "apply --json": measured(["apply", START, *turns, "--json"]),
            "replay": measured(["replay", str(path)]),
            "replay --json": measured(["replay", str(path), "--json"]),
        }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
