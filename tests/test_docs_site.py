"""The rules site's generators: worked examples checked and drawn, pages made
from spec/, command-line output captured, and a build that fails when a rule
change leaves an example's stated outcome behind."""

from __future__ import annotations

import functools
import logging
import posixpath
import re
from io import BytesIO
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

import oracle.games.ttykm.rules.standard
from oracle.games.ttykm.board import Action
from oracle.games.ttykm.events import Crushed, Event, Paradox
from oracle.games.ttykm.examples import read_examples
from oracle.games.ttykm.site import plain_words
from oracle.tools.site.examples import (
    ExampleMismatch,
    check_page,
    fences,
    page_examples,
    render_examples,
)
from oracle.tools.site.fonts import font_source, subset_font
from oracle.tools.site.french import translate_html
from oracle.tools.site.pages import (
    SpecPage,
    clause_pages,
    example_refs,
    is_rulings,
    link_clause_ids,
    mark_quotations,
    outside_fences,
    quotation_language,
    read_spec,
    rules_markdown,
    rulings_markdown,
    run_cli,
    run_sessions,
    source_part,
    source_parts,
    sources_markdown,
    sources_path,
    spec_index,
    title_links,
)
from tests.conftest import ROOT, SPEC, TTYKM_SPEC

CLAUSE_IDS = {c.id for page in read_spec(SPEC) for c in page.clauses}


@functools.cache
def rendered_spec() -> dict[str, str]:
    """Every spec page as the site shows it (spec file -> Markdown), made once for the tests below."""
    pages = read_spec(SPEC)
    index = spec_index(pages)
    return {page.name: rules_markdown(page, [], index=index) for page in pages}


def link(clause_id: str) -> str | None:
    return f"rules/#{clause_id}" if clause_id in CLAUSE_IDS else None


GOOD = """\
# A page

```example
title: Two moves
rules: NOTATION.TURN
position: 3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0
turn: a1 N E >present
verdict: legal
events:
  chose white past:a1
  moved white past:a1-a2 N
  moved white past:a2-b2 E
  focus white past>present
```

Text after.
"""


def test_an_example_becomes_html_with_boards_events_and_links() -> None:
    html = render_examples(GOOD, "page.md", link)
    assert "```example" not in html
    assert html.startswith("# A page\n") and html.rstrip().endswith("Text after.")
    assert '<div class="ttykm-example" id="ex-two-moves" data-position="3b/4/4/w3|' in html
    assert '<a href="rules/#NOTATION.TURN"><code>NOTATION.TURN</code></a>' in html
    assert html.count("<svg") == 4  # before and after, each with the eras in a row and in a column
    assert html.count('class="ttykm-board row"') == 2 and html.count('class="ttykm-board column"') == 2
    assert "<figcaption>Before</figcaption>" in html and "<figcaption>After</figcaption>" in html
    assert ("<li><code>moved white past:a2-b2 E</code> <span class=\"ttykm-prose\">The white copy moves east "
            "from square a2 of the past to b2.</span></li>") in html
    assert "3b/4/1w2/4|3b/4/4/w3|3b/4/4/w3 turn=b" in html  # the position after
    assert not re.search(r"\n\s*\n", html[html.index("<div"):html.rindex("</div>")]), \
        "a blank line inside the HTML block would end it in Markdown"


def test_an_illegal_turn_shows_the_rule_and_the_explanation() -> None:
    page = GOOD.replace("turn: a1 N E >present\nverdict: legal", "turn: a1 W N >present\nverdict: illegal MOVE.WALL: "
                        "the copy on past a1 cannot move west: the wall is there").split("events:")[0] + "```\n"
    html = render_examples(page, "page.md", link)
    assert "<strong>illegal</strong> under <a href=\"rules/#MOVE.WALL\"><code>MOVE.WALL</code></a>" in html
    assert "the copy on past a1 cannot move west: the wall is there" in html
    assert html.count("<svg") == 2 and "<figcaption>The turn attempted</figcaption>" in html
    assert html.count('class="arrow attempt"') == 2  # the refused move is drawn, in both layouts


def test_a_wrong_claim_stops_the_page_naming_the_example() -> None:
    wrong = GOOD.replace("moved white past:a2-b2 E", "moved white past:a2-b2 W")
    with pytest.raises(ExampleMismatch) as caught:
        render_examples(wrong, "page.md", link)
    assert "example 'Two moves' (page.md:3): events:" in str(caught.value)


def test_an_unknown_rule_id_is_an_error() -> None:
    problems = check_page(GOOD.replace("rules: NOTATION.TURN", "rules: NO.SUCH-CLAUSE"), "page.md", link)
    assert problems == ["example 'Two moves' (page.md:3): cites NO.SUCH-CLAUSE, which is no clause of the spec"]


def test_a_malformed_example_is_an_error() -> None:
    assert check_page(GOOD.replace("title:", "titel:"), "page.md", link) != []


def test_a_sample_block_inside_a_longer_fence_is_not_an_example() -> None:
    readme = (TTYKM_SPEC / "README.md").read_text(encoding="utf-8")
    assert "```example" in readme
    assert page_examples(readme, "README.md") == []
    lines = ["````", "```example", "x", "```", "````", "```example", "title: t", "```"]
    assert [(f.start, f.end, f.info) for f in fences(lines)] == [(0, 4, ""), (5, 7, "example")]


