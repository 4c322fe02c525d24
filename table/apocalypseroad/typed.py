"""What the typed `/apocalypseroad ...` commands do: the twins of the hand's menus and buttons.

Cards are named by their place in your hand (1-6, as the hand image numbers them), cars by
number (your own) or by team letter and number (`B3`, a target). A typed move is previewed
first; played at once when asked. Each takes plain values and returns the `Answer`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from games.apocalypseroad.model import ArState, ArView, Debris, Discard, Fire, Move, PlayCard
from games.apocalypseroad.movement import BadStep
from games.engine import IllegalAction, Model
from table.answers import Answer
from table.apocalypseroad import moves
from table.apocalypseroad.board import KEY, whole_track
from table.apocalypseroad.ids import own_view
from table.gametable import TableHost
from table.messages import not_your_move
from table.service import ServiceError, Snapshot, WrongGame

ActionBuilder = Callable[[ArView], Model]
CAR_LABEL = re.compile(r"\s*([A-Ja-j])\s*([1-8])\s*")


def race_of(snap: Snapshot) -> ArState:
    """The race in this channel, refused unless it is Apocalypse Road and has started."""
    if snap.spec.key != KEY:
        raise WrongGame(
            f"the game here is {snap.spec.title}; its moves are its buttons and the "
            f"`/{snap.spec.key}` commands"
        )
    if not isinstance(snap.state, ArState) or snap.is_lobby:
        raise ServiceError("the race has not started yet; the host starts it with `/game start`")
    return snap.state


def car_id(view: ArView, label: str) -> int:
    """`B3` -> the id of team B's car 3 (refused in words if no such car races)."""
    match = CAR_LABEL.fullmatch(label)
    if match is None:
        raise IllegalAction(
            f"{label[:10]!r} is not a car: write its team letter and number, e.g. B3"
        )
    letter, number = match[1].upper(), int(match[2])
    for car in view.cars:
        if car.letter == letter and car.number == number:
            return car.id
    raise IllegalAction(f"there is no car {letter}{number} in this race")


def hand_card(view: ArView, position: int) -> int:
    hand = view.hand or ()
    if not 1 <= position <= len(hand):
        raise IllegalAction(f"your hand has {len(hand)} cards: pick 1 to {len(hand)}")
    return hand[position - 1].id


async def hand(host: TableHost, user_id: int, channel_id: int) -> Answer:
    """The user's hand and team mat, with the menus for their move (privately)."""
    snap = await host.service.current(channel_id)
    race_of(snap)
    return host.own_sheet(snap, user_id)


async def track(host: TableHost, channel_id: int) -> Answer:
    """The whole track with every car (privately)."""
    return Answer(private=(whole_track(await host.service.current(channel_id)),))


async def _play(host: TableHost, user_id: int, channel_id: int, build: ActionBuilder) -> Answer:
    """The action `build` makes from the user's own view, played."""
    snap = await host.service.current(channel_id)
    race_of(snap)
    action = build(own_view(snap, snap.seat_for(user_id)))
    return await host.play(user_id, channel_id, action, session_id=snap.session_id)


async def play_card(
    host: TableHost,
    user_id: int,
    channel_id: int,
    card: int,
    car: int,
    *,
    fire_first: str | None = None,
    ram_lead: bool = False,
) -> Answer:
    """Play the card at place `card` of the hand for car number `car`."""

    def build(view: ArView) -> Model:
        target = car_id(view, fire_first) if fire_first else None
        return PlayCard(card=hand_card(view, card), car=car, target=target, ram_lead=ram_lead)

    return await _play(host, user_id, channel_id, build)


async def fire(host: TableHost, user_id: int, channel_id: int, target: str | None) -> Answer:
    """Fire after moving at the car labelled `target` (None: hold fire)."""
    return await _play(
        host,
        user_id,
        channel_id,
        lambda view: Fire(target=car_id(view, target) if target else None),
    )


async def discard(host: TableHost, user_id: int, channel_id: int, places: Sequence[int]) -> Answer:
    """Discard the cards at these places of the hand (none: keep them all)."""

    def build(view: ArView) -> Model:
        return Discard(cards=tuple(hand_card(view, p) for p in sorted(set(places))))

    return await _play(host, user_id, channel_id, build)


async def debris(host: TableHost, user_id: int, channel_id: int, car: int) -> Answer:
    """Dangerous Debris: car number `car` takes the damage."""
    return await _play(host, user_id, channel_id, lambda view: Debris(car=car))


async def move(
    host: TableHost, user_id: int, channel_id: int, path: str, *, play: bool = False
) -> Answer:
    """The move `path`, previewed privately (where every car ends), or played with `play`."""
    snap = await host.service.current(channel_id)
    race_of(snap)
    if play:
        return await host.play(user_id, channel_id, Move(path=path), session_id=snap.session_id)
    viewer = snap.seat_for(user_id)
    if viewer not in snap.active_players:
        raise IllegalAction(not_your_move(snap))
    mine = snap.for_viewer(viewer)
    try:
        image = moves.preview(mine, viewer, path)
    except BadStep as error:  # a bad step: said in words
        raise IllegalAction(str(error)) from None
    return Answer(private=(moves.option_board(mine, own_view(mine, viewer), path, image),))
