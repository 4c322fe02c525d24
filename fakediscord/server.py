"""FakeDiscord: a loopback Discord (REST + gateway) for end-to-end tests of an unmodified bot."""

from __future__ import annotations

import asyncio
import socket
from types import TracebackType
from typing import Any

import discord.gateway
import discord.http
import yarl
from aiohttp import web

from fakediscord.gateway import REFUSE, STALL, Gateway, GatewayHooks, Session, wait_for
from fakediscord.ids import new_token
from fakediscord.inject import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    COMPONENT,
    Idle,
    Injector,
    Settle,
    planted_component,
)
from fakediscord.interaction import AUTOCOMPLETE_RESULT, InteractionResult
from fakediscord.observe import Observations
from fakediscord.payloads import user_payload
from fakediscord.records import FakeChannel, FakeGuild, FakeMessage, FakeUser
from fakediscord.responses import Responder
from fakediscord.rest import Rest
from fakediscord.shards import IdentifyLimits, gateway_bot_body
from fakediscord.store import Store
from fakediscord.wire import MAX_REQUEST, json_response
from fakediscord.world import World

Json = dict[str, Any]
TEN_MIB = 10 * 1024 * 1024


class FakeDiscord(World, Observations):
    """One fake Discord per test, on 127.0.0.1 (free port); `install()` points discord.py at it.

    The world (guilds, channels, members, messages, interaction tokens) lives in the fake, not in
    a connection, so a bot can stop and a new client can connect and find everything in place.
    Building that world is in `World`, reading back what happened in `Observations`.
    """

    def __init__(
        self,
        ack_deadline: float = 3.0,
        *,
        attachment_size_limit: int = TEN_MIB,
        token_ttl: float = 15 * 60.0,
        settle: float = 0.02,
        bot_name: str = "Redline",
        max_concurrency: int = 1,
        identify_window: float = 0.0,
    ) -> None:
        """`identify_window` is how long a shard bucket (`shard_id % max_concurrency`) must
        wait between IDENTIFYs; Discord's is 5 s. It is 0 by default so tests that restart a
        bot are not slowed; a sharding test that checks pacing sets it."""
        self.ack_deadline = ack_deadline
        self.settle = settle
        self.until_idle: Idle | None = None
        """The app's own "I have finished" signal, when a harness knows one: injectors then
        await it after the initial response instead of `settle` quiet seconds."""
        self.token = new_token("ZmFrZS1ib3Q")
        self.store = Store(attachment_size_limit=attachment_size_limit)
        store = self.store
        bot = FakeUser(id=store.ids.next(), name=bot_name, bot=True)
        owner = FakeUser(id=store.ids.next(), name="owner")
        store.users[bot.id] = bot
        store.users[owner.id] = owner
        store.bot_user = bot
        store.bot_owner_id = owner.id
        store.application_id = bot.id  # as for every modern bot: application id == bot user id
        self.bot = bot
        self.responder = Responder(store, ack_deadline=ack_deadline, token_ttl=token_ttl)
        self.gateway = Gateway(
            GatewayHooks(
                token=lambda: self.token,
                ready_payload=self._ready_payload,
                guild_payloads=self._guild_payloads,
                member_chunk=self._member_chunk,
                on_change=store.notify,
                unserved=store.unserved.append,
                guild_count=self._guild_count,
            ),
            limits=IdentifyLimits(max_concurrency=max_concurrency, window=identify_window),
        )
        self.injector = Injector(store, self.gateway, ack_deadline=ack_deadline)
        self._pending: set[asyncio.Task[bool]] = set()
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL] | None = None
        self.port = 0

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        rest = Rest(
            self.store,
            self.responder,
            self.token,
            announce=lambda event, body: self._announce(
                event, lambda s: body, guild=_guild_of(body)
            ),
        )
        app = web.Application(client_max_size=MAX_REQUEST, middlewares=[rest.record])
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/api/v10/gateway/bot", self._gateway_bot)
        app.router.add_routes(rest.routes())
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        self.store.base_url = f"http://127.0.0.1:{self.port}"

    async def stop(self) -> None:
        self.uninstall()
        for rec in self.store.interactions.values():
            if rec.deadline_handle is not None:
                rec.deadline_handle.cancel()
        await self.gateway.close_all()
        for task in list(self._pending):
            task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        self.install()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def api_base(self) -> str:
        return f"{self.store.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def install(self) -> None:
        """Point discord.py (process-wide) at this fake; `uninstall()` puts the old values back."""
        if self._saved is None:
            ws_class = discord.gateway.DiscordWebSocket
            self._saved = (discord.http.Route.BASE, ws_class.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    def uninstall(self) -> None:
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    # -- the bot ---------------------------------------------------------------------------------

    @property
    def application_id(self) -> int:
        return self.store.application_id

    @property
    def bot_user(self) -> Json:
        return user_payload(self.bot)

    # -- gateway hooks ---------------------------------------------------------------------------

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != f"Bot {self.token}":
            return json_response(401, {"code": 0, "message": "401: Unauthorized"})
        limits = self.gateway.limits
        return json_response(
            200, gateway_bot_body(self.gateway_url, len(self.store.guilds), limits)
        )

    def _ready_payload(self, session: Session) -> Json:
        body: Json = {
            "v": 10,
            "user": {**user_payload(self.bot), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in self._guild_ids(session.shard)],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
        }
        if session.sharded:
            body["shard"] = list(session.shard)
        return body

    # -- waiting ---------------------------------------------------------------------------------

    async def wait_until_ready(self, timeout: float = 10.0) -> None:
        """Wait until every shard is connected (one connection when the bot is not sharded) and
        was sent READY and its GUILD_CREATEs."""
        await wait_for(
            lambda: not self.gateway.missing_shards(),
            self.store.changed,
            timeout,
            "a bot to connect every shard and get READY",
        )

    async def drop_connection(self, code: int = 4000, *, guild: FakeGuild | None = None) -> None:
        """Close the bot's socket (the one holding `guild`'s shard, else the newest) the way a
        Discord hiccup does; discord.py then RESUMEs."""
        conn = self.gateway.current if guild is None else self.gateway.connection_for(guild.id)
        if conn is None:
            raise AssertionError("no bot is connected")
        conn.ready = False
        await conn.ws.close(code=code, message=b"fake hiccup")
        self.store.notify()

    async def gateway_outage(self, *, stall: bool = False, shard: int | None = None) -> None:
        """Discord's gateway goes down: every bot connection is closed and reconnects are
        refused with HTTP 503 (stall=True: held open without an answer, as a black-holed
        network does) until `gateway_back()`. With `shard`, only that shard's connection is
        closed and its IDENTIFY or RESUME held unanswered (connected, never ready). REST keeps
        answering."""
        await self.gateway.go_down(STALL if stall else REFUSE, shard=shard)

    def gateway_back(self) -> None:
        """The outage is over: the bot's next reconnect (or a held one) is served."""
        self.gateway.come_back()

    async def wait_for_turned_away(self, n: int = 1, timeout: float = 10.0) -> None:
        """Wait until `n` connection attempts met the outage (the bot is trying to reconnect)."""
        await wait_for(
            lambda: self.gateway.turned_away >= n,
            self.store.changed,
            timeout,
            f"{n} connection attempt(s) to meet the outage",
        )

    def age_tokens(self, seconds: float) -> None:
        """Every interaction token is `seconds` older (a test moves time instead of sleeping):
        past `token_ttl` (15 min) its webhook calls get 401 / 50027, as on Discord. The first
        response's deadline is not moved."""
        self.responder.token_age += seconds

    async def wait_until_disconnected(self, timeout: float = 10.0) -> None:
        await wait_for(
            lambda: not self.gateway.connections, self.store.changed, timeout, "the bot to leave"
        )

    # -- injecting interactions ------------------------------------------------------------------

    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        /,
        *,
        options: Json | None = None,
        force: bool = False,
        wait: bool = True,
        timeout: float = 10.0,
        settle: float | None = None,
        locale: str = "en-US",
        **kwargs: Any,
    ) -> InteractionResult:
        """Send `/command` ("game new" = command game, subcommand new) built from the synced schema.

        Options come as kwargs (or `options=` for names that clash with these parameters).
        Waits for the initial response unless wait=False, then for `settle` quiet seconds
        (by default: for `until_idle` when set, else the fake's `settle`).
        """
        values = {**(options or {}), **kwargs}
        data = await self.injector.command_data(
            user, channel, command, values, focused=None, force=force, timeout=timeout
        )
        label = f"/{command} by {user.name}"
        return await self.injector.dispatch(
            APPLICATION_COMMAND,
            user,
            channel,
            data,
            label,
            locale=locale,
            timeout=timeout,
            settle=self._settle(settle),
            wait=wait,
        )

    def _settle(self, settle: float | None) -> Settle:
        """A `settle` the caller gave wins; else the app's idle signal, else quiet seconds."""
        if settle is not None:
            return settle
        return self.until_idle or self.settle

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        /,
        *,
        focused: str,
        value: str = "",
        options: Json | None = None,
        timeout: float = 10.0,
        **kwargs: Any,
    ) -> list[Json]:
        """The choices the bot offers while `user` types `value` into option `focused`."""
        values = {**(options or {}), **kwargs, focused: value}
        data = await self.injector.command_data(
            user, channel, command, values, focused=focused, force=True, timeout=timeout
        )
        label = f"autocomplete /{command} {focused}={value!r} by {user.name}"
        result = await self.injector.dispatch(
            AUTOCOMPLETE, user, channel, data, label, timeout=timeout, settle=0, wait=True
        )
        if result.response_type != AUTOCOMPLETE_RESULT:
            raise AssertionError(
                f"{label}: answered with type {result.response_type}, not 8 "
                f"(error codes: {result.error_codes or 'none'})"
            )
        return result.choices

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str,
        /,
        *,
        force: bool = False,
        wait: bool = True,
        timeout: float = 10.0,
        settle: float | None = None,
    ) -> InteractionResult:
        """Press a button on a message the bot sent (the current message is sent along).

        force=True skips the checks and may use ANY custom_id (1-100 chars, Discord's limit):
        one the message lacks is sent as if the message carried such a button, so discord.py
        dispatches it (to a DynamicItem whose template matches, or to nothing)."""
        return await self._component(user, message, custom_id, None, force, wait, timeout, settle)

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str,
        /,
        values: list[Any],
        *,
        force: bool = False,
        wait: bool = True,
        timeout: float = 10.0,
        settle: float | None = None,
    ) -> InteractionResult:
        """Pick `values` in a select menu on a message the bot sent."""
        return await self._component(user, message, custom_id, values, force, wait, timeout, settle)

    async def _component(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str,
        values: list[Any] | None,
        force: bool,
        wait: bool,
        timeout: float,
        settle: float | None,
    ) -> InteractionResult:
        ident = message if isinstance(message, int) else message.id
        current = self.store.messages.get(ident)
        if current is None:
            raise AssertionError(f"message {ident} is unknown to the fake")
        select = values is not None
        data = self.injector.component_data(
            user, current, custom_id, select=select, values=values, force=force
        )
        planted = None
        if current.component(custom_id) is None:  # only with force=True
            planted = planted_component(custom_id, data["component_type"], values or [])
        label = f"{'select' if select else 'click'} {custom_id!r} by {user.name}"
        return await self.injector.dispatch(
            COMPONENT,
            user,
            self.store.channels[current.channel_id],
            data,
            label,
            clicked=current,
            planted=planted,
            timeout=timeout,
            settle=self._settle(settle),
            wait=wait,
        )


def _guild_of(body: Json) -> int | None:
    guild_id = body.get("guild_id")
    return int(guild_id) if guild_id is not None else None
