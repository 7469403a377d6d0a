"""``python -m oracle``: the same as the ``oracle`` command."""

from oracle.cli import run

run()
