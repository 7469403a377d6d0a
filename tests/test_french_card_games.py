"""Every sentence the card games' rules write for a player (3 Ombres's events and endings, every refusal reason
of 3 Ombres and Time Chase) has its French (`oracle.tools.site.french`), with no English word left: each is
read from the rules' source, where it is written, so a new sentence without its French fails here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from oracle.tools.site.french import translate_event, translate_field, translate_outcome, translate_reason

ROOT = Path(__file__).resolve().parent.parent
OMBRES = sorted((ROOT / "oracle" / "games" / "trois_ombres").rglob("*.py"))
OMBRES_RULES = [path for path in OMBRES if "pictures" not in path.parts]  # the rules, not the drawings' words
TIME_CHASE = sorted((ROOT / "oracle" / "games" / "time_chase").glob("*.py"))

# Words only an English sentence holds (the notation's own, such as "give none" or "pick SLOT", are not here).
ENGLISH = re.compile(r"\b(the|is|are|or|and|of|not|to|from|with|no|holds|first|must|cannot|there|player|tiles?"
                     r"|clues?|cards?|again|turns?|roll|rolled|wins|loses|everybody|swap|places|discarded|shuffled"
                     r"|clock|lands|goes|back|supply|effect|left|eyes|never|stays|deck|hour|shadows|demon)\b")

# A value for each expression the sentences hold, by its source text.
SAMPLE = {
    "loc": "R1", "first": "R1", "second": "C2", "other": "C2", "target": "C3", "args[0]": "R1",
    "action.args[0]": "R2", "step.args[0]": "vortex", "step.args[1]": "calepin", "step.args[2]": "invertigo",
    "card_name(card)": "Calepin", "card_name(objet)": "Calepin", "card_name(kept)": "Calepin",
    "card_name(other)": "Invertigo", "card_name(curse.card)": "Brume", "tile_words(cell.tile)": "3h",
    "cell.tile": "3h", "tile": "3n", "demon": "3n", "trap_name(cell.tile)": "Vortex", "table.hour": "5",
    "table.current": "1", "nxt": "2", "me": "0", "player": "1", "holder": "3", "p": "2", "cell.clue": "0",
    "LIEU_NAMES[face]": "Rouage", "LIEU_NAMES[lieu]": "Chapeau", "FACE_NAMES[face]": "Loupe",
    "FACE_NAMES[designated]": "Réverbère", "counted(len(targets), 'tile')": "2 tiles",
    "agreeing(len(targets), 'is', 'are')": "are", "', '.join(targets)": "R1, C2", "why": "Horloge face",
    "per_lieu": "R 3, C 2", "action": "die loupe", "kind": "die", "entry": "R9", "limit": "1", "just": "R1, C2",
    "len(targets)": "1", "source": "allison", "investigator(table)": "lucile", "head.args[0]": "p1",
    "state.view": "1", "n": "4", "len(action.hands)": "3", "stay": "stay",
    "len(action.unused) + action.unused_hidden": "2", "action.first": "5", "state.players": "4", "amount": "2",
    "held": "1", "state.round": "1", "action.card.text": "R5", "lead.text": "R6", "card.text": "B7",
    "_cards(allowed)": "R3 or R7", "_cards(named)": "R3 or R7", "SUIT_NAMES[suit]": "Red", "dealt": "9",
    "state.dealt_hand": "10", "loc_lieu(revealed[0])": "C", "', '.join(revealable)": "R1, C2",
    "counted(wanted, 'tile')": "2 tiles", "counted(held, 'crystal')": "1 crystal",
    "counted(state.unused_count, 'card')": "4 cards", "'' if lieu is None else ' of ' + lieu": " of R",
    "counted(cleared, 'suspect')": "13 suspects", "', '.join(shows)": "R1, C2", "'s' if len(shows) == 1 else ''": "",
    "agreeing(cleared, 'is', 'are')": "are",
}


def _text(node: ast.expr, source: str) -> str | None:
    """A sentence of the source with `SAMPLE` values in it; None for one that is no literal (a name)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(part.value) if isinstance(part, ast.Constant)
                       else SAMPLE[str(ast.get_source_segment(source, part.value))]  # type: ignore[attr-defined]
                       for part in node.values)
    if isinstance(node, ast.BinOp):
        left, right = _text(node.left, source), _text(node.right, source)
        return None if left is None or right is None else left + right
    if isinstance(node, ast.IfExp):
        return _text(node.body, source)
    return None


