"""The compiled engine under the sanitizers, a planted bug caught, and the package without it.

* The extension is built again with ``-fsanitize=address,undefined`` into a
  temporary directory and the differential (`tests/test_fast.py`'s checks)
  runs on it in a child process, on standard and chapter positions of every
  ruleset and variant, with chapter perft: no report, exit status 0.
* One changed line in its standard source (a travel forward allowed from the
  past only), and one in its chapter source (a seed planted only while two
  are left in supply), each build an engine that the differential refuses.
* With the extension hidden, as on a machine without a C compiler, the spec
  answers, `oracle version` says so, a deep perft says so once, in one line,
  and `tests/test_fast.py` and `tests/test_perft.py` pass.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "oracle" / "games" / "ttykm" / "_engine.c"
CHAPTERS = SOURCE.with_name("_chapters.c")
COMPILER = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")

needs_compiler = pytest.mark.skipif(COMPILER is None, reason="no C compiler on this machine")

# A child process that loads the extension built at argv[1] in place of the installed one, then runs the
# differential of tests/test_fast.py on argv[3] standard positions of seed argv[2] and argv[4] positions of
# each chapter ruleset and pair (a quarter as many, at least one, of each variant ruleset), with perft.
CHILD = """
import importlib.util, random, sys
spec = importlib.util.spec_from_file_location("oracle.games.ttykm._engine", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
sys.modules["oracle.games.ttykm._engine"] = module
from oracle.games.ttykm import fast
assert fast.chosen() == "compiled"
from oracle.games.ttykm.perft import perft
from oracle.games.ttykm.rules.standard import start_position
from oracle.games.ttykm.state import Position
from tests.test_fast import (CHAPTERS, FREE, VARIANT_RULESETS, assert_agrees, assert_agrees_in, chapter_positions,
                             positions)
seed, standard, chapters = map(int, sys.argv[2:5])
sample = random.Random(0)
for k, position in enumerate(positions(seed, standard)):
    assert_agrees(position, sample, FREE if k % 4 == 3 else None)
    fast.tensor(position)
if standard:
    assert perft(Position.start(), 5) == 3273456
    assert perft(Position.start(), 4, cache=False) == 123888
for k, rules in enumerate(CHAPTERS + VARIANT_RULESETS if chapters else ()):
    for position in chapter_positions(rules, seed + k, chapters if k < len(CHAPTERS) else max(1, chapters // 4)):
        assert_agrees_in(position, rules, sample)
if chapters:
    for rules, counts in zip(CHAPTERS, ([62, 3844, 225296], [36, 1296, 38792], [16, 256, 5696], [98, 9604, 695776],
                                         [62, 3844, 224800], [36, 1296, 37640]), strict=True):
        assert [perft(start_position(rules), depth, rules) for depth in (1, 2, 3)] == counts, rules.name
        assert perft(start_position(rules), 3, rules, cache=False) == counts[2], rules.name
print("agrees")
"""


def build(directory: Path, sources: tuple[Path, ...], flags: list[str]) -> Path:
    """The extension compiled from ``sources`` into ``directory``, with ``flags``."""
    assert COMPILER is not None
    target = directory / ("_engine" + str(sysconfig.get_config_var("EXT_SUFFIX")))
    command = [COMPILER, "-shared", "-fPIC", "-std=c11", "-I", str(sysconfig.get_paths()["include"]),
               "-I", str(SOURCE.parent), *flags, *map(str, sources), "-o", str(target)]
    subprocess.run(command, check=True, capture_output=True, text=True)
    return target


def run_child(library: Path, seed: int, standard: int, chapters: int,
              env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", CHILD, str(library), str(seed), str(standard), str(chapters)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})


@needs_compiler
@pytest.mark.slow
def test_the_differential_under_address_and_undefined_behaviour_sanitizers() -> None:
    assert COMPILER is not None
    asan = subprocess.run([COMPILER, "-print-file-name=libasan.so"], capture_output=True, text=True).stdout.strip()
    if not os.path.isabs(asan):
        pytest.skip("this compiler has no AddressSanitizer runtime")
    with tempfile.TemporaryDirectory() as directory:
        library = build(Path(directory), (SOURCE, CHAPTERS), ["-O1", "-g", "-fno-omit-frame-pointer",
                                                              "-fsanitize=address,undefined",
                                                              "-fno-sanitize-recover=all"])
        result = run_child(library, 20261202, 1500, 24, {
            "LD_PRELOAD": asan,
            "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1",  # the interpreter keeps memory to its exit
            "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
        })
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip() == "agrees"
    assert "runtime error" not in result.stderr and "AddressSanitizer" not in result.stderr, result.stderr[-3000:]


PLANTED = {
    SOURCE: ("    if (t < 32 && !(occ >> (t + 16) & 1)) n++;",
             "    if (t < 16 && !(occ >> (t + 16) & 1)) n++;"),
    CHAPTERS: ("        int plantable = __builtin_popcountll(p->seeds) < SEEDS;",
               "        int plantable = __builtin_popcountll(p->seeds) < SEEDS - 1;"),
}
"""One line of each source: `count_seconds` counting a second action Forward from the past only, not from
the present; `moves` letting a copy plant only while two seeds or more are left in supply, not one."""


@pytest.mark.slow  # two builds of the engine and their differentials: some 6 s
@needs_compiler
def test_a_planted_bug_fails_the_differential() -> None:
    with tempfile.TemporaryDirectory() as directory:
        clean = run_child(build(Path(directory), (SOURCE, CHAPTERS), ["-O1"]), 20261203, 200, 4)
        assert clean.returncode == 0, clean.stderr[-3000:]  # the checks pass on the engine as written
        for source, (line, planted) in PLANTED.items():
            original = source.read_text(encoding="utf-8")
            assert original.count(line) == 1
            copy = Path(directory) / source.name
            copy.write_text(original.replace(line, planted), encoding="utf-8")
            sources = (copy, CHAPTERS) if source == SOURCE else (SOURCE, copy)
            standard, chapters = (200, 0) if source == SOURCE else (0, 4)
            result = run_child(build(Path(directory), sources, ["-O1"]), 20261203, standard, chapters)
            assert result.returncode != 0 and "AssertionError" in result.stderr, (source.name, result.stderr[-3000:])
            copy.unlink()


HIDE = "import sys; sys.modules['oracle.games.ttykm._engine'] = None\n"


@pytest.mark.slow  # perft(5) on the spec engine, in a process: some 6 s
def test_without_the_extension_the_spec_answers() -> None:
    code = HIDE + (
        "from oracle.tools.cli.main import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    version = subprocess.run([sys.executable, "-c", code, "version"], capture_output=True, text=True, env=env)
    assert version.returncode == 0
    assert "engine: ttykm: spec (the compiled engine is not built here)" in version.stdout
    counted = subprocess.run([sys.executable, "-c", code, "perft", "5"], capture_output=True, text=True, env=env)
    assert counted.returncode == 0 and counted.stdout.strip() == "perft 5: 3273456"
    assert counted.stderr.count("\n") == 1 and "the compiled engine is not built" in counted.stderr
    refused = subprocess.run([sys.executable, "-c", code, "perft", "3", "--engine-impl", "compiled"],
                             capture_output=True, text=True, env=env)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "available: spec" in refused.stderr


@pytest.mark.slow
def test_the_tests_pass_on_the_spec_engine_alone() -> None:
    code = HIDE + "import pytest\nsys.exit(pytest.main(sys.argv[1:]))\n"
    result = subprocess.run(
        [sys.executable, "-c", code, "-n", "0", "-p", "no:cacheprovider", "-m", "not slow",
         "tests/test_fast.py", "tests/test_perft.py::test_start_perft"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stdout[-3000:]
    assert " passed" in result.stdout and "skipped" in result.stdout  # the compiled-only checks, named
