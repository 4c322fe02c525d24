"""Every mission's rules record (`base.MissionRules`), one module per mission.

To add a mission (issue 14 part B: GAUNTLET, DERAILED): name it in `data.MissionKey` and
`data.MISSIONS` (sides, points, vehicles it gives, starts, buys), write
`missions/<name>.py` with a `RULES: dict[str, MissionRules]`, and add it to `_MODULES` here.
"""

from __future__ import annotations

from games.roadwolf.missions import (
    chase,
    classic,
    derailed,
    gauntlet,
    hijackers,
    monsters,
    twowheel,
    wages,
)
from games.roadwolf.missions.base import (
    MissionRules,
    Verdict,
    escaped,
    gone,
    is_stopped,
)
from games.roadwolf.missions.classic import breakout, interceptor, president
from games.roadwolf.model import RwState, Vehicle
from games.roadwolf.table import HOOKS

_MODULES = (classic, twowheel, hijackers, monsters, chase, wages, gauntlet, derailed)

MISSION_RULES: dict[str, MissionRules] = {}
for _module in _MODULES:
    MISSION_RULES.update(_module.RULES)
for _key, _rules in MISSION_RULES.items():
    HOOKS[_key] = _rules.hooks


def rules_of(state: RwState) -> MissionRules:
    return MISSION_RULES[state.options.mission]


def judge(state: RwState) -> Verdict:
    return rules_of(state).judge(state)


def place_refusal(state: RwState, side: int) -> str | None:
    """Why `side` may not place (the mission places everyone itself) or not yet (the mission's
    `places_first` side is still building)."""
    if rules_of(state).places_itself is not None:
        return rules_of(state).places_itself
    first = rules_of(state).places_first
    if first is None or side == first or state.sides[first].built:
        return None
    return (
        f"in {state.options.mission} the {state.sides[first].name} place first: the "
        f"{state.sides[side].name} place once the {state.sides[first].name} are done building"
    )


def runs_for_the_end(state: RwState, vehicle: Vehicle) -> bool:
    """Bot hint: whether this vehicle should drive for the END."""
    return rules_of(state).runs_for_the_end(state, vehicle)


__all__ = [
    "MISSION_RULES",
    "MissionRules",
    "Verdict",
    "breakout",
    "escaped",
    "gone",
    "interceptor",
    "is_stopped",
    "judge",
    "place_refusal",
    "president",
    "rules_of",
    "runs_for_the_end",
]
