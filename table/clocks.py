"""Turn clocks for games that last days: settings, per-player clocks, and what falls due.

Pure: no Discord, no storage, no reading of the wall clock (every function takes `now`). The
service keeps a session's `Clock` in its row (`sessions.clock_json`) and rewrites it in the
same transaction as each move, so due times survive restarts and a timeout is applied at most
once (the move's compare-and-swap on the session version).

- `ClockSettings`: what the host chose (`/game clock`): none, a deadline per turn, or a time
  bank with an increment (as correspondence chess does).
- `PlayerClock`: one player's running clock. A player's *turn* starts when they join the set
  of players who must act and ends when they leave it; simultaneous steps give every active
  player their own clock. `turn` is the session version at which it started: the identity of
  "this turn" for reminders and timeouts, so a stale one is recognised.
- `due(...)`: the reminders and deadlines to act on, with quiet hours respected.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field

HOUR = 3600.0
DAY = 24 * HOUR


class ClockMode(enum.StrEnum):
    NONE = "none"
    TURN = "turn"
    BANK = "bank"


class TimeoutPolicy(enum.StrEnum):
    BOT = "bot"
    """The bot plays the turn, and every later one until the player is back (the default)."""
    END = "end"
    """As BOT, but after `end_after` missed turns in a row the game ends with the standings."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ClockSettings(_Frozen):
    """The host's choice for one session."""

    mode: ClockMode = ClockMode.NONE
    per_turn: float = Field(default=0.0, ge=0)
    """Seconds a player has for each turn (mode TURN)."""
    bank: float = Field(default=0.0, ge=0)
    """Seconds each player starts with (mode BANK)."""
    increment: float = Field(default=0.0, ge=0)
    """Seconds added to a player's bank after each of their moves (mode BANK)."""
    on_timeout: TimeoutPolicy = TimeoutPolicy.BOT
    end_after: int = Field(default=3, ge=1, le=20)
    """Missed turns in a row that end the game (policy END)."""

    def describe(self) -> str:
        if self.mode is ClockMode.TURN:
            text = f"{span(self.per_turn)} per turn"
        elif self.mode is ClockMode.BANK:
            text = f"a bank of {span(self.bank)} plus {span(self.increment)} per move"
        else:
            return "no clock (casual)"
        if self.on_timeout is TimeoutPolicy.END:
            return f"{text}; the game ends after {self.end_after} missed turns in a row"
        return f"{text}; the bot plays for a player whose time ran out"


class PlayerClock(_Frozen):
    turn: int = -1
    """Session version at which this player's current turn began; -1 when not to act."""
    started_at: float = 0.0
    deadline: float | None = None
    bank: float | None = None
    """Seconds left in the bank (mode BANK), as of the start of the current turn."""
    missed: int = 0
    """Turns in a row the clock ran out on."""
    away: bool = False
    """The clock ran out: the bot plays this seat's turns until the player returns."""
    paused_at: float | None = None
    """On vacation since then: no reminder, no deadline, the clock stands still."""


class Clock(_Frozen):
    settings: ClockSettings = ClockSettings()
    players: dict[str, PlayerClock] = Field(default_factory=dict)
    """By str(user id) (JSON keys are strings)."""

    def of(self, player: int) -> PlayerClock:
        return self.players.get(str(player), PlayerClock())

    def with_player(self, player: int, clock: PlayerClock) -> Clock:
        return self.model_copy(update={"players": {**self.players, str(player): clock}})

    @classmethod
    def parse(cls, raw: str) -> Clock:
        return cls.model_validate_json(raw or "{}")


def start(settings: ClockSettings, players: Iterable[int]) -> Clock:
    """A fresh clock when the game starts (banks filled)."""
    bank = settings.bank if settings.mode is ClockMode.BANK else None
    return Clock(settings=settings, players={str(p): PlayerClock(bank=bank) for p in players})


