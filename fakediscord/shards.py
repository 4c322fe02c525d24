"""Sharding as Discord does it: which shard holds a guild, what IDENTIFY may ask for, the
session start limits and `GET /gateway/bot`.

- A guild belongs to shard `(guild_id >> 22) % shard_count`; the gateway sends a connection
  GUILD_CREATE only for its shard's guilds and dispatches a guild's events and interactions only
  on that shard's connection (direct messages go to shard 0).
- IDENTIFY carries `shard: [id, count]` (absent means `[0, 1]`); an id outside `0..count-1`
  closes the socket with 4010 "Invalid shard"; a connection that would carry more than 2,500
  guilds is closed with 4011 "Sharding required".
- Identifies are rate-limited per bucket `shard_id % max_concurrency`: one per
  `identify_window` seconds (5 s on Discord); a faster one is answered with op 9 (invalid
  session, not resumable), as Discord does.
- `GET /gateway/bot` answers the gateway URL, the recommended shard count (Discord's rule of
  thumb: one shard per 1,000 guilds) and `session_start_limit`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

MAX_GUILDS_PER_SHARD = 2500
GUILDS_PER_RECOMMENDED_SHARD = 1000
CLOSE_INVALID_SHARD = 4010
CLOSE_SHARDING_REQUIRED = 4011
SESSION_STARTS_PER_DAY = 1000
DAY_MS = 24 * 3600 * 1000

Shard = tuple[int, int]
"""(shard id, shard count)."""

UNSHARDED: Shard = (0, 1)


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that holds this guild (Discord's formula)."""
    return (guild_id >> 22) % shard_count


def owns(shard: Shard, guild_id: int | None) -> bool:
    """Whether a connection identified as `shard` carries this guild (None: direct messages,
    which Discord sends on shard 0)."""
    shard_id, count = shard
    if guild_id is None:
        return shard_id == 0
    return shard_of(guild_id, count) == shard_id


def parse_shard(raw: object) -> Shard | None:
    """The `shard` field of an IDENTIFY, or None when Discord would refuse it (4010)."""
    if raw is None:
        return UNSHARDED
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        return None
    shard_id, count = raw
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (shard_id, count)):
        return None
    if count < 1 or not 0 <= shard_id < count:
        return None
    return (shard_id, count)


def recommended_shards(guilds: int) -> int:
    return max(1, math.ceil(guilds / GUILDS_PER_RECOMMENDED_SHARD))


@dataclass
class IdentifyLimits:
    """Session starts left today and the per-bucket identify pace."""

    max_concurrency: int = 1
    window: float = 5.0
    total: int = SESSION_STARTS_PER_DAY
    remaining: int = SESSION_STARTS_PER_DAY
    clock: Callable[[], float] = time.monotonic
    _last: dict[int, float] = field(default_factory=dict)
    refused: int = 0

    def admit(self, shard_id: int) -> bool:
        """Count an IDENTIFY; False when its bucket identified less than `window` ago."""
        bucket = shard_id % self.max_concurrency
        now = self.clock()
        last = self._last.get(bucket)
        if last is not None and now - last < self.window:
            self.refused += 1
            return False
        self._last[bucket] = now
        self.remaining = max(0, self.remaining - 1)
        return True

    def session_start_limit(self) -> dict[str, int]:
        return {
            "total": self.total,
            "remaining": self.remaining,
            "reset_after": DAY_MS,
            "max_concurrency": self.max_concurrency,
        }


def gateway_bot_body(url: str, guilds: int, limits: IdentifyLimits) -> dict[str, object]:
    """The body of `GET /gateway/bot`."""
    return {
        "url": url,
        "shards": recommended_shards(guilds),
        "session_start_limit": limits.session_start_limit(),
    }
