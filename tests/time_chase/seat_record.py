"""A seeded Time Chase game written down from one player's seat, as a record for ``oracle replay``.

The game is played on the whole table with uniformly random legal choices
(`tests.time_chase.games.random_game`); the record starts from the seat's
view before the deal, and its deal is the same deal written from the seat
(the seat's hand and the Invariant named, every other card ``?``), drawn
from the same seed.  Every later action is the one played at the table.

``python -m tests.time_chase.seat_record`` rewrites the committed record,
`RECORD`; `tests/time_chase/test_records.py` checks that it is what this
module makes.
"""

from __future__ import annotations

from pathlib import Path
from random import Random

from oracle.games import load_game
from oracle.tools.records import write_record
from tests.time_chase.games import random_game

SEED = 15
SEAT = 1
PLAYERS = 4
RECORD = Path(__file__).with_name("seat-game.jsonl")


def seat_record(seed: int = SEED, seat: int = SEAT, players: int = PLAYERS) -> str:
    """The record of the seeded game, written from ``seat``'s view."""
    game = load_game("time-chase")
    rules = game.parse_rules(None, f"players={players}")
    table = list(random_game(seed, rules))
    start = game.state_from_json(game.observe(game.initial_state(rules), seat))
    deal = game.sample_chance(start, rules, Random(seed))  # the first draw of random_game's generator
    dealt = game.apply(start, deal, rules).state
    # The deal written from the seat is the table's deal as that seat sees it.
    assert game.format_state(dealt) == game.format_state(game.state_from_json(game.observe(table[0].after, seat)))
    return write_record(game, rules, start, [deal, *(step.action for step in table[1:])])


if __name__ == "__main__":
    RECORD.write_text(seat_record(), encoding="utf-8")
    print(RECORD)
