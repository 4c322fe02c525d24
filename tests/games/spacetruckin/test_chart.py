"""Phase 1, the shared star chart: who charts, with how many dice, and the chosen 7th."""

from __future__ import annotations

from games.engine import DiceRolled, Rng
from games.spacetruckin import SPEC
from games.spacetruckin.models import (
    ChartLocation,
    PickSpecialty,
    PickTruck,
    Sheet,
    SpaceTruckinState,
)
from tests.games.spacetruckin.helpers import players

P1, P2, P3 = 100, 101, 102
SPECIALTY_DIE = {"Cartographer": 1, "Engineer": 2, "Grizzled": 4}


def _charting(*specialties: str) -> tuple[SpaceTruckinState, list[DiceRolled]]:
    """Captains picked (in seat order) up to the chart; the chart's rolls so far."""
    seats = players(len(specialties))
    sheets = tuple(
        Sheet(player=p.id, specialty_dice=(SPECIALTY_DIE[s], SPECIALTY_DIE[s]))
        for p, s in zip(seats, specialties, strict=True)
    )
    state = SpaceTruckinState(players=seats, sheets=sheets)
    rolls: list[DiceRolled] = []
    for seat, specialty in zip(seats, specialties, strict=True):
        for action in (PickSpecialty(specialty=specialty), PickTruck(truck="Mauler")):  # type: ignore[arg-type]
            step = SPEC.apply(state, seat.id, action, Rng(seat.id))
            state = step.state
            rolls.extend(e for e in step.events if isinstance(e, DiceRolled))
    assert state.phase == "chart"
    return state, rolls


def _chart_all(state: SpaceTruckinState, rolls: list[DiceRolled]) -> list[int]:
    """Chart every location with the first legal choice; who charted each, in order."""
    placers = []
    for step_number in range(7):
        (placer,) = SPEC.active_players(state)
        placers.append(placer)
        action = SPEC.legal_actions(state, placer)[0]
        step = SPEC.apply(state, placer, action, Rng(step_number))
        state = step.state
        rolls.extend(e for e in step.events if isinstance(e, DiceRolled) and e.why == "star chart")
    assert state.phase == "shipyard"
    return placers


def test_the_cartographer_rolls_two_dice_each_time_in_multiplayer() -> None:
    """Rules text line 300, Cartographer: "DURING PHASE 1, ROLL 2D6 EACH TIME AND CHOOSE ONE
    RESULT": with a Cartographer seated, every rolled location is theirs, on 2 dice."""
    state, rolls = _charting("Grizzled", "Cartographer", "Engineer")
    placers = _chart_all(state, rolls)
    chart_rolls = [r for r in rolls if r.why == "star chart"]
    assert len(chart_rolls) == 6
    assert all(r.who == P2 and len(r.dice) == 2 for r in chart_rolls)
    assert placers[:6] == [P2] * 6


def test_two_cartographers_take_turns_each_on_two_dice() -> None:
    """Line 300 for each Cartographer: they chart the rolled locations in turn, 2 dice each."""
    state, rolls = _charting("Cartographer", "Grizzled", "Cartographer")
    placers = _chart_all(state, rolls)
    assert placers[:6] == [P1, P3] * 3
    assert all(len(r.dice) == 2 for r in rolls if r.why == "star chart")


def test_without_a_cartographer_the_seats_chart_in_turn_on_one_die() -> None:
    """Line 331: "ROLL ONE DIE ... SKETCH THAT RESULT ON ANY AVAILABLE LETTERED LOCATION";
    the seats take turns on the shared chart, from the first."""
    state, rolls = _charting("Grizzled", "Engineer")
    placers = _chart_all(state, rolls)
    assert placers[:6] == [P1, P2] * 3
    assert all(len(r.dice) == 1 for r in rolls if r.why == "star chart")


def test_the_first_player_chooses_the_seventh_location() -> None:
    """Line 331: "YOU CHOOSE THE TERRAIN OF THE LAST LOCATION"; on the shared chart that is
    the first player (digest ruling 14), Cartographer or not, with any terrain open."""
    for specialties in (("Grizzled", "Engineer", "Grizzled"), ("Grizzled", "Cartographer")):
        state, rolls = _charting(*specialties)
        assert _chart_all(state, rolls)[6] == P1
    state, rolls = _charting("Grizzled", "Cartographer")
    for step_number in range(6):
        (placer,) = SPEC.active_players(state)
        action = SPEC.legal_actions(state, placer)[0]
        state = SPEC.apply(state, placer, action, Rng(step_number)).state
    assert SPEC.active_players(state) == frozenset({P1}) and state.chart_dice == ()
    terrains = {a.terrain for a in SPEC.legal_actions(state, P1) if isinstance(a, ChartLocation)}
    assert len(terrains) == 6
