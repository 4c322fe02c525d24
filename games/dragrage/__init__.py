"""Drag Rage: a two-player gambling drag race (Ian Schreiber's 2009 course wiki game)."""

from __future__ import annotations

from games.dragrage.describe import describe, describe_event, prompt
from games.dragrage.rules import active_players, apply, legal_actions, outcome, setup
from games.dragrage.state import (
    ACTION_ADAPTER,
    DragRageAction,
    DragRageState,
    DragRageView,
)
from games.dragrage.text import RULES_TEXT
from games.dragrage.view import view
from games.engine import GameSpec, NoOptions

SPEC: GameSpec[DragRageState, DragRageAction, NoOptions, DragRageView] = GameSpec(
    key="dragrage",
    title="Drag Rage",
    min_players=2,
    max_players=2,
    rules_version=1,
    rules_text=RULES_TEXT,
    options_model=NoOptions,
    state_model=DragRageState,
    action_adapter=ACTION_ADAPTER,
    setup=setup,
    active_players=active_players,
    legal_actions=legal_actions,
    apply=apply,
    outcome=outcome,
    view=view,
    describe=describe,
    extra={"describe_event": describe_event, "prompt": prompt},
)

__all__ = [
    "RULES_TEXT",
    "SPEC",
    "DragRageAction",
    "DragRageState",
    "DragRageView",
    "describe_event",
]
