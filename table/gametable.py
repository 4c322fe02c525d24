"""What a game adds to the table beyond its rules: its own buttons and menus, and its board
and private messages where one button per legal action is not enough.

Each game's table package (`table/<game>/`) exports one `GameTable`; `table/registry.py` lists
them. The shared verbs every game has (play an action, join, start, show the board or sheet,
end, answer a take-back) are the host's own (`table.host`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from games.engine import Model, PlayerId
from table.answers import Answer, Message, Picture, Placeholder, Press
from table.ids import ButtonId
from table.service import GameService, StaleBoard
from table.snapshot import Snapshot


class TableHost(Protocol):
    """What a game's verbs may ask of the host (`table.host.Host`), which imports them."""

    service: GameService

    def board(self, snap: Snapshot, *, with_buttons: bool = True) -> Message: ...

    def sheet(self, snap: Snapshot, viewer: PlayerId, **options: object) -> Message: ...

    def board_picture(self, snap: Snapshot, viewer: PlayerId | None = None) -> Picture | None: ...

    def sheet_picture(
        self, snap: Snapshot, viewer: PlayerId, **options: object
    ) -> Picture | None: ...

    def own_sheet(self, snap: Snapshot, user_id: int) -> Answer: ...

    def stale(self, user_id: int, stale: StaleBoard) -> Answer: ...

    async def play(
        self,
        user_id: int,
        channel_id: int,
        action: Model,
        *,
        session_id: int | None = None,
        expected_version: int | None = None,
        expected_tag: str = "",
    ) -> Answer: ...


Handler = Callable[[TableHost, Press, ButtonId], Awaitable[Answer]]
"""What one of a game's verbs does: (the host, the press, its decoded id) -> the answer."""

BoardPresenter = Callable[[Snapshot, bytes | Picture | None, bool], Message]
"""(snapshot, board picture, with_buttons) -> the public board message."""

PrivatePresenter = Callable[[Snapshot, PlayerId, bytes | Picture | None], Message]
"""(snapshot for the viewer, viewer, sheet picture) -> the private sheet or hand message."""

Toward = Callable[[Model], tuple[str, ...]]
"""(a move) -> the game's own controls that make it, then those that lead to it, each as
`<prefix>:<verb>=<value>` (a menu option's value, or a button's payload). The table's own
action buttons (`rl:a`) name their move in their custom_id; a game's own controls say it in
its short forms, and this reads them (the story benchmark's person, who knows the move they
want, reads them with it)."""


@dataclass(frozen=True)
class Verbs:
    """A game's own buttons and menus: a custom_id namespace, its codec, what each verb
    does, and what the presser sees while it works (default: nothing, the pressed message
    changes)."""

    namespace: str
    codec: type[ButtonId]
    handlers: Mapping[str, Handler]
    placeholders: Mapping[str, Placeholder] = field(default_factory=dict)


@dataclass(frozen=True)
class GameTable:
    """One game's part of the table (see the module doc)."""

    key: str
    verbs: Verbs | None = None
    board: BoardPresenter | None = None
    private: PrivatePresenter | None = None
    toward: Toward | None = None
