"""Vacations: a player's clocks stand still in every game of a server, charged by the day.

Each player has a yearly allowance per server (`/vacation allowance`, default 21 days). A
vacation pauses that player's clock in each live game of the server (no reminder, no deadline)
and gives the running turn its time back when it ends (`/vacation end`, or when the days run
out: the scheduler ends it). `take`, `come_back` and `set_allowance` are what the `/vacation`
commands answer (`bot/commands/vacation.py`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from table import clocks
from table.answers import Answer, Message
from table.clocks import DAY, Clock, timestamp
from table.service import GameService
from table.snapshot import ServiceError, Snapshot

DEFAULT_DAYS = 21
ALLOWANCE_KEY = "vacation_days"


@dataclass(frozen=True)
class Vacation:
    """What a start or an end did: the tables touched, the days charged or still left."""

    games: list[Snapshot]
    until: float
    days: int


async def allowance(service: GameService, guild_id: int) -> int:
    stored = await service.repo.get_setting(guild_id, ALLOWANCE_KEY)
    return int(stored) if stored is not None else DEFAULT_DAYS


async def days_used(service: GameService, guild_id: int, user_id: int) -> int:
    """Days charged this calendar year (UTC): every started day of every vacation counts."""
    now = service.now()
    year = datetime.fromtimestamp(now, UTC).replace(month=1, day=1, hour=0, minute=0, second=0)
    used = 0
    for started, ended, until in await service.repo.vacations_since(
        guild_id, user_id, year.timestamp()
    ):
        stop = ended if ended is not None else min(now, until)
        used += max(1, math.ceil((stop - started) / DAY))
    return used


async def _my_games(service: GameService, guild_id: int, user_id: int) -> list[Snapshot]:
    return [
        s for s in await service.live_in_guild(guild_id) if s.is_seated(user_id) and not s.is_lobby
    ]


async def start(service: GameService, guild_id: int, user_id: int, days: int | None) -> Vacation:
    left = await allowance(service, guild_id) - await days_used(service, guild_id, user_id)
    if left <= 0:
        raise ServiceError("you have no vacation days left this year in this server")
    take = min(days or left, left)
    now = service.now()
    until = now + take * DAY
    if not await service.repo.start_vacation(guild_id, user_id, until):
        raise ServiceError("you are already on vacation; `/vacation end` ends it")
    games = [
        await service.adjust_clock(s.session_id, _pausing(s.player_of(user_id), now))
        for s in await _my_games(service, guild_id, user_id)
    ]
    return Vacation(games, until, take)


async def end(service: GameService, guild_id: int, user_id: int) -> Vacation:
    """`/vacation end`."""
    back = await end_if_running(service, guild_id, user_id)
    if back is None:
        raise ServiceError("you are not on vacation")
    return back


async def end_if_running(service: GameService, guild_id: int, user_id: int) -> Vacation | None:
    """End the running vacation and give each game's clock its time back. None when none was
    running: the player ended it, or another process's scheduler did (a deploy overlap runs
    two); ending it is a compare-and-swap, so only one call gets the Vacation to announce."""
    span = await service.repo.end_vacation(guild_id, user_id)
    if span is None:
        return None
    started, ended = span
    games = [
        await service.adjust_clock(s.session_id, _resuming(s.player_of(user_id), ended))
        for s in await _my_games(service, guild_id, user_id)
    ]
    return Vacation(games, ended, max(1, math.ceil((ended - started) / DAY)))


async def take(
    service: GameService, guild_id: int, user_id: int, name: str, days: int | None
) -> Answer:
    """`/vacation start`: every table of the player's is told; the player, privately, until
    when and how many days are left."""
    taken = await start(service, guild_id, user_id, days)
    left = await allowance(service, guild_id) - await days_used(service, guild_id, user_id)
    until = timestamp(taken.until, "F")
    told = (
        f"🏖️ {name} is on vacation until {until}: their clock stands still and nobody reminds them"
    )
    return _telling(taken, told).then(
        Answer.told(
            f"🏖️ Enjoy! Until {until} ({taken.days} days; about {max(left, 0)} left this year). "
            f"Your clocks are paused in {len(taken.games)} game(s). `/vacation end` ends it "
            "early (days are charged as used)."
        )
    )


async def come_back(service: GameService, guild_id: int, user_id: int, name: str) -> Answer:
    """`/vacation end`: every table of the player's is told; the player, the days charged."""
    back = await end(service, guild_id, user_id)
    told = f"👋 {name} is back from vacation; their clock runs again"
    return _telling(back, told).then(Answer.told(f"Welcome back! {back.days} day(s) were charged."))


async def set_allowance(
    service: GameService, guild_id: int, days: int, *, can_manage: bool
) -> Answer:
    """`/vacation allowance` (Manage Server): the yearly vacation days of the server's players."""
    if not can_manage:
        raise ServiceError("only a member with Manage Server sets the vacation allowance")
    await service.repo.set_setting(guild_id, ALLOWANCE_KEY, str(days))
    return Answer.told(f"Each player now has {days} vacation days a year in this server.")


def _telling(vacation: Vacation, text: str) -> Answer:
    """`text` posted at each table the vacation touched."""
    return Answer(
        posts=tuple(
            (s.record.channel_id, Message(content=f"{text} (game #{s.session_id})"))
            for s in vacation.games
        )
    )


def _pausing(seat: int | None, now: float) -> Callable[[Clock], Clock]:
    return lambda clock: clock if seat is None else clocks.pause(clock, seat, now)


def _resuming(seat: int | None, now: float) -> Callable[[Clock], Clock]:
    return lambda clock: clock if seat is None else clocks.resume(clock, seat, now)
