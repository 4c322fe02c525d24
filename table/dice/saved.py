"""Saved rolls: `/dice save`, `/dice use`, `/dice forget` and the names offered while typing.

Saved rolls are per member per server (or outside servers: per member), and per server for
the ones a member with Manage Server saves with `server:true`; bounded in number and length
(the limits below).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.dice import check_notation
from storage.queries.dice import OUTSIDE_SERVERS, SERVER_WIDE, SavedRollRow
from table.answers import Answer
from table.dice.rolls import roll
from table.service import GameService, ServiceError

MAX_SAVED_PER_MEMBER = 25
MAX_SAVED_PER_SERVER = 50
MAX_NAME = 32


@dataclass(frozen=True)
class Member:
    """Who asks, where (`guild_id` None: outside servers), and whether they may manage it."""

    user_id: int
    guild_id: int | None
    can_manage: bool = False

    @property
    def scope(self) -> int:
        return self.guild_id or OUTSIDE_SERVERS

    def owner(self, server: bool) -> tuple[int, int]:
        """Whose roll it is (the member's, or the server's) and how many that owner keeps."""
        if not server:
            return self.user_id, MAX_SAVED_PER_MEMBER
        if self.guild_id is None or not self.can_manage:
            raise ServiceError("server-wide rolls are saved in a server, by Manage Server")
        return SERVER_WIDE, MAX_SAVED_PER_SERVER


def _name(name: str) -> str:
    cleaned = " ".join(name.split()).lower()
    if not 1 <= len(cleaned) <= MAX_NAME:
        raise ServiceError(f"a saved roll's name has 1 to {MAX_NAME} characters")
    return cleaned


async def save(
    service: GameService, member: Member, name: str, expression: str, *, server: bool
) -> Answer:
    """Save a named roll for the member (or, `server`, for everyone in the server)."""
    owner, limit = member.owner(server)
    check_notation(expression)  # a roll that cannot be rolled is never saved
    key = _name(name)
    saved = await service.repo.save_roll(
        scope_id=member.scope,
        owner_id=owner,
        name=key,
        expression=expression.strip(),
        limit=limit,
    )
    if not saved:
        raise ServiceError(
            f"{'this server has' if server else 'you have'} {limit} saved rolls already; "
            "`/dice forget` one first (saving under an existing name replaces it)"
        )
    whose = "for everyone here" if server else "for you"
    return Answer.told(f"💾 Saved `{key}` = `{expression.strip()}` {whose}.")


async def _saved(service: GameService, member: Member) -> list[SavedRollRow]:
    owners = (member.user_id, SERVER_WIDE) if member.guild_id else (member.user_id,)
    return await service.repo.saved_rolls(scope_id=member.scope, owner_ids=owners)


async def use(service: GameService, member: Member, name: str) -> Answer:
    """Roll a saved roll (the member's or the server's) for everyone to see."""
    rows = await _saved(service, member)
    key = _name(name)
    row = next((r for r in rows if r.name == key), None)
    if row is None:
        known = ", ".join(sorted({r.name for r in rows})) or "none yet"
        raise ServiceError(f"no saved roll `{key}`; saved: {known} (`/dice save`)")
    return roll(member.user_id, row.expression, saved_as=row.name)


async def names(service: GameService, member: Member, typed: str) -> list[tuple[str, str]]:
    """The saved rolls whose name holds `typed`, once each: (label, name)."""
    rows = await _saved(service, member)
    typed = typed.strip().lower()
    seen: set[str] = set()
    choices = []
    for row in rows:
        if typed in row.name and row.name not in seen:
            seen.add(row.name)
            choices.append((f"{row.name}: {row.expression}"[:100], row.name))
    return choices[:25]


async def forget(service: GameService, member: Member, name: str, *, server: bool) -> Answer:
    """Delete a saved roll (a server-wide one needs Manage Server)."""
    owner, _ = member.owner(server)
    key = _name(name)
    gone = await service.repo.forget_roll(scope_id=member.scope, owner_id=owner, name=key)
    return Answer.told(f"🗑️ Forgot `{key}`." if gone else f"There was no saved roll `{key}`.")