def after_move(
    clock: Clock,
    *,
    before: frozenset[int],
    after: frozenset[int],
    mover: int | None,
    version: int,
    now: float,
    timed_out: bool = False,
) -> Clock:
    """The clock after a step that produced `version`: `mover` acted (None for setup), the
    players to act went from `before` to `after`. A mover who acted themself is back (not
    away, no missed turns); a timeout counts a missed turn and marks them away."""
    settings = clock.settings
    players = dict(clock.players)
    if mover is not None:
        mine = clock.of(mover)
        bank = mine.bank
        if settings.mode is ClockMode.BANK and bank is not None and mine.turn >= 0:
            bank = max(0.0, bank - max(0.0, now - mine.started_at)) + settings.increment
        missed, away = (mine.missed + 1, True) if timed_out else (0, False)
        mine = mine.model_copy(update={"missed": missed, "away": away, "bank": bank})
        if mover in after:  # another decision of the same turn: timed afresh
            mine = _begin(settings, mine, version, now)
        players[str(mover)] = mine
    for player in after - before - {mover}:
        players[str(player)] = _begin(settings, clock.of(player), version, now)
    for player in before - after:
        current = players.get(str(player), PlayerClock())
        players[str(player)] = current.model_copy(update={"turn": -1, "deadline": None})
    return clock.model_copy(update={"players": players})


def _begin(settings: ClockSettings, mine: PlayerClock, version: int, now: float) -> PlayerClock:
    """A turn begins now (on vacation: it stands still from now until they are back)."""
    if mine.paused_at is not None:
        mine = mine.model_copy(update={"paused_at": now})
    if settings.mode is ClockMode.TURN:
        deadline: float | None = now + settings.per_turn
    elif settings.mode is ClockMode.BANK:
        deadline = now + (mine.bank if mine.bank is not None else settings.bank)
    else:
        deadline = None
    return mine.model_copy(update={"turn": version, "started_at": now, "deadline": deadline})


def pause(clock: Clock, player: int, now: float) -> Clock:
    """A vacation starts: this player's clock stands still."""
    mine = clock.of(player)
    if mine.paused_at is not None:
        return clock
    return clock.with_player(player, mine.model_copy(update={"paused_at": now}))


def resume(clock: Clock, player: int, now: float) -> Clock:
    """The vacation ends: the running turn gets back the time it stood still."""
    mine = clock.of(player)
    if mine.paused_at is None:
        return clock
    stood = max(0.0, now - mine.paused_at)
    update: dict[str, object] = {"paused_at": None}
    if mine.turn >= 0:
        update["started_at"] = mine.started_at + stood
        if mine.deadline is not None:
            update["deadline"] = mine.deadline + stood
    return clock.with_player(player, mine.model_copy(update=update))


def returned(clock: Clock, player: int) -> Clock:
    """`/game return`: the player takes their seat back from the bot."""
    mine = clock.of(player)
    return clock.with_player(player, mine.model_copy(update={"away": False, "missed": 0}))


# ----- what falls due --------------------------------------------------------------------------


class DueKind(enum.StrEnum):
    REMIND = "remind"
    DEADLINE = "deadline"
    STAND_IN = "stand-in"
    """An away player's turn: the bot plays it at once."""


@dataclass(frozen=True)
class Due:
    kind: DueKind
    player: int
    turn: int
    stage: int
    at: float


class Prefs(_Frozen):
    """A player's own settings (`/me`)."""

    tz: str = "UTC"
    quiet_from: int | None = None
    """Minutes after local midnight when quiet hours start (None: no quiet hours)."""
    quiet_to: int | None = None
    dm: bool = True
    """Reminders may come by direct message (the channel otherwise, or when DMs are closed)."""

    def zone(self) -> ZoneInfo:
        try:
            return ZoneInfo(self.tz)
        except (ZoneInfoNotFoundError, ValueError):
            return ZoneInfo("UTC")


REMINDER_FRACTIONS = (1 / 3, 5 / 6)
"""Reminders after a third of the time, and again with a sixth of it left."""


