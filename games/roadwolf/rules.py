"""The contract's pure functions: who acts, what is legal, apply, outcome, standings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine import (
    GameOver,
    IllegalAction,
    NotYourTurn,
    Outcome,
    PlayerId,
    Rng,
    Step,
)
from games.roadwolf import build, placement
from games.roadwolf.build import setup
from games.roadwolf.checks import Plan, PlayAction, actions_at_start, can_act, check
from games.roadwolf.driving import drive_told
from games.roadwolf.fight import (
    melee,
    pickup,
    repair,
    shoot,
    spikes,
    supplies,
    takeover,
    transfer,
)
from games.roadwolf.geometry import MoveKind
from games.roadwolf.legal import legal_for_side
from games.roadwolf.missions import judge, place_refusal, rules_of
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
    Side,
    SimpleAction,
    SpikesAction,
    SuppliesAction,
    TargetAction,
    TokenAction,
    TrainAction,
    Turn,
)
from games.roadwolf.road import abandoned_checks, road_turn
from games.roadwolf.table import Ctx
from games.roadwolf.view import winning_sides

__all__ = ["active_players", "apply", "legal_actions", "outcome", "setup", "standings"]

MAX_EMPTY_TURNS = 64
"""Turns skipped in a row because nobody can act before the road alone decides the game."""


def active_players(state: RwState) -> frozenset[PlayerId]:
    if state.finished:
        return frozenset()
    if state.phase == "build":
        return frozenset(p for side in state.sides if not side.built for p in side.players)
    assert state.turn is not None
    return frozenset(state.sides[state.turn.side].players)


def legal_actions(state: RwState, player: PlayerId) -> Sequence[Action]:
    if player not in active_players(state):
        return ()
    side = state.side_of(player)
    assert side is not None
    return legal_for_side(state, side)


def apply(state: RwState, player: PlayerId, action: Action, rng: Rng) -> Step[RwState]:
    if state.finished:
        raise GameOver(f"the game is over: {state.end_reason}")
    side = state.side_of(player)
    if side is None or player not in active_players(state):
        whose = "army building" if state.phase == "build" else _whose(state)
        raise NotYourTurn(f"it is not your turn ({whose})")
    ctx = Ctx(state, rng)
    if state.phase == "build":
        match action:
            case BuyAction():
                build.buy(ctx, side, action.vehicle_class)
            case TokenAction():
                build.add_token(ctx, side, action)
            case ReadyAction():
                build.declare_ready(ctx, side)
            case ResetAction():
                if not build.can_reset(state, side):
                    raise IllegalAction("nothing bought yet to start again")
                build.reset(ctx, side)
            case CrewOrderAction():
                build.crew_order(ctx, side, action)
            case PlaceAction():
                refusal = place_refusal(state, side)
                if refusal is not None:
                    raise IllegalAction(refusal)
                placement.place(ctx, side, action)
            case _:
                raise IllegalAction("armies are still being built: buy vehicles and tokens")
        first = rules_of(state).places_first
        if first is not None and not state.sides[first].built and ctx.sides[first].built:
            placement.place_side(ctx, first)  # done: the rest of its vehicles placed now
        if all(s.built for s in ctx.sides):
            placement.place_armies(ctx)
            mission = rules_of(state)
            if mission.on_start is not None:
                mission.on_start(ctx)
            if mission.after_action is not None:
                mission.after_action(ctx)
            ready = "Both armies are" if len(ctx.sides) == 2 else "Every army is"
            ctx.say("", f"{ready} ready: the mission begins.", kind="start")
            state = ctx.freeze(phase="play")
            return _advance(ctx, ctx.freeze(order=mission.order(state), slot=-1))
        return Step(ctx.freeze(), tuple(ctx.events))
    free = rules_of(state).free
    if (
        isinstance(action, (TokenAction, PlaceAction))
        and free is not None
        and free(ctx, side, action)
    ):
        return Step(ctx.freeze(), tuple(ctx.events))
    if isinstance(action, (BuyAction, TokenAction, ResetAction, ReadyAction, PlaceAction)):
        raise IllegalAction("army building is over")
    if isinstance(action, CrewOrderAction):
        build.crew_order(ctx, side, action)
        return Step(ctx.freeze(), tuple(ctx.events))
    assert state.turn is not None
    if isinstance(action, DecideAction) or state.turn.decision:
        return _decide(ctx, action)
    plan = check(state, action)
    turn = _spend(state.turn, plan, action)
    _perform(ctx, action, plan, turn)
    after = rules_of(state).after_action
    if after is not None:
        after(ctx)
    if action.kind == "takeover":
        turn = turn.model_copy(update={"taken": (*turn.taken, action.target)})
    return _after_action(ctx, turn, plan.vehicle.letter, action)


def _decide(ctx: Ctx, action: Action) -> Step[RwState]:
    """A side's answer to the mission's pending `Turn.decision` (GAUNTLET's Skull); then the
    paused step goes on, and the round's order after it."""
    state = ctx.state
    mission = rules_of(state)
    assert state.turn is not None
    pending = state.turn.decision
    offered = mission.decisions(state) if pending and mission.decisions is not None else []
    if not pending:
        raise IllegalAction("there is nothing to decide now")
    if action not in offered:
        raise IllegalAction(f"first decide: {pending}")
    assert mission.decide is not None
    turn = mission.decide(ctx, action)
    if mission.after_action is not None:
        mission.after_action(ctx)
    state = ctx.freeze(turn=turn)
    verdict = judge(state)
    if verdict.over:
        return _end(ctx, state, verdict.winner, verdict.reason, verdict.score)
    if turn is not None:
        return Step(_with_score(state, verdict.score), tuple(ctx.events))
    return _advance(ctx, state)


def _whose(state: RwState) -> str:
    if state.turn is None:
        return "nobody's"
    name = state.sides[state.turn.side].name
    return f"the {name}' turn" if name.endswith("s") else f"{name}'s turn"


def _spend(turn: Turn, plan: Plan, action: PlayAction) -> Turn:
    """The turn after paying for the action (before it resolves)."""
    letter = plan.vehicle.letter
    left = turn.actions_left if turn.vehicle == letter else actions_at_start(plan.vehicle, turn)
    update: dict[str, object] = {"vehicle": letter, "actions_left": left, "free_melee": False}
    if plan.cost == "action":
        update["actions_left"] = left - 1
    elif plan.cost == "bike":
        update["bike_stick_used"] = True
    if isinstance(action, MoveAction) and action.kind == "move":
        update["free_melee"] = True
    if isinstance(action, NitroAction):
        update["nitro_used"] = True
    if isinstance(action, ShootAction):
        if action.gunner:
            update["gunner_shots"] = turn.gunner_shots + 1
        if action.weapon == "shotgun" and plan.token_id is not None:
            update["shotguns_fired"] = (*turn.shotguns_fired, plan.token_id)
    if isinstance(action, SimpleAction) and action.kind == "repair" and action.mechanic:
        update["mechanic_repairs"] = turn.mechanic_repairs + 1
    return turn.model_copy(update=update)


def _perform(ctx: Ctx, action: PlayAction, plan: Plan, turn: Turn) -> None:
    letter = plan.vehicle.letter
    match action:
        case MoveAction():
            how: MoveKind = "brake" if action.kind == "brake" else "move"
            drive_told(ctx, letter, how, action.dx, action.dy)
        case NitroAction():
            vehicle = ctx.v(letter)
            nitro = next(t for t in vehicle.gear if t.kind == "nitro")
            ctx.update(letter, gear=tuple(t for t in vehicle.gear if t.id != nitro.id))
            drive_told(ctx, letter, "nitro", 0, 8)
        case ShootAction():
            shoot(
                ctx,
                letter,
                action.target,
                action.weapon,
                free_gunner=action.gunner,
                token_id=plan.token_id,
            )
        case MeleeAction():
            melee(ctx, letter, action.target)
        case SpikesAction():
            spikes(ctx, letter, action.target)
        case SimpleAction(kind="repair"):
            repair(ctx, letter, mechanic=action.mechanic)
        case SimpleAction(kind="turn_around"):
            ctx.update(letter, immobilized=False)
            label = f"{plan.vehicle.name} {letter}"
            ctx.say(letter, f"{label} turns around: moving again.", kind="turn_around")
        case SimpleAction(kind="done"):
            ctx.say(letter, f"{plan.vehicle.name} {letter} ends its turn.", kind="done")
        case TargetAction(kind="takeover"):
            takeover(ctx, letter, action.target, action.tokens, action.crew)
        case TargetAction(kind="transfer"):
            transfer(ctx, letter, action.target, action.tokens)
        case TargetAction():
            pickup(ctx, letter, action.target)
        case SuppliesAction():
            supplies(ctx, letter, action.take)
        case TrainAction():
            perform = rules_of(ctx.state).perform
            assert perform is not None
            perform(ctx, action)


def _after_action(ctx: Ctx, turn: Turn, letter: str, action: PlayAction) -> Step[RwState]:
    state = ctx.freeze(turn=turn)
    verdict = judge(state)
    if verdict.over:
        return _end(ctx, state, verdict.winner, verdict.reason, verdict.score)
    state = _keep_score(ctx, verdict.score, turn=turn)  # the score as it stands now
    vehicle = state.vehicle(letter)
    finished = action.kind == "done" or not can_act(vehicle, turn)
    if not finished and turn.actions_left == 0:
        finished = not any(a.kind != "done" for a in legal_for_side(state, turn.side))
    if finished:
        turn = Turn(side=turn.side, done=(*turn.done, letter), taken=turn.taken)
        state = ctx.freeze(turn=turn)
    if any(can_act(v, turn) for v in state.vehicles):
        return Step(state, tuple(ctx.events))
    return _advance(ctx, state)


def _advance(ctx: Ctx, state: RwState) -> Step[RwState]:
    """Play the next slots of the round's order (rule 7 and the mission's `order`): automatic
    steps and the ROAD TURN run at once; a side's slot waits for it unless nothing of it can
    act. A new round recomputes the order. Ends the mission when it is decided."""
    mission = rules_of(state)
    order, slot = state.order, state.slot
    if not order:  # a state from before turn orders (or a hand-made position)
        order = mission.order(state)
        here = f"side:{state.turn.side}" if state.turn is not None else ""
        slot = order.index(here) if here in order else -1
    empty = 0
    while empty < MAX_EMPTY_TURNS:
        slot += 1
        if slot >= len(order):
            state = ctx.freeze(round=state.round + 1)
            order, slot = mission.order(state), 0
        name = order[slot]
        state = ctx.freeze(order=order, slot=slot, turn=None)
        turn: Turn | None = None
        if name == "road":
            road_turn(ctx)
        elif name.startswith("step:"):
            turn = mission.steps[name[5:]](ctx)  # a Turn: a side must decide first
        elif name.startswith("vehicle:"):
            letter = name[8:]
            if letter == "*" and mission.next_vehicle is not None:
                letter = mission.next_vehicle(ctx) or ""
            turn = _vehicle_turn(ctx, letter)
        else:
            side: Side = int(name[5:])
            turn = Turn(side=side)
            abandoned_checks(ctx, side)
            if mission.turn_start is not None:
                mission.turn_start(ctx, side)
        if (turn is None or turn.decision) and mission.after_action is not None:
            mission.after_action(ctx)
        state = ctx.freeze(turn=turn)
        verdict = judge(state)
        if verdict.over:
            return _end(ctx, state, verdict.winner, verdict.reason, verdict.score)
        state = _keep_score(ctx, verdict.score)
        if turn is not None:
            if turn.decision or any(can_act(v, turn) for v in state.vehicles):
                return Step(state, tuple(ctx.events))
            empty += 1
    draw = (0,) * len(state.sides)
    return _end(ctx, state, None, "nobody can drive any more: a draw", draw)


def _vehicle_turn(ctx: Ctx, letter: str) -> Turn | None:
    """A "vehicle:<letter>" slot: that vehicle's side plays it alone (its other vehicles count
    as done). An abandoned vehicle makes its check first (rule 41)."""
    vehicle = ctx.vehicles.get(letter)
    if vehicle is None or not vehicle.on_board or vehicle.wreck or vehicle.neutral:
        return None
    if vehicle.abandoned:
        abandoned_checks(ctx, vehicle.side)
    others = tuple(v.letter for v in ctx.vehicles.values() if v.letter != letter)
    return Turn(side=vehicle.side, done=others)


def side_score(score: tuple[int, ...], side: Side) -> int:
    """Side `side`'s entry of a verdict's scores (a judge that names fewer sides: 0)."""
    return score[side] if side < len(score) else 0


def _keep_score(ctx: Ctx, score: tuple[int, ...], **changes: Any) -> RwState:
    """Write a verdict's scores into the sides (they show after every action, not only when
    the turn passes) and freeze."""
    ctx.sides = [
        s.model_copy(update={"score": side_score(score, i)}) for i, s in enumerate(ctx.sides)
    ]
    return ctx.freeze(**changes)


def _with_score(state: RwState, score: tuple[int, ...]) -> RwState:
    sides = tuple(
        s.model_copy(update={"score": side_score(score, i)}) for i, s in enumerate(state.sides)
    )
    return state.model_copy(update={"sides": sides})


def _end(
    ctx: Ctx, state: RwState, winner: int | None, reason: str, score: tuple[int, ...]
) -> Step[RwState]:
    ctx.say("", f"Mission over: {reason}.", kind="game_over")
    state = _with_score(state, score).model_copy(
        update={
            "phase": "over",
            "finished": True,
            "turn": None,
            "end_reason": reason,
            "winner": winner,
        }
    )
    return Step(state, tuple(ctx.events))


def outcome(state: RwState) -> Outcome | None:
    if not state.finished:
        return None
    sides = winning_sides(state)
    if not sides:
        return Outcome(winners=(), ranking=(), reason=state.end_reason)
    winners = tuple(p for k in sides for p in state.sides[k].players)
    rest = tuple(p for p in standings(state) if p not in winners)
    return Outcome(winners=winners, ranking=winners + rest, reason=state.end_reason)


def standings(state: RwState) -> Sequence[PlayerId]:
    """The sides by mission score, highest first (ties: in side order), each side's players
    in seat order."""
    ranked = sorted(range(len(state.sides)), key=lambda k: -state.sides[k].score)
    return tuple(p for k in ranked for p in state.sides[k].players)
