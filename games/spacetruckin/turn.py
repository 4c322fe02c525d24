"""The working context of one `apply`: the step's RNG and the events so far."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engine import Event, Rng
from games.spacetruckin.data import WIN_VP
from games.spacetruckin.events import Out, OutReason, Scored, VpReason, Won
from games.spacetruckin.models import Sheet, SpaceTruckinOptions


@dataclass
class Turn:
    rng: Rng
    options: SpaceTruckinOptions
    location: int = 0
    events: list[Event] = field(default_factory=list)

    def tell(self, *events: Event) -> None:
        self.events.extend(events)

    def roll(self, sheet: Sheet, n: int, why: str) -> tuple[int, ...]:
        event = self.rng.roll(n, who=sheet.player, why=why)
        self.events.append(event)
        return event.dice


def gain_vp(sheet: Sheet, amount: int, why: VpReason, turn: Turn) -> Sheet:
    """Score VP. "IF AT ANY TIME YOU GET OR EXCEED 20 VP, YOU IMMEDIATELY WIN THE GAME": at the
    target the trucker has won and stops acting, and the game ends with this move. Callers
    score before they check losses, so a move that does both wins."""
    vp = sheet.vp + amount
    turn.tell(Scored(who=sheet.player, vp=amount, why=why, total=vp))
    if vp >= WIN_VP:
        turn.tell(Won(who=sheet.player, vp=vp))
        return sheet.model_copy(update={"vp": vp, "status": "won", "stage": "ready", "tasks": ()})
    return sheet.model_copy(update={"vp": vp})


def lose(sheet: Sheet, reason: str, turn: Turn) -> Sheet:
    turn.tell(Out(who=sheet.player), OutReason(who=sheet.player, reason=reason))
    return sheet.model_copy(
        update={"status": "lost", "stage": "out", "reason": reason, "tasks": ()}
    )
