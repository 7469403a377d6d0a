"""Chapter 4, Convergence: two chapters played together, and the order of effects.

This room holds the pair rulesets' clauses (`CONVERGENCE.*`) and the one
procedure that orders simultaneous effects era by era (`EFFECTS.*`: removals,
then placements, then movements), which every chapter uses.  The chapter is
not in the oracle yet: see `oracle.games.ttykm.ruleset.CHAPTERS`.
"""
