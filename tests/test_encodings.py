"""Each game's encoding (oracle.interface.Encoding): every legal action has one number that stands for it,
and every view gives a tensor of the documented shape.  No third-party package is needed.  (L'heure des 3
ombres has its own: tests/trois_ombres/test_encoding.py.)"""

from __future__ import annotations

import random
from fractions import Fraction
from math import factorial
from typing import Any

import pytest

from oracle.adapters.table import Step, Table
from oracle.errors import NotationError
from oracle.games import load_game
from oracle.games.time_chase.encoding import SECTIONS as TC_SECTIONS
from oracle.games.ttykm.encoding import PLANES
from oracle.interface import encoding_of

TTYKM_RULESETS = ("standard", "growth", "influence", "memory", "growth+influence", "growth+memory",
                  "influence+memory", "convergence")


def random_play(table: Table, seed: int, turns: int) -> list[Step]:
    """A random play's steps, chance drawn by the game."""
    rng = random.Random(seed)
    step = table.start()
    out = [step]
    while step.kind != "over" and len(out) < turns:
        if step.kind == "chance":
            step = step.after(table.game.sample_chance(step.state, table.rules, rng))
        elif step.kind == "simultaneous":
            step = step.play_joint([rng.choice(list(step.legal(p))) for p in step.actors()])
        else:
            player = step.actors()[0]
            step = step.play(player, rng.choice(list(step.legal(player))))
        out.append(step)
    return out


def check_numbering(table: Table, steps: list[Step]) -> None:
    encoding, rules = table.encoding, table.rules
    for step in steps:
        for player in step.actors() if step.kind in ("player", "simultaneous") else ():
            actions = table.game.legal_actions(step.state, rules, player)
            numbers = [encoding.action_id(a, rules) for a in actions]
            assert len(set(numbers)) == len(numbers)
            assert all(0 <= n < encoding.num_actions(rules) for n in numbers)
            assert [encoding.action_of(n, rules) for n in numbers] == list(actions)


