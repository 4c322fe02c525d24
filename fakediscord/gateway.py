"""The gateway websocket: HELLO, IDENTIFY/RESUME, heartbeats, READY, GUILD_CREATE, dispatches.

Sharded like Discord (see `fakediscord/shards.py`): each connection identifies as one shard,
gets only its shard's guilds, and a guild's events go only to the connection holding its shard.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from fakediscord.shards import (
    CLOSE_INVALID_SHARD,
    CLOSE_SHARDING_REQUIRED,
    MAX_GUILDS_PER_SHARD,
    IdentifyLimits,
    Shard,
    owns,
    parse_shard,
)

log = logging.getLogger(__name__)

HELLO, HEARTBEAT_ACK, INVALID_SESSION = 10, 11, 9
REFUSE, STALL = "refuse", "stall"
"""How a gateway that is down treats a new connection: an HTTP 503 to the websocket upgrade
(what Discord's edge answers during an outage), or no answer at all until it is back."""
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, REQUEST_MEMBERS = 0, 1, 2, 3, 4, 6, 8
GUILD_MEMBERS_INTENT = 1 << 1
CLOSE_AUTH_FAILED = 4004
RESUME_BUFFER = 200


@dataclass
class Session:
    """A gateway session: survives its socket so a client can RESUME it."""

    id: str
    intents: int
    shard: Shard
    sharded: bool = False
    """Whether IDENTIFY carried a `shard` (READY echoes it then)."""
    seq: int = 0
    sent: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=RESUME_BUFFER))


@dataclass
class Connection:
    ws: web.WebSocketResponse
    session: Session | None = None
    ready: bool = False

    async def send(self, payload: dict[str, Any]) -> None:
        if not self.ws.closed:
            await self.ws.send_str(json.dumps(payload))


@dataclass
class GatewayHooks:
    """What the gateway needs from the rest of the fake, passed in to keep the files apart."""

    token: Callable[[], str]
    ready_payload: Callable[[Session], dict[str, Any]]
    guild_payloads: Callable[[Session], list[dict[str, Any]]]
    member_chunk: Callable[[int, dict[str, Any]], dict[str, Any]]
    on_change: Callable[[], None]
    unserved: Callable[[str], None]
    guild_count: Callable[[Shard], int]


