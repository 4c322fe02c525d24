"""The repository's seat side: who sits where, who hosts, and the lobby options."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from storage import queries
from storage.db import Db
from storage.models import SessionRecord

T = TypeVar("T")


class LobbyStore:
    """Seats, host and options; a mixin of `Repository` (which supplies the connection)."""

    _clock: Callable[[], float]

    if TYPE_CHECKING:
        # Provided by `Repository`: one transaction on the connection's thread, read or write.
        async def _call(self, fn: Callable[[Db], T]) -> T: ...
        async def _write(self, fn: Callable[[Db], T]) -> T: ...

    async def add_seat(
        self,
        session_id: int,
        user_id: int,
        name: str,
        *,
        expected_version: int,
        kind: str = "human",
    ) -> SessionRecord:
        """Seat a player (or a bot: kind "bot") after the others (LOBBY only). Raises
        `AlreadySeated`, CAS errors."""
        return await self._write(
            partial(
                queries.add_seat,
                now=self._clock(),
                session_id=session_id,
                user_id=user_id,
                name=name,
                expected_version=expected_version,
                kind=kind,
            )
        )

    async def remove_seat(
        self, session_id: int, user_id: int, *, expected_version: int
    ) -> SessionRecord:
        """Unseat a player (LOBBY only); later seats move up. Raises `NotSeated`, CAS errors."""
        return await self._write(
            partial(
                queries.remove_seat,
                now=self._clock(),
                session_id=session_id,
                user_id=user_id,
                expected_version=expected_version,
            )
        )

    async def set_options(
        self, session_id: int, options_json: str, *, expected_version: int
    ) -> SessionRecord:
        """Replace the session options (LOBBY only; CAS on version)."""
        return await self._write(
            partial(
                queries.set_options,
                now=self._clock(),
                session_id=session_id,
                options_json=options_json,
                expected_version=expected_version,
            )
        )

    async def set_host(
        self, session_id: int, host_id: int, *, expected_version: int
    ) -> SessionRecord:
        """Make `host_id` (a seated player) the host of a live session; CAS on version."""
        return await self._write(
            partial(
                queries.set_host,
                now=self._clock(),
                session_id=session_id,
                host_id=host_id,
                expected_version=expected_version,
            )
        )

    async def set_seat_kind(
        self,
        session_id: int,
        user_id: int,
        *,
        kind: str,
        name: str,
        expected_version: int,
        controller_id: int | None = None,
    ) -> SessionRecord:
        """A bot or a substitute member takes over a seat without changing the position."""
        return await self._write(
            partial(
                queries.set_seat_kind,
                now=self._clock(),
                session_id=session_id,
                user_id=user_id,
                kind=kind,
                name=name,
                expected_version=expected_version,
                controller_id=controller_id,
            )
        )
