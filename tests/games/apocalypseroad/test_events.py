"""The 28 movement events (rule 10), each effect, and the event rulings of digest 4.4."""

from __future__ import annotations

import pytest

from games.apocalypseroad import SPEC
from games.apocalypseroad.choices import legal_actions
from games.apocalypseroad.events import event_options
from games.apocalypseroad.model import ArState, Debris, EventChoice, Fire, Move, PlayCard
from games.apocalypseroad.sim import Sim
from games.engine import IllegalAction, Rng
from tests.games.apocalypseroad.helpers import (
    at,
    base,
    car,
    combat_card,
    event_card,
    moving,
    play,
    race_card,
    ready,
    stack,
    with_cars,
)

ACTIVE = {1: {"sector": 5, "lane": 1}}


def drawn(kind: str, cars: dict[int, dict[str, object]] | None = None, **kw: object) -> ArState:
    """Car 1 (seat 0) moves 1 space forward and draws `kind`."""
    state = with_cars(base(), {**ACTIVE, **(cars or {})})
    state = stack(moving(state, 0, 1, 1), events=(event_card(kind),), **kw)  # type: ignore[arg-type]
    return play(state, 0, Move(path="F"))[0]


@pytest.mark.parametrize(
    ("kind", "damage"),
    [
        ("fuel_leak", 1),
        ("shredded_tire", 1),
        ("outta_gas", 2),
        ("blown_engine", 3),
        ("blown_transmission", 3),
    ],
)
def test_active_car_damage_events(kind: str, damage: int) -> None:
    """Rule 10: e.g. "Blown Engine (x1): The Active Car takes 3 Damage"."""
    assert car(drawn(kind), 1).damage == damage


@pytest.mark.parametrize("kind", ["engine_failure", "transmission_failure"])
def test_engine_and_transmission_failure_are_identical(kind: str) -> None:
    """⚠16: "Engine Failure says 'takes 2 more' where Transmission Failure says 'takes 2'; treat
    them as identical": 0-1 damage -> +1, 2+ -> +2."""
    assert car(drawn(kind), 1).damage == 1
    assert car(drawn(kind, {1: {"sector": 5, "lane": 1, "damage": 2}}), 1).damage == 4


def test_suspension_failure_adds_one_in_the_rough() -> None:
    """Rule 10: "+1 more if it is in the Rough or Jump section"."""
    assert car(drawn("suspension_failure"), 1).damage == 1
    rough = drawn("suspension_failure", {1: {"sector": 16, "lane": 1}})
    assert car(rough, 1).damage == 2


def test_bottoming_out_and_bumpy_ride() -> None:
    """Rule 10: "Every car in the Jump section: 1 dmg"; "Every car in the Rough section: 1 dmg"."""
    cars = {
        11: {"sector": 20, "lane": 0},
        13: {"sector": 22, "lane": 2},
        14: {"sector": 17, "lane": 1},
    }
    after = drawn("bottoming_out", cars)
    assert [car(after, c).damage for c in (11, 13, 14)] == [1, 1, 0]
    after = drawn("bumpy_ride", cars)
    assert [car(after, c).damage for c in (11, 13, 14)] == [0, 0, 1]


@pytest.mark.parametrize(
    ("kind", "damage"), [("big_air", 2), ("greasing_the_landing", 3), ("missed_jump", 1)]
)
def test_jump_events_hit_the_furthest_and_drop_them_in_the_trough(kind: str, damage: int) -> None:
    """Rule 10: "The car(s) furthest along the Jump (same-sector ties included): 2 dmg, then
    moved to the adjacent Trough"."""
    cars = {
        11: {"sector": 22, "lane": 0},
        13: {"sector": 22, "lane": 2},
        14: {"sector": 21, "lane": 0},
    }
    after = drawn(kind, cars)
    assert [car(after, c).damage for c in (11, 13, 14)] == [damage, damage, 0]
    assert at(after, 11) == (22, 1) and at(after, 13) == (22, 1)


def test_missed_jump_kill_scores_but_big_air_does_not() -> None:
    """⚠5: "follow the text: 11.3 applies to Missed Jump (the card has no 'no VP' clause)"."""
    victim = {11: {"sector": 22, "lane": 0, "damage": 5}}
    assert drawn("missed_jump", victim).teams[0].pool == 11
    assert drawn("big_air", victim).teams[0].pool == 12


