"""The test vectors: the committed sets re-export byte for byte, every file says
what the rules say, the playthroughs replay, and the CLI works."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from oracle.games import load_game
from oracle.games.ttykm.coverage import COVERAGE_EXEMPT, TtykmCoverage
from oracle.games.ttykm.notation import (
    event_text,
    format_position,
    format_turn,
    parse_position,
    parse_turn,
    position_from_json,
    turn_from_json,
)
from oracle.games.ttykm.perft import count_turns, perft, state_of
from oracle.games.ttykm.perft_table import CHAPTER_PERFT, CHAPTER_PLAIN_CHECKED, DEEP_PERFT, PLAIN_CHECKED, START_DIVIDE
from oracle.games.ttykm.rules.standard import apply_turn, explain, successors
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.vector_sets import COMMITTED, DEEP_PERFT_DEPTHS, NAMED_POSITIONS, ruleset_dir_name
from oracle.tools.cli.main import main
from oracle.tools.cli.vectors import spec_clauses
from oracle.tools.vectors import (
    MANIFEST,
    build,
    read_jsonl,
    read_perft,
    read_playthrough,
    replay,
)
from oracle.tools.vectors import coverage as set_coverage
from oracle.tools.vectors import coverage_table as set_coverage_table
from oracle.version import SPEC_VERSION, __version__
from tests.conftest import ROOT, TTYKM_SPEC

VECTORS = ROOT / "vectors"
SETS = {ruleset.name: VECTORS / ruleset_dir_name(ruleset) for ruleset in COMMITTED}
TTYKM = load_game("ttykm")


def export_set(ruleset: Ruleset) -> dict[str, bytes]:
    return build(TTYKM, TTYKM.vector_set(ruleset))


def coverage(files: dict[str, bytes]) -> tuple[dict[str, int], dict[str, int]]:
    return set_coverage(TTYKM, files)


def standard_game_clauses() -> list[str]:
    return TtykmCoverage().clauses(spec_clauses(TTYKM_SPEC))


def files_in(directory: Path) -> dict[str, bytes]:
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def standard() -> dict[str, bytes]:
    return export_set(STANDARD)


def text(files: dict[str, bytes], path: str) -> str:
    return files[path].decode("utf-8")


@pytest.mark.parametrize("name", sorted(SETS))
def test_committed_set_re_exports_byte_for_byte(name: str, standard: dict[str, bytes]) -> None:
    fresh = standard if name == "standard" else export_set(Ruleset.parse(name))
    committed = files_in(SETS[name])
    assert sorted(committed) == sorted(fresh)
    for path, blob in fresh.items():
        assert committed[path] == blob, f"{path} differs from a fresh export: run 'oracle vectors regenerate'"


@pytest.mark.parametrize("name", sorted(SETS))
def test_manifest_names_spec_variant_and_hashes(name: str) -> None:
    directory = SETS[name]
    manifest = json.loads((directory / MANIFEST).read_text())
    assert (manifest["format"], manifest["spec"], manifest["oracle"], manifest["variant"]) == (
        1, SPEC_VERSION, __version__, name)
    listed = {entry["path"]: entry for entry in manifest["files"]}
    assert set(listed) == set(files_in(directory)) - {MANIFEST}
    for path, entry in listed.items():
        blob = (directory / path).read_bytes()
        assert entry["sha256"] == hashlib.sha256(blob).hexdigest() and entry["bytes"] == len(blob)
        assert entry["records"] > 0


def test_the_committed_vectors_stay_small() -> None:
    # Every record is there twice, in the text notation and the JSON forms: about
    # 4 MB a set for the standard game and each variant, a little less per chapter.
    total = sum(len(blob) for directory in SETS.values() for blob in files_in(directory).values())
    assert total < 4_500_000 * len(SETS)


def test_positions_hold_complete_legal_turn_sets(standard: dict[str, bytes]) -> None:
    records = read_jsonl(text(standard, "positions.jsonl"))
    assert [r["id"] for r in records[: len(NAMED_POSITIONS)]] == [n.name for n in NAMED_POSITIONS]
    assert len(records) >= 40
    for record in records:
        position = parse_position(record["position"])
        assert record["count"] == len(record["turns"]) == len(set(record["turns"]))
        # The fast counter is an independent implementation of the same rules.
        assert record["count"] == (count_turns(state_of(position)) if position.winner is None else 0)
        for turn in record["turns"][:5]:
            assert explain(position, parse_turn(turn)).is_legal


def test_apply_cases_hold_position_and_events(standard: dict[str, bytes]) -> None:
    records = read_jsonl(text(standard, "apply.jsonl"))
    kinds = {line.split()[0] for record in records for line in record["events"]}
    assert kinds == {"chose", "moved", "pushed", "crushed", "paradox", "travelled", "created", "focus", "won"}
    for record in records:
        applied = apply_turn(parse_position(record["position"]), parse_turn(record["turn"]))
        assert format_position(applied.position) == record["after"]
        assert [event_text(e) for e in applied.events] == record["events"]
        assert record["winner"] == (applied.position.winner.word if applied.position.winner is not None else None)


def test_illegal_cases_cover_every_rule_complete_and_partial(standard: dict[str, bytes]) -> None:
    records = read_jsonl(text(standard, "illegal.jsonl"))
    for record in records:
        turn = parse_turn(record["turn"])
        verdict = explain(parse_position(record["position"]), turn)
        assert (verdict.status, verdict.rule, turn.is_complete) == ("illegal", record["rule"], record["complete"])
    rules = {(r["rule"], r["complete"]) for r in records}
    for rule in ("MOVE.WALL", "MOVE.OWN-COPY", "TRAVEL.FORWARD", "TRAVEL.BACKWARD", "TRAVEL.BACKWARD.SUPPLY",
                 "TURN.COPY-CHOICE", "TURN.NO-COPY", "TURN.NO-ACTION", "TURN.GAME-OVER"):
        assert (rule, True) in rules and (rule, False) in rules, rule
    assert ("FOCUS.MOVE", True) in rules and ("TURN.ACTION-COUNT", True) in rules


def test_perft_file(standard: dict[str, bytes]) -> None:
    records = read_perft(text(standard, "perft.txt"))
    named = records[: len(NAMED_POSITIONS)]
    assert [r.name for r in named] == [n.name for n in NAMED_POSITIONS]
    start = records[0]
    assert start.state == format_position(Position.start())
    assert start.counts[:6] == ((1, 16), (2, 256), (3, 5696), (4, 123888), (5, 3273456), (6, 98004688))
    for record, position_name in zip(named, NAMED_POSITIONS, strict=True):
        deepest = max(DEEP_PERFT[position_name.name], default=DEEP_PERFT_DEPTHS["*"])
        assert [d for d, _ in record.counts] == list(range(1, deepest + 1))
        assert f"# {position_name.note}\nid {position_name.name}\n" in text(standard, "perft.txt")  # why it is there
        depth, nodes = record.counts[2]
        assert perft(parse_position(record.state), depth, STANDARD, cache=False) == nodes
    assert [json.loads(line)["perft"][-1]["nodes"] for line in text(standard, "perft.jsonl").splitlines()] == [
        r.counts[-1][1] for r in records]


def test_the_divide_of_the_deepest_start_count(standard: dict[str, bytes]) -> None:
    """After the named positions, the standard start's deepest count by first turn: one record per
    first turn, the position after it, in `legal_turns` order; the parts add up to the start's count."""
    records = read_perft(text(standard, "perft.txt"))[len(NAMED_POSITIONS):]
    if not START_DIVIDE:
        assert records == []
        return
    depth = max(START_DIVIDE)
    assert depth == max(DEEP_PERFT["start"])
    turns = successors(Position.start())
    assert [r.name for r in records] == ["start/" + format_turn(t).replace(" ", "-").replace(">", "") for t, _ in turns]
    assert [r.state for r in records] == [format_position(after) for _, after in turns]
    assert all(r.counts == ((depth - 1, START_DIVIDE[depth][format_turn(t)]),) for r, (t, _) in zip(records, turns,
                                                                                                   strict=True))
    assert sum(START_DIVIDE[depth].values()) == DEEP_PERFT["start"][depth]


