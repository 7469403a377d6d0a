"""A count and its noun agree, in English and in French, in every message of every game: one rule
(``oracle/words.py``), and no message that puts a bare count before a plural noun."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from oracle.errors import NotationError
from oracle.games import load_game
from oracle.games.time_chase import notation as time_chase_notation
from oracle.games.time_chase.pictures import state_text as time_chase_text
from oracle.games.trois_ombres.pictures.text import state_text as trois_ombres_text
from oracle.games.trois_ombres.views import view_of
from oracle.words import agreeing, compte, counted
from tests.conftest import ROOT


def test_english_takes_the_singular_for_one_and_french_below_two() -> None:
    assert [counted(n, "crystal") for n in (0, 1, 2)] == ["0 crystals", "1 crystal", "2 crystals"]
    assert [counted(n, "copy") for n in (1, 7)] == ["1 copy", "7 copies"]
    assert counted(1, "ply") == "1 ply" and counted(100, "ply") == "100 plies"
    assert [compte(n, "cristal") for n in (0, 1, 2)] == ["0 cristal", "1 cristal", "2 cristaux"]
    assert compte(3, "tuile jamais vue", "tuiles jamais vues") == "3 tuiles jamais vues"
    assert compte(5, "choix") == "5 choix"
    assert [agreeing(n, "is", "are") for n in (0, 1, 2)] == ["are", "is", "are"]


# The plural nouns a message counts, in both languages.
NOUNS = frozenset({
    "crystals", "cards", "tiles", "events", "copies", "seeds", "clues", "suspects", "actions", "divergences",
    "files", "players", "plies", "hours", "cubes", "traps", "turns", "rounds", "outcomes", "choices", "causes",
    "rules", "places", "entries", "arguments", "lines", "tuiles", "cartes", "heures", "indices", "cristaux",
    "joueurs", "tours", "cases", "graines",
})
# Counts that are never one, each for its reason: constants of the games and the limits; a game's
# players (2 at least, checked before any message names them); piles dealt and lists per player.
NEVER_ONE = {
    "SEEDS", "MAX_SEEDS", "SMALL_PLAYERS", "MAX_PERFT_NODES_ASKED", "state.players", "players", "n",
    "len(words)", "len(fold)", "4 * setup.slots", "4 * setup.characters - 1", "len(action.args) - 1", "total",
    "self.nodes", "low", "high",
}


def bare_counts(root: Path) -> list[str]:
    """Every f-string of the package that writes ``{count} nouns`` with a count that may be one."""
    found = []
    for path in sorted((root / "oracle").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for value, after in zip(node.values, node.values[1:], strict=False):
                if not (isinstance(value, ast.FormattedValue) and isinstance(after, ast.Constant)):
                    continue
                noun = re.match(r" (\w+)\b(?!=)", str(after.value))  # not a field name, such as traps=
                count = ast.unparse(value.value)
                is_word = count.endswith(".word")  # a name, such as "white copies", not a count
                if noun and noun[1] in NOUNS and count not in NEVER_ONE and not is_word:
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {{{count}}} {noun[1]}")
    return found


def test_no_message_puts_a_bare_count_before_a_plural_noun() -> None:
    assert bare_counts(ROOT) == []


def test_the_scan_sees_a_bare_count(tmp_path: Path) -> None:
    (tmp_path / "oracle").mkdir()
    (tmp_path / "oracle" / "message.py").write_text('def text(held: int) -> str:\n'
                                                   '    return f"holds {held} crystals"\n', encoding="utf-8")
    assert bare_counts(tmp_path) == ["oracle/message.py:2: {held} crystals"]


TIME_CHASE = load_game("time-chase")
ONE_CRYSTAL = time_chase_notation.parse_state(
    "players=4 round=1 phase=bid first=2 ref=2 invariant=R8 unused=B5,G7,G12,P10 "
    "hands=B6,B7,B10,B11,B12,G8,G11,Y9,P11,P12|R5,R13,B8,G6,G9,G13,P5,P6,P8,P13|"
    "R6,R12,B13,G5,Y5,Y6,Y7,Y8,Y13,P7|R7,R9,R10,R11,B9,G10,Y10,Y11,Y12,P9 "
    "crystals=1,2,0,0 pawns=1,1,1,1 timeline=-")


def test_time_chase_says_one_crystal() -> None:
    lines = time_chase_text(ONE_CRYSTAL).splitlines()
    assert "p0: 1 crystal, hand B6 B7 B10 B11 B12 G8 G11 Y9 P11 P12" in lines
    assert any(line.startswith("p1: 2 crystals,") for line in lines)
    # In French (oracle --lang fr), by the French rule: 1 cristal, 2 cristaux, with its space before ":".
    french = time_chase_text(ONE_CRYSTAL, "fr").splitlines()
    assert french[0] == "Contre-Temps, 4 joueurs, manche 1 sur 10 : les mises"
    assert "p0 : 1 cristal, main B6 B7 B10 B11 B12 V8 V11 J9 Vi11 Vi12" in french  # the French labels
    assert any(line.startswith("p1 : 2 cristaux,") for line in french)
    assert "  0  constante R8       atout Rouge    pions : -" in french
    rules = TIME_CHASE.parse_rules(None, None)
    verdict = TIME_CHASE.explain(ONE_CRYSTAL, TIME_CHASE.parse_action("bids 2,0,0,0"), rules)
    assert str(verdict) == "illegal: TC.BID: p0 bids 2 but holds 1 crystal"


def test_trois_ombres_counts_its_unseen_tiles_in_both_languages() -> None:
    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    state = game.initial_state(rules)
    actions = game.seeded_actions(rules, 7)
    assert actions is not None
    for action in actions:
        state = game.apply(state, action, rules).state
    view = view_of(state, 0)
    assert len(view.unseen) > 1
    one = dataclasses.replace(view, unseen=view.unseen[:1])
    assert "; 1 tile unseen" in trois_ombres_text(one, "en")
    assert "; 1 tuile jamais vue" in trois_ombres_text(one, "fr")
    assert f"; {len(view.unseen)} tuiles jamais vues" in trois_ombres_text(view, "fr")
    # The step is named in the sentence's language: "étape tour", never the notation's English "turn".
    dealt = game.apply(game.initial_state(rules), actions[0], rules).state
    assert "; step turn" in trois_ombres_text(dealt, "en") and "; étape tour" in trois_ombres_text(dealt, "fr")


@pytest.mark.parametrize(("text", "said"), [
    ("reveal", "'reveal' takes 1 argument:"), ("roll x", "'roll' takes no argument"),
    ("peek a", "'peek' takes 2 to 3 arguments")])
def test_a_3_ombres_action_s_arguments_are_counted(text: str, said: str) -> None:
    with pytest.raises(NotationError, match=re.escape(said)):
        load_game("trois-ombres").parse_action(text)
