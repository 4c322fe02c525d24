"""Base models shared by every game: frozen, strict, JSON round-trippable."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

PlayerId = int
"""A seat is the player's Discord user id, as a plain int (games know nothing of Discord)."""


class Model(BaseModel):
    """Frozen, strict pydantic model: the base of states, actions, events and views."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Player(Model):
    """A seated player as the game knows them: an id and the name to print on boards."""

    id: PlayerId
    name: str


class Event(Model):
    """Something that happened during a step; `kind` names it. Games subclass this."""

    kind: str


class DiceRolled(Event):
    """Every roll the game makes is recorded, so the log alone explains the game."""

    kind: str = "dice_rolled"
    who: PlayerId | None
    why: str
    dice: tuple[int, ...]
    sides: int = 6

    @property
    def total(self) -> int:
        return sum(self.dice)


class Note(Event):
    """A plain-language line for the log and the board caption."""

    kind: str = "note"
    text: str


class Outcome(Model):
    """How a finished game ended. `winners` is empty for a draw."""

    winners: tuple[PlayerId, ...]
    ranking: tuple[PlayerId, ...] = ()
    reason: str

    @property
    def is_draw(self) -> bool:
        return not self.winners


class NoOptions(Model):
    """Options model for a game that has none."""
