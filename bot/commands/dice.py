"""`/roll`, `/contest`, `/odds` and `/dice ...`: quick dice rulings anywhere. What they do
and show is `table.dice`'s; these cogs read the options and who is asking, then deliver.

`/dice` lives beside `/roll` rather than under it because Discord does not let a command both
run by itself (`/roll 4d6kh3`) and have subcommands.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.replies import Ack, Reply, funnel
from games.dice import OddsMode
from table.answers import Answer
from table.dice import odds, rolls, saved
from table.dice import secret as secret_rolls
from table.dice.saved import MAX_NAME

if TYPE_CHECKING:
    from bot.table import Table

MODE_CHOICES = [
    app_commands.Choice(name="highest die of N d6 >= k", value=OddsMode.HIGHEST.value),
    app_commands.Choice(name="lowest die of N d6 >= k", value=OddsMode.LOWEST.value),
    app_commands.Choice(name="sum of N d6 >= k (Drag Rage challenges)", value=OddsMode.SUM.value),
    app_commands.Choice(name="Rush 'n' Crush table (high, 1, low)", value=OddsMode.HIGH_LOW.value),
]

# Dice work anywhere: in servers with the bot, in DMs, and (installed to a member's account) in
# group DMs and servers that never added the bot. Games stay guild-only (the tree's default).
anywhere = app_commands.allowed_installs(guilds=True, users=True)
in_any_context = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
EVERYWHERE = discord.app_commands.AppInstallationType(guild=True, user=True)
ANY_CONTEXT = discord.app_commands.AppCommandContext(
    guild=True, dm_channel=True, private_channel=True
)


class _Answering:
    """What the dice cogs share: the table, and answering a command through the funnel."""

    def __init__(self, table: Table) -> None:
        self.table = table
        super().__init__()

    async def _answer(
        self,
        interaction: discord.Interaction,
        answer: Callable[[], Answer | Awaitable[Answer]],
        *,
        ack: Ack,
    ) -> None:
        """Acknowledge, then deliver what `answer()` decides (a refusal raises: private)."""

        async def work(reply: Reply) -> None:
            made = answer()
            await self.table.deliver(reply, made if isinstance(made, Answer) else await made)

        await funnel(interaction, work, ack=ack)


class DiceCog(_Answering, commands.Cog):
    """Dice notation, contested rolls and exact odds."""

    @app_commands.command(name="roll")
    @anywhere
    @in_any_context
    @app_commands.describe(
        expression="Dice notation, e.g. 2d6+3, 4d6kh3, 1d20+5 to hit, 3d6e6, 2d20kl1, 1d10rr1",
        secret="Only you (and the member in 'for') see the result; the channel sees a commitment",
        for_="A secret roll for this member too (the GM): they can see it and reveal it",
    )
    @app_commands.rename(for_="for")
    async def roll(
        self,
        interaction: discord.Interaction,
        expression: app_commands.Range[str, 1, 200],
        secret: bool = False,
        for_: discord.User | None = None,
    ) -> None:
        """Roll dice in standard notation (keep/drop, exploding, rerolls, arithmetic, labels)."""
        user_id = interaction.user.id
        if not secret and for_ is None:
            await self._answer(interaction, lambda: rolls.roll(user_id, expression), ack=Ack.PUBLIC)
            return
        viewer_id = for_.id if for_ is not None else None
        await self._answer(
            interaction,
            lambda: secret_rolls.make(
                self.table.service,
                user_id=user_id,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id or 0,
                expression=expression,
                viewer_id=viewer_id,
            ),
            ack=Ack.PRIVATE,
        )

    @app_commands.command(name="contest")
    @anywhere
    @in_any_context
    @app_commands.describe(
        attacker="Dice the attacker rolls (1-20)",
        defender="Dice the defender rolls (1-20)",
        attacker_rerolls="Rerolls the attacker may use (0-5), e.g. a Veteran",
        defender_rerolls="Rerolls the defender may use (0-5)",
    )
    async def contest(
        self,
        interaction: discord.Interaction,
        attacker: app_commands.Range[int, 1, 20],
        defender: app_commands.Range[int, 1, 20],
        attacker_rerolls: app_commands.Range[int, 0, 5] = 0,
        defender_rerolls: app_commands.Range[int, 0, 5] = 0,
    ) -> None:
        """A contested roll as in Road Wolf: highest die, then next; overkill counts big wins."""
        await self._answer(
            interaction,
            lambda: rolls.contest(attacker, defender, attacker_rerolls, defender_rerolls),
            ack=Ack.PUBLIC,
        )

    @app_commands.command(name="odds")
    @anywhere
    @in_any_context
    @app_commands.describe(
        expression="Any roll /roll takes: 4d6kh3 >= 15, 1d20+5 vs 15, 8d6e6 (exact odds and chart)",
        mode="What to compute (default: the Rush 'n' Crush table)",
        dice="Number of d6 (1-10); leave empty for a table of 1-5 dice",
        target="The number to meet or beat (k in '>= k'); with dice or an expression, its chance",
    )
    @app_commands.choices(mode=MODE_CHOICES)
    async def odds(
        self,
        interaction: discord.Interaction,
        expression: app_commands.Range[str, 1, 200] | None = None,
        mode: app_commands.Choice[str] | None = None,
        dice: app_commands.Range[int, 1, 10] | None = None,
        target: app_commands.Range[int, -1000, 100000] | None = None,
    ) -> None:
        """Exact odds of any roll (table and chart), or of highest / lowest / sum of N d6."""
        if expression is not None:
            asked, worker = expression, self.table.renderer  # off the loop, within a deadline
            await self._answer(
                interaction, lambda: odds.exact(asked, target, worker), ack=Ack.PUBLIC
            )
            return
        chosen = mode.value if mode else None
        await self._answer(interaction, lambda: odds.d6_table(chosen, dice, target), ack=Ack.PUBLIC)


class DiceToolsCog(_Answering, commands.Cog):
    """`/dice`: secret-roll reveals and checks, saved rolls."""

    dice = app_commands.Group(
        name="dice",
        description="Reveal or verify secret rolls; save and reuse named rolls",
        allowed_installs=EVERYWHERE,
        allowed_contexts=ANY_CONTEXT,
    )

    @dice.command(name="reveal")
    @app_commands.describe(roll="The secret roll's number (yours, or one made for you)")
    async def reveal(self, interaction: discord.Interaction, roll: int) -> None:
        """Publish a secret roll with its seed, so anyone can check it."""
        service, user_id = self.table.service, interaction.user.id
        await self._answer(
            interaction, lambda: secret_rolls.reveal(service, user_id, roll), ack=Ack.PUBLIC
        )

    @reveal.autocomplete("roll")
    async def _hidden_rolls(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        found = await secret_rolls.hidden(self.table.service, interaction.user.id, current)
        return [app_commands.Choice(name=name, value=value) for name, value in found]

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
        service = self.table.service
        await self._answer(
            interaction,
            lambda: secret_rolls.check(
                service, roll_id=roll, seed=seed, expression=expression, posted=commitment
            ),
            ack=Ack.PRIVATE,
        )

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
        member, service = _member(interaction), self.table.service
        await self._answer(
            interaction,
            lambda: saved.save(service, member, name, expression, server=server),
            ack=Ack.PRIVATE,
        )

    @dice.command(name="use")
    @app_commands.describe(name="A saved roll (yours or this server's)")
    async def use(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, MAX_NAME]
    ) -> None:
        """Roll a saved roll."""
        member, service = _member(interaction), self.table.service
        await self._answer(interaction, lambda: saved.use(service, member, name), ack=Ack.PUBLIC)

    @use.autocomplete("name")
    async def _names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await saved.names(self.table.service, _member(interaction), current)
        return [app_commands.Choice(name=label, value=value) for label, value in found]

    @dice.command(name="forget")
    @app_commands.describe(name="The saved roll to delete", server="A server-wide one")
    async def forget(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, MAX_NAME],
        server: bool = False,
    ) -> None:
        """Delete a saved roll."""
        member, service = _member(interaction), self.table.service
        await self._answer(
            interaction,
            lambda: saved.forget(service, member, name, server=server),
            ack=Ack.PRIVATE,
        )

    forget.autocomplete("name")(_names)


def _member(interaction: discord.Interaction) -> saved.Member:
    """Who asks, where, and whether they may manage the server (for saved rolls)."""
    can_manage = interaction.permissions.manage_guild
    return saved.Member(interaction.user.id, interaction.guild_id, can_manage=can_manage)
