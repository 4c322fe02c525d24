"""Apocalypse Road's cards and team mat, as data (digest 4.1 and the [R] reconstructions of 4.3).

The rules text lists the race deck (92 cards, line 1205 on) and the 28 movement events; the team
mat, the combat deck and the starburst placement are not in the text: they are the digest's
reconstructions (4.3a, 4.3b, 4.3c), marked [R] here and in the player-facing rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

HAND_SIZE: Final = 6
MAX_DAMAGE: Final = 6
"""A car is eliminated on its 6th damage marker (rule 8.2)."""

Weapon = Literal["mg", "ac", "missile"]
Mount = Literal["front", "rear", "turret"]
WEAPON_NAMES: Final[dict[str, str]] = {
    "mg": "Machine Gun",
    "ac": "Auto-cannon",
    "missile": "Missile",
}

# --- Team mat [R] (digest 4.3a): the same eight cars for every team ----------------------------


@dataclass(frozen=True)
class CarType:
    number: int
    cls: str
    base_mp: int
    defense: int
    weapon: Weapon
    mount: Mount
    targeting: bool


TEAM_MAT: Final[tuple[CarType, ...]] = (
    CarType(1, "Rabbit", 8, 2, "mg", "front", False),
    CarType(2, "Rabbit", 8, 2, "mg", "rear", False),
    CarType(3, "Medium", 6, 2, "ac", "front", True),
    CarType(4, "Medium", 6, 2, "missile", "front", False),
    CarType(5, "Medium", 6, 1, "ac", "turret", False),
    CarType(6, "Medium", 7, 1, "missile", "rear", False),
    CarType(7, "Tank", 4, 3, "missile", "turret", False),
    CarType(8, "Tank", 5, 3, "ac", "front", True),
)
CAR_TYPES: Final[dict[int, CarType]] = {c.number: c for c in TEAM_MAT}

STARTING_CARS: Final[dict[int, tuple[int, ...]]] = {5: (1, 3, 4, 7, 8), 4: (1, 3, 5, 8)}
"""The standard set (a ruling): the one-tap choice of the pick phase (rule 4: "four or five
cars of their choice"), the bot's choice, and what a clock that runs out picks; in this order
they go into the draw bag. The rest wait as replacements for the Chute, in the order of
REPLACEMENT_ORDER."""
REPLACEMENT_ORDER: Final = (2, 6, 5, 4, 3, 1, 8, 7)

TEAM_NAMES: Final = (
    "Ash Wolves",
    "Blood Larks",
    "Cinder Kings",
    "Dust Devils",
    "Ember Saints",
    "Feral Jacks",
    "Grave Runners",
    "Hellcats",
    "Iron Crows",
    "Junk Rats",
)
TEAM_LETTERS: Final = "ABCDEFGHIJ"


STANDARD_POOL: Final = 12
LONG_POOL: Final = 15
"""The VP to score (the rules' VP pool, 5.5): 12, or 15 for the text's long game."""
RACE_LENGTHS: Final = (
    "races of bots last 3.3 turns on average at 4 players and 2.1 at 10; long races 3.9 and 2.9"
)
"""Measured: 10 races of bots for each (seeds 0-9, the standard sets), issue 26."""


def cars_per_team(players: int) -> int:
    """Rule 4 (3.0 step 2): 2 to 4 players = 5 cars each, 5 to 10 players = 4 cars each."""
    return 5 if players <= 4 else 4


def standard_set(players: int) -> tuple[int, ...]:
    """The standard set of cars at a table of `players` (see STARTING_CARS)."""
    return STARTING_CARS[cars_per_team(players)]


# --- Race deck (rules line 1205 on): 92 cards --------------------------------------------------

Movement = Literal["line", "pursuit", "solo", "lead", "overtake", "ram"]


@dataclass(frozen=True)
class RaceCard:
    id: int
    movement: Movement
    diagonal: bool
    speed: int
    starburst: bool
    pack: bool = False
    """One of the 4 optional [R] 'Work the Pack' cards (digest 4.3d option 2)."""


RACE_TABLE: Final[tuple[tuple[Movement, bool, tuple[int, int, int, int, int, int]], ...]] = (
    # type, diagonal, count of +1 .. +6 (the "Race Cards" table as printed)
    ("line", False, (4, 4, 4, 0, 0, 0)),
    ("pursuit", False, (0, 4, 4, 4, 0, 0)),
    ("solo", False, (0, 4, 4, 4, 4, 4)),
    ("lead", False, (0, 4, 4, 4, 0, 4)),
    ("overtake", False, (0, 4, 0, 0, 0, 0)),
    ("solo", True, (0, 0, 4, 0, 0, 0)),
    ("lead", True, (0, 0, 2, 2, 4, 0)),
    ("ram", False, (0, 4, 4, 4, 0, 0)),
    ("ram", True, (0, 4, 0, 0, 0, 0)),
)
STARBURST_FROM: Final = 4
"""[R] digest 4.3c: the starburst is on every +4, +5 and +6 card and on nothing slower."""


def _race_cards() -> tuple[RaceCard, ...]:
    cards: list[RaceCard] = []
    for movement, diagonal, counts in RACE_TABLE:
        for speed, count in enumerate(counts, start=1):
            for _ in range(count):
                cards.append(
                    RaceCard(len(cards), movement, diagonal, speed, speed >= STARBURST_FROM)
                )
    for _ in range(WORK_THE_PACK):
        cards.append(RaceCard(len(cards), "overtake", False, 3, False, pack=True))
    return tuple(cards)


STANDARD_RACE_DECK: Final = 92
"""Card ids 0-91 are the printed table; 92-95 the optional Work the Pack cards."""
WORK_THE_PACK: Final = 4
RACE_CARDS: Final = _race_cards()

MOVEMENT_NAMES: Final[dict[str, str]] = {
    "line": "Line",
    "pursuit": "Pursuit",
    "solo": "Solo",
    "lead": "Lead",
    "overtake": "Overtake",
    "ram": "Ram",
}


def card_name(card_id: int) -> str:
    card = RACE_CARDS[card_id]
    if card.pack:
        return f"Work the Pack +{card.speed}"
    diag = "Diagonal " if card.diagonal else ""
    star = " *" if card.starburst else ""
    return f"{diag}{MOVEMENT_NAMES[card.movement]} +{card.speed}{star}"


# --- Movement event deck (rule 10): 52 cards of 28 kinds ---------------------------------------

EVENT_COUNTS: Final[dict[str, int]] = {
    "big_air": 1,
    "blown_engine": 1,
    "blown_transmission": 1,
    "bottoming_out": 4,
    "bounty": 1,
    "bump_and_run": 3,
    "bumpy_ride": 1,
    "dangerous_debris": 3,
    "drift": 3,
    "engine_failure": 1,
    "fuel_leak": 1,
    "get_there": 2,
    "greasing_the_landing": 1,
    "high_flyer": 1,
    "into_the_weeds": 2,
    "missed_jump": 2,
    "open_road": 4,
    "outta_gas": 1,
    "race_bonus": 1,
    "reloading": 3,
    "roll": 1,
    "shredded_tire": 1,
    "shot_of_nos": 1,
    "sideswipe": 7,
    "snapped_the_struts": 1,
    "spin_around": 2,
    "suspension_failure": 1,
    "transmission_failure": 1,
}
EVENT_NAMES: Final[dict[str, str]] = {
    kind: " ".join(w.capitalize() for w in kind.split("_"))
    .replace("Of Nos", "of NOS")
    .replace("The ", "the ")
    .replace("And ", "and ")
    .replace("Into the", "Into the")
    for kind in EVENT_COUNTS
}
EVENT_DECK: Final[tuple[str, ...]] = tuple(k for k, n in EVENT_COUNTS.items() for _ in range(n))
"""Event card id -> kind."""

ACTIVE_DAMAGE_EVENTS: Final[dict[str, int]] = {
    "blown_engine": 3,
    "blown_transmission": 3,
    "fuel_leak": 1,
    "outta_gas": 2,
    "shredded_tire": 1,
}
"""Events that damage the active car a fixed amount, with no VP for a kill."""
JUMP_EVENTS: Final[dict[str, tuple[int, bool]]] = {
    "big_air": (2, False),
    "greasing_the_landing": (3, False),
    "missed_jump": (1, True),
}
"""Furthest along the Jump: damage, then to the Trough; True = 11.3 applies (⚠5)."""
ROUGH_EVENTS: Final[dict[str, int]] = {"roll": 4, "snapped_the_struts": 3}
"""Furthest along the Rough: damage, no VP."""

# --- Combat deck [R] (digest 4.3b): 48 cards ----------------------------------------------------

Keyword = Literal["suppress", "spray", "chain", "bulldoze"]


@dataclass(frozen=True)
class Hit:
    damage: int
    keyword: Keyword | None = None


@dataclass(frozen=True)
class CombatCard:
    id: int
    value: int
    mg: Hit
    ac: Hit
    missile: Hit
    target: int
    active: int
    collision_keyword: Keyword | None

    def weapon(self, weapon: Weapon) -> Hit:
        return {"mg": self.mg, "ac": self.ac, "missile": self.missile}[weapon]


_S: Final = "suppress"
_P: Final = "spray"
_C: Final = "chain"
_B: Final = "bulldoze"
COMBAT_TABLE: Final[tuple[tuple[int, int, Hit, Hit, Hit, int, int, Keyword | None], ...]] = (
    # copies, hit value, MG, Auto-cannon, Missile, collision target/active, collision keyword
    (4, 0, Hit(1), Hit(1), Hit(2), 1, 1, None),
    (2, 0, Hit(1, _S), Hit(2), Hit(1, _P), 2, 1, None),
    (2, 0, Hit(2), Hit(1), Hit(0), 1, 1, _C),
    (4, 1, Hit(1), Hit(1), Hit(2), 2, 1, None),
    (3, 1, Hit(1, _S), Hit(2), Hit(1, _P), 1, 1, _B),
    (3, 1, Hit(2), Hit(1), Hit(3), 2, 1, None),
    (2, 1, Hit(1), Hit(3), Hit(0), 3, 2, _C),
    (5, 2, Hit(1), Hit(2), Hit(2), 2, 1, None),
    (4, 2, Hit(2, _S), Hit(1), Hit(1, _P), 1, 1, _B),
    (4, 2, Hit(1), Hit(2), Hit(3), 3, 1, None),
    (3, 2, Hit(2), Hit(3), Hit(2, _P), 2, 2, _C),
    (4, 3, Hit(2), Hit(2), Hit(3), 3, 1, None),
    (3, 3, Hit(1, _S), Hit(3), Hit(2, _P), 2, 1, _B),
    (3, 3, Hit(2), Hit(2), Hit(1), 1, 1, _C),
    (2, 3, Hit(3), Hit(3), Hit(4, _P), 4, 2, None),
)


def _combat_cards() -> tuple[CombatCard, ...]:
    cards: list[CombatCard] = []
    for copies, value, mg, ac, missile, target, active, keyword in COMBAT_TABLE:
        for _ in range(copies):
            cards.append(CombatCard(len(cards), value, mg, ac, missile, target, active, keyword))
    return tuple(cards)


COMBAT_CARDS: Final = _combat_cards()

VP_POOLS: Final = (12, 15)
