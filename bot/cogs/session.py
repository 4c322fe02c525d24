"""`/game ...`: the session lifecycle, the same for every game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import BaseModel

from bot import presenters, replies
from bot.customid import END, ButtonId
from bot.options import option_choices, option_help, option_names
from bot.presenters import Board, ButtonSpec
from bot.service import NotAllowed, ServiceError
from bot.table import channel_of
from games.engine import Player
from games.registry import GAMES

if TYPE_CHECKING:
    from bot.client import RedlineBot

GAME_CHOICES = [app_commands.Choice(name=spec.title, value=key) for key, spec in GAMES.items()]


def _player(interaction: discord.Interaction) -> Player:
    return Player(id=interaction.user.id, name=interaction.user.display_name)


def can_manage(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return bool(perms.manage_guild)


@app_commands.guild_only()
class SessionCog(
    commands.GroupCog, group_name="game", group_description="Start, join and run games"
):
    """The lobby and everything around a game."""

    def __init__(self, bot: RedlineBot) -> None:
        self.bot = bot
        super().__init__()

    async def _run(self, interaction: discord.Interaction, work) -> None:  # type: ignore[no-untyped-def]
        await replies.funnel(
            interaction, work, on_stale=lambda s: self.bot.table.show_stale(interaction, s)
        )

    @app_commands.command(name="new")
    @app_commands.describe(game="Which game to set up in this channel or thread")
    @app_commands.choices(game=GAME_CHOICES)
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        """Open a lobby for a new game here; you become its host."""

        async def work() -> None:
            snap = await self.bot.service.new_session(
                guild_id=interaction.guild_id,
                channel_id=channel_of(interaction),
                game_key=game.value,
                host=_player(interaction),
            )
            await replies.send(interaction, presenters.lobby(snap))

        await self._run(interaction, work)

    @app_commands.command(name="join")
    async def join(self, interaction: discord.Interaction) -> None:
        """Take a seat in the lobby of this channel's game."""

        async def work() -> None:
            snap = await self.bot.service.join(channel_of(interaction), _player(interaction))
            await replies.send(interaction, presenters.lobby(snap))

        await self._run(interaction, work)

    @app_commands.command(name="leave")
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave the lobby of this channel's game (before it starts)."""

        async def work() -> None:
            snap = await self.bot.service.leave(channel_of(interaction), interaction.user.id)
            await replies.send(interaction, presenters.lobby(snap))

        await self._run(interaction, work)

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

        async def work() -> None:
            snap = await self.bot.service.set_option(
                channel_of(interaction), interaction.user.id, setting, value
            )
            await replies.send(interaction, presenters.lobby(snap))

        await self._run(interaction, work)

    @option.autocomplete("setting")
    async def _setting_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        model = await self._lobby_options(interaction)
        if model is None:
            return []
        return [
            app_commands.Choice(name=option_help(model, n)[:100], value=n)
            for n in option_names(model)
            if current.lower() in n.lower()
        ][:25]

    @option.autocomplete("value")
    async def _setting_values(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        model = await self._lobby_options(interaction)
        name = getattr(interaction.namespace, "setting", None)
        if model is None or not name:
            return []
        return [
            app_commands.Choice(name=v, value=v)
            for v in option_choices(model, str(name))
            if current.lower() in v.lower()
        ][:25]

    async def _lobby_options(self, interaction: discord.Interaction) -> type[BaseModel] | None:
        if interaction.channel_id is None:
            return None
        try:
            snap = await self.bot.service.current(interaction.channel_id)
        except ServiceError:
            return None
        return snap.spec.options_model

    @app_commands.command(name="start")
    async def start(self, interaction: discord.Interaction) -> None:
        """Start the game in this channel (host only)."""

        async def work() -> None:
            snap = await self.bot.service.start(channel_of(interaction), interaction.user.id)
            await self.bot.table.show(interaction, snap)

        await self._run(interaction, work)

    @app_commands.command(name="status")
    async def status(self, interaction: discord.Interaction) -> None:
        """Show this channel's board again and whose turn it is."""

        async def work() -> None:
            snap = await self.bot.service.latest(channel_of(interaction))
            await self.bot.table.show(interaction, snap)

        await self._run(interaction, work)

    @app_commands.command(name="sheet")
    async def sheet(self, interaction: discord.Interaction) -> None:
        """Show your private sheet or hand again (only you see it)."""

        async def work() -> None:
            snap = await self.bot.service.current(channel_of(interaction))
            await self.bot.show_private(interaction, snap.session_id)

        await self._run(interaction, work)

    @app_commands.command(name="log")
    @app_commands.describe(last="How many of the latest moves to show (1-50)")
    async def log(
        self, interaction: discord.Interaction, last: app_commands.Range[int, 1, 50] = 15
    ) -> None:
        """Show the latest moves and dice of this channel's game."""

        async def work() -> None:
            snap = await self.bot.service.latest(channel_of(interaction))
            lines = await self.bot.service.log_lines(
                snap.session_id, viewer=interaction.user.id, limit=last
            )
            title = f"{snap.spec.title} · game #{snap.session_id} · log"
            await replies.say(interaction, presenters.lines_block(title, lines), ephemeral=True)

        await self._run(interaction, work)

    @app_commands.command(name="rules")
    @app_commands.describe(game="Which game's rules (default: the game in this channel)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(
        self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None
    ) -> None:
        """Show a game's rules summary and the bot's rulings (only you see it)."""

        async def work() -> None:
            if game is not None:
                spec = self.bot.service.spec(game.value)
            else:
                spec = (await self.bot.service.latest(channel_of(interaction))).spec
            embed = discord.Embed(title=f"{spec.title}: rules", description=spec.rules_text[:4000])
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await self._run(interaction, work)

    @app_commands.command(name="end")
    async def end(self, interaction: discord.Interaction) -> None:
        """End this channel's game (host or Manage Server), after a confirmation."""

        async def work() -> None:
            snap = await self.bot.service.current(channel_of(interaction))
            if interaction.user.id != snap.record.host_id and not can_manage(interaction):
                raise NotAllowed("only the host or a member with Manage Server can end the game")
            yes = ButtonId(END, snap.session_id, snap.version, "yes").encode()
            no = ButtonId(END, snap.session_id, snap.version, "no").encode()
            board = Board(
                content=f"End **{snap.spec.title}** game #{snap.session_id} for everyone? "
                "This cannot be undone.",
                buttons=(
                    ButtonSpec("End the game", yes, "danger"),
                    ButtonSpec("Keep playing", no, "secondary"),
                ),
            )
            await replies.send(interaction, board, ephemeral=True)

        await self._run(interaction, work)
