"""Storage errors, named by cause. Messages are for logs; the service words what players see."""

from __future__ import annotations


class StorageError(Exception):
    """Base of everything the repository raises on purpose."""


class SessionNotFound(StorageError):
    def __init__(self, session_id: int) -> None:
        super().__init__(f"no session with id {session_id}")
        self.session_id = session_id


class ChannelBusy(StorageError):
    """A live (lobby or active) session already exists in that channel or thread."""

    def __init__(self, channel_id: int, session_id: int) -> None:
        super().__init__(f"channel {channel_id} already has live session {session_id}")
        self.channel_id = channel_id
        self.session_id = session_id


class StaleVersion(StorageError):
    """Compare-and-swap failed: someone wrote the session since the caller read it."""

    def __init__(self, session_id: int, *, expected: int, actual: int) -> None:
        super().__init__(
            f"session {session_id} is at version {actual}, not the expected {expected}"
        )
        self.session_id = session_id
        self.expected = expected
        self.actual = actual


class WrongStatus(StorageError):
    """The session is not in a status that allows this write (e.g. joining a running game)."""

    def __init__(self, session_id: int, *, status: str, allowed: tuple[str, ...]) -> None:
        super().__init__(
            f"session {session_id} is {status}; this needs it to be {' or '.join(allowed)}"
        )
        self.session_id = session_id
        self.status = status
        self.allowed = allowed


class AlreadySeated(StorageError):
    def __init__(self, session_id: int, user_id: int, seat: int) -> None:
        super().__init__(f"user {user_id} already sits at seat {seat} of session {session_id}")
        self.session_id = session_id
        self.user_id = user_id
        self.seat = seat


class NotSeated(StorageError):
    def __init__(self, session_id: int, user_id: int) -> None:
        super().__init__(f"user {user_id} has no seat in session {session_id}")
        self.session_id = session_id
        self.user_id = user_id


class SchemaTooNew(StorageError):
    """The database was written by newer code: refuse rather than guess at its schema."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(
            f"database schema version {found} is newer than this build knows ({known}); "
            "run a newer Redline or restore a backup"
        )
        self.found = found
        self.known = known


class MigrationError(StorageError):
    """The bundled migration files are malformed (misnumbered, missing a reason line)."""


class StorageGone(StorageError):
    """The database cannot be used right now: nothing was written (but see `CommitUnknown`).

    `lasting`: only a restart helps. The SQLite file was deleted, replaced, made read-only or is
    failing: the write guard then refuses every later write until the process restarts (and
    reopens the path). Otherwise (PostgreSQL restarting or unreachable, "too many clients", a
    full disk, a lock held past the busy timeout) it may clear by itself: the bot pauses its
    games, probes again with backoff and resumes once a test write succeeds.
    """

    def __init__(self, problem: str, *, lasting: bool = False) -> None:
        super().__init__(problem)
        self.problem = problem
        self.lasting = lasting


class CommitUnknown(StorageGone):
    """The connection was lost while COMMIT was under way: the write may or may not have
    landed. Read the session back to learn which (`Repository.settled_step`)."""


class DatabaseUnreachable(StorageError):
    """PostgreSQL could not be used at start-up (unreachable, wrong credentials, no such
    database, not allowed to create the tables). The message says what to check."""

    def __init__(self, url: str, cause: BaseException) -> None:
        super().__init__(
            f"cannot use the PostgreSQL database {url} ({type(cause).__name__}: {cause}). "
            "Check REDLINE_DATABASE_URL, that the server runs and is reachable from here, and "
            "that the user may log in and owns the database (docs/deploy.md, PostgreSQL)"
        )
        self.url = url


class DamagedSession(StorageError):
    """A session row (or one of its seats) cannot be read back as a valid record.

    Carries what could be read raw, so the caller can tell the channel and `end_damaged` it.
    """

    def __init__(
        self,
        session_id: int,
        *,
        channel_id: int | None,
        game_key: str | None,
        status: str | None,
        reason: str,
        host_id: int | None = None,
        seat_ids: tuple[int, ...] = (),
    ) -> None:
        super().__init__(
            f"session {session_id} (channel {channel_id}, game {game_key!r}, status {status!r})"
            f" is damaged: {reason}"
        )
        self.session_id = session_id
        self.channel_id = channel_id
        self.game_key = game_key
        self.status = status
        self.reason = reason
        self.host_id = host_id
        """The host, if its id is readable (who may end the damaged session)."""
        self.seat_ids = seat_ids
        """The seated players whose ids are readable (they may end it too)."""


class AlreadyRunning(StorageError):
    """Another live process holds the data folder's instance lock."""

    def __init__(self, data_dir: str, holder: str) -> None:
        super().__init__(
            f"another Redline ({holder}) is using data folder {data_dir}; stop it first, "
            "or point REDLINE_DATA_DIR elsewhere"
        )
        self.data_dir = data_dir
        self.holder = holder
