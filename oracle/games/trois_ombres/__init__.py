"""*L'heure des 3 ombres*: a cooperative memory game with hidden tiles and chance.

The spec is spec/trois-ombres/; `game.GAME` implements the common game
interface and is registered in `oracle.games.GAMES` as ``trois-ombres``.
"""
