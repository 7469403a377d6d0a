"""Which rules are in play: the modules and the named variants.

The standard game is the empty ruleset.  Chapter modules (Growth, Influence,
Memory, Convergence) will join ``modules`` as they are specified; the
variants below are the readings of the sources that the spec does not adopt
(spec/variants.md), selectable for testing engines built on them.
"""

from __future__ import annotations

from dataclasses import dataclass

# Variant names as written on the command line and in files, with their meaning.
VARIANTS: dict[str, str] = {
    "self-push=paradox": "moving onto your own copy removes both copies (VARIANT.SELF-PUSH-PARADOX)",
    "copy-choice=free": "any copy on the Focus era may be chosen (VARIANT.COPY-CHOICE-FREE)",
}


class UnknownVariant(ValueError):
    """A variant name that is not in `VARIANTS`."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A set of modules and variants; ``Ruleset()`` is the standard game."""

    variants: frozenset[str] = frozenset()
    modules: frozenset[str] = frozenset()

    @property
    def self_push_paradox(self) -> bool:
        return "self-push=paradox" in self.variants

    @property
    def copy_choice_free(self) -> bool:
        return "copy-choice=free" in self.variants

    @property
    def name(self) -> str:
        """``standard``, or the variants joined by ``+`` in sorted order."""
        return "+".join(sorted(self.variants | self.modules)) or "standard"

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
                raise UnknownVariant(f"unknown variant {n!r}; known: {known}")
        return cls(variants=frozenset(names))


STANDARD = Ruleset()