@pytest.mark.parametrize(("kind", "damage"), [("roll", 4), ("snapped_the_struts", 3)])
def test_rough_events_hit_the_furthest_along_the_rough(kind: str, damage: int) -> None:
    """Rule 10: "Roll (x1): The car(s) furthest along the Rough: 4 dmg. No VP"."""
    after = drawn(kind, {11: {"sector": 19, "lane": 0}, 13: {"sector": 17, "lane": 1}})
    assert (car(after, 11).damage, car(after, 13).damage) == (damage, 0)


def test_bounty_and_race_bonus_put_four_markers_in_play() -> None:
    """Rule 10: Bounty / Race Bonus: "4 markers ... discard it when empty"."""
    assert drawn("bounty").bounty == 4
    assert drawn("race_bonus").race_bonus == 4


def test_reloading_without_firing_first_forbids_firing_after() -> None:
    """Rule 10: Reloading: "If the active car did not fire before moving, it can't fire this
    turn"."""
    after = drawn("reloading", {11: {"sector": 7, "lane": 1}})
    assert after.activation is None or after.activation.stage != "fire"


def test_reloading_after_firing_first_blocks_the_next_fire_before_moving() -> None:
    """Rule 10: "If it did, it gets a Reloading marker and may not fire before moving on its
    next activation"."""
    state = with_cars(base(), {**ACTIVE, 11: {"sector": 6, "lane": 1}})
    state = stack(state, events=(event_card("reloading"),), combat=(combat_card(0),))
    card = race_card("solo", 4)
    state, _ = play(ready(state, 0, card), 0, PlayCard(card=card, car=1, target=11))
    path = SPEC.legal_actions(state, state.teams[0].player)[0]
    state, _ = play(state, 0, path)
    assert car(state, 1).reloading
    again = ready(state.model_copy(update={"activation": None}), 0, card)
    again = again.model_copy(
        update={"cars": tuple(c.model_copy(update={"side": again.marker}) for c in again.cars)}
    )
    target = next(iter(t for t in (11,) if car(again, 11).racing), None)
    with pytest.raises(IllegalAction):
        play(again, 0, PlayCard(card=card, car=1, target=target or 11))


@pytest.mark.parametrize(("kind", "lane"), [("spin_around", -1), ("into_the_weeds", 3)])
def test_spin_around_and_into_the_weeds_put_the_car_beside_the_track(kind: str, lane: int) -> None:
    """Rule 10: "placed in the same sector, off track, beside the outside lane" (Into the
    Weeds) / "beside the inside lane" (Spin-Around); its first move must re-enter laterally."""
    after = drawn(kind)
    spun = car(after, 1)
    assert (spun.place, spun.sector, spun.lane, spun.spun) == ("off", 6, lane, True)


def test_dangerous_debris_is_a_simultaneous_prompt() -> None:
    """Rule 10 / 4.1 Turn: "Only the end-of-turn discard (11a) and the Dangerous Debris event
    are answered by all players at once"; cars in the Chute may not be chosen."""
    after = drawn(
        "dangerous_debris",
        {11: {"sector": 9, "lane": 1}, 13: {"sector": 9, "lane": 2, "damage": 2}},
    )
    assert after.phase == "debris"
    assert SPEC.active_players(after) == {after.teams[0].player, after.teams[1].player}
    bot = SPEC.policy(after, after.teams[1].player, Rng(1))  # type: ignore[misc]
    assert bot == Debris(car=1)  # [R] default: the least-damaged car
    after, _ = play(after, 1, Debris(car=3))
    after, _ = play(after, 0, Debris(car=1))
    assert after.phase == "action"
    assert (car(after, 13).damage, car(after, 1).damage) == (3, 1)


def test_drift_swaps_with_the_car_linked_ahead() -> None:
    """Rule 10: Drift: "The active car may swap places with the car linked directly ahead"."""
    after = drawn("drift", {11: {"sector": 7, "lane": 1}})
    assert event_options(Sim(after)) == ["swap", "skip"]
    after, _ = play(after, 0, EventChoice(choice="swap"))
    assert (at(after, 1), at(after, 11)) == ((7, 1), (6, 1))


def test_get_there_moves_up_to_two_into_empty_spaces() -> None:
    """Rule 10: Get There: "may move Solo 1 or 2 MP without entering an occupied space"."""
    after = drawn("get_there", {11: {"sector": 8, "lane": 1}})
    assert after.activation is not None and after.activation.mp == 2
    with pytest.raises(IllegalAction):
        play(after, 0, Move(path="F F"))
    done, _ = play(after, 0, Move(path="F R"))
    assert at(done, 1) == (7, 2)
    skipped, _ = play(after, 0, Move(path=""))
    assert at(skipped, 1) == (6, 1)


