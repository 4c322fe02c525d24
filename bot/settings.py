"""Settings from the environment (pydantic-settings). Built once in `__main__` and injected."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything an admin can configure; every variable starts with REDLINE_."""

    model_config = SettingsConfigDict(env_prefix="REDLINE_", env_file=".env", extra="ignore")

    token: SecretStr | None = Field(default=None, description="Bot token from the Developer Portal")
    data_dir: Path = Field(default=Path("data"), description="Folder for the SQLite database")
    database_file: str = Field(default="redline.sqlite3", description="Database file name")
    dev_guild: int | None = Field(
        default=None, description="Guild id for instant command sync while developing"
    )
    sync_commands: bool = Field(
        default=True, description="Sync slash commands at start-up when the command set changed"
    )
    log_level: str = Field(default="INFO")
    render_threads: int = Field(default=2, ge=1, le=16, description="Threads that draw images")
    tick_seconds: float = Field(
        default=30.0,
        ge=0,
        le=3600,
        description="How often reminders and deadlines are checked (0: never, for tests)",
    )

    @property
    def database_path(self) -> Path:
        return self.data_dir / self.database_file
