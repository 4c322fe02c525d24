"""Loading sessions for the service: the cache, the locks, damaged rows and storage faults.

`Sessions` is the read side every service operation shares: a session's record becomes a
`Snapshot` (state loaded and cached by version), a row that cannot be loaded becomes
`DamagedGame` (with words for the table and its id for the admin), and while storage is
unavailable every write is `Maintenance` (`table/outage.py` brings it back). A move whose COMMIT
lost its answer is read back to tell the truth about it (`confirm_move`). `GameService`
(table/service.py) adds the lobby and the moves.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable, Mapping
from typing import TypeVar

from pydantic import ValidationError

from games.engine import Event, Model, PlayerId
from games.registry import AnySpec
from storage import (
    CommitUnknown,
    DamagedSession,
    Repository,
    SessionNotFound,
    SessionRecord,
    SessionStatus,
    StorageGone,
)
from table.gamelog import log_lines, loose_events
from table.outage import UNCONFIRMED_CHANGE, UNCONFIRMED_MOVE, Outage, Unconfirmed
from table.snapshot import (
    DamagedGame,
    Maintenance,
    NoSession,
    ServiceError,
    Snapshot,
    StaleBoard,
    game_tag,
)
from table.statecache import DEFAULT_MAX_BYTES, StateCache

log = logging.getLogger(__name__)
T = TypeVar("T")

OTHER_GAME = "that board belongs to a game that no longer exists (nothing was played)"
OTHER_GAME_HEADLINE = (
    "⏩ That board belongs to a game that no longer exists (nothing was played); here is this "
    "channel's current game."
)
NOT_SAVED = (
    "⚠️ Your move was not saved: the connection to the database was lost before it was "
    "stored. Nothing was changed; please press again."
)
CONFIRM_RETRIES = (0.2, 0.5, 1.0, 2.0)
"""Waits between the attempts to read back a move whose COMMIT lost its answer, in seconds."""


class NotSaved(ServiceError):
    """A move whose COMMIT lost its answer was read back, and it had not landed."""


class Sessions:
    """Sessions over a Repository and a registry of games (the read side; see module doc)."""

    def __init__(
        self,
        repo: Repository,
        games: Mapping[str, AnySpec],
        *,
        seed_source: Callable[[], int] | None = None,
        cache_bytes: int = DEFAULT_MAX_BYTES,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.repo = repo
        self.now = clock
        """The time source (injectable: tests move time instead of sleeping)."""
        self.games = dict(games)
        self._seed_source = seed_source or (lambda: secrets.randbits(63))
        # Weak values: a lock lives while someone holds or awaits it, so idle sessions cost nothing.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._cache = StateCache(cache_bytes)
        """Live games' decoded states by version, bounded in bytes (`table/statecache.py`)."""
        self.outage = Outage(repo, clock=clock)
        """While storage is unavailable, every write is refused (and it is probed for)."""
        self.sleep: Callable[[float], Awaitable[object]] = asyncio.sleep
        """How reading back a lost COMMIT waits between tries (tests: only the clock moves)."""

    @property
    def storage_problem(self) -> str | None:
        """What is wrong with storage, while it is (the heartbeat and metrics report it)."""
        return self.outage.problem

    # ----- helpers -------------------------------------------------------------------------

    def lock(self, session_id: int) -> asyncio.Lock:
        """The lock that serialises work on one session inside this process."""
        lock = self._locks.get(session_id)
        if lock is None:
            lock = self._locks[session_id] = asyncio.Lock()
        return lock

    def spec(self, key: str) -> AnySpec:
        try:
            return self.games[key]
        except KeyError:
            known = ", ".join(sorted(self.games))
            raise ServiceError(f"unknown game `{key}`; known games: {known}") from None

    def _writable(self) -> None:
        if self.outage.problem is not None:
            raise Maintenance(self.outage.refusal)

    def _remember(self, record: SessionRecord, state: Model, events: tuple[Event, ...]) -> None:
        """Cache a live game's decoded state by version; a finished game's is let go (it is
        read rarely after the end, and thousands of them would otherwise fill the cache)."""
        if not record.is_live or record.state_json is None:
            self._cache.drop(record.id)
            return
        self._cache.put(record.id, record.version, state, events, state_json=record.state_json)

    async def _snapshot(self, record: SessionRecord) -> Snapshot:
        spec = self._spec_of(record)
        if record.state_json is None:
            if record.status is not SessionStatus.LOBBY and record.last_seq >= 0:
                raise damaged_game(record.id, "it is under way but has no saved position")
            return Snapshot(record, spec, None)
        cached = self._cache.get(record.id, record.version)
        if cached is not None:
            return Snapshot(record, spec, cached.state, cached.events)
        try:
            state = spec.load_state(record.state_json)
        except (ValidationError, ValueError) as exc:
            raise damaged_game(record.id, "its saved position does not load", exc) from None
        entries = await self._read(self.repo.log(record.id, after_seq=max(record.last_seq - 1, -1)))
        events = loose_events(entries[-1]) if entries else ()
        self._remember(record, state, events)
        return Snapshot(record, spec, state, events)

    def _spec_of(self, record: SessionRecord) -> AnySpec:
        spec = self.games.get(record.game_key)
        if spec is None:
            raise damaged_game(record.id, f"this bot has no game called `{record.game_key}`")
        if record.rules_version > spec.rules_version:
            raise damaged_game(
                record.id,
                f"it was started by a newer Redline (rules version {record.rules_version} of "
                f"{spec.title}; this bot knows {spec.rules_version})",
            )
        return spec

    async def _record(self, session_id: int) -> SessionRecord:
        try:
            return await self._read(self.repo.get_session(session_id))
        except SessionNotFound:
            raise NoSession("that game no longer exists") from None
        except DamagedSession as damaged:
            raise damaged_game(session_id, damaged.reason) from None

    async def _live(self, channel_id: int) -> SessionRecord:
        try:
            record = await self._read(self.repo.live_session(channel_id))
        except DamagedSession as damaged:
            raise damaged_game(damaged.session_id, damaged.reason) from None
        if record is None:
            raise NoSession("there is no game in this channel; start one with `/game new`")
        return record

    # ----- queries ---------------------------------------------------------------------------

    async def current(self, channel_id: int) -> Snapshot:
        """The live session of a channel or thread."""
        return await self._snapshot(await self._live(channel_id))

    async def latest(self, channel_id: int) -> Snapshot:
        """The live session, or else the last one that ended here (status, log and rules)."""
        try:
            record = await self._read(self.repo.latest_session(channel_id))
        except DamagedSession as damaged:
            raise damaged_game(damaged.session_id, damaged.reason) from None
        if record is None:
            raise NoSession("there is no game in this channel; start one with `/game new`")
        return await self._snapshot(record)

    async def by_id(self, session_id: int) -> Snapshot:
        return await self._snapshot(await self._record(session_id))

    async def game_tag_of(self, session_id: int) -> str:
        """A session's game tag from its raw row (a damaged game has one too)."""
        found = await self.repo.session_seed(session_id)
        if found is None:
            raise NoSession("that game no longer exists")
        return _tag_of_stored(found.seed)

    async def check_game(self, session_id: int, game: str, channel_id: int) -> None:
        """Before anything else a button does: was it drawn for the game that has this number
        now? A press naming another game (or, without a tag, a board from before tags of a
        game made since) is refused, with this channel's current game to go on with
        (`StaleBoard`), or `NoSession` when there is none. See `table.ids`."""
        found = await self.repo.session_seed(session_id)
        if found is not None and (
            game == _tag_of_stored(found.seed) if game else found.untagged_buttons_ok
        ):
            return
        log.info("a button of game #%s (tag %r) named another game; refused", session_id, game)
        try:
            current = await self.current(channel_id)
        except ServiceError:
            raise NoSession(f"{OTHER_GAME}; start one with `/game new`") from None
        raise StaleBoard(OTHER_GAME, current, headline=OTHER_GAME_HEADLINE)

    async def log_lines(
        self, session_id: int, *, viewer: PlayerId | None = None, limit: int = 20
    ) -> list[str]:
        """The last `limit` log entries as plain lines for `viewer`."""
        snap = await self.by_id(session_id)
        after = max(snap.record.last_seq - limit, -1)
        entries = await self._read(self.repo.log(session_id, after_seq=after))
        return log_lines(snap, entries, viewer=viewer)

    async def _read(self, read: Awaitable[T]) -> T:
        """Await a repository read; storage unavailable becomes Maintenance (and is probed)."""
        try:
            return await read
        except StorageGone as gone:
            self.outage.gone(gone)
            raise Maintenance(self.outage.refusal) from None

    async def _write(
        self,
        write: Awaitable[T],
        *,
        lost: Callable[[CommitUnknown], Awaitable[T]] | None = None,
    ) -> T:
        """Await a repository write. Storage unavailable becomes Maintenance (nothing was
        saved); a COMMIT whose answer was lost goes to `lost` to be read back (a move), or
        else is said to be unconfirmed."""
        try:
            return await write
        except CommitUnknown as unknown:
            if lost is not None:
                return await lost(unknown)
            self.outage.gone(unknown)
            raise Unconfirmed(UNCONFIRMED_CHANGE) from None
        except StorageGone as gone:
            self.outage.gone(gone)
            raise Maintenance(self.outage.refusal) from None

    async def confirm_move(
        self, snap: Snapshot, unknown: CommitUnknown, *, actor: PlayerId, action_json: str
    ) -> SessionRecord:
        """The truth after a COMMIT whose answer was lost: read the session back (a few tries)
        and return it if this move landed; `NotSaved` if it did not; `Unconfirmed` if the
        database could not be asked (the board shows the truth once it is back)."""
        seq = snap.record.next_step
        log.warning(
            "session %s: %s; reading back whether move %d landed", snap.session_id, unknown, seq
        )
        for wait in (*CONFIRM_RETRIES, None):
            try:
                settled = await self.repo.settled_step(snap.session_id, seq=seq)
            except StorageGone:
                settled = None
            if settled is not None:
                record, entry = settled
                if entry is not None and (entry.actor, entry.action_json) == (actor, action_json):
                    log.warning("session %s: move %d landed", snap.session_id, seq)
                    return record
                log.warning("session %s: move %d did not land", snap.session_id, seq)
                raise NotSaved(NOT_SAVED)
            if wait is not None:
                await self.sleep(wait)
        self.outage.gone(unknown)
        raise Unconfirmed(UNCONFIRMED_MOVE, session_id=snap.session_id)


def _tag_of_stored(seed: str) -> str:
    """The game tag of a seed as stored (`str(seed)`, so the same tag its buttons carry)."""
    try:
        return game_tag(int(seed))
    except ValueError:
        return game_tag(seed)  # damaged: still one tag for its own buttons (`/game end`)


def damaged_game(session_id: int, reason: str, exc: Exception | None = None) -> DamagedGame:
    log.error("session %s cannot be loaded: %s", session_id, reason, exc_info=exc)
    return DamagedGame(
        f"this channel's game #{session_id} cannot be loaded: {reason}. It is kept for the "
        f"server admin (session id {session_id}). The host, a seated player or a member with "
        "Manage Server can end it with `/game end`; then `/game new` works again.",
        session_id=session_id,
    )
