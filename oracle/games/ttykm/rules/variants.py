"""Which variants change which game: the standard game's own, and what each chapter declares.

A variant is another reading of one rule (spec/ttykm/variants.md).  Named for
a game that does not have that rule, it would change nothing, so it is
refused instead, in one line that names the game's ruleset
(`InapplicableVariant`, CLI exit status 2, protocol error ``bad_variant``).
The standard game's variants change every game; a chapter's change every game
it is in; the pair rules declare the variants that matter only when two
chapters meet (`oracle.games.ttykm.rules.hooks`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from oracle.errors import InapplicableVariant
from oracle.games.ttykm.rules import hooks
from oracle.games.ttykm.ruleset import CHAPTERS, Ruleset

STANDARD_VARIANTS: Mapping[str, frozenset[str]] = {
    "self-push=paradox": frozenset(),
    "self-push=ends": frozenset(),
    "self-push=whole-turn": frozenset(),
    "copy-choice=free": frozenset(),
}
"""The standard game's variants (the turn and the Move): they change every game."""

PAIRS = (frozenset({"growth", "influence"}), frozenset({"growth", "memory"}), frozenset({"influence", "memory"}))
RULESETS: tuple[frozenset[str], ...] = (
    frozenset(), frozenset({"growth"}), frozenset({"influence"}), frozenset({"memory"}), *PAIRS,
    frozenset({"convergence"}),
)
"""Every ruleset a position may name, in the oracle's order; ``convergence`` is a Convergence game before its draw."""


def ruleset_name(modules: frozenset[str]) -> str:
    """``standard``, or the chapters in chapter order joined by ``+``."""
    return "+".join(c for c in CHAPTERS if c in modules) or "standard"


@cache
def variant_scope(modules: frozenset[str]) -> Mapping[str, frozenset[str]]:
    """The variants that change a game of ``modules``, each with the other
    variants one of which it needs to change anything (empty: none).

    A Convergence game before its draw (``convergence``) takes the variants
    that change each of the three pairs it may draw on their own: whatever
    the draw gives, they change it.
    """
    if "convergence" in modules:
        scopes = [variant_scope(pair) for pair in PAIRS]
        return {v: n for v, n in scopes[0].items() if not n and all(v in s and not s[v] for s in scopes[1:])}
    scope = dict(STANDARD_VARIANTS)
    for chapter in hooks.in_play(modules):
        for name, needs in chapter.variants.items():
            known = scope.get(name)
            scope[name] = needs if known is None else known | needs if known and needs else frozenset()
    return scope


def where(variant: str) -> list[str]:
    """The rulesets ``variant`` changes, in the oracle's order, each with the
    variants it needs there if it needs one: ``influence (with ...)``."""
    found = []
    for modules in RULESETS:
        needs = variant_scope(modules).get(variant)
        if needs is not None:
            found.append(ruleset_name(modules) + (f" (with {' or '.join(sorted(needs))})" if needs else ""))
    return found


@cache
def variants_refusal(modules: frozenset[str], variants: frozenset[str]) -> str | None:
    """Why ``variants`` cannot be played in a game of ``modules``, or None.

    Rule: VARIANT.SCOPE
    Each variant must change the game's rules (`variant_scope`), on its own or
    together with one of the variants it needs; the reason names the game's
    ruleset and the rulesets the variant changes.
    """
    scope = variant_scope(modules)
    name = ruleset_name(modules)
    for variant in sorted(variants):
        needs = scope.get(variant)
        if needs is None:
            places = where(variant)
            changes = ", ".join(places[:-1]) + " and " + places[-1] if len(places) > 1 else "".join(places)
            return f"the variant {variant} does not change the rules of {name}; it changes {changes or 'none'}"
        if needs and not needs & variants:
            return (f"the variant {variant} changes the rules of {name} only together with"
                    f" {' or '.join(sorted(needs))}")
    return None


def check_variants(modules: frozenset[str], ruleset: Ruleset) -> None:
    """Raise `InapplicableVariant` unless every variant of ``ruleset`` changes a game of ``modules``."""
    if ruleset.variants:
        refusal = variants_refusal(modules, ruleset.variants)
        if refusal is not None:
            raise InapplicableVariant(refusal)
