"""Chapter 2, Influence: statues (push, pull, build) and moves that carry into later eras.

This room holds the chapter's rules, one function per `INFLUENCE.*` clause of
spec/ttykm/influence.md.  The chapter is not in the oracle yet: a position naming
it (`rules=influence`) is refused with a one-line error until it lands
(see `oracle.games.ttykm.ruleset.CHAPTERS`).
"""
