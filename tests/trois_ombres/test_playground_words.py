"""What the playground tells a 3 Ombres player in words: the Horloge face as the rules time it (OMBRES.DIE), a
click on a tile that may not be revealed refused with the oracle's rule, and the key under the table."""

from __future__ import annotations

import re
from pathlib import Path
from random import Random

from oracle.games import load_game
from oracle.games.trois_ombres.pictures.legend import WORDS
from oracle.games.trois_ombres.words import state_note
from oracle.tools.site.playground import in_french, view

GAME = load_game("trois-ombres")
RULES = GAME.parse_rules(None, None)


def dealt(*actions: str) -> str:
    state = GAME.initial_state(RULES)
    state = GAME.apply(state, GAME.sample_chance(state, RULES, Random(7)), RULES).state
    for action in actions:
        state = GAME.apply(state, GAME.parse_action(action), RULES).state
    return GAME.format_state(state)


def test_the_horloge_is_said_as_the_clock_stands_before_and_after_it_takes_effect() -> None:
    """Lucile may reroll: the clock is still at 0 h and will advance at her next action; once she reveals, it
    has advanced (OMBRES.DIE)."""
    waiting = GAME.parse_state(dealt("roll", "die horloge"))
    assert waiting.hour == 0
    note = state_note(waiting)
    assert note is not None
    assert note["en-do"] == ("The die shows the Horloge: reroll it, or click a ringed tile to keep the roll. If "
                             "you keep it, the clock goes to 1 h and you reveal two tiles of your choice.")
    assert note["fr-do"].startswith("Le dé montre l'Horloge : relancez-le, ou cliquez une tuile cerclée pour garder")
    # The way to keep it is there: the reveals are ringed tiles (their buttons leave the row), beside the reroll.
    buttons = [b["pick"] for b in view({"game": "trois-ombres", "state": GAME.format_state(waiting),
                                         "seat": "0"})["buttons"]]
    assert "reroll" in buttons and any(pick.startswith("reveal ") for pick in buttons)
    first = next(loc for loc, _ in waiting.board)
    revealed = GAME.parse_state(dealt("roll", "die horloge", f"reveal {first}"))
    note = state_note(revealed)
    assert revealed.hour == 1 and note is not None
    assert note["en-do"] == "The die shows the Horloge: the clock is at 1 h; reveal one more tile, of your choice."


def test_a_click_on_a_tile_that_may_not_be_revealed_is_explained_and_never_played() -> None:
    state = dealt("roll", "die R")
    tile = next(loc for loc, _ in GAME.parse_state(state).board if loc.startswith("C"))
    answer = view({"game": "trois-ombres", "state": state, "seat": "0", "explain": f"reveal {tile}"})
    assert answer["applied"] is None and answer["state"] == state
    assert answer["verdict"]["rule"] == "OMBRES.REVEAL.DESIGNATED"
    assert answer["verdict"]["reason"] == f"the die shows the Réverbère: reveal a tile of that Lieu first, not {tile}"
    french = in_french(answer)["verdict"]["reason"]
    assert french == f"le dé montre le Réverbère : dévoilez d'abord une tuile de ce Lieu, pas {tile}"
    allowed = next(loc for loc, _ in GAME.parse_state(state).board if loc.startswith("R"))
    answer = view({"game": "trois-ombres", "state": state, "seat": "0", "explain": f"reveal {allowed}"})
    assert answer["verdict"] is None and answer["applied"] is None and answer["state"] == state
    other = view({"game": "trois-ombres", "state": state, "seat": "1", "explain": f"reveal {tile}"})
    assert other["verdict"] is None  # only the seat to act asks


