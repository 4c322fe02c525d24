"""The handler of Road Wolf's `rw:` buttons: redraw a private panel, or show the whole road.

Every `rw:` button on a panel carries its owner's view tag, so a panel drawn before their own
side changed is answered with the current one (never with a wrong move). Moves themselves are
ordinary action buttons played through `Table.play`.
"""

from __future__ import annotations

from pydantic import ValidationError

from bot.convert import to_view
from bot.replies import Reply
from bot.roadwolf import boarding, panel, setup
from bot.roadwolf.ids import (
    DO,
    GO,
    LATERAL,
    MOVE,
    PANEL,
    PREVIEW,
    ROAD,
    TOKENS,
    VEHICLE,
    Planned,
    parse_planned,
)
from bot.table import Table, me
from games.engine import InvalidAction, Model, NotYourTurn, PlayerId, Rng
from games.roadwolf.actions import LETTER_LENGTH
from games.roadwolf.model import MoveAction, NitroAction, RwState
from games.roadwolf.preview import Preview, preview
from render.roadwolf import render_roadwolf_board
from table.answers import Message
from table.host import DAMAGED
from table.ids import ButtonId, MalformedInput, bounded_json
from table.service import NotSeated, ServiceError, Snapshot, StaleBoard, WrongGame

KEY = "roadwolf"


def action_of(plan: Planned) -> Model:
    """The rules' action for a fully chosen plan."""
    if plan.kind == "nitro":
        return NitroAction(vehicle=plan.vehicle)
    kind = "brake" if plan.kind == "brake" else "move"
    return MoveAction(kind=kind, vehicle=plan.vehicle, dx=plan.dx or 0, dy=plan.dy or 0)


def legal_plan(snap: Snapshot, viewer: PlayerId, plan: Planned) -> Model:
    """The plan's action if the rules accept it now: `apply` is pure, so a dry run gives the
    rules' own refusal (with what would be legal) without saving anything."""
    action = action_of(plan)
    state = snap.state
    if not isinstance(state, RwState) or viewer not in snap.active_players:
        raise NotYourTurn("it is not your turn; the board says whose it is")
    snap.spec.apply(state, viewer, action, Rng(0))
    return action


def rules_preview(snap: Snapshot, plan: Planned) -> Preview:
    """The rules' preview of the plan (no dice): path, ghost, warnings with their dice."""
    state = snap.state
    assert isinstance(state, RwState)
    return preview(state, plan.vehicle, plan.kind, plan.dx or 0, plan.dy or 0)


async def send_preview(
    table: Table, reply: Reply, snap: Snapshot, viewer: PlayerId, plan: Planned, *, edit: bool
) -> None:
    """The preview image and Confirm, as a new private message or in place of the panel."""
    legal_plan(snap, viewer, plan)  # refused here, in words, rather than on Confirm
    planned = rules_preview(snap, plan)
    image = await table.renderer.sheet(snap, viewer, preview=(plan.vehicle, planned))
    board = panel.preview_board(snap.for_viewer(viewer), plan, planned.warnings, image)
    if edit:
        await reply.edit_origin(board)
    else:
        await reply.answer(board, ephemeral=True)


async def send_road(table: Table, reply: Reply, snap: Snapshot) -> None:
    if snap.state is None:
        raise ServiceError("the game has not started yet; the host starts it with `/game start`")
    image = await table.renderer.run(render_roadwolf_board, snap.view(None), whole_road=True)
    await reply.answer(
        Message(
            content=f"**The whole road** · game #{snap.session_id} (only you see this)",
            image=image,
            filename=f"road-{snap.session_id}-{snap.version}.png",
        ),
        ephemeral=True,
    )


async def _keep_image(reply: Reply, board: Message) -> None:
    """Redraw the text and buttons only; the image above them stays as it is."""
    await reply.edit_origin(content=board.content, view=to_view(board))


