"""The locks pin exactly what pyproject.toml names, with hashes, for Python 3.11 to 3.13."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUN, DEV = ROOT / "requirements.lock", ROOT / "requirements-dev.lock"


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


LINE = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)\s*(?:;\s*([^-]+?))?\s*((?:--hash=\S+\s*)*)$")


def entries(path: Path) -> dict[str, tuple[str, str, int]]:
    """name -> (version, marker, number of hashes)"""
    found: dict[str, tuple[str, str, int]] = {}
    text = path.read_text(encoding="utf-8").replace("\\\n", " ")
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = LINE.match(line)
        assert match, f"{path.name}: unexpected line {line!r}"
        name, version, marker, hashes = match.groups()
        found[norm(name)] = (version, (marker or "").strip(), hashes.count("--hash=sha256:"))
    return found


def pins(specs: list[str]) -> dict[str, str]:
    out = {}
    for spec in specs:
        name, _, version = spec.partition("==")
        assert version, f"pyproject.toml must pin exactly: {spec!r}"
        out[norm(name)] = version
    return out


PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lock", [RUN, DEV], ids=["run", "dev"])
def test_every_line_is_pinned_with_hashes(lock: Path) -> None:
    found = entries(lock)
    assert found
    for name, (_, _, hashes) in found.items():
        assert hashes >= 1, f"{lock.name}: {name} has no hash"


def test_the_locks_agree_with_pyproject() -> None:
    run, dev = entries(RUN), entries(DEV)
    runtime = pins(PYPROJECT["project"]["dependencies"])
    tools = pins(PYPROJECT["project"]["optional-dependencies"]["dev"])
    build = pins(PYPROJECT["build-system"]["requires"])
    for name, version in {**runtime, **build}.items():
        assert run[name][0] == version, f"requirements.lock: {name}"
        assert dev[name][0] == version, f"requirements-dev.lock: {name}"
    for name, version in tools.items():
        assert dev[name][0] == version, f"requirements-dev.lock: {name}"
        assert name not in run, f"requirements.lock carries the dev tool {name}"
    for name, (version, _, _) in run.items():
        assert dev[name][0] == version, f"the locks disagree on {name}"


def test_python_313_gets_its_audioop_backport_pinned() -> None:
    _, marker, hashes = entries(RUN)["audioop-lts"]
    assert "3.13" in marker and hashes >= 1
