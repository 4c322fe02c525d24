"""Setup and army building (rules 3, 17–19; 1.3 [R] cost = size), then the starting positions
of the missions (digest 1.2)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from games.engine import IllegalAction, InvalidAction, Player, Rng
from games.roadwolf.data import (
    MISSIONS,
    PRESIDENT_MIN_POINTS,
    TOKEN_KINDS,
    TRAITS,
    VEHICLES,
    vehicle_class,
)
from games.roadwolf.model import (
    MAX_SIDES,
    CrewOrderAction,
    RwOptions,
    RwState,
    Side,
    SideState,
    TokenAction,
    Vehicle,
)
from games.roadwolf.narration import TokenChosen
from games.roadwolf.road import full_deck
from games.roadwolf.table import Ctx
from games.roadwolf.words import budget_words

LETTERS = ("ABCDEFGHIJKL", "NOPQRSTUVWXY")
"""Side 0's vehicles are lettered from A, side 1's from N (12 each: 12 points of bikes)."""


def side_letters(side: Side, sides: int) -> Iterator[str]:
    """The letters a side's vehicles take, in order. Two sides: A–L and N–Y, then A2…Y9 for
    vehicles joining mid-game. Three to six sides: side k is the k-th letter and a number
    (A1, A2 … B1 … F12): never M (the HIJACKERS truck), EN/G1/G2 (DERAILED's train) or Z0–Z9
    (GAUNTLET's enemies)."""
    if sides <= 2:
        letters = LETTERS[side]
        yield from letters
        yield from (f"{c}{d}" for c in letters for d in "23456789")
    else:
        yield from (f"{chr(ord('A') + side)}{n}" for n in range(1, 100))


def side_count(options: RwOptions, players: int) -> int:
    """How many sides play: two, or in a free-for-all mission (GAUNTLET, DERAILED) the `teams`
    option (0: one per player), never more than the players nor fewer than two."""
    if not MISSIONS[options.mission].free_for_all:
        return 2
    wanted = options.teams or players
    return max(2, min(wanted, players, MAX_SIDES))


def side_points(options: RwOptions, sides: int = 2) -> tuple[int, ...]:
    """1.2: INTERCEPTOR "equal points"; BREAKOUT convoy 10, attackers 12 (1.4-P); THE PRESIDENT
    equal points, the Limo paid from the Enforcers' (at least 5 so an escort fits)."""
    mission = MISSIONS[options.mission]
    points = options.points
    if mission.key == "THE PRESIDENT":
        points = max(points, PRESIDENT_MIN_POINTS)
    return tuple(mission.of_side(mission.points, k) or points for k in range(sides))


def setup(players: Sequence[Player], options: RwOptions, rng: Rng) -> RwState:
    """Rule 5 with teams: "seat players so that teams alternate": seat i plays for side
    i mod N (N = 2, or the free-for-all mission's `side_count`)."""
    mission = MISSIONS[options.mission]
    count = side_count(options, len(players))
    points = side_points(options, count)
    names = mission.side_names(count)
    sides = tuple(
        SideState(
            name=names[index],
            players=tuple(p.id for i, p in enumerate(players) if i % count == index),
            points=points[index],
            token_limit=mission.of_side(mission.tokens, index),
        )
        for index in range(count)
    )
    deck = full_deck()
    rng.shuffle(deck)
    state = RwState(
        options=options,
        players=tuple(players),
        sides=sides,
        deck=tuple(deck),
    )
    ctx = Ctx(state, rng)
    for side in range(count):
        _buy_required(ctx, side)
    return ctx.freeze()


def required(mission_key: str, side: Side) -> tuple[str, ...]:
    """The vehicles a side must take, in letter order (the mission's target first: "A")."""
    mission = MISSIONS[mission_key]  # type: ignore[index]
    first = (mission.required,) if side == 0 and mission.required is not None else ()
    return first + mission.of_side(mission.required_by, side)


def _buy_required(ctx: Ctx, side: Side) -> None:
    for key in required(ctx.state.options.mission, side):
        _buy(ctx, side, key)


def _buy(ctx: Ctx, side: Side, key: str) -> Vehicle:
    cls = vehicle_class(key)
    letter = next(x for x in side_letters(side, len(ctx.sides)) if x not in ctx.vehicles)
    vehicle = ctx.add_vehicle(cls, side, letter)
    traits = TRAITS.get(key, ())
    if traits:
        ctx.update(vehicle.letter, traits=traits)
    if "no_nitro" in traits:
        ctx.update(vehicle.letter, gear=())
    ctx.sides[side] = ctx.sides[side].model_copy(update={"spent": ctx.sides[side].spent + cls.cost})
    return ctx.v(vehicle.letter)


def can_buy(state: RwState, side: Side, key: str) -> bool:
    """The mission's limits on what a side buys (TWO-WHEEL TERROR: bikes only)."""
    mission = MISSIONS[state.options.mission]
    allowed = mission.of_side(mission.buyable, side)
    return key in VEHICLES and (allowed is None or key in allowed)


def buy(ctx: Ctx, side: Side, key: str) -> None:
    """Spend points on a vehicle class (cost = size)."""
    if key not in VEHICLES:
        raise InvalidAction(f"no vehicle {key!r}; vehicles: {', '.join(VEHICLES)}")
    cls = VEHICLES[key]
    if not can_buy(ctx.state, side, key):
        mission = MISSIONS[ctx.state.options.mission]
        allowed = mission.of_side(mission.buyable, side) or ()
        names = ", ".join(allowed) or "nothing more"
        raise IllegalAction(f"in {ctx.state.options.mission} this side buys only: {names}")
    state = ctx.sides[side]
    left = state.points - state.spent
    if cls.cost > left:
        raise IllegalAction(f"a {cls.name} costs {cls.cost} points; you have {left} left")
    _buy(ctx, side, key)
    ctx.say("", f"{state.name} buy a {cls.name}.", kind="bought")


def reset(ctx: Ctx, side: Side) -> None:
    """Start the side's army again: every vehicle and token goes, the mission's own vehicle is
    bought afresh (its tokens go too)."""
    for letter in [v.letter for v in ctx.vehicles.values() if v.origin == side]:
        del ctx.vehicles[letter]
    ctx.sides[side] = ctx.sides[side].model_copy(update={"spent": 0, "tokens_bought": 0})
    _buy_required(ctx, side)
    ctx.say("", f"{ctx.sides[side].name} start their army again.", kind="reset")


def declare_ready(ctx: Ctx, side: Side) -> None:
    """✅ Army ready: only once every point and token is spent (rule 3: one token per point);
    from then on the side waits for the others."""
    mine = ctx.sides[side]
    if not mine.spent_all:
        points, tokens = mine.points - mine.spent, mine.tokens_allowed - mine.tokens_bought
        raise IllegalAction(
            f"spend everything first: {budget_words(points, tokens)} (buy vehicles, then "
            "put tokens on them)"
        )
    ctx.sides[side] = mine.model_copy(update={"ready": True})
    ctx.say("", f"{mine.name}: army ready.", kind="ready")


def can_reset(state: RwState, side: Side) -> bool:
    floor = sum(vehicle_class(k).cost for k in required(state.options.mission, side))
    return state.sides[side].spent > floor or state.sides[side].tokens_bought > 0


def crew_order(ctx: Ctx, side: Side, action: CrewOrderAction) -> None:
    """Rule 40: the owner picks which crew are lost first (the driver always last)."""
    vehicle = ctx.vehicles.get(action.vehicle)
    if vehicle is None or vehicle.side != side or vehicle.neutral:
        raise IllegalAction(f"no vehicle {action.vehicle!r} of yours on the road")
    if not vehicle.on_board or vehicle.wreck:
        raise IllegalAction(f"no vehicle {action.vehicle!r} of yours on the road")
    ids = [t.id for t in vehicle.crew if t.id != vehicle.driver]
    if len(set(action.tokens)) != len(action.tokens) or not set(action.tokens) <= set(ids):
        listed = ", ".join(str(i) for i in ids) or "none"
        raise IllegalAction(f"crew order: name each crew token of {vehicle.letter} once: {listed}")
    ctx.update(vehicle.letter, loss_order=action.tokens)
    ctx.say("", f"{ctx.sides[side].name} set who {vehicle.letter} loses first.", kind="crew_order")


def add_token(ctx: Ctx, side: Side, action: TokenAction) -> None:
    """Rule 3: one crew or gear token per point; rule 18 crew capacity (driver included);
    rule 19: a Veteran replaces the free Driver. Hidden from the other side until used."""
    state = ctx.sides[side]
    if state.tokens_bought >= state.tokens_allowed:
        raise IllegalAction(f"all {state.tokens_allowed} tokens are placed")
    vehicle = ctx.vehicles.get(action.vehicle)
    if vehicle is None or vehicle.origin != side:
        mine = ", ".join(v.letter for v in ctx.vehicles.values() if v.origin == side)
        raise IllegalAction(f"no vehicle {action.vehicle!r} of yours; yours: {mine or 'none'}")
    if action.token not in TOKEN_KINDS:
        raise InvalidAction(f"no token {action.token!r}")
    if not can_take_token(vehicle, action.token) and action.token == "nitro":
        raise IllegalAction(f"the {vehicle.name} may not nitro")
    token = ctx.new_token(action.token)
    if action.token == "veteran":
        driver = next((t for t in vehicle.crew if t.id == vehicle.driver), None)
        if driver is None or driver.kind == "veteran":
            raise IllegalAction(f"{vehicle.letter} already has a Veteran driver")
        crew = tuple(token if t.id == driver.id else t for t in vehicle.crew)
        ctx.update(vehicle.letter, crew=crew, driver=token.id)
    elif action.token in ("driver", "brawler", "gunner", "mechanic"):
        room = vehicle.size + (0 if vehicle.closed else 1)
        if len(vehicle.crew) >= room:
            raise IllegalAction(f"{vehicle.letter} carries {room} crew, the driver included")
        ctx.update(vehicle.letter, crew=(*vehicle.crew, token))
    else:
        ctx.update(vehicle.letter, gear=(*vehicle.gear, token))
    ctx.sides[side] = state.model_copy(update={"tokens_bought": state.tokens_bought + 1})
    ctx.say("", f"{state.name} place a token on {vehicle.name} {vehicle.letter}.", kind="token")
    ctx.events.append(
        TokenChosen(
            seats=state.players,
            side_name=state.name,
            vehicle=f"{vehicle.name} {vehicle.letter}",
            token=action.token,
        )
    )


def can_take_token(vehicle: Vehicle, kind: str) -> bool:
    """Whether `add_token` would accept this token on this vehicle."""
    if kind == "nitro" and "no_nitro" in vehicle.traits:
        return False  # THE WAGES OF FEAR's trucks "may not nitro"
    if kind == "veteran":
        return not any(t.kind == "veteran" for t in vehicle.crew)
    if kind in ("driver", "brawler", "gunner", "mechanic"):
        return len(vehicle.crew) < vehicle.size + (0 if vehicle.closed else 1)
    return True
