"""The working table of one `apply`: a mutable copy of the state's pieces, the events and the
board traces. The frozen state goes in, a new frozen state comes out (`Ctx.freeze`); in
between, chains of rams, wipeouts and skids update vehicles in place of their old versions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine import Event, PlayerId, Rng
from games.roadwolf import geometry as geo
from games.roadwolf.data import CardKind, VehicleClass
from games.roadwolf.model import Card, RwState, Side, SideState, Token, Trace, Vehicle, VehicleEvent

MAX_TRACES = 12
"""The board draws the last few moves, rams and shots."""
MAX_CHAIN = 6
"""A skid can cause a ram or another check (line 151): chains stop after this many links."""


@dataclass(frozen=True)
class Hooks:
    """Where a mission changes the common rules in the middle of a roll (`missions/`). Each is
    optional; `structure`, `card` and `wipeout` return True when they handled the event."""

    ram_damage: Callable[[Ctx, str, int], None] | None = None
    """(ctx, letter, depth): a ram (by anyone or anything) just damaged `letter`."""
    wipeout: Callable[[Ctx, str, int, int], bool] | None = None
    """(ctx, letter, road_dice, depth): make this wipeout check instead of the common one."""
    structure: Callable[[Ctx, str, Card, str, int], bool] | None = None
    """(ctx, letter, card, "over"|"around", depth): a Bridge or Tunnel reached `letter`."""
    card: Callable[[Ctx, str, Card, int], bool] | None = None
    """(ctx, letter, card, depth): a road card touched `letter`."""
    roller: Callable[[Ctx, Vehicle], PlayerId | None] | None = None
    """Who rolls for the road against a vehicle (TWO-WHEEL TERROR: the losing team)."""
    ram: Callable[[Ctx, Any, str, int], bool] | None = None
    """(ctx, rammer, target, depth): make this ram instead of the common one (DERAILED's
    train, GAUNTLET's mutants); `rammer` is a `crash.Rammer`."""
    new_cards: Callable[[Ctx], None] | None = None
    """The ROAD TURN's new cards instead of one at the END (GAUNTLET: two face down; DERAILED:
    one per road)."""
    end_closed: Callable[[Sequence[CardKind]], bool] | None = None
    """(the road deck): True while nobody may leave by the END (GAUNTLET: until the LAST card);
    a move stops at the END edge instead."""
    off_road: Callable[[geo.Rect], bool] | None = None
    """Off-road on this mission's board (DERAILED: two roads) instead of 1.6's one road."""
    moved: Callable[[Ctx, str, tuple[geo.Rect, ...], int], None] | None = None
    """(ctx, letter, samples, depth): after a MOVE, BRAKE, NITRO or SKID settled (DERAILED: the
    tracks; its train's throws call it too)."""


def off_road(hooks: Hooks, rect: geo.Rect) -> bool:
    """1.6 Off-road, or the mission's own (`Hooks.off_road`)."""
    return hooks.off_road(rect) if hooks.off_road is not None else geo.is_off_road(rect)


NO_HOOKS = Hooks()
HOOKS: dict[str, Hooks] = {}
"""Filled by `missions.register` when the missions package is imported."""


def rect_of(vehicle: Vehicle) -> geo.Rect:
    return geo.Rect(vehicle.x, vehicle.y, vehicle.w, vehicle.h)


def card_rect(card: Card) -> geo.Rect:
    return geo.Rect(card.x, card.y, card.w, card.h)


def supplies_for(cards: Sequence[Card], vehicle: Vehicle) -> int | None:
    """The index of a Supplies card `vehicle` may use: under it, and its own move ended on it
    ("Any vehicle that ENDS a move on this card may spend an action"); None if there is none."""
    box = rect_of(vehicle)
    for index, card in enumerate(cards):
        ended_here = card.kind == "supplies" and vehicle.letter in card.ended
        if ended_here and geo.overlaps(box, card_rect(card)):
            return index
    return None


def end_move_on_cards(ctx: Ctx, letter: str) -> None:
    """Record where `letter`'s own move ended: on the Supplies cards under it now (and no
    longer on any other)."""
    vehicle = ctx.v(letter)
    box = rect_of(vehicle) if vehicle.on_board and not vehicle.wreck else None
    for index, card in enumerate(ctx.cards):
        if card.kind != "supplies":
            continue
        others = tuple(k for k in card.ended if k != letter)
        on = box is not None and geo.overlaps(box, card_rect(card))
        ended = (*others, letter) if on else others
        if ended != card.ended:
            ctx.cards[index] = card.model_copy(update={"ended": ended})


def driver_token(vehicle: Vehicle) -> Token | None:
    return next((t for t in vehicle.crew if t.id == vehicle.driver), None)


def has_veteran(vehicle: Vehicle) -> bool:
    """Rule 19/line 77: a Veteran gives rerolls only "in the Driver seat"."""
    token = driver_token(vehicle)
    return token is not None and token.kind == "veteran"


def rerolls(vehicle: Vehicle, *, defending: bool, free: bool = False) -> int:
    """Rule 16: a Heavy vehicle's Veteran "may not reroll when defending"; a Gunner's free shot
    and a Mechanic's free repair cannot be rerolled either (crew table)."""
    if free or not has_veteran(vehicle):
        return 0
    heavy = vehicle.surface == "heavy" or "heavy" in vehicle.traits
    return 0 if defending and heavy else 1


def crew_count(vehicle: Vehicle, kind: str) -> int:
    """Crew of `kind` aboard who are not driving (line 66: no special ability while driving)."""
    return sum(1 for t in vehicle.crew if t.kind == kind and t.id != vehicle.driver)


def next_side(side: Side, sides: int) -> Side:
    """The side after `side` in turn order (two sides: the other one)."""
    return (side + 1) % sides


class Ctx:
    """One step's working copy. Vehicles keep their order; cards and the deck are lists."""

    def __init__(self, state: RwState, rng: Rng) -> None:
        self.state = state
        self.rng = rng
        self.vehicles: dict[str, Vehicle] = {v.letter: v for v in state.vehicles}
        self.cards: list[Card] = list(state.cards)
        self.deck: list[CardKind] = list(state.deck)
        self.discard: list[CardKind] = list(state.discard)
        self.sides: list[SideState] = list(state.sides)
        self.next_id = state.next_id
        self.events: list[Event] = []
        self.traces: list[Trace] = list(state.traces)
        self.hooks: Hooks = HOOKS.get(state.options.mission, NO_HOOKS)
        self.mission = state.mission

    # --- vehicles ---

    def v(self, letter: str) -> Vehicle:
        return self.vehicles[letter]

    def update(self, letter: str, **changes: Any) -> Vehicle:
        vehicle = self.vehicles[letter].model_copy(update=changes)
        self.vehicles[letter] = vehicle
        return vehicle

    def reveal(self, letter: str, token_id: int) -> None:
        vehicle = self.vehicles[letter]
        self.update(
            letter,
            crew=tuple(
                t.model_copy(update={"revealed": True}) if t.id == token_id else t
                for t in vehicle.crew
            ),
            gear=tuple(
                t.model_copy(update={"revealed": True}) if t.id == token_id else t
                for t in vehicle.gear
            ),
        )

    def reveal_veteran(self, letter: str) -> None:
        vehicle = self.vehicles[letter]
        if vehicle.driver is not None and has_veteran(vehicle):
            self.reveal(letter, vehicle.driver)

    def on_board(self) -> list[Vehicle]:
        return [v for v in self.vehicles.values() if v.on_board]

    def obstacles(self, *exclude: str) -> list[tuple[str, geo.Rect]]:
        """Footprints a mover can hit: every vehicle and wreck on the board but `exclude`."""
        return [(v.letter, rect_of(v)) for v in self.on_board() if v.letter not in exclude]

    def new_token(self, kind: Any, *, free: bool = False) -> Token:
        token = Token(id=self.next_id, kind=kind, free=free)
        self.next_id += 1
        return token

    def add_vehicle(self, cls: VehicleClass, side: Side, letter: str) -> Vehicle:
        driver = self.new_token("driver", free=True)
        gear = (self.new_token("nitro", free=True),) if cls.surface == "street" else ()
        vehicle = Vehicle(
            letter=letter,
            side=side,
            origin=side,
            kind=cls.key,
            name=cls.name,
            size=cls.size,
            closed=cls.closed,
            surface=cls.surface,
            x=0,
            y=0,
            w=cls.width,
            h=cls.length,
            driver=driver.id,
            crew=(driver,),
            gear=gear,
        )
        self.vehicles[letter] = vehicle
        return vehicle

    # --- players ---

    def player_of(self, side: Side) -> PlayerId | None:
        players = self.sides[side].players
        return players[0] if players else None

    def opponent_of(self, vehicle: Vehicle) -> PlayerId | None:
        """Line 143: "A player that is opposed to the vehicle's owner must play the ROAD"."""
        if self.hooks.roller is not None:
            return self.hooks.roller(self, vehicle)
        return self.player_of(next_side(vehicle.side, len(self.sides)))

    # --- log ---

    def say(
        self, vehicle: str, text: str, *, kind: str = "note", target: str | None = None
    ) -> None:
        self.events.append(VehicleEvent(kind=kind, vehicle=vehicle, target=target, text=text))

    def trace(self, trace: Trace) -> None:
        self.traces.append(trace)

    def freeze(self, **changes: Any) -> RwState:
        update: dict[str, Any] = {
            "vehicles": tuple(self.vehicles.values()),
            "cards": tuple(self.cards),
            "deck": tuple(self.deck),
            "discard": tuple(self.discard),
            "sides": tuple(self.sides),
            "next_id": self.next_id,
            "traces": tuple(self.traces[-MAX_TRACES:]),
            "mission": self.mission,
        }
        update.update(changes)
        self.state = self.state.model_copy(update=update)
        return self.state
