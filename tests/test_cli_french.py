"""``oracle --lang fr`` (and ``ORACLE_LANG=fr``) answers the card games in French: every command kind (the
tour, start, moves, apply, explain, legal, an illegal action) says nothing in English but the notation (states, actions,
Time Chase's events, rule IDs), which stays as written; the French is the pages' and playground's
(`oracle.tools.site.french`).  And 3 Ombres' text picture names each Lieu under its block."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from oracle.games import load_game
from oracle.games.trois_ombres.components import Rules
from oracle.games.trois_ombres.pictures.text import state_text
from oracle.games.trois_ombres.team import play_game
from oracle.tools.cli.main import main

# Words only an English sentence of these commands holds; the notation's own words (play, win, token, at, on,
# from, bids, reveal, roll, turn, die faces) are not among them.
ENGLISH = re.compile(r"\b(the|is|are|and|or|of|made|legal|illegal|crystals?|hand|round|players|holds|choose|write"
                     r"|such as|lists|shows|revealed|does|not|with|there|nobody|view|cannot|must|already|stopped|before"
                     r"|outcomes?|trump|pawns|Invariant|bidding|playing|tiles?|clock|Demon|supply|traps|legend"
                     r"|to play|Time Chase)\b")


def english_left(out: str) -> list[str]:
    """The lines of ``out`` that still speak English, the notation lines (a state, a chance outcome drawn, a
    step's action) set aside."""
    return [line for line in out.splitlines()
            if not re.match(r"(players=|ombres |chance: |\d+\. \S+: )", line) and ENGLISH.search(line)]


def run(capsys: pytest.CaptureFixture[str], game: str, *argv: str, lang: str = "fr") -> tuple[int, str]:
    code = main(["--lang", lang, "--game", game, *argv])
    return code, capsys.readouterr().out


def last_line(out: str) -> str:
    return out.strip().splitlines()[-1]


def commands(capsys: pytest.CaptureFixture[str], game: str, lang: str) -> dict[str, tuple[int, str]]:
    """Each command kind on a dealt game, in ``lang``."""
    start = run(capsys, game, "start", "--seed", "7", lang=lang)
    dealt = last_line(start[1])
    if game == "time-chase":
        playing = last_line(run(capsys, game, "apply", dealt, "bids 0,0,0,0")[1])
        return {"start": start, "tour": run(capsys, game, lang=lang),
                "moves (sealed)": run(capsys, game, "moves", dealt, lang=lang),
                "moves --player": run(capsys, game, "moves", dealt, "--player", "0", lang=lang),
                "apply": run(capsys, game, "apply", dealt, "bids 0,0,0,0", lang=lang),
                "apply several": run(capsys, game, "apply", playing, "R6", "B9", lang=lang),
                "moves": run(capsys, game, "moves", playing, lang=lang),
                "explain": run(capsys, game, "explain", playing, "R6", lang=lang),
                "illegal bid": run(capsys, game, "apply", dealt, "bids 0,1,0,0", lang=lang),
                "illegal card": run(capsys, game, "legal", playing, "R5", lang=lang),
                "stopped": run(capsys, game, "apply", playing, "R6", "R5", lang=lang),
                "show": run(capsys, game, "show", playing, lang=lang),
                # From p1's view p3's card depends on what it cannot see, and is taken as made.
                "depends": run(capsys, game, "apply", last_line(run(capsys, game, "observe", "--player", "1",
                                                                    playing)[1]), "R6", "B6", lang=lang),
                "must follow": run(capsys, game, "legal", last_line(run(capsys, game, "apply", playing, "R6")[1]),
                                   "B9", lang=lang)}
    rolled = last_line(run(capsys, game, "apply", dealt, "roll", "die loupe")[1])
    return {"start": start, "tour": run(capsys, game, lang=lang),
            "moves": run(capsys, game, "moves", dealt, lang=lang),
            "chance": run(capsys, game, "moves", last_line(run(capsys, game, "apply", dealt, "roll")[1]), lang=lang),
            "apply": run(capsys, game, "apply", dealt, "roll", "die loupe", "reveal R1", "reveal R2", lang=lang),
            "explain": run(capsys, game, "explain", rolled, "reveal R1", lang=lang),
            "illegal": run(capsys, game, "explain", dealt, "reveal R1", lang=lang),
            "stopped": run(capsys, game, "apply", rolled, "reveal R5", lang=lang),
            "rare": run(capsys, game, "legal", rolled, "peek allison R1", lang=lang),  # p0 is Lucile
            "observe": run(capsys, game, "observe", "--player", "2", dealt, lang=lang)}


@pytest.mark.parametrize("game", ["time-chase", "trois-ombres"])
def test_every_command_of_a_card_game_speaks_french(capsys: pytest.CaptureFixture[str], game: str) -> None:
    french, english = commands(capsys, game, "fr"), commands(capsys, game, "en")
    for kind, (code, out) in french.items():
        assert english_left(out) == [], (game, kind, english_left(out))
        assert code == english[kind][0], (game, kind)  # the same answer: only its words change
        assert english_left(english[kind][1]), (game, kind, "the check would see English")
    # The notation and rule IDs stay as the oracle writes them.
    assert last_line(french["start"][1]) == last_line(english["start"][1])
    if game == "time-chase":
        assert french["depends"][1].splitlines()[3].endswith(" ; prise comme jouée")
        assert french["must follow"][1].startswith("coup refusé : TC.FOLLOW : p3 doit fournir la couleur de R6 et a R")
        assert " ou R" in french["must follow"][1]
    said = french["illegal bid" if game == "time-chase" else "illegal"][1]
    assert said.startswith("coup refusé : " + ("TC.BID : p1 mise 1 mais n'a que 0 cristal" if game == "time-chase"
                                               else "OMBRES.TURN : lancez d'abord le dé"))


def test_the_french_is_the_one_of_the_pages_and_the_playground(capsys: pytest.CaptureFixture[str]) -> None:
    """The deal's table and an event say what the French playground says ("Manche 1 sur 10", "atout", "R1 est
    dévoilée : 3h"), and ORACLE_LANG=fr alone asks for it."""
    _, out = run(capsys, "time-chase", "start", "--seed", "7")
    assert "Contre-Temps, 4 joueurs, manche 1 sur 10 : les mises" in out and "constante R8       atout Rouge" in out
    _, out = run(capsys, "trois-ombres", "apply", last_line(run(capsys, "trois-ombres", "start", "--seed", "7")[1]),
                 "roll", "die loupe", "reveal R1")
    assert "  le dé montre la Loupe\n" in out and "  R1 est dévoilée : 3h\n" in out


def test_oracle_lang_in_the_environment_asks_for_french(capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORACLE_LANG", "fr")
    assert main(["--game", "time-chase", "start", "--seed", "7"]) == 0
    assert "manche 1 sur 10" in capsys.readouterr().out
    monkeypatch.setenv("ORACLE_LANG", "en")
    assert main(["--game", "time-chase", "start", "--seed", "7"]) == 0
    assert "round 1 of 10" in capsys.readouterr().out


def test_ttykm_and_json_stay_as_they_are(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "legal", "a1 W N >present"]) == 1
    assert capsys.readouterr().out.startswith("illegal: MOVE.WALL: the copy on past a1 cannot move west")
    assert main(["--game", "time-chase", "start", "--seed", "7"]) == 0
    dealt = last_line(capsys.readouterr().out)
    assert main(["--lang", "fr", "--game", "time-chase", "apply", "--json", dealt, "bids 0,1,0,0"]) == 1
    assert '"reason": "p1 bids 1 but holds 0 crystals"' in capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_3_ombres_table_names_each_lieu_under_its_block_and_says_the_layout(lang: str) -> None:
    game = load_game("trois-ombres")
    rules = game.parse_rules(None, None)
    state = game.apply(game.initial_state(rules), game.parse_action(
        "deal 5h R1=3h R3=5n R8=5n R4=4h R2=7n R9=1n R7=3h C5=7h C3=6n C1=7h C9=6h C6=1h C2=4h C4=1n P2=4n P9=2n "
        "P5=5h P1=3n P7=6h P8=2h P4=2h G9=2n G7=1h G8=4n G3=7n G4=3n G5=6n"), rules).state
    lines = state_text(state, lang).splitlines()
    assert lines[3] == "R Réverbère            C Chapeau" and lines[8] == "G Rouage               P Pentacle"
    assert lines[0].startswith("[3h]   [7n]   [5n]")  # R1, R2, R3: Réverbère's first row, above its name
    said = {"en": "the Lieux: R top left, C top right, P bottom right, G bottom left; none turned",
            "fr": "les Lieux : R en haut à gauche, C en haut à droite, P en bas à droite, G en bas à gauche ; aucun"
                  " tourné"}[lang]
    assert said in state_text(state, lang)
    turned = replace(state, layout=("C", "P", "G", "R"), rotation=(1, 0, 2, 0))
    text = state_text(turned, lang)
    assert text.splitlines()[3] == "C Chapeau              P Pentacle"
    assert text.splitlines()[8] == "R Réverbère            G Rouage"
    assert {"en": "R turned 1 quarter turn clockwise, P turned 2 quarter turns clockwise",
            "fr": "R tourné de 1 quart de tour dans le sens horaire, P tourné de 2 quarts de tour dans le sens"
                  " horaire"}[lang] in text


def test_the_end_of_a_game_is_said_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    """``moves`` at the end: how the game ended, in French, its rule ID as written."""
    ombres = load_game("trois-ombres")
    rules = ombres.parse_rules(None, None)
    state = ombres.initial_state(rules)
    for action in play_game(Rules(), 1, 0.0)[1]:
        state = ombres.apply(state, action, rules).state
    _, out = run(capsys, "trois-ombres", "moves", ombres.format_state(state))
    assert out == "la partie est finie : tout le monde gagne : 13 suspects écartés à l'Agence 3ID (OMBRES.WIN)\n"
    over = ("players=4 round=4 phase=over first=1 ref=2 invariant=P12 unused=R13,B11,Y12,P6 "
            "hands=R6,R8,R10,R11,B6,B7,B9|B5,G5,G6,G11,Y5,P11|R12,B13,G13,Y7,P5,P9,P13|R9,B8,B12,G9,P7,P8 "
            "crystals=1,0,4,3 pawns=0,4,2,4 timeline=Y11/Y13:1|G12:1|G7:2|R5/R7:1 spent=7,2,3,4 last=1 winners=1 "
            "end=TC.WIN.THREE")
    _, out = run(capsys, "time-chase", "moves", over)
    assert out == ("la partie est finie : p1 gagne : p1 contrôle trois événements (p1 tient les événements 1, 2, 4)"
                   " (TC.WIN.THREE)\n")
    _, out = run(capsys, "time-chase", "show", over)
    assert out.startswith("Contre-Temps, 4 joueurs, manche 4 sur 10 : partie finie : p1 gagne\n")
    assert english_left(out) == []
