"""Hand-built Apocalypse Road views for render tests (every car placed where a test wants it)."""

from __future__ import annotations

import random

from games.apocalypseroad.data import CAR_TYPES, TEAM_LETTERS, TEAM_NAMES, cars_per_team
from games.apocalypseroad.model import (
    ArView,
    Attack,
    CardView,
    CarPath,
    CarView,
    LastMove,
    Place,
    Prompt,
    TeamView,
)
from games.apocalypseroad.track import get_track

NAMES = (
    "Alice",
    "Bob the Builder",
    "Chandrasekhar",
    "Dee",
    "Eve",
    "Fitzgerald-Long",
    "Gus",
    "Hana",
    "Ivo",
    "Jo",
)


def car_view(team: int, number: int, place: Place, sector: int, lane: int, **kw: object) -> CarView:
    kind = CAR_TYPES[number]
    fields: dict[str, object] = dict(
        id=team * 10 + number,
        label=f"{TEAM_LETTERS[team]}{number}",
        owner=1000 + team,
        team=team,
        letter=TEAM_LETTERS[team],
        number=number,
        place=place,
        sector=sector,
        lane=lane,
        damage=0,
        side="light",
        activated=False,
        defense=kind.defense,
        base_mp=kind.base_mp,
        weapon=kind.weapon,
        mount=kind.mount,
        targeting=kind.targeting,
        suppressed=False,
        reloading=False,
        spun=False,
        trough=False,
    )
    fields.update(kw)
    return CarView.model_validate(fields)


def scattered(players: int, seed: int, *, track: str = "oval") -> ArView:
    """A mid-race view: every car somewhere on the track, random damage, half activated."""
    rnd = random.Random(seed)
    shape = get_track(track)
    per = cars_per_team(players)
    numbers = (1, 3, 4, 7, 8) if per == 5 else (1, 3, 5, 8)
    free = [(s, lane) for s in range(shape.length) for lane in range(shape.lanes[s])]
    rnd.shuffle(free)
    cars = []
    for team in range(players):
        for number in numbers:
            sector, lane = free.pop()
            cars.append(
                car_view(
                    team,
                    number,
                    "track",
                    sector,
                    lane,
                    damage=rnd.randint(0, 5),
                    activated=rnd.random() < 0.5,
                )
            )
    return view_of(players, tuple(cars), seed=seed, track=track)


def on_grid(players: int, *, track: str = "oval") -> ArView:
    per = cars_per_team(players)
    numbers = (1, 3, 4, 7, 8) if per == 5 else (1, 3, 5, 8)
    shape = get_track(track)
    cars = []
    position = 1
    for number in numbers:
        for team in range(players):
            sector, lane = shape.grid_pos(position)
            cars.append(car_view(team, number, "grid", sector, lane))
            position += 1
    return view_of(players, tuple(cars), seed=0, track=track)


def view_of(
    players: int,
    cars: tuple[CarView, ...],
    *,
    seed: int,
    track: str = "oval",
    prompt: Prompt | None = None,
    last: LastMove | None = None,
    hand: tuple[CardView, ...] | None = None,
    viewer: int | None = None,
) -> ArView:
    rnd = random.Random(seed)
    teams = tuple(
        TeamView(
            player=1000 + i,
            name=NAMES[i],
            team_name=TEAM_NAMES[i],
            letter=TEAM_LETTERS[i],
            seat=i,
            pool=rnd.randint(3, 12),
            claimed=0,
            hand_size=6,
            first=i == 0,
            damage=0,
        )
        for i in range(players)
    )
    if prompt is None:
        prompt = Prompt(kind="play", players=(1000,), text="Alice: play a race card for a car")
    if last is None and len(cars) > 2:
        a, b = cars[0], cars[1]
        last = LastMove(
            player=a.owner,
            car=a.id,
            card=40,
            paths=(
                CarPath(
                    car=a.id,
                    path=(
                        (a.sector - 3, a.lane),
                        (a.sector - 2, a.lane),
                        (a.sector - 1, a.lane),
                        (a.sector, a.lane),
                    ),
                ),
            ),
            attacks=(Attack(attacker=a.id, target=b.id, kind="fire", card=3, hit=True, damage=2),),
            event="sideswipe",
        )
    return ArView(
        viewer=viewer,
        track=track,
        track_name=get_track(track).name,
        turn=3,
        teams=teams,
        cars=cars,
        first_player=1000,
        marker="light",
        prompt=prompt,
        clock_stopped=False,
        bounty=0,
        race_bonus=0,
        race_deck=40,
        event_deck=30,
        combat_deck=20,
        race_discard_top=None,
        event_discard_top=None,
        combat_discard_top=None,
        activation=None,
        last=last,
        outcome=None,
        hand=hand,
    )
