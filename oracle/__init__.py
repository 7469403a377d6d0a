"""A rules reference and move oracle for *That Time You Killed Me*.

The public API, in one import:

```python
from oracle import Position, legal_turns, apply_turn, explain, outcome
```
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

__version__ = "0.1.0"
SPEC_VERSION = "1.0.0"

__all__ = [
    "SPEC_VERSION",
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
