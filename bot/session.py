"""`/game ...`: the session lifecycle, the same for every game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import BaseModel

from bot import absence, presenters, replays, takebacks
from bot import verify as verification
from bot.customid import END, RULES, TAKEBACK, ButtonId
from bot.help import send_rules
from bot.options import option_choices, option_help, option_names
from bot.presenters import Board, ButtonSpec, SelectSpec
from bot.replies import Ack, Reply, Work, funnel
from bot.service import NoSession, ServiceError, Snapshot
from bot.table import channel_of
from games.engine import Player
from games.registry import GAMES

if TYPE_CHECKING:
    from bot.table import Table

CLOCK_SETTING = "clock"
CLOCK_HELP_LINE = "clock: the turn clock (none, 24h per turn, or a bank like 3d+12h)"
CLOCK_EXAMPLES = ("none", "24h", "48h", "3d+12h", "7d+1d")
GAME_CHOICES = [app_commands.Choice(name=spec.title, value=key) for key, spec in GAMES.items()]


def rules_menu() -> Board:
    """The games, each in a line, and a menu that opens one's rules."""
    lines = "\n".join(f"• **{s.title}** (`{k}`): {s.summary}" for k, s in GAMES.items())
    menu = SelectSpec(
        ButtonId(RULES, 0, 0).encode(),
        "Read the rules of…",
        tuple((s.title, k, s.summary[:100]) for k, s in GAMES.items()),
    )
    return Board(
        content="There is no game in this channel yet. Pick one to read its rules (or type "
        f"`/game rules game:<game>`):\n{lines}",
        selects=(menu,),
    )


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

    def __init__(self, table: Table) -> None:
        self.table = table
        self.service = table.service
        super().__init__()

    async def _run(self, interaction: discord.Interaction, work: Work, ack: Ack) -> None:
        await funnel(interaction, work, ack=ack, on_stale=self.table.show_stale)

    async def _lobby_write(self, reply: Reply, snap: Snapshot, what: str) -> None:
        reply.mark_saved(snap, what)
        await reply.answer(presenters.lobby(snap), ephemeral=False)

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
            Board(
                content=f"👑 {presenters.mention(change.old_host)} has left the server: "
                f"{presenters.mention(change.new_host)} is now the host of "
                f"{change.snapshot.spec.title} game #{session_id}.",
                mentions=(change.new_host,),
            ),
            confirmation="👑 The host has left the server; the table has a new host.",
        )
        return True

    @app_commands.command(name="new")
    @app_commands.describe(game="Which game to set up in this channel or thread")
    @app_commands.choices(game=GAME_CHOICES)
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        """Open a lobby for a new game here; you become its host."""

        async def work(reply: Reply) -> None:
            snap = await self.service.new_session(
                guild_id=interaction.guild_id,
                channel_id=channel_of(interaction),
                game_key=game.value,
                host=_player(interaction),
            )
            await self._lobby_write(reply, snap, "new lobby")

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
                board = Board(
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

    @app_commands.command(name="clock")
    @app_commands.describe(
        mode="none: casual; turn: a deadline per turn; bank: a time bank plus an increment",
        time="Per turn (turn) or the starting bank (bank), e.g. 24h, 3d, 3d12h",
        increment="Added to a player's bank after each move (bank), e.g. 12h",
        end_after="End the game after this many missed turns in a row (empty: the bot plays on)",
    )
    @app_commands.choices(
        mode=[
            app_commands.Choice(name="none (casual)", value="none"),
            app_commands.Choice(name="a deadline per turn", value="turn"),
            app_commands.Choice(name="a time bank plus an increment", value="bank"),
        ]
    )
    async def clock(
        self,
        interaction: discord.Interaction,
        mode: app_commands.Choice[str],
        time: app_commands.Range[str, 1, 16] | None = None,
        increment: app_commands.Range[str, 1, 16] | None = None,
        end_after: app_commands.Range[int, 1, 20] | None = None,
    ) -> None:
        """Set the turn clock (host, in the lobby): reminders, and the bot plays at the end."""

        async def work(reply: Reply) -> None:
            settings = absence.clock_settings(mode.value, time, increment, end_after=end_after)
            snap = await self.service.set_clock(
                channel_of(interaction), interaction.user.id, settings
            )
            await self._lobby_write(reply, snap, "clock")

        await self._run(interaction, work, Ack.PUBLIC)

    bots = app_commands.Group(name="bot", description="Fill seats with bots (host, in the lobby)")

    @bots.command(name="add")
    async def bot_add(self, interaction: discord.Interaction) -> None:
        """Seat a bot (it plays sensibly by the game's own policy)."""

        async def work(reply: Reply) -> None:
            snap = await self.service.add_bot(channel_of(interaction), interaction.user.id)
            await self._lobby_write(reply, snap, "bot seat")

        await self._run(interaction, work, Ack.PUBLIC)

    @bots.command(name="remove")
    async def bot_remove(self, interaction: discord.Interaction) -> None:
        """Free the last seat a bot took."""

        async def work(reply: Reply) -> None:
            snap = await self.service.remove_bot(channel_of(interaction), interaction.user.id)
            await self._lobby_write(reply, snap, "bot seat")

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="substitute")
    @app_commands.describe(
        player="The seated player to replace (for example one who left)",
        member="Who takes the seat over; leave empty for a bot",
    )
    async def substitute(
        self,
        interaction: discord.Interaction,
        player: discord.Member,
        member: discord.Member | None = None,
    ) -> None:
        """Replace a player mid-game with another member or a bot (host or Manage Server)."""

        async def work(reply: Reply) -> None:
            by = None if member is None else Player(id=member.id, name=member.display_name)
            snap = await self.service.substitute(
                channel_of(interaction),
                interaction.user.id,
                player.id,
                can_manage=can_manage(interaction),
                by=by,
            )
            reply.mark_saved(snap, "substitute")
            who = "🤖 A bot" if member is None else member.mention
            await reply.publish(
                Board(
                    content=f"{who} now plays {player.display_name}'s seat in "
                    f"{snap.spec.title} game #{snap.session_id}.",
                    mentions=() if member is None else (member.id,),
                )
            )
            self.table.moved(snap)

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="return")
    async def return_(self, interaction: discord.Interaction) -> None:
        """Take your seat back after the bot played for you (acting does it too)."""

        async def work(reply: Reply) -> None:
            snap = await self.service.take_back(channel_of(interaction), interaction.user.id)
            reply.mark_saved(snap, "return")
            await reply.publish(
                Board(
                    content=f"👋 {snap.mention(reply.user_id)} is back and plays their own turns."
                )
            )

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="list")
    async def list_(self, interaction: discord.Interaction) -> None:
        """The server's running games: which, where, whose turn and their time left."""

        async def work(reply: Reply) -> None:
            snaps = await self.service.live_in_guild(interaction.guild_id or 0)
            await reply.say(absence.list_text(snaps))

        await self._run(interaction, work, Ack.PRIVATE)

    @app_commands.command(name="mine")
    async def mine(self, interaction: discord.Interaction) -> None:
        """Every game of this server waiting for your move, with links (only you see it)."""

        async def work(reply: Reply) -> None:
            snaps = await self.service.live_in_guild(interaction.guild_id or 0)
            await reply.say(absence.mine_text(snaps, reply.user_id))

        await self._run(interaction, work, Ack.PRIVATE)

    @app_commands.command(name="replay")
    @app_commands.describe(number="Which finished game (its #number; default: the last one here)")
    async def replay(
        self,
        interaction: discord.Interaction,
        number: app_commands.Range[int, 1, 10**15] | None = None,
    ) -> None:
        """The animated replay of a finished game of this channel (public)."""

        async def work(reply: Reply) -> None:
            channel = channel_of(interaction)
            snap = (
                await self.service.latest(channel)
                if number is None
                else await self.service.by_id(number)
            )
            if snap.record.channel_id != channel:
                raise ServiceError(f"game #{number} was not played in this channel")
            try:
                board = await replays.replay_for(self.table, snap)
            except replays.ReplayError as exc:
                raise ServiceError(str(exc)) from None
            await reply.answer(board, ephemeral=False)

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="undo")
    async def undo(self, interaction: discord.Interaction) -> None:
        """Ask to take back your last move (no die rolled, nothing hidden revealed, nobody
        has acted since); the others agree with a button, one no refuses it."""

        async def work(reply: Reply) -> None:
            req = await takebacks.request(self.service, channel_of(interaction), reply.user_id)
            if req.applied:
                reply.mark_saved(req.snapshot, "take-back")
                await reply.publish(Board(content=req.text()))
                await reply.publish(await self.table.board(req.snapshot))
                return
            yes = ButtonId(TAKEBACK, req.session_id, 0, f"{req.id}.y").encode()
            no = ButtonId(TAKEBACK, req.session_id, 0, f"{req.id}.n").encode()
            await reply.publish(
                Board(
                    content=req.text(),
                    buttons=(
                        ButtonSpec("Agree", yes, "success"),
                        ButtonSpec("Refuse", no, "danger"),
                    ),
                    mentions=tuple(req.snapshot.user_of(p) for p in req.waiting_for),
                )
            )

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="history")
    async def history(self, interaction: discord.Interaction) -> None:
        """This channel's finished games: which, when, who won, how long (only you see it)."""

        async def work(reply: Reply) -> None:
            snaps = await self.service.history(channel_of(interaction))
            await reply.say(absence.history_text(snaps))

        await self._run(interaction, work, Ack.PRIVATE)

    @app_commands.command(name="verify")
    async def verify(self, interaction: discord.Interaction) -> None:
        """Check this channel's last finished game: every die re-derived from its seed."""

        async def work(reply: Reply) -> None:
            snap = await self.service.latest(channel_of(interaction))
            if snap.record.is_live:
                raise ServiceError(
                    "the seed is revealed when the game ends (before that it would tell the "
                    "dice to come); verify it then"
                )
            entries = await self.service.repo.log(snap.session_id)
            checked = verification.verify(snap.spec, snap.record, entries)
            await reply.say(
                f"**{snap.spec.title}** game #{snap.session_id}: seed `{snap.record.seed}`, "
                f"commitment `{verification.commitment(snap.record.seed)}`.\n{checked.summary()}"
            )

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
            yes = ButtonId(END, session_id, version, "yes").encode()
            no = ButtonId(END, session_id, version, "no").encode()
            board = Board(
                content=f"End **{ended.title}** (game #{session_id}) for everyone? "
                "This cannot be undone.",
                buttons=(
                    ButtonSpec("End the game", yes, "danger"),
                    ButtonSpec("Keep playing", no, "secondary"),
                ),
            )
            await reply.answer(board, ephemeral=True)

        await self._run(interaction, work, Ack.PRIVATE)
