"""The games through PettingZoo (oracle.adapters.pettingzoo), checked by PettingZoo's own tests:
`api_test`, `seed_test` and `render_test` on every game, `parallel_api_test` on the parallel form.
The extra ``[pettingzoo]`` is needed; under CI (``CI`` set) a missing extra is a failure, elsewhere a skip."""

from __future__ import annotations

import os
from typing import Any

import pytest

if os.environ.get("CI"):
    import pettingzoo
else:
    pettingzoo = pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test

from oracle.adapters.pettingzoo import env, parallel_env
from oracle.games import GAMES as REGISTRY

# Every game of the registry under its default rules, then other settings worth a run of their own.
# Each game's default setting in both tiers; a further setting of each in the whole suite only.
GAMES = [*((name, {}) for name in sorted(REGISTRY)),
         *(pytest.param(name, setting, marks=pytest.mark.slow) for name, setting in (
             ("ttykm", {"ruleset": "convergence"}), ("time-chase", {"players": 3}),
             ("trois-ombres", {"players": 2, "hercule_traps": 1})))]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game", "settings"), GAMES)
def test_pettingzoo_api_seed_and_render(game: str, settings: dict[str, Any]) -> None:
    api_test(env(game, **settings), num_cycles=100)
    seed_test(lambda **kwargs: env(game, **settings, **kwargs), num_cycles=20)
    render_test(lambda **kwargs: env(game, **settings, **kwargs), custom_tests={"svg": is_svg_picture})


def is_svg_picture(rendered: object) -> bool:
    return isinstance(rendered, str) and rendered.lstrip().startswith("<svg") and rendered.rstrip().endswith("</svg>")


@pytest.mark.parametrize(("game", "settings"), GAMES)
def test_the_svg_render_is_the_game_s_picture_of_the_seat_s_view(game: str, settings: dict[str, Any]) -> None:
    e = env(game, render_mode="svg", **settings)
    e.reset(seed=3)
    for _ in range(4):  # a few steps in, so the picture is of the state now, not of the start
        agent = e.agent_selection
        observation, _, termination, truncation, _ = e.last()
        e.step(None if termination or truncation else e.action_space(agent).sample(observation["action_mask"]))
    raw = e.unwrapped
    rules = raw.table.game
    view = rules.state_from_json(rules.observe(raw._step.state, raw._seat[e.agent_selection]))
    assert e.render() == rules.state_svg(view)  # the picture of what the agent to act sees


def test_sealed_bids_are_asked_one_by_one_and_revealed_together() -> None:
    e = env("time-chase", players=3)
    e.reset(seed=1)
    raw = e.unwrapped
    game = raw.table.game
    before = game.format_state(raw._step.state)
    asked = []
    for _ in range(3):
        asked.append(e.agent_selection)
        assert game.format_state(raw._step.state) == before  # no bid is revealed before all are in
        observation, *_ = e.last()
        assert observation["action_mask"][65] == 1  # bid 0
        e.step(65)
    assert asked == ["p0", "p1", "p2"]
    assert raw._step.action == game.parse_action("bids 0,0,0")


def test_a_seed_fixes_the_deal() -> None:
    def deal(seed: int) -> str:
        e = env("time-chase")
        e.reset(seed=seed)
        return str(e.unwrapped.table.game.format_state(e.unwrapped._step.state))

    assert deal(5) == deal(5) != deal(6)


def test_the_game_ends_with_each_agents_return() -> None:
    e = env("ttykm")
    e.reset(seed=3)
    rewards: dict[str, float] = {}
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        rewards[agent] = reward
        e.step(None if termination or truncation else e.action_space(agent).sample(observation["action_mask"]))
    assert sorted(rewards.values()) == [-1.0, 1.0]


def page_block(starting: str) -> str:
    """The Python block of docs/game-ai.md that starts with ``starting``."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "game-ai.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    return next(b for b in blocks if b.startswith(starting))


def test_the_pages_random_policy_loop_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code = page_block("from oracle.adapters.pettingzoo import env")
    assert len(code.strip().splitlines()) == 10
    exec(compile(code, "docs/game-ai.md", "exec"), {})
    assert "crystals" in capsys.readouterr().out  # the final table, as text


def test_settings_are_the_games_own_and_refused_otherwise() -> None:
    e = env("trois-ombres", players=3, hercule_traps=1)
    assert e.unwrapped.table.game.rules_name(e.unwrapped.table.rules) == "players=3+hercule-traps=1"
    with pytest.raises(TypeError, match="unknown setting 'colour'"):
        env("time-chase", colour=2)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game", "settings"), [("time-chase", {"players": 3}), ("ttykm", {})])
def test_the_parallel_environment_passes_parallel_api_test(game: str, settings: dict[str, Any]) -> None:
    parallel_api_test(parallel_env(game, **settings), num_cycles=200)


def test_the_parallel_environment_takes_every_bid_in_one_step() -> None:
    e = parallel_env("time-chase", players=3)
    observations, _ = e.reset(seed=1)
    assert all(observations[agent]["action_mask"][65] == 1 for agent in e.agents)  # everyone bids now
    e.step({"p0": 65, "p1": 65, "p2": 65})
    assert e._step.trail()[-1].action == e.table.game.parse_action("bids 0,0,0")
    observations = e._observations()
    assert sum(int(observations[agent]["action_mask"].any()) for agent in e.agents) == 1  # one card play


@pytest.mark.parametrize("make", [env, parallel_env])
def test_max_cycles_truncates_the_play(make: Any) -> None:
    e = make("ttykm", max_cycles=3)
    if make is parallel_env:
        e.reset(seed=1)
        steps = 0
        while e.agents:
            observations = e._observations()
            _, _, terminations, truncations, _ = e.step(
                {a: e.action_space(a).sample(observations[a]["action_mask"]) for a in e.acting()})
            steps += 1
        assert steps == 3 and all(truncations.values()) and not any(terminations.values())
        return
    e.reset(seed=1)
    moves = 0
    for agent in e.agent_iter():
        observation, _, termination, truncation, _ = e.last()
        if not (termination or truncation):
            moves += 1
        e.step(None if termination or truncation else e.action_space(agent).sample(observation["action_mask"]))
    assert moves == 6 and truncation and not termination  # three cycles of two players
    with pytest.raises(ValueError, match="max_cycles"):
        env("ttykm", max_cycles=0)


@pytest.mark.parametrize("game", ["time-chase", "trois-ombres"])
def test_a_seat_s_render_shows_nothing_hidden_from_it(game: str) -> None:
    e = env(game, players=3, render_mode="ansi")
    e.reset(seed=4)
    raw = e.unwrapped
    oracle_game = raw.table.game
    whole = oracle_game.state_to_json(raw._step.state)
    for agent in raw.possible_agents:
        text = raw.render_seat(agent)
        assert text.startswith(f"{agent}'s view:") and "umpire" not in text
        if game == "time-chase":
            others = [card for p, hand in enumerate(whole["hands"]) if p != raw._seat[agent] for card in hand]
            assert not set(others) & set(text.replace("/", " ").split())  # no card of another hand, anywhere
            assert all(card in text.split() for card in whole["hands"][raw._seat[agent]])
        else:
            assert "Demon tile: ?" in text and whole["demon"] not in text.split("Demon tile:")[1].split(";")[0]
    umpire = env(game, players=3, render_mode="umpire")
    umpire.reset(seed=4)
    assert umpire.render().startswith("umpire's view")
