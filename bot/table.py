"""The glue every game cog and button shares: act, render off the loop, reply.

Every method takes a `Reply` that was acknowledged before any work (see `bot.replies`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

import discord

from bot import replays
from bot.adapter import GameAdapter, Verbs
from bot.replies import Ack, Reply, Work, funnel
from bot.workload import Workload
from games.engine import Model
from runtime.render_slots import RenderTimeout
from runtime.rendering import Renderer
from table import messages as presenters
from table.service import (
    GameService,
    NotSeated,
    ServiceError,
    Snapshot,
    StaleBoard,
    WrongGame,
)

log = logging.getLogger(__name__)


class Table:
    """Plays actions for interactions and shows boards. One per bot.

    `adapters` are the games' Discord adapters by game key (`bot.registry.ADAPTERS`): their
    presenters draw a game's board or sheet where one button per action is not enough, and
    their verbs answer the game's own buttons and menus.
    """

    def __init__(
        self,
        service: GameService,
        renderer: Renderer,
        adapters: Mapping[str, GameAdapter] | None = None,
        *,
        workload: Workload | None = None,
    ) -> None:
        self.service = service
        self.workload = workload or Workload()
        """The bot's tasks in flight: scheduler passes and background posts are started here."""
        self.renderer = renderer
        self.adapters = dict(adapters or {})
        self.on_moved: Callable[[Snapshot], None] | None = None
        """Told of every committed move or start (the scheduler: bot seats play at once)."""
        self.verbs_by_namespace: dict[str, Verbs] = {
            a.verbs.namespace: a.verbs for a in self.adapters.values() if a.verbs is not None
        }

    async def board(self, snap: Snapshot, *, with_buttons: bool = True) -> presenters.Board:
        """The public board message; the position in text if the image cannot be drawn."""
        if snap.is_lobby:
            return presenters.lobby(snap)
        try:
            image = await self.renderer.board(snap)
        except Exception as exc:
            if not isinstance(exc, RenderTimeout):  # a timeout is logged where it passed
                log.exception(
                    "could not draw the board of session %s (%s, version %s)",
                    snap.session_id,
                    snap.spec.key,
                    snap.version,
                )
            return presenters.image_failed(snap, self.present(snap, None, with_buttons))
        return self.present(snap, image, with_buttons)

    def present(self, snap: Snapshot, image: bytes | None, with_buttons: bool) -> presenters.Board:
        """The public board message around `image`, by the game's own presenter if it has one."""
        adapter = self.adapters.get(snap.spec.key)
        if adapter is not None and adapter.board is not None:
            return adapter.board(snap, image, with_buttons)
        return presenters.board(snap, image, with_buttons=with_buttons)

    async def private_board(self, snap: Snapshot, viewer: int) -> presenters.Board:
        """`viewer`'s own sheet or hand (text only if the image cannot be drawn)."""
        try:
            image = await self.renderer.sheet(snap, viewer)
        except Exception as exc:
            if not isinstance(exc, RenderTimeout):
                log.exception(
                    "could not draw the sheet of %s in session %s", viewer, snap.session_id
                )
            image = None
        adapter = self.adapters.get(snap.spec.key)
        present = adapter.private if adapter is not None and adapter.private else None
        return (present or presenters.private)(snap.for_viewer(viewer), viewer, image)

    async def show(self, reply: Reply, snap: Snapshot, *, ephemeral: bool = False) -> None:
        await reply.answer(await self.board(snap), ephemeral=ephemeral)

    async def show_stale(self, reply: Reply, stale: StaleBoard) -> None:
        """A press on an out-of-date message: the current board (or the presser's own
        current sheet, when the button was on a private sheet), privately."""
        snap = stale.current
        viewer = snap.player_of(reply.user_id)
        private = stale.private and viewer is not None and snap.state is not None
        if snap.is_lobby or snap.state is None:
            current = presenters.lobby(snap)
        elif private and viewer is not None:
            current = await self.private_board(snap, viewer)
        else:
            current = await self.board(snap)
        answer = presenters.stale(current, private=private, headline=stale.headline)
        await reply.answer(answer, ephemeral=True)

    async def play(
        self,
        reply: Reply,
        action: Model,
        *,
        session_id: int | None = None,
        expected_version: int | None = None,
        expected_tag: str = "",
    ) -> None:
        """Apply `action` for the interaction's user and answer with the new board.

        Refusals raise (the funnel answers them privately). After the commit the new board is
        posted as a new message (so the next player is pinged), then the pressed message loses
        its buttons; anything failing from here on is answered with the saved position in text
        (see `replies.funnel`).
        """
        interaction = reply.interaction
        if session_id is None:
            session_id = (await self.service.current(channel_of(interaction))).session_id
        snap = await self.service.act(
            session_id,
            reply.user_id,
            action,
            expected_version=expected_version,
            expected_tag=expected_tag,
        )
        reply.mark_saved(snap)
        saved = f"✅ Saved: {snap.spec.describe(action)} (move {snap.record.last_seq})."
        if not snap.spec.has_private_views:
            await reply.publish(await self.board(snap), confirmation=saved)
        else:
            # Games with private sheets: the mover sees their sheet again with their next
            # buttons; the table sees a new public board when the step moved on (not after
            # every sheet edit, unless the table must be told something once).
            await self.send_private(reply, snap)
            if snap.step_advanced or snap.outcome is not None or snap.notice:
                await reply.publish(await self.board(snap), confirmation=saved)
        if interaction.type is discord.InteractionType.component:
            await reply.edit_origin(view=None)  # the pressed message is spent
        replays.post_replay(self, snap, reply.publish)  # a game just won: its replay, later
        self.moved(snap)

    def moved(self, snap: Snapshot) -> None:
        if self.on_moved is not None:
            self.on_moved(snap)

    async def send_private(self, reply: Reply, snap: Snapshot) -> None:
        """The user's own sheet (ephemeral) with buttons for their legal actions."""
        viewer = snap.player_of(reply.user_id)
        if viewer is None:
            raise NotSeated("you have no sheet in this game: you are not playing")
        if not snap.spec.has_private_views:
            raise ServiceError(
                f"{snap.spec.title} has no private sheet; everything is on the board"
            )
        await reply.answer(await self.private_board(snap, viewer), ephemeral=True)


def channel_of(interaction: discord.Interaction) -> int:
    """The channel or thread a command came from (games live there, never in DMs)."""
    if interaction.channel_id is None or interaction.guild_id is None:
        raise ServiceError("games are played in server channels and threads, not here")
    return interaction.channel_id


def me(snap: Snapshot, user_id: int) -> int:
    """The seat a Discord user plays in this game (a substitute plays the seat of the player
    they replaced); their own id when they have none, so the usual refusals follow."""
    seat = snap.player_of(user_id)
    return user_id if seat is None else seat


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

    async def _started(self, interaction: discord.Interaction, key: str) -> Snapshot:
        """This channel's game, refused unless it is game `key` and has started."""
        snap = await self.service.current(channel_of(interaction))
        if snap.spec.key != key:
            raise WrongGame(
                f"the game in this channel is {snap.spec.title}; its moves are its buttons "
                f"and the `/{snap.spec.key}` commands"
            )
        if snap.state is None:
            raise ServiceError(
                "the game has not started yet; the host starts it with `/game start`"
            )
        return snap
