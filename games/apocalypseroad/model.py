"""Apocalypse Road state, options, actions, events and views: frozen, JSON round-trippable.

The renderer and the Discord adapter draw from `ArView` (public, plus the viewer's own hand);
other players' hands never appear in a view, only their sizes.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from games.apocalypseroad.data import Mount, Movement, Weapon
from games.apocalypseroad.options import ArOptions as ArOptions
from games.engine import Event, Model, Outcome, Player, PlayerId

Pos = tuple[int, int]
Side = Literal["light", "dark"]
Place = Literal["grid", "track", "off", "chute", "reserve", "destroyed"]
"""grid/track: at (sector, lane); off: beside the track after a Spin-Around or Into the Weeds
(lane -1 = inside, lane = lanes = outside); chute: waiting in the Chute; reserve: not raced yet;
destroyed: in the Destroyed box. The Trough is lane 1 of a jump sector (place 'track')."""


class Car(Model):
    id: int
    """team seat * 10 + car number: unique at the table."""
    owner: PlayerId
    team: int
    number: int
    place: Place
    sector: int = 0
    lane: int = 0
    damage: int = 0
    side: Side = "light"
    suppressed: bool = False
    reloading: bool = False
    spun: bool = False
    """Spin-Around token: off the track, its first move must re-enter laterally."""
    claimed: int = 0
    """Finish-line VP this car has claimed (returned one by one on backward crossings)."""
    owed: int = 0
    """Backward crossings not yet made good: the next forward crossings score nothing."""

    @property
    def pos(self) -> Pos:
        return (self.sector, self.lane)

    @property
    def racing(self) -> bool:
        return self.place in ("grid", "track", "off", "chute")


class Team(Model):
    player: PlayerId
    name: str
    team_name: str
    letter: str
    seat: int
    pool: int
    hand: tuple[int, ...] = ()
    picked: tuple[int, ...] = ()
    """Car numbers chosen for the race (the pick phase), in bag order."""


class Activation(Model):
    """The action segment in progress."""

    player: PlayerId
    car: int
    card: int
    stage: Literal["move", "event", "fire"]
    mover: int
    """The car the pending Move moves (the active car; another car for High Flyer)."""
    mp: int = 0
    movement: Movement = "solo"
    diagonal: bool = False
    exact: bool = True
    """All MP must be spent (False for Get There: 1 or 2, never into an occupied space)."""
    empty_only: bool = False
    ram_lead: bool = False
    """A Ram card played as Lead movement (⚠17: the active player chooses)."""
    fired: bool = False
    no_fire: bool = False
    """This car may not fire any more this activation (Reloading, suppression, spin-around)."""
    event: int | None = None
    """The movement event card awaiting the active player's choice."""
    then: tuple[str, ...] = ()
    """Steps still to run after the pending move: 'event' (draw), 'fire'."""
    aim: int | None = None
    """The car the player chose to fire at after moving, when they chose the move: fired at
    without asking if it is still in reach then (else they are asked)."""
    hold_fire: bool = False
    """The player chose to hold fire after moving, when they chose the move."""


class CarPath(Model):
    car: int
    path: tuple[Pos, ...]


class Attack(Model):
    attacker: int
    target: int
    kind: Literal["fire", "ram", "sideswipe"]
    card: int
    hit: bool
    damage: int
    """Damage to the target (collision: target's share)."""
    self_damage: int = 0
    keyword: str | None = None
    splash: tuple[int, ...] = ()
    """Other cars that took 1 damage (Spray, Chain)."""


class LastMove(Model):
    player: PlayerId
    car: int
    card: int | None = None
    paths: tuple[CarPath, ...] = ()
    attacks: tuple[Attack, ...] = ()
    event: str | None = None
    eliminated: tuple[int, ...] = ()
    crossings: tuple[int, ...] = ()


class ArState(Model):
    schema_version: int = 1
    options: ArOptions
    teams: tuple[Team, ...]
    """In seat order, clockwise."""
    cars: tuple[Car, ...]
    race_deck: tuple[int, ...]
    race_discard: tuple[int, ...] = ()
    event_deck: tuple[int, ...]
    event_discard: tuple[int, ...] = ()
    combat_deck: tuple[int, ...]
    combat_discard: tuple[int, ...] = ()
    turn: int = 1
    first: int = 0
    """Seat holding the First Player marker."""
    marker: Side = "light"
    phase: Literal["pick", "action", "discard", "debris", "over"] = "action"
    seat: int = 0
    """Seat whose action segment it is."""
    activation: Activation | None = None
    waiting: tuple[PlayerId, ...] = ()
    """Players who still owe an answer to a simultaneous prompt (discard, debris)."""
    clock_stopped: bool = False
    bounty: int = 0
    race_bonus: int = 0
    last: LastMove | None = None
    winner: PlayerId | None = None
    end_reason: str = ""

    @property
    def players(self) -> tuple[Player, ...]:
        return tuple(Player(id=t.player, name=t.name) for t in self.teams)


# --- Actions -----------------------------------------------------------------------------------


class PlayCard(Model):
    """Play race card `card` for your car number `car`; `target` fires before moving; a Ram
    card moves as Solo or (`ram_lead`) Lead movement.

    The whole activation in one action (one tap): with `path` the move is made at once, as
    `Move(path)` would make it; then the car fires at car id `aim` if it is still in reach
    after moving (and after the card's movement event), else the player is asked; or it holds
    fire (`hold_fire`). Neither: the player is asked, if there is anything to fire at."""

    kind: Literal["play"] = "play"
    card: int
    car: int
    target: int | None = None
    ram_lead: bool = False
    path: str | None = Field(default=None, max_length=200)
    aim: int | None = None
    hold_fire: bool = False


