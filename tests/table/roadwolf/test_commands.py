"""What `/roadwolf ...` decides, without Discord: who may move, and the choices its options
offer, from the asker's own legal actions only."""

from __future__ import annotations

import pytest

from games.engine import InvalidAction, NotYourTurn
from games.roadwolf import SPEC
from games.roadwolf.model import MoveAction
from table.roadwolf.commands import (
    action_choices,
    destination_choices,
    mover,
    named_action,
    vehicle_choices,
)
from table.snapshot import Snapshot
from tests.bot.records import started
from tests.games.roadwolf.helpers import P1, P2, Car, position

OUTSIDER = 303


def _snap() -> Snapshot:
    """Ann's coupe A on her turn, Bob's coupe N further up the road."""
    cars = [Car("A", "coupe", 10, 20, tokens=("gunner",)), Car("N", "coupe", 12, 30, side=1)]
    return Snapshot(started("roadwolf", [(P1, "Ann"), (P2, "Bob")]), SPEC, position(cars))


def test_only_the_side_to_act_may_move() -> None:
    snap = _snap()
    assert mover(snap, P1) == P1
    for user in (P2, OUTSIDER):
        with pytest.raises(NotYourTurn):
            mover(snap, user)


def test_the_vehicle_choices_are_the_askers_own_movers() -> None:
    snap = _snap()
    assert vehicle_choices(snap, P1, "") == [("A Coupe", "A")]
    assert vehicle_choices(snap, P1, "n") == []
    assert vehicle_choices(snap, P2, "") == [] and vehicle_choices(snap, OUTSIDER, "") == []


def test_destinations_only_for_a_vehicle_the_asker_may_move() -> None:
    """Longest forward moves first, filtered by what was typed; nothing of another side's."""
    snap = _snap()
    found = destination_choices(snap, P1, "a", "")
    assert found[0] == "F4" and "B4" in found
    left = destination_choices(snap, P1, "A", "l2")
    assert "L2F3" in left and all(o.startswith("L2") for o in left), left
    assert destination_choices(snap, P2, "N", "") == []
    assert destination_choices(snap, P1, "N", "") == []


def test_an_action_is_named_by_its_json_or_its_label() -> None:
    snap = _snap()
    choices = dict(action_choices(snap, P1, "A move"))
    assert choices and all("move" in words for words in choices)
    label, value = next(iter(choices.items()))
    assert named_action(snap, P1, value) == named_action(snap, P1, label)
    assert isinstance(named_action(snap, P1, value), MoveAction)
    with pytest.raises(InvalidAction):
        named_action(snap, P1, "fly to the moon")
