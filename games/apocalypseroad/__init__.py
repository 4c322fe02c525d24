"""Apocalypse Road (GMT Games 2020): team car racing with cards, linked lines and combat.

Exports `SPEC`, plus the few-taps helpers the Discord adapter uses (`move_results`,
`preview_move`, `sample_moves`, `event_options`)."""

from __future__ import annotations

from typing import Any

from games.apocalypseroad.choices import (
    MovePreview,
    MoveResult,
    legal_actions,
    move_results,
    play_actions,
    preview_move,
    sample_moves,
)
from games.apocalypseroad.data import LONG_POOL, RACE_LENGTHS, STANDARD_POOL
from games.apocalypseroad.flow import setup
from games.apocalypseroad.lone import forced_move
from games.apocalypseroad.model import ACTION_ADAPTER, Action, ArOptions, ArState, ArView
from games.apocalypseroad.narration import audience, narrate
from games.apocalypseroad.policy import bot_move
from games.apocalypseroad.rules import active_players, apply
from games.apocalypseroad.text import RULES_TEXT, describe, text_board
from games.apocalypseroad.view import outcome, private_part, prompt, standings, view
from games.engine import Event, GameSpec, PlayerId, raw_event

RULES_VERSION = 2


def public_moves(state: ArState) -> bool:
    """Moves, fire and event answers reveal nothing; choosing a card (the hand) and the
    discards are made privately."""
    return state.phase in ("action", "debris") and (
        state.phase == "debris" or state.activation is not None
    )


def public_prompt(state: ArState, player: PlayerId) -> str:
    """What `player` is asked now, in words the whole table may read."""
    if state.phase == "pick":
        return "pick your cars for the race (🃏 My hand: the standard set is one tap)"
    if state.phase == "discard":
        return "discard any unwanted race cards (Show my hand)"
    if state.phase == "debris":
        return "Dangerous Debris: pick one of your cars to take 1 damage"
    act = state.activation
    if act is None:
        return "play a race card for one of your cars (Show my hand)"
    return prompt(state).text


def lobby_note(options: ArOptions) -> str:
    """The race's length, said in the lobby, and how to change it."""
    if options.long_race:
        return (
            f"🏁 Long race: {LONG_POOL} VP to win ({RACE_LENGTHS}). The standard race: "
            "`/game option setting:long_race value:false`."
        )
    return (
        f"🏁 Standard race: {STANDARD_POOL} VP to win ({RACE_LENGTHS}). A turn longer: "
        f"`/game option setting:long_race value:true` ({LONG_POOL} VP)."
    )


def describe_event(event: Event | dict[str, Any]) -> str:
    """The log line of one event, for anyone (no seat is named by `names` here)."""
    return narrate(raw_event(event), {})


SPEC: GameSpec[ArState, Action, ArOptions, ArView] = GameSpec(
    key="apocalypseroad",
    title="Apocalypse Road",
    min_players=2,
    max_players=10,
    rules_version=RULES_VERSION,
    rules_text=RULES_TEXT,
    changelog={
        2: (
            "- Choosing cars (3.0): every race starts with each player picking their cars;"
            " the standard set is one tap, and the bot or a clock that runs out picks it"
            " (the host may skip the pick: option pick_cars off).\n"
            "- Targets (8.1) are by position: you may fire at your own cars in arc, and a"
            " Spray (8.5) hits your own cars beside the target too (your own losses score"
            " nobody).\n"
            "- The race ends the instant the last VP is claimed (5.5, 11.5): the move stops on"
            " that step.\n"
            "- A diagonal step into an occupied space displaces the car there for 2 MP, as a"
            " lateral step does, instead of being refused."
        )
    },
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
    narrate=narrate,
    audience=audience,
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
        "prompt": public_prompt,
        "describe_event": describe_event,
        "move_results": move_results,
        "preview_move": preview_move,
        "sample_moves": sample_moves,
        "play_actions": play_actions,
        "lobby_note": lobby_note,
        "forced": forced_move,
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