def test_the_table_has_a_key_to_its_marks_in_both_languages() -> None:
    state = dealt("roll", "die R")
    answer = view({"game": "trois-ombres", "state": state, "seat": "umpire"})
    keys = re.findall(r'<g class="item" data-key="([^"]+)">', answer["table"])
    # The marks in sight, then the Agence's count, the suspects' two versions (n, h), what pairs and the clock's
    # red hours; the wide picture's, then the phone's.
    clock = ["agence", "versions", "pair", "hour 3", "hour 6", "hour 12"]
    assert keys == ["face beneath", "empty slot", "ringed", *clock] * 2
    legend = answer["table"].split('<g class="legend"', 1)[1]
    sizes = [float(size) for size in re.findall(r'<text[^>]* font-size="([\d.]+)"', legend)]
    assert sizes and min(sizes) >= 11, sizes  # every word and swatch mark of the key, the Agence's n/N too
    red = re.findall(r'fill="#c00">(\d+)</text>', answer["table"].split("</svg>")[0])
    assert sorted(set(red), key=int) == ["3", "6", "12"]  # each red hour of the dial has its key
    assert ">Agence 3ID: 0/13 cleared</text>" in answer["table"]
    french = in_french(answer)["table"]
    for key in ("face beneath", *clock):
        assert f">{WORDS[key][1]}</text>" in french and f">{WORDS[key][0]}</text>" not in french, key
    assert ">Agence 3ID : 0/13 écartés</text>" in french
    seat = view({"game": "trois-ombres", "state": state, "seat": "0"})
    assert re.findall(r'data-key="([^"]+)"', seat["view"]["picture"])[:2] == ["face down", "empty slot"]


def test_the_key_names_the_ring_exactly_when_the_playground_rings_a_slot() -> None:
    """The playground rings each slot that is the one slot of a button's action (playground.js, tileTargets): the
    key has the ring, in the edition's words, for the seat to act, and not for a seat that only watches, nor
    when the die is yet to be rolled (no action on a slot)."""
    state = dealt("roll", "die R")
    acting = view({"game": "trois-ombres", "state": state, "seat": "0"})
    reveals = [b["pick"] for b in acting["buttons"] if b["pick"].startswith("reveal ")]
    assert reveals and "ringed" in re.findall(r'data-key="([^"]+)"', acting["view"]["picture"])
    assert f">{WORDS['ringed'][1]}</text>" in in_french(acting)["view"]["picture"]
    watching = view({"game": "trois-ombres", "state": state, "seat": "1"})
    assert "ringed" not in re.findall(r'data-key="([^"]+)"', watching["view"]["picture"])
    rolling = view({"game": "trois-ombres", "state": dealt(), "seat": "0"})
    assert "ringed" not in re.findall(r'data-key="([^"]+)"', rolling["view"]["picture"])


def _clue_keys(picture: str) -> list[str]:
    """The clue entries of a picture's key, once each (the wide picture's and the phone's are the same)."""
    return list(dict.fromkeys(k for k in re.findall(r'data-key="([^"]+)"', picture) if "clue" in k))


def _swatch_colour(picture: str, key: str) -> str:
    found = re.search(rf'data-key="{key}"><circle [^>]*fill="(#[0-9a-f]{{6}})"', picture)
    assert found is not None, key
    return found.group(1)


def test_a_player_is_told_the_colour_of_their_clues_by_the_key_and_the_turn_box() -> None:
    """From the deal, a seat's key has the seat's own clue, in the colour the table draws that player's clues; a
    clue of another player, once on the table, is keyed as theirs in its colour; the turn box names the colour of
    the player to act, in both languages."""
    from dataclasses import replace

    from oracle.games.trois_ombres.components import PLAYER_COLOURS

    fresh = view({"game": "trois-ombres", "state": dealt(), "seat": "2"})["view"]["picture"]
    assert _clue_keys(fresh) == ["your clue p2"]
    assert _swatch_colour(fresh, "your clue p2") == PLAYER_COLOURS[2]
    french = in_french(view({"game": "trois-ombres", "state": dealt(), "seat": "2"}))["view"]["picture"]
    assert f">{WORDS['your clue p2'][1]}</text>" in french
    state = GAME.parse_state(dealt())
    clued = {"R2": 0, "C1": 2}
    board = tuple((loc, replace(cell, clue=clued[loc]) if loc in clued else cell) for loc, cell in state.board)
    state = replace(state, board=board, reserve=(3, 4, 3, 4))
    answer = view({"game": "trois-ombres", "state": GAME.format_state(state), "seat": "2"})
    picture = answer["view"]["picture"]
    assert _clue_keys(picture) == ["your clue p2", "clue p0"]
    assert _swatch_colour(picture, "clue p0") == PLAYER_COLOURS[0] != PLAYER_COLOURS[2]
    drawn = set(re.findall(r'<circle cx="[^"]+" cy="[^"]+" r="6" fill="(#[0-9a-f]{6})"', picture.split("legend")[0]))
    assert drawn == {PLAYER_COLOURS[0], PLAYER_COLOURS[2]}
    rolled = view({"game": "trois-ombres", "state": dealt("roll", "die R"), "seat": "0"})
    assert "p0's clues are red: 4 left" in rolled["note"]["en"]
    assert "Les Indices de p0 sont rouges : 4 restants" in rolled["note"]["fr"]


