"""``python -m oracle``: the same as the ``oracle`` command."""

import sys

try:
    from oracle.tools.cli.main import run
except KeyboardInterrupt:  # Ctrl-C while the command line is still being loaded: one line, as ever after
    print("oracle: interrupted", file=sys.stderr, flush=True)
    sys.exit(130)

run()
