"""The turn (rules 9-11 and 37): setup, action segments, end of turn, the countdown clock."""

from __future__ import annotations

from collections.abc import Sequence

from games.apocalypseroad.combat import on_board, targets
from games.apocalypseroad.data import (
    COMBAT_CARDS,
    EVENT_DECK,
    HAND_SIZE,
    RACE_CARDS,
    STANDARD_RACE_DECK,
    TEAM_LETTERS,
    TEAM_NAMES,
    cars_per_team,
    standard_set,
)
from games.apocalypseroad.model import Activation, ArDrawn, ArOptions, ArState, Car, Team
from games.apocalypseroad.movement import Mover
from games.apocalypseroad.sim import Sim, flip
from games.engine import Player, Rng


def setup(players: Sequence[Player], options: ArOptions, rng: Rng) -> ArState:
    """Rules 4-7: teams, the grid drawn from a bag one car per team at a time, decks, hands."""
    count = len(players)
    starting = standard_set(count)
    teams = [
        Team(
            player=p.id,
            name=p.name,
            team_name=TEAM_NAMES[i],
            letter=TEAM_LETTERS[i],
            seat=i,
            pool=options.pool,
        )
        for i, p in enumerate(players)
    ]
    cars = [
        Car(id=seat * 10 + number, owner=p.id, team=seat, number=number, place="reserve")
        for seat, p in enumerate(players)
        for number in range(1, 9)
    ]
    race = list(range(STANDARD_RACE_DECK if not options.work_the_pack else len(RACE_CARDS)))
    events = list(range(len(EVENT_DECK)))
    combat = list(range(len(COMBAT_CARDS)))
    for deck in (race, events, combat):
        rng.shuffle(deck)
    state = ArState(
        options=options,
        teams=tuple(teams),
        cars=tuple(cars),
        race_deck=tuple(race),
        event_deck=tuple(events),
        combat_deck=tuple(combat),
        phase="pick",
        waiting=tuple(p.id for p in players),
    )
    if options.pick_cars:
        return state
    sim = Sim(state, rng)
    for seat in range(count):
        sim.picked[seat] = list(starting)
    place_grid(sim)
    return sim.to_state()


def place_grid(sim: Sim) -> None:
    """Setup step 4: one car per team into the bag, drawn onto grid positions 1, 2, ...,
    repeated until every car is placed; the First Player marker to position 1; deal 6."""
    track = sim.track
    count = len(sim.state.teams)
    position = 1
    first = 0
    for round_ in range(cars_per_team(count)):
        bag = [seat * 10 + sim.picked[seat][round_] for seat in range(count)]
        assert sim.rng is not None
        sim.rng.shuffle(bag)
        for car_id in bag:
            sector, lane = track.grid_pos(position)
            sim.update(car_id, place="grid", sector=sector, lane=lane, side="light")
            if position == 1:
                first = car_id // 10
            position += 1
    fill_hands(sim, first)
    sim.fields.update(phase="action", waiting=(), first=first, seat=first, marker="light")
    sim.note(f"{sim.state.teams[first].name} starts on pole and takes the First Player marker")


def fill_hands(sim: Sim, first: int) -> None:
    """Rule 9: in turn order from the first player, draw back up to 6 (reshuffling)."""
    count = len(sim.hands)
    for i in range(count):
        seat = (first + i) % count
        drawn: list[int] = []
        while len(sim.hands[seat]) < HAND_SIZE:
            card = sim.draw_race()
            if card is None:
                break
            sim.hands[seat].append(card)
            drawn.append(card)
        if drawn:
            sim.events.append(ArDrawn(player=sim.state.teams[seat].player, cards=tuple(drawn)))


def activatable(sim: Sim, seat: int, marker: str | None = None) -> list[int]:
    """Car ids of `seat` that may still activate this turn (side matching the marker)."""
    side = marker or sim.state.marker
    return sorted(c.id for c in sim.cars.values() if c.team == seat and c.racing and c.side == side)


