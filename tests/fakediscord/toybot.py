"""A throwaway discord.py bot exercising every interaction shape the fake must record."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands

GAMES = ["dragrage", "roadwolf", "rushncrush", "spacetruckin"]
BOARD_BYTES = b"\x89PNG fake board bytes"


class Counter(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"counter:(?P<n>\d+)"):
    """A persistent button: its state lives in the custom_id, so it survives a restart."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"+1 ({n})", custom_id=f"counter:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(
            content=f"count {self.n + 1}", view=counter_view(self.n + 1)
        )


def counter_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(Counter(n))
    return view


class Toy(discord.Client):
    def __init__(self, *, late_delay: float = 0.0, sync: bool = True) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.late_delay = late_delay
        self.sync_on_start = sync
        self.errors: list[BaseException] = []
        register(self)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)
        if self.sync_on_start:
            await self.tree.sync()


def register(bot: Toy) -> None:
    tree = bot.tree

    @tree.command()
    async def ping(interaction: discord.Interaction[Any]) -> None:
        """Answer pong."""
        await interaction.response.send_message("pong")

    @tree.command()
    async def board(interaction: discord.Interaction[Any]) -> None:
        """Send a file."""
        await interaction.response.send_message(
            "the board", file=discord.File(io.BytesIO(BOARD_BYTES), "board.png")
        )

    @tree.command()
    async def slow(interaction: discord.Interaction[Any]) -> None:
        """Defer, then follow up."""
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.02)
        await interaction.followup.send("done")

    @tree.command()
    async def secret(interaction: discord.Interaction[Any]) -> None:
        """Answer only to the caller."""
        await interaction.response.send_message("for your eyes only", ephemeral=True)

    @tree.command()
    async def counter(interaction: discord.Interaction[Any]) -> None:
        """Post a persistent counter button."""
        await interaction.response.send_message("count 0", view=counter_view(0))

    @tree.command()
    async def twice(interaction: discord.Interaction[Any]) -> None:
        """Answer twice (a protocol error)."""
        await interaction.response.send_message("one")
        try:
            # discord.py refuses a second answer client-side; go around it as a buggy bot might
            adapter = discord.webhook.async_.async_context.get()
            await adapter.create_interaction_response(
                interaction.id,
                interaction.token,
                session=interaction._session,
                params=discord.webhook.async_.interaction_response_params(4, {"content": "two"}),
            )
        except discord.HTTPException as exc:
            bot.errors.append(exc)

    @tree.command()
    async def late(interaction: discord.Interaction[Any]) -> None:
        """Answer after the bot's late_delay."""
        await asyncio.sleep(bot.late_delay)
        try:
            await interaction.response.send_message("too late")
        except discord.HTTPException as exc:
            bot.errors.append(exc)

    @tree.command()
    async def long(interaction: discord.Interaction[Any]) -> None:
        """Send 2001 characters (over Discord's limit)."""
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as exc:
            bot.errors.append(exc)

    @tree.command()
    async def perms(interaction: discord.Interaction[Any]) -> None:
        """Report whether the caller may manage the server."""
        await interaction.response.send_message(
            f"manage_guild={interaction.permissions.manage_guild}", ephemeral=True
        )

    @tree.command()
    @app_commands.default_permissions(manage_guild=True)
    async def admin(interaction: discord.Interaction[Any]) -> None:
        """Managers only."""
        await interaction.response.send_message("ok")

    @tree.command()
    async def post(interaction: discord.Interaction[Any]) -> None:
        """Post in the channel outside the interaction, then confirm privately."""
        assert isinstance(interaction.channel, discord.abc.Messageable)
        await interaction.channel.send("public notice")
        await interaction.response.send_message("posted", ephemeral=True)

    @tree.command()
    async def pick(interaction: discord.Interaction[Any]) -> None:
        """Offer a select menu that edits the message."""
        view = discord.ui.View(timeout=None)
        menu: discord.ui.Select[Any] = discord.ui.Select(
            custom_id="pick",
            options=[discord.SelectOption(label=x, value=x) for x in ("a", "b", "c")],
        )

        async def chosen(inner: discord.Interaction[Any]) -> None:
            await inner.response.defer()
            await inner.edit_original_response(content=f"picked {menu.values[0]}", view=None)

        menu.callback = chosen  # type: ignore[method-assign,assignment]
        view.add_item(menu)
        await interaction.response.send_message("pick one", view=view)

    game = app_commands.Group(name="game", description="Game sessions")

    @game.command(name="new")
    @app_commands.describe(game="which game", seats="how many seats")
    async def game_new(
        interaction: discord.Interaction[Any], game: str, seats: app_commands.Range[int, 2, 6] = 4
    ) -> None:
        """Start a game."""
        await interaction.response.send_message(f"new {game} for {seats}")

    @game_new.autocomplete("game")
    async def game_names(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g, value=g) for g in GAMES if g.startswith(current)]

    tree.add_command(game)
