"""Sending things to Discord, and the one error funnel every command and button goes through."""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.presenters import Board
from bot.service import ServiceError, StaleBoard
from games.engine import GameError

log = logging.getLogger(__name__)

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}

APOLOGY = "⚠️ Sorry, something went wrong on our side. Nothing was changed; please try again."


def to_view(board: Board) -> discord.ui.View | None:
    """Buttons as a view that is never stored: clicks are routed by the persistent dynamic item."""
    if not board.buttons and not board.selects:
        return None
    view = discord.ui.View(timeout=None)
    for menu in board.selects:
        view.add_item(
            discord.ui.Select(
                custom_id=menu.custom_id,
                placeholder=menu.placeholder[:150],
                options=[
                    discord.SelectOption(
                        label=name[:100], value=value, description=text[:100] or None
                    )
                    for name, value, text in menu.options
                ],
                row=menu.row,
            )
        )
    for spec in board.buttons:
        view.add_item(
            discord.ui.Button(
                label=spec.label[:80],
                custom_id=spec.custom_id,
                style=_STYLES.get(spec.style, discord.ButtonStyle.secondary),
                row=spec.row,
                disabled=spec.disabled,
            )
        )
    view.stop()  # a stopped view is serialised but not kept in memory per message
    return view


def _kwargs(board: Board) -> dict[str, Any]:
    kwargs: dict[str, Any] = {
        "content": board.content,
        "allowed_mentions": discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in board.mentions]
        ),
    }
    view = to_view(board)
    if view is not None:
        kwargs["view"] = view
    if board.image is not None:
        kwargs["file"] = discord.File(io.BytesIO(board.image), filename=board.filename)
    return kwargs


async def send(interaction: discord.Interaction, board: Board, *, ephemeral: bool = False) -> None:
    """Send `board` as the reply (or a followup once the interaction is acknowledged)."""
    kwargs = _kwargs(board)
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(ephemeral=ephemeral, **kwargs)


async def say(interaction: discord.Interaction, text: str, *, ephemeral: bool = True) -> None:
    """A short text reply (ephemeral by default)."""
    await send(interaction, Board(content=text[:1990]), ephemeral=ephemeral)


async def funnel(
    interaction: discord.Interaction,
    work: Callable[[], Awaitable[None]],
    *,
    on_stale: Callable[[StaleBoard], Awaitable[None]] | None = None,
) -> None:
    """Run `work`; game and service refusals become a short private note, bugs an apology."""
    try:
        await work()
    except StaleBoard as stale:
        if on_stale is not None:
            await _safely(interaction, on_stale(stale))
        else:
            await _safely(interaction, say(interaction, stale.message))
    except (GameError, ServiceError) as refused:
        await _safely(interaction, say(interaction, f"🚫 {refused.message}"))
    except Exception:
        log.exception(
            "unexpected error in interaction %s (command %s, channel %s, user %s)",
            interaction.id,
            getattr(interaction.command, "qualified_name", None)
            or dict(interaction.data or {}).get("custom_id"),
            interaction.channel_id,
            interaction.user.id if interaction.user else None,
        )
        await _safely(interaction, say(interaction, APOLOGY))


async def _safely(interaction: discord.Interaction, reply: Awaitable[None]) -> None:
    try:
        await reply
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id, exc_info=True)
