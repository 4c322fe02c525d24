"""Rush 'n' Crush told in words: every kind a race produces, and the exact line of each."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.engine import DiceRolled, Event, LoadedDice, Rng, raw_event
from games.rushncrush import SPEC, ActivateAction, GearAction, MoveAction
from games.rushncrush.data import Item
from games.rushncrush.model import Slot
from tests.games.rushncrush.helpers import duel, new_game

A, B = 100, 101
NAMES = {A: "Ann", B: "Bob", 102: "Cy", 103: "Di", 104: "Ed", 105: "Flo"}


def told(event: Event) -> str:
    return SPEC.narrate(raw_event(event), NAMES)


def lines(events: tuple[Event, ...]) -> list[str]:
    return [told(e) for e in events]


def _race_events(n: int, seed: int) -> list[Event]:
    """Every event of one random legal race (the playout from `test_playouts`, kept here)."""
    state = new_game(n, seed, course=("short", "normal", "loop")[seed % 3])
    chooser = Rng(seed * 7919 + n)
    events: list[Event] = []
    for count in range(3000):
        if SPEC.outcome(state) is not None:
            return events
        (player,) = SPEC.active_players(state)
        action = chooser.choice(SPEC.legal_actions(state, player))
        step = SPEC.apply(state, player, action, Rng(seed * 1000 + count))
        events.extend(step.events)
        state = step.state
    raise AssertionError(f"seed {seed}: no finish within 3000 actions")


@pytest.fixture(scope="module")
def race_events() -> list[Event]:
    return [e for seed in range(4) for e in _race_events(2 + seed % 5, seed)]


def test_playouts_cover_the_common_kinds(race_events: list[Event]) -> None:
    """The sample races exercise the kinds players see every turn (so the next test means it)."""
    kinds = {e.kind for e in race_events}
    expected = {"dice_rolled", "gear_changed", "lane_changes", "car_moved", "damage", "equipment"}
    expected |= {"collision", "mine_dropped", "race_won", "note"}
    assert expected <= kinds


def test_every_event_reads_as_words(race_events: list[Event]) -> None:
    """Each event gets a non-empty public line with no raw kind name, no braces."""
    for event in race_events:
        line = told(event)
        assert line.strip(), event
        assert event.kind not in line, (event, line)
        assert not any(c in line for c in "{}[]"), (event, line)
        assert SPEC.audience(raw_event(event)) is None, event


def test_json_read_back_gives_the_same_line(race_events: list[Event]) -> None:
    """A model and its JSON dict from the log describe the same."""
    for event in race_events:
        raw: dict[str, Any] = json.loads(event.model_dump_json())
        assert SPEC.narrate(raw, NAMES) == told(event)


def test_a_gear_step_tells_the_shift_and_both_rolls() -> None:
    """Rules 8-12: a gear choice, its Turbo, then the red (heat) and white (steering) dice;
    "Each red die showing 1-2 adds 1 heat", "+1 per Turbo used this turn"."""
    state = duel((10, 1), (40, 3), speed=5)
    state = SPEC.state_model.model_validate(
        {**state.model_dump(), "turn": {"player": A, "phase": "gear"}}
    )
    step = SPEC.apply(state, A, GearAction(gear=2, speed=7, turbo=1), LoadedDice([3, 5, 2, 4, 1]))
    assert lines(step.events) == [
        "Ann shifts from gear 1, speed 5 to gear 2, speed 7, spending 1 Turbo",
        "Ann rolls 3 for engine heat",
        "Ann gains 1 Heat (engine heat)",
        "Ann rolls 5 2 4 1 for steering",
        "Ann has 5 lane changes this turn",
    ]


def test_a_rush_n_crush_tells_the_ram_its_dice_and_the_damage() -> None:
    """Rule 19: "Roll 1 die per point of movement you still had. Each 1-2: both cars take 1
    Structure. Each 3: only the target takes 1." """
    state = duel((10, 2), (13, 2), speed=5)
    step = SPEC.apply(state, A, MoveAction(path="F F F"), LoadedDice([1, 3, 5]))
    assert lines(step.events) == [
        "Ann Rush 'n' Crushes into Bob",
        "Ann rolls 1 3 5 for the Rush 'n' Crush",
        "Bob loses 2 Structure (Rush 'n' Crush)",
        "Ann loses 1 Structure (Rush 'n' Crush)",
        "Ann drives 2 spaces to row 12, lane 3",
    ]


def test_a_side_ram_that_pushes_tells_where_the_target_went() -> None:
    """Rule 17: "on 4+ the defender is pushed into it and you take its old space"."""
    state = duel((10, 1), (11, 2), speed=5)
    step = SPEC.apply(state, A, MoveAction(path="R F F F F"), LoadedDice([4]))
    assert lines(step.events)[:3] == [
        "Ann side-rams Bob",
        "Ann rolls 4 for the side ram",
        "Bob is pushed aside to row 11, lane 4",
    ]


