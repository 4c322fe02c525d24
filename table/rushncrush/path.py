"""Rush 'n' Crush private path messages: the step-by-step builder and the path preview.

Each builder step is an `rnc:` button carrying the draft path so far (see `ids.py`); the
preview's "Drive it" is an ordinary action button played through `Host.play`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.engine import GameError, IllegalAction, PlayerId
from games.rushncrush import (
    ActivateAction,
    GearAction,
    PathPreview,
    RncState,
    parse_path,
    preview_partial,
    preview_path,
)
from table.answers import ButtonSpec, Message, Picture
from table.rushncrush.board import activation_label, legal_gears
from table.rushncrush.ids import (
    CANCEL,
    DRIVE,
    EXTRAS,
    MOVE_LABELS,
    MOVES,
    PENDING,
    PER_ROW,
    STEP,
    SWITCH,
    TOKEN_LABELS,
    USE_HERE,
    clip,
    compact,
    rnc_id,
    rnc_or_none,
    spaced,
    use_id,
)
from table.service import Snapshot

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


def builder_board(
    snap: Snapshot, player: PlayerId, plan: Draft, image: bytes | Picture | None
) -> Message:
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
        cid = rnc_or_none(snap, STEP, compact((*plan.tokens, token)))
        if cid is not None:
            disabled = token not in plan.next_tokens
            buttons.append(ButtonSpec(MOVE_LABELS[token], cid, "primary", 0, disabled))
    undo = rnc_id(snap, STEP, compact(plan.tokens[:-1]))
    buttons.append(ButtonSpec("↩ Undo", undo, "secondary", 0, disabled=not plan.tokens))
    buttons.append(ButtonSpec("✖ Cancel", rnc_id(snap, CANCEL), "danger", 0))
    drive = _drive_id(snap, plan.tokens) if plan.ready else None
    if drive is not None:
        buttons.append(ButtonSpec(f"✅ Drive it: {spaced(plan.tokens)}"[:80], drive, "success", 1))
    extras = [t for t in plan.next_tokens if t not in MOVES]
    for i, token in enumerate(extras[: 2 * PER_ROW]):
        cid = rnc_or_none(snap, STEP, compact((*plan.tokens, token)))
        if cid is not None:
            buttons.append(ButtonSpec(TOKEN_LABELS[token], cid, "secondary", 2 + i // PER_ROW))
    return Message(
        content=clip("\n".join(lines)),
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
    """Drive it, as an `rnc:` verb (not a plain action button) so that driving redraws the
    private message it sat on; None when too long for a custom_id (`drive:True` types it)."""
    return rnc_or_none(snap, DRIVE, compact(tokens))


def preview_board(
    snap: Snapshot,
    tokens: Sequence[str],
    preview: PathPreview,
    image: bytes | Picture | None,
    others: Sequence[str] = (),
    uses: Sequence[ActivateAction] = (),
) -> Message:
    """A checked path, privately: where it ends and what it hits, with Drive it (saying the
    items it arms), Edit, Cancel, the items the mover may `uses` first (each redraws this
    preview on the path from there) and the `others` suggested paths (each redraws it too)."""
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
    lines.extend(f"{'🔧' if hit.startswith('arm ') else '⚠'} {hit}" for hit in preview.hits[:6])
    drive = _drive_id(snap, tokens)
    buttons: list[ButtonSpec] = []
    if drive is not None:
        arms = [TOKEN_LABELS[t].removeprefix("Arm ") for t in tokens if t.startswith("+")]
        label = "✅ Drive it" + (f" (arms {', '.join(arms)})" if arms else "")
        buttons.append(ButtonSpec(label[:80], drive, "success", 0))
    else:
        lines.append(
            f"This path is too long for a button: `/rushncrush move path:{compact(tokens)} "
            "drive:True` drives it."
        )
    edit = rnc_or_none(snap, STEP, compact(tokens))
    if edit is not None:
        buttons.append(ButtonSpec("🕹 Edit step by step", edit, "primary", 0))
    buttons.append(ButtonSpec("✖ Cancel", rnc_id(snap, CANCEL), "secondary", 0))
    for use in uses[:PER_ROW]:
        buttons.append(
            ButtonSpec(activation_label(use), use_id(snap, USE_HERE, use), "secondary", 1)
        )
    for other in others[: PER_ROW - 1]:
        path = compact(parse_path(other))
        cid = rnc_or_none(snap, SWITCH, path)
        if cid is not None and path != compact(tokens):
            # "other": it only shows another path, as Drive it beside it drives this one
            buttons.append(ButtonSpec(f"👁 Other path: {other}"[:80], cid, "secondary", 2))
    return Message(
        content=clip("\n".join(lines)),
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
        for a in legal_gears(snap, player)
        if a.speed == speed
        and (gear is None or a.gear == gear)
        and (turbo is None or a.turbo == turbo)
        and (brake is None or a.brake == brake)
    ]
    if fits:
        return fits[0]
    reachable = ", ".join(str(s) for s in sorted({a.speed for a in legal_gears(snap, player)}))
    asked = f"speed {speed}" + (f" in gear {gear}" if gear is not None else "")
    asked += f" with {turbo} Turbo" if turbo else ""
    asked += f" with {brake} Brake" if brake else ""
    raise IllegalAction(
        f"no gear choice this turn gives {asked}; speeds you can reach: {reachable} "
        "(the board's buttons list every choice)"
    )
