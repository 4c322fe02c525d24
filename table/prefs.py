"""A player's settings for reminders (`/me`): time zone, quiet hours, direct messages.

They are kept per user (not per server) as `clocks.Prefs`; the scheduler reads them to time
and route every reminder.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Iterable

from table.answers import Answer
from table.clocks import Prefs, parse_hhmm
from table.service import GameService, ServiceError

ZONES = sorted(zoneinfo.available_timezones())
MAX_CHOICES = 25


def _hhmm(minutes: int | None) -> str:
    return "-" if minutes is None else f"{minutes // 60:02d}:{minutes % 60:02d}"


def describe(prefs: Prefs) -> str:
    quiet = (
        f"{_hhmm(prefs.quiet_from)}-{_hhmm(prefs.quiet_to)}"
        if prefs.quiet_from is not None
        else "none"
    )
    dm = "by direct message" if prefs.dm else "in the game's channel"
    return (
        f"🕰️ Time zone **{prefs.tz}** · quiet hours **{quiet}** · reminders come **{dm}**.\n"
        "Reminders never come during your quiet hours; one due then waits until they end."
    )


async def stored(service: GameService, user_ids: Iterable[int]) -> dict[int, Prefs]:
    """The settings of those of `user_ids` who chose any (the others have the defaults)."""
    found = await service.repo.get_prefs(tuple(user_ids))
    return {user: Prefs.model_validate_json(raw) for user, raw in found.items()}


async def of(service: GameService, user_id: int) -> Prefs:
    return (await stored(service, (user_id,))).get(user_id, Prefs())


async def show(service: GameService, user_id: int) -> Answer:
    """`/me show`, privately."""
    return Answer.told(describe(await of(service, user_id)))


async def _update(service: GameService, user_id: int, **changes: object) -> Answer:
    prefs = (await of(service, user_id)).model_copy(update=changes)
    await service.repo.set_prefs(user_id, prefs.model_dump_json())
    return Answer.told(describe(prefs))


async def set_zone(service: GameService, user_id: int, name: str) -> Answer:
    """`/me zone`: a time zone by its IANA name (quiet hours are in it)."""
    if name not in zoneinfo.available_timezones():
        raise ServiceError(
            f"`{name}` is not a time zone I know; pick one from the list "
            "(e.g. `Europe/Berlin`, `America/Chicago`, `UTC`)"
        )
    return await _update(service, user_id, tz=name)


def zones_like(typed: str) -> list[str]:
    """The time zones whose name holds what was typed (a space reads as `_`)."""
    wanted = typed.strip().lower().replace(" ", "_")
    return [z for z in ZONES if wanted in z.lower()][:MAX_CHOICES]


async def set_quiet(
    service: GameService, user_id: int, start: str | None, end: str | None
) -> Answer:
    """`/me quiet`: quiet hours from `start` to `end` (HH:MM); neither: none."""
    if start is None and end is None:
        return await _update(service, user_id, quiet_from=None, quiet_to=None)
    try:
        quiet_from, quiet_to = parse_hhmm(start or ""), parse_hhmm(end or "")
    except ValueError as exc:
        raise ServiceError(f"{exc} (give both `start` and `end`)") from None
    return await _update(service, user_id, quiet_from=quiet_from, quiet_to=quiet_to)


async def set_dm(service: GameService, user_id: int, allow: bool) -> Answer:
    """`/me dm`: reminders by direct message (or in the game's channel)."""
    return await _update(service, user_id, dm=allow)
