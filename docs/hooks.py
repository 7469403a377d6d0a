"""Build hooks of the rules site (``hooks:`` in mkdocs.yml).

- The rules pages are made from spec/ at build time (`oracle.tools.site.pages`), and
  the "Rules" entry of the nav becomes one section per game, in the spec's reading
  order: TTYKM's chapter pages in a section of their own, each game's rulings last.
- Each game's rulings (spec/<game>/rulings*.md) are pages with an anchor per ruling,
  and every ruling a page cites links to it (`oracle.tools.site.rulings`); each
  ruling is an entry of the search index, found by its ID.  The rulings and
  sources page lists them, and one page per game (TTYKM's chapters apart) gathers
  every clause's *Source:* and *Alternative:* notes.
- The French edition (docs/fr/) is built in the same run: each page gets its
  language, a switch to the other edition, a header naming its game and a
  navigation of its own edition and game (`oracle.tools.site.editions`); a French
  page's examples are checked as any other, their pictures' words put in French
  (`oracle.tools.site.french`).  A link whose text is a file name shows its page's title.
- A game's rules and rulings in French (docs/fr/<game>/regles.md, decisions.md) are in the French
  navigation of that game, paired with the English pages by the language switch, and every clause or
  ruling link of a French page leads there when they state it (`oracle.tools.site.french_rules`).
- On every page, ```` ```oracle-session ```` blocks get the command line's real
  output and ```` ```example ```` blocks are checked against the oracle and
  drawn by the page's game (`oracle.tools.site.examples`, `Game.worked_examples`).
  An example the oracle does not confirm stops the build with an error naming
  it.  Each example links to the playground, which the build bundles with
  Pyodide (`oracle.tools.site.bundle`): TTYKM's from its drawing, the other
  games' through the common interface (`oracle.tools.site.open_links`).
- The "Learn to play" section of the nav lists each game's pages in
  ``docs/<game>/`` and its ``learn/`` path (file-name order), one section per
  game of the registry; the pages use ```` ```lesson ```` blocks, checked like
  examples and drawn without notation.  Every game of the registry and each of
  its rulesets is in the playground's chooser; a game is played on its board
  by clicking when it offers one (`Game.playable`), and from its list of
  legal actions, each player seeing their own view, otherwise (see
  `oracle.tools.site.playground`).
- Every link to a clause gets the clause's title as a tooltip, every clause
  heading also answers to a lower-case kebab anchor (``#move-push-chain`` as
  well as ``#MOVE.PUSH.CHAIN``), and a docstring's "Rule:" line is a line of its
  own with its IDs linked.
- A card game's questions page (docs/<game>/questions.md, both editions) lists its questions at
  the top and folds each worked example into a ``<details>``, its short answer in view; where the
  examples are played on a cut-down table, a note above the first says what it holds, from that
  example's state (`oracle.tools.site.questions`).
- The "Rulings and sources" section of the nav has one section per game: its rulings pages and its
  sources pages (`rulings_nav`).
- Both editions' glossary pages are made from one table of the three games' terms
  (`oracle.tools.site.glossary`), each in its language.
- A page whose Markdown ran a list into a paragraph (no blank line before it, or nested
  less than 4 spaces deep) stops the build, naming the page (`oracle.tools.site.run_on_lists`).
- After the build, the site's Japanese font is cut to the characters its pages
  use (`oracle.tools.site.fonts`).
- Every page's header links to the source: the project's sdist, built into the
  site (`oracle.tools.site.source`), unless ``repo_url`` names a public repository.
"""

from __future__ import annotations

import copy
import dataclasses
import html
import json
import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Link, Navigation, Section
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from oracle.interface import RuleLink
from oracle.tools.site import editions, french, french_rules
from oracle.tools.site.bundle import MissingPyodide, pyodide_dir, write_bundle
from oracle.tools.site.examples import (
    ExampleMismatch,
    check_page,
    example_anchors,
    page_examples,
    page_game,
    render_box_checklists,
    render_examples,
)
from oracle.tools.site.fonts import LICENSE_ON_SITE, MissingFont, font_source, write_fonts
from oracle.tools.site.glossary import render_glossary
from oracle.tools.site.layout import render_layout_diagram
from oracle.tools.site.open_links import add_open_links
from oracle.tools.site.pages import (
    CHAPTER_FILES,
    SEARCH_BOOST,
    ExampleRef,
    SpecIndex,
    SpecPage,
    example_refs,
    is_rulings,
    link_clause_ids,
    outside_fences,
    read_spec,
    rules_markdown,
    rulings_markdown,
    run_sessions,
    source_parts,
    sources_markdown,
    sources_path,
    spec_index,
    title_links,
)
from oracle.tools.site.questions import fold_questions, questions_game
from oracle.tools.site.rulings import Ruling, game_of, is_rulings_file, link_citations, link_html
from oracle.tools.site.run_on_lists import run_on_lists
from oracle.tools.site.scenarios import Scenarios, link_scenarios, scenarios
from oracle.tools.site.source import TITLE, MissingSource, link_from, write_source

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec"
PLAYGROUND = "playground.md"
RULINGS = "rulings.md"
STRATEGY = "strategy-faq.md"  # TTYKM's questions and strategy
log = logging.getLogger("mkdocs.hooks.ttykm")

