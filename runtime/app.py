"""The process around the Discord client: what it opens, builds, reports and closes.

`App(settings)` opens nothing yet. `await app.open()` takes the data folder's instance lock,
opens the database (`Repository.open`) and builds the service, the renderer, the host and the
client (`RedlineBot`, given its own options as a `BotConfig` and the table it carries).
`await app.run(token)` opens, logs in (the client's setup: cogs, command sync), starts the
heartbeat and stays connected until the client is closed; then it closes what the process
opened (`close`). Every way of running the bot goes through here: `python -m bot`
(`runtime.main`) and the harness of tests and benchmarks (`bench.driver.boot`).

The heartbeat: every HEARTBEAT_EVERY seconds, and at once when a shard connects or
disconnects, storage is probed (a failed probe pauses every game until one succeeds, see
`table/outage.py`) and `runtime.health.write_heartbeat` records what storage and the client
report (every shard connected and ready: "health means connected") for the Docker health check
(`python -m runtime.health`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from bot.client import BotConfig, RedlineBot
from bot.shards import ShardScope
from bot.shutdown import Drain
from bot.table import Table
from bot.workload import Workload
from games.registry import GAMES
from render.registry import RENDERERS
from runtime.health import HEARTBEAT_EVERY, HEARTBEAT_FILE, write_heartbeat
from runtime.logs import startup_line
from runtime.rendering import Renderer
from runtime.settings import MB, Settings
from storage import InstanceLock, Repository
from storage.backup import known_schema
from table import ratings
from table.dice import VERBS as DICE_BUTTONS
from table.host import Host
from table.leaderboard import VERBS as LEADERBOARD_BUTTONS
from table.members import VERBS as FORGET_BUTTONS
from table.registry import TABLES
from table.seasons import VERBS as SEASON_BUTTONS
from table.service import GameService

log = logging.getLogger(__name__)

COMMAND_HASH_KEY = "command_hash"
STARTING = "starting"


def bot_config(settings: Settings) -> BotConfig:
    """The client's own options, out of the process's settings."""
    return BotConfig(
        sync_commands=settings.sync_commands,
        dev_guild=settings.dev_guild,
        tick_seconds=settings.tick_seconds,
        shard_count=settings.shard_count,
        shard_ids=settings.shard_ids,
        shutdown_grace=settings.shutdown_grace,
        ack_budget=settings.ack_budget,
    )


class CommandDigests:
    """The digest of the slash commands last synced, kept in the database's settings (the
    client syncs only when it changed: Discord limits how often commands are created)."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    async def synced(self, scope: int) -> str | None:
        return await self.repo.get_setting(scope, COMMAND_HASH_KEY)

    async def remember(self, scope: int, digest: str) -> None:
        await self.repo.set_setting(scope, COMMAND_HASH_KEY, digest)


