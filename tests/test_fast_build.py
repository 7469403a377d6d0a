"""The compiled engine under the sanitizers, a planted bug caught, and the package without it.

* The extension is built again with ``-fsanitize=address,undefined`` into a
  temporary directory and the differential (`tests/test_fast.py`'s checks)
  runs on it in a child process: no report, exit status 0.
* One changed line in its source (a travel forward allowed from the present
  only) builds an engine that the differential refuses.
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
COMPILER = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")

needs_compiler = pytest.mark.skipif(COMPILER is None, reason="no C compiler on this machine")

# A child process that loads the extension built at argv[1] in place of the installed one, then runs the
# differential of tests/test_fast.py on the positions of argv[2] seeds.
CHILD = """
import importlib.util, random, sys
spec = importlib.util.spec_from_file_location("oracle.games.ttykm._engine", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
sys.modules["oracle.games.ttykm._engine"] = module
from oracle.games.ttykm import fast
assert fast.chosen() == "compiled"
from oracle.games.ttykm.perft import perft
from oracle.games.ttykm.state import Position
from tests.test_fast import FREE, assert_agrees, positions
sample = random.Random(0)
for k, position in enumerate(positions(int(sys.argv[2]), int(sys.argv[3]))):
    assert_agrees(position, sample, FREE if k % 4 == 3 else None)
    fast.tensor(position)
assert perft(Position.start(), 5) == 3273456
assert perft(Position.start(), 4, cache=False) == 123888
print("agrees")
"""


def build(directory: Path, source: Path, flags: list[str]) -> Path:
    """The extension compiled from ``source`` into ``directory``, with ``flags``."""
    assert COMPILER is not None
    target = directory / ("_engine" + str(sysconfig.get_config_var("EXT_SUFFIX")))
    command = [COMPILER, "-shared", "-fPIC", "-std=c11", "-I", str(sysconfig.get_paths()["include"]), *flags,
               str(source), "-o", str(target)]
    subprocess.run(command, check=True, capture_output=True, text=True)
    return target


def run_child(library: Path, seed: int, count: int,
              env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", CHILD, str(library), str(seed), str(count)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})


@needs_compiler
@pytest.mark.slow
def test_the_differential_under_address_and_undefined_behaviour_sanitizers() -> None:
    assert COMPILER is not None
    asan = subprocess.run([COMPILER, "-print-file-name=libasan.so"], capture_output=True, text=True).stdout.strip()
    if not os.path.isabs(asan):
        pytest.skip("this compiler has no AddressSanitizer runtime")
    with tempfile.TemporaryDirectory() as directory:
        library = build(Path(directory), SOURCE, ["-O1", "-g", "-fno-omit-frame-pointer",
                                                  "-fsanitize=address,undefined", "-fno-sanitize-recover=all"])
        result = run_child(library, 20261202, 1500, {
            "LD_PRELOAD": asan,
            "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1",  # the interpreter keeps memory to its exit
            "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
        })
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip() == "agrees"
    assert "runtime error" not in result.stderr and "AddressSanitizer" not in result.stderr, result.stderr[-3000:]


PLANTED = ("    if (t < 32 && !(occ >> (t + 16) & 1)) n++;",
           "    if (t < 16 && !(occ >> (t + 16) & 1)) n++;")
"""One line of `count_seconds`: a second action Forward counted from the past only, not from the present."""


@pytest.mark.slow  # two builds of the engine and their differentials: some 6 s
@needs_compiler
def test_a_planted_bug_fails_the_differential() -> None:
    original = SOURCE.read_text(encoding="utf-8")
    assert original.count(PLANTED[0]) == 1
    with tempfile.TemporaryDirectory() as directory:
        planted = Path(directory) / "_engine.c"
        planted.write_text(original.replace(*PLANTED), encoding="utf-8")
        result = run_child(build(Path(directory), planted, ["-O1"]), 20261203, 300)
        assert result.returncode != 0 and "AssertionError" in result.stderr
        clean = run_child(build(Path(directory), SOURCE, ["-O1"]), 20261203, 300)
        assert clean.returncode == 0, clean.stderr[-3000:]  # the same check passes on the engine as written


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