_spec: list[SpecPage] = []
_index: list[SpecIndex] = []  # the one SpecIndex of this build
_clause_page: dict[str, str] = {}  # clause ID -> the site page that defines it
_sources: dict[str, tuple[str, str]] = {}  # site page -> (spec file, its text), to name examples by spec line
_clause_title: dict[str, str] = {}  # clause ID -> its title, for the tooltips
_titles: dict[str, str] = {}  # site page -> its title, for links whose text is a file name
_scenarios: dict[str, tuple[Scenarios, str]] = {}  # game -> its rulings' test scenarios, and their site page
_french_clauses: dict[str, str] = {}  # clause ID -> the French rules page that states it (fr/<game>/regles.md)
_french_titles: dict[str, str] = {}  # clause ID -> its French title there, for the French pages' tooltips
_french_rulings: dict[str, dict[str, int]] = {}  # game -> ruling ID -> its entry's line on fr/<game>/decisions.md
_french_summaries: dict[str, dict[str, str]] = {}  # game -> ruling ID -> its entry's words there, for the search


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    try:
        pyodide_dir(ROOT)
        font_source(ROOT)
    except (MissingPyodide, MissingFont) as exc:
        raise PluginError(str(exc)) from None
    _spec[:] = read_spec(SPEC)
    try:
        _index[:] = [spec_index(_spec)]
    except ValueError as exc:
        raise PluginError(f"spec: {exc}") from None
    _clause_page.clear()
    _sources.clear()
    _scenarios.clear()
    for page in _spec:
        if page.name.endswith("/rulings.md") and (found := scenarios(page.text)) is not None:
            _scenarios[page.name.split("/")[0]] = (found, page.site_path)
        _sources[page.site_path] = (f"spec/{page.name}", page.text)
        for clause in page.clauses:
            _clause_page[clause.id] = page.site_path
            _clause_title[clause.id] = clause.title.replace("`", "")
    read_french_rules(Path(config.docs_dir))
    for item in config.nav or []:
        if isinstance(item, dict) and item.get("Rulings and sources") == RULINGS:
            item["Rulings and sources"] = rulings_nav(_spec)
        if isinstance(item, dict) and "Rules" in item:
            item["Rules"] = rules_nav(_spec)
        if isinstance(item, dict) and "Reference" in item:
            # The spec's own files (design, protocol, vectors) under Reference.
            item["Reference"] = [entry(page) for page in _spec if "/" not in page.name] + list(item["Reference"])
        if isinstance(item, dict) and isinstance(item.get("Learn to play"), str):  # a list in mkdocs.yml stands
            item["Learn to play"] = learn_nav(Path(config.docs_dir))
        if isinstance(item, dict) and isinstance(item.get(editions.FRENCH_SECTION), str):
            item[editions.FRENCH_SECTION] = french_nav(Path(config.docs_dir))
    return config


def read_french_rules(docs: Path) -> None:
    """Each game's French rules and rulings pages (`oracle.tools.site.french_rules`): the clauses the first
    states, under their French titles, and the line of each ruling's entry on the second."""
    from oracle.games import GAMES

    _french_clauses.clear()
    _french_titles.clear()
    _french_rulings.clear()
    _french_summaries.clear()
    for game in GAMES:
        rules = docs / french_rules.rules_page(game)
        if rules.is_file():
            for clause_id, title in french_rules.clause_headings(rules.read_text(encoding="utf-8")).items():
                if clause_id in _clause_page:
                    _french_clauses[clause_id] = french_rules.rules_page(game)
                    _french_titles[clause_id] = title.replace("`", "")
        rulings = docs / french_rules.rulings_page(game)
        if rulings.is_file():
            text = rulings.read_text(encoding="utf-8")
            _french_rulings[game] = french_rules.ruling_lines(text, _index[0].rulings.get(game, {}).values())
            _french_summaries[game] = french_rules.ruling_summaries(text, _index[0].rulings.get(game, {}).values())


FRENCH_REFERENCE = (french_rules.RULES_PAGE, french_rules.RULINGS_PAGE)
RULES_SECTION, RULINGS_SECTION = "Règles", "Décisions et sources"


