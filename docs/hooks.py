"""Build hooks of the rules site (``hooks:`` in mkdocs.yml).

- The rules pages are made from spec/ at build time (`oracle.tools.site.pages`), and
  the "Rules" entry of the nav lists them in the spec's reading order.
- The rulings page is made from the spec's *Source:* and *Alternative:* notes.
- On every page, ```` ```oracle-session ```` blocks get the command line's real
  output and ```` ```example ```` blocks are checked against the oracle and
  drawn (`oracle.tools.site.examples`).  An example the oracle does not confirm
  stops the build with an error naming it.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from oracle.tools.site.examples import ExampleMismatch, check_page, render_examples
from oracle.tools.site.layout import render_layout_diagram
from oracle.tools.site.pages import (
    ExampleRef,
    SpecPage,
    example_refs,
    read_spec,
    rules_markdown,
    rulings_markdown,
    run_sessions,
)

SPEC = Path(__file__).resolve().parent.parent / "spec"
NOTATION = "ttykm/notation.md"  # has its own entry in the nav
RULINGS = "rulings.md"
log = logging.getLogger("mkdocs.hooks.ttykm")

_spec: list[SpecPage] = []
_clause_page: dict[str, str] = {}  # clause ID -> the site page that defines it
_sources: dict[str, tuple[str, str]] = {}  # site page -> (spec file, its text), to name examples by spec line


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    _spec[:] = read_spec(SPEC)
    _clause_page.clear()
    _sources.clear()
    for page in _spec:
        _sources[page.site_path] = (f"spec/{page.name}", page.text)
        for clause in page.clauses:
            _clause_page[clause.id] = page.site_path
    rules_nav: list[Any] = [
        {("Overview" if page.name == "README.md" else page.title.replace("*", "")): page.site_path}
        for page in _spec
        if page.name != NOTATION
    ]
    for item in config.nav or []:
        if isinstance(item, dict) and "Rules" in item:
            item["Rules"] = rules_nav
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    refs: list[ExampleRef] = []
    for page in _spec:
        refs.extend(example_refs(page.site_path, page.text))
    for file in files.documentation_pages():
        text = file.content_string
        if "```example" in text:
            refs.extend(example_refs(file.src_uri, text))
    for page in _spec:
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
        return render_examples(markdown, f"docs/{src}" if src not in _sources else _sources[src][0], link)
    except (ExampleMismatch, ValueError) as exc:
        raise PluginError(f"{src}: {exc}") from None
