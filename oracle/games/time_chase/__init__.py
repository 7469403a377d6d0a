"""*Time Chase* (Contre-Temps, Jonathan Woodard): a trick-taking game on a timeline.

The second game of the oracle, registered as ``time-chase`` (`oracle.games.GAMES`), with the same
shape as `oracle.games.ttykm`: its state, rules, notation, pictures and `game` (the common
interface); its spec is spec/time-chase/.
"""
