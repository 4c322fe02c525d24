"""The bounded least-recently-used store under the render caches (text masks, static layers).

Bounded by a count of entries and by bytes counted per entry (what the caller says an entry
holds); the least recently used entries go first. Thread-safe: the bot's render threads share
one; each render process has its own.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

V = TypeVar("V")


@dataclass(frozen=True)
class CacheStats:
    entries: int
    bytes: int
    hits: int
    misses: int
    evictions: int

    @property
    def hit_rate(self) -> float:
        asked = self.hits + self.misses
        return self.hits / asked if asked else 0.0


class BoundedLru(Generic[V]):
    """Entries by key, at most `max_entries` of them and `max_bytes` counted."""

    def __init__(self, max_entries: int, max_bytes: int) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.enabled = True
        self._entries: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._bytes = 0
        self._hits = self._misses = self._evictions = 0
        self._lock = threading.Lock()

    def stats(self) -> CacheStats:
        with self._lock:
            return CacheStats(
                len(self._entries), self._bytes, self._hits, self._misses, self._evictions
            )

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._bytes = 0
            self._hits = self._misses = self._evictions = 0

    def get(self, key: Hashable) -> V | None:
        """The entry, now the most recently used (counted as a hit), or None (a miss)."""
        with self._lock:
            held = self._entries.get(key)
            if held is None:
                self._misses += 1
                return None
            self._entries.move_to_end(key)
            self._hits += 1
            return held[0]

    def put(self, key: Hashable, value: V, cost: int) -> None:
        """Keep `value` counted as `cost` bytes (not if that alone passes the byte bound),
        dropping the least recently used beyond the bounds; a key already held stays."""
        if cost > self.max_bytes:
            return
        with self._lock:
            if key in self._entries:
                return
            self._entries[key] = (value, cost)
            self._bytes += cost
            while len(self._entries) > self.max_entries or self._bytes > self.max_bytes:
                _, (_, dropped) = self._entries.popitem(last=False)
                self._bytes -= dropped
                self._evictions += 1
