"""`python -m bot` without a token explains how to get one and exits non-zero."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def without_token(folder: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REDLINE_")}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=folder,
        env={**env, "REDLINE_DATA_DIR": str(folder), "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_no_token_prints_how_to_get_one(tmp_path: Path) -> None:
    """No REDLINE_TOKEN: exit code 2 and instructions, no traceback."""
    result = without_token(tmp_path)
    assert result.returncode == 2
    assert "needs a bot token" in result.stderr
    assert "Developer" in result.stderr or "developers" in result.stderr
    assert "Traceback" not in result.stderr


def test_no_token_points_to_the_ways_people_start_it(tmp_path: Path) -> None:
    """The fix names ./redline bot and Docker's -e / .env, never a bare `python -m bot` (on a
    fresh Debian `python` does not exist and `python3 -m bot` has no packages)."""
    result = without_token(tmp_path)
    assert "REDLINE_TOKEN=your-token-here ./redline bot" in result.stderr
    assert "-e REDLINE_TOKEN=" in result.stderr
    assert ".env" in result.stderr
    assert "python -m bot" not in result.stderr


def test_health_check_fails_without_heartbeat(tmp_path: Path) -> None:
    """The Docker health check reports unhealthy before the bot has ever connected."""
    env = {**os.environ, "REDLINE_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "runtime.health"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert "unhealthy" in result.stdout
