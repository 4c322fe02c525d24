"""Every [R] house value of Rush 'n' Crush, as data (digest 2.4); replace if real cards turn up.

Nothing in the rules text gives the gear matrix, the dice per speed, the track lengths, the cars
or the drivers; these are the house reconstructions from `shared/rules/rush-n-crush.md`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, Literal


class Zone(StrEnum):
    BLUE = "blue"
    YELLOW = "yellow"
    ORANGE = "orange"
    RED = "red"


class Fixed(StrEnum):
    """Fixed car equipment (two per car)."""

    ARMOR = "armor_shielding"
    COMPUTER = "onboard_computer"
    COMBAT_BUMPER = "combat_bumper"
    MINELAYER = "minelayer"


class Item(StrEnum):
    """Activatable driver equipment (four slots per driver)."""

    MACHINE_GUN = "machine_gun"
    FLAMER = "flamer"
    SIDE_BUMPER = "side_bumper"
    SAW = "saw"
    ROCKET_BOOSTER = "rocket_booster"
    FIRE_EXTINGUISHER = "fire_extinguisher"


ITEM_LABELS: Final[dict[Item, str]] = {
    Item.MACHINE_GUN: "Machine Gun",
    Item.FLAMER: "Flamer",
    Item.SIDE_BUMPER: "Side Bumper",
    Item.SAW: "Lateral Circular Saw",
    Item.ROCKET_BOOSTER: "Rocket Booster",
    Item.FIRE_EXTINGUISHER: "Fire Extinguisher",
}

FIXED_LABELS: Final[dict[Fixed, str]] = {
    Fixed.ARMOR: "Armor Shielding",
    Fixed.COMPUTER: "On-board Computer",
    Fixed.COMBAT_BUMPER: "Combat Bumper",
    Fixed.MINELAYER: "Minelayer",
}

# --- Gear matrix -------------------------------------------------------------------------------
# Gear -> speeds bottom to top; the zone of a node is its height in the column.
NEUTRAL: Final = (0, 0)
GEARS: Final[dict[int, tuple[int, int, int, int]]] = {
    1: (4, 5, 6, 7),
    2: (6, 7, 8, 9),
    3: (8, 9, 10, 11),
    4: (10, 11, 12, 14),
    5: (12, 14, 16, 18),
}
ZONE_BY_HEIGHT: Final = (Zone.BLUE, Zone.YELLOW, Zone.ORANGE, Zone.RED)
RED_DICE: Final[dict[Zone, int]] = {Zone.BLUE: 0, Zone.YELLOW: 1, Zone.ORANGE: 2, Zone.RED: 3}
HEAT_ON_OR_BELOW: Final = 2
"""A red die gives heat on 1..2, plus 1 to the range per Turbo point used this turn."""

# --- White dice per speed ----------------------------------------------------------------------
Keep = Literal["unlimited", "high", "low", "none"]
WHITE_DICE: Final[dict[int, tuple[Keep, int]]] = {
    4: ("unlimited", 0),
    5: ("unlimited", 0),
    6: ("high", 5),
    7: ("high", 4),
    8: ("high", 3),
    9: ("high", 2),
    10: ("high", 1),
    11: ("low", 2),
    12: ("low", 3),
    14: ("low", 4),
    16: ("low", 5),
    18: ("none", 0),
}
OBSTRUCTION_FIXED_DAMAGE: Final[dict[int, int]] = {4: 1, 5: 1, 18: 6}
"""Speeds whose obstruction damage needs no roll (rule text: 1 at speed 4-5, 6 at speed 18)."""

# --- Tracks ------------------------------------------------------------------------------------
STEERING: Final = 5
COMPUTER_STEERING_BONUS: Final = 2
BRAKE: Final = 5
TURBO: Final = 5
STRUCTURE: Final = 10
ARMOR_STRUCTURE_BONUS: Final = 2
HEAT_SKULL: Final = 10
MINES: Final = 4
ACTIVATIONS_PER_TURN: Final = 2

# --- Collisions and weapons --------------------------------------------------------------------
WRECK_DAMAGE_ON_OR_BELOW: Final = 3
SIDE_BUMPER_BONUS: Final = 1
SIDE_RAM_DISPLACE_FROM: Final = 4
# Who takes a Structure point on a side-ram roll of 1..6: Y you, T target, 3 third party.
SIDE_RAM_TABLE: Final[dict[Literal["clear", "blocked"], tuple[str, ...]]] = {
    "clear": ("Y", "Y", "", "", "T", "T"),
    "blocked": ("Y", "Y", "", "T", "T", "T3"),
}
SAW_HITS_FROM: Final = 4
RUSH_BOTH_ON_OR_BELOW: Final = 2
RUSH_TARGET_UP_TO: Final = 3
RUSH_TARGET_UP_TO_WITH_BUMPER: Final = 4
GUN_RANGE: Final = 3
GUN_DICE_BASE: Final = 4
"""Machine Gun and Flamer roll (4 - range) dice."""
GUN_HIT_ON_OR_BELOW: Final = 2
ROCKET_MAX: Final = 3
ROCKET_HEAT_ON_OR_BELOW: Final = 2
EXTINGUISHER_COOLING: Final = 1


# --- Cars and drivers --------------------------------------------------------------------------
# (number, name, team, colour, fixed pair)
CARS: Final[tuple[tuple[int, str, str, str, tuple[Fixed, Fixed]], ...]] = (
    (1, "Grave Digger", "Zombie", "green", (Fixed.ARMOR, Fixed.COMPUTER)),
    (2, "Ghoul Wagon", "Zombie", "green", (Fixed.ARMOR, Fixed.COMBAT_BUMPER)),
    (3, "Nova Lancer", "Cosmos", "blue", (Fixed.ARMOR, Fixed.MINELAYER)),
    (4, "Pulsar", "Cosmos", "blue", (Fixed.COMPUTER, Fixed.COMBAT_BUMPER)),
    (5, "Sweet Dream", "Dream Team", "orange", (Fixed.COMPUTER, Fixed.MINELAYER)),
    (6, "Nightmare", "Dream Team", "orange", (Fixed.COMBAT_BUMPER, Fixed.MINELAYER)),
)

# (number, name, activatable pair); every driver also has DRIVER_STANDARD_ITEMS
DRIVERS: Final[tuple[tuple[int, str, tuple[Item, Item]], ...]] = (
    (1, "Mort", (Item.MACHINE_GUN, Item.FLAMER)),
    (2, "Rigor", (Item.MACHINE_GUN, Item.SIDE_BUMPER)),
    (3, "Comet Kay", (Item.MACHINE_GUN, Item.SAW)),
    (4, "Orbit", (Item.FLAMER, Item.SIDE_BUMPER)),
    (5, "Dozy", (Item.FLAMER, Item.SAW)),
    (6, "Sleepwalker", (Item.SIDE_BUMPER, Item.SAW)),
)
DRIVER_STANDARD_ITEMS: Final = (Item.ROCKET_BOOSTER, Item.FIRE_EXTINGUISHER)