def test_a_lesson_is_checked_like_an_example_but_shows_no_notation() -> None:
    lesson = GOOD.replace("```example", "```lesson")
    html = render_examples(lesson, "page.md", link, playground="../playground/")
    assert '<div class="ttykm-example ttykm-lesson" id="ex-two-moves" data-position=' in html
    # The notation is only in the attributes that programs read (the pictures' test), never in the text.
    shown = re.sub(r' data-[a-z-]+="[^"]*"', "", html)
    assert "<code>" not in shown and "|" not in shown.replace("&#x27;", "")
    assert "The white copy moves east from square a2 of the past to b2." in html
    assert 'href="../playground/?game=ttykm&amp;position=' in html
    with pytest.raises(ExampleMismatch):
        render_examples(lesson.replace("moved white past:a2-b2 E", "moved white past:a2-b2 W"), "page.md", link)


def test_lessons_explain_a_refusal_without_notation() -> None:
    assert plain_words("the copy on past a1 must take 2 actions; after N it can still take N") == (
        "the copy on past a1 must take 2 actions; after a move north it can still take a move north")
    assert plain_words("white has no copy on the past, so the turn has no actions; write only the new Focus, "
                       "such as >present") == "white has no copy on the past, so the turn has no actions"


def test_every_spec_and_site_example_is_rendered() -> None:
    for page in read_spec(SPEC):
        html = render_examples(page.text, page.name, link)
        assert html.count('<div class="ttykm-example"') == len(page_examples(page.text, page.name))
    faq = (ROOT / "docs" / "strategy-faq.md").read_text(encoding="utf-8")
    assert render_examples(faq, "strategy-faq.md", link).count('<div class="ttykm-example"') >= 8


# --- a rule change fails the build -----------------------------------------


def push_without_paradox(copies: list[int], removed: list[int], pushed: int, direction: Action,
                         events: list[Event]) -> None:
    """rules.push with MOVE.PUSH.PARADOX switched off: a copy pushed onto its
    own colour is crushed alone, and the copy it struck stays."""
    ORIGINAL_PUSH(copies, removed, pushed, direction, events)
    last = events[-1]
    if isinstance(last, Paradox):
        copies[last.colour] |= 1 << last.struck
        removed[last.colour] -= 1
        events[-1] = Crushed(last.colour, last.pushed, direction)


ORIGINAL_PUSH = oracle.games.ttykm.rules.standard.push


@pytest.mark.slow  # every example rendered a second time, on a broken engine: some 6 s
def test_disabling_the_paradox_fails_exactly_the_examples_that_show_one(monkeypatch: pytest.MonkeyPatch) -> None:
    # The examples whose stated events include a paradox caused by a push.
    showing = {
        e.title for e in read_examples(TTYKM_SPEC)
        if e.ruleset.name == "standard" and any(line.startswith("paradox ") for line in e.lists.get("events", []))
    }
    assert showing, "the spec should illustrate MOVE.PUSH.PARADOX with stated events"
    monkeypatch.setattr(oracle.games.ttykm.rules.standard, "push", push_without_paradox)
    errors = ""
    for page in read_spec(SPEC):
        try:
            render_examples(page.text, f"spec/{page.name}", link)
        except ExampleMismatch as exc:
            errors += str(exc) + "\n"
    named = {e.title for e in read_examples(TTYKM_SPEC) if f"example {e.title!r} (spec/" in errors}
    assert showing <= named
    for title in named - showing:  # any other example named states something the broken rule changes
        assert any(e.title == title and ("after" in e.fields or "legal-count" in e.fields or "legal-turns" in e.lists)
                   for e in read_examples(TTYKM_SPEC))


def test_the_examples_hold_with_the_real_rules() -> None:
    for page in read_spec(SPEC):
        assert check_page(page.text, f"spec/{page.name}", link) == []


# --- pages made from spec/ ----------------------------------------------------


def test_read_spec_finds_every_clause_in_reading_order() -> None:
    pages = read_spec(SPEC)
    names = [p.name for p in pages]
    assert names[0] == "README.md" and names[1] == "ttykm/README.md"
    assert names.index("ttykm/board.md") < names.index("ttykm/actions.md") < names.index("ttykm/variants.md")
    clause_heading = re.compile(r"^#{2,4} ([A-Z][A-Z0-9-]*(?:\.[A-Z0-9-]+)+) · ", re.M)
    expected = {m for p in SPEC.rglob("*.md") for m in clause_heading.findall(p.read_text(encoding="utf-8"))}
    assert expected == CLAUSE_IDS and len(expected) >= 30


def test_every_clause_heading_gets_its_id_as_anchor() -> None:
    for page in read_spec(SPEC):
        text = rules_markdown(page, [])
        for clause in page.clauses:
            assert re.search(rf"^#{{2,4}} {re.escape(clause.id)} · .* \{{#{re.escape(clause.id)}\}}$", text, re.M)


