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
    async def mycounter(interaction: discord.Interaction[Any]) -> None:
        """Show the caller a private counter button (pressed: the message edits itself)."""
        await interaction.response.send_message("count 0", view=counter_view(0), ephemeral=True)

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

    @tree.command()
    async def blank(interaction: discord.Interaction[Any]) -> None:
        """Answer with nothing at all (Discord refuses it)."""
        try:
            await interaction.response.send_message()
        except discord.HTTPException as exc:
            bot.errors.append(exc)

    @tree.command()
    async def leak(interaction: discord.Interaction[Any]) -> None:
        """Public defer, then an 'ephemeral' followup (Discord shows it to everyone)."""
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("only you should see this", ephemeral=True)

    @tree.command()
    async def refill(interaction: discord.Interaction[Any]) -> None:
        """Public defer, edit @original (file, embed, view, no pings), then a private followup."""
        await interaction.response.defer(thinking=True)
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label="go", custom_id="refill:go"))
        await interaction.edit_original_response(
            content=f"board for {interaction.user.mention}",
            attachments=[discord.File(io.BytesIO(BOARD_BYTES), "board.png")],
            embed=discord.Embed(title="Board"),
            view=view,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await interaction.followup.send("just for you", ephemeral=True)

    @tree.command()
    async def vanish(interaction: discord.Interaction[Any]) -> None:
        """Public defer, delete @original, then a private followup."""
        await interaction.response.defer(thinking=True)
        await interaction.delete_original_response()
        await interaction.followup.send("gone, but told you", ephemeral=True)

    @tree.command()
    async def later(interaction: discord.Interaction[Any]) -> None:
        """Post a button answered with a deferred update (type 6) and a private followup."""
        view = discord.ui.View(timeout=None)
        button: discord.ui.Button[Any] = discord.ui.Button(label="note", custom_id="later")

        async def pressed(inner: discord.Interaction[Any]) -> None:
            await inner.response.defer()
            await inner.followup.send("noted", ephemeral=True)
            await inner.edit_original_response(view=None)

        button.callback = pressed  # type: ignore[method-assign,assignment]
        view.add_item(button)
        await interaction.response.send_message("press later", view=view)

    @tree.command()
    async def turn(
        interaction: discord.Interaction[Any], who: discord.User, quiet: bool = False
    ) -> None:
        """Tell `who` it is their turn (a new message pings), then edit it (no ping)."""
        mentions = discord.AllowedMentions.none() if quiet else discord.AllowedMentions(users=True)
        await interaction.response.send_message(
            f"{who.mention} your turn", allowed_mentions=mentions
        )
        await interaction.edit_original_response(content=f"{who.mention} still your turn")

    @tree.command()
    async def slowping(interaction: discord.Interaction[Any], who: discord.User) -> None:
        """Defer, then a followup mentioning `who` (it completes the defer: an edit, no ping)."""
        await interaction.response.defer(thinking=True)
        await interaction.followup.send(f"{who.mention} your turn")
        await interaction.followup.send(f"{who.mention} really, your turn")

    @tree.command()
    async def bits(interaction: discord.Interaction[Any]) -> None:
        """Report the permission values Discord sent."""
        await interaction.response.send_message(
            f"{interaction.permissions.value} {interaction.app_permissions.value}", ephemeral=True
        )

    @tree.command()
    async def twostep(interaction: discord.Interaction[Any]) -> None:
        """Answer, then a followup (a new message)."""
        await interaction.response.send_message("one")
        await interaction.followup.send("two")

    @tree.command()
    async def revive(interaction: discord.Interaction[Any], unarchive: bool = False) -> None:
        """Answer, follow up (fails in an archived thread), optionally unarchive and retry."""
        await interaction.response.send_message("ack")
        try:
            await interaction.followup.send("next")
        except discord.HTTPException as exc:
            bot.errors.append(exc)
        if not unarchive:
            return
        assert isinstance(interaction.channel, discord.Thread)
        try:
            await interaction.channel.edit(archived=False)
            await interaction.followup.send("after unarchive")
        except discord.HTTPException as exc:
            bot.errors.append(exc)

    @tree.command()
    async def find(interaction: discord.Interaction[Any], query: str) -> None:
        """Echo the query (its autocomplete misbehaves on purpose)."""
        await interaction.response.send_message(query)

    @find.autocomplete("query")
    async def find_choices(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        if current == "many":
            return [app_commands.Choice(name=f"c{i}", value=f"c{i}") for i in range(26)]
        if current == "longname":
            return [app_commands.Choice(name="n" * 101, value="v")]
        if current == "longvalue":
            return [app_commands.Choice(name="n", value="v" * 101)]
        return [app_commands.Choice(name="fine", value="fine")]

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
