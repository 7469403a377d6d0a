"""Chapter 3, Memory: elephants, hats, training and commands.

This room holds the chapter's rules, one function per `MEMORY.*` clause of
spec/ttykm/memory.md.  The chapter is not in the oracle yet: a position naming
it (`rules=memory`) is refused with a one-line error until it lands
(see `oracle.games.ttykm.ruleset.CHAPTERS`).
"""
