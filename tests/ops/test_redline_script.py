"""`./redline` repairs its own install: the Python version check, a missing python3-venv, a
broken or half-made .venv. Run against a copy of the script with stub interpreters (no network,
no real venv): the system stub answers the script's probes as a Python of STUB_VERSION would,
and `-m venv` makes a stub environment whose pip only records what it was asked."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCKS = ("requirements.lock", "requirements-dev.lock")

SYSTEM_PY = r"""#!/usr/bin/env bash
# a stub system python: version from STUB_VERSION; STUB_NO_VENV=1 acts like Debian without
# python3-venv; STUB_VENV_FAILS=1 makes `-m venv` fail after leaving a half-made folder
here=$(cd "$(dirname "$0")" && pwd)
ver=${STUB_VERSION:-3.12.3}
case "$*" in
  *"version_info[:3]"*) echo "$ver" ;;
  *"sys.version_info < (3, 11)"*)
    major=${ver%%.*}; rest=${ver#*.}; minor=${rest%%.*}
    [ "$major" -gt 3 ] || { [ "$major" -eq 3 ] && [ "$minor" -ge 11 ]; } ;;
  *"import venv, ensurepip"*) [ "${STUB_NO_VENV:-0}" != 1 ] ;;
  "-m venv "*)
    dir=$3
    mkdir -p "$dir/bin"
    cp "$here/venv-python" "$dir/bin/python"
    if [ "${STUB_NO_VENV:-0}" = 1 ] || [ "${STUB_VENV_FAILS:-0}" = 1 ]; then
      echo "Error: ensurepip failed" >&2; exit 1
    fi
    touch "$dir/has-pip" ;;
  *) echo "unexpected: $*" >&2; exit 99 ;;
esac
"""

VENV_PY = r"""#!/usr/bin/env bash
# a stub venv python: pip works if the venv has its marker; records pip calls; runs "bot" and
# the demo; STUB_PIP_FAILS=tls fails an install as pip does behind a TLS-intercepting proxy,
# STUB_PIP_FAILS=net as it does without a network
venv=$(cd "$(dirname "$0")/.." && pwd)
case "$*" in
  *"import sys, pip"*) [ -f "$venv/has-pip" ] ;;
  "-m pip "*" install "*)
    case "${STUB_PIP_FAILS:-}" in
      tls) echo "WARNING: Retrying after connection broken by 'SSLError(" >&2
           echo "  '[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed'))'" >&2
           echo "ERROR: Could not find a version that satisfies the requirement aiohttp" >&2
           exit 1 ;;
      net) echo "ERROR: Could not install packages due to an OSError: [Errno -3]" >&2
           exit 1 ;;
    esac
    echo "$*" >> "$venv/pip.log" ;;
  "-m pip "*) echo "$*" >> "$venv/pip.log" ;;
  "-m bot"*) echo "BOT RAN $*" ;;
  "-m bench.demo"*) echo "DEMO RAN $*" ;;
  *) echo "unexpected: $*" >&2; exit 99 ;;
esac
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for name in ("redline", "pyproject.toml", "requirements.lock", "requirements-dev.lock"):
        shutil.copy2(ROOT / name, tmp_path / name)
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    for name, text in (("python3", SYSTEM_PY), ("venv-python", VENV_PY)):
        (stubs / name).write_text(text)
        (stubs / name).chmod(0o755)
    return tmp_path


