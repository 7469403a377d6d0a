"""The engine against the independent executable model of the 3 Ombres turn: the quick tier's model slice.

The model-based machine (whole games on small tables, each by a drawn aim),
one seeded game per end clause, and the model differential on a fixed sample
of positions with every boundary of `model_differential.BOUNDARY_NAMES`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from oracle.games.trois_ombres.actions import Illegal
from oracle.games.trois_ombres.components import Rules
from oracle.games.trois_ombres.rules import steps
from properties.trois_ombres import model, model_differential, model_machine


def test_the_model_never_imports_the_oracle() -> None:
    tree = ast.parse(Path(model.__file__).read_text(encoding="utf-8"))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not any(name.split(".")[0] in ("oracle", "properties") for name in imported), imported


def test_model_machine() -> None:
    """Whole games by drawn aims: a twentieth of the profile's examples (10 games in CI, 3 in dev)."""
    profile = settings()
    quick = settings(profile, max_examples=max(3, profile.max_examples // 20), stateful_step_count=1,
                     phases=[Phase.explicit, Phase.reuse, Phase.generate], suppress_health_check=list(HealthCheck))
    run_state_machine_as_test(model_machine.ModelPlay, settings=quick)


@pytest.mark.parametrize("game", model_machine.END_GAMES, ids=lambda g: f"{g[3]} {g[4]} {g[5]}")
def test_every_end_clause_is_reached(game: tuple[int, int, int, str, str, str]) -> None:
    characters, players, seed, aim, rule, result = game
    rules = Rules.parse(f"players={players}+characters={characters}+slots={max(characters, 3)}")
    final = model_machine.play_game(rules, seed, aim)
    assert (final.rule, final.result) == (rule, result)


def test_model_differential_on_the_sample() -> None:
    states, found = model_differential.sample()
    assert set(found) == set(model_differential.BOUNDARY_NAMES), "a boundary position is no longer reached"
    assert len(states) > 100
    model_differential.check_sample()


def test_the_differential_notices_a_broken_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the model's designated Lieu (any tile first): the differential must refuse at that position."""
    states, found = model_differential.sample()
    rules, state = states[found["a Lieu shown, its tile owed"]]

    def any_tile(t: model.Table) -> set[str]:
        return {loc for loc in t.board if model.hidden(t, loc) and loc not in t.taken}

    monkeypatch.setattr(model, "reveal_targets", any_tile)
    with pytest.raises(AssertionError, match="reveals"):
        model_machine.compare_legal(state, steps.legal_actions(state, rules))


def test_the_boundary_vectors_are_current() -> None:
    """The committed boundary set is what the engine answers at the model's boundary positions, byte for byte."""
    from properties import boundary_vectors
    from properties.trois_ombres import boundaries

    assert boundary_vectors.check(boundaries.DIRECTORY, boundaries.files()) == [], \
        "run python -m properties.trois_ombres.boundaries write after a deliberate change of the rules"


def test_the_cards_model_never_imports_the_oracle() -> None:
    from properties.trois_ombres import cards_model

    tree = ast.parse(Path(cards_model.__file__).read_text(encoding="utf-8"))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert not any(name.split(".")[0] == "oracle" for name in imported), imported
    assert all(name in ("__future__", "collections.abc", "properties.trois_ombres.model") for name in imported)


@pytest.mark.parametrize(("boundary", "broken", "replacement", "message"), [
    ("Brouillard with no free tile", "brouillard_givers",  # a cubed tile counted as free
     lambda board, unmarked=False: tuple(sorted({loc[0] for loc in board})), "brouillard"),
    ("a Calepin whose colour is exhausted", "extra_clue", lambda player, stock: ("none", set()), "calepin"),
    ("Paralysie, the second reveal", "paralysie_targets", lambda targets, taken: targets, "paralysie"),
])
def test_the_cards_differential_notices_a_broken_model(monkeypatch: pytest.MonkeyPatch, boundary: str, broken: str,
                                                       replacement: object, message: str) -> None:
    """Break one card of the cards model: the differential must refuse at that card's boundary position."""
    from properties.trois_ombres import cards_differential, cards_model

    states, found = model_differential.sample()
    rules, state = states[found[boundary]]
    monkeypatch.setattr(cards_model, broken, replacement)
    with pytest.raises(AssertionError, match=message):
        legal = steps.legal_actions(state, rules)
        cards_differential.compare_card_legal(state, legal, rules)
        for action in legal:
            result = steps.apply(state, action, rules)
            assert not isinstance(result, Illegal), action
            cards_differential.compare_card_action(state, action, result[0], rules)
