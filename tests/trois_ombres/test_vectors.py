"""The committed trois-ombres vectors re-export byte for byte, and every record holds."""

from __future__ import annotations

import json
from functools import cache

import pytest

from oracle.games.trois_ombres.game import GAME
from oracle.tools.game_vectors import build, replay
from tests.conftest import ROOT

DIRECTORY = ROOT / "vectors" / "trois-ombres"
RULES = GAME.parse_rules(None, None)


@cache
def fresh() -> dict[str, bytes]:
    return build("trois-ombres")


def test_committed_set_re_exports_byte_for_byte() -> None:
    files = fresh()
    committed = sorted(str(p.relative_to(DIRECTORY)) for p in DIRECTORY.rglob("*") if p.is_file())
    assert committed == sorted(files)
    for path, data in files.items():
        assert (DIRECTORY / path).read_bytes() == data, path


@pytest.mark.parametrize("number", [1, 2, 3])
def test_playthroughs_replay_from_their_actions_alone(number: int) -> None:
    text = (DIRECTORY / "playthroughs" / f"game-{number:02d}.txt").read_text(encoding="utf-8")
    assert "chance: deal " in text and "chance: die " in text
    replay("trois-ombres", text)
    with pytest.raises(ValueError):
        replay("trois-ombres", text.replace("chance: die loupe", "chance: die horloge", 1))


def test_apply_and_illegal_records_hold() -> None:
    for line in (DIRECTORY / "apply.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        applied = GAME.apply(GAME.parse_state(record["state"]), GAME.parse_action(record["action"]), RULES)
        assert GAME.format_state(applied.state) == record["after"]
        assert [GAME.event_text(e) for e in applied.events] == record["events"]
    rules_seen = set()
    for line in (DIRECTORY / "illegal.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        verdict = GAME.explain(GAME.parse_state(record["state"]), GAME.parse_action(record["action"]), RULES)
        assert (verdict.status, verdict.rule) == ("illegal", record["rule"])
        rules_seen.add(record["rule"])
    assert len(rules_seen) >= 2