def test_while_the_two_tiles_show_face_up_the_steps_that_turn_them_back_are_not_yet_listed() -> None:
    """The second tile of a mismatch: the page shows both tiles face up (the moment) with the steps up to that
    reveal; turning them back face down (OMBRES.MISMATCH) is listed only once the player turns them back."""
    state = GAME.parse_state(dealt("roll", "die loupe"))
    suspects = [(loc, cell.tile) for loc, cell in state.board if cell.tile[0].isdigit()]
    first, tile = suspects[0]
    second = next(loc for loc, other in suspects if other != tile)
    played = view({"game": "trois-ombres", "state": dealt("roll", "die loupe", f"reveal {first}"), "seat": "0",
                   "action": f"reveal {second}"})["applied"]
    assert played["moment"], "the two tiles are not shown face up"
    shown = [step["text"] for step in played["steps"][:played["moment_steps"]]]
    later = [step["text"] for step in played["steps"][played["moment_steps"]:]]
    assert shown and all("face down" not in text for text in shown), shown
    assert any("face down" in text for text in later), later


# A die face named without its article: "the die shows Pentacle", "le dé montre Pentacle".
BARE_FACE = re.compile(r"\b[Dd]ie shows [A-ZÉ]|\b[Dd]é montre [A-ZÉ]")


def test_every_die_face_is_said_with_its_article_in_both_editions() -> None:
    """The die shows *the* Pentacle (le Pentacle), in the rules' words, the spec, the pages and the refusals."""
    root = Path(__file__).resolve().parents[2]
    found = [f"{path.relative_to(root)}:{n}: {line.strip()}"
             for folder in ("oracle", "spec", "docs") for path in sorted((root / folder).rglob("*"))
             if path.suffix in (".py", ".md", ".js")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if BARE_FACE.search(line.replace("{FACE_FR[face]}", "le X"))]
    assert found == [], "\n".join(found)
    for face in "RCPG":
        state = GAME.parse_state(dealt("roll", f"die {face}"))
        other = next(loc for loc, _ in state.board if not loc.startswith(face))
        reason = GAME.explain(state, GAME.parse_action(f"reveal {other}"), RULES).reason
        assert re.match(r"the die shows the \w", reason) and not BARE_FACE.search(reason), reason


def test_every_chance_step_has_a_button_of_its_own_in_both_languages() -> None:
    """Each kind of step in which chance acts (a view's "show" too) names its button and its status, never the
    generic "Draw at random", and the French edition has each button's French."""
    from oracle.games.trois_ombres.rules.steps import CHANCE_KINDS
    from oracle.games.trois_ombres.words import CHANCE_BUTTONS, STEPS
    from oracle.tools.site.french import CHANCE_BUTTONS as FRENCH

    assert set(CHANCE_KINDS) <= set(CHANCE_BUTTONS)
    assert all(CHANCE_BUTTONS[kind] in FRENCH for kind in CHANCE_KINDS)
    assert all(STEPS[kind][1] and STEPS[kind][2] for kind in CHANCE_KINDS if kind != "deal")


def test_under_paranoia_the_turn_and_its_tiles_say_a_reveal_is_a_secret_look() -> None:
    """While Paranoïa is in force a reveal is a secret look (OMBRES.LIMBES.PARANOIA): the die's words say so
    and each tile's button is a look, in both languages; without it, a reveal is a reveal."""
    from oracle.games.trois_ombres.words import action_words

    text = ("ombres players=4 characters=2 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n "
            "curses=paranoia:1 limbes-deck=silence steps=turn")
    for curse, en, fr in ((True, "you alone see the tiles you reveal", "vous seul voyez les tuiles"), (False, "", "")):
        state = GAME.parse_state(text if curse else text.replace("curses=paranoia:1 ", ""))
        for action in ("roll", "die loupe"):
            state = GAME.apply(state, GAME.parse_action(action), RULES).state
        note = state_note(state)
        assert note is not None and ("Paranoïa" in note["en-do"] and "Paranoïa" in note["fr-do"]) == curse
        assert en in note["en-do"] and fr in note["fr-do"]
        look = {"en": "Look secretly at R1 (Paranoïa)", "fr": "Regarder R1 en secret (Paranoïa)"}
        assert (action_words(state, GAME.parse_action("reveal R1")) == look) == curse