def french_nav(docs: Path) -> list[Any]:
    """The French edition's own navigation (docs/fr/): its home, each game's pages for players
    (as `learn_nav`), TTYKM's questions and strategy, the playground, each game's rules and rulings in
    French where it has them (`page_nav` shows a game's own) and the glossary."""
    from oracle.games import GAMES

    folder = docs / editions.FRENCH
    learn = [{editions.GAME_NAMES[editions.FRENCH].get(name, title): pages}
             for section in learn_nav(folder) for title, pages in section.items()
             for name in [next((n for n in GAMES if pages[0].startswith(n + "/")), "")]]
    for section in learn:
        for title, pages in section.items():
            section[title] = [f"{editions.PREFIX}{page}" for page in pages
                              if page.split("/")[-1] not in FRENCH_REFERENCE or page.count("/") != 1]
    reference: list[Any] = [
        {section: found} for section, page in ((RULES_SECTION, french_rules.rules_page),
                                               (RULINGS_SECTION, french_rules.rulings_page))
        if (found := [page(game) for game in GAMES if (docs / page(game)).is_file()])]
    return [{"Accueil": "fr/index.md"}, {"Apprendre à jouer": learn},
            {"Questions et stratégie": editions.PREFIX + STRATEGY}, {"Terrain de jeu": "fr/playground.md"},
            *reference, {"Glossaire": "fr/glossary.md"}]


def rulings_nav(pages: list[SpecPage]) -> list[Any]:
    """The "Rulings and sources" section: its page ("Overview"), then one section per game (in the spec's reading order)
    with that game's rulings pages and sources pages, each named by its kind and, for TTYKM, its part:
    "Rulings (base game)", "Rulings (chapters)", "Sources (base game)", "Sources (chapters)"."""
    from oracle.games import GAMES, load_game

    entries: dict[str, list[Any]] = {}
    for page in pages:
        if is_rulings(page):
            game = game_of(page.name)
            entries.setdefault(game, []).append({nav_label(page): page.site_path})
    for source in source_parts(pages):
        game = "ttykm" if source == "ttykm-chapters" else source
        entries.setdefault(game, []).append({kind_label("Sources", game, source == "ttykm-chapters"):
                                             sources_path(source)})
    # The landing page is "Overview": under its section's own name the menu would say it twice in a row.
    return [{"Overview": RULINGS}] + [
        {load_game(game).title if game in GAMES else game: found} for game, found in entries.items()]


def kind_label(kind: str, game: str, chapters: bool) -> str:
    """A rulings or sources page's entry in the nav, under its game: "Rulings", or for TTYKM's two parts
    "Rulings (base game)", "Sources (chapters)"."""
    if game != "ttykm":
        return kind
    return f"{kind} (chapters)" if chapters else f"{kind} (base game)"


def nav_label(page: SpecPage) -> str:
    """A spec page's entry in the nav: its title up to the colon (\"A round\", \"Chapter 1, Growth\"),
    "Overview" for a game's README, and "Rulings" for its rulings (`kind_label`)."""
    if page.name.endswith("README.md"):
        return "Overview"
    if is_rulings(page):
        return kind_label("Rulings", game_of(page.name), "chapters" in page.name)
    return re.sub(r"\s*\(informative\)$", "", page.title.replace("*", "").split(": ")[0])


def entry(page: SpecPage) -> dict[str, str]:
    return {nav_label(page): page.site_path}


def rules_nav(pages: list[SpecPage]) -> list[Any]:
    """One section per game (spec/<game>/, in the spec's reading order); TTYKM's chapter pages
    form a section of their own inside it."""
    from oracle.games import GAMES, load_game

    sections: list[Any] = []
    for game in dict.fromkeys(page.name.split("/")[0] for page in pages if "/" in page.name):
        own = [page for page in pages if page.name.startswith(game + "/")]
        entries: list[Any] = [entry(page) for page in own if page.name not in CHAPTER_FILES]
        chapters = [entry(page) for page in own if page.name in CHAPTER_FILES]
        if chapters:
            first_ruling = next((i for i, page in enumerate(p for p in own if p.name not in CHAPTER_FILES)
                                 if "/rulings" in page.name), len(entries))
            entries.insert(first_ruling, {"The chapters": chapters})
        sections.append({load_game(game).title if game in GAMES else game: entries})
    return sections


def learn_nav(docs: Path) -> list[Any]:
    """Each game's pages for players, one section per game of the registry: docs/<game>/index.md
    and the other pages of docs/<game>/, then the learn-to-play path docs/<game>/learn/, each in
    file-name order."""
    from oracle.games import GAMES, load_game

    sections: list[Any] = []
    for name in GAMES:
        folder = docs / name
        found = sorted(folder.glob("*.md"), key=lambda p: (p.name != "index.md", p.name)) if folder.is_dir() else []
        found += sorted((folder / "learn").glob("*.md")) if (folder / "learn").is_dir() else []
        if found:
            sections.append({load_game(name).title: [p.relative_to(docs).as_posix() for p in found]})
    return sections


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    """Each edition's pages follow one another (previous and next) within that edition only."""
    for language in editions.LANGUAGES:
        pages = [page for page in nav.pages if editions.page_language(page.file.src_uri) == language]
        if not pages:
            continue
        for before, page, after in zip([None, *pages[:-1]], pages, [*pages[1:], None], strict=True):
            page.previous_page, page.next_page = before, after
    return nav


FRENCH_RULES_LINK, FRENCH_RULINGS_LINK = "Règles (en anglais)", "Décisions et sources (en anglais)"


