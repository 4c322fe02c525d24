"""Answering interactions, and the one error funnel every command and button goes through.

Discord takes one first response (the "callback") per interaction, within 3 s. An answer
ready within the ack budget rides on it (`bot.callback`): the pressed message redrawn (type 7)
or a new message (type 4, ephemeral where private). Else the interaction is acknowledged when
the budget runs out (a deferral: a slow database or renderer never costs the deadline), and
the answer edits the original response (never the deprecated "first followup edits the
thinking message" path) and follows up:

- `Ack.PUBLIC`: a public "thinking" placeholder; the answer replaces it. A refusal deletes it
  and answers privately, because Discord would show an ephemeral edit of it publicly.
- `Ack.PRIVATE`: a private placeholder; private answers replace it. A public message (a new
  board that must ping the next player: edits never notify) is posted as a new message after
  the placeholder was turned into a short private confirmation.
- `Ack.UPDATE`: a button or menu press, acknowledged without a visible placeholder; the
  original response is the message the component sits on.

Either way the same messages show: in the callback, a placeholder's place is taken by what it
would have become (the first private answer, the public answer, or the confirmation before a
public message). After a button press the callback is the pressed message's own change when
the answer has one (an ephemeral message can be edited no other way): private answers wait
for it (`Reply.held`) while the turn told may still redraw the pressed message.

No followup is sent while a placeholder waits: it would complete it (deprecated, and public
after a public defer whatever it asked for). So a placeholder counts as waiting until the
request that answers or removes it went through, and every funnel for one interaction (the
command tree's error handler runs a second one) shares that interaction's `Reply`.

After a commit (`Reply.saved`), nothing may say "nothing was changed": a failure while
presenting answers with the saved position in text instead (see `funnel`).
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.callback import Callback, budget_of
from bot.convert import edit, new_message
from bot.sending import THREAD_ARCHIVED, drawn, edit_message, unarchiver
from games.engine import GameError
from table.answers import Drawer, Message, Placeholder, SavedButUnshown
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
    """The answers to one interaction: in its callback, or after a deferral (see module doc)."""

    def __init__(self, interaction: discord.Interaction, ack: Ack) -> None:
        self.interaction = interaction
        self.ack_kind = ack
        self.drawer = drawer_of(interaction)
        self.callback = Callback(
            interaction,
            budget=budget_of(interaction),
            thinking=ack is not Ack.UPDATE,
            ephemeral=ack is Ack.PRIVATE,
        )
        self._original_is_pressed = ack is Ack.UPDATE  # until a new message is the callback
        self.held: list[Message] = []
        """Private answers (drawn) waiting for the callback to be the pressed message's."""
        self.pressed_change: dict[str, Any] | None = None
        """How the pressed message is redrawn (`edit_origin`'s arguments) unless the turn
        redraws it: set by `bot.delivery.deliver`, made in the callback if that comes first."""
        self.turn_may_redraw_pressed = False
        """The turn being told may still edit the pressed message (it is the turn's message)."""
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

    @property
    def answered(self) -> bool:
        """The one callback was made (an answer in it, or a deferral)."""
        return self.callback.made

    def is_pressed(self, message_id: int) -> bool:
        """Is `message_id` the pressed message, edited as this interaction's original?"""
        pressed = self.interaction.message
        return self._original_is_pressed and pressed is not None and pressed.id == message_id

    def pressed_is_public(self) -> bool:
        pressed = self.interaction.message
        return self._original_is_pressed and pressed is not None and not pressed.flags.ephemeral

    async def ack(self) -> None:
        """Acknowledge now, unless the callback was made already (idempotent): a deferral."""
        await self.callback.defer()

    def mark_saved(self, snap: Snapshot, what: str = "move") -> None:
        """Record that a write committed: from now on every answer tells the truth about it."""
        self.saved = snap
        self.saved_what = what

    async def drawn(self, message: Message) -> Message:
        return await drawn(self.drawer, message)

    async def answer(self, board: Message, *, ephemeral: bool) -> None:
        """The answer to this interaction: in the callback, or replacing the placeholder when
        visibility allows. A private one waits while the callback may be the pressed
        message's (the turn may still redraw it)."""
        board = await self.drawn(board)
        if self.callback.placeholder and ephemeral == (self.ack_kind is Ack.PRIVATE):
            await self.interaction.edit_original_response(**edit(board))
            self.callback.placeholder = False
        elif ephemeral and self.turn_may_redraw_pressed and not self.answered:
            self.held.append(board)
        elif ephemeral or (self.ack_kind is Ack.PUBLIC and not self.answered):
            await self._new(board, ephemeral=ephemeral)
        else:
            await self.publish(board)

    async def publish(self, board: Message, *, confirmation: str = "✅ Done.") -> int:
        """A new public message (mentions in it notify); its id. A private placeholder becomes
        `confirmation`; a public one is removed, so the channel shows the message once."""
        board = await self.drawn(board)
        sent = await self._new(board, ephemeral=False, confirmation=confirmation)
        self.published = True
        return sent

    async def edit_public(
        self,
        message_id: int,
        board: Message,
        *,
        confirmation: str = "✅ Done.",
        shows_position: bool = True,
    ) -> bool:
        """The public message `message_id` becomes `board` (an edit notifies nobody): through
        the interaction when it is the pressed message, else by the channel route. A private
        placeholder becomes `confirmation` first. False when that message is gone.
        `shows_position`: the edit shows the saved position (not a turn's closing story)."""
        board = await self.drawn(board)
        if self.is_pressed(message_id):
            await self.edit_origin(**edit(board))
            self.published = self.published or shows_position
            return True
        if self.ack_kind is Ack.PRIVATE:
            await self.callback.make(lambda r: r.send_message(confirmation, ephemeral=True))
        if self.ack_kind is not Ack.UPDATE:
            await self.ack()
            await self._close_placeholder(confirmation)
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
        self.published = self.published or (done and shows_position)
        return done

    async def refuse(self, text: str) -> None:
        """A private note (a refusal stays private even after a public acknowledgement)."""
        await self.answer(Message(content=text[:1990]), ephemeral=True)

    async def say(self, text: str, *, ephemeral: bool = True) -> None:
        await self.answer(Message(content=text[:1990]), ephemeral=ephemeral)

    async def edit_origin(self, board: Message | None = None, **kwargs: Any) -> None:
        """Redraw the message a button or menu sits on: in the callback (type 7) when it is
        still to be made, else as the original response (after an UPDATE ack). The private
        answers that waited for it follow."""
        if board is not None:
            kwargs = edit(await self.drawn(board))
        self.pressed_change = None
        if not await self.callback.make(lambda r: r.edit_message(**kwargs)):
            await self.interaction.edit_original_response(**kwargs)
        await self.send_held()

    async def send_held(self) -> None:
        """The private answers that waited for the callback, in order (the first of them is
        the callback if it is still to be made)."""
        held, self.held = self.held, []
        for message in held:
            await self._new(message, ephemeral=True)

    async def settle(self) -> None:
        """After the work: what waited for the callback sent, and the callback made if it is
        still to be (a deferral, as it would have been at once)."""
        self.turn_may_redraw_pressed = False
        self.pressed_change = None
        await self.send_held()
        await self.ack()

    async def _new(
        self, board: Message, *, ephemeral: bool, confirmation: str | None = None
    ) -> int:
        """A new message, its id: in the callback when that is still to be made and may be
        this message; else a followup, once a placeholder was closed and the private answers
        that waited for the callback went."""
        if not self.answered:
            sent = await self._open(board, ephemeral=ephemeral, confirmation=confirmation)
            if sent is not None:
                return sent
        await self._close_placeholder(confirmation)
        await self.send_held()
        return (await self._followup(board, ephemeral=ephemeral)).id

    async def _open(
        self, board: Message, *, ephemeral: bool, confirmation: str | None
    ) -> int | None:
        """Make the callback before the new message `board`: `board` itself (its id), or
        what must come first (None): the presser's confirmation before a public message after
        a private press; after a button press, the pressed message's change or the private
        answers that waited; a deferral while the turn may still redraw the pressed message
        (or, for a public message, in an archived thread: the followup reopens it first)."""
        if self.ack_kind is Ack.PRIVATE and not ephemeral and confirmation is not None:
            await self.callback.make(lambda r: r.send_message(confirmation, ephemeral=True))
            return None
        archived = isinstance(self.interaction.channel, discord.Thread) and (
            self.interaction.channel.archived
        )
        if self.turn_may_redraw_pressed or (archived and not ephemeral):
            await self.ack()
            return None
        if self.pressed_change is not None:
            await self.edit_origin(**self.pressed_change)
            return None
        if self.held:
            await self.send_held()
            return None
        sent: list[int | None] = []

        async def send_new(response: discord.InteractionResponse[Any]) -> None:
            callback = await response.send_message(ephemeral=ephemeral, **new_message(board))
            sent.append(callback.message_id)

        if not await self.callback.make(send_new):
            return None
        self._original_is_pressed = False
        return sent[0] or (await self.interaction.original_response()).id

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
        if not self.callback.placeholder:
            return
        if self.ack_kind is Ack.PRIVATE and confirmation is not None:
            await self.interaction.edit_original_response(content=confirmation)
        else:
            await self.interaction.delete_original_response()
        self.callback.placeholder = False


Work = Callable[[Reply], Awaitable[None]]
OnStale = Callable[[Reply, StaleBoard], Awaitable[None]]


async def funnel(
    interaction: discord.Interaction,
    work: Work,
    *,
    ack: Ack,
    on_stale: OnStale | None = None,
) -> None:
    """Run `work` with the ack budget's clock running (its answer in the callback, or a
    deferral in time); refusals become a short private note, bugs an apology that tells the
    truth: after a commit, the saved position in text instead of "nothing changed"."""
    reply = Reply.of(interaction, ack)
    try:
        await _worked(reply, work, on_stale)
    finally:
        reply.callback.stop()
    await _safely(interaction, reply.settle())


async def _worked(reply: Reply, work: Work, on_stale: OnStale | None) -> None:
    interaction = reply.interaction
    try:
        await reply.callback.start()
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
