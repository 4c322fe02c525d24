"""The game service: sessions, seats and moves. No Discord here: cogs call it, tests drive it.

A move is: take the session's lock, load the state (cached by version), apply the action with
the RNG for this step, save with a compare-and-swap on `version`, append to the log. The lock
serialises work inside this process; the version check holds across processes and catches a
press on a stale board.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ConfigDict

from bot.options import OptionError, with_option
from games.engine import Event, GameError, Model, Outcome, Player, PlayerId, Rng
from games.registry import AnySpec
from storage import Repository, SessionRecord, SessionStatus, StaleVersion

log = logging.getLogger(__name__)


class ServiceError(Exception):
    """A refusal by the service (not by the rules). `message` is safe to show a player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NoSession(ServiceError):
    """No game lives in this channel (or the session id is unknown)."""


class NotSeated(ServiceError):
    """The user is not a player of this session."""


class NotAllowed(ServiceError):
    """The user may not do this (not the host, no Manage Server permission)."""


class LobbyError(ServiceError):
    """Joining, leaving or starting is not possible right now."""


class StaleBoard(ServiceError):
    """A button from an old board was pressed; carries the current snapshot to show instead."""

    def __init__(self, message: str, current: Snapshot) -> None:
        super().__init__(message)
        self.current = current


@dataclass(frozen=True)
class Snapshot:
    """A session as the bot presents it: the record, its game, the state and the last events."""

    record: SessionRecord
    spec: AnySpec
    state: Model | None
    events: tuple[Event, ...] = ()
    previous_active: frozenset[PlayerId] = frozenset()
    """Who could act before the move that produced this snapshot (empty if not after a move)."""

    @property
    def session_id(self) -> int:
        return self.record.id

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def players(self) -> tuple[Player, ...]:
        return tuple(Player(id=s.user_id, name=s.name) for s in self.record.seats)

    def name_of(self, user_id: PlayerId) -> str:
        return next((s.name for s in self.record.seats if s.user_id == user_id), str(user_id))

    @property
    def is_lobby(self) -> bool:
        return self.record.status is SessionStatus.LOBBY

    @property
    def outcome(self) -> Outcome | None:
        return None if self.state is None else self.spec.outcome(self.state)

    @property
    def active_players(self) -> frozenset[PlayerId]:
        if self.state is None or self.record.status is not SessionStatus.ACTIVE:
            return frozenset()
        return self.spec.active_players(self.state)

    def view(self, viewer: PlayerId | None = None) -> Any:
        """The game's view for `viewer` (None = public). The only way presenters see a state."""
        if self.state is None:
            raise NoSession("the game has not started yet")
        return self.spec.view(self.state, viewer)

    @property
    def step_advanced(self) -> bool:
        """After a move: did it do more than take the mover off the list of who must act?"""
        return not self.active_players <= self.previous_active

    def legal_actions(self, player: PlayerId) -> Sequence[Model]:
        if self.state is None or player not in self.active_players:
            return ()
        return self.spec.legal_actions(self.state, player)


def _events_json(events: Sequence[Event]) -> str:
    return json.dumps([e.model_dump(mode="json") for e in events], separators=(",", ":"))


