"""The table's plain messages (`table.answers.Message`) as discord.py arguments: content,
the image as a file with its alt text, pages as embeds, buttons and menus as a view that is
never stored (the one persistent component routes every press), and who may be pinged."""

from __future__ import annotations

import io
from typing import Any

import discord

from table.answers import Message

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def to_view(board: Message) -> discord.ui.View | None:
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


def _mentions(board: Message) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in board.mentions]
    )


def _file(board: Message) -> discord.File:
    assert isinstance(board.image, bytes), "pictures are drawn before a message is sent"
    return discord.File(
        io.BytesIO(board.image), filename=board.filename, description=board.alt[:1024] or None
    )


def embeds(board: Message) -> list[discord.Embed]:
    """The message's pages, as embeds."""
    return [discord.Embed(title=page.title, description=page.text) for page in board.pages]


def new_message(board: Message) -> dict[str, Any]:
    """Arguments for a new message (`send`, a followup)."""
    kwargs: dict[str, Any] = {"content": board.content, "allowed_mentions": _mentions(board)}
    view = to_view(board)
    if view is not None:
        kwargs["view"] = view
    if board.image is not None:
        kwargs["file"] = _file(board)
    if board.pages:
        kwargs["embeds"] = embeds(board)
    return kwargs


def edit(board: Message) -> dict[str, Any]:
    """Arguments that make a message `board` (every part of it replaced, its image too unless
    the board keeps it)."""
    changes: dict[str, Any] = {
        "content": board.content,
        "view": to_view(board),
        "embeds": embeds(board),
        "allowed_mentions": _mentions(board),
    }
    if not board.keeps_image:
        changes["attachments"] = [_file(board)] if board.image is not None else []
    return changes
