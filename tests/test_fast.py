"""The compiled engine agrees with the spec (`oracle.games.ttykm.fast`): the standard game, every
chapter ruleset and pair, and every variant the fast perft mirrors, in every ruleset it changes.

On random positions (sparse, crowded onto one era, reached by random play;
for the chapters, crowded with every kind of object and reached by random
play) the compiled engine gives the same legal turns, in the same order,
with the same position after each, as the plain rules
(`rules.standard.successors`); its turn count, turn numbers, the position
after each number, its observation planes and its perft agree with the
spec's encoding, apply and perft, and it counts every published count of
the vectors again.  The quick tier checks a few hundred positions; the slow
tier 5,760 across every ruleset (bench/fast_engine.py runs 130,000).  Without
the extension (a clean install with no C compiler), `fast` answers with the
spec and every check here still holds.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator

import pytest

from oracle.games.ttykm import fast
from oracle.games.ttykm.encoding import ENCODING, observation_tensor
from oracle.games.ttykm.notation import parse_position, position_to_json
from oracle.games.ttykm.perft import perft, perft_plain
from oracle.games.ttykm.rules.standard import apply_turn, start_position, successors
from oracle.games.ttykm.ruleset import STANDARD, VARIANTS, Ruleset
from oracle.games.ttykm.state import Position
from tests.chapter_positions import crowded_position
from tests.positions import random_position
from tests.test_perft_chapters import CHAPTER_RULESETS, scoped

HIDDEN = "oracle.games.ttykm._engine" in sys.modules and sys.modules["oracle.games.ttykm._engine"] is None
"""The extension hidden on purpose (tests/test_fast_build.py runs this file so): the spec answers."""


def positions(seed: int, count: int) -> Iterator[Position]:
    """``count`` positions not over: a third sparse, a third crowded onto the mover's Focus era (long
    push chains, crushes and paradoxes), a third reached by random play from the start."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        kind = made % 3
        if kind == 0:
            position = random_position(rng)
        elif kind == 1:
            position = random_position(rng, dense=True)
        else:
            position = playout(rng, rng.randint(1, 16))
        if position.winner is None:
            made += 1
            yield position


def playout(rng: random.Random, plies: int) -> Position:
    """The position after up to ``plies`` random turns from the start, played on `fast` (cheap inputs:
    each position it reaches is checked like any other)."""
    position = Position.start()
    for _ in range(plies):
        options = fast.successors(position)
        if not options:
            break
        position = rng.choice(options)[1]
    return position


FREE = Ruleset.parse("copy-choice=free")


def assert_agrees(position: Position, sample: random.Random | None = None, ruleset: Ruleset | None = None) -> None:
    """The compiled engine's turns, positions after, count and numbers are the spec's, on ``position``
    under ``ruleset`` (default: the standard rules; or a variant the compiled engine mirrors)."""
    ruleset = STANDARD if ruleset is None else ruleset
    plain = successors(position, ruleset)
    assert fast.successors(position, ruleset) == plain, position
    if fast.chosen() != fast.COMPILED:
        return
    assert fast.covers(position, ruleset)
    assert fast.count_turns(position, ruleset) == len(plain), position
    numbered = {ENCODING.action_id(turn, STANDARD): after for turn, after in plain}
    assert fast.turn_ids(position, ruleset) == sorted(numbered), position
    checked = list(numbered.items()) if sample is None else sample.sample(list(numbered.items()), min(4, len(numbered)))
    for action_id, after in checked:
        assert fast.after_id(position, action_id, ruleset) == after, (position, action_id)


CHAPTERS = tuple(Ruleset.parse(name) for name in CHAPTER_RULESETS)
"""Every chapter ruleset and pair (a Convergence game once drawn is one of the pairs)."""
VARIANT_RULESETS = tuple(rules for variant in sorted(VARIANTS) for rules in scoped(variant))
"""Each variant in every ruleset the scope table lets it change (VARIANT.SCOPE), as the fast perft's tests
name them: the standard game's variants and the chapters'."""


def chapter_positions(rules: Ruleset, seed: int, count: int) -> Iterator[Position]:
    """``count`` positions of ``rules`` not over: half crowded with copies and every kind of object the
    chapters bring, half reached by random play from the start (on `fast`, each position checked)."""
    rng = random.Random(seed)
    made = 0
    position = start_position(rules)
    while made < count:
        if made % 2 == 0:
            candidate = crowded_position(rng, rules.chapters)
        else:
            options = fast.successors(position, rules)
            position = start_position(rules) if position.winner is not None or not options else \
                rng.choice(options)[1]
            candidate = position
        if candidate.winner is None:
            made += 1
            yield candidate


