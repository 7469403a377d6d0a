"""``python -m oracle``: the same as the ``oracle`` command."""

from oracle.tools.cli.main import run

run()
