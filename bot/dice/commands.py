"""`/roll`, `/contest`, `/odds`: quick dice rulings anywhere in a server."""

from __future__ import annotations

import secrets
from fractions import Fraction
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.presenters import Board
from bot.replies import Ack, Reply, funnel
from games.dice import DiceRoll, OddsMode, odds_table, probability, roll_contest, roll_notation
from games.engine import Rng
from render.dice import DiceGroup, render_dice, render_table

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


def dice_groups(roll: DiceRoll) -> list[DiceGroup]:
    groups = []
    for term in roll.terms:
        sides = term.sides
        faces = tuple(max(1, min(sides, f.value)) for f in term.faces)
        groups.append(
            DiceGroup(
                label=term.notation + (f" [{term.annotation}]" if term.annotation else ""),
                faces=faces,
                sides=sides,
                dropped=tuple(not f.kept for f in term.faces),
            )
        )
    return groups


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def percent(p: Fraction) -> str:
    """A probability as a percentage that never shows a possible event as 0.00%."""
    value = float(p) * 100
    if 0 < value < 0.01:
        return "< 0.01%"
    if 99.99 < value < 100:
        return "> 99.99%"
    return f"{value:.2f}%"


def sum_targets(n: int | None) -> list[int]:
    """Columns for a sum table: counters 2-12 by default, else the middle of N..6N (<= 12)."""
    if n is None:
        return list(range(2, 13))
    low, high = n, 6 * n
    if high - low + 1 <= 12:
        return list(range(low, high + 1))
    mid = round(3.5 * n)
    return list(range(mid - 6, mid + 6))


class DiceCog(commands.Cog):
    """Dice notation, contested rolls and exact odds."""

    def __init__(self, table: Table) -> None:
        self.table = table

    @app_commands.command(name="roll")
    @app_commands.describe(
        expression="Dice notation, e.g. 2d6+3, 4d6kh3, 1d20+5 to hit, 3d6e6, 2d20kl1, 1d10rr1"
    )
    async def roll(
        self, interaction: discord.Interaction, expression: app_commands.Range[str, 1, 200]
    ) -> None:
        """Roll dice in standard notation (keep/drop, exploding, rerolls, arithmetic, labels)."""

        async def work(reply: Reply) -> None:
            result = roll_notation(expression, fresh_rng())  # refusals raise DiceError
            label = f" *{result.label}*" if result.label else ""
            content = _clip(
                f"🎲 {interaction.user.mention} rolled `{result.expression}`{label}\n"
                f"{result.breakdown}",
                1990,
            )
            groups = dice_groups(result)
            image = await self.table.renderer.run(render_dice, groups) if groups else None
            await reply.answer(
                Board(content=content, image=image, filename="roll.png"), ephemeral=False
            )

        await funnel(interaction, work, ack=Ack.PUBLIC)

    @app_commands.command(name="contest")
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
            content = _clip(f"⚔️ {result.explanation}", 1990)
            await reply.answer(
                Board(content=content, image=image, filename="contest.png"), ephemeral=False
            )

        await funnel(interaction, work, ack=Ack.PUBLIC)

    @app_commands.command(name="odds")
    @app_commands.describe(
        mode="What to compute (default: the Rush 'n' Crush table)",
        dice="Number of d6 (1-10); leave empty for a table of 1-5 dice",
        target="The k in '>= k'; with dice, gives that exact chance",
    )
    @app_commands.choices(mode=MODE_CHOICES)
    async def odds(
        self,
        interaction: discord.Interaction,
        mode: app_commands.Choice[str] | None = None,
        dice: app_commands.Range[int, 1, 10] | None = None,
        target: app_commands.Range[int, 1, 60] | None = None,
    ) -> None:
        """Exact odds for highest / lowest / sum of N d6 >= k, as a table image."""

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
                Board(content="\n".join(lines), image=image, filename="odds.png"), ephemeral=False
            )

        await funnel(interaction, work, ack=Ack.PUBLIC)
