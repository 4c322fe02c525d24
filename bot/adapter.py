"""What a game's Discord adapter declares, so the bot can wire it without side effects.

Each game package under `bot/` (`bot/dragrage/`, `bot/spacetruckin/`, ...) exports one
`ADAPTER`; `bot/registry.py` lists them; `RedlineBot` reads that list at start-up. An adapter
names the game's slash-command cog, the custom_id namespace and verbs of its own buttons and
menus (routed by the one persistent component in `bot/components.py`), and optional
presenters for its public board and private sheet when one button per legal action is not
enough.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.replies import Ack, Reply
from games.engine import PlayerId
from table.answers import Message, Picture
from table.ids import ButtonId
from table.snapshot import Snapshot

if TYPE_CHECKING:
    from discord.ext import commands

    from bot.table import Table

Handler = Callable[["Table", Reply, ButtonId, list[str]], Awaitable[None]]
"""What a verb does: (the table, the acknowledged reply, the decoded id, menu values)."""

BoardPresenter = Callable[[Snapshot, bytes | Picture | None, bool], Message]
"""(snapshot, board image, with_buttons) -> the public board message."""

PrivatePresenter = Callable[[Snapshot, PlayerId, bytes | Picture | None], Message]
"""(snapshot for the viewer, viewer, sheet image) -> the private sheet or hand message."""


@dataclass(frozen=True)
class Verbs:
    """A game's own components: a custom_id namespace, its codec and what each verb does."""

    namespace: str
    codec: type[ButtonId]
    handlers: Mapping[str, Handler]
    acks: Mapping[str, Ack] = field(default_factory=dict)
    """How each verb is acknowledged (default: a silent update of the pressed message)."""


@dataclass(frozen=True)
class GameAdapter:
    """One game's Discord adapter (see module doc)."""

    key: str
    cog: Callable[[Table], commands.Cog]
    verbs: Verbs | None = None
    board: BoardPresenter | None = None
    private: PrivatePresenter | None = None
