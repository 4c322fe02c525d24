"""The repository's absence side: turn reminders sent, members' preferences, vacations."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from storage import queries
from storage.db import Db

T = TypeVar("T")


class AbsenceStore:
    """Reminders, prefs and vacations; a mixin of `Repository` (which supplies the connection)."""

    _clock: Callable[[], float]

    if TYPE_CHECKING:
        # Provided by `Repository`: one transaction on the connection's thread, read or write.
        async def _call(self, fn: Callable[[Db], T]) -> T: ...
        async def _write(self, fn: Callable[[Db], T]) -> T: ...

    async def claim_reminder(self, session_id: int, user_id: int, turn: int, stage: int) -> bool:
        """Claim one reminder before sending it: False if it was already sent."""
        return await self._write(
            partial(
                queries.claim_reminder,
                now=self._clock(),
                session_id=session_id,
                user_id=user_id,
                turn=turn,
                stage=stage,
            )
        )

    async def reminders_sent(self, session_id: int) -> list[tuple[int, int, int]]:
        return await self._call(partial(queries.reminders_sent, session_id=session_id))

    async def get_prefs(self, user_ids: Sequence[int]) -> dict[int, str]:
        return await self._call(partial(queries.get_prefs, user_ids=list(user_ids)))

    async def set_prefs(self, user_id: int, prefs_json: str) -> None:
        await self._write(partial(queries.set_prefs, user_id=user_id, prefs_json=prefs_json))

    async def start_vacation(self, guild_id: int, user_id: int, until: float) -> bool:
        return await self._write(
            partial(
                queries.start_vacation,
                now=self._clock(),
                guild_id=guild_id,
                user_id=user_id,
                until=until,
            )
        )

    async def end_vacation(self, guild_id: int, user_id: int) -> tuple[float, float] | None:
        return await self._write(
            partial(queries.end_vacation, now=self._clock(), guild_id=guild_id, user_id=user_id)
        )

    async def vacations_since(
        self, guild_id: int, user_id: int, since: float
    ) -> list[tuple[float, float | None, float]]:
        return await self._call(
            partial(queries.vacations_since, guild_id=guild_id, user_id=user_id, since=since)
        )

    async def vacations_over(self) -> list[tuple[int, int]]:
        return await self._call(partial(queries.vacations_over, now=self._clock()))
