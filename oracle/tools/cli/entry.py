"""The ``oracle`` command's first code, for the console script and ``python -m oracle``: Ctrl-C answered in one
line (`oracle.tools.cli.interrupts`) from the first moment the oracle's code runs.

Importing this module is starting the command: SIGINT is made `end_now` at once, and stays so while the
command line and its game load (about a tenth of a second, nearly all of it imports, and nothing open yet).
Raised there, a KeyboardInterrupt would print a traceback from the import machinery, be swallowed as "Exception
ignored", or, inside a class Python builds from source (a dataclass), make the process end by SIGINT whatever it
returns.  Once loaded, `main` gives Ctrl-C back to Python as KeyboardInterrupt, which the command turns into the
same line after its own clean-up (a perft keeps its finished subtrees); once the command has answered and its
output is written, `end_now` again, for the interpreter's shutdown.  Before this module runs, Python itself is
still starting: its answer is its own (docs/cli.md, exit statuses).  The packages above this module import
nothing (``oracle/__init__`` loads its names when first asked for), so the handler is in place within a few
milliseconds of Python's start-up.
"""

import os
import sys

from oracle.tools.cli.interrupts import EXIT_INTERRUPTED, INTERRUPTED, answer_at_once

ANSWERING = answer_at_once()

from typing import NoReturn  # noqa: E402 (after the handler: Python's start-up has not loaded typing)


def run() -> None:
    """Run the command line on ``sys.argv`` and exit with its status."""
    try:
        from oracle.tools.cli.main import main

        code = main()  # it puts KeyboardInterrupt back once the command line has loaded
        flush_output()
        if ANSWERING:
            answer_at_once()  # for the interpreter's shutdown: nothing left unwritten to lose
    except KeyboardInterrupt:  # after main's own answer, while the output is written
        if ANSWERING:
            answer_at_once()
        print(INTERRUPTED, file=sys.stderr, flush=True)
        code = EXIT_INTERRUPTED
    if code == EXIT_INTERRUPTED:
        end_interrupted()
    sys.exit(code)


def end_interrupted() -> NoReturn:
    """Exit 130 once an interrupted command has cleaned up and said so.  Not by `sys.exit`: under ``python -m``,
    CPython ends a process by SIGINT, whatever status it exits with, when the last code it ran from a string (a
    dataclass's methods, made while a module loads lazily) ended in KeyboardInterrupt, even one caught since.
    So the exit functions run here, the output is written, and the process ends with the status itself."""
    import atexit

    atexit._run_exitfuncs()
    flush_output()
    os._exit(EXIT_INTERRUPTED)


def flush_output() -> None:
    """Write out what the command printed, before a SIGINT may end the process without unwinding."""
    import contextlib

    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe or stream: Python's exit reports it, as ever
            stream.flush()
