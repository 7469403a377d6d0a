"""*That Time You Killed Me*'s own functions, in one import: a position, its turns, and the plain rules.

```python
from oracle.ttykm import Position, legal_turns, apply_turn, explain, outcome
```

Every game, TTYKM included, is also reached through the common interface (`oracle.load_game`); importing
`oracle` itself loads no game, so this module is imported only by those who ask for TTYKM by name.
"""

from oracle.games.ttykm.board import Action, Colour, Era
from oracle.games.ttykm.notation import (
    NotationError,
    format_position,
    format_turn,
    parse_position,
    parse_turn,
    position_from_json,
    position_to_json,
    turn_from_json,
    turn_to_json,
)
from oracle.games.ttykm.rules.standard import (
    Applied,
    IllegalTurn,
    apply_turn,
    explain,
    legal_turns,
    outcome,
    successors,
)
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import InvalidPosition, Position
from oracle.games.ttykm.turn import Turn, Verdict

__all__ = [
    "STANDARD",
    "Action",
    "Applied",
    "Colour",
    "Era",
    "IllegalTurn",
    "InvalidPosition",
    "NotationError",
    "Position",
    "Ruleset",
    "Turn",
    "Verdict",
    "apply_turn",
    "explain",
    "format_position",
    "format_turn",
    "legal_turns",
    "outcome",
    "parse_position",
    "parse_turn",
    "position_from_json",
    "position_to_json",
    "successors",
    "turn_from_json",
    "turn_to_json",
]
