"""Inject interactions the way a Discord client would send them: slash, click, select, autocomplete.

Everything is checked against what the bot declared: the synced command schema for slash
commands, the message's own components for clicks and selects.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from fakediscord.commands import (
    ATTACHMENT,
    CHANNEL,
    MENTIONABLE,
    ROLE,
    USER,
    build_options,
    find_leaf,
    split_path,
)
from fakediscord.gateway import Gateway, wait_for
from fakediscord.ids import new_token
from fakediscord.interaction import InteractionRecord, InteractionResult
from fakediscord.limits import MAX_CUSTOM_ID, SELECT_TYPES
from fakediscord.payloads import channel_payload, member_payload, role_payload, user_payload
from fakediscord.records import (
    USER_INSTALL_PERMISSIONS,
    FakeAttachment,
    FakeChannel,
    FakeMessage,
    FakeRole,
    FakeUser,
)
from fakediscord.store import Store

Json = dict[str, Any]
APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE = 2, 3, 4
GUILD_INSTALL, USER_INSTALL = 0, 1
GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CHANNEL_CONTEXT = 0, 1, 2
OWNERS_KEY = "__authorizing_integration_owners"
"""Carried from `command_data` to `dispatch` (removed before the payload is sent)."""
Idle = Callable[[], Awaitable[None]]
Settle = float | Idle
"""After the initial response: quiet seconds to wait for, or the app's own idle signal."""
IDLE_TIMEOUT = 120.0
"""How long an app may stay busy after one interaction before the injector gives up."""
ADMINISTRATOR = 1 << 3