def due(
    clock: Clock,
    *,
    active: Iterable[int],
    prefs: Mapping[int, Prefs],
    sent: Iterable[tuple[int, int, int]] = (),
    bots: Iterable[int] = (),
) -> list[Due]:
    """Everything due for the players to act, earliest first: reminders (at most one per turn
    and stage, never to someone away, a bot or on vacation, moved out of quiet hours), the
    deadline, and an immediate stand-in move for away players and bot seats. `sent`: (player,
    turn, stage) of reminders already sent."""
    done = set(sent)
    bot_seats = set(bots)
    items: list[Due] = []
    for player in active:
        mine = clock.of(player)
        if mine.turn < 0 or mine.paused_at is not None:
            continue
        if player in bot_seats or mine.away:
            items.append(Due(DueKind.STAND_IN, player, mine.turn, 0, mine.started_at))
            continue
        if mine.deadline is None:
            continue
        items.append(Due(DueKind.DEADLINE, player, mine.turn, 0, mine.deadline))
        span_ = mine.deadline - mine.started_at
        for stage, fraction in enumerate(REMINDER_FRACTIONS):
            if (player, mine.turn, stage) in done:
                continue
            at = mine.started_at + span_ * fraction
            at = after_quiet_hours(at, prefs.get(player, Prefs()))
            if at < mine.deadline:
                items.append(Due(DueKind.REMIND, player, mine.turn, stage, at))
    return sorted(items, key=lambda d: d.at)


def in_quiet_hours(at: float, prefs: Prefs) -> bool:
    if prefs.quiet_from is None or prefs.quiet_to is None or prefs.quiet_from == prefs.quiet_to:
        return False
    local = datetime.fromtimestamp(at, prefs.zone())
    minute = local.hour * 60 + local.minute
    start, end = prefs.quiet_from, prefs.quiet_to
    return start <= minute < end if start < end else (minute >= start or minute < end)


def after_quiet_hours(at: float, prefs: Prefs) -> float:
    """`at`, or the end of the quiet hours it falls in (in the player's own time zone)."""
    if not in_quiet_hours(at, prefs):
        return at
    assert prefs.quiet_to is not None
    zone = prefs.zone()
    local = datetime.fromtimestamp(at, zone)
    end = datetime.combine(
        local.date(), time(prefs.quiet_to // 60, prefs.quiet_to % 60), tzinfo=zone
    )
    if end <= local:
        end += timedelta(days=1)
    return end.astimezone(UTC).timestamp()


# ----- words -------------------------------------------------------------------------------------


def span(seconds: float) -> str:
    """`3d 12h`, `24h`, `90m`: a duration in words a player reads at a glance (hours up to
    two days, as players say "48 hours")."""
    minutes = round(seconds / 60)
    days, rest = divmod(minutes, 24 * 60)
    if days < 3:
        days, rest = 0, minutes
    hours, mins = divmod(rest, 60)
    parts = [f"{days}d" if days else "", f"{hours}h" if hours else "", f"{mins}m" if mins else ""]
    return " ".join(p for p in parts if p) or "0m"


_SPAN = re.compile(r"(\d+(?:\.\d+)?)\s*([dhm])", re.IGNORECASE)
_UNIT = {"d": DAY, "h": HOUR, "m": 60.0}


def parse_span(text: str) -> float:
    """`24h`, `3d`, `3d12h`, `90m` -> seconds. Raises ValueError with what would be accepted."""
    cleaned = text.strip().replace(" ", "")
    matches = list(_SPAN.finditer(cleaned))
    if not matches or "".join(m.group(0) for m in matches) != cleaned:
        raise ValueError(f"`{text}` is not a duration; write it like `24h`, `3d`, `3d12h` or `90m`")
    seconds = sum(float(m.group(1)) * _UNIT[m.group(2).lower()] for m in matches)
    if not 60 <= seconds <= 60 * DAY:
        raise ValueError(f"`{text}` is out of range: from 1 minute to 60 days")
    return seconds


def parse_hhmm(text: str) -> int:
    """`22:00` -> minutes after midnight. Raises ValueError."""
    match = re.fullmatch(r"([01]?\d|2[0-3]):([0-5]\d)", text.strip())
    if match is None:
        raise ValueError(f"`{text}` is not a time of day; write it like `22:00` or `7:30`")
    return int(match.group(1)) * 60 + int(match.group(2))


def timestamp(at: float, style: str = "R") -> str:
    """Discord's timestamp markup: every reader sees it in their own time zone."""
    return f"<t:{int(at)}:{style}>"
