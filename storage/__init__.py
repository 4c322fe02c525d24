"""Persistence for sessions, their move logs and guild settings (SQLite via aiosqlite)."""

from storage.errors import (
    AlreadySeated,
    ChannelBusy,
    MigrationError,
    NotSeated,
    SchemaTooNew,
    SessionNotFound,
    StaleVersion,
    StorageError,
    WrongStatus,
)
from storage.models import LogEntry, SeatRecord, SessionRecord, SessionStatus
from storage.repository import Repository

__all__ = [
    "AlreadySeated",
    "ChannelBusy",
    "LogEntry",
    "MigrationError",
    "NotSeated",
    "Repository",
    "SchemaTooNew",
    "SeatRecord",
    "SessionNotFound",
    "SessionRecord",
    "SessionStatus",
    "StaleVersion",
    "StorageError",
    "WrongStatus",
]
