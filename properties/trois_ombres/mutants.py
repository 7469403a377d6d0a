"""Mutants of L'heure des 3 ombres: each breaks one rule; what does each kind of check catch on its own?

    python -m properties.trois_ombres.mutants [--markdown]

runs every kind of check on every mutant (`properties.harness`): the worked
examples, the committed vectors, the state machines (the engine's own
invariants in random play, from a deal and from short piles, and the
model-based machine with its end-clause games) and the model differential on
its sample of positions; it prints one row per mutant and exits 1 if any
survives every kind.
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
from oracle.games.trois_ombres.rules import cards, clock, knowledge, places, steps, traps, turn
from oracle.games.trois_ombres.state import Step, Table, plus, reshuffled, without
from properties import harness as h
from properties.trois_ombres import model_differential, model_machine
from properties.trois_ombres.machine import SHORT_RUNS, Play, ShortPiles

VECTORS = Path(__file__).resolve().parents[2] / "vectors" / "trois-ombres"

MODULES = (clock, turn, cards, traps, steps)  # knowledge is left whole: its own readers see the real rules


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


# --- the cards' mutants: each breaks one clause of spec/trois-ombres/cards-limbes.md or cards-3id.md --------

_curse_in_force = knowledge.curse_in_force
_amnesie = cards.amnesie
_free_tiles = cards.free_tiles
_illusion_roll = cards.illusion_roll
_extra_clue = cards.extra_clue
_take_objet = cards.take_objet
_draw_limbes = cards.draw_limbes
_end_turn = turn.end_turn
_revelateur = turn.revelateur
_do_clue = turn.do_clue
_do_turn = turn.do_turn


def curse_never_in_force(card: str) -> Callable[[Table, str], bool]:
    """The Malédiction ``card`` is drawn and kept in front of its drawer, but nothing obeys it."""
    def in_force(table: Table, name: str) -> bool:
        return name != card and _curse_in_force(table, name)
    return in_force


def ability_despite_confusion(table: Table, name: str) -> bool:
    return turn.investigator(table) == name


def curse_ends_at_once(table: Table) -> None:
    """A Malédiction ends with the turn that drew it, not with its drawer's next turn."""
    table.curses = tuple(replace(c, fresh=False) if c.drawer == table.current else c for c in table.curses)
    _end_turn(table)


def amnesie_spares_cubes(table: Table, rules: Rules) -> None:
    """Amnésie leaves the clue under a Hercule cube."""
    for loc, cell in places.board_items(table):
        if cell.clue is not None and not cell.cube:
            clock.return_clue(table, loc)


def clued_tiles_not_free(table: Table, lieu: str | None, rules: Rules) -> list[Loc]:
    """Brouillard and Fausse piste read "free" as unmarked: a clued tile cannot be taken."""
    return [loc for loc in _free_tiles(table, lieu, rules) if table.board_map[loc].clue is None]


def brouillard_unapplied_kept(table: Table, card: str, rules: Rules) -> None:
    """A Brouillard that cannot be applied (no free tile, from 3 h) is not discarded."""
    _limbes_effect(table, card, rules)
    if card == "brouillard" and table.hour >= 3 and not any(s.kind == "pick" for s in table.steps_l):
        table.limbes_discard = without(table.limbes_discard, card)


def reveil_before_3h(table: Table, card: str, rules: Rules) -> None:
    """Réveil des ombres adds its trap before 3 h too."""
    _limbes_effect(table, card, rules)
    if card == "reveil" and table.hour < 3:
        table.steps_l.insert(0, Step("trap-slot"))


def illusion_stops_on_any_face(table: Table, face: str) -> None:
    """Illusion's roll ends on a Loupe or Horloge face instead of rolling again."""
    if face in "RCPG":
        _illusion_roll(table, face)


def calepin_no_fallback(table: Table, rule: str) -> None:
    """With the drawer's colour exhausted, the Calepin does nothing (no other player may take a clue)."""
    if table.stock_l[table.current] > 0:
        _extra_clue(table, rule)


def second_objet_replaces(table: Table, player: int, card: str, given: bool = False) -> None:
    """A second Objet replaces the first, with no choice to keep or pass on."""
    table.objets_l[player] = card


