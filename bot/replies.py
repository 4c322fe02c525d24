"""Answering interactions, and the one error funnel every command and button goes through.

Every interaction is acknowledged before any storage, rules or rendering work (`Reply.ack`),
so a slow database or renderer never costs the 3-second deadline. The answer then edits the
original response (never the deprecated "first followup edits the thinking message" path):

- `Ack.PUBLIC`: a public "thinking" placeholder; the answer replaces it. A refusal deletes it
  and answers privately, because Discord would show an ephemeral edit of it publicly.
- `Ack.PRIVATE`: a private placeholder; private answers replace it. A public message (a new
  board that must ping the next player: edits never notify) is posted as a new message after
  the placeholder was turned into a short private confirmation.
- `Ack.UPDATE`: a button or menu press, acknowledged without a visible placeholder; the
  original response is the message the component sits on.

No followup is sent while a placeholder waits: it would complete it (deprecated, and public
after a public defer whatever it asked for). So a placeholder counts as waiting until the
request that answers or removes it went through, and every funnel for one interaction (the
command tree's error handler runs a second one) shares that interaction's `Reply`.

After a commit (`Reply.saved`), nothing may say "nothing was changed": a failure while
presenting answers with the saved position in text instead (see `funnel`).
"""

from __future__ import annotations

import enum
import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from games.engine import GameError
from storage import StorageGone
from table.messages import Board, saved_text_board
from table.outage import PAUSED, Outage
from table.service import Maintenance, ServiceError, Snapshot, StaleBoard

log = logging.getLogger(__name__)

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}

APOLOGY = "⚠️ Sorry, something went wrong on our side. Nothing was changed; please try again."
SAVED_BUT = "⚠️ Your {what} was saved, but something went wrong while showing it."
THREAD_ARCHIVED = 50083
_REPLY = "redline.reply"  # where an interaction keeps its Reply (Interaction.extras)


class Ack(enum.Enum):
    PUBLIC = "public"
    PRIVATE = "private"
    UPDATE = "update"


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


def _mentions(board: Board) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in board.mentions]
    )


def _file(board: Board) -> discord.File:
    assert board.image is not None
    return discord.File(
        io.BytesIO(board.image), filename=board.filename, description=board.alt[:1024] or None
    )


def _new_message(board: Board) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"content": board.content, "allowed_mentions": _mentions(board)}
    view = to_view(board)
    if view is not None:
        kwargs["view"] = view
    if board.image is not None:
        kwargs["file"] = _file(board)
    if board.embeds:
        kwargs["embeds"] = list(board.embeds)
    return kwargs


def _edit(board: Board) -> dict[str, Any]:
    return {
        "content": board.content,
        "attachments": [_file(board)] if board.image is not None else [],
        "view": to_view(board),
        "embeds": list(board.embeds),
        "allowed_mentions": _mentions(board),
    }


class Reply:
    """The answers to one interaction: acknowledged first, then answered (see module doc)."""

    def __init__(self, interaction: discord.Interaction, ack: Ack) -> None:
        self.interaction = interaction
        self.ack_kind = ack
        self._placeholder = False  # a "thinking" original response still waiting for its answer
        self.saved: Snapshot | None = None
        """The snapshot a commit produced, once one did: answers must then say it was saved."""
        self.saved_what = "move"
        self.published = False

    @classmethod
    def of(cls, interaction: discord.Interaction, ack: Ack) -> Reply:
        """The interaction's one Reply. A second funnel for the same interaction (the command
        tree's error handler, after an error escaped the first) must know that the "thinking"
        placeholder still waits: a followup would complete it, visible to all if it is public."""
        reply = interaction.extras.get(_REPLY)
        if not isinstance(reply, Reply):
            reply = interaction.extras[_REPLY] = cls(interaction, ack)
        return reply

    @property
    def user_id(self) -> int:
        return self.interaction.user.id

    async def ack(self) -> None:
        """Acknowledge now (idempotent): the first thing every handler does."""
        response = self.interaction.response
        if response.is_done():
            return
        if self.ack_kind is Ack.UPDATE:
            await response.defer()
        else:
            await response.defer(ephemeral=self.ack_kind is Ack.PRIVATE, thinking=True)
            self._placeholder = True

    def mark_saved(self, snap: Snapshot, what: str = "move") -> None:
        """Record that a write committed: from now on every answer tells the truth about it."""
        self.saved = snap
        self.saved_what = what

    async def answer(self, board: Board, *, ephemeral: bool) -> None:
        """The answer to this interaction: replaces the placeholder when visibility allows."""
        await self.ack()
        if self._placeholder and ephemeral == (self.ack_kind is Ack.PRIVATE):
            await self.interaction.edit_original_response(**_edit(board))
            self._placeholder = False
        elif ephemeral:
            await self._close_placeholder(None)
            await self._followup(board, ephemeral=True)
        else:
            await self.publish(board)

    async def publish(self, board: Board, *, confirmation: str = "✅ Done.") -> None:
        """A new public message (mentions in it notify). A private placeholder becomes
        `confirmation`; a public one is removed, so the channel shows the message once."""
        await self.ack()
        await self._close_placeholder(confirmation)
        await self._followup(board, ephemeral=False)
        self.published = True

    async def refuse(self, text: str) -> None:
        """A private note (a refusal stays private even after a public acknowledgement)."""
        await self.answer(Board(content=text[:1990]), ephemeral=True)

    async def say(self, text: str, *, ephemeral: bool = True) -> None:
        await self.answer(Board(content=text[:1990]), ephemeral=ephemeral)

    async def edit_origin(self, board: Board | None = None, **kwargs: Any) -> None:
        """Redraw the message a button or menu sits on (after an UPDATE ack)."""
        await self.ack()
        await self.interaction.edit_original_response(**(_edit(board) if board else kwargs))

    async def _followup(self, board: Board, *, ephemeral: bool) -> None:
        """A new message; in an archived thread (50083) the bot unarchives it and tries once
        more, so a game thread that went quiet for days still gets its board."""
        channel = self.interaction.channel
        if isinstance(channel, discord.Thread) and channel.archived and not ephemeral:
            await channel.edit(archived=False)
        try:
            await self.interaction.followup.send(ephemeral=ephemeral, **_new_message(board))
        except discord.HTTPException as exc:
            if exc.code != THREAD_ARCHIVED or not isinstance(channel, discord.Thread):
                raise
            await channel.edit(archived=False)  # raises Forbidden if the bot may not
            await self.interaction.followup.send(ephemeral=ephemeral, **_new_message(board))

    async def _close_placeholder(self, confirmation: str | None) -> None:
        """Turn a private placeholder into `confirmation`, or remove it, before any followup:
        a followup while it waits would complete it instead (deprecated, and an "ephemeral"
        one is then public). It counts as waiting until that request went through."""
        if not self._placeholder:
            return
        if self.ack_kind is Ack.PRIVATE and confirmation is not None:
            await self.interaction.edit_original_response(content=confirmation)
        else:
            await self.interaction.delete_original_response()
        self._placeholder = False


