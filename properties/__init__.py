"""Formal checks of the oracle: Hypothesis state machines, an independent Z3
model of the standard rules with its proofs, the model checked against the
engine, and a mutation harness that shows the checks catch real bugs.

Nothing in `oracle` imports this package.
"""