class Injector:
    def __init__(self, store: Store, gateway: Gateway, *, ack_deadline: float) -> None:
        self.store = store
        self.gateway = gateway
        self.ack_deadline = ack_deadline

    # -- the common envelope ---------------------------------------------------------------------

    async def dispatch(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: Json,
        label: str,
        *,
        clicked: FakeMessage | None = None,
        planted: Json | None = None,
        locale: str = "en-US",
        timeout: float,
        settle: Settle,
        wait: bool,
    ) -> InteractionResult:
        store = self.store
        if self.gateway.current is None:
            raise AssertionError(f"{label}: no bot is connected to the fake gateway")
        ident = store.ids.next()
        token = new_token("aW50ZXJhY3Rpb24")
        payload: Json = {
            "id": str(ident),
            "application_id": str(store.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "data": data,
            "channel_id": str(channel.id),
            "locale": locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": store.attachment_size_limit,
        }
        payload.update(self._context(user, channel))
        owners = data.pop(OWNERS_KEY, None)
        if owners is not None:
            payload["authorizing_integration_owners"] = owners
        if clicked is not None:
            payload["message"] = store.message_json(clicked)
            if planted is not None:
                # a forced custom_id the message lacks: send the message as if it carried it,
                # or discord.py (which looks the item up on the message) would drop the click
                row = {"type": 1, "components": [planted]}
                payload["message"]["components"] = [*payload["message"]["components"], row]
        loop = asyncio.get_running_loop()
        rec = InteractionRecord(
            id=ident,
            token=token,
            type=itype,
            user_id=user.id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            label=label,
            dispatched_at=loop.time(),
            payload=payload,
            clicked_message_id=clicked.id if clicked is not None else None,
        )
        store.interactions[ident] = rec
        store.by_token[token] = rec
        rec.deadline_handle = loop.call_later(self.ack_deadline, self._deadline_passed, rec)
        if not await self.gateway.dispatch(
            "INTERACTION_CREATE", payload, guild_id=channel.guild_id
        ):
            raise AssertionError(
                f"{label}: no bot connection holds the shard of guild {channel.guild_id}"
            )
        result = InteractionResult(rec, store.messages, timeout)
        if wait:
            await result.wait_response()
            if callable(settle):
                await _until_idle(settle, label)
            elif settle > 0:
                await result.settle(settle)
        return result

    def _deadline_passed(self, rec: InteractionRecord) -> None:
        if rec.response_type is None:
            self.store.violations.append(
                f"{rec.label}: not acknowledged within {self.ack_deadline} s "
                "(Discord shows 'The application did not respond')"
            )
            rec.notify()

    def _context(self, user: FakeUser, channel: FakeChannel) -> Json:
        store = self.store
        if channel.guild_id is None:
            recipient = store.users[channel.recipient_id or user.id]
            return {
                "user": user_payload(user),
                "channel": channel_payload(channel, recipients=[recipient]),
                "app_permissions": str(USER_INSTALL_PERMISSIONS),
                "authorizing_integration_owners": self._owners(user, channel, None),
                "context": BOT_DM_CONTEXT,
            }
        guild = store.guilds[channel.guild_id]
        if user.id not in guild.members:
            raise AssertionError(f"{user.name} is not a member of guild {guild.name!r}")
        assert store.bot_user is not None
        chan = channel_payload(channel)
        mine = store.permissions(user.id, channel)
        chan["permissions"] = str(mine)
        app = (
            store.permissions(store.bot_user.id, channel)
            if guild.bot_installed
            else USER_INSTALL_PERMISSIONS
        )
        return {
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
            "guild_locale": "en-US",
            "channel": chan,
            "member": member_payload(guild, guild.members[user.id], user, permissions=mine),
            "app_permissions": str(app),
            "authorizing_integration_owners": self._owners(user, channel, None),
            "context": GUILD_CONTEXT,
        }

    def _installs_here(self, user: FakeUser, channel: FakeChannel) -> set[int]:
        """The app's installations that reach this user here: the server's (or, in the bot's
        DM, the guild install as such) and the user's own."""
        here: set[int] = set()
        guild = self.store.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        if guild is None or guild.bot_installed:
            here.add(GUILD_INSTALL)
        if user.id in self.store.user_installs:
            here.add(USER_INSTALL)
        return here

    def _owners(self, user: FakeUser, channel: FakeChannel, types: list[int] | None) -> Json:
        """`authorizing_integration_owners` as Discord sends it: "0" -> the guild's id ("0" in
        the bot's DM), "1" -> the user's id, for each installation that authorised the command
        (`types`: the command's integration_types; None: every installation reaching here)."""
        here = self._installs_here(user, channel)
        if types is not None:
            here &= set(types)
        owners: Json = {}
        if GUILD_INSTALL in here:
            owners[str(GUILD_INSTALL)] = str(channel.guild_id or 0)
        if USER_INSTALL in here:
            owners[str(USER_INSTALL)] = str(user.id)
        return owners

    def _check_reachable(self, command: Json, user: FakeUser, channel: FakeChannel) -> Json:
        """Discord offers a command only in its `contexts` and through one of its
        `integration_types` that is installed here; returns the authorising owners."""
        context = GUILD_CONTEXT if channel.guild_id is not None else BOT_DM_CONTEXT
        contexts = command.get("contexts")
        if contexts is None:  # Discord's default; dm_permission false keeps it out of DMs
            contexts = [GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CHANNEL_CONTEXT]
            if not command.get("dm_permission", True):
                contexts = [GUILD_CONTEXT]
        types = command.get("integration_types") or [GUILD_INSTALL]
        owners = self._owners(user, channel, types)
        where = "a server" if context == GUILD_CONTEXT else "a DM with the bot"
        if context not in contexts:
            raise AssertionError(
                f"/{command['name']} is not offered in {where} (contexts {contexts}); "
                "Discord's client would not send it"
            )
        if not owners:
            installed = sorted(self._installs_here(user, channel))
            raise AssertionError(
                f"/{command['name']} (integration_types {types}) is not installed where "
                f"{user.name} is ({where}, installations reaching them: {installed})"
            )
        return owners

    # -- slash commands and autocomplete ---------------------------------------------------------

    async def command_data(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        values: dict[str, Any],
        *,
        focused: str | None,
        force: bool,
        timeout: float,
    ) -> Json:
        parts = split_path(command)
        top = await self._find_command(channel.guild_id, parts[0], timeout)
        if channel.guild_id is not None and not force:
            self._check_permission(top, user, channel.guild_id)
        owners = self._check_reachable(top, user, channel) if not force else None
        leaf, chain = find_leaf(top, parts)
        resolved: dict[str, dict[str, Json]] = {}

        def resolve(schema: Json, value: Any) -> str:
            return self._resolve(schema, value, user, channel, resolved)

        options = build_options(leaf, chain, values, resolve, focused=focused)
        data: Json = {"id": top["id"], "name": top["name"], "type": 1, "options": options}
        if top.get("guild_id") is not None:
            data["guild_id"] = top["guild_id"]
        if resolved:
            data["resolved"] = resolved
        if owners is not None:
            data[OWNERS_KEY] = owners
        return data

    async def _find_command(self, guild_id: int | None, name: str, timeout: float) -> Json:
        # a bot that syncs in on_ready may not have synced yet: wait for its first sync only
        await wait_for(
            lambda: self.store.sync_count > 0,
            self.store.changed,
            timeout,
            "the bot to sync its commands",
        )
        scopes = [self.store.guild_commands.get(guild_id, [])] if guild_id is not None else []
        scopes.append(self.store.global_commands)
        for scope in scopes:
            for command in scope:
                if command["name"] == name and int(command.get("type", 1)) == 1:
                    return command
        known = sorted({c["name"] for scope in scopes for c in scope})
        raise AssertionError(f"/{name} was never synced; synced commands: {', '.join(known)}")

    def _check_permission(self, command: Json, user: FakeUser, guild_id: int) -> None:
        needed = command.get("default_member_permissions")
        if needed is None:
            return
        have = self.store.guilds[guild_id].permissions_of(user.id)
        if have & ADMINISTRATOR or have & int(needed) == int(needed):
            return
        raise AssertionError(
            f"/{command['name']} needs permissions {needed} that {user.name} lacks "
            "(Discord hides it from them); pass force=True to send it anyway"
        )

    def _resolve(
        self,
        schema: Json,
        value: Any,
        invoker: FakeUser,
        channel: FakeChannel,
        resolved: dict[str, dict[str, Json]],
    ) -> str:
        store = self.store
        kind = schema["type"]
        guild = store.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        if (
            kind in (USER, MENTIONABLE)
            and isinstance(value, FakeUser | int)
            and (kind == USER or (isinstance(value, FakeUser) or value in store.users))
        ):
            user = store.users[value.id if isinstance(value, FakeUser) else value]
            resolved.setdefault("users", {})[str(user.id)] = user_payload(user)
            if guild is not None and user.id in guild.members:
                perms = store.permissions(user.id, channel)
                member = member_payload(guild, guild.members[user.id], user, permissions=perms)
                member.pop("user")
                resolved.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        if kind in (ROLE, MENTIONABLE) and guild is not None:
            role_id = value.id if isinstance(value, FakeRole) else int(value)
            resolved.setdefault("roles", {})[str(role_id)] = role_payload(guild.roles[role_id])
            return str(role_id)
        if kind == CHANNEL:
            target = value if isinstance(value, FakeChannel) else store.channels[int(value)]
            allowed = schema.get("channel_types")
            if allowed and target.type not in allowed:
                raise AssertionError(
                    f"option {schema['name']!r}: channel type {target.type} not in {allowed}"
                )
            body = channel_payload(target)
            body["permissions"] = str(store.permissions(invoker.id, target) if guild else 0)
            resolved.setdefault("channels", {})[str(target.id)] = body
            return str(target.id)
        if kind == ATTACHMENT:
            filename, blob = value
            ident = store.ids.next()
            attachment = FakeAttachment(
                ident, filename, bytes(blob), f"{store.base_url}/attachments/0/{ident}/{filename}"
            )
            store.attachments[ident] = attachment
            resolved.setdefault("attachments", {})[str(ident)] = attachment.payload()
            return str(ident)
        raise AssertionError(f"option {schema['name']!r}: cannot send {value!r} for type {kind}")

    # -- components ------------------------------------------------------------------------------

    def component_data(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        *,
        select: bool,
        values: list[Any] | None,
        force: bool,
    ) -> Json:
        what = "select" if select else "button"
        if not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
            # not even force=True: Discord cannot carry such a custom_id in an interaction
            raise AssertionError(
                f"custom_id of {len(custom_id)} chars: Discord allows 1-{MAX_CUSTOM_ID}"
            )
        if message.deleted:
            raise AssertionError(f"message {message.id} was deleted; its {what}s are gone")
        if message.ephemeral_to is not None and message.ephemeral_to != user.id:
            raise AssertionError(f"{user.name} cannot see ephemeral message {message.id}")
        comp = message.component(custom_id)
        if comp is None and not force:
            raise AssertionError(
                f"message {message.id} has no component {custom_id!r}; it has: "
                f"{', '.join(message.custom_ids) or 'none'}"
            )
        kind = int(comp["type"]) if comp is not None else (3 if select else 2)
        if not force and comp is not None:
            if select != (kind in SELECT_TYPES):
                raise AssertionError(f"{custom_id!r} is a component of type {kind}, not a {what}")
            if comp.get("disabled"):
                raise AssertionError(f"{what} {custom_id!r} is disabled; Discord would not send it")
        data: Json = {"custom_id": custom_id, "component_type": kind}
        if comp is not None and "id" in comp:
            data["id"] = comp["id"]
        if select:
            data["values"] = self._select_values(comp, values or [], force)
        return data

    def _select_values(self, comp: Json | None, values: list[Any], force: bool) -> list[str]:
        as_ids = [
            str(v.id) if isinstance(v, FakeUser | FakeChannel | FakeRole) else str(v)
            for v in values
        ]
        if comp is None or force:
            return as_ids
        low, high = int(comp.get("min_values", 1)), int(comp.get("max_values", 1))
        if not low <= len(as_ids) <= high:
            raise AssertionError(f"select {comp['custom_id']!r} takes {low}..{high} values")
        if comp["type"] == 3:
            offered = [o["value"] for o in comp.get("options") or []]
            wrong = [v for v in as_ids if v not in offered]
            if wrong:
                raise AssertionError(f"select {comp['custom_id']!r}: {wrong} not among {offered}")
        return as_ids


def planted_component(custom_id: str, kind: int, values: list[Any]) -> Json:
    """The component a forced click pretends the message carried (a button or string select)."""
    if kind == 2:
        return {"type": 2, "style": 2, "label": "forced", "custom_id": custom_id}
    as_ids = [str(getattr(v, "id", v)) for v in values] or ["forced"]
    options = [{"label": v[:100], "value": v[:100]} for v in as_ids]
    return {
        "type": 3,
        "custom_id": custom_id,
        "options": options,
        "min_values": 1,
        "max_values": len(options),
    }


async def _until_idle(idle: Idle, label: str) -> None:
    try:
        await asyncio.wait_for(idle(), IDLE_TIMEOUT)
    except TimeoutError:
        raise AssertionError(
            f"{label}: the app was still busy {IDLE_TIMEOUT:.0f} s after answering"
        ) from None
