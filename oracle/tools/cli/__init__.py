"""The ``oracle`` command line: `main` holds the common commands, the other modules one command each."""
