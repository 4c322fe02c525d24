"""`/game new`, `join`, `leave`, `option`, `start`, `end`: the lobby and its seats (part of
the `/game` cog). What they decide and show is `table.seating`'s."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.commands.game.part import GAME_CHOICES, GamePart
from bot.replies import Ack, Reply
from bot.table import can_manage, channel_of, player_of
from table.service import ServiceError

WHERE_CHOICES = [
    app_commands.Choice(name="a new thread for this game", value="thread"),
    app_commands.Choice(name="here, in this channel", value="here"),
]
NO_THREADS = (
    "I may not open threads here (the Create Public Threads permission is missing); run "
    "`/game new` with `where:here` to play in this channel"
)


class LobbyCommands(GamePart):
    """Open a lobby, take and leave seats, set options, start and end."""

    @app_commands.command(name="new")
    @app_commands.describe(
        game="Which game to set up",
        where="A new thread for the game (default, keeps the channel tidy) or this channel itself",
    )
    @app_commands.choices(game=GAME_CHOICES, where=WHERE_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        where: app_commands.Choice[str] | None = None,
    ) -> None:
        """Open a lobby for a new game (in its own thread by default); you become its host."""

        async def work(reply: Reply) -> None:
            channel = interaction.channel
            host = player_of(interaction)
            if (where is not None and where.value != "thread") or not isinstance(
                channel, discord.TextChannel
            ):
                answer = await self.seating.new(
                    interaction.guild_id, channel_of(interaction), game.value, host
                )
                await self.table.deliver(reply, answer)
                return
            title = self.seating.title(game.value)
            try:
                thread = await channel.create_thread(
                    name=f"{title} · {interaction.user.display_name}"[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=10080,
                )
            except discord.Forbidden:
                raise ServiceError(NO_THREADS) from None
            answer = await self.seating.new_in_thread(
                interaction.guild_id, thread.id, game.value, host
            )
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="join")
    async def join(self, interaction: discord.Interaction) -> None:
        """Take a seat in the lobby of this channel's game."""

        async def work(reply: Reply) -> None:
            answer = await self.seating.join(channel_of(interaction), player_of(interaction))
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="leave")
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave the lobby of this channel's game (before it starts)."""

        async def work(reply: Reply) -> None:
            answer = await self.seating.leave(channel_of(interaction), interaction.user.id)
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="option")
    @app_commands.describe(
        setting="Which option of this game (the list shows them)",
        value="Its new value (the list shows the choices)",
    )
    async def option(
        self,
        interaction: discord.Interaction,
        setting: app_commands.Range[str, 1, 40],
        value: app_commands.Range[str, 1, 40],
    ) -> None:
        """Change a session option in the lobby (host only), e.g. a variant or the course."""

        async def work(reply: Reply) -> None:
            channel = channel_of(interaction)
            await self._host_gone(reply, channel)
            answer = await self.seating.option(channel, interaction.user.id, setting, value)
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PUBLIC)

    @option.autocomplete("setting")
    async def _setting_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        found = await self.seating.option_names(interaction.channel_id, current)
        return [app_commands.Choice(name=label, value=name) for label, name in found]

    @option.autocomplete("value")
    async def _setting_values(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        setting = getattr(interaction.namespace, "setting", None)
        if interaction.channel_id is None or not setting:
            return []
        found = await self.seating.option_values(interaction.channel_id, str(setting), current)
        return [app_commands.Choice(name=v, value=v) for v in found]

    @app_commands.command(name="start")
    async def start(self, interaction: discord.Interaction) -> None:
        """Start the game in this channel (host only)."""

        async def work(reply: Reply) -> None:
            channel = channel_of(interaction)
            await self._host_gone(reply, channel)
            await self.table.deliver(reply, await self.seating.start(channel, interaction.user.id))

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="end")
    async def end(self, interaction: discord.Interaction) -> None:
        """End this channel's game (host or Manage Server), after a confirmation."""

        async def work(reply: Reply) -> None:
            channel = channel_of(interaction)
            await self._host_gone(reply, channel, damaged_ok=True)
            answer = await self.seating.end(
                channel, interaction.user.id, can_manage=can_manage(interaction)
            )
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, Ack.PRIVATE)