def assert_agrees_in(position: Position, ruleset: Ruleset, sample: random.Random) -> None:
    """The compiled engine's turns, positions after, count, numbers (the ruleset's alphabet) and positions
    after a few numbers are the spec's, on a position of any ruleset the compiled engine covers."""
    plain = successors(position, ruleset)
    assert fast.successors(position, ruleset) == plain, (ruleset.name, position)
    assert fast.legal_turns(position, ruleset) == [turn for turn, _ in plain], (ruleset.name, position)
    if fast.chosen() != fast.COMPILED:
        return
    if fast.covers(position, ruleset):
        assert_agrees(position, sample, ruleset)
        return
    assert fast.covers_chapters(position, ruleset), (ruleset.name, position)
    assert fast.chapter_count_turns(position, ruleset) == len(plain), (ruleset.name, position)
    numbered = {ENCODING.action_id(turn, ruleset): after for turn, after in plain}
    assert fast.chapter_turn_ids(position, ruleset) == sorted(numbered), (ruleset.name, position)
    for action_id, after in sample.sample(list(numbered.items()), min(4, len(numbered))):
        assert fast.chapter_after_id(position, action_id, ruleset) == after, (ruleset.name, position, action_id)
    assert fast.chapter_after_id(position, max(numbered) + 1, ruleset) is None


def test_start() -> None:
    start = Position.start()
    assert_agrees(start)
    assert [perft(start, depth) for depth in range(1, 7)] == [16, 256, 5696, 123888, 3273456, 98004688]


def test_agrees_with_the_spec_on_400_positions() -> None:
    """The quick tier's share of the differential below: the standard rules, and copy-choice=free."""
    sample = random.Random(1)
    for k, position in enumerate(positions(20261201, 400)):
        assert_agrees(position, sample, FREE if k % 4 == 3 else STANDARD)


def test_agrees_with_the_spec_in_every_chapter_ruleset_and_under_every_variant() -> None:
    """The quick tier's share of the chapters: 8 positions of each chapter ruleset and pair, 2 under each
    variant in each ruleset it changes."""
    sample = random.Random(3)
    for k, rules in enumerate(CHAPTERS + VARIANT_RULESETS):
        for position in chapter_positions(rules, 20261205 + k, 8 if k < len(CHAPTERS) else 2):
            assert_agrees_in(position, rules, sample)


SLOW_STANDARD = 4000
"""The slow differential's standard positions (one in five under copy-choice=free); 150 of each chapter
ruleset and pair and 10 under each variant in each ruleset it changes follow.  The long runs (100,000
standard positions, 30,000 of the chapters and variants) are bench/fast_engine.py's."""


@pytest.mark.slow
@pytest.mark.parametrize("part", ("standard", "chapters", "variants"))
def test_agrees_with_the_spec_on_positions_of_every_ruleset(part: str) -> None:
    """5,760 positions: 3,200 of the standard rules and 800 under copy-choice=free, 150 of each chapter ruleset
    and pair (900), and 10 under each variant in each ruleset it changes (860).  The spec's side costs about
    1.4 ms of CPU a standard position and 5 to 7 ms a chapter one."""
    sample = random.Random(part)
    if part == "standard":
        for k, position in enumerate(positions(7000, SLOW_STANDARD)):
            assert_agrees(position, sample, FREE if k % 5 == 4 else STANDARD)
        return
    chapters = part == "chapters"
    for k, rules in enumerate(CHAPTERS if chapters else VARIANT_RULESETS):
        for position in chapter_positions(rules, (8000 if chapters else 9000) + k, 150 if chapters else 10):
            assert_agrees_in(position, rules, sample)


def test_positions_with_every_push_outcome() -> None:
    """Hand-made rows: chains to the wall, into an empty square and into a copy of the chain's end colour."""
    for text in (
        "3b/4/4/4|4/4/4/wbwb|3b/4/4/w3 turn=w focus=present,future supply=4,3 removed=0,0",
        "3b/4/4/w3|b3/w3/b3/w3|3b/4/4/w3 turn=w focus=present,future supply=3,3 removed=0,0",
        "3b/4/4/w3|4/4/4/wbww|3b/4/4/w3 turn=w focus=present,future supply=2,4 removed=0,0",
        "4/4/4/4|wbwb/bwbw/wbwb/bw2|4/4/4/4 turn=b focus=past,present supply=0,0 removed=0,0",
        "4/4/4/4|bwbw/wbwb/bwbw/wb2|4/4/4/4 turn=w focus=past,present supply=0,0 removed=0,0",
    ):
        assert_agrees(parse_position(text))


