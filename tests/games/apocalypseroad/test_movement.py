"""Movement (rules 13-27) and the worked examples of digest 4.5, on the Wasteland Oval.

Lane 0 is the inside (apron), lane 2 the outside wall in sectors 0-9."""

from __future__ import annotations

import pytest

from games.apocalypseroad.movement import BadStep
from tests.games.apocalypseroad.helpers import base, mover, with_cars


def positions(m: object, *cars: int) -> tuple[tuple[int, int], ...]:
    return tuple(m.board.pos[c] for c in cars)  # type: ignore[attr-defined]


def test_lateral_displacement_example() -> None:
    """4.5-2: "#300 spends 2 MP to displace A; A pushes B; B is against the wall and is pushed
    forward, which displaces C. One 2-MP charge covers all of it." (rule 7.10)"""
    state = with_cars(
        base(),
        {
            1: {"sector": 5, "lane": 0},
            11: {"sector": 5, "lane": 1},
            13: {"sector": 5, "lane": 2},
            14: {"sector": 6, "lane": 2},
        },
    )
    m = mover(state, 1, 10, "solo")
    m.step("R")
    assert positions(m, 1, 11, 13, 14) == ((5, 1), (5, 2), (6, 2), (7, 2))
    assert m.mp == 8


def test_overtake_example() -> None:
    """4.5-3: "forward 1 -> swap with the car ahead -> push the next car 1 (conditional link) ->
    swap with it -> lateral -> push once more. Each step costs 1 MP" (rule 7.5)."""
    state = with_cars(
        base(),
        {
            1: {"sector": 3, "lane": 1},
            11: {"sector": 5, "lane": 1},
            13: {"sector": 6, "lane": 1},
            14: {"sector": 8, "lane": 2},
        },
    )
    m = mover(state, 1, 10, "overtake")
    for token in ("F", "X", "F", "X", "R", "F"):
        m.step(token)
    assert positions(m, 1, 11, 13, 14) == ((8, 2), (4, 1), (6, 1), (9, 2))
    assert m.mp == 4


def test_conditional_link_example() -> None:
    """4.5-4: "#23 (Solo) pushes B 3 spaces, changes lane (unlinking), and continues alone"."""
    state = with_cars(base(), {1: {"sector": 3, "lane": 1}, 11: {"sector": 4, "lane": 1}})
    m = mover(state, 1, 10, "solo")
    for token in ("F", "F", "F"):
        m.step(token)
    assert positions(m, 1, 11) == ((6, 1), (7, 1))
    m.step("R")
    m.step("F")
    assert positions(m, 1, 11) == ((7, 2), (7, 1))


def test_line_changes_lane_then_picks_up_b_and_f() -> None:
    """4.5-5: "#21 changes lane, then picks up B and F"; after the lock no lane changes
    (rule 7.6: "Racing Lines cannot change lanes or be broken")."""
    state = with_cars(
        base(),
        {1: {"sector": 3, "lane": 1}, 11: {"sector": 4, "lane": 2}, 13: {"sector": 2, "lane": 2}},
    )
    m = mover(state, 1, 10, "line")
    m.step("R")
    assert not m.locked
    m.step("F")
    assert m.locked
    assert positions(m, 1, 11, 13) == ((4, 2), (5, 2), (3, 2))
    with pytest.raises(BadStep):
        m.copy().step("L")


def test_line_forms_with_a_e_and_g() -> None:
    """4.5-5: "or forms a line with A, E and G" (A ahead; E and G linked behind)."""
    state = with_cars(
        base(),
        {
            1: {"sector": 5, "lane": 1},
            11: {"sector": 6, "lane": 1},
            13: {"sector": 4, "lane": 1},
            14: {"sector": 3, "lane": 1},
        },
    )
    m = mover(state, 1, 10, "line")
    m.step("F")
    m.step("F")
    assert positions(m, 11, 1, 13, 14) == ((8, 1), (7, 1), (6, 1), (5, 1))


def test_line_displaces_f_and_e_then_links_the_centre_line() -> None:
    """4.5-5: "or displaces F and E laterally before linking the centre line A, D, #21, G"."""
    state = with_cars(
        base(),
        {
            1: {"sector": 5, "lane": 2},
            11: {"sector": 5, "lane": 1},
            13: {"sector": 5, "lane": 0},
            14: {"sector": 6, "lane": 1},
            17: {"sector": 7, "lane": 1},
            3: {"sector": 4, "lane": 1},
        },
    )
    m = mover(state, 1, 10, "line")
    m.step("L")
    assert m.mp == 8 and not m.locked
    assert positions(m, 11, 13) == ((5, 0), (6, 0))
    m.step("F")
    assert positions(m, 17, 14, 1, 3) == ((8, 1), (7, 1), (6, 1), (5, 1))


