"""End conditions and scoring of INTERCEPTOR, BREAKOUT and THE PRESIDENT (digest 1.2)."""

from __future__ import annotations

from collections.abc import Iterable

from games.roadwolf.missions import breakout_bot
from games.roadwolf.missions.base import MissionRules, Verdict, escaped, is_stopped
from games.roadwolf.model import RwState, Side, Vehicle


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


def _limo_runs(state: RwState, vehicle: Vehicle) -> bool:
    """THE PRESIDENT: the Limo runs for the END, whoever holds it."""
    return vehicle.letter == "A"


def _rig_runs(state: RwState, vehicle: Vehicle) -> bool:
    """BREAKOUT: the Big Rig runs for the END; its escorts stay to fight."""
    return vehicle.letter == "A" and vehicle.side == 0


def _rig_first(state: RwState, vehicle: Vehicle) -> list[Vehicle]:
    """Attackers close on the Rig; the Convoy's escorts on the attackers nearest the Rig."""
    enemies = [v for v in state.vehicles if v.on_board and not v.wreck and v.side != vehicle.side]
    rig = [v for v in enemies if v.letter == "A"]
    if rig or vehicle.side == 1:
        return rig or enemies
    own = state.find("A")
    if own is None or not own.on_board:
        return enemies
    return sorted(enemies, key=lambda v: abs(v.y - own.y) + abs(v.x - own.x))[:2]


def _runners_first(state: RwState, vehicle: Vehicle) -> list[Vehicle]:
    """Whom a chaser closes on: the enemies running for the END; with none, any enemy."""
    enemies = [v for v in state.vehicles if v.on_board and not v.wreck and v.side != vehicle.side]
    if state.options.mission == "THE PRESIDENT":
        runners = [v for v in enemies if v.letter == "A"]
    else:
        runners = [v for v in enemies if v.origin == 0 and v.side == 0]
    return runners or enemies


RULES: dict[str, MissionRules] = {
    "INTERCEPTOR": MissionRules(judge=lambda s: interceptor(s.vehicles), prey=_runners_first),
    "BREAKOUT": MissionRules(
        judge=lambda s: breakout(s.vehicles),
        runs_for_the_end=_rig_runs,
        prey=_rig_first,
        prize=lambda s: "A",
        bot=breakout_bot.bot,
        buys=breakout_bot.BUYS,
        tokens=(breakout_bot.CONVOY_TOKENS, breakout_bot.ATTACKER_TOKENS),
    ),
    "THE PRESIDENT": MissionRules(
        judge=lambda s: president(s.vehicles),
        runs_for_the_end=_limo_runs,
        prey=_runners_first,
        prize=lambda s: "A",
    ),
}
