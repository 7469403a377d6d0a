"""*Time Chase* (Contre-Temps, Jonathan Woodard): a trick-taking game on a timeline.

This room will hold the second game, with the same shape as `oracle.games.ttykm`:
its state, rules, notation, pictures and `game` (the common interface).  Its
spec goes in spec/time-chase/.  It is not in the oracle yet, so it is not in
`oracle.games.GAMES`.
"""
