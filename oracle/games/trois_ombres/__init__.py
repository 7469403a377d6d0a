"""*L'heure des 3 ombres*: a cooperative memory game with hidden tiles and chance.

This room will hold the third game, with the same shape as `oracle.games.ttykm`.
Its spec goes in spec/trois-ombres/.  It is not in the oracle yet, so it is
not in `oracle.games.GAMES`.
"""
