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

import asyncio
import enum
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord

from bot.convert import edit, new_message, to_view
from bot.sending import THREAD_ARCHIVED, drawn, edit_message, post, unarchiver
from games.engine import GameError
from table.answers import (
    SPENT,
    Answer,
    Drawer,
    Message,
    Placeholder,
    Reworded,
    SavedButUnshown,
    TurnCarrier,
)
from table.messages import saved_text_board
from table.outage import Outage, pausing
from table.service import Maintenance, ServiceError, Snapshot, StaleBoard

log = logging.getLogger(__name__)

APOLOGY = "⚠️ Sorry, something went wrong on our side. Nothing was changed; please try again."
SAVED_BUT = "⚠️ Your {what} was saved, but something went wrong while showing it."
_REPLY = "redline.reply"  # where an interaction keeps its Reply (Interaction.extras)


class Ack(enum.Enum):
    PUBLIC = "public"
    PRIVATE = "private"
    UPDATE = "update"

    @classmethod
    def of(cls, placeholder: Placeholder) -> Ack:
        """How to acknowledge a press the table says shows `placeholder`."""
        if placeholder is Placeholder.NONE:
            return cls.UPDATE
        return cls.PUBLIC if placeholder is Placeholder.PUBLIC else cls.PRIVATE


def drawer_of(interaction: discord.Interaction) -> Drawer | None:
    """The process's renderer, which the client carries (`RedlineBot.drawer`)."""
    drawer = getattr(interaction.client, "drawer", None)
    return drawer if drawer is not None and hasattr(drawer, "picture") else None


class Reply:
    """The answers to one interaction: acknowledged first, then answered (see module doc)."""

    def __init__(self, interaction: discord.Interaction, ack: Ack) -> None:
        self.interaction = interaction
        self.ack_kind = ack
        self.drawer = drawer_of(interaction)
        self._placeholder = False  # a "thinking" original response still waiting for its answer
        self.saved: Snapshot | None = None
        """The snapshot a commit produced, once one did: answers must then say it was saved."""
        self.saved_what = "move"
        self.published = False
        self.redrew_pressed = False
        """The pressed message was redrawn as the turn message (not to be spent after)."""

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

    async def drawn(self, message: Message) -> Message:
        return await drawn(self.drawer, message)

    async def answer(self, board: Message, *, ephemeral: bool) -> None:
        """The answer to this interaction: replaces the placeholder when visibility allows."""
        await self.ack()
        board = await self.drawn(board)
        if self._placeholder and ephemeral == (self.ack_kind is Ack.PRIVATE):
            await self.interaction.edit_original_response(**edit(board))
            self._placeholder = False
        elif ephemeral:
            await self._close_placeholder(None)
            await self._followup(board, ephemeral=True)
        else:
            await self.publish(board)

    async def publish(self, board: Message, *, confirmation: str = "✅ Done.") -> int:
        """A new public message (mentions in it notify); its id. A private placeholder becomes
        `confirmation`; a public one is removed, so the channel shows the message once."""
        await self.ack()
        board = await self.drawn(board)
        await self._close_placeholder(confirmation)
        sent = await self._followup(board, ephemeral=False)
        self.published = True
        return sent.id

    async def edit_public(
        self, message_id: int, board: Message, *, confirmation: str = "✅ Done."
    ) -> bool:
        """The public message `message_id` becomes `board` (an edit notifies nobody): through
        the interaction when it is the pressed message, else by the channel route. A private
        placeholder becomes `confirmation` first. False when that message is gone."""
        await self.ack()
        board = await self.drawn(board)
        await self._close_placeholder(confirmation)
        pressed = self.interaction.message
        if self.ack_kind is Ack.UPDATE and pressed is not None and pressed.id == message_id:
            await self.interaction.edit_original_response(**edit(board))
            self.published = self.redrew_pressed = True
            return True
        channel = self.interaction.channel
        if channel is None or self.interaction.channel_id is None:
            return False
        client = self.interaction.client
        done = await edit_message(
            client.get_partial_messageable(self.interaction.channel_id),
            message_id,
            board,
            unarchive=unarchiver(channel),
        )
        self.published = self.published or done
        return done

    async def refuse(self, text: str) -> None:
        """A private note (a refusal stays private even after a public acknowledgement)."""
        await self.answer(Message(content=text[:1990]), ephemeral=True)

    async def say(self, text: str, *, ephemeral: bool = True) -> None:
        await self.answer(Message(content=text[:1990]), ephemeral=ephemeral)

    async def edit_origin(self, board: Message | None = None, **kwargs: Any) -> None:
        """Redraw the message a button or menu sits on (after an UPDATE ack)."""
        await self.ack()
        if board is not None:
            kwargs = edit(await self.drawn(board))
        await self.interaction.edit_original_response(**kwargs)

    async def _followup(self, board: Message, *, ephemeral: bool) -> discord.WebhookMessage:
        """A new message; in an archived thread (50083) the bot unarchives it and tries once
        more, so a game thread that went quiet for days still gets its board."""
        channel = self.interaction.channel
        if isinstance(channel, discord.Thread) and channel.archived and not ephemeral:
            await channel.edit(archived=False)
        followup = self.interaction.followup
        try:
            return await followup.send(ephemeral=ephemeral, wait=True, **new_message(board))
        except discord.HTTPException as exc:
            if exc.code != THREAD_ARCHIVED or not isinstance(channel, discord.Thread):
                raise
            await channel.edit(archived=False)  # raises Forbidden if the bot may not
            return await followup.send(ephemeral=ephemeral, wait=True, **new_message(board))

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


