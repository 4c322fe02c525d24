"""Records -> the JSON shapes discord.py 2.7.1 parses (users, members, guilds, messages)."""

from __future__ import annotations

from typing import Any

from fakediscord.records import (
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
)

Json = dict[str, Any]


def user_payload(user: FakeUser) -> Json:
    body: Json = {
        "id": str(user.id),
        "username": user.name,
        "discriminator": "0",
        "global_name": user.name,
        "avatar": None,
        "public_flags": 0,
        "flags": 0,
    }
    if user.bot:
        body["bot"] = True
    return body


def role_payload(role: FakeRole) -> Json:
    return {
        "id": str(role.id),
        "name": role.name,
        "permissions": str(role.permissions),
        "position": role.position,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "managed": role.managed,
        "mentionable": False,
        "flags": 0,
    }


def member_payload(
    guild: FakeGuild, member: FakeMember, user: FakeUser, *, permissions: int | None = None
) -> Json:
    body: Json = {
        "user": user_payload(user),
        "roles": [str(r) for r in member.role_ids],
        "joined_at": member.joined_at,
        "nick": None,
        "avatar": None,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
    }
    if permissions is not None:
        body["permissions"] = str(permissions)
    return body


def channel_payload(channel: FakeChannel, *, recipients: list[FakeUser] | None = None) -> Json:
    body: Json = {"id": str(channel.id), "type": channel.type, "name": channel.name, "flags": 0}
    if channel.guild_id is not None:
        body["guild_id"] = str(channel.guild_id)
    if channel.is_thread:
        body.update(
            parent_id=str(channel.parent_id),
            owner_id=str(channel.owner_id),
            message_count=0,
            member_count=1,
            rate_limit_per_user=0,
            thread_metadata={
                "archived": channel.archived,
                "auto_archive_duration": 1440,
                "archive_timestamp": "2024-01-01T00:00:00+00:00",
                "locked": channel.locked,
            },
        )
    elif channel.type == 1:
        body["recipients"] = [user_payload(u) for u in recipients or []]
        body.pop("name")
    else:
        body.update(
            position=channel.position,
            parent_id=None,
            permission_overwrites=[o.payload() for o in channel.overwrites.values()],
            nsfw=False,
            topic=None,
            last_message_id=None,
            rate_limit_per_user=0,
        )
    return body


def guild_payload(
    guild: FakeGuild,
    users: dict[int, FakeUser],
    channels: dict[int, FakeChannel],
    *,
    member_ids: list[int],
) -> Json:
    """A GUILD_CREATE body: roles, channels, threads and the members the intents allow."""
    own = [channels[c] for c in guild.channel_ids]
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "owner_id": str(guild.owner_id),
        "unavailable": False,
        "large": False,
        "member_count": len(guild.members),
        "joined_at": "2024-01-01T00:00:00+00:00",
        "roles": [role_payload(r) for r in guild.roles.values()],
        "channels": [channel_payload(c) for c in own if not c.is_thread],
        # like Discord, only active threads: discord.py fetches archived ones on demand
        "threads": [channel_payload(c) for c in own if c.is_thread and not c.archived],
        "members": [
            member_payload(guild, guild.members[uid], users[uid])
            for uid in member_ids
            if uid in guild.members
        ],
        "emojis": [],
        "stickers": [],
        "features": [],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "preferred_locale": "en-US",
        "premium_tier": 0,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "system_channel_flags": 0,
        "afk_timeout": 300,
    }


def message_payload(message: FakeMessage, author: FakeUser) -> Json:
    body: Json = {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "author": user_payload(author),
        "content": message.content,
        "timestamp": message.timestamp,
        "edited_timestamp": message.edited_timestamp,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [a.payload(ephemeral=message.ephemeral) for a in message.attachments],
        "embeds": message.embeds,
        "components": message.components,
        "pinned": False,
        "type": message.message_type,
        "flags": message.flags,
    }
    if message.guild_id is not None:
        body["guild_id"] = str(message.guild_id)
    if message.webhook_id is not None:
        body["webhook_id"] = str(message.webhook_id)
        body["application_id"] = str(message.webhook_id)
    if message.interaction_metadata is not None:
        body["interaction_metadata"] = message.interaction_metadata
    return body


def error_body(code: int, message: str) -> Json:
    return {"code": code, "message": message}