def page_nav(nav: Navigation, page: Page) -> Navigation:
    """The navigation a page shows: its edition's only, and on a game's page (its lessons, its rules,
    the sources of its rules) that game's sections only, the other games a click away on the home page."""
    from oracle.games import GAMES, load_game

    src = page.file.src_uri
    french_page = editions.page_language(src) == editions.FRENCH
    french_items = next((item for item in nav.items if item.title == editions.FRENCH_SECTION), None)
    game = editions.page_game(src, list(GAMES))
    if french_page:
        items = french_reference_nav(list(french_items.children or []) if isinstance(french_items, Section)
                                     else [], game)
    else:
        items = [item for item in nav.items if item is not french_items]
    if game is not None:
        names = {load_game(game).title, editions.GAME_NAMES["en"][game], editions.GAME_NAMES[editions.FRENCH][game]}
        others = {name for other in GAMES if other != game for name in
                  (load_game(other).title, editions.GAME_NAMES["en"].get(other), editions.GAME_NAMES["fr"].get(other))}
        items = [_without(item, others - names) for item in items]
        if game != "ttykm":  # the questions and strategy page is TTYKM's alone
            items = [item for item in items if getattr(getattr(item, "file", None), "src_uri", "")
                     not in (STRATEGY, editions.PREFIX + STRATEGY)]
    pages = [p for p in nav.pages if editions.page_language(p.file.src_uri) == editions.page_language(src)]
    shown = Navigation(items, pages)
    shown.homepage = next((p for p in pages if p.file.src_uri in ("index.md", "fr/index.md")), nav.homepage)
    return shown


def french_reference_nav(items: list[Any], game: str | None) -> list[Any]:
    """The French navigation's rules and rulings entries: on a game's page, « Règles » and « Décisions et
    sources » leading to its French pages, or to the English ones, saying so, for a game that has none; on a
    page of every game, a section each listing every game, in French where it can."""
    from oracle.games import GAMES

    found = {item.title: item for item in items if isinstance(item, Section)
             and item.title in (RULES_SECTION, RULINGS_SECTION)}
    kept = [item for item in items if item not in found.values()]
    entries: list[Any] = []
    for title, english_title in ((RULES_SECTION, FRENCH_RULES_LINK), (RULINGS_SECTION, FRENCH_RULINGS_LINK)):
        english = {name: f"rules/{name}/index.md" if title == RULES_SECTION else f"rules/{name}/rulings.md"
                   for name in GAMES}
        pages = {editions.page_game(child.file.src_uri, list(GAMES)): child
                 for child in getattr(found.get(title), "children", []) if getattr(child, "file", None)}
        if game is not None:  # as before the French pages: the game's rules, the rulings and sources of all
            fallback = english[game] if title == RULES_SECTION else RULINGS
            entries.append(Link(title, pages[game].url) if game in pages
                           else Link(english_title, _urls.get(fallback, _urls.get("rules/index.md", ""))))
            continue
        names = editions.GAME_NAMES[editions.FRENCH]
        entries.append(Section(title, [
            Link(names[name], pages[name].url) if name in pages
            else Link(names[name] + french_rules.IN_ENGLISH, _urls.get(english[name], "")) for name in GAMES]))
    return kept[:-1] + entries + kept[-1:]


def _without(item: Any, names: set[str | None]) -> Any:
    """A section of the nav without its entries of other games, those whose title names one ("Time Chase",
    "The sources of Time Chase"); a new Section, so the nav's own stays whole."""

    def other(child: Any) -> bool:
        return any(name and name in (child.title or "") for name in names)

    if not isinstance(item, Section) or not any(other(child) for child in item.children):
        return item
    kept = Section(item.title, [child for child in item.children if not other(child)])
    kept.active = item.active
    return kept


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Navigation) -> dict[str, Any]:
    """The page's language, header, language switch and navigation (`oracle.tools.site.editions`): the
    template gets its own copy of the configuration, so one page's settings never reach another's."""
    from oracle.games import GAMES

    src = page.file.src_uri
    language = editions.page_language(src)
    own = copy.copy(config)
    own["site_name"] = editions.site_name(src, list(GAMES))
    theme = copy.copy(config.theme)
    # The theme's words and <html lang>: the copy gets a settings dict of its own (mkdocs keeps it private).
    vars(theme)["_Theme__vars"] = {**{key: config.theme[key] for key in config.theme}, "language": language}
    own["theme"] = theme
    here = page.file.src_uri
    other = editions.counterpart(here, set(_urls))
    links = {language: here, ("en" if language == editions.FRENCH else editions.FRENCH): other}
    own["extra"] = {**config.extra, "alternate": [
        {"name": editions.switch_label(code, here, links[code]), "lang": code, "link": _urls[links[code]]}
        for code in editions.LANGUAGES]}
    if not config.repo_url:  # no public repository: the header offers the source this site was built from
        own["repo_url"], own["repo_name"] = link_from(page.url), "Source"
    context["config"] = own
    context["nav"] = page_nav(nav, page)
    return context


