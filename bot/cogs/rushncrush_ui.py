"""Rush 'n' Crush messages: the public board, the step-by-step path builder and the path preview.

A turn in the common case is three taps: a gear button (its label shows the speed and the heat
risk), then the board says the lane changes rolled, then a path (typed with `/rushncrush move`,
a suggested path, or built step by step) previewed as an image and confirmed with "Drive it".

Buttons that only redraw a private message carry an `rnc:` custom_id handled by the cog; the
draft path lives in that custom_id, so a draft needs no memory and survives a restart. Buttons
that play a move are ordinary action buttons (`rl:a:`) played through `Table.play`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot import presenters
from bot.cogs.rushncrush_text import (
    event_lines,
    gear_label,
    gear_order,
    gear_style,
    steering_text,
)
from bot.customid import ACTION, ButtonId, action_payload, template
from bot.presenters import Board, ButtonSpec, mention
from bot.service import Snapshot
from games.engine import GameError, IllegalAction, Model, PlayerId
from games.rushncrush import (
    ActivateAction,
    GearAction,
    MoveAction,
    PathPreview,
    RncState,
    parse_path,
    preview_partial,
    preview_path,
    swerve_steps,
)
from games.rushncrush.data import HEAT_SKULL, ITEM_LABELS

PER_ROW = 5
GEAR_ROWS = 4
"""Rows of gear buttons on the board; the fifth holds equipment and the whole-course button."""

# Verbs of the `rnc:` custom_ids (they redraw or send a private message, never move a car)
BUILD = "b"  # open the step-by-step builder (a new private message)
STEP = "s"  # the builder with this draft (redraws the private message)
PREVIEW = "v"  # preview this path (a new private message)
COURSE = "c"  # the whole course, privately
MORE = "g"  # the gear choices that did not fit on the board, privately
CANCEL = "x"  # close a private preview or builder

MOVES = ("F", "L", "R")
PENDING = ("M", "B", "S")
"""Tokens that apply to the step after them: the builder offers them, then waits for that step."""
EXTRAS = (*PENDING, "G", "H", "E", "+G", "+H", "+E", "+B", "+S", "+K", "K1", "K2", "K3")
"""Path tokens the builder offers as buttons when they are legal at that point."""
TOKEN_LABELS = {
    "M": "💣 Mine here (M)",
    "B": "Bumper on next step (B)",
    "S": "Saw on next step (S)",
    "G": "Use Machine Gun (G)",
    "H": "Use Flamer (H)",
    "E": "Use Extinguisher (E)",
    "+G": "Arm Machine Gun",
    "+H": "Arm Flamer",
    "+E": "Arm Extinguisher",
    "+B": "Arm Side Bumper",
    "+S": "Arm Saw",
    "+K": "Arm Rocket",
    "K1": "Rocket 1 (K1)",
    "K2": "Rocket 2 (K2)",
    "K3": "Rocket 3 (K3)",
}
MOVE_LABELS = {"F": "⬆ F", "L": "↖ L", "R": "↗ R"}


class RncId(ButtonId):
    """A decoded `rnc:<verb>:<session>:<version>:<path>` custom_id (path tokens run together)."""

    PREFIX = "rnc"
    TEMPLATE = template("rnc", "[A-Z0-9+]*")

    @property
    def path(self) -> str:
        return self.payload


def _rnc(snap: Snapshot, verb: str, path: str = "", *, version: int | None = None) -> str:
    ver = snap.version if version is None else version
    return RncId(verb, snap.session_id, ver, path).encode()


def _act(snap: Snapshot, action: Model) -> str:
    payload = action_payload(action.model_dump(mode="json"))
    return ButtonId(ACTION, snap.session_id, snap.version, payload).encode()


def compact(tokens: Sequence[str]) -> str:
    """Tokens run together (`FFL+GK2`): what custom_ids and moves carry; parses back the same."""
    return "".join(tokens)


def spaced(tokens: Sequence[str]) -> str:
    return " ".join(tokens) if tokens else "(nothing yet)"


# --- the public board ---------------------------------------------------------------------------


def public_board(snap: Snapshot, image: bytes | None, with_buttons: bool) -> Board:
    """The race board: what happened, whose turn and what to do, and the buttons for it."""
    header = f"**{snap.spec.title}** · game #{snap.session_id} · move {snap.record.last_seq}" + (
        f" · round {snap.state.round}" if isinstance(snap.state, RncState) else ""
    )
    parts = [header, *(f"• {line}" for line in event_lines(snap))]
    buttons: tuple[ButtonSpec, ...] = ()
    state = snap.state
    live = snap.outcome is None and snap.record.is_live and isinstance(state, RncState)
    if live and isinstance(state, RncState) and state.turn is not None:
        player = state.turn.player
        parts.extend(_prompt(snap, state, player))
        if with_buttons:
            buttons = _board_buttons(snap, state, player)
    else:
        parts.append(presenters.turn_line(snap))
    return Board(
        content=_clip("\n".join(parts)),
        image=image,
        filename=f"{snap.spec.key}-{snap.session_id}-{snap.version}.png",
        buttons=buttons,
        mentions=tuple(snap.active_players),
    )


def _clip(text: str, limit: int = 1900) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _prompt(snap: Snapshot, state: RncState, player: PlayerId) -> list[str]:
    car = state.car(player)
    turn = state.turn
    assert turn is not None
    who = f"➡️ {mention(player)} · car {car.number} {car.car_name}"
    if turn.phase == "gear":
        speeds = sorted({a.speed for a in _gears(snap, player)})
        steering = " · ".join(f"{s}: {steering_text(s)}" for s in speeds)
        return [
            f"{who}: **choose gear & speed** (now gear {car.gear}, speed {car.speed}; "
            f"Heat {car.heat}/{HEAT_SKULL}, Turbo {car.turbo}, Brake {car.brake})",
            "Buttons: **speed** · gear · +T Turbo / −B Brake spent · 🔥 chance of Heat · "
            "💀 chance it wrecks you. Or `/rushncrush gear`.",
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
    return [
        f"{who}: {task} · lane changes {changes} (then Steering, {car.steering} left)",
        "Type `/rushncrush move path:F F L F` to preview a path, tap a suggested one, "
        "or 🕹 steer step by step.",
    ]


def _gears(snap: Snapshot, player: PlayerId) -> list[GearAction]:
    return sorted(
        (a for a in snap.legal_actions(player) if isinstance(a, GearAction)), key=gear_order
    )


def _board_buttons(snap: Snapshot, state: RncState, player: PlayerId) -> tuple[ButtonSpec, ...]:
    actions = snap.legal_actions(player)
    heat = state.car(player).heat
    buttons: list[ButtonSpec] = []
    assert state.turn is not None
    if state.turn.phase == "gear":
        gears = _gears(snap, player)
        room = PER_ROW * GEAR_ROWS
        shown = gears if len(gears) <= room else gears[: room - 1]
        for i, gear in enumerate(shown):
            buttons.append(
                ButtonSpec(
                    gear_label(gear, heat), _act(snap, gear), gear_style(gear, heat), i // PER_ROW
                )
            )
        if len(shown) < len(gears):
            more = f"More gear ({len(gears) - len(shown)}) ▸"
            buttons.append(ButtonSpec(more, _rnc(snap, MORE), "primary", GEAR_ROWS - 1))
        tools_row = GEAR_ROWS
    else:
        buttons.append(ButtonSpec("🕹 Steer step by step", _rnc(snap, BUILD), "primary", 0))
        paths = [a for a in actions if isinstance(a, MoveAction)]
        for path in paths[:PER_ROW]:
            tokens = parse_path(path.path)
            cid = _rnc_or_none(snap, PREVIEW, compact(tokens))
            if cid is not None:
                buttons.append(ButtonSpec(f"👁 {spaced(tokens)}"[:80], cid, "secondary", 1))
        tools_row = 2
    for action in [a for a in actions if isinstance(a, ActivateAction)][: PER_ROW - 1]:
        buttons.append(
            ButtonSpec(activation_label(action), _act(snap, action), "secondary", tools_row)
        )
    buttons.append(
        ButtonSpec("🗺 Whole course", _rnc(snap, COURSE, version=0), "secondary", tools_row)
    )
    return tuple(buttons)


def _rnc_or_none(snap: Snapshot, verb: str, path: str) -> str | None:
    try:
        return _rnc(snap, verb, path)
    except ValueError:  # the custom_id would be too long: the player types that path instead
        return None


def activation_label(action: ActivateAction) -> str:
    label = ITEM_LABELS[action.item]
    return f"🔧 {'Arm' if action.mode == 'arm' else 'Use'} {label}"


def gear_panel(snap: Snapshot, player: PlayerId) -> Board:
    """Every gear choice, privately (the board shows the first ones when they do not all fit)."""
    state = snap.state
    assert isinstance(state, RncState)
    heat = state.car(player).heat
    gears = _gears(snap, player)[: PER_ROW * 5]
    buttons = tuple(
        ButtonSpec(gear_label(g, heat), _act(snap, g), gear_style(g, heat), i // PER_ROW)
        for i, g in enumerate(gears)
    )
    return Board(
        content="**Every gear choice** (only you see this): speed · gear · points spent · "
        "🔥 chance of Heat · 💀 chance it wrecks you",
        buttons=buttons,
    )


# --- the path builder and the preview -----------------------------------------------------------


@dataclass(frozen=True)
class Draft:
    """A path being written step by step, checked against the rules after every token."""

    tokens: tuple[str, ...]
    preview: PathPreview
    """Where the draft takes the car so far."""
    ready: bool
    """The draft is a whole legal path: it can be driven as it is."""
    problem: str
    """Why it cannot be driven yet (empty when ready)."""
    next_tokens: tuple[str, ...]
    """Tokens that may come next (moves and equipment)."""


def draft(state: RncState, player: PlayerId, path: str) -> Draft:
    """Check a draft path: where it ends so far, whether it is complete, what may follow.

    Raises the game's error if the draft itself is illegal (say, after the road changed).
    """
    tokens = parse_path(path) if path else ()
    pending = tokens[-1] if tokens and tokens[-1] in PENDING else None
    preview = preview_partial(state, player, compact(tokens[:-1] if pending else tokens))
    ready, problem = False, ""
    if pending is not None:
        problem = f"`{pending}` goes with your next step: tap the step (F, L or R) it applies to"
    elif tokens:
        try:
            preview = preview_path(state, player, path)
            ready = True
        except GameError as error:
            problem = error.message
    else:
        problem = "no steps yet"
    next_tokens = tuple(t for t in (*MOVES, *EXTRAS) if _fits(state, player, tokens, t))
    return Draft(tokens, preview, ready, problem, next_tokens)


def _fits(state: RncState, player: PlayerId, tokens: tuple[str, ...], token: str) -> bool:
    pending = bool(tokens) and tokens[-1] in PENDING
    if pending and token not in MOVES:
        return False  # the pending token waits for its step
    if token in PENDING:
        # offered only when some next step makes it legal (B/S: a step that side-rams a car)
        return any(_fits(state, player, (*tokens, token), move) for move in MOVES)
    base = tokens[:-1] if pending else tokens
    if token in MOVES and not _can_move_on(state, player, base):
        return False
    try:
        preview_partial(state, player, compact((*tokens, token)))
    except GameError:
        return False
    return True


def _can_move_on(state: RncState, player: PlayerId, tokens: tuple[str, ...]) -> bool:
    try:
        preview = preview_partial(state, player, compact(tokens))
    except GameError:
        return False
    return preview.movement_left > 0 and not preview.stops_for_roll and not preview.finishes


def builder_board(snap: Snapshot, player: PlayerId, plan: Draft, image: bytes | None) -> Board:
    """The private builder: the draft so far (image), F / L / R, Undo, Clear, and Drive."""
    preview = plan.preview
    changes = "unlimited" if preview.lane_changes_left is None else preview.lane_changes_left
    lines = [
        f"**Steer step by step** · game #{snap.session_id} (only you see this)",
        f"Path: `{spaced(plan.tokens)}` · {preview.movement_left} still to drive · "
        f"lane changes left {changes} · Steering spent {preview.steering_spent}",
    ]
    lines.extend(f"⚠ {hit}" for hit in preview.hits[-4:])
    if plan.ready:
        lines.append("✅ Ready: tap **Drive it** to drive this path (the dice roll then).")
    elif plan.tokens:
        lines.append(f"Not yet: {plan.problem}")
    buttons: list[ButtonSpec] = []
    for token in MOVES:
        cid = _rnc_or_none(snap, STEP, compact((*plan.tokens, token)))
        if cid is not None:
            disabled = token not in plan.next_tokens
            buttons.append(ButtonSpec(MOVE_LABELS[token], cid, "primary", 0, disabled))
    undo = _rnc(snap, STEP, compact(plan.tokens[:-1]))
    buttons.append(ButtonSpec("↩ Undo", undo, "secondary", 0, disabled=not plan.tokens))
    buttons.append(ButtonSpec("✖ Cancel", _rnc(snap, CANCEL), "danger", 0))
    drive = _drive_id(snap, plan.tokens) if plan.ready else None
    if drive is not None:
        buttons.append(ButtonSpec(f"✅ Drive it: {spaced(plan.tokens)}"[:80], drive, "success", 1))
    extras = [t for t in plan.next_tokens if t not in MOVES]
    for i, token in enumerate(extras[: 2 * PER_ROW]):
        cid = _rnc_or_none(snap, STEP, compact((*plan.tokens, token)))
        if cid is not None:
            buttons.append(ButtonSpec(TOKEN_LABELS[token], cid, "secondary", 2 + i // PER_ROW))
    return Board(
        content=_clip("\n".join(lines)),
        image=image,
        filename=f"draft-{snap.session_id}-{snap.version}.png",
        buttons=_unique(buttons),
    )


def _unique(buttons: list[ButtonSpec]) -> tuple[ButtonSpec, ...]:
    """Disabled buttons may share an id with a live one (Discord refuses duplicates): drop them."""
    seen: set[str] = set()
    out: list[ButtonSpec] = []
    for button in buttons:
        if button.custom_id in seen:
            continue
        seen.add(button.custom_id)
        out.append(button)
    return tuple(out)


def _drive_id(snap: Snapshot, tokens: Sequence[str]) -> str | None:
    try:
        return _act(snap, MoveAction(path=compact(tokens)))
    except ValueError:  # too long for a custom_id: the player types it with drive:True
        return None


def preview_board(
    snap: Snapshot, tokens: Sequence[str], preview: PathPreview, image: bytes | None
) -> Board:
    """A checked path, privately: where it ends and what it hits, with Drive it / Edit / Cancel."""
    row, lane = preview.end
    lines = [
        f"**Planned move** `{spaced(tokens)}` · game #{snap.session_id} (only you see this)",
        f"Ends at row {row}, lane {lane + 1}"
        + (" · crosses the FINISH line!" if preview.finishes else "")
        + (
            " · the move pauses at the ram; the roll decides the rest"
            if preview.stops_for_roll
            else ""
        ),
    ]
    lines.extend(f"⚠ {hit}" for hit in preview.hits[:6])
    drive = _drive_id(snap, tokens)
    buttons: list[ButtonSpec] = []
    if drive is not None:
        buttons.append(ButtonSpec("✅ Drive it", drive, "success"))
    else:
        lines.append(
            f"This path is too long for a button: `/rushncrush move path:{compact(tokens)} "
            "drive:True` drives it."
        )
    edit = _rnc_or_none(snap, STEP, compact(tokens))
    if edit is not None:
        buttons.append(ButtonSpec("🕹 Edit step by step", edit, "primary"))
    buttons.append(ButtonSpec("✖ Cancel", _rnc(snap, CANCEL), "secondary"))
    return Board(
        content=_clip("\n".join(lines)),
        image=image,
        filename=f"preview-{snap.session_id}-{snap.version}.png",
        buttons=tuple(buttons),
    )


def gear_for(
    snap: Snapshot,
    player: PlayerId,
    speed: int,
    gear: int | None,
    turbo: int | None,
    brake: int | None,
) -> GearAction:
    """The legal gear choice a `/rushncrush gear` command names (the cheapest if several fit);
    an unlisted one is passed on as typed, so the rules explain why it is refused."""
    fits = [
        a
        for a in _gears(snap, player)
        if a.speed == speed
        and (gear is None or a.gear == gear)
        and (turbo is None or a.turbo == turbo)
        and (brake is None or a.brake == brake)
    ]
    if fits:
        return fits[0]
    reachable = ", ".join(str(s) for s in sorted({a.speed for a in _gears(snap, player)}))
    asked = f"speed {speed}" + (f" in gear {gear}" if gear is not None else "")
    asked += f" with {turbo} Turbo" if turbo else ""
    asked += f" with {brake} Brake" if brake else ""
    raise IllegalAction(
        f"no gear choice this turn gives {asked}; speeds you can reach: {reachable} "
        "(the board's buttons list every choice)"
    )
