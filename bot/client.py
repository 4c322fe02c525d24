"""The Discord client: one start-up path that wires settings, storage, service and cogs."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from bot import presenters, replies
from bot.components import RedlineButton
from bot.customid import ButtonId
from bot.health import HEARTBEAT_EVERY, HEARTBEAT_FILE
from bot.rendering import Renderer
from bot.service import GameService, NotAllowed, ServiceError
from bot.settings import Settings
from bot.table import Table
from games.registry import GAMES
from storage import Repository

log = logging.getLogger(__name__)

COMMAND_HASH_KEY = "command_hash"


class RedlineBot(commands.Bot):
    """Redline. Needs no privileged intent: everything arrives as interactions."""

    service: GameService
    table: Table
    repo: Repository

    def __init__(
        self,
        settings: Settings,
        *,
        seed_source: Callable[[], int] | None = None,
        **options: Any,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # The bot keeps no guild cache worth waiting for: be ready (and healthy) in 0.5 s, not 2.
        options.setdefault("guild_ready_timeout", 0.5)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **options,
        )
        self.settings = settings
        self._seed_source = seed_source
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        self._heartbeat: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        from bot.cogs import cog_classes

        self.repo = await Repository.open(self.settings.database_path)
        self.service = GameService(self.repo, GAMES, seed_source=self._seed_source)
        self.table = Table(self.service, Renderer(threads=self.settings.render_threads))
        self.add_dynamic_items(RedlineButton)
        for cog_class in cog_classes():
            await self.add_cog(cog_class(self))
        if self.settings.sync_commands:
            await self.sync_commands_if_changed()

    async def close(self) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        await super().close()
        if hasattr(self, "table"):
            self.table.renderer.close()
        if hasattr(self, "repo"):
            await self.repo.close()

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
        log.info("ready as %s in %d guilds", self.user, len(self.guilds))
        if self._heartbeat is None:
            self._heartbeat = asyncio.create_task(self._beat(), name="heartbeat")

    async def _beat(self) -> None:
        """Touch a file while connected, for `python -m bot.health` (the Docker health check)."""
        path = self.settings.data_dir / HEARTBEAT_FILE
        while not self.is_closed():
            if self.is_ready() and not self.is_ws_ratelimited():
                await asyncio.to_thread(path.touch)
            await asyncio.sleep(HEARTBEAT_EVERY)

    async def _on_tree_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        """Errors raised before a command body runs (bad options, checks)."""
        original = getattr(error, "original", error)

        async def reraise() -> None:
            if isinstance(
                error, discord.app_commands.TransformerError | discord.app_commands.CheckFailure
            ):
                raise ServiceError(str(error))
            raise original

        await replies.funnel(interaction, reraise)

    # ----- shared handlers used by buttons and commands ------------------------------------

    async def show_private(self, interaction: discord.Interaction, session_id: int) -> None:
        """The user's own sheet or hand, ephemeral, drawn from `view(state, user)`."""
        await self.table.send_private(interaction, await self.service.by_id(session_id))

    async def confirm_end(self, interaction: discord.Interaction, bid: ButtonId) -> None:
        if bid.payload != "yes":
            await interaction.response.edit_message(content="The game goes on.", view=None)
            return
        snap = await self.service.by_id(bid.session_id)
        manage = bool(interaction.permissions.manage_guild)
        if interaction.user.id != snap.record.host_id and not manage:
            raise NotAllowed("only the host or a member with Manage Server can end the game")
        snap = await self.service.end(bid.session_id, interaction.user.id, can_manage=manage)
        await interaction.response.edit_message(content="Game ended.", view=None)
        await replies.send(
            interaction,
            presenters.Board(
                content=f"🛑 **{snap.spec.title}** game #{snap.session_id} was ended by "
                f"{interaction.user.mention}. Start another with `/game new`."
            ),
        )
