"""Short player-facing labels for actions and events. A token placed in army building is
never named (it stays hidden until used)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import Event, PlayerId
from games.roadwolf.data import VEHICLES
from games.roadwolf.missions.gauntlet_enemies import attack_words
from games.roadwolf.model import (
    Action,
    BuyAction,
    CrewOrderAction,
    DecideAction,
    MeleeAction,
    MoveAction,
    NitroAction,
    PlaceAction,
    ReadyAction,
    ResetAction,
    RwState,
    ShootAction,
    SimpleAction,
    SpikesAction,
    SuppliesAction,
    TargetAction,
    TokenAction,
    TrainAction,
)
from games.roadwolf.words import budget_words


def offset_text(dx: int, dy: int) -> str:
    """The typed notation: L/R cells sideways, F/B cells forward/back (`L2F3`)."""
    parts = []
    if dx:
        parts.append(f"{'R' if dx > 0 else 'L'}{abs(dx)}")
    if dy:
        parts.append(f"{'F' if dy > 0 else 'B'}{abs(dy)}")
    return "".join(parts) or "0"


def describe(action: Action) -> str:
    match action:
        case BuyAction():
            cls = VEHICLES.get(action.vehicle_class)
            return f"buy a {cls.name if cls else action.vehicle_class}"
        case TokenAction():
            return f"place a token on {action.vehicle}"
        case PlaceAction():
            return f"place {action.vehicle} at {action.x},{action.y}"
        case ResetAction():
            return "start the army again"
        case ReadyAction():
            return "✅ Army ready"
        case CrewOrderAction():
            return f"choose who {action.vehicle} loses first"
        case MoveAction():
            return f"{action.vehicle} {action.kind} {offset_text(action.dx, action.dy)}"
        case NitroAction():
            return f"{action.vehicle} nitro"
        case ShootAction():
            how = " (Gunner)" if action.gunner else ""
            return f"{action.vehicle} shoots {action.target} with {action.weapon}{how}"
        case MeleeAction():
            return f"{action.vehicle} melees {action.target}"
        case SpikesAction():
            return f"{action.vehicle} spikes {action.target}"
        case TargetAction():
            return f"{action.vehicle} {action.kind} {action.target}"
        case SimpleAction(kind="repair"):
            return f"{action.vehicle} repairs" + (" (Mechanic)" if action.mechanic else "")
        case SimpleAction(kind="turn_around"):
            return f"{action.vehicle} turns around"
        case SimpleAction():
            return f"{action.vehicle} done"
        case SuppliesAction():
            return f"{action.vehicle} uses the Supplies"
        case TrainAction(kind="board"):
            return f"{action.vehicle} boards {action.target}"
        case TrainAction(kind="search"):
            return f"{action.vehicle} searches the Gondola"
        case TrainAction():
            return f"{action.vehicle} drives the train 1 stick"
        case DecideAction(choice="skull"):
            return f"Spend a Skull: ignore {attack_words(action.token, action.target)}"
        case DecideAction():
            return f"Take {attack_words(action.token, action.target)}"
    return str(action.kind)


def prompt(state: RwState, player: PlayerId) -> str:
    """What the public board asks of a player to act: their army while building (the counts
    left are public), a pending decision in words (GAUNTLET's Skull), else their move."""
    side = state.side_of(player)
    if state.phase == "build" and side is not None:
        mine = state.sides[side]
        left = budget_words(mine.points - mine.spent, mine.tokens_allowed - mine.tokens_bought)
        return f"building your army: {left}"
    turn = state.turn
    if turn is not None and turn.decision:
        return f"decide: {turn.decision}"
    return "your move"


def describe_event(event: Event | Mapping[str, Any], **_: Any) -> str:
    raw = event.model_dump(mode="json") if isinstance(event, Event) else event
    if raw.get("kind") == "dice_rolled":
        dice = ", ".join(str(d) for d in raw.get("dice", ()))
        return f"rolled {dice} ({raw.get('why', 'roll')})"
    return str(raw.get("text", raw.get("kind", "")))