def test_perft_agrees_with_the_plain_rules() -> None:
    rng = random.Random(11)
    for position in list(positions(5, 30)):
        assert perft(position, 2) == perft_plain(position, 2), position
        assert perft(position, 2, FREE) == perft_plain(position, 2, FREE), position
    for _ in range(5):
        position = random_position(rng, dense=True)
        if position.winner is None:
            assert perft(position, 3) == perft_plain(position, 3), position


def test_the_table_changes_no_count() -> None:
    for position in positions(3, 20):
        assert perft(position, 4) == perft(position, 4, cache=False), position


def test_observation_planes_are_the_encodings() -> None:
    if fast.chosen() != fast.COMPILED:
        pytest.skip("the compiled engine is not in use: the encoding itself makes the planes")
    for position in positions(9, 300):
        expected = [float(f"{x:.7g}") for x in observation_tensor(position_to_json(position))]
        got = [float(f"{x:.7g}") for x in fast.tensor(position)]
        assert got == expected, position
    for k, rules in enumerate(CHAPTERS):  # the chapters' objects too, and a won game
        play = fast.compiled_play(rules)
        assert play is not None
        for position in chapter_positions(rules, 90 + k, 12):
            after = [after for _, after in fast.successors(position, rules)]
            for seen in (position, *[a for a in after if a.winner is not None][:1]):
                expected = [float(f"{x:.7g}") for x in observation_tensor(position_to_json(seen))]
                got = [float(f"{x:.7g}") for x in play.tensor(seen, 0)]
                assert got == expected, (rules.name, seen)


def test_a_position_after_is_the_one_apply_makes() -> None:
    for position in positions(13, 40):
        for turn, after in fast.successors(position)[:10]:
            assert apply_turn(position, turn).position == after


@pytest.mark.skipif(HIDDEN, reason="the extension is hidden: the spec answers")
def test_the_compiled_engine_is_built_and_chosen() -> None:
    """Where the package was installed or built with a C compiler (CI, ./dev), the compiled engine plays."""
    assert fast.available() == ("compiled", "spec")
    assert fast.chosen() == fast.COMPILED
    assert fast.note() is None
    growth = Ruleset.parse("growth")
    assert fast.covers_chapters(start_position(growth), growth) and not fast.covers(start_position(growth), growth)
    assert fast.description().startswith("compiled (C) for the standard game, the chapters and pairs")
    convergence = Ruleset.parse("convergence")
    assert not fast.covers_chapters(start_position(convergence), convergence)  # before its draw: the spec's


def test_a_variant_that_does_not_change_the_ruleset_is_refused_as_the_spec_refuses_it() -> None:
    from oracle.errors import InapplicableVariant

    start = start_position(Ruleset.parse("growth"))
    for answer in (successors, fast.successors, fast.legal_turns):
        with pytest.raises(InapplicableVariant, match="pull=automatic does not change the rules of growth"):
            answer(start, Ruleset.parse("growth+pull=automatic"))


def test_a_cluster_worker_counts_a_chapter_subtree_on_the_engine_its_caller_chose() -> None:
    """`perft.count_text`, what each Dask worker runs (`oracle perft --workers`): it counts on the engine named,
    and each engine gives the same count."""
    from oracle.games.ttykm.notation import format_position
    from oracle.games.ttykm.perft import count_text

    rules = Ruleset.parse("growth+memory")
    text = format_position(fast.successors(start_position(rules), rules)[7][1])
    before = fast.chosen()
    counts = {}
    try:
        for name in fast.available():
            counts[name] = count_text(text, 3, rules.name, name)
            assert fast.chosen() == name
    finally:
        fast.use(before)
    assert len(set(counts.values())) == 1 and counts["spec"] > 100_000, counts


def test_a_build_without_the_chapters_plays_them_on_the_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    """An extension built before the chapters were compiled (a checkout not rebuilt) still answers, and
    says what it compiles: the spec plays the chapters and the variants other than copy-choice=free."""
    monkeypatch.setattr(fast, "_chapters_built", False)
    growth = Ruleset.parse("growth")
    start = start_position(growth)
    assert not fast.covers_chapters(start, growth)
    assert perft(start, 3, growth) == 225296
    assert fast.successors(start, growth) == successors(start, growth)
    if fast.chosen() == fast.COMPILED:
        assert fast.description().startswith("compiled (C) for the standard game; the spec for the chapters")


def test_the_switch_between_engines() -> None:
    before = fast.chosen()
    try:
        fast.use("spec")
        assert fast.chosen() == "spec" and not fast.covers(Position.start())
        assert perft(Position.start(), 3) == 5696
    finally:
        fast.use(before)
    with pytest.raises(ValueError, match="'turbo' is not an engine here"):
        fast.use("turbo")


