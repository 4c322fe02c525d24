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


def advance_options(position: int, free: tuple[int, ...]) -> tuple[int, ...]:
    """The counters a car may take: those that fit, or every free one when none fits.

    Source line 20: "No player may select a counter that will move his car beyond the 26th
    space if any other legal move exists." When every free counter overshoots, the car must
    still take one (a forced overshoot: a broken chute).
    """
    return fitting_counters(position, free) or free


def is_blown(position: int, free: tuple[int, ...]) -> bool:
    """The designer's blown-engine test (source line 34): "The only way that a driver can't
    finish is if he has more spaces to cover on his track than there are counters remaining."
    A car that can cross only by overshooting 26 is not blown: that is a broken chute."""
    return FIRST_ACROSS - position > sum(free)


def lane_status(lane: Lane, free: tuple[int, ...]) -> LaneStatus:
    """What a car's position and the shared free counters make of it.

    Past space 26 is a broken chute (a forced overshoot), 23..26 has crossed, and a car short
    of the line is blown when the free counters add up to less than the spaces it needs.
    """
    if lane.position > TRACK_LENGTH:
        return "broken_chute"
    if lane.position >= FIRST_ACROSS:
        return "crossed"
    if is_blown(lane.position, free):
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
