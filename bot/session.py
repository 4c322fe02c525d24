"""`/game ...`: the session lifecycle, the same for every game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import BaseModel

from bot.help import send_rules
from bot.replies import Ack, Reply, post
from bot.session_absence import AbsenceCommands
from bot.session_parts import can_manage
from bot.session_table import TableCommands
from bot.table import channel_of
from games.engine import Player
from games.registry import GAMES
from table import absence
from table import messages as presenters
from table.answers import ButtonSpec, Message, SelectSpec
from table.ids import END, RULES, ButtonId
from table.options import option_choices, option_help, option_names
from table.service import NoSession, ServiceError

if TYPE_CHECKING:
    from bot.table import Table

CLOCK_SETTING = "clock"
CLOCK_HELP_LINE = "clock: the turn clock (none, 24h per turn, or a bank like 3d+12h)"
CLOCK_EXAMPLES = ("none", "24h", "48h", "3d+12h", "7d+1d")
WHERE_CHOICES = [
    app_commands.Choice(name="a new thread for this game", value="thread"),
    app_commands.Choice(name="here, in this channel", value="here"),
]
GAME_CHOICES = [app_commands.Choice(name=spec.title, value=key) for key, spec in GAMES.items()]


def rules_menu() -> Message:
    """The games, each in a line, and a menu that opens one's rules."""
    lines = "\n".join(f"• **{s.title}** (`{k}`): {s.summary}" for k, s in GAMES.items())
    menu = SelectSpec(
        ButtonId(RULES, 0, 0).encode(),
        "Read the rules of…",
        tuple((s.title, k, s.summary[:100]) for k, s in GAMES.items()),
    )
    return Message(
        content="There is no game in this channel yet. Pick one to read its rules (or type "
        f"`/game rules game:<game>`):\n{lines}",
        selects=(menu,),
    )


def _player(interaction: discord.Interaction) -> Player:
    return Player(id=interaction.user.id, name=interaction.user.display_name)