class GameService:
    """Sessions and moves over a Repository and a registry of games."""

    def __init__(
        self,
        repo: Repository,
        games: Mapping[str, AnySpec],
        *,
        seed_source: Callable[[], int] | None = None,
        cache_size: int = 4096,
    ) -> None:
        self.repo = repo
        self.games = dict(games)
        self._seed_source = seed_source or (lambda: secrets.randbits(63))
        # Weak values: a lock lives while someone holds or awaits it, so idle sessions cost nothing.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._cache: OrderedDict[int, tuple[int, Model, tuple[Event, ...]]] = OrderedDict()
        self._cache_size = cache_size

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

    def _remember(self, record: SessionRecord, state: Model, events: tuple[Event, ...]) -> None:
        self._cache[record.id] = (record.version, state, events)
        self._cache.move_to_end(record.id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    async def _snapshot(self, record: SessionRecord) -> Snapshot:
        spec = self.spec(record.game_key)
        if record.rules_version > spec.rules_version:
            raise ServiceError(
                f"this game of {spec.title} was started by a newer Redline (rules version "
                f"{record.rules_version}, this bot knows {spec.rules_version}); ask the admin"
            )
        if record.state_json is None:
            return Snapshot(record, spec, None)
        cached = self._cache.get(record.id)
        if cached is not None and cached[0] == record.version:
            return Snapshot(record, spec, cached[1], cached[2])
        state = spec.load_state(record.state_json)
        events = await self._last_events(record, spec)
        self._remember(record, state, events)
        return Snapshot(record, spec, state, events)

    async def _last_events(self, record: SessionRecord, spec: AnySpec) -> tuple[Event, ...]:
        """Events of the newest log entry as plain events (captions after a restart)."""
        entries = await self.repo.log(record.id, after_seq=max(record.last_seq - 1, -1))
        if not entries:
            return ()
        raw = json.loads(entries[-1].events_json)
        return tuple(_LooseEvent.model_validate(e) for e in raw)

    async def _live(self, channel_id: int) -> SessionRecord:
        record = await self.repo.live_session(channel_id)
        if record is None:
            raise NoSession("there is no game in this channel; start one with `/game new`")
        return record

    # ----- queries ---------------------------------------------------------------------------

    async def current(self, channel_id: int) -> Snapshot:
        """The live session of a channel or thread."""
        return await self._snapshot(await self._live(channel_id))

    async def latest(self, channel_id: int) -> Snapshot:
        """The live session, or else the last one that ended here (status, log and rules)."""
        record = await self.repo.latest_session(channel_id)
        if record is None:
            raise NoSession("there is no game in this channel; start one with `/game new`")
        return await self._snapshot(record)

    async def by_id(self, session_id: int) -> Snapshot:
        try:
            record = await self.repo.get_session(session_id)
        except Exception as exc:  # SessionNotFound and friends
            raise NoSession("that game no longer exists") from exc
        return await self._snapshot(record)

    async def log_lines(
        self, session_id: int, *, viewer: PlayerId | None = None, limit: int = 20
    ) -> list[str]:
        """The last `limit` log entries as plain lines for `viewer`.

        In games with private sheets the log would otherwise tell everyone what is on them:
        there, only the viewer's own entries show their details.
        """
        snap = await self.by_id(session_id)
        entries = await self.repo.log(session_id)
        private = snap.spec.has_private_views
        lines: list[str] = []
        for entry in entries[-limit:]:
            who = snap.name_of(entry.actor) if entry.actor is not None else "setup"
            if private and entry.actor != viewer:
                lines.append(f"#{entry.seq} {who}: made a move" if entry.actor else "#0 setup")
                continue
            names = {seat.user_id: seat.name for seat in snap.record.seats}
            texts = [_event_text(snap.spec, e, names) for e in json.loads(entry.events_json)]
            texts = [t.removeprefix(f"{who}: ") for t in texts if t]
            if not texts and entry.actor is not None:
                texts = [_action_text(snap.spec, entry.action_json)]
            lines.append(f"#{entry.seq} {who}: " + "; ".join(texts))
        return lines

    # ----- lobby -----------------------------------------------------------------------------

    async def new_session(
        self, *, guild_id: int | None, channel_id: int, game_key: str, host: Player
    ) -> Snapshot:
        spec = self.spec(game_key)
        from storage import ChannelBusy

        try:
            record = await self.repo.create_session(
                guild_id=guild_id,
                channel_id=channel_id,
                game_key=spec.key,
                host_id=host.id,
                host_name=host.name,
                options_json=spec.parse_options(None).model_dump_json(),
                seed=self._seed_source(),
                rules_version=spec.rules_version,
            )
        except ChannelBusy:
            current = await self.current(channel_id)
            raise LobbyError(
                f"a game of {current.spec.title} already lives in this channel; "
                "use `/game status` to see it or `/game end` to end it"
            ) from None
        return await self._snapshot(record)

    async def join(self, channel_id: int, player: Player) -> Snapshot:
        record = await self._live(channel_id)
        async with self.lock(record.id):
            record = await self.repo.get_session(record.id)
            spec = self.spec(record.game_key)
            if record.status is not SessionStatus.LOBBY:
                raise LobbyError("this game has already started; wait for the next one")
            if any(s.user_id == player.id for s in record.seats):
                raise LobbyError("you are already seated in this game")
            if len(record.seats) >= spec.max_players:
                raise LobbyError(f"{spec.title} seats at most {spec.max_players} players")
            record = await self.repo.add_seat(
                record.id, player.id, player.name, expected_version=record.version
            )
            return await self._snapshot(record)

    async def leave(self, channel_id: int, user_id: PlayerId) -> Snapshot:
        record = await self._live(channel_id)
        async with self.lock(record.id):
            record = await self.repo.get_session(record.id)
            if record.status is not SessionStatus.LOBBY:
                raise LobbyError("the game is under way; ask the host to `/game end` it instead")
            if not any(s.user_id == user_id for s in record.seats):
                raise NotSeated("you are not seated in this game")
            if user_id == record.host_id:
                raise LobbyError("the host cannot leave the lobby; use `/game end` to close it")
            record = await self.repo.remove_seat(
                record.id, user_id, expected_version=record.version
            )
            return await self._snapshot(record)

    async def start(self, channel_id: int, user_id: PlayerId) -> Snapshot:
        record = await self._live(channel_id)
        async with self.lock(record.id):
            record = await self.repo.get_session(record.id)
            spec = self.spec(record.game_key)
            if record.status is not SessionStatus.LOBBY:
                raise LobbyError("this game has already started")
            if user_id != record.host_id:
                raise NotAllowed("only the host can start the game")
            seated = len(record.seats)
            if not spec.min_players <= seated <= spec.max_players:
                raise LobbyError(
                    f"{spec.title} needs {spec.min_players}-{spec.max_players} players; "
                    f"{seated} seated so far (others join with `/game join`)"
                )
            players = tuple(Player(id=s.user_id, name=s.name) for s in record.seats)
            options = spec.options_model.model_validate_json(record.options_json)
            rng = Rng.for_step(record.seed, 0)
            state = spec.setup(players, options, rng)
            events: tuple[Event, ...] = ()
            record = await self.repo.start(
                record.id,
                expected_version=record.version,
                state_json=spec.dump_state(state),
                events_json=_events_json(events),
            )
            self._remember(record, state, events)
            return Snapshot(record, spec, state, events)

    async def set_option(
        self, channel_id: int, user_id: PlayerId, name: str, value: str
    ) -> Snapshot:
        """Host only, before the start: set one of the game's session options."""
        record = await self._live(channel_id)
        async with self.lock(record.id):
            record = await self.repo.get_session(record.id)
            spec = self.spec(record.game_key)
            if record.status is not SessionStatus.LOBBY:
                raise LobbyError("options are set in the lobby, before the game starts")
            if user_id != record.host_id:
                raise NotAllowed("only the host sets the options")
            try:
                options = with_option(spec.options_model, record.options_json, name, value)
            except OptionError as refused:
                raise ServiceError(str(refused)) from None
            record = await self.repo.set_options(
                record.id, options.model_dump_json(), expected_version=record.version
            )
            return await self._snapshot(record)

    async def end(self, session_id: int, user_id: PlayerId, *, can_manage: bool) -> Snapshot:
        async with self.lock(session_id):
            snap = await self.by_id(session_id)
            if not snap.record.is_live:
                raise NoSession("that game has already ended")
            if user_id != snap.record.host_id and not can_manage:
                raise NotAllowed("only the host or a member with Manage Server can end the game")
            record = await self.repo.end_session(
                session_id, expected_version=snap.version, reason=f"ended by {user_id}"
            )
            return await self._snapshot(record)

    # ----- moves -----------------------------------------------------------------------------

    async def act(
        self,
        session_id: int,
        user_id: PlayerId,
        action: Model,
        *,
        expected_version: int | None = None,
    ) -> Snapshot:
        """Apply one action. Raises GameError (rules), StaleBoard, NotSeated or NoSession."""
        async with self.lock(session_id):
            snap = await self.by_id(session_id)
            moved_on = expected_version is not None and expected_version != snap.version
            if moved_on and not _still_yours(snap, user_id, action):
                raise StaleBoard("the board has moved on; here is the current one", snap)
            if snap.record.status is SessionStatus.LOBBY:
                raise LobbyError(
                    "the game has not started yet; the host starts it with `/game start`"
                )
            if snap.state is None or not snap.record.is_live:
                raise NoSession("that game is over; start a new one with `/game new`")
            if not any(s.user_id == user_id for s in snap.record.seats):
                raise NotSeated(
                    f"you are not playing in this game of {snap.spec.title}; "
                    "watch along, or join the next one"
                )
            step = snap.spec.apply(
                snap.state, user_id, action, Rng.for_step(snap.record.seed, snap.record.next_step)
            )
            finished = snap.spec.outcome(step.state) is not None
            try:
                record = await self.repo.record_move(
                    session_id,
                    expected_version=snap.version,
                    actor=user_id,
                    action_json=snap.spec.dump_action(action),
                    events_json=_events_json(step.events),
                    state_json=snap.spec.dump_state(step.state),
                    status=SessionStatus.FINISHED if finished else SessionStatus.ACTIVE,
                )
            except StaleVersion:
                # Another process moved first: show the board as it now stands.
                raise StaleBoard(
                    "the board has moved on; here is the current one", await self.by_id(session_id)
                ) from None
            self._remember(record, step.state, step.events)
            return Snapshot(record, snap.spec, step.state, step.events, snap.active_players)


def _still_yours(snap: Snapshot, user_id: PlayerId, action: Model) -> bool:
    """In games where everyone acts at once, other players' moves bump the version without
    touching your sheet: a button of yours stays good while its action is still legal for you."""
    if not snap.spec.extra.get("simultaneous") or snap.state is None:
        return False
    return action in snap.legal_actions(user_id)


class _LooseEvent(Event):
    """An event read back from the log without its game's model (extra fields kept)."""

    model_config = ConfigDict(frozen=True, extra="allow")


def _action_text(spec: AnySpec, action_json: str) -> str:
    try:
        return spec.describe(spec.parse_action(json.loads(action_json)))
    except (ValueError, TypeError):
        return "a move"


def _event_text(spec: AnySpec, raw: dict[str, Any], names: Mapping[PlayerId, str]) -> str:
    describe = spec.extra.get("describe_event")
    if describe is not None:
        try:
            if "names" in inspect.signature(describe).parameters:
                return str(describe(raw, names=names))  # games that name other players
            return str(describe(raw))
        except (KeyError, ValueError, TypeError):
            log.debug("could not describe event %r", raw)
    if raw.get("kind") == "dice_rolled":
        return f"rolled {raw.get('dice')} ({raw.get('why')})"
    return str(raw.get("text") or raw.get("kind", ""))


__all__ = [
    "GameError",
    "GameService",
    "LobbyError",
    "NoSession",
    "NotAllowed",
    "NotSeated",
    "ServiceError",
    "Snapshot",
    "StaleBoard",
]
