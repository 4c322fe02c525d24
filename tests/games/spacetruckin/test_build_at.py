"""A whole system in one move (`BuildAt`): the same as Build, Place and Mark in a row."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, Rng
from games.spacetruckin import SPEC, describe, legal_placements
from games.spacetruckin.models import Build, BuildAt, Mark, Place, SpaceTruckinState
from tests.games.spacetruckin.test_shipyard import P1, yard


def _yard() -> SpaceTruckinState:
    return yard(dice=(1, 1))


def _in_three_moves(place: Place, pip: str) -> SpaceTruckinState:
    state = SPEC.apply(_yard(), P1, Build(system="Reactor", shape="I"), Rng(1)).state
    state = SPEC.apply(state, P1, place, Rng(2)).state
    return SPEC.apply(state, P1, Mark(cell=pip), Rng(3)).state


def _first_place() -> Place:
    picked = SPEC.apply(_yard(), P1, Build(system="Reactor", shape="I"), Rng(1)).state
    return legal_placements(picked, P1)[0]


def test_build_at_equals_build_place_and_pip() -> None:
    """One BuildAt leaves the sheet as Build, Place and Mark do (the same dice after)."""
    place = _first_place()
    whole = BuildAt(system="Reactor", shape="I", anchor=place.anchor,
                    rotation=place.rotation, flip=place.flip, pip=place.anchor)  # fmt: skip
    one = SPEC.apply(_yard(), P1, whole, Rng(3)).state
    assert one.sheets[0].pieces == _in_three_moves(place, place.anchor).sheets[0].pieces
    assert one.sheets[0].pips == _in_three_moves(place, place.anchor).sheets[0].pips
    assert one.sheets[0].stage == "pick"


def test_build_at_with_a_pip_outside_the_piece_is_refused() -> None:
    """The pip must be in the new system: refused, with the free grids named."""
    place = _first_place()
    whole = BuildAt(system="Reactor", shape="I", anchor=place.anchor,
                    rotation=place.rotation, flip=place.flip, pip="A1")  # fmt: skip
    with pytest.raises(IllegalAction, match="free:"):
        SPEC.apply(_yard(), P1, whole, Rng(3))


def test_build_at_is_told_in_words() -> None:
    """Its label names the system, its shape, the grids it covers and the pip."""
    whole = BuildAt(system="Cargo", shape="O", anchor="D5", pip="E6")
    assert describe(whole) == "Cargo (O) on D5, E5, D6, E6, pip on E6"
