"""Build hooks of the rules site (``hooks:`` in mkdocs.yml).

- The rules pages are made from spec/ at build time (`oracle.tools.site.pages`), and
  the "Rules" entry of the nav lists them in the spec's reading order.
- The rulings page is made from the spec's *Source:* and *Alternative:* notes.
- On every page, ```` ```oracle-session ```` blocks get the command line's real
  output and ```` ```example ```` blocks are checked against the oracle and
  drawn (`oracle.tools.site.examples`).  An example the oracle does not confirm
  stops the build with an error naming it.  Each example links to the
  playground, which the build bundles with Pyodide (`oracle.tools.site.bundle`).
- The "Learn to play" section of the nav lists each game's pages in
  ``docs/<game>/learn/`` (file-name order), one section per game of the
  registry; the pages use ```` ```lesson ```` blocks, checked like examples
  and drawn without notation.  Every game of the registry and each of its
  rulesets is in the playground's chooser; a game is played on its board by
  clicking once it adds ``oracle/games/<game>/play.py``, and from its list of
  legal actions until then (see `oracle.tools.site.playground`).
- Every link to a clause gets the clause's title as a tooltip, and every
  clause heading also answers to a lower-case kebab anchor (``#move-push-chain``
  as well as ``#MOVE.PUSH.CHAIN``).
"""

from __future__ import annotations

import html
import json
import logging
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from oracle.tools.site.bundle import MissingPyodide, pyodide_dir, write_bundle
from oracle.tools.site.examples import ExampleMismatch, check_page, render_examples
from oracle.tools.site.layout import render_layout_diagram
from oracle.tools.site.pages import (
    ExampleRef,
    SpecPage,
    example_refs,
    is_rulings,
    read_spec,
    rules_markdown,
    rulings_markdown,
    run_sessions,
)

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec"
PLAYGROUND = "playground.md"
NOTATION = "ttykm/notation.md"  # has its own entry in the nav
RULINGS = "rulings.md"
log = logging.getLogger("mkdocs.hooks.ttykm")

_spec: list[SpecPage] = []
_clause_page: dict[str, str] = {}  # clause ID -> the site page that defines it
_sources: dict[str, tuple[str, str]] = {}  # site page -> (spec file, its text), to name examples by spec line
_clause_title: dict[str, str] = {}  # clause ID -> its title, for the tooltips


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    try:
        pyodide_dir(ROOT)
    except MissingPyodide as exc:
        raise PluginError(str(exc)) from None
    _spec[:] = read_spec(SPEC)
    _clause_page.clear()
    _sources.clear()
    for page in _spec:
        _sources[page.site_path] = (f"spec/{page.name}", page.text)
        for clause in page.clauses:
            _clause_page[clause.id] = page.site_path
            _clause_title[clause.id] = clause.title.replace("`", "")
    def entry(page: SpecPage) -> dict[str, str]:
        return {("Overview" if page.name.endswith("README.md") else page.title.replace("*", "")): page.site_path}

    # A game's rules (spec/<game>/) go under Rules; the spec's own files (design, protocol, vectors) under Reference.
    rules_nav: list[Any] = [entry(page) for page in _spec
                            if "/" in page.name and page.name != NOTATION and not is_rulings(page)]
    reference_nav: list[Any] = [entry(page) for page in _spec if "/" not in page.name]
    for item in config.nav or []:
        if isinstance(item, dict) and "Rules" in item:
            item["Rules"] = rules_nav
        if isinstance(item, dict) and "Reference" in item:
            item["Reference"] = reference_nav + list(item["Reference"])
        if isinstance(item, dict) and "Learn to play" in item:
            item["Learn to play"] = learn_nav(Path(config.docs_dir))
    return config


def learn_nav(docs: Path) -> list[Any]:
    """Each game's learn-to-play path: the pages of docs/<game>/learn/, in file-name order, one section per game."""
    from oracle.games import GAMES, load_game

    sections: list[Any] = []
    for name in GAMES:
        folder = docs / name / "learn"
        pages = sorted(p.relative_to(docs).as_posix() for p in folder.glob("*.md")) if folder.is_dir() else []
        if pages:
            sections.append({load_game(name).title: pages})
    return sections


