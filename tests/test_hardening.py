"""Hostile input: each reproduction of issue 8 as a regression test.

Every bad input ends in one line and exit status 2 on the command line, or in
a spec error code from the protocol; never a traceback, never ``internal``,
never a silently wrong answer.  The fuzz suite (tests/test_fuzz.py) looks for
more of the same by itself.
"""

from __future__ import annotations

import io
import json
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.errors import NotationError
from oracle.games import GAMES, load_game
from oracle.games.ttykm.notation import parse_position, parse_turn, position_to_json, turn_from_json
from oracle.games.ttykm.ruleset import Ruleset, UnknownVariant
from oracle.games.ttykm.state import Position
from oracle.inputs import MAX_STDIN_BYTES, json_depth, load_json, one_line, parse_int, parse_seconds
from oracle.interface import engine_impl_name
from oracle.tools.cli.main import EXIT_ERROR, EXIT_ILLEGAL, EXIT_INTERRUPTED, EXIT_OK, main
from oracle.tools.protocol import MAX_LINE_BYTES, MEMORY_CEILING_MB, handle, serve

START = "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"
START_JSON = position_to_json(Position.start())


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the command; check it fails with exit 2, one line on stderr and nothing on stdout; return the line."""
    code, out, err = run(capsys, *argv)
    assert (code, out) == (EXIT_ERROR, ""), err
    assert err.startswith("oracle: error: ") and err.endswith("\n") and err.count("\n") == 1, err
    return err


def ask(request: dict[str, Any] | str, budget: float | None = 2.0) -> dict[str, Any]:
    line = request if isinstance(request, str) else json.dumps(request)
    answer = handle(line, budget=budget)
    assert "\n" not in answer
    response: dict[str, Any] = json.loads(answer)
    return response


def error_code(request: dict[str, Any] | str) -> str:
    response = ask(request)
    assert response["ok"] is False, response
    code: str = response["error"]["code"]
    return code


def with_field(key: str, value: Any) -> dict[str, Any]:
    return {**START_JSON, key: value}


# --- 1. options before the command ------------------------------------------------------------

PARADOX_POSITION = "3b/4/4/4|4/4/4/ww2|3b/4/4/w3 turn=w focus=present,future supply=4,4 removed=0,1"


def test_a_variant_before_the_command_is_the_variant_after_it(capsys: pytest.CaptureFixture[str]) -> None:
    before = run(capsys, "--variant", "self-push=paradox", "apply", PARADOX_POSITION, "a1 E N >past")
    after = run(capsys, "apply", PARADOX_POSITION, "a1 E N >past", "--variant", "self-push=paradox")
    standard = run(capsys, "apply", PARADOX_POSITION, "a1 E N >past")
    assert before == after
    assert "MOVE.OWN-COPY" in standard[1] and "MOVE.OWN-COPY" not in before[1]


def test_an_unknown_variant_before_the_command_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "unknown variant 'nope'" in refused(capsys, "--variant", "nope", "moves")


def test_json_before_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--json", "version")
    assert code == EXIT_OK and json.loads(out)["games"] == list(GAMES)


@pytest.mark.parametrize("argv", [
    ["--variant", "copy-choice=free", "moves", "--variant", "self-push=paradox"],
    ["moves", "--variant", "copy-choice=free", "--variant", "copy-choice=free"],
    ["--game", "ttykm", "--game", "ttykm", "moves"],
    ["render", "-o", "a.svg", "-o", "b.svg"],
    ["conform", "--engine", "x", "--engine", "y"],
])
def test_an_option_given_twice_is_refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert "given twice" in refused(capsys, *argv)


def test_the_same_option_before_and_after_the_command_may_agree(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--variant", "copy-choice=free", "--json", "moves", "--variant", "copy-choice=free")
    assert code == EXIT_OK and json.loads(out)["count"] == 16


# --- 2. unbounded memory -----------------------------------------------------------------------


class EndlessStdin(io.StringIO):
    """Standard input that never ends (as ``yes POSITION |``) and refuses to be read whole."""

    def read(self, size: int | None = -1) -> str:
        assert size is not None and size >= 0, "standard input read without a limit"
        return (START + "\n") * (size // (len(START) + 1) + 1)


def test_standard_input_is_read_no_further_than_its_limit(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", EndlessStdin())
    assert f"more than {MAX_STDIN_BYTES} bytes" in refused(capsys, "show", "-")


def test_standard_input_within_its_limit_is_read(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(START + "\n"))
    assert run(capsys, "moves", "-")[0] == EXIT_OK


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")  # pragma: no cover


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the resident set size from /proc")
def test_the_padding_attack_leaves_the_server_under_its_memory_ceiling() -> None:
    """Distinct positions and turns padded with spaces: 800 of each size, about 60 MB of requests.

    Before the caches were bounded this took the server from 16 MB to about 80 MB.
    """
    server = subprocess.Popen([sys.executable, "-m", "oracle", "serve", "--stdio"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE)
    assert server.stdin is not None and server.stdout is not None
    answers: list[bytes] = []
    reader = threading.Thread(target=lambda: answers.extend(server.stdout or []), daemon=True)
    reader.start()
    count = 800
    for i in range(count):
        for request in (
            {"id": i, "op": "validate", "position": START + " " * (60000 + i)},
            {"id": i, "op": "validate", "position": START + " " * (15000 + i)},
            {"id": i, "op": "legal", "position": START, "turn": "a1 N E >present" + " " * (900 + i % 100)},
        ):
            server.stdin.write(json.dumps(request).encode() + b"\n")
    server.stdin.flush()
    deadline = time.monotonic() + 120
    while len(answers) < 3 * count and time.monotonic() < deadline:
        time.sleep(0.05)
    peak = rss_mb(server.pid)
    server.stdin.close()
    server.wait(timeout=30)
    assert len(answers) == 3 * count
    assert [json.loads(a)["ok"] for a in answers[:3]] == [True, True, True]
    assert json.loads(answers[0])["code"] == "bad_position"  # 60 KB is over the position limit
    assert json.loads(answers[1])["valid"] is True
    assert peak < MEMORY_CEILING_MB, f"the server reached {peak:.0f} MB"


# --- 3. tracebacks on the command line ---------------------------------------------------------

DEEP = "[" * 10000


@pytest.mark.parametrize(("argv", "message"), [
    (["show", '{"copies": ' + DEEP], "nested 10001 deep"),
    (["show", START.replace("supply=4,4", "supply=" + "4" * 5000 + ",4")], "more than 18 digits"),
    (["show", json.dumps(with_field("supply", {"white": 10, "black": 4})).replace("10", "4" * 5000)],
     "more than 18 digits"),
    (["show", json.dumps(with_field("turn", ["white"]))], "JSON field 'turn' must be"),
    (["show", json.dumps(with_field("winner", {"white": 1}))], "JSON field 'winner' must be"),
    (["show", START.replace("supply=4,4", "supply=²,4")], "ASCII digits 0-9: '²'"),
    (["show", START.replace("supply=4,4", "supply=4,①")], "ASCII digits 0-9: '①'"),
    (["show", START.replace("supply=4,4", "supply=٤,4")], "ASCII digits 0-9: '٤'"),
    (["vectors", "export", "/proc/nope"], "/proc/nope"),
    (["conform", "--engine", ""], "--engine needs a command"),
    (["conform", "--engine", "'unclosed"], "cannot be read as a command"),
    (["render", "-o", ""], "-o needs a file name"),
    (["render", "-o", "", "a1 N E >present"], "-o needs a file name"),
])
def test_hostile_arguments_give_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                    message: str) -> None:
    assert message in refused(capsys, *argv)


def test_vectors_verify_on_bad_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    manifest = tmp_path / "manifest.json"
    for text in ("[" * 5000, '{"files": [1]}', '{"files": [], "variant": "nope"}', "\udcff"):
        manifest.write_bytes(text.encode("utf-8", "surrogateescape"))
        refused(capsys, "vectors", "verify", str(tmp_path))
    manifest.unlink()
    manifest.mkdir()
    assert "Is a directory" in refused(capsys, "vectors", "verify", str(tmp_path))


def test_a_message_holding_a_line_break_is_printed_as_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert "/proc/no\\nsuch" in refused(capsys, "vectors", "export", "/proc/no\nsuch")
    assert one_line("a\nb\x00c") == "a\\nb\\x00c"


def interrupted(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> None:
    def stop(*args: object, **kwargs: object) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(module, name, stop)


@pytest.mark.parametrize("argv", [["perft", "5"], ["perft", "5", "--divide"], ["serve", "--stdio"], ["moves"],
                                  ["conform", "--engine", "x"]])
def test_ctrl_c_in_process_exits_130_with_one_line(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    import oracle.games.ttykm.fast
    import oracle.games.ttykm.game
    import oracle.games.ttykm.perft
    import oracle.games.ttykm.rules.standard
    import oracle.tools.conform
    import oracle.tools.protocol

    interrupted(monkeypatch, oracle.games.ttykm.perft, "perft")
    interrupted(monkeypatch, oracle.games.ttykm.perft, "divide")
    interrupted(monkeypatch, oracle.tools.protocol, "serve")
    interrupted(monkeypatch, oracle.tools.conform, "conform")
    interrupted(monkeypatch, oracle.games.ttykm.game, "legal_turns")
    interrupted(monkeypatch, oracle.games.ttykm.fast, "legal_turns")  # what `moves` asks on the compiled engine
    code, _, err = run(capsys, *argv)
    assert (code, err) == (EXIT_INTERRUPTED, "oracle: interrupted\n")


# The last module the command line loads before it runs a command (`build_parser` loads the command
# modules inside `main`, where Ctrl-C is answered in one line).
LAST_COMMAND_MODULE = "oracle.tools.cli.replay"


def wait_until_ready(process: subprocess.Popen[bytes], serving: bool) -> None:
    """Wait for the process's own sign that it is past its start-up, however loaded the machine is: a
    server's answer to a first request; a command's import of its last command module (``-X importtime``
    reports each import on stderr as it ends)."""
    assert process.stdout is not None and process.stderr is not None
    if serving:
        assert process.stdin is not None
        process.stdin.write(b'{"id": 1, "op": "version"}\n')
        process.stdin.flush()
        assert b'"ok": true' in process.stdout.readline()
        return
    while True:
        line = process.stderr.readline()
        assert line, "the process ended before it was ready"
        if line.rstrip().endswith(LAST_COMMAND_MODULE.encode()):
            return


# perft 9 takes minutes even on the compiled engine, so the signal always finds it counting.
@pytest.mark.parametrize("argv", [["perft", "9", "--quiet", "--no-limit"], ["serve", "--stdio"]])
def test_ctrl_c_on_a_real_process_exits_130_with_one_line(argv: list[str]) -> None:
    """A real SIGINT: during a long perft, and to a server waiting for its next line, sent once the
    process says it is ready (never after a guessed sleep: under load the start-up can take seconds).
    The server's input stays open until it has exited: closed at once, a loaded server could read its
    end before the signal and end normally."""
    serving = argv[0] == "serve"
    # A runner started in the background by a shell without job control passes SIGINT on as ignored, and
    # Python keeps it so; the command is given the default, as an interactive shell gives it.
    process = subprocess.Popen([sys.executable, *([] if serving else ["-X", "importtime"]), "-m", "oracle", *argv],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    wait_until_ready(process, serving)
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=60)
    finally:
        process.kill()
    assert process.stderr is not None and process.stdin is not None
    err = process.stderr.read()
    process.stdin.close()
    assert process.returncode == EXIT_INTERRUPTED
    lines = [line for line in err.decode().splitlines() if not line.startswith("import time:")]
    assert lines == ["oracle: interrupted"]


# --- 4. internal errors from the server --------------------------------------------------------


@pytest.mark.parametrize(("request_", "code"), [
    ({"id": 1, "op": "moves", "position": with_field("turn", ["white"])}, "bad_position"),
    ({"id": 1, "op": "moves", "position": with_field("turn", {"w": 1})}, "bad_position"),
    ({"id": 1, "op": "moves", "position": with_field("winner", ["black"])}, "bad_position"),
    ({"id": 1, "op": "moves", "position": with_field("supply", {"white": [4], "black": 4})}, "bad_position"),
    ({"id": 1, "op": "legal", "position": START, "turn": {"copy": "a1", "actions": [["N"]]}}, "bad_turn"),
    ({"id": 1, "op": "legal", "position": START, "turn": {"copy": "a1", "actions": [{"N": 1}]}}, "bad_turn"),
    ({"id": 1, "op": "legal", "position": START, "turn": {}}, "bad_turn"),
    ({"id": 1, "op": "moves", "position": START.replace("supply=4,4", "supply=①,4")}, "bad_position"),
    ({"id": 1, "op": "moves", "position": START.replace("supply=4,4", "supply=²,4")}, "bad_position"),
    ({"id": 1, "op": "moves", "position": START.replace("removed=0,0", "removed=0,٤")}, "bad_position"),
    ({"id": 1, "op": "moves", "position": '{"copies": ' + "[" * 50000}, "bad_position"),
    ({"id": 1, "op": "moves", "position": START + " " * 20000}, "bad_position"),
    ({"id": 1, "op": "legal", "position": START, "turn": "a1 N E >present" + " " * 2000}, "bad_turn"),
    ({"id": 1, "op": "moves", "position": START, "variant": "x" * 1000}, "bad_variant"),
    ({"id": 1, "op": "moves", "position": START, "variant": "copy-choice=free+copy-choice=free"}, "bad_variant"),
    ({"id": 1, "op": "moves", "position": START, "variant": "self-push=paradox+self-push=paradox"}, "bad_variant"),
    ({"id": 1, "op": "version", "game": "x" * 1000}, "bad_game"),
])
def test_malformed_fields_get_their_code_not_internal(request_: dict[str, Any], code: str) -> None:
    assert error_code(request_) == code


def test_a_deep_request_line_is_bad_json_before_it_is_parsed() -> None:
    assert error_code('{"id": 1, "x": ' + "[" * 30000 + "]" * 30000 + "}") == "bad_json"


# --- 5. no end to some work ----------------------------------------------------------------------


@pytest.mark.parametrize("timeout", ["nan", "inf", "-inf", "0", "-1", "1_0", "٣", "1e400", ""])
def test_conform_timeout_must_be_finite_and_positive(capsys: pytest.CaptureFixture[str], timeout: str) -> None:
    assert "--timeout" in refused(capsys, "conform", "--engine", "x", "--timeout", timeout)


@pytest.mark.parametrize(("argv", "message"), [
    (["perft", "12"], "perft 12 under standard would count about"),
    (["perft", "9"], "more than the limit of about a minute: run it anyway with --no-limit, or spread it with"
                     " --workers K"),
    (["perft", "6", "--rules", "growth"], "perft 6 under growth would count about"),
    (["perft", "65", "--no-limit"], "perft depth 65 is beyond the limit of 64"),
    (["perft", "1_0"], "DEPTH must be a whole number in ASCII digits: '1_0'"),
    (["perft", "٣"], "DEPTH must be a whole number in ASCII digits: '٣'"),
    (["perft", "-1"], "DEPTH must be 0 or more"),
    (["moves", "--player", "１"], "--player must be a whole number in ASCII digits"),
    (["start", "--seed", "1_000"], "--seed must be a whole number in ASCII digits"),
])
def test_perft_and_numbers_are_bounded(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert message in refused(capsys, *argv)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_perft_progress_shows_at_once_on_a_terminal(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    # Shown for a count estimated at PROGRESS_SECONDS or more: set to 0, so that a fast machine shows it too.
    monkeypatch.setattr("oracle.tools.cli.perft.PROGRESS_SECONDS", 0.0)
    assert main(["perft", "5"]) == EXIT_OK
    shown = terminal.getvalue()
    assert re.match(r"\rperft 5: 0 first turns, \d+ s\rperft 5: 1/16 first turns", shown), shown
    assert re.search(r"\rperft 5: 16/16 first turns, \d+ s\n$", shown), shown
    assert capsys.readouterr().out == "perft 5: 3273456\n"


def test_the_server_answers_too_slow_rather_than_exceed_its_budget() -> None:
    pair = ("3b/4/2N1/w3|3b/4/2N1/w3|3b/4/2N1/w3 turn=w focus=past,future supply=4,4 removed=0,0"
            " rules=growth+influence seeds=5 built=0,0")
    # 64 M nodes, counted by the spec engine: over 5 s of CPU, so an answer within seconds is the budget's doing
    # (the compiled engine would count them in a fraction of one; the bound is loose so that load cannot fail it).
    request = {"id": 5, "op": "perft", "position": pair, "depth": 4}
    game = load_game("ttykm")
    chosen = engine_impl_name(game)
    game.use_engine_impl("spec")
    try:
        started = time.monotonic()
        response = ask(request, budget=0.05)
        assert time.monotonic() - started < 3.0
    finally:
        game.use_engine_impl(chosen)
    assert (response["ok"], response["id"], response["error"]["code"]) == (False, 5, "too_slow")
    assert ask({"id": 6, "op": "moves", "position": START}, budget=0.05)["count"] == 16  # the next one is served
    assert ask({**request, "depth": 2}, budget=None)["nodes"] == 9604


def test_the_budget_is_in_the_version_reply() -> None:
    limits = ask({"id": 1, "op": "version"})["limits"]
    assert limits["request_seconds"] == 2.0 and limits["position_bytes"] == 16384 and limits["json_depth"] == 32


# --- 6. edges that disagreed -----------------------------------------------------------------------


def test_a_full_line_ending_in_crlf_is_accepted_as_with_lf() -> None:
    line = b'{"id": 3, "op": "version", "pad": "' + b"z" * (MAX_LINE_BYTES - 37) + b'"}'
    assert len(line) == MAX_LINE_BYTES
    for ending in (b"\n", b"\r\n"):
        out = io.BytesIO()
        serve(io.BytesIO(line + ending + line[:-2] + b'z"}' + ending), out)
        first, second = (json.loads(r) for r in out.getvalue().splitlines())
        assert first["ok"] is True and second["error"]["code"] == "line_too_long"


def test_render_json_answers_an_illegal_turn_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "render", "--json", "a1 W N >present")
    assert code == EXIT_ILLEGAL and err == ""
    assert json.loads(out) == {"turn": "a1 W N >present", "verdict": "illegal", "rule": "MOVE.WALL",
                               "reason": "the copy on past a1 cannot move west: the wall is there"}


def test_lower_case_actions_are_read_alike_in_text_and_json() -> None:
    assert parse_turn("a1 n e >present") == turn_from_json({"copy": "a1", "actions": ["n", "e"], "focus": "present"})
    assert ask({"id": 1, "op": "legal", "position": START,
                "turn": {"copy": "a1", "actions": ["n", "e"], "focus": "present"}})["verdict"] == "legal"


def test_the_empty_turn_is_refused_in_both_forms() -> None:
    with pytest.raises(NotationError, match="empty turn"):
        parse_turn("  ")
    with pytest.raises(NotationError, match="empty turn"):
        turn_from_json({})
    with pytest.raises(NotationError, match="empty turn"):
        turn_from_json({"copy": None, "actions": [], "focus": None})


@pytest.mark.parametrize("text", ["a1 ſ E >present", "a1 N K >present", "a1 Ｎ E >present", "a1 N\u0301 >past"])
def test_only_ascii_letters_are_actions(text: str) -> None:
    with pytest.raises(NotationError, match="expected an action"):
        parse_turn(text)
    assert error_code({"id": 1, "op": "legal", "position": START, "turn": text}) == "bad_turn"


@pytest.mark.parametrize("digit", ["٤", "²", "①", "４", "𝟒"])
def test_only_ascii_digits_are_counts(digit: str) -> None:
    with pytest.raises(NotationError, match="expected a count"):
        parse_position(START.replace("supply=4,4", f"supply={digit},4"))


@pytest.mark.parametrize("name", ["self-push=paradox", "copy-choice=free"])
def test_every_variant_named_twice_is_refused(name: str) -> None:
    with pytest.raises(UnknownVariant, match="named twice"):
        Ruleset.parse(f"{name}+{name}")


# --- the shared readers -----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["1_0", "٣", "²", "+3", " 3", "3 ", "", "-", "0x3", "1" * 19])
def test_parse_int_takes_ascii_digits_only(text: str) -> None:
    with pytest.raises(NotationError):
        parse_int(text, "N")


def test_parse_int_and_seconds_accept_plain_numbers() -> None:
    assert [parse_int(t, "N") for t in ("0", "-3", "1" * 18)] == [0, -3, int("1" * 18)]
    assert [parse_seconds(t, "S") for t in ("10", "0.5", "2e-1")] == [10.0, 0.5, 0.2]


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity", "1e400", "1" * 19, "[" * 33 + "]" * 33, "{"])
def test_load_json_refuses_what_is_not_plain_bounded_json(text: str) -> None:
    with pytest.raises(NotationError):
        load_json(text, "input")


def json_nesting(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((json_nesting(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((json_nesting(v) for v in value.values()), default=0)
    return 0


STRUCTURAL_TEXT = st.text(alphabet='[]{}"\\ab\n')


@given(st.recursive(st.none() | STRUCTURAL_TEXT,
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(STRUCTURAL_TEXT, inner, max_size=3),
                    max_leaves=12))
def test_json_depth_counts_nesting_without_parsing(value: Any) -> None:
    text = json.dumps(value)
    assert json_depth(text) == json_nesting(value)
    assert json_depth(json.dumps(value, indent=1)) == json_nesting(value)

