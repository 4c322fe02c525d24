"""⚡ The bot's whole choice in the trucker's seat, one tap (issue 26), where the menus cannot
list every move that says the next choices ahead:

- the last two dice written, then a reroll or flip (`Fill.tweak`): a box and a pip for each
  manipulation make a hundred or more such moves;
- two consequences' losses with the pip that pays the jump (`HitTwo.jump`): every pair with
  every pip is often over a hundred.

The button makes the move the bot would make (`games.spacetruckin.policy.suggestion`), which
reads only the trucker's own sheet and the shared chart; it is an action button like any
other, checked by the rules when pressed. The menus still offer every choice step by step.
"""

from __future__ import annotations

from games.engine import PlayerId
from games.spacetruckin.challenge import challenge_result
from games.spacetruckin.models import Fill, HitTwo, SpaceTruckinState
from games.spacetruckin.policy import suggestion
from games.spacetruckin.view import SpaceTruckinView
from table.answers import ButtonSpec
from table.service import Snapshot
from table.spacetruckin.fill import box_words, written
from table.spacetruckin.ids import act_id

QUICK = "⚡"
"""Begins the button that makes the bot's whole choice in the trucker's seat."""


def quick_buttons(snap: Snapshot, view: SpaceTruckinView, viewer: PlayerId) -> list[ButtonSpec]:
    """⚡ for the move the bot would make here, when it says ahead what the menus cannot (a
    fill with its reroll or flip, two losses with the jump); else none."""
    state = snap.state
    if not isinstance(state, SpaceTruckinState) or snap.outcome is not None:
        return []
    move = suggestion(state, viewer)
    if isinstance(move, Fill) and move.tweak is not None:
        label = _fill_words(view, move)
    elif isinstance(move, HitTwo) and move.jump is not None:
        lost = f"{_short(view, move.system_piece)} + {_short(view, move.shape_piece)}"
        label = f"Lose {lost} · jump {move.jump}"
    else:
        return []
    if move not in snap.legal_actions(viewer):
        return []
    return [ButtonSpec(f"{QUICK} {label}"[:80], act_id(snap, move), "success")]


def _fill_words(view: SpaceTruckinView, fill: Fill) -> str:
    """`5 in Top 4 · 2 in Bottom 4 → 1203, reroll Top 1`."""
    assert view.sheet is not None and fill.tweak is not None
    d1, d2 = view.sheet.dice
    boxes = written(view, fill)
    result = "?" if None in boxes else str(challenge_result(boxes))
    tweak = f"{fill.tweak.effect} {box_words(fill.tweak.box)}"
    return f"{d1} in {box_words(fill.first)} · {d2} in {box_words(fill.second)} → {result}, {tweak}"


def _short(view: SpaceTruckinView, piece: int | None) -> str:
    """`Reactor D7`: a piece by its system and first grid (the Bridge when none matches)."""
    assert view.sheet is not None
    found = next((p for p in view.sheet.pieces if p.id == piece), None)
    return "Bridge" if found is None else f"{found.system} {found.cells[0]}"


def quick_words(buttons: list[ButtonSpec]) -> str:
    """The line that says what ⚡ does, when it is offered."""
    if not buttons:
        return ""
    return f"\n{QUICK} makes the choice the bot would make in your seat, in one tap."
