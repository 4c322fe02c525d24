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

from fakediscord.gateway import Gateway, GatewayHooks, Session, wait_for
from fakediscord.ids import iso_now, new_token
from fakediscord.inject import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    COMPONENT,
    Injector,
    planted_component,
)
from fakediscord.interaction import AUTOCOMPLETE_RESULT, InteractionResult
from fakediscord.limits import check_message
from fakediscord.payloads import (
    channel_payload,
    guild_payload,
    member_payload,
    role_payload,
    user_payload,
)
from fakediscord.records import (
    BOT_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    MANAGE_GUILD,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT_CHANNEL,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeOverwrite,
    FakeRole,
    FakeUser,
)
from fakediscord.responses import Responder
from fakediscord.rest import MAX_REQUEST, Rest
from fakediscord.store import Store

Json = dict[str, Any]
TEN_MIB = 10 * 1024 * 1024
GUILD_MEMBERS_INTENT = 1 << 1


class FakeDiscord:
    """One fake Discord per test, on 127.0.0.1 (free port); `install()` points discord.py at it.

    The world (guilds, channels, members, messages, interaction tokens) lives in the fake, not in
    a connection, so a bot can stop and a new client can connect and find everything in place.
    """

    def __init__(
        self,
        ack_deadline: float = 3.0,
        *,
        attachment_size_limit: int = TEN_MIB,
        token_ttl: float = 15 * 60.0,
        settle: float = 0.02,
        bot_name: str = "Redline",
    ) -> None:
        self.ack_deadline = ack_deadline
        self.settle = settle
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
            )
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
            announce=lambda event, body: self._announce(event, lambda s: body),
        )
        app = web.Application(client_max_size=MAX_REQUEST, middlewares=[rest.record_errors])
        app.router.add_get("/gateway", self.gateway.handle)
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

    # -- the world -------------------------------------------------------------------------------

    @property
    def application_id(self) -> int:
        return self.store.application_id

    @property
    def bot_user(self) -> Json:
        return user_payload(self.bot)

    def add_guild(self, name: str = "Test Guild") -> FakeGuild:
        store = self.store
        guild = FakeGuild(id=store.ids.next(), name=name, owner_id=store.bot_owner_id)
        guild.roles[guild.id] = FakeRole(guild.id, "@everyone", EVERYONE_PERMISSIONS)
        bot_role = FakeRole(store.ids.next(), self.bot.name, BOT_PERMISSIONS, 1, managed=True)
        manager = FakeRole(store.ids.next(), "Managers", MANAGE_GUILD, 2)
        guild.roles[bot_role.id] = bot_role
        guild.roles[manager.id] = manager
        store.guilds[guild.id] = guild
        guild.members[self.bot.id] = FakeMember(self.bot.id, [bot_role.id], iso_now())
        guild.members[store.bot_owner_id] = FakeMember(store.bot_owner_id, [], iso_now())
        self._announce("GUILD_CREATE", lambda s: self._guild_json(guild, s))
        return guild

    def add_channel(self, guild: FakeGuild, name: str = "general") -> FakeChannel:
        ident = self.store.ids.next()
        channel = FakeChannel(ident, name, TEXT_CHANNEL, guild.id, position=len(guild.channel_ids))
        return self._add(guild, channel, "CHANNEL_CREATE")

    def add_thread(
        self,
        channel: FakeChannel,
        name: str = "thread",
        *,
        owner: FakeUser | None = None,
        private: bool = False,
    ) -> FakeChannel:
        """A thread (type 11, or 12 if private) under `channel`, created by `owner` (the bot
        unless given). Interactions injected into it carry the thread as their channel."""
        assert channel.guild_id is not None, "threads live in guild channels"
        guild = self.store.guilds[channel.guild_id]
        ident = self.store.ids.next()
        thread = FakeChannel(
            ident,
            name,
            PRIVATE_THREAD if private else PUBLIC_THREAD,
            guild.id,
            parent_id=channel.id,
            owner_id=(owner or self.bot).id,
        )
        return self._add(guild, thread, "THREAD_CREATE")

    def archive_thread(self, thread: FakeChannel, *, locked: bool = False) -> None:
        """Archive a thread (as inactivity or a moderator would): new messages in it then fail
        with 400 / 50083 until the bot unarchives it (PATCH /channels/{id} archived=false,
        allowed if the bot owns the thread and it is not locked, or has MANAGE_THREADS)."""
        assert thread.is_thread, f"channel {thread.id} is not a thread"
        thread.archived = True
        thread.locked = locked
        self._announce("THREAD_UPDATE", lambda s: channel_payload(thread))

    def _add(self, guild: FakeGuild, channel: FakeChannel, event: str) -> FakeChannel:
        self.store.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        self._announce(event, lambda s: channel_payload(channel))
        return channel

    def add_member(
        self,
        guild: FakeGuild,
        name: str = "member",
        manage_guild: bool = False,
        *,
        user: FakeUser | None = None,
    ) -> FakeUser:
        """A user in the guild; with manage_guild=True they hold the MANAGE_GUILD bit (1<<5)."""
        store = self.store
        if user is None:
            user = FakeUser(id=store.ids.next(), name=name)
            store.users[user.id] = user
        manager = next(r.id for r in guild.roles.values() if r.name == "Managers")
        member = FakeMember(user.id, [manager] if manage_guild else [], iso_now())
        guild.members[user.id] = member
        body = member_payload(guild, member, user)
        body["guild_id"] = str(guild.id)
        self._announce("GUILD_MEMBER_ADD", lambda s: body, intent=GUILD_MEMBERS_INTENT)
        return user

    def add_message(
        self,
        channel: FakeChannel,
        content: str = "",
        *,
        components: list[Json] | None = None,
        embeds: list[Json] | None = None,
        author: FakeUser | None = None,
    ) -> FakeMessage:
        """A message already in the channel (by default the bot's), e.g. one an older bot
        version posted with custom_ids today's code may not match. Discord's limits apply:
        a body it would refuse raises AssertionError."""
        body: Json = {"content": content, "components": components or [], "embeds": embeds or []}
        store = self.store
        problems = check_message(body, [], size_limit=store.attachment_size_limit)
        if problems:
            raise AssertionError(f"Discord would refuse this message: {problems[0].reason}")
        message = store.create_message(channel, (author or self.bot).id, body, [])
        store.notify()
        return message

    def remove_member(self, guild: FakeGuild, user: FakeUser) -> None:
        """The user leaves the server: GET /guilds/{g}/members/{u} answers 404 / 10007, mentions
        no longer reach them, and injecting interactions as them raises AssertionError."""
        if guild.members.pop(user.id, None) is None:
            raise AssertionError(f"{user.name} is not a member of guild {guild.name!r}")
        body = {"guild_id": str(guild.id), "user": user_payload(user)}
        self._announce("GUILD_MEMBER_REMOVE", lambda s: body, intent=GUILD_MEMBERS_INTENT)

    def add_role(self, guild: FakeGuild, name: str, permissions: int = 0) -> FakeRole:
        """A new role with these permission bits (see discord.Permissions(...).value)."""
        position = max(r.position for r in guild.roles.values()) + 1
        role = FakeRole(self.store.ids.next(), name, permissions, position)
        guild.roles[role.id] = role
        body = {"guild_id": str(guild.id), "role": role_payload(role)}
        self._announce("GUILD_ROLE_CREATE", lambda s: body)
        return role

    def give_role(self, guild: FakeGuild, user: FakeUser, role: FakeRole) -> None:
        """Add `role` to the member's roles (their permissions follow at once)."""
        member = guild.members[user.id]
        if role.id not in member.role_ids:
            member.role_ids.append(role.id)
        self._member_updated(guild, user)

    def take_role(self, guild: FakeGuild, user: FakeUser, role: FakeRole) -> None:
        """Remove `role` from the member's roles."""
        member = guild.members[user.id]
        if role.id in member.role_ids:
            member.role_ids.remove(role.id)
        self._member_updated(guild, user)

    def _member_updated(self, guild: FakeGuild, user: FakeUser) -> None:
        body = member_payload(guild, guild.members[user.id], user)
        body["guild_id"] = str(guild.id)
        self._announce("GUILD_MEMBER_UPDATE", lambda s: body, intent=GUILD_MEMBERS_INTENT)

    def set_overwrite(
        self,
        channel: FakeChannel,
        target: FakeRole | FakeUser | FakeGuild,
        *,
        allow: int = 0,
        deny: int = 0,
    ) -> None:
        """Set the channel's permission overwrite for a role, a member, or @everyone (pass the
        guild). Threads take their parent's overwrites. allow=deny=0 removes the overwrite."""
        assert not channel.is_thread, "threads use their parent channel's overwrites"
        kind = 1 if isinstance(target, FakeUser) else 0
        if allow == deny == 0:
            channel.overwrites.pop(target.id, None)
        else:
            channel.overwrites[target.id] = FakeOverwrite(target.id, kind, allow, deny)
        self._announce("CHANNEL_UPDATE", lambda s: channel_payload(channel))

    def set_owner(self, guild: FakeGuild, user: FakeUser) -> None:
        """Make `user` (a member) the guild owner: they then have every permission."""
        assert user.id in guild.members, f"{user.name} is not a member of {guild.name!r}"
        guild.owner_id = user.id
        self._announce("GUILD_UPDATE", lambda s: self._guild_json(guild, s))

    def permissions(self, user: FakeUser, channel: FakeChannel) -> int:
        """The permission bits Discord would compute for `user` in `channel` (what injected
        interactions carry as member.permissions / app_permissions)."""
        return self.store.permissions(user.id, channel)

    def _announce(self, event: str, build: Any, *, intent: int = 0) -> None:
        """Tell a connected bot about a change made mid-test, as Discord would."""
        conn = self.gateway.current
        if conn is None or conn.session is None:
            return
        if intent and not conn.session.intents & intent:
            return
        body = build(conn.session)
        task = asyncio.get_running_loop().create_task(self.gateway.dispatch(event, body))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    # -- gateway hooks ---------------------------------------------------------------------------

    def _ready_payload(self, session: Session) -> Json:
        body: Json = {
            "v": 10,
            "user": {**user_payload(self.bot), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in self.store.guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
        }
        if session.shard is not None:
            body["shard"] = session.shard
        return body

    def _guild_json(self, guild: FakeGuild, session: Session) -> Json:
        # without the members intent Discord sends only the bot's own member
        wanted = list(guild.members) if session.intents & GUILD_MEMBERS_INTENT else [self.bot.id]
        return guild_payload(guild, self.store.users, self.store.channels, member_ids=wanted)

    def _guild_payloads(self, session: Session) -> list[Json]:
        return [self._guild_json(g, session) for g in self.store.guilds.values()]

    def _member_chunk(self, guild_id: int, request: Json) -> Json:
        guild = self.store.guilds[guild_id]
        ids = [int(i) for i in request.get("user_ids") or []] or list(guild.members)
        query = str(request.get("query") or "").lower()
        users = [self.store.users[i] for i in ids if i in guild.members]
        users = [u for u in users if u.name.lower().startswith(query)]
        return {
            "guild_id": str(guild_id),
            "members": [member_payload(guild, guild.members[u.id], u) for u in users],
            "chunk_index": 0,
            "chunk_count": 1,
            "nonce": request.get("nonce"),
            "not_found": [],
        }

    # -- waiting ---------------------------------------------------------------------------------

    async def wait_until_ready(self, timeout: float = 10.0) -> None:
        """Wait until a bot identified (or resumed) and was sent READY and every GUILD_CREATE."""
        await wait_for(
            lambda: self.gateway.current is not None,
            self.store.changed,
            timeout,
            "a bot to connect and get READY",
        )

    async def drop_connection(self, code: int = 4000) -> None:
        """Close the bot's socket the way a Discord hiccup does; discord.py then RESUMEs."""
        conn = self.gateway.current
        if conn is None:
            raise AssertionError("no bot is connected")
        conn.ready = False
        await conn.ws.close(code=code, message=b"fake hiccup")
        self.store.notify()

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
        Waits for the initial response unless wait=False, then for `settle` quiet seconds.
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
            settle=self.settle if settle is None else settle,
            wait=wait,
        )

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
            settle=self.settle if settle is None else settle,
            wait=wait,
        )

    # -- what happened ---------------------------------------------------------------------------

    def synced_commands(self, guild: FakeGuild | int | None = None) -> list[Json]:
        if guild is None:
            return list(self.store.global_commands)
        ident = guild if isinstance(guild, int) else guild.id
        return list(self.store.guild_commands.get(ident, []))

    def channel_messages(self, channel: FakeChannel | int) -> list[FakeMessage]:
        """What everyone sees in the channel now: non-ephemeral, not deleted, oldest first."""
        return self.store.visible_in(channel if isinstance(channel, int) else channel.id)

    def all_messages(self) -> list[FakeMessage]:
        return sorted(self.store.messages.values(), key=lambda m: m.id)

    def notifications(self, user: FakeUser | int) -> list[FakeMessage]:
        """Messages whose creation pinged `user`, oldest first. A mention notifies only in a
        NEW message whose allowed_mentions permit it (absent = all users); edits (including
        completing a deferred reply) never notify. Each message keeps `notified_ids`."""
        ident = user if isinstance(user, int) else user.id
        return [m for m in self.all_messages() if ident in m.notified_ids]

    def ephemeral_leaks(self) -> list[FakeMessage]:
        """Messages the bot sent with the ephemeral flag that everyone sees anyway (the first
        followup after a public type-5 defer edits the public "thinking" message). Each is also
        a line in `violations`."""
        return [m for m in self.all_messages() if m.ephemeral_ignored]

    def rate_limit_followups(self, n: int = 1, retry_after: float = 0.05) -> None:
        """Answer the next `n` followup POSTs (/webhooks/{app}/{token}) with a 429 that
        discord.py retries after `retry_after` seconds. Each 429 is a line in `rate_limited`."""
        self.store.followup_429s = n
        self.store.retry_after = retry_after

    @property
    def rate_limited(self) -> list[str]:
        return self.store.rate_limited

    @property
    def errors(self) -> list[str]:
        """Every 4xx/5xx the REST API answered ("METHOD path: status / code message"), whether
        or not it is a violation (e.g. 404 / 10007 for a member who left, or a 429)."""
        return self.store.errors

    @property
    def violations(self) -> list[str]:
        return self.store.violations

    @property
    def unserved(self) -> list[str]:
        return self.store.unserved

    def assert_clean(self) -> None:
        problems = [f"violation: {v}" for v in self.violations]
        problems += [f"unserved: {u}" for u in self.unserved]
        if problems:
            raise AssertionError("fake Discord saw problems:\n" + "\n".join(problems))
