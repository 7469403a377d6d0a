"""What Ctrl-C gets from the ``oracle`` command: one line on standard error and exit status 130.

Imported by the command's first code (`oracle.tools.cli.entry`) before anything else, so it imports nothing of
the oracle, and nothing that Python has not loaded already at start-up.
"""

import os
import signal

INTERRUPTED = "oracle: interrupted"
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a command ended by Ctrl-C


def end_now(signum: int, frame: object) -> None:
    """A SIGINT handler for while nothing is open: the one line, then exit 130 at once, without unwinding
    (a KeyboardInterrupt raised inside Python's import machinery prints a traceback, or is swallowed)."""
    try:  # noqa: SIM105 (contextlib would be one more import before the handler)
        os.write(2, (INTERRUPTED + "\n").encode())
    except OSError:  # standard error closed: the status says it alone
        pass
    os._exit(EXIT_INTERRUPTED)


def answer_at_once() -> bool:
    """Make SIGINT `end_now`, unless the process was started with it ignored (a background job: it stays
    ignored, as Python leaves it); whether it did."""
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return False
    signal.signal(signal.SIGINT, end_now)
    return True


def answer_by_exception() -> None:
    """SIGINT raises KeyboardInterrupt again (Python's own handler), for the command to clean up after, if it
    was `end_now` (in-process callers of the command line keep theirs)."""
    if signal.getsignal(signal.SIGINT) is end_now:
        signal.signal(signal.SIGINT, signal.default_int_handler)