def run(tree: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = {
        "PATH": os.environ["PATH"],
        "HOME": str(tree),
        "PYTHON": str(tree / "stubs" / "python3"),
        **env,
    }
    return subprocess.run(
        ["bash", str(tree / "redline"), *args],
        cwd=tree,
        env=full,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_first_run_creates_installs_and_runs(tree: Path) -> None:
    out = run(tree, "bot", "--help")
    assert out.returncode == 0, out.stderr
    assert "BOT RAN -m bot --help" in out.stdout
    assert "creating .venv with Python 3.12.3" in out.stderr
    assert "installing the pinned packages from requirements.lock" in out.stderr
    pip = (tree / ".venv" / "pip.log").read_text()
    assert "--require-hashes --no-deps -r requirements.lock" in pip
    assert "-e ." in pip
    # second run: nothing to do, says nothing about installing
    again = run(tree, "bot")
    assert again.returncode == 0
    assert "installing" not in again.stderr and "creating" not in again.stderr
    assert (tree / ".venv" / "pip.log").read_text() == pip


def test_python_310_is_refused_before_anything_is_made(tree: Path) -> None:
    out = run(tree, "bot", STUB_VERSION="3.10.12")
    assert out.returncode == 1
    assert "Redline needs Python 3.11+" in out.stderr
    assert "3.10.12" in out.stderr
    assert not (tree / ".venv").exists()


def test_missing_python_is_named(tree: Path) -> None:
    out = run(tree, "bot", PYTHON="python3.99-nowhere")
    assert out.returncode == 1
    assert "Redline needs Python 3.11+" in out.stderr and "not found" in out.stderr


def test_debian_without_python3_venv_says_what_to_install(tree: Path) -> None:
    out = run(tree, "bot", STUB_NO_VENV="1")
    assert out.returncode == 1
    assert "apt-get install python3-venv" in out.stderr
    assert not (tree / ".venv").exists()


def test_a_failed_venv_is_removed_not_left_half_made(tree: Path) -> None:
    out = run(tree, "bot", STUB_VENV_FAILS="1")
    assert out.returncode == 1
    assert "python3-venv" in out.stderr
    assert not (tree / ".venv").exists()
    fixed = run(tree, "bot")
    assert fixed.returncode == 0, fixed.stderr
    assert "BOT RAN" in fixed.stdout


@pytest.mark.parametrize("damage", ["no-pip", "no-python", "empty", "dangling-link"])
def test_a_broken_venv_is_rebuilt(tree: Path, damage: str) -> None:
    assert run(tree, "bot").returncode == 0
    venv = tree / ".venv"
    if damage == "no-pip":  # what a first run without python3-venv left behind before
        (venv / "has-pip").unlink()
    elif damage == "no-python":
        (venv / "bin" / "python").unlink()
    elif damage == "empty":
        shutil.rmtree(venv)
        venv.mkdir()
    else:
        shutil.rmtree(venv)
        venv.symlink_to(tree / "gone")
    out = run(tree, "bot")
    assert out.returncode == 0, out.stderr
    assert "broken or half-made" in out.stderr
    assert "creating .venv" in out.stderr
    assert "installing the pinned packages" in out.stderr
    assert "BOT RAN" in out.stdout


def test_an_unknown_command_prints_the_usage(tree: Path) -> None:
    out = run(tree, "lint-nothing")
    assert out.returncode == 2  # usage
    assert "./redline test" in out.stdout


def test_the_dev_lock_holds_every_run_pin() -> None:
    """What lets a dev install stand for a run install: every run pin, at the same version."""
    pins = [re.findall(r"^([\w.\-\[\]]+==\S+)", (ROOT / name).read_text(), re.M) for name in LOCKS]
    assert pins[0] and set(pins[0]) <= set(pins[1])


def test_bot_after_demo_installs_nothing_more(tree: Path) -> None:
    """A dev install (demo, test) already holds the run packages: `bot` starts at once."""
    assert run(tree, "demo").returncode == 0
    installed = (tree / ".venv" / "pip.log").read_text()
    out = run(tree, "bot")
    assert out.returncode == 0, out.stderr
    assert "BOT RAN" in out.stdout
    assert "installing" not in out.stderr
    assert (tree / ".venv" / "pip.log").read_text() == installed


def test_switching_back_and_forth_installs_each_lock_once(tree: Path) -> None:
    """bot, demo, bot, demo: the run lock once, the dev lock once, then nothing."""
    for command in ("bot", "demo", "bot", "demo"):
        assert run(tree, command).returncode == 0
    installs = (tree / ".venv" / "pip.log").read_text().splitlines()
    assert [line.split(" -r ")[-1] for line in installs if " -r " in line] == list(LOCKS)


def test_a_tls_failure_says_what_failed_and_what_to_set(tree: Path) -> None:
    """pip behind a TLS-intercepting proxy: pip's lines, then a hint naming PIP_CERT."""
    out = run(tree, "bot", STUB_PIP_FAILS="tls")
    assert out.returncode == 1
    assert "CERTIFICATE_VERIFY_FAILED" in out.stderr  # pip's own words stay visible
    hint = out.stderr.strip().splitlines()[-1]
    assert "could not verify the TLS certificate" in hint
    assert "PIP_CERT=" in hint and "PIP_INDEX_URL=" in hint
    assert not list((tree / ".venv").glob(".installed-*"))


def test_another_pip_failure_names_the_settings_too(tree: Path) -> None:
    """No network: pip's error, then what to check and set, and no stamp (the next run retries)."""
    out = run(tree, "bot", STUB_PIP_FAILS="net")
    assert out.returncode == 1
    hint = out.stderr.strip().splitlines()[-1]
    assert "could not install the pinned packages" in hint
    assert "HTTPS_PROXY" in hint and "PIP_INDEX_URL=" in hint
    assert not list((tree / ".venv").glob(".installed-*"))
