"""Model-based Time Chase machines: the engine and the independent model play the same game side by side.

Each run deals one game and plays it to its end, in its initialize rule
(Hypothesis may stop a run after any rule, and a game cut short reaches no
end clause).  Before every step the engine's
legal actions and every successor are compared with the model's
(`bridge.compare_step`); after it, the engine's new state must be the position
the model reached on its own, from the deal, by its own reading of the rules.
The invariants of `machine.TimeChaseMachine` are checked too.

Which action is taken depends on the run's **aim**, drawn with the deal, so
that the runs end by every end clause:

* ``random``: any legal action;
* ``three``: the card that leaves some player holding the most events
  (games end by TC.WIN.THREE);
* ``spread``: nobody travels, and every player plays the card that leaves the
  most events held by any one player lowest, counting the trick under way as
  won by the card winning it so far (with 5 or 6 players, ten events
  can be shared out two at most each, and games last ten rounds: TC.WIN.END);
* ``zero``: every player bids all the way back when they can afford it (else
  nothing) and, at position 0, plays a card of the Invariant's rank when they can (paradoxes, under
  TC.VARIANT.RANK-PARADOX, and with income in round 1 a game that ends before
  anyone holds an event: TC.WIN.END with no winner).

`ENDINGS` counts, per machine and aim, how the games ended (the statistics of
docs/formal-checks.md: ``python -m properties.time_chase.model_machine``).
"""

from __future__ import annotations

import sys
from collections import Counter
from random import Random

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, rule, run_state_machine_as_test

from oracle.games.time_chase.actions import Action, Bids, Deal, Play
from oracle.games.time_chase.cards import Card
from oracle.games.time_chase.game import GAME
from properties.time_chase import bridge, model
from properties.time_chase.machine import TABLES, TimeChaseMachine, at_table

AIMS = ("random", "three", "spread", "zero")
ENDINGS: Counter[tuple[str, str, str]] = Counter()
RUNS: Counter[tuple[str, str]] = Counter()


def held_most(game: model.Game) -> int:
    return max(len(game.holding(p)) for p in range(game.n))


def provisional_holdings(game: model.Game) -> tuple[int, int]:
    """The most events any player would hold if the trick under way ended now (the position played is a
    new event, as every event is with nobody travelling), then the events its taker holds."""
    if game.over or game.at is None or not game.trick:
        return held_most(game), 0
    cards = [c for _, c in game.trick]
    i = model.best(cards, cards[0][0], game.trump)
    assert i is not None
    taker = len(game.holding(game.trick[i][0]))
    return max(held_most(game), taker + 1), taker


