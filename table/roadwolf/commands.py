"""What `/roadwolf ...` does (the commands in `bot/commands/roadwolf.py`): the panel's moves
typed, and the choices its options offer as you type.

`/roadwolf move vehicle:A to:L2F3` previews the move privately (reach, ghost, path, warnings)
with a ✅ Confirm button; `confirm:True` drives it at once. `/roadwolf do` plays any action open
to you by name (the list filters as you type), like the panel's buttons. Every choice comes
from the asker's own legal actions and view, never another side's.
"""

from __future__ import annotations

from games.engine import InvalidAction, Model, PlayerId
from games.roadwolf.model import MoveAction, NitroAction, PlaceAction
from games.roadwolf.preview import typed_action
from table.answers import Answer
from table.gametable import TableHost
from table.ids import MalformedInput, bounded_json
from table.roadwolf import panel
from table.roadwolf.ids import Planned, label
from table.roadwolf.moves import typed_destinations
from table.roadwolf.verbs import action_of, preview_message
from table.roadwolf.whose import not_your_turn
from table.service import Snapshot

CHOICE_LENGTH = 100
"""The longest name or value a choice may have (Discord's limit)."""


def mover(snap: Snapshot, user_id: int) -> PlayerId:
    """The seat `user_id` plays, if it may act now."""
    viewer = snap.player_of(user_id)
    if viewer is None or viewer not in snap.active_players:
        raise not_your_turn(snap)
    return viewer


async def move(
    host: TableHost, snap: Snapshot, user_id: int, vehicle: str, to: str, *, confirm: bool
) -> Answer:
    """A typed move, brake or nitro: its preview with ✅ Confirm, or (`confirm`) the move."""
    viewer = mover(snap, user_id)
    plan = planned(typed_action(vehicle.strip().upper(), to))
    if confirm:
        return await _played(host, snap, user_id, action_of(plan))
    return Answer(private=(preview_message(host, snap, viewer, plan),))


async def place(
    host: TableHost, snap: Snapshot, user_id: int, vehicle: str, column: int, row: int
) -> Answer:
    """While building: where one of your vehicles starts."""
    mover(snap, user_id)
    action = PlaceAction(vehicle=vehicle.strip().upper(), x=column, y=row)
    return await _played(host, snap, user_id, action)


async def do(host: TableHost, snap: Snapshot, user_id: int, text: str) -> Answer:
    """Any action open to you now, by its JSON (from the list) or its label (typed)."""
    chosen = named_action(snap, mover(snap, user_id), text)
    return await _played(host, snap, user_id, chosen)


async def _played(host: TableHost, snap: Snapshot, user_id: int, action: Model) -> Answer:
    return await host.play(user_id, snap.record.channel_id, action, session_id=snap.session_id)


def vehicle_choices(snap: Snapshot, user_id: int, typed: str) -> list[tuple[str, str]]:
    """Your vehicles that can move now, as (letter and name, letter)."""
    viewer = snap.player_of(user_id)
    if viewer is None:
        return []
    movers = {
        a.vehicle for a in snap.legal_actions(viewer) if isinstance(a, MoveAction | NitroAction)
    }
    if not movers:
        return []
    names = {v.letter: v.name for v in panel.own_view(snap, viewer).vehicles}
    start = typed.strip().upper()
    return [
        (f"{letter} {names.get(letter, '')}".strip(), letter)
        for letter in sorted(movers)
        if letter.startswith(start)
    ]


def destination_choices(snap: Snapshot, user_id: int, letter: str, typed: str) -> list[str]:
    """Where your vehicle `letter` may go, typed (`L2F3`), longest forward moves first: only
    for your own vehicles that may move now (the panel's choices)."""
    viewer = snap.player_of(user_id)
    if viewer is None:
        return []
    options = typed_destinations(snap, viewer, letter.strip().upper())
    start = typed.strip().upper()
    return [o for o in options if o.startswith(start)]


def action_choices(snap: Snapshot, user_id: int, typed: str) -> list[tuple[str, str]]:
    """Every action open to you now whose label holds `typed`, as (label, its JSON)."""
    viewer = snap.player_of(user_id)
    if viewer is None:
        return []
    wanted = typed.strip().lower()
    choices = []
    for legal in snap.legal_actions(viewer):
        words = label(snap, legal)
        value = legal.model_dump_json()
        if wanted in words.lower() and len(value) <= CHOICE_LENGTH:
            choices.append((words[:CHOICE_LENGTH], value))
    return choices


def planned(action: MoveAction | NitroAction) -> Planned:
    """A typed move (the rules' parser: `L2F3`, `B4`, `N`) as the panel's plan."""
    if isinstance(action, NitroAction):
        return Planned(action.vehicle, "nitro", 0, 8)
    if action.kind == "brake":
        return Planned(action.vehicle, "brake", action.dx, action.dy)
    return Planned(action.vehicle, "move", action.dx, action.dy)


def named_action(snap: Snapshot, viewer: PlayerId, text: str) -> Model:
    """The action whose JSON (from the list) or label (typed) is `text`."""
    try:
        return snap.spec.parse_action(bounded_json(text, max_chars=200))  # type: ignore[no-any-return]
    except (MalformedInput, ValueError):
        pass
    legal = list(snap.legal_actions(viewer))
    wanted = text.strip().lower()
    for action in legal:
        if label(snap, action).lower() == wanted:
            return action
    sample = ", ".join(label(snap, a) for a in legal[:8]) or "nothing: wait for your turn"
    raise InvalidAction(f"`{text[:60]}` is not an action open to you now; for example: {sample}")
