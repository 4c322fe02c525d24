"""The repository's due index: which active sessions have a scheduler item due (see
`storage.queries.due`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from storage import queries
from storage.db import Db
from storage.queries.due import DueRow

T = TypeVar("T")


class DueStore:
    """The due index; a mixin of `Repository` (which supplies the connection)."""

    _clock: Callable[[], float]

    if TYPE_CHECKING:
        # Provided by `Repository`: one transaction on the connection's thread, read or write.
        async def _call(self, fn: Callable[[Db], T]) -> T: ...
        async def _write(self, fn: Callable[[Db], T]) -> T: ...

    async def due_sessions(self, now: float) -> list[DueRow]:
        """Active sessions whose next item is due by `now` or unknown (no state read)."""
        return await self._call(partial(queries.due_sessions, now=now))

    async def active_sessions(self) -> list[DueRow]:
        """Every active session (no state read): the scheduler's slow full sweep."""
        return await self._call(queries.active_sessions)

    async def live_guilds(self) -> dict[int, int | None]:
        """Session id -> guild id of every live session (no state read)."""
        return await self._call(queries.live_guilds)

    async def set_next_due(self, session_id: int, version: int, at: float) -> bool:
        """Record when the session's next item is due; False if it moved on meanwhile."""
        return await self._write(
            partial(queries.set_next_due, session_id=session_id, version=version, at=at)
        )
