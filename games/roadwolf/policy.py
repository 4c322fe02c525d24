"""The bot: builds a sensible army, then drives. Vehicles that must reach the END (runners, the
convoy, whoever holds the Limo) run for it, avoiding rams and the verge; the others close on
the nearest enemy runner, shoot what is in range and in sight, melee when they outnumber, and
take over abandoned vehicles. Deterministic: chance only breaks exact ties through `rng`."""

from __future__ import annotations

from games.engine import NotYourTurn, PlayerId, Rng
from games.roadwolf import geometry as geo
from games.roadwolf.build import can_take_token
from games.roadwolf.checks import can_act
from games.roadwolf.data import VEHICLES, TokenKind
from games.roadwolf.legal import legal_for_side
from games.roadwolf.missions import rules_of, runs_for_the_end
from games.roadwolf.model import (
    Action,
    BuyAction,
    MoveAction,
    PlaceAction,
    ReadyAction,
    RwState,
    ShootAction,
    TokenAction,
    Vehicle,
)
from games.roadwolf.preview import Preview, preview
from games.roadwolf.risk import road_turn_risk
from games.roadwolf.rules import active_players
from games.roadwolf.table import rect_of

RUNNER_BUYS = ("muscle_car", "coupe", "street_bike")
CHASER_BUYS = ("convertible", "buggy", "dirt_bike")
RUNNER_TOKENS: tuple[TokenKind, ...] = (
    "veteran",
    "gunner",
    "nitro",
    "driver",
    "shotgun",
    "mechanic",
)
CHASER_TOKENS: tuple[TokenKind, ...] = ("gunner", "shotgun", "brawler", "molotov", "veteran")


def bot_move(state: RwState, player: PlayerId, rng: Rng) -> Action:
    if player not in active_players(state):
        raise NotYourTurn("this seat cannot act now")
    side = state.side_of(player)
    assert side is not None
    legal = legal_for_side(state, side)
    if state.phase == "build":
        return _build(state, side, legal)
    assert state.turn is not None
    if state.turn.decision:
        decide = rules_of(state).bot_decide
        return decide(state, legal) if decide is not None else legal[0]
    letter = state.turn.vehicle or next(v.letter for v in state.vehicles if can_act(v, state.turn))
    mine = [a for a in legal if getattr(a, "vehicle", None) == letter]
    vehicle = state.vehicle(letter)
    own = rules_of(state).bot
    chosen = own(state, vehicle, mine) if own is not None else None
    if chosen is not None:
        return chosen
    special = [a for a in mine if a.kind not in ("move", "brake", "done")]
    if special:
        best = max(special, key=lambda a: _score(state, vehicle, a))
        if _score(state, vehicle, best) > 0:
            return best
    move = _best_move(state, vehicle)
    if move is not None and move[0] > _stay_value(state, vehicle) + 0.5:
        return move[1]
    return next(a for a in mine if a.kind == "done")


def _stay_value(state: RwState, vehicle: Vehicle) -> float:
    box = rect_of(vehicle)
    here = Preview(kind="move", dx=0, dy=0, path=(), ghost=box, off_road=geo.is_off_road(box))
    runner = runs_for_the_end(state, vehicle)
    return _move_value(state, vehicle, here, runner, _prey(state, vehicle))


def _build(state: RwState, side: int, legal: list[Action]) -> Action:
    runner = side == 0
    hints = rules_of(state)
    like = min(side, 1)  # a free-for-all mission's sides 2..5 build as side 1 does
    buys = [a for a in legal if isinstance(a, BuyAction)]
    left = state.sides[side].points - state.sides[side].spent
    if buys and (left > 0):
        wanted = (
            hints.buys[min(like, len(hints.buys) - 1)]
            if hints.buys
            else (RUNNER_BUYS if runner else CHASER_BUYS)
        )
        for key in wanted:
            if VEHICLES[key].cost <= left and BuyAction(vehicle_class=key) in buys:
                return BuyAction(vehicle_class=key)
        return buys[0]
    if hints.place is not None:
        for vehicle in state.vehicles:
            if vehicle.origin == side and not vehicle.placed and not vehicle.neutral:
                spot = hints.place(state, vehicle)
                if spot is not None:
                    return PlaceAction(vehicle=vehicle.letter, x=spot[0], y=spot[1])
    if ReadyAction() in legal:  # everything spent and placed as it likes: done
        return ReadyAction()
    tokens = [a for a in legal if isinstance(a, TokenAction)]
    guarded = _crew_the_prize(state, side, tokens)
    if guarded is not None:
        return guarded
    mine = sorted(
        (v for v in state.vehicles if v.origin == side),
        key=lambda v: (len(v.crew) + len(v.gear), v.letter),
    )
    kinds = (
        hints.tokens[min(like, len(hints.tokens) - 1)]
        if hints.tokens
        else (RUNNER_TOKENS if runner else CHASER_TOKENS)
    )
    for kind in kinds:
        for vehicle in mine:
            if any(t.kind == kind for t in (*vehicle.crew, *vehicle.gear)):
                continue
            if can_take_token(vehicle, kind):
                return TokenAction(vehicle=vehicle.letter, token=kind)
    for vehicle in mine:
        for kind in ("nitro", "shotgun") if runner else ("shotgun", "molotov"):
            action = TokenAction(vehicle=vehicle.letter, token=kind)
            if action in tokens:
                return action
    return tokens[0] if tokens else next(a for a in legal if a.kind != "reset")