def check_tensors(table: Table, steps: list[Step]) -> None:
    size = 1
    for dim in table.encoding.observation_shape(table.rules):
        size *= dim
    for step in steps[:: max(1, len(steps) // 8)]:
        for player in range(table.players):
            tensor = step.tensor(player)
            assert len(tensor) == size and min(tensor) >= 0


@pytest.mark.rule("ENCODING.ACTIONS", "ENCODING.OBSERVATION")
@pytest.mark.parametrize("ruleset", TTYKM_RULESETS)
def test_ttykm_turns_have_one_number_each(ruleset: str) -> None:
    table = Table("ttykm", ruleset, "pull=sideways" if "influence" in ruleset else None)
    steps = random_play(table, 1, 40)
    check_numbering(table, steps)
    check_tensors(table, steps)


def test_ttykm_numbers_follow_the_documented_formula() -> None:
    """``((copy * A + first) * A + second) * 3 + focus``: a1 N E >present under the standard alphabet (A = 7)."""
    game = load_game("ttykm")
    rules = game.parse_rules(None, None)
    encoding = encoding_of(game)
    assert encoding.num_actions(rules) == 17 * 7 * 7 * 3
    assert encoding.action_id(game.parse_action("a1 N E >present"), rules) == ((0 * 7 + 1) * 7 + 2) * 3 + 1
    assert encoding.action_id(game.parse_action(">future"), rules) == ((16 * 7 + 0) * 7 + 0) * 3 + 2
    with pytest.raises(NotationError):
        encoding.action_of(((16 * 7 + 1) * 7 + 0) * 3, rules)  # an action with no copy


def test_ttykm_observation_marks_the_start() -> None:
    game = load_game("ttykm")
    rules = game.parse_rules(None, None)
    tensor = encoding_of(game).observation_tensor(game.observe(game.initial_state(rules), 0), 0, rules)

    def plane(name: str, era: int) -> list[float]:
        k = (PLANES.index(name) * 3 + era) * 16
        return tensor[k:k + 16]

    assert [plane("white copy", e)[0] for e in range(3)] == [1.0, 1.0, 1.0]  # a1 of every era
    assert [plane("black copy", e)[15] for e in range(3)] == [1.0, 1.0, 1.0]  # d4 of every era
    assert sum(plane("white focus", 0)) == 16 and sum(plane("white focus", 1)) == 0
    assert sum(plane("black focus", 2)) == 16


@pytest.mark.rule("TC.ENCODING.ACTIONS", "TC.ENCODING.OBSERVATION")
@pytest.mark.parametrize("players", [3, 6])
def test_time_chase_plays_and_bids_have_one_number_each(players: int) -> None:
    table = Table("time-chase", None, f"players={players}")
    steps = random_play(table, players, 200)
    check_numbering(table, steps)
    check_tensors(table, steps)
    assert table.encoding.observation_shape(table.rules) == (sum(size for _, size in TC_SECTIONS),)


def test_time_chase_view_tensor_holds_only_the_players_own_hand() -> None:
    table = Table("time-chase", None, None)
    step = random_play(table, 5, 2)[-1]
    hands: Any = table.game.state_to_json(step.state)["hands"]
    own_hand = TC_SECTIONS.index(("own hand", 65))
    offset = sum(size for _, size in TC_SECTIONS[:own_hand])
    for player in range(4):
        block = step.tensor(player)[offset:offset + 65]
        held = {table.encoding.action_id(table.game.parse_action(card), table.rules) for card in hands[player]}
        assert {k for k, v in enumerate(block) if v} == held


def deal_by_parts(table: Table, rng: random.Random) -> tuple[Step, Fraction]:
    """A deal made part by part (each part drawn with its probability), and the product of those probabilities."""
    step = table.start()
    assert table.hidden is not None
    chance = Fraction(1)
    while step.kind == "chance" and step.action is None:
        parts = table.hidden.deal_parts(step.state, table.rules, step.dealt)
        assert sum(p for _, p in parts) == 1 and all(p > 0 for _, p in parts)
        number, p = rng.choices(list(parts), [float(p) for _, p in parts])[0]
        chance *= p
        step = step.chance(number)
    return step, chance


@pytest.mark.rule("ENCODING.CHANCE", "TC.ENCODING.DEAL")
def test_chance_is_numbered_by_listed_order_or_dealt_card_by_card() -> None:
    ttykm = Table("ttykm", "convergence", None)
    start = ttykm.start()
    listed = ttykm.game.chance_outcomes(start.state, ttykm.rules)
    assert start.chance_outcomes() == [(k, float(p)) for k, (_, p) in enumerate(listed)]
    assert [start.chance_action(k) for k in range(len(listed))] == [a for a, _ in listed]
    # Time Chase, four players: 45 cards, ten to each hand lowest first, the Invariant, the first player.
    table = Table("time-chase", None, None)
    first = table.start().chance_outcomes()
    in_play = [13 * suit + rank - 1 for suit in range(5) for rank in range(5, 14)]  # ranks 1-4 set aside
    assert [n for n, _ in first] == in_play[:36]  # p0's lowest card leaves room for nine above it
    for seed in range(3):
        step, chance = deal_by_parts(table, random.Random(seed))
        assert len(step.trail()) == 43 and step.state.phase == "bid"  # 42 parts, the last one the deal itself
        # The chance of one deal, as the shuffle gives it (TC.SHUFFLE): 10!^4 4! / 45! for the cards, 1/4 the first.
        assert chance == Fraction(factorial(10) ** 4 * factorial(4), factorial(45)) / 4
    with pytest.raises(NotationError):
        table.start().chance(0)  # R1 is not in play with four players


def test_a_play_pickles_as_its_actions_in_the_notation() -> None:
    import pickle

    table = Table("time-chase", None, "players=3")
    step = random_play(table, 2, 12)[-1]
    payload = pickle.dumps(step)
    assert b"deal first=" in payload and b"bids " in payload
    again = pickle.loads(payload)
    assert table.game.format_state(again.state) == table.game.format_state(step.state)
    assert again.information_state(1) == step.information_state(1)


def test_queries_and_the_encodings_import_no_framework() -> None:
    """The oracle keeps no runtime dependency: a query, and a play through `oracle.adapters.table`, load no
    game-AI framework (nor numpy)."""
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from oracle.tools.cli.main import main\n"
        "main(['moves'])\n"
        "main(['--game', 'time-chase', 'start', '--seed', '1'])\n"
        "from oracle.adapters.table import Table\n"
        "for name in ('ttykm', 'time-chase', 'trois-ombres'):\n"
        "    step = Table(name, None, None).start()\n"
        "    step.tensor(0), step.information_state(0)\n"
        "heavy = ('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium', 'numpy')\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & set(heavy)))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]"


def test_the_adapters_reach_the_games_only_through_the_interface() -> None:
    import ast
    from pathlib import Path

    allowed = {"oracle.games", "oracle.interface", "oracle.errors", "oracle.adapters.table"}
    folder = Path(__file__).resolve().parents[1] / "oracle" / "adapters"
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("oracle"):
                assert node.module in allowed, f"{path.name} imports {node.module}"


def spec_table(path: str, clause: str) -> list[list[str]]:
    """The rows of the first table under a clause of the spec."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "spec" / path).read_text(encoding="utf-8")
    body = text[text.index(f"### {clause} ·"):]
    rows = [line for line in body.splitlines() if line.startswith("|")]
    first = body.index(rows[0])
    table = []
    for line in body[first:].splitlines():
        if not line.startswith("|"):
            break
        table.append([cell.strip() for cell in line.strip("|").split("|")])
    return [row for row in table[1:] if not set(row[0]) <= {"-", " "}]


def test_the_specs_tables_are_the_encodings() -> None:
    """The documented sizes and sections are the code's (spec/<game>/encoding.md)."""
    from oracle.games.trois_ombres.components import Setup
    from oracle.games.trois_ombres.encoding import sections

    game = load_game("ttykm")
    for rules_name, alphabet, numbers in spec_table("ttykm/encoding.md", "ENCODING.ACTIONS"):
        rules = game.parse_rules(rules_name.split(" ")[0], None)
        assert f"{encoding_of(game).num_actions(rules):,}" == numbers, rules_name
        assert ((int(alphabet) + 1) ** 2) * 17 * 3 == int(numbers.replace(",", ""))
    planes = {int(row[i]): row[i + 1] for row in spec_table("ttykm/encoding.md", "ENCODING.OBSERVATION")
              for i in (0, 2) if row[i]}
    assert [planes[k].startswith(name) for k, name in enumerate(PLANES)] == [True] * len(PLANES) == [True] * 29
    chase = spec_table("time-chase/encoding.md", "TC.ENCODING.OBSERVATION")
    assert [int(size) for _, size in chase] == [size for _, size in TC_SECTIONS]
    ombres = spec_table("trois-ombres/encoding.md", "OMBRES.ENCODING.OBSERVATION")
    assert [int(row[2]) for row in ombres] == [size for _, size in sections(Setup())]
