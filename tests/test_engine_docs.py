"""docs/testing-your-engine.md tells the truth: its code is the code that runs,
its commands parse, and its sample divergence is what the runner prints."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

import pytest

from oracle.tools.cli.main import build_parser
from tests.conftest import ROOT

PAGE = (ROOT / "docs" / "testing-your-engine.md").read_text(encoding="utf-8")
SAME_AS = re.compile(r"<!-- same as (\S+) -->\n```python\n(.*?)\n```", re.S)
CONSOLE = re.compile(r"```console\n(.*?)\n```", re.S)


def test_code_blocks_are_the_files_they_name() -> None:
    blocks = SAME_AS.findall(PAGE)
    assert len(blocks) == 4
    for path, code in blocks:
        assert (ROOT / path).read_text(encoding="utf-8") == code + "\n", f"the page's copy of {path} is stale"


def commands() -> list[str]:
    return [line[2:] for block in CONSOLE.findall(PAGE) for line in block.splitlines() if line.startswith("$ oracle")]


@pytest.mark.parametrize("command", commands())
def test_commands_on_the_page_parse(command: str) -> None:
    build_parser().parse_args(shlex.split(command)[1:])


def test_the_sample_divergence_is_real() -> None:
    block = next(b for b in CONSOLE.findall(PAGE) if "focus_stays.py" in b)
    shown = block.splitlines()
    # As written: the engine's `python` is the oracle's own (oracle.tools.conform.engine_argv).
    engine = "python tests/toy_engines/focus_stays.py"
    done = subprocess.run([sys.executable, "-m", "oracle", "conform", "--engine", engine, "--quiet",
                           "--vectors", "vectors/standard"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert [*done.stdout.splitlines(), f"[exit status {done.returncode}]"] == shown[1:]
