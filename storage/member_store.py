"""The repository's side for a member's own data: export and forget (see
`storage.queries.members`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from storage.db import Db
from storage.queries import members as q
from storage.queries.members import GameRewrite

T = TypeVar("T")


class MemberStore:
    """A member's own rows; a mixin of `Repository` (which supplies the connection)."""

    if TYPE_CHECKING:

        async def _call(self, fn: Callable[[Db], T]) -> T: ...
        async def _write(self, fn: Callable[[Db], T]) -> T: ...

    async def member_sessions(self, user_id: int) -> list[tuple[int, str]]:
        """(session id, status) of every game the member sits in or plays for, oldest first."""
        return await self._call(partial(q.member_sessions, user_id=user_id))

    async def member_rows(self, user_id: int) -> dict[str, list[dict[str, Any]]]:
        """Every row of the member's own, by table."""
        return await self._call(partial(q.member_rows, user_id=user_id))

    async def forget_member(self, user_id: int, name: str, games: Sequence[GameRewrite]) -> int:
        """Remove the member's own rows and rewrite their games without their name (one
        transaction); how many rows of their own were removed."""
        return await self._write(
            partial(q.forget_member, user_id=user_id, name=name, games=tuple(games))
        )
