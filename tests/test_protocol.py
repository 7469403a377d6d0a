"""The JSON-lines protocol (spec/protocol.md): answers, errors, schemas, the serve loop."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.games import GAMES
from oracle.games.ttykm.notation import event_text, format_position, format_turn, position_to_json, turn_to_json
from oracle.games.ttykm.perft import perft
from oracle.games.ttykm.rules.standard import IllegalTurn, apply_turn, explain, legal_turns
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.strategies import played_positions, positions, turns
from oracle.games.ttykm.turn import Turn
from oracle.tools.protocol import ERROR_CODES, MAX_LINE_BYTES, OPS, Defaults, handle, serve
from oracle.version import SPEC_VERSION, __version__
from tests.conftest import ROOT, SPEC

START = format_position(Position.start())
REQUEST_SCHEMA = json.loads((SPEC / "schema" / "request.schema.json").read_text())
RESPONSE_SCHEMA = json.loads((SPEC / "schema" / "response.schema.json").read_text())
REQUESTS = jsonschema.Draft202012Validator(REQUEST_SCHEMA)
RESPONSES = jsonschema.Draft202012Validator(RESPONSE_SCHEMA)


def ask(request: dict[str, Any] | str) -> dict[str, Any]:
    """Send one request through `handle`; check the response against the schema."""
    line = request if isinstance(request, str) else json.dumps(request)
    answer = handle(line)
    assert "\n" not in answer
    response: dict[str, Any] = json.loads(answer)
    RESPONSES.validate(response)
    return response


def expected(request: dict[str, Any]) -> dict[str, Any]:
    """What the rules API says for a well-formed request (the fields the protocol promises)."""
    from oracle.games.ttykm.notation import parse_position, parse_turn

    position = parse_position(request["position"])
    ruleset = Ruleset.parse(request.get("variant", "standard"))
    if request["op"] == "moves":
        names = [format_turn(t) for t in legal_turns(position, ruleset)]
        return {"count": len(names), "turns": names, "position": format_position(position)}
    turn = parse_turn(request["turn"])
    verdict = explain(position, turn, ruleset)
    if request["op"] == "legal":
        return {"verdict": verdict.status, "rule": verdict.rule}
    try:
        applied = apply_turn(position, turn, ruleset)
    except IllegalTurn as exc:
        return {"verdict": "illegal", "rule": exc.verdict.rule}
    return {"verdict": "legal", "position": format_position(applied.position),
            "events": [event_text(e) for e in applied.events]}


def test_schemas_are_valid_json_schemas() -> None:
    jsonschema.Draft202012Validator.check_schema(REQUEST_SCHEMA)
    jsonschema.Draft202012Validator.check_schema(RESPONSE_SCHEMA)
    assert set(RESPONSE_SCHEMA["$defs"]["error"]["properties"]["error"]["properties"]["code"]["enum"]) == set(
        ERROR_CODES)
    assert REQUEST_SCHEMA["properties"]["op"]["enum"] == list(OPS)


def test_version() -> None:
    response = ask({"id": "v", "op": "version"})
    assert response["id"] == "v" and response["ok"] is True
    assert (response["oracle"], response["spec"], response["protocol"]) == (__version__, SPEC_VERSION, 1)
    assert response["variants"] == [
        "standard", "self-push=paradox", "copy-choice=free", "plant-under-adjacent-copy=forbidden",
        "growth-onto-copy=kill", "self-push=ends", "pull=automatic", "statue-build=move-copy",
        "statue-build=skip-occupied", "effect-order=recorded",
        "train-propagation=R2", "train-hatted=stays", "command-needs-adjacency", "elephant-moves-propagate",
        "elephants=swapped",
        "pull=sideways", "pull-with-push=forbidden", "rebound-blocked=illegal",
        "seed-removal-cascade=dig-only", "effect-order=global-phases",
        "self-push=whole-turn", "statue-build=v2023", "self-push-pull=none",
    ]
    assert response["rulesets"] == ["standard", "growth", "influence", "memory", "convergence"]
    assert response["ops"] == list(OPS)


def test_moves_from_the_start_in_both_position_forms() -> None:
    text = ask({"id": 1, "op": "moves", "position": START})
    as_json = ask({"id": 2, "op": "moves", "position": position_to_json(Position.start())})
    assert text["count"] == 16 and text["turns"][0] == "a1 N N >present"
    assert text["turns"] == as_json["turns"] == [format_turn(t) for t in legal_turns(Position.start())]
    assert text["position"] == START


def test_legal_partial_and_illegal() -> None:
    legal = ask({"id": 1, "op": "legal", "position": START, "turn": "a1 N E >present"})
    assert (legal["verdict"], legal["rule"], legal["turn"]) == ("legal", None, "a1 N E >present")
    partial = ask({"id": 2, "op": "legal", "position": START, "turn": {"copy": "a1", "actions": ["N"], "focus": None}})
    assert (partial["verdict"], partial["rule"], partial["turn"]) == ("legal so far", None, "a1 N")
    stay = ask({"id": 3, "op": "legal", "position": START, "turn": "a1 n e >past"})
    assert (stay["verdict"], stay["rule"], stay["turn"]) == ("illegal", "FOCUS.MOVE", "a1 N E >past")


def test_explain_gives_events_or_extensions() -> None:
    played = ask({"id": 1, "op": "explain", "position": START, "turn": "a1 N E >present"})
    assert played["events"] == ["chose white past:a1", "moved white past:a1-a2 N", "moved white past:a2-b2 E",
                                "focus white past>present"]
    assert played["position"] == "3b/4/1w2/4|3b/4/4/w3|3b/4/4/w3 turn=b focus=present,future supply=4,4 removed=0,0"
    assert played["winner"] is None
    partial = ask({"id": 2, "op": "explain", "position": START, "turn": "a1 E"})
    assert partial["extensions"] == ["a1 E N >present", "a1 E N >future", "a1 E E >present", "a1 E E >future",
                                     "a1 E W >present", "a1 E W >future", "a1 E F >present", "a1 E F >future"]


def test_apply_legal_illegal_and_partial() -> None:
    applied = ask({"id": 1, "op": "apply", "position": START, "turn": "a1 N F >future"})
    assert applied == {"id": 1, "ok": True, "op": "apply", "variant": "standard", "turn": "a1 N F >future",
                       "verdict": "legal", "rule": None, "reason": "",
                       **expected({"op": "apply", "position": START, "turn": "a1 N F >future"}), "winner": None}
    illegal = ask({"id": 2, "op": "apply", "position": START, "turn": "a1 W N >present"})
    assert (illegal["verdict"], illegal["rule"]) == ("illegal", "MOVE.WALL")
    assert "position" not in illegal
    partial = ask({"id": 3, "op": "apply", "position": START, "turn": "a1 N"})
    assert (partial["verdict"], partial["rule"]) == ("illegal", "ORACLE.PARTIAL")


def test_a_won_game_reports_the_winner() -> None:
    position = "3b/4/4/w3|4/4/4/4|4/4/4/w3 turn=w focus=present,past supply=1,0 removed=4,6"
    # White's Focus era is empty: the turn has no actions, and Black is on one era.
    won = ask({"id": 1, "op": "apply", "position": position, "turn": ">future"})
    assert won["winner"] == "white" and won["events"][-1] == "won white"
    over = ask({"id": 2, "op": "legal", "position": won["position"], "turn": ">past"})
    assert over["rule"] == "TURN.GAME-OVER"


def test_perft_and_divide_and_variants() -> None:
    assert ask({"id": 1, "op": "perft", "position": START, "depth": 3})["nodes"] == 5696
    assert ask({"id": 2, "op": "perft", "position": START, "depth": 0})["nodes"] == 1
    divided = ask({"id": 3, "op": "perft", "position": START, "depth": 2, "divide": True})
    assert divided["nodes"] == 256 and len(divided["divide"]) == 16
    assert divided["divide"][0] == {"turn": "a1 N N >present", "nodes": 16}
    paradox = ask({"id": 4, "op": "perft", "position": START, "depth": 3, "variant": "self-push=paradox"})
    assert (paradox["nodes"], paradox["variant"]) == (5760, "self-push=paradox")
    assert paradox["nodes"] == perft(Position.start(), 3, Ruleset.parse("self-push=paradox"))


def test_variant_changes_the_answer() -> None:
    position = "3b/4/4/w3|3b/4/w3/w3|3b/4/4/w3 turn=w focus=present,future supply=3,4 removed=0,0"
    standard = ask({"id": 1, "op": "legal", "position": position, "turn": "a2 F S >past"})
    variant = ask({"id": 2, "op": "legal", "position": position, "turn": "a2 F S >past",
                   "variant": "self-push=paradox"})
    assert standard["verdict"] == "illegal" and standard["rule"] == "MOVE.OWN-COPY"
    assert variant["verdict"] == "legal" and variant["variant"] == "self-push=paradox"
    both = ask({"id": 3, "op": "moves", "position": position, "variant": "self-push=paradox,copy-choice=free"})
    assert both["variant"] == "copy-choice=free+self-push=paradox"
    served = handle(json.dumps({"id": 4, "op": "legal", "position": position, "turn": "a2 F S >past"}),
                    Defaults(variant="self-push=paradox"))
    assert json.loads(served)["verdict"] == "legal"


INFLUENCE_START = ("3b/4/2N1/w3|3b/4/2N1/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,4 removed=0,0"
                   " rules=influence built=0,0")


def test_the_protocol_under_rules_influence() -> None:
    """Moves, legal, apply and perft answer for an Influence position: pulls and builds
    in the turns, statue events in order, the fast perft count."""
    moves = ask({"id": 1, "op": "moves", "position": INFLUENCE_START})
    assert moves["count"] == 36 and "a1 N Ba1 >present" in moves["turns"]
    pulled = ("3b/4/N3/w3|3b/4/Nw2/4|3b/4/N3/w3 turn=w focus=present,future supply=4,4 removed=0,0"
              " rules=influence built=0,0")
    request = {"id": 2, "op": "apply", "position": pulled, "turn": "b2 E+ N >past"}
    applied = ask(request)
    assert {k: applied[k] for k in expected(request)} == expected(request)
    assert "moved neutral statue future:a2-b2 E" in applied["events"]
    illegal = ask({"id": 3, "op": "legal", "position": INFLUENCE_START, "turn": "a1 Ba2 Bb1"})
    assert (illegal["verdict"], illegal["rule"]) == ("illegal", "INFLUENCE.BUILD.ONCE")
    assert ask({"id": 4, "op": "perft", "position": INFLUENCE_START, "depth": 3})["nodes"] == 38792
    automatic = ask({"id": 5, "op": "legal", "position": pulled, "turn": "b2 E+", "variant": "pull=automatic"})
    assert (automatic["verdict"], automatic["rule"]) == ("illegal", "VARIANT.PULL-AUTOMATIC")


# An invalid state of each other game, and the clause it breaks: each game's own, never TTYKM's.
INVALID = {
    "time-chase": ("players=4 round=1 phase=bid first=0 ref=0 invariant=R8 unused=B5,G7,G12,P10 hands=B6|R5|R6|R7"
                   " crystals=0,0,0,0 pawns=0,0,0,0 timeline=-", "TC.STATE.VALID"),
    "trois-ombres": ("ombres players=4 characters=1 board=R1:1n,R2:1n,C1:1h demon=1n steps=turn",
                     "OMBRES.STATE.VALID"),
}


@pytest.mark.parametrize("game", sorted(INVALID))
def test_validate_names_the_game_s_own_clause(game: str) -> None:
    state, rule = INVALID[game]
    answer = ask({"id": 1, "op": "validate", "game": game, "position": state})
    assert (answer["valid"], answer["code"], answer["rule"]) == (False, "invalid_position", rule), answer
    assert "POSITION.VALID" not in answer["reason"]


def test_validate() -> None:
    good = ask({"id": 1, "op": "validate", "position": "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3  focus=past,future turn=w "
                                                        "supply=4,4 removed=0,0"})
    assert good["valid"] is True and good["position"] == START
    assert good["json"] == position_to_json(Position.start())
    invalid = ask({"id": 2, "op": "validate", "position": START.replace("supply=4,4", "supply=4,5")})
    assert (invalid["valid"], invalid["code"], invalid["rule"]) == (False, "invalid_position", "POSITION.VALID")
    assert "black supply is 5" in invalid["reason"]
    bad = ask({"id": 3, "op": "validate", "position": "3x/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w"})
    assert (bad["valid"], bad["code"], bad["rule"]) == (False, "bad_position", None)


ERRORS: list[tuple[str, str, Any]] = [
    ("", "bad_json", None),
    ("   ", "bad_json", None),
    ("{", "bad_json", None),
    ('{"id": 1, "op": "version", "x": NaN}', "bad_json", None),
    ('{"id": 1e400, "op": "version"}', "bad_json", None),
    ('{"id": ' + "9" * 5000 + ', "op": "version"}', "bad_json", None),
    ("[1, 2]", "bad_request", None),
    ('"version"', "bad_request", None),
    ('{"op": "version"}', "missing_field", None),
    ('{"id": 7}', "missing_field", 7),
    ('{"id": 7, "op": "play"}', "unknown_op", 7),
    ('{"id": 7, "op": 3}', "unknown_op", 7),
    ('{"id": [1], "op": "moves"}', "missing_field", [1]),
    ('{"id": 7, "op": "moves", "position": 42}', "bad_position", 7),
    ('{"id": 7, "op": "moves", "position": "3b/4/4/w3 turn=w"}', "bad_position", 7),
    ('{"id": 7, "op": "moves", "position": {"copies": []}}', "bad_position", 7),
    ('{"id": 7, "op": "moves", "position": "' + START.replace("removed=0,0", "removed=0,1") + '"}',
     "invalid_position", 7),
    ('{"id": 7, "op": "legal", "position": "' + START + '"}', "missing_field", 7),
    ('{"id": 7, "op": "legal", "position": "' + START + '", "turn": "a1 X"}', "bad_turn", 7),
    ('{"id": 7, "op": "legal", "position": "' + START + '", "turn": ["a1"]}', "bad_turn", 7),
    ('{"id": 7, "op": "legal", "position": "' + START + '", "turn": {"actions": ["N"]}}', "bad_turn", 7),
    ('{"id": 7, "op": "legal", "position": "' + START + '", "turn": ">past", "variant": "fast"}', "bad_variant", 7),
    ('{"id": 7, "op": "moves", "position": "' + START + '", "variant": 1}', "bad_variant", 7),
    ('{"id": 7, "op": "perft", "position": "' + START + '"}', "missing_field", 7),
    ('{"id": 7, "op": "perft", "position": "' + START + '", "depth": 5}', "bad_depth", 7),
    ('{"id": 7, "op": "perft", "position": "' + START + '", "depth": 4, "variant": "copy-choice=free"}',
     "bad_depth", 7),
    ('{"id": 7, "op": "perft", "position": "' + START + '", "depth": -1}', "bad_depth", 7),
    ('{"id": 7, "op": "perft", "position": "' + START + '", "depth": "2"}', "bad_depth", 7),
    ('{"id": 7, "op": "perft", "position": "' + START + '", "depth": true}', "bad_depth", 7),
    ('{"id": 7, "op": "version", "pad": "' + "x" * MAX_LINE_BYTES + '"}', "line_too_long", None),
    ('{"id": 7, "op": "moves", "game": "chess", "position": "' + START + '"}', "bad_game", 7),
    ('{"id": 7, "op": "version", "game": ["ttykm"]}', "bad_game", 7),
    ('{"id": 7, "op": "observe", "position": "' + START + '"}', "missing_field", 7),
    ('{"id": 7, "op": "observe", "position": "' + START + '", "player": 2}', "bad_request", 7),
]


def test_the_game_field_names_the_game() -> None:
    explicit = ask({"id": 1, "op": "moves", "game": "ttykm", "position": START})
    assert explicit == {**ask({"id": 1, "op": "moves", "position": START})}
    assert ask({"id": 2, "op": "version"})["games"] == list(GAMES)


def test_observe_in_a_game_of_perfect_information_is_the_whole_position() -> None:
    seen = ask({"id": 1, "op": "observe", "position": START, "player": 1})
    assert seen["player"] == 1 and seen["observation"] == position_to_json(Position.start())


@pytest.mark.parametrize(("line", "code", "request_id"), ERRORS, ids=[c for _, c, _ in ERRORS])
def test_error_codes(line: str, code: str, request_id: Any) -> None:
    response = ask(line)
    assert response["ok"] is False
    assert response["error"]["code"] == code
    assert response["id"] == request_id
    assert "\n" not in response["error"]["message"] and response["error"]["message"]


def test_every_error_code_is_exercised_except_internal() -> None:
    # too_slow needs a request that outlasts its budget: tests/test_hardening.py.
    assert {code for _, code, _ in ERRORS} == set(ERROR_CODES) - {"internal", "too_slow"}


def test_a_bug_becomes_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from oracle.games.ttykm.game import GAME

    def broken(*args: object) -> list[Turn]:
        raise KeyError("boom")

    monkeypatch.setattr(GAME, "legal_actions", broken)
    response = ask({"id": 9, "op": "moves", "position": START})
    assert response["error"]["code"] == "internal" and response["id"] == 9


def run_serve(data: bytes) -> list[dict[str, Any]]:
    out = io.BytesIO()
    serve(io.BytesIO(data), out)
    lines = out.getvalue().split(b"\n")
    assert lines[-1] == b""
    return [json.loads(line) for line in lines[:-1]]


def test_serve_survives_oversized_and_non_utf8_lines() -> None:
    version = b'{"id": 1, "op": "version"}'
    data = (b'{"id": 0, "pad": "' + b"y" * (3 * MAX_LINE_BYTES) + b'"}\n' + version + b"\r\n"
            + b"\xff\xfe not utf-8\n" + version.replace(b"1", b"2"))  # the last line has no newline
    responses = run_serve(data)
    assert [r.get("error", {}).get("code") for r in responses] == ["line_too_long", None, "bad_json", None]
    assert [r["id"] for r in responses] == [None, 1, None, 2]
    exact = b'{"id": 3, "op": "version", "pad": "' + b"z" * (MAX_LINE_BYTES - 37) + b'"}'
    assert len(exact) == MAX_LINE_BYTES
    assert run_serve(exact + b"\n" + exact + b"z\n")[0]["ok"] is True
    assert run_serve(exact + b"z\n")[0]["error"]["code"] == "line_too_long"


# --- the fuzzed stream -----------------------------------------------------------

@st.composite
def valid_requests(draw: st.DrawFn) -> dict[str, Any]:
    """A well-formed request: a position in either form, and a turn that is legal about half the time."""
    position = draw(positions(allow_won=True) | played_positions(max_plies=12))
    variant = draw(st.sampled_from(["standard", "self-push=paradox", "copy-choice=free"]))
    legal = legal_turns(position, Ruleset.parse(variant))
    pick_legal = draw(st.booleans()) and len(legal) > 0
    turn = draw(st.sampled_from(legal)) if pick_legal else draw(turns())
    as_json = draw(st.booleans())
    return {
        "op": draw(st.sampled_from(["legal", "apply", "moves"])),
        "position": position_to_json(position) if as_json else format_position(position),
        "turn": turn_to_json(turn) if as_json else format_turn(turn),
        "variant": variant,
    }


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
garbage = st.one_of(
    st.binary(max_size=60).map(lambda b: b.replace(b"\n", b"")),
    st.text(max_size=60).map(lambda t: t.replace("\n", "").encode("utf-8", "surrogatepass")),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.dictionaries(st.sampled_from(["id", "op", "position", "turn", "variant", "depth"]), json_values,
                    max_size=6).map(lambda d: json.dumps(d).encode()),
    st.integers(MAX_LINE_BYTES - 40, MAX_LINE_BYTES + 40).map(lambda n: b'{"id": 1, "op": "version"}' + b" " * n),
)


@given(st.lists(st.one_of(valid_requests().map(lambda r: ("valid", r)), garbage.map(lambda g: ("garbage", g))),
                min_size=1, max_size=12))
def test_fuzzed_stream_gets_one_answer_per_line(stream: list[tuple[str, Any]]) -> None:
    lines: list[bytes] = []
    for index, (kind, item) in enumerate(stream):
        if kind == "valid":
            item = {"id": f"req-{index}", **item}
            REQUESTS.validate(item)
            lines.append(json.dumps(item).encode())
        else:
            lines.append(item)
    responses = run_serve(b"\n".join(lines) + b"\n")
    assert len(responses) == len(lines)
    for index, ((kind, item), response) in enumerate(zip(stream, responses, strict=True)):
        RESPONSES.validate(response)
        if kind != "valid":
            continue
        assert response["id"] == f"req-{index}" and response["ok"] is True, response
        want = expected({**item, "position": format_position(_position(item["position"])),
                         "turn": format_turn(_turn(item["turn"]))})
        assert {key: response[key] for key in want} == want


def _position(value: str | dict[str, Any]) -> Position:
    from oracle.games.ttykm.notation import parse_position, position_from_json

    return parse_position(value) if isinstance(value, str) else position_from_json(value)


def _turn(value: str | dict[str, Any]) -> Turn:
    from oracle.games.ttykm.notation import parse_turn, turn_from_json

    return parse_turn(value) if isinstance(value, str) else turn_from_json(value)


# --- the real server -----------------------------------------------------------------


def test_oracle_serve_stdio_subprocess() -> None:
    requests = [
        json.dumps({"id": 1, "op": "moves", "position": START}),
        "not json",
        json.dumps({"id": 2, "op": "perft", "position": START, "depth": 2}),
    ]
    done = subprocess.run([sys.executable, "-m", "oracle", "serve", "--stdio"], input="\n".join(requests) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    responses = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["ok"] for r in responses] == [True, False, True]
    assert responses[0]["count"] == 16 and responses[2]["nodes"] == 256


def test_serve_needs_stdio() -> None:
    done = subprocess.run([sys.executable, "-m", "oracle", "serve"], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    assert done.returncode == 2 and "--stdio" in done.stderr and "Traceback" not in done.stderr