def test_a_clause_without_its_own_example_links_to_one_elsewhere(tmp_path: Path) -> None:
    (tmp_path / "moves.md").write_text(
        "# Moves\n\n### NOTATION.TURN · Turns\n\nText.\n\n### NOTATION.SQUARE · Squares\n\nMore.\n\n"
        + GOOD[GOOD.index("```example"):GOOD.index("Text after.")]
        + "\n### NOTATION.EVENT · Events\n\nLast.\n"
    )
    (page,) = read_spec(tmp_path)
    elsewhere = example_refs("faq.md", GOOD.replace("rules: NOTATION.TURN", "rules: NOTATION.TURN, NOTATION.EVENT"))
    text = rules_markdown(page, [*example_refs(page.site_path, page.text), *elsewhere])
    sections = dict(re.findall(r"^### (\S+) · .*?\n(.*?)(?=^### |\Z)", text, re.M | re.S))
    # NOTATION.TURN: the only example citing it stands under NOTATION.SQUARE, so its own section links to both.
    assert "*Worked examples:* [Two moves](moves.md#ex-two-moves), [Two moves](../faq.md#ex-two-moves)" \
        in sections["NOTATION.TURN"]
    assert "Worked example" not in sections["NOTATION.SQUARE"]  # no example cites it: nothing to link
    assert "*Worked example:* [Two moves](../faq.md#ex-two-moves)" in sections["NOTATION.EVENT"]


def test_clause_ids_in_prose_become_links() -> None:
    # Made-up IDs, so that the test shows no unknown ID of the spec's own families.
    targets = {"ALPHA.BETA": "rules/ttykm/actions.md", "ALPHA.BETA.GAMMA": "rules/ttykm/actions.md",
               "OMEGA.ZETA": "rules/ttykm/focus-and-win.md"}
    here = "rules/ttykm/actions.md"
    assert link_clause_ids("see OMEGA.ZETA.", targets, here) == "see [OMEGA.ZETA](focus-and-win.md#OMEGA.ZETA)."
    assert link_clause_ids("(ALPHA.BETA.GAMMA, ALPHA.BETA)", targets, here) == \
        "([ALPHA.BETA.GAMMA](#ALPHA.BETA.GAMMA), [ALPHA.BETA](#ALPHA.BETA))"
    for untouched in ("`ALPHA.BETA` in code", "[ALPHA.BETA](#ALPHA.BETA)", "    ### ALPHA.BETA · indented code",
                      "### ALPHA.BETA · a heading", "ALPHA.BETAS", "ALPHA.BETA.DELTA"):
        assert link_clause_ids(untouched, targets, here) == untouched
    actions = next(p for p in read_spec(SPEC) if p.name == "ttykm/actions.md")
    assert "[TURN.ACTIVE-COPY](turn.md#TURN.ACTIVE-COPY)" in rules_markdown(actions, [], clause_pages(read_spec(SPEC)))


def test_links_into_docs_keep_their_depth() -> None:
    design = next(p for p in read_spec(SPEC) if p.name == "design.md")
    assert "](../docs/performance.md)" in design.text
    text = rules_markdown(design, [])
    assert "](../docs/" not in text and "](../performance.md)" in text
    deep = SpecPage("ttykm/x.md", "X", "See [speed](../../docs/performance.md).\n", ())
    assert "[speed](../../performance.md)" in rules_markdown(deep, [])


def test_every_quotation_has_its_language_and_an_english_gloss() -> None:
    pages = read_spec(SPEC)
    rendered = {**rendered_spec(), "rulings overview": all_sources(pages)}
    quotations = 0
    for name, text in rendered.items():
        for match in re.finditer(r'<q lang="(\w+)">([^<]*)</q>(.{0,40})', text, re.S):
            language, quoted, after = match.groups()
            quotations += 1
            assert language == quotation_language(quoted)
            if language != "en" and not is_rulings(next((p for p in pages if p.name == name), pages[0])):
                assert re.match(r"[,:]\s+[a-z(\"]|\s*\(\*?[a-z]", after), f"{name}: no English gloss after {quoted!r}"
        for match in re.finditer(r'<(q|span) lang="ja">(.*?)</\1>', text, re.S):
            assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", match.group(2)), f"{name}: not Japanese: {match.group(2)}"
        outside = re.sub(r'<(q|span) lang="ja">.*?</\1>', "", text, flags=re.S)
        outside = re.sub(r"`[^`\n]*`|^```.*?^```", "", outside, flags=re.S | re.M)
        assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", outside), f"{name}: Japanese outside lang=\"ja\""
        # Guillemets hold French: each pair stands inside an element that says so.
        bare = re.sub(r'<span lang="fr">«(?:[^«»]|«[^«»]*»)*»</span>', "", re.sub(r"`[^`\n]*`", "", text))
        assert "«" not in bare, f"{name}: a quotation in guillemets without lang=\"fr\""
    assert quotations >= 60
    assert quotation_language("壁の中に移動することはできません") == "ja"
    assert quotation_language("avance d'une case orthogonalement") == "fr"
    assert quotation_language("chapter 1") == "en"


def test_a_french_quotation_is_never_marked_japanese() -> None:
    """GROWTH.SEEDS quotes a French rules summary: it is French, in whatever brackets."""
    text = rendered_spec()["ttykm/growth.md"]
    assert '<q lang="fr">une réserve de graines\npartagée entre les deux joueurs</q>' in text
    assert mark_quotations("「une réserve de graines」") == '<span lang="fr">「une réserve de graines」</span>'
    assert mark_quotations("« chaque joueur reçoit 2 cristaux »\n`« code »`") == (
        '<span lang="fr">« chaque joueur reçoit 2 cristaux »</span>\n`« code »`')


