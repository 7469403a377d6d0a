"""The site's two editions, English and French, and each page's game.

The French edition lives under ``docs/fr/`` and is built in the same run as the
English one: one build, one search index, one bundle of the playground.  A page
is French when its source is under ``fr/``.  Every page gets:

- its language: ``<html lang="fr">`` and the theme's own words in French on a
  French page (`page_language`);
- a switch to the same page in the other edition, or to that edition's home
  page when the page has no counterpart (`counterpart`);
- a header naming its game (`site_name`), so a Time Chase page says Time Chase;
- a navigation of its own edition only, and on a game's page that game's
  sections only (`game_sections`).

The worked examples of a French page are checked by the oracle like any
other; their pictures' words are put in French by `oracle.tools.site.french`.
"""

from __future__ import annotations

FRENCH = "fr"
PREFIX = FRENCH + "/"
LANGUAGES = {"en": "English", FRENCH: "Français"}
FRENCH_SECTION = "Français"
"""The nav entry that holds the French edition (the hook hides it from English pages)."""

GAME_NAMES = {
    "en": {"ttykm": "That Time You Killed Me", "time-chase": "Time Chase", "trois-ombres": "L'heure des 3 ombres"},
    FRENCH: {"ttykm": "Demain tu m'as tué", "time-chase": "Contre-Temps", "trois-ombres": "L'heure des 3 ombres"},
}
SHORT_NAMES = {
    "en": {"ttykm": "TTYKM", "time-chase": "Time Chase", "trois-ombres": "3 ombres"},
    FRENCH: {"ttykm": "Demain tu m'as tué", "time-chase": "Contre-Temps", "trois-ombres": "3 ombres"},
}
"""Each game's name where a phone's header has room for a few words only (`short_name`)."""
LESSON_TITLE = {"en": "{game}: learn to play", FRENCH: "{game} : apprendre à jouer"}
"""The title of a card game's lesson (``docs/<game>/index.md``), the game's name first, as a phone's header
shows it when the page is scrolled."""
ON_THIS_PAGE = {"en": "**On this page:**", FRENCH: "**Sur cette page :**"}
"""What opens the list of a lesson's parts near its top (a phone hides the theme's table of contents)."""
REFERENCE = {"en": "rules reference", FRENCH: "référence des règles"}
HOME_NAME = {"en": "Rules oracle: three games", FRENCH: "Oracle des règles : trois jeux"}


def page_language(src: str) -> str:
    """``fr`` for a page of the French edition (``fr/...``), ``en`` otherwise."""
    return FRENCH if src.startswith(PREFIX) else "en"


def english_source(src: str) -> str:
    """The English page a French page translates (``fr/ttykm/learn/03-a-turn.md`` -> ``ttykm/...``)."""
    return src.removeprefix(PREFIX)


LESSON_OF_RULES = {"turn": "03-a-turn", "actions": "04-moving-and-pushing", "focus-and-win": "07-the-focus",
                   "board": "02-setup", "position": "02-setup", "growth": "12-growth", "influence": "13-influence",
                   "memory": "14-memory", "convergence": "15-convergence", "chapters": "12-growth"}
"""The TTYKM lesson that teaches what a rules page states (its French edition stands in for the page)."""


FRENCH_RULES, FRENCH_RULINGS = "regles.md", "decisions.md"
"""A game's rules and its rulings in French (``fr/<game>/regles.md``, ``fr/<game>/decisions.md``,
`oracle.tools.site.french_rules`): each is the French edition of its game's English rules or rulings pages."""