class ReplyCarrier:
    """The table's turn message carried by one interaction's reply (`table.answers.TurnCarrier`):
    a new message is a followup (a private placeholder becomes `confirmation`), an edit goes
    through the interaction when it is the pressed message."""

    def __init__(self, reply: Reply, confirmation: str) -> None:
        self.reply = reply
        self.confirmation = confirmation

    async def post(self, message: Message) -> int | None:
        return await self.reply.publish(message, confirmation=self.confirmation)

    async def edit(self, message_id: int, message: Message) -> bool:
        return await self.reply.edit_public(message_id, message, confirmation=self.confirmation)


async def deliver(reply: Reply, answer: Answer, turns: TurnTeller | None = None) -> None:
    """Send what the table answered (`table.answers.Answer`): its pictures are drawn first,
    together; then the private answers, the public ones (the next player is pinged at once),
    the step in the table's turn message (`turns` decides: an edit, or a new message), and
    last the pressed message, redrawn only after a silent update (after a private
    placeholder the original response is that placeholder, not the pressed message) unless
    it was the turn message. Posts to other channels go first."""
    if answer.saved is not None:
        reply.mark_saved(answer.saved, answer.saved_what)
    for channel_id, message in answer.posts:
        channel = reply.interaction.client.get_partial_messageable(channel_id)
        await post(channel, message, drawer=reply.drawer)
    pressed = answer.pressed
    public = (answer.public,) if answer.public is not None else ()
    drawn = await asyncio.gather(
        *(reply.drawn(m) for m in (*answer.private, *public, *answer.more)),
        *((reply.drawn(pressed),) if isinstance(pressed, Message) else ()),
    )
    private = drawn[: len(answer.private)]
    shown = drawn[len(answer.private) : len(answer.private) + len(public)]
    more = drawn[
        len(answer.private) + len(public) : len(answer.private) + len(public) + len(answer.more)
    ]
    for message in private:
        await reply.answer(message, ephemeral=True)
    for message in shown:
        if answer.new:
            await reply.publish(message, confirmation=answer.confirmation)
        else:
            await reply.answer(message, ephemeral=False)
    for message in more:
        await reply.publish(message, confirmation=answer.confirmation)
    if answer.turn is not None and turns is not None:
        await turns.tell(answer.turn, ReplyCarrier(reply, answer.confirmation))
    if reply.ack_kind is Ack.UPDATE and pressed is not None and not reply.redrew_pressed:
        if pressed is SPENT:
            await reply.edit_origin(view=None)
        elif isinstance(pressed, Reworded) and pressed.controls is not None:
            await reply.edit_origin(content=pressed.content, view=to_view(pressed.controls))
        elif isinstance(pressed, Reworded):
            await reply.edit_origin(content=pressed.content)
        elif isinstance(pressed, Message):
            await reply.edit_origin(pressed)


class TurnTeller(Protocol):
    """The table's turn messages (`table.turns.Turns`), as the bot hands them a step."""

    async def tell(self, snap: Snapshot, carrier: TurnCarrier, *, note: str = "") -> None: ...


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
        with pausing(_outage_of(interaction)):  # storage gone: a pause, not a bug
            await work(reply)
    except StaleBoard as stale:
        if on_stale is not None:
            await _safely(interaction, _stale_then_note(reply, stale, on_stale))
        else:
            await _safely(interaction, reply.refuse(stale.message))
    except Maintenance as paused:  # storage is unavailable: a pause, not a bug
        await _safely(interaction, _paused(reply, paused))
    except (GameError, ServiceError) as refused:
        await _safely(interaction, reply.refuse(f"🚫 {refused.message}"))
    except Exception as exc:
        if isinstance(exc, SavedButUnshown):
            reply.mark_saved(exc.snapshot, exc.what)
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


def _outage_of(interaction: discord.Interaction) -> Outage | None:
    """The table's storage outage (the client carries the service)."""
    outage = getattr(getattr(interaction.client, "service", None), "outage", None)
    return outage if isinstance(outage, Outage) else None


async def _paused(reply: Reply, paused: Maintenance) -> None:
    """A private "paused for maintenance" (the outage notes the channel, to say "▶️ back"
    there later); after a commit, the truth about what was saved instead."""
    outage = _outage_of(reply.interaction)
    channel_id = reply.interaction.channel_id
    text = paused.message if outage is None else outage.refused(channel_id, paused)
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
