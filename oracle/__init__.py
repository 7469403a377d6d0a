"""A rules reference and move oracle for several games: *That Time You Killed Me*, Time Chase, 3 Ombres.

The root is the same for every game and imports none of them: the registry (`load_game`), the common
interface, the errors and the versions.

```python
from oracle import load_game

game = load_game("time-chase")
```

TTYKM's own functions (a position, its turns, the plain rules) are `oracle.ttykm`.
"""

TYPE_CHECKING = False  # typing's own flag, without importing typing
if TYPE_CHECKING:
    from oracle.errors import InapplicableVariant, InvalidPosition, NotationError
    from oracle.games import GAMES, load_game
    from oracle.interface import Applied, Game, IllegalAction, Outcome, ToAct, Verdict
    from oracle.version import SPEC_VERSION, __version__

# Each name is loaded from its module when first asked for: importing the package costs nothing, so the
# command line's first code (oracle.tools.cli.entry) runs at once, before anything else is loaded.
_HOMES = {
    "InapplicableVariant": "oracle.errors", "InvalidPosition": "oracle.errors", "NotationError": "oracle.errors",
    "GAMES": "oracle.games", "load_game": "oracle.games",
    "Applied": "oracle.interface", "Game": "oracle.interface", "IllegalAction": "oracle.interface",
    "Outcome": "oracle.interface", "ToAct": "oracle.interface", "Verdict": "oracle.interface",
    "SPEC_VERSION": "oracle.version", "__version__": "oracle.version",
}

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


def __getattr__(name: str) -> object:
    import importlib

    home = _HOMES.get(name)
    if home is None:  # a subpackage, as `oracle.games` was once the root had loaded it
        try:
            return importlib.import_module(f"oracle.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"oracle.{name}":
                raise
            raise AttributeError(f"module 'oracle' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