def test_the_deep_perft_counts_hold_where_they_are_quick_to_count() -> None:
    """The deep counts were computed offline, by the fast counter and the plain rules
    (bench/deep_perft.py); here the fast counter re-counts the smaller ones."""
    assert list(DEEP_PERFT) == [n.name for n in NAMED_POSITIONS]
    assert all(PLAIN_CHECKED.get(n.name, 0) >= 3 for n in NAMED_POSITIONS)
    quick = 0
    for position_name in NAMED_POSITIONS:
        for depth, nodes in DEEP_PERFT[position_name.name].items():
            if nodes <= 600_000:
                assert perft(parse_position(position_name.text), depth) == nodes, (position_name.name, depth)
                quick += 1
    assert quick >= 8


def test_the_chapter_starts_deep_counts() -> None:
    """Every chapter ruleset and pair is published to depth 4 at least; the smaller counts hold
    when counted again, and the plain rules agreed to depth 3 at least."""
    from oracle.games.ttykm.rules.standard import start_position

    for name in ("growth", "influence", "memory", "growth+influence", "growth+memory", "influence+memory"):
        rules = Ruleset.parse(name)
        exported = [d for d, _ in read_perft((SETS[name] / "perft.txt").read_text(encoding="utf-8"))[0].counts]
        assert exported == list(range(1, max(exported) + 1)) and max(exported) >= 4, name
        assert CHAPTER_PLAIN_CHECKED.get(name, 0) >= 3, name
        for depth, nodes in CHAPTER_PERFT.get(name, {}).items():
            if nodes <= 2_000_000:
                assert perft(start_position(rules), depth, rules) == nodes, (name, depth)