class ModelMachine(TimeChaseMachine):
    """Plays one game per run, engine and model in step; subclasses set ``players`` and ``variant``."""

    def __init__(self) -> None:
        super().__init__()
        self.aim = "random"
        self.rng = Random(0)
        self.game: model.Game | None = None
        self.options = bridge.options_of(self.ruleset)

    @initialize(seed=st.integers(min_value=0, max_value=2**32 - 1), aim=st.sampled_from(AIMS))
    def deal_and_play(self, seed: int, aim: str) -> None:
        """Deal from ``seed`` and play the whole game by ``aim``: every run reaches an end clause."""
        self.aim, self.rng = aim, Random(seed)
        RUNS[(type(self).__name__, aim)] += 1
        deal = GAME.sample_chance(self.state, self.ruleset, Random(seed))
        assert isinstance(deal, Deal)
        self.apply(deal)
        self.game = bridge.model_start(deal, self.ruleset)
        bridge.assert_same(self.state, self.game, "after the deal")
        while self.state.phase != "over":
            self.step()
        assert self.game is not None
        ENDINGS[(type(self).__name__, self.aim, ending_name(self.game))] += 1

    def deal(self, seed: int) -> None:  # the parent's initialize rule is replaced by deal_and_play
        raise NotImplementedError

    def choose_bids(self, game: model.Game) -> tuple[int, ...]:
        ranges = [model.bid_range(game, p) for p in range(game.n)]
        if self.aim == "zero":  # all the way back when it can be afforded, else save up
            return tuple(game.round if r[-1] == game.round else 0 for r in ranges)
        if self.aim == "spread":  # everyone on the present: each event is won once
            return (0,) * game.n
        return tuple(self.rng.choice(r) for r in ranges)

    def choose_card(self, game: model.Game, cards: list[model.Card]) -> model.Card:
        if self.aim == "zero" and game.at == 0:
            same_rank = [c for c in cards if c[1] == game.invariant[1]]
            return self.rng.choice(same_rank or cards)
        if self.aim in ("three", "spread"):
            after = [model.play(game, c, self.options) for c in cards]
            scored = [((held_most(g), 0) if self.aim == "three" else provisional_holdings(g), c)
                      for g, c in zip(after, cards, strict=True)]
            target = max(s for s, _ in scored) if self.aim == "three" else min(s for s, _ in scored)
            return self.rng.choice([c for s, c in scored if s == target])
        return self.rng.choice(cards)

    def step(self) -> None:
        """One action, the model differential before it and the model's own successor after it."""
        game = self.game
        assert game is not None
        bridge.compare_step(self.state, self.ruleset, self.rng)
        action: Action
        if self.state.phase == "bid":
            amounts = self.choose_bids(game)
            action, self.game = Bids(amounts), model.bid(game, amounts)
        else:
            card = self.choose_card(game, model.playable(game, self.options))
            action, self.game = Play(Card(*card)), model.play(game, card, self.options)
        self.apply(action)
        bridge.assert_same(self.state, self.game, f"round {self.state.round}")
        self.check_all_invariants()

    def check_all_invariants(self) -> None:
        """The parent machine's invariants, after every action rather than every rule."""
        self.state_is_valid()
        self.every_card_in_exactly_one_place()
        self.crystals_add_up()
        self.one_token_per_event_and_at_most_three_each()
        self.one_card_per_round()
        self.players_see_only_their_own_hand()

    def act(self, data: st.DataObject) -> None:  # the parent's rule is replaced by deal_and_play
        raise NotImplementedError

    @rule()
    def the_game_is_over(self) -> None:
        """The game was played whole by the initialize rule: nothing more happens."""
        self.game_over()


def ending_name(game: model.Game) -> str:
    assert game.ending is not None
    return f"{game.ending}{'' if game.winners else ' (no winner)'}"


ModelThreePlayers, ModelFourPlayers, ModelFivePlayers, ModelSixPlayers = (
    at_table(ModelMachine, f"Model{name}", players, variant) for name, players, variant in TABLES)
ModelThreePlayersParadox = at_table(ModelMachine, "ModelThreePlayersParadox", 3, "invariant=rank-paradox")

MODEL_MACHINES = (ModelThreePlayers, ModelFourPlayers, ModelFivePlayers, ModelSixPlayers, ModelThreePlayersParadox)
# One seeded game per end clause, found by the aims above: (machine, seed, aim, end clause, whether someone wins).
END_GAMES: tuple[tuple[type[ModelMachine], int, str, str, bool], ...] = (
    (ModelThreePlayers, 0, "spread", "TC.WIN.THREE", True),
    (ModelSixPlayers, 6, "spread", "TC.WIN.END", True),
    (ModelFivePlayers, 3, "zero", "TC.VARIANT.RANK-PARADOX", True),
    (ModelFivePlayers, 4, "zero", "TC.VARIANT.RANK-PARADOX", False),
)


def play_end_games() -> None:
    """Each of `END_GAMES`, engine and model side by side, ending as stated."""
    for machine, seed, aim, ending, has_winner in END_GAMES:
        run = machine()
        run.deal_and_play(seed, aim)
        assert run.state.end_rule == ending and bool(run.state.winners) == has_winner, (machine.__name__, seed)


# The whole game is played by the initialize rule; one more step checks the ended game.
STEPS = 1


def run(machines: tuple[type[ModelMachine], ...], examples: int) -> None:
    quick = settings(max_examples=examples, stateful_step_count=STEPS, deadline=None, database=None,
                     phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    for machine in machines:
        run_state_machine_as_test(machine, settings=quick)


def main() -> int:
    examples = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    run(MODEL_MACHINES, examples)
    for (machine, aim), runs in sorted(RUNS.items()):
        ends = ", ".join(f"{ending} {n}" for (m, a, ending), n in sorted(ENDINGS.items()) if (m, a) == (machine, aim))
        print(f"{machine:<26} {aim:<8} {runs:>3} runs: {ends}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
