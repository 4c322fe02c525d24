"""The async repository the bot's service talks to: sessions, seats, the move log, settings.

Two backends run the same transaction scripts (`storage.queries`, written once over the
`storage.db.Db` seam) behind this one contract: SQLite (`storage.sqlite_backend`, the default:
a file, nothing to install) and PostgreSQL (`storage.pg.backend`, selected by a
`postgresql://` URL). Every method is one transaction. Saves are compare-and-swap on `version`:
the caller passes the version it read, and a write that lost the race raises `StaleVersion`
instead of clobbering the winner, whichever process the winner was in.

The seat and lobby methods are in `storage.lobby_store`, the reminder, prefs and vacation ones
in `storage.absence_store`, the take-back ones in `storage.takeback_store`, secret and saved
rolls in `storage.dice_store`, the turn message in `storage.turn_store`, ratings and results
in `storage.rating_store`, a member's own data (export, forget) in
`storage.member_store`, seasons in `storage.season_store`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Protocol, TypeVar

from storage import queries, retention
from storage.absence_store import AbsenceStore
from storage.db import Db, Dialect
from storage.dice_store import DiceStore
from storage.due_store import DueStore
from storage.errors import StorageError, StorageGone
from storage.lobby_store import LobbyStore
from storage.member_store import MemberStore
from storage.migrate import Migration
from storage.models import LogEntry, SessionRecord, SessionSeed, SessionStatus, StorageHealth
from storage.opening import DEFAULT_BUSY_TIMEOUT_MS, OPEN_BUSY_RETRY_S
from storage.rating_store import RatingStore
from storage.season_store import SeasonStore
from storage.sqlite_backend import SqliteBackend
from storage.takeback_store import TakeBackStore
from storage.turn_store import TurnStore

log = logging.getLogger(__name__)

T = TypeVar("T")

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
DEFAULT_PG_POOL = 4


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


class Backend(Protocol):
    """Runs one transaction script (`fn(db)`) and hands back its result."""

    dialect: Dialect

    async def call(self, fn: Callable[[Db], T]) -> T: ...
    async def write(self, fn: Callable[[Db], T]) -> T: ...
    async def close(self) -> None: ...
    def reconnect(self) -> None: ...
    def health_problem(self, exc: BaseException) -> str | None: ...


class Repository(
    AbsenceStore,
    DiceStore,
    DueStore,
    LobbyStore,
    MemberStore,
    RatingStore,
    SeasonStore,
    TakeBackStore,
    TurnStore,
):
    """Use `await Repository.open(path_or_url)`; `close()` when done (or `async with`)."""

    def __init__(self, backend: Backend, *, clock: Callable[[], float]) -> None:
        self._backend = backend
        self._clock = clock

    @classmethod
    async def open(
        cls,
        target: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
        busy_retry_s: float = OPEN_BUSY_RETRY_S,
        migrations: Sequence[Migration] | None = None,
        pool_size: int = DEFAULT_PG_POOL,
    ) -> Repository:
        """Connect and migrate. Raises `SchemaTooNew` for a newer database.

        `target` is an SQLite file path (or `sqlite:///path`, or ':memory:') or a
        `postgresql://user@host:port/database` URL (`pool_size` worker threads with one
        connection each; `DatabaseUnreachable` if it cannot be used).
        SQLite: a file another process is creating or migrating at the same moment is waited
        for (retried with backoff for up to `busy_retry_s`), never reported as "database is
        locked". PostgreSQL: concurrent starts migrate once (an advisory lock).
        """
        backend: Backend
        if is_postgres_url(target):
            from storage.pg.backend import PgBackend

            backend = await PgBackend.open(str(target), migrations=migrations, pool_size=pool_size)
        else:
            path = target
            if isinstance(target, str) and target.startswith("sqlite:///"):
                path = target.removeprefix("sqlite:///")  # sqlite:////abs or sqlite:///rel
            backend = await SqliteBackend.open(
                path,
                busy_timeout_ms=busy_timeout_ms,
                busy_retry_s=busy_retry_s,
                migrations=migrations,
            )
        return cls(backend, clock=clock)

    @property
    def dialect(self) -> Dialect:
        """Which backend this repository runs on: sqlite or postgres."""
        return self._backend.dialect

    async def close(self) -> None:
        await self._backend.close()

    async def __aenter__(self) -> Repository:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def reconnect(self) -> None:
        """Replace every pooled connection before its next use (after an outage, so nothing
        runs on a connection opened before the database came back). SQLite: nothing to do."""
        self._backend.reconnect()

    async def _call(self, fn: Callable[[Db], T]) -> T:
        """Run one transaction script `fn(db)` (a read, or a write not needing the guard)."""
        return await self._backend.call(fn)

    async def _write(self, fn: Callable[[Db], T]) -> T:
        """Run one write transaction script; `StorageGone` if storage refuses writes."""
        return await self._backend.write(fn)

    async def check(self) -> StorageHealth:
        """Does the database still take a real write (and, SQLite, is it still our file)?

        Rewrites the one-row probe table in its own transaction (a few ms with synchronous
        commits): for the heartbeat, not for every interaction. A problem that may clear by
        itself (a server restarting, a full disk, another process holding the write lock past
        busy_timeout) is reported with `lasting=False`.
        """
        try:
            await self._write(partial(queries.probe, now=self._clock()))
        except StorageGone as exc:
            return StorageHealth(ok=False, problem=exc.problem, lasting=exc.lasting)
        except Exception as exc:
            problem = self._backend.health_problem(exc)
            if problem is None:
                raise
            return StorageHealth(ok=False, problem=problem)
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

    async def session_seed(self, session_id: int) -> SessionSeed | None:
        """A session's seed and whether untagged buttons are its own (None: no such session):
        one small read, for checking a pressed button's game tag before anything else."""
        return await self._call(partial(queries.session_seed, session_id=session_id))

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

    async def live_sessions_in_guild(self, guild_id: int) -> list[SessionRecord]:
        """One server's readable lobbies and active sessions, oldest first (an index read,
        not every server's games); damaged rows are left out as in `live_sessions`."""
        return await self._call(partial(queries.live_sessions_in_guild, guild_id=guild_id))

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
        self,
        session_id: int,
        clock_json: str,
        *,
        expected_version: int,
        bump_version: bool = True,
        expected_clock: str | None = None,
    ) -> SessionRecord:
        """Replace a live session's clock (CAS on version, and on the clock itself when
        `expected_clock` is given; `bump_version=False` leaves the version, and so every
        button drawn for it, as it is)."""
        return await self._write(
            partial(
                queries.set_clock,
                now=self._clock(),
                session_id=session_id,
                clock_json=clock_json,
                expected_version=expected_version,
                bump_version=bump_version,
                expected_clock=expected_clock,
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
        gone or refuses writes: then nothing was committed. `CommitUnknown` (PostgreSQL) if the
        connection was lost during COMMIT: then `settled_step` tells whether it landed.
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

    async def settled_step(
        self, session_id: int, *, seq: int
    ) -> tuple[SessionRecord, LogEntry | None] | None:
        """After a COMMIT whose answer was lost: the session and its log entry `seq` (None if
        that step is not in the log), read once no transaction is still writing the session.
        None while one still is (its COMMIT is in flight): ask again a little later."""
        return await self._call(partial(queries.settled_step, session_id=session_id, seq=seq))

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

    async def prune(self, archive: Path, *, older_than: float) -> list[int]:
        """Archive (gzip JSON lines in `archive`) and delete ended sessions unchanged for
        `older_than` seconds, in one transaction; returns their ids. See `storage.retention`."""
        now = self._clock()
        return await self._write(
            partial(retention.prune, archive=archive, cutoff=now - older_than, now=now)
        )

    async def integrity_check(self) -> str:
        return await self._call(queries.integrity_check)

    async def pragma(self, name: str) -> str:
        """Read one SQLite pragma's value as text (diagnostics and tests; SQLite only)."""
        if self.dialect != "sqlite":
            raise StorageError("pragmas are SQLite's; this repository is on PostgreSQL")
        if not name.isidentifier():
            raise ValueError(f"not a pragma name: {name!r}")
        row = await self._call(lambda db: db.execute(f"PRAGMA {name}").fetchone())
        return str(row[0])


def _require(status: SessionStatus, allowed: tuple[SessionStatus, ...], method: str) -> None:
    if status not in allowed:
        names = ", ".join(s.value for s in allowed)
        raise ValueError(f"{method} cannot set status {status.value!r}; use one of: {names}")
