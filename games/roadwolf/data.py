"""Road Wolf's tables as data: vehicles (rule 10–16), tokens (17–21), road cards, missions.

Every reconstruction of digest 1.3 is marked [R].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeVar

T = TypeVar("T")

Surface = Literal["street", "dirt", "heavy"]
TokenKind = Literal[
    "driver",
    "veteran",
    "brawler",
    "gunner",
    "mechanic",
    "shotgun",
    "molotov",
    "ambush",
    "spikes",
    "nitro",
]
CardKind = Literal["clear", "slide", "slick", "debris", "wreck", "bridge", "tunnel", "supplies"]
MissionKey = Literal[
    "INTERCEPTOR",
    "BREAKOUT",
    "THE PRESIDENT",
    "TWO-WHEEL TERROR",
    "HIJACKERS",
    "MONSTERS",
    "CHASE",
    "THE WAGES OF FEAR",
    "GAUNTLET",
    "DERAILED",
]
"""The missions named as the text names them (issue 14 part B adds GAUNTLET and DERAILED)."""
Start = Literal["start", "edge", "other", "left", "right"]
"""Where a side starts: the START zone, any board edge, any edge but the START's (INTERCEPTOR),
the left or the right edge (HIJACKERS' "opposite board edges")."""

CREW_KINDS: tuple[TokenKind, ...] = ("driver", "veteran", "brawler", "gunner", "mechanic")
GEAR_KINDS: tuple[TokenKind, ...] = ("shotgun", "molotov", "ambush", "spikes", "nitro")
TOKEN_KINDS: tuple[TokenKind, ...] = CREW_KINDS + GEAR_KINDS
"""1.3 [R]: "10 token types: Driver, Veteran, Brawler, Gunner, Mechanic, Shotgun, Molotov,
Ambush, Spikes, Nitro"."""


@dataclass(frozen=True)
class VehicleClass:
    """One row of the size/type table (rule 10) with its 1.6 footprint."""

    key: str
    name: str
    size: int
    closed: bool
    surface: Surface
    width: int
    length: int

    @property
    def cost(self) -> int:
        """1.3 [R]: "cost = size"."""
        return self.size

    @property
    def capacity(self) -> int:
        """Rule 18: "Crew capacity = size, +1 if Open, and the driver counts toward it"."""
        return self.size + (0 if self.closed else 1)

    @property
    def is_bike(self) -> bool:
        return self.size == 1


def _v(key: str, name: str, size: int, closed: bool, surface: Surface) -> VehicleClass:
    width, length = {1: (1, 2), 2: (2, 3), 3: (2, 3), 4: (2, 4), 5: (2, 6)}[size]
    return VehicleClass(key, name, size, closed, surface, width, length)


VEHICLES: dict[str, VehicleClass] = {
    v.key: v
    for v in (
        _v("street_bike", "Street Bike", 1, False, "street"),
        _v("dirt_bike", "Dirt Bike", 1, False, "dirt"),
        _v("coupe", "Coupe", 2, True, "street"),
        _v("rally_car", "Rally Car", 2, True, "dirt"),
        _v("roadster", "Roadster", 2, False, "street"),
        _v("buggy", "Buggy", 2, False, "dirt"),
        _v("muscle_car", "Muscle Car", 3, True, "street"),
        _v("humvee", "Humvee", 3, True, "dirt"),
        _v("convertible", "Convertible", 3, False, "street"),
        _v("truck_4x4", "4x4 Truck", 3, False, "dirt"),
        # rule 16 [R]: "Heavy vehicles are Closed (the Big Rig is "closed, heavy", line 195)"
        _v("armored_car", "Armored Car", 4, True, "heavy"),
        _v("limo", "Limo", 4, True, "heavy"),
        _v("big_rig", "Big Rig", 5, True, "heavy"),
    )
}

SPECIAL_VEHICLES: dict[str, VehicleClass] = {
    v.key: v
    for v in (
        # MONSTERS: "size 4, Closed, Heavy, Dirt, May Nitro" (1.4-I: the text wins: Dirt, with
        # the Heavy trait for rerolls; traits "monster" give the melee and ram exceptions)
        _v("monster_truck", "Monster Truck", 4, True, "dirt"),
        # THE WAGES OF FEAR: "Size 4, Closed, may not nitro", not Heavy (digest 1.2)
        _v("explosive_truck", "Explosive Truck", 4, True, "street"),
        # HIJACKERS: "Size 4, Closed, Street, Veteran Driver" (1.4-J: Street, not Heavy)
        _v("custom_truck", "Custom Truck", 4, True, "street"),
    )
}
"""Mission vehicles: never bought from the list, given by the mission."""

TRAITS: dict[str, tuple[str, ...]] = {
    "monster_truck": ("monster", "heavy"),
    "explosive_truck": ("explosive", "no_nitro"),
}
"""Mission-specific rules a vehicle class carries (`Vehicle.traits`)."""


def vehicle_class(key: str) -> VehicleClass:
    """A vehicle class, bought or given by a mission."""
    return VEHICLES[key] if key in VEHICLES else SPECIAL_VEHICLES[key]


ROAD_DECK: tuple[tuple[CardKind, int], ...] = (
    ("clear", 6),
    ("slide", 3),
    ("slick", 3),
    ("debris", 3),
    ("wreck", 3),
    ("bridge", 2),
    ("tunnel", 1),
    ("supplies", 3),
)
"""1.3 [R]: "24 cards: Clear ×6, Slide ×3, Slick ×3, Debris ×3, Wreck ×3, Bridge ×2, Tunnel ×1,
Supplies ×3. Outside GAUNTLET, reshuffle the discards when the deck runs out"."""

CARD_RAM_DICE: dict[CardKind, int] = {"debris": 1, "wreck": 2}
"""Rule 31: "a Debris card rolls 1 die and a Wreck card 2"."""

AMBUSH_CARDS: frozenset[CardKind] = frozenset({"bridge", "tunnel", "wreck", "supplies"})
"""Line 86: Ambush "from the end of the board, or any Bridge, Tunnel, Wreck or Supplies road
card"."""

WEAPON_DICE: dict[str, int] = {"gun": 1, "shotgun": 2, "molotov": 3, "ambush": 2}
"""Gunner "1 attack die", Shotgun 2, Molotov 3, Ambush 2 (crew and gear tables)."""


@dataclass(frozen=True)
class Mission:
    """A mission of digest 1.2: side names (the first side starts at the START and goes first),
    points per side (None: the `points` option) and the vehicle the first side must take."""

    key: MissionKey
    sides: tuple[str, str]
    points: tuple[int | None, int | None]
    required: str | None
    """The vehicle class the first side must include (its cost comes out of its points)."""
    target: str | None
    """What the mission is about: the required vehicle's letter is fixed to "A"."""
    starts: tuple[Start, Start] = ("start", "edge")
    required_by: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """Further vehicles each side must take (lettered after `required`), from its points."""
    buyable: tuple[tuple[str, ...] | None, tuple[str, ...] | None] = (None, None)
    """The vehicle classes a side may buy (None: any)."""
    tokens: tuple[int | None, int | None] = (None, None)
    """Crew and gear tokens a side may place (None: as many as its points)."""
    free_for_all: bool = False
    """GAUNTLET, DERAILED: 2..6 sides alike (the `teams` option), named "<team_name> 1..N";
    every per-side tuple above holds the same value for each side (read through `of_side`)."""
    team_name: str = ""
    """A free-for-all mission's side name before its number ("Couriers", "Team")."""

    def of_side(self, values: tuple[T, T], side: int) -> T:
        """A per-side value (`points`, `starts`, `tokens`, `buyable`, `required_by`) for any
        side: a free-for-all mission's sides are all alike, so side 2..5 reads side 0's."""
        return values[0] if self.free_for_all else values[side]

    def side_names(self, count: int) -> tuple[str, ...]:
        """The names of `count` sides (two, except in a free-for-all mission)."""
        if not self.free_for_all:
            return self.sides
        return tuple(f"{self.team_name} {k + 1}" for k in range(count))


MISSIONS: dict[MissionKey, Mission] = {
    "INTERCEPTOR": Mission(
        "INTERCEPTOR", ("Runners", "Interceptors"), (None, None), None, None, ("start", "other")
    ),
    "BREAKOUT": Mission("BREAKOUT", ("Convoy", "Attackers"), (10, 12), "big_rig", "Big Rig"),
    "THE PRESIDENT": Mission(
        "THE PRESIDENT", ("Enforcers", "Insurgents"), (None, None), "limo", "Limo"
    ),
    # the Bikers "may only take bikes"; the Enforcers place first on any edge
    "TWO-WHEEL TERROR": Mission(
        "TWO-WHEEL TERROR",
        ("Bikers", "Enforcers"),
        (None, None),
        None,
        None,
        buyable=(("street_bike", "dirt_bike"), None),
    ),
    # the truck is nobody's (neutral, letter M); the gangs start on opposite edges
    "HIJACKERS": Mission(
        "HIJACKERS", ("Gang 1", "Gang 2"), (None, None), None, "Truck", ("left", "right")
    ),
    # [R] "Survivors get 8 points"; the Monster player takes the two trucks (2 × 4 points)
    "MONSTERS": Mission(
        "MONSTERS",
        ("Survivors", "Monsters"),
        (8, 8),
        None,
        None,
        required_by=((), ("monster_truck", "monster_truck")),
        buyable=(None, ()),
    ),
    # Cops "start with NO crew or equipment tokens except those that come with the vehicle"
    "CHASE": Mission("CHASE", ("Runners", "Cops"), (None, None), None, None, tokens=(None, 0)),
    # "Both teams get 14 points ... The Explosives team must purchase two specialized trucks"
    "THE WAGES OF FEAR": Mission(
        "THE WAGES OF FEAR",
        ("Explosives", "Raiders"),
        (14, 14),
        "explosive_truck",
        "Explosive Truck",
        required_by=(("explosive_truck",), ()),
    ),
    # "Couriers start at the start of the road with 4 points of vehicles" (line 213)
    # "All players are Couriers": each player (or team, the `teams` option) scores alone
    "GAUNTLET": Mission(
        "GAUNTLET",
        ("Couriers 1", "Couriers 2"),
        (4, 4),
        None,
        None,
        ("start", "start"),
        free_for_all=True,
        team_name="Couriers",
    ),
    # "Any number of teams must compete to take control of a powerful freight train!" (line
    # 216): 2..6 teams (the `teams` option; 0: every player on their own), all at the START [R]
    "DERAILED": Mission(
        "DERAILED",
        ("Team 1", "Team 2"),
        (None, None),
        None,
        "Train",
        ("start", "start"),
        free_for_all=True,
        team_name="Team",
    ),
}
MISSION_NAMES: tuple[MissionKey, ...] = tuple(MISSIONS)
PRESIDENT_MIN_POINTS = 5
"""House: the Enforcers' points pay for the Limo (4) and leave at least one point of escort."""
