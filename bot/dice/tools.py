"""`/dice ...`: reveal and verify secret rolls; save, use and forget named rolls.

These live beside `/roll` rather than under it because Discord does not let a command both run
by itself (`/roll 4d6kh3`) and have subcommands. Saved rolls are per member per server (or
outside servers: per member), and per server for the ones a member with Manage Server saves
with `server:true`; bounded in number and length (`bot.dice.tools` limits below).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.dice import secret
from bot.dice.commands import roll_publicly
from bot.replies import Ack, Reply, funnel
from games.dice import check_notation
from storage import Repository
from storage.queries.dice import OUTSIDE_SERVERS, SERVER_WIDE, SavedRollRow
from table.service import ServiceError

if TYPE_CHECKING:
    from bot.table import Table

MAX_SAVED_PER_MEMBER = 25
MAX_SAVED_PER_SERVER = 50
MAX_NAME = 32
EVERYWHERE = discord.app_commands.AppInstallationType(guild=True, user=True)
ANY_CONTEXT = discord.app_commands.AppCommandContext(
    guild=True, dm_channel=True, private_channel=True
)


def _scope(interaction: discord.Interaction) -> int:
    return interaction.guild_id or OUTSIDE_SERVERS


def _name(name: str) -> str:
    cleaned = " ".join(name.split()).lower()
    if not 1 <= len(cleaned) <= MAX_NAME:
        raise ServiceError(f"a saved roll's name has 1 to {MAX_NAME} characters")
    return cleaned


class DiceToolsCog(commands.Cog):
    """`/dice`: secret-roll reveals and checks, saved rolls."""

    dice = app_commands.Group(
        name="dice",
        description="Reveal or verify secret rolls; save and reuse named rolls",
        allowed_installs=EVERYWHERE,
        allowed_contexts=ANY_CONTEXT,
    )

    def __init__(self, table: Table) -> None:
        self.table = table
        super().__init__()

    @property
    def repo(self) -> Repository:
        return self.table.service.repo

    @dice.command(name="reveal")
    @app_commands.describe(roll="The secret roll's number (yours, or one made for you)")
    async def reveal(self, interaction: discord.Interaction, roll: int) -> None:
        """Publish a secret roll with its seed, so anyone can check it."""

        async def work(reply: Reply) -> None:
            await secret.reveal(self.table, reply, roll)

        await funnel(interaction, work, ack=Ack.PUBLIC)

    @reveal.autocomplete("roll")
    async def _hidden_rolls(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        rows = await self.repo.hidden_secret_rolls(interaction.user.id)
        return [
            app_commands.Choice(name=f"#{r.id}: {r.expression}"[:100], value=r.id)
            for r in rows
            if current.strip("#") in str(r.id)
        ][:25]

    @dice.command(name="verify")
    @app_commands.describe(
        roll="A revealed secret roll's number",
        seed="The seed shown at the reveal (64 hex digits), to check one yourself",
        expression="The expression shown at the reveal",
        commitment="The commitment posted when the roll was made",
    )
    async def verify(
        self,
        interaction: discord.Interaction,
        roll: int | None = None,
        seed: app_commands.Range[str, 1, 100] | None = None,
        expression: app_commands.Range[str, 1, 200] | None = None,
        commitment: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        """Check a revealed secret roll: its hash, then its dice, recomputed from the seed."""

        async def work(reply: Reply) -> None:
            await secret.check(
                self.table, reply, roll_id=roll, seed=seed, expression=expression, posted=commitment
            )

        await funnel(interaction, work, ack=Ack.PRIVATE)

    @dice.command(name="save")
    @app_commands.describe(
        name="A short name, e.g. attack or init",
        expression="What to roll, e.g. 1d20+5 to hit",
        server="For everyone in this server (needs Manage Server)",
    )
    async def save(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, MAX_NAME],
        expression: app_commands.Range[str, 1, 200],
        server: bool = False,
    ) -> None:
        """Save a named roll to use later with /dice use."""

        async def work(reply: Reply) -> None:
            owner, limit = self._owner(interaction, server)
            check_notation(expression)  # a roll that cannot be rolled is never saved
            key = _name(name)
            saved = await self.repo.save_roll(
                scope_id=_scope(interaction),
                owner_id=owner,
                name=key,
                expression=expression.strip(),
                limit=limit,
            )
            if not saved:
                raise ServiceError(
                    f"{'this server has' if server else 'you have'} {limit} saved rolls already; "
                    "`/dice forget` one first (saving under an existing name replaces it)"
                )
            whose = "for everyone here" if server else "for you"
            await reply.say(f"💾 Saved `{key}` = `{expression.strip()}` {whose}.")

        await funnel(interaction, work, ack=Ack.PRIVATE)

    def _owner(self, interaction: discord.Interaction, server: bool) -> tuple[int, int]:
        if not server:
            return interaction.user.id, MAX_SAVED_PER_MEMBER
        permissions = interaction.permissions
        if interaction.guild_id is None or not permissions.manage_guild:
            raise ServiceError("server-wide rolls are saved in a server, by Manage Server")
        return SERVER_WIDE, MAX_SAVED_PER_SERVER

    @dice.command(name="use")
    @app_commands.describe(name="A saved roll (yours or this server's)")
    async def use(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, MAX_NAME]
    ) -> None:
        """Roll a saved roll."""

        async def work(reply: Reply) -> None:
            rows = await self._saved(interaction)
            key = _name(name)
            row = next((r for r in rows if r.name == key), None)
            if row is None:
                known = ", ".join(sorted({r.name for r in rows})) or "none yet"
                raise ServiceError(f"no saved roll `{key}`; saved: {known} (`/dice save`)")
            await roll_publicly(self.table, reply, row.expression, saved_as=row.name)

        await funnel(interaction, work, ack=Ack.PUBLIC)

    async def _saved(self, interaction: discord.Interaction) -> list[SavedRollRow]:
        owners = (
            (interaction.user.id, SERVER_WIDE) if interaction.guild_id else (interaction.user.id,)
        )
        return await self.repo.saved_rolls(scope_id=_scope(interaction), owner_ids=owners)

    @use.autocomplete("name")
    async def _names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        rows = await self._saved(interaction)
        typed = current.strip().lower()
        seen: set[str] = set()
        choices = []
        for row in rows:
            if typed in row.name and row.name not in seen:
                seen.add(row.name)
                label = f"{row.name}: {row.expression}"
                choices.append(app_commands.Choice(name=label[:100], value=row.name))
        return choices[:25]

    @dice.command(name="forget")
    @app_commands.describe(name="The saved roll to delete", server="A server-wide one")
    async def forget(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, MAX_NAME],
        server: bool = False,
    ) -> None:
        """Delete a saved roll."""

        async def work(reply: Reply) -> None:
            owner, _ = self._owner(interaction, server)
            key = _name(name)
            gone = await self.repo.forget_roll(
                scope_id=_scope(interaction), owner_id=owner, name=key
            )
            await reply.say(f"🗑️ Forgot `{key}`." if gone else f"There was no saved roll `{key}`.")

        await funnel(interaction, work, ack=Ack.PRIVATE)

    forget.autocomplete("name")(_names)
