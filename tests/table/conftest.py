"""The table without Discord: a game service on a fresh SQLite file, a clock the test moves,
and the host that composes every answer."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from games.registry import GAMES
from storage import Repository
from table.host import Host
from table.registry import TABLES
from table.service import GameService

START = 1_795_000_000.0
"""18 November 2026, 11:06 UTC: a time of year vacations are counted in."""


class Now:
    """The service's time source: it moves only when a test says so."""

    def __init__(self) -> None:
        self.t = START

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def now() -> Now:
    return Now()


@pytest.fixture
def first_seed() -> int:
    """The seed of the first game a test opens (each next game's is one more)."""
    return 21


@pytest.fixture
async def service(tmp_path: Path, now: Now, first_seed: int) -> AsyncIterator[GameService]:
    repo = await Repository.open(tmp_path / "table.sqlite3", clock=now)
    seeds = itertools.count(first_seed)
    try:
        yield GameService(repo, GAMES, seed_source=lambda: next(seeds), clock=now)
    finally:
        await repo.close()


@pytest.fixture
def host(service: GameService) -> Host:
    return Host(service, TABLES)
