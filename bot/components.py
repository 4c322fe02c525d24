"""Persistent buttons and menus: one dynamic item answers every custom_id, even after a
restart, and routes it by namespace (see `RedlineComponent`). A damaged or forged custom_id is
answered with a clear refusal instead of silence."""

from __future__ import annotations

import logging
import re
from typing import Any, Protocol, TypeVar, cast

import discord
from pydantic import ValidationError

from bot.dice import secret as dice_secret
from bot.help import send_rules
from bot.replies import Ack, Reply, Work, funnel
from bot.table import Table, channel_of
from games.engine import InvalidAction, Model, Player
from table import ids as customid
from table import messages as presenters
from table import takebacks
from table.ids import ButtonId, MalformedInput, bounded_json
from table.service import (
    MOVED_ON,
    LobbyError,
    ServiceError,
    Snapshot,
    StaleBoard,
    not_seated,
)

log = logging.getLogger(__name__)

DAMAGED = "that button is damaged or was not made by this bot; use `/game status` for the board"
B = TypeVar("B", bound=ButtonId)


class RedlineComponent(
    discord.ui.DynamicItem[discord.ui.Item[Any]], template=re.compile(".*", re.DOTALL)
):
    """Every button and menu the bot ever drew, by any game: one persistent item.

    The namespace before the first `:` picks the codec and the handlers: `rl` for the verbs
    every game shares (play an action, join, start, show the board or sheet, end), a game's
    own namespace (`st`, `rnc`, ...) for the verbs its adapter declares. Anything else, or an
    id that does not decode, is refused in words.
    """

    def __init__(self, item: discord.ui.Item[Any], raw: str) -> None:
        super().__init__(item)
        self.raw = raw

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RedlineComponent:
        return cls(item, match.string)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        table = cast(_Host, interaction.client).table
        raw: Any = dict(interaction.data or {}).get("values") or []
        values = [str(v)[:100] for v in raw][:25]
        namespace = self.raw.split(":", 1)[0]
        verbs = table.verbs_by_namespace.get(namespace)
        if namespace == ButtonId.PREFIX:
            bid = ButtonId.decode(self.raw)
            private = (customid.BOARD, customid.SHEET, customid.RULES)
            ack = Ack.PRIVATE if bid and bid.verb in private else Ack.UPDATE
            work: Work = lambda reply: route(table, reply, bid, values)  # noqa: E731
        elif namespace == dice_secret.NAMESPACE:
            ack, work = dice_button(table, self.raw)
        elif verbs is not None:
            gid = verbs.codec.decode(self.raw)
            handler = verbs.handlers.get(gid.verb) if gid is not None else None
            ack = verbs.acks.get(gid.verb, Ack.UPDATE) if gid is not None else Ack.UPDATE

            async def work(reply: Reply) -> None:
                if gid is None or handler is None:
                    raise ServiceError(DAMAGED)
                await check_game(table, reply, gid)
                await handler(table, reply, gid, values)

        else:

            async def work(reply: Reply) -> None:
                raise ServiceError(DAMAGED)

            ack = Ack.UPDATE
        await funnel(interaction, work, ack=ack, on_stale=table.show_stale)


def dice_button(table: Table, raw: str) -> tuple[Ack, Work]:
    """A secret roll's "Show me" (a private answer) or "Reveal" (a public one)."""
    parsed = dice_secret.parse_button(raw)
    verb = parsed[0] if parsed else dice_secret.SHOW

    async def work(reply: Reply) -> None:
        if parsed is None:
            raise ServiceError(DAMAGED)
        if verb == dice_secret.SHOW:
            await dice_secret.show(table, reply, parsed[1])
        else:
            await dice_secret.reveal(table, reply, parsed[1])

    return (Ack.PRIVATE if verb == dice_secret.SHOW else Ack.UPDATE), work


class _Host(Protocol):
    """What the component needs of the client (RedlineBot), without importing it."""

    table: Table


def decoded(bid: B | None) -> B:
    """The decoded id, or a clear refusal for a damaged or forged one."""
    if bid is None:
        raise ServiceError(DAMAGED)
    return bid


async def check_game(table: Table, reply: Reply, bid: ButtonId) -> None:
    """Refuse a button of another game that had the same number, before it does anything."""
    await table.service.check_game(bid.session_id, bid.game, channel_of(reply.interaction))


