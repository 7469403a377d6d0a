"""The training example (examples/train_ttykm.py) in its quick mode: it learns and plays only legal turns."""

from __future__ import annotations

from dataclasses import replace
from types import ModuleType

import pytest

from tests.conftest import ROOT, load_script

pytest.importorskip("pyspiel")


def example() -> ModuleType:
    return load_script("train_ttykm", ROOT / "examples" / "train_ttykm.py")


@pytest.mark.slow
def test_the_quick_run_lowers_the_loss_and_masks_every_illegal_action() -> None:
    train = example()
    lines: list[str] = []
    trained, matches = train.run(replace(train.QUICK, jobs=1), lines.append)
    assert len(trained.losses) == train.QUICK.iterations
    for before, after in trained.losses:
        assert after < before  # training on the self-play targets lowers their loss
    assert trained.illegal == 0  # the masked policy head gives an illegal action exactly 0
    (against_random,) = matches
    assert against_random.games == train.QUICK.random_games and against_random.illegal == 0
    assert any(line.startswith("| uniform random |") for line in lines)


def test_the_masked_softmax_puts_nothing_on_illegal_actions() -> None:
    import numpy as np

    train = example()
    logits = np.array([[5.0, 1.0, 3.0, -2.0]], np.float32)
    mask = np.array([[0.0, 1.0, 1.0, 0.0]], np.float32)
    policy = train.masked_softmax(logits, mask)
    assert policy[0, 0] == 0.0 and policy[0, 3] == 0.0
    assert policy[0, 1] + policy[0, 2] == pytest.approx(1.0) and policy[0, 2] > policy[0, 1]


def test_the_search_reads_the_policy_head_as_the_masked_softmax_does() -> None:
    import numpy as np

    train = example()
    game = train.load()
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[3])
    w = train.new_weights(int(np.prod(game.observation_tensor_shape())), 8, game.num_distinct_actions(), 1)
    w["wp"] *= 50  # priors far from uniform, so a wrong column or a missing mask shows
    legal, priors, value = train.priors_and_value(w, state)
    x = np.asarray(state.observation_tensor(), np.float32)[None]
    mask = np.asarray(state.legal_actions_mask(), np.float32)[None]
    _, policy, full_value = train.forward(w, x, mask)
    assert legal == state.legal_actions()
    assert np.allclose(priors, policy[0, legal], atol=1e-6) and policy[0, legal].sum() == pytest.approx(1.0)
    assert value == pytest.approx(float(full_value[0]), abs=1e-6)
