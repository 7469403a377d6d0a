"""What the Time Chase lessons and questions say where the sources are silent, in both editions: who plays first
in round 1 (rulings SU-6: nobody says, the first player is drawn), and how the Invariant changes at position 0
(rulings A1: provisional, with every reading in one line, the named variant among them, and the publisher's
sentence that leaves it open, the one the clause TC.ZERO quotes)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

LESSONS = {"en": ROOT / "docs" / "time-chase", "fr": ROOT / "docs" / "fr" / "time-chase"}
DEAL_SECTION = {"en": "## The cards and the deal", "fr": "## Les cartes et la donne"}
TRUMP_SECTION = {"en": ("index.md", "## Changing the trump"), "fr": ("index.md", "## Changer l'atout")}
QUESTION = {"en": ("questions.md", "## How do I change the Invariant at position 0?"),
            "fr": ("questions.md", "## Comment changer la constante en position 0 ?")}
AGREE = {"en": "agree one reading before play", "fr": "d'une lecture avant de jouer"}
INVARIANT, ZERO = ROOT / "spec" / "time-chase" / "invariant.md", "### TC.ZERO · Changing the Invariant (provisional)"
FIRST_PLAYER = {"en": r"The rules don't\s+say who plays first in round 1: draw the first player at random",
                "fr": r"La règle ne dit pas qui joue en\s+premier à la manche 1 : tirez le premier joueur au sort"}


def _section(page: Path, heading: str) -> str:
    """The text under ``heading`` up to the next heading of its level, its lines joined by single spaces."""
    text = page.read_text(encoding="utf-8")
    start = text.index(heading + "\n")
    end = text.find("\n" + heading.split()[0] + " ", start + len(heading))
    return " ".join(text[start:end if end >= 0 else None].split())


def _open_sentence() -> str:
    """The publisher's sentence the clause TC.ZERO quotes as leaving the mechanism open."""
    clause = _section(INVARIANT, ZERO)
    quoted = re.search(r"« (Pour pouvoir remonter[^»]*) »", clause)
    assert quoted, "TC.ZERO quotes the publisher's sentence in full"
    return quoted[1]


@pytest.mark.parametrize("edition", ["en", "fr"])
def test_the_lesson_says_the_first_player_is_drawn_as_rulings_su_6_decide(edition: str) -> None:
    deal = _section(LESSONS[edition] / "index.md", DEAL_SECTION[edition])
    assert re.search(FIRST_PLAYER[edition], deal), deal
    assert "rulings.md#ruling-tc-su-6" in deal


@pytest.mark.parametrize("edition", ["en", "fr"])
@pytest.mark.parametrize("where", [TRUMP_SECTION, QUESTION], ids=["lesson", "questions"])
def test_the_trump_change_gives_every_reading_and_the_publisher_s_open_sentence(
        edition: str, where: dict[str, tuple[str, str]]) -> None:
    name, heading = where[edition]
    text = _section(LESSONS[edition] / name, heading)
    assert AGREE[edition] in text.lower().replace("**", ""), text
    assert f"« {_open_sentence()} »" in text
    # One line each: the default ruling, the named variant, and the reading the rulings reject.
    readings = re.findall(r" - (.*?)(?= - |$)", text[text.index(f"« {_open_sentence()} »"):])
    assert len(readings) == 3, readings
    assert "TC.ZERO" in readings[0] and "`invariant=rank-paradox`" in readings[1] and "A1 b" in readings[2]


def test_the_clause_tc_zero_says_to_agree_one_reading_and_lists_the_named_variant() -> None:
    clause = _section(INVARIANT, ZERO)
    assert "agree one reading before play" in clause and "TC.VARIANT.RANK-PARADOX (`invariant=rank-paradox`)" in clause
    assert "la carte d'atout" in _open_sentence()
