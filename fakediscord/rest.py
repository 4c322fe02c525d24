"""REST under /api/v10, answered the way discord.py 2.7.1 expects (exact JSON content type)."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from fakediscord.payloads import channel_payload, error_body, member_payload, user_payload
from fakediscord.records import (
    CREATE_PUBLIC_THREADS,
    MANAGE_THREADS,
    PUBLIC_THREAD,
    FakeChannel,
    RestCall,
)
from fakediscord.responses import Answer, Responder
from fakediscord.store import Store
from fakediscord.wire import json_response, read_body

Json = dict[str, Any]
API = "/api/v10"
MANAGE_CHANNELS = 1 << 4
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Announce = Callable[[str, Json], None]


class Rest:
    def __init__(
        self, store: Store, responder: Responder, token: str, announce: Announce | None = None
    ) -> None:
        self.store = store
        self.responder = responder
        self.token = token
        self.announce: Announce = announce or (lambda event, body: None)

    @web.middleware
    async def record(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Every API request lands in `store.requests` (and in its interaction's record when
        it used an interaction's id or token); every error answer in `store.errors`
        ("METHOD path: status / code message")."""
        response = await handler(request)
        if not request.path.startswith(API):
            return response
        self._note(request, response.status)
        if response.status >= 400:
            code: Any = None
            message = ""
            body = response.body if isinstance(response, web.Response) else None
            if isinstance(body, bytes):
                try:
                    parsed = json.loads(body)
                    code, message = parsed.get("code"), parsed.get("message", "")
                except (ValueError, AttributeError):
                    pass
            self.store.errors.append(
                f"{request.method} {request.path}: {response.status} / {code} {message}"
            )
        return response

    def _note(self, request: web.Request, status: int) -> None:
        info = request.match_info
        rec = self.store.by_token.get(info.get("token", ""))
        if rec is None and info.get("iid", "").isdigit():
            rec = self.store.interactions.get(int(info["iid"]))
        route = info.route.resource.canonical if info.route.resource is not None else request.path
        call = RestCall(request.method, route, status, rec.id if rec is not None else None)
        self.store.requests.append(call)
        if rec is not None:
            rec.requests.append(call)

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get(f"{API}/users/@me", self.me),
            web.get(f"{API}/oauth2/applications/@me", self.application),
            web.put(f"{API}/applications/{{app}}/commands", self.put_commands),
            web.get(f"{API}/applications/{{app}}/commands", self.get_commands),
            web.put(f"{API}/applications/{{app}}/guilds/{{guild}}/commands", self.put_commands),
            web.get(f"{API}/applications/{{app}}/guilds/{{guild}}/commands", self.get_commands),
            web.post(f"{API}/interactions/{{iid}}/{{token}}/callback", self.callback),
            web.post(f"{API}/webhooks/{{app}}/{{token}}", self.followup),
            web.route("*", f"{API}/webhooks/{{app}}/{{token}}/messages/{{mid}}", self.webhook_msg),
            web.get(f"{API}/channels/{{cid}}", self.get_channel),
            web.patch(f"{API}/channels/{{cid}}", self.edit_channel),
            web.get(f"{API}/guilds/{{guild}}/members/{{user}}", self.get_member),
            web.post(f"{API}/channels/{{cid}}/messages", self.post_message),
            web.post(f"{API}/channels/{{cid}}/threads", self.create_thread),
            web.get(f"{API}/channels/{{cid}}/messages", self.history),
            web.route("*", f"{API}/channels/{{cid}}/messages/{{mid}}", self.channel_message),
            web.post(f"{API}/users/@me/channels", self.open_dm),
            web.get(f"{API}/users/{{uid:\\d+}}", self.get_user),
            web.get("/attachments/{cid}/{aid}/{name}", self.attachment),
            web.route("*", "/{tail:.*}", self.unserved),
        ]

    def _authorized(self, request: web.Request) -> bool:
        return request.headers.get("Authorization") == f"Bot {self.token}"

    @staticmethod
    def _unauthorized() -> web.Response:
        return json_response(401, error_body(0, "401: Unauthorized"))

    async def unserved(self, request: web.Request) -> web.Response:
        self.store.unserved.append(f"{request.method} {request.path}")
        return json_response(
            404, error_body(0, f"404: Not Found ({request.method} {request.path})")
        )

    async def me(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        assert self.store.bot_user is not None
        return json_response(200, user_payload(self.store.bot_user))

    async def application(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        assert self.store.bot_user is not None
        owner = self.store.users[self.store.bot_owner_id]
        return json_response(
            200,
            {
                "id": str(self.store.application_id),
                "name": self.store.bot_user.name,
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": user_payload(owner),
                "team": None,
                "flags": 0,
                "interactions_endpoint_url": None,
                "bot": user_payload(self.store.bot_user),
            },
        )

    def _guild_scope(self, request: web.Request) -> int | web.Response | None:
        if int(request.match_info["app"]) != self.store.application_id:
            return json_response(404, error_body(10002, "Unknown Application"))
        guild = request.match_info.get("guild")
        if guild is None:
            return None
        if int(guild) not in self.store.guilds:
            return json_response(403, error_body(50001, "Missing Access"))
        return int(guild)

    async def put_commands(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        scope = self._guild_scope(request)
        if isinstance(scope, web.Response):
            return scope
        body, _ = await read_body(request)
        answer = self.store.store_commands(scope, body if isinstance(body, list) else [])
        return json_response(400 if isinstance(answer, dict) else 200, answer)

    async def get_commands(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        scope = self._guild_scope(request)
        if isinstance(scope, web.Response):
            return scope
        if scope is None:
            return json_response(200, self.store.global_commands)
        return json_response(200, self.store.guild_commands.get(scope, []))

    async def callback(self, request: web.Request) -> web.Response:
        body, uploads = await read_body(request)
        info = request.match_info
        status, answer = self.responder.callback(int(info["iid"]), info["token"], body, uploads)
        if request.query.get("with_response", "").lower() not in ("1", "true") and status == 200:
            return json_response(204, None)
        return json_response(status, answer)

    async def followup(self, request: web.Request) -> web.Response:
        body, uploads = await read_body(request)
        info = request.match_info
        if self.store.followup_429s > 0:
            return self._rate_limited(request)
        status, answer = self.responder.followup(int(info["app"]), info["token"], body, uploads)
        if status == 200 and request.query.get("wait", "").lower() not in ("1", "true"):
            return json_response(204, None)
        return json_response(status, answer)

    def _rate_limited(self, request: web.Request) -> web.Response:
        """A 429 discord.py retries: JSON body with retry_after, a `Via` header, and consistent
        X-RateLimit-* headers (remaining 0 with both reset headers)."""
        store = self.store
        store.followup_429s -= 1
        rec = store.by_token.get(request.match_info.get("token", ""))
        label = rec.label if rec is not None else "unknown token"
        store.rate_limited.append(f"{request.method} followup ({label}): 429")
        retry = store.retry_after
        body = {"message": "You are being rate limited.", "retry_after": retry, "global": False}
        headers = {
            "Content-Type": "application/json",
            "Via": "1.1 google",
            "Retry-After": str(max(1, math.ceil(retry))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + retry:.3f}",
            "X-RateLimit-Reset-After": f"{retry:.3f}",
            "X-RateLimit-Bucket": "fakewebhookbucket",
            "X-RateLimit-Scope": "shared",
        }
        return web.Response(status=429, body=json.dumps(body).encode(), headers=headers)

    async def webhook_msg(self, request: web.Request) -> web.Response:
        if request.method not in ("GET", "PATCH", "DELETE"):
            return await self.unserved(request)
        body, uploads = await read_body(request) if request.method == "PATCH" else ({}, [])
        info = request.match_info
        answer: Answer = self.responder.webhook_message(
            request.method, int(info["app"]), info["token"], info["mid"], body, uploads
        )
        return json_response(*answer)

    def _channel(self, request: web.Request) -> FakeChannel | None:
        return self.store.channels.get(int(request.match_info["cid"]))

    async def get_channel(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        channel = self._channel(request)
        if channel is None:
            return json_response(404, error_body(10003, "Unknown Channel"))
        recipients = [self.store.users[channel.recipient_id]] if channel.recipient_id else None
        return json_response(200, channel_payload(channel, recipients=recipients))

    async def post_message(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        channel = self._channel(request)
        if channel is None:
            return json_response(404, error_body(10003, "Unknown Channel"))
        body, uploads = await read_body(request)
        where = f"POST /channels/{channel.id}/messages"
        if channel.recipient_id is not None and channel.recipient_id in self.store.closed_dms:
            self.store.errors.append(f"{where}: Cannot send messages to this user (50007)")
            return json_response(403, error_body(50007, "Cannot send messages to this user"))
        rejected = self.store.check(where, body, uploads, channel=channel)
        if rejected is not None:
            return json_response(rejected.status, error_body(rejected.code, rejected.reason))
        assert self.store.bot_user is not None
        message = self.store.create_message(channel, self.store.bot_user.id, body, uploads)
        self.store.notify()
        return json_response(200, self.store.message_json(message))

    async def history(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        channel = self._channel(request)
        if channel is None:
            return json_response(404, error_body(10003, "Unknown Channel"))
        limit = int(request.query.get("limit", "50"))
        newest_first = list(reversed(self.store.visible_in(channel.id)))[:limit]
        return json_response(200, [self.store.message_json(m) for m in newest_first])

    async def channel_message(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        channel = self._channel(request)
        message = self.store.messages.get(int(request.match_info["mid"]))
        info = request.match_info
        where = f"{request.method} /channels/{info['cid']}/messages/{info['mid']}"
        if (
            channel is None
            or message is None
            or message.channel_id != channel.id
            or message.deleted
        ):
            return json_response(404, error_body(10008, "Unknown Message"))
        if message.ephemeral:
            # ephemeral messages exist only behind their interaction token
            self.store.violations.append(
                f"{where}: ephemeral message via the channel route (10008)"
            )
            return json_response(404, error_body(10008, "Unknown Message"))
        assert self.store.bot_user is not None
        if request.method == "GET":
            return json_response(200, self.store.message_json(message))
        if request.method == "DELETE":
            message.deleted = True
            self.store.notify()
            return json_response(204, None)
        if request.method != "PATCH":
            return await self.unserved(request)
        if message.author_id != self.store.bot_user.id:
            return json_response(
                403, error_body(50005, "Cannot edit a message authored by another user")
            )
        body, uploads = await read_body(request)
        merged = self.store.merged(message, body)
        rejected = self.store.check(where, merged, uploads, channel=channel)
        if rejected is not None:
            return json_response(rejected.status, error_body(rejected.code, rejected.reason))
        self.store.edit_message(message, body, uploads)
        self.store.notify()
        return json_response(200, self.store.message_json(message))

    async def create_thread(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/threads without a message: a public thread the bot owns (needs
        CREATE_PUBLIC_THREADS in the parent; threads cannot hold threads)."""
        if not self._authorized(request):
            return self._unauthorized()
        parent = self._channel(request)
        if parent is None:
            return json_response(404, error_body(10003, "Unknown Channel"))
        body, _ = await read_body(request)
        where = f"POST /channels/{parent.id}/threads"
        assert self.store.bot_user is not None
        if parent.is_thread or parent.guild_id is None:
            self.store.violations.append(f"{where}: not a guild text channel (50024)")
            return json_response(400, error_body(50024, "Cannot execute action on this channel"))
        if not self.store.permissions(self.store.bot_user.id, parent) & CREATE_PUBLIC_THREADS:
            self.store.violations.append(f"{where}: needs CREATE_PUBLIC_THREADS (50013)")
            return json_response(403, error_body(50013, "Missing Permissions"))
        name = str(body.get("name") or "")[:100]
        if not name:
            return json_response(400, error_body(50035, "Invalid Form Body"))
        ident = self.store.ids.next()
        thread = FakeChannel(
            ident,
            name,
            PUBLIC_THREAD,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=self.store.bot_user.id,
        )
        self.store.channels[ident] = thread
        self.store.guilds[parent.guild_id].channel_ids.append(ident)
        self.announce("THREAD_CREATE", channel_payload(thread))
        self.store.notify()
        return json_response(201, channel_payload(thread))

    async def edit_channel(self, request: web.Request) -> web.Response:
        """PATCH a thread's archived/locked/name (or a channel's name), with Discord's checks."""
        if not self._authorized(request):
            return self._unauthorized()
        channel = self._channel(request)
        if channel is None:
            return json_response(404, error_body(10003, "Unknown Channel"))
        body, _ = await read_body(request)
        assert self.store.bot_user is not None
        bot_id = self.store.bot_user.id
        where = f"PATCH /channels/{channel.id}"
        perms = self.store.permissions(bot_id, channel)
        if channel.is_thread:
            manages = bool(perms & MANAGE_THREADS)
            owns = channel.owner_id == bot_id
            wants_lock = "locked" in body and bool(body["locked"]) != channel.locked
            # the thread's creator may archive/unarchive it unless a moderator locked it
            may_archive = manages or (owns and not channel.locked)
            if ("archived" in body and not may_archive) or (wants_lock and not manages):
                self.store.violations.append(
                    f"{where}: needs MANAGE_THREADS (or to own the unlocked thread) (50013)"
                )
                return json_response(403, error_body(50013, "Missing Permissions"))
            if "archived" in body:
                channel.archived = bool(body["archived"])
            if "locked" in body:
                channel.locked = bool(body["locked"])
            event = "THREAD_UPDATE"
        else:
            if not perms & MANAGE_CHANNELS:
                self.store.violations.append(f"{where}: needs MANAGE_CHANNELS (50013)")
                return json_response(403, error_body(50013, "Missing Permissions"))
            event = "CHANNEL_UPDATE"
        if isinstance(body.get("name"), str):
            channel.name = body["name"]
        payload = channel_payload(channel)
        self.announce(event, payload)
        self.store.notify()
        return json_response(200, payload)

    async def get_member(self, request: web.Request) -> web.Response:
        """A guild member, or 404 / 10007 once they left (not a violation: bots must cope)."""
        if not self._authorized(request):
            return self._unauthorized()
        guild = self.store.guilds.get(int(request.match_info["guild"]))
        if guild is None:
            return json_response(404, error_body(10004, "Unknown Guild"))
        user_id = int(request.match_info["user"])
        member = guild.members.get(user_id)
        if member is None:
            return json_response(404, error_body(10007, "Unknown Member"))
        return json_response(200, member_payload(guild, member, self.store.users[user_id]))

    async def get_user(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        user = self.store.users.get(int(request.match_info["uid"]))
        if user is None:
            return json_response(404, error_body(10013, "Unknown User"))
        return json_response(200, user_payload(user))

    async def open_dm(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        body, _ = await read_body(request)
        user_id = int(body["recipient_id"])
        if user_id not in self.store.users:
            return json_response(400, error_body(50033, "Invalid Recipient(s)"))
        channel = self.store.open_dm(user_id)
        return json_response(200, channel_payload(channel, recipients=[self.store.users[user_id]]))

    async def attachment(self, request: web.Request) -> web.Response:
        found = self.store.attachments.get(int(request.match_info["aid"]))
        if found is None:
            return web.Response(status=404, text="not found")
        return web.Response(
            body=found.data, content_type=found.content_type or "application/octet-stream"
        )