def invertigo_own_draw_only(table: Table, card: str, rules: Rules) -> None:
    """Only the drawer's own Invertigo may cancel the card."""
    _draw_limbes(table, card, replace(rules, variants=rules.variants | {"invertigo-own-draw"}))


def revelateur_loses_cubes(table: Table) -> None:
    """The Révélateur takes the cubes off the Lieux but they never reach the supply."""
    cubes = table.cubes
    _revelateur(table)
    table.cubes = cubes


def chronogyre_tile_goes_down(table: Table, step: Step, action: Action) -> None:
    """The Chronogyre leaves its clue but the tile goes face down like any other."""
    _do_clue(table, step, action)
    if action.verb == "use":
        table.set_cell(action.args[-1], up=False, kept=False)


def archeoscript_one_turn(table: Table, action: Action, rules: Rules) -> None:
    """Archéoscript gives one quiet turn instead of two."""
    _do_turn(table, action, rules)
    if action.args[:1] == ("archeoscript",):
        table.turn = replace(table.turn, archeo=1)


def debriefing_clears_nothing(table: Table, first: Loc, second: Loc, rule: str) -> None:
    """The Débriefing shows the clued tiles but sends no pair to the Agence."""
    return None


def peeks_under_cubes(source: str) -> Callable[[Table, str], list[Loc]]:
    """The Objet ``source`` may look at any face-down tile, one under a cube or, for the Oreillettes, one with no
    clue."""
    def targets(table: Table, name: str) -> list[Loc]:
        if name != source:
            return _peek_targets(table, name)
        return [loc for loc, cell in table.board_map.items() if not cell.up]
    return targets


def stylo_rerolls_a_reroll(table: Table, action: Action, rules: Rules) -> Illegal | None:
    """The Stylo traducteur may reroll a face that is itself a reroll."""
    if action.verb == "reroll":
        return _check_reroll(table, action, rules)
    saved = table.turn
    table.turn = replace(saved, rerolled=False)
    try:
        return _check_reroll(table, action, rules)
    finally:
        table.turn = saved


# --- the reshuffle's mutants: each breaks state.reshuffled, the one refill of the 3ID deck, the Limbes deck and the
# trap pile (OMBRES.ID.DRAW, OMBRES.LIMBES.DRAW, OMBRES.TRAP.PILE)

Piles = tuple[tuple[str, ...], tuple[str, ...]]


def reshuffle_drops_a_card(table: Table, pile: tuple[str, ...], discard: tuple[str, ...], rule: str,
                           text: str) -> Piles:
    """The discard comes back one card short: its first card is lost to the game."""
    refilled, left = reshuffled(table, pile, discard, rule, text)
    return (refilled[1:], left) if not pile and discard else (refilled, left)


def reshuffle_keeps_the_discard(table: Table, pile: tuple[str, ...], discard: tuple[str, ...], rule: str,
                                text: str) -> Piles:
    """The discard's cards go into the pile and stay in the discard too."""
    refilled, _ = reshuffled(table, pile, discard, rule, text)
    return refilled, discard


def reshuffle_unshuffled(table: Table, pile: tuple[str, ...], discard: tuple[str, ...], rule: str,
                         text: str) -> Piles:
    """The discard is not shuffled: it comes back in its order, so the draw that follows has one outcome, its
    first card, and the others wait under it."""
    refilled, left = reshuffled(table, pile, discard, rule, text)
    return (refilled[:1], refilled[1:]) if not pile and discard else (refilled, left)


