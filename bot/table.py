"""The glue every game cog and button shares: act, render off the loop, reply."""

from __future__ import annotations

import logging

import discord

from bot import presenters, replies
from bot.rendering import Renderer
from bot.service import GameService, NotSeated, ServiceError, Snapshot, StaleBoard
from games.engine import Model

log = logging.getLogger(__name__)


class Table:
    """Plays actions for interactions and shows boards. One per bot."""

    def __init__(self, service: GameService, renderer: Renderer) -> None:
        self.service = service
        self.renderer = renderer

    async def board(self, snap: Snapshot, *, with_buttons: bool = True) -> presenters.Board:
        if snap.is_lobby:
            return presenters.lobby(snap)
        image = await self.renderer.board(snap)
        return presenters.board(snap, image, with_buttons=with_buttons)

    async def show(
        self, interaction: discord.Interaction, snap: Snapshot, *, ephemeral: bool = False
    ) -> None:
        """Acknowledge first (rendering may be slow), then send the board."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        await replies.send(interaction, await self.board(snap), ephemeral=ephemeral)

    async def show_stale(self, interaction: discord.Interaction, stale: StaleBoard) -> None:
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        snap = stale.current
        if snap.is_lobby or snap.state is None:
            await replies.send(interaction, presenters.lobby(snap), ephemeral=True)
            return
        image = await self.renderer.board(snap)
        await replies.send(interaction, presenters.stale(snap, image), ephemeral=True)

    async def play(
        self,
        interaction: discord.Interaction,
        action: Model,
        *,
        session_id: int | None = None,
        expected_version: int | None = None,
    ) -> None:
        """Apply `action` for the interaction's user and answer with the new board.

        Refusals raise (the funnel answers them privately). On success a button press first
        strips the buttons from the board it was pressed on, a slash command defers; the new
        board follows, rendered off the loop.
        """
        if session_id is None:
            session_id = (await self.service.current(channel_of(interaction))).session_id
        snap = await self.service.act(
            session_id, interaction.user.id, action, expected_version=expected_version
        )
        private = snap.spec.has_private_views
        if interaction.type is discord.InteractionType.component:
            await interaction.response.edit_message(view=None)
        else:
            await interaction.response.defer(thinking=True, ephemeral=private)
        if not private:
            await replies.send(interaction, await self.board(snap))
            return
        # Games with private sheets: the mover sees their sheet again with their next buttons;
        # the table sees a new public board when the step moved on (not after every sheet edit).
        await self.send_private(interaction, snap)
        if snap.step_advanced or snap.outcome is not None:
            await replies.send(interaction, await self.board(snap))

    async def send_private(self, interaction: discord.Interaction, snap: Snapshot) -> None:
        """The user's own sheet (ephemeral) with buttons for their legal actions."""
        viewer = interaction.user.id
        if not any(s.user_id == viewer for s in snap.record.seats):
            raise NotSeated("you have no sheet in this game: you are not playing")
        if not snap.spec.has_private_views:
            raise ServiceError(
                f"{snap.spec.title} has no private sheet; everything is on the board"
            )
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        image = await self.renderer.sheet(snap, viewer)
        await replies.send(interaction, presenters.private_for(snap, viewer, image), ephemeral=True)


def channel_of(interaction: discord.Interaction) -> int:
    """The channel or thread a command came from (games live there, never in DMs)."""
    if interaction.channel_id is None or interaction.guild_id is None:
        raise ServiceError("games are played in server channels and threads, not here")
    return interaction.channel_id