_urls: dict[str, str] = {}  # every page's source -> its address from the site's root, for the language switch


def on_files(files: Files, config: MkDocsConfig) -> Files:
    refs: list[ExampleRef] = []
    for page in _spec:
        refs.extend(example_refs(page.site_path, page.text))
    _titles.clear()
    _titles.update(_index[0].titles)
    for file in files.documentation_pages():
        text = file.content_string
        # The English rules pages list the worked examples of the English pages (a French page's are its own).
        if "```example" in text and editions.page_language(file.src_uri) != editions.FRENCH:
            refs.extend(example_refs(file.src_uri, text))
        if title := re.search(r"^# (.+?)\s*$", text, re.M):
            _titles[file.src_uri] = title.group(1)
    for page in _spec:
        files.append(File.generated(config, page.site_path, content=rules_markdown(page, refs, index=_index[0])))
    files.append(File.generated(config, RULINGS, content=rulings_markdown(_spec, RULINGS)))
    for part in source_parts(_spec):
        files.append(File.generated(config, sources_path(part), content=sources_markdown(_spec, part)))
    _, licence = font_source(ROOT)
    files.append(File.generated(config, LICENSE_ON_SITE, abs_src_path=str(licence)))
    for path in sorted(SPEC.rglob("*")):
        if path.is_file() and path.suffix != ".md":  # such as the JSON schemas the spec links to
            files.append(File.generated(config, f"rules/{path.relative_to(SPEC).as_posix()}", abs_src_path=str(path)))
    _urls.clear()
    _urls.update((file.src_uri, file.url) for file in files.documentation_pages())
    covered = {rule for ref in refs for rule in ref.rules}
    uncovered = [clause_id for clause_id in _clause_page if clause_id not in covered]
    if uncovered:
        log.info("clauses with no worked example on the site: %s", ", ".join(uncovered))
    return files


def docs_links(markdown: str, src: str) -> str:
    """A page of docs/: links whose text is a file name get the page's title, and the rulings it
    cites (\"rulings K3\") link to them, those of the game whose folder it is in (TTYKM's otherwise)."""
    lines = markdown.split("\n")
    prose = {i for i in outside_fences(lines) if not lines[i].startswith("#")}
    for i in prose:
        lines[i] = title_links(lines[i], src, _titles)
    folder = editions.english_source(src).split("/")[0]
    game = folder if folder in _index[0].rulings else "ttykm"
    rulings, pages = french_citations(game) if editions.page_language(src) == editions.FRENCH else \
        (_index[0].rulings.get(game, {}), _index[0].rulings_pages)
    defined_here = src if src == french_rules.rulings_page(game) else ""
    lines = link_citations(lines, prose, rulings, src, pages, defined_here, is_rulings_page=bool(defined_here))
    return "\n".join(lines)


def french_citations(game: str) -> tuple[dict[str, Ruling], dict[str, str]]:
    """A game's rulings as a French page cites them: those that the game's French rulings page sums up
    there, the others on the English page; and each rulings file's site page."""
    page = french_rules.rulings_page(game)
    lines = _french_rulings.get(game, {})
    rulings = {ruling_id: dataclasses.replace(ruling, file=page, line=lines[ruling_id]) if ruling_id in lines
               else ruling for ruling_id, ruling in _index[0].rulings.get(game, {}).items()}
    return rulings, {**_index[0].rulings_pages, page: page}


def french_reference_page(markdown: str, src: str) -> str:
    """A French page's links to the English rules and rulings led to its game's French pages where those
    have the clause or ruling (`french_rules.redirect_links`); on the French rules page, its clause headings
    anchored and the clause IDs of its prose linked; on the French rulings page, each ruling's entry anchored."""
    from oracle.games import GAMES

    game = editions.page_game(src, list(GAMES))
    if game is None:
        return french_rules.redirect_links(markdown, src, french_target)
    if src == french_rules.rules_page(game):
        markdown = french_rules.anchor_clauses(markdown)
        targets = {**_clause_page, **_french_clauses}
        lines = markdown.split("\n")
        for i in french_rules.prose_lines(markdown):
            lines[i] = link_clause_ids(lines[i], targets, src)
        return "\n".join(lines)
    if src == french_rules.rulings_page(game):
        anchors: dict[int, list[str]] = {}
        for ruling in french_citations(game)[0].values():
            if ruling.file == src:
                anchors.setdefault(ruling.line, []).append(ruling.anchor)
        return french_rules.anchor_rulings(markdown, anchors)
    return french_rules.redirect_links(markdown, src, french_target)


