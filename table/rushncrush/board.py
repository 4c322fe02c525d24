"""Rush 'n' Crush public board: gear buttons and menu, equipment, the whole course (the path
builder and preview are in `path.py`).

A turn in the common case is two taps: a gear button (its label says, in words, the speed,
the gear, the points spent and the heat risk; at most eight, the other choices in a "More
speeds…" menu, see `gears.py`); the board then says the lane changes rolled and the mover is
shown, privately, the suggested path (the one the bot would drive, arming the items worth
keeping armed) previewed as an image: "Drive it" drives it. Other suggested paths, a typed
path (`/rushncrush move`) or one built step by step are previewed the same way. An item used
once the gear is chosen (🔧 Use, on the preview or the board) shows that preview again, on the
path from there: it costs one tap, not the path list again.
"""

from __future__ import annotations

from games.engine import PlayerId
from games.rushncrush import (
    ActivateAction,
    GearAction,
    MoveAction,
    RncState,
    parse_path,
    swerve_steps,
)
from games.rushncrush.data import HEAT_SKULL, ITEM_LABELS
from table import messages as presenters
from table.answers import ButtonSpec, Message, Picture, SelectSpec
from table.rushncrush.gears import split_gears
from table.rushncrush.ids import (
    BUILD,
    COURSE,
    GEAR_PER_ROW,
    GEAR_ROWS,
    PER_ROW,
    PICK,
    PREVIEW,
    SHIFT,
    USE,
    act_id,
    clip,
    compact,
    gear_digits,
    gear_value,
    rnc_id,
    rnc_or_none,
    spaced,
    use_id,
)
from table.rushncrush.text import (
    event_lines,
    gear_label,
    gear_order,
    gear_style,
    steering_text,
    steering_words,
)
from table.service import Snapshot

# --- the public board ---------------------------------------------------------------------------


def public_board(snap: Snapshot, image: bytes | Picture | None, with_buttons: bool) -> Message:
    """The race board: what happened, whose turn and what to do, and the buttons for it."""
    header = f"**{snap.spec.title}** · game #{snap.session_id} · move {snap.record.last_seq}" + (
        f" · round {snap.state.round}" if isinstance(snap.state, RncState) else ""
    )
    parts = [header, *presenters.story_or(snap, event_lines(snap))]
    buttons: tuple[ButtonSpec, ...] = ()
    selects: tuple[SelectSpec, ...] = ()
    state = snap.state
    live = snap.outcome is None and snap.record.is_live and isinstance(state, RncState)
    if live and isinstance(state, RncState) and state.turn is not None:
        player = state.turn.player
        parts.extend(_prompt(snap, state, player))
        if with_buttons:
            buttons = _board_buttons(snap, state, player)
            selects = _gear_menu(snap, state, player)
    else:
        parts.append(presenters.turn_line(snap))
    return Message(
        content=clip("\n".join(parts)),
        image=image,
        filename=f"{snap.spec.key}-{snap.session_id}-{snap.version}.png",
        buttons=buttons,
        mentions=snap.pinged,
        selects=selects,
    )


def _prompt(snap: Snapshot, state: RncState, player: PlayerId) -> list[str]:
    car = state.car(player)
    turn = state.turn
    assert turn is not None
    who = f"➡️ {snap.mention(player)} · car {car.number} {car.car_name}"
    who += presenters.clock_note(snap, player)
    if turn.phase == "gear":
        speeds = sorted({a.speed for a in legal_gears(snap, player)})
        steering = " · ".join(f"{s}: {steering_text(s)}" for s in speeds)
        return [
            f"{who}: **choose gear & speed** (now gear {car.gear}, speed {car.speed}; "
            f"Heat {car.heat}/{HEAT_SKULL}, Turbo {car.turbo}, Brake {car.brake})",
            "Each button: the **speed** to drive, the gear, the Turbo or Brake points it spends "
            "and the chance of gaining Heat (💀: it may wreck you). Other speeds: the menu "
            "or `/rushncrush gear`.",
            f"Lane changes by speed: {steering} (odds: `/odds mode:highlow`)",
        ]
    changes = "unlimited" if turn.lane_changes is None else str(turn.lane_changes)
    if turn.swerve_pending:
        could = " or ".join(swerve_steps(state, player))
        task = f"**swerve {could}** (obstruction), then {turn.movement_left - 1} more"
    elif turn.movement_left < car.speed:
        task = f"**send the rest of your path: {turn.movement_left}** still to drive"
    else:
        task = f"**drive {turn.movement_left}**"
    uses = item_uses(snap, player)
    use_first = " (its 🔧 Use buttons fire or cool first, then show it again)" if uses else ""
    return [
        f"{who}: {task} · lane changes {changes} (then Steering, {car.steering} left)",
        "Your suggested path was shown to you alone when you chose your gear: **Drive it** "
        f"there{use_first}. Or 👁 another one below, 🕹 steer step by step, or type "
        "`/rushncrush move path:F F L F`.",
    ]


