"""What the private sheet's `st:` steps do: a first step redraws the pressed message for the
next step of a choice (`redraw`); a move named in the game's short form (a whole system, both
dice, a manipulation, the free choice) is played like the sheet's action buttons (`play`).

The sheet itself and a placement preview come with a new picture of the sheet; the other
steps change only the words and buttons, and the picture above them stays.
"""

from __future__ import annotations

from games.engine import IllegalAction, Model, PlayerId
from games.spacetruckin import legal_placements
from games.spacetruckin.models import Place
from table.answers import Answer, Message, Press, Reworded
from table.gametable import TableHost
from table.host import DAMAGED
from table.ids import ButtonId
from table.service import NotSeated, ServiceError, Snapshot, StaleBoard
from table.spacetruckin import ahead, choices, fill, ids, sheet, yard

KEY = "spacetruckin"
CHANGED = "your sheet has changed since that message"

STAGE_OF_VERB = {
    ids.ANCHOR: "place",
    ids.PREVIEW: "place",
    ids.SYSTEM: "pick",
    ids.SPOT: "pick",
    ids.FREE_STEP: "pick",
    ids.FIRST_BOX: "fill",
    ids.TWEAK_BOX: "tweak",
    ids.TWEAK_EFFECT: "tweak",
    ids.FIRST_HIT: "hit_two",
}
"""The sheet's stage each first step belongs to: in any other stage the press is stale."""


async def play(host: TableHost, press: Press, sid: ButtonId) -> Answer:
    """A last step that is a move of its own words (a whole system, the free choice, a move
    with the jump): played like an action button of the pressed sheet, so it redraws that
    sheet in place."""
    snap = await _in_this_channel(host, press, sid)
    chosen = _chosen(press, sid)
    action: Model
    if sid.verb == ids.WHOLE:
        action = yard.whole_action(chosen)
    elif sid.verb == ids.FILL:
        action = fill.chosen_fill(chosen)
    elif sid.verb == ids.TWEAK:
        action = fill.chosen_tweak(chosen)
    elif sid.verb == ids.MOVE:
        action = ahead.chosen_move(snap, _viewer(snap, press), chosen)
    else:
        action = yard.free_choice(chosen)
    return await host.play(
        press.user_id,
        press.channel_id,
        action,
        session_id=sid.session_id,
        expected_version=sid.version,
        expected_tag=sid.tag,
    )


def _viewer(snap: Snapshot, press: Press) -> PlayerId:
    viewer = snap.player_of(press.user_id)
    if viewer is None:
        raise NotSeated("that sheet is not yours: you are not playing in this game")
    return viewer


def _chosen(press: Press, sid: ButtonId) -> str:
    """A menu's chosen value, or a button's payload."""
    return press.values[0] if press.values else sid.payload


async def _in_this_channel(host: TableHost, press: Press, sid: ButtonId) -> Snapshot:
    snap = await host.service.by_id(sid.session_id)
    if snap.record.channel_id != press.channel_id:
        raise ServiceError("that menu belongs to a game in another channel")
    if snap.spec.key != KEY:
        raise ServiceError(DAMAGED)
    return snap


async def redraw(host: TableHost, press: Press, sid: ButtonId) -> Answer:
    """A first step of a choice: the pressed private message, redrawn for the next step."""
    snap = await _in_this_channel(host, press, sid)
    viewer = _viewer(snap, press)
    if snap.state is None:
        raise ServiceError("the game has not started yet")
    snap = snap.for_viewer(viewer)
    if sid.tag != snap.button_tag:
        # The sheet changed since this message was drawn: show it as it is now.
        raise StaleBoard(CHANGED, snap, private=True)
    if sid.verb == ids.SHEET:
        return Answer(pressed=host.sheet(snap, viewer))
    wanted = STAGE_OF_VERB.get(sid.verb)
    if wanted is None or _stage(snap, viewer) != wanted:
        raise StaleBoard(CHANGED, snap, private=True)
    if sid.verb in (ids.ANCHOR, ids.PREVIEW):
        place = _chosen_place(snap, viewer, press.values[0] if press.values else sid.payload)
        picture = host.sheet_picture(snap, viewer, preview=place)
        return Answer(pressed=sheet.preview_board(snap, viewer, place, picture))
    if sid.verb == ids.SPOT:
        way = yard.chosen_way(snap, viewer, _chosen(press, sid))
        build, place, _ = way
        picture = host.sheet_picture(
            snap, viewer, **yard.preview_options(snap, viewer, build, place)
        )
        return Answer(pressed=yard.whole_preview(snap, viewer, way, picture))
    if sid.verb == ids.FREE_STEP:
        return _keep_image(yard.free_board(snap, viewer))
    if sid.verb == ids.SYSTEM:
        return _keep_image(sheet.shapes_board(snap, viewer, sid.payload))
    if sid.verb == ids.FIRST_BOX:
        return _keep_image(choices.second_box_board(snap, viewer, sid.payload))
    if sid.verb == ids.FIRST_HIT:
        return _keep_image(choices.second_hit_board(snap, viewer, sid.payload))
    if sid.verb == ids.TWEAK_EFFECT:
        return _keep_image(choices.tweak_pip_board(snap, viewer, sid.payload))
    return _keep_image(choices.tweak_board(snap, viewer, sid.payload))


def _keep_image(step: Message) -> Answer:
    """Only the words and buttons change; the sheet's picture above them stays as it is."""
    return Answer(pressed=Reworded(step.content, controls=step))


def _stage(snap: Snapshot, viewer: PlayerId) -> str | None:
    if snap.state is None or viewer not in snap.active_players:
        return None
    own = snap.view(viewer).sheet
    return None if own is None else str(own.stage)


def _chosen_place(snap: Snapshot, viewer: PlayerId, value: str) -> Place:
    """A menu value: a whole placement (`C5.1f`) or a top-left grid (`C5`: its first way)."""
    placements = legal_placements(snap.state, viewer)  # type: ignore[arg-type]
    place = ids.parse_place_code(value)
    if place is not None and place in placements:
        return place
    first = next((p for p in placements if p.anchor == value), None)
    if first is None:
        raise IllegalAction(f"nothing fits with its top-left at {value} any more; pick again")
    return first
