"""The harness's core runs every kind on a mutant, never stopping at a catch, and reports each alone."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from properties import harness as h

PAGE = Path(__file__).resolve().parent.parent / "docs" / "formal-checks.md"
BROKEN: list[bool] = [False]


@contextmanager
def breaking() -> Iterator[None]:
    BROKEN[0] = True
    try:
        yield
    finally:
        BROKEN[0] = False


def notices() -> None:
    assert not BROKEN[0], "broken"


def blind() -> None:
    return None


def crashes() -> None:
    if BROKEN[0]:
        raise KeyError("boom")


def test_every_kind_runs_and_each_catch_is_recorded_alone() -> None:
    ran: list[str] = []

    def recording(kind: str, check: h.Check) -> h.Check:
        def run() -> None:
            ran.append(kind)
            check()
        return run

    mutant = h.Mutant("toy", "toy", breaking, {
        h.EXAMPLES: recording(h.EXAMPLES, notices), h.PERFT: recording(h.PERFT, blind),
        h.MACHINE: recording(h.MACHINE, crashes), h.DIFFERENTIAL: recording(h.DIFFERENTIAL, blind)})
    verdict = h.judge(mutant)
    assert ran == [h.EXAMPLES, h.PERFT, h.MACHINE, h.DIFFERENTIAL], "a kind was skipped after a catch"
    assert set(verdict.caught) == {h.EXAMPLES, h.MACHINE}
    assert verdict.caught[h.MACHINE].startswith("KeyError")
    assert [verdict.mark(k) for k in h.KINDS] == ["x", "-", ".", "-", "x", "."]
    assert verdict.formal_caught and not BROKEN[0], "the patch was not undone"


def test_rates_count_only_the_kinds_run_and_the_formal_kinds_alone() -> None:
    caught_formally = h.judge(h.Mutant("a", "toy", breaking, {h.EXAMPLES: blind, h.MACHINE: notices}))
    caught_by_examples = h.judge(h.Mutant("b", "toy", breaking, {h.EXAMPLES: notices, h.DIFFERENTIAL: blind}))
    survivor = h.judge(h.Mutant("c", "toy", breaking, {h.EXAMPLES: blind}))
    verdicts = [caught_formally, caught_by_examples, survivor]
    rates = h.kind_rates(verdicts)
    assert (rates[h.EXAMPLES].caught, rates[h.EXAMPLES].run) == (1, 3)
    assert (rates[h.DIFFERENTIAL].caught, rates[h.DIFFERENTIAL].run) == (0, 1)
    assert str(rates[h.VECTORS]) == "-"
    assert (h.formal_rate(verdicts).caught, h.formal_rate(verdicts).run) == (1, 3)
    assert "NOT CAUGHT" in h.row(survivor) and "NOT CAUGHT" not in h.row(caught_formally)
    assert "1 of 3 (33%)" in h.footer(verdicts)
    assert "| toy | b | yes | - | - | - | - | **no** |" in h.markdown(verdicts)


def test_a_kind_outside_the_vocabulary_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown kind 'fuzz'"):
        h.Mutant("x", "toy", breaking, {"fuzz": blind})


def test_a_kind_that_fails_on_the_real_rules_is_reported() -> None:
    def always() -> None:
        raise AssertionError("always fails")

    problems = h.check_real_rules([h.Mutant("x", "toy", breaking, {h.EXAMPLES: notices, h.MACHINE: always})])
    assert problems == ["toy machine: fails on the real rules: always fails"]


def docs_table() -> list[list[str]]:
    """The cells of the harness's per-kind table in docs/formal-checks.md, its rate row last."""
    head = "| game | mutant | " + " | ".join(h.KINDS) + " |"
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    start = lines.index(head) + 2
    end = next(i for i in range(start, len(lines)) if not lines[i].startswith("|"))
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[start:end]]


def test_the_docs_table_has_one_row_per_registered_mutant_and_its_rates() -> None:
    """Every game's registered mutants, in the harness's order, each with a row; the rate row and the
    formal kinds' rate sum those rows (a mutant added later needs a row measured by `./dev mutants`)."""
    from properties.mutants import registered

    *rows, rates = docs_table()
    assert [(r[0], r[1]) for r in rows] == [(m.game, m.name) for m in registered()], \
        "regenerate the rows: ./dev mutants --markdown (--game GAME or NAME for the new ones)"
    assert all(set(r[2:]) <= {"yes", "**no**", "-"} and len(r) == 2 + len(h.KINDS) for r in rows)
    expected = [f"**{h.Rate(sum(r[2 + i] == 'yes' for r in rows), sum(r[2 + i] != '-' for r in rows))}**"
                for i in range(len(h.KINDS))]
    assert rates[2:] == expected, "the rate row is not the sum of the rows"
    formal = sum(any(r[2 + h.KINDS.index(k)] == "yes" for k in h.FORMAL) for r in rows)
    text = PAGE.read_text(encoding="utf-8")
    assert f"**formal kinds alone catch {formal} of {len(rows)} mutants ({100 * formal // len(rows)}%)**" \
        in " ".join(text.split()), "the formal kinds' rate in the prose is not the table's"
