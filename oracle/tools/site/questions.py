"""The questions pages of the card games (docs/<game>/questions.md, in both editions), made short to scroll.

Each question is a ``##`` heading with its short answer, then a worked example.  `fold_questions` lists
the questions at the top of the page, each a link to its answer, folds each example into a
``<details>`` ("Show the worked example"), so that the answers follow one another on a phone, and,
where the examples are played on a cut-down table, says so above the first one, from that example's
own state (`table_note`).  The examples are still checked and drawn by the build as any other.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable

from markdown.extensions.toc import slugify

from oracle.tools.site.examples import Fence, fences
from oracle.tools.site.glossary import CARDS
from oracle.words import compte, counted

QUESTIONS_PAGE = re.compile(r"^(?:fr/)?([\w-]+)/questions\.md$")
FOLD_CLASS = "oracle-example-fold"
SUSPECT = re.compile(r"(?<![\w])(\d+)[nh]\b")  # a suspect tile in the notation (``3h``): its character
WORDS = {
    "en": {"questions": "**The questions:**", "show": "Show the worked example"},
    "fr": {"questions": "**Les questions :**", "show": "Voir l'exemple"},
}


def questions_game(src: str) -> str | None:
    """The game whose questions page ``src`` is (``trois-ombres/questions.md``, ``fr/...``), else None."""
    match = QUESTIONS_PAGE.match(src)
    return match.group(1) if match else None


def fold_questions(markdown: str, game: str, language: str, full_table: Callable[[], str] | None = None) -> str:
    """A questions page with its list of questions at the top, before the first one, each example in a
    ``<details>`` and, for a game whose examples are played on a cut-down table, a note saying so above
    the first example (`table_note`; ``full_table`` gives the full table's state as the oracle deals it)."""
    words = WORDS[language]
    lines = markdown.split("\n")
    examples = [f for f in fences(lines) if f.info == "example"]
    headings = [(n, line[3:].strip()) for n, line in enumerate(lines) if line.startswith("## ")]
    if not headings:
        return markdown
    folded: list[str] = []
    done = 0
    for fence in examples:
        folded += lines[done:fence.start]
        folded += [f'<details class="{FOLD_CLASS}"><summary>{words["show"]}</summary>', "",
                   *lines[fence.start:fence.end + 1], "", "</details>"]
        done = fence.end + 1
    folded += lines[done:]
    first = next(n for n, line in enumerate(folded) if line.startswith("## "))
    listed = [words["questions"], "", *(f"- [{title}](#{slugify(title, '-')})" for _, title in headings), ""]
    note = table_note(game, language, _state(lines, examples[0]) if examples else "", full_table)
    intro = listed + ([note, ""] if note else [])
    return "\n".join(folded[:first] + intro + folded[first:])


def _state(lines: list[str], fence: Fence) -> str:
    """The state an example block starts from (its ``state:`` line)."""
    return next((line.removeprefix("state:").strip() for line in lines[fence.start:fence.end]
                 if line.startswith("state:")), "")


def table_note(game: str, language: str, state: str, full_table: Callable[[], str] | None) -> str | None:
    """What the cut-down table of an example's ``state`` holds, in one line, or None when its table is the
    full one.  3 Ombres: a state that names fewer characters than the full table (``characters=2``) has
    fewer suspects and tiles, and decks that hold only the cards the example draws."""
    fields = _fields(state)
    if game != "trois-ombres" or "characters" not in fields or full_table is None:
        return None
    full = _fields(full_table())
    characters = int(fields["characters"])
    full_characters = len(set(SUSPECT.findall(full["board"] + "," + full["demon"])))
    tiles, full_tiles = len(fields["board"].split(",")), len(full["board"].split(","))
    deck = _deck(fields.get("limbes-deck", ""), language)
    if language == "fr":
        cards = (f" (ici la pioche Limbes du premier : {deck}, d'où la même carte piochée plusieurs fois)"
                 if deck else "")
        return (f"*Les exemples se jouent sur une table réduite* : {characters} personnages au lieu de "
                f"{full_characters} ({compte(2 * characters, 'suspect')}), {compte(tiles, 'tuile')} sur les Lieux "
                f"au lieu de {full_tiles}, "
                f"et des pioches qui ne tiennent que les cartes dont l'exemple a besoin{cards}.  Les règles sont "
                "celles du jeu complet.")
    cards = f" (the first one's Limbes deck: {deck}, hence the same card drawn again)" if deck else ""
    return (f"*The examples use a cut-down table*: {characters} characters instead of {full_characters} "
            f"({counted(2 * characters, 'suspect')}), {counted(tiles, 'tile')} on the Lieux instead of "
            f"{full_tiles}, and decks that hold "
            f"only the cards the example needs{cards}.  The rules are those of the full game.")


def _fields(state: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in state.split() if "=" in part)


def _deck(deck: str, language: str) -> str:
    """A deck in the notation (``amnesie,amnesie,silence``) as the pages name its cards: ``Amnésie ×2, Silence``."""
    counts = Counter(name for name in deck.split(",") if name)
    shown = [_card_name(name) + (f" ×{count}" if count > 1 else "") for name, count in counts.items()]
    return (" et " if language == "fr" else " and ").join([", ".join(shown[:-1]), shown[-1]]) if len(shown) > 1 \
        else "".join(shown)


def _card_name(name: str) -> str:
    """A card's notation name (``temps-accelere``, ``reveil``) as printed on it (``Temps accéléré``)."""
    for card in (card for kind in CARDS.values() for card in kind):
        plain = unicodedata.normalize("NFKD", card.name).encode("ascii", "ignore").decode().lower()
        if name in (re.sub(r"\W+", "-", plain), card.rule.rsplit(".", 1)[-1].lower()):
            return card.name
    return name


__all__ = ["FOLD_CLASS", "fold_questions", "questions_game", "table_note"]