def test_every_ruling_has_an_anchor_and_every_citation_links_to_it() -> None:
    pages = read_spec(SPEC)
    index = spec_index(pages)
    rulings = index.rulings
    # Each game's rulings, IDs colliding across games kept apart by their anchors.
    assert {"S1", "T3", "T3.2", "O2", "G-T1", "GD12", "CD4", "K1", "K14", "O-7"} <= set(rulings["ttykm"])
    assert {"A1", "K4", "K12", "TC-18", "SU-1"} <= set(rulings["time-chase"])
    assert {"A20", "K4", "K12", "K25", "T-8", "LB-1"} <= set(rulings["trois-ombres"])
    anchors = {game: rulings[game]["K4"].anchor for game in ("ttykm", "time-chase", "trois-ombres")}
    assert anchors == {"ttykm": "ruling-k4", "time-chase": "ruling-tc-k4", "trois-ombres": "ruling-ombres-k4"}
    assert rulings["ttykm"]["T3"].anchor == "ruling-t3" and rulings["ttykm"]["T3"].file == "ttykm/rulings.md"
    rendered = rendered_spec()
    site_of = {page.name: page.site_path for page in pages}
    for game, found in rulings.items():
        for ruling in found.values():  # every ruling's anchor is on its page
            assert f'id="{ruling.anchor}"' in rendered[ruling.file] or "{#" + ruling.anchor + "}" in \
                rendered[ruling.file], f"{game} {ruling.id}: no anchor on {ruling.file}"
    # Every ID cited after "ruling(s)" in a clause's text is a link to that game's ruling.
    cited = re.compile(r"\brulings? ((?:[A-Z]{1,3}(?:-[A-Z]{0,2})?\d+[a-z]?(?:\.\d+)?)(?:(?:,| and| or)? "
                       r"(?:[a-z] )?[A-Z]{1,3}(?:-[A-Z]{0,2})?\d+[a-z]?)*)")
    for page in pages:
        if is_rulings(page):
            continue
        game = page.name.split("/")[0] if "/" in page.name else "ttykm"
        bare = re.sub(r"\[[^\]]*\]\([^)]*\)|`[^`]*`", "", rendered[page.name])
        for match in cited.finditer(bare.split("```")[0] if False else bare):
            tokens = [tok for tok in re.findall(r"[A-Z]{1,3}(?:-[A-Z]{0,2})?\d+[a-z]?", match.group(1))
                      if tok in rulings[game]]
            assert not tokens, f"{page.name}: {match.group(0)!r} is not linked"
    influence = rendered["ttykm/influence.md"]
    target = f"{posixpath.relpath(site_of['ttykm/rulings-chapters.md'], 'rules/ttykm')}#ruling-k3"
    assert f"[K3]({target} " in influence
    assert '[T3.2](rulings.md#ruling-t3-2 "That Time You Killed Me ruling T3.2: Push")' in rendered["ttykm/actions.md"]
    past = rendered["time-chase/past.md"]
    assert "[TC-18](rulings.md#ruling-tc-tc-18 " in past and "[TC-A8](rulings.md#ruling-tc-a8 " in past


def test_links_named_by_file_show_the_page_title() -> None:
    index = spec_index(read_spec(SPEC))
    assert "[Chapter 1, Growth: seeds, shrubs and trees](growth.md)" in rendered_spec()["ttykm/chapters.md"]
    assert not re.search(r"\[[\w-]+\.md\]\(", "\n".join(rendered_spec().values()))
    assert title_links("see [ttykm/](ttykm/index.md).", "rules/index.md", index.titles) == \
        "see [That Time You Killed Me: the rules](ttykm/index.md)."
    assert title_links("[the notation](notation.md)", "rules/ttykm/x.md", index.titles) == "[the notation](notation.md)"


def all_sources(pages: list[SpecPage]) -> str:
    """Every sources page, one after the other."""
    return "\n".join(sources_markdown(pages, part) for part in source_parts(pages))


def test_rulings_gather_every_source_and_alternative() -> None:
    pages = read_spec(SPEC)
    overview = rulings_markdown(pages)
    text = all_sources(pages)
    for page in pages:
        sources = sources_markdown(pages, source_part(page)) if page.clauses else ""
        for clause in page.clauses:  # each clause on its game's page (TTYKM's chapters on their own)
            assert f"**[{clause.id}]({page.site_path}#{clause.id}) · {clause.title}**" in sources
        if is_rulings(page):
            assert f"[{page.title}]({page.site_path})" in overview  # each game's rulings pages, listed
    # The overview names the documents, as a reader knows them, not by the project's own words for them.
    assert "Board Game Arena" in overview and "*Contre-Temps*" in overview
    assert not re.search(r"\b(seed \d|user's|product's)", overview), "the project's own words on a reader's page"
    parts = source_parts(pages)
    assert list(parts) == ["ttykm", "ttykm-chapters", "time-chase", "trois-ombres"]
    for part, title in parts.items():
        assert f"[{title}]({sources_path(part)})" in overview
    assert "MEMORY.VALID" in sources_markdown(pages, "ttykm-chapters")
    assert "MEMORY.VALID" not in sources_markdown(pages, "ttykm")
    paradox = next(c for p in pages for c in p.clauses if c.id == "MOVE.OWN-COPY")
    assert paradox.source.startswith("the French rulebook") and "self-push=paradox" in paradox.alternative
    assert "!!! note \"Alternative reading\"" in text


