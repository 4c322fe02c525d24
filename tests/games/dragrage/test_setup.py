"""Drag Rage setup, metadata, the coin flip, JSON round-trip and the public view."""

from __future__ import annotations

import pytest

from games.dragrage import SPEC
from games.dragrage.rules import setup
from games.dragrage.state import Advance, DragRageState
from games.engine import InvalidAction, NoOptions, Player, Rng
from games.registry import get_game
from tests.games.dragrage.helpers import ANN, BOB, PLAYERS, act, new_race


def test_spec_metadata() -> None:
    """The registry entry is key dragrage, two players exactly, rules version 2."""
    assert get_game("dragrage") is SPEC
    assert (SPEC.title, SPEC.min_players, SPEC.max_players, SPEC.rules_version) == (
        "Drag Rage",
        2,
        2,
        2,
    )


def test_coin_flip_two_means_second_seat_starts() -> None:
    """A coin flip of 2 makes the second driver start; the flip is kept in the state."""
    state = new_race(first=BOB)
    assert SPEC.active_players(state) == frozenset({BOB})
    assert state.coin_flip.dice == (2,) and state.coin_flip.sides == 2
    assert "coin flip" in SPEC.view(state, None).coin_flip


def test_coin_flip_is_seeded_and_fair() -> None:
    """The same seed gives the same starter, and across seeds both drivers start."""
    starters = [
        next(iter(SPEC.active_players(setup(PLAYERS, NoOptions(), Rng(seed)))))
        for seed in range(40)
    ]
    again = [
        next(iter(SPEC.active_players(setup(PLAYERS, NoOptions(), Rng(seed)))))
        for seed in range(40)
    ]
    assert starters == again
    assert set(starters) == {ANN, BOB}


def test_setup_needs_two_players() -> None:
    """Three drivers are refused with an InvalidAction."""
    with pytest.raises(InvalidAction):
        setup((*PLAYERS, Player(id=3, name="Cy")), NoOptions(), Rng(1))


def test_cars_start_on_space_one_with_all_counters_and_nitro() -> None:
    """Rule 2-4: both cars on space 1, counters 2..12 free, both nitro dice available."""
    state = new_race()
    assert [lane.position for lane in state.lanes] == [1, 1]
    assert state.free == tuple(range(2, 13))
    assert all(lane.nitro for lane in state.lanes)
    assert state.heat == 1 and state.heat_wins == (0, 0)


def test_state_round_trips_through_json() -> None:
    """A mid-heat state survives JSON exactly."""
    state = act(new_race(), ANN, Advance(counter=8)).state
    assert DragRageState.model_validate_json(state.model_dump_json()) == state


def test_view_is_the_same_for_every_viewer() -> None:
    """No hidden information: each viewer and the spectator get one view."""
    state = act(new_race(), ANN, Advance(counter=8)).state
    assert SPEC.view(state, ANN) == SPEC.view(state, BOB) == SPEC.view(state, None)


def test_view_holds_the_board() -> None:
    """The view has lanes, played counters, free counters, whose turn and what is asked."""
    state = act(new_race(), ANN, Advance(counter=8)).state
    view = SPEC.view(state, None)
    ann = view.lanes[0]
    assert (ann.name, ann.position, ann.counters[0].value, ann.nitro_available) == (
        "Ann",
        9,
        8,
        True,
    )
    assert 8 not in view.free_counters and view.active == (BOB,)
    assert view.prompt == "choose_counter_or_lets_roll"
    assert view.asking.startswith("Bob: choose a counter")
    assert view.challengeable is not None and view.challengeable.counter == 8
    assert view.last == ("Ann played the 8: space 1 → 9",)
    assert view.outcome is None