def next_seat(sim: Sim, after: int) -> int | None:
    """The next seat clockwise (after `after`, ending with it) that has a car to activate."""
    count = len(sim.hands)
    for i in range(1, count + 1):
        seat = (after + i) % count
        if activatable(sim, seat):
            return seat
    return None


def can_fire(sim: Sim) -> bool:
    act = sim.activation
    if act is None or act.fired or act.no_fire:
        return False
    car = sim.cars[act.car]
    return on_board(car) and not car.suppressed and bool(targets(sim, act.car))


def end_activation(sim: Sim) -> None:
    """Rule 10.4: flip the car to the colour not matching the marker; next player."""
    act = sim.activation
    assert act is not None
    car = sim.cars[act.car]
    if car.racing:
        sim.update(act.car, side=flip(sim.state.marker), suppressed=False)
    sim.activation = None
    if sim.over:
        return
    seat = next_seat(sim, sim.seat_of[act.player])
    if seat is None:
        sim.fields.update(phase="discard", waiting=tuple(t.player for t in sim.state.teams))
        sim.note("Every car has activated: end of turn. Discard any unwanted race cards.")
    else:
        sim.fields.update(seat=seat)


def next_first_player(damage: Sequence[int], holder: int) -> int:
    """Rule 11b: the most total damage, the holder excluded; ties to the nearest clockwise."""
    count = len(damage)
    best, seat = -1, (holder + 1) % count
    for i in range(1, count):
        candidate = (holder + i) % count
        if damage[candidate] > best:
            best, seat = damage[candidate], candidate
    return seat


def end_turn(sim: Sim) -> None:
    """After the discards: pass the marker, flip it, next turn's fill hands and countdown."""
    state = sim.state
    totals = [0] * len(state.teams)
    for car in sim.cars.values():
        if car.racing:
            totals[car.team] += car.damage
    first = next_first_player(totals, state.first)
    marker = flip(state.marker)
    team = state.teams[first]
    sim.note(f"{team.name} takes the First Player marker ({totals[first]} damage)")
    fill_hands(sim, first)
    stopped = countdown(sim, state.clock_stopped)
    count = len(state.teams)
    ready = [
        (first + i) % count for i in range(count) if activatable(sim, (first + i) % count, marker)
    ]
    if not ready:
        best = min(range(count), key=lambda s: (sim.pools[s], (s - first) % count))
        sim.winner = state.teams[best].player
        sim.end_reason = "no car is left racing; the most VP scored wins"
        sim.note(sim.end_reason)
        return
    sim.fields.update(
        phase="action",
        waiting=(),
        first=first,
        marker=marker,
        seat=ready[0],
        turn=state.turn + 1,
        clock_stopped=stopped,
    )


def countdown(sim: Sim, stopped: bool) -> bool:
    """Rule 11.4 (⚠1): after the fill-hands step from turn 2 on, every player removes 1 VP from
    their own pool, unless a pool holds exactly 1: then the clock stops for good."""
    if stopped:
        return True
    if any(pool == 1 for pool in sim.pools):
        sim.note("A pool holds its last VP: the countdown clock stops for the rest of the race")
        return True
    for seat in range(len(sim.pools)):
        sim.pools[seat] -= 1
    sim.note("Countdown: every team scores 1 VP (1 VP off each pool)")
    return False


def mover_for(sim: Sim, act: Activation) -> Mover:
    board = sim.board()
    car = sim.cars[act.mover]
    must_exit = 0
    if car.place == "chute" or (car.place == "off" and car.lane < 0):
        must_exit = 1
    elif car.place == "off":
        must_exit = -1
    elif sim.track.terrain(car.pos) == "trough":
        must_exit = 2
    suppressed = car.suppressed and act.mover == act.car
    return Mover.start(
        board,
        act.mover,
        act.mp,
        act.movement,
        diagonal=act.diagonal,
        ram_lead=act.ram_lead,
        empty_only=act.empty_only,
        suppressed=suppressed,
        must_exit=must_exit,
    )
