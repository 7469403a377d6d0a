"""Which rules are in play: the chapter modules and the named variants.

The standard game is the empty ruleset.  A chapter module (Growth,
Influence, Memory; Convergence is two of them together) is named in a
position's ``rules=`` field and in ``Ruleset.modules``; `CHAPTERS` lists them
and says which are in the oracle yet.  The variants are the readings of the
sources that the spec does not adopt (spec/ttykm/variants.md), selectable for
testing engines built on them.
"""

from __future__ import annotations

from dataclasses import dataclass

# Variant names as written on the command line and in files, with their meaning.
VARIANTS: dict[str, str] = {
    "self-push=paradox": "moving onto your own copy removes both copies (VARIANT.SELF-PUSH-PARADOX)",
    "copy-choice=free": "any copy on the Focus era may be chosen (VARIANT.COPY-CHOICE-FREE)",
}


# Chapter modules, in chapter order, with whether the oracle implements them yet
# (NOTATION.RULES).  A chapter not yet implemented is refused with a
# one-line error wherever it is named, never played by the standard rules.
CHAPTERS: dict[str, bool] = {
    "growth": False,
    "influence": False,
    "memory": False,
}


class UnknownVariant(ValueError):
    """A variant name that is not in `VARIANTS`."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The named variants in play; ``Ruleset()`` is the game as the spec reads it.

    The chapters in play are not here: they belong to the position
    (`oracle.games.ttykm.state.Chapters`, rule NOTATION.RULES).
    """

    variants: frozenset[str] = frozenset()

    @property
    def self_push_paradox(self) -> bool:
        return "self-push=paradox" in self.variants

    @property
    def copy_choice_free(self) -> bool:
        return "copy-choice=free" in self.variants

    @property
    def name(self) -> str:
        """``standard``, or the variants joined by ``+`` in sorted order."""
        return "+".join(sorted(self.variants)) or "standard"

    @classmethod
    def parse(cls, text: str) -> Ruleset:
        """``"standard"``, or variant names joined by ``+`` or ``,``."""
        text = text.strip()
        if text in ("", "standard"):
            return STANDARD
        names = [n.strip() for n in text.replace(",", "+").split("+")]
        for n in names:
            if n not in VARIANTS:
                known = ", ".join(["standard", *VARIANTS])
                raise UnknownVariant(f"unknown variant {n[:40]!r}; known: {known}")
            if names.count(n) > 1:
                raise UnknownVariant(f"variant {n!r} named twice")
        return cls(variants=frozenset(names))


STANDARD = Ruleset()
