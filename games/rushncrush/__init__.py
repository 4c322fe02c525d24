"""Rush 'n' Crush (Roger's Rules, 2024): car combat racing on a lane grid. Exports `SPEC`."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import Event, GameSpec, PlayerId
from games.rushncrush.model import (
    ACTION_ADAPTER,
    Action,
    ActivateAction,
    GearAction,
    MoveAction,
    RncOptions,
    RncState,
)
from games.rushncrush.narration import narrate
from games.rushncrush.path import PathPreview, parse_path, sample_paths
from games.rushncrush.policy import best_path, bot_move
from games.rushncrush.preview import preview_partial, preview_path, swerve_steps
from games.rushncrush.rules import (
    active_players,
    apply,
    describe,
    legal_actions,
    outcome,
    setup,
    standings,
)
from games.rushncrush.text import RULES_TEXT
from games.rushncrush.text_board import text_board
from games.rushncrush.view import RncView, view

RULES_VERSION = 1

_CONTACT = frozenset({"collision", "damage", "car_wrecked", "race_won"})


def can_take_back(
    state: RncState, player: PlayerId, action: Action, events: Sequence[Event]
) -> bool:
    """Take-backs: a gear choice rolls the dice, so it always stands; a path or an activation
    may be taken back if it touched nothing (no collision, damage, wreck or win)."""
    if isinstance(action, GearAction):
        return False
    return not any(event.kind in _CONTACT for event in events)


def prompt(state: RncState, player: PlayerId) -> str:
    """What `player` is asked now, in words the whole table may read (refusals name it)."""
    turn = state.turn
    if state.finished or turn is None or turn.player != player:
        return "wait for their turn"
    if turn.phase == "gear":
        return "choose a gear and speed"
    return f"drive {turn.movement_left} spaces"


SPEC: GameSpec[RncState, Action, RncOptions, RncView] = GameSpec(
    key="rushncrush",
    title="Rush 'n' Crush",
    min_players=2,
    max_players=6,
    rules_version=RULES_VERSION,
    standings=standings,
    summary="Car racing with gears, heat and weapons on a folded track for 2-6 drivers.",
    length="30-60 minutes live; several days by turns",
    rules_text=RULES_TEXT,
    options_model=RncOptions,
    state_model=RncState,
    action_adapter=ACTION_ADAPTER,
    setup=setup,
    active_players=active_players,
    legal_actions=legal_actions,
    apply=apply,
    outcome=outcome,
    view=view,
    describe=describe,
    narrate=narrate,
    policy=bot_move,
    text_board=text_board,
    can_take_back=can_take_back,
    # legal_actions lists sample paths, not every path: an unlisted path may still be legal
    extra={
        "preview_path": preview_path,
        "parse_path": parse_path,
        "lists_all_actions": False,
        "prompt": prompt,
    },
)

__all__ = [
    "SPEC",
    "ActivateAction",
    "GearAction",
    "MoveAction",
    "PathPreview",
    "RncOptions",
    "RncState",
    "RncView",
    "best_path",
    "parse_path",
    "preview_partial",
    "preview_path",
    "sample_paths",
    "swerve_steps",
]
