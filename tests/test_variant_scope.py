"""Variants x rulesets: every pair the oracle accepts changes an answer, and every other pair is refused.

Rule VARIANT.SCOPE.  For each ruleset a position may name and each variant
it accepts (`oracle.games.ttykm.rules.variants.variant_scope`), `WITNESSES`
holds a position where the variant changes the answer: the legal turns and
the positions they lead to, or the events of a turn (``start``: the start
position itself, for a variant of the setup).  Most are worked examples of
spec/ttykm/, with the objects of the ruleset's other chapters added where
nothing stands; the rest were found by seeded play in that ruleset.  A
variant that needs another to change anything (``rebound-blocked=illegal``
in Influence alone, ``self-push-pull=none``) is checked with that one in
play on both sides.  Every pair not accepted is refused by the command line
(exit status 2, one line naming the ruleset) and by the protocol
(``bad_variant``).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from oracle.games.ttykm.notation import event_text, format_position, format_turn, parse_position, parse_turn
from oracle.games.ttykm.perft import perft
from oracle.games.ttykm.rules.standard import apply_turn, explain, start_position, successors
from oracle.games.ttykm.rules.variants import RULESETS, ruleset_name, variant_scope
from oracle.games.ttykm.ruleset import VARIANTS, Ruleset
from oracle.games.ttykm.state import Position
from oracle.tools.cli.main import main
from oracle.tools.protocol import handle

RULESET_NAMES = [ruleset_name(r) for r in RULESETS]
PLAYED = [r for r in RULESET_NAMES if r != "convergence"]

# (variant, ruleset, the other variant in play on both sides or ""): the witness position.
WITNESSES: dict[tuple[str, str, str], str] = {
    ("copy-choice=free", "growth", ""):
        "sb2/4/w3/ww2|h(bs)bb/4/(ws)s1b/ww2|ths1/3b/hh2/2w1"
        " turn=w focus=past,present supply=0,1 removed=0,0 rules=growth seeds=0",
    ("growth-onto-copy=kill", "growth", ""):
        "3b/4/4/1w2|3b/4/4/w3|3b/4/1b2/w3"
        " turn=w focus=past,future supply=4,3 removed=0,0 rules=growth seeds=5",
    ("plant-under-adjacent-copy=forbidden", "growth", ""):
        "3b/2b1/2(ws)1/4|3b/4/2h1/w3|3b/4/2t1/w3"
        " turn=w focus=past,future supply=4,3 removed=0,0 rules=growth seeds=4",
    ("self-push=ends", "growth", ""):
        "3b/4/4/w3|3b/4/w3/w3|3b/4/4/w3"
        " turn=w focus=present,future supply=3,4 removed=0,0 rules=growth seeds=5",
    ("self-push=paradox", "growth", ""):
        "3b/4/4/w3|3b/4/1w2/w3|3b/4/4/w3"
        " turn=w focus=present,future supply=3,4 removed=0,0 rules=growth seeds=5",
    ("self-push=whole-turn", "growth", ""):
        "3b/4/4/w3|3b/1w2/1w2/w3|3b/4/4/w3"
        " turn=w focus=present,future supply=2,4 removed=0,0 rules=growth seeds=5",
    ("copy-choice=free", "growth+influence", ""):
        "sb2/4/w3/wwN1|h(bs)bb/4/(ws)s1b/wwN1|ths1/3b/hh2/N1w1"
        " turn=w focus=past,present supply=0,1 removed=0,0 rules=growth+influence seeds=0 built=0,0",
    ("effect-order=global-phases", "growth+influence", ""):
        "N2b/4/1w2/4|N2b/4/2s1/w3|N2b/4/2h1/w3"
        " turn=w focus=past,future supply=4,4 removed=0,0 rules=growth+influence seeds=4 built=0,0",
    ("effect-order=recorded", "growth+influence", ""):
        "3b/4/B(ws)N1/4|B2b/4/Nh2/3w|B2b/4/Nt2/3w"
        " turn=w focus=past,future supply=4,4 removed=0,0 rules=growth+influence seeds=4 built=0,1",
    ("growth-onto-copy=kill", "growth+influence", ""):
        "3b/4/2N1/1w2|3b/4/2N1/w3|3b/4/1bN1/w3"
        " turn=w focus=past,future supply=4,3 removed=0,0 rules=growth+influence seeds=5 built=0,0",
    ("plant-under-adjacent-copy=forbidden", "growth+influence", ""):
        "3b/1Nb1/2(ws)1/4|3b/1N2/2h1/w3|3b/1N2/2t1/w3"
        " turn=w focus=past,future supply=4,3 removed=0,0 rules=growth+influence seeds=4 built=0,0",
    ("pull-with-push=forbidden", "growth+influence", ""):
        "3b/4/N3/w3|3b/4/Nwb1/4|3b/4/N3/w3"
        " turn=w focus=present,future supply=4,3 removed=0,0 rules=growth+influence seeds=5 built=0,0",
    ("pull=automatic", "growth+influence", ""):
        "3b/4/N3/w3|3b/4/Nw2/4|3b/4/N3/w3"
        " turn=w focus=present,future supply=4,4 removed=0,0 rules=growth+influence seeds=5 built=0,0",
    ("pull=sideways", "growth+influence", ""):
        "3b/4/N3/w3|3b/1N2/1w2/4|3b/1N2/4/w3"
        " turn=w focus=present,future supply=4,4 removed=0,0 rules=growth+influence seeds=5 built=0,0",
    ("rebound-blocked=illegal", "growth+influence", ""):
        "N2b/4/1w2/4|3b/4/1hNB/w3|3b/4/2N1/w3"
        " turn=w focus=past,future supply=4,4 removed=0,0 rules=growth+influence seeds=5 built=0,1",
    ("seed-removal-cascade=dig-only", "growth+influence", ""):
        "3b/4/wNs1/4|3b/4/1Nh1/w3|3b/4/1Nt1/w3"
        " turn=w focus=past,future supply=4,4 removed=0,0 rules=growth+influence seeds=4 built=0,0",
    ("self-push-pull=none", "growth+influence", "self-push=ends"):
        "3b/4/2N1/w3|3b/1w2/1wN1/w3|3b/4/2N1/w3"
        " turn=w focus=present,future supply=2,4 removed=0,0 rules=growth+influence seeds=5 built=0,0",
    ("self-push=ends", "growth+influence", ""):
        "3b/4/2N1/w3|3b/4/w1N1/w3|3b/4/2N1/w3"
        " turn=w focus=present,future supply=3,4 removed=0,0 rules=growth+influence seeds=5 built=0,0",
    ("self-push=paradox", "growth+influence", ""):
        "3b/4/2N1/w3|3b/4/1wN1/w3|3b/4/2N1/w3"
        " turn=w focus=present,future supply=3,4 removed=0,0 rules=growth+influence seeds=5 built=0,0",
    ("self-push=whole-turn", "growth+influence", ""):
        "3b/4/2N1/w3|3b/1w2/1wN1/w3|3b/4/2N1/w3"
        " turn=w focus=present,future supply=2,4 removed=0,0 rules=growth+influence seeds=5 built=0,0",
    ("statue-build=move-copy", "growth+influence", ""):
        "N2b/4/1w2/4|3b/4/2NB/w3|N2b/4/2b1/w3"
        " turn=w focus=past,future supply=4,3 removed=0,0 rules=growth+influence seeds=5 built=0,1",
    ("statue-build=skip-occupied", "growth+influence", ""):
        "N2b/4/1w2/4|N2b/4/2b1/w3|3b/4/2NB/w3"
        " turn=w focus=past,future supply=4,3 removed=0,0 rules=growth+influence seeds=5 built=0,1",
    ("statue-build=v2023", "growth+influence", ""):
        "3b/4/2N1/w3|3b/4/wNh1/4|3b/4/2N1/w3"
        " turn=w focus=present,future supply=4,4 removed=0,0 rules=growth+influence seeds=5 built=0,0",
    ("command-needs-adjacency", "growth+memory", ""):
        "l2b/4/4/w2d|l2b/2(dw)1/4/w3|l2b/4/4/w2d"
        " turn=w focus=present,future supply=4,4 removed=0,0 rules=growth+memory seeds=5",
    ("copy-choice=free", "growth+memory", ""):
        "l1b1/w3/1s2/s2d|l1bb/3b/wh(ws)1/s1s(dw)|1l1b/2b1/w1>1/2h(dw)"
        " turn=b focus=future,present supply=3,0 removed=0,1 rules=growth+memory seeds=0",
    ("elephant-moves-propagate", "growth+memory", ""):
        "l2b/4/4/w2(dw)|l2b/4/3b/w2(dw)|l2b/4/4/w2(dw)"
        " turn=w focus=past,future supply=4,3 removed=0,0 rules=growth+memory seeds=5",
    ("elephants=swapped", "growth+memory", ""):
        "start",
    ("growth-onto-copy=kill", "growth+memory", ""):
        "l2b/4/4/1w1d|l2b/4/4/w2d|l2b/4/1b2/w2d"
        " turn=w focus=past,future supply=4,3 removed=0,0 rules=growth+memory seeds=5",
    ("plant-under-adjacent-copy=forbidden", "growth+memory", ""):
        "l2b/2b1/2(ws)1/3d|l2b/4/2h1/w2d|l2b/4/2t1/w2d"
        " turn=w focus=past,future supply=4,3 removed=0,0 rules=growth+memory seeds=4",
    ("seed-removal-cascade=dig-only", "growth+memory", ""):
        "l2b/4/2s1/w2d|l2b/4/2h1/1w(dw)1|l2b/4/2t1/w2(dw)"
        " turn=w focus=present,future supply=4,4 removed=0,0 rules=growth+memory seeds=4",
    ("self-push=ends", "growth+memory", ""):
        "l2b/4/4/w2d|l2b/4/w3/w2d|l2b/4/4/w2d"
        " turn=w focus=present,future supply=3,4 removed=0,0 rules=growth+memory seeds=5",
    ("self-push=paradox", "growth+memory", ""):
        "l2b/4/4/w2d|l2b/4/1w2/w2d|l2b/4/4/w2d"
        " turn=w focus=present,future supply=3,4 removed=0,0 rules=growth+memory seeds=5",
    ("self-push=whole-turn", "growth+memory", ""):
        "l2b/4/4/w2d|l2b/1w2/1w2/w2d|l2b/4/4/w2d"
        " turn=w focus=present,future supply=2,4 removed=0,0 rules=growth+memory seeds=5",
    ("train-hatted=stays", "growth+memory", ""):
        "l2b/4/4/w2d|l2b/4/4/2w(db)|l2b/4/4/w2d"
        " turn=w focus=present,future supply=4,4 removed=0,0 rules=growth+memory seeds=5",
    ("train-propagation=R2", "growth+memory", ""):
        "l2b/4/4/2wd|l2b/4/4/w2(db)|l2b/4/4/w2(db)"
        " turn=w focus=past,future supply=4,4 removed=0,0 rules=growth+memory seeds=5",
    ("copy-choice=free", "influence", ""):
        "3b/4/2N1/4|4/4/w1N1/ww2|4/b3/wbN1/bwb1"
        " turn=w focus=present,past supply=0,2 removed=2,0 rules=influence built=0,0",
    ("effect-order=recorded", "influence", ""):
        "N2b/4/4/1w2|3b/4/1N2/w3|3b/4/4/wN2"
        " turn=w focus=past,future supply=4,4 removed=0,0 rules=influence built=0,0",
    ("pull-with-push=forbidden", "influence", ""):
        "3b/4/N3/w3|3b/4/Nwb1/4|3b/4/N3/w3"
        " turn=w focus=present,future supply=4,3 removed=0,0 rules=influence built=0,0",
    ("pull=automatic", "influence", ""):
        "3b/4/N3/w3|3b/4/Nw2/4|3b/4/N3/w3"
        " turn=w focus=present,future supply=4,4 removed=0,0 rules=influence built=0,0",
    ("pull=sideways", "influence", ""):
        "3b/4/N3/w3|3b/1N2/1w2/4|3b/1N2/4/w3"
        " turn=w focus=present,future supply=4,4 removed=0,0 rules=influence built=0,0",
    ("rebound-blocked=illegal", "influence", "statue-build=skip-occupied"):
        "3b/4/2N1/w3|3b/4/2N1/w3|3b/4/2N1/w3"
        " turn=w focus=past,future supply=4,4 removed=0,0 rules=influence built=0,0",
    ("self-push-pull=none", "influence", "self-push=ends"):
        "3b/4/2N1/w3|3b/1w2/1wN1/w3|3b/4/2N1/w3"
        " turn=w focus=present,future supply=2,4 removed=0,0 rules=influence built=0,0",
    ("self-push=ends", "influence", ""):
        "3b/4/2N1/w3|3b/4/w1N1/w3|3b/4/2N1/w3"
        " turn=w focus=present,future supply=3,4 removed=0,0 rules=influence built=0,0",
    ("self-push=paradox", "influence", ""):
        "3b/4/2N1/w3|3b/4/1wN1/w3|3b/4/2N1/w3"
        " turn=w focus=present,future supply=3,4 removed=0,0 rules=influence built=0,0",
    ("self-push=whole-turn", "influence", ""):
        "3b/4/2N1/w3|3b/1w2/1wN1/w3|3b/4/2N1/w3"
        " turn=w focus=present,future supply=2,4 removed=0,0 rules=influence built=0,0",
    ("statue-build=move-copy", "influence", ""):
        "N2b/4/1w2/4|3b/4/2NB/w3|N2b/4/2b1/w3"
        " turn=w focus=past,future supply=4,3 removed=0,0 rules=influence built=0,1",
    ("statue-build=skip-occupied", "influence", ""):
        "N2b/4/1w2/4|N2b/4/2b1/w3|3b/4/2NB/w3"
        " turn=w focus=past,future supply=4,3 removed=0,0 rules=influence built=0,1",
    ("statue-build=v2023", "influence", ""):
        "3b/1B2/1N2/1w2|3b/4/B3/N2w|3b/4/2N1/w3"
        " turn=w focus=past,future supply=4,4 removed=0,0 rules=influence built=0,1",
    ("command-needs-adjacency", "influence+memory", ""):
        "l2b/4/2N1/w2d|l2b/2(dw)1/2N1/w3|l2b/4/2N1/w2d"
        " turn=w focus=present,future supply=4,4 removed=0,0 rules=influence+memory built=0,0",
    ("copy-choice=free", "influence+memory", ""):
        "l2b/4/2N1/1b1d|3b/4/lwN1/(dw)ww1|l2b/4/2N1/1b1d"
        " turn=w focus=present,future supply=4,2 removed=0,0 rules=influence+memory built=0,0",
    ("effect-order=recorded", "influence+memory", ""):
        "N2b/4/2l1/1w1d|l2b/4/1N2/w2d|l2b/4/4/wN1d"
        " turn=w focus=past,future supply=4,4 removed=0,0 rules=influence+memory built=0,0",
    ("elephant-moves-propagate", "influence+memory", ""):
        "l2b/4/2N1/w2(dw)|l2b/4/2Nb/w2(dw)|l2b/4/2N1/w2(dw)"
        " turn=w focus=past,future supply=4,3 removed=0,0 rules=influence+memory built=0,0",
    ("elephants=swapped", "influence+memory", ""):
        "start",
    ("pull-with-push=forbidden", "influence+memory", ""):
        "l2b/4/N3/w2d|l2b/4/Nwb1/3d|l2b/4/N3/w2d"
        " turn=w focus=present,future supply=4,3 removed=0,0 rules=influence+memory built=0,0",
    ("pull=automatic", "influence+memory", ""):
        "l2b/4/N(dw)2/w3|l2b/4/N2d/w3|l2b/4/N2d/w3"
        " turn=w focus=past,future supply=4,4 removed=0,0 rules=influence+memory built=0,0",
    ("pull=sideways", "influence+memory", ""):
        "l2b/4/N3/w2d|l2b/1N2/1w2/3d|l2b/1N2/4/w2d"
        " turn=w focus=present,future supply=4,4 removed=0,0 rules=influence+memory built=0,0",
    ("rebound-blocked=illegal", "influence+memory", ""):
        "l2b/4/1w2/N2d|3b/4/1ld1/w2N|l2b/4/2N1/w2d"
        " turn=w focus=past,future supply=4,4 removed=0,0 rules=influence+memory built=0,0",
    ("self-push-pull=none", "influence+memory", "self-push=ends"):
        "l2b/4/2N1/w2d|l2b/1w2/1wN1/w2d|l2b/4/2N1/w2d"
        " turn=w focus=present,future supply=2,4 removed=0,0 rules=influence+memory built=0,0",
    ("self-push=ends", "influence+memory", ""):
        "l2b/4/2N1/w2d|l2b/4/w1N1/w2d|l2b/4/2N1/w2d"
        " turn=w focus=present,future supply=3,4 removed=0,0 rules=influence+memory built=0,0",
    ("self-push=paradox", "influence+memory", ""):
        "l2b/4/2N1/w2d|l2b/4/1wN1/w2d|l2b/4/2N1/w2d"
        " turn=w focus=present,future supply=3,4 removed=0,0 rules=influence+memory built=0,0",
    ("self-push=whole-turn", "influence+memory", ""):
        "l2b/4/2N1/w2d|l2b/1w2/1wN1/w2d|l2b/4/2N1/w2d"
        " turn=w focus=present,future supply=2,4 removed=0,0 rules=influence+memory built=0,0",
    ("statue-build=move-copy", "influence+memory", ""):
        "l2b/4/1wN1/3d|3b/1(lb)2/1bN1/w2d|(lb)2b/1b2/2N1/w2d"
        " turn=w focus=past,future supply=4,2 removed=0,0 rules=influence+memory built=0,0",
    ("statue-build=skip-occupied", "influence+memory", ""):
        "N2b/4/1wl1/3d|N2b/1l2/2b1/w2d|l2b/4/2NB/w2d"
        " turn=w focus=past,future supply=4,3 removed=0,0 rules=influence+memory built=0,1",
    ("statue-build=v2023", "influence+memory", ""):
        "l2b/4/2N1/w2d|l2b/1d2/2N1/1wbw|l2b/4/2N1/w2d"
        " turn=w focus=present,future supply=3,3 removed=0,0 rules=influence+memory built=0,0",
    ("train-hatted=stays", "influence+memory", ""):
        "l2b/4/2N1/w2d|l2b/4/2N1/2w(db)|l2b/4/2N1/w2d"
        " turn=w focus=present,future supply=4,4 removed=0,0 rules=influence+memory built=0,0",
    ("train-propagation=R2", "influence+memory", ""):
        "l2b/4/2N1/2wd|l2b/4/2N1/w2(db)|l2b/4/2N1/w2(db)"
        " turn=w focus=past,future supply=4,4 removed=0,0 rules=influence+memory built=0,0",
    ("command-needs-adjacency", "memory", ""):
        "l2b/4/4/w2d|l2b/2(dw)1/4/w3|l2b/4/4/w2d"
        " turn=w focus=present,future supply=4,4 removed=0,0 rules=memory",
    ("copy-choice=free", "memory", ""):
        "l2b/4/4/1b1d|3b/4/lw2/(dw)ww1|l2b/4/4/1b1d"
        " turn=w focus=present,future supply=4,2 removed=0,0 rules=memory",
    ("elephant-moves-propagate", "memory", ""):
        "l2b/4/4/w2(dw)|l2b/4/3b/w2(dw)|l2b/4/4/w2(dw)"
        " turn=w focus=past,future supply=4,3 removed=0,0 rules=memory",
    ("elephants=swapped", "memory", ""):
        "start",
    ("self-push=ends", "memory", ""):
        "l2b/4/4/w2d|l2b/4/w3/w2d|l2b/4/4/w2d"
        " turn=w focus=present,future supply=3,4 removed=0,0 rules=memory",
    ("self-push=paradox", "memory", ""):
        "l2b/4/4/w2d|l2b/4/1w2/w2d|l2b/4/4/w2d"
        " turn=w focus=present,future supply=3,4 removed=0,0 rules=memory",
    ("self-push=whole-turn", "memory", ""):
        "l2b/4/4/w2d|l2b/1w2/1w2/w2d|l2b/4/4/w2d"
        " turn=w focus=present,future supply=2,4 removed=0,0 rules=memory",
    ("train-hatted=stays", "memory", ""):
        "l2b/4/4/w2d|l2b/4/4/2w(db)|l2b/4/4/w2d"
        " turn=w focus=present,future supply=4,4 removed=0,0 rules=memory",
    ("train-propagation=R2", "memory", ""):
        "l2b/4/4/2wd|l2b/4/4/w2(db)|l2b/4/4/w2(db)"
        " turn=w focus=past,future supply=4,4 removed=0,0 rules=memory",
    ("copy-choice=free", "standard", ""):
        "3b/4/4/4|4/4/w3/ww2|4/b3/wb2/bwb1"
        " turn=w focus=present,past supply=0,2 removed=2,0",
    ("self-push=ends", "standard", ""):
        "3b/4/4/w3|3b/4/w3/w3|3b/4/4/w3"
        " turn=w focus=present,future supply=3,4 removed=0,0",
    ("self-push=paradox", "standard", ""):
        "3b/4/4/w3|3b/4/1w2/w3|3b/4/4/w3"
        " turn=w focus=present,future supply=3,4 removed=0,0",
    ("self-push=whole-turn", "standard", ""):
        "3b/4/4/w3|3b/1w2/1w2/w3|3b/4/4/w3"
        " turn=w focus=present,future supply=2,4 removed=0,0",
}


def modules(ruleset: str) -> frozenset[str]:
    return frozenset() if ruleset == "standard" else frozenset(ruleset.split("+"))


def accepted() -> set[tuple[str, str, str]]:
    """Every (variant, ruleset, partner) the oracle accepts for the rulesets a game is played in."""
    found = set()
    for ruleset in PLAYED:
        for variant, needs in variant_scope(modules(ruleset)).items():
            found.add((variant, ruleset, min(needs) if needs else ""))
    return found


def answer(position: Position, ruleset: Ruleset, events: bool) -> list[tuple[str, ...]]:
    """The legal turns with the positions they lead to, and with ``events`` their events too."""
    found = []
    for turn, after in successors(position, ruleset):
        item: tuple[str, ...] = (format_turn(turn), format_position(after))
        if events:
            item += tuple(event_text(e) for e in apply_turn(position, turn, ruleset).events)
        found.append(item)
    return found


def changes(variant: str, ruleset: str, partner: str, witness: str) -> bool:
    """Whether ``variant`` changes the answer at ``witness`` (with ``partner`` in play on both sides)."""
    base = frozenset({partner} - {""})
    without = Ruleset(variants=base, chapters=modules(ruleset))
    with_it = Ruleset(variants=base | {variant}, chapters=modules(ruleset))
    if witness == "start":
        return start_position(without) != start_position(with_it)
    position = parse_position(witness)
    assert ruleset_name(position.chapters.modules if position.chapters else frozenset()) == ruleset, witness
    return any(answer(position, without, events) != answer(position, with_it, events) for events in (False, True))


def test_the_witnesses_are_exactly_the_accepted_pairs() -> None:
    assert set(WITNESSES) == accepted()
    assert {v for v, _, _ in WITNESSES} == set(VARIANTS), "a variant no ruleset accepts"


@pytest.mark.rule("VARIANT.SCOPE")
@pytest.mark.parametrize(("variant", "ruleset", "partner"), sorted(WITNESSES), ids=lambda x: x or "-")
def test_each_accepted_pair_changes_an_answer(variant: str, ruleset: str, partner: str) -> None:
    assert changes(variant, ruleset, partner, WITNESSES[variant, ruleset, partner])


def test_a_witness_that_does_not_differ_is_caught() -> None:
    standard = "3b/4/4/w3|3b/4/w3/w3|3b/4/4/w3 turn=w focus=present,future supply=3,4 removed=0,0"
    assert changes("self-push=ends", "standard", "", standard)
    assert not changes("copy-choice=free", "standard", "", standard)


def test_convergence_takes_the_variants_that_change_every_pair() -> None:
    taken = set(variant_scope(frozenset({"convergence"})))
    pairs = ("growth+influence", "growth+memory", "influence+memory")
    assert taken == {v for v in VARIANTS if all((v, pair, "") in WITNESSES for pair in pairs)}
    assert taken == {"self-push=paradox", "self-push=ends", "self-push=whole-turn", "copy-choice=free"}


def refused() -> list[tuple[str, str]]:
    """Every (variant, ruleset) the oracle refuses when the variant is named alone."""
    return [(v, r) for r in RULESET_NAMES for v in VARIANTS
            if v not in variant_scope(modules(r)) or variant_scope(modules(r))[v]]


def test_every_other_pair_is_refused_in_one_line_naming_the_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    pairs = refused()
    assert len(pairs) > 60
    for variant, ruleset in pairs:
        code = main(["moves", "--rules", ruleset, "--variant", variant])
        err = capsys.readouterr().err
        assert code == 2 and err.count("\n") == 1, (variant, ruleset, err)
        assert f"the variant {variant} " in err and f"the rules of {ruleset}" in err, err
        start = format_position(start_position(Ruleset(chapters=modules(ruleset))))
        reply = json.loads(handle(json.dumps({"id": 1, "op": "moves", "position": start, "variant": variant})))
        assert reply["ok"] is False and reply["error"]["code"] == "bad_variant", reply
        assert f"the rules of {ruleset}" in reply["error"]["message"]


def test_a_variant_that_needs_another_names_it() -> None:
    with pytest.raises(ValueError, match="the rules of influence only together with statue-build=skip-occupied or"
                                         " statue-build=v2023"):
        start_position(Ruleset.parse("influence+rebound-blocked=illegal"))
    start_position(Ruleset.parse("influence+rebound-blocked=illegal+statue-build=v2023"))


def test_a_position_plays_by_its_own_rules_whatever_rules_the_start_was_asked_for() -> None:
    memory = "l2b/4/4/w2d|l2b/4/4/w2d|l2b/4/4/w2d turn=w focus=past,future supply=4,4 removed=0,0 rules=memory"
    assert main(["moves", memory, "--rules", "influence", "--variant", "pull=automatic"]) == 2


@pytest.mark.rule("VARIANT.SELF-PUSH-ENDS")
@pytest.mark.parametrize("rules", ["", " rules=growth seeds=5"])
def test_self_push_ends_holds_under_the_chapters(rules: str) -> None:
    """The reproduction of the one-tool-stack issue: ignored under rules=growth before."""
    position = parse_position("3b/4/4/w3|3b/4/w3/w3|3b/4/4/w3 turn=w focus=present,future supply=3,4 removed=0,0"
                              + rules)
    turn = parse_turn("a1 N >past")
    assert explain(position, turn, Ruleset.parse("self-push=ends")).is_legal
    assert not explain(position, turn, Ruleset()).is_legal


def counted(ruleset: Ruleset, depth: int) -> int:
    """Perft from the start of ``ruleset``, by the plain rules, each position's turns listed once per position."""
    level = Counter([start_position(ruleset)])
    for _ in range(depth - 1):
        nxt: Counter[Position] = Counter()
        for position, n in level.items():
            for _, after in successors(position, ruleset):
                nxt[after] += n
        level = nxt
    return sum(n * len(successors(position, ruleset)) for position, n in level.items())


@pytest.mark.rule("VARIANT.SELF-PUSH-WHOLE-TURN")
def test_whole_turn_counts_the_java_growth_perft_to_depth_two() -> None:
    ruleset = Ruleset.parse("growth+self-push=whole-turn")
    assert [perft(start_position(ruleset), d, ruleset) for d in (1, 2)] == [62, 3844]


@pytest.mark.slow  # some 10 s: two perft(3) by the plain rules
def test_whole_turn_counts_the_java_growth_and_the_rl_perft_at_depth_three() -> None:
    assert counted(Ruleset.parse("growth+self-push=whole-turn"), 3) == 229_512
    assert counted(Ruleset.parse("growth+self-push=whole-turn+plant-under-adjacent-copy=forbidden"), 3) == 223_064
