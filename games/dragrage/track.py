"""Pure questions about a lane: which counters it may take, its status, who won the heat."""

from __future__ import annotations

from games.dragrage.state import (
    FIRST_ACROSS,
    TRACK_LENGTH,
    DragRageState,
    HeatResult,
    Lane,
    LaneStatus,
    Seat,
)


def other(seat: Seat) -> Seat:
    return 1 if seat == 0 else 0


def counters_used(lane: Lane) -> int:
    """Every counter played this heat, spun-out ones included (they count against you)."""
    return len(lane.counters)


def fitting_counters(position: int, free: tuple[int, ...]) -> tuple[int, ...]:
    """Free counters that do not carry the car beyond space 26."""
    return tuple(c for c in free if position + c <= TRACK_LENGTH)


def can_still_cross(position: int, free: tuple[int, ...]) -> bool:
    """Strict blown-engine check: some subset of the free counters lands on 23..26."""
    low, high = FIRST_ACROSS - position, TRACK_LENGTH - position
    reachable = {0}
    for counter in free:
        reachable |= {s + counter for s in reachable if s + counter <= high}
    return any(low <= s for s in reachable)


def lane_status(lane: Lane, free: tuple[int, ...]) -> LaneStatus:
    """What a car's position and the shared free counters make of it.

    Broken chute is checked before blown engine: when every free counter overshoots 26 the car
    cannot stop (it could only win if the other car fails), whereas a blown engine can never win.
    """
    if lane.position >= FIRST_ACROSS:
        return "crossed"
    if free and not fitting_counters(lane.position, free):
        return "broken_chute"
    if not can_still_cross(lane.position, free):
        return "blown_engine"
    return "racing"


def _rank_failed(status: LaneStatus) -> int:
    return 1 if status == "broken_chute" else 0


def decide(state: DragRageState) -> HeatResult | None:
    """The heat's result if it is settled with every move standing, else None."""
    lanes = state.lanes
    statuses = (lanes[0].status, lanes[1].status)
    heat = state.heat
    names = (state.players[0].name, state.players[1].name)
    if "racing" not in statuses:
        return _both_done(state)
    for seat in (0, 1):
        s: Seat = 0 if seat == 0 else 1
        rival = other(s)
        if statuses[s] == "crossed" and statuses[rival] == "racing":
            mine, theirs = counters_used(lanes[s]), counters_used(lanes[rival])
            if theirs >= mine:
                reason = (
                    f"{names[s]} crossed with {mine} counters and {names[rival]} "
                    f"could not catch up ({theirs} counters, still on space "
                    f"{lanes[rival].position})"
                )
                return HeatResult(heat=heat, winner=s, reason=reason)
    return None


def _both_done(state: DragRageState) -> HeatResult:
    a, b = state.lanes
    heat = state.heat
    names = (state.players[0].name, state.players[1].name)
    if a.status == "crossed" and b.status == "crossed":
        na, nb = counters_used(a), counters_used(b)
        if na != nb:
            win: Seat = 0 if na < nb else 1
            reason = f"{names[win]} crossed with {min(na, nb)} counters against {max(na, nb)}"
            return HeatResult(heat=heat, winner=win, reason=reason)
        if a.position != b.position:
            win = 0 if a.position < b.position else 1
            reason = (
                f"both crossed with {na} counters; {names[win]} landed closer to space 23 "
                f"({min(a.position, b.position)} against {max(a.position, b.position)})"
            )
            return HeatResult(heat=heat, winner=win, reason=reason)
        return HeatResult(
            heat=heat,
            winner=None,
            reason=f"both crossed with {na} counters and landed on space {a.position}",
        )
    for seat in (0, 1):
        s: Seat = 0 if seat == 0 else 1
        if state.lanes[s].status == "crossed":
            failure = state.lanes[other(s)].status.replace("_", " ")
            return HeatResult(
                heat=heat,
                winner=s,
                reason=f"{names[s]} crossed; {names[other(s)]} has a {failure}",
            )
    ranks = (_rank_failed(a.status), _rank_failed(b.status))
    if ranks[0] != ranks[1]:
        win = 0 if ranks[0] > ranks[1] else 1
        return HeatResult(
            heat=heat,
            winner=win,
            reason=(f"{names[win]} has a broken chute but {names[other(win)]} blew their engine"),
        )
    both = "broke their chutes" if ranks[0] else "blew their engines"
    return HeatResult(heat=heat, winner=None, reason=f"both cars {both}")
