"""The tools every game shares, written once against `oracle.interface.Game`.

- `cli`: the ``oracle`` command line; `protocol`: the JSON-lines protocol and ``serve``;
- `vectors`: test vectors, perft files and playthroughs; `conform`: the conformance runner;
- `testing`: Hypothesis strategies and the stateful harness for other engines;
- `site`: the code that builds the rules site (never on the query path).

Tools import games; no game imports a tool.
"""
