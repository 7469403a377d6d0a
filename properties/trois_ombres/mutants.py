"""Mutants of L'heure des 3 ombres: each breaks one rule; what does each kind of check catch on its own?

    python -m properties.trois_ombres.mutants [--markdown]

runs every kind of check on every mutant (`properties.harness`): the worked
examples, the committed vectors, the state machines (the engine's own
invariants in random play, and the model-based machine with its end-clause
games) and the model differential on its sample of positions; it prints one
row per mutant and exits 1 if any survives every kind.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from oracle.games.trois_ombres.actions import Action, Illegal
from oracle.games.trois_ombres.components import Loc, Rules, tile_is_trap
from oracle.games.trois_ombres.examples import check_example, read_examples
from oracle.games.trois_ombres.game import GAME
from oracle.games.trois_ombres.rules import cards, clock, places, steps, traps, turn
from oracle.games.trois_ombres.state import Table, plus
from properties import harness as h
from properties.trois_ombres import model_differential, model_machine
from properties.trois_ombres.machine import Play

VECTORS = Path(__file__).resolve().parents[2] / "vectors" / "trois-ombres"

MODULES = (clock, turn, cards, traps, steps)


@contextmanager
def patched(name: str, value: Any) -> Iterator[None]:
    """Replace ``name`` in every rules module that holds it, for the length of the block."""
    saved = [(m, getattr(m, name)) for m in MODULES if hasattr(m, name)]
    for module, _ in saved:
        setattr(module, name, value)
    try:
        yield
    finally:
        for module, original in saved:
            setattr(module, name, original)


def pair_by_character(first: str, second: str) -> bool:
    return not tile_is_trap(first) and not tile_is_trap(second) and first[:-1] == second[:-1]


def taken_even_if_cubed(table: Table, loc: str) -> Illegal | None:
    return None if loc in table.board_map and loc not in table.turn.revealed else Illegal("OMBRES.REVEAL.TILE", "x")


def clock_that_slips(original: Callable[..., None]) -> Callable[..., None]:
    def advance(table: Table, rule: str, why: str) -> None:
        original(table, rule, why)
        if table.result is None and table.hour == 4:
            table.hour = 2
    return advance


def win_one_early(table: Table) -> None:
    if table.result is None and len(table.agency) >= 2 * table.characters - 2:
        clock.end(table, "win", "OMBRES.WIN", "win")


def bluff_by_hour(table: Table, loc: str) -> None:
    clock.end(table, "win" if table.hour >= 8 else "loss", "OMBRES.BLUFF", "bluff")


def clue_kept_on_reveal(table: Table, loc: str) -> None:
    return None


_taken_ok = turn.taken_ok
_check_reroll = turn.check_reroll
_peek_targets = turn.peek_targets
_apply_trap = traps.apply_trap
_prepare_limbes_draw = cards.prepare_limbes_draw
_facing_places = places.facing_places
_limbes_effect = cards.limbes_effect


def no_designated_lieu(table: Table) -> tuple[str | None, int]:
    """The Lieu the die shows is never owed: two tiles of choice."""
    turn_ = table.turn
    return (None, turn_.left) if turn_.begun else (None, 2)


def taken_twice(table: Table, loc: Loc) -> Illegal | None:
    """A tile taken this turn may be taken again (and so pair with itself)."""
    problem = _taken_ok(table, loc)
    return None if problem is not None and "already taken" in problem.reason else problem


def lucile_rerolls_again(table: Table, action: Action, rules: Rules) -> Illegal | None:
    """Lucile's reroll is never spent, and a reroll may be rerolled."""
    saved = table.turn
    table.turn = replace(saved, lucile=False, rerolled=False)
    try:
        return _check_reroll(table, action, rules)
    finally:
        table.turn = saved


def allison_looks_under_cubes(table: Table, source: str) -> list[Loc]:
    if source != "allison":
        return _peek_targets(table, source)
    return [loc for loc, cell in table.board_map.items() if not cell.up]


