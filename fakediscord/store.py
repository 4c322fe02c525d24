"""The fake's memory: the world (users, guilds, channels), messages, commands, interactions.

It outlives bot connections, so a restarted bot finds its messages and tokens where it left them.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from typing import Any

from fakediscord.ids import Snowflakes, iso_now
from fakediscord.interaction import InteractionRecord
from fakediscord.limits import Rejection, check_message, thread_archived
from fakediscord.payloads import message_payload, user_payload
from fakediscord.records import (
    DM_CHANNEL,
    EPHEMERAL_FLAG,
    LOADING_FLAG,
    DeprecatedCompletion,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
    RestCall,
)
from fakediscord.schema import check_commands, describe, errors_object

Json = dict[str, Any]
NEW_UPLOAD_ID_BELOW = 1000  # attachments[].id below this is a files[n] index, not a snowflake
USER_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(frozen=True)
class Upload:
    """One `files[n]` part of a multipart request."""

    index: int
    filename: str
    data: bytes
    content_type: str | None = None


_IN_PROCESS: list[DeprecatedCompletion] = []


def deprecated_completions_in_process() -> list[DeprecatedCompletion]:
    """Every deprecated completion any fake in this process recorded, oldest first, so a test
    harness can see what one test caused (what was added since it started) without being
    handed its fakes, which may be gone by the time it looks."""
    return list(_IN_PROCESS)


class Store:
    def __init__(self, *, attachment_size_limit: int) -> None:
        self.ids = Snowflakes()
        self.attachment_size_limit = attachment_size_limit
        self.base_url = ""  # set once the server has a port
        self.users: dict[int, FakeUser] = {}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self.global_commands: list[Json] = []
        self.guild_commands: dict[int, list[Json]] = {}
        self.command_ids: dict[tuple[int | None, str, int], int] = {}
        self.attachments: dict[int, FakeAttachment] = {}
        self.dm_channels: dict[int, int] = {}
        self.user_installs: set[int] = set()
        """Users who installed the app to their account (its user-install commands follow them)."""
        self.closed_dms: set[int] = set()
        """Users who accept no direct messages from the bot (posting there: 403 / 50007)."""
        self.violations: list[str] = []
        self.deprecated_completions: list[DeprecatedCompletion] = []
        self.unserved: list[str] = []
        self.errors: list[str] = []
        self.requests: list[RestCall] = []
        """Every API request the bot made, in order (`FakeDiscord.requests`)."""
        self.rate_limited: list[str] = []
        self.followup_429s = 0
        self.retry_after = 0.05
        self.bot_user: FakeUser | None = None
        self.bot_owner_id = 0
        self.sync_count = 0
        self.application_id = 0
        self._changed = asyncio.Event()

    def record_deprecated(self, completion: DeprecatedCompletion) -> None:
        """A deferral completed by its first followup; a leak is a violation too."""
        self.deprecated_completions.append(completion)
        _IN_PROCESS.append(completion)
        if completion.leaked:
            self.violations.append(str(completion))

    def notify(self) -> None:
        """Wake everyone waiting on the fake (readiness, new messages)."""
        self._changed.set()
        self._changed = asyncio.Event()

    def changed(self) -> asyncio.Event:
        return self._changed

    def open_dm(self, user_id: int) -> FakeChannel:
        if user_id not in self.dm_channels:
            ident = self.ids.next()
            self.channels[ident] = FakeChannel(
                id=ident, name="", type=DM_CHANNEL, guild_id=None, recipient_id=user_id
            )
            self.dm_channels[user_id] = ident
        return self.channels[self.dm_channels[user_id]]

    # -- messages -------------------------------------------------------------------------------

    def message_json(self, message: FakeMessage) -> Json:
        return message_payload(message, self.users[message.author_id])

    def permissions(self, user_id: int, channel: FakeChannel) -> int:
        """The user's permissions in the channel (a thread uses its parent's overwrites)."""
        if channel.guild_id is None:
            return 0
        guild = self.guilds[channel.guild_id]
        source = self.channels.get(channel.parent_id or 0) if channel.is_thread else channel
        return guild.permissions_of(user_id, source.overwrites if source is not None else None)

    def check_channel(self, where: str, channel: FakeChannel) -> Rejection | None:
        """An archived thread takes no new messages (400 / 50083); recorded as a violation."""
        problem = thread_archived(channel)
        if problem is not None:
            self.violations.append(f"{where}: {problem.reason} ({problem.code})")
        return problem

    def check(
        self, where: str, data: Json, uploads: list[Upload], *, channel: FakeChannel | None = None
    ) -> Rejection | None:
        """Record every limit the body breaks as a violation; return the first, if any.

        With `channel`, posting into an archived thread is refused first (400 / 50083).
        """
        if channel is not None:
            closed = self.check_channel(where, channel)
            if closed is not None:
                return closed
        files = [(u.filename, u.data) for u in uploads]
        problems = check_message(data, files, size_limit=self.attachment_size_limit)
        for problem in problems:
            self.violations.append(f"{where}: {problem.reason} ({problem.code})")
        if not problems:
            return None
        # the size error wins, as on Discord (the upload is refused before the body is read)
        return next((p for p in problems if p.status == 413), problems[0])

    def create_message(
        self,
        channel: FakeChannel,
        author_id: int,
        data: Json,
        uploads: list[Upload],
        *,
        ephemeral_to: int | None = None,
        flags: int = 0,
        record: InteractionRecord | None = None,
    ) -> FakeMessage:
        message = FakeMessage(
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author_id=author_id,
            flags=flags,
            ephemeral_to=ephemeral_to,
            timestamp=iso_now(),
        )
        if record is not None:
            message.webhook_id = self.application_id
            message.interaction_id = record.id
            message.message_type = 20 if record.type == 2 else 0
            message.interaction_metadata = {
                "id": str(record.id),
                "type": record.type,
                "user": self.user_json(record.user_id),
                "authorizing_integration_owners": {"0": str(record.guild_id or 0)},
            }
        self.apply_body(message, data, uploads, creating=True)
        message.asked_ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL_FLAG)
        message.notified_ids = self.mentioned(message, data)
        self.messages[message.id] = message
        self.notify()  # every new message wakes those waiting on the fake, however it came
        return message

    def mentioned(self, message: FakeMessage, data: Json) -> list[int]:
        """Who a NEW message pings: `<@id>` in its content that `allowed_mentions` permits (all
        users when it is absent), plus the replied-to author; only people who can see it."""
        if message.ephemeral:
            return []
        allowed = data.get("allowed_mentions")
        found = [int(i) for i in USER_MENTION.findall(message.content)]
        if allowed is None or "users" in (allowed.get("parse") or []):
            permitted = found
        else:
            listed = {int(i) for i in allowed.get("users") or []}
            permitted = [i for i in found if i in listed]
        reference = data.get("message_reference") or {}
        replied = self.messages.get(int(reference.get("message_id") or 0))
        if replied is not None and (allowed is None or allowed.get("replied_user")):
            permitted.append(replied.author_id)
        if message.guild_id is not None:
            audience = set(self.guilds[message.guild_id].members)
        else:
            audience = {self.channels[message.channel_id].recipient_id or 0}
        pinged: list[int] = []
        for ident in permitted:
            if ident in audience and ident != message.author_id and ident not in pinged:
                pinged.append(ident)
        return pinged

    def user_json(self, user_id: int) -> Json:
        return user_payload(self.users[user_id])

    def apply_body(
        self, message: FakeMessage, data: Json, uploads: list[Upload], *, creating: bool
    ) -> None:
        if "content" in data:
            message.content = data["content"] or ""
        if "embeds" in data:
            message.embeds = list(data["embeds"] or [])
        if "components" in data:
            message.components = list(data["components"] or [])
        flags = int(data.get("flags") or 0)
        # only the components-v2 and suppress-embeds bits survive into the stored message
        message.flags |= flags & ((1 << 15) | (1 << 2))
        self._attach(message, data, uploads, creating=creating)
        message.shown.append(
            {
                "content": message.content,
                "embeds": message.embeds,
                "components": message.components,
                "attachments": [a.filename for a in message.attachments],
                "descriptions": [a.description or "" for a in message.attachments],
                "files": message.files,
            }
        )

    def _attach(
        self, message: FakeMessage, data: Json, uploads: list[Upload], *, creating: bool
    ) -> None:
        """The message's attachments after this body: kept by id, new ones uploaded."""
        fresh = {u.index: self._store_upload(message, u) for u in uploads}
        listed = data.get("attachments")
        if listed is None:
            message.attachments = ([] if creating else message.attachments) + list(fresh.values())
            return
        kept: list[FakeAttachment] = []
        old = {a.id: a for a in message.attachments}
        for entry in listed:
            ident = int(entry["id"])
            if ident < NEW_UPLOAD_ID_BELOW and ident in fresh:
                attachment = fresh.pop(ident)
                attachment.description = entry.get("description")
                kept.append(attachment)
            elif ident in old:
                kept.append(old[ident])
        message.attachments = kept + list(fresh.values())

    def _store_upload(self, message: FakeMessage, upload: Upload) -> FakeAttachment:
        ident = self.ids.next()
        attachment = FakeAttachment(
            id=ident,
            filename=upload.filename,
            data=upload.data,
            url=f"{self.base_url}/attachments/{message.channel_id}/{ident}/{upload.filename}",
            content_type=upload.content_type,
        )
        self.attachments[ident] = attachment
        return attachment

    def edit_message(
        self, message: FakeMessage, data: Json, uploads: list[Upload], *, completes: bool = False
    ) -> None:
        self.apply_body(message, data, uploads, creating=False)
        self.notify()  # an interaction's edit too (its image, a board closed), not only REST's
        if completes:
            # finishing a deferred reply replaces the "thinking" placeholder; not an edit
            message.flags &= ~LOADING_FLAG
            return
        message.edited = True
        message.edited_timestamp = iso_now()

    def merged(self, message: FakeMessage, data: Json) -> Json:
        """The body a message would have after this edit, for the limit checks."""
        body: Json = {
            "content": message.content,
            "embeds": message.embeds,
            "components": message.components,
            "flags": message.flags,
        }
        body.update({k: v for k, v in data.items() if k in body or k == "attachments"})
        if "attachments" not in data:
            body["attachments"] = [{"id": a.id} for a in message.attachments]
        return body

    def visible_in(self, channel_id: int) -> list[FakeMessage]:
        return [
            m
            for m in sorted(self.messages.values(), key=lambda m: m.id)
            if m.channel_id == channel_id and not m.deleted and not m.ephemeral
        ]

    # -- commands -------------------------------------------------------------------------------

    def store_commands(self, guild_id: int | None, commands: list[Json]) -> list[Json] | Json:
        """Echo a bulk overwrite as Discord does: ids (stable per name), versions, defaults.

        A schema Discord would refuse fails the whole sync: every problem is a violation and the
        answer is the `400 / 50035 Invalid Form Body` body (a dict) instead of the list.
        """
        problems = check_commands(commands)
        if problems:
            scope = "global" if guild_id is None else f"guild {guild_id}"
            for problem in problems:
                self.violations.append(f"PUT {scope} commands: {describe(problem)} (50035)")
            return {
                "code": 50035,
                "message": "Invalid Form Body",
                "errors": errors_object(problems),
            }
        echoed: list[Json] = []
        for command in commands:
            kind = int(command.get("type", 1))
            key = (guild_id, command["name"], kind)
            ident = self.command_ids.setdefault(key, self.ids.next())
            body: Json = {
                "type": kind,
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "dm_permission": True,
                "nsfw": False,
                **command,
                "id": str(ident),
                "application_id": str(self.application_id),
                "version": str(self.ids.next()),
            }
            if guild_id is not None:
                body["guild_id"] = str(guild_id)
            echoed.append(body)
        if guild_id is None:
            self.global_commands = echoed
        else:
            self.guild_commands[guild_id] = echoed
        self.sync_count += 1
        self.notify()
        return echoed
