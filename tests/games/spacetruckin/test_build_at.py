"""A whole system in one move (`BuildAt`): the same as Build, Place and Mark in a row."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, Rng
from games.spacetruckin import SPEC, describe, first_pip_cells, free_builds, legal_placements
from games.spacetruckin.grid import blueprint, cell_name, covered_cells
from games.spacetruckin.models import (
    Build,
    BuildAt,
    FreeChoice,
    Mark,
    Place,
    SpaceTruckinState,
)
from games.spacetruckin.policy import bot_move, whole_move
from tests.games.spacetruckin.helpers import built_sheet, without_cargo
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


def _played_by_the_bot(state: SpaceTruckinState, moves: int) -> SpaceTruckinState:
    """`moves` of the bot's in a row (the last one's dice from Rng(7))."""
    for _ in range(moves):
        state = SPEC.apply(state, P1, bot_move(state, P1, Rng(0)), Rng(7)).state
    return state


def test_the_bots_build_said_whole_is_its_placement_and_pip_in_one_move() -> None:
    """`whole_move`: the bot's Build with the placement and pip it would choose next, one
    BuildAt that leaves the game as the bot's three moves do."""
    state = _yard()
    build = bot_move(state, P1, Rng(0))
    whole = whole_move(state, P1, build)
    assert isinstance(build, Build) and isinstance(whole, BuildAt)
    assert SPEC.apply(state, P1, whole, Rng(7)).state == _played_by_the_bot(state, 3)


def test_a_free_choice_said_whole_is_the_system_it_builds() -> None:
    """The bot's free choice (a truck without Cargo, dice 1 and 1) said whole: one BuildAt
    with the free choice, as its four moves."""
    state = yard(sheet=without_cargo(P1), dice=(1, 1))
    free = bot_move(state, P1, Rng(0))
    whole = whole_move(state, P1, free)
    assert isinstance(free, FreeChoice) and isinstance(whole, BuildAt) and whole.free == free
    assert whole.system == "Cargo"
    assert SPEC.apply(state, P1, whole, Rng(7)).state == _played_by_the_bot(state, 4)


def test_the_free_choice_builds_what_the_truck_lacks_where_it_helps() -> None:
    """On an empty truck with 1 and 1 the free choice offers systems the dice do not, and an
    Engine only where it covers an Engine-required grid; a serviceable truck is offered none."""
    builds = free_builds(_yard(), P1)
    assert Build(system="Reactor", shape="I") not in builds
    assert {b.system for b in builds} == {"Reactor", "Quarters", "Engine", "Weapons", "Cargo"}
    required = {cell_name(c) for c in blueprint("Sparrowhawk").cells_of_kind("E")}
    engines = [
        set(covered_cells(p.anchor, b.shape, p.rotation, p.flip))
        for b, (_, places) in builds.items()
        if b.system == "Engine"
        for p in places
    ]
    assert engines and all(cells & required for cells in engines)
    served = yard(sheet=built_sheet(P1, "Sparrowhawk", "Grizzled"), dice=(1, 1))
    assert free_builds(served, P1) == {}


def test_build_at_with_the_free_choice_sets_the_die_first() -> None:
    """A BuildAt with its free choice leaves the game as the free choice, then the BuildAt."""
    state = yard(sheet=without_cargo(P1), dice=(1, 1))
    build, (free, places) = next(iter(free_builds(state, P1).items()))
    place = places[0]
    pip = first_pip_cells(state, P1, build, place)[0]
    whole = BuildAt(system=build.system, shape=build.shape, anchor=place.anchor,
                    rotation=place.rotation, flip=place.flip, pip=pip)  # fmt: skip
    chosen = SPEC.apply(state, P1, free, Rng(1)).state
    in_two = SPEC.apply(chosen, P1, whole, Rng(7)).state
    in_one = SPEC.apply(state, P1, whole.model_copy(update={"free": free}), Rng(7)).state
    assert in_one == in_two and in_one.sheets[0].free_choice_used