def zacahire_blind_to_cubes(table: Table, source: str) -> list[Loc]:
    found = _peek_targets(table, source)
    return [loc for loc in found if not table.board_map[loc].cube] if source == "zacahire" else found


def horloge_trap_idle(table: Table, kind: str, rules: Rules) -> None:
    if kind != "horloge":
        _apply_trap(table, kind, rules)


def limbes_deck_empty_no_clock(table: Table, rules: Rules) -> bool:
    """The clock does not move when a Limbes card is due from an empty deck."""
    hour = table.hour
    ready = _prepare_limbes_draw(table, rules)
    if table.result is not None and table.rule == "OMBRES.LOSS" and hour < 12:
        table.result = table.rule = None
    table.hour = hour
    return ready


def balafre_never_spared(table: Table, confusion_spares: bool) -> bool:
    return False


def face_never_advances(table: Table) -> None:
    """An accepted Horloge face leaves the clock alone."""
    if not table.turn.accepted:
        table.turn = replace(table.turn, accepted=True)


def lieu_turns_back(table: Table, lieu: str) -> None:
    """A Lieu turned a quarter turn counter-clockwise."""
    i = "RCPG".index(lieu)
    table.rotation = tuple((r + 3) % 4 if k == i else r for k, r in enumerate(table.rotation))


def boards_turn_in_place(table: Table) -> None:
    """The rejected reading of the Vortex: each board turns in place, none moves (OMBRES.TRAP.VORTEX)."""
    table.rotation = tuple((r + 1) % 4 for r in table.rotation)


def near_lieux(table: Table, player: int) -> tuple[str, str]:
    """Manipulation swaps the two Lieux nearest the drawer instead of the two facing them."""
    far = _facing_places(table, player)
    return tuple(p for p in ("NW", "NE", "SE", "SW") if p not in far)  # type: ignore[return-value]


def temps_accelere_idle(table: Table, card: str, rules: Rules) -> None:
    """Temps accéléré is discarded without moving the clock."""
    if card == "temps-accelere":
        table.limbes_discard = plus(table.limbes_discard, card)
        return
    _limbes_effect(table, card, rules)


def win_one_late(table: Table) -> None:
    if table.result is None and len(table.agency) >= 2 * table.characters:
        clock.end(table, "win", "OMBRES.WIN", "win")


@dataclass(frozen=True)
class Mutant:
    name: str
    rule: str
    patch: Callable[[], Any]


MUTANTS = (
    Mutant("pair-ignores-version", "OMBRES.PAIR", lambda: patched("is_pair", pair_by_character)),
    Mutant("cubed-tile-revealable", "OMBRES.CUBE.BLOCKS", lambda: patched("taken_ok", taken_even_if_cubed)),
    Mutant("bluff-from-5h", "OMBRES.BLUFF", lambda: patched("BLUFF_HOUR", 5)),
    Mutant("clock-slips-back", "OMBRES.CLOCK", lambda: patched("advance_clock", clock_that_slips(clock.advance_clock))),
    Mutant("win-at-12", "OMBRES.WIN", lambda: patched("check_win", win_one_early)),
    Mutant("bluff-by-hour", "OMBRES.BLUFF", lambda: patched("bluff", bluff_by_hour)),
    Mutant("clue-stays-on-reveal", "OMBRES.CLUE", lambda: patched("return_clue", clue_kept_on_reveal)),
    Mutant("no-designated-lieu", "OMBRES.REVEAL.DESIGNATED", lambda: patched("reveal_plan", no_designated_lieu)),
    Mutant("taken-twice", "OMBRES.REVEAL.TILE", lambda: patched("taken_ok", taken_twice)),
    Mutant("lucile-rerolls-again", "OMBRES.ABILITY.LUCILE", lambda: patched("check_reroll", lucile_rerolls_again)),
    Mutant("allison-looks-under-cubes", "OMBRES.ABILITY.ALLISON",
           lambda: patched("peek_targets", allison_looks_under_cubes)),
    Mutant("zacahire-blind-to-cubes", "OMBRES.ABILITY.ZACAHIRE",
           lambda: patched("peek_targets", zacahire_blind_to_cubes)),
    Mutant("balafre-throws-two", "OMBRES.ABILITY.BALAFRE", lambda: patched("balafre_spared", balafre_never_spared)),
    Mutant("horloge-trap-idle", "OMBRES.TRAP.HORLOGE", lambda: patched("apply_trap", horloge_trap_idle)),
    Mutant("horloge-face-idle", "OMBRES.DIE", lambda: patched("accept_face", face_never_advances)),
    Mutant("loss-at-13", "OMBRES.LOSS", lambda: patched("LOSS_HOUR", 13)),
    Mutant("empty-limbes-deck-no-clock", "OMBRES.LIMBES.DRAW",
           lambda: patched("prepare_limbes_draw", limbes_deck_empty_no_clock)),
    Mutant("win-one-late", "OMBRES.WIN", lambda: patched("check_win", win_one_late)),
    Mutant("manipulation-swaps-the-near-lieux", "OMBRES.LIMBES.MANIPULATION",
           lambda: patched("facing_places", near_lieux)),
    Mutant("temps-accelere-idle", "OMBRES.LIMBES.TEMPS", lambda: patched("limbes_effect", temps_accelere_idle)),
    Mutant("lieu-turns-back", "OMBRES.TRAP.YEUX", lambda: patched("rotate_lieu", lieu_turns_back)),
    Mutant("vortex-boards-turn-in-place", "OMBRES.TRAP.VORTEX", lambda: patched("rotate_block", boards_turn_in_place)),
    Mutant("from-3h-cards-from-0h", "OMBRES.CLOCK", lambda: patched("EFFECT_HOUR", 0)),
)


