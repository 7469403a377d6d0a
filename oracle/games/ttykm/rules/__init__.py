"""The rules of TTYKM, one module per rules module of the game.

- `standard`: the standard game (spec/ttykm/board.md to focus-and-win.md).
- `growth`, `influence`, `memory`: the chapters 1-3, each adding objects and
  actions to the standard game.
- `convergence`: chapter 4, two chapters together and the order of effects.

The functions most callers need are re-exported here.
"""

from oracle.games.ttykm.rules.standard import (
    Applied,
    IllegalTurn,
    apply_turn,
    explain,
    legal_turns,
    outcome,
    successors,
)

__all__ = ["Applied", "IllegalTurn", "apply_turn", "explain", "legal_turns", "outcome", "successors"]
