"""Drag Rage: a two-player gambling drag race (Ian Schreiber's 2009 course wiki game)."""

from __future__ import annotations

from collections.abc import Sequence

from games.dragrage.describe import describe, describe_event, prompt
from games.dragrage.narration import narrate
from games.dragrage.policy import bot_move
from games.dragrage.rules import active_players, apply, legal_actions, outcome, setup, standings
from games.dragrage.state import (
    ACTION_ADAPTER,
    Advance,
    DragRageAction,
    DragRageState,
    DragRageView,
)
from games.dragrage.text import RULES_TEXT
from games.dragrage.text_board import text_board
from games.dragrage.view import view
from games.engine import Event, GameSpec, NoOptions, PlayerId

CHANGELOG = {
    2: (
        "• Broken chute: when every free counter would carry your car past space 26 you must "
        "still take one (or call Let's Roll). Your car goes off the end, the counter counts, and "
        "you win only if the other car fails to finish. Before, the car just stopped.\n"
        "• Blown engine: only when you need more spaces to cross than all the free counters add "
        "up to (the designer's test). A car that can cross only by overshooting races on.\n"
        "• Every heat, re-runs included, starts with a coin flip for who goes first (before: "
        "the loser of the last heat started)."
    ),
}


def forced_move(state: DragRageState, player: PlayerId) -> DragRageAction | None:
    """The driver's one legal move, if they have no other (a Pass after a failed challenge,
    "Roll 2 dice" without nitro, the one counter left): the table makes it for them."""
    legal = legal_actions(state, player)
    return legal[0] if len(legal) == 1 else None


def can_take_back(
    state: DragRageState, player: PlayerId, action: DragRageAction, events: Sequence[Event]
) -> bool:
    """Ruling 9: only an advance (public, no die), and only before the opponent reacts (the
    service checks that nobody acted since). Let's Roll, a declaration, nitro and a pass stand."""
    return isinstance(action, Advance)


SPEC: GameSpec[DragRageState, DragRageAction, NoOptions, DragRageView] = GameSpec(
    key="dragrage",
    title="Drag Rage",
    min_players=2,
    max_players=2,
    rules_version=2,
    standings=standings,
    summary=(
        'Two-player drag race of bluff and nerve: play counters, call "Let\'s Roll!" on '
        "your rival's risky moves."
    ),
    length="about 10 minutes live; a day or two by turns",
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
    narrate=narrate,
    policy=bot_move,
    text_board=text_board,
    changelog=CHANGELOG,
    can_take_back=can_take_back,
    extra={"describe_event": describe_event, "prompt": prompt, "forced": forced_move},
)

__all__ = [
    "RULES_TEXT",
    "SPEC",
    "DragRageAction",
    "DragRageState",
    "DragRageView",
    "describe_event",
]
