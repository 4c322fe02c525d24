"""The crossover (rule 7.12, digest 24) against pushes, rams and Sideswipe, and Open Road's
walk to the next car (rule 10), as the text words them."""

from __future__ import annotations

from games.apocalypseroad.events import event_options
from games.apocalypseroad.model import ArState, EventChoice, Move
from games.apocalypseroad.sim import Sim
from tests.games.apocalypseroad.helpers import (
    at,
    base,
    car,
    combat_card,
    event_card,
    moving,
    play,
    stack,
    with_cars,
)


def eight(cars: dict[int, dict[str, object]]) -> ArState:
    return with_cars(base(track="figure8"), cars)


def test_a_pushed_car_that_would_enter_a_barred_square_is_the_one_that_collides() -> None:
    """7.12 (lines 644-48, 702-03): "Any car that would have to enter a space with a car
    already barring its way in the crossover is forced to stop in the space before ... Both
    the moving car and the car in the crossover receive 1 Damage marker and the activation
    that attempted to force the move comes to an immediate stop". Car 12, pushed by car 1,
    is the car that would enter the square: it and the blocker take the damage, not car 1."""
    state = eight(
        {1: {"sector": 11, "lane": 0}, 12: {"sector": 12, "lane": 0}, 11: {"sector": 25, "lane": 0}}
    )
    after, _ = play(moving(state, 0, 1, 5, then=()), 0, Move(path="F"))
    assert (at(after, 1), at(after, 12)) == ((11, 0), (12, 0))
    assert (car(after, 1).damage, car(after, 12).damage, car(after, 11).damage) == (0, 1, 1)
    assert after.activation is None or after.activation.mp == 0


def test_a_ram_card_may_ram_a_perpendicular_car_and_its_bulldoze_is_ignored() -> None:
    """7.12 Bulldoze (lines 731-32): "Cars may ram perpendicular cars but if the result
    includes a Bulldoze result the Bulldoze text is ignored": a Ram card meeting a
    perpendicular car makes a collision attack (the combat card's 1/1), no swap."""
    state = eight({1: {"sector": 11, "lane": 0}, 11: {"sector": 25, "lane": 0}})
    state = stack(
        moving(state, 0, 1, 5, movement="ram", then=()),
        combat=(combat_card(1, keyword="bulldoze"),),
    )
    after, _ = play(state, 0, Move(path="F F"))
    assert (at(after, 1), at(after, 11)) == ((12, 0), (25, 0))
    assert (car(after, 11).damage, car(after, 1).damage) == (1, 1)
    assert len(after.combat_deck) == len(state.combat_deck) - 1


def test_a_ram_that_eliminates_a_perpendicular_car_enters_the_square_in_its_own_lane() -> None:
    """8.4 (lines 791-92): "if the targeted car is eliminated, the Active Car must enter the
    space the eliminated car occupied": the square, travelled in the rammer's direction."""
    state = eight({1: {"sector": 11, "lane": 0}, 11: {"sector": 25, "lane": 0, "damage": 5}})
    state = stack(moving(state, 0, 1, 5, movement="ram", then=()), combat=(combat_card(2),))
    after, _ = play(state, 0, Move(path="F F"))
    assert car(after, 11).place == "destroyed"
    assert at(after, 1) == (13, 0)


def test_sideswipe_onto_a_square_barred_by_a_perpendicular_car_is_a_crossover_collision() -> None:
    """Sideswipe (line 999): "Active Car must move laterally one lane" against 7.12 (lines
    644-48): a car that would enter a square barred by a perpendicular car stops and both take
    1 damage; track rules take precedence (lines 337-38), so no collision attack is drawn."""
    state = eight({1: {"sector": 12, "lane": 0}, 11: {"sector": 26, "lane": 0}})
    state = stack(moving(state, 0, 1, 1), events=(event_card("sideswipe"),))
    after, _ = play(state, 0, Move(path="F"))
    assert at(after, 1) == (13, 0) and event_options(Sim(after)) == ["out"]
    done, _ = play(after, 0, EventChoice(choice="out"))
    assert (at(done, 1), at(done, 11)) == ((13, 0), (26, 0))
    assert (car(done, 1).damage, car(done, 11).damage) == (1, 1)
    assert done.combat_deck == after.combat_deck


