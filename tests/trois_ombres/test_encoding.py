"""L'heure des 3 ombres' encoding (spec/trois-ombres/encoding.md): a number for every player action, a vector
for every view, chance numbered by the listed order and the deal dealt tile by tile.  No third-party package
is needed."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb, factorial

import pytest

from oracle.adapters.table import Step, Table
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


def played(table: Table, seed: int, decisions: int) -> Step:
    """The deal dealt tile by tile, then random decisions and chance (stopping early at the end)."""
    rng = random.Random(seed)
    step, _ = deal_by_parts(table, rng)
    while step.kind != "over" and (decisions > 0 or step.kind == "chance"):
        if step.kind == "chance":
            step = step.after(table.game.sample_chance(step.state, table.rules, rng))
            continue
        player = step.actors()[0]
        step = step.play(player, rng.choice(list(step.legal(player))))
        decisions -= 1
    return step


@pytest.mark.rule("OMBRES.ENCODING.INFOSTATE")
def test_the_information_state_is_the_view_and_stays_small() -> None:
    table = Table("trois-ombres", None, "players=2")
    assert table.hidden is not None
    end = played(table, 2, 10_000)
    assert end.kind == "over"
    for step in (played(table, 2, 20), end):
        for player in range(2):
            info = step.information_state(player)
            assert info == step.view(player) and len(info) < 5000
            assert step.information_tensor(player) == step.tensor(player)
            assert len(step.information_tensor(player)) == table.hidden.information_state_shape(table.rules)[0]


@pytest.mark.rule("OMBRES.ENCODING.RESAMPLE")
def test_a_resampled_table_completes_the_players_view() -> None:
    table = Table("trois-ombres", None, "players=2")
    step = played(table, 3, 30)
    player = step.actors()[0]
    tables = set()
    for seed in range(6):
        again = step.resample(player, random.Random(seed))
        assert again.view(player) == step.view(player) and again.length == step.length
        assert sorted(again.legal(player)) == sorted(step.legal(player))
        tables.add(table.game.format_state(again.state))
        table.game.check_state(again.state)  # a whole, valid table
    assert len(tables) == 6
