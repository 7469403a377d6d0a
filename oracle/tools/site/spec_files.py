"""How the spec's Markdown marks a clause: ``### ID · Title`` (spec/README.md)."""

from __future__ import annotations

import re
from pathlib import Path

# Groups: the heading's hashes, the clause ID, the title.
CLAUSE = re.compile(r"^(#{2,4}) ([A-Z][A-Z0-9-]*(?:\.[A-Z0-9-]+)+) · (.+?)\s*$", re.M)


def clause_ids(spec_dir: Path) -> list[str]:
    """Every clause ID in the Markdown files of ``spec_dir``, in file order."""
    ids: list[str] = []
    for md in sorted(spec_dir.rglob("*.md")):
        ids.extend(m.group(2) for m in CLAUSE.finditer(md.read_text(encoding="utf-8")))
    return ids
