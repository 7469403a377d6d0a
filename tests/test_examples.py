"""Every example of the README and of each command's --help runs as written.

The README's ``./dev oracle ...`` lines and the ``examples:`` of every
``oracle COMMAND --help`` are run with their exit status checked: 0, or the
status the example's comment gives.  A placeholder the reader fills in is
replaced by a real value (`PLACEHOLDERS`); an example that cannot run here as
written is listed in `NOT_RUN` with the test that covers it, and the list
must match the examples (so it cannot go stale).  The README's Python
snippets run, and each ``print`` with a comment must print that comment
(a trailing ``...`` stands for the rest of the line).
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from oracle.tools.cli.main import build_parser, main
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
# The examples that cannot run in a test as written, and what covers them.
NOT_RUN = {
    "oracle perft 8 --workers 2": "112,449,515,496 sequences take a while; tests/test_perft_cluster.py runs --workers",
    "oracle vectors export out/": "tests/test_vectors.py exports the set and compares it byte for byte",
    "oracle vectors export ttykm-vectors": "tests/test_vectors.py exports the set and compares it byte for byte",
    "oracle vectors export ttykm-paradox --variant self-push=paradox": "tests/test_vectors.py, every variant's set",
    "oracle vectors --game time-chase regenerate": "rewrites the committed sets; tests/test_game_vectors.py",
    "oracle vectors --game trois-ombres regenerate": "rewrites the committed sets; tests/test_game_vectors.py",
    "oracle vectors regenerate": "rewrites the committed sets; tests/test_vectors.py re-exports them",
    "oracle vectors verify vectors/standard": "over 10 s; tests/test_vectors.py checks the committed sets",
    "oracle vectors coverage": "seconds; tests/test_vectors.py checks the coverage",
    'python -m oracle conform --engine "python -m oracle serve --stdio"': "a full run; tests/test_conform.py",
    "oracle replay game.jsonl --json": "the reader's own record; tests/test_replay.py replays every game's records",
    "oracle --game time-chase replay - < game.jsonl": "the reader's own record; tests/test_replay.py reads stdin",
    'python -m oracle conform --game time-chase --engine "python -m oracle serve --stdio" --variant players=5':
        "a full run; tests/test_game_conform.py",
}
SEEDED = {"time-chase": "", "trois-ombres": ""}  # each card game's state after `start --seed 7`, filled once


def seeded_state(game: str) -> str:
    if not SEEDED[game]:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["--game", game, "--json", "start", "--seed", "7"]) == 0
        import json

        SEEDED[game] = json.loads(out.getvalue())["position"]
    return SEEDED[game]


def fill_placeholders(words: list[str]) -> list[str]:
    """NAME is a game (Time Chase: every example of another game applies to it, ``start --seed`` too),
    STATE the seeded deal of the game named; an engine the reader writes stays as written (it cannot
    start here, so the run fails with exit status 3)."""
    words = ["time-chase" if w == "NAME" else w for w in words]
    game = words[words.index("--game") + 1] if "--game" in words else "ttykm"
    return [seeded_state(game) if w == "STATE" else w for w in words]


def readme_examples() -> list[tuple[str, int]]:
    """The README's ``./dev oracle`` lines: the command after ``./dev`` and its exit status."""
    found = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        assigned: dict[str, str] = {}  # NAME=$(./dev oracle ...) lines of the block so far, by NAME
        for line in block.splitlines():
            if re.match(r"[A-Z][A-Z0-9]*=\$\(\./dev oracle ", line):
                assigned[line.split("=", 1)[0]] = line.replace("./dev oracle", "oracle")
            if line.startswith("./dev oracle"):
                status = re.search(r"\(exit (?:status )?(\d)\)", line)
                command = re.split(r"\s{2,}#", line)[0].removeprefix("./dev ")
                # A line that reads a variable of the block runs after the lines that set it.
                needed, text = set(), command
                for name in reversed(assigned):  # a later line may read an earlier one's variable
                    if f'"${name}"' in text:
                        needed.add(name)
                        text += assigned[name]
                setting = "".join(f"{assigned[name]}; " for name in assigned if name in needed)
                found.append((setting + command, int(status[1]) if status else 0))
    return found


