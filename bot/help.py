"""`/help`: what Redline is, its games, how to start one, dice, and play over days."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.replies import Ack, Reply, funnel
from games.registry import AnySpec
from table.absence import CLOCK_HELP
from table.answers import Message, Page

if TYPE_CHECKING:
    from bot.table import Table

EMBED_LIMIT = 3900
"""Characters per embed page (Discord allows 4,096 in a description; a little room kept)."""


def players(spec: AnySpec) -> str:
    if spec.min_players == spec.max_players:
        return f"{spec.min_players} players"
    return f"{spec.min_players}-{spec.max_players} players"


def help_text(games: Mapping[str, AnySpec]) -> str:
    lines = [
        "**Redline** runs tabletop games in this channel or a thread: players join and play "
        "with slash commands and buttons, the bot enforces the rules and answers every move "
        "with a fresh board. Games keep for days and survive restarts.",
        "",
        "**Games**",
    ]
    for key, spec in games.items():
        lines.append(
            f"• **{spec.title}** (`{key}`, {players(spec)}, {spec.length}): {spec.summary}"
        )
    lines += [
        "",
        "**Start one**: `/game new game:<game>` opens a lobby (you are the host); others "
        "`/game join` or press Join; the host may `/game bot add` bots and `/game option` "
        "variants, then `/game start`. Play with the buttons under each board (or the game's "
        "own `/<game> ...` commands). `/game status` shows the board again, `/game sheet` your "
        "private sheet, `/game rules` the rules, `/game log` the last moves.",
        "",
        "**Over days**: " + CLOCK_HELP + " `/vacation start` pauses your clocks in every game "
        "of the server; `/game mine` lists the games waiting for you; `/game list` all of them.",
        "",
        "**Dice anywhere** (also in DMs, and in any server once you add Redline to your "
        "account): `/roll 4d6kh3`, `/roll 1d20+5 to hit`, `/contest` (Road Wolf's contested "
        "rolls, with their exact odds), `/odds expression:4d6kh3 target:15` (exact chances of "
        "any roll, as a table and a chart; `/odds` alone: the d6 tables).",
        "",
        "**Secret rolls**: `/roll expression:1d20+5 secret:true for:@gm` shows the result to you "
        "and the GM only; the channel sees a commitment (SHA-256 of the roll's seed and "
        "expression). `/dice reveal` (or the Reveal button) publishes it with its seed, and "
        "anyone can `/dice verify` it. **Saved rolls**: `/dice save name:attack "
        "expression:1d20+7`, then `/dice use name:attack` (server-wide ones: Manage Server, "
        "`server:true`); `/dice forget` deletes one.",
    ]
    return "\n".join(lines)


def pages(text: str, limit: int = EMBED_LIMIT) -> list[str]:
    """Split a long text at paragraph (then line) boundaries into pages of at most `limit`
    characters: a rules text is paged, never cut."""
    out: list[str] = []
    current = ""
    for block in text.split("\n\n"):
        pieces = [block] if len(block) <= limit else block.split("\n")
        for piece in pieces:
            while len(piece) > limit:  # a single line longer than a page: hard split
                out.append(piece[:limit])
                piece = piece[limit:]
            joiner = "\n\n" if piece is block else "\n"
            if current and len(current) + len(joiner) + len(piece) > limit:
                out.append(current)
                current = piece
            else:
                current = f"{current}{joiner}{piece}" if current else piece
    if current:
        out.append(current)
    return out or [""]


async def send_rules(reply: Reply, spec: AnySpec) -> None:
    """The game's rules as embeds, one page per message (Discord caps an embed's text)."""
    texts = pages(spec.rules_text)
    for number, page in enumerate(texts, start=1):
        title = f"{spec.title}: rules" + (f" ({number}/{len(texts)})" if len(texts) > 1 else "")
        await reply.answer(Message(content="", pages=(Page(page, title),)), ephemeral=True)


class HelpCog(commands.Cog):
    """`/help`."""

    def __init__(self, table: Table) -> None:
        self.games = table.service.games
        super().__init__()

    @app_commands.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """What Redline is, its games, how to start one, and the dice commands."""

        async def work(reply: Reply) -> None:
            for number, page in enumerate(pages(help_text(self.games)), start=1):
                title = "Redline" if number == 1 else None
                await reply.answer(Message(content="", pages=(Page(page, title),)), ephemeral=True)

        await funnel(interaction, work, ack=Ack.PRIVATE)
