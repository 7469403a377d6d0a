"""The game's spec and code point at each other: every OMBRES clause is implemented once and has a worked example."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from oracle.games.trois_ombres.examples import read_examples
from oracle.tools.site.spec_files import clause_ids
from tests.conftest import ORACLE, ROOT, SPEC

GAME_SPEC = SPEC / "trois-ombres"
ID = r"OMBRES(?:\.[A-Z0-9-]+)+"
MARKER = re.compile(rf"(?:^|[#\s])Rules?: ({ID}(?:, *{ID})*)")
MENTION = re.compile(rf"\b{ID}\b")
TEST_MARK = re.compile(r"@pytest\.mark\.rule\(([^)]*)\)")


def spec_ids() -> list[str]:
    return clause_ids(GAME_SPEC)


def python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def markers() -> Counter[str]:
    found: Counter[str] = Counter()
    for path in python_files(ORACLE):
        for match in MARKER.finditer(path.read_text(encoding="utf-8")):
            found.update(i.strip() for i in match.group(1).split(","))
    return found


def test_clause_ids_are_unique() -> None:
    counts = Counter(spec_ids())
    assert len(counts) >= 50
    assert [i for i, n in counts.items() if n > 1] == []


def test_every_clause_is_implemented_exactly_once() -> None:
    found = markers()
    assert [i for i in spec_ids() if found[i] == 0] == [], "clauses with no 'Rule:' line"
    assert [i for i in spec_ids() if found[i] > 1] == [], "clauses implemented in more than one place"
    assert sorted(set(found) - set(spec_ids())) == [], "markers naming unknown clauses"


def test_no_code_or_test_cites_an_unknown_clause() -> None:
    ids = set(spec_ids())
    for folder in (ORACLE, ROOT / "tests", ROOT / "properties", ROOT / "bench"):
        for path in python_files(folder):
            unknown = set(MENTION.findall(path.read_text(encoding="utf-8"))) - ids
            assert unknown == set(), f"{path.relative_to(ROOT)} cites unknown clauses"


def test_every_clause_has_a_worked_example() -> None:
    covered = {r for e in read_examples(GAME_SPEC) for r in e.rules}
    for path in python_files(ROOT / "tests" / "trois_ombres"):
        for match in TEST_MARK.finditer(path.read_text(encoding="utf-8")):
            covered.update(re.findall(r"\"(OMBRES[A-Z0-9.-]+)\"", match.group(1)))
    assert [i for i in spec_ids() if i not in covered] == []


def test_every_named_variant_has_a_row_and_a_worked_example() -> None:
    from oracle.games.trois_ombres.components import VARIANTS

    table = (GAME_SPEC / "variants.md").read_text(encoding="utf-8")
    used = {name for e in read_examples(GAME_SPEC) for name in e.fields.get("variant", "").split("+")}
    assert [v for v in VARIANTS if f"| `{v}` |" not in table] == [], "variants missing from variants.md"
    assert [v for v in VARIANTS if v not in used] == [], "variants with no worked example"
    clause_of = {v: text.split(":")[0] for v, text in VARIANTS.items()}
    assert [v for v, c in clause_of.items() if c not in spec_ids()] == [], "variants naming unknown clauses"