async def route(
    table: Table, reply: Reply, bid: ButtonId | None, values: list[str] | None = None
) -> None:
    """What each shared (`rl:`) verb does."""
    bid = decoded(bid)
    service, interaction = table.service, reply.interaction
    if bid.verb == customid.RULES:  # the games menu of `/game rules`: no session involved
        key = (values or [""])[0]
        await send_rules(reply, service.spec(key))
        return
    await check_game(table, reply, bid)
    if bid.verb == customid.TAKEBACK:
        await answer_take_back(table, reply, bid)
        return
    if bid.verb == customid.END:  # before loading: a damaged game can still be ended
        if (
            bid.payload == "yes"
            and await service.live_id(channel_of(interaction)) != bid.session_id
        ):
            raise ServiceError("that game has already ended (or belongs to another channel)")
        await confirm_end(table, reply, bid)
        return
    snap = await service.by_id(bid.session_id)
    if snap.record.channel_id != interaction.channel_id:
        raise ServiceError("that button belongs to a game in another channel")
    if bid.verb in (customid.JOIN, customid.START) and not snap.is_lobby:
        raise LobbyError("that lobby has closed; see `/game status` for this channel's game")
    if bid.verb in (customid.ACTION, customid.ACTION_DIGEST):
        await table.play(
            reply,
            action_of(snap, reply.user_id, bid),
            session_id=bid.session_id,
            expected_version=bid.version,
            expected_tag=bid.tag,
        )
    elif bid.verb == customid.JOIN:
        user = interaction.user
        snap = await service.join(
            channel_of(interaction), Player(id=user.id, name=user.display_name)
        )
        reply.mark_saved(snap, "seat")
        await reply.edit_origin(presenters.lobby(snap))
    elif bid.verb == customid.START:
        snap = await service.start(channel_of(interaction), interaction.user.id)
        reply.mark_saved(snap, "start")
        await reply.edit_origin(view=None)
        await reply.publish(await table.board(snap))
        table.moved(snap)
    elif bid.verb == customid.BOARD:
        await table.show(reply, await service.by_id(bid.session_id), ephemeral=True)
    elif bid.verb == customid.SHEET:
        await table.send_private(reply, await service.by_id(bid.session_id))
    else:
        raise ServiceError("this button belongs to an older version of the bot; use `/game status`")


def action_of(snap: Snapshot, user_id: int, bid: ButtonId) -> Model:
    """The action an action button plays: spelled out in its payload, or (too long for that)
    named by a digest among the presser's legal actions, which the board still offers unless
    it has moved on."""
    if bid.verb == customid.ACTION:
        try:
            spelled: Model = snap.spec.parse_action(bounded_json(bid.payload))
            return spelled
        except (ValidationError, MalformedInput) as exc:
            raise InvalidAction("that button is not a move this game knows") from exc
    seat = snap.player_of(user_id)
    if seat is None:
        raise not_seated(snap)
    action = presenters.offered_action(snap, seat, bid.payload)
    if action is None:
        raise StaleBoard(MOVED_ON, snap, private=bool(bid.tag))
    return action


async def confirm_end(table: Table, reply: Reply, bid: ButtonId) -> None:
    """The answer to "End the game?" (the buttons `/game end` shows)."""
    interaction = reply.interaction
    if bid.payload != "yes":
        await reply.edit_origin(content="The game goes on.", view=None)
        return
    manage = bool(interaction.permissions.manage_guild)
    ended = await table.service.end(bid.session_id, interaction.user.id, can_manage=manage)
    await reply.edit_origin(content="Game ended.", view=None)
    await reply.publish(
        presenters.Board(
            content=f"🛑 **{ended.title}** game #{ended.session_id} was ended by "
            f"{interaction.user.mention}. Start another with `/game new`."
        ),
    )


async def answer_take_back(table: Table, reply: Reply, bid: ButtonId) -> None:
    """A Yes/No on a take-back request: the request message shows where it stands."""
    request_id, _, choice = bid.payload.partition(".")
    if not request_id.isdigit() or choice not in ("y", "n"):
        raise ServiceError(DAMAGED)
    req = await takebacks.answer(
        table.service, bid.session_id, int(request_id), reply.user_id, choice == "y"
    )
    if req.open:
        await reply.edit_origin(content=req.text())
        return
    await reply.edit_origin(content=req.text(), view=None)
    if req.applied:
        reply.mark_saved(req.snapshot, "take-back")
        await reply.publish(await table.board(req.snapshot))
