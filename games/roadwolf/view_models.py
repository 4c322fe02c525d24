"""Road Wolf's views: what a viewer may see of a position (`view.py` builds them). With
the plain types they need; `games.roadwolf.model` re-exports all of them."""

from __future__ import annotations

from typing import Literal

from games.engine import Model, PlayerId
from games.roadwolf.data import CardKind, MissionKey, Surface, TokenKind

Status = Literal["normal", "immobilized", "abandoned", "wreck", "off-board"]
Side = int
"""A side's index in `RwState.sides`: 0 and 1, or 0..N-1 in a free-for-all mission (GAUNTLET,
DERAILED with more than two teams)."""
TraceKind = Literal["move", "brake", "nitro", "skid", "drift", "ram", "shot", "melee", "spikes"]
Exit = Literal["end", "start", "side", "destroyed", "removed"]


class Trace(Model):
    """Something the board draws for the last moves: a path, a ram, a shot, a road drift."""

    kind: TraceKind
    vehicle: str | None
    """The mover or attacker (None for a road card or debris)."""
    target: str | None = None
    points: tuple[tuple[float, float], ...] = ()
    """Front-centre points along the path, start first."""
    text: str = ""


# --- Views ---------------------------------------------------------------------------------


class TokenView(Model):
    id: int
    kind: TokenKind | None
    """None: hidden (the other side's token, not used yet)."""
    crew: bool
    driver: bool = False


class VehicleView(Model):
    letter: str
    side: Side
    origin: Side
    name: str
    kind: str
    size: int
    closed: bool
    surface: Surface
    x: float
    y: float
    w: int
    h: int
    facing: Literal["forward", "backward"]
    damage: int
    remaining: int
    crew_count: int
    capacity: int
    gear_count: int
    has_driver: bool
    status: Status
    exited: Exit | None
    tokens: tuple[TokenView, ...]
    neutral: bool = False
    """A mission piece no side drives (civilians, the HIJACKERS truck until captured)."""
    traits: tuple[str, ...] = ()
    """Revealed tokens for everyone; the viewer's own side sees all of its tokens."""
    placed: bool = False
    """Placed by its side while building (`/roadwolf place`, the panel): its spot is public, as
    a model set on the table is; the tokens on it stay hidden."""


class CardView(Model):
    id: int
    kind: CardKind
    """A face-down card shows "clear" here: its real kind is hidden (`face_down`)."""
    x: float
    y: float
    w: int
    h: int
    face_down: bool = False
    last: bool = False
    """GAUNTLET's LAST road card (public: everyone sees the deck run out)."""


class TurnView(Model):
    side: Side
    side_name: str
    players: tuple[PlayerId, ...]
    vehicle: str | None
    actions_left: int
    done: tuple[str, ...]
    decision: str = ""
    """What the side must decide now (`Turn.decision`; empty: nothing pending)."""


class SideView(Model):
    name: str
    players: tuple[PlayerId, ...]
    player_names: tuple[str, ...]
    points: int
    spent: int
    tokens_bought: int
    score: int
    tokens_allowed: int = 0
    """Crew and gear tokens the side may place (its points, CHASE's Cops none)."""
    ready: bool = False
    """Army building: the side declared its army ready (public, as the counts are)."""


class PrivatePart(Model):
    """What a seat's private buttons depend on: its side's tokens and the build budget."""

    side: Side | None
    """None for a spectator (nothing private)."""
    tokens: tuple[tuple[str, tuple[TokenView, ...]], ...]
    points_left: int
    tokens_left: int


class RwView(Model):
    viewer: PlayerId | None
    mission: MissionKey
    phase: Literal["build", "play", "over"]
    round: int
    board_width: int
    board_length: int
    road_columns: tuple[int, int]
    start_rows: int
    sides: tuple[SideView, ...]
    vehicles: tuple[VehicleView, ...]
    cards: tuple[CardView, ...]
    deck_left: int
    turn: TurnView | None
    traces: tuple[Trace, ...]
    score: tuple[int, ...]
    """Each side's mission score, in side order."""
    score_text: str
    winner: Side | None
    winners: tuple[Side, ...] = ()
    """Every winning side: the winner, or 3+ sides tied on top (`view.winning_sides`)."""
    end_reason: str
    private: PrivatePart | None = None