async def post(
    channel: discord.abc.Messageable,
    board: Board,
    *,
    unarchive: Callable[[], Awaitable[None]] | None = None,
) -> None:
    """A new message outside any interaction (a reminder, a bot's move); in an archived
    thread (50083) `unarchive` runs and the message is sent once more."""
    try:
        await channel.send(**_new_message(board))
    except discord.HTTPException as exc:
        if exc.code != THREAD_ARCHIVED or unarchive is None:
            raise
        await unarchive()
        await channel.send(**_new_message(board))


Work = Callable[[Reply], Awaitable[None]]
OnStale = Callable[[Reply, StaleBoard], Awaitable[None]]


async def funnel(
    interaction: discord.Interaction,
    work: Work,
    *,
    ack: Ack,
    on_stale: OnStale | None = None,
) -> None:
    """Acknowledge, run `work`; refusals become a short private note, bugs an apology that
    tells the truth: after a commit, the saved position in text instead of "nothing changed"."""
    reply = Reply.of(interaction, ack)
    try:
        await reply.ack()
        await work(reply)
    except StaleBoard as stale:
        if on_stale is not None:
            await _safely(interaction, _stale_then_note(reply, stale, on_stale))
        else:
            await _safely(interaction, reply.refuse(stale.message))
    except (Maintenance, StorageGone) as paused:  # storage is unavailable: a pause, not a bug
        await _safely(interaction, _paused(reply, paused))
    except (GameError, ServiceError) as refused:
        await _safely(interaction, reply.refuse(f"🚫 {refused.message}"))
    except Exception:
        log.exception(
            "unexpected error in interaction %s (command %s, guild %s, channel %s, user %s, "
            "session %s)",
            interaction.id,
            getattr(interaction.command, "qualified_name", None)
            or dict(interaction.data or {}).get("custom_id"),
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id if interaction.user else None,
            reply.saved.session_id if reply.saved else None,
        )
        await _safely(interaction, _after_failure(reply))


async def _stale_then_note(reply: Reply, stale: StaleBoard, on_stale: OnStale) -> None:
    try:
        await on_stale(reply, stale)
    except (discord.HTTPException, GameError, ServiceError):
        raise
    except Exception:
        log.exception("could not show the current board after a stale press")
        await reply.refuse(stale.message)


async def _paused(reply: Reply, paused: Maintenance | StorageGone) -> None:
    """A private "paused for maintenance" (the outage notes the channel, to say "▶️ back"
    there later); after a commit, the truth about what was saved instead."""
    outage = getattr(getattr(reply.interaction.client, "service", None), "outage", None)
    if isinstance(outage, Outage):
        text = outage.refused(reply.interaction.channel_id, paused)
    else:
        text = paused.message if isinstance(paused, Maintenance) else PAUSED
    if reply.saved is not None:
        await _after_failure(reply)
    else:
        await reply.refuse(text)


async def _after_failure(reply: Reply) -> None:
    snap = reply.saved
    if snap is None:
        await reply.refuse(APOLOGY)
        return
    note = SAVED_BUT.format(what=reply.saved_what)
    if reply.published:
        await reply.refuse(note + " The board above shows it.")
        return
    await reply.publish(saved_text_board(snap, note), confirmation=note)


async def _safely(interaction: discord.Interaction, answer: Awaitable[None]) -> None:
    try:
        await answer
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id, exc_info=True)
