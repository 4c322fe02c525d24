"""What every game cog and button shares: the host's answers carried to Discord.

Every method takes a `Reply` that was acknowledged before any work (see `bot.replies`). What
can come late (a finished game's replay, built for seconds behind the moves) is posted by the
bot's own token through the outbox, never through the interaction: Discord expires an
interaction's token 15 minutes after the press (401 / 50027).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import ParamSpec, Protocol, TypeVar

import discord

from bot.delivery import deliver
from bot.replies import Ack, Reply, Work, funnel
from bot.workload import Work as WorkKind
from bot.workload import Workload
from games.engine import Player
from table import replays, seasons
from table.answers import Answer, Drawer, Message, Outbox
from table.dice.odds import Worker
from table.host import Host
from table.service import ServiceError, Snapshot, StaleBoard

log = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")


class Renderer(Drawer, Worker, Protocol):
    """The process's renderer, as the bot sees it: it draws the pictures of the table's
    answers (`Drawer`) and works out other slow pure functions off the loop (`Worker`: the
    exact odds of a roll)."""


class Table:
    """The bot's side of the table: the host (`table.host.Host`) decides what happens and what
    each person is shown; this carries its answers to Discord (`delivery.deliver`), then tells
    the scheduler of a move and posts a finished game's replay. One per bot.
    """

    def __init__(self, host: Host, renderer: Renderer, *, workload: Workload | None = None) -> None:
        self.host = host
        self.service = host.service
        self.workload = workload or Workload()
        """The bot's tasks in flight: scheduler passes and background posts are started here."""
        self.renderer = renderer
        self.on_moved: Callable[[Snapshot], None] | None = None
        """Told of every committed move or start (the scheduler: bot seats play at once)."""
        self.outbox: Outbox | None = None
        """Where late messages go (channel messages by the bot's token): set by the client."""

    async def deliver(self, reply: Reply, answer: Answer) -> None:
        """Send the host's answer; then a move wakes the scheduler and a won game's replay is
        built in the background."""
        await deliver(reply, answer, self.host.turns)
        if answer.replay is not None:
            self.post_replay(answer.replay)
        if answer.moved is not None:
            self.moved(answer.moved)

    async def show_stale(self, reply: Reply, stale: StaleBoard) -> None:
        """A press on an out-of-date message: the current board or sheet, privately."""
        await self.deliver(reply, self.host.stale(reply.user_id, stale))

    def moved(self, snap: Snapshot) -> None:
        if self.on_moved is not None:
            self.on_moved(snap)

    def post_replay(
        self, snap: Snapshot, post: Callable[[Message], Awaitable[object]] | None = None
    ) -> asyncio.Task[None] | None:
        """When `snap` ended the game: post a season race's standings (`table.seasons`) and,
        for a game won or drawn, build its replay (`table.replays`), in the background, and
        `post` them (by default a new message in the game's channel, by the outbox: never an
        interaction token, which Discord expires after 15 minutes). Never awaited by the move
        itself, and nobody's answer waits for it (`Work.POST`); a failure is logged, never
        shown as a move error. A bot that stops first cancels it."""
        if snap.record.is_live or snap.state is None:
            return None
        if post is None:
            if self.outbox is None:
                log.warning("the replay of session %s has nowhere to go", snap.session_id)
                return None
            post = functools.partial(self.outbox.post, snap.record.channel_id)
        send = post

        async def build_and_post() -> None:
            try:
                standings = await seasons.after_race(self.service, snap)  # a season's race
                if standings is not None:
                    await send(standings)
                if snap.outcome is not None:  # (not a game ended for missed turns)
                    await send(await replays.replay_for(self.service, self.renderer, snap))
            except asyncio.CancelledError:
                log.info(
                    "the replay of session %s was not posted: the bot stopped (`/game replay` "
                    "makes it)",
                    snap.session_id,
                )
                raise
            except Exception:
                log.exception("could not post the replay of session %s", snap.session_id)

        return self.workload.spawn(
            build_and_post(), kind=WorkKind.POST, name=f"redline-replay-{snap.session_id}"
        )


def channel_of(interaction: discord.Interaction) -> int:
    """The channel or thread a command came from (games live there, never in DMs)."""
    if interaction.channel_id is None or interaction.guild_id is None:
        raise ServiceError("games are played in server channels and threads, not here")
    return interaction.channel_id


def player_of(interaction: discord.Interaction) -> Player:
    """The user behind an interaction, as a game seats them (their id, their display name)."""
    return Player(id=interaction.user.id, name=interaction.user.display_name)


def can_manage(interaction: discord.Interaction) -> bool:
    """Manage Server, as Discord resolves it (owner and administrators included)."""
    return bool(interaction.permissions.manage_guild)


class TableCog:
    """What every game's slash-command cog shares: the table, its service, and running a
    command through the funnel (acknowledge first; a stale answer shows the fresh board).
    Mixed in before `commands.GroupCog`: `class XCog(TableCog, commands.GroupCog, ...)`."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.service = table.service
        super().__init__()

    async def _run(
        self, interaction: discord.Interaction, work: Work, ack: Ack = Ack.PRIVATE
    ) -> None:
        await funnel(interaction, work, ack=ack, on_stale=self.table.show_stale)
