"""L'heure des 3 ombres' encoding (spec/trois-ombres/encoding.md): a number for every player action, a vector
for every view, chance numbered by the listed order and the deal dealt tile by tile.  No third-party package
is needed."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb, factorial

import pytest

from oracle.adapters.table import Table
from tests.test_encodings import check_numbering, check_tensors, deal_by_parts, random_play


@pytest.mark.rule("OMBRES.ENCODING.ACTIONS", "OMBRES.ENCODING.OBSERVATION")
@pytest.mark.parametrize("variants", [None, "players=2+characters=4+slots=5"])
def test_trois_ombres_actions_have_one_number_each(variants: str | None) -> None:
    table = Table("trois-ombres", None, variants)
    steps = random_play(table, 3, 400)
    check_numbering(table, steps)
    check_tensors(table, steps)


@pytest.mark.rule("OMBRES.ENCODING.CHANCE")
@pytest.mark.parametrize("variants", ["players=2", "players=2+deal-anywhere"])
def test_the_deal_is_dealt_tile_by_tile_with_the_setup_s_chances(variants: str) -> None:
    table = Table("trois-ombres", None, variants)
    anywhere = "anywhere" in variants
    for seed in range(3):
        dealt, chance = deal_by_parts(table, random.Random(seed))
        assert table.game.explain(dealt.trail()[-2].state, dealt.action, table.rules).status == "legal"
        # The Démon tile 1 in 14; the Lieux with a seventh tile 1 in 4; each Lieu's slots; then the 27 tiles,
        # 13 suspects twice and one once, in one of 27! / 2^13 orders (OMBRES.SETUP).
        places = comb(36, 27) if anywhere else 4 * comb(9, 7) ** 3 * comb(9, 6)
        assert chance == Fraction(1, 14 * places) * Fraction(2 ** 13, factorial(27))
        assert len(dealt.trail()) == 1 + (1 if anywhere else 2) + 2 * 27


@pytest.mark.rule("OMBRES.ENCODING.CHANCE")
def test_the_die_is_numbered_by_its_faces() -> None:
    table = Table("trois-ombres", None, "players=2")
    start, _ = deal_by_parts(table, random.Random(4))
    step = start.play(0, table.encoding.action_id(table.game.parse_action("roll"), table.rules))
    assert step.kind == "chance"
    listed = table.game.chance_outcomes(step.state, table.rules)
    assert [table.game.format_action(step.chance_action(k)) for k, _ in step.chance_outcomes()] == [
        "die R", "die C", "die P", "die G", "die loupe", "die horloge"]
    assert [p for _, p in step.chance_outcomes()] == [float(p) for _, p in listed] == [1 / 6] * 6