def french_target(page: str, anchor: str) -> str | None:
    """The French page a link to the English ``page#anchor`` leads to instead (`french_reference_page`):
    a clause to the French rules page that states it, a ruling to the French rulings page that sums it up,
    a game's rules overview or rulings page as a whole to its French one, a clause page as a whole to the first
    of its clauses that the French page states; None to keep the English link."""
    from oracle.games import GAMES

    game = editions.page_game(page, list(GAMES))
    if game is None or not page.startswith("rules/"):
        return None
    rules, rulings = french_rules.rules_page(game), french_rules.rulings_page(game)
    if is_rulings_file(page):
        entries = {ruling.anchor for ruling in french_citations(game)[0].values() if ruling.file == rulings}
        return rulings if (game in _french_rulings and not anchor) or anchor in entries else None
    if anchor:
        return rules if _french_clauses.get(anchor) == rules else None
    if page == f"rules/{game}/index.md":
        return rules if rules in _french_clauses.values() else None
    # A clause page as a whole: its first clause in French, if the French page has any of its clauses.
    first = next((clause_id for clause_id, where in _clause_page.items()
                  if where == page and _french_clauses.get(clause_id) == rules), None)
    return None if first is None else f"{rules}#{first}"


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    src = page.file.src_uri
    french_page = editions.page_language(src) == editions.FRENCH

    def link(clause_id: str) -> str | None:
        target = (_french_clauses.get(clause_id) if french_page else None) or _clause_page.get(clause_id)
        target_file = files.get_file_from_path(target) if target is not None else None
        if target_file is None:
            return None
        return get_relative_url(target_file.url, page.file.url) + "#" + clause_id

    try:
        markdown = render_layout_diagram(markdown, SPEC.parent)
        if "```glossary" in markdown:
            markdown = render_glossary(markdown, src, lambda i: (_french_clauses.get(i) if french_page else None)
                                       or _clause_page.get(i))
        if "```oracle-session" in markdown:
            markdown = run_sessions(markdown, "fr" if editions.page_language(src) == editions.FRENCH else "en")
        if (questions := questions_game(src)) is not None:
            markdown = questions_page(markdown, src, questions, link)
        if src in _sources:
            # Check against the spec file itself, so errors give its line numbers.
            spec_path, spec_text = _sources[src]
            problems = check_page(spec_text, spec_path, link)
            if problems:
                raise ExampleMismatch(problems)
        playground_file = files.get_file_from_path(editions.PREFIX + PLAYGROUND if french_page else PLAYGROUND)
        playground = get_relative_url(playground_file.url, page.file.url) if playground_file is not None else None
        if src in (PLAYGROUND, editions.PREFIX + PLAYGROUND):
            markdown = markdown.replace("{{ playground_rules }}", html.escape(json.dumps(_rule_index(link))))
        if src not in _sources:
            markdown = french_reference_page(docs_links(markdown, src), src) if french_page else \
                docs_links(markdown, src)
        path = f"docs/{src}" if src not in _sources else _sources[src][0]
        if "```box-checklist" in markdown:
            markdown = render_box_checklists(markdown, path, "fr" if french_page else "en", playground)
        rendered = render_examples(markdown, path, link, playground)
        rendered = other_game_links(markdown, rendered, path, playground)
        return french.translate_html(rendered) if french_page else rendered
    except (ExampleMismatch, ValueError) as exc:
        raise PluginError(f"{src}: {exc}") from None


def questions_page(markdown: str, src: str, game: str, link: RuleLink) -> str:
    """A card game's questions page made short to scroll (`oracle.tools.site.questions`): checked first, so
    that an example's error names its line in the file, then its questions listed and its examples folded."""
    problems = check_page(markdown, f"docs/{src}", link)
    if problems:
        raise ExampleMismatch(problems)
    language = editions.page_language(src)
    return fold_questions(markdown, game, "fr" if language == editions.FRENCH else "en", lambda: dealt_table(game))


def dealt_table(game: str) -> str:
    """The full table of ``game`` as the oracle deals it (a fixed seed), in its notation."""
    from random import Random

    from oracle.games import load_game

    found = load_game(game)
    rules = found.parse_rules(None, None)
    state = found.initial_state(rules)
    state = found.apply(state, found.sample_chance(state, rules, Random(0)), rules).state
    return found.format_state(state)


def other_game_links(markdown: str, rendered: str, path: str, playground: str | None) -> str:
    """The examples of a game other than TTYKM, each with its "Open in the playground" link."""
    from oracle.games import DEFAULT_GAME

    game = page_game(path)
    if game == DEFAULT_GAME or playground is None:  # TTYKM's examples draw their own (oracle.games.ttykm.site)
        return rendered
    found = page_examples(markdown, path)
    anchors = example_anchors([example for _, example in found])
    return add_open_links(rendered, [(anchor, game, example.fields, example.lists)
                                     for (_, example), anchor in zip(found, anchors, strict=True)], playground)


def _rule_index(link: Any) -> dict[str, list[str]]:
    """Clause ID -> [its link from the playground page, its title], for the playground's verdicts."""
    return {clause_id: [link(clause_id) or "", title] for clause_id, title in _clause_title.items()}


CLAUSE_LINK = re.compile(r'<a (href="[^"]*#([A-Z][A-Z0-9-]*(?:\.[A-Z0-9-]+)+)")')
CLAUSE_HEADING = re.compile(r'<h([1-6]) id="([A-Z][A-Z0-9-]*(?:\.[A-Z0-9-]+)+)"')


