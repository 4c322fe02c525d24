"""Rules as written, round 3 (issue 27): targets by position, Spray on your own cars, the race
ending at the instant of the last VP, and a diagonal step into an occupied space."""

from __future__ import annotations

from games.apocalypseroad import SPEC
from games.apocalypseroad.combat import fire, targets
from games.apocalypseroad.data import COMBAT_CARDS
from games.apocalypseroad.model import Fire, LastMove, Move
from games.apocalypseroad.sim import Sim
from games.engine import Rng
from tests.games.apocalypseroad.helpers import (
    at,
    base,
    car,
    mover,
    moving,
    play,
    stack,
    with_cars,
)

SPRAY = next(c.id for c in COMBAT_CARDS if c.value >= 2 and c.missile.keyword == "spray")
"""A combat card that hits defense 2 and sprays with a Missile."""


def test_an_own_car_in_arc_may_be_targeted() -> None:
    """8.1: "Active Cars may target (attack) only cars surrounding the Active Car within one
    space" (by position and weapon mount: a car of your own team in arc is a target)."""
    state = with_cars(base(), {1: {"sector": 5, "lane": 1}, 3: {"sector": 6, "lane": 1}})
    assert targets(Sim(state), 1) == [3]


def test_firing_at_an_own_car_is_legal_after_moving() -> None:
    """8.1 through `apply`: the fire prompt offers the own car in arc and accepts the shot."""
    state = with_cars(base(), {1: {"sector": 5, "lane": 1}, 3: {"sector": 7, "lane": 1}})
    state = moving(state, 0, 1, 1, then=("fire",))
    state, _ = play(state, 0, Move(path="F"))
    assert Fire(target=3) in SPEC.legal_actions(state, state.teams[0].player)
    after, _ = play(stack(state, combat=(SPRAY,)), 0, Fire(target=3))
    assert car(after, 3).damage > 0


def test_spray_hits_the_active_players_own_car_beside_the_target() -> None:
    """8.5 Spray: "All cars adjacent to the target car, either orthogonally or diagonally, are
    hit for 1 point of Damage. The Active Car is not hit. Cars that could not be targeted
    legally by the Active Car are not hit." (an own car in arc, beside the target, is hit)."""
    state = with_cars(
        base(),
        {4: {"sector": 5, "lane": 1}, 11: {"sector": 6, "lane": 1}, 3: {"sector": 6, "lane": 0}},
    )
    sim = Sim(stack(state, combat=(SPRAY,)), Rng(1))
    fire(sim, 4, 11)
    assert sim.cars[3].damage == 1 and sim.cars[4].damage == 0


def test_an_own_car_eliminated_by_spray_scores_nobody() -> None:
    """11.3: "This is not done for an eliminated car belonging to the active player." (a
    Spray that finishes your own car: no VP for anyone)."""
    state = with_cars(
        base(),
        {
            4: {"sector": 5, "lane": 1},
            11: {"sector": 6, "lane": 1},
            3: {"sector": 6, "lane": 0, "damage": 5},
        },
    )
    sim = Sim(stack(state, combat=(SPRAY,)), Rng(1))
    fire(sim, 4, 11)
    assert sim.cars[3].place == "destroyed"
    assert sim.pools == [12, 12]


def test_the_race_ends_at_the_step_that_scores_the_last_vp() -> None:
    """5.5: "The instant that one player accrues their final VP from that team's pool of VPs
    the race is over"; 11.5: "The moment one player empties their pool, the game is over." The
    car stops on the step that crossed the line (the final board shows that instant)."""
    state = with_cars(base(), {1: {"sector": 34, "lane": 1}})
    teams = (state.teams[0].model_copy(update={"pool": 1}), state.teams[1])
    state = moving(state.model_copy(update={"teams": teams}), 0, 1, 4, then=("fire",))
    state = state.model_copy(update={"last": LastMove(player=state.teams[0].player, car=1)})
    after, _ = play(state, 0, Move(path="F F F F"))
    assert after.phase == "over" and after.winner == state.teams[0].player
    assert at(after, 1) == (0, 1)
    assert after.last is not None and after.last.paths[0].path == ((34, 1), (35, 1), (0, 1))


def test_a_line_pushed_over_the_line_stops_with_the_winning_car() -> None:
    """11.5 with the digest's "[R] Resolve crossings and kills one car at a time, front car
    first; the first pool to empty wins": a car pushed over the line for its owner's last VP
    ends the race there; the pushing car goes no further."""
    state = with_cars(base(), {1: {"sector": 33, "lane": 1}, 11: {"sector": 35, "lane": 1}})
    teams = (state.teams[0], state.teams[1].model_copy(update={"pool": 1}))
    state = moving(state.model_copy(update={"teams": teams}), 0, 1, 5, then=("fire",))
    after, _ = play(state, 0, Move(path="F F F F F"))
    assert after.winner == state.teams[1].player
    assert (at(after, 1), at(after, 11)) == ((35, 1), (0, 1))


def test_a_diagonal_step_into_an_occupied_space_displaces_its_car() -> None:
    """7.15: "If a Race Card allows diagonal movement, the Active Car can use it any number of
    times during its activation", and 7.1: "Cars are never blocked": a diagonal step into an
    occupied space displaces its occupant sideways as a lateral step does (7.10), for 2 MP
    (ruling)."""
    state = with_cars(base(), {1: {"sector": 3, "lane": 1}, 11: {"sector": 4, "lane": 0}})
    m = mover(state, 1, 5, "solo", diagonal=True)
    m.step("DL")
    # 11 is against the apron: displaced forward one space (7.10)
    assert (m.pos, m.board.pos[11], m.mp) == ((4, 0), (5, 0), 3)