@app_commands.guild_only()
class SessionCog(
    AbsenceCommands,
    TableCommands,
    commands.GroupCog,
    group_name="game",
    group_description="Start, join and run games",
):
    """The lobby and everything around a game."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.service = table.service
        super().__init__()

    async def _host_gone(self, reply: Reply, session_id: int, host_id: int) -> bool:
        """If the host left the server, hand the table to the longest-seated player and tell
        the table. True when the host changed."""
        interaction = reply.interaction
        if interaction.guild is None or reply.user_id == host_id:
            return False
        try:
            await interaction.guild.fetch_member(host_id)
            return False
        except discord.NotFound:
            pass
        change = await self.service.hand_over(session_id, host_id)
        if change is None:
            return False
        await reply.publish(
            Message(
                content=f"👑 {presenters.mention(change.old_host)} has left the server: "
                f"{presenters.mention(change.new_host)} is now the host of "
                f"{change.snapshot.spec.title} game #{session_id}.",
                mentions=(change.new_host,),
            ),
            confirmation="👑 The host has left the server; the table has a new host.",
        )
        return True

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
            threaded = (where is None or where.value == "thread") and isinstance(
                channel, discord.TextChannel
            )
            if not threaded:
                snap = await self.service.new_session(
                    guild_id=interaction.guild_id,
                    channel_id=channel_of(interaction),
                    game_key=game.value,
                    host=_player(interaction),
                )
                await self._lobby_write(reply, snap, "new lobby")
                return
            assert isinstance(channel, discord.TextChannel)
            title = self.service.spec(game.value).title
            try:
                thread = await channel.create_thread(
                    name=f"{title} · {interaction.user.display_name}"[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=10080,
                )
            except discord.Forbidden:
                raise ServiceError(
                    "I may not open threads here (the Create Public Threads permission is "
                    "missing); run `/game new` with `where:here` to play in this channel"
                ) from None
            snap = await self.service.new_session(
                guild_id=interaction.guild_id,
                channel_id=thread.id,
                game_key=game.value,
                host=_player(interaction),
            )
            reply.mark_saved(snap, "new lobby")
            await post(thread, presenters.lobby(snap))
            await reply.answer(
                Message(
                    content=f"🧵 **{title}** lobby #{snap.session_id} is open in {thread.mention}:"
                    " join and play there."
                ),
                ephemeral=False,
            )

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="join")
    async def join(self, interaction: discord.Interaction) -> None:
        """Take a seat in the lobby of this channel's game."""

        async def work(reply: Reply) -> None:
            snap = await self.service.join(channel_of(interaction), _player(interaction))
            await self._lobby_write(reply, snap, "seat")

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="leave")
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave the lobby of this channel's game (before it starts)."""

        async def work(reply: Reply) -> None:
            before = await self.service.current(channel_of(interaction))
            snap = await self.service.leave(channel_of(interaction), interaction.user.id)
            reply.mark_saved(snap, "leaving")
            board = presenters.lobby(snap)
            if snap.record.host_id != before.record.host_id:
                board = Message(
                    content=f"👑 The host left the lobby: {presenters.mention(snap.record.host_id)}"
                    f" is now the host.\n{board.content}",
                    buttons=board.buttons,
                    mentions=(snap.record.host_id,),
                )
                await reply.publish(board, confirmation="You left the lobby.")
                return
            await reply.answer(board, ephemeral=False)

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
            current = await self.service.current(channel)
            await self._host_gone(reply, current.session_id, current.record.host_id)
            if setting.strip().lower() == CLOCK_SETTING:
                settings = absence.clock_from_text(value)
                snap = await self.service.set_clock(channel, interaction.user.id, settings)
            else:
                snap = await self.service.set_option(channel, interaction.user.id, setting, value)
            await self._lobby_write(reply, snap, "option")

        await self._run(interaction, work, Ack.PUBLIC)

    @option.autocomplete("setting")
    async def _setting_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        model = await self._lobby_options(interaction)
        if model is None:
            return []
        named = [(option_help(model, n), n) for n in option_names(model)]
        named.append((CLOCK_HELP_LINE, CLOCK_SETTING))
        return [
            app_commands.Choice(name=text[:100], value=n)
            for text, n in named
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
        if str(name).strip().lower() == CLOCK_SETTING:
            return [app_commands.Choice(name=v, value=v) for v in CLOCK_EXAMPLES]
        return [
            app_commands.Choice(name=v[:100], value=v[:100])
            for v in option_choices(model, str(name))
            if current.lower() in v.lower()
        ][:25]

    async def _lobby_options(self, interaction: discord.Interaction) -> type[BaseModel] | None:
        if interaction.channel_id is None:
            return None
        try:
            snap = await self.service.current(interaction.channel_id)
        except ServiceError:
            return None
        return snap.spec.options_model

    @app_commands.command(name="start")
    async def start(self, interaction: discord.Interaction) -> None:
        """Start the game in this channel (host only)."""

        async def work(reply: Reply) -> None:
            channel = channel_of(interaction)
            current = await self.service.current(channel)
            await self._host_gone(reply, current.session_id, current.record.host_id)
            snap = await self.service.start(channel, interaction.user.id)
            reply.mark_saved(snap, "start")
            await reply.publish(await self.table.board(snap))
            self.table.moved(snap)

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="status")
    async def status(self, interaction: discord.Interaction) -> None:
        """Show this channel's board again and whose turn it is."""

        async def work(reply: Reply) -> None:
            snap = await self.service.latest(channel_of(interaction))
            await self.table.show(reply, snap)

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="sheet")
    async def sheet(self, interaction: discord.Interaction) -> None:
        """Show your private sheet or hand again (only you see it)."""

        async def work(reply: Reply) -> None:
            snap = await self.service.current(channel_of(interaction))
            await self.table.send_private(reply, snap)

        await self._run(interaction, work, Ack.PRIVATE)

    @app_commands.command(name="log")
    @app_commands.describe(last="How many of the latest moves to show (1-50)")
    async def log(
        self, interaction: discord.Interaction, last: app_commands.Range[int, 1, 50] = 15
    ) -> None:
        """Show the latest moves and dice of this channel's game."""

        async def work(reply: Reply) -> None:
            snap = await self.service.latest(channel_of(interaction))
            lines = await self.service.log_lines(
                snap.session_id, viewer=interaction.user.id, limit=last
            )
            title = f"{snap.spec.title} · game #{snap.session_id} · log"
            await reply.say(presenters.lines_block(title, lines))

        await self._run(interaction, work, Ack.PRIVATE)

    @app_commands.command(name="rules")
    @app_commands.describe(game="Which game's rules (default: the game in this channel)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(
        self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None
    ) -> None:
        """Show a game's rules summary and the bot's rulings (only you see it)."""

        async def work(reply: Reply) -> None:
            if game is not None:
                await send_rules(reply, self.service.spec(game.value))
                return
            try:
                spec = (await self.service.latest(channel_of(interaction))).spec
            except NoSession:
                await reply.answer(rules_menu(), ephemeral=True)
                return
            await send_rules(reply, spec)

        await self._run(interaction, work, Ack.PRIVATE)

    @app_commands.command(name="end")
    async def end(self, interaction: discord.Interaction) -> None:
        """End this channel's game (host or Manage Server), after a confirmation."""

        async def work(reply: Reply) -> None:
            service = self.service
            session_id = await service.live_id(channel_of(interaction))
            try:
                current = await service.by_id(session_id)
            except ServiceError:
                current = None  # damaged: it can still be ended, and that is what this is for
            if current is not None:
                await self._host_gone(reply, session_id, current.record.host_id)
            ended = await service.end(
                session_id, interaction.user.id, can_manage=can_manage(interaction), dry_run=True
            )
            version = current.version if current is not None else 0
            game = await service.game_tag_of(session_id)
            yes = ButtonId(END, session_id, version, "yes", game=game).encode()
            no = ButtonId(END, session_id, version, "no", game=game).encode()
            board = Message(
                content=f"End **{ended.title}** (game #{session_id}) for everyone? "
                "This cannot be undone.",
                buttons=(
                    ButtonSpec("End the game", yes, "danger"),
                    ButtonSpec("Keep playing", no, "secondary"),
                ),
            )
            await reply.answer(board, ephemeral=True)

        await self._run(interaction, work, Ack.PRIVATE)
