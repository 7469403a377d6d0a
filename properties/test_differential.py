"""The Z3 model and the engine agree on every legal turn and where it leads,
on at least 500 positions from seeded play and from Z3's own edge cases."""

from __future__ import annotations

from oracle.games.ttykm.notation import format_position
from properties.differential import EDGE_CASES, profile_positions, quick_profile, run


def test_model_and_engine_agree_on_every_successor() -> None:
    positions = profile_positions()
    assert len(positions) >= (120 if quick_profile() else 500)
    kinds = {kind for kind, _ in positions}
    assert {case.name for case in EDGE_CASES} <= kinds, "an edge case produced no position"
    failures = list(run(positions))
    report = [f"{kind}: {format_position(p)}\n  " + "\n  ".join(diff) for kind, p, diff in failures[:5]]
    assert not failures, f"{len(failures)} positions disagree:\n" + "\n".join(report)
