"""The decoded-state cache: each live game's state (and its last move's events) by version,
so a press does not decode the state's JSON again. Bounded in bytes, not in games: a game's
decoded state weighs 7 KB (Drag Rage) to 130 KB (Apocalypse Road at 10 players), so a bound
of 4,096 games (as before issue 31) meant anything from 30 to 530 MB.

A state's weight is estimated from its JSON: decoded (frozen pydantic models) it takes 6-9
times the JSON's length (measured with tracemalloc for every game at its maximum players,
mid-game and at the end; issue 31), so the cost counted is 9 times that length, rounded up
rather than down. The least recently used game is let go first.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from games.engine import Event, Model

DECODED_PER_JSON_BYTE = 9
"""A decoded state's bytes per byte of its JSON (measured 6-9)."""
ENTRY_OVERHEAD = 1024
"""The entry itself, the events' tuple and the dictionary's slot, roughly."""
DEFAULT_MAX_BYTES = 64 * 1024 * 1024
"""REDLINE_STATE_CACHE_MB's default: ~500 games of Apocalypse Road at 10 players, ~8,000 of
Drag Rage; a game beyond it is decoded again at its next press (about a millisecond)."""


@dataclass(frozen=True)
class Cached:
    version: int
    state: Model
    events: tuple[Event, ...]
    cost: int
    """Its estimated bytes (see the module doc)."""


def cost_of(state_json: str) -> int:
    return DECODED_PER_JSON_BYTE * len(state_json) + ENTRY_OVERHEAD


class StateCache:
    """Live games' decoded states, at most `max_bytes` of them (estimated), least recently
    used let go first."""

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        """The estimated bytes held now."""
        self._entries: OrderedDict[int, Cached] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, session_id: object) -> bool:
        return session_id in self._entries

    def get(self, session_id: int, version: int) -> Cached | None:
        """The state of `session_id` at `version`, if held (it is then the most recent)."""
        found = self._entries.get(session_id)
        if found is None or found.version != version:
            return None
        self._entries.move_to_end(session_id)
        return found

    def put(
        self,
        session_id: int,
        version: int,
        state: Model,
        events: tuple[Event, ...],
        *,
        state_json: str,
    ) -> None:
        """Hold this state (`state_json` is what it was decoded from: it gives the cost); the
        least recently used go until the bound holds. A state over the whole bound is not held."""
        self.drop(session_id)
        cost = cost_of(state_json)
        if cost > self.max_bytes:
            return
        self._entries[session_id] = Cached(version, state, events, cost)
        self.bytes += cost
        while self.bytes > self.max_bytes:
            _, oldest = self._entries.popitem(last=False)
            self.bytes -= oldest.cost

    def drop(self, session_id: int) -> None:
        gone = self._entries.pop(session_id, None)
        if gone is not None:
            self.bytes -= gone.cost
