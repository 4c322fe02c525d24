"""End conditions and scoring of INTERCEPTOR, BREAKOUT and THE PRESIDENT (digest 1.2).

A mission is data (`data.MISSIONS`) plus one judge here: the seven others of issue 14 add a
judge each (and, where needed, a setup hook in `build.py`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from games.roadwolf.data import MissionKey
from games.roadwolf.model import Side, Vehicle


@dataclass(frozen=True)
class Verdict:
    """The score so far and, once the mission is over, who won (None: a draw) and why."""

    score: tuple[int, int]
    over: bool = False
    winner: Side | None = None
    reason: str = ""


def is_stopped(vehicle: Vehicle) -> bool:
    """A vehicle the other side has stopped: destroyed, out by the START or a side (1.4-A:
    "counts as stopped or destroyed [R]"), or captured (now driven by the other side)."""
    return (
        vehicle.wreck
        or vehicle.exited in ("start", "side", "removed", "destroyed")
        or vehicle.side != vehicle.origin
    )


def escaped(vehicle: Vehicle) -> bool:
    """Off the END, driven by the side that bought it."""
    return vehicle.exited == "end" and vehicle.side == vehicle.origin


def interceptor(vehicles: Iterable[Vehicle]) -> Verdict:
    """INTERCEPTOR: "1 pt per Runner off the end of the board; 1 pt per vehicle the
    Interceptors stop. Most points wins. Ends when every Runner has escaped or been stopped."""
    runners = [v for v in vehicles if v.origin == 0]
    out = sum(1 for v in runners if escaped(v))
    stopped = sum(1 for v in runners if is_stopped(v))
    score = (out, stopped)
    if not all(escaped(v) or is_stopped(v) for v in runners):
        return Verdict(score)
    if out == stopped:
        return Verdict(
            score, True, None, f"every Runner is out or stopped: {out}-{stopped}, a draw"
        )
    winner: Side = 0 if out > stopped else 1
    name = "Runners" if winner == 0 else "Interceptors"
    return Verdict(score, True, winner, f"the {name} win {max(score)}-{min(score)}")


def _target(vehicles: Iterable[Vehicle]) -> Vehicle:
    return next(v for v in vehicles if v.letter == "A")


def breakout(vehicles: Iterable[Vehicle]) -> Verdict:
    """BREAKOUT: "The Convoy wins if the Rig leaves the end. The attackers win if they capture,
    immobilize or destroy it"."""
    rig = _target(vehicles)
    if escaped(rig) and rig.side == 0:
        return Verdict((1, 0), True, 0, "the Big Rig broke out off the END")
    if rig.side == 1:
        return Verdict((0, 1), True, 1, "the Attackers captured the Big Rig")
    if rig.immobilized:
        return Verdict((0, 1), True, 1, "the Attackers immobilized the Big Rig")
    if rig.wreck or rig.exited is not None:
        return Verdict((0, 1), True, 1, "the Attackers destroyed the Big Rig")
    return Verdict((0, 0))


def president(vehicles: Iterable[Vehicle]) -> Verdict:
    """THE PRESIDENT: "Enforcers win if the Limo leaves the end. Insurgents win if they capture
    it and drive it off the end. Limo destroyed = draw" (out by the START or a side counts as
    destroyed, 1.4-A)."""
    limo = _target(vehicles)
    if limo.exited == "end":
        if limo.side == 0:
            return Verdict((1, 0), True, 0, "the Limo got the President off the END")
        return Verdict((0, 1), True, 1, "the Insurgents drove the captured Limo off the END")
    if limo.wreck or limo.exited is not None:
        return Verdict((0, 0), True, None, "the Limo was destroyed: a draw")
    return Verdict((0, 1) if limo.side == 1 else (0, 0))


JUDGES: dict[MissionKey, Callable[[Iterable[Vehicle]], Verdict]] = {
    "INTERCEPTOR": interceptor,
    "BREAKOUT": breakout,
    "THE PRESIDENT": president,
}


def judge(mission: MissionKey, vehicles: Iterable[Vehicle]) -> Verdict:
    return JUDGES[mission](list(vehicles))


def runs_for_the_end(mission: MissionKey, vehicle: Vehicle) -> bool:
    """Whether a bot should drive this vehicle for the END: the first side's vehicles in
    INTERCEPTOR and BREAKOUT, and the Limo in THE PRESIDENT (whoever holds it)."""
    if mission == "THE PRESIDENT":
        return vehicle.letter == "A"
    return vehicle.side == 0 and vehicle.origin == 0
