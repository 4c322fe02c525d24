"""The handler of Apocalypse Road's `ar:` buttons and menus: they redraw the private hand
message (the next step of a choice, a move's preview), never move a car."""

from __future__ import annotations

from bot.apocalypseroad import hand as ui
from bot.apocalypseroad import ids, moves
from bot.apocalypseroad.plan import draft, trails
from bot.convert import to_view
from bot.replies import Reply
from bot.table import Table, me
from games.apocalypseroad.model import ArState, ArView
from games.apocalypseroad.movement import BadStep
from games.engine import PlayerId
from render.apocalypseroad import render_apocalypseroad, render_apocalypseroad_preview
from table.answers import Message
from table.host import DAMAGED
from table.ids import ButtonId
from table.service import NotSeated, ServiceError, Snapshot, StaleBoard, WrongGame

KEY = "apocalypseroad"


async def send_track(table: Table, reply: Reply, snap: Snapshot) -> None:
    """The whole track with every car, privately."""
    if snap.spec.key != KEY:
        raise WrongGame(f"the game here is {snap.spec.title}, not Apocalypse Road")
    if snap.state is None:
        raise ServiceError("the race has not started yet; the host starts it with `/game start`")
    image = await table.renderer.run(render_apocalypseroad, snap.view(), whole_track=True)
    board = Message(
        content=f"**The whole track** · game #{snap.session_id} (only you see this)",
        image=image,
        filename=f"track-{snap.session_id}-{snap.version}.png",
    )
    await reply.answer(board, ephemeral=True)


async def preview_image(table: Table, view: ArView, plan_path: str, state: ArState) -> bytes:
    plan = draft(state, plan_path)
    title = f"Planned move: {plan_path or '(no steps yet)'}"
    notes = [moves.result_words(view, plan.result), f"{plan.mp_left} MP left"]
    return await table.renderer.run(
        render_apocalypseroad_preview, view, trails(state, plan_path), title=title, notes=notes
    )


async def _keep_image(reply: Reply, board: Message) -> None:
    """Redraw the text and components only; the image above them stays as it is."""
    await reply.edit_origin(content=board.content, view=to_view(board))


def _viewer(reply: Reply, snap: Snapshot) -> tuple[Snapshot, PlayerId]:
    user = reply.interaction.user.id
    if not snap.is_seated(user):
        raise NotSeated("that hand is not yours: you are not playing in this game")
    viewer = me(snap, user)
    return snap.for_viewer(viewer), viewer


async def route(table: Table, reply: Reply, rid: ButtonId, values: list[str]) -> None:
    """What each `ar:` button and menu does."""
    snap = await table.service.by_id(rid.session_id)
    if snap.record.channel_id != reply.interaction.channel_id:
        raise ServiceError("that button belongs to a game in another channel")
    if snap.spec.key != KEY:
        raise ServiceError(DAMAGED)
    if rid.verb == ids.TRACK:
        await send_track(table, reply, snap)
        return
    if snap.state is None or not isinstance(snap.state, ArState):
        raise ServiceError("the race has not started yet")
    snap, viewer = _viewer(reply, snap)
    if rid.tag != snap.button_tag:
        raise StaleBoard("your hand has changed since that message", snap, private=True)
    view: ArView = snap.view(viewer)
    state = snap.state
    assert isinstance(state, ArState)
    try:
        if rid.verb == ids.HAND:
            image = await table.renderer.sheet(snap, viewer)
            await reply.edit_origin(ui.hand_board(snap, viewer, image))
        elif rid.verb == ids.CARD:
            card = _number(values[0] if values else rid.payload)
            await _keep_image(reply, ui.car_board(snap, viewer, card))
        elif rid.verb == ids.CAR:
            first, _, second = rid.payload.partition(".")
            await _keep_image(reply, ui.how_board(snap, viewer, _number(first), _number(second)))
        elif rid.verb == ids.DISCARD:
            await _keep_image(reply, ui.discard_board(snap, viewer, None, rid.payload))
        elif rid.verb == ids.PICK:
            await _keep_image(reply, ui.pick_board(snap, viewer, None, rid.payload))
        elif rid.verb == ids.STEP:
            image = await preview_image(table, view, rid.payload, state)
            await reply.edit_origin(
                moves.builder_board(snap, view, draft(state, rid.payload), image)
            )
        elif rid.verb == ids.OPTION:
            image = await preview_image(table, view, rid.payload, state)
            await reply.edit_origin(moves.option_board(snap, view, rid.payload, image))
        else:
            raise ServiceError("this button belongs to an older version of the bot")
    except BadStep as error:
        raise StaleBoard(f"that move no longer fits ({error})", snap, private=True) from None


def _number(text: str) -> int:
    if not text.isdigit() or len(text) > 4:
        raise ServiceError(DAMAGED)
    return int(text)
