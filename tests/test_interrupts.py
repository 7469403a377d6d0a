"""Ctrl-C at any moment of a real ``oracle`` process: one line and exit status 130, never a traceback.

The signal is sent at several delays after the process's first sign that the oracle's own code has begun
(`oracle.tools.cli.entry` imported, as ``-X importtime`` reports it on standard error): while the command line is
still loading, while it waits for input, and after it has answered.  Each outcome is the same whatever the
delay lands on, so the test holds however loaded the machine is.  Before that first sign Python itself is
still starting, and its answer is its own (docs/cli.md).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from oracle.tools.cli.interrupts import EXIT_INTERRUPTED, INTERRUPTED

ROOT = Path(__file__).resolve().parents[1]
FIRST_CODE = b" oracle.tools.cli.entry"  # the -X importtime line of the module that installs the handler
# A -X importtime record or its head, or the tail of one that Python wrote in two pieces (the signal can land
# between them, anywhere: "   bisect", "12 |   bisect"): figures, bars and a module's name, never an exception's
# name, and never a line of a traceback (those have quotes, brackets or a colon).
IMPORT_TIME = re.compile(r"import time:.*|(?!.*(?:Error|Interrupt|Exception|Traceback))[\w .|]*")
DELAYS = (0.0, 0.004, 0.02, 0.08, 0.3)  # seconds after the first sign: loading, loaded, waiting


@pytest.fixture(scope="module")
def console_script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``oracle`` script as pip writes it for the entry point pyproject.toml names (an installed
    script may have been written for an older one)."""
    entry = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]["oracle"]
    module, _, function = entry.partition(":")
    path = tmp_path_factory.mktemp("bin") / "oracle"
    path.write_text(f"#!{sys.executable}\nimport re\nimport sys\nfrom {module} import {function}\n"
                    "if __name__ == '__main__':\n"
                    "    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n"
                    f"    sys.exit({function}())\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def interrupted(command: list[str], delay: float, wait_for_output: bool) -> tuple[int | None, bytes, list[str]]:
    """Start ``command``, wait for its first sign (and its first line of output if ``wait_for_output``), send
    SIGINT ``delay`` seconds later; its exit status, standard output and its stderr lines but -X importtime's."""
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1", "PYTHONPATH": str(ROOT)}
    # A runner started in the background by a shell without job control passes SIGINT on as ignored, and
    # Python keeps it so; the command is given the default, as an interactive shell gives it.
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=env, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert process.stdout is not None and process.stderr is not None and process.stdin is not None
    before: list[bytes] = []
    while True:
        line = process.stderr.readline()
        assert line, f"ended before its first sign: {b''.join(before)!r}"
        before.append(line)
        if line.rstrip().endswith(FIRST_CODE):
            break
    first = process.stdout.readline() if wait_for_output else b""
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=120)  # the input stays open: a server could not end by itself
    finally:
        process.kill()
    lines = [line for line in (b"".join(before) + err).decode().splitlines() if not IMPORT_TIME.fullmatch(line)]
    return process.returncode, first + out, lines


def commands(console_script: Path) -> dict[str, list[str]]:
    return {"console script": [str(console_script)], "python -m oracle": [sys.executable, "-m", "oracle"]}


def test_an_interrupt_raised_in_code_made_from_a_string_still_ends_in_130(tmp_path: Path) -> None:
    """Under ``python -m``, a KeyboardInterrupt that ended code Python ran from a string (a dataclass's methods,
    built while a module loads lazily), even one the command caught and answered, would make CPython end the
    process by SIGINT (-2) at exit; the command's own status, 130, stands."""
    package = tmp_path / "interrupted_in_exec"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "__main__.py").write_text(
        "import oracle.tools.cli.main as cli\n"
        "from oracle.tools.cli.entry import run\n"
        "from oracle.tools.cli.interrupts import EXIT_INTERRUPTED, INTERRUPTED\n"
        "def main():\n"
        "    try:\n"
        "        exec('raise KeyboardInterrupt')  # as SIGINT lands while a dataclass is made\n"
        "    except KeyboardInterrupt:\n"
        "        print(INTERRUPTED, file=__import__('sys').stderr)\n"
        "        return EXIT_INTERRUPTED\n"
        "cli.main = main\n"
        "run()\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(ROOT), str(tmp_path)))}
    done = subprocess.run([sys.executable, "-m", package.name], capture_output=True, env=env, timeout=120)
    assert (done.returncode, done.stderr.decode().splitlines()) == (EXIT_INTERRUPTED, [INTERRUPTED])


@pytest.mark.parametrize("entry", ["console script", "python -m oracle"])
def test_ctrl_c_while_loading_or_waiting_is_one_line_and_130(console_script: Path, entry: str) -> None:
    """A server waiting for its input never ends by itself: every delay must end in the one line."""
    command = [*commands(console_script)[entry], "serve", "--stdio"]
    with ThreadPoolExecutor(len(DELAYS)) as pool:
        outcomes = list(pool.map(lambda delay: interrupted(command, delay, False), DELAYS))
    assert outcomes == [(EXIT_INTERRUPTED, b"", [INTERRUPTED])] * len(DELAYS)


@pytest.mark.slow  # four more processes; the one above covers the start
@pytest.mark.parametrize("entry", ["console script", "python -m oracle"])
def test_ctrl_c_after_the_answer_keeps_the_answer_and_prints_no_traceback(console_script: Path, entry: str) -> None:
    """Once the command has printed its answer, the signal may find it ended (0), still in the oracle's code
    (130 and the one line) or in the interpreter's last steps, where Python has put back the signal's default
    action (ended by SIGINT, silently: a shell reports 130).  Its output is whole, and nothing else is added."""
    command = [*commands(console_script)[entry], "perft", "2"]  # one line, written at the end
    whole = subprocess.run(command, capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
                           check=True).stdout
    with ThreadPoolExecutor(2) as pool:
        outcomes = list(pool.map(lambda delay: interrupted(command, delay, True), (0.0, 0.01)))
    for code, out, lines in outcomes:
        assert out == whole
        assert (code, lines) in ((0, []), (EXIT_INTERRUPTED, [INTERRUPTED]), (-signal.SIGINT, [])), (code, lines)
