"""Log lines for Rush 'n' Crush events: every kind a race produces reads as words."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.engine import DiceRolled, Event, Rng
from games.rushncrush import SPEC
from games.rushncrush.data import Item
from games.rushncrush.describe import describe_event
from games.rushncrush.events import CarWrecked, Collision, Damage, EquipmentMoved, LaneChangesRolled
from tests.games.rushncrush.helpers import new_game


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


def test_spec_registers_the_describer() -> None:
    """`/game log` finds the describer in `SPEC.extra`."""
    assert SPEC.extra["describe_event"] is describe_event


def test_playouts_cover_the_common_kinds(race_events: list[Event]) -> None:
    """The sample races exercise the kinds players see every turn (so the next test means it)."""
    kinds = {e.kind for e in race_events}
    expected = {"dice_rolled", "gear_changed", "lane_changes", "car_moved", "damage", "equipment"}
    expected |= {"collision", "mine_dropped", "race_won", "note"}
    assert expected <= kinds


def test_every_event_reads_as_words(race_events: list[Event]) -> None:
    """Each event gets a non-empty line with no raw kind name and no braces."""
    for event in race_events:
        line = describe_event(event)
        assert line.strip(), event
        assert event.kind not in line, (event, line)
        assert not any(c in line for c in "{}[]"), (event, line)


def test_json_read_back_gives_the_same_line(race_events: list[Event]) -> None:
    """A model and its JSON dict from the log describe the same."""
    for event in race_events:
        raw: dict[str, Any] = json.loads(event.model_dump_json())
        assert describe_event(raw) == describe_event(event)


def test_dice_line_names_faces_and_purpose() -> None:
    """Heat dice read as "rolled 3, 5 (heat dice)"."""
    event = DiceRolled(who=1, why="heat", dice=(3, 5))
    assert describe_event(event) == "rolled 3, 5 (heat dice)"


def test_single_die_is_a_die() -> None:
    """One die reads in the singular."""
    assert describe_event(DiceRolled(who=1, why="side ram", dice=(4,))) == "rolled 4 (side ram die)"


def test_damage_names_the_car_hit() -> None:
    """Damage says whose car, by name when given, else by player number."""
    event = Damage(player=7, track="structure", amount=2, cause="Rush 'n' Crush")
    assert describe_event(event) == "player 7: −2 Structure (Rush 'n' Crush)"
    assert describe_event(event, names={7: "Bob"}) == "Bob: −2 Structure (Rush 'n' Crush)"


def test_ram_names_the_target() -> None:
    """A Rush 'n' Crush names the car rammed."""
    event = Collision(player=1, what="rush", target=2, at=(5, 1))
    assert describe_event(event, names={2: "Ann"}) == "Rush 'n' Crush into Ann"


def test_mine_collision_gives_the_place() -> None:
    """A mine hit says where, with lanes counted from 1 as on the board."""
    event = Collision(player=1, what="mine", at=(12, 0))
    assert describe_event(event) == "hit a mine at row 12, lane 1"


def test_equipment_uses_the_item_label() -> None:
    """Equipment lines use the card's name."""
    event = EquipmentMoved(player=1, item=Item.SAW, mode="arm")
    assert describe_event(event) == "armed the Lateral Circular Saw"


def test_lane_changes_read_naturally() -> None:
    """Unlimited, none and one lane change each read as words."""
    assert describe_event(LaneChangesRolled(player=1, lane_changes=None)).startswith("unlimited")
    assert describe_event(LaneChangesRolled(player=1, lane_changes=0)).startswith("no lane")
    assert describe_event(LaneChangesRolled(player=1, lane_changes=1)) == (
        "1 lane change this turn"
    )


def test_wreck_says_why() -> None:
    """A wreck says whether Structure or Heat did it."""
    line = describe_event(CarWrecked(player=3, cause="heat"), names={3: "Cy"})
    assert line == "Cy's car is wrecked (Heat reached the skull)"
