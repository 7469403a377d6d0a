"""A model-based machine for *L'heure des 3 ombres*: the engine checked against `properties.trois_ombres.model`.

Each run deals a small table (2 to 4 characters and players, variants drawn)
and plays one whole game by the run's **aim**, checking after every action
the invariants of `checks.check_transition`, and at every step the model
covers (the start of a turn, and the reveals once the die face is accepted,
with no Malédiction in force but Silence, Ténèbres or Brume, and no
Chronogyre tile on the board):

* the engine's legal bluffs, or its legal reveals, rerolls and investigators'
  looks, are exactly the model's;
* after a bluff, an accepted die face, or a reveal of a suspect or of an
  Horloge or Hercule trap, the engine's clock, Agence and result are the
  model's, and so is the number of Hercule cubes thrown;
* after a Yeux du démon or a Vortex revealed, the boards and the player's
  eyes are the model's;
* when a Limbes card falls due after the clue step, the clock is the model's;
  a "from 3 h" card drawn before 3 h changes nothing and is discarded, and
  from 3 h a Vortex or a Manipulation moves the Lieux.

The aims steer the game to each end clause (the machine knows every tile):

* ``random``: any legal action, bluffs avoided;
* ``win``: reveal a tile whose twin can be revealed, then the twin; no bluff
  (OMBRES.WIN);
* ``loss``: never make a pair, never bluff (the clock reaches 12: OMBRES.LOSS);
* ``bluff-win`` / ``bluff-loss``: as ``loss`` until 6 h, then bluff on a tile
  that is (or is not) the Démon tile's twin (OMBRES.BLUFF, won and lost).

`ENDINGS` counts how the runs ended, by aim: ``python -m properties.trois_ombres.model_machine``.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule, run_state_machine_as_test

from oracle.games.trois_ombres.actions import Action, Illegal
from oracle.games.trois_ombres.components import VARIANTS, Rules
from oracle.games.trois_ombres.rules import steps
from oracle.games.trois_ombres.state import State, initial_state
from properties.trois_ombres import cards_differential, model
from properties.trois_ombres.checks import check_transition
from properties.trois_ombres.reading import table_of

AIMS = ("random", "win", "loss", "bluff-win", "bluff-loss")
# Variants that change what the model reads: the reveal order, and the clock's start is read from the state.
OUTSIDE_THE_MODEL = ("lieu-reveal-any-order", "reroll-chain", "peeks-need-two", "peeks-may-stop",
                     "limbes-clock-on-last", "hercule-short-advances", "hercule-chance", "trap-also-limbes")
VARIANT_NAMES = sorted(v for v in VARIANTS if v not in OUTSIDE_THE_MODEL)
MAX_ACTIONS = 4000
ENDINGS: Counter[tuple[str, str]] = Counter()
COMPARED: Counter[str] = Counter()


def harmless_curses(state: State) -> bool:
    """No Malédiction in force but those that touch nothing the model reads (`model.HARMLESS_CURSES`)."""
    return all(curse.card in model.HARMLESS_CURSES for curse in state.curses)


def in_the_model(state: State) -> bool:
    """A step the model covers: a turn under way, no Malédiction but the harmless ones, no Chronogyre tile,
    no Archéoscript turn."""
    return (state.result is None and bool(state.steps) and state.steps[0].kind == "turn" and harmless_curses(state)
            and not any(cell.kept for _, cell in state.board) and state.turn.archeo == 0)


def args_of(actions: list[Action], verb: str) -> set[str]:
    return {a.args[0] for a in actions if a.verb == verb}


def compare_legal(state: State, legal: list[Action]) -> None:
    """The engine's bluffs (before the roll) or reveals (after the face is accepted) are the model's."""
    t = table_of(state)
    if state.turn.face is None:
        assert args_of(legal, "bluff") == model.bluff_targets(t), f"bluffs at {state.hour} h"
        COMPARED["bluffs"] += 1
    else:
        rerolls = any(a.verb == "reroll" for a in legal)
        assert rerolls == model.may_reroll(t), f"{t.investigator}'s reroll: engine {rerolls}"
        seen = {a.args[1:] for a in legal if a.verb == "peek"}
        assert seen == model.looks(t), f"{t.investigator}'s looks: engine {seen} model {model.looks(t)}"
        COMPARED["abilities"] += 1
    if state.turn.face is not None and state.turn.accepted:
        expected = model.reveal_targets(t) if not state.turn.begun or state.turn.left > 0 else set()
        assert args_of(legal, "reveal") == expected, f"reveals: engine {args_of(legal, 'reveal')} model {expected}"
        COMPARED["reveals"] += 1


def predicted(state: State, action: Action) -> model.Outcome | None:
    """The model's clock, Agence and result after ``action``, for the actions it covers."""
    t = table_of(state)
    if action.verb == "bluff":
        return model.bluff(t, action.args[0])
    if action.verb == "reveal" and state.turn.accepted:
        tile = t.board[action.args[0]].tile
        if tile == "hercule":
            return model.hercule(t, state.cubes)[0]
        return model.reveal(t, action.args[0]) if not model.is_trap(tile) or tile == "horloge" else None
    return None


