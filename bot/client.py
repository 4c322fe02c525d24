"""The Discord client: the cogs, the persistent component, the scheduler's loop, the shards.

It is given its own options (`BotConfig`) and the objects it carries (the table, with the
service, the host and the renderer); the process builds them (`runtime.app`), writes the
heartbeat from what the client reports (`gateway_problem`, `gateway_changed`) and closes the
database and the renderer after the client. Its cogs come from one list
(`bot.registry.COGS` for the games); nothing registers itself by being imported.

The client is auto-sharded: by default it runs every shard Discord recommends (one for a small
bot) in this process; `REDLINE_SHARD_COUNT`/`REDLINE_SHARD_IDS` run a range of shards, several
processes sharing one database. What is per guild belongs to the process holding its shard
(see `bot/shards.py`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import Awaitable, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol

import discord
from discord.ext import commands, tasks

from bot.commands.dice import DiceCog, DiceToolsCog
from bot.commands.game import GameCog
from bot.commands.help import HelpCog
from bot.commands.me import MeCog
from bot.commands.ratings import RatingsCog
from bot.commands.season import SeasonCog
from bot.commands.vacation import VacationCog
from bot.components import RedlineComponent
from bot.outbox import DiscordOutbox
from bot.registry import COGS
from bot.replies import Ack, Reply, funnel
from bot.shards import IdentifyPace, ShardScope
from bot.shutdown import Drain
from bot.table import Renderer, Table
from bot.workload import Work, Workload
from table.schedule import Scheduler
from table.service import GameService, Maintenance, ServiceError, Snapshot

log = logging.getLogger(__name__)

# Redline never joins voice: no "PyNaCl/davey is not installed" warnings at every start.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

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


@dataclass(frozen=True)
class BotConfig:
    """The client's own options (the process reads them from its settings)."""

    sync_commands: bool = True
    """Sync slash commands at start-up when their definition changed."""
    dev_guild: int | None = None
    """Sync to this guild only (instant, for development)."""
    tick_seconds: float = 30.0
    """How often the scheduler ticks (0: never; tests tick by hand)."""
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (None: every shard Discord recommends)."""
    shutdown_grace: float = 5.0
    """Seconds a stop waits for answers and passes in flight."""
    ack_budget: float = 0.0
    """Seconds an answer may take to be its interaction's one callback before the interaction
    is acknowledged first (`bot.callback`); 0: acknowledge at once. The process passes
    REDLINE_ACK_BUDGET."""


class CommandDigests(Protocol):
    """Where the digest of the slash commands last synced is kept, per guild (0: global)."""

    async def synced(self, scope: int) -> str | None: ...

    async def remember(self, scope: int, digest: str) -> None: ...


class RedlineBot(commands.AutoShardedBot):
    """Redline. Needs no privileged intent: everything arrives as interactions.

    `table`: the bot's side of the table (the host, its service, the renderer, the work in
    flight). `digests`: the synced command set's digests. `drain`: the gate every interaction
    enters (by default a new one over the table's workload). `options` go to discord.py.
    """

    def __init__(
        self,
        config: BotConfig,
        table: Table,
        *,
        digests: CommandDigests,
        drain: Drain | None = None,
        **options: Any,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # The bot keeps no guild cache worth waiting for: be ready (and healthy) in 0.5 s, not 2.
        options.setdefault("guild_ready_timeout", 0.5)
        if config.shard_count is not None:
            options.setdefault("shard_count", config.shard_count)
        if config.shard_ids is not None:
            options.setdefault("shard_ids", list(config.shard_ids))
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
        self.config = config
        self.table = table
        self.service: GameService = table.service
        self.digests = digests
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        self.gateway_changed = asyncio.Event()
        """Set when a shard connects or disconnects (the process's heartbeat waits on it)."""
        self._shards_down_since: dict[int, float] = {}
        """Shards not (yet or any more) connected and ready, and since when (monotonic);
        a shard is up from its READY or RESUMED until it disconnects."""
        self._started = time.monotonic()
        self.identify_pace = IdentifyPace()
        self.workload: Workload = table.workload
        """What the bot is still doing (`idle()`, and the bounded end of `close()`)."""
        self.drain = drain or Drain(self.workload)
        """Every interaction enters here: noted in flight, or refused once the gate closes."""
        self.drain.install(self)
        self.outbox = DiscordOutbox(self, table.renderer)
        table.outbox = self.outbox
        self.scheduler = Scheduler(
            table.host,
            self.outbox,
            holds=self.holds_guild,
            background=self._pass,
            finished=self._post_replay,
        )
        """Reminders, deadlines and bot seats (`table.schedule`): ticked by `_ticks`, poked
        after every move, told when storage is back."""
        table.on_moved = self.scheduler.poke
        self.service.outage.on_back = self.scheduler.resumed

    @property
    def drawer(self) -> Renderer:
        """What draws the pictures in the table's answers (the process's renderer)."""
        return self.table.renderer

    def _pass(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None] | None:
        """A scheduler pass a move set off, tracked as an answer's follow-up (`Work.PASS`)."""
        return self.workload.spawn(work, kind=Work.PASS, name="redline-stand-in")

    def _post_replay(self, snap: Snapshot) -> None:
        """A bot's move ended the game: its replay goes where its board went."""
        self.table.post_replay(snap)

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
        self.add_dynamic_items(RedlineComponent)
        for cog in (
            GameCog,
            HelpCog,
            MeCog,
            RatingsCog,
            SeasonCog,
            VacationCog,
            DiceCog,
            DiceToolsCog,
            *COGS.values(),
        ):
            await self.add_cog(cog(self.table))
        if self.config.sync_commands:
            await self.sync_commands_if_changed()

    async def idle(self, *kinds: Work) -> None:
        """Return once the bot has finished everything it was given: interactions, the
        scheduler passes they poked, background posts (or only the `kinds` named). Tests
        wait for this, never for a fixed time (see `bot/workload.py`)."""
        await self.workload.idle(*kinds)

    async def close(self) -> None:
        """Stop: no new interactions; answers and passes in flight get what is left of
        `shutdown_grace` s since the gate closed (`runtime.main` drains first), background
        posts (a replay) are cancelled; only then does the connection close. The process
        closes the renderer and the database after this, so nothing is drawn or posted on a
        closed one (`runtime.app`)."""
        self.drain.close_gate()
        if self._ticks.is_running():
            self._ticks.cancel()
        await self.workload.finish(self.drain.grace_left(self.config.shutdown_grace))
        await within(CLOSE_STEP_TIMEOUT, super().close(), "closing the gateway connection")

    async def sync_commands_if_changed(self) -> None:
        """Sync slash commands only when their definition changed (Discord limits creates)."""
        guild = discord.Object(self.config.dev_guild) if self.config.dev_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        scope = self.config.dev_guild or 0
        if await self.digests.synced(scope) == digest:
            log.info("slash commands unchanged; not syncing")
            return
        synced = await self.tree.sync(guild=guild)
        await self.digests.remember(scope, digest)
        log.info("synced %d slash commands (%s)", len(synced), "dev guild" if guild else "global")

    async def on_ready(self) -> None:
        log.info(
            "ready as %s in %d guilds (%s)", self.user, len(self.guilds), self.scope.describe()
        )
        if self.config.tick_seconds > 0 and not self._ticks.is_running():
            self._ticks.change_interval(seconds=self.config.tick_seconds)
            self._ticks.start()

    @tasks.loop(seconds=30)
    async def _ticks(self) -> None:
        """Reminders, deadlines and bot turns (see `table/schedule.py`)."""
        try:
            await self.scheduler.tick()
        except Maintenance as paused:  # an outage, not a bug: it is probed for
            log.info("the scheduler's tick waits for storage: %s", paused)
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
        self.gateway_changed.set()  # the health check learns of it now, not a heartbeat later

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
