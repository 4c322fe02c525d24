"""The Discord client: one start-up path that wires settings, storage, service and cogs.

It reads the one list of games per layer (`games.registry.GAMES`, `render.registry.RENDERERS`,
`bot.registry.ADAPTERS`) and passes them in; nothing registers itself by being imported.

The client is auto-sharded: by default it runs every shard Discord recommends (one for a small
bot) in this process; `REDLINE_SHARD_COUNT`/`REDLINE_SHARD_IDS` run a range of shards, several
processes sharing one database. What is per guild belongs to the process holding its shard
(see `bot/shards.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord.ext import commands, tasks

from bot.commands.dice import DiceCog, DiceToolsCog
from bot.commands.game import GameCog
from bot.commands.help import HelpCog
from bot.commands.me import MeCog
from bot.commands.vacation import VacationCog
from bot.components import RedlineComponent
from bot.registry import ADAPTERS
from bot.replies import Ack, Reply, funnel
from bot.scheduler import Scheduler
from bot.shards import IdentifyPace, ShardScope
from bot.shutdown import Drain
from bot.table import Table
from bot.workload import Work, Workload
from games.registry import GAMES
from render.registry import RENDERERS
from runtime.health import HEARTBEAT_EVERY, HEARTBEAT_FILE, write_heartbeat
from runtime.rendering import Renderer
from runtime.settings import Settings
from storage import InstanceLock, Repository, StorageGone
from table.dice import VERBS as DICE_BUTTONS
from table.gametable import GameTable
from table.host import Host
from table.registry import TABLES
from table.service import GameService, Maintenance, ServiceError

log = logging.getLogger(__name__)

# Redline never joins voice: no "PyNaCl/davey is not installed" warnings at every start.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

COMMAND_HASH_KEY = "command_hash"
STARTING = "starting"
CLOSE_STEP_TIMEOUT = 1.0
"""Seconds each step of `close()` that waits on others (the scheduler's pass, the goodbye to
Discord's gateway) may take: a Discord that is down or no longer answers must not hold up a
stop (Docker kills the process 10 s after SIGTERM)."""


async def within(seconds: float, step: Awaitable[None], what: str) -> None:
    """Wait up to `seconds` for `step`, then go on without it (it is not cancelled)."""
    task = asyncio.ensure_future(step)
    await asyncio.wait({task}, timeout=seconds)
    if not task.done():
        log.warning("%s took over %.0f s while stopping; going on without it", what, seconds)


class RedlineBot(commands.AutoShardedBot):
    """Redline. Needs no privileged intent: everything arrives as interactions."""

    service: GameService
    table: Table
    repo: Repository

    def __init__(
        self,
        settings: Settings,
        *,
        seed_source: Callable[[], int] | None = None,
        instance_lock: InstanceLock | None = None,
        clock: Callable[[], float] = time.time,
        **options: Any,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # The bot keeps no guild cache worth waiting for: be ready (and healthy) in 0.5 s, not 2.
        options.setdefault("guild_ready_timeout", 0.5)
        if settings.shard_count is not None:
            options.setdefault("shard_count", settings.shard_count)
        if settings.shard_ids is not None:
            options.setdefault("shard_ids", list(settings.shard_ids))
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            # Games and everything around them: servers that added the bot. The dice commands
            # widen this for themselves (bot/commands/dice.py): DMs, and installed to an account.
            allowed_installs=discord.app_commands.AppInstallationType(guild=True, user=False),
            allowed_contexts=discord.app_commands.AppCommandContext(guild=True),
            **options,
        )
        self.settings = settings
        self._seed_source = seed_source
        self._clock = clock
        self._instance = instance_lock
        self._owns_instance = instance_lock is None
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        self._heartbeat: asyncio.Task[None] | None = None
        self._beat_now = asyncio.Event()
        self._shards_down_since: dict[int, float] = {}
        """Shards not (yet or any more) connected and ready, and since when (monotonic);
        a shard is up from its READY or RESUMED until it disconnects."""
        self._started = time.monotonic()
        self._last_gateway_problem: str | None = STARTING
        self.identify_pace = IdentifyPace()
        self.workload = Workload()
        """What the bot is still doing (`idle()`, and the bounded end of `close()`)."""
        self.drain = Drain(self.workload)
        """Every interaction enters here: noted in flight, or refused once the gate closes."""
        self.drain.install(self)

    @property
    def drawer(self) -> Renderer | None:
        """What draws the pictures in the table's answers (the process's renderer)."""
        table = getattr(self, "table", None)
        return table.renderer if table is not None else None

    @property
    def scope(self) -> ShardScope:
        """The shards this process holds (known once the shards are launched)."""
        return ShardScope.of(self.shard_count, self.shard_ids)

    def holds_guild(self, guild_id: int | None) -> bool:
        return self.scope.holds(guild_id)

    async def launch_shards(self) -> None:
        """Learn how many IDENTIFYs Discord allows at once before starting the shards."""
        try:
            limits = await self.fetch_session_start_limits()
        except discord.GatewayNotFound:
            log.warning("could not read the session start limits; identifying one shard at a time")
        else:
            self.identify_pace.max_concurrency = limits.max_concurrency
            if limits.remaining < 10:
                log.warning(
                    "only %d session starts left today (resets in %.0f min): "
                    "Discord resets the token when they run out",
                    limits.remaining,
                    limits.reset_after / 60000,
                )
        await super().launch_shards()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Pace IDENTIFYs by Discord's limit (one per max_concurrency bucket per 5 s)."""
        await self.identify_pace.wait(shard_id)

    async def setup_hook(self) -> None:
        if self._instance is None:  # one process per data folder (`__main__` takes it earlier)
            self._instance = InstanceLock.acquire(self.settings.data_dir)
        self.repo = await Repository.open(self.settings.database_target, clock=self._clock)
        log.info(self._startup_line())  # version, database, schema, games, shards (runtime/logs.py)
        self.service = GameService(
            self.repo, GAMES, seed_source=self._seed_source, clock=self._clock
        )
        renderer = Renderer(
            RENDERERS,
            threads=self.settings.render_threads,
            processes=self.settings.render_pool_size,
            timeout=self.settings.render_timeout,
        )
        games = {
            key: GameTable(key, board=a.board, private=a.private) for key, a in ADAPTERS.items()
        } | TABLES  # games not yet moved to table/ keep their presenters in their adapter
        host = Host(self.service, games, drawer=renderer, extra_verbs=(DICE_BUTTONS,))
        self.table = Table(host, renderer, ADAPTERS, workload=self.workload)
        self.scheduler = Scheduler(self.table, self, holds=self.holds_guild)
        self.table.on_moved = self.scheduler.poke
        self.service.outage.on_back = self.scheduler.resumed
        self.add_dynamic_items(RedlineComponent)
        for cog in (
            GameCog,
            HelpCog,
            MeCog,
            VacationCog,
            DiceCog,
            DiceToolsCog,
            *(a.cog for a in ADAPTERS.values()),
        ):
            await self.add_cog(cog(self.table))
        if self.settings.sync_commands:
            await self.sync_commands_if_changed()
        self._heartbeat = asyncio.create_task(self._beat(), name="heartbeat")

    def _startup_line(self) -> str:
        from runtime.logs import startup_line
        from storage.backup import known_schema

        return startup_line(
            database=self.settings.database_label
            if self.settings.uses_postgres
            else self.settings.database_path,
            schema=known_schema(),
            games={key: spec.rules_version for key, spec in GAMES.items()},
            shards=ShardScope.of(self.shard_count, self.shard_ids).describe()
            if self.shard_count is not None
            else None,
        )

    async def idle(self, *kinds: Work) -> None:
        """Return once the bot has finished everything it was given: interactions, the
        scheduler passes they poked, background posts (or only the `kinds` named). Tests
        wait for this, never for a fixed time (see `bot/workload.py`)."""
        await self.workload.idle(*kinds)

    async def close(self) -> None:
        """Stop: no new interactions; answers and passes in flight get what is left of
        `shutdown_grace` s since the gate closed (`runtime.main` drains first), background
        posts (a replay) are cancelled; only then do the connection, the renderer and the
        database close, so nothing is drawn or posted on a closed one."""
        self.drain.close_gate()
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        if self._ticks.is_running():
            self._ticks.cancel()
        if hasattr(self, "service"):
            self.service.outage.close()
        await self.workload.finish(self.drain.grace_left(self.settings.shutdown_grace))
        await within(CLOSE_STEP_TIMEOUT, super().close(), "closing the gateway connection")
        if hasattr(self, "table"):
            self.table.renderer.close()
        if hasattr(self, "repo"):
            await self.repo.close()
        if self._instance is not None and self._owns_instance:
            self._instance.release()
            self._instance = None

    async def sync_commands_if_changed(self) -> None:
        """Sync slash commands only when their definition changed (Discord limits creates)."""
        guild = discord.Object(self.settings.dev_guild) if self.settings.dev_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        scope = self.settings.dev_guild or 0
        if await self.repo.get_setting(scope, COMMAND_HASH_KEY) == digest:
            log.info("slash commands unchanged; not syncing")
            return
        synced = await self.tree.sync(guild=guild)
        await self.repo.set_setting(scope, COMMAND_HASH_KEY, digest)
        log.info("synced %d slash commands (%s)", len(synced), "dev guild" if guild else "global")

    async def on_ready(self) -> None:
        log.info(
            "ready as %s in %d guilds (%s)", self.user, len(self.guilds), self.scope.describe()
        )
        if self.settings.tick_seconds > 0 and not self._ticks.is_running():
            self._ticks.change_interval(seconds=self.settings.tick_seconds)
            self._ticks.start()

    @tasks.loop(seconds=30)
    async def _ticks(self) -> None:
        """Reminders, deadlines and bot turns (see `bot/scheduler.py`)."""
        try:
            await self.scheduler.tick()
        except (Maintenance, StorageGone) as paused:  # an outage, not a bug: it is probed for
            log.info("the scheduler's tick waits for storage: %s", paused)
            if isinstance(paused, StorageGone):
                self.service.outage.gone(paused)
        except Exception:
            log.exception("the scheduler's tick failed; it runs again next time")

    async def on_shard_ready(self, shard_id: int) -> None:
        self._gateway_changed(shard_id, up=True)

    async def on_shard_resumed(self, shard_id: int) -> None:
        self._gateway_changed(shard_id, up=True)

    async def on_shard_disconnect(self, shard_id: int) -> None:
        self._gateway_changed(shard_id, up=False)

    def _gateway_changed(self, shard_id: int, *, up: bool) -> None:
        if up:
            self._shards_down_since.pop(shard_id, None)
        else:
            self._shards_down_since.setdefault(shard_id, time.monotonic())
        self._beat_now.set()  # the health check learns of it now, not a heartbeat later

    def gateway_problem(self) -> str | None:
        """None while every shard this process runs is connected and ready; else which are
        not, and for how long."""
        if self.shard_count is None:
            return "not connected to Discord yet"
        now = time.monotonic()
        down = []
        for shard_id in self.shard_ids or range(self.shard_count):
            shard = self.shards.get(shard_id)
            if shard_id in self._shards_down_since:
                since = self._shards_down_since[shard_id]
            elif shard is None or shard.is_closed() or not self.is_ready():
                since = self._started
            else:
                continue
            down.append(f"shard {shard_id} for {now - since:.0f} s")
        if not down:
            return None
        return f"not connected to Discord ({', '.join(down)}; it reconnects by itself)"

    async def _beat(self) -> None:
        """Probe storage and write the heartbeat `python -m runtime.health` (the Docker health
        check) reads: every HEARTBEAT_EVERY seconds, and at once when a shard connects or
        disconnects. A failed probe pauses every game until one succeeds (`table/outage.py`)."""
        while not self.is_closed():
            self._beat_now.clear()
            await self.beat_once()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._beat_now.wait(), HEARTBEAT_EVERY)

    async def beat_once(self) -> None:
        await self.service.outage.probe()
        gateway = self.gateway_problem()
        self._log_gateway_change(gateway)
        path = self.settings.data_dir / HEARTBEAT_FILE
        await asyncio.to_thread(
            write_heartbeat,
            path,
            now=time.time(),
            storage_problem=self.service.storage_problem,
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

    async def _on_tree_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        """Errors raised before a command body runs (bad options, checks)."""
        original = getattr(error, "original", error)

        async def reraise(reply: Reply) -> None:
            if isinstance(
                error, discord.app_commands.TransformerError | discord.app_commands.CheckFailure
            ):
                raise ServiceError(str(error))
            raise original

        await funnel(interaction, reraise, ack=Ack.PRIVATE)
