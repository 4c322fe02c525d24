"""A mutable working copy of one state, used inside a single `apply` (or a dry-run preview).

`apply` never mutates its input: it builds a `Board`, changes the board, and freezes it back into
a new `RncState`. With `rng=None` the board is a dry run: nothing is rolled and no damage is
taken, so the path preview can say what a move hits without deciding anything.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass
from typing import Any, Literal

from games.engine import Event, Note, PlayerId, Rng
from games.rushncrush.course import Course, get_course
from games.rushncrush.data import HEAT_SKULL, Item
from games.rushncrush.events import CarWrecked, Damage, EquipmentMoved, RaceWon
from games.rushncrush.model import Car, Cell, Mine, RncState, Slot, Turn


@dataclass
class TurnDraft:
    """A mutable mirror of `Turn` while a step is worked out (pydantic copies are slow in loops)."""

    player: PlayerId
    phase: Literal["gear", "move"]
    turbo_used: int
    lane_changes: int | None
    movement_left: int
    swerve_pending: bool
    swerve_around: Cell | None
    rammed: bool
    activations: int
    moved: tuple[Item, ...]
    path: tuple[Cell, ...]

    @classmethod
    def from_turn(cls, turn: Turn) -> TurnDraft:
        return cls(**dict(turn))

    def freeze(self) -> Turn:
        return Turn(**asdict(self))


class Board:
    def __init__(self, state: RncState, rng: Rng | None) -> None:
        self.state = state
        self.course: Course = get_course(state.options.course)
        self.rng = rng
        self.cars: dict[PlayerId, Car] = {c.player: c for c in state.cars}
        self.mines: list[Mine] = list(state.mines)
        self.turn: TurnDraft | None = (
            None if state.turn is None else TurnDraft.from_turn(state.turn)
        )
        self.events: list[Event] = []
        self.rushes = state.rushes_this_round
        self.winner: PlayerId | None = state.winner
        self.end_reason = state.end_reason
        self.last_move = state.last_move
        self.notes: list[str] = []
        """Dry-run findings, in order (what a preview reports)."""

    @property
    def dry(self) -> bool:
        return self.rng is None

    # --- lookups --------------------------------------------------------------------------------

    def live_car_at(self, cell: Cell) -> Car | None:
        return next((c for c in self.cars.values() if not c.destroyed and c.cell == cell), None)

    def wreck_at(self, cell: Cell) -> Car | None:
        """A wreck at this physical spot (on a loop: left there on any lap)."""
        spot = self.course.spot(cell)
        return next(
            (c for c in self.cars.values() if c.destroyed and self.course.spot(c.cell) == spot),
            None,
        )

    def mine_at(self, cell: Cell) -> Mine | None:
        """A mine at this physical spot (on a loop: dropped there on any lap)."""
        spot = self.course.spot(cell)
        return next((m for m in self.mines if self.course.spot((m.row, m.lane)) == spot), None)

    def remove_mine(self, mine: Mine) -> None:
        self.mines = [m for m in self.mines if m is not mine]

    def live_players(self) -> list[PlayerId]:
        return [p for p, c in self.cars.items() if not c.destroyed]

    # --- changes --------------------------------------------------------------------------------

    def update(self, player: PlayerId, **fields: Any) -> Car:
        car = self.cars[player].model_copy(update=fields)
        self.cars[player] = car
        return car

    def update_turn(self, **fields: Any) -> TurnDraft:
        assert self.turn is not None
        for name, value in fields.items():
            setattr(self.turn, name, value)
        return self.turn

    def roll(self, n: int, who: PlayerId | None, why: str) -> tuple[int, ...]:
        if n <= 0:
            return ()
        assert self.rng is not None, "a dry run never rolls"
        event = self.rng.roll(n, who=who, why=why)
        self.events.append(event)
        return event.dice

    def note(self, text: str) -> None:
        self.notes.append(text)
        if not self.dry:
            self.events.append(Note(text=text))

    def damage(
        self, player: PlayerId, track: Literal["structure", "heat"], amount: int, cause: str
    ) -> None:
        """Apply damage; a car whose Structure hits 0 or Heat hits the skull becomes a wreck."""
        car = self.cars[player]
        if amount <= 0 or car.destroyed:
            return
        self.events.append(Damage(player=player, track=track, amount=amount, cause=cause))
        if track == "structure":
            car = self.update(player, structure=max(0, car.structure - amount))
            if car.structure == 0:
                self.wreck(player, "structure")
        else:
            car = self.update(player, heat=min(HEAT_SKULL, car.heat + amount))
            if car.heat >= HEAT_SKULL:
                self.wreck(player, "heat")

    def wreck(self, player: PlayerId, cause: Literal["structure", "heat"]) -> None:
        self.update(player, destroyed=True)
        self.events.append(CarWrecked(player=player, cause=cause))
        if self.turn is not None and self.turn.player == player:
            self.update_turn(movement_left=0, swerve_pending=False, swerve_around=None)

    def settle(self) -> None:
        """Once a step is resolved: the last car standing wins; no car left is a draw.

        Checked only here so that two cars wrecked by the same ram are wrecked together.
        """
        if self.winner is not None or self.end_reason:
            return
        alive = self.live_players()
        if len(alive) == 1:
            self.win(alive[0], "last car standing")
        elif not alive:
            self.end_reason = "every car was wrecked"

    def win(self, player: PlayerId, reason: str) -> None:
        self.winner = player
        self.end_reason = reason
        self.events.append(RaceWon(player=player, reason=reason))

    @property
    def over(self) -> bool:
        return self.winner is not None or bool(self.end_reason)

    def clone(self) -> Board:
        """A cheap copy for trying steps (models are immutable, so shallow copies suffice)."""
        other = Board.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.cars = dict(self.cars)
        other.mines = list(self.mines)
        other.events = list(self.events)
        other.notes = list(self.notes)
        other.turn = copy.copy(self.turn)
        return other

    def move_counter(
        self,
        player: PlayerId,
        item: Item,
        mode: Literal["arm", "use"],
        *,
        target: PlayerId | None = None,
        distance: int | None = None,
    ) -> None:
        """Move an equipment counter (already validated): one Activation; a gun names its
        `target` and the `distance` to it."""
        car = self.cars[player]
        slots = tuple(
            Slot(item=s.item, armed=mode == "arm") if s.item == item else s for s in car.slots
        )
        self.update(player, slots=slots)
        turn = self.turn
        assert turn is not None
        self.update_turn(activations=turn.activations + 1, moved=(*turn.moved, item))
        self.events.append(
            EquipmentMoved(player=player, item=item, mode=mode, target=target, range=distance)
        )

    def freeze(self, **changes: Any) -> RncState:
        fields: dict[str, Any] = {
            "cars": tuple(self.cars[c.player] for c in self.state.cars),
            "mines": tuple(self.mines),
            "turn": None if self.turn is None else self.turn.freeze(),
            "rushes_this_round": self.rushes,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "last_move": self.last_move,
        }
        fields.update(changes)
        data = self.state.model_dump()
        data.update(fields)
        return RncState.model_validate(data)