@pytest.mark.skipif(HIDDEN, reason="the extension is hidden: the spec answers")
def test_the_compiled_engine_refuses_what_is_not_a_position() -> None:
    from oracle.games.ttykm import _engine  # type: ignore[attr-defined]

    for state in ((1, 1, 4, 4, 0, 2), (1 << 48, 0, 4, 4, 0, 2), (1, 2, 5, 4, 0, 2), (1, 2, 4, 4, 3, 2),
                  (0x7F, 0, 1, 4, 0, 2), (1, 2, -1, 4, 0, 2)):
        with pytest.raises(ValueError, match=r"POSITION\.VALID"):
            _engine.count_turns(state)
    with pytest.raises(ValueError, match="depth"):
        _engine.perft((1, 2, 4, 4, 0, 2), 0)


COMPILED_UP_TO = 4_000_000_000
"""The published counts of the standard game the compiled engine counts again in CI: up to perft(7) from the
start (about a second); the deeper ones (the start's perft(8) and its divide's parts) are bench/deep_perft.py's."""
COMPILED_CHAPTERS_UP_TO = 1_300_000_000
"""The chapters' and variants' likewise: up to Growth's perft(5) from its start (about a second and a half);
the deeper ones (each chapter start one depth further) are bench/deep_perft.py's."""
SPEC_UP_TO = 600_000
"""The published counts the spec engine's fast perft counts again here (tests/test_vectors.py counts others)."""


def published() -> Iterator[tuple[Ruleset, str, Position, int, int]]:
    """Every count of every TTYKM ruleset's ``vectors/*/perft.txt``: (ruleset, id, position, depth, count)."""
    import json
    from pathlib import Path

    from oracle.games.ttykm.ruleset import UnknownVariant
    from oracle.tools.vectors import read_perft

    for folder in sorted((Path(__file__).resolve().parent.parent / "vectors").iterdir()):
        manifest = folder / "manifest.json"
        if not manifest.is_file():
            continue
        name = json.loads(manifest.read_text(encoding="utf-8"))["variant"]
        try:
            ruleset = Ruleset.parse(name)
        except UnknownVariant:
            continue  # another game's vectors
        for record in read_perft((folder / "perft.txt").read_text(encoding="utf-8")):
            position = parse_position(record.state)
            for depth, nodes in record.counts:
                yield ruleset, record.name, position, depth, nodes


@pytest.mark.slow
def test_every_published_count_is_reproduced_by_both_engines() -> None:
    """Every ruleset's vectors: the compiled engine counts each count up to its limit; the spec engine
    the standard game's and copy-choice=free's small ones."""
    before = fast.chosen()
    counted = {"compiled": 0, "compiled chapters": 0, "spec": 0}
    try:
        for ruleset, name, position, depth, nodes in published():
            standard = position.chapters is None and ruleset.variants <= fast.COMPILED_VARIANTS
            engines = (("compiled", COMPILED_UP_TO), ("spec", SPEC_UP_TO)) if standard else \
                (("compiled chapters", COMPILED_CHAPTERS_UP_TO),)
            for engine, limit in engines:
                if nodes <= limit and engine.split()[0] in fast.available():
                    fast.use(engine.split()[0])
                    assert perft(position, depth, ruleset) == nodes, (ruleset.name, name, depth, engine)
                    counted[engine] += 1
    finally:
        fast.use(before)
    assert counted["spec"] >= 60
    assert (counted["compiled"] >= 80 and counted["compiled chapters"] >= 180) or "compiled" not in fast.available()


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from oracle.tools.cli.main import main

    before = fast.chosen()
    try:
        code = main(argv)
    finally:
        fast.use(before)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_engine_switch_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """``--engine-impl`` picks the engine that counts and lists: the same answers from each, and a name
    this installation has not, or a game has not, refused in one line (exit 2)."""
    answers = {name: (run_cli(["perft", "3", "--engine-impl", name], capsys),
                      run_cli(["moves", "--engine-impl", name], capsys)) for name in fast.available()}
    assert len(set(answers.values())) == 1 and next(iter(answers.values()))[0][0] == 0
    assert "5696" in next(iter(answers.values()))[0][1]
    for argv in (["perft", "2", "--engine-impl", "turbo"], ["--game", "time-chase", "moves", "--engine-impl",
                                                            "compiled"]):
        code, out, err = run_cli(argv, capsys)
        assert code == 2 and out == "" and err.count("\n") == 1 and argv[-1] in err, (argv, err)


def test_the_engine_chosen_on_the_command_line_is_the_commands_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """A process that runs several commands in turn (the tests, a caller of `main`) keeps its own engine."""
    from oracle.tools.cli.main import main

    before = fast.chosen()
    assert main(["perft", "2", "--engine-impl", "spec"]) == 0
    capsys.readouterr()
    assert fast.chosen() == before