def test_line_forward_into_empty_space_does_not_lock() -> None:
    """Rule 18: "A forward move into an empty space with no linking does not trigger the lock"."""
    state = with_cars(base(), {1: {"sector": 3, "lane": 1}})
    m = mover(state, 1, 10, "line")
    m.step("F")
    m.step("L")
    assert m.pos == (4, 0)


def test_pursuit_pushes_and_leaves_cars_behind() -> None:
    """Rule 19 / 7.7: "#21 ... pushes car A and B. Car C is left behind"; no lane change after."""
    state = with_cars(
        base(),
        {
            1: {"sector": 5, "lane": 1},
            11: {"sector": 6, "lane": 1},
            13: {"sector": 7, "lane": 1},
            14: {"sector": 4, "lane": 1},
        },
    )
    m = mover(state, 1, 10, "pursuit")
    m.step("F")
    assert positions(m, 1, 11, 13, 14) == ((6, 1), (7, 1), (8, 1), (4, 1))
    with pytest.raises(BadStep):
        m.copy().step("R")


def test_lead_pulls_b_c_d_and_not_a() -> None:
    """4.5-6: "B, C and D follow #21 and A does not"."""
    state = with_cars(
        base(),
        {
            1: {"sector": 5, "lane": 1},
            11: {"sector": 4, "lane": 1},
            13: {"sector": 3, "lane": 1},
            14: {"sector": 2, "lane": 1},
            17: {"sector": 4, "lane": 0},
        },
    )
    m = mover(state, 1, 10, "lead")
    m.step("F")
    m.step("F")
    assert positions(m, 1, 11, 13, 14, 17) == ((7, 1), (6, 1), (5, 1), (4, 1), (4, 0))


def test_lead_with_nobody_behind_does_not_take_a() -> None:
    """4.5-6: "With nobody behind, #21 moves and changes lane in front of A without taking A
    along" (rule 7.8: linking is only determined at the start)."""
    state = with_cars(base(), {1: {"sector": 5, "lane": 1}, 11: {"sector": 5, "lane": 0}})
    m = mover(state, 1, 10, "lead")
    for token in ("F", "L", "F"):
        m.step(token)
    assert positions(m, 1, 11) == ((7, 0), (5, 0))


def test_lead_followers_trail_like_a_snake() -> None:
    """⚠15: "Implement followers as a snake that trails the active car's path" (7.8 para 2:
    "When the Active Car moves laterally, the linked cars follow")."""
    state = with_cars(
        base(),
        {1: {"sector": 5, "lane": 1}, 11: {"sector": 4, "lane": 1}, 13: {"sector": 3, "lane": 1}},
    )
    m = mover(state, 1, 10, "lead")
    m.step("R")
    assert positions(m, 1, 11, 13) == ((5, 2), (5, 1), (4, 1))
    m.step("F")
    assert positions(m, 1, 11, 13) == ((6, 2), (5, 2), (5, 1))


def test_ram_stops_behind_the_car_ahead() -> None:
    """Rule 21: "When it would push into a car ahead, it instead stops in the space behind and
    makes a Collision attack on it ... Remaining MP are lost"."""
    state = with_cars(base(), {1: {"sector": 3, "lane": 1}, 11: {"sector": 6, "lane": 1}})
    m = mover(state, 1, 10, "ram")
    m.step("F")
    m.step("F")
    m.step("F")
    assert m.stop == ("ram", 11) and m.mp == 0
    assert positions(m, 1, 11) == ((5, 1), (6, 1))


def test_ram_as_lead_pulls_the_followers() -> None:
    """⚠17: "Ramming Movement can be either a Solo Movement or a Lead Movement ... Decided: the
    active player chooses"."""
    cars = {1: {"sector": 5, "lane": 1}, 11: {"sector": 4, "lane": 1}}
    solo = mover(with_cars(base(), cars), 1, 10, "ram")
    lead = mover(with_cars(base(), cars), 1, 10, "ram", ram_lead=True)
    solo.step("F")
    lead.step("F")
    assert solo.board.pos[11] == (4, 1)
    assert lead.board.pos[11] == (5, 1)


def test_diagonal_only_with_a_diagonal_card_at_one_mp() -> None:
    """Rule 13: "No diagonal moves unless the card allows them"; ⚠8: "Recommend 1 MP per
    diagonal step"."""
    state = with_cars(base(), {1: {"sector": 3, "lane": 1}})
    with pytest.raises(BadStep):
        mover(state, 1, 10, "solo").step("DR")
    m = mover(state, 1, 10, "solo", diagonal=True)
    m.step("DR")
    assert m.pos == (4, 2) and m.mp == 9


def test_no_space_twice() -> None:
    """Rule 13: "No entering the same space twice in one activation"."""
    state = with_cars(base(), {1: {"sector": 3, "lane": 1}})
    m = mover(state, 1, 10, "solo")
    m.step("L")
    with pytest.raises(BadStep):
        m.step("R")


