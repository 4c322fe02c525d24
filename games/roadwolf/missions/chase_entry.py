"""CHASE's replacement cops, as they enter (digest 1.2): "an equal-value replacement enters from
any edge on the next cop turn with one token of rank ≤ cops lost. Rank 1 = Nitro or Gunner;
rank 2 = Shotgun or Spikes; rank 3 = Veteran or Ambush." Text: "a replacement vehicle of equal
value may enter the board from any board edge, and may take ONE crew or equipment token from
the list below. They may take any rank equal to or less than the number of cop vehicles that
player has lost."

A replacement enters with a default token (`BEST` for its rank: what the bot keeps) where Cops
are placed for them. Until it first acts in that cop turn (the letters in the mission's
"fresh" list) the Cops' player may, free: take another token of rank ≤ its rank instead
(`token`), and bring it in at another edge spot (`place`, the starting-position check)."""

from __future__ import annotations

from typing import Any

from games.engine import IllegalAction
from games.roadwolf.data import CREW_KINDS, TokenKind, vehicle_class
from games.roadwolf.model import PlaceAction, RwState, Side, TokenAction
from games.roadwolf.placement import allowed
from games.roadwolf.table import Ctx

RANKS: tuple[tuple[TokenKind, ...], ...] = (
    ("nitro", "gunner"),
    ("shotgun", "spikes"),
    ("veteran", "ambush"),
)
BEST: tuple[TokenKind, ...] = ("gunner", "shotgun", "veteran")
"""The default token at rank 1, 2, 3 or more (the bot keeps it)."""


def choices(rank: int) -> tuple[TokenKind, ...]:
    """Every token of rank ≤ `rank` ("any rank equal to or less than ...")."""
    return tuple(k for tier in RANKS[: max(1, min(rank, len(RANKS)))] for k in tier)


def equip(ctx: Ctx, letter: str, kind: TokenKind) -> None:
    """The vehicle's own crew and gear (driver, street Nitro) plus the one token `kind`."""
    vehicle = ctx.v(letter)
    base = ctx.add_vehicle(vehicle_class(vehicle.kind), vehicle.side, letter)
    ctx.vehicles[letter] = vehicle.model_copy(
        update={"crew": base.crew, "gear": base.gear, "driver": base.driver, "loss_order": ()}
    )
    token = ctx.new_token(kind)
    if kind == "veteran":  # rule 19: a Veteran replaces the free Driver
        ctx.update(letter, crew=(token,), driver=token.id)
    elif kind in CREW_KINDS:
        ctx.update(letter, crew=(*base.crew, token))
    else:
        ctx.update(letter, gear=(*base.gear, token))


def _open(state: RwState, side: Side, letter: str) -> str | None:
    """Why the Cops cannot choose for `letter` now (None: they can)."""
    turn = state.turn
    if side != 1 or turn is None or turn.side != 1:
        return f"only the Cops choose for the replacement {letter}, in their turn"
    if turn.vehicle == letter or letter in turn.done:
        return f"{letter} has acted: its token and edge are set"
    return None


def _rank(state: RwState, letter: str) -> int:
    return state.mission.count(f"rank:{letter}")


def free(ctx: Ctx, side: Side, action: Any) -> bool:
    """A replacement's token or edge, chosen before it first acts; False if `action` is not
    about a replacement entering."""
    letter = getattr(action, "vehicle", "")
    if letter not in ctx.mission.letters("fresh"):
        return False
    state = ctx.state
    reason = _open(state, side, letter)
    if reason is not None:
        raise IllegalAction(reason)
    if isinstance(action, TokenAction):
        allowed_kinds = choices(_rank(state, letter))
        if action.token not in allowed_kinds:
            names = ", ".join(allowed_kinds)
            raise IllegalAction(f"the replacement {letter} may take one of: {names}")
        equip(ctx, letter, action.token)
        ctx.say("", f"The Cops choose the token of {letter}.", kind="token")
        return True
    if isinstance(action, PlaceAction):
        vehicle = ctx.v(letter)
        why = allowed(ctx, vehicle, action.x, action.y)
        if why is not None:
            raise IllegalAction(f"{letter} cannot enter at {action.x},{action.y}: {why}")
        ctx.update(letter, x=action.x, y=action.y)
        ctx.say(letter, f"{letter} enters at {action.x},{action.y} instead.", kind="placed")
        return True
    return False


def free_actions(state: RwState, side: Side) -> list[Any]:
    """The token choices of each replacement still open (an edge spot is picked on the panel
    or typed: `place`)."""
    found: list[Any] = []
    for letter in state.mission.letters("fresh"):
        if _open(state, side, letter) is None and state.find(letter) is not None:
            found.extend(
                TokenAction(vehicle=letter, token=k) for k in choices(_rank(state, letter))
            )
    return found
