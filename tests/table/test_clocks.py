"""Turn clocks (pure): deadlines, time banks, reminders and quiet hours."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from table import clocks
from table.clocks import Clock, ClockMode, ClockSettings, DueKind, Prefs

A, B, C = 101, 102, 103
T0 = datetime(2026, 11, 20, 12, 0, tzinfo=UTC).timestamp()  # a Friday, noon UTC
DAY = clocks.DAY
HOUR = clocks.HOUR


def _turn_clock(hours: float = 24) -> Clock:
    return clocks.start(ClockSettings(mode=ClockMode.TURN, per_turn=hours * HOUR), (A, B, C))


def test_a_turn_deadline_starts_when_the_player_must_act() -> None:
    """A's turn starts at the move that makes A active; the deadline is 24 h later."""
    clock = clocks.after_move(
        _turn_clock(), before=frozenset(), after=frozenset({A}), mover=None, version=1, now=T0
    )
    assert clock.of(A).turn == 1 and clock.of(A).deadline == T0 + DAY
    assert clock.of(B).deadline is None


def test_moving_ends_the_turn_and_starts_the_next_players() -> None:
    """A moves after 2 h: A's clock stops, B's starts with a full day."""
    clock = clocks.after_move(
        _turn_clock(), before=frozenset(), after=frozenset({A}), mover=None, version=1, now=T0
    )
    clock = clocks.after_move(
        clock, before=frozenset({A}), after=frozenset({B}), mover=A, version=2, now=T0 + 2 * HOUR
    )
    assert clock.of(A).turn == -1 and clock.of(A).deadline is None
    assert clock.of(B).turn == 2 and clock.of(B).deadline == T0 + 2 * HOUR + DAY


def test_simultaneous_steps_give_each_player_their_own_clock() -> None:
    """Space Truckin'-style: A and B write at once; A finishing leaves B's clock running."""
    clock = clocks.after_move(
        _turn_clock(), before=frozenset(), after=frozenset({A, B}), mover=None, version=1, now=T0
    )
    clock = clocks.after_move(
        clock, before=frozenset({A, B}), after=frozenset({B}), mover=A, version=2, now=T0 + HOUR
    )
    assert clock.of(A).deadline is None
    assert clock.of(B).turn == 1 and clock.of(B).deadline == T0 + DAY


def test_the_time_bank_is_charged_and_refilled_by_the_increment() -> None:
    """3 days plus 12 h per move: a move after 1 day leaves 2 days + 12 h."""
    settings = ClockSettings(mode=ClockMode.BANK, bank=3 * DAY, increment=12 * HOUR)
    clock = clocks.start(settings, (A, B))
    clock = clocks.after_move(
        clock, before=frozenset(), after=frozenset({A}), mover=None, version=1, now=T0
    )
    assert clock.of(A).deadline == T0 + 3 * DAY
    clock = clocks.after_move(
        clock, before=frozenset({A}), after=frozenset({B}), mover=A, version=2, now=T0 + DAY
    )
    assert clock.of(A).bank == 2 * DAY + 12 * HOUR
    clock = clocks.after_move(
        clock, before=frozenset({B}), after=frozenset({A}), mover=B, version=3, now=T0 + DAY
    )
    assert clock.of(A).deadline == T0 + DAY + 2 * DAY + 12 * HOUR


def test_a_timeout_marks_the_player_away_and_acting_brings_them_back() -> None:
    """The clock runs out: a missed turn, away; the player's own move clears both."""
    clock = clocks.after_move(
        _turn_clock(), before=frozenset(), after=frozenset({A}), mover=None, version=1, now=T0
    )
    clock = clocks.after_move(
        clock,
        before=frozenset({A}),
        after=frozenset({A}),
        mover=A,
        version=2,
        now=T0 + DAY,
        timed_out=True,
    )
    assert clock.of(A).away and clock.of(A).missed == 1
    due = clocks.due(clock, active=[A], prefs={})
    assert [d.kind for d in due] == [DueKind.STAND_IN]
    clock = clocks.returned(clock, A)
    assert not clock.of(A).away and clock.of(A).missed == 0