def rules_counterpart(src: str, sources: set[str]) -> str | None:
    """The other edition of a game's rules or rulings: a French rules page's English overview
    (``rules/<game>/index.md``), a French rulings page's English rulings (``rules/<game>/rulings.md``); an
    English rules page's French rules page, an English rulings or sources page's French rulings page; None
    when ``src`` is none of these or its other edition is not among ``sources``."""
    game = page_game(src, list(GAME_NAMES["en"]))
    if game is None:
        return None
    parts = english_source(src).split("/")
    if page_language(src) == FRENCH:
        english = {FRENCH_RULES: f"rules/{game}/index.md", FRENCH_RULINGS: f"rules/{game}/rulings.md"}
        found = english.get(parts[-1]) if len(parts) == 2 else None
    elif parts[0] == "rules" or parts[0].startswith("rulings-"):
        rulings = parts[-1].startswith("rulings")
        found = f"{PREFIX}{game}/{FRENCH_RULINGS if rulings else FRENCH_RULES}"
    else:
        found = None
    return found if found in sources else None


def counterpart(src: str, sources: set[str]) -> str:
    """The page of the other edition the language switch leads to: the same page when it exists, else a
    game's rules or rulings in the other language (`rules_counterpart`), else a page on the same subject (a
    rules page's lesson, its game's page), else that edition's home page."""
    if (rules := rules_counterpart(src, sources)) is not None:
        return rules
    if page_language(src) == FRENCH:
        other = english_source(src)
        return other if other in sources else "index.md"
    parts = src.removesuffix(".md").split("/")
    game = page_game(src, list(GAME_NAMES["en"]))
    nearest = [PREFIX + src]
    if game == "ttykm":
        lesson = LESSON_OF_RULES.get(parts[-1]) if parts[0] == "rules" else None
        nearest += [f"{PREFIX}ttykm/learn/{lesson}.md"] if lesson else []
        nearest += [f"{PREFIX}ttykm/learn/01-the-game.md"]
    elif game is not None:
        nearest += [f"{PREFIX}{game}/index.md"]
    return next((page for page in nearest if page in sources), PREFIX + "index.md")


SWITCH_NOTE = {"en": {"nearest": "nearest page, not translated", "home": "home, page not translated"},
               FRENCH: {"nearest": "page voisine, non traduite", "home": "accueil, page non traduite"}}


def switch_label(language: str, src: str, target: str) -> str:
    """The language switch's name for ``language``: the edition's name, and when ``target`` is not this very
    page in that language, a word saying so (``Français (accueil, page non traduite)``)."""
    same = english_source(src) == english_source(target) or target == rules_counterpart(src, {target})
    if same:
        return LANGUAGES[language]
    kind = "home" if target in ("index.md", PREFIX + "index.md") else "nearest"
    return f"{LANGUAGES[language]} ({SWITCH_NOTE[language][kind]})"


def page_game(src: str, games: list[str]) -> str | None:
    """The game a page belongs to: ``<game>/...``, ``rules/<game>/...`` or ``rulings-<game>.md``
    (either edition); None for a page of every game (home, playground, reference)."""
    parts = english_source(src).split("/")
    if parts[0] == "rules" and len(parts) > 2:
        return parts[1] if parts[1] in games else None
    if parts[0].startswith("rulings-"):  # a game's sources page, rulings-<game>.md, rulings-ttykm-chapters.md
        name = parts[0].removeprefix("rulings-").removesuffix(".md")
        return next((game for game in games if name == game or name.startswith(game + "-")), None)
    return parts[0] if parts[0] in games and len(parts) > 1 else None


def site_name(src: str, games: list[str]) -> str:
    """What the header says on this page: its game's name, or the site's for a page of every game."""
    language = page_language(src)
    game = page_game(src, games)
    if game is None:
        return HOME_NAME[language]
    return f"{GAME_NAMES[language][game]} — {REFERENCE[language]}"


def short_name(src: str, games: list[str]) -> str | None:
    """The page's game under its short name (``3 ombres``), which a phone's header shows instead of
    `site_name`; None for a page of every game."""
    game = page_game(src, games)
    return None if game is None else SHORT_NAMES[page_language(src)][game]


__all__ = ["FRENCH", "FRENCH_SECTION", "GAME_NAMES", "LANGUAGES", "LESSON_TITLE", "ON_THIS_PAGE", "PREFIX",
           "SHORT_NAMES", "counterpart", "english_source", "page_game", "page_language", "rules_counterpart",
           "short_name", "site_name", "switch_label"]
