"""Snowflakes and timestamps shaped like Discord's, so discord.py derives sane creation times."""

from __future__ import annotations

import datetime
import itertools
import secrets
import time

DISCORD_EPOCH_MS = 1420070400000


class Snowflakes:
    """Hands out increasing snowflakes: timestamp bits from the wall clock, a counter below."""

    def __init__(self) -> None:
        self._counter = itertools.count(1)
        self._placed = itertools.count(1)
        self._last = 0

    def next(self) -> int:
        stamp = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        value = stamp | (next(self._counter) & 0xFFF)
        # the counter wraps every 4096 ids; never hand out a smaller id than before
        value = max(value, self._last + 1)
        self._last = value
        return value

    def on_shard(self, shard_id: int, shard_count: int) -> int:
        """A guild id on shard `shard_id` of `shard_count`: its timestamp is the latest
        millisecond (not after now) whose number is `shard_id` modulo the count, as a guild
        created then would have. Worker bit 1 (bit 17) keeps these apart from `next()`'s ids;
        the counter below keeps them apart from each other."""
        now = int(time.time() * 1000) - DISCORD_EPOCH_MS
        stamp = now - (now - shard_id) % shard_count
        return (stamp << 22) | (1 << 17) | (next(self._placed) & 0x1FFFF)


def iso_now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


def new_token(prefix: str) -> str:
    return f"{prefix}.{secrets.token_urlsafe(24)}"