def test_reminders_come_after_a_third_and_with_a_sixth_left() -> None:
    """24 h: reminders at +8 h and +20 h, then the deadline at +24 h."""
    clock = clocks.after_move(
        _turn_clock(), before=frozenset(), after=frozenset({A}), mover=None, version=1, now=T0
    )
    due = clocks.due(clock, active=[A], prefs={})
    assert [(d.kind, d.at - T0) for d in due] == [
        (DueKind.REMIND, 8 * HOUR),
        (DueKind.REMIND, 20 * HOUR),
        (DueKind.DEADLINE, DAY),
    ]
    sent = clocks.due(clock, active=[A], prefs={}, sent=[(A, 1, 0)])
    assert [d.stage for d in sent if d.kind is DueKind.REMIND] == [1], "never twice"


def test_a_reminder_in_quiet_hours_waits_until_they_end_in_the_players_zone() -> None:
    """The +8 h reminder falls at 20:00 UTC = 21:00 in Paris, inside 21:00-08:00 quiet hours:
    it waits until 08:00 Paris time (07:00 UTC the next day); the +20 h one (08:00 UTC =
    09:00 Paris) is outside and stays."""
    prefs = {A: Prefs(tz="Europe/Paris", quiet_from=21 * 60, quiet_to=8 * 60)}
    clock = clocks.after_move(
        _turn_clock(), before=frozenset(), after=frozenset({A}), mover=None, version=1, now=T0
    )
    reminders = [d for d in clocks.due(clock, active=[A], prefs=prefs) if d.kind is DueKind.REMIND]
    expected = datetime(2026, 11, 21, 7, 0, tzinfo=UTC).timestamp()
    assert [r.at for r in reminders] == [expected, T0 + 20 * HOUR]


def test_a_bot_seat_plays_at_once() -> None:
    """A bot seat's turn is due immediately, with no reminders or deadline."""
    clock = clocks.after_move(
        _turn_clock(), before=frozenset(), after=frozenset({B}), mover=None, version=1, now=T0
    )
    assert [d.kind for d in clocks.due(clock, active=[B], prefs={}, bots=[B])] == [DueKind.STAND_IN]


@pytest.mark.parametrize(
    ("text", "seconds"), [("24h", DAY), ("3d", 3 * DAY), ("3d12h", 3.5 * DAY), ("90m", 5400)]
)
def test_durations_read_as_players_write_them(text: str, seconds: float) -> None:
    assert clocks.parse_span(text) == seconds


@pytest.mark.parametrize("text", ["", "soon", "24", "0m", "90d", "3d soon"])
def test_bad_durations_are_refused_with_examples(text: str) -> None:
    with pytest.raises(ValueError, match=r"24h|range"):
        clocks.parse_span(text)


def test_spans_and_timestamps_in_words() -> None:
    assert clocks.span(3.5 * DAY) == "3d 12h"
    assert clocks.span(DAY) == "24h" and clocks.span(2 * DAY) == "48h"
    assert clocks.timestamp(T0) == f"<t:{int(T0)}:R>"
    assert ClockSettings(mode=ClockMode.BANK, bank=3 * DAY, increment=12 * HOUR).describe() == (
        "a bank of 3d plus 12h per move; the bot plays for a player whose time ran out"
    )


def test_a_vacation_stops_the_clock_and_gives_the_time_back() -> None:
    """Paused 2 days: nothing falls due; afterwards the deadline has moved 2 days."""
    clock = clocks.after_move(
        _turn_clock(), before=frozenset(), after=frozenset({A}), mover=None, version=1, now=T0
    )
    paused = clocks.pause(clock, A, T0 + HOUR)
    assert clocks.due(paused, active=[A], prefs={}) == []
    back = clocks.resume(paused, A, T0 + HOUR + 2 * DAY)
    assert back.of(A).deadline == T0 + 3 * DAY and back.of(A).paused_at is None
