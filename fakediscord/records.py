"""What the fake remembers: users, guilds, channels and messages. Plain mutable records."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

# Permission bits (https://discord.com/developers/docs/topics/permissions)
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
ALL_PERMISSIONS = discord.Permissions.all().value  # what owners and administrators get
EVERYONE_PERMISSIONS = (
    (1 << 6)  # add reactions
    | (1 << 10)  # view channel
    | (1 << 11)  # send messages
    | (1 << 14)  # embed links
    | (1 << 15)  # attach files
    | (1 << 16)  # read message history
    | (1 << 18)  # use external emojis
    | (1 << 31)  # use application commands
    | (1 << 35)  # create public threads
    | (1 << 38)  # send messages in threads
)
# What a user-installed app may do where the bot is not a member: answer its interactions.
USER_INSTALL_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | (1 << 35) | (1 << 38)
"""What Redline's invite link asks for (README): the everyday ones, create public threads (a
thread per game) and send messages in threads; no Manage Messages, no Manage Threads."""

TEXT_CHANNEL = 0
DM_CHANNEL = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
EPHEMERAL_FLAG = 64
LOADING_FLAG = 128


@dataclass
class FakeUser:
    """A Discord user; `mention` is what a bot would write to ping them."""

    id: int
    name: str
    bot: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False


@dataclass
class FakeMember:
    user_id: int
    role_ids: list[int]
    joined_at: str


@dataclass
class FakeOverwrite:
    """A channel permission overwrite for a role (type 0; @everyone is the guild id) or member."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


@dataclass
class FakeGuild:
    """A guild handle; its id is also the id of its @everyone role."""

    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    bot_installed: bool = True
    """False: a server that never added the bot (only user-installed commands reach it)."""

    def permissions_of(
        self, user_id: int, overwrites: dict[int, FakeOverwrite] | None = None
    ) -> int:
        """Discord's algorithm: owner and ADMINISTRATOR get everything; else @everyone | roles,
        then the channel's overwrites for @everyone, the member's roles, the member."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members[user_id]
        value = self.roles[self.id].permissions
        for role_id in member.role_ids:
            value |= self.roles[role_id].permissions
        if value & ADMINISTRATOR:
            return ALL_PERMISSIONS
        if not overwrites:
            return value
        everyone = overwrites.get(self.id)
        if everyone is not None:
            value = (value & ~everyone.deny) | everyone.allow
        allow = deny = 0
        for role_id in member.role_ids:
            found = overwrites.get(role_id)
            if found is not None and found.type == 0:
                allow |= found.allow
                deny |= found.deny
        value = (value & ~deny) | allow
        own = overwrites.get(user_id)
        if own is not None and own.type == 1:
            value = (value & ~own.deny) | own.allow
        return value


@dataclass
class FakeChannel:
    """A text channel, thread or DM; `guild_id` is None for a DM."""

    id: int
    name: str
    type: int
    guild_id: int | None
    parent_id: int | None = None
    owner_id: int | None = None
    position: int = 0
    recipient_id: int | None = None
    archived: bool = False
    locked: bool = False
    overwrites: dict[int, FakeOverwrite] = field(default_factory=dict)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def is_thread(self) -> bool:
        return self.type in (10, 11, 12)


@dataclass
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None

    def payload(self, *, ephemeral: bool = False) -> dict[str, Any]:
        body: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            body["content_type"] = self.content_type
        if self.description:
            body["description"] = self.description
        if ephemeral:
            body["ephemeral"] = True
        return body


@dataclass
class FakeMessage:
    """A message as the fake holds it now (edits update it in place)."""

    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    ephemeral_to: int | None = None
    edited: bool = False
    deleted: bool = False
    timestamp: str = ""
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    interaction_id: int | None = None
    message_type: int = 0
    interaction_metadata: dict[str, Any] | None = None
    asked_ephemeral: bool = False
    notified_ids: list[int] = field(default_factory=list)
    shown: list[dict[str, Any]] = field(default_factory=list)
    """Every version its audience saw (`content`, `embeds`, `components`, the `attachments`'
    file names and their `files` as (name, bytes)), oldest first: each edit appends one, so
    what an edit replaced (an ephemeral sheet redrawn in place, its picture too) can still be
    checked after it."""

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_to is not None

    @property
    def ephemeral_ignored(self) -> bool:
        """The sender asked for ephemeral (flag 64) but everyone sees it: the first followup
        after a public "thinking" defer edits that message and Discord ignores the flag."""
        return self.asked_ephemeral and not self.ephemeral

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return [(a.filename, a.data) for a in self.attachments]

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    @property
    def buttons(self) -> list[tuple[str | None, str | None, bool]]:
        return [
            (c.get("label"), c.get("custom_id"), bool(c.get("disabled", False)))
            for c in walk_components(self.components)
            if c.get("type") == 2
        ]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for c in walk_components(self.components):
            if c.get("custom_id") == custom_id:
                return c
        return None


@dataclass(frozen=True)
class DeprecatedCompletion:
    """A "thinking" defer (type 5) completed by its first followup instead of by editing
    @original: documented as deprecated, and Discord ignores an ephemeral flag on it, so one
    that asked for ephemeral after a public defer is a leak (everyone sees it)."""

    label: str
    where: str
    message_id: int
    leaked: bool

    def __str__(self) -> str:
        if self.leaked:
            what = (
                "asked for ephemeral, but the first followup after a public defer (type 5) "
                "completes the public 'thinking' message, so everyone sees it (a leak)"
            )
        else:
            what = "the first followup completed the deferred reply (deprecated)"
        return (
            f"{self.where} ({self.label}): {what}; edit @original instead, or delete it and "
            "then send the followup"
        )


@dataclass(frozen=True)
class RestCall:
    """One REST request the bot made: its method, its route (the path's template, e.g.
    `/api/v10/webhooks/{app}/{token}`), the status answered, and the interaction whose id or
    token it used (None: the bot's own token, e.g. the channel routes)."""

    method: str
    route: str
    status: int
    interaction_id: int | None = None

    def __str__(self) -> str:
        return f"{self.method} {self.route}: {self.status}"


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component at any depth (action rows, v2 containers, sections, accessories)."""
    found: list[dict[str, Any]] = []
    for comp in components:
        found.append(comp)
        found.extend(walk_components(comp.get("components", [])))
        accessory = comp.get("accessory")
        if isinstance(accessory, dict):
            found.extend(walk_components([accessory]))
    return found
