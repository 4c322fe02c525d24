"""Road Wolf private panels: a side's vehicles and what each may do now (only its owner sees it).

The panel is the game's private presenter. It never needs more than a few buttons at a time:
- army building: a button per vehicle class you can afford, then per vehicle a "tokens…" tap
  that lists the token kinds (each an action button);
- your turn: a button per vehicle that can act; a vehicle's menu has "⬆ Move…", "⬇ Brake…",
  "🔥 Nitro" (a preview), and one action button per shot, melee, spikes, takeover, repair…
  the rules allow now (shots and melee only at targets in range and in sight: the rules list
  only those);
- a move in three taps: Move… (the lateral choices), a lateral (the forward choices), a
  forward (the preview image: reach, ghost, path, warnings) and ✅ Confirm.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import Model, PlayerId
from games.roadwolf.actions import TrainAction
from games.roadwolf.geometry import MoveKind
from games.roadwolf.model import (
    BuyAction,
    MoveAction,
    NitroAction,
    ReadyAction,
    RwView,
    TokenAction,
)
from games.roadwolf.words import budget_words
from table import messages as presenters
from table.answers import ButtonSpec, Message, Picture, SelectSpec
from table.ids import action_payload
from table.roadwolf.boarding import boarding_button
from table.roadwolf.ids import (
    DO,
    GO,
    LATERAL,
    MOVE,
    PANEL,
    PER_ROW,
    PREVIEW,
    ROAD,
    TOKENS,
    VEHICLE,
    Planned,
    act_id,
    clip,
    label,
    lateral_label,
    on_row,
    rw_id,
    typed,
)
from table.roadwolf.moves import actions_left, displacements, quick_moves
from table.roadwolf.setup import crew_button, enter_button, setup_button
from table.service import Snapshot
from table.waiting import nothing_to_do, waiting_for

MAX_ROWS = 5
TAIL_ROW = 4


def header(snap: Snapshot) -> str:
    return f"**Your vehicles** · {snap.spec.title} · game #{snap.session_id} (only you see this)"


def own_view(snap: Snapshot, viewer: PlayerId) -> RwView:
    view: RwView = snap.view(viewer)
    return view


def vehicle_of(action: Model) -> str | None:
    value = getattr(action, "vehicle", None)
    return value if isinstance(value, str) else None


def road_button(snap: Snapshot) -> ButtonSpec:
    return ButtonSpec("👁 Whole road", rw_id(snap, ROAD, version=0), "secondary")


def tail(snap: Snapshot, *extra: ButtonSpec) -> list[ButtonSpec]:
    return [*extra, road_button(snap), presenters.board_button(snap)]


def rows(
    groups: Sequence[Sequence[ButtonSpec]], last: Sequence[ButtonSpec]
) -> tuple[ButtonSpec, ...]:
    """Each group on rows of its own (five to a row, four rows at most), `last` on the fifth."""
    placed: list[ButtonSpec] = []
    row = 0
    for group in groups:
        for start in range(0, len(group), PER_ROW):
            if row >= TAIL_ROW:
                break
            placed.extend(on_row(b, row) for b in group[start : start + PER_ROW])
            row += 1
    return (*placed, *(on_row(b, TAIL_ROW) for b in last[:PER_ROW]))


Menu = tuple[tuple[ButtonSpec, ...], tuple[SelectSpec, ...]]
ACTION_STYLES = {"shoot": "danger", "melee": "danger", "spikes": "danger"}


def action_menu(
    snap: Snapshot,
    first: Sequence[ButtonSpec],
    actions: Sequence[Model],
    last: Sequence[ButtonSpec],
) -> Menu:
    """`first` on the top row, then one button per action while they fit above the tail row;
    the rest (at most 25) in a "More actions…" menu on the last free row."""
    top = -(-len(first) // PER_ROW)  # the rows `first` takes
    room = (TAIL_ROW - top) * PER_ROW
    buttons = [
        ButtonSpec(
            label(snap, a)[:80],
            act_id(snap, a),
            ACTION_STYLES.get(str(getattr(a, "kind", "")), "secondary"),
        )
        for a in actions
    ]
    if len(buttons) <= room:
        return rows([first, buttons], last), ()
    shown = room - PER_ROW
    rest = actions[shown : shown + 25]
    options = tuple(
        (label(snap, a)[:100], action_payload(a.model_dump(mode="json")), "") for a in rest
    )
    menu = SelectSpec(rw_id(snap, DO), f"More actions… ({len(rest)})", options, TAIL_ROW - 1)
    placed = rows([first, buttons[:shown]], last)
    return placed, (menu,)


def panel_board(snap: Snapshot, viewer: PlayerId, image: bytes | Picture | None) -> Message:
    """The private panel (the game's private presenter): what this player may do now."""
    filename = f"panel-{snap.session_id}-{snap.version}.png"
    if snap.outcome is not None or not snap.record.is_live:
        return Message(
            f"{header(snap)}\n{presenters.turn_line(snap)}", image, filename, tuple(tail(snap))
        )
    view = own_view(snap, viewer)
    if viewer not in snap.active_players:
        status = nothing_to_do(waiting_for(snap, viewer))
        text = f"{header(snap)}{your_side(view)}\n{status}"
        return Message(text, image, filename, rows([], tail(snap)))
    actions = list(snap.legal_actions(viewer))
    if view.phase == "build":
        text, (buttons, selects) = _build(snap, view, actions)
    elif view.turn is not None and view.turn.decision:
        text, (buttons, selects) = decision_menu(snap, view, actions)
    elif view.turn is not None and view.turn.vehicle is not None:
        text, (buttons, selects) = vehicle_menu(snap, view, actions, view.turn.vehicle)
    elif len(letters := {vehicle_of(a) for a in actions}) == 1 and None not in letters:
        (only,) = letters  # one vehicle can act (and nothing else): its menu at once, no pick
        assert only is not None
        text, (buttons, selects) = vehicle_menu(snap, view, actions, only)
    else:
        text, (buttons, selects) = _pick_vehicle(snap, view, actions)
    text = f"{header(snap)}{your_side(view)}\n{text}"
    return Message(clip(text), image, filename, buttons, selects=selects)


def your_side(view: RwView) -> str:
    """The viewer's side, named on the panel (GAUNTLET and DERAILED may seat up to six)."""
    private = view.private
    if private is None or private.side is None:
        return ""
    return f"\nYour side: **{view.sides[private.side].name}**"


BUILD_STYLES = {"ready": "success", "reset": "danger"}


def _build(snap: Snapshot, view: RwView, actions: list[Model]) -> tuple[str, Menu]:
    buys = [a for a in actions if isinstance(a, BuyAction)]
    tokens = [a for a in actions if isinstance(a, TokenAction)]
    other = [a for a in actions if not isinstance(a, BuyAction | TokenAction)]
    private = view.private
    left = budget_words(private.points_left, private.tokens_left) if private is not None else ""
    lines = [
        f"➡️ **Build your side**: {left}. Buy vehicles (cost = size), then tap a vehicle "
        "to place crew and gear tokens on it (hidden from the others until used)."
    ]
    if any(isinstance(a, ReadyAction) for a in other):
        lines[0] = (
            "➡️ **Build your side**: everything is spent. Place your vehicles or set crew "
            "orders if you like (or start again), then press ✅ Army ready."
        )
    buy_buttons = [ButtonSpec(label(snap, a)[:80], act_id(snap, a), "primary") for a in buys]
    letters = list(dict.fromkeys(a.vehicle for a in tokens))
    ready_first = sorted(other, key=lambda a: not isinstance(a, ReadyAction))
    styles = [BUILD_STYLES.get(str(getattr(a, "kind", "")), "secondary") for a in ready_first]
    rest = [
        ButtonSpec(label(snap, a)[:80], act_id(snap, a), style)
        for a, style in zip(ready_first, styles, strict=True)
    ]
    last = tail(snap, setup_button(snap))
    lines.append("🛠 Place / crew…: choose where a vehicle starts and who it loses first.")
    if len(letters) <= PER_ROW:
        token_buttons = [ButtonSpec(f"🎒 Tokens for {v}…", rw_id(snap, TOKENS, v)) for v in letters]
        return "\n".join(lines), (rows([buy_buttons[:10], token_buttons, rest], last), ())
    options = tuple((f"🎒 Tokens for {v}…", v, "") for v in letters[:25])
    menu = SelectSpec(rw_id(snap, TOKENS), "Place tokens on…", options, TAIL_ROW - 1)
    return "\n".join(lines), (rows([buy_buttons[:10], rest[:5]], last), (menu,))


def token_menu(snap: Snapshot, viewer: PlayerId, letter: str) -> Message:
    """Army building, tap 2: the token kinds that may go on vehicle `letter` now."""
    actions = [
        a for a in snap.legal_actions(viewer) if isinstance(a, TokenAction) and a.vehicle == letter
    ]
    buttons = [ButtonSpec(label(snap, a), act_id(snap, a), "primary") for a in actions]
    back = ButtonSpec("⬅ Back", rw_id(snap, PANEL), "secondary")
    text = f"{header(snap)}\n🎒 Put a token on **{letter}** (your side sees it; others once used):"
    return Message(clip(text), None, "", rows([buttons[:10]], [back]))


def decision_menu(snap: Snapshot, view: RwView, actions: list[Model]) -> tuple[str, Menu]:
    """A choice the mission asks first (GAUNTLET, line 213: spend a Skull on the attack just
    drawn, or take it): one button per listed choice."""
    assert view.turn is not None
    styles = {"skull": "success", "take": "danger"}
    buttons = [
        ButtonSpec(label(snap, a)[:80], act_id(snap, a), styles[str(getattr(a, "choice", "take"))])
        for a in actions
    ]
    text = f"💀 **Decide**: {view.turn.decision}"
    return text, (rows([buttons], tail(snap)), ())


def _pick_vehicle(snap: Snapshot, view: RwView, actions: list[Model]) -> tuple[str, Menu]:
    letters = list(dict.fromkeys(v for v in map(vehicle_of, actions) if v is not None))
    names = {v.letter: v.name for v in view.vehicles}
    picks = [
        ButtonSpec(f"🚗 {v} {names.get(v, '')}".strip()[:80], rw_id(snap, VEHICLE, v), "primary")
        for v in letters
    ]
    loose = [a for a in actions if vehicle_of(a) is None]
    text = "➡️ **Your turn**: pick the vehicle to activate (two actions each, one at a time)."
    if len(picks) > PER_ROW:  # many vehicles (12 points of bikes): three rows of them
        return text, (rows([picks[:15]], tail(snap)), ())
    return text, action_menu(snap, picks, loose, tail(snap))


MOVE_KINDS = ("move", "brake")


def vehicle_menu(
    snap: Snapshot, view: RwView, actions: list[Model], letter: str
) -> tuple[str, Menu]:
    """One vehicle's actions: a quick move (⏩ F4, ⏪ B4…) opens its preview at once; Move… /
    Brake… / Nitro open the three-tap move to any end in reach; the rest play."""
    mine = [a for a in actions if vehicle_of(a) in (letter, None)]  # and a mission's own
    vehicle = next((v for v in view.vehicles if v.letter == letter), None)
    name = f"{vehicle.name} {letter}" if vehicle is not None else letter
    left = actions_left(snap, letter)
    steps: list[ButtonSpec] = []
    kinds: tuple[tuple[MoveKind, str], ...] = (("move", "⬆ Move…"), ("brake", "⬇ Brake…"))
    for kind, words in kinds:
        if any(isinstance(a, MoveAction) and a.kind == kind for a in mine):
            steps.append(
                ButtonSpec(words, rw_id(snap, MOVE, Planned(letter, kind).code()), "primary")
            )
    if any(isinstance(a, NitroAction) for a in mine):
        code = Planned(letter, "nitro", 0, 8).code()
        steps.append(ButtonSpec("🔥 Nitro (preview)", rw_id(snap, PREVIEW, code), "primary"))
    steps = [*quick_moves(snap, view, letter), *steps]
    fights = [a for a in mine if getattr(a, "kind", "") in ACTION_STYLES]
    others = [a for a in mine if not isinstance(a, MoveAction | NitroAction) and a not in fights]
    text = (
        f"➡️ **{name}**: {left} action{'s' if left != 1 else ''} left. Move, brake or nitro "
        "with a preview first; shots and melee list only targets in range and in sight."
    )
    crew = vehicle is not None and vehicle.crew_count > 1  # someone besides the driver
    extra = [crew_button(snap, letter)] if crew else []
    if crew:  # DERAILED: name who climbs into a train car
        boards = [a for a in mine if isinstance(a, TrainAction) and a.kind == "board"]
        extra += [boarding_button(snap, a) for a in boards[:2]]
    if any(isinstance(a, TokenAction) for a in mine):  # CHASE: a replacement still entering
        extra.append(enter_button(snap, letter))
        text += " A replacement: choose its one token and, if you like, another edge to enter."
    last = tail(snap, *extra)
    return text, action_menu(snap, steps, [*fights, *others], last)


def lateral_menu(snap: Snapshot, viewer: PlayerId, plan: Planned) -> Message:
    """Move, tap 1: how far left or right (the forward choices come next)."""
    options = sorted({dx for dx, _ in displacements(snap, viewer, plan)})
    buttons = [
        ButtonSpec(
            lateral_label(dx),
            rw_id(snap, LATERAL, Planned(plan.vehicle, plan.kind, dx).code()),
            "primary",
        )
        for dx in options
    ]
    back = ButtonSpec("⬅ Back", rw_id(snap, VEHICLE, plan.vehicle), "secondary")
    verb = "Move" if plan.kind == "move" else "Brake"
    text = (
        f"{header(snap)}\n{verb} **{plan.vehicle}**, tap 1 of 3: sideways how far? "
        "(1 cell = 1 inch; a move is at most one stick, 4 cells, in a straight line)"
    )
    return Message(clip(text), None, "", rows([buttons], [back]))


def forward_menu(snap: Snapshot, viewer: PlayerId, plan: Planned) -> Message:
    """Move, tap 2: how far forward (or back) for the chosen lateral; each opens the preview."""
    options = sorted(dy for dx, dy in displacements(snap, viewer, plan) if dx == plan.dx)
    if plan.kind == "brake":
        options.reverse()
    buttons = [
        ButtonSpec(
            f"{'⬆ forward' if dy > 0 else '⬇ back' if dy < 0 else '• no'} {abs(dy)} → "
            f"{typed(plan.dx or 0, dy)}",
            rw_id(snap, PREVIEW, Planned(plan.vehicle, plan.kind, plan.dx, dy).code()),
            "primary",
        )
        for dy in options
    ]
    back = ButtonSpec("⬅ Back", rw_id(snap, MOVE, Planned(plan.vehicle, plan.kind).code()))
    text = (
        f"{header(snap)}\n{lateral_label(plan.dx or 0)}: tap 2 of 3, how far "
        f"{'forward' if plan.kind == 'move' else 'back'}? The next tap shows the preview."
    )
    return Message(clip(text), None, "", rows([buttons], [back]))


def preview_board(
    snap: Snapshot, plan: Planned, warnings: Sequence[str], image: bytes | Picture | None
) -> Message:
    """Tap 3: the preview image and ✅ Confirm (the move itself), Change, Back."""
    dx, dy = plan.dx or 0, plan.dy or 0
    what = "Nitro" if plan.kind == "nitro" else typed(dx, dy)
    lines = [
        f"{header(snap)}",
        f"**Planned** {plan.kind} of **{plan.vehicle}**: `{what}` (not driven yet)",
    ]
    lines.extend(f"⚠ {w}" for w in warnings)
    if not warnings:
        lines.append("Clear road ahead: no ram, stays on the road.")
    # rw:go, not an action button: a preview is only true for the position it was drawn on,
    # so its Confirm goes out of date when the road moves (an action button would only go
    # stale when the side's tokens change).
    confirm = ButtonSpec(f"✅ Confirm {what}", rw_id(snap, GO, plan.code()), "success")
    if plan.kind == "nitro":
        change = ButtonSpec("⬅ Back", rw_id(snap, VEHICLE, plan.vehicle))
    else:
        change = ButtonSpec(
            "↩ Change", rw_id(snap, LATERAL, Planned(plan.vehicle, plan.kind, plan.dx).code())
        )
    cancel = ButtonSpec("✖ Cancel", rw_id(snap, PANEL), "secondary")
    return Message(
        clip("\n".join(lines)),
        image,
        f"preview-{snap.session_id}-{snap.version}.png",
        rows([[confirm, change, cancel]], []),
    )
