"""The world a test builds around the bot: guilds, channels, threads, members, roles,
overwrites and pre-existing messages. Each change mid-test is announced on the gateway as
Discord would, and the gateway describes guilds and members from here."""

from __future__ import annotations

import asyncio
from typing import Any

from fakediscord.gateway import GUILD_MEMBERS_INTENT, Gateway, Session
from fakediscord.ids import iso_now
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
from fakediscord.shards import Shard, owns
from fakediscord.store import Store

Json = dict[str, Any]


class World:
    """FakeDiscord's test helpers that shape the world (a mixin: FakeDiscord sets these)."""

    store: Store
    bot: FakeUser
    gateway: Gateway
    _pending: set[asyncio.Task[bool]]

    def add_guild(
        self,
        name: str = "Test Guild",
        *,
        shard: Shard | None = None,
        guild_id: int | None = None,
        with_bot: bool = True,
    ) -> FakeGuild:
        """A guild the bot is in; with `shard=(id, count)` its id puts it on that shard; a
        `guild_id` (a snowflake, e.g. a real guild's creation time) is taken as it is.
        `with_bot=False`: a server that never added the bot: the gateway says nothing of it, and
        only members who installed the app themselves (`install_for_user`) reach its commands."""
        store = self.store
        if guild_id is not None:
            assert guild_id not in store.guilds, f"guild {guild_id} exists already"
            ident = guild_id
        else:
            ident = store.ids.next() if shard is None else store.ids.on_shard(*shard)
        guild = FakeGuild(id=ident, name=name, owner_id=store.bot_owner_id, bot_installed=with_bot)
        guild.roles[guild.id] = FakeRole(guild.id, "@everyone", EVERYONE_PERMISSIONS)
        if not with_bot:
            managers = FakeRole(store.ids.next(), "Managers", MANAGE_GUILD, 2)
            guild.roles[managers.id] = managers
            store.guilds[guild.id] = guild
            return guild
        bot_role = FakeRole(store.ids.next(), self.bot.name, BOT_PERMISSIONS, 1, managed=True)
        manager = FakeRole(store.ids.next(), "Managers", MANAGE_GUILD, 2)
        guild.roles[bot_role.id] = bot_role
        guild.roles[manager.id] = manager
        store.guilds[guild.id] = guild
        guild.members[self.bot.id] = FakeMember(self.bot.id, [bot_role.id], iso_now())
        guild.members[store.bot_owner_id] = FakeMember(store.bot_owner_id, [], iso_now())
        self._announce("GUILD_CREATE", lambda s: self._guild_json(guild, s), guild=guild.id)
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
        guild_id = thread.guild_id
        thread.archived = True
        thread.locked = locked
        self._announce("THREAD_UPDATE", lambda s: channel_payload(thread), guild=guild_id)

    def _add(self, guild: FakeGuild, channel: FakeChannel, event: str) -> FakeChannel:
        self.store.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        self._announce(event, lambda s: channel_payload(channel), guild=guild.id)
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
        self._announce(
            "GUILD_MEMBER_ADD", lambda s: body, intent=GUILD_MEMBERS_INTENT, guild=guild.id
        )
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
        self._announce(
            "GUILD_MEMBER_REMOVE", lambda s: body, intent=GUILD_MEMBERS_INTENT, guild=guild.id
        )

    def install_for_user(self, user: FakeUser) -> None:
        """The user adds the app to their account: its user-install commands go with them to
        DMs, group DMs and servers without the bot."""
        self.store.user_installs.add(user.id)

    def dm(self, user: FakeUser) -> FakeChannel:
        """The user's DM channel with the bot (interactions there have no guild)."""
        return self.store.open_dm(user.id)

    def close_dms(self, user: FakeUser) -> None:
        """The user accepts no direct messages from the bot: DMs fail with 403 / 50007."""
        self.store.closed_dms.add(user.id)

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        """What the bot sent the user by direct message, oldest first."""
        ident = self.store.dm_channels.get(user.id)
        return [] if ident is None else self.store.visible_in(ident)

    def add_role(self, guild: FakeGuild, name: str, permissions: int = 0) -> FakeRole:
        """A new role with these permission bits (see discord.Permissions(...).value)."""
        position = max(r.position for r in guild.roles.values()) + 1
        role = FakeRole(self.store.ids.next(), name, permissions, position)
        guild.roles[role.id] = role
        body = {"guild_id": str(guild.id), "role": role_payload(role)}
        self._announce("GUILD_ROLE_CREATE", lambda s: body, guild=guild.id)
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
        self._announce(
            "GUILD_MEMBER_UPDATE", lambda s: body, intent=GUILD_MEMBERS_INTENT, guild=guild.id
        )

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
        self._announce("CHANNEL_UPDATE", lambda s: channel_payload(channel), guild=channel.guild_id)

    def set_owner(self, guild: FakeGuild, user: FakeUser) -> None:
        """Make `user` (a member) the guild owner: they then have every permission."""
        assert user.id in guild.members, f"{user.name} is not a member of {guild.name!r}"
        guild.owner_id = user.id
        self._announce("GUILD_UPDATE", lambda s: self._guild_json(guild, s), guild=guild.id)

    def permissions(self, user: FakeUser, channel: FakeChannel) -> int:
        """The permission bits Discord would compute for `user` in `channel` (what injected
        interactions carry as member.permissions / app_permissions)."""
        return self.store.permissions(user.id, channel)

    def _announce(self, event: str, build: Any, *, guild: int | None, intent: int = 0) -> None:
        """Tell the connection holding the guild's shard about a change made mid-test, as
        Discord would (nothing when no connection holds it)."""
        known = self.store.guilds.get(guild) if guild is not None else None
        if known is not None and not known.bot_installed:
            return  # the bot hears nothing of a server it is not in
        conn = self.gateway.connection_for(guild)
        if conn is None or conn.session is None:
            return
        if intent and not conn.session.intents & intent:
            return
        body = build(conn.session)
        dispatch = self.gateway.dispatch(event, body, guild_id=guild)
        task = asyncio.get_running_loop().create_task(dispatch)
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    # -- gateway hooks: guilds and members ---------------------------------------------------------

    def _guild_json(self, guild: FakeGuild, session: Session) -> Json:
        # without the members intent Discord sends only the bot's own member
        wanted = list(guild.members) if session.intents & GUILD_MEMBERS_INTENT else [self.bot.id]
        return guild_payload(guild, self.store.users, self.store.channels, member_ids=wanted)

    def _guild_ids(self, shard: Shard) -> list[int]:
        guilds = self.store.guilds
        return [g for g in guilds if owns(shard, g) and guilds[g].bot_installed]

    def _guild_count(self, shard: Shard) -> int:
        return len(self._guild_ids(shard))

    def _guild_payloads(self, session: Session) -> list[Json]:
        guilds = self.store.guilds
        return [self._guild_json(guilds[g], session) for g in self._guild_ids(session.shard)]

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