PRIZE_CREW: tuple[TokenKind, ...] = ("veteran", "gunner", "brawler", "driver", "mechanic")


def _crew_the_prize(state: RwState, side: int, tokens: list[TokenAction]) -> Action | None:
    """The side that owns the mission's prize (the Big Rig, the Limo) fills it with crew first:
    a capture needs every crew member killed (the driver is lost last, rule 40)."""
    prize = rules_of(state).prize(state)
    vehicle = state.find(prize) if prize is not None else None
    if vehicle is None or vehicle.origin != side or vehicle.neutral:
        return None
    for kind in PRIZE_CREW:
        action = TokenAction(vehicle=vehicle.letter, token=kind)
        if action in tokens and (kind != "veteran" or can_take_token(vehicle, kind)):
            return action
    return None


def _score(state: RwState, vehicle: Vehicle, action: Action) -> float:
    kind = action.kind
    if kind == "turn_around":
        return 100
    free = isinstance(action, ShootAction) and (action.gunner or action.weapon == "ambush")
    runner = runs_for_the_end(state, vehicle)
    if runner and kind in ("shoot", "melee") and not free:
        return 0  # a runner spends its actions driving; only free shots on the way
    if isinstance(action, ShootAction):
        return (
            60
            + 5 * {"gun": 1, "shotgun": 2, "molotov": 3, "ambush": 2}[action.weapon]
            + (20 if action.gunner or action.weapon == "ambush" else 0)
        )
    if kind == "takeover":
        target = getattr(action, "target", "")
        return 200 if target == rules_of(state).prize(state) else 70
    if kind == "melee":
        target = state.vehicle(getattr(action, "target", ""))
        return 45 if len(vehicle.crew) + 1 > len(target.crew) + (1 if target.closed else 0) else -5
    if kind == "spikes":
        return 40
    if kind == "repair":
        return 30 if getattr(action, "mechanic", False) else 8
    if kind == "supplies":
        take = getattr(action, "take", "")
        return 25 if take == "repair" else (15 if take in ("gunner", "shotgun") else 1)
    if kind == "pickup":
        return 12
    if kind == "nitro" and runs_for_the_end(state, vehicle):
        look = preview(state, vehicle.letter, "nitro", 0, 8)
        return 90 if look.ram is None and not look.warnings else -10
    return 0


def _best_move(state: RwState, vehicle: Vehicle) -> tuple[float, Action] | None:
    """The best MOVE/BRAKE end point by preview, or None if the vehicle cannot move now."""
    turn = state.turn
    if turn is None or vehicle.immobilized:
        return None
    left = turn.actions_left if turn.vehicle == vehicle.letter else 2
    if left < 1 and not (vehicle.size == 1 and not turn.bike_stick_used):
        return None
    runner = runs_for_the_end(state, vehicle)
    prey = _prey(state, vehicle)
    best: tuple[float, Action] | None = None
    kinds: tuple[geo.MoveKind, ...] = ("move",) if runner else ("move", "brake")
    for kind in kinds:
        for dx, dy in geo.displacements(kind):
            look = preview(state, vehicle.letter, kind, dx, dy)
            value = _move_value(state, vehicle, look, runner, prey)
            if best is None or value > best[0]:
                best = (value, MoveAction(kind=kind, vehicle=vehicle.letter, dx=dx, dy=dy))
    return best


def _prey(state: RwState, vehicle: Vehicle) -> list[Vehicle]:
    """Whom a chaser closes on: the mission's hint (`MissionRules.prey`)."""
    return rules_of(state).prey(state, vehicle)


def _move_value(
    state: RwState, vehicle: Vehicle, look: Preview, runner: bool, prey: list[Vehicle]
) -> float:
    if look.exits is not None:
        return 1000.0 if runner and look.exits == "end" else -1000.0
    value = 0.0
    if look.off_road and vehicle.surface != "dirt":
        value -= 80
    elif look.off_road:
        value -= 5
    if look.cards:
        value -= 15 * sum(1 for c in look.cards if c in ("slide", "slick", "debris", "wreck"))
    value -= 60 * look.around.count("bridge") + 100 * look.around.count("tunnel")
    value -= road_turn_risk(state, vehicle, look.ghost)
    centre = look.ghost.x + look.ghost.w / 2
    value -= abs(centre - 12) * (2 if runner else 0.5)
    if runner:
        value += 10 * look.dy
        if look.ram is not None:
            value -= 60
        if vehicle.letter == rules_of(state).prize(state):
            # the prize keeps out of the enemies' range: every shot is a wipeout check
            value -= EXPOSURE * sum(
                1
                for v in state.vehicles
                if v.on_board
                and not v.wreck
                and v.side != vehicle.side
                and not v.neutral
                and geo.gap(look.ghost, rect_of(v)) <= geo.RANGE
            )
        return value
    if not prey:
        return value - abs(look.dy)
    gaps = [geo.gap(look.ghost, rect_of(p)) for p in prey]
    nearest = min(gaps)
    value -= 8 * nearest
    if nearest <= geo.RANGE:
        value += 25
    if look.ram == "A" and state.options.mission == "THE PRESIDENT":
        return value - 60  # a destroyed Limo is a draw: the Insurgents want it whole
    if look.ram is not None:
        other = state.vehicle(look.ram)
        mine, theirs = look.ram_dice or (0, 0)
        value += (
            20 if (look.kind != "brake" and mine > theirs and other.side != vehicle.side) else -40
        )
    return value


EXPOSURE = 12
"""What one enemy within shooting range of the prize's end point costs a move."""
