"""What Apocalypse Road's `ar:` buttons and menus do: they redraw the private hand message (the
next step of a choice, a move's preview) or show the whole track, never move a car.

Each is a `Handler` of the table (`table.gametable`): the host has checked the id names this
channel's game; the answer is plain data (a preview is a `Picture` the bot draws).
"""

from __future__ import annotations

from collections.abc import Callable

from games.apocalypseroad.model import ArState, Move, PlayCard
from games.apocalypseroad.movement import BadStep
from games.engine import Model, PlayerId
from table.answers import Answer, Message, Press, Reworded
from table.apocalypseroad import choose, moves
from table.apocalypseroad import hand as ui
from table.apocalypseroad.board import KEY, track_in_place, whole_track
from table.apocalypseroad.ids import own_view
from table.apocalypseroad.plan import draft
from table.apocalypseroad.suggest import parse_quick
from table.gametable import Handler, TableHost
from table.host import DAMAGED
from table.ids import ButtonId
from table.service import NotSeated, ServiceError, Snapshot, StaleBoard

HandWork = Callable[[TableHost, Snapshot, PlayerId, ButtonId, Press], Answer]
"""A verb on the presser's own hand: (host, snapshot for the viewer, viewer, id, press)."""


async def _pressed(host: TableHost, press: Press, gid: ButtonId) -> Snapshot:
    """The game the button belongs to, refused from another channel or another game."""
    snap = await host.service.by_id(gid.session_id)
    if snap.record.channel_id != press.channel_id:
        raise ServiceError("that button belongs to a game in another channel")
    if snap.spec.key != KEY:
        raise ServiceError(DAMAGED)
    return snap


async def track(host: TableHost, press: Press, gid: ButtonId) -> Answer:
    """The whole track with every car, privately: pressed on the presser's own hand (its
    button carries their view tag) it replaces that message; on the public board, a new one."""
    snap = await _pressed(host, press, gid)
    viewer = snap.player_of(press.user_id)
    if gid.tag and viewer is not None and snap.state is not None:
        return Answer(pressed=track_in_place(snap, viewer))
    return Answer(private=(whole_track(snap),))


async def _own_hand(host: TableHost, press: Press, gid: ButtonId) -> tuple[Snapshot, PlayerId]:
    """The presser's own hand as that button drew it: refused unless the race is on and the
    presser plays in it; stale once their view changed."""
    snap = await _pressed(host, press, gid)
    if snap.state is None or not isinstance(snap.state, ArState):
        raise ServiceError("the race has not started yet")
    viewer = snap.player_of(press.user_id)
    if viewer is None:
        raise NotSeated("that hand is not yours: you are not playing in this game")
    snap = snap.for_viewer(viewer)
    if gid.tag != snap.button_tag:
        raise StaleBoard("your hand has changed since that message", snap, private=True)
    return snap, viewer


def on_hand(work: HandWork) -> Handler:
    """A verb that redraws the presser's own hand message (`_own_hand`); stale too once the
    move no longer fits."""

    async def handler(host: TableHost, press: Press, gid: ButtonId) -> Answer:
        snap, viewer = await _own_hand(host, press, gid)
        try:
            return work(host, snap, viewer, gid, press)
        except BadStep as error:
            raise StaleBoard(f"that move no longer fits ({error})", snap, private=True) from None

    return handler


def _keep_image(board: Message) -> Answer:
    """Redraw the text and components only; the image above them stays as it is."""
    return Answer(pressed=Reworded(board.content, controls=board))


@on_hand
def hand(host: TableHost, snap: Snapshot, viewer: PlayerId, gid: ButtonId, press: Press) -> Answer:
    """The hand message again (Back, Cancel, Other results)."""
    return Answer(pressed=host.sheet(snap, viewer))


@on_hand
def card(host: TableHost, snap: Snapshot, viewer: PlayerId, gid: ButtonId, press: Press) -> Answer:
    """A card picked in the hand menu: which car plays it."""
    picked = _number(press.values[0] if press.values else gid.payload)
    return _keep_image(ui.car_board(snap, viewer, picked))


