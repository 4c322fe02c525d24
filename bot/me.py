"""`/me ...` (a player's settings for reminders: time zone, quiet hours, direct messages) and
`/vacation ...` (pause your clocks in every game of the server)."""

from __future__ import annotations

import zoneinfo
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.replies import Ack, Reply, funnel, post
from table import vacations
from table.answers import Message
from table.clocks import Prefs, parse_hhmm, timestamp
from table.snapshot import ServiceError, Snapshot

if TYPE_CHECKING:
    from bot.table import Table

ZONES = sorted(zoneinfo.available_timezones())


def _hhmm(minutes: int | None) -> str:
    return "-" if minutes is None else f"{minutes // 60:02d}:{minutes % 60:02d}"


def describe(prefs: Prefs) -> str:
    quiet = (
        f"{_hhmm(prefs.quiet_from)}-{_hhmm(prefs.quiet_to)}"
        if prefs.quiet_from is not None
        else "none"
    )
    dm = "by direct message" if prefs.dm else "in the game's channel"
    return (
        f"🕰️ Time zone **{prefs.tz}** · quiet hours **{quiet}** · reminders come **{dm}**.\n"
        "Reminders never come during your quiet hours; one due then waits until they end."
    )


class MeCog(commands.GroupCog, group_name="me", group_description="Your settings for reminders"):
    """Where and when Redline may remind you that it is your turn."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.repo = table.service.repo
        super().__init__()

    async def _load(self, user_id: int) -> Prefs:
        stored = await self.repo.get_prefs((user_id,))
        return Prefs.model_validate_json(stored[user_id]) if user_id in stored else Prefs()

    async def _update(self, interaction: discord.Interaction, **changes: object) -> None:
        async def work(reply: Reply) -> None:
            prefs = (await self._load(reply.user_id)).model_copy(update=changes)
            await self.repo.set_prefs(reply.user_id, prefs.model_dump_json())
            await reply.say(describe(prefs))

        await funnel(interaction, work, ack=Ack.PRIVATE)

    @app_commands.command(name="show")
    async def show(self, interaction: discord.Interaction) -> None:
        """Show your time zone, quiet hours and where reminders reach you."""

        async def work(reply: Reply) -> None:
            await reply.say(describe(await self._load(reply.user_id)))

        await funnel(interaction, work, ack=Ack.PRIVATE)

    @app_commands.command(name="zone")
    @app_commands.describe(name="Your time zone, e.g. Europe/Paris or America/New_York")
    async def zone(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 64]
    ) -> None:
        """Set your time zone (quiet hours are in it)."""
        if name not in zoneinfo.available_timezones():

            async def refuse(reply: Reply) -> None:
                raise ServiceError(
                    f"`{name}` is not a time zone I know; pick one from the list "
                    "(e.g. `Europe/Berlin`, `America/Chicago`, `UTC`)"
                )

            await funnel(interaction, refuse, ack=Ack.PRIVATE)
            return
        await self._update(interaction, tz=name)

    @zone.autocomplete("name")
    async def _zones(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        typed = current.strip().lower().replace(" ", "_")
        hits = [z for z in ZONES if typed in z.lower()]
        return [app_commands.Choice(name=z, value=z) for z in hits[:25]]

    @app_commands.command(name="quiet")
    @app_commands.describe(
        start="When your quiet hours start, e.g. 22:00 (leave both empty for none)",
        end="When they end, e.g. 08:00",
    )
    async def quiet(
        self,
        interaction: discord.Interaction,
        start: app_commands.Range[str, 1, 5] | None = None,
        end: app_commands.Range[str, 1, 5] | None = None,
    ) -> None:
        """Set quiet hours: no reminder reaches you then (it waits until they end)."""
        if start is None and end is None:
            await self._update(interaction, quiet_from=None, quiet_to=None)
            return
        try:
            quiet_from, quiet_to = parse_hhmm(start or ""), parse_hhmm(end or "")
        except ValueError as exc:
            message = str(exc)

            async def refuse(reply: Reply) -> None:
                raise ServiceError(f"{message} (give both `start` and `end`)")

            await funnel(interaction, refuse, ack=Ack.PRIVATE)
            return
        await self._update(interaction, quiet_from=quiet_from, quiet_to=quiet_to)

    @app_commands.command(name="dm")
    @app_commands.describe(allow="Yes: reminders by direct message; no: in the game's channel")
    async def dm(self, interaction: discord.Interaction, allow: bool) -> None:
        """Choose whether reminders may come by direct message (else in the channel)."""
        await self._update(interaction, dm=allow)


class VacationCog(
    commands.GroupCog, group_name="vacation", group_description="Pause your clocks in this server"
):
    """Away for a while: your clocks stand still in every game of this server."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.service = table.service
        super().__init__()

    async def _tell_tables(
        self, interaction: discord.Interaction, games: list[Snapshot], text: str
    ) -> None:
        for snap in games:
            channel = interaction.client.get_partial_messageable(snap.record.channel_id)
            await post(channel, Message(content=f"{text} (game #{snap.session_id})"))

    @app_commands.command(name="start")
    @app_commands.describe(days="How many days (default: all you have left this year)")
    async def start(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 365] | None = None
    ) -> None:
        """Start a vacation: your clocks pause and nobody reminds you."""

        async def work(reply: Reply) -> None:
            guild = interaction.guild_id or 0
            taken = await vacations.start(self.service, guild, reply.user_id, days)
            left = await vacations.allowance(self.service, guild) - await vacations.days_used(
                self.service, guild, reply.user_id
            )
            text = (
                f"🏖️ {interaction.user.display_name} is on vacation until "
                f"{timestamp(taken.until, 'F')}: their clock stands still and nobody reminds them"
            )
            await self._tell_tables(interaction, taken.games, text)
            await reply.say(
                f"🏖️ Enjoy! Until {timestamp(taken.until, 'F')} ({taken.days} days; about "
                f"{max(left, 0)} left this year). Your clocks are paused in {len(taken.games)} "
                "game(s). `/vacation end` ends it early (days are charged as used)."
            )

        await funnel(interaction, work, ack=Ack.PRIVATE)

    @app_commands.command(name="end")
    async def end(self, interaction: discord.Interaction) -> None:
        """End your vacation: your clocks run again, with the time they stood still given back."""

        async def work(reply: Reply) -> None:
            back = await vacations.end(self.service, interaction.guild_id or 0, reply.user_id)
            text = (
                f"👋 {interaction.user.display_name} is back from vacation; their clock runs again"
            )
            await self._tell_tables(interaction, back.games, text)
            await reply.say(f"Welcome back! {back.days} day(s) were charged.")

        await funnel(interaction, work, ack=Ack.PRIVATE)

    @app_commands.command(name="allowance")
    @app_commands.describe(days="Vacation days per player per year in this server")
    async def allowance(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 365]
    ) -> None:
        """Set the yearly vacation days of this server's players (Manage Server)."""

        async def work(reply: Reply) -> None:
            if not interaction.permissions.manage_guild:
                raise ServiceError("only a member with Manage Server sets the vacation allowance")
            await self.service.repo.set_setting(
                interaction.guild_id or 0, vacations.ALLOWANCE_KEY, str(days)
            )
            await reply.say(f"Each player now has {days} vacation days a year in this server.")

        await funnel(interaction, work, ack=Ack.PRIVATE)
