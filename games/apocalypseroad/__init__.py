"""Apocalypse Road (GMT Games 2020): team car racing with cards, linked lines and combat.

Exports `SPEC`, plus the few-taps helpers the Discord adapter uses (`move_results`,
`preview_move`, `sample_moves`, `event_options`)."""

from __future__ import annotations

from games.apocalypseroad.choices import (
    MovePreview,
    MoveResult,
    legal_actions,
    move_results,
    play_actions,
    preview_move,
    sample_moves,
)
from games.apocalypseroad.flow import setup
from games.apocalypseroad.model import ACTION_ADAPTER, Action, ArOptions, ArState, ArView
from games.apocalypseroad.policy import bot_move
from games.apocalypseroad.rules import active_players, apply
from games.apocalypseroad.text import RULES_TEXT, describe, text_board
from games.apocalypseroad.view import outcome, private_part, standings, view
from games.engine import GameSpec

RULES_VERSION = 1


def public_moves(state: ArState) -> bool:
    """Every move is made in the open except the end-of-turn discards."""
    return state.phase != "discard"


SPEC: GameSpec[ArState, Action, ArOptions, ArView] = GameSpec(
    key="apocalypseroad",
    title="Apocalypse Road",
    min_players=2,
    max_players=10,
    rules_version=RULES_VERSION,
    rules_text=RULES_TEXT,
    options_model=ArOptions,
    state_model=ArState,
    action_adapter=ACTION_ADAPTER,
    setup=setup,
    active_players=active_players,
    legal_actions=legal_actions,
    apply=apply,
    outcome=outcome,
    view=view,
    describe=describe,
    has_private_views=True,
    text_board=text_board,
    private_part=private_part,
    policy=bot_move,
    standings=standings,
    turn_time=24 * 3600.0,
    summary="Team car racing with cards, linked lines and guns for 2-10 players: 12 VP wins.",
    length="60-90 minutes live; a week or two by turns",
    extra={
        "lists_all_actions": False,
        "simultaneous": True,
        "public_moves": public_moves,
        "move_results": move_results,
        "preview_move": preview_move,
        "sample_moves": sample_moves,
        "play_actions": play_actions,
    },
)

__all__ = [
    "SPEC",
    "MovePreview",
    "MoveResult",
    "move_results",
    "preview_move",
    "sample_moves",
]
