"""House data: the Phase 2 shape mapping, flips, bands, sales and the four blueprints."""

from __future__ import annotations

import pytest

from games.spacetruckin.data import TRUCKS, Specialty, Truck, band_of, flip_face, sale_value
from games.spacetruckin.models import Sheet
from games.spacetruckin.sheet import pick_options, unserviceable_reason
from tests.games.spacetruckin.helpers import solve


def test_roll_3_2_offers_quarters_t_or_engine_l() -> None:
    """Rulebook: "a 3 and a 2 ... Quarters using the T shape, or an Engines using the L shape"."""
    assert set(pick_options((3, 2))) == {("Quarters", "T"), ("Engine", "L")}


def test_roll_with_a_six_offers_any_system_with_the_other_shape() -> None:
    """A 6 is "choose 1": (6,1) gives any system as an I, or a Reactor of any shape."""
    options = set(pick_options((6, 1)))
    assert {s for s, h in options if h == "I"} == {
        "Reactor",
        "Quarters",
        "Engine",
        "Weapons",
        "Cargo",
    }
    assert {h for s, h in options if s == "Reactor"} == {"I", "L", "T", "S", "O"}


def test_double_six_offers_every_pair() -> None:
    """(6,6) lets the trucker choose both the system and the shape."""
    assert len(pick_options((6, 6))) == 25


def test_flip_table_pairs_opposite_faces() -> None:
    """Opposite faces add up to 7: 1<->6, 2<->5, 3<->4."""
    assert [flip_face(f) for f in range(1, 7)] == [6, 5, 4, 3, 2, 1]


@pytest.mark.parametrize(
    ("result", "band"),
    [
        (-40, "bridge"),
        (0, "bridge"),
        (1, "both"),
        (2, "both"),
        (3, "first"),
        (10, "first"),
        (11, "one_hit"),
        (57, "one_hit"),
        (100, "one_hit"),
        (101, "two_hits"),
        (5555, "two_hits"),
    ],
)
def test_result_bands(result: int, band: str) -> None:
    """The result chart: <1 bridge, 1-2 both, 3-10 first, 11-100 one, 101-5555 two."""
    assert band_of(result) == band


def test_cargo_sale_doubles_per_load() -> None:
    """1 cargo = 2 VP, 2 = 4, 3 = 8, 4 = 16, 5 = 32."""
    assert [sale_value(n) for n in range(6)] == [0, 2, 4, 8, 16, 32]


@pytest.mark.parametrize("truck", TRUCKS)
@pytest.mark.parametrize("specialty", ["Grizzled", "Engineer"])
def test_every_blueprint_admits_a_serviceable_build(truck: Truck, specialty: Specialty) -> None:
    """Each house blueprint can cover its required grids and hold all five systems."""
    blank = Sheet(player=1, specialty_dice=(4, 2), specialty=specialty, truck=truck)
    build = solve(blank)
    assert build is not None
    assert unserviceable_reason(build) is None
