"""The training example (examples/train_ttykm.py) in its quick mode: it learns and plays only legal turns."""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import replace
from types import ModuleType

import pytest

from tests.conftest import ROOT

pytest.importorskip("pyspiel")


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_ttykm", ROOT / "examples" / "train_ttykm.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_ttykm"] = module
    spec.loader.exec_module(module)
    return module


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