class App:
    """One Redline process: its storage, its renderer, its client, its heartbeat.

    `instance_lock`: the data folder's lock when the caller took it already (`runtime.main`
    takes it before the event loop starts); otherwise `open` takes it and `close` releases it.
    `seed_source` and `clock` go to the service (tests fix seeds and move time); `options`
    to discord.py.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        instance_lock: InstanceLock | None = None,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
        **options: Any,
    ) -> None:
        self.settings = settings
        self.workload = Workload()
        """What the client is still doing (see `bot/workload.py`)."""
        self.drain = Drain(self.workload)
        """The gate every interaction enters (a stop closes it before anything else)."""
        self.repo: Repository | None = None
        self.renderer: Renderer | None = None
        self.bot: RedlineBot | None = None
        self.closing = False
        """Set once a stop began (a start still opening storage then stops there)."""
        self._closed_once = asyncio.Lock()
        self._bot_started = False
        """The client began to log in (discord.py can close only a client that did)."""
        self._bot_closed = False
        self._lock = instance_lock
        self._owns_lock = instance_lock is None
        self._seed_source = seed_source
        self._clock = clock
        self._options = options
        self._heartbeat: asyncio.Task[None] | None = None
        self.task: asyncio.Task[None] | None = None
        """The task running `run`, where the caller keeps it (the test harness does)."""
        self._last_gateway_problem: str | None = STARTING

    async def open(self) -> RedlineBot:
        """Take the instance lock, open the database, build the table and the client."""
        settings = self.settings
        if self._lock is None:  # one process per data folder
            self._lock = InstanceLock.acquire(settings.data_dir)
        self.repo = await Repository.open(settings.database_target, clock=self._clock)
        log.info(self._startup_line())  # version, database, schema, games, shards
        service = GameService(
            self.repo,
            GAMES,
            seed_source=self._seed_source,
            clock=self._clock,
            cache_bytes=settings.state_cache_mb * MB,
        )
        await ratings.count_missed(self.repo, service.by_id)  # games a stop left uncounted
        self.renderer = Renderer(
            RENDERERS,
            threads=settings.render_threads,
            processes=settings.render_pool_size,
            timeout=settings.render_timeout,
        )
        # Buttons of no game: a secret roll's, a leaderboard page, forgetting, the next race.
        buttons = (DICE_BUTTONS, LEADERBOARD_BUTTONS, FORGET_BUTTONS, SEASON_BUTTONS)
        host = Host(service, TABLES, drawer=self.renderer, extra_verbs=buttons)
        table = Table(host, self.renderer, workload=self.workload)
        self.bot = RedlineBot(
            bot_config(settings),
            table,
            digests=CommandDigests(self.repo),
            drain=self.drain,
            **self._options,
        )
        return self.bot

    def _startup_line(self) -> str:
        settings = self.settings
        return startup_line(
            database=settings.database_label if settings.uses_postgres else settings.database_path,
            schema=known_schema(),
            games={key: spec.rules_version for key, spec in GAMES.items()},
            shards=ShardScope.of(settings.shard_count, settings.shard_ids).describe()
            if settings.shard_count is not None
            else None,
        )

    async def run(self, token: str) -> None:
        """Open, log in, beat, and stay connected until the client is closed; then close
        everything (also when a step fails: the caller reads why from the exception)."""
        try:
            bot = self.bot or await self.open()
            if self.closing:  # a stop came while storage was opening
                return
            self._bot_started = True
            await bot.login(token)
            self._heartbeat = asyncio.create_task(self._beat(bot), name="heartbeat")
            await bot.connect()
        finally:
            await self.close()

    async def close(self) -> None:
        """The client's bounded stop (`RedlineBot.close`), then the renderer, the database
        and the instance lock, in that order: nothing is drawn or saved on a closed one.
        Each is closed once, whoever calls first (the stop, or `run` as it ends)."""
        self.closing = True
        async with self._closed_once:
            if self._heartbeat is not None:
                self._heartbeat.cancel()
            if self.bot is not None:
                self.bot.service.outage.close()
            if self.bot is not None and self._bot_started and not self._bot_closed:
                self._bot_closed = True
                await self.bot.close()
            renderer, self.renderer = self.renderer, None
            if renderer is not None:
                renderer.close()
            repo, self.repo = self.repo, None
            if repo is not None:
                await repo.close()
            if self._lock is not None and self._owns_lock:
                self._lock.release()
                self._lock = None

    # ----- the heartbeat ----------------------------------------------------------------------

    async def _beat(self, bot: RedlineBot) -> None:
        """Beat every HEARTBEAT_EVERY seconds, and at once when a shard connects or
        disconnects (the health check learns of it now, not a heartbeat later)."""
        while not bot.is_closed():
            bot.gateway_changed.clear()
            await self.beat_once()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(bot.gateway_changed.wait(), HEARTBEAT_EVERY)

    async def beat_once(self) -> None:
        """Probe storage, then write what storage and the client report."""
        bot = self.bot
        assert bot is not None, "the heartbeat starts once the client is built"
        await bot.service.outage.probe()
        gateway = bot.gateway_problem()
        self._log_gateway_change(gateway)
        await asyncio.to_thread(
            write_heartbeat,
            self.settings.data_dir / HEARTBEAT_FILE,
            now=time.time(),
            storage_problem=bot.service.storage_problem,
            gateway_problem=gateway,
        )

    def _log_gateway_change(self, problem: str | None) -> None:
        """One line when the connection is lost and one when it is back (not while starting)."""
        last = self._last_gateway_problem
        if problem is None and last not in (None, STARTING):
            log.info("health: connected to Discord again, every shard ready")
        elif problem is not None and last is None:
            log.info("health: %s", problem)
        if problem is None or last is None:
            self._last_gateway_problem = problem
