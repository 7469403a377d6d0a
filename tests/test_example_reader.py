"""The one worked-example reader every game's examples go through (`oracle.games.worked_examples`)."""

from __future__ import annotations

import pytest

from oracle.games import worked_examples
from oracle.games.worked_examples import ExampleFields, ExampleFormatError, WorkedExample, blocks_in, examples_in

FORM = ExampleFields(scalars=("title", "rules", "state"), lists=("actions",), required="state")
TEXT = "Prose.\n\n```example\ntitle: t\nrules: A.B\nstate: s\nactions:\n- one\n  two\n```\n\nMore.\n"


def test_both_list_item_forms_are_read() -> None:
    (example,) = examples_in(TEXT, "p.md", FORM, WorkedExample)
    assert example.lists["actions"] == ["one", "two"]
    assert (example.title, example.rules, example.where) == ("t", ("A.B",), "p.md:3")
    (block,) = blocks_in(TEXT)
    assert (block.start, block.end) == (2, 9)


@pytest.mark.parametrize("bad, message", [
    (TEXT.replace("state: s\n", ""), "needs a state"),
    (TEXT.replace("rules: A.B\n", ""), "needs rules"),
    (TEXT.replace("title: t\n", "title: t\ntitle: u\n"), "given twice"),
    (TEXT.replace("title: t\n", "colour: red\n"), "unknown example field 'colour'"),
    (TEXT.replace("title: t\n", "- stray\n"), "a list item outside a list field"),
])
def test_a_malformed_block_is_named(bad: str, message: str) -> None:
    with pytest.raises(ExampleFormatError, match=message):
        worked_examples.examples_in(bad, "p.md", FORM, WorkedExample)


def test_every_game_shares_the_reader_and_its_error() -> None:
    from oracle.games.time_chase import examples as time_chase
    from oracle.games.trois_ombres import examples as trois_ombres
    from oracle.games.ttykm import examples as ttykm

    for module in (ttykm, time_chase, trois_ombres):
        assert module.ExampleFormatError is ExampleFormatError
        assert issubclass(module.WorkedExample, WorkedExample)
