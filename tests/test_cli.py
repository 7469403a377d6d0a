"""The command line: answers, exit codes, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from oracle.tools.cli.main import EXIT_ERROR, EXIT_ILLEGAL, EXIT_OK, main

START = "3b/4/4/w3|3b/4/4/w3|3b/4/4/w3 turn=w focus=past,future supply=4,4 removed=0,0"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_tour_without_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == EXIT_OK
    assert "16 legal turns for White" in out
    assert "paradox black present:d3 present:d4" in out
    assert "crushed black present:d2 E" in out


def test_show(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show")
    assert code == EXIT_OK
    assert out.splitlines()[0].split() == ["past", "[W]", "present", "future", "[B]"]
    assert START in out


def test_moves_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "--json")
    data = json.loads(out)
    assert code == EXIT_OK and data["count"] == 16 and data["turns"][0] == "a1 N N >present"


@pytest.mark.parametrize(
    ("argv", "code", "first_line"),
    [
        (["legal", "a1 N E >present"], EXIT_OK, "legal"),
        (["legal", "a1 N"], EXIT_OK, "legal so far: the copy has 1 more action to take"),
        (["legal", "a1 W N >present"], EXIT_ILLEGAL,
         "illegal: MOVE.WALL: the copy on past a1 cannot move west: the wall is there"),
        (["legal", START, "a1 N E >past"], EXIT_ILLEGAL,
         "illegal: FOCUS.MOVE: the Focus must leave the past for another era (present or future)"),
        (["explain", "a1 N E >present"], EXIT_OK, "legal"),
        (["apply", "a1 N E >present"], EXIT_OK, "  chose white past:a1"),
        (["apply", "a1 N >present"], EXIT_ILLEGAL,
         "illegal: TURN.ACTION-COUNT: the copy on past a1 must take 2 actions; after N it can still take N"),
    ],
)
def test_verdicts_and_exit_codes(capsys: pytest.CaptureFixture[str], argv: list[str], code: int,
                                 first_line: str) -> None:
    got, out, err = run(capsys, *argv)
    assert (got, out.splitlines()[0], err) == (code, first_line, "")


def test_apply_json_reports_events_and_position(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "apply", "a1 N F >future", "--json")
    data = json.loads(out)
    assert code == EXIT_OK
    assert [e["type"] for e in data["events"]] == ["copy_chosen", "moved", "travelled", "focus_moved"]
    assert data["position"] == "3b/4/4/4|3b/4/w3/w3|3b/4/4/w3 turn=b focus=future,future supply=4,4 removed=0,0"


def test_explain_lists_extensions_of_a_partial_turn(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "a1 N", "--json")
    data = json.loads(out)
    assert code == EXIT_OK and data["verdict"] == "legal so far"
    assert data["extensions"][:2] == ["a1 N N >present", "a1 N N >future"]
    assert len(data["extensions"]) == 8


def test_perft_and_divide(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "perft", "3")[1] == "perft 3: 5696\n"
    code, out, _ = run(capsys, "perft", "2", "--divide", "--json")
    data = json.loads(out)
    assert code == EXIT_OK
    assert data["nodes"] == 256 and len(data["divide"]) == 16 and set(data["divide"].values()) == {16}


def test_variant_option(capsys: pytest.CaptureFixture[str]) -> None:
    position = "3b/4/4/w3|3b/4/4/w1w1|3b/4/4/w3 turn=w focus=present,future supply=3,4 removed=0,0"
    assert run(capsys, "legal", position, "a1 E E >past")[0] == EXIT_ILLEGAL
    assert run(capsys, "legal", position, "a1 E E >past", "--variant", "self-push=paradox")[0] == EXIT_OK


def test_position_from_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(START + "\n"))
    code, out, _ = run(capsys, "moves", "-", "--json")
    assert code == EXIT_OK and json.loads(out)["count"] == 16


def test_position_as_json_argument(capsys: pytest.CaptureFixture[str]) -> None:
    from oracle.games.ttykm.notation import position_to_json
    from oracle.games.ttykm.state import Position

    code, out, _ = run(capsys, "moves", json.dumps(position_to_json(Position.start())), "--json")
    assert code == EXIT_OK and json.loads(out)["count"] == 16


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["legal", "a1 Q >past"], "oracle: error: expected an action N, E, S, W, F, B or a new Focus such as >past:"
                                  " 'Q' at column 4"),
        (["moves", "3b/4/4/w3 turn=w"], "oracle: error: expected three boards past|present|future: '3b/4/4/w3'"
                                        " at column 1"),
        (["moves", START.replace("supply=4,4", "supply=4,9")],
         "oracle: error: invalid position (POSITION.VALID): black supply is 9; it must be 0 to 4"),
        (["moves", "{not json"], "oracle: error: position JSON is malformed: Expecting property name enclosed in"
                                 " double quotes at column 2"),
        (["moves", "--variant", "sideways"], "oracle: error: unknown variant 'sideways'; known: standard,"
                                             " self-push=paradox, copy-choice=free,"),
        (["perft", "x"], "oracle: error: argument DEPTH: DEPTH must be a whole number in ASCII digits: 'x'"
                         " (see 'oracle perft --help')"),
        (["perft", "99"], "oracle: error: perft depth 99 is beyond the limit of 64"),
        (["perft", "9"], "oracle: error: perft 9 under standard would count about"),
        (["frobnicate"], "oracle: error: argument COMMAND: invalid choice: 'frobnicate'"),
        (["legal"], "oracle: error: the following arguments are required: [POSITION] TURN"),
        (["legal", START, "a1 N", "extra"], "oracle: error: expected [POSITION] TURN, got 3 arguments"),
        # An unquoted turn (the shell took '>present' as a file to write): the command, with the turn quoted.
        (["legal", "a1", "N", "E"], 'oracle: error: expected [POSITION] TURN, got 3 arguments: quote the turn,'
                                    ' as in: oracle legal "a1 N E >present" (unquoted, the shell splits it'),
        (["explain", START, "a1", "N", "E"], "oracle: error: expected [POSITION] TURN, got 4 arguments: quote the turn,"
                                             f" as in: oracle explain '{START}' \"a1 N E >present\""),
        (["apply", "a1", "N", "E"], "oracle: error: the words 'a1 N E' make one turn: quote the turn, as in: oracle"
                                    ' apply "a1 N E >present"'),
        (["legal", "a1 N E present"], "oracle: error: the new Focus is written with '>', as in \"a1 N E >present\""),
    ],
)
def test_errors_are_one_line_with_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == EXIT_ERROR
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(message)


def test_real_process_exit_codes() -> None:
    def call(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "oracle", *argv], capture_output=True, text=True, timeout=60)

    ok = call("legal", "a1 N E >present")
    illegal = call("legal", "a1 W N >present")
    bad = call("legal", "zz")
    assert (ok.returncode, illegal.returncode, bad.returncode) == (0, 1, 2)
    assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_help_teaches() -> None:
    """The help opens on the three games, each with the option that picks it, and teaches TTYKM's notation."""
    result = subprocess.run([sys.executable, "-m", "oracle", "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    for words in ("exit status", "a1 N E >present", "legal so far", "oracle perft 4 --divide"):
        assert words in result.stdout
    opening = " ".join(result.stdout.split("\n\n")[1].split())
    assert opening.startswith("A rules reference and move oracle for three games"), opening
    for words in ("That Time You Killed Me (TTYKM, the default)", "Time Chase (Contre-Temps: --game time-chase)",
                  "L'heure des 3 ombres (--game trois-ombres)"):
        assert words in opening, opening


@pytest.mark.slow  # two perft(5) under Memory, by the spec engine: some 7 s
def test_perft_shows_progress_only_on_a_terminal() -> None:
    import os
    import pty

    command = [sys.executable, "-m", "oracle", "perft", "5", "--rules", "memory", "--engine-impl", "spec"]
    leader, follower = pty.openpty()
    try:
        result = subprocess.run(command,
                                stdout=subprocess.PIPE, stderr=follower, text=True, timeout=120)
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
    # Memory's perft(5) on the spec engine: over a second of CPU on any machine, well past the half second that
    # shows progress (the compiled engine counts it in a fraction of that).
    assert result.stdout == "perft 5: 3354384\n"
    assert b"perft 5: 16/16 first turns" in shown
    piped = subprocess.run(command, capture_output=True,
                           text=True, timeout=120)
    assert piped.stdout == "perft 5: 3354384\n" and piped.stderr == ""


def test_query_path_imports_no_checking_or_docs_library() -> None:
    probe = (
        "import sys\n"
        "from oracle.tools.cli.main import main\n"
        "for argv in (['legal', 'a1 N E >present'], ['moves'], ['apply', 'a1 N F >future'], ['perft', '2']):\n"
        "    main(argv)\n"
        "heavy = ('z3', 'hypothesis', 'mkdocs', 'markdown', 'jsonschema', 'playwright', 'pytest')\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & set(heavy)))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]"
