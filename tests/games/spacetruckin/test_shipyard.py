"""Phase 2: placement rules, pips, free choice, stopping, serviceability and the first VP."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, InvalidAction, LoadedDice, Rng
from games.spacetruckin import SPEC, legal_placements, parse_placement
from games.spacetruckin.data import Specialty, Truck
from games.spacetruckin.models import (
    Build,
    FreeChoice,
    Mark,
    Piece,
    Place,
    Sheet,
    SpaceTruckinState,
    Stop,
)
from tests.games.spacetruckin.helpers import CHART, built_sheet, place, players, shipyard_state

P1 = 100


def yard(
    *,
    truck: Truck = "Sparrowhawk",
    specialty: Specialty = "Grizzled",
    dice: tuple[int, int] = (1, 1),
    stage: str = "pick",
    picked: tuple[str, str] | None = None,
    sheet: Sheet | None = None,
) -> SpaceTruckinState:
    base = sheet or Sheet(player=P1, specialty_dice=(4, 4), specialty=specialty, truck=truck)
    base = base.model_copy(update={"stage": stage, "dice": dice, "picked": picked})
    return SpaceTruckinState(
        players=players(1), phase="shipyard", chart=CHART, chart_placed=7, sheets=(base,)
    )


def test_build_moves_to_placement_of_that_system_and_shape() -> None:
    """Picking Reactor/I from (1,1) asks for a placement of a Reactor I."""
    step = SPEC.apply(yard(), P1, Build(system="Reactor", shape="I"), Rng(1))
    assert step.state.sheets[0].picked == ("Reactor", "I")
    assert legal_placements(step.state, P1)


def test_build_not_on_the_dice_is_refused() -> None:
    """(1,1) cannot build Cargo; the message lists what can be built."""
    with pytest.raises(IllegalAction, match="Reactor/I"):
        SPEC.apply(yard(), P1, Build(system="Cargo", shape="O"), Rng(1))


def test_reactor_off_the_centreline_is_refused() -> None:
    """A Reactor must overlap or touch the centreline (columns D-F on the Sparrowhawk)."""
    state = yard(stage="place", picked=("Reactor", "I"))
    with pytest.raises(IllegalAction, match="centreline"):
        SPEC.apply(state, P1, parse_placement("B4"), Rng(1))


def test_engineer_places_reactor_anywhere() -> None:
    """Engineer: Reactors and Quarters have no placement restrictions."""
    state = yard(stage="place", picked=("Reactor", "I"), specialty="Engineer")
    step = SPEC.apply(state, P1, parse_placement("B4"), Rng(1))
    assert step.state.sheets[0].pieces[0].cells == ((3, 1), (4, 1), (5, 1), (6, 1))


def test_quarters_must_touch_the_bridge() -> None:
    """Quarters must be directly (orthogonally) adjacent to a Bridge grid."""
    state = yard(stage="place", picked=("Quarters", "L"), dice=(2, 2))
    with pytest.raises(IllegalAction, match="Bridge"):
        SPEC.apply(state, P1, parse_placement("C6"), Rng(1))
    ok = SPEC.apply(state, P1, parse_placement("D1"), Rng(1))
    assert ok.state.sheets[0].pieces[0].system == "Quarters"


def test_required_engine_grids_take_only_engines() -> None:
    """Engine-required grids are for Engines: a Cargo box there is refused."""
    state = yard(stage="place", picked=("Cargo", "O"), dice=(5, 5))
    with pytest.raises(IllegalAction, match="engine-required"):
        SPEC.apply(state, P1, parse_placement("C10"), Rng(1))


def test_overlap_is_refused() -> None:
    """Systems cannot overlap."""
    sheet = place(
        Sheet(player=P1, specialty_dice=(4, 4), specialty="Grizzled", truck="Sparrowhawk"),
        "Cargo",
        ((3, 3), (3, 4), (4, 3), (4, 4)),
        (3, 3),
    )
    state = yard(stage="place", picked=("Cargo", "O"), sheet=sheet)
    with pytest.raises(IllegalAction, match="overlaps"):
        SPEC.apply(state, P1, parse_placement("D4"), Rng(1))


def test_outside_the_hull_is_refused_with_examples() -> None:
    """A piece leaving the blueprint is refused and legal placements are suggested."""
    state = yard(stage="place", picked=("Cargo", "O"), dice=(5, 5))
    with pytest.raises(IllegalAction, match=r"leaves the hull.*legal for example"):
        SPEC.apply(state, P1, parse_placement("A1"), Rng(1))


def _pip_state() -> SpaceTruckinState:
    sheet = Sheet(player=P1, specialty_dice=(4, 4), specialty="Grizzled", truck="Mauler")
    sheet = place(sheet, "Cargo", ((4, 3), (4, 4), (5, 3), (5, 4)), (5, 4))
    new = Piece(id=1, system="Cargo", shape="O", cells=((5, 5), (5, 6), (6, 5), (6, 6)))
    sheet = sheet.model_copy(update={"pieces": (*sheet.pieces, new)})
    return yard(stage="pip", sheet=sheet)


def test_pip_next_to_an_existing_pip_is_refused() -> None:
    """Phase 2 pips may not share an edge with an existing pip."""
    with pytest.raises(IllegalAction, match="not next to another pip"):
        SPEC.apply(_pip_state(), P1, Mark(cell="F6"), Rng(1))


def test_pip_diagonal_to_an_existing_pip_is_accepted() -> None:
    """Diagonal pips are fine ("you can put pips diagonal to each other")."""
    step = SPEC.apply(_pip_state(), P1, Mark(cell="F7"), LoadedDice([3, 2]))
    sheet = step.state.sheets[0]
    assert (6, 5) in {p.cell for p in sheet.pips}
    assert sheet.stage == "pick" and sheet.dice == (3, 2)


def test_free_choice_changes_a_die_once() -> None:
    """Once during Phase 2 a die may be set to any face; the second time is refused."""
    step = SPEC.apply(yard(), P1, FreeChoice(die=2, face=5), Rng(1))
    assert step.state.sheets[0].dice == (1, 5)
    assert not [a for a in SPEC.legal_actions(step.state, P1) if a.kind == "free_choice"]
    with pytest.raises(IllegalAction, match="already used"):
        SPEC.apply(step.state, P1, FreeChoice(die=1, face=5), Rng(1))


def test_stopping_with_an_unserviceable_truck_loses() -> None:
    """An empty truck is unserviceable: the solo trucker loses at once."""
    step = SPEC.apply(yard(), P1, Stop(), Rng(1))
    outcome = SPEC.outcome(step.state)
    assert outcome is not None and outcome.winners == ()
    assert "unserviceable" in step.state.sheets[0].reason


def test_completed_truck_scores_the_first_vp_and_starts_delivery() -> None:
    """All five systems placed: +1 VP, then Phase 3 starts at A with the first challenge roll."""
    state = shipyard_state((built_sheet(P1, "Countess", "Grizzled"),))
    step = SPEC.apply(state, P1, Stop(), LoadedDice([4, 2]))
    sheet = step.state.sheets[0]
    assert sheet.vp == 1
    assert step.state.phase == "delivery" and step.state.location == 0
    assert sheet.stage == "fill" and sheet.challenge is not None
    assert sheet.challenge.dice == (4, 2)


def test_building_ends_at_the_first_roll_nothing_fits() -> None:
    """With the free choice spent and no room for the rolled pair, the build ends by itself."""
    full = built_sheet(P1, "Sparrowhawk", "Grizzled")
    sheet = full.model_copy(update={"free_choice_used": True})
    last = sheet.pieces[-1]
    sheet = sheet.model_copy(
        update={"pips": tuple(p for p in sheet.pips if p.cell not in last.cells)}
    )
    state = yard(sheet=sheet, stage="pip")
    cell = SPEC.legal_actions(state, P1)[0]
    step = SPEC.apply(state, P1, cell, LoadedDice([1, 1, 2, 3]))
    assert step.state.sheets[0].vp == 1
    assert step.state.phase == "delivery"


def test_parse_placement_reads_the_notation() -> None:
    """`b4 r1 f` is anchor B4, one quarter turn, flipped; bare `C2` is r0 unflipped."""
    assert parse_placement("b4 r1 f") == Place(anchor="B4", rotation=1, flip=True)
    assert parse_placement("C2") == Place(anchor="C2", rotation=0, flip=False)


def test_parse_placement_rejects_garbage() -> None:
    """Text that is not placement notation is an InvalidAction with an example."""
    with pytest.raises(InvalidAction, match="B4 r1 f"):
        parse_placement("over there")


def test_legal_placements_are_few_distinct_and_all_accepted() -> None:
    """Placements are listed once per distinct cell set, and each one applies."""
    state = yard(stage="place", picked=("Quarters", "L"), dice=(2, 2), specialty="Engineer")
    options = legal_placements(state, P1)
    assert 20 < len(options) < 500
    cells = set()
    for option in options[:40]:
        piece = SPEC.apply(state, P1, option, Rng(1)).state.sheets[0].pieces[0]
        cells.add(piece.cells)
    assert len(cells) == min(40, len(options))


def test_symmetric_spellings_are_normalised_by_shape() -> None:
    """An O turned twice and flipped is the plain O: parse with the shape to get `D7 r0`."""
    assert parse_placement("D7 r2 f", "O") == Place(anchor="D7", rotation=0, flip=False)


def test_non_canonical_spelling_is_refused_with_the_right_one() -> None:
    """apply accepts only the listed spelling, and names it."""
    state = yard(stage="place", picked=("Cargo", "O"), dice=(5, 5))
    with pytest.raises(IllegalAction, match="D4 r0"):
        SPEC.apply(state, P1, parse_placement("D4 r2"), Rng(1))
