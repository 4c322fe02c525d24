"""The VP sources checked against the text for the race's pace (issue 12 review): a car
scores once per forward crossing, nothing for leaving the grid, and the countdown ticks once a
turn from turn 2 and, once stopped, never again."""

from __future__ import annotations

from games.apocalypseroad.model import ArState, Discard, Move
from tests.games.apocalypseroad.helpers import at, base, car, moving, play, with_cars


def end_of_turn(state: ArState, pools: list[int]) -> ArState:
    """Everyone has activated; the pools are `pools`; all players keep their cards."""
    done = "dark" if state.marker == "light" else "light"
    cars = tuple(c.model_copy(update={"side": done}) if c.racing else c for c in state.cars)
    teams = tuple(t.model_copy(update={"pool": p}) for t, p in zip(state.teams, pools, strict=True))
    everyone = tuple(t.player for t in state.teams)
    state = state.model_copy(
        update={"cars": cars, "teams": teams, "phase": "discard", "waiting": everyone}
    )
    for seat in range(len(state.teams)):
        state, _ = play(state, seat, Discard())
    return state


def test_the_stopped_countdown_stays_stopped_after_a_pool_grows_again() -> None:
    """4.5-11 / ⚠1 (11.4, lines 1058-61): "If this would be the last VP in a player's pool, no
    player removes a VP token any more during this race due to the Countdown Clock", "even
    after that pool grows again (11.2)": played through two ends of turn, not by calling the
    clock with the stopped flag set."""
    state = end_of_turn(base(2), [1, 7])
    assert [t.pool for t in state.teams] == [1, 7] and state.clock_stopped
    state = end_of_turn(state, [3, 7])  # P1 had a VP returned (11.2)
    assert [t.pool for t in state.teams] == [3, 7] and state.clock_stopped


def test_the_countdown_ticks_once_a_turn() -> None:
    """11.4 (lines 1057-58): "After all cars have been activated and players have drawn cards
    for the next round, each player removes 1 VP from the pool": one token per turn each."""
    state = base(3)
    for expected in (11, 10, 9):
        state = end_of_turn(state, [t.pool for t in state.teams])
        assert [t.pool for t in state.teams] == [expected] * 3


def test_leaving_the_grid_scores_nothing() -> None:
    """4.3e [R]: "The starting grid ... placed ahead of the finish line and joining the track
    at sector 2": a car from the grid's front row onto the track has crossed no line."""
    state = base(2)
    front = next(c for c in state.cars if c.place == "grid" and (c.sector, c.lane) == (109, 0))
    seat = front.team
    state = moving(state, seat, front.id, 3, then=())
    after, _ = play(state, seat, Move(path="F F F"))
    assert at(after, front.id)[0] == 4 and car(after, front.id).claimed == 0
    assert [t.pool for t in after.teams] == [12, 12]


def test_a_car_pushed_over_the_line_back_and_forth_scores_once() -> None:
    """11.1-11.2 (lines 1037-46): each forward crossing claims 1, a backward one returns it,
    recrossing re-claims it: over, swapped back by an Overtake, over again is 1 VP in all."""
    state = with_cars(base(2), {1: {"sector": 35, "lane": 1}})
    state, _ = play(moving(state, 0, 1, 1, then=()), 0, Move(path="F"))
    assert [t.pool for t in state.teams] == [11, 12] and car(state, 1).claimed == 1
    state = with_cars(
        state, {1: {"sector": 0, "lane": 1, "claimed": 1}, 11: {"sector": 35, "lane": 1}}
    )
    state, _ = play(moving(state, 1, 11, 1, movement="overtake", then=()), 1, Move(path="X"))
    assert (at(state, 1), at(state, 11)) == ((35, 1), (0, 1))
    assert [t.pool for t in state.teams] == [12, 11] and car(state, 1).claimed == 0
    state, _ = play(moving(state, 0, 1, 1, then=()), 0, Move(path="F"))
    assert (at(state, 1), at(state, 11)) == ((0, 1), (1, 1))
    assert [t.pool for t in state.teams] == [11, 11] and car(state, 1).claimed == 1