class Gateway:
    def __init__(
        self,
        hooks: GatewayHooks,
        *,
        heartbeat_interval_ms: int = 41250,
        limits: IdentifyLimits | None = None,
        max_guilds_per_shard: int = MAX_GUILDS_PER_SHARD,
    ) -> None:
        self.hooks = hooks
        self.limits = limits or IdentifyLimits()
        self.max_guilds_per_shard = max_guilds_per_shard
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.connections: list[Connection] = []
        self.sessions: dict[str, Session] = {}
        self.identify_count = 0
        self.resume_count = 0
        self.outage: str | None = None
        """None while up; REFUSE or STALL while down (see `go_down`)."""
        self.outage_shard: int | None = None
        """The one shard that is down, or None: the whole gateway is."""
        self.turned_away = 0
        """Connection attempts refused or held during outages."""
        self._back = asyncio.Event()
        self._stopping = False

    @property
    def current(self) -> Connection | None:
        """The newest connection that got READY (or RESUMED); a guild's dispatches go to the
        one holding its shard (`connection_for`)."""
        live = self.live()
        return live[-1] if live else None

    def live(self) -> list[Connection]:
        """Connections that got READY (or RESUMED) and are still open, oldest first."""
        return [c for c in self.connections if c.ready and not c.ws.closed]

    def connection_for(self, guild_id: int | None) -> Connection | None:
        """The newest live connection whose shard holds this guild (None: direct messages)."""
        for conn in reversed(self.live()):
            if conn.session is not None and owns(conn.session.shard, guild_id):
                return conn
        return None

    def missing_shards(self) -> list[int]:
        """Shards of the newest connection's shard count that no live connection holds (every
        guild is served when this is empty and some connection is live)."""
        live = [c.session.shard for c in self.live() if c.session is not None]
        if not live:
            return [0]
        count = live[-1][1]
        held = {shard_id for shard_id, n in live if n == count}
        return [n for n in range(count) if n not in held]

    async def go_down(self, how: str = REFUSE, *, shard: int | None = None) -> None:
        """An outage until `come_back`. Of the whole gateway: every connection is closed and new
        ones are turned away (REFUSE: HTTP 503 to the upgrade, as Discord's edge answers; STALL:
        the upgrade is held without an answer, as a black-holed network does). Of one `shard`:
        its connection is closed and its IDENTIFY or RESUME is held unanswered (connected, but
        never ready), whatever `how`."""
        if how not in (REFUSE, STALL):
            raise ValueError(f"an outage refuses or stalls, not {how!r}")
        self.outage, self.outage_shard = how, shard
        self._back.clear()
        for conn in list(self.connections):
            if shard is None or (conn.session is not None and conn.session.shard[0] == shard):
                conn.ready = False
                await conn.ws.close(code=1001, message=b"fake outage")
        self.hooks.on_change()

    def come_back(self) -> None:
        """The outage is over: held attempts go on, new connections are served."""
        self.outage = self.outage_shard = None
        self._back.set()
        self.hooks.on_change()

    async def _turned_away(self) -> bool:
        """Count an attempt that met the outage and hold it while the outage lasts; True when
        the fake is stopping meanwhile (then the attempt gets no answer)."""
        self.turned_away += 1
        self.hooks.on_change()
        if self.outage == STALL or self.outage_shard is not None:
            await self._back.wait()
        return self._stopping

    def _is_down(self, shard_id: int | None = None) -> bool:
        return self.outage is not None and self.outage_shard == shard_id

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if self._is_down():  # the whole gateway
            refused = self.outage == REFUSE
            if await self._turned_away() or refused:
                return web.Response(status=503, text="gateway unavailable (fake outage)")
        # autoclose off: we mark the connection dead before echoing the close frame, so by the
        # time `await client.close()` returns the fake already knows the bot is gone
        ws = web.WebSocketResponse(autoclose=False, max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws)
        self.connections.append(conn)
        try:
            await conn.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    await self._on_frame(conn, json.loads(msg.data))
                elif msg.type is WSMsgType.BINARY:
                    self.hooks.unserved("GATEWAY binary frame")
        finally:
            conn.ready = False
            if conn in self.connections:
                self.connections.remove(conn)
            self.hooks.on_change()
            if not ws.closed:
                await ws.close()
        return ws

    async def close_all(self) -> None:
        self._stopping = True
        self._back.set()  # held upgrades end (with a 503) instead of holding up the server's stop
        for conn in list(self.connections):
            conn.ready = False
            await conn.ws.close(code=1001, message=b"fake discord stopping")

    async def dispatch(
        self, event: str, data: dict[str, Any], *, guild_id: int | None = None
    ) -> bool:
        """Send an event to the connection holding the guild's shard (direct messages: shard 0);
        False when no connection holds it."""
        conn = self.connection_for(guild_id)
        if conn is None or conn.session is None:
            return False
        await self._send_dispatch(conn, event, data)
        return True

    async def _send_dispatch(self, conn: Connection, event: str, data: dict[str, Any]) -> None:
        assert conn.session is not None
        conn.session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": conn.session.seq, "d": data}
        conn.session.sent.append(frame)
        await conn.send(frame)

    async def _on_frame(self, conn: Connection, frame: dict[str, Any]) -> None:
        op = frame.get("op")
        data: dict[str, Any] = frame.get("d") or {}
        if op == HEARTBEAT:
            await conn.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(conn, data)
        elif op == RESUME:
            await self._resume(conn, data)
        elif op == REQUEST_MEMBERS:
            if conn.session is not None:
                chunk = self.hooks.member_chunk(int(data["guild_id"]), data)
                await self._send_dispatch(conn, "GUILD_MEMBERS_CHUNK", chunk)
        elif op in (PRESENCE, VOICE):
            pass
        else:
            self.hooks.unserved(f"GATEWAY op {op}")

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        if data.get("token") != self.hooks.token():
            await conn.ws.close(code=CLOSE_AUTH_FAILED, message=b"Authentication failed.")
            return
        shard = parse_shard(data.get("shard"))
        if shard is None:
            await conn.ws.close(code=CLOSE_INVALID_SHARD, message=b"Invalid shard.")
            return
        if self.hooks.guild_count(shard) > self.max_guilds_per_shard:
            await conn.ws.close(code=CLOSE_SHARDING_REQUIRED, message=b"Sharding required.")
            return
        if self._is_down(shard[0]) and await self._turned_away():
            return
        if not self.limits.admit(shard[0]):
            # identifying faster than max_concurrency allows: Discord invalidates the session
            await conn.send({"op": INVALID_SESSION, "d": False})
            return
        self.identify_count += 1
        session = Session(
            id=secrets.token_hex(16),
            intents=int(data.get("intents", 0)),
            shard=shard,
            sharded="shard" in data,
        )
        self.sessions[session.id] = session
        conn.session = session
        await self._send_dispatch(conn, "READY", self.hooks.ready_payload(session))
        for guild in self.hooks.guild_payloads(session):
            await self._send_dispatch(conn, "GUILD_CREATE", guild)
        conn.ready = True
        self.hooks.on_change()

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.hooks.token():
            # d=false: the client drops the session and identifies afresh
            await conn.send({"op": INVALID_SESSION, "d": False})
            return
        if self._is_down(session.shard[0]) and await self._turned_away():
            return
        self.resume_count += 1
        conn.session = session
        last_seen = int(data.get("seq") or 0)
        for frame in list(session.sent):
            if frame["s"] > last_seen:
                await conn.send(frame)
        await self._send_dispatch(conn, "RESUMED", {})
        conn.ready = True
        self.hooks.on_change()


async def wait_for(
    predicate: Callable[[], bool], changed: Callable[[], asyncio.Event], timeout: float, what: str
) -> None:
    """Wait until predicate() holds, re-checking whenever the fake signals a change."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not predicate():
        event = changed()
        left = end - loop.time()
        if left <= 0:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        try:
            await asyncio.wait_for(event.wait(), left)
        except TimeoutError:
            continue
