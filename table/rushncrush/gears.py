"""Which gear choices the board shows as buttons and which go in its "More speeds…" menu.

Pure (no Discord). A turn offers up to 20 gear choices; a newcomer gets at most eight buttons:
for each speed the best way to reach it (no wreck risk first, then the fewest Turbo or Brake
points, then the least chance of Heat), the most useful speeds if there are more than eight,
safest first. Every other choice, including the costlier ways to a speed already on a button,
is one option of the menu, so nothing the rules allow is lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from games.rushncrush import GearAction
from table.rushncrush.text import heat_risk

MAX_GEAR_BUTTONS = 8
MAX_MENU_OPTIONS = 25
"""Discord's limit for one select menu; a turn never has more than 8 + 20 choices."""


@dataclass(frozen=True)
class GearChoices:
    """A gear decision, split for the board."""

    buttons: tuple[GearAction, ...]
    """The best way to each of the most useful speeds, safest first."""
    menu: tuple[GearAction, ...]
    """Every other legal choice, by speed."""


def split_gears(
    gears: Sequence[GearAction], car_heat: int, room: int = MAX_GEAR_BUTTONS
) -> GearChoices:
    """Buttons for the best choices (at most `room`), the menu for the rest."""

    def worth(action: GearAction) -> tuple[Fraction, int, Fraction, int, int]:
        risk = heat_risk(car_heat, action.gear, action.speed, action.turbo)
        # a higher gear last among equals: it leaves more speeds within reach next turn
        return (risk.wreck, action.turbo + action.brake, risk.any_heat, action.speed, -action.gear)

    def safety(action: GearAction) -> tuple[Fraction, Fraction, int]:
        risk = heat_risk(car_heat, action.gear, action.speed, action.turbo)
        return (risk.wreck, risk.any_heat, action.speed)

    best: dict[int, GearAction] = {}
    for action in sorted(gears, key=worth):
        best.setdefault(action.speed, action)
    picked = sorted(best.values(), key=worth)[:room]
    rest = [a for a in gears if a not in picked]
    return GearChoices(
        buttons=tuple(sorted(picked, key=safety)),
        menu=tuple(sorted(rest, key=lambda a: (a.speed, worth(a))))[:MAX_MENU_OPTIONS],
    )
