"""Chapter 1, Growth: seeds, shrubs and trees (Plant, Dig up).

This room holds the chapter's rules, one function per `GROWTH.*` clause of
spec/ttykm/growth.md.  The chapter is not in the oracle yet: a position naming
it (`rules=growth`) is refused with a one-line error until it lands
(see `oracle.games.ttykm.ruleset.CHAPTERS`).
"""