def test_every_citation_of_another_game_s_ruling_shows_its_game() -> None:
    """K12 means one thing in the chapters, another in Time Chase and in 3 ombres: each citation of the
    other games' rulings shows its game as their anchors do (TC-K12, OMBRES-K12), even where no other game
    has that ID (OMBRES-A20); TTYKM's are shown as they are, and TC-18 keeps the mark it already has."""
    text = all_sources(read_spec(SPEC))
    shown = {(m.group(1), m.group(2)) for m in re.finditer(r"\[((?:TC-|OMBRES-)?K12)\]\([^)#]*#(ruling-[\w-]+)", text)}
    assert shown == {("K12", "ruling-k12"), ("TC-K12", "ruling-tc-k12"), ("OMBRES-K12", "ruling-ombres-k12")}, shown
    assert re.search(r"\[OMBRES-A20\]\([^)]*#ruling-ombres-a20", text) and "[A20]" not in text
    assert "[TC-18](" in rendered_spec()["time-chase/past.md"]


def test_cli_sessions_show_real_output_and_exit_status() -> None:
    page = "Intro\n\n```oracle-session\n$ oracle legal \"a1 W N >present\"\n$ oracle version\n```\n"
    text = run_sessions(page)
    assert "```oracle-session" not in text
    code, printed = run_cli(["legal", "a1 W N >present"])
    assert code == 1 and printed.startswith("illegal: MOVE.WALL")
    assert f'$ oracle legal "a1 W N >present"\n{printed.rstrip()}\n[exit status 1]\n$ oracle version\n' in text
    with pytest.raises(ValueError, match="must be '\\$ oracle ARGS'"):
        run_sessions("```oracle-session\n$ ls\n```\n")


def test_help_is_captured_through_argparse_exit() -> None:
    code, printed = run_cli(["--help"])
    assert code == 0 and printed.startswith("usage: oracle")


# --- the real build -----------------------------------------------------------


def test_the_build_hook_fails_on_a_stale_example(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The mkdocs hook, run by a real (small) build, stops on a wrong example."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, BuildError, PluginError

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text(GOOD.replace("moved white past:a2-b2 E", "moved white past:a2-c2 E"))
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: t\ntheme: mkdocs\n"
        f"hooks:\n  - {ROOT / 'docs' / 'hooks.py'}\n"
        "markdown_extensions:\n  - attr_list\n  - admonition\n"
    )
    config = load_config(str(tmp_path / "mkdocs.yml"), site_dir=str(tmp_path / "site"))
    with caplog.at_level(logging.ERROR), pytest.raises((PluginError, BuildError, Abort)):
        build(config)
    assert "example 'Two moves' (docs/index.md:3): events:" in caplog.text


def test_every_game_links_a_clause_to_its_worked_examples_elsewhere() -> None:
    # OMBRES.LIMBES.SILENCE has no example of its own; scenario 9, under OMBRES.LIMBES.DURATION, cites it.
    pages = read_spec(SPEC)
    refs = [ref for page in pages for ref in example_refs(page.site_path, page.text)]
    assert {ref.site_path.split("/")[1] for ref in refs} >= {"ttykm", "time-chase", "trois-ombres"}
    (limbes,) = [page for page in pages if page.site_path.endswith("trois-ombres/cards-limbes.md")]
    text = rules_markdown(limbes, refs)
    sections = dict(re.findall(r"^### (\S+) · .*?\n(.*?)(?=^### |\Z)", text, re.M | re.S))
    assert "*Worked example:* [scenario 9, Silence drawn by player 0" in sections["OMBRES.LIMBES.SILENCE"]
    assert "(cards-limbes.md#ex-scenario-9-silence-drawn-by-player-0" in sections["OMBRES.LIMBES.SILENCE"]


def test_the_japanese_font_is_cut_to_the_same_bytes_at_any_time() -> None:
    """The subset keeps the packaged font's own date, so two builds of the same pages give the same file."""
    font, _ = font_source(ROOT)
    cut = TTFont(BytesIO(subset_font(font, "時")))
    assert cut["head"].modified == TTFont(str(font))["head"].modified
    assert cut.getBestCmap().keys() >= {ord("時")}


def test_the_rules_pages_speak_of_pages_not_files() -> None:
    """On the site the spec's files are pages: no "this folder", "this file" or bare file name in the prose,
    a file named in passing is a link with its page's title (the spec's own text keeps its words)."""
    from oracle.tools.site.reader_words import reader_words

    rendered = rendered_spec()
    assert "has no lead card yet; [Replaying a past event](past.md) adds what changes" in \
        rendered["time-chase/trick.md"]
    assert "| page | what it holds |" in rendered["time-chase/README.md"]
    assert "| file | what it holds |" in rendered["vectors.md"]  # a table of the vector files lists files
    for name, text in rendered.items():
        lines = text.splitlines()
        for i in outside_fences(lines):
            prose = re.sub(r"`[^`]*`|\]\([^)]*\)", "", lines[i])  # code spans and link targets aside
            assert not re.search(r"(?i)\bthis (folder|file)\b", prose), (name, lines[i])
            assert not (name.endswith("README.md") and prose.startswith("| file | what it holds")), (name, lines[i])
            assert not re.search(r"(?<![\w/.-])[\w-]+\.md\b", prose), (name, lines[i])
            if name != "design.md":  # the design notes speak of the source tree, on purpose
                assert not re.search(r"(?i)\bfolders?\b|`[\w*-]+\.md`", lines[i]), (name, lines[i])
    # An example's refusal is the oracle's own message: it names a page, not a file.
    refusals = [line for page in SPEC.rglob("*.md") for line in page.read_text(encoding="utf-8").splitlines()
                if line.startswith("error: ") and re.search(r"\.md\b", line)]
    assert refusals == []
    titles = spec_index(read_spec(SPEC)).titles
    assert reader_words("This folder is the text; `this file` stays; see notation.md.", "rules/time-chase/x.md",
                        titles) == "These pages are the text; `this file` stays; see [Notation](notation.md)."
    assert reader_words("(spec/trois-ombres/oracle.md)", "rules/trois-ombres/components.md", titles) == \
        "([The oracle's turn: steps and chance](oracle.md))"
    assert reader_words("see nowhere.md", "rules/x.md", titles) == "see nowhere.md"  # no page: left as it is


