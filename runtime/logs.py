"""Logging an admin can read and search: one format for the whole process, the start-up line.

`configure` sets the root logger once: `text` is one line per event
(`2026-01-02 03:04:05,678 INFO bot.client: ...`), `json` one JSON object per line with `time`
(UTC, ISO 8601), `level`, `logger`, `message`, and `traceback` when there is one, plus any
`extra=` fields a caller attached (`session_id`, ...), for log shippers (Loki, journald, ELK).
"""

from __future__ import annotations

import json
import logging
import platform
import sys
from collections.abc import Mapping
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

# The attributes every LogRecord has; anything else on a record came from `extra=`.
_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message",
    "asctime",
    "taskName",
}

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    """One JSON object per line; never raises on odd `extra` values (they become strings)."""

    def format(self, record: logging.LogRecord) -> str:
        body: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                body[key] = value
        if record.exc_info:
            body["traceback"] = self.formatException(record.exc_info)
        if record.stack_info:
            body["stack"] = self.formatStack(record.stack_info)
        return json.dumps(body, default=str, ensure_ascii=False)


def configure(level: str, fmt: str = "text", *, stream: Any = None) -> None:
    """Set up the root logger (replacing any handlers) at `level` in format `fmt`."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    formatter: logging.Formatter = (
        JsonFormatter() if fmt == "json" else logging.Formatter(TEXT_FORMAT)
    )
    handler.setFormatter(formatter)
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    # aiohttp's access log and discord.py's per-request debug lines drown everything at DEBUG.
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)


def version() -> str:
    """The installed Redline version ("unknown" when run from a tree that was never installed)."""
    try:
        return metadata.version("redline")
    except metadata.PackageNotFoundError:
        return "unknown"


def startup_line(
    *,
    database: Path | str,
    schema: int,
    games: Mapping[str, int],
    shard_id: int | None = None,
    shard_count: int | None = None,
    shards: str | None = None,
) -> str:
    """The one line that says what is starting: version, database, schema, games, shards
    (`shards` in words, e.g. "shards 0,1 of 4"; None with no count: as Discord recommends)."""
    rules = ", ".join(f"{key} (rules {ver})" for key, ver in games.items()) or "none"
    if shards is None:
        shards = _shards_in_words(shard_id, shard_count)
    return (
        f"Redline {version()} starting: database {_where(database)} (schema {schema}); "
        f"games: {rules}; {shards}; Python {platform.python_version()}"
    )


def _shards_in_words(shard_id: int | None, shard_count: int | None) -> str:
    if shard_count is None and shard_id is None:
        return "shards: auto (as many as Discord recommends, 1 for a small bot)"
    if shard_count is None or shard_count <= 1:
        return "single shard" if shard_id is None else f"shard {shard_id}"
    return f"shard {shard_id if shard_id is not None else 'auto'} of {shard_count}"


def _where(database: Path | str) -> str:
    """An SQLite file as an absolute path; a PostgreSQL URL (already without password) as is."""
    return str(database.resolve()) if isinstance(database, Path) else database
