"""The pending move, privately: its distinct results as buttons, each previewed as an image
before it is played, or a step-by-step builder (forward, lanes, overtake, undo) when the
results are too many. Plans come from `plan.py`; the Move itself is an action button.
"""

from __future__ import annotations

from games.apocalypseroad.choices import MoveResult
from games.apocalypseroad.model import ArState, ArView, Move, Pos
from games.engine import PlayerId
from render.apocalypseroad import render_apocalypseroad_preview
from table.answers import ButtonSpec, Message, Picture
from table.apocalypseroad.choose import pending_menu, shot_lines
from table.apocalypseroad.ids import (
    HAND,
    STEP,
    act_id,
    ar_id,
    ar_or_none,
    clip,
    header,
    looks,
    own_view,
    rows,
)
from table.apocalypseroad.plan import Draft, draft, trails
from table.service import Snapshot

STEP_LABELS = {
    "F": "⬆ Forward",
    "L": "⬅ Inside (L)",
    "R": "➡ Outside (R)",
    "DL": "↖ Diagonal in",
    "DR": "↗ Diagonal out",
    "X": "⤴ Overtake (X)",
}


def step_label(token: str) -> str:
    if token.startswith("F") and token[1:].isdigit():
        return f"⬆ Forward into lane {int(token[1:]) + 1}"
    return STEP_LABELS.get(token, token)


def compact(path: str) -> str:
    return " ".join(path.split())


def _labels(view: ArView) -> dict[int, str]:
    return {c.id: c.label for c in view.cars}


def spot_words(pos: Pos) -> str:
    sector, lane = pos
    if sector >= 100:
        return "the grid"
    return f"{sector}/{lane + 1}"


def result_words(view: ArView, result: MoveResult | None) -> str:
    """`A3 → 8/2 · B1 → 9/2 · rams C5 · C2 crosses the line` (sector/lane of each moved car)."""
    if result is None:
        return "no steps yet"
    labels = _labels(view)
    moved = sorted(result.moved, key=lambda m: m[0] != result.mover)
    parts = [f"{labels.get(car, car)} → {spot_words(pos)}" for car, pos in moved]
    if result.stop is not None and result.other is not None:
        what = {
            "ram": "rams",
            "crossover": "collides at the crossover with",
            "suppressed_ram": "stops (suppressed) behind",
        }.get(result.stop, result.stop)
        parts.append(f"{what} {labels.get(result.other, result.other)}")
    for car, direction in result.crossings:
        way = "crosses the line (+1 VP)" if direction > 0 else "backs over the line (-1 VP)"
        parts.append(f"{labels.get(car, car)} {way}")
    return " · ".join(parts) or "stays put"


def preview(snap: Snapshot, viewer: PlayerId, path: str) -> Picture:
    """The track with the draft `path` drawn on it, from `viewer`'s own view; raises BadStep
    if the path is not legal (any more)."""
    state = snap.state
    assert isinstance(state, ArState)
    view = own_view(snap, viewer)
    plan = draft(state, path)
    notes = [result_words(view, plan.result), f"{plan.mp_left} MP left"]
    return Picture(
        "preview",
        snap.spec.key,
        snap.session_id,
        render_apocalypseroad_preview,
        (view, trails(state, path)),
        {"title": f"Planned move: {path or '(no steps yet)'}", "notes": notes},
        viewer=viewer,
        alt=f"The track with your planned move {path or '(no steps yet)'}: " + "; ".join(notes),
    )


def move_board(
    snap: Snapshot, viewer: PlayerId, view: ArView, image: bytes | Picture | None, path: str
) -> Message:
    """The move step: the distinct results (each a preview button) or the builder."""
    state = snap.state
    assert isinstance(state, ArState)
    if path:
        return builder_board(snap, view, draft(state, path), image)
    pending = pending_menu(snap, viewer, view, state)
    if pending is None:
        return builder_board(snap, view, draft(state, ""), image)
    menu, track = pending
    act = view.activation
    mp = act.mp if act is not None else 0
    build = ButtonSpec("🛠 Build it step by step", ar_id(snap, STEP, ""))
    content = "\n".join(
        [
            header(snap),
            *shot_lines(view),
            f"➡️ move with {mp} MP: pick the result in the menu (best first; one pick plays "
            "it), or build it step by step.",
        ]
    )
    return Message(
        clip(content),
        track,
        f"choose-{snap.session_id}-{snap.version}.png",
        rows([], [build, *looks(snap)], first=1),
        selects=(menu,),
    )


def option_board(snap: Snapshot, view: ArView, path: str, image: bytes | Picture | None) -> Message:
    """One result, previewed: play it, or go back to the list."""
    state = snap.state
    assert isinstance(state, ArState)
    plan = draft(state, path)
    buttons = [
        ButtonSpec("✅ Play this move", act_id(snap, Move(path=compact(path))), "success"),
        ButtonSpec("◀ Other results", ar_id(snap, HAND)),
    ]
    edit = ar_or_none(snap, STEP, compact(path))
    if edit is not None:
        buttons.append(ButtonSpec("🛠 Edit step by step", edit))
    content = (
        f"{header(snap)}\n👀 Not played yet: `{compact(path) or '(no steps)'}` → "
        f"{result_words(view, plan.result)}"
    )
    return Message(
        clip(content), image, f"preview-{snap.session_id}-{snap.version}.png", rows([buttons], [])
    )


def builder_board(
    snap: Snapshot, view: ArView, plan: Draft, image: bytes | Picture | None
) -> Message:
    """The builder: one button per legal next step, Undo, and Play once the move is complete."""
    tokens = plan.tokens
    steps = []
    for token in plan.options:
        cid = ar_or_none(snap, STEP, " ".join((*tokens, token)))
        if cid is not None:
            steps.append(ButtonSpec(step_label(token), cid, "primary"))
    control = [
        ButtonSpec("↩ Undo", ar_id(snap, STEP, " ".join(tokens[:-1])), disabled=not tokens),
    ]
    if plan.ready:
        control.insert(
            0, ButtonSpec("✅ Play this move", act_id(snap, Move(path=" ".join(tokens))), "success")
        )
    lines = [
        f"{header(snap)}",
        f"🛠 Move step by step: `{' '.join(tokens) or '(no steps yet)'}` · {plan.mp_left} MP left",
        f"So far: {result_words(view, plan.result)}",
    ]
    if plan.ready:
        lines.append("✅ Complete: play it, or undo a step.")
    elif not plan.options:
        lines.append("No step fits from here: undo a step.")
    tail = looks(snap)
    return Message(
        clip("\n".join(lines)),
        image,
        f"draft-{snap.session_id}-{snap.version}.png",
        rows([steps[:10], control], tail),
    )
