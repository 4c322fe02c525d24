"""The repository's dice side: secret rolls (until revealed) and saved rolls."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from storage.db import Db
from storage.queries import dice as q
from storage.queries.dice import SavedRollRow, SecretRollRow

T = TypeVar("T")


class DiceStore:
    """Secret and saved rolls; a mixin of `Repository` (which supplies the connection)."""

    _clock: Callable[[], float]

    if TYPE_CHECKING:

        async def _call(self, fn: Callable[[Db], T]) -> T: ...
        async def _write(self, fn: Callable[[Db], T]) -> T: ...

    async def add_secret_roll(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        roller_id: int,
        viewer_id: int | None,
        expression: str,
        seed: str,
        commitment: str,
    ) -> SecretRollRow:
        return await self._write(
            partial(
                q.add_secret_roll,
                now=self._clock(),
                guild_id=guild_id,
                channel_id=channel_id,
                roller_id=roller_id,
                viewer_id=viewer_id,
                expression=expression,
                seed=seed,
                commitment=commitment,
            )
        )

    async def get_secret_roll(self, roll_id: int) -> SecretRollRow | None:
        return await self._call(partial(q.get_secret_roll, roll_id=roll_id))

    async def hidden_secret_rolls(self, user_id: int, *, limit: int = 25) -> list[SecretRollRow]:
        return await self._call(partial(q.hidden_secret_rolls, user_id=user_id, limit=limit))

    async def reveal_secret_roll(self, roll_id: int) -> tuple[SecretRollRow | None, bool]:
        return await self._write(partial(q.reveal_secret_roll, now=self._clock(), roll_id=roll_id))

    async def save_roll(
        self, *, scope_id: int, owner_id: int, name: str, expression: str, limit: int
    ) -> bool:
        return await self._write(
            partial(
                q.save_roll,
                now=self._clock(),
                scope_id=scope_id,
                owner_id=owner_id,
                name=name,
                expression=expression,
                limit=limit,
            )
        )

    async def saved_rolls(self, *, scope_id: int, owner_ids: tuple[int, ...]) -> list[SavedRollRow]:
        return await self._call(partial(q.saved_rolls, scope_id=scope_id, owner_ids=owner_ids))

    async def forget_roll(self, *, scope_id: int, owner_id: int, name: str) -> bool:
        return await self._write(
            partial(q.forget_roll, scope_id=scope_id, owner_id=owner_id, name=name)
        )
