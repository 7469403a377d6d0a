"""A rules reference and move oracle for several games: *That Time You Killed Me*, Time Chase, 3 Ombres.

The root is the same for every game and imports none of them: the registry (`load_game`), the common
interface, the errors and the versions.

```python
from oracle import load_game

game = load_game("time-chase")
```

TTYKM's own functions (a position, its turns, the plain rules) are `oracle.ttykm`.
"""

from oracle.errors import InapplicableVariant, InvalidPosition, NotationError
from oracle.games import GAMES, load_game
from oracle.interface import (
    Applied,
    Game,
    IllegalAction,
    Outcome,
    ToAct,
    Verdict,
)
from oracle.version import SPEC_VERSION, __version__

__all__ = [
    "GAMES",
    "SPEC_VERSION",
    "Applied",
    "Game",
    "IllegalAction",
    "InapplicableVariant",
    "InvalidPosition",
    "NotationError",
    "Outcome",
    "ToAct",
    "Verdict",
    "__version__",
    "load_game",
]