def on_files(files: Files, config: MkDocsConfig) -> Files:
    refs: list[ExampleRef] = []
    for page in _spec:
        refs.extend(example_refs(page.site_path, page.text))
    for file in files.documentation_pages():
        text = file.content_string
        if "```example" in text:
            refs.extend(example_refs(file.src_uri, text))
    for page in _spec:
        if not is_rulings(page):  # a game's rulings are shown whole on the rulings page
            files.append(File.generated(config, page.site_path, content=rules_markdown(page, refs, _clause_page)))
    files.append(File.generated(config, RULINGS, content=rulings_markdown(_spec, RULINGS)))
    for path in sorted(SPEC.rglob("*")):
        if path.is_file() and path.suffix != ".md":  # such as the JSON schemas the spec links to
            files.append(File.generated(config, f"rules/{path.relative_to(SPEC).as_posix()}", abs_src_path=str(path)))
    covered = {rule for ref in refs for rule in ref.rules}
    uncovered = [clause_id for clause_id in _clause_page if clause_id not in covered]
    if uncovered:
        log.info("clauses with no worked example on the site: %s", ", ".join(uncovered))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    src = page.file.src_uri

    def link(clause_id: str) -> str | None:
        target = _clause_page.get(clause_id)
        target_file = files.get_file_from_path(target) if target is not None else None
        if target_file is None:
            return None
        return get_relative_url(target_file.url, page.file.url) + "#" + clause_id

    try:
        markdown = render_layout_diagram(markdown, SPEC.parent)
        if "```oracle-session" in markdown:
            markdown = run_sessions(markdown)
        if src in _sources:
            # Check against the spec file itself, so errors give its line numbers.
            spec_path, spec_text = _sources[src]
            problems = check_page(spec_text, spec_path, link)
            if problems:
                raise ExampleMismatch(problems)
        playground_file = files.get_file_from_path(PLAYGROUND)
        playground = get_relative_url(playground_file.url, page.file.url) if playground_file is not None else None
        if src == PLAYGROUND:
            markdown = markdown.replace("{{ playground_rules }}", html.escape(json.dumps(_rule_index(link))))
        return render_examples(markdown, f"docs/{src}" if src not in _sources else _sources[src][0], link,
                               playground)
    except (ExampleMismatch, ValueError) as exc:
        raise PluginError(f"{src}: {exc}") from None


def _rule_index(link: Any) -> dict[str, list[str]]:
    """Clause ID -> [its link from the playground page, its title], for the playground's verdicts."""
    return {clause_id: [link(clause_id) or "", title] for clause_id, title in _clause_title.items()}


CLAUSE_LINK = re.compile(r'<a (href="[^"]*#([A-Z][A-Z0-9-]*(?:\.[A-Z0-9-]+)+)")')
CLAUSE_HEADING = re.compile(r'<h([1-6]) id="([A-Z][A-Z0-9-]*(?:\.[A-Z0-9-]+)+)"')


def kebab(clause_id: str) -> str:
    """``MOVE.PUSH.CHAIN`` -> ``move-push-chain``."""
    return re.sub(r"[^a-z0-9]+", "-", clause_id.lower()).strip("-")


def on_page_content(html_text: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    def tooltip(match: re.Match[str]) -> str:
        title = _clause_title.get(match.group(2))
        if title is None:
            return match.group(0)
        return f'<a class="ttykm-rule" title="{html.escape(match.group(2) + ": " + title)}" {match.group(1)}'

    def alias(match: re.Match[str]) -> str:
        if match.group(2) not in _clause_title:
            return match.group(0)
        return f'<span class="ttykm-alias" id="{kebab(match.group(2))}"></span>{match.group(0)}'

    return CLAUSE_HEADING.sub(alias, CLAUSE_LINK.sub(tooltip, html_text))


def on_post_build(config: MkDocsConfig) -> None:
    try:
        write_bundle(ROOT, Path(config.site_dir))
    except MissingPyodide as exc:
        raise PluginError(str(exc)) from None