def compare_hercule(before: State, action: Action, after: State) -> None:
    """After a Hercule trap revealed with cubes in the supply, the next step throws the model's number."""
    if not (in_the_model(before) and before.turn.accepted and action.verb == "reveal"):
        return
    cell = before.cell(action.args[0])
    if cell is None or cell.tile != "hercule" or before.cubes == 0:
        return
    _, throws = model.hercule(table_of(before), before.cubes)
    assert after.steps and after.steps[0].kind == "hercule", f"no throw after Hercule: {after.steps[:1]}"
    assert after.steps[0].args == (str(throws),), f"Hercule throws: engine {after.steps[0].args} model {throws}"
    COMPARED["hercule"] += 1


def compare_limbes_card(before: State, action: Action, after: State) -> None:
    """A Limbes card drawn: a "from 3 h" card before 3 h changes no tile, Lieu or Agence and is discarded;
    from 3 h the Vortex and Manipulation move the boards as the model says; Temps accéléré moves the clock."""
    if not (before.steps and before.steps[0].kind == "draw-limbes" and action.verb == "draw"):
        return
    if after.steps and after.steps[0].kind == "invertigo":
        return  # the card may still be cancelled
    card = action.args[0]
    moved = (before.layout, before.rotation) != (after.layout, after.rotation)
    if not model.limbes_card_acts(card, before.hour):
        assert (before.board, before.agency, not moved) == (after.board, after.agency, True), \
            f"{card} acted at {before.hour} h"
        assert card in after.limbes_discard, f"{card} was not discarded"
        COMPARED["limbes before 3 h"] += 1
    elif card == "vortex":
        expected = model.turn_block(before.layout, before.rotation)
        assert (after.layout, after.rotation) == expected, f"the Vortex card: engine {after.layout} {after.rotation}"
        COMPARED["lieux moved"] += 1
    elif card == "manipulation":
        expected = (model.manipulate(before.layout, before.players, before.current), before.rotation)
        assert (after.layout, after.rotation) == expected, f"Manipulation: engine {after.layout} model {expected[0]}"
        COMPARED["lieux moved"] += 1
    elif card == "temps-accelere":
        seen = model.Outcome(after.hour, frozenset(after.agency), after.result, after.rule)
        expected_clock = model.clock(before.hour, frozenset(before.agency), 1)
        assert seen == expected_clock, f"Temps accéléré: engine {seen} model {expected_clock}"
        COMPARED["temps accéléré"] += 1


def compare_turning_trap(before: State, action: Action, after: State) -> None:
    """After a Yeux du démon or a Vortex revealed, the boards and the player's eyes are the model's."""
    if not (in_the_model(before) and before.turn.accepted and action.verb == "reveal"):
        return
    cell = before.cell(action.args[0])
    if cell is None or not (cell.tile == "vortex" or cell.tile.startswith("yeux-")) or after.result is not None:
        return
    expected = model.turning_trap(cell.tile, before.layout, before.rotation, before.investigators[before.current])
    seen = (after.layout, after.rotation, after.closed[before.current])
    assert seen == expected, f"{cell.tile} revealed: engine {seen} model {expected}"
    COMPARED["turning traps"] += 1


def compare_limbes_due(before: State, action: Action, after: State) -> None:
    """The clue step ends and a Limbes card is due: the clock is the model's (an empty deck advances it)."""
    if not (before.steps and before.steps[0].kind == "clues" and action.verb == "done" and harmless_curses(before)):
        return
    if not after.steps or after.steps[0].kind != "draw-limbes":
        return
    expected = model.limbes_due(before.hour, frozenset(before.agency), not before.limbes_deck)
    seen = model.Outcome(after.hour, frozenset(after.agency), after.result, after.rule)
    assert seen == expected, f"a Limbes card due at {before.hour} h: engine {seen} model {expected}"
    COMPARED["limbes due"] += 1


def compare_after(before: State, action: Action, after: State) -> None:
    """After a covered action, or a die face accepted at once, the clock, Agence and result are the model's."""
    expected = predicted(before, action) if in_the_model(before) else None
    if before.steps and before.steps[0].kind == "die" and after.turn.accepted and harmless_curses(before):
        expected = model.accept_face(replace(table_of(before), face=after.turn.face))
    if expected is None:
        return
    seen = model.Outcome(after.hour, frozenset(after.agency), after.result, after.rule)
    assert seen == expected, f"{action} at {before.hour} h: engine {seen} model {expected}"
    COMPARED[action.verb] += 1


