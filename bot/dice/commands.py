"""`/roll`, `/contest`, `/odds`: quick dice rulings anywhere in a server."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.dice import secret as secret_module
from bot.dice.answers import contest_odds_line, dice_groups, odds_board, percent
from bot.replies import Ack, Reply, funnel
from games.dice import (
    OddsMode,
    contest_odds,
    odds_table,
    probability,
    roll_contest,
    roll_notation,
)
from games.engine import Rng
from render.dice import DiceGroup, draw_odds, render_dice, render_table
from runtime.render_slots import RenderTimeout
from table.answers import Message
from table.service import ServiceError

if TYPE_CHECKING:
    from bot.table import Table

MODE_CHOICES = [
    app_commands.Choice(name="highest die of N d6 >= k", value=OddsMode.HIGHEST.value),
    app_commands.Choice(name="lowest die of N d6 >= k", value=OddsMode.LOWEST.value),
    app_commands.Choice(name="sum of N d6 >= k (Drag Rage challenges)", value=OddsMode.SUM.value),
    app_commands.Choice(name="Rush 'n' Crush table (high, 1, low)", value=OddsMode.HIGH_LOW.value),
]


def fresh_rng() -> Rng:
    """Dice rulings outside a game are not replayed, so a fresh secret seed per roll."""
    return Rng(secrets.randbits(64))


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def sum_targets(n: int | None) -> list[int]:
    """Columns for a sum table: counters 2-12 by default, else the middle of N..6N (<= 12)."""
    if n is None:
        return list(range(2, 13))
    low, high = n, 6 * n
    if high - low + 1 <= 12:
        return list(range(low, high + 1))
    mid = round(3.5 * n)
    return list(range(mid - 6, mid + 6))


async def roll_publicly(
    table: Table, reply: Reply, expression: str, *, saved_as: str | None = None
) -> None:
    """Roll `expression` and show it to the channel with its dice (refusals stay private)."""
    result = roll_notation(expression, fresh_rng())  # refusals raise DiceError
    label = f" *{result.label}*" if result.label else ""
    saved = f" (saved roll `{saved_as}`)" if saved_as else ""
    content = _clip(
        f"🎲 {reply.interaction.user.mention} rolled `{result.expression}`{label}{saved}\n"
        f"{result.breakdown}",
        1990,
    )
    groups = dice_groups(result)
    image = await table.renderer.run(render_dice, groups) if groups else None
    await reply.answer(Message(content=content, image=image, filename="roll.png"), ephemeral=False)


# Dice work anywhere: in servers with the bot, in DMs, and (installed to a member's account) in
# group DMs and servers that never added the bot. Games stay guild-only (the tree's default).
anywhere = app_commands.allowed_installs(guilds=True, users=True)
in_any_context = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
TOO_SLOW = (
    "working that out exactly took too long; try fewer dice or sides (`/roll` still rolls it)"
)


class DiceCog(commands.Cog):
    """Dice notation, contested rolls and exact odds."""

    def __init__(self, table: Table) -> None:
        self.table = table

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
        if secret or for_ is not None:
            viewer = for_.id if for_ is not None else None

            async def hidden(reply: Reply) -> None:
                await secret_module.make(self.table, reply, expression=expression, viewer_id=viewer)

            await funnel(interaction, hidden, ack=Ack.PRIVATE)
            return

        async def work(reply: Reply) -> None:
            await roll_publicly(self.table, reply, expression)

        await funnel(interaction, work, ack=Ack.PUBLIC)

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

        async def work(reply: Reply) -> None:
            result = roll_contest(
                attacker,
                defender,
                fresh_rng(),
                a_rerolls=attacker_rerolls,
                b_rerolls=defender_rerolls,
                names=("Attacker", "Defender"),
            )
            groups = [
                DiceGroup(
                    label=f"Attacker ({attacker}d6)",
                    faces=result.result.a,
                    total=max(result.result.a),
                ),
                DiceGroup(
                    label=f"Defender ({defender}d6)",
                    faces=result.result.b,
                    total=max(result.result.b),
                ),
            ]
            image = await self.table.renderer.run(render_dice, groups, title="Contested roll")
            odds = contest_odds(attacker, defender)
            content = _clip(f"⚔️ {result.explanation}\n{contest_odds_line(odds)}", 1990)
            await reply.answer(
                Message(content=content, image=image, filename="contest.png"), ephemeral=False
            )

        await funnel(interaction, work, ack=Ack.PUBLIC)

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

            async def exact(reply: Reply) -> None:
                try:
                    result, image = await self.table.renderer.run(draw_odds, expression, target)
                except RenderTimeout:
                    raise ServiceError(TOO_SLOW) from None
                await reply.answer(odds_board(result, image), ephemeral=False)

            await funnel(interaction, exact, ack=Ack.PUBLIC)
            return

        async def work(reply: Reply) -> None:
            chosen = OddsMode(mode.value if mode else OddsMode.HIGH_LOW.value)
            ns = [dice] if dice else list(range(1, 6))
            if chosen is OddsMode.SUM:
                if dice is None:  # Drag Rage: survive a challenge on counter 2-12, 2 or 3 dice
                    ns = [2, 3]
                ks = sum_targets(dice) if target is None else [target]
            else:
                ks = list(range(2, 7)) if target is None else [target]
            table = odds_table(chosen, ns, ks)
            lines = [f"📊 **{table.title}** (exact)"]
            if dice and target and chosen is not OddsMode.HIGH_LOW:
                p = probability(chosen, dice, target)
                lines.append(f"{chosen.value} of {dice}d6 >= {target}: **{percent(p)}** (= {p})")
            image = await self.table.renderer.run(
                render_table, table.title, table.row_labels, table.col_labels, table.cells
            )
            await reply.answer(
                Message(content="\n".join(lines), image=image, filename="odds.png"), ephemeral=False
            )

        await funnel(interaction, work, ack=Ack.PUBLIC)
