"""Road Wolf (Sean Patten): vehicle combat on a moving highway, refereed on a 1-inch grid.
Exports `SPEC`."""

from __future__ import annotations

from games.engine import GameSpec
from games.roadwolf.describe import describe, describe_event, prompt
from games.roadwolf.model import ACTION_ADAPTER, Action, RwOptions, RwState, RwView
from games.roadwolf.narration import audience, narrate
from games.roadwolf.policy import bot_move
from games.roadwolf.preview import parse_move, preview, reach, targets, typed_action
from games.roadwolf.rules import active_players, apply, legal_actions, outcome, setup, standings
from games.roadwolf.text import RULES_TEXT
from games.roadwolf.text_board import text_board
from games.roadwolf.view import private_part, view

RULES_VERSION = 4


SPEC: GameSpec[RwState, Action, RwOptions, RwView] = GameSpec(
    key="roadwolf",
    title="Road Wolf",
    min_players=2,
    max_players=6,
    rules_version=RULES_VERSION,
    rules_text=RULES_TEXT,
    options_model=RwOptions,
    state_model=RwState,
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
    changelog={
        2: (
            "- GAUNTLET: every player is a Courier side of their own (or the players form"
            " `teams`); the first out, each vehicle out and the most enemy points score for"
            " that side; sides tied on top share the win.\n"
            "- GAUNTLET: a Skull is spent only if you choose, after the attack is drawn"
            " (💀 Spend / 💥 Take on your panel); Couriers of different sides may not shoot,"
            " melee, spike or ram each other.\n"
            "- DERAILED: any number of teams (2-6, alternate roads at the START); anything that"
            " meets the Engine's front face is rammed with 6 dice and thrown 1 stick; crew may"
            " climb back from the train onto their own team's vehicles; a team holding the"
            " Engine may fill its second seat."
        ),
        3: (
            "- SPIN: a spun vehicle makes no further wipeout check, not even on its own skid.\n"
            "- SUPPLIES: only a vehicle whose own move ended on the card may use it (not one"
            " the card drifted under).\n"
            "- CHASE: every replacement takes a rank up to all the cops lost so far (two lost"
            " before one cop turn: both rank 2).\n"
            "- TAKEOVER: you choose which crew goes across, the Driver included (then your"
            " vehicle is abandoned).\n"
            "- Scores show as they stand after every action."
        ),
        4: (
            "- Army building: spending your last point and token no longer ends your building;"
            " you may still place your vehicles, set crew orders or start again, then press"
            " ✅ Army ready. Play begins once every side is ready."
        ),
    },
    summary=(
        "Vehicle combat on a moving highway: two sides (GAUNTLET, DERAILED: up to six), rams "
        "and wrecks."
    ),
    length="30-90 minutes live; several days by turns",
    extra={
        "lists_all_actions": False,
        "preview": preview,
        "reach": reach,
        "targets": targets,
        "parse_move": parse_move,
        "typed_action": typed_action,
        "describe_event": describe_event,
        "prompt": prompt,
    },
)

__all__ = ["SPEC", "RwOptions", "RwState", "RwView", "parse_move", "preview", "reach"]
