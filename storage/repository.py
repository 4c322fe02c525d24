"""The async repository the bot's service talks to: sessions, seats, the move log, settings.

One aiosqlite connection is the single writer (measured: several writers add no throughput and
push p99 towards a second). Every method is one transaction run as ONE function on aiosqlite's
worker thread, so a move costs one thread hop, and statements of two transactions can never
interleave. Saves are compare-and-swap on `version`: the caller passes the version it read, and
a write that lost the race raises `StaleVersion` instead of clobbering the winner.

Opening (pragmas, migrations, busy retries) is in `storage.opening`; the check that the file
is still ours before every write is in `storage.guard`. The seat and lobby methods are in
`storage.lobby_store`, the reminder, prefs and vacation ones in `storage.absence_store`, the
take-back ones in `storage.takeback_store`.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from storage import queries
from storage.absence_store import AbsenceStore
from storage.errors import StorageGone
from storage.guard import WriteGuard, file_identity
from storage.lobby_store import LobbyStore
from storage.migrate import Migration, load_migrations
from storage.models import LogEntry, SessionRecord, SessionStatus, StorageHealth
from storage.opening import DEFAULT_BUSY_TIMEOUT_MS, MEMORY, OPEN_BUSY_RETRY_S, prepare
from storage.takeback_store import TakeBackStore

log = logging.getLogger(__name__)

T = TypeVar("T")


class Repository(AbsenceStore, LobbyStore, TakeBackStore):
    """Use `await Repository.open(path)`; `close()` when done (or `async with`)."""

    def __init__(
        self,
        conn: aiosqlite.Connection,
        *,
        clock: Callable[[], float],
        path: Path | None = None,
    ) -> None:
        self._conn = conn
        self._clock = clock
        self._guard = WriteGuard(path)
        # The worker thread already runs one transaction at a time; the lock also keeps close()
        # from racing a write that is being queued, and keeps that guarantee if a method is ever
        # split into several calls.
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
        busy_retry_s: float = OPEN_BUSY_RETRY_S,
        migrations: Sequence[Migration] | None = None,
    ) -> Repository:
        """Connect, set the pragmas and migrate. Raises `SchemaTooNew` for a newer database.

        A file another process is creating or migrating at the same moment is waited for
        (retried with backoff for up to `busy_retry_s`), never reported as "database is locked".
        """
        file: Path | None = None
        if str(path) != MEMORY:
            # absolute(): a later chdir must not point the identity check at another file.
            file = Path(path).absolute()
            file.parent.mkdir(parents=True, exist_ok=True)
        wanted = load_migrations() if migrations is None else migrations
        # isolation_level=None: autocommit, so our explicit BEGIN IMMEDIATE/COMMIT rule alone.
        conn = await aiosqlite.connect(path, isolation_level=None)
        repo = cls(conn, clock=clock, path=file)
        try:
            mode = await repo._call(
                partial(
                    prepare,
                    migrations=wanted,
                    busy_timeout_ms=busy_timeout_ms,
                    busy_retry_s=busy_retry_s,
                )
            )
            if file is not None:
                repo._guard.identity = await asyncio.to_thread(file_identity, file)
        except BaseException:
            await conn.close()
            raise
        if mode.lower() != "wal" and str(path) != MEMORY:
            log.warning("SQLite refused WAL mode for %s (journal_mode=%s)", path, mode)
        return repo

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def __aenter__(self) -> Repository:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn(raw_connection)` on the connection's own thread: one hop, one transaction.

        aiosqlite has no public API for this; `_execute` and `_conn` are stable internals
        (aiosqlite is pinned, and the tests exercise every path through here).
        """
        raw: sqlite3.Connection = self._conn._conn
        result: Any = await self._conn._execute(fn, raw)  # type: ignore[no-untyped-call]
        return cast(T, result)

    async def _write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        async with self._lock:
            return await self._call(partial(self._guard.run, fn))

    async def check(self) -> StorageHealth:
        """Is the database still the file we opened, and does it take a real write?

        Rewrites the one-row probe table in its own transaction (a few ms with
        synchronous=FULL): for the heartbeat, not for every interaction. A busy database
        (another process holding the write lock past busy_timeout) is reported, not "gone".
        """
        try:
            await self._write(partial(queries.probe, now=self._clock()))
        except StorageGone as exc:
            return StorageHealth(ok=False, problem=exc.problem)
        except sqlite3.Error as exc:
            return StorageHealth(ok=False, problem=f"the database did not take a test write: {exc}")
        return StorageHealth(ok=True)

    # Sessions

    async def create_session(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_key: str,
        host_id: int,
        host_name: str,
        options_json: str,
        seed: int,
        rules_version: int,
        clock_json: str = "{}",
    ) -> SessionRecord:
        """A new LOBBY session at version 0 with the host at seat 0; `ChannelBusy` if taken."""
        return await self._write(
            partial(
                queries.create_session,
                now=self._clock(),
                guild_id=guild_id,
                channel_id=channel_id,
                game_key=game_key,
                host_id=host_id,
                host_name=host_name,
                options_json=options_json,
                seed=seed,
                rules_version=rules_version,
                clock_json=clock_json,
            )
        )

    async def get_session(self, session_id: int) -> SessionRecord:
        return await self._call(partial(queries.get_session, session_id=session_id))

    async def live_session(self, channel_id: int) -> SessionRecord | None:
        """The channel's lobby or active session. `DamagedSession` if its row is unreadable."""
        return await self._call(partial(queries.live_session, channel_id=channel_id))

    async def live_session_id(self, channel_id: int) -> int | None:
        """The id of the channel's live session, from the raw row: never parses, never damaged."""
        return await self._call(partial(queries.live_session_id, channel_id=channel_id))

    async def latest_session(self, channel_id: int) -> SessionRecord | None:
        """The newest session of a channel, live or not (to look back at a finished game)."""
        return await self._call(partial(queries.latest_session, channel_id=channel_id))

    async def ended_sessions(self, channel_id: int, limit: int = 10) -> list[SessionRecord]:
        """The channel's ended games, newest first (for `/game history`)."""
        return await self._call(partial(queries.ended_sessions, channel_id=channel_id, limit=limit))

    async def live_sessions(self) -> list[SessionRecord]:
        """Every readable lobby or active session, oldest first (start-up re-registers views).

        Damaged rows are logged and left out, so one bad row cannot stop the bot starting;
        `live_session_id` still finds them, and `live_session` raises `DamagedSession`.
        """
        return await self._call(queries.live_sessions)

    async def start(
        self,
        session_id: int,
        *,
        expected_version: int,
        state_json: str,
        events_json: str,
        status: SessionStatus = SessionStatus.ACTIVE,
        rules_version: int | None = None,
        clock_json: str | None = None,
    ) -> SessionRecord:
        """LOBBY -> `status`: store the set-up state (and the started clock) and log entry
        seq 0 (actor None).

        `rules_version`, when given, is stored with the set-up state (the rules that actually
        set the game up, if the code changed since the lobby was opened).
        """
        _require(status, (SessionStatus.ACTIVE, SessionStatus.FINISHED), "start")
        return await self._write(
            partial(
                queries.start,
                now=self._clock(),
                session_id=session_id,
                expected_version=expected_version,
                state_json=state_json,
                events_json=events_json,
                status=status,
                rules_version=rules_version,
                clock_json=clock_json,
            )
        )

    async def set_clock(
        self, session_id: int, clock_json: str, *, expected_version: int, bump_version: bool = True
    ) -> SessionRecord:
        """Replace a live session's clock (CAS on version; `bump_version=False` leaves the
        version, and so every button drawn for it, as it is)."""
        return await self._write(
            partial(
                queries.set_clock,
                now=self._clock(),
                session_id=session_id,
                clock_json=clock_json,
                expected_version=expected_version,
                bump_version=bump_version,
            )
        )

    async def record_move(
        self,
        session_id: int,
        *,
        expected_version: int,
        actor: int,
        action_json: str,
        events_json: str,
        state_json: str,
        status: SessionStatus = SessionStatus.ACTIVE,
        rules_version: int | None = None,
        clock_json: str | None = None,
    ) -> SessionRecord:
        """One transaction: CAS on version, new state and status, log entry `last_seq + 1`,
        and the session's clock when given (`clock_json`).

        `rules_version`, when given, becomes the session's stored rules version in the same
        transaction (a game that continues under upgraded rules). When this returns, the move
        is committed with synchronous=FULL: it survives a crash. `StorageGone` if the file is
        gone or refuses writes: then nothing was committed.
        """
        _require(status, (SessionStatus.ACTIVE, SessionStatus.FINISHED), "record_move")
        return await self._write(
            partial(
                queries.record_move,
                now=self._clock(),
                session_id=session_id,
                expected_version=expected_version,
                actor=actor,
                action_json=action_json,
                events_json=events_json,
                state_json=state_json,
                status=status,
                rules_version=rules_version,
                clock_json=clock_json,
            )
        )

    async def end_session(
        self,
        session_id: int,
        *,
        expected_version: int,
        status: SessionStatus = SessionStatus.ABANDONED,
        reason: str = "",
    ) -> SessionRecord:
        """Live -> FINISHED or ABANDONED (frees the channel); `reason` is kept as end_reason."""
        _require(status, (SessionStatus.FINISHED, SessionStatus.ABANDONED), "end_session")
        return await self._write(
            partial(
                queries.end_session,
                now=self._clock(),
                session_id=session_id,
                expected_version=expected_version,
                status=status,
                reason=reason,
            )
        )

    async def end_damaged(self, session_id: int, *, reason: str) -> None:
        """Abandon a session whose row cannot be read, without parsing its state or seats.

        Frees the channel (status 'abandoned', `reason` as end_reason, version moved on); the
        row and its log stay for inspection. No-op for a session already finished or abandoned;
        `SessionNotFound` if there is no such row.
        """
        await self._write(
            partial(queries.end_damaged, now=self._clock(), session_id=session_id, reason=reason)
        )

    # The log

    async def log(
        self, session_id: int, *, after_seq: int = -1, limit: int | None = None
    ) -> list[LogEntry]:
        """Entries with seq > after_seq, in seq order, at most `limit` of them."""
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be >= 0 or None, not {limit}")
        return await self._call(
            partial(queries.log, session_id=session_id, after_seq=after_seq, limit=limit)
        )

    async def moves(self, session_id: int) -> list[LogEntry]:
        """Every move (seq >= 1) in order: with the seed, enough to replay the session."""
        return await self.log(session_id, after_seq=0)

    # Settings and health

    async def get_setting(self, guild_id: int, key: str) -> str | None:
        return await self._call(partial(queries.get_setting, guild_id=guild_id, key=key))

    async def set_setting(self, guild_id: int, key: str, value: str) -> None:
        await self._write(partial(queries.set_setting, guild_id=guild_id, key=key, value=value))

    async def integrity_check(self) -> str:
        return await self._call(queries.integrity_check)

    async def pragma(self, name: str) -> str:
        """Read one pragma's value as text (diagnostics and tests)."""
        if not name.isidentifier():
            raise ValueError(f"not a pragma name: {name!r}")
        row = await self._call(lambda db: db.execute(f"PRAGMA {name}").fetchone())
        return str(row[0])


def _require(status: SessionStatus, allowed: tuple[SessionStatus, ...], method: str) -> None:
    if status not in allowed:
        names = ", ".join(s.value for s in allowed)
        raise ValueError(f"{method} cannot set status {status.value!r}; use one of: {names}")