def sentences(paths: list[Path], call: str, at: int, named: str | None = None) -> list[str]:
    """Argument ``at`` of every call to ``call`` in ``paths`` that is a sentence, and every sentence assigned to
    ``named`` (one given to such a call, or a reason)."""
    found = []
    for path in paths:
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            said = None
            func = node.func if isinstance(node, ast.Call) else None
            if isinstance(node, ast.Call) and call in (getattr(func, "id", ""), getattr(func, "attr", "")):
                said = _text(node.args[at], source) if len(node.args) > at else None
            elif named and isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == named:
                said = _text(node.value, source)
            if said is not None:
                found.append(said)
    return found


def test_every_3_ombres_event_and_ending_is_said_in_french() -> None:
    """Each event the rules emit (every kind: the die, the reveals, the cards, the traps, the clock and its
    reasons, the reshuffles) and each way the game ends, as an event and as its outcome."""
    events = sentences(OMBRES_RULES, "emit", 2, "text") + sentences(OMBRES, "end", 3)
    events += sentences(OMBRES, "reshuffled", 4)
    events += sentences(OMBRES_RULES, "Event", 2)  # a view's own (what a tile it cannot see shows)
    events += [f"the clock advances to 5 h ({why})" for why in sentences(OMBRES, "advance_clock", 2)]
    assert len(events) > 60
    left = [(event, translate_event(event)) for event in events
            if translate_event(event) == event or ENGLISH.search(translate_event(event))]
    assert left == []
    assert translate_event("the die is rolled again") == "le dé Enquête est relancé"
    outcomes = sentences([ROOT / "oracle" / "games" / "trois_ombres" / "game.py"], "Outcome", 1, "reason")
    assert len(outcomes) == 4  # a win, the loss at 12 h, and a bluff either way
    assert [reason for reason in outcomes if ENGLISH.search(translate_outcome(reason))] == []


def test_every_card_game_refusal_is_french_throughout() -> None:
    """Each refusal reason of the rules of 3 Ombres and Time Chase; a choice of cards says ``ou``, not ``or``."""
    reasons = sentences(OMBRES + TIME_CHASE, "Illegal", 1)
    assert len(reasons) > 80
    left = [(reason, translate_reason(reason)) for reason in reasons
            if translate_reason(reason) == reason or ENGLISH.search(translate_reason(reason))]
    assert left == []
    assert translate_reason("p1 must follow R6's suit and holds R3 or R7").endswith("et a R3 ou R7")


def test_the_umpire_s_fields_are_named_in_french() -> None:
    """Each field of both card games' whole state, and the keys of its records, as the umpire's table names them."""
    from oracle.games import load_game
    from oracle.tools.site.playground import list_view

    for name in ("trois-ombres", "time-chase"):
        game = load_game(name)
        answer = list_view({"game": name, "seat": "umpire", "picks": ["chance"]})
        for field, value in answer["fields"]:
            french, shown = translate_field(field, value)
            assert french != field or field in ("phase", "paradoxes", "rotation"), field
            keys = [key for entry in (shown if isinstance(shown, list) else []) if isinstance(entry, dict)
                    for key in entry]
            assert not any(ENGLISH.search(key) or key in ("slot", "up", "kept", "cube", "lead", "cross")
                           for key in keys), (field, keys)
        assert len(answer["fields"]) == len(game.state_to_json(game.initial_state(game.parse_rules(None, None))))