def test_the_rulings_are_written_for_a_reader() -> None:
    """The rulings state decisions; they give no orders to the project (its requirements' wording is gone)."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in SPEC.rglob("rulings*.md"))
    for words in ["is a requirement", "are requirements", "the site must say so", "Keep every alternative",
                  "must include cases", "Add this case", "Add the variant", "Add the case", "Document ours",
                  "Record both outcomes", "so that tests know", "keep it, and show it on the site",
                  "ship it", "be shipped", "abstract suit ids", "were searched", "could not be read: both"]:
        assert words not in text, words
    # The sources are named by what they are: no other project's repository or file to go and read.
    assert not re.findall(r"(?i)github|`[\w./-]+\.(?:java|py|pdf)`|\b[\w-]+/[\w-]+ @ [0-9a-f]{7}", text)


def test_the_examples_scenario_titles_link_to_the_rulings_test_scenarios() -> None:
    from oracle.tools.site.scenarios import link_scenarios, scenarios

    for game in ["time-chase", "trois-ombres"]:
        known = scenarios((SPEC / game / "rulings.md").read_text(encoding="utf-8"))
        assert known is not None and known.anchor == "section-7"
        cited = {int(n) for path in (SPEC / game).glob("*.md")
                 for n in re.findall(r"^title: [Ss]cenario (\d+)", path.read_text(encoding="utf-8"), re.M)}
        assert cited and cited <= set(known.names), (game, cited - set(known.names))
    known = scenarios((SPEC / "time-chase" / "rulings.md").read_text(encoding="utf-8"))
    assert known is not None and known.names[4] == "Replay changes control"
    title = '<p class="ttykm-example-title"><a href="#e">Example</a>: Scenario 4: p2 travels (scenario 12)</p>'
    assert link_scenarios(title, known, "../rulings/") == (
        '<p class="ttykm-example-title"><a href="#e">Example</a>: <a class="ttykm-ruling-link" '
        'href="../rulings/#section-7" title="Test scenario 4 of the rulings: Replay changes '
        'control">Scenario 4</a>: p2 travels (scenario 12)</p>')
    assert scenarios((SPEC / "ttykm" / "rulings.md").read_text(encoding="utf-8")) is None


def test_a_block_may_name_its_game_and_the_home_pages_show_all_three() -> None:
    """The home pages draw a turn of each game (```` ```lesson game=time-chase ````), each checked by its game."""
    assert fences(["```lesson game=time-chase", "x", "```"])[0].game == "time-chase"
    for home in ["docs/index.md", "docs/fr/index.md"]:
        found = page_examples((ROOT / home).read_text(encoding="utf-8"), home)
        assert [fence.game for fence, _ in found] == ["", "time-chase", "trois-ombres"], home
        assert len({type(example) for _, example in found}) == 3, home  # each read by its own game
    with pytest.raises(ExampleMismatch, match="no game named 'chess'"):
        render_examples("```lesson game=chess\ntitle: x\n```\n", "docs/index.md", lambda r: "x")


def test_each_card_game_answers_its_own_questions_in_both_editions() -> None:
    """Time Chase and 3 Ombres have questions of their own (the questions and strategy page is TTYKM's), in
    English and French, question for question, each answer citing the clause that settles it."""
    clauses = {clause.id: page.name for page in read_spec(SPEC) for clause in page.clauses}
    for game in ["time-chase", "trois-ombres"]:
        editions = [ROOT / "docs" / game / "questions.md", ROOT / "docs" / "fr" / game / "questions.md"]
        answers = []
        for path in editions:
            sections = re.split(r"^## ", path.read_text(encoding="utf-8"), flags=re.M)[1:]
            assert len(sections) >= 4, path
            for section in sections:
                cited = re.findall(r"\]\((?:\.\./)+rules/([\w/-]+\.md)#([A-Z][\w.-]+)\)", section)
                assert cited, (path, section.splitlines()[0])
                for file, clause_id in cited:
                    assert clauses.get(clause_id) == file, (path, clause_id, file)
            answers.append([sorted(re.findall(r"#([A-Z][\w.-]+)\)", s)) for s in sections])
        assert answers[0] == answers[1], game  # the same questions, settled by the same clauses


FACT = re.compile(r"<dt[^>]*>(.*?)</dt>")  # the name of a fact under an example
QUESTION_CARD = re.compile(r"\b[RBGYP]\d{1,2}\b")  # a Time Chase card (R10), or a 3 Ombres slot (P1)


def test_each_card_game_question_is_shown_by_a_checked_example_and_the_rulings_close_the_page() -> None:
    """Each card game's questions page, in both editions, answers at least ten questions, each citing its clause
    and shown by an example the oracle confirms; every card (or slot) the answer names is one its example
    plays or names, not one left in the state; and the page ends with a link to the game's rulings."""
    clauses = {clause.id: page.name for page in read_spec(SPEC) for clause in page.clauses}
    for game in ["time-chase", "trois-ombres"]:
        for path in [ROOT / "docs" / game / "questions.md", ROOT / "docs" / "fr" / game / "questions.md"]:
            text, name = path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix()
            assert check_page(text, name, clauses.get) == [], name
            sections = re.split(r"^## ", text, flags=re.M)[1:]
            assert len(sections) >= 10, (name, len(sections))
            for section in sections:
                lines = section.splitlines()
                blocks = [lines[f.start + 1:f.end] for f in fences(lines) if f.info == "example"]
                assert blocks, (name, lines[0])
                prose = "\n".join(lines[i] for i in outside_fences(lines) if i > 0)  # the answer, not its question
                assert re.search(r"\]\((?:\.\./)+rules/[\w/-]+\.md#[A-Z][\w.-]+\)", prose), (name, lines[0])
                played = {card for block in blocks for line in block if not line.startswith(("state:", "after:"))
                          for card in QUESTION_CARD.findall(line)}
                named = set(QUESTION_CARD.findall(prose))
                assert named <= played, (name, lines[0], sorted(named - played))
            closing = text.rstrip().rsplit("\n\n", 1)[1]
            assert re.search(rf"\]\((?:\.\./)+rules/{game}/rulings\.md\)", closing), (name, closing)
        # The facts under the French examples are named in French: only the words French shares stay.
        english, french = (f"docs/{game}/questions.md", f"docs/fr/{game}/questions.md")
        english_facts = set(FACT.findall(render_examples((ROOT / english).read_text(encoding="utf-8"), english,
                                                         clauses.get, "p/")))
        french_html = translate_html(render_examples((ROOT / french).read_text(encoding="utf-8"), french,
                                                     clauses.get, "p/"))
        french_facts = set(FACT.findall(french_html))
        assert english_facts & french_facts <= {"Action", "Verdict", "cubes"}, (game, english_facts & french_facts)
        assert "The last action is" not in french_html, game  # a refusal the French edition says in English


def test_the_home_pages_trick_says_where_every_card_goes() -> None:
    """The home page's Time Chase picture shows the event keeping its lead and winning card: the caption above
    it names the cards of the trick that are discarded, and says the round ends with income (the crystals
    the After picture shows), in both editions."""
    from oracle.games.time_chase import notation, rules
    from oracle.games.time_chase.ruleset import Rules, rules_for

    for home, discarded, income in (("docs/index.md", "discarded", "2 crystals, less 1 per event"),
                                    ("docs/fr/index.md", "défaussés", "2 cristaux, moins 1 par événement")):
        text = (ROOT / home).read_text(encoding="utf-8")
        caption = " ".join(text.split("```lesson game=time-chase", 1)[0].rsplit("\n\n", 2)[-2].split())
        (example,) = [example for fence, example in page_examples(text, home) if fence.game == "time-chase"]
        state = notation.parse_state(example.fields["state"])
        ruleset = rules_for(state.variants, state.players, Rules.parse("standard"))
        played = [*example.lists["setup"], example.fields["action"]]
        for card in played:
            state, _ = rules.apply(state, notation.parse_action(card), ruleset)
        kept = {card.text for card in (state.slot(1).lead, state.slot(1).cross) if card is not None}
        sentence = next((s for s in caption.split(".") if discarded in s), "")
        assert all(card in sentence for card in played if card not in kept), (home, sentence)
        assert income in caption, home


def test_no_list_of_the_rules_pages_runs_into_a_paragraph() -> None:
    """Every rules page's lists are lists once Markdown has read it, with the site's extensions: a list
    after a paragraph line or nested 2 spaces deep would be one paragraph ("… - **K2** … - **K3** …"),
    which the site build refuses (`run_on_lists`)."""
    import markdown
    from mkdocs.utils.yaml import yaml_load

    from oracle.tools.site.run_on_lists import run_on_lists

    extensions = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["markdown_extensions"]
    names = [next(iter(e)) if isinstance(e, dict) else e for e in extensions]
    configs = {next(iter(e)): next(iter(e.values())) for e in extensions if isinstance(e, dict)}
    bad = "Reading (c):\n- **K2** a low follow\n  - nested two deep\n\n  More.\n- **K3** income\n"
    assert len(run_on_lists(markdown.markdown(bad, extensions=names, extension_configs=configs))) == 2
    for name, text in rendered_spec().items():
        html_text = markdown.markdown(text, extensions=names, extension_configs=configs)
        assert run_on_lists(html_text) == [], name


def home_cards(home: str) -> dict[str, str]:
    """The home page's card of each game (the grid's list items), by the game's folder, on one line each."""
    text = (ROOT / home).read_text(encoding="utf-8")
    grid = text.split('<div class="grid cards" markdown>', 1)[1].split("</div>", 1)[0]
    items = [" ".join(item.split()) for item in re.split(r"^- ", grid, flags=re.M)[1:]]
    return {re.search(r"\]\(([\w-]+)/", item)[1]: item for item in items}  # type: ignore[index]


def test_the_home_pages_credit_every_game_and_name_ttykm_s_chapters() -> None:
    """Each game's card on the home pages says, in brackets after its name, who made it as far as the sources
    say: for 3 Ombres the world it is set in and that world's publisher, and its player count, as its rulings
    give them (they name no designer); TTYKM's card names its four chapters, as the glossary does, in each
    edition's words."""
    from oracle.tools.site.glossary import TERMS

    rulings = " ".join((SPEC / "trois-ombres" / "rulings.md").read_text(encoding="utf-8").split())
    credit = rulings.split("Publisher / designer:", 1)[1].split("---", 1)[0]
    world = re.search(r"world of \*([^*]+)\*", credit)[1]  # type: ignore[index]
    publisher = re.search(r"published by ([A-Z][\w ]+?)\.", credit)[1]  # type: ignore[index]
    fewest, most = re.search(r"(\d)–(\d) players", credit).groups()  # type: ignore[union-attr]
    (chapters,) = [term for term in TERMS["ttykm"] if term.english.startswith("chapters:")]
    names = {"docs/index.md": chapters.english.split(": ", 1)[1].split(", "),
             "docs/fr/index.md": chapters.french.split(" : ", 1)[1].split(", ")}
    players = {"docs/index.md": f"{fewest} to {most} players", "docs/fr/index.md": f"{fewest} à {most} joueurs"}
    for home in ["docs/index.md", "docs/fr/index.md"]:
        cards = home_cards(home)
        assert sorted(cards) == ["time-chase", "trois-ombres", "ttykm"], home
        for game, card in cards.items():
            assert re.match(r"\*\*\[[^]]+\]\([^)]+\)\*\* \([^)]{10,}\)\.", card), (home, game, card)
        ombres = cards["trois-ombres"]
        assert f"*{world}*" in ombres and publisher in ombres and players[home] in ombres, (home, ombres)
        assert len(names[home]) == 4 and all(name in cards["ttykm"] for name in names[home]), (home, names[home])


# What a page should say as what is known and from which source, not as a note on the work: "the rulebook was
# not available", "that implementation was not found", "TODO".
WORK_NOTES = re.compile(r"\bwas not (?:found|available)\b|\bnot available\b|\bcould not be (?:found|located)\b"
                        r"|\bunlocated\b|\bTODO\b|\bFIXME\b", re.I)


def test_no_reader_page_speaks_of_the_work_instead_of_the_sources() -> None:
    """Every page of the site from docs/ and spec/, in both editions, says what is known and from which source."""
    root = Path(__file__).resolve().parents[1]
    found = [f"{path.relative_to(root)}:{n}: {line.strip()[:120]}"
             for folder in ("docs", "spec") for path in sorted((root / folder).rglob("*.md"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if WORK_NOTES.search(line)]
    assert found == [], "\n".join(found)


# Each card game's lesson, in each edition: the title of its last section.
LESSON_ENDS = {"docs/trois-ombres/index.md": "What next", "docs/time-chase/index.md": "What next",
               "docs/fr/trois-ombres/index.md": "Et ensuite", "docs/fr/time-chase/index.md": "Et ensuite"}


@pytest.mark.parametrize("path", sorted(LESSON_ENDS))
def test_a_card_game_lesson_ends_with_what_a_reader_does_next(path: str) -> None:
    """The lesson is for players: no command-line session in it.  Its last section says what to do next:
    play in the playground, settle a rule (questions, rulings), and try the command line, whose page has
    the game's sessions in a section of its own, the one the lesson links to."""
    from markdown.extensions.toc import slugify

    game = path.split("/")[-2]
    text = (ROOT / path).read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.M)[1:]
    assert sections[-1].split("\n", 1)[0] == LESSON_ENDS[path], [s.split("\n", 1)[0] for s in sections]
    assert "```oracle-session" not in text, f"{path}: a command-line session in a player's lesson"
    links = re.findall(r"\]\(([^)#]+)", sections[-1])
    assert [any(link.endswith(end) for link in links) for end in ("playground.md", "questions.md", "rulings.md",
                                                                 "cli.md")] == [True] * 4, links
    cli = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    own = {slugify(heading, "-"): body for heading, body in re.findall(r"^## (.+)\n((?:(?!^## ).*\n)*)", cli, re.M)}
    anchors = re.findall(r"cli\.md#([\w-]+)", sections[-1])
    assert len(anchors) == 1 and anchors[0] in own, (anchors, list(own))
    assert f"$ oracle --game {game} " in own[anchors[0]], f"cli.md#{anchors[0]} holds no session of {game}"


CARD_LESSONS = [(game, folder) for game in ["time-chase", "trois-ombres"] for folder in ["docs", "docs/fr"]]


def test_the_card_games_lessons_have_one_title_pattern_and_a_list_of_their_parts() -> None:
    """The lesson of each card game, in each edition, is titled by one pattern, the game's name first
    (`editions.LESSON_TITLE`), and lists its parts near the top, before the first one: a link to each
    section, in the page's order, by the anchor the build gives it (the build checks it exists)."""
    from markdown.extensions.toc import slugify

    from oracle.tools.site import editions

    for game, folder in CARD_LESSONS:
        path = ROOT / folder / game / "index.md"
        language = editions.page_language(path.relative_to(ROOT / "docs").as_posix())
        text = path.read_text(encoding="utf-8")
        title = text.split("\n", 1)[0]
        assert title == "# " + editions.LESSON_TITLE[language].format(game=editions.GAME_NAMES[language][game]), path
        top = " ".join(text.split("\n## ", 1)[0].split())
        listed = re.findall(r"\]\(#([\w-]+)\)", top.split(editions.ON_THIS_PAGE[language], 1)[-1])
        sections = [slugify(heading, "-") for heading in re.findall(r"^## (.+)$", text, flags=re.M)]
        assert editions.ON_THIS_PAGE[language] in top and listed == sections, (path, listed, sections)