async def _setup(
    table: Table, reply: Reply, rid: ButtonId, snap: Snapshot, viewer: PlayerId, values: list[str]
) -> None:
    """Place (column, then row: the row pick plays `place`) and crew order menus."""
    if rid.verb == setup.SETUP:
        letter = (values[0] if values else rid.payload)[:LETTER_LENGTH]  # A10…F12 too
        await _keep_image(reply, setup.setup_menu(snap, viewer, letter))
    elif rid.verb == setup.PLACE and values and "." in rid.payload:
        action = setup.place_action(rid.payload, values[0])
        if action is None:
            raise ServiceError(DAMAGED)
        await table.play(
            reply,
            action,
            session_id=rid.session_id,
            expected_version=rid.version,
            expected_tag=rid.tag,
        )
    elif rid.verb == setup.PLACE:
        payload = f"{rid.payload}.{values[0]}" if values else rid.payload
        await _keep_image(reply, setup.place_menu(snap, viewer, payload[:8]))
    else:
        await _keep_image(reply, setup.crew_menu(snap, viewer, rid.payload))


async def route(table: Table, reply: Reply, rid: ButtonId, values: list[str]) -> None:
    """What each `rw:` button does."""
    interaction = reply.interaction
    snap = await table.service.by_id(rid.session_id)
    if snap.record.channel_id != interaction.channel_id:
        raise ServiceError("that button belongs to a game in another channel")
    if snap.spec.key != KEY:
        raise WrongGame(DAMAGED)
    if rid.verb == ROAD:
        await send_road(table, reply, snap)
        return
    if not snap.is_seated(interaction.user.id):
        raise NotSeated("that panel is not yours: you are not playing in this game")
    if snap.state is None:
        raise ServiceError("the game has not started yet")
    viewer = me(snap, interaction.user.id)
    snap = snap.for_viewer(viewer)
    if rid.tag != snap.button_tag:
        raise StaleBoard("your side has changed since that panel", snap, private=True)
    if rid.version != snap.version and panel.own_view(snap, viewer).phase == "play":
        # positions moved since this panel was drawn (a teammate's move, the road turn): its
        # reach and previews would be wrong. Army building only depends on the side (the tag).
        raise StaleBoard("the road has moved since that panel", snap, private=True)
    if rid.verb == PANEL:
        image = await table.renderer.sheet(snap, viewer)
        await reply.edit_origin(panel.panel_board(snap, viewer, image))
        return
    if viewer not in snap.active_players:
        raise StaleBoard("it is not your turn any more", snap, private=True)
    if rid.verb == TOKENS:
        letter = values[0] if values else rid.payload
        await _keep_image(reply, panel.token_menu(snap, viewer, letter[:LETTER_LENGTH]))
        return
    if rid.verb == boarding.BOARD:
        await _keep_image(reply, boarding.boarding_menu(snap, viewer, rid.payload))
        return
    if rid.verb in (setup.SETUP, setup.PLACE, setup.CREW):
        await _setup(table, reply, rid, snap, viewer, values)
        return
    if rid.verb == DO:
        try:
            action = snap.spec.parse_action(bounded_json(values[0] if values else ""))
        except (ValidationError, MalformedInput) as exc:
            raise InvalidAction("that is not an action this game knows") from exc
        await table.play(
            reply,
            action,
            session_id=rid.session_id,
            expected_version=rid.version,
            expected_tag=rid.tag,
        )
        return
    if rid.verb == VEHICLE:
        view = panel.own_view(snap, viewer)
        actions = list(snap.legal_actions(viewer))
        text, (buttons, selects) = panel.vehicle_menu(snap, view, actions, rid.payload)
        board = Message(f"{panel.header(snap)}\n{text}", buttons=buttons, selects=selects)
        await _keep_image(reply, board)
        return
    plan = parse_planned(rid.payload)
    if plan is None:
        raise ServiceError(DAMAGED)
    if rid.verb == MOVE:
        await _keep_image(reply, panel.lateral_menu(snap, viewer, plan))
    elif rid.verb == LATERAL:
        await _keep_image(reply, panel.forward_menu(snap, viewer, plan))
    elif rid.verb == PREVIEW:
        await send_preview(table, reply, snap, viewer, plan, edit=True)
    elif rid.verb == GO:
        await table.play(
            reply,
            action_of(plan),
            session_id=rid.session_id,
            expected_version=rid.version,
            expected_tag=rid.tag,
        )
    else:
        raise ServiceError("this button belongs to an older version of the bot; use `/game status`")