def replaced(module: Any, **values: Any) -> AbstractContextManager[None]:
    return h.replaced(module, **values)


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
    # the Limbes cards
    Mutant("amnesie-spares-cubes", "OMBRES.LIMBES.AMNESIE", lambda: patched("amnesie", amnesie_spares_cubes)),
    Mutant("clued-tiles-not-free", "OMBRES.LIMBES.BROUILLARD", lambda: patched("free_tiles", clued_tiles_not_free)),
    Mutant("brouillard-unapplied-kept", "OMBRES.LIMBES.BROUILLARD",
           lambda: patched("limbes_effect", brouillard_unapplied_kept)),
    Mutant("fausse-piste-without-room", "OMBRES.LIMBES.FAUSSE-PISTE",
           lambda: patched("fausse_piste_room", lambda table: True)),
    Mutant("illusion-stops-on-any-face", "OMBRES.LIMBES.ILLUSION",
           lambda: patched("illusion_roll", illusion_stops_on_any_face)),
    Mutant("reveil-before-3h", "OMBRES.LIMBES.REVEIL", lambda: patched("limbes_effect", reveil_before_3h)),
    Mutant("paralysie-ignored", "OMBRES.LIMBES.PARALYSIE",
           lambda: patched("curse_in_force", curse_never_in_force("paralysie"))),
    Mutant("confusion-ignored", "OMBRES.LIMBES.CONFUSION",
           lambda: patched("ability_usable", ability_despite_confusion)),
    Mutant("brume-ignored", "OMBRES.LIMBES.BRUME", lambda: patched("curse_in_force", curse_never_in_force("brume"))),
    Mutant("hallucination-ignored", "OMBRES.LIMBES.HALLUCINATION",
           lambda: patched("curse_in_force", curse_never_in_force("hallucination"))),
    Mutant("paranoia-ignored", "OMBRES.LIMBES.PARANOIA",
           lambda: patched("curse_in_force", curse_never_in_force("paranoia"))),
    Mutant("curse-ends-at-once", "OMBRES.LIMBES.DURATION", lambda: patched("end_turn", curse_ends_at_once)),
    # the 3ID cards
    Mutant("calepin-no-fallback", "OMBRES.ID.CALEPIN", lambda: patched("extra_clue", calepin_no_fallback)),
    Mutant("debriefing-clears-nothing", "OMBRES.ID.DEBRIEFING",
           lambda: replaced(cards, clear_pair=debriefing_clears_nothing)),
    Mutant("second-objet-replaces", "OMBRES.ID.OBJET", lambda: patched("take_objet", second_objet_replaces)),
    Mutant("invertigo-own-draw-only", "OMBRES.ID.INVERTIGO", lambda: patched("draw_limbes", invertigo_own_draw_only)),
    Mutant("revelateur-loses-cubes", "OMBRES.ID.REVELATEUR", lambda: patched("revelateur", revelateur_loses_cubes)),
    Mutant("loupe-looks-under-cubes", "OMBRES.ID.LOUPE",
           lambda: patched("peek_targets", peeks_under_cubes("loupe-analytique"))),
    Mutant("oreillettes-any-tile", "OMBRES.ID.OREILLETTES",
           lambda: patched("peek_targets", peeks_under_cubes("oreillettes"))),
    Mutant("stylo-rerolls-a-reroll", "OMBRES.ID.STYLO", lambda: patched("check_reroll", stylo_rerolls_a_reroll)),
    Mutant("chronogyre-tile-goes-down", "OMBRES.ID.CHRONOGYRE", lambda: patched("do_clue", chronogyre_tile_goes_down)),
    Mutant("archeoscript-one-turn", "OMBRES.ID.ARCHEOSCRIPT", lambda: patched("do_turn", archeoscript_one_turn)),
    # the reshuffle of the three piles
    Mutant("reshuffle-drops-a-card", "OMBRES.ID.DRAW", lambda: patched("reshuffled", reshuffle_drops_a_card)),
    Mutant("reshuffle-keeps-the-discard", "OMBRES.TRAP.PILE",
           lambda: patched("reshuffled", reshuffle_keeps_the_discard)),
    Mutant("reshuffle-unshuffled", "OMBRES.CHANCE", lambda: patched("reshuffled", reshuffle_unshuffled)),
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
    """The model-based machine's end-clause games and drawn games, then random play with the invariants, from
    a deal and from short piles (every pile reshuffled)."""
    model_machine.play_end_games()
    model_machine.run(12)
    run_state_machine_as_test(Play, settings=settings(
        max_examples=30, stateful_step_count=150, derandomize=True, deadline=None, database=None,
        phases=(Phase.generate,), suppress_health_check=list(HealthCheck)))
    run_state_machine_as_test(ShortPiles, settings=SHORT_RUNS)


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