def test_each_maledictions_in_force_is_said_with_what_it_changes_and_confusion_on_the_ability() -> None:
    """Every Malédiction has its effect said in the turn box's list of the cards in force while in force, in both
    languages, once, at the roll as after it; under Confusion the investigator's line says the ability is not to
    be used."""
    from oracle.games.trois_ombres.components import MALEDICTIONS, card_name
    from oracle.games.trois_ombres.words import CURSE_EFFECTS

    assert set(CURSE_EFFECTS) == set(MALEDICTIONS)
    board = "board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n"
    for card in MALEDICTIONS:
        state = GAME.parse_state(f"ombres players=4 characters=2 {board} curses={card}:1 limbes-deck=vortex "
                                 "steps=turn")
        for actions in ((), ("roll", "die loupe")):  # at the roll, and with reveals owed
            for action in actions:
                state = GAME.apply(state, GAME.parse_action(action), RULES).state
            note = state_note(state)
            assert note is not None
            for lang in ("en", "fr"):
                said = [line for line in note[lang].splitlines() if CURSE_EFFECTS[card][lang == "fr"] in line]
                start = ("In force: ", "En vigueur : ")[lang == "fr"]
                assert len(said) == 1 and said[0].startswith(start + card_name(card)), (card, lang, note[lang])
        blocked = (": not while Confusion is in force.", " : pas tant que Confusion est en vigueur.")
        assert note is not None
        assert note["en"].splitlines()[0].endswith(blocked[0]) == (card == "confusion")
        assert note["fr"].splitlines()[0].endswith(blocked[1]) == (card == "confusion")


def test_the_step_that_takes_a_pair_back_names_fausse_piste_its_one_source() -> None:
    """Only Fausse piste takes a pair back from the Agence (OMBRES.LIMBES.FAUSSE-PISTE): its step says so."""
    from oracle.games.trois_ombres.words import STEPS

    assert STEPS["pick-pair"][1].startswith("Fausse piste: ") and STEPS["pick-pair"][2].startswith("Fausse piste : ")


def test_the_clue_step_says_a_hallucination_swap_exactly_when_the_tiles_swapped() -> None:
    """After two tiles that did not pair under Hallucination, the pair swapped places before being turned back
    (OMBRES.LIMBES.HALLUCINATION): what to do at the clue step opens with the swap, in both languages, exactly
    when the action that led there swapped them, over random turns of random tables with the curse in force."""
    from dataclasses import replace

    from oracle.games.trois_ombres.state import Curse

    seen = {True: 0, False: 0}
    swapped: list[tuple[str, ...]] = []
    for seed in range(40):
        rng = Random(seed)
        state = GAME.initial_state(RULES)
        state = GAME.apply(state, GAME.sample_chance(state, RULES, rng), RULES).state
        state = replace(state, curses=(Curse("hallucination", rng.randrange(4), fresh=False),))
        for _ in range(16):
            if GAME.outcome(state) is not None:
                break
            to_act = GAME.to_act(state)
            action = GAME.sample_chance(state, RULES, rng) if to_act.kind == "chance" else \
                rng.choice(list(GAME.legal_actions(state, RULES)))
            before, applied = state, GAME.apply(state, action, RULES)
            state = applied.state
            note = state_note(state)
            if note is None or not state.steps or state.steps[0].kind != "clues":
                continue
            if before.steps and before.steps[0].kind == "clues":  # a clue left: the step says what it said
                assert note["en-do"].startswith("Hallucination: ") == bool(swapped)
                continue
            swapped = [e.args for e in applied.events if e.kind == "swap"]
            said = note["en-do"].startswith("Hallucination: "), note["fr-do"].startswith("Hallucination : ")
            assert said == (bool(swapped), bool(swapped)), (str(action), note["en-do"], swapped)
            if swapped:
                a, b = swapped[0]
                assert note["en-do"].startswith(f"Hallucination: {a} and {b} swapped places. No pair.")
                assert note["fr-do"].startswith(f"Hallucination : {a} et {b} ont échangé leur place. Pas de paire.")
            seen[bool(swapped)] += 1
    assert seen[True] and seen[False], seen  # both were met
