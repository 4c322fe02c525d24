"""Thin adapters: parse options, call the service, present the result.

`cog_classes()` lists every cog the bot loads: the session and dice cogs, then one per game.
A new game adds its cog here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from discord.ext import commands


def cog_classes() -> list[type[commands.Cog]]:
    from bot.cogs.dice import DiceCog
    from bot.cogs.dragrage import DragRageCog
    from bot.cogs.rushncrush import RushNCrushCog
    from bot.cogs.session import SessionCog
    from bot.cogs.spacetruckin import SpaceTruckinCog

    return [SessionCog, DiceCog, DragRageCog, SpaceTruckinCog, RushNCrushCog]
