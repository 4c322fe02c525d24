"""The lobby and the table's seats: open, join, leave, options, clock, bots, start, end.

`Lobby` is the part of the game service that runs before and around a game; moves are in
`GameService` (table/service.py), loading in `Sessions` (table/loading.py).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from pydantic import ValidationError

from games.engine import Event, Player, PlayerId, Rng
from games.registry import AnySpec
from storage import (
    ChannelBusy,
    DamagedSession,
    SessionNotFound,
    SessionRecord,
    SessionStatus,
)
from table import clocks
from table.clocks import Clock, ClockSettings
from table.gamelog import events_json
from table.loading import Sessions, damaged_game
from table.options import OptionError, with_option
from table.snapshot import (
    DamagedGame,
    LobbyError,
    NoSession,
    NotAllowed,
    NotSeated,
    ServiceError,
    Snapshot,
)

BOT_NAMES = ("Rusty", "Chrome", "Nitro", "Sparks", "Diesel", "Gears", "Piston", "Turbo", "Axle")
MAX_BOT_ID = 100
"""Bot seats get ids 1-99: never a Discord user's (snowflakes are far larger)."""


@dataclass(frozen=True)
class Ended:
    """A session that `/game end` closed (possibly one that could not even be loaded)."""

    session_id: int
    title: str


@dataclass(frozen=True)
class HostChange:
    """The host left; `new_host` now runs the table."""

    snapshot: Snapshot
    old_host: PlayerId
    new_host: PlayerId


