"""Starting positions (digest 1.2): placed by the side while building, or for it."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, Rng
from games.roadwolf import geometry as geo
from games.roadwolf.build import setup
from games.roadwolf.model import (
    BuyAction,
    PlaceAction,
    ReadyAction,
    RwOptions,
    RwState,
    TokenAction,
)
from games.roadwolf.rules import apply
from tests.games.roadwolf.helpers import P1, P2, PLAYERS


def _built(mission: str = "INTERCEPTOR", points: int = 2) -> RwState:
    """Both sides bought one Coupe (points 2), tokens still to place."""
    state = setup(PLAYERS, RwOptions(mission=mission, points=points), Rng(1))
    state = apply(state, P1, BuyAction(vehicle_class="coupe"), Rng(1)).state
    return apply(state, P2, BuyAction(vehicle_class="coupe"), Rng(1)).state


def _finish(state: RwState) -> RwState:
    for player, letter in ((P1, "A"), (P2, "N")):
        while not state.sides[0 if player == P1 else 1].spent_all:
            state = apply(state, player, TokenAction(vehicle=letter, token="nitro"), Rng(1)).state
        state = apply(state, player, ReadyAction(), Rng(1)).state
    return state


def test_interceptors_may_start_on_a_side_edge() -> None:
    """INTERCEPTOR: "Interceptors ... start on any other board edge"."""
    state = apply(_built(), P2, PlaceAction(vehicle="N", x=0, y=20), Rng(1)).state
    state = _finish(state)
    assert state.phase == "play" and (state.vehicle("N").x, state.vehicle("N").y) == (0, 20)


def test_interceptors_may_not_start_at_the_start_edge_or_mid_board() -> None:
    with pytest.raises(IllegalAction, match="sides or the END"):
        apply(_built(), P2, PlaceAction(vehicle="N", x=5, y=0), Rng(1))
    with pytest.raises(IllegalAction):
        apply(_built(), P2, PlaceAction(vehicle="N", x=10, y=20), Rng(1))


def test_breakout_attackers_may_start_on_any_edge() -> None:
    """BREAKOUT: "attackers start on any edge" (the START edge included)."""
    state = setup(PLAYERS, RwOptions(mission="BREAKOUT"), Rng(1))
    state = apply(state, P2, BuyAction(vehicle_class="coupe"), Rng(1)).state
    state = apply(state, P2, PlaceAction(vehicle="N", x=3, y=0), Rng(1)).state
    assert state.vehicle("N").placed


def test_runners_start_at_the_start_on_the_road() -> None:
    """1.2: "Runners start at the START" (1.6: road rows 0–7)."""
    with pytest.raises(IllegalAction, match="START"):
        apply(_built(), P1, PlaceAction(vehicle="A", x=10, y=9), Rng(1))
    with pytest.raises(IllegalAction, match="START"):
        apply(_built(), P1, PlaceAction(vehicle="A", x=2, y=0), Rng(1))
    state = apply(_built(), P1, PlaceAction(vehicle="A", x=12, y=5), Rng(1)).state
    assert (state.vehicle("A").x, state.vehicle("A").y) == (12, 5)


def test_placed_vehicles_may_not_overlap() -> None:
    state = setup(PLAYERS, RwOptions(mission="BREAKOUT"), Rng(1))
    state = apply(state, P1, PlaceAction(vehicle="A", x=10, y=0), Rng(1)).state
    state = apply(state, P2, BuyAction(vehicle_class="coupe"), Rng(1)).state
    with pytest.raises(IllegalAction, match="overlap A"):
        apply(state, P2, PlaceAction(vehicle="N", x=11, y=0), Rng(1))


def test_unplaced_vehicles_get_room_to_drive_off() -> None:
    """The house placement leaves a cell between vehicles when it can."""
    state = setup(PLAYERS, RwOptions(points=6), Rng(1))
    for _ in range(3):
        state = apply(state, P1, BuyAction(vehicle_class="coupe"), Rng(1)).state
        state = apply(state, P2, BuyAction(vehicle_class="coupe"), Rng(1)).state
    for letter in "ABC":
        for _ in range(2):
            state = apply(state, P1, TokenAction(vehicle=letter, token="nitro"), Rng(1)).state
    for letter in "NOP":
        for _ in range(2):
            state = apply(state, P2, TokenAction(vehicle=letter, token="nitro"), Rng(1)).state
    state = apply(state, P1, ReadyAction(), Rng(1)).state
    state = apply(state, P2, ReadyAction(), Rng(1)).state
    assert state.phase == "play"
    boxes = [geo.Rect(v.x, v.y, v.w, v.h) for v in state.vehicles]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert geo.gap(a, b) >= 1