def test_open_road_links_with_a_car_standing_on_the_crossover_in_its_own_direction() -> None:
    """Open Road (lines 961-62): "move any number of spaces forward to become linked with the
    next car in front of it": car 17 on the crossover square (25, 0), travelling the same way,
    is that next car (it was skipped, and car 1 ran on behind car 18)."""
    state = eight(
        {1: {"sector": 22, "lane": 0}, 17: {"sector": 25, "lane": 0}, 18: {"sector": 30, "lane": 0}}
    )
    after, _ = play(
        stack(moving(state, 0, 1, 1), events=(event_card("open_road"),)), 0, Move(path="F")
    )
    assert event_options(Sim(after)) == ["road:24:0", "skip"]


def test_open_road_may_not_change_lanes_on_rough_track() -> None:
    """Open Road: "The lane may be changed in this movement" against 7.13 (lines 735-38): "no
    car may change lanes while in this area ... No Event or Race Card can override this rule":
    from the inside Rough lane car 1 can't reach the space behind a car in the outer Jump
    lane, so the card offers nothing; behind a car in its own lane it may."""
    cars = {1: {"sector": 15, "lane": 0}, 17: {"sector": 21, "lane": 2}}
    state = stack(moving(with_cars(base(), cars), 0, 1, 1), events=(event_card("open_road"),))
    after, _ = play(state, 0, Move(path="F"))
    assert at(after, 1) == (16, 0) and event_options(Sim(after), "open_road") == []
    cars = {1: {"sector": 15, "lane": 0}, 17: {"sector": 21, "lane": 0}}
    state = stack(moving(with_cars(base(), cars), 0, 1, 1), events=(event_card("open_road"),))
    after, _ = play(state, 0, Move(path="F"))
    assert event_options(Sim(after)) == ["road:20:0", "skip"]
    done, _ = play(after, 0, EventChoice(choice="road:20:0"))
    assert at(done, 1) == (20, 0)


def test_open_road_goes_round_a_half_blocked_crossover() -> None:
    """Open Road (lines 961-65): only "if both lanes of the crossover are blocked
    perpendicularly" must the car stop before them; with one lane barred it runs on through
    the other lane (and may change lane on paved track) to link behind the next car."""
    state = eight(
        {1: {"sector": 9, "lane": 1}, 11: {"sector": 25, "lane": 0}, 17: {"sector": 15, "lane": 0}}
    )
    after, _ = play(
        stack(moving(state, 0, 1, 1), events=(event_card("open_road"),)), 0, Move(path="F")
    )
    assert event_options(Sim(after)) == ["road:14:0", "skip"]
    done, _ = play(after, 0, EventChoice(choice="road:14:0"))
    assert at(done, 1) == (14, 0) and car(done, 1).damage == 0


def test_bump_and_run_moves_a_car_on_rough_track_only_along_its_lane() -> None:
    """⚠18 / 7.13 (lines 735-38): "no car may change lanes while in this area ... No Event or
    Race Card can override this rule": on the Rough a bumped car may go straight forward or
    back, not sideways and not diagonally."""
    state = with_cars(base(), {1: {"sector": 16, "lane": 1}, 11: {"sector": 18, "lane": 1}})
    state = stack(moving(state, 0, 1, 1), events=(event_card("bump_and_run"),))
    after, _ = play(state, 0, Move(path="F"))
    assert at(after, 1) == (17, 1)
    options = event_options(Sim(after))
    assert options == ["bump:11:19:1", "skip"]
