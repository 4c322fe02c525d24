"""Persistence for sessions, their move logs and guild settings: SQLite via aiosqlite (the
default) or PostgreSQL via asyncpg (a `postgresql://` URL), behind one `Repository`."""

from storage.errors import (
    AlreadyRunning,
    AlreadySeated,
    ChannelBusy,
    CommitUnknown,
    DamagedSession,
    DatabaseUnreachable,
    MigrationError,
    NotSeated,
    SchemaTooNew,
    SessionNotFound,
    StaleVersion,
    StorageError,
    StorageGone,
    WrongStatus,
)
from storage.lock import InstanceLock
from storage.models import (
    LogEntry,
    SeatRecord,
    SessionRecord,
    SessionSeed,
    SessionStatus,
    StorageHealth,
)
from storage.queries.members import GameRewrite
from storage.queries.ratings import Finisher, Meeting, Rate, RatingRow, ResultRow, Skill
from storage.queries.seasons import SeasonCredit, SeasonMember, SeasonRow
from storage.repository import Repository

__all__ = [
    "AlreadyRunning",
    "AlreadySeated",
    "ChannelBusy",
    "CommitUnknown",
    "DamagedSession",
    "DatabaseUnreachable",
    "Finisher",
    "GameRewrite",
    "InstanceLock",
    "LogEntry",
    "Meeting",
    "MigrationError",
    "NotSeated",
    "Rate",
    "RatingRow",
    "Repository",
    "ResultRow",
    "SchemaTooNew",
    "SeasonCredit",
    "SeasonMember",
    "SeasonRow",
    "SeatRecord",
    "SessionNotFound",
    "SessionRecord",
    "SessionSeed",
    "SessionStatus",
    "Skill",
    "StaleVersion",
    "StorageError",
    "StorageGone",
    "StorageHealth",
    "WrongStatus",
]
