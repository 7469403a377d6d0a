"""Spec and code point at each other: every clause is implemented once and has
a worked example, and nothing cites a clause that does not exist."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from oracle.games.time_chase.examples import read_examples as read_time_chase_examples
from oracle.games.trois_ombres.examples import read_examples as read_trois_ombres_examples
from oracle.games.ttykm.examples import read_examples
from oracle.tools.site.spec_files import clause_ids
from tests.conftest import ORACLE, ROOT, SPEC, TTYKM_SPEC

ID = r"[A-Z][A-Z0-9-]*(?:\.[A-Z0-9-]+)+"
MARKER = re.compile(rf"(?:^|[#\s])Rules?: ({ID}(?:, *{ID})*)")
ID_SHAPE = r"\b({prefixes})(?:\.[A-Z0-9]+(?:-[A-Z0-9]+)*)+\b"
TEST_MARK = re.compile(r"@pytest\.mark\.rule\(([^)]*)\)")


def spec_ids() -> list[str]:
    return clause_ids(SPEC)


def python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def implementation_markers() -> Counter[str]:
    found: Counter[str] = Counter()
    for path in python_files(ORACLE):
        for match in MARKER.finditer(path.read_text(encoding="utf-8")):
            found.update(i.strip() for i in match.group(1).split(","))
    return found


def mentioned_ids(folder: Path, prefixes: set[str]) -> dict[str, set[str]]:
    pattern = re.compile(ID_SHAPE.format(prefixes="|".join(sorted(prefixes))))
    found: dict[str, set[str]] = {}
    for path in python_files(folder):
        for match in pattern.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(match.group(0), set()).add(str(path.relative_to(ROOT)))
    return found


def test_clause_ids_are_unique() -> None:
    counts = Counter(spec_ids())
    assert len(counts) >= 30
    assert [i for i, n in counts.items() if n > 1] == []


def test_every_clause_is_implemented_exactly_once() -> None:
    markers = implementation_markers()
    missing = [i for i in spec_ids() if markers[i] == 0]
    twice = [i for i in spec_ids() if markers[i] > 1]
    assert missing == [], "clauses with no 'Rule:' line in oracle/"
    assert twice == [], "clauses implemented in more than one place"


def test_no_marker_names_an_unknown_clause() -> None:
    unknown = sorted(set(implementation_markers()) - set(spec_ids()))
    assert unknown == []


def test_no_code_or_test_cites_an_unknown_clause() -> None:
    ids = set(spec_ids())
    prefixes = {i.split(".")[0] for i in ids}
    for folder in (ORACLE, ROOT / "tests", ROOT / "properties"):
        unknown = {i: files for i, files in mentioned_ids(folder, prefixes).items() if i not in ids}
        assert unknown == {}, f"unknown clause IDs cited under {folder.name}/"


def test_examples_cite_only_known_clauses() -> None:
    ids = set(spec_ids())
    unknown = [(e.where, r) for e in read_examples(TTYKM_SPEC) for r in e.rules if r not in ids]
    unknown += [(e.where, r) for e in read_time_chase_examples(SPEC / "time-chase") for r in e.rules if r not in ids]
    assert unknown == []


def test_every_clause_has_a_worked_example() -> None:
    covered = {r for e in read_examples(TTYKM_SPEC) for r in e.rules}
    covered |= {r for e in read_time_chase_examples(SPEC / "time-chase") for r in e.rules}
    covered |= {r for e in read_trois_ombres_examples(SPEC / "trois-ombres") for r in e.rules}
    for path in python_files(ROOT / "tests"):
        for match in TEST_MARK.finditer(path.read_text(encoding="utf-8")):
            covered.update(re.findall(r"\"([A-Z][A-Z0-9.-]+)\"", match.group(1)))
    assert [i for i in spec_ids() if i not in covered] == []