def test_high_flyer_moves_the_car_closest_to_the_end_of_the_jump() -> None:
    """Rule 10: High Flyer: "The car closest to the end of the jump (inside favoured), ignoring
    cars in the Trough, makes an immediate 5-space Solo Overtake move"."""
    after = drawn(
        "high_flyer",
        {
            11: {"sector": 21, "lane": 2},
            13: {"sector": 21, "lane": 0},
            14: {"sector": 22, "lane": 1},
        },
    )
    act = after.activation
    assert act is not None and (act.mover, act.mp, act.movement) == (13, 5, "overtake")
    after, _ = play(after, 0, Move(path="F F F F F"))
    assert at(after, 13) == (26, 0)


def test_open_road_runs_up_to_the_next_car() -> None:
    """Rule 10: Open Road: "If alone in its sector, the active car may move any number of spaces
    forward (lane changes allowed) to link with the next car ahead"."""
    after = drawn("open_road", {11: {"sector": 12, "lane": 0}})
    assert event_options(Sim(after)) == ["road:11:0", "skip"]
    after, _ = play(after, 0, EventChoice(choice="road:11:0"))
    assert at(after, 1) == (11, 0)


def test_shot_of_nos_moves_the_drawn_cards_speed_only() -> None:
    """⚠7: "recommend the drawn card's speed adjustment only, not adding base MP"."""
    after = drawn("shot_of_nos", race=(race_card("solo", 3),))
    act = after.activation
    assert act is not None and (act.mp, act.movement) == (3, "solo")


def test_sideswipe_attacks_an_opponent_and_bulldoze_swaps() -> None:
    """Rule 10: Sideswipe: "If the space holds an opponent, make a collision attack"; ⚠19:
    Bulldoze on a Sideswipe: "the two cars swap spaces"."""
    state = drawn(
        "sideswipe", {11: {"sector": 6, "lane": 2}}, combat=(combat_card(1, keyword="bulldoze"),)
    )
    assert set(event_options(Sim(state))) == {"in", "out"}
    after, _ = play(state, 0, EventChoice(choice="out"))
    assert car(after, 11).damage == 1 and car(after, 1).damage == 1
    assert (at(after, 1), at(after, 11)) == ((6, 2), (6, 1))


def test_sideswipe_into_your_own_car_does_nothing() -> None:
    """⚠6: "the active car does not move and there is no attack if its own car blocks"."""
    state = drawn("sideswipe", {3: {"sector": 6, "lane": 2}})
    after, _ = play(state, 0, EventChoice(choice="out"))
    assert at(after, 1) == (6, 1) and car(after, 3).damage == 0


def test_sideswipe_is_ignored_in_the_rough() -> None:
    """⚠18: "Sideswipe and a sideways Bump and Run are ignored there"."""
    after = drawn("sideswipe", {1: {"sector": 16, "lane": 1}, 11: {"sector": 17, "lane": 2}})
    assert after.activation is None or after.activation.stage != "event"


def test_bump_and_run_moves_an_adjacent_car_to_a_vacant_space() -> None:
    """Rule 10: Bump and Run: "The active car may move one adjacent car (front, side or rear)
    into a vacant space adjacent to that car"."""
    after = drawn("bump_and_run", {11: {"sector": 7, "lane": 1}})
    options = event_options(Sim(after))
    assert "bump:11:8:1" in options and options[-1] == "skip"
    after, _ = play(after, 0, EventChoice(choice="bump:11:8:1"))
    assert at(after, 11) == (8, 1)


def test_every_pending_choice_is_offered_by_legal_actions() -> None:
    after = drawn("drift", {11: {"sector": 7, "lane": 1}})
    assert legal_actions(after, after.teams[0].player) == [
        EventChoice(choice="swap"),
        EventChoice(choice="skip"),
    ]
    assert Fire(target=None) not in legal_actions(after, after.teams[0].player)


def test_open_road_stops_before_a_blocked_crossover() -> None:
    """Rule 10: Open Road: "At the crossover, if both lanes are blocked perpendicularly, it
    stops just before the blockers"."""
    state = with_cars(
        base(track="figure8"),
        {
            1: {"sector": 5, "lane": 1},
            11: {"sector": 25, "lane": 0},
            13: {"sector": 26, "lane": 0},
            17: {"sector": 20, "lane": 0},
        },
    )
    state = stack(moving(state, 0, 1, 1), events=(event_card("open_road"),))
    after, _ = play(state, 0, Move(path="F"))
    assert event_options(Sim(after)) == ["road:12:0", "road:12:1", "skip"]
