"""``python -m oracle``: the same as the ``oracle`` command (`oracle.tools.cli.entry`)."""

from oracle.tools.cli.entry import run

run()
