"""The repository's take-back side: requests to take back a move, answers, and applying one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from storage.db import Db
from storage.models import SessionRecord
from storage.queries import takebacks as q
from storage.queries.takebacks import Closing, TakeBackRow

T = TypeVar("T")


class TakeBackStore:
    """Take-back requests; a mixin of `Repository` (which supplies the connection)."""

    _clock: Callable[[], float]

    if TYPE_CHECKING:
        # Provided by `Repository`: one transaction on the connection's thread, read or write.
        async def _call(self, fn: Callable[[Db], T]) -> T: ...
        async def _write(self, fn: Callable[[Db], T]) -> T: ...

    async def open_takeback(
        self,
        session_id: int,
        *,
        user_id: int,
        seq: int,
        asked: Sequence[int],
        expires_at: float,
    ) -> TakeBackRow:
        """A new pending request (an older pending one of the session becomes stale)."""
        return await self._write(
            partial(
                q.open_takeback,
                now=self._clock(),
                session_id=session_id,
                user_id=user_id,
                seq=seq,
                asked=tuple(asked),
                expires_at=expires_at,
            )
        )

    async def get_takeback(self, takeback_id: int) -> TakeBackRow | None:
        return await self._call(partial(q.get_takeback, takeback_id=takeback_id))

    async def pending_takebacks(self, session_id: int | None = None) -> list[TakeBackRow]:
        """Pending requests of a session, or of every session (a restarted scheduler)."""
        return await self._call(partial(q.pending_takebacks, session_id=session_id))

    async def session_takebacks(self, session_id: int) -> list[TakeBackRow]:
        """Every request of a session, oldest first (decided ones included)."""
        return await self._call(partial(q.session_takebacks, session_id=session_id))

    async def answer_takeback(
        self, takeback_id: int, user_id: int, yes: bool
    ) -> TakeBackRow | None:
        return await self._write(
            partial(q.answer_takeback, takeback_id=takeback_id, user_id=user_id, yes=yes)
        )

    async def close_takeback(self, takeback_id: int, status: str) -> Closing:
        """Pending -> refused, expired or stale; a closed request is returned unchanged, with
        `closed_here` False (announce only what this call closed)."""
        return await self._write(
            partial(q.close_takeback, now=self._clock(), takeback_id=takeback_id, status=status)
        )

    async def apply_takeback(
        self,
        takeback_id: int,
        *,
        session_id: int,
        expected_version: int,
        actor: int,
        action_json: str,
        events_json: str,
        state_json: str,
        clock_json: str | None = None,
    ) -> tuple[SessionRecord, TakeBackRow]:
        """The take-back in one transaction (CAS on version); see `queries.takebacks`."""
        return await self._write(
            partial(
                q.apply_takeback,
                now=self._clock(),
                takeback_id=takeback_id,
                session_id=session_id,
                expected_version=expected_version,
                actor=actor,
                action_json=action_json,
                events_json=events_json,
                state_json=state_json,
                clock_json=clock_json,
            )
        )
