"""What Road Wolf's `rw:` buttons and menus do: redraw a private panel (pick a vehicle, the
first taps of a move, a preview), show the whole road, or play (a preview's ✅ Confirm, the
"More actions…" menu, a place row pick).

Every `rw:` button on a panel carries its owner's view tag, so a panel drawn before their own
side changed is answered with the current one (never with a wrong move). Other moves are
ordinary action buttons (`rl:a:`), which the host plays.
"""

from __future__ import annotations

from pydantic import ValidationError

from games.engine import InvalidAction, Model, PlayerId, Rng
from games.roadwolf.actions import LETTER_LENGTH
from games.roadwolf.model import MoveAction, NitroAction, RwState
from games.roadwolf.preview import Preview, preview
from render.roadwolf import render_roadwolf_board
from table import messages as shared
from table.answers import Answer, Message, Picture, Press, Reworded
from table.gametable import TableHost
from table.ids import ButtonId, MalformedInput, bounded_json
from table.roadwolf import boarding, panel, setup
from table.roadwolf.ids import (
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
from table.roadwolf.whose import not_your_turn, whose_turn
from table.service import NotSeated, ServiceError, Snapshot, StaleBoard, WrongGame

KEY = "roadwolf"
DAMAGED = "that button is damaged or was not made by this bot; use `/game status` for the board"
NOT_STARTED = "the game has not started yet; the host starts it with `/game start`"


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
        raise not_your_turn(snap)
    snap.spec.apply(state, viewer, action, Rng(0))
    return action


def rules_preview(snap: Snapshot, plan: Planned) -> Preview:
    """The rules' preview of the plan (no dice): path, ghost, warnings with their dice."""
    state = snap.state
    assert isinstance(state, RwState)
    return preview(state, plan.vehicle, plan.kind, plan.dx or 0, plan.dy or 0)


def preview_message(host: TableHost, snap: Snapshot, viewer: PlayerId, plan: Planned) -> Message:
    """The preview image and ✅ Confirm; an illegal plan is refused here, in words, rather
    than on Confirm."""
    legal_plan(snap, viewer, plan)
    planned = rules_preview(snap, plan)
    picture = host.sheet_picture(snap, viewer, preview=(plan.vehicle, planned))
    return panel.preview_board(snap.for_viewer(viewer), plan, planned.warnings, picture)


def road(snap: Snapshot) -> Answer:
    """The whole road, all 48 rows, from the public view (privately: it is long)."""
    if snap.state is None:
        raise ServiceError(NOT_STARTED)
    picture = Picture(
        "road",
        KEY,
        snap.session_id,
        render_roadwolf_board,
        (snap.view(None),),
        {"whole_road": True},
        alt=shared.picture_alt(snap, "The whole road, all 48 rows"),
    )
    return Answer(
        private=(
            Message(
                content=f"**The whole road** · game #{snap.session_id} (only you see this)",
                image=picture,
                filename=f"road-{snap.session_id}-{snap.version}.png",
            ),
        )
    )


def _kept(board: Message) -> Answer:
    """Redraw the text and buttons only; the image above them stays as it is."""
    return Answer(pressed=Reworded(board.content, controls=board))


async def _played(host: TableHost, press: Press, rid: ButtonId, action: Model) -> Answer:
    """`action` played as drawn: refused if the presser's panel went out of date meanwhile."""
    return await host.play(
        press.user_id,
        press.channel_id,
        action,
        session_id=rid.session_id,
        expected_version=rid.version,
        expected_tag=rid.tag,
    )


async def _setup(
    host: TableHost, press: Press, rid: ButtonId, snap: Snapshot, viewer: PlayerId
) -> Answer:
    """The place picture (its numbered buttons play `place`; a row pick on a panel drawn
    before it still plays) and the crew order menus."""
    values = press.values
    if rid.verb == setup.SETUP:
        letter = (values[0] if values else rid.payload)[:LETTER_LENGTH]  # A10…F12 too
        return _kept(setup.setup_menu(snap, viewer, letter))
    if rid.verb == setup.PLACE and values and "." in rid.payload:
        action = setup.place_action(rid.payload, values[0])
        if action is None:
            raise ServiceError(DAMAGED)
        return await _played(host, press, rid, action)
    if rid.verb == setup.PLACE:  # the spots' picture replaces the panel's image
        return Answer(pressed=setup.place_menu(snap, viewer, rid.payload[:8]))
    return _kept(setup.crew_menu(snap, viewer, rid.payload))


async def route(host: TableHost, press: Press, rid: ButtonId) -> Answer:
    """What each `rw:` button does."""
    snap = await host.service.by_id(rid.session_id)
    if snap.record.channel_id != press.channel_id:
        raise ServiceError("that button belongs to a game in another channel")
    if snap.spec.key != KEY:
        raise WrongGame(DAMAGED)
    if rid.verb == ROAD:
        return road(snap)
    viewer = snap.player_of(press.user_id)
    if viewer is None:
        raise NotSeated("that panel is not yours: you are not playing in this game")
    if snap.state is None:
        raise ServiceError("the game has not started yet")
    snap = snap.for_viewer(viewer)
    if rid.tag != snap.button_tag:
        raise StaleBoard("your side has changed since that panel", snap, private=True)
    if rid.version != snap.version and panel.own_view(snap, viewer).phase == "play":
        # positions moved since this panel was drawn (a teammate's move, the road turn): its
        # reach and previews would be wrong. Army building only depends on the side (the tag).
        raise StaleBoard("the road has moved since that panel", snap, private=True)
    if rid.verb == PANEL:
        return Answer(pressed=host.sheet(snap, viewer))
    if viewer not in snap.active_players:
        raise StaleBoard(f"it is not your turn any more: {whose_turn(snap)}", snap, private=True)
    return await _on_turn(host, press, rid, snap, viewer)


async def _on_turn(
    host: TableHost, press: Press, rid: ButtonId, snap: Snapshot, viewer: PlayerId
) -> Answer:
    """The verbs of a player who may act now (their own panel, drawn for their view)."""
    values = press.values
    if rid.verb == TOKENS:
        letter = values[0] if values else rid.payload
        return _kept(panel.token_menu(snap, viewer, letter[:LETTER_LENGTH]))
    if rid.verb == boarding.BOARD:
        return _kept(boarding.boarding_menu(snap, viewer, rid.payload))
    if rid.verb in (setup.SETUP, setup.PLACE, setup.CREW):
        return await _setup(host, press, rid, snap, viewer)
    if rid.verb == DO:
        try:
            action = snap.spec.parse_action(bounded_json(values[0] if values else ""))
        except (ValidationError, MalformedInput) as exc:
            raise InvalidAction("that is not an action this game knows") from exc
        return await _played(host, press, rid, action)
    if rid.verb == VEHICLE:
        view = panel.own_view(snap, viewer)
        actions = list(snap.legal_actions(viewer))
        text, (buttons, selects) = panel.vehicle_menu(snap, view, actions, rid.payload)
        return _kept(Message(f"{panel.header(snap)}\n{text}", buttons=buttons, selects=selects))
    plan = parse_planned(rid.payload)
    if plan is None:
        raise ServiceError(DAMAGED)
    if rid.verb == MOVE:
        return _kept(panel.lateral_menu(snap, viewer, plan))
    if rid.verb == LATERAL:
        return _kept(panel.forward_menu(snap, viewer, plan))
    if rid.verb == PREVIEW:
        return Answer(pressed=preview_message(host, snap, viewer, plan))
    if rid.verb == GO:
        return await _played(host, press, rid, action_of(plan))
    raise ServiceError("this button belongs to an older version of the bot; use `/game status`")
