"""The engine against the independent model (`properties.trois_ombres.model`) on a fixed sample of positions.

The sample is made with the real rules, once: every state of seeded games on
small tables, one game per aim of `model_machine` and seed, kept where the
model covers the step (`model_machine.in_the_model`), plus the **boundary
positions** of `BOUNDARIES` (the last hour, the first hour a bluff is allowed,
a Lieu shown with no revealable tile, a cubed tile, the last pair to make,
a face not yet accepted, ...), and one position built from them
(`with_a_cube_for_zacahire`).  At each, the engine's legal bluffs, reveals,
rerolls and looks must be the model's, and **every** legal bluff and reveal
must lead where the model says (the clock, the Agence and the result).

The cards' part (`cards_model`, compared by `cards_differential`) adds the
first state of the same games that meets each of `CARD_BOUNDARIES` (a Limbes
card due before 3 h and from 3 h, so that every card of the deck is drawn on
each side of 3 h; the last card of the deck; the last hour; each card's own
choices; each Malédiction in force at a reveal; each Objet playable), and the
positions of `BUILT`, where play almost never goes (a Brouillard with no free
tile, a Fausse piste with no room, a Calepin whose colour is exhausted): there
**every** legal action is applied and its successor compared with the model's.

    python -m properties.trois_ombres.model_differential
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import replace
from functools import cache

from oracle.games.trois_ombres.actions import Illegal
from oracle.games.trois_ombres.components import LIEUX, Rules
from oracle.games.trois_ombres.game import GAME
from oracle.games.trois_ombres.rules import steps
from oracle.games.trois_ombres.state import State, initial_state
from oracle.games.trois_ombres.validity import check_state
from properties import boundary_vectors
from properties.trois_ombres import cards_differential, model
from properties.trois_ombres.model_machine import (
    AIMS,
    choose,
    compare_after,
    compare_hercule,
    compare_legal,
    compare_turning_trap,
    in_the_model,
)

TABLES = ((2, 2), (3, 3), (4, 4))  # (characters, players)
SEEDS = (21, 22)
EVERY = 5

Sample = tuple[tuple[Rules, State], ...]


def lieu_shown_empty(s: State) -> bool:
    face = s.turn.face
    return face in LIEUX and not any(loc[0] == face and not c.up and not c.cube for loc, c in s.board)


BOUNDARIES: dict[str, Callable[[State], bool]] = {
    "the last hour, the die rolled": lambda s: s.hour == model.LOSS_HOUR - 1 and s.turn.face is not None,
    "the last hour, before the roll": lambda s: s.hour == model.LOSS_HOUR - 1 and s.turn.face is None,
    "the first hour of bluffs": lambda s: s.hour == model.BLUFF_HOUR and s.turn.face is None,
    "the hour before bluffs": lambda s: s.hour == model.BLUFF_HOUR - 1 and s.turn.face is None,
    "a Lieu shown with no tile to reveal": lambda s: s.turn.accepted and not s.turn.begun and lieu_shown_empty(s),
    "a Lieu shown, its tile owed": lambda s: s.turn.accepted and s.turn.face in LIEUX and not lieu_shown_empty(s),
    "a cubed tile on the board": lambda s: s.turn.accepted and any(c.cube for _, c in s.board),
    "the second reveal": lambda s: s.turn.accepted and len(s.turn.revealed) == 1,
    "the last pair to make": lambda s: len(s.agency) == s.to_clear - 1 and len(s.turn.revealed) == 1,
    "a face not yet accepted": lambda s: s.turn.face is not None and not s.turn.accepted,
}


def played(rules: Rules, seed: int, aim: str) -> list[State]:
    """Every state of one game played by ``aim`` (the real rules, no checks)."""
    rng = random.Random(seed)
    state = initial_state(rules)
    deal = steps.apply(state, steps.sample_deal(state, rng, rules), rules)
    assert not isinstance(deal, Illegal)
    state, states = deal[0], []
    while state.result is None:
        states.append(state)
        result = steps.apply(state, choose(state, steps.legal_actions(state, rules), aim, rng), rules)
        assert not isinstance(result, Illegal)
        state = result[0]
    return states


def with_a_cube_for_zacahire(s: State) -> State | None:
    """Zacahire's look still to take, the same position with a Hercule cube from the supply on a face-down
    tile (as a Hercule trap would throw it): he alone may look under it (OMBRES.ABILITY.ZACAHIRE)."""
    if s.investigators[s.current] != "zacahire" or s.turn.face is None or s.turn.begun or s.cubes == 0:
        return None
    if "zacahire" in s.turn.used:
        return None
    spot = next((loc for loc, c in s.board if not c.up and not c.cube and c.clue is None), None)
    if spot is None:
        return None
    board = tuple((loc, replace(c, cube=True) if loc == spot else c) for loc, c in s.board)
    changed = replace(s, board=board, cubes=s.cubes - 1)
    check_state(changed)
    return changed


ZACAHIRE = "Zacahire's look with a cubed tile"


def head(s: State) -> str | None:
    return s.steps[0].kind if s.steps and s.result is None else None


def cursed(name: str, s: State) -> bool:
    return any(c.card == name for c in s.curses) and head(s) == "turn" and s.turn.accepted


def holds(objet: str, s: State) -> bool:
    return head(s) == "turn" and s.objets[s.current] == objet and s.turn.archeo == 0


def confused(investigator: str, s: State) -> bool:
    return (any(c.card == "confusion" for c in s.curses) and head(s) == "turn" and s.turn.face is not None
            and not s.turn.begun and s.investigators[s.current] == investigator)


CARD_BOUNDARIES: dict[str, Callable[[State], bool]] = {
    "a Limbes card due before 3 h": lambda s: head(s) == "draw-limbes" and s.hour < 3 and len(set(s.limbes_deck)) > 8,
    "a Limbes card due from 3 h": lambda s: head(s) == "draw-limbes" and s.hour >= 3 and len(set(s.limbes_deck)) > 8,
    "the last card of the Limbes deck": lambda s: head(s) == "draw-limbes" and len(s.limbes_deck) == 1,
    "a Limbes card due at the last hour": lambda s: head(s) == "draw-limbes" and s.hour == model.LOSS_HOUR - 1,
    "a 3ID card due before 3 h": lambda s: head(s) == "draw-id" and s.hour < 3 and len(set(s.id_deck)) > 5,
    "a 3ID card due from 3 h": lambda s: head(s) == "draw-id" and s.hour >= 3 and "debriefing" in s.id_deck
    and any(c.clue is not None for _, c in s.board),
    "Brouillard's pick": lambda s: head(s) == "pick" and s.steps[0].args != ("any",),
    "Brouillard's place": lambda s: head(s) == "place" and s.steps[0].args != ("spread",),
    "Fausse piste's pair": lambda s: head(s) == "pick-pair",
    "Fausse piste's pick": lambda s: head(s) == "pick" and s.steps[0].args == ("any",),
    "Fausse piste's place": lambda s: head(s) == "place" and s.steps[0].args == ("spread",),
    "Illusion's roll": lambda s: head(s) == "illusion",
    "a trap's slot": lambda s: head(s) == "trap-slot",
    "Invertigo offered": lambda s: head(s) == "invertigo",
    "a second Objet": lambda s: head(s) == "keep",
    "the Chronogyre at the clue step": lambda s: head(s) == "clues" and s.objets[s.current] == "chronogyre",
    "the Révélateur with a cube on the board": lambda s: holds("revelateur", s) and any(c.cube for _, c in s.board),
    "the Stylo on a face to reroll": lambda s: holds("stylo-traducteur", s) and s.turn.face is not None
    and not s.turn.accepted,
    "the Loupe analytique after the roll, a cube on the board": lambda s: holds("loupe-analytique", s)
    and s.turn.face is not None and not s.turn.begun and any(c.cube for _, c in s.board),
    "the Oreillettes with a clued tile": lambda s: holds("oreillettes", s) and s.turn.face is not None
    and not s.turn.begun and any(c.clue is not None and not c.cube for _, c in s.board),
    "the Archéoscript before the roll": lambda s: holds("archeoscript", s) and s.turn.face is None,
    "Paralysie, the second reveal": lambda s: cursed("paralysie", s) and len(s.turn.revealed) == 1,
    "Confusion, Allison after the roll": lambda s: confused("allison", s),
    "Brume, the second reveal": lambda s: cursed("brume", s) and len(s.turn.revealed) == 1,
    "a Limbes card due, another player holding Invertigo": lambda s: head(s) == "draw-limbes" and any(
        o == "invertigo" for p, o in enumerate(s.objets) if p != s.current),
    "Hallucination, the second reveal": lambda s: cursed("hallucination", s) and len(s.turn.revealed) == 1,
    "Paranoïa, the first reveal": lambda s: cursed("paranoia", s) and not s.turn.revealed,
    "Paranoïa, the second reveal": lambda s: cursed("paranoia", s) and len(s.turn.revealed) == 1,
    "a Malédiction's last turn": lambda s: head(s) == "turn" and any(
        not c.fresh and c.drawer == s.current for c in s.curses),
}

# Positions play almost never reaches (the spec's own examples of the branch), and the actions played from them.
BUILT: dict[str, str | tuple[str, ...]] = {
    "Amnésie with a clue under a cube and on a Chronogyre tile": "ombres players=4 characters=2 board=R1:1n*+0,"
    "R2:1h#+1,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n cubes=3 reserve=3,3,4,4 limbes-deck=amnesie,silence "
    "steps=draw-limbes;end-turn",
    "Confusion, Lucile's die rolled": ("ombres players=4 characters=2 board=R1:1n,R2:1h,C1:1n,C2:2n,"
                                                  "P1:2h,P2:2h,G1:1h demon=2n curses=confusion:1 steps=turn",
                                                  "roll"),
    "the Stylo held as Lucile's reroll lands": ("ombres players=4 characters=2 board=R1:1n,R2:1h,C1:1n,C2:2n,"
                                                "P1:2h,P2:2h,G1:1h demon=2n objets=stylo-traducteur,-,-,- steps=turn",
                                                "roll", "die horloge", "reroll"),
    "Brouillard with no free tile": "ombres players=4 characters=2 hour=4 board=R1:1h#,R2:1h#,C1:2n#,C2:2n*+0,"
    "P1:2h# agency=1n demon=2h cubes=0 reserve=3,4,4,4 limbes-deck=brouillard,amnesie steps=draw-limbes;end-turn",
    "Fausse piste with fewer than two free slots": "ombres players=4 characters=2 slots=2 hour=3 board=R1:1h,"
    "R2:1h,C1:2n,C2:2h,P1:2h,P2:hercule,G1:vortex,G2:horloge demon=2n agency=1n limbes-deck=fausse-piste,amnesie "
    "steps=draw-limbes;end-turn",
    "Fausse piste with an empty Agence": "ombres players=4 characters=2 hour=5 board=R1:1n,R2:1h,C1:1n,C2:2n,"
    "P1:2h,P2:2h,G1:1h demon=2n limbes-deck=fausse-piste,silence steps=draw-limbes;end-turn",
    "a Calepin whose colour is exhausted": "ombres players=4 characters=2 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,"
    "P2:2h,G1:1h demon=2n stock=0,2,0,2 id-deck=calepin steps=draw-id;end-turn",
    "a Calepin with no spare clue": "ombres players=4 characters=2 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,"
    "P2:2h,G1:1h demon=2n stock=0,0,0,0 id-deck=calepin steps=draw-id;end-turn",
    "the last pair cleared by a Débriefing": "ombres players=4 characters=2 hour=4 board=R1:1n+1,R2:1h+3,C1:1n+2,"
    "C2:1h+0,P1:2n demon=2n agency=2h reserve=3,3,3,3 id-deck=debriefing steps=draw-id;end-turn",
}

BOUNDARY_NAMES = (*BOUNDARIES, ZACAHIRE, *CARD_BOUNDARIES, *BUILT)


def built(recipe: str | tuple[str, ...]) -> tuple[Rules, State]:
    """A position written in the notation, and the actions played from it."""
    text, *actions = (recipe,) if isinstance(recipe, str) else recipe
    state = GAME.read_state_text(text)
    rules = GAME.state_rules(state, Rules())
    for action in actions:
        result = steps.apply(state, GAME.parse_action(action), rules)
        assert not isinstance(result, Illegal), f"{action}: {result}"
        state = result[0]
    return rules, state


@cache
def sample() -> tuple[Sample, dict[str, int]]:
    """The sampled states the model covers, with the index of each boundary's first state."""
    sampler = boundary_vectors.Sampler(EVERY)
    for characters, players in TABLES:
        rules = Rules.parse(f"players={players}+characters={characters}+slots={max(characters, 3)}")
        for seed in SEEDS:
            for aim in AIMS:
                states = played(rules, seed, aim)
                for k, state in enumerate(s for s in states if in_the_model(s)):
                    sampler.offer(rules, state, k, BOUNDARIES, lambda name: BOUNDARIES[name](state))  # noqa: B023
                    sampler.built(ZACAHIRE, rules, with_a_cube_for_zacahire(state))
                for state in states:  # the cards' boundaries only: k = 1 keeps no other state
                    sampler.offer(rules, state, 1, CARD_BOUNDARIES,
                                  lambda name: CARD_BOUNDARIES[name](state))  # noqa: B023
    for name, text in BUILT.items():
        sampler.built(name, *built(text))
    return tuple(sampler.chosen), sampler.found


def check_sample() -> None:
    """At every sampled state: the legal sets, and every bluff and reveal's outcome, are the model's; and the
    cards' legal sets and every action's successor are `cards_model`'s."""
    states, _ = sample()
    for rules, state in states:
        legal = steps.legal_actions(state, rules)
        modelled = in_the_model(state)
        if modelled:
            compare_legal(state, legal)
        cards_differential.compare_card_legal(state, legal, rules)
        for action in legal:
            result = steps.apply(state, action, rules)
            assert not isinstance(result, Illegal), f"a listed action is illegal: {action}"
            cards_differential.compare_card_action(state, action, result[0], rules)
            if not modelled or action.verb not in ("bluff", "reveal"):
                continue
            compare_after(state, action, result[0])
            compare_hercule(state, action, result[0])
            compare_turning_trap(state, action, result[0])


def main() -> int:
    states, found = sample()
    return boundary_vectors.report(found, BOUNDARY_NAMES, len(states), check_sample,
                                   "the engine and the model agree on every legal set and outcome")


if __name__ == "__main__":
    sys.exit(main())
