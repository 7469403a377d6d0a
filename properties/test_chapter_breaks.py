"""Every chapter theorem has teeth: under a named break of the model clause it is about, it fails; and every
clause of every chapter model is broken by some break or says why no theorem needs to constrain it."""

from __future__ import annotations

import pytest

from properties import chapter_breaks as cb

# One break for each theorem: the first that names it.
PAIRS = {(brk.model, name): brk for brk in reversed(cb.BREAKS) for name in brk.fails}


def test_every_chapter_theorem_has_a_named_break() -> None:
    assert sorted(PAIRS) == sorted((m, t) for m in cb.MODULES for t in cb.theorem_names(m))


@pytest.mark.parametrize("brk", cb.BREAKS, ids=[b.name for b in cb.BREAKS])
def test_theorem_fails_under_its_break(brk: cb.Break) -> None:
    for outcome in cb.check(brk):
        assert outcome.failed, f"{outcome.theorem} is still proved when {brk.model} breaks '{brk.name}' ({brk.what})"


def test_the_theorems_are_proved_again_after_a_break() -> None:
    """A break is undone at the end of its block: the model's own theorems prove again."""
    brk = next(b for b in cb.BREAKS if b.model == "growth")
    cb.check(brk)
    assert all(cb.PROVERS["growth"](name) for name in cb.theorem_names("growth"))


def test_every_clause_is_constrained_or_justified() -> None:
    for brk in cb.BREAKS:
        assert set(brk.replaces) <= set(cb.CLAUSES[brk.model]), brk.name
    assert sorted(cb.unconstrained()) == sorted(cb.UNCONSTRAINED), "a clause no theorem constrains: break it or say why"
    assert all(why for why in cb.UNCONSTRAINED.values())


def test_the_docs_table_is_the_generated_one() -> None:
    from pathlib import Path

    page = Path(__file__).resolve().parent.parent / "docs" / "formal-checks.md"
    text = page.read_text(encoding="utf-8")
    for table in (cb.breaks_markdown(), cb.markdown()):
        assert table in text, "regenerate: python -m properties.chapter_breaks --markdown"
