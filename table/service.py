"""The game service: sessions, seats and moves. No Discord here: cogs call it, tests drive it.

A move is: take the session's lock, load the state (cached by version), apply the action with
the RNG for this step, save with a compare-and-swap on `version`, append to the log. The lock
serialises work inside this process; the version check holds across processes and catches a
press on a stale board.

Faults are refusals with words, never a locked channel: a session whose saved data cannot be
loaded is `DamagedGame` (it can still be ended), and while the database is unavailable every
write is `Maintenance` (nothing saved, nothing falsely confirmed). A move whose COMMIT lost its
answer is read back: saved, `NotSaved`, or `Unconfirmed` when the database cannot be asked.
Loading lives in `table/loading.py`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from pydantic import ValidationError

from games.engine import GameError, Model, PlayerId, Rng
from games.registry import AnySpec
from storage import (
    SessionStatus,
    StaleVersion,
)
from table import clocks, ratings
from table.clocks import Clock, TimeoutPolicy
from table.gamelog import events_json
from table.lobby import Ended, HostChange, Lobby
from table.snapshot import (
    DamagedGame,
    LobbyError,
    Maintenance,
    NoSession,
    NotAllowed,
    NotSeated,
    ServiceError,
    Snapshot,
    StaleBoard,
    WrongGame,
)

log = logging.getLogger(__name__)

MOVED_ON = "the board has moved on; here is the current one"
POLICY_SALT = 0x5EED_B07
"""Keeps the bot's own choices off the stream of dice the step's rules roll."""
CLOCK_ATTEMPTS = 5
"""Tries at a clock change while other processes keep writing the same session."""


@dataclass(frozen=True)
class StoodIn:
    """The bot played `action` for `player`: a bot seat, or a human whose clock ran out."""

    snapshot: Snapshot
    player: PlayerId
    action: Model | None
    """None when the game ended instead (the host's "end after N missed turns" policy)."""
    timed_out: bool
    forced: bool = False
    """`action` was the only move `player` had: the table made it for them
    (`Snapshot.forced_move`)."""


class GameService(Lobby):
    """Sessions and moves over a Repository and a registry of games."""

    async def take_back(self, channel_id: int, user_id: PlayerId) -> Snapshot:
        """`/game return`: the player takes their seat back from the bot."""
        record = await self._live(channel_id)
        seat = next((s for s in record.seats if s.played_by == user_id), None)
        if seat is None:
            raise NotSeated("you are not playing in this game")
        player = seat.user_id
        if not Clock.parse(record.clock_json).of(player).away:
            raise LobbyError("you are already playing your own turns")
        return await self.adjust_clock(record.id, lambda c: clocks.returned(c, player))

    async def adjust_clock(self, session_id: int, change: Callable[[Clock], Clock]) -> Snapshot:
        """Rewrite a live session's clock (a return, a vacation). The position is the same, so
        the version stays and every button drawn for it stays good. The lock covers this
        process; another one (a deploy overlap) may move or rewrite the clock between our
        read and write: the write then fails its compare-and-swap and `change` is made
        again on what the other wrote, so neither change is lost."""
        self._writable()
        async with self.lock(session_id):
            for _ in range(CLOCK_ATTEMPTS - 1):
                try:
                    return await self._change_clock(session_id, change)
                except StaleVersion:
                    log.debug("session %s moved meanwhile; changing its clock again", session_id)
            return await self._change_clock(session_id, change)

    async def _change_clock(self, session_id: int, change: Callable[[Clock], Clock]) -> Snapshot:
        record = await self._record(session_id)
        clock = change(Clock.parse(record.clock_json))
        record = await self._write(
            self.repo.set_clock(
                record.id,
                clock.model_dump_json(),
                expected_version=record.version,
                expected_clock=record.clock_json,
                bump_version=False,
            )
        )
        return await self._snapshot(record)

    async def history(self, channel_id: int, limit: int = 10) -> list[Snapshot]:
        """The channel's ended games that load, newest first."""
        found = []
        for record in await self.repo.ended_sessions(channel_id, limit):
            try:
                found.append(await self._snapshot(record))
            except DamagedGame:
                continue
        return found

    async def live_in_guild(self, guild_id: int) -> list[Snapshot]:
        """Every live game of a server that loads (damaged ones are left out), oldest first."""
        found = []
        for record in await self.repo.live_sessions_in_guild(guild_id):
            try:
                found.append(await self._snapshot(record))
            except DamagedGame:
                continue
        return found

    async def stand_in(self, session_id: int, player: PlayerId, turn: int) -> StoodIn | None:
        """The bot plays `player`'s turn `turn` (a bot seat, or a clock that ran out). None
        when that turn is no longer waiting (they moved, or another process did it first):
        the version compare-and-swap makes a timeout apply at most once."""
        snap = await self.by_id(session_id)
        if snap.state is None or player not in snap.active_players:
            return None
        if snap.clock.of(player).turn != turn:
            return None
        settings, mine = snap.clock.settings, snap.clock.of(player)
        forced = snap.forced_move(player)
        if (
            forced is None
            and settings.on_timeout is TimeoutPolicy.END
            and not snap.is_bot(player)
            and mine.missed + 1 >= settings.end_after
        ):
            return await self._end_for_absence(snap, player)
        rng = Rng.for_step(snap.record.seed ^ POLICY_SALT, snap.record.next_step)
        policy = snap.spec.policy
        if forced is not None:
            action = forced
        elif policy is not None:
            action = policy(snap.state, player, rng)
        else:
            action = snap.spec.legal_actions(snap.state, player)[0]
        try:
            after = await self.act(
                session_id,
                player,
                action,
                expected_version=snap.version,
                stand_in=True,
                forced=forced is not None,
            )
        except StaleBoard:
            return None
        timed_out = forced is None and not snap.is_bot(player)
        return StoodIn(after, player, action, timed_out=timed_out, forced=forced is not None)

    async def _end_for_absence(self, snap: Snapshot, player: PlayerId) -> StoodIn | None:
        """The host's clock policy: after too many missed turns the game ends with the
        standings (none of the games can go on without a seat)."""
        order = list(snap.spec.standings(snap.state) if snap.spec.standings else snap.humans)
        order = [p for p in order if p != player] + [player]
        ranking = ", ".join(f"{i}. {snap.name_of(p)}" for i, p in enumerate(order, start=1))
        reason = (
            f"{snap.name_of(player)} missed {snap.clock.settings.end_after} turns in a row, so "
            f"the game ended. Standings: {ranking}"
        )
        async with self.lock(snap.session_id):
            try:
                record = await self._write(
                    self.repo.end_session(
                        snap.session_id,
                        expected_version=snap.version,
                        status=SessionStatus.FINISHED,
                        reason=reason,
                    )
                )
            except StaleVersion:
                return None
        ended = await self._snapshot(record)
        await self._count(ended, absent=player)
        return StoodIn(ended, player, None, timed_out=True)

    async def _count(self, snap: Snapshot, *, absent: PlayerId | None = None) -> None:
        """Count a game that just ended in ratings and results (`table/ratings.py`). The move
        or end is already saved: a failure here is logged, never shown as the move's."""
        try:
            await ratings.count_finished(self.repo, snap, absent=absent)
        except Exception:
            log.exception("could not count session %s in ratings", snap.session_id)

    # ----- moves -----------------------------------------------------------------------------

    async def act(
        self,
        session_id: int,
        user_id: PlayerId,
        action: Model,
        *,
        expected_version: int | None = None,
        expected_tag: str = "",
        stand_in: bool = False,
        forced: bool = False,
    ) -> Snapshot:
        """Apply one action. Raises GameError (rules), StaleBoard, WrongGame, NotSeated,
        NoSession, DamagedGame or Maintenance.

        `expected_version` is the board version the button was drawn for; `expected_tag` (on
        private messages) the digest of the presser's own view. A public button is stale once
        the version moved; a private one once its owner's view changed. `stand_in`: the bot
        plays this move for an absent player (a missed turn) or a bot seat; `forced`: the
        table makes a present player's only move (no missed turn).
        """
        self._writable()
        async with self.lock(session_id):
            snap = await self.by_id(session_id)
            # The seat this user plays (a substitute plays the seat of the player they
            # replaced); a stand-in is given the seat itself.
            seat = user_id if stand_in else snap.player_of(user_id)
            if expected_version is not None and expected_version != snap.version:
                still_mine = (
                    expected_tag
                    and snap.state is not None
                    and seat is not None
                    and expected_tag == snap.view_tag(seat)
                )
                if not still_mine:
                    raise StaleBoard(MOVED_ON, snap, private=bool(expected_tag))
            if not _belongs_to(snap.spec, action):
                raise WrongGame(
                    f"the game in this channel is {snap.spec.title}; its moves are its buttons "
                    f"and the `/{snap.spec.key}` commands"
                )
            if snap.record.status is SessionStatus.LOBBY:
                raise LobbyError(
                    "the game has not started yet; the host starts it with `/game start`"
                )
            if snap.state is None or not snap.record.is_live:
                raise NoSession("that game is over; start a new one with `/game new`")
            if seat is None:
                raise not_seated(snap)
            user_id = seat
            step = snap.spec.apply(
                snap.state, user_id, action, Rng.for_step(snap.record.seed, snap.record.next_step)
            )
            finished = snap.spec.outcome(step.state) is not None
            upgraded = snap.record.rules_version < snap.spec.rules_version
            clock = clocks.after_move(
                snap.clock,
                before=snap.active_players,
                after=frozenset() if finished else snap.spec.active_players(step.state),
                mover=user_id,
                version=snap.version + 1,
                now=self.now(),
                timed_out=stand_in and not forced and not snap.is_bot(user_id),
            )
            action_json = snap.spec.dump_action(action)
            try:
                record = await self._write(
                    self.repo.record_move(
                        session_id,
                        expected_version=snap.version,
                        actor=user_id,
                        action_json=action_json,
                        events_json=events_json(step.events),
                        state_json=snap.spec.dump_state(step.state),
                        status=SessionStatus.FINISHED if finished else SessionStatus.ACTIVE,
                        rules_version=snap.spec.rules_version if upgraded else None,
                        clock_json=clock.model_dump_json(),
                    ),
                    lost=partial(self.confirm_move, snap, actor=user_id, action_json=action_json),
                )
            except StaleVersion:
                # Another process moved first: show the board as it now stands.
                raise StaleBoard(MOVED_ON, await self.by_id(session_id)) from None
            if record.version != snap.version + 1:  # read back after a lost COMMIT: it
                return await self._snapshot(record)  # landed, and the game moved on since
            self._remember(record, step.state, step.events)
            notice = _rules_notice(snap.spec, snap.record.rules_version) if upgraded else ""
            after = Snapshot(
                record,
                snap.spec,
                step.state,
                step.events,
                snap.active_players,
                notice,
                previous_stage=snap.stage,
            )
            if finished:
                await self._count(after)
            return after


def not_seated(snap: Snapshot) -> NotSeated:
    """The refusal of a move by someone who plays no seat of this game."""
    return NotSeated(
        f"you are not playing in this game of {snap.spec.title}; watch along, or join the next one"
    )


def _belongs_to(spec: AnySpec, action: Model) -> bool:
    """Is `action` one of this game's actions (not a Drag Rage move sent to a Rush 'n' Crush
    channel)? Round-trips it through the game's own action union."""
    try:
        return bool(spec.parse_action(action.model_dump(mode="json")) == action)
    except (ValidationError, ValueError, TypeError):
        return False


def _rules_notice(spec: AnySpec, since: int) -> str:
    changes = [text for version, text in sorted(spec.changelog.items()) if version > since]
    body = "\n".join(changes) if changes else "See `/game rules` for the rulings."
    return f"📜 **The rules of {spec.title} were updated since this game began:**\n{body}"


__all__ = [
    "DamagedGame",
    "Ended",
    "GameError",
    "GameService",
    "HostChange",
    "LobbyError",
    "Maintenance",
    "NoSession",
    "NotAllowed",
    "NotSeated",
    "ServiceError",
    "Snapshot",
    "StaleBoard",
    "WrongGame",
]
