"""A host with the dice's buttons over a real SQLite file (no Discord: the core alone)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from games.registry import GAMES
from storage import Repository
from table.dice import VERBS
from table.host import Host
from table.service import GameService


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    async with await Repository.open(tmp_path / "redline.sqlite3") as repo:
        yield Host(GameService(repo, GAMES), extra_verbs=(VERBS,))
