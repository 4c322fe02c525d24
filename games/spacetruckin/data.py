"""Every house value of Space Truckin' in one place: tables, blueprints, shapes and bands.

Values marked [R] in the digest (`rules/space-truckin.md`) are reconstructions; change them
here and nowhere else.
"""

from __future__ import annotations

from typing import Literal

Specialty = Literal["Cartographer", "Engineer", "Artificer", "Grizzled", "Smuggler", "Physicist"]
Truck = Literal["Sparrowhawk", "Countess", "Mauler", "Hammerhead"]
Terrain = Literal["Asteroids", "Event", "Rocky Planet", "Gas Giant", "Comet", "Derelict Ship"]
System = Literal["Reactor", "Quarters", "Engine", "Weapons", "Cargo"]
Shape = Literal["I", "L", "T", "S", "O"]
Reward = Literal["cargo", "vp", "artifact", "quarters"]
Band = Literal["bridge", "both", "first", "one_hit", "two_hits"]

# [R] the listing order of the rulebook, die 1..6.
SPECIALTY_BY_DIE: dict[int, Specialty] = {
    1: "Cartographer",
    2: "Engineer",
    3: "Artificer",
    4: "Grizzled",
    5: "Smuggler",
    6: "Physicist",
}
SPECIALTY_EFFECTS: dict[Specialty, str] = {
    "Cartographer": "chart every rolled location: roll 2 dice and keep one",
    "Engineer": "Reactors and Quarters ignore placement restrictions",
    "Artificer": "start the delivery with one Artifact",
    "Grizzled": "+2 VP for every system destroyed by a consequence or pirates",
    "Smuggler": "ignore Pirate Space; sell cargo as if you had one more",
    "Physicist": "Reactor pips are wilds, like Quarters",
}

TRUCKS: tuple[Truck, ...] = ("Sparrowhawk", "Countess", "Mauler", "Hammerhead")

TERRAIN_BY_DIE: dict[int, Terrain] = {
    1: "Asteroids",
    2: "Event",
    3: "Rocky Planet",
    4: "Gas Giant",
    5: "Comet",
    6: "Derelict Ship",
}
# [R] except Gas Giant (printed): (first reward on 3-10, extra reward on 1-2).
TERRAIN_REWARDS: dict[Terrain, tuple[Reward, Reward]] = {
    "Asteroids": ("cargo", "cargo"),
    "Event": ("vp", "artifact"),
    "Rocky Planet": ("cargo", "artifact"),
    "Gas Giant": ("cargo", "vp"),
    "Comet": ("artifact", "vp"),
    "Derelict Ship": ("quarters", "artifact"),
}

LOCATIONS = "ABCDEFG"
PIRATES_BEFORE = 5  # Pirate Space lies between E and F: it strikes on arriving at F.

SYSTEM_BY_DIE: dict[int, System] = {
    1: "Reactor",
    2: "Quarters",
    3: "Engine",
    4: "Weapons",
    5: "Cargo",
}
# I, L, T and O are deduced from the rulebook's examples; S/Z is the only tetromino left [R].
SHAPE_BY_DIE: dict[int, Shape] = {1: "I", 2: "L", 3: "T", 4: "S", 5: "O"}
CHOOSE_FACE = 6
SYSTEM_LETTER: dict[System, str] = {
    "Reactor": "R",
    "Quarters": "Q",
    "Engine": "E",
    "Weapons": "W",
    "Cargo": "C",
}
# Cells (row, col) of each tetromino before rotation or flip.
SHAPE_CELLS: dict[Shape, tuple[tuple[int, int], ...]] = {
    "I": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "L": ((0, 0), (1, 0), (2, 0), (2, 1)),
    "T": ((0, 0), (0, 1), (0, 2), (1, 1)),
    "S": ((0, 1), (0, 2), (1, 0), (1, 1)),
    "O": ((0, 0), (0, 1), (1, 0), (1, 1)),
}
# [R] a Reactor must have a cell within this many columns of the centreline.
CENTERLINE_REACH = 1

# [R] blueprints, bow at the top. o free, B bridge, E engine-required, W weapon-required,
# '.' outside the hull. The centreline is the middle column.
BLUEPRINTS: dict[Truck, tuple[str, ...]] = {
    "Sparrowhawk": (
        "...oBo...",
        "...oBo...",
        "..ooooo..",
        ".ooooooo.",
        "WoooooooW",
        "WoooooooW",
        ".ooooooo.",
        "..ooooo..",
        "..ooooo..",
        "..EEoEE..",
        "..EE.EE..",
    ),
    "Countess": (
        "..oBo..",
        "..oBo..",
        ".ooooo.",
        ".ooooo.",
        "WoooooW",
        "WoooooW",
        ".ooooo.",
        ".ooooo.",
        ".ooooo.",
        "ooooooo",
        "ooooooo",
        ".EEoEE.",
        ".E...E.",
    ),
    "Mauler": (
        ".W.......W.",
        ".W..oBo..W.",
        ".oo.oBo.oo.",
        ".ooooooooo.",
        "ooooooooooo",
        "ooooooooooo",
        ".ooooooooo.",
        ".ooooooooo.",
        "..ooooooo..",
        "..EEoooEE..",
        "..EE...EE..",
    ),
    "Hammerhead": (
        "WoooooooooW",
        "WooooBooooW",
        "oooooBooooo",
        "...ooooo...",
        "...ooooo...",
        "...ooooo...",
        "..ooooooo..",
        "..ooooooo..",
        "..ooooooo..",
        "...ooooo...",
        "...EEoEE...",
        "...EE.EE...",
    ),
}
REQUIRED_SYSTEM: dict[str, System] = {"E": "Engine", "W": "Weapons"}

# Result bands of a challenge, (lowest, highest, band); None = unbounded.
BANDS: tuple[tuple[int | None, int | None, Band], ...] = (
    (None, 0, "bridge"),
    (1, 2, "both"),
    (3, 10, "first"),
    (11, 100, "one_hit"),
    (101, None, "two_hits"),
)
BAND_LABELS: dict[Band, str] = {
    "bridge": "less than 1: one Bridge damage",
    "both": "1-2: both rewards",
    "first": "3-10: the first reward",
    "one_hit": "11-100: one consequence",
    "two_hits": "101+: two consequences",
}

WIN_VP = 20
JUMP_VP = 2
TRUCK_COMPLETE_VP = 1
GRIZZLED_VP = 2
BRIDGE_GRIDS = 2
SALE_BASE = 2  # n cargo sell for SALE_BASE ** n VP (1 -> 2, 2 -> 4, ... 5 -> 32)
SMUGGLER_EXTRA_CARGO = 1
DIE_FACES = 6


def flip_face(face: int) -> int:
    """The opposite face of a d6 (opposite faces add up to 7)."""
    return DIE_FACES + 1 - face


def band_of(result: int) -> Band:
    for low, high, band in BANDS:
        if (low is None or result >= low) and (high is None or result <= high):
            return band
    raise AssertionError(f"no band for {result}")


def sale_value(cargo: int) -> int:
    """VP for selling `cargo` filled cargo pips after G."""
    return SALE_BASE**cargo if cargo > 0 else 0
