"""``./dev`` names a missing prerequisite at once, in one line, before installing anything (README: Prerequisites)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

HIDDEN = {"npm", "node", "npx", "chromium", "chromium-browser"}


def bare_path(tmp_path: Path) -> str:
    """A PATH holding the system's commands except npm, Node.js and Chromium."""
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "python3").symlink_to(Path(sys.base_prefix) / "bin" / "python3")  # the interpreter, not the venv's
    for directory in ("/usr/local/bin", "/usr/bin", "/bin"):
        for command in Path(directory).iterdir() if Path(directory).is_dir() else ():
            target = folder / command.name
            if command.name not in HIDDEN and not target.exists():
                target.symlink_to(command)
    return str(folder)


def run_dev(tmp_path: Path, command: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("ORACLE_CHROMIUM", "ORACLE_NO_BROWSER")}
    environ |= {"PATH": bare_path(tmp_path), "ORACLE_CHROMIUM": str(tmp_path / "no-chromium")} | env
    return subprocess.run([str(ROOT / "dev"), command], capture_output=True, text=True, env=environ, timeout=60,
                          check=False)


def test_a_machine_without_npm_or_chromium_is_told_what_to_install(tmp_path: Path) -> None:
    result = run_dev(tmp_path, "test")
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr  # nothing installed first
    assert "npm" in lines[0] and "Chromium" in lines[0] and "install" in lines[0], lines[0]
    assert result.stdout == ""


def test_the_quick_tier_does_not_ask_for_a_browser(tmp_path: Path) -> None:
    result = run_dev(tmp_path, "quick")
    assert result.returncode == 1 and "npm" in result.stderr and "Chromium" not in result.stderr


def test_without_a_browser_on_purpose_only_npm_is_missing(tmp_path: Path) -> None:
    result = run_dev(tmp_path, "test", ORACLE_NO_BROWSER="1")
    assert result.returncode == 1 and "npm" in result.stderr and "Chromium" not in result.stderr