def examples_check() -> None:
    from tests.conftest import SPEC

    for example in read_examples(SPEC / "trois-ombres"):
        try:
            problems = check_example(example)
        except Exception as exc:  # a broken engine may fail anywhere
            raise AssertionError(f"{example.where}: {exc}") from exc
        assert problems == [], f"{example.where}: {problems}"


def vectors_check(step: int = 2) -> None:
    """Every ``step``-th apply record of the committed sets: the same state after, the same events."""
    for directory in sorted(p for p in VECTORS.iterdir() if (p / "apply.jsonl").is_file()):
        for line in (directory / "apply.jsonl").read_text(encoding="utf-8").splitlines()[::step]:
            record = json.loads(line)
            state = GAME.parse_state(record["state"])
            applied = GAME.apply(state, GAME.parse_action(record["action"]), GAME.state_rules(state, Rules()))
            assert GAME.format_state(applied.state) == record["after"], f"{directory.name} {record['id']}"
            assert [GAME.event_text(e) for e in applied.events] == record["events"], f"{directory.name} {record['id']}"


def machine_check() -> None:
    """The model-based machine's end-clause games and drawn games, then random play with the invariants."""
    model_machine.play_end_games()
    model_machine.run(12)
    run_state_machine_as_test(Play, settings=settings(
        max_examples=30, stateful_step_count=150, derandomize=True, deadline=None, database=None,
        phases=(Phase.generate,), suppress_health_check=list(HealthCheck)))


KINDS: dict[str, Callable[[], None]] = {
    h.EXAMPLES: examples_check,
    h.VECTORS: vectors_check,
    h.MACHINE: machine_check,
    h.DIFFERENTIAL: model_differential.check_sample,
}


def prepare() -> None:
    """The differential's sample, made with the real rules before any mutant is in place."""
    model_differential.sample()


def harness_mutant(mutant: Mutant) -> h.Mutant:
    def patch() -> AbstractContextManager[Any]:
        return mutant.patch()  # type: ignore[no-any-return]

    return h.Mutant(mutant.name, "trois-ombres", patch, KINDS, prepare, mutant.rule)


def harness_mutants() -> tuple[h.Mutant, ...]:
    return tuple(harness_mutant(m) for m in MUTANTS)


def main() -> int:
    return h.run_table(harness_mutants(), "--markdown" in sys.argv)


if __name__ == "__main__":
    sys.exit(main())