def item_uses(snap: Snapshot, player: PlayerId) -> list[ActivateAction]:
    """The items `player` may Use now: a gun with a car in its sights, the extinguisher."""
    actions = snap.legal_actions(player)
    return [a for a in actions if isinstance(a, ActivateAction) and a.mode == "use"]


def legal_gears(snap: Snapshot, player: PlayerId) -> list[GearAction]:
    return sorted(
        (a for a in snap.legal_actions(player) if isinstance(a, GearAction)), key=gear_order
    )


def _board_buttons(snap: Snapshot, state: RncState, player: PlayerId) -> tuple[ButtonSpec, ...]:
    actions = snap.legal_actions(player)
    heat = state.car(player).heat
    buttons: list[ButtonSpec] = []
    assert state.turn is not None
    if state.turn.phase == "gear":
        choices = split_gears(legal_gears(snap, player), heat)
        for i, gear in enumerate(choices.buttons):
            style = gear_style(gear, heat)
            label = gear_label(gear, heat)
            shift = rnc_id(snap, SHIFT, gear_digits(gear))
            buttons.append(ButtonSpec(label, shift, style, i // GEAR_PER_ROW))
        tools_row = GEAR_ROWS + (1 if choices.menu else 0)
    else:
        buttons.append(ButtonSpec("🕹 Steer step by step", rnc_id(snap, BUILD), "primary", 0))
        paths = [a for a in actions if isinstance(a, MoveAction)]
        for path in paths[:PER_ROW]:
            tokens = parse_path(path.path)
            cid = rnc_or_none(snap, PREVIEW, compact(tokens))
            if cid is not None:
                buttons.append(ButtonSpec(f"👁 {spaced(tokens)}"[:80], cid, "secondary", 1))
        tools_row = 2
    for action in [a for a in actions if isinstance(a, ActivateAction)][: PER_ROW - 1]:
        # once the gear is chosen a Use also shows the mover's path preview again (`rnc:u`):
        # the path they were shown is out of date, and driving is their next tap
        late_use = action.mode == "use" and state.turn.phase == "move"
        cid = use_id(snap, USE, action) if late_use else act_id(snap, action)
        buttons.append(ButtonSpec(activation_label(action), cid, "secondary", tools_row))
    buttons.append(
        ButtonSpec("🗺 Whole course", rnc_id(snap, COURSE, version=0), "secondary", tools_row)
    )
    return tuple(buttons)


def activation_label(action: ActivateAction) -> str:
    label = ITEM_LABELS[action.item]
    return f"🔧 {'Arm' if action.mode == 'arm' else 'Use'} {label}"


def _gear_menu(snap: Snapshot, state: RncState, player: PlayerId) -> tuple[SelectSpec, ...]:
    """The gear choices that are not buttons, as one menu under them (none if all fit)."""
    turn = state.turn
    if turn is None or turn.phase != "gear":
        return ()
    heat = state.car(player).heat
    rest = split_gears(legal_gears(snap, player), heat).menu
    if not rest:
        return ()
    options = tuple(
        (gear_label(g, heat), gear_value(g), steering_words(g.speed).capitalize()) for g in rest
    )
    placeholder = f"More speeds… ({len(rest)} other gear choices)"
    return (SelectSpec(rnc_id(snap, PICK), placeholder, options, GEAR_ROWS),)


def gear_panel(snap: Snapshot, player: PlayerId) -> Message:
    """Every gear choice, privately (for boards drawn before the gear menu had this button)."""
    state = snap.state
    assert isinstance(state, RncState)
    heat = state.car(player).heat
    gears = legal_gears(snap, player)[: PER_ROW * 5]
    buttons = tuple(
        ButtonSpec(gear_label(g, heat), act_id(snap, g), gear_style(g, heat), i // PER_ROW)
        for i, g in enumerate(gears)
    )
    return Message(content="**Every gear choice** (only you see this)", buttons=buttons)