def kebab(clause_id: str) -> str:
    """``MOVE.PUSH.CHAIN`` -> ``move-push-chain``."""
    return re.sub(r"[^a-z0-9]+", "-", clause_id.lower()).strip("-")


def on_page_content(html_text: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    french_page = editions.page_language(page.file.src_uri) == editions.FRENCH

    def tooltip(match: re.Match[str]) -> str:
        title = (_french_titles.get(match.group(2)) if french_page else None) or _clause_title.get(match.group(2))
        if title is None:
            return match.group(0)
        return f'<a class="ttykm-rule" title="{html.escape(match.group(2) + ": " + title)}" {match.group(1)}'

    def alias(match: re.Match[str]) -> str:
        if match.group(2) not in _clause_title:
            return match.group(0)
        return f'<span class="ttykm-alias" id="{kebab(match.group(2))}"></span>{match.group(0)}'

    if run_on := run_on_lists(html_text):
        raise PluginError(f"{page.file.src_uri}: a list is run into a paragraph (a list needs a blank line "
                          f"before it and 4-space nesting): …{run_on[0]}…" + (f" and {len(run_on) - 1} more"
                                                                              if len(run_on) > 1 else ""))
    if 'class="doc doc-' in html_text:  # docstrings rendered by mkdocstrings
        html_text = docstring_rules(html_text, page, files)
    html_text = CLAUSE_HEADING.sub(alias, CLAUSE_LINK.sub(tooltip, html_text))
    html_text = EXAMPLE_TITLE.sub(lambda m: link_html(m.group(0), _page_rulings(page), ruling_href(page, files)),
                                  html_text)
    return scenario_links(html_text, page, files)


def scenario_links(html_text: str, page: Page, files: Files) -> str:
    """The examples' titles with the rulings' test scenarios they cite (\"Scenario 4: ...\") linked to them."""
    found = _scenarios.get(_page_game_folder(page))
    target = files.get_file_from_path(found[1]) if found is not None else None
    if found is None or target is None:
        return html_text
    href = get_relative_url(target.url, page.file.url)
    return EXAMPLE_TITLE.sub(lambda m: link_scenarios(m.group(0), found[0], href), html_text)


CLAUSE_ID = r"[A-Z][A-Z0-9-]*(?:\.[A-Z0-9-]+)+"
RULE_LINE = re.compile(rf"(Rules?): ({CLAUSE_ID}(?:, {CLAUSE_ID})*)\.?")
CLAUSE_WORD = re.compile(rf"(?<![\w.\-#/]){CLAUSE_ID}(?![\w\-]|\.[A-Z0-9])")


def docstring_rules(html_text: str, page: Page, files: Files) -> str:
    """A docstring's "Rule: ID" line as a line of its own (the docstring's paragraph would run it into
    the next sentence), each ID a link to its clause, as is every clause ID its prose names."""

    def clause(clause_id: str) -> str:
        target = _clause_page.get(clause_id)
        target_file = files.get_file_from_path(target) if target is not None else None
        if target_file is None:
            return clause_id
        return f'<a href="{get_relative_url(target_file.url, page.file.url)}#{clause_id}">{clause_id}</a>'

    def line(match: re.Match[str]) -> str:
        ids = ", ".join(clause(i) for i in match.group(2).split(", "))
        return f'</p><p class="ttykm-docstring-rule">{match.group(1)}: {ids}</p><p>'

    def paragraph(match: re.Match[str]) -> str:
        return re.sub(r"<p>\s*</p>", "", "<p>" + RULE_LINE.sub(line, match.group(1)) + "</p>")

    def prose(match: re.Match[str]) -> str:
        """The clause IDs a docstring's prose names ("(CONVERGENCE.DRAW)"), outside code and links."""
        out, inside = [], 0
        for part in re.split(r"(<[^>]+>)", match.group(0)):
            if part.startswith("<"):
                tag = re.match(r"</?(\w+)", part)
                if tag and tag.group(1) in ("code", "a", "pre"):
                    inside += -1 if part.startswith("</") else 1
                out.append(part)
            else:
                out.append(part if inside else CLAUSE_WORD.sub(lambda m: clause(m.group(0)), part))
        return "".join(out)

    html_text = re.sub(r"<p>((?:(?!</p>).)*?Rules?: [A-Z](?:(?!</p>).)*)</p>", paragraph, html_text, flags=re.S)
    return re.sub(r'<div class="doc doc-contents.*?(?=<div class="doc doc-|\Z)', prose, html_text, flags=re.S)


# The example blocks' own lines that may cite a ruling (the examples are HTML by then).
EXAMPLE_TITLE = re.compile(r'<p class="(?:ttykm-example-title|tc-provisional)">.*?</p>', re.S)


def _page_rulings(page: Page) -> dict[str, Ruling]:
    """The rulings of the game a site page belongs to (rules/<game>/..., <game>/...; TTYKM otherwise)."""
    game = _page_game_folder(page)
    game = game if game in _index[0].rulings else "ttykm"
    if editions.page_language(page.file.src_uri) == editions.FRENCH:
        return french_citations(game)[0]
    return _index[0].rulings.get(game, {})


def _page_game_folder(page: Page) -> str:
    """The game folder a site page is in (rules/<game>/..., <game>/...), or its first folder."""
    parts = editions.english_source(page.file.src_uri).split("/")
    return parts[1] if parts[0] == "rules" and len(parts) > 2 else parts[0]


def ruling_href(page: Page, files: Files) -> Callable[[Ruling], str]:
    def href(ruling: Ruling) -> str:
        target = files.get_file_from_path(_index[0].rulings_pages.get(ruling.file, ruling.file))
        assert target is not None
        return get_relative_url(target.url, page.file.url) + "#" + ruling.anchor

    return href


ALTERNATE_LINK = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')
SOURCE_LINK = re.compile(r'(<a href="[^"]*" )title="[^"]*"( class="md-source")')


HEADER_TOPIC = re.compile(r'(<div class="md-header__topic"( data-md-component="header-topic")?>\s*'
                          r'<span class="md-ellipsis">)(.*?)(</span>)', re.S)


def short_header(output: str, src: str) -> str:
    """On a game's page, the header's names in two forms, the long one and the game's short name
    (`editions.short_name`), which a phone shows instead (``.oracle-name-short``, docs/stylesheets/ttykm.css):
    the site's name becomes the short name, and the game's name in the page's title (shown once the page
    is scrolled) its short name, so a phone's header says which game it is on."""
    from oracle.games import GAMES

    short = editions.short_name(src, list(GAMES))
    game = editions.page_game(src, list(GAMES))
    if short is None or game is None:
        return output
    full = editions.GAME_NAMES[editions.page_language(src)][game]

    def both(long: str, brief: str) -> str:
        return f'<span class="oracle-name-long">{long}</span><span class="oracle-name-short">{brief}</span>'

    def topic(match: re.Match[str]) -> str:
        text = match[3].strip()
        if match[2] is None:  # the site's name
            return f"{match[1]}{both(text, html.escape(short))}{match[4]}"
        for name in dict.fromkeys([full, html.escape(full), html.escape(full, quote=False)]):
            if name in text:  # the page's title: the game's name in it
                return f"{match[1]}{text.replace(name, both(name, html.escape(short)), 1)}{match[4]}"
        return match[0]

    return HEADER_TOPIC.sub(topic, output)


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """The theme's ``<link rel="alternate">`` tags out of the page's head: its script would look for a
    sitemap under each (it expects each edition at a root of its own), where the switch names the page;
    the header's names shortened on a phone (`short_header`)."""
    output = short_header(ALTERNATE_LINK.sub("", output), page.file.src_uri)
    if not config.repo_url:  # the theme's tooltip says "Go to repository": it is a download here
        title = html.escape(TITLE[editions.page_language(page.file.src_uri)])
        output = SOURCE_LINK.sub(lambda m: f'{m[1]}title="{title}" download{m[2]}', output)
    return output


def on_post_build(config: MkDocsConfig) -> None:
    add_rulings_to_search(Path(config.site_dir) / "search" / "search_index.json")
    try:
        write_bundle(ROOT, Path(config.site_dir))
        write_fonts(ROOT, Path(config.site_dir))
        if not config.repo_url:
            write_source(ROOT, Path(config.site_dir))
    except (MissingPyodide, MissingFont, MissingSource) as exc:
        raise PluginError(str(exc)) from None


def add_rulings_to_search(index_file: Path) -> None:
    """Every ruling an entry of the search index of its own, titled by its ID and game, so that "K7"
    finds the ruling itself first (the search indexes a page by its headings, and a ruling is a
    paragraph or a table row); its French summary too, an entry of the French rulings page, which a
    French reader's search puts first.  One index serves both editions: the search script weighs it for
    the reader's edition, the other's pages counting a fifth ("paradox" is stemmed as "paradoxe" is;
    docs/javascripts/search.js).  Runs after the search plugin has written the index."""
    if not index_file.is_file():
        raise PluginError(f"no search index at {index_file} to add the rulings to")
    index = json.loads(index_file.read_text(encoding="utf-8"))
    for found in _index[0].rulings.values():
        for ruling in found.values():
            page = _urls.get(_index[0].rulings_pages[ruling.file])
            if page is None:
                continue
            index["docs"].append({"location": f"{page}#{ruling.anchor}", "title": ruling.label,
                                  "text": ruling.summary, "boost": SEARCH_BOOST["rulings"]})
    for game, summaries in _french_summaries.items():
        page = _urls.get(french_rules.rulings_page(game))
        for ruling_id, summary in summaries.items() if page is not None else ():
            ruling = _index[0].rulings[game][ruling_id]
            index["docs"].append({"location": f"{page}#{ruling.anchor}", "title": french_rules.search_title(ruling),
                                  "text": summary, "boost": SEARCH_BOOST["rulings"]})
    index_file.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
