"""Which guilds this process holds, and the pace of its IDENTIFYs.

Discord puts a guild on shard `(guild_id >> 22) % shard_count`, and a guild's interactions
and events reach only the connection of that shard. A deployment runs every shard in one
process (the default: as many as Discord recommends, one for a small bot) or splits them over
processes (`REDLINE_SHARD_COUNT`, `REDLINE_SHARD_IDS`) that share one PostgreSQL. Whatever is
per guild belongs to the process holding the guild's shard:
- the in-process session locks need nothing: a guild's presses only ever reach its shard;
- the scheduler's due items (clock timeouts, reminders, bot seats, take-back expiry, the end of
  a vacation) are processed only by that process (`ShardScope.holds`), so two processes do not
  both walk every session. Correctness does not rest on this: each due move is a version
  compare-and-swap, each reminder is claimed in the database and a take-back's lapse or a
  vacation's end closes its row only if still open, so even two processes handling the same
  session (a deploy overlap) apply and announce each item once.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

IDENTIFY_WINDOW = 5.0 + 0.25
"""Seconds Discord wants between IDENTIFYs of one bucket (`shard_id % max_concurrency`): 5,
plus a margin, since Discord counts from when an IDENTIFY arrives, not from when it was sent
(exactly 5 s got one in three refused with op 9 against the fake, each costing 5 s more)."""


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class ShardScope:
    """The shards one process holds out of the deployment's count."""

    count: int = 1
    ids: frozenset[int] = frozenset({0})

    @classmethod
    def of(cls, count: int | None, ids: Iterable[int] | None) -> ShardScope:
        """From a client's `shard_count`/`shard_ids` (None: one shard, or all of them)."""
        total = count or 1
        return cls(total, frozenset(range(total) if ids is None else ids))

    @property
    def is_everything(self) -> bool:
        return self.ids >= frozenset(range(self.count))

    def holds(self, guild_id: int | None) -> bool:
        """Whether this process's shards carry the guild (None, outside guilds: shard 0)."""
        if self.is_everything:
            return True
        return (0 if guild_id is None else shard_of(guild_id, self.count)) in self.ids

    def describe(self) -> str:
        if self.count == 1:
            return "single shard"
        ids = sorted(self.ids)
        if ids == list(range(ids[0], ids[-1] + 1)) and len(ids) > 2:
            return f"shards {ids[0]}-{ids[-1]} of {self.count}"
        return f"shard{'s' if len(ids) > 1 else ''} {','.join(map(str, ids))} of {self.count}"


@dataclass
class IdentifyPace:
    """Waits before an IDENTIFY only as long as Discord's limit needs: one per bucket
    (`shard_id % max_concurrency`) per 5 s. discord.py's default waits 5 s before every shard
    but the first whatever `max_concurrency` says; a bot allowed 16 at once starts 16 shards in
    the time it takes to start one."""

    max_concurrency: int = 1
    window: float = IDENTIFY_WINDOW
    clock: Callable[[], float] = time.monotonic
    _last: dict[int, float] = field(default_factory=dict)

    def delay(self, shard_id: int | None) -> float:
        """Seconds to wait before this shard identifies, and note that it will."""
        bucket = (shard_id or 0) % max(1, self.max_concurrency)
        now = self.clock()
        last = self._last.get(bucket)
        wait = 0.0 if last is None else max(0.0, last + self.window - now)
        self._last[bucket] = now + wait
        return wait

    async def wait(self, shard_id: int | None) -> None:
        delay = self.delay(shard_id)
        if delay > 0:
            await asyncio.sleep(delay)
