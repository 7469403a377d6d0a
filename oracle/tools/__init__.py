"""The tools every game shares, written once against `oracle.interface.Game`.

- `cli`: the ``oracle`` command line; `protocol`: the JSON-lines protocol and ``serve``;
- `vectors`: test vectors, perft files and playthroughs; `conform`: the conformance runner;
- `testing`: the stateful Hypothesis harness for other engines;
- `site`: the code that builds the rules site (never on the query path).

Each knows a game only through the interface, the registry (`oracle.games`)
and the shared base (`oracle.inputs`, `oracle.errors`, `oracle.games.base`).
Tools import games; no game imports a tool.
"""
