"""Settings from the environment (pydantic-settings). Built once in `__main__` and injected.

Every field is the environment variable `REDLINE_<FIELD>` (case-insensitive), also read from a
`.env` file in the working directory. `describe_errors` turns a ValidationError into lines that
name the variable, what it was given and the values it accepts: an admin never sees a field
name like `render_threads` or a pydantic traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from runtime.render_slots import DEFAULT_TIMEOUT
from table.statecache import DEFAULT_MAX_BYTES

ENV_PREFIX = "REDLINE_"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")


MB = 1024 * 1024
"""Bytes in a megabyte (REDLINE_STATE_CACHE_MB)."""
DEFAULT_ACK_BUDGET = 0.5
"""Seconds a press's answer may take to be its interaction's one callback (REDLINE_ACK_BUDGET):
well inside Discord's 3 s, and short enough that a press whose answer takes longer is still
seen taken within half a second."""


class Settings(BaseSettings):
    """Everything an admin can configure; every variable starts with REDLINE_."""

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, env_file=".env", extra="ignore")

    token: SecretStr | None = Field(default=None, description="Bot token from the Developer Portal")
    data_dir: Path = Field(default=Path("data"), description="Folder for the SQLite database")
    database_file: str = Field(default="redline.sqlite3", description="Database file name")
    database_url: SecretStr | None = Field(
        default=None,
        description="postgresql://user:password@host:port/db selects PostgreSQL; sqlite:///path "
        "an SQLite file; unset: the SQLite file DATA_DIR/DATABASE_FILE",
    )
    dev_guild: int | None = Field(
        default=None, description="Guild id for instant command sync while developing"
    )
    sync_commands: bool = Field(
        default=True, description="Sync slash commands at start-up when the command set changed"
    )
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING, ERROR or CRITICAL")
    log_format: Literal["text", "json"] = Field(
        default="text", description="text (one line per event) or json (one object per line)"
    )
    render_threads: int = Field(default=2, ge=1, le=16, description="Threads that draw images")
    render_processes: int | None = Field(
        default=None,
        ge=0,
        le=32,
        description="Processes that draw images (unset: one per core, at most 4; 0 or 1: none)",
    )
    render_timeout: float = Field(
        default=DEFAULT_TIMEOUT,
        ge=0.1,
        le=120,
        description="Seconds a drawing may take (waiting included) before the position is "
        "shown in text instead",
    )
    ack_budget: float = Field(
        default=DEFAULT_ACK_BUDGET,
        ge=0,
        le=2.0,
        description="Seconds a press's answer may take to be Discord's one reply to it; past "
        "it the press is acknowledged first and answered after (0: always acknowledge first)",
    )
    tick_seconds: float = Field(
        default=30.0,
        ge=0,
        le=3600,
        description="How often reminders and deadlines are checked (0: never, for tests)",
    )
    shutdown_grace: float = Field(
        default=5.0,
        ge=0,
        le=60,
        description="Seconds a stop (SIGTERM, Ctrl-C) waits for moves in flight to finish",
    )
    backup_hours: float = Field(
        default=24.0,
        ge=0,
        le=24 * 365,
        description="Hours between automatic backups into DATA_DIR/backups (0: never)",
    )
    backup_keep: int = Field(
        default=7, ge=1, le=1000, description="Backups kept (the oldest are deleted)"
    )
    retention_days: float = Field(
        default=0,
        ge=0,
        le=36500,
        description="Days a finished game is kept before it is exported and removed (0: forever)",
    )
    state_cache_mb: int = Field(
        default=DEFAULT_MAX_BYTES // MB,
        ge=1,
        le=65536,
        description="Megabytes of live games' decoded states kept in memory (an estimate; past "
        "it the least recently played are decoded again at their next press)",
    )
    metrics_port: int | None = Field(
        default=None,
        ge=1,
        le=65535,
        description="Serve Prometheus metrics on this port (off when unset)",
    )
    metrics_host: str = Field(
        default="127.0.0.1", description="Address the metrics port listens on"
    )
    shard_count: int | None = Field(
        default=None,
        ge=1,
        le=4096,
        description="Shards in the whole deployment (unset: the count Discord recommends)",
    )
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        default=None,
        description="The shards this process runs, e.g. 0,1 (unset: all of them; "
        "needs REDLINE_SHARD_COUNT)",
    )
    fake_discord: str | None = Field(
        default=None,
        pattern=r"^https?://[^/\s]+/?$",
        description="For development: http://127.0.0.1:PORT of `python -m fakediscord`",
    )

    @field_validator("database_url")
    @classmethod
    def _known_scheme(cls, value: SecretStr | None) -> SecretStr | None:
        if value is None:
            return None
        url = value.get_secret_value().strip()
        if not url:
            return None
        if not url.startswith(("postgresql://", "postgres://", "sqlite:///")):
            raise ValueError("not a postgresql:// or sqlite:/// URL")
        return SecretStr(url)

    @field_validator("log_level", mode="before")
    @classmethod
    def _known_level(cls, value: object) -> object:
        if isinstance(value, str) and value.strip().upper() in LOG_LEVELS:
            return value.strip().upper()
        raise ValueError("not a log level")

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower_format(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [p.strip() for p in value.split(",") if p.strip()]
            return tuple(int(p) for p in parts) if parts else None
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        ids = self.shard_ids
        if ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("REDLINE_SHARD_IDS needs REDLINE_SHARD_COUNT")
        if len(set(ids)) != len(ids) or any(not 0 <= i < self.shard_count for i in ids):
            raise ValueError(
                f"REDLINE_SHARD_IDS must be distinct numbers from 0 to {self.shard_count - 1}"
            )
        return self

    @property
    def render_pool_size(self) -> int:
        """Render processes to start: the setting, or one per core; 0 or 1 means none."""
        from runtime.render_pool import default_size

        size = default_size() if self.render_processes is None else self.render_processes
        return size if size >= 2 else 0

    @property
    def database_path(self) -> Path:
        """The SQLite file (REDLINE_DATABASE_URL=sqlite:///path, or DATA_DIR/DATABASE_FILE)."""
        url = self.database_url.get_secret_value() if self.database_url else ""
        if url.startswith("sqlite:///"):
            return Path(url.removeprefix("sqlite:///"))
        return self.data_dir / self.database_file

    @property
    def uses_postgres(self) -> bool:
        return (
            self.database_url is not None
            and not self.database_url.get_secret_value().startswith("sqlite:///")
        )

    @property
    def database_target(self) -> str | Path:
        """What `Repository.open` takes: the PostgreSQL URL, or the SQLite file."""
        if self.uses_postgres and self.database_url is not None:
            return self.database_url.get_secret_value()
        return self.database_path

    @property
    def database_label(self) -> str:
        """The database for logs and messages (a PostgreSQL URL without its password)."""
        if self.uses_postgres and self.database_url is not None:
            from storage.pg.backend import safe_url

            return safe_url(self.database_url.get_secret_value())
        return str(self.database_path)

    @property
    def backup_dir(self) -> Path:
        return self.data_dir / "backups"

    @property
    def archive_dir(self) -> Path:
        return self.data_dir / "archive"


# What each variable accepts, in words an admin can act on (shown with every error about it).
ALLOWED: dict[str, str] = {
    "token": "the bot token from the Developer Portal",
    "data_dir": "a folder path the bot may write to",
    "database_file": "a file name inside REDLINE_DATA_DIR",
    "database_url": "postgresql://user:password@host:port/database, sqlite:///path/to/file, "
    "or unset (the SQLite file in REDLINE_DATA_DIR)",
    "dev_guild": "a server id (a number), or unset",
    "sync_commands": "true or false",
    "log_level": ", ".join(LOG_LEVELS) + " (any case)",
    "log_format": " or ".join(LOG_FORMATS),
    "render_threads": "a whole number from 1 to 16",
    "render_processes": "a whole number from 0 to 32 (0 or 1: draw in the bot's own process), "
    "or unset (one per core, at most 4)",
    "render_timeout": "seconds from 0.1 to 120",
    "ack_budget": "seconds from 0 to 2 (0: acknowledge every press first)",
    "tick_seconds": "seconds from 0 to 3600 (0: never)",
    "shutdown_grace": "seconds from 0 to 60",
    "backup_hours": "hours from 0 to 8760 (0: no automatic backups)",
    "backup_keep": "a whole number from 1 to 1000",
    "retention_days": "days from 0 to 36500 (0: keep finished games forever)",
    "state_cache_mb": "a whole number of megabytes from 1 to 65536",
    "metrics_port": "a port number from 1 to 65535, or unset (off)",
    "metrics_host": "an address such as 127.0.0.1 or 0.0.0.0",
    "shard_count": "a whole number from 1 to 4096, or unset (Discord's recommendation)",
    "shard_ids": "shard numbers separated by commas (e.g. 0,1), each below "
    "REDLINE_SHARD_COUNT, or unset (all shards)",
    "fake_discord": "http://127.0.0.1:PORT as printed by `python -m fakediscord`, or unset",
}

SECRET_FIELDS = frozenset({"token", "database_url"})


def env_name(field: str) -> str:
    return f"{ENV_PREFIX}{field.upper()}"


def describe_errors(exc: ValidationError) -> list[str]:
    """One line per bad variable: its name, what it was given, and what it accepts."""
    lines: list[str] = []
    seen: set[str] = set()
    for error in exc.errors():
        if not error.get("loc"):  # a rule across variables (the shards): its message says it all
            lines.append(str(error.get("msg", "")).removeprefix("Value error, ") + ".")
            continue
        field = str(error["loc"][0])
        if field in seen:
            continue
        seen.add(field)
        given = error.get("input")
        shown = "(hidden)" if field in SECRET_FIELDS else repr(given)
        allowed = ALLOWED.get(field, "see README.md, Configuration")
        lines.append(f"{env_name(field)}={shown} is not valid: use {allowed}.")
    return lines