def test_rough_track_forbids_lane_changes_but_not_leaving_the_trough() -> None:
    """⚠18: "no lateral move or displacement in Rough or Jump sectors ... the only exceptions are
    moving into and out of the Trough (7.14)"."""
    state = with_cars(base(), {1: {"sector": 17, "lane": 1}, 11: {"sector": 21, "lane": 1}})
    with pytest.raises(BadStep):
        mover(state, 1, 10, "solo").step("R")
    trough = mover(state, 11, 10, "solo", must_exit=2)
    with pytest.raises(BadStep):
        trough.copy().step("F")
    trough.step("L")
    assert trough.pos == (21, 0)
    trough.step("F")
    with pytest.raises(BadStep):
        trough.copy().step("R")


def test_chute_exit_costs_one_or_two() -> None:
    """Rule 33: "Leaving the Chute costs 1 MP (a lateral move onto the track), or 2 MP if that
    needs a displacement"."""
    state = with_cars(base(), {1: {"place": "chute", "sector": 0, "lane": -1}})
    m = mover(state, 1, 10, "solo", must_exit=1)
    m.step("R")
    assert m.pos == (0, 0) and m.mp == 9
    busy = with_cars(
        base(), {1: {"place": "chute", "sector": 0, "lane": -1}, 11: {"sector": 0, "lane": 0}}
    )
    m = mover(busy, 1, 10, "solo", must_exit=1)
    m.step("R")
    assert m.mp == 8 and m.board.pos[11] == (0, 1)


def test_crossover_blocks_perpendicular_traffic() -> None:
    """4.5-7: "White would enter Blue's blocking space -> White stops in the space before, both
    take 1 damage, and White's remaining MP are lost" (rule 24)."""
    state = with_cars(
        base(track="figure8"), {1: {"sector": 11, "lane": 0}, 11: {"sector": 25, "lane": 0}}
    )
    m = mover(state, 1, 10, "solo")
    m.step("F")
    m.step("F")
    assert m.stop == ("crossover", 11) and m.mp == 0 and m.pos == (12, 0)


def test_no_lateral_displacement_or_overtake_at_the_crossover() -> None:
    """Rule 24: "No lateral displacement inside the crossover"; "Overtake and 'Work the Pack'
    can't target a perpendicular car"."""
    state = with_cars(
        base(track="figure8"), {1: {"sector": 13, "lane": 0}, 11: {"sector": 13, "lane": 1}}
    )
    with pytest.raises(BadStep, match="crossover"):
        mover(state, 1, 10, "solo").step("R")
    state = with_cars(
        base(track="figure8"), {13: {"sector": 12, "lane": 1}, 14: {"sector": 26, "lane": 0}}
    )
    with pytest.raises(BadStep, match="perpendicular"):
        mover(state, 13, 10, "overtake").step("X")


def test_where_lanes_converge_the_active_player_picks_the_cars_behind() -> None:
    """Rule 23 / 7.11.4: "If there is a choice of which lane's cars count as part of the line,
    the active player chooses, and may choose an empty lane"."""
    # sector 10 lane 1 is fed by sector 9 lanes 1 and 2
    cars = {
        1: {"sector": 10, "lane": 1},
        11: {"sector": 9, "lane": 1},
        13: {"sector": 9, "lane": 2},
    }
    state = with_cars(base(), cars)
    default = mover(state, 1, 10, "lead")
    assert default.followers == [11]
    other = mover(state, 1, 10, "lead")
    other.step("B1")
    assert other.followers == [13]
    other.step("F")
    assert positions(other, 1, 13, 11) == ((11, 1), (10, 1), (9, 1))
    line = mover(state, 1, 10, "line")
    line.step("B1")
    line.step("F")
    assert line.followers == [13]
    with pytest.raises(BadStep):
        other.step("B0")


def test_the_active_player_steers_a_pushed_line_at_a_split() -> None:
    """7.11.3: "When a Racing Line exits a corner and has an option of multiple lanes to
    enter, the active player decides which lane the line will enter"."""
    # sector 15 lane 1 splits into sector 16 lanes 1 and 2
    cars = {1: {"sector": 14, "lane": 1}, 11: {"sector": 15, "lane": 1}}
    straight = mover(with_cars(base(), cars), 1, 10, "pursuit")
    straight.step("F")
    assert positions(straight, 1, 11) == ((15, 1), (16, 1))
    steered = mover(with_cars(base(), cars), 1, 10, "pursuit")
    assert "F2" in steered.options()
    steered.step("F2")
    steered.step("F2")
    assert positions(steered, 1, 11) == ((16, 2), (17, 2))
    with pytest.raises(BadStep):
        mover(with_cars(base(), cars), 1, 10, "pursuit").step("F0")
