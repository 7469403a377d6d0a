"""L'heure des 3 ombres' encoding (spec/trois-ombres/encoding.md): a number for every player action, a vector
for every view, and chance numbered by the listed order or by seed.  No third-party package is needed."""

from __future__ import annotations

import random

import pytest

from oracle.adapters.table import Table
from tests.test_encodings import check_numbering, check_tensors, random_play


@pytest.mark.rule("OMBRES.ENCODING.ACTIONS", "OMBRES.ENCODING.OBSERVATION")
@pytest.mark.parametrize("variants", [None, "players=2+characters=4+slots=5"])
def test_trois_ombres_actions_have_one_number_each(variants: str | None) -> None:
    table = Table("trois-ombres", None, variants)
    steps = random_play(table, 3, 400)
    check_numbering(table, steps)
    check_tensors(table, steps)


@pytest.mark.rule("OMBRES.ENCODING.CHANCE")
def test_the_die_is_numbered_by_its_faces_and_the_deal_by_seed() -> None:
    table = Table("trois-ombres", None, "players=2", seeds=30)
    start = table.start()
    assert start.chance_outcomes() == [(n, 1 / 30) for n in range(30)]
    deal = start.chance_action(4)
    assert deal == table.game.sample_chance(start.state, table.rules, random.Random(4))
    step = start.after(deal).play(0, table.encoding.action_id(table.game.parse_action("roll"), table.rules))
    assert step.kind == "chance"
    listed = table.game.chance_outcomes(step.state, table.rules)
    assert [table.game.format_action(step.chance_action(k)) for k, _ in step.chance_outcomes()] == [
        "die R", "die C", "die P", "die G", "die loupe", "die horloge"]
    assert [p for _, p in step.chance_outcomes()] == [float(p) for _, p in listed] == [1 / 6] * 6
