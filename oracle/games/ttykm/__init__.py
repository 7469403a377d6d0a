"""*That Time You Killed Me* (Peter C. Hayward, 2021): the standard game and its chapters.

The rooms, each holding one thing (spec/ttykm/ is the normative text):

- `board`: eras, squares, directions; `state`: the position; `turn`: turns;
  `ruleset`: the chapters and variants in play; `events`: what a turn does.
- `rules`: one module per rules module (`standard`, and a room for each
  chapter: `growth`, `influence`, `memory`, `convergence`).
- `notation`: the text and JSON forms; `pictures`: SVG boards and text boards.
- `perft`: the optimised turn counter, checked against `rules`.
- `game`: the common game interface (`oracle.interface.Game`) for the shared tools.
"""
