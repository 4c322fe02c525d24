"""The repository's ratings side: counting a finished game, the leaderboard, a member's
history (see `storage.queries.ratings`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from storage.db import Db
from storage.queries import ratings as q
from storage.queries.ratings import Finisher, Meeting, Rate, RatingRow, ResultRow, Skill
from storage.queries.seasons import SeasonCredit

T = TypeVar("T")


class RatingStore:
    """Ratings and results; a mixin of `Repository` (which supplies the connection)."""

    _clock: Callable[[], float]

    if TYPE_CHECKING:

        async def _call(self, fn: Callable[[Db], T]) -> T: ...
        async def _write(self, fn: Callable[[Db], T]) -> T: ...

    async def count_game(
        self,
        *,
        session_id: int,
        guild_id: int,
        game_key: str,
        finishers: Sequence[Finisher],
        default: Skill,
        rate: Rate,
        season: SeasonCredit | None = None,
    ) -> bool:
        """Count a finished game once (results, the rated finishers' new ratings from `rate`
        and a season race's points, in one transaction); False if it was counted already."""
        return await self._write(
            partial(
                q.count_game,
                now=self._clock(),
                session_id=session_id,
                guild_id=guild_id,
                game_key=game_key,
                finishers=tuple(finishers),
                default=default,
                rate=rate,
                season=season,
            )
        )

    async def leaderboard(
        self, *, guild_id: int, game_key: str, min_games: int, limit: int, offset: int = 0
    ) -> tuple[list[RatingRow], int]:
        """One page of the server's ranking in a game, best first, and how many qualify."""
        return await self._call(
            partial(
                q.leaderboard,
                guild_id=guild_id,
                game_key=game_key,
                min_games=min_games,
                limit=limit,
                offset=offset,
            )
        )

    async def ratings_of(self, *, guild_id: int, user_id: int) -> list[RatingRow]:
        return await self._call(partial(q.ratings_of, guild_id=guild_id, user_id=user_id))

    async def results_of(
        self, *, guild_id: int | None, user_id: int, game_key: str | None = None
    ) -> list[ResultRow]:
        return await self._call(
            partial(q.results_of, guild_id=guild_id, user_id=user_id, game_key=game_key)
        )

    async def meetings(
        self, *, guild_id: int, user_id: int, other_id: int, game_key: str | None = None
    ) -> list[Meeting]:
        return await self._call(
            partial(
                q.meetings,
                guild_id=guild_id,
                user_id=user_id,
                other_id=other_id,
                game_key=game_key,
            )
        )

    async def rated_games(self, *, guild_id: int) -> list[tuple[str, int]]:
        """The server's rated games with their number of rated members, most first."""
        return await self._call(partial(q.rated_games, guild_id=guild_id))

    async def uncounted_sessions(self, limit: int = 1000) -> list[int]:
        """Finished games since ratings began that were never counted, oldest first."""
        return await self._call(partial(q.uncounted_sessions, limit=limit))
