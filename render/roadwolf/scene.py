"""What a Road Wolf image shows, in board cells: the renderers draw a `Scene`, never a view.

`adapt.py` builds scenes from the rules' views; keeping the drawing on these small records keeps
each drawing module short and testable with hand-made positions. Coordinates are the 1-inch grid
of digest 1.6: column x (0-23, the road is 9-14), row y (0 at the START, 47 at the END); a cell
(c, r) covers x in [c, c+1] and y in [r, r+1].
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

COLUMNS = 24
ROWS = 48
ROAD = (9, 14)
"""First and last road column (digest 1.6)."""
START_ROWS = 8
"""START zone: road rows 0-7."""
STICK = 4

Status = Literal["ok", "immobilized", "abandoned", "wreck", "gone"]
TraceKind = Literal["move", "brake", "nitro", "skid", "drift", "ram", "shot", "melee"]
XY = tuple[float, float]


@dataclass(frozen=True)
class Rect:
    """A footprint: lowest column and row, width (columns) and length (rows)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def top(self) -> float:
        """The last row the footprint reaches into."""
        return self.y + self.h - 1

    def centre(self) -> XY:
        return (self.x + self.w / 2, self.y + self.h / 2)


@dataclass(frozen=True)
class Piece:
    """A vehicle or a wreck on (or off) the board."""

    letter: str
    side: int
    """The side (its colour, 0..5); -1 nobody's (a neutral wreck); -2 GAUNTLET's enemies."""
    model: str
    owner: str
    rect: Rect | None
    """None once it has left the board."""
    size: int
    damage: int
    crew: int
    capacity: int
    gear: int
    status: Status = "ok"
    active: bool = False
    to_act: bool = False
    """Of the side to act, not picked yet and free to activate: the window shows these when
    the turn begins (no vehicle picked yet)."""
    actions_left: int = 0
    note: str = ""
    """A short public word on it (\"escaped\", \"destroyed\", \"off-road\")."""
    tag: str = ""
    """A mission piece's kind in one word (\"civilian\", \"monster\", \"explosive\", \"cop\",
    \"engine\", \"gondola\", \"mutant\"…): a badge on the road, a word in the roster."""


@dataclass(frozen=True)
class Card:
    """A road card lying on the board."""

    kind: str
    rect: Rect
    face_down: bool = False
    """GAUNTLET: not revealed yet (its kind is hidden): drawn as a card back."""
    last: bool = False
    """GAUNTLET's LAST road card: tagged LAST (the END is open once it lies on the road)."""


@dataclass(frozen=True)
class Trace:
    """One thing that happened lately: a segment driven, a ram, a shot, a melee."""

    kind: TraceKind
    points: tuple[XY, ...]
    side: int = -1
    label: str = ""


@dataclass(frozen=True)
class Seat:
    """A seated player: their side, and whether they must act now (the turn marker)."""

    player: int
    name: str
    side: int
    active: bool


@dataclass(frozen=True)
class Scene:
    """Everything the public board shows."""

    mission: str
    round: int
    headline: str
    """Whose turn and what to do, or who won."""
    sides: tuple[str, ...]
    """Every side's name, in side order (two, or 2..6 in GAUNTLET and DERAILED)."""
    score: str
    seats: tuple[Seat, ...]
    pieces: tuple[Piece, ...]
    cards: tuple[Card, ...] = ()
    traces: tuple[Trace, ...] = ()
    deck_left: int | None = None
    finished: bool = False
    roads: tuple[tuple[int, int], ...] = (ROAD,)
    """First and last column of each road (DERAILED has two)."""
    track: tuple[int, int] | None = None
    """DERAILED: the train's strip between the roads (first and last column)."""


@dataclass(frozen=True)
class Token:
    """A crew or gear token on a private sheet."""

    name: str
    crew: bool
    used: bool = False
    driving: bool = False


@dataclass(frozen=True)
class Vehicle:
    """One of the viewer's vehicles with its hidden tokens."""

    piece: Piece
    kind: str
    """\"Open Street\", \"Closed Dirt\", \"Heavy\"..."""
    tokens: tuple[Token, ...]


@dataclass(frozen=True)
class Sheet:
    """A side's private record sheet."""

    player: int
    name: str
    side: int
    side_name: str
    mission: str
    active: bool
    prompt: str
    vehicles: tuple[Vehicle, ...]
    spare: tuple[Token, ...] = ()
    """Tokens bought but not yet placed (army building)."""
    budget: str = ""
    road: Scene | None = None
    """The road around the action, drawn under the prompt (None during army building): the
    mover sees where a move ended on their own panel, even when no new board is posted."""


@dataclass(frozen=True)
class Warning:
    """A danger on a planned move: a ram (and its dice), off-road (and its wipeout check)."""

    text: str
    at: XY | None = None


@dataclass(frozen=True)
class Plan:
    """A planned move: who moves, from where to where it would stop, and what it risks."""

    letter: str
    start: Rect
    end: Rect
    wanted: Rect
    """Where the player aimed; `end` differs when the move stops at a hit."""
    reach: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    """Cells some legal end footprint of the mover covers (drawn as a tint)."""
    warnings: tuple[Warning, ...] = ()
    title: str = ""