@pytest.mark.parametrize("name", sorted(SETS))
def test_every_record_has_its_json_form(name: str) -> None:
    files = files_in(SETS[name])
    for record in read_jsonl(files["apply.jsonl"].decode()):
        assert position_from_json(record["position_json"]) == parse_position(record["position"])
        assert position_from_json(record["after_json"]) == parse_position(record["after"])
        assert turn_from_json(record["turn_json"]) == parse_turn(record["turn"])
        assert len(record["events_json"]) == len(record["events"])
    for record in read_jsonl(files["positions.jsonl"].decode()):
        assert [turn_from_json(t) for t in record["turns_json"]] == [parse_turn(t) for t in record["turns"]]
    for record in read_jsonl(files["illegal.jsonl"].decode()):
        assert turn_from_json(record["turn_json"]) == parse_turn(record["turn"])
    for path in sorted(p for p in files if p.startswith("playthroughs/") and p.endswith(".jsonl")):
        lines = read_jsonl(files[path].decode())
        plies = read_playthrough(files[path.replace(".jsonl", ".txt")].decode()).plies
        assert [r["turn"] for r in lines[1:-1]] == [p.action for p in plies]
        assert all(position_from_json(r["position_json"]) == parse_position(r["position"]) for r in lines[1:-1])


def committed_sets() -> dict[str, dict[str, bytes]]:
    return {name: files_in(VECTORS / name) for name in sorted(ruleset_dir_name(r) for r in COMMITTED)}


def test_every_rule_has_a_vector() -> None:
    covered: set[str] = set()
    for files in committed_sets().values():
        covered |= set(coverage(files)[0])
    missing = [c for c in standard_game_clauses() if c not in covered and c not in COVERAGE_EXEMPT]
    assert missing == [], "clauses no vector exercises: add a named position or exempt them with the reason"
    assert set(COVERAGE_EXEMPT) <= set(standard_game_clauses())


def test_the_standard_vectors_win_every_way() -> None:
    outcomes = coverage(files_in(VECTORS / "standard"))[1]
    for pattern in ("past", "present", "future", "none"):
        assert any(o.removeprefix("a win, the loser left on: ").split(",")[0] == pattern for o in outcomes), pattern
    assert any("mover on one era" in o for o in outcomes) and outcomes["no win"] > 100


def test_the_coverage_table_in_the_spec_is_current() -> None:
    table = set_coverage_table(TTYKM, committed_sets(), standard_game_clauses())
    assert table in (ROOT / "spec" / "vectors.md").read_text(encoding="utf-8"), (
        "spec/vectors.md: paste the table printed by 'oracle vectors coverage'")


@pytest.mark.parametrize("name", sorted(SETS))
def test_committed_playthroughs_replay(name: str) -> None:
    paths = sorted((SETS[name] / "playthroughs").glob("*.txt"))
    assert len(paths) >= 5
    for path in paths:
        playthrough = read_playthrough(path.read_text())
        assert playthrough.header["variant"] == name and playthrough.header["spec"] == SPEC_VERSION
        assert len(playthrough.plies) >= 10 or playthrough.end.endswith(" wins")  # a quick win is a real game
        assert replay(playthrough) == [], path


def test_replay_catches_a_changed_record() -> None:
    original = (SETS["standard"] / "playthroughs" / "game-01.txt").read_text()
    ply = read_playthrough(original).plies[3]
    other = next(t for t in ply.legal[""] if t != ply.action)
    swapped = original.replace(f"turn: {ply.action}\n", f"turn: {other}\n", 1)
    assert any("events" in p for p in replay(read_playthrough(swapped)))
    missing_turn = original.replace(f"\n  {ply.legal[''][0]}\n", "\n", 1)
    assert any("legal turns differ" in p for p in replay(read_playthrough(missing_turn)))


def test_export_verify_and_tamper_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "set"
    shutil.copytree(SETS["self-push=paradox"], target)
    (target / "perft.txt").write_text((target / "perft.txt").read_text().replace("perft 1 16", "perft 1 17"))
    (target / "stray.txt").write_text("x")
    assert main(["vectors", "verify", str(target), "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "differs: perft.txt" in out and "extra: stray.txt" in out
    assert main(["vectors", "export", str(target), "--variant", "self-push=paradox", "--quiet"]) == 0
    assert (target / "stray.txt").exists()  # not ours: export replaces only the files of a set
    (target / "stray.txt").unlink()
    assert files_in(target) == files_in(SETS["self-push=paradox"])
    occupied = tmp_path / "occupied"
    occupied.mkdir()
    (occupied / "notes.txt").write_text("mine")
    assert main(["vectors", "export", str(occupied), "--quiet"]) == 2
    assert "not a vector set" in capsys.readouterr().err
