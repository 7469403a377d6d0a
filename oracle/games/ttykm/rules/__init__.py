"""The rules of TTYKM, one module per rules module of the game.

- `standard`: the standard game (spec/ttykm/board.md to focus-and-win.md).
- `growth`, `influence`, `memory`: the chapters 1-3, each adding objects and
  actions to the standard game, and each declaring them in one `Chapter`
  value (`hooks`).
- `convergence`: chapter 4, the pair rules of two chapters together and the
  draw of the pair.
- `hooks`, `push`, `effects`, `chapters`: what every chapter shares, knowing
  no chapter: the table of chapter hooks, the push resolution, the order of
  effects, and the chapter turn.

Importing this package installs the chapters in the hooks table, in chapter
order; the functions most callers need are re-exported here.
"""

from oracle.games.ttykm.rules import convergence, growth, influence, memory
from oracle.games.ttykm.rules.hooks import install
from oracle.games.ttykm.rules.standard import (
    Applied,
    IllegalTurn,
    apply_turn,
    explain,
    legal_turns,
    outcome,
    successors,
)

install(growth.CHAPTER, influence.CHAPTER, memory.CHAPTER, *convergence.PAIR_RULES)

__all__ = ["Applied", "IllegalTurn", "apply_turn", "explain", "legal_turns", "outcome", "successors"]
