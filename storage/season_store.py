"""The repository's seasons side (see `storage.queries.seasons`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from storage.db import Db
from storage.queries import seasons as q
from storage.queries.seasons import SeasonMember, SeasonRow

T = TypeVar("T")


class SeasonStore:
    """Seasons, their members and races; a mixin of `Repository`."""

    _clock: Callable[[], float]

    if TYPE_CHECKING:

        async def _call(self, fn: Callable[[Db], T]) -> T: ...
        async def _write(self, fn: Callable[[Db], T]) -> T: ...

    async def create_season(
        self,
        *,
        guild_id: int,
        channel_id: int,
        name: str,
        game_key: str,
        races: int,
        points: tuple[int, ...],
        role_id: int | None,
        creator_id: int,
        creator_name: str,
        options_json: str = "{}",
    ) -> SeasonRow | None:
        """A new open season (its creator its first member); None if the channel has one."""
        return await self._write(
            partial(
                q.create_season,
                now=self._clock(),
                guild_id=guild_id,
                channel_id=channel_id,
                name=name,
                game_key=game_key,
                races=races,
                points=points,
                role_id=role_id,
                creator_id=creator_id,
                creator_name=creator_name,
                options_json=options_json,
            )
        )

    async def open_season(self, channel_id: int) -> SeasonRow | None:
        return await self._call(partial(q.open_season, channel_id=channel_id))

    async def latest_season(self, channel_id: int) -> SeasonRow | None:
        return await self._call(partial(q.latest_season, channel_id=channel_id))

    async def season_of_session(self, session_id: int) -> SeasonRow | None:
        return await self._call(partial(q.season_of_session, session_id=session_id))

    async def join_season(self, season_id: int, user_id: int, name: str) -> bool:
        return await self._write(
            partial(
                q.join_season, now=self._clock(), season_id=season_id, user_id=user_id, name=name
            )
        )

    async def season_members(self, season_id: int) -> list[SeasonMember]:
        return await self._call(partial(q.season_members, season_id=season_id))

    async def add_race(self, season_id: int, session_id: int) -> None:
        await self._write(partial(q.add_race, season_id=season_id, session_id=session_id))
