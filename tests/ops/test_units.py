"""Settings errors, log formats and the shutdown gate, without a process."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import types
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from bench.driver import boot, shut_down
from bot import shutdown
from bot.shutdown import RESTARTING, Drain
from fakediscord import FakeDiscord
from runtime import logs
from runtime.app import App
from runtime.settings import Settings, describe_errors


def test_log_level_any_case_and_trimmed() -> None:
    assert Settings(log_level=" debug ").log_level == "DEBUG"
    assert Settings(log_format="JSON").log_format == "json"


@pytest.mark.parametrize(
    ("field", "value", "variable", "allowed"),
    [
        ("log_level", "verbose", "REDLINE_LOG_LEVEL", "DEBUG, INFO, WARNING, ERROR, CRITICAL"),
        ("log_format", "xml", "REDLINE_LOG_FORMAT", "text or json"),
        ("render_threads", "0", "REDLINE_RENDER_THREADS", "1 to 16"),
        ("render_timeout", "0", "REDLINE_RENDER_TIMEOUT", "0.1 to 120"),
        ("sync_commands", "perhaps", "REDLINE_SYNC_COMMANDS", "true or false"),
        ("metrics_port", "70000", "REDLINE_METRICS_PORT", "65535"),
        ("fake_discord", "discord.com", "REDLINE_FAKE_DISCORD", "python -m fakediscord"),
    ],
)
def test_every_error_names_the_variable_and_what_it_takes(
    monkeypatch: pytest.MonkeyPatch, field: str, value: str, variable: str, allowed: str
) -> None:
    monkeypatch.setenv(variable, value)
    with pytest.raises(ValidationError) as caught:
        Settings()
    (line,) = describe_errors(caught.value)
    assert line.startswith(f"{variable}={value!r} is not valid")
    assert allowed in line
    assert field not in line.split(" is not valid")[1]


def test_a_bad_token_value_is_never_echoed(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValidationError) as caught:
        Settings(token=12345)  # type: ignore[arg-type]
    assert "12345" not in " ".join(describe_errors(caught.value))


def test_json_formatter_one_object_with_extra_and_traceback() -> None:
    stream = io.StringIO()
    logs.configure("INFO", "json", stream=stream)
    try:
        log = logging.getLogger("redline.test")
        log.info("move saved in %s", "#7", extra={"session_id": 7})
        try:
            raise RuntimeError("boom")
        except RuntimeError:
            log.exception("failed")
        log.debug("hidden")
    finally:
        logs.configure("WARNING", "text")
    first, second = (json.loads(line) for line in stream.getvalue().splitlines())
    assert first["message"] == "move saved in #7"
    assert first["session_id"] == 7
    assert first["level"] == "INFO" and first["logger"] == "redline.test"
    assert first["time"].endswith("+00:00")
    assert "RuntimeError: boom" in second["traceback"]


def test_startup_line_names_everything() -> None:
    line = logs.startup_line(
        database=Path("/data/redline.sqlite3"),
        schema=3,
        games={"dragrage": 2, "spacetruckin": 1},
        shard_id=0,
        shard_count=4,
    )
    assert "/data/redline.sqlite3 (schema 3)" in line
    assert "dragrage (rules 2), spacetruckin (rules 1)" in line
    assert "shard 0 of 4" in line


@contextlib.asynccontextmanager
async def drained_bot(tmp_path: Path) -> AsyncIterator[tuple[FakeDiscord, Any, Any, Any, Drain]]:
    """A booted bot with a Drain of the test's own installed: the fake, a channel, Alice, the
    bot and the drain."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        channel = fake.add_channel(guild)
        alice = fake.add_member(guild, "Alice")
        app = await boot(fake, tmp_path)
        assert app.bot is not None
        drain = Drain()
        drain.install(app.bot)
        try:
            yield fake, channel, alice, app.bot, drain
        finally:
            await shut_down(app)


async def test_closed_gate_answers_restarting_and_runs_nothing(tmp_path: Path) -> None:
    async with drained_bot(tmp_path) as (fake, channel, alice, bot, drain):
        r = await fake.slash(alice, channel, "roll", expression="2d6")
        assert r.responded
        assert drain.taken == 1
        drain.close_gate()
        refused = await fake.slash(alice, channel, "game new", game="dragrage", where="here")
        assert refused.ephemeral
        assert refused.content == RESTARTING
        assert drain.refused == 1
        assert await drain.wait(1.0) == 0
        assert await bot.service.repo.live_session(channel.id) is None


async def test_an_interaction_notes_its_own_tasks_without_listing_every_task(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The drain notes the tasks an interaction starts, no other, and never lists the loop's."""
    listed: list[str] = []

    class Listing(types.ModuleType):
        def __getattr__(self, name: str) -> Any:
            if name == "all_tasks":
                listed.append(name)
            return getattr(asyncio, name)

    async with drained_bot(tmp_path) as (fake, channel, alice, _, drain):
        noted: list[asyncio.Task[Any]] = []
        monkeypatch.setattr(drain, "_track", noted.append)
        monkeypatch.setattr(shutdown, "asyncio", Listing("asyncio"))
        elsewhere = asyncio.create_task(asyncio.Event().wait())
        try:
            r = await fake.slash(alice, channel, "roll", expression="2d6")
            assert r.responded
            assert drain.taken == 1
            assert noted, "the interaction's handler task was not noted"
            assert elsewhere not in noted
            assert listed == []
        finally:
            elsewhere.cancel()


async def test_the_state_cache_is_bounded_by_its_setting(tmp_path: Path) -> None:
    """REDLINE_STATE_CACHE_MB is the bound of the bot's state cache, in megabytes."""
    settings = Settings(token="t", data_dir=tmp_path, state_cache_mb=3, render_processes=0)
    app = App(settings)
    try:
        bot = await app.open()
        assert bot.service._cache.max_bytes == 3 * 1024 * 1024
    finally:
        await app.close()
