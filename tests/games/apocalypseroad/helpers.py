"""Scenario builders for Apocalypse Road tests: place cars, stack decks, play actions."""

from __future__ import annotations

from typing import Any

from games.apocalypseroad import SPEC
from games.apocalypseroad.data import COMBAT_CARDS, EVENT_DECK, RACE_CARDS, Keyword
from games.apocalypseroad.model import Action, ArState, PlayCard
from games.apocalypseroad.movement import Mover
from games.apocalypseroad.sim import Sim
from games.engine import Event, Player, Rng

PLAYERS = tuple(Player(id=100 + i, name=f"P{i + 1}") for i in range(10))


def base(n: int = 2, track: str = "oval", pool: int = 12) -> ArState:
    """A race already under way: the pick skipped, every team on the grid with the standard
    set (rule 4's pick phase has tests of its own, `test_pick.py`)."""
    options = {"track": track, "long_race": pool == 15, "pick_cars": False}
    return SPEC.setup(PLAYERS[:n], SPEC.parse_options(options), Rng(7))


def with_cars(state: ArState, cars: dict[int, dict[str, Any]]) -> ArState:
    """Only the listed cars race (each {sector, lane, ...}; place defaults to 'track')."""
    out = []
    for car in state.cars:
        if car.id in cars:
            fields = {"place": "track", "damage": 0, "side": state.marker, **cars[car.id]}
            out.append(car.model_copy(update=fields))
        else:
            out.append(car.model_copy(update={"place": "reserve"}))
    return state.model_copy(update={"cars": tuple(out)})


def at(state: ArState, car_id: int) -> tuple[int, int]:
    car = next(c for c in state.cars if c.id == car_id)
    return (car.sector, car.lane)


def car(state: ArState, car_id: int) -> Any:
    return next(c for c in state.cars if c.id == car_id)


def mover(state: ArState, car_id: int, mp: int, movement: str, **kw: Any) -> Mover:
    return Mover.start(Sim(state).board(), car_id, mp, movement, **kw)


def race_card(movement: str, speed: int, diagonal: bool = False) -> int:
    return next(
        c.id
        for c in RACE_CARDS
        if c.movement == movement and c.speed == speed and c.diagonal == diagonal
    )


def combat_card(value: int, *, target: int | None = None, keyword: Keyword | None = None) -> int:
    for c in COMBAT_CARDS:
        if c.value != value:
            continue
        if target is not None and c.target != target:
            continue
        if keyword is not None and keyword not in (c.collision_keyword, c.mg.keyword):
            continue
        return c.id
    raise AssertionError("no such combat card")


def event_card(kind: str) -> int:
    return EVENT_DECK.index(kind)


def stack(
    state: ArState,
    *,
    combat: tuple[int, ...] = (),
    events: tuple[int, ...] = (),
    race: tuple[int, ...] = (),
) -> ArState:
    """Put these cards on top of their decks (in order)."""

    def top(deck: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
        return cards + tuple(c for c in deck if c not in cards)

    return state.model_copy(
        update={
            "combat_deck": top(state.combat_deck, combat),
            "event_deck": top(state.event_deck, events),
            "race_deck": top(state.race_deck, race),
        }
    )


def hand(state: ArState, seat: int, cards: tuple[int, ...]) -> ArState:
    teams = list(state.teams)
    teams[seat] = teams[seat].model_copy(update={"hand": cards})
    return state.model_copy(update={"teams": tuple(teams)})


def turn_of(state: ArState, seat: int) -> ArState:
    return state.model_copy(update={"seat": seat, "phase": "action", "activation": None})


def play(state: ArState, seat: int, action: Action) -> tuple[ArState, tuple[Event, ...]]:
    step = SPEC.apply(state, state.teams[seat].player, action, Rng(3))
    return step.state, step.events


def ready(state: ArState, seat: int, card: int) -> ArState:
    """`seat` to act with `card` in hand."""
    return hand(turn_of(state, seat), seat, (card,))


def play_card(state: ArState, seat: int, number: int, card: int, **kw: Any) -> ArState:
    state = ready(state, seat, card)
    return play(state, seat, PlayCard(card=card, car=number, **kw))[0]


def moving(
    state: ArState,
    seat: int,
    car_id: int,
    mp: int = 1,
    *,
    movement: str = "solo",
    then: tuple[str, ...] = ("event", "fire"),
    card: int = 0,
) -> ArState:
    """`car_id` (of `seat`) in mid-activation with `mp` MP to spend, then the `then` steps."""
    from games.apocalypseroad.model import Activation

    act = Activation(
        player=state.teams[seat].player,
        car=car_id,
        card=card,
        stage="move",
        mover=car_id,
        mp=mp,
        movement=movement,  # type: ignore[arg-type]
        then=then,
    )
    return turn_of(state, seat).model_copy(update={"activation": act})
