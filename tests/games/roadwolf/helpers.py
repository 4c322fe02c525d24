"""Small positions for rules tests: vehicles placed by hand on the grid, a turn in progress."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.engine import Player, Rng
from games.roadwolf.data import TRAITS, CardKind, MissionKey, TokenKind, vehicle_class
from games.roadwolf.model import Card, RwOptions, RwState, SideState, Turn, Vehicle
from games.roadwolf.table import Ctx

P1, P2 = 101, 202
PLAYERS = (Player(id=P1, name="Ann"), Player(id=P2, name="Bob"))


@dataclass
class Car:
    letter: str
    kind: str
    x: float
    y: float
    side: int = 0
    tokens: Sequence[TokenKind] = ()
    changes: dict[str, object] = field(default_factory=dict)


def position(
    cars: Sequence[Car],
    *,
    mission: MissionKey = "INTERCEPTOR",
    cards: Sequence[tuple[CardKind, float]] = (),
    turn: Turn | None = None,
    deck: Sequence[CardKind] = ("clear",) * 10,
) -> RwState:
    """A play-phase state with these vehicles (no free Nitro unless listed) and cards (kind, y)."""
    sides = (
        SideState(name="Runners", players=(P1,), points=6, spent=6, tokens_bought=6),
        SideState(name="Interceptors", players=(P2,), points=6, spent=6, tokens_bought=6),
    )
    state = RwState(
        options=RwOptions(mission=mission),
        players=PLAYERS,
        sides=sides,
        phase="play",
        turn=turn or Turn(side=0),
        deck=tuple(deck),
    )
    ctx = Ctx(state, Rng(0))
    for car in cars:
        side = 0 if car.side == 0 else 1
        vehicle = ctx.add_vehicle(vehicle_class(car.kind), side, car.letter)
        ctx.update(car.letter, x=car.x, y=car.y, gear=(), traits=TRAITS.get(car.kind, ()))
        for kind in car.tokens:
            token = ctx.new_token(kind)
            vehicle = ctx.v(car.letter)
            if kind == "veteran":
                ctx.update(car.letter, crew=(token,), driver=token.id)
            elif kind in ("driver", "brawler", "gunner", "mechanic"):
                ctx.update(car.letter, crew=(*vehicle.crew, token))
            else:
                ctx.update(car.letter, gear=(*vehicle.gear, token))
        if car.changes:
            ctx.update(car.letter, **car.changes)
    ctx.cards = [Card(id=900 + i, kind=kind, x=10, y=y) for i, (kind, y) in enumerate(cards)]
    return ctx.freeze(traces=())


def vehicle(state: RwState, letter: str) -> Vehicle:
    return state.vehicle(letter)


def texts(events: Sequence[object]) -> str:
    return " | ".join(str(getattr(e, "text", "")) for e in events)
