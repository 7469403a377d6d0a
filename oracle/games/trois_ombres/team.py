"""A simulated team of investigators with imperfect memory, for playthroughs and the memory study.

The team shares what any of its players saw (players may talk), and at the
start of each turn forgets each remembered tile with probability ``forget``,
except tiles that bear a clue: a clue is a memo that keeps its tile in mind.
Its play is plain: reveal a remembered pair when it can, otherwise explore
unknown tiles, avoid known traps, leave clues on mismatches, and bluff only
when it has deduced the Démon tile for certain.  It is a model, not a rule;
docs/trois-ombres/memory.md states its assumptions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from oracle.games.trois_ombres.actions import Action, Illegal
from oracle.games.trois_ombres.components import Rules, loc_lieu, suspect_tiles, tile_is_trap
from oracle.games.trois_ombres.rules import steps
from oracle.games.trois_ombres.rules.knowledge import TRAP_SEEN
from oracle.games.trois_ombres.state import State


@dataclass
class Team:
    forget: float
    rng: random.Random
    memory: dict[str, str] = field(default_factory=dict)
    last_seen: dict[str, str] = field(default_factory=dict)
    turn_marker: tuple[int, int] = (-1, -1)

    def observe(self, state: State) -> None:
        """Learn what the players newly saw; drop memories of slots whose tile has gone."""
        union: dict[str, str] = {}
        for memory in state.seen:
            for loc, tile in memory:
                if union.get(loc) in (None, TRAP_SEEN):
                    union[loc] = tile
        for loc, tile in union.items():
            if self.last_seen.get(loc) != tile:
                self.memory[loc] = tile
        for loc in list(self.memory):
            if loc not in union:
                del self.memory[loc]
        self.last_seen = union

    def forget_some(self, state: State) -> None:
        clued = {loc for loc, cell in state.board if cell.clue is not None}
        for loc in list(self.memory):
            if loc not in clued and self.rng.random() < self.forget:
                del self.memory[loc]

    def choose(self, state: State, rules: Rules) -> Action:
        """The team's action in a state where a player acts."""
        self.observe(state)
        marker = (state.current, len(state.agency) * 1000 + state.hour)
        legal = steps.legal_actions(state, rules)
        step = state.steps[0].kind
        if step == "turn" and state.turn.face is None and marker != self.turn_marker:
            self.turn_marker = marker
            self.forget_some(state)
        if step == "turn":
            return self.turn_action(state, legal)
        if step == "clues":
            clues = [a for a in legal if a.verb == "clue"]
            return clues[0] if clues else Action("done")
        if step in ("hercule", "trap-slot", "place", "pick"):
            return self.rng.choice(legal)
        if step == "keep":
            return legal[-1]
        return legal[0]

    def is_trap(self, loc: str) -> bool:
        known = self.memory.get(loc)
        return known is not None and (known == TRAP_SEEN or tile_is_trap(known))

    def demon_guess(self, state: State) -> str | None:
        """A slot holding the demon's host, if the memory proves it: every other suspect seen twice."""
        left = [t for t in suspect_tiles(state.characters) if t not in state.agency]
        seen: dict[str, list[str]] = {}
        for loc, tile in self.memory.items():
            if not tile_is_trap(tile) and tile != TRAP_SEEN:
                seen.setdefault(tile, []).append(loc)
        singles = [t for t in left if len(seen.get(t, [])) == 1]
        doubles = [t for t in left if len(seen.get(t, [])) == 2]
        if len(singles) == 1 and len(doubles) == len(left) - 1:
            return seen[singles[0]][0]
        return None

    def turn_action(self, state: State, legal: list[Action]) -> Action:
        turn = state.turn
        if turn.face is None:
            guess = self.demon_guess(state)
            if guess is not None and Action("bluff", (guess,)) in legal:
                return Action("bluff", (guess,))
            if Action("use", ("archeoscript",)) in legal:
                return Action("use", ("archeoscript",))
            return Action("roll")
        reveals = [a for a in legal if a.verb == "reveal"]
        if not turn.begun:
            if turn.face == "horloge":
                for reroll in (Action("reroll"), Action("use", ("stylo-traducteur",))):
                    if reroll in legal:
                        return reroll
            for a in legal:
                if a.verb in ("peek", "use") and a.args[-1] not in self.memory and a.args[0] != "revelateur" \
                        and all(loc not in self.memory for loc in a.args if loc[0] in "RCPG" and loc[1:].isdigit()):
                    return a
        if reveals:
            return self.pick_reveal(state, reveals)
        return legal[0]

    def pick_reveal(self, state: State, reveals: list[Action]) -> Action:
        taken = state.turn.revealed
        options = [a.args[0] for a in reveals]
        tiles = dict(state.board)
        if taken:
            first = tiles[taken[0]].tile
            for loc in options:
                if self.memory.get(loc) == first:
                    return Action("reveal", (loc,))
        else:
            for loc in options:
                tile = self.memory.get(loc)
                if tile is not None and not self.is_trap(loc):
                    twins = [o for o, t in self.memory.items() if t == tile and o != loc]
                    lieu = loc_lieu(loc)
                    if twins and (not _paralysed(state) or loc_lieu(twins[0]) == lieu):
                        return Action("reveal", (loc,))
        unknown = [loc for loc in options if loc not in self.memory]
        if unknown:
            return Action("reveal", (self.rng.choice(unknown),))
        safe = [loc for loc in options if not self.is_trap(loc)]
        return Action("reveal", (self.rng.choice(safe or options),))


def _paralysed(state: State) -> bool:
    return any(c.card == "paralysie" for c in state.curses)


def play_game(rules: Rules, seed: int, forget: float, limit: int = 20000) -> tuple[State, list[Action]]:
    """A whole game from the deal, chance drawn from ``seed``, decisions by a `Team`."""
    rng = random.Random(seed)
    team = Team(forget, random.Random(seed + 1))
    from oracle.games.trois_ombres.state import initial_state

    state = initial_state(rules)
    actions: list[Action] = []
    for _ in range(limit):
        kind, _ = steps.to_act_kind(state)
        if kind == "over":
            break
        if kind == "chance":
            if state.steps[0].kind == "deal":
                action = steps.sample_deal(state, rng, rules)
            else:
                outcomes = steps.chance_outcomes(state)
                action = rng.choices([a for a, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]
        else:
            action = team.choose(state, rules)
        result = steps.apply(state, action, rules)
        assert not isinstance(result, Illegal), (action, result)
        state = result[0]
        actions.append(action)
    return state, actions
