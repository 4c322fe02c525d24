"""Space Truckin' moves typed instead of tapped (`/spacetruckin place|fill|move`), and the
lists that complete what a player types, from their own legal actions only.

Each takes who asks and where, and answers like a press: a placement preview privately, a
move with the new board (`Host.play`). Refusals raise, with words safe to show.
"""

from __future__ import annotations

from pydantic import ValidationError

from games.engine import IllegalAction, InvalidAction, Model, PlayerId, Rng
from games.spacetruckin import legal_placements, parse_placement
from games.spacetruckin.models import Box, Fill, Place
from table import status
from table.answers import Answer
from table.gametable import TableHost
from table.ids import MalformedInput, bounded_json
from table.service import Snapshot
from table.spacetruckin.sheet import place_label, preview_board
from table.spacetruckin.verbs import KEY

MAX_CHOICES = 25
"""Choices a completion list shows at most."""
MAX_VALUE = 100
"""Characters a choice's value may have (a longer action is typed or tapped instead)."""


async def started(host: TableHost, channel_id: int) -> Snapshot:
    """This channel's game, refused unless it is Space Truckin' and has started."""
    return await status.started(host.service, channel_id, KEY)


async def preview(host: TableHost, user_id: int, channel_id: int, spot: str) -> Answer:
    """The user's picked tetromino drawn at `spot` on their sheet, with a button to confirm."""
    snap = await started(host, channel_id)
    viewer = snap.seat_for(user_id)
    place = _typed_place(snap, viewer, spot)
    picture = host.sheet_picture(snap, viewer, preview=place)
    return Answer(private=(preview_board(snap.for_viewer(viewer), viewer, place, picture),))


async def fill(host: TableHost, user_id: int, channel_id: int, first: Box, second: Box) -> Answer:
    """Write the user's two challenge dice into the boxes `first` and `second`."""
    snap = await started(host, channel_id)
    action: Model = Fill(first=first, second=second)
    legal = list(snap.legal_actions(snap.seat_for(user_id)))
    if action not in legal:
        # with a double the game lists each pair once, in box order
        swapped = Fill(first=second, second=first)
        action = swapped if swapped in legal else action
    return await host.play(user_id, channel_id, action, session_id=snap.session_id)


async def move(host: TableHost, user_id: int, channel_id: int, text: str) -> Answer:
    """Any move open to the user now, by its JSON (from the list) or its label (typed)."""
    snap = await started(host, channel_id)
    chosen = _named_action(snap, snap.seat_for(user_id), text)
    return await host.play(user_id, channel_id, chosen, session_id=snap.session_id)


async def place_spots(
    host: TableHost, user_id: int, channel_id: int, typed: str
) -> list[tuple[str, str]]:
    """(name, name) of the user's own legal placements whose names start with what they typed
    (nothing for a spectator, or while they may not place)."""
    snap = await started(host, channel_id)
    legal = snap.legal_actions(snap.seat_for(user_id))
    wanted = _squeezed(typed)
    names = [place_label(a) for a in legal if isinstance(a, Place)]
    return [(n, n) for n in names if _squeezed(n).startswith(wanted)][:MAX_CHOICES]


async def move_names(
    host: TableHost, user_id: int, channel_id: int, typed: str
) -> list[tuple[str, str]]:
    """(label, action JSON) of the user's own legal moves whose label holds what they typed."""
    snap = await started(host, channel_id)
    wanted = typed.strip().lower()
    found = []
    for legal in snap.legal_actions(snap.seat_for(user_id)):
        label = snap.spec.describe(legal)
        value = legal.model_dump_json()
        if wanted in label.lower() and len(value) <= MAX_VALUE:
            found.append((label[:MAX_VALUE], value))
    return found[:MAX_CHOICES]


def _squeezed(text: str) -> str:
    return text.strip().upper().replace(" ", "")


def _typed_place(snap: Snapshot, viewer: PlayerId, spot: str) -> Place:
    """A placement typed or chosen in the list; refused with the game's own explanation."""
    view = snap.view(viewer)
    picked = view.sheet.picked if view.sheet is not None else None
    if view.sheet is None or view.sheet.stage != "place" or picked is None:
        raise IllegalAction("there is nothing to place now: build a system/shape first")
    place = parse_placement(spot, picked.split("/")[1])
    if place not in legal_placements(snap.state, viewer):  # type: ignore[arg-type]
        # apply is pure: a dry run gives the rules' own reason and legal examples
        snap.spec.apply(snap.state, viewer, place, Rng(0))
    return place


def _named_action(snap: Snapshot, viewer: PlayerId, text: str) -> Model:
    """The legal action whose JSON (from the list) or label (typed) is `text`."""
    legal = list(snap.legal_actions(viewer))
    try:
        parsed = snap.spec.parse_action(bounded_json(text, max_chars=200))
    except (MalformedInput, ValidationError):
        parsed = None
    if parsed is not None:
        return parsed  # type: ignore[no-any-return]
    wanted = text.strip().lower()
    for action in legal:
        if snap.spec.describe(action).lower() == wanted:
            return action
    sample = ", ".join(snap.spec.describe(a) for a in legal[:8]) or "nothing: wait for the others"
    raise InvalidAction(f"`{text}` is not a move open to you now; for example: {sample}")
