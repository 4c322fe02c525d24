"""Layering rules from DESIGN.md, checked on the source: dependencies point one way."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FORBIDDEN = {
    "games": {"discord", "aiosqlite", "sqlite3", "PIL", "asyncio", "bot", "render", "storage"},
    "render": {"discord", "aiosqlite", "sqlite3", "asyncio", "bot", "storage"},
    "storage": {"discord", "PIL", "bot", "render"},
    "fakediscord": {"bot", "games", "render", "storage"},
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def _files(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_only_what_its_layer_allows(package: str) -> None:
    """games/ and render/ stay pure; storage and the fake never reach into the bot."""
    offenders = [
        f"{path.relative_to(ROOT)} imports {sorted(_imports(path) & FORBIDDEN[package])}"
        for path in _files(package)
        if _imports(path) & FORBIDDEN[package]
    ]
    assert not offenders, "\n".join(offenders)


def test_games_use_no_module_level_random() -> None:
    """All chance in games/ flows through the engine's seeded Rng (the only `random` user)."""
    allowed = ROOT / "games" / "engine" / "rng.py"
    offenders = [
        str(path.relative_to(ROOT))
        for path in _files("games")
        if path != allowed and "random" in _imports(path)
    ]
    assert not offenders, offenders