def test_a_gun_names_its_target_range_and_hits() -> None:
    """Rule 20: "Roll (4 - range) dice; each 1-2 = 1 Structure to the target." """
    slots = (Slot(item=Item.MACHINE_GUN, armed=True), Slot(item=Item.SAW))
    state = duel((10, 1), (12, 1), speed=5, a_fields={"slots": slots})
    step = SPEC.apply(
        state, A, ActivateAction(item=Item.MACHINE_GUN, mode="use"), LoadedDice([1, 4])
    )
    assert lines(step.events) == [
        "Ann fires the Machine Gun at Bob, range 2",
        "Ann rolls 1 4 for the Machine Gun at range 2: 1 hit",
        "Bob loses 1 Structure (Machine Gun)",
    ]


def test_a_missed_flamer_says_no_hit() -> None:
    """Rule 21: the Flamer's dice hit on 1-2 only; a miss is told, not left out."""
    slots = (Slot(item=Item.FLAMER, armed=True), Slot(item=Item.SAW))
    state = duel((12, 1), (10, 1), speed=5, a_fields={"slots": slots})
    step = SPEC.apply(state, A, ActivateAction(item=Item.FLAMER, mode="use"), LoadedDice([3, 6]))
    assert lines(step.events)[1:] == ["Ann rolls 3 6 for the Flamer at range 2: no hit"]


def test_rocket_and_saw_and_wreck_rolls_say_what_they_came_to() -> None:
    """Rules 15, 18, 22: a wreck hurts on 1-3, the saw on 4-6, the rocket's heat on 1-2."""
    roll = lambda why, *dice: told(DiceRolled(who=A, why=why, dice=dice))  # noqa: E731
    assert roll("wreck", 3) == "Ann rolls 3 for the wreck: 1 hit"
    assert roll("mine", 4) == "Ann rolls 4 for the mine: no hit"
    assert roll("Lateral Circular Saw", 4) == "Ann rolls 4 for the Lateral Circular Saw: 1 hit"
    assert (
        roll("Rocket Booster heat", 1, 5) == "Ann rolls 1 5 for the Rocket Booster's heat: 1 Heat"
    )


def test_equipment_lines() -> None:
    """Rule 14: an Activation Arms an item or Uses it; rule 23: the extinguisher is -1 heat."""
    arm = {"kind": "equipment", "player": A, "item": "saw", "mode": "arm"}
    cool = {"kind": "equipment", "player": A, "item": "fire_extinguisher", "mode": "use"}
    assert SPEC.narrate(arm, NAMES) == "Ann arms the Lateral Circular Saw"
    assert SPEC.narrate(cool, NAMES) == "Ann uses the Fire Extinguisher: −1 Heat"


def test_hazards_wrecks_and_the_win() -> None:
    """Rules 3, 4, 15, 16, 24: hazards by place, a wreck by its cause, the winner by name."""
    events = [
        {"kind": "collision", "player": A, "what": "mine", "target": None, "at": [12, 0]},
        {"kind": "collision", "player": A, "what": "obstruction", "target": None, "at": [27, 1]},
        {"kind": "mine_dropped", "player": B, "at": [8, 2]},
        {"kind": "car_wrecked", "player": B, "cause": "heat"},
        {"kind": "race_won", "player": A, "reason": "first across the finish line"},
        {"kind": "lane_changes", "player": A, "lane_changes": None},
        {"kind": "lane_changes", "player": A, "lane_changes": 1},
    ]
    assert [SPEC.narrate(e, NAMES) for e in events] == [
        "Ann hits a mine at row 12, lane 1",
        "Ann hits the obstruction at row 27, lane 2",
        "Bob drops a mine at row 8, lane 3",
        "Bob's car is wrecked: its Heat reached the skull",
        "🏁 Ann wins the race: first across the finish line",
        "Ann may change lanes freely this turn",
        "Ann has 1 lane change this turn",
    ]


def test_a_log_of_todays_shape_is_still_told() -> None:
    """Events stored before targets and pushes were recorded still read as words."""
    fired = {"kind": "equipment", "player": A, "item": "machine_gun", "mode": "use"}
    moved = {"kind": "car_moved", "player": A, "cells": [[10, 1], [11, 1], [12, 1]]}
    shift = {
        "kind": "gear_changed",
        "player": A,
        "old": [0, 0],
        "new": [1, 4],
        "turbo": 0,
        "brake": 0,
    }
    assert [SPEC.narrate(e, NAMES) for e in (fired, moved, shift)] == [
        "Ann fires the Machine Gun",
        "Ann drives 2 spaces to row 12, lane 2",
        "Ann shifts from neutral to gear 1, speed 4",
    ]


def test_a_driver_the_table_cannot_name_is_never_a_number() -> None:
    """A seat missing from `names` reads as "a driver", not its id."""
    assert SPEC.narrate(
        {"kind": "damage", "player": 7, "track": "structure", "amount": 2, "cause": "side ram"}, {}
    ) == ("a driver loses 2 Structure (side ram)")
