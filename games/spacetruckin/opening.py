"""Setup choices (specialty, truck) and Phase 1, the shared star chart."""

from __future__ import annotations

from games.engine import IllegalAction, PlayerId
from games.spacetruckin.data import LOCATIONS, SPECIALTY_BY_DIE, TERRAIN_BY_DIE, TRUCKS
from games.spacetruckin.events import SpecialtyPicked, TruckPicked
from games.spacetruckin.models import (
    Action,
    ChartLocation,
    Location,
    PickSpecialty,
    PickTruck,
    Sheet,
    SpaceTruckinState,
)
from games.spacetruckin.turn import Turn

LAST_LOCATION = len(LOCATIONS) - 1


def captain_actions(sheet: Sheet) -> list[Action]:
    found: list[Action] = []
    if sheet.specialty is None:
        for die in dict.fromkeys(sheet.specialty_dice):
            found.append(PickSpecialty(specialty=SPECIALTY_BY_DIE[die]))
    if sheet.truck is None:
        found.extend(PickTruck(truck=truck) for truck in TRUCKS)
    return found


def apply_captain(sheet: Sheet, action: PickSpecialty | PickTruck, turn: Turn) -> Sheet:
    if isinstance(action, PickSpecialty):
        turn.tell(SpecialtyPicked(who=sheet.player, specialty=action.specialty))
        sheet = sheet.model_copy(update={"specialty": action.specialty})
    else:
        turn.tell(TruckPicked(who=sheet.player, truck=action.truck))
        sheet = sheet.model_copy(update={"truck": action.truck})
    if sheet.specialty is not None and sheet.truck is not None:
        sheet = sheet.model_copy(update={"stage": "ready"})
    return sheet


def chart_placer(state: SpaceTruckinState) -> PlayerId:
    """Who charts the next location of the one shared chart.

    The 7th location, whose terrain is chosen ("YOU CHOOSE THE TERRAIN OF THE LAST
    LOCATION"), is the first seat's (digest ruling 14). The six rolled ones go to the
    Cartographers in turn, who "ROLL 2D6 EACH TIME AND CHOOSE ONE RESULT"; without a
    Cartographer at the table the seats take turns from the first.
    """
    if state.chart_placed >= LAST_LOCATION:
        return state.players[0].id
    cartographers = [s.player for s in state.sheets if s.specialty == "Cartographer"]
    seats = cartographers or [p.id for p in state.players]
    return seats[state.chart_placed % len(seats)]


def chart_actions(state: SpaceTruckinState) -> list[Action]:
    if state.chart_placed >= LAST_LOCATION:
        terrains = list(TERRAIN_BY_DIE.values())
    else:
        terrains = [TERRAIN_BY_DIE[d] for d in dict.fromkeys(state.chart_dice)]
    found: list[Action] = []
    for index, letter in enumerate(LOCATIONS):
        if state.chart[index] is None:
            location: Location = letter  # type: ignore[assignment]
            found.extend(ChartLocation(location=location, terrain=t) for t in terrains)
    return found


def check_chart(state: SpaceTruckinState, action: ChartLocation) -> None:
    index = LOCATIONS.index(action.location)
    if state.chart[index] is not None:
        free = ", ".join(L for i, L in enumerate(LOCATIONS) if state.chart[i] is None)
        raise IllegalAction(
            f"location {action.location} is already charted ({state.chart[index]}); "
            f"free locations: {free}"
        )
    legal = {a.terrain for a in chart_actions(state) if isinstance(a, ChartLocation)}
    if action.terrain not in legal:
        raise IllegalAction(
            f"the dice do not allow {action.terrain}; you may chart: {', '.join(sorted(legal))}"
        )
