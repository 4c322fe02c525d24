"""`/rushncrush ...`: Rush 'n' Crush moves as slash commands (its buttons do the same).

Gear and equipment commands play at once: the mover is told privately that it was saved, the
table sees it in its turn message; a gear choice, and an item used once it is made, show the
mover their suggested path too. The path flow is private: `/rushncrush
move` previews a path with a "Drive it" button (`drive:True` drives it at once), `steer`
opens the step-by-step builder, `course` shows the whole course (`table.rushncrush.verbs`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial

import discord
from discord import app_commands
from discord.ext import commands

from bot.replies import Ack, Reply
from bot.table import TableCog, channel_of
from games.engine import Model
from games.rushncrush import ActivateAction
from games.rushncrush.data import Item
from table.answers import Answer
from table.rushncrush import verbs

Ask = Callable[[int, int], Awaitable[Answer]]
"""What a command asks of the table: (the user's id, the channel's) -> the answer."""

ITEM_CHOICES = [
    app_commands.Choice(name=label, value=item.value)
    for item, label in (
        (Item.MACHINE_GUN, "Machine Gun"),
        (Item.FLAMER, "Flamer"),
        (Item.SIDE_BUMPER, "Side Bumper"),
        (Item.SAW, "Lateral Circular Saw"),
        (Item.ROCKET_BOOSTER, "Rocket Booster"),
        (Item.FIRE_EXTINGUISHER, "Fire Extinguisher"),
    )
]
USE_CHOICES = [
    c for c in ITEM_CHOICES if c.value in (Item.MACHINE_GUN, Item.FLAMER, Item.FIRE_EXTINGUISHER)
]


@app_commands.guild_only()
class RushNCrushCog(
    TableCog,
    commands.GroupCog,
    group_name="rushncrush",
    group_description="Rush 'n' Crush moves (buttons do the same)",
):
    """Slash commands of Rush 'n' Crush: parse the options, ask the table, deliver."""

    # ----- helpers ---------------------------------------------------------------------------

    async def _ask(
        self, interaction: discord.Interaction, ask: Ask, ack: Ack = Ack.PRIVATE
    ) -> None:
        """Acknowledge, ask the table for the user in this channel, deliver its answer."""

        async def work(reply: Reply) -> None:
            answer = await ask(reply.user_id, channel_of(interaction))
            await self.table.deliver(reply, answer)

        await self._run(interaction, work, ack)

    async def _play(self, interaction: discord.Interaction, action: Model) -> None:
        await self._ask(interaction, partial(self.table.host.play, action=action))

    # ----- slash commands --------------------------------------------------------------------

    @app_commands.command(name="gear")
    @app_commands.describe(
        speed="The speed to drive at this turn (4-18)",
        gear="The gear (1-5); leave it out to take the cheapest way to that speed",
        turbo="Turbo points to spend (extra steps up); leave out for the cheapest",
        brake="Brake points to spend (extra steps down); leave out for the cheapest",
    )
    async def gear(
        self,
        interaction: discord.Interaction,
        speed: app_commands.Range[int, 4, 18],
        gear: app_commands.Range[int, 1, 5] | None = None,
        turbo: app_commands.Range[int, 0, 5] | None = None,
        brake: app_commands.Range[int, 0, 5] | None = None,
    ) -> None:
        """Choose your gear and speed; the bot then rolls your heat and steering dice."""
        choose = partial(
            verbs.choose_gear, self.table.host, speed=speed, gear=gear, turbo=turbo, brake=brake
        )
        await self._ask(interaction, choose)

    @app_commands.command(name="move")
    @app_commands.describe(
        path="Your path, e.g. `F F L F R F`: F ahead, L/R diagonal; see /game rules for extras",
        drive="Drive it at once instead of previewing it first (default: preview)",
    )
    async def move(
        self,
        interaction: discord.Interaction,
        path: app_commands.Range[str, 1, 200],
        drive: bool = False,
    ) -> None:
        """Preview a path (where you end, what you hit), then drive it with one tap."""
        await self._ask(interaction, partial(verbs.plan, self.table.host, path=path, drive=drive))

    @app_commands.command(name="steer")
    async def steer(self, interaction: discord.Interaction) -> None:
        """Build your path step by step with F / L / R buttons and a live preview."""
        await self._ask(interaction, partial(verbs.steer, self.table.host))

    @app_commands.command(name="arm")
    @app_commands.describe(item="The equipment to arm (one Activation; Use it from next turn)")
    @app_commands.choices(item=ITEM_CHOICES)
    async def arm(self, interaction: discord.Interaction, item: app_commands.Choice[str]) -> None:
        """Arm one of your equipment counters."""
        await self._play(interaction, ActivateAction(item=Item(item.value), mode="arm"))

    @app_commands.command(name="use")
    @app_commands.describe(item="The armed item to Use now (rams and rocket go in the path)")
    @app_commands.choices(item=USE_CHOICES)
    async def use(self, interaction: discord.Interaction, item: app_commands.Choice[str]) -> None:
        """Use an armed Machine Gun, Flamer or Fire Extinguisher now."""
        use = partial(verbs.use_item, self.table.host, item=Item(item.value))
        await self._ask(interaction, use)

    @app_commands.command(name="course")
    async def course(self, interaction: discord.Interaction) -> None:
        """Show the whole course with every car, wreck and mine (only you see it)."""
        await self._ask(interaction, partial(verbs.whole_course, self.table.host))


__all__ = ["RushNCrushCog"]