@on_hand
def car(host: TableHost, snap: Snapshot, viewer: PlayerId, gid: ButtonId, press: Press) -> Answer:
    """A card and a car: the ways to play it (fire first, ram as Lead)."""
    first, _, second = gid.payload.partition(".")
    return _keep_image(ui.how_board(snap, viewer, _number(first), _number(second)))


@on_hand
def discard(
    host: TableHost, snap: Snapshot, viewer: PlayerId, gid: ButtonId, press: Press
) -> Answer:
    """The end-of-turn discard with these cards marked."""
    return _keep_image(ui.discard_board(snap, viewer, None, gid.payload))


@on_hand
def pick(host: TableHost, snap: Snapshot, viewer: PlayerId, gid: ButtonId, press: Press) -> Answer:
    """The car pick before the race, with these cars chosen so far."""
    return _keep_image(ui.pick_board(snap, viewer, None, gid.payload))


@on_hand
def step(host: TableHost, snap: Snapshot, viewer: PlayerId, gid: ButtonId, press: Press) -> Answer:
    """The move builder at this draft path, with its preview."""
    state = snap.state
    assert isinstance(state, ArState)
    plan = draft(state, gid.payload)
    image = moves.preview(snap, viewer, gid.payload)
    return Answer(pressed=moves.builder_board(snap, own_view(snap, viewer), plan, image))


@on_hand
def option(
    host: TableHost, snap: Snapshot, viewer: PlayerId, gid: ButtonId, press: Press
) -> Answer:
    """One of the move's distinct results, previewed."""
    image = moves.preview(snap, viewer, gid.payload)
    return Answer(pressed=moves.option_board(snap, own_view(snap, viewer), gid.payload, image))


async def _played(host: TableHost, press: Press, gid: ButtonId, action: Model) -> Answer:
    """`action` played from the presser's hand as drawn: its version and view tag checked."""
    return await host.play(
        press.user_id,
        press.channel_id,
        action,
        session_id=gid.session_id,
        expected_version=gid.version,
        expected_tag=gid.tag,
    )


def _picked(press: Press) -> str:
    if not press.values:
        raise ServiceError(DAMAGED)
    return press.values[0]


async def play(host: TableHost, press: Press, gid: ButtonId) -> Answer:
    """A card picked in a car's menu: with a shot first, played at once; else the move menu
    (nothing is played yet). The ⚡ suggested activation plays whole (`suggest.py`)."""
    snap, viewer = await _own_hand(host, press, gid)
    car = _number(gid.payload)
    try:
        whole = parse_quick(_picked(press), car)
        if whole is not None:  # the ⚡ suggested activation: card, move and shot at once
            return await _played(host, press, gid, whole)
        card, lead, target = choose.parse_play(_picked(press))
    except ValueError:
        raise ServiceError(DAMAGED) from None
    if target is not None:
        return await _played(
            host, press, gid, PlayCard(card=card, car=car, target=target, ram_lead=lead)
        )
    return Answer(pressed=choose.planned_board(snap, viewer, card, car, lead))


async def go(host: TableHost, press: Press, gid: ButtonId) -> Answer:
    """A result picked in the move menu of a card not played yet: the card, the move and what
    the car does after it, in one action."""
    await _own_hand(host, press, gid)
    try:
        card, car, lead = (int(part) for part in gid.payload.split("."))
        path, aim, hold = choose.parse_choice(_picked(press))
    except ValueError:
        raise ServiceError(DAMAGED) from None
    action = PlayCard(card=card, car=car, ram_lead=bool(lead), path=path, aim=aim, hold_fire=hold)
    return await _played(host, press, gid, action)


async def move(host: TableHost, press: Press, gid: ButtonId) -> Answer:
    """A result picked in the pending move's menu: played."""
    await _own_hand(host, press, gid)
    path = _picked(press).partition("|")[0]
    return await _played(host, press, gid, Move(path=path))


def _number(text: str) -> int:
    if not text.isdigit() or len(text) > 4:
        raise ServiceError(DAMAGED)
    return int(text)