def help_examples() -> list[tuple[str, int]]:
    """The ``examples:`` lines of ``oracle --help`` and of every command's --help."""
    texts = [build_parser().format_help()]
    choices: Any = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    texts += [parser.format_help() for parser in choices.values()]
    found = []
    for text in texts:
        for section in re.findall(r"^examples?:(.*?)(?:\n\S|\Z)", text, re.S | re.M):
            for line in re.sub(r"\\\n\s*", "", section).splitlines():  # a line continued by a backslash, joined
                line = re.split(r"\s{2,}", line.strip())[0].removesuffix(" (from the repository root)")
                if line.startswith(("oracle ", "python -m oracle ", "echo ", "START=")):
                    found.append((line, 0))
    return found


def run(example: str, tmp_path: Path) -> int:
    """Run one example; a line with a pipe, a redirection or a substitution goes through the shell."""
    if re.search(r"[|<>$]", example) or example.startswith(("echo", "START=")) or " serve " in f"{example} ":
        shell = f'oracle() {{ "{sys.executable}" -m oracle "$@"; }}; {START}; {example}'
        done = subprocess.run(["bash", "-c", shell], cwd=tmp_path, capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL)
        assert not done.stderr.strip() or done.returncode, done.stderr
        if " serve " in f"{example} ":  # every answer of the service is a success, as shown
            import json

            assert all(json.loads(line)["ok"] for line in done.stdout.splitlines()), done.stdout
        return done.returncode
    words = shlex.split(example)
    words = words[3:] if words[:3] == ["python", "-m", "oracle"] else words[1:]
    stdin, out = sys.stdin, io.StringIO()
    try:
        sys.stdin = io.TextIOWrapper(io.BytesIO(b""))
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            return main(fill_placeholders(words))
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    finally:
        sys.stdin = stdin


def unique(examples: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """One of each example, however it is quoted."""
    return sorted({tuple(shlex.split(example)): (example, status) for example, status in examples}.values())


EXAMPLES = unique(readme_examples() + help_examples())
# The serve examples use the START that one line of `oracle serve --help` sets.
START = next(example for example, _ in EXAMPLES if example.startswith("START="))


def test_every_example_is_found_and_not_run_lists_only_examples() -> None:
    commands = {example for example, _ in EXAMPLES}
    assert len(commands) > 40 and {"oracle moves", "oracle perft 4 --divide"} <= commands
    assert set(NOT_RUN) <= commands, set(NOT_RUN) - commands
    assert set(SLOW_EXAMPLES) <= commands, set(SLOW_EXAMPLES) - commands


# Run in the whole suite only: some 10 s (the spec engine's perft 6), where every other example takes under one.
SLOW_EXAMPLES = ("oracle perft 6 --engine-impl spec",)


@pytest.mark.parametrize(("example", "status"), [pytest.param(*e, marks=[pytest.mark.slow] * (e[0] in SLOW_EXAMPLES))
                                                 for e in EXAMPLES if e[0] not in NOT_RUN],
                         ids=[e[0][:60] for e in EXAMPLES if e[0] not in NOT_RUN])
def test_an_example_runs_as_written(example: str, status: int, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "vectors").symlink_to(ROOT / "vectors")  # `vectors verify vectors/...` reads the committed sets
    (tmp_path / "spec").symlink_to(ROOT / "spec")
    (tmp_path / "tests").symlink_to(ROOT / "tests")  # the README replays a committed record
    monkeypatch.chdir(tmp_path)
    if "my-engine" in example or "my_engine" in example or "adapter.js" in example:
        status = 3  # the reader's own engine: the options are read, then the engine cannot start
    assert run(example, tmp_path) == status


def test_the_readme_python_snippets_print_what_their_comments_say() -> None:
    for block in re.findall(r"```python\n(.*?)```", README, re.S):
        expected = {n: line.split("#", 1)[1].strip() for n, line in enumerate(block.splitlines(), 1)
                    if line.lstrip().startswith("print(") and "#" in line}
        printed: dict[int, str] = {}

        def record(*values: Any, printed: dict[int, str] = printed) -> None:
            printed[sys._getframe(1).f_lineno] = " ".join(map(str, values))

        exec(compile(block, "README.md", "exec"), {"print": record})
        assert printed and set(printed) == set(expected), "every print in the README shows its output"
        for number, text in expected.items():
            shown = text.removesuffix("...").rstrip()
            assert printed[number].startswith(shown) if text.endswith("...") else printed[number] == text, (
                f"README snippet line {number}: prints {printed[number][:120]!r}, the comment says {text!r}")
