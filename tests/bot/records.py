"""Session records built by hand, for tests that make a `Snapshot` without a database."""

from __future__ import annotations

from collections.abc import Sequence

from storage.models import SeatRecord, SessionRecord, SessionStatus


def started(
    game_key: str, seats: Sequence[tuple[int, str]], *, options_json: str = "{}"
) -> SessionRecord:
    """An active session (version 2, no stored state) with these seats in order, each a user id
    and a name; the first one hosts."""
    return SessionRecord(
        id=1,
        guild_id=1,
        channel_id=1,
        game_key=game_key,
        status=SessionStatus.ACTIVE,
        host_id=seats[0][0],
        options_json=options_json,
        seed=1,
        rules_version=1,
        state_json=None,
        version=2,
        created_at=0.0,
        updated_at=0.0,
        seats=tuple(SeatRecord(user_id=u, name=n, seat=i) for i, (u, n) in enumerate(seats)),
    )