def choose(state: State, legal: list[Action], aim: str, rng: random.Random) -> Action:
    """The action ``aim`` prefers (see the module's docstring)."""
    plain = [a for a in legal if a.verb != "bluff"] or legal
    if aim.startswith("bluff") and state.hour >= model.BLUFF_HOUR and state.demon is not None:
        bluffs = [a for a in legal if a.verb == "bluff"]
        twins = [a for a in bluffs if (cell := state.cell(a.args[0])) is not None and cell.tile == state.demon]
        wanted = twins if aim == "bluff-win" else [a for a in bluffs if a not in twins]
        if wanted:
            return rng.choice(wanted)
    reveals = [a for a in plain if a.verb == "reveal"]
    if aim in ("win", "loss", "bluff-win", "bluff-loss") and reveals:
        taken = state.turn.revealed
        first_cell = state.cell(taken[0]) if taken else None
        first = first_cell.tile if first_cell is not None else None
        tiles = {a: c.tile for a in reveals if (c := state.cell(a.args[0])) is not None}
        if aim == "win":
            counts = Counter(tiles.values())
            good = [a for a in reveals if (tiles[a] == first if first else counts[tiles[a]] > 1)]
        else:
            good = [a for a in reveals if tiles[a] != first] if first else reveals
        if good:
            return rng.choice(good)
    return rng.choice(plain)


class ModelPlay(RuleBasedStateMachine):
    """One whole game per run, engine against the model."""

    def __init__(self) -> None:
        super().__init__()
        self.state = initial_state(Rules())
        self.aim = "random"

    @initialize(players=st.integers(2, 4), characters=st.integers(2, 4), variants=st.sets(
        st.sampled_from(VARIANT_NAMES), max_size=2), seed=st.integers(0, 2**32), aim=st.sampled_from(AIMS))
    def play_a_game(self, players: int, characters: int, variants: set[str], seed: int, aim: str) -> None:
        setup = [f"players={players}", f"characters={characters}", f"slots={max(characters, 3)}"]
        rules = Rules.parse("+".join([*setup, *sorted(variants)]))
        self.state = play_game(rules, seed, aim)

    @rule()
    def nothing_more(self) -> None:
        """The game was played whole by the initialize rule (a machine needs one rule)."""


def apply_checked(state: State, action: Action, rules: Rules) -> State:
    result = steps.apply(state, action, rules)
    assert not isinstance(result, Illegal), f"a listed action is illegal: {action}: {result}"
    after, events = result
    check_transition(state, action, after, events)
    return after


def play_game(rules: Rules, seed: int, aim: str) -> State:
    """Deal from ``seed`` and play to the end by ``aim``, the engine checked against the model all along."""
    rng = random.Random(seed)
    state = initial_state(rules)
    state = apply_checked(state, steps.sample_deal(state, rng, rules), rules)
    for _ in range(MAX_ACTIONS):
        if state.result is not None:
            break
        legal = steps.legal_actions(state, rules)
        assert legal, f"nobody can act although the game goes on: {state.steps}"
        if in_the_model(state):
            compare_legal(state, legal)
        cards_differential.compare_card_legal(state, legal, rules)
        action = choose(state, legal, aim, rng)
        after = apply_checked(state, action, rules)
        cards_differential.compare_card_action(state, action, after, rules)
        compare_after(state, action, after)
        compare_hercule(state, action, after)
        compare_turning_trap(state, action, after)
        compare_limbes_due(state, action, after)
        compare_limbes_card(state, action, after)
        state = after
    assert state.result is not None, f"no end after {MAX_ACTIONS} actions"
    ENDINGS[(aim, f"{state.rule} {state.result}")] += 1
    return state


# One seeded game per end clause (found by the aims): (characters, players, seed, aim, end clause, result).
END_GAMES = (
    (3, 3, 0, "win", "OMBRES.WIN", "win"),
    (3, 3, 0, "loss", "OMBRES.LOSS", "loss"),
    (3, 3, 0, "bluff-win", "OMBRES.BLUFF", "win"),
    (3, 3, 0, "bluff-loss", "OMBRES.BLUFF", "loss"),
)


def play_end_games() -> None:
    for characters, players, seed, aim, rule_, result in END_GAMES:
        rules = Rules.parse(f"players={players}+characters={characters}+slots=3")
        final = play_game(rules, seed, aim)
        assert (final.rule, final.result) == (rule_, result), (aim, seed, final.rule, final.result)


def run(examples: int) -> None:
    run_state_machine_as_test(ModelPlay, settings=settings(
        max_examples=examples, stateful_step_count=1, deadline=None, database=None, phases=(Phase.generate,),
        suppress_health_check=list(HealthCheck)))


def main() -> int:
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
    for aim in AIMS:
        print(f"{aim:<11} " + ", ".join(f"{end} {n}" for (a, end), n in sorted(ENDINGS.items()) if a == aim))
    print("compared: " + ", ".join(f"{k} {n}" for k, n in sorted(COMPARED.items())))
    print("cards compared: " + ", ".join(f"{k} {n}" for k, n in sorted(cards_differential.COMPARED.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
