"""The compiled engine of the standard game agrees with the spec (`oracle.games.ttykm.fast`).

On random positions (sparse, crowded onto one era, reached by random play)
the compiled engine gives the same legal turns, in the same order, with the
same position after each, as the plain rules (`rules.standard.successors`);
its turn numbers, the position after each number, its observation planes
and its perft agree with the spec's encoding, apply and perft.  Without the
extension (a clean install with no C compiler), `fast` answers with the spec
and every check here still holds.
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
from oracle.games.ttykm.rules.standard import apply_turn, successors
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import Position
from tests.positions import random_position

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


def test_start() -> None:
    start = Position.start()
    assert_agrees(start)
    assert [perft(start, depth) for depth in range(1, 7)] == [16, 256, 5696, 123888, 3273456, 98004688]


def test_agrees_with_the_spec_on_2000_positions() -> None:
    """The quick tier's share of the differential below."""
    sample = random.Random(1)
    for position in positions(20261201, 2000):
        assert_agrees(position, sample)


def test_agrees_with_the_spec_under_copy_choice_free_on_1000_positions() -> None:
    sample = random.Random(2)
    for position in positions(20261204, 1000):
        assert_agrees(position, sample, FREE)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(5))
def test_agrees_with_the_spec_on_20000_positions(part: int) -> None:
    """20,000 positions of the standard rules in four parts of 5,000, and 5,000 under copy-choice=free
    (the spec's side costs about half a millisecond each)."""
    sample = random.Random(part)
    for position in positions(7000 + part, 5000):
        assert_agrees(position, sample, FREE if part == 4 else STANDARD)


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
"""The published counts the compiled engine counts again in CI: up to perft(7) from the start (about a second);
the deeper ones (the start's perft(8) and its divide's parts) are bench/deep_perft.py's."""
SPEC_UP_TO = 600_000
"""The published counts the spec engine's fast perft counts again here (tests/test_vectors.py counts others)."""


@pytest.mark.slow
def test_every_published_count_of_the_standard_game_and_copy_choice_free_is_reproduced_by_both_engines() -> None:
    from pathlib import Path

    from oracle.tools.vectors import read_perft

    vectors = Path(__file__).resolve().parent.parent / "vectors"
    before = fast.chosen()
    counted = {"compiled": 0, "spec": 0}
    try:
        for ruleset in (STANDARD, FREE):
            text = (vectors / ruleset.name.replace("=", "-") / "perft.txt").read_text(encoding="utf-8")
            for record in read_perft(text):
                position = parse_position(record.state)
                for depth, nodes in record.counts:
                    for name, limit in (("compiled", COMPILED_UP_TO), ("spec", SPEC_UP_TO)):
                        if nodes <= limit and name in fast.available():
                            fast.use(name)
                            assert perft(position, depth, ruleset) == nodes, (ruleset.name, record.name, depth, name)
                            counted[name] += 1
    finally:
        fast.use(before)
    assert counted["spec"] >= 60
    assert counted["compiled"] >= 80 or "compiled" not in fast.available()


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