class Lobby(Sessions):
    """Sessions before and around the game (see module doc)."""

    @asynccontextmanager
    async def _held(self, channel_id: int) -> AsyncIterator[SessionRecord]:
        """The channel's live session, read afresh under its lock, for a write (refused while
        storage is gone)."""
        self._writable()
        record = await self._live(channel_id)
        async with self.lock(record.id):
            yield await self._record(record.id)

    # ----- lobby -----------------------------------------------------------------------------

    async def new_session(
        self, *, guild_id: int | None, channel_id: int, game_key: str, host: Player
    ) -> Snapshot:
        self._writable()
        spec = self.spec(game_key)
        try:
            record = await self._write(
                self.repo.create_session(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game_key=spec.key,
                    host_id=host.id,
                    host_name=host.name,
                    options_json=spec.parse_options(None).model_dump_json(),
                    clock_json=_default_clock(spec).model_dump_json(),
                    seed=self._seed_source(),
                    rules_version=spec.rules_version,
                )
            )
        except ChannelBusy:
            current = await self.current(channel_id)  # a damaged one says so itself
            raise LobbyError(
                f"a game of {current.spec.title} already lives in this channel; "
                "use `/game status` to see it or `/game end` to end it"
            ) from None
        return await self._snapshot(record)

    async def join(self, channel_id: int, player: Player) -> Snapshot:
        async with self._held(channel_id) as record:
            spec = self._spec_of(record)
            if record.status is not SessionStatus.LOBBY:
                raise LobbyError("this game has already started; wait for the next one")
            if record.seat_of(player.id) is not None:
                raise LobbyError("you are already seated in this game")
            if len(record.seats) >= spec.max_players:
                raise LobbyError(f"{spec.title} seats at most {spec.max_players} players")
            record = await self._write(
                self.repo.add_seat(
                    record.id, player.id, player.name, expected_version=record.version
                )
            )
            return await self._snapshot(record)

    async def leave(self, channel_id: int, user_id: PlayerId) -> Snapshot:
        """Leave the lobby. A leaving host hands the table to the longest-seated player."""
        async with self._held(channel_id) as record:
            if record.status is not SessionStatus.LOBBY:
                raise LobbyError("the game is under way; ask the host to `/game end` it instead")
            if record.seat_of(user_id) is None:
                raise NotSeated("you are not seated in this game")
            if user_id == record.host_id:
                successor = _successor(record, user_id)
                if successor is None:
                    raise LobbyError(
                        "you are the only one seated; use `/game end` to close the lobby"
                    )
                record = await self._write(
                    self.repo.set_host(record.id, successor, expected_version=record.version)
                )
            record = await self._write(
                self.repo.remove_seat(record.id, user_id, expected_version=record.version)
            )
            return await self._snapshot(record)

    async def hand_over(self, session_id: int, gone: PlayerId) -> HostChange | None:
        """The host `gone` left the server: the longest-seated other player becomes host.
        None if `gone` is no longer the host or nobody else is seated."""
        self._writable()
        async with self.lock(session_id):
            record = await self._record(session_id)
            successor = _successor(record, gone)
            if record.host_id != gone or successor is None or not record.is_live:
                return None
            record = await self._write(
                self.repo.set_host(record.id, successor, expected_version=record.version)
            )
            return HostChange(await self._snapshot(record), gone, successor)

    async def start(self, channel_id: int, user_id: PlayerId) -> Snapshot:
        async with self._held(channel_id) as record:
            spec = self._spec_of(record)
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
            players_ids = [p.id for p in players]
            try:
                options = spec.options_model.model_validate_json(record.options_json)
            except (ValidationError, ValueError) as exc:
                raise damaged_game(record.id, "its saved options do not load", exc) from None
            rng = Rng.for_step(record.seed, 0)
            state = spec.setup(players, options, rng)
            events: tuple[Event, ...] = ()
            record = await self._write(
                self.repo.start(
                    record.id,
                    expected_version=record.version,
                    state_json=spec.dump_state(state),
                    events_json=events_json(events),
                    rules_version=spec.rules_version,
                    clock_json=clocks.after_move(
                        clocks.start(Clock.parse(record.clock_json).settings, players_ids),
                        before=frozenset(),
                        after=spec.active_players(state),
                        mover=None,
                        version=record.version + 1,
                        now=self.now(),
                    ).model_dump_json(),
                )
            )
            self._remember(record, state, events)
            return Snapshot(record, spec, state, events)

    async def set_option(
        self, channel_id: int, user_id: PlayerId, name: str, value: str
    ) -> Snapshot:
        """Host only, before the start: set one of the game's session options."""
        async with self._held(channel_id) as record:
            _lobby_host(record, user_id, "the options")
            spec = self._spec_of(record)
            try:
                options = with_option(spec.options_model, record.options_json, name, value)
            except OptionError as refused:
                raise ServiceError(str(refused)) from None
            record = await self._write(
                self.repo.set_options(
                    record.id, options.model_dump_json(), expected_version=record.version
                )
            )
            return await self._snapshot(record)

    async def live_id(self, channel_id: int) -> int:
        """The id of this channel's live session, even one that cannot be loaded."""
        session_id = await self.repo.live_session_id(channel_id)
        if session_id is None:
            raise NoSession("there is no game in this channel; start one with `/game new`")
        return session_id

    async def end(
        self, session_id: int, user_id: PlayerId, *, can_manage: bool, dry_run: bool = False
    ) -> Ended:
        """End a live session. The host or a Manage Server member may; for a game that cannot
        be loaded, any seated player may too. Never needs the game's state. `dry_run` checks
        the permission only (before asking "are you sure?")."""
        self._writable()
        async with self.lock(session_id):
            try:
                record = await self.repo.get_session(session_id)
            except SessionNotFound:
                raise NoSession("that game no longer exists") from None
            except DamagedSession as damaged:
                allowed = {damaged.host_id, *damaged.seat_ids}
                if user_id not in allowed and not can_manage:
                    raise NotAllowed(
                        "only a seated player or a member with Manage Server can end it"
                    ) from None
                if not dry_run:
                    await self._write(
                        self.repo.end_damaged(session_id, reason=f"damaged; ended by {user_id}")
                    )
                return Ended(session_id, "the damaged game")
            if not record.is_live:
                raise NoSession("that game has already ended")
            loadable = True
            try:
                await self._snapshot(record)
            except DamagedGame:
                loadable = False
            seated = record.seat_of(user_id) is not None
            if user_id != record.host_id and not can_manage and (loadable or not seated):
                raise NotAllowed("only the host or a member with Manage Server can end the game")
            spec = self.games.get(record.game_key)
            ended = Ended(session_id, spec.title if spec else record.game_key)
            if not dry_run:
                await self._write(
                    self.repo.end_session(
                        session_id, expected_version=record.version, reason=f"ended by {user_id}"
                    )
                )
            return ended

    async def set_clock(
        self, channel_id: int, user_id: PlayerId, settings: ClockSettings
    ) -> Snapshot:
        """Host only, in the lobby: the session's turn clock."""
        async with self._held(channel_id) as record:
            _lobby_host(record, user_id, "the clock")
            clock = Clock.parse(record.clock_json).model_copy(update={"settings": settings})
            record = await self._write(
                self.repo.set_clock(
                    record.id, clock.model_dump_json(), expected_version=record.version
                )
            )
            return await self._snapshot(record)

    async def add_bot(self, channel_id: int, user_id: PlayerId) -> Snapshot:
        """Host only, in the lobby: fill a seat with a bot (the game's policy plays it)."""
        async with self._held(channel_id) as record:
            _lobby_host(record, user_id, "bot seats")
            spec = self._spec_of(record)
            if spec.policy is None:
                raise LobbyError(f"{spec.title} has no bot player yet")
            if len(record.seats) >= spec.max_players:
                raise LobbyError(f"{spec.title} seats at most {spec.max_players} players")
            taken = {s.user_id for s in record.seats}
            ident = next(i for i in range(1, MAX_BOT_ID) if i not in taken)
            name = f"{BOT_NAMES[(ident - 1) % len(BOT_NAMES)]} (bot)"
            record = await self._write(
                self.repo.add_seat(
                    record.id, ident, name, expected_version=record.version, kind="bot"
                )
            )
            return await self._snapshot(record)

    async def remove_bot(self, channel_id: int, user_id: PlayerId) -> Snapshot:
        """Host only, in the lobby: free the last seat a bot took."""
        async with self._held(channel_id) as record:
            _lobby_host(record, user_id, "bot seats")
            bots = [s for s in record.seats if s.is_bot]
            if not bots:
                raise LobbyError("no bot is seated; add one with `/game bot add`")
            record = await self._write(
                self.repo.remove_seat(record.id, bots[-1].user_id, expected_version=record.version)
            )
            return await self._snapshot(record)

    async def substitute(
        self,
        channel_id: int,
        user_id: PlayerId,
        player: PlayerId,
        *,
        can_manage: bool,
        by: Player | None = None,
    ) -> Snapshot:
        """Host or Manage Server, mid-game: `by` (a member), or a bot when None, takes over
        the seat `player` plays (a player who left). The game goes on; the seat keeps its place,
        pieces and game identity."""
        async with self._held(channel_id) as record:
            if record.status is not SessionStatus.ACTIVE:
                raise LobbyError("substitutes are for a game under way; in the lobby, just leave")
            if user_id != record.host_id and not can_manage:
                raise NotAllowed("only the host or a member with Manage Server substitutes")
            seat = next((s for s in record.seats if s.played_by == player), None)
            if seat is None or seat.is_bot:
                raise NotSeated("that member plays no seat of their own in this game")
            if by is not None and any(s.played_by == by.id for s in record.seats):
                raise LobbyError(f"{by.name} already plays a seat in this game")
            spec = self._spec_of(record)
            if by is None and spec.policy is None:
                raise LobbyError(f"{spec.title} has no bot player yet")
            record = await self._write(
                self.repo.set_seat_kind(
                    record.id,
                    seat.user_id,
                    kind="human" if by is not None else "bot",
                    name=by.name if by is not None else f"{seat.name} (bot)",
                    expected_version=record.version,
                    controller_id=by.id if by is not None else None,
                )
            )
            return await self._snapshot(record)


def _lobby_host(record: SessionRecord, user_id: PlayerId, what: str) -> None:
    """Refuse unless the session is still in its lobby and `user_id` is its host."""
    if record.status is not SessionStatus.LOBBY:
        raise LobbyError(f"{what} are set in the lobby, before the game starts")
    if user_id != record.host_id:
        raise NotAllowed(f"only the host sets {what}")


def _successor(record: SessionRecord, leaving: PlayerId) -> PlayerId | None:
    """The longest-seated player other than `leaving` (seats are numbered in join order)."""
    others = sorted((s for s in record.seats if s.user_id != leaving), key=lambda s: s.seat)
    return others[0].user_id if others else None


def _default_clock(spec: AnySpec) -> Clock:
    """Every game starts with its own sensible turn clock; the host may change it."""
    if spec.turn_time <= 0:
        return Clock()
    return Clock(settings=ClockSettings(mode=clocks.ClockMode.TURN, per_turn=spec.turn_time))