class Move(Model):
    """The pending move as a path of steps separated by spaces (see `path.py`):
    F (forward; F0..F3 picks the lane where lanes split), L / R (lateral toward the inside /
    outside; into an occupied space it displaces), DL / DR (diagonal, if the card allows),
    X (Overtake: swap with the car linked ahead), B0..B2 (where lanes converge behind the
    car: which space behind holds the cars linked behind, for Lead and Line; free)."""

    kind: Literal["move"] = "move"
    path: str = Field(default="", max_length=200)


class Fire(Model):
    """Fire at car id `target` after moving, or hold fire (None)."""

    kind: Literal["fire"] = "fire"
    target: int | None = None


class EventChoice(Model):
    """Answer the movement event being resolved: one of `event_options(state)`."""

    kind: Literal["event"] = "event"
    choice: str = Field(max_length=40)


class Discard(Model):
    """End of turn: discard these race cards (none keeps them all)."""

    kind: Literal["discard"] = "discard"
    cards: tuple[int, ...] = Field(default=(), max_length=6)


class PickCars(Model):
    """Before the race (the pick phase, rule 4): your 4 or 5 car numbers, in the order they go
    into the draw bag (setup step 4); the first legal one is the standard set."""

    kind: Literal["pick"] = "pick"
    cars: tuple[int, ...] = Field(max_length=8)


class Debris(Model):
    """Dangerous Debris: give 1 damage to your own car `car` (car number)."""

    kind: Literal["debris"] = "debris"
    car: int


Action = Annotated[
    PlayCard | Move | Fire | EventChoice | Discard | Debris | PickCars,
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


# --- Events --------------------------------------------------------------------------------------


class ArEvent(Event):
    """A public line already in words (the form of every event in logs of rules version 2)."""

    kind: str = "ar"
    text: str
    cars: tuple[int, ...] = ()


How = Literal["moves", "pushed", "follows", "displaced"]


class CarEnd(Model):
    """Where one moved car ended, and how it got there: "moves" (the mover, or a car moved
    on its own), "pushed" (ahead of the mover), "follows" (linked behind it), "displaced"
    (sideways, in its own sector)."""

    car: int
    sector: int
    lane: int
    how: How = "moves"


class ArMoved(Event):
    """The cars one move, push, swap or bump moved, the mover first, each where it ended."""

    kind: str = "ar_moved"
    cars: tuple[CarEnd, ...]


class ArDrawn(Event):
    """Race cards drawn into a hand (rule 9): private to their owner."""

    kind: str = "ar_drawn"
    player: PlayerId
    cards: tuple[int, ...]


# --- Views ---------------------------------------------------------------------------------------


class CarView(Model):
    id: int
    label: str
    """Team letter and car number, e.g. 'C4'."""
    owner: PlayerId
    team: int
    letter: str
    number: int
    place: Place
    sector: int
    lane: int
    damage: int
    side: Side
    activated: bool
    defense: int
    base_mp: int
    weapon: Weapon
    mount: Mount
    targeting: bool
    suppressed: bool
    reloading: bool
    spun: bool
    trough: bool


class TeamView(Model):
    player: PlayerId
    name: str
    team_name: str
    letter: str
    seat: int
    pool: int
    """VP still in the pool (the rules count down: an empty pool wins)."""
    claimed: int
    hand_size: int
    first: bool
    damage: int
    """Total damage on the team's cars still racing (the First Player count, 11b)."""
    goal: int = 12
    """The race's VP pool (12, or 15 for a long race): what a team must score to win."""

    @property
    def scored(self) -> int:
        """VP scored so far (the pool's VP gone, to crossings, kills and the countdown)."""
        return self.goal - self.pool


class Prompt(Model):
    kind: Literal["pick", "play", "move", "event", "fire", "discard", "debris", "over"]
    players: tuple[PlayerId, ...]
    text: str
    car: int | None = None
    mp: int = 0


class CardView(Model):
    id: int
    name: str
    movement: Movement
    diagonal: bool
    speed: int
    starburst: bool


class ArView(Model):
    viewer: PlayerId | None
    track: str
    track_name: str
    turn: int
    teams: tuple[TeamView, ...]
    cars: tuple[CarView, ...]
    first_player: PlayerId
    marker: Side
    prompt: Prompt
    clock_stopped: bool
    bounty: int
    race_bonus: int
    race_deck: int
    event_deck: int
    combat_deck: int
    race_discard_top: CardView | None
    event_discard_top: str | None
    combat_discard_top: int | None
    activation: Activation | None
    last: LastMove | None
    outcome: Outcome | None
    hand: tuple[CardView, ...] | None = None
    """The viewer's own hand (None for the public view)."""
    phase: Literal["pick", "race", "discard", "debris", "over"] = "race"
    """The stage of the turn the table is in: the steps of one activation (play, move, event,
    fire) are all "race"; the bot posts a new public board when this changes."""


class HandPart(Model):
    """What a player's private buttons depend on: their hand and their prompt."""

    viewer: PlayerId | None
    hand: tuple[CardView, ...] | None
    prompt: Prompt
    activation: Activation | None
    turn: int
