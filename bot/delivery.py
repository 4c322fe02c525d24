"""Delivering what the table answered (`table.answers.Answer`) through one interaction's
`Reply`: its pictures drawn together off the loop, then its messages in a fixed order, and the
step told in the table's turn message (`table.turns`) through a carrier that knows the press.

After a button press the pressed message's change is known before anything is sent, so the
reply can make it the interaction's one callback when that comes first (`bot.replies`).
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from bot.convert import edit, to_view
from bot.replies import Ack, Reply
from bot.sending import post
from table.answers import SPENT, Answer, Message, Reworded, Spent, TurnCarrier
from table.service import Snapshot
from table.turns import post_then_close


class TurnTeller(Protocol):
    """The table's turn messages (`table.turns.Turns`), as the bot hands them a step."""

    async def tell(self, snap: Snapshot, carrier: TurnCarrier, *, note: str = "") -> None: ...


class ReplyCarrier:
    """The table's turn message carried by one interaction's reply (`table.answers.TurnCarrier`):
    a new message is a followup, or the callback (a private placeholder's place becomes
    `confirmation`); an edit goes through the interaction when it is the pressed message."""

    def __init__(self, reply: Reply, confirmation: str) -> None:
        self.reply = reply
        self.confirmation = confirmation

    async def post(self, message: Message) -> int | None:
        self.reply.turn_may_redraw_pressed = False  # after a new message, only `hand_over` edits
        return await self.reply.publish(message, confirmation=self.confirmation)

    async def edit(self, message_id: int, message: Message) -> bool:
        if not self.reply.is_pressed(message_id):
            self.reply.turn_may_redraw_pressed = False  # the turn's message is another one
        return await self.reply.edit_public(message_id, message, confirmation=self.confirmation)

    async def hand_over(self, message: Message, closing: tuple[int, Message] | None) -> int | None:
        """When the turn that ended is told in the pressed message and the callback is still
        to be made, that edit is the callback and the new message follows (two requests, not
        a deferral, the followup and the edit); otherwise the new message first, as the
        outbox does."""
        reply = self.reply
        if closing is not None and reply.is_pressed(closing[0]) and not reply.answered:
            message_id, story = closing
            await reply.edit_public(
                message_id, story, confirmation=self.confirmation, shows_position=False
            )
            return await self.post(message)
        return await post_then_close(self, message, closing)


async def deliver(reply: Reply, answer: Answer, turns: TurnTeller | None = None) -> None:
    """Send what the table answered: its pictures are drawn first, together; then the private
    answers, the public ones (the next player is pinged at once), the step in the table's
    turn message (`turns` decides: an edit, or a new message), and last the pressed message,
    redrawn only after a button press (after a private placeholder the original response is
    that placeholder, not the pressed message) unless the turn redrew it. Posts to other
    channels go first. A button press's change of the pressed message may go first instead,
    as the interaction's callback (see `bot.replies`): the messages shown are the same."""
    if answer.saved is not None:
        reply.mark_saved(answer.saved, answer.saved_what)
    for channel_id, message in answer.posts:
        channel = reply.interaction.client.get_partial_messageable(channel_id)
        await post(channel, message, drawer=reply.drawer)
    pressed = answer.pressed
    public = (answer.public,) if answer.public is not None else ()
    listed = (*answer.private, *public, *answer.more)
    drawn = await asyncio.gather(
        *(reply.drawn(m) for m in (*listed, *((pressed,) if isinstance(pressed, Message) else ())))
    )
    told = len(answer.private) + len(public)
    private, shown = drawn[: len(answer.private)], drawn[len(answer.private) : told]
    more = drawn[told : len(listed)]
    if reply.ack_kind is Ack.UPDATE and pressed is not None:
        reply.pressed_change = _change(drawn[-1] if isinstance(pressed, Message) else pressed)
    telling = answer.turn is not None and turns is not None
    reply.turn_may_redraw_pressed = telling and reply.pressed_is_public()
    try:
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
        reply.turn_may_redraw_pressed = False
        if reply.pressed_change is not None:
            await reply.edit_origin(**reply.pressed_change)
        await reply.send_held()
    finally:  # a failed answer leaves the pressed message as it was
        reply.turn_may_redraw_pressed = False
        reply.pressed_change = None


def _change(pressed: Message | Reworded | Spent) -> dict[str, Any]:
    """The edit that makes the pressed message `pressed` (`Reply.edit_origin`'s arguments)."""
    if pressed is SPENT:
        return {"view": None}
    if isinstance(pressed, Reworded) and pressed.controls is not None:
        return {"content": pressed.content, "view": to_view(pressed.controls)}
    if isinstance(pressed, Reworded):
        return {"content": pressed.content}
    assert isinstance(pressed, Message)
    return edit(pressed)
