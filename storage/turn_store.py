"""The repository's turn messages: which public message each session's turn is told in (see
`storage.queries.turns`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from storage.db import Db
from storage.queries import turns as q
from storage.queries.turns import TurnRow

T = TypeVar("T")


class TurnStore:
    """The turn message of each session; a mixin of `Repository` (which supplies the
    connection)."""

    if TYPE_CHECKING:

        async def _call(self, fn: Callable[[Db], T]) -> T: ...
        async def _write(self, fn: Callable[[Db], T]) -> T: ...

    async def turn_message(self, session_id: int) -> TurnRow:
        """The table's record of the session's turn message and the version it shows."""
        return await self._call(partial(q.turn_message, session_id=session_id))

    async def fill_turn_message(self, session_id: int, version: int, turn_json: str) -> bool:
        """Complete the record claimed at `version` (which message tells it); False if a newer
        one is stored since."""
        return await self._write(
            partial(
                q.fill_turn_message, session_id=session_id, version=version, turn_json=turn_json
            )
        )

    async def set_turn_message(self, session_id: int, version: int, turn_json: str | None) -> bool:
        """Store (claim) the record shown at `version`; False if the same or a newer one is
        stored already: whoever stored it tells that step."""
        return await self._write(
            partial(q.set_turn_message, session_id=session_id, version=version, turn_json=turn_json)
        )
