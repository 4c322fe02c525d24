"""Take-backs: a player asks to take back their last move; the others answer with buttons.

The API the commands and buttons call (all raise `CannotTakeBack` / other `ServiceError`s with
words safe to show the presser, privately):

- `request(service, channel_id, user_id) -> TakeBackRequest`: `/game undo`. Refused unless the
  channel's last log entry is this user's own move, no die was rolled in it, the game's rules
  allow it (`GameSpec.can_take_back`; a game with private views refuses by default: the move
  may have shown hidden information) and the table did not already refuse it. With no other
  human at the table it is applied at once (`status == "applied"`); otherwise it is
  `"pending"`: post `req.text()` publicly with a Yes and a No button for `req.waiting_for`
  (`req.mentions()`), and schedule `expire` at `req.expires_at`.
- `answer(service, session_id, request_id, user_id, yes) -> TakeBackRequest`: a button press.
  One "no" refuses it; the last "yes" applies it.
- `expire(service, session_id, request_id) -> TakeBackRequest`: silence until `expires_at`
  (the first reminder of the turn clock) refuses it. Early calls change nothing.
- `pending(service)`: every pending request (a restarted scheduler re-arms them).

Whatever the result, show `req.text()`; when `req.applied`, post `req.snapshot` as the new board
(its version moved, so every old button is stale). A request is closed as `"stale"` once
someone acted since.

The take-back is a new log entry, never a deletion: actor the requester, action
`{"kind": "take_back", "seq": N}`, one `taken_back` event with the answers. Replaying skips
the move it names (`standing_moves`); every other move keeps the dice of its own seq, so the
session still replays bit for bit (`table/verify.py`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import Field

from games.engine import Event, GameError, Model, PlayerId, Rng
from storage import LogEntry, SessionStatus, StaleVersion
from storage.queries.takebacks import PENDING, TakeBackRow
from table import clocks
from table.clocks import REMINDER_FRACTIONS, ClockMode
from table.gamelog import events_json
from table.movelog import replay_log, take_back_json, taken_back
from table.snapshot import NoSession, NotAllowed, NotSeated, ServiceError, Snapshot

if TYPE_CHECKING:
    from table.service import GameService


class CannotTakeBack(ServiceError):
    """The move cannot be taken back (or the request is no longer open); says why."""


class TakenBack(Event):
    """The log's record of a take-back: the move it names and who agreed."""

    kind: str = "taken_back"
    seq: int
    player: PlayerId
    answers: dict[str, bool] = Field(default_factory=dict)
    text: str = ""


@dataclass(frozen=True)
class TakeBackRequest:
    """A request as the table sees it. `status`: pending, applied, refused, expired or stale."""

    id: int
    session_id: int
    requester: PlayerId
    seq: int
    move: str
    """The move in words ("advance 8")."""
    asked: tuple[PlayerId, ...]
    answers: dict[PlayerId, bool]
    status: str
    expires_at: float
    snapshot: Snapshot
    """The session now: after the take-back when applied (post it as the new board)."""
    decided_here: bool = False
    """This call applied, refused or closed the request. False when it was open, or decided
    already (by an answer, or by another process's scheduler: a deploy overlap): announce a
    decision only once, from the call that made it."""

    @property
    def applied(self) -> bool:
        return self.status == "applied"

    @property
    def open(self) -> bool:
        return self.status == PENDING

    @property
    def waiting_for(self) -> tuple[PlayerId, ...]:
        """The seats still to answer (their Yes/No buttons)."""
        if not self.open:
            return ()
        return tuple(p for p in self.asked if p not in self.answers)

    def mentions(self) -> str:
        """Pings for those still to answer."""
        return " ".join(self.snapshot.mention(p) for p in self.waiting_for)

    def text(self) -> str:
        """One line for the table."""
        snap = self.snapshot
        who = snap.name_of(self.requester)
        what = f"their move #{self.seq} ({self.move})"
        if self.status == PENDING:
            return (
                f"↩️ {who} asks to take back {what}. {self.mentions()}: do you agree? "
                f"One no refuses it; no answer by {clocks.timestamp(self.expires_at)} refuses it."
            )
        if self.status == "applied":
            return f"↩️ {who} took back {what}{_agreed(snap, self.answers)}."
        if self.status == "refused":
            naysayer = next((p for p, yes in self.answers.items() if not yes), None)
            by = f" by {snap.name_of(naysayer)}" if naysayer is not None else ""
            return f"🚫 {who}'s take-back of {what} was refused{by}: the move stands."
        if self.status == "expired":
            return f"⌛ Not everyone answered {who}'s take-back of {what} in time: the move stands."
        return f"🚫 {who}'s take-back of {what} lapsed: someone has acted since. The move stands."


def _rolled(events_raw: str) -> bool:
    try:
        events = json.loads(events_raw)
    except ValueError:
        return True  # unreadable: assume the worst
    return any(isinstance(e, dict) and e.get("kind") == "dice_rolled" for e in events)


# ----- the service side --------------------------------------------------------------------


def silence_window(snap: Snapshot) -> float:
    """How long the table has to answer: until the turn clock's first reminder (a third of a
    turn; with no clock, a third of the game's default turn time)."""
    settings = snap.clock.settings
    if settings.mode is ClockMode.TURN and settings.per_turn > 0:
        turn = settings.per_turn
    elif settings.mode is ClockMode.BANK and settings.bank > 0:
        turn = settings.bank
    else:
        turn = snap.spec.turn_time
    return turn * REMINDER_FRACTIONS[0]


@dataclass(frozen=True)
class _Move:
    entry: LogEntry
    action: Model
    before: Model
    """The position the take-back returns to."""


def _check(snap: Snapshot, entries: Sequence[LogEntry], player: PlayerId) -> _Move:
    """The last move, if `player` may take it back now (else CannotTakeBack with the reason)."""
    if snap.state is None or snap.record.status is not SessionStatus.ACTIVE:
        raise CannotTakeBack("there is no game under way here to take a move back in")
    last = entries[-1] if entries else None
    if last is None or last.seq == 0 or last.seq != snap.record.last_seq:
        raise CannotTakeBack("no move has been played yet")
    if taken_back(last.action_json) is not None:
        raise CannotTakeBack("the last move was already taken back; a take-back stands")
    if last.actor != player:
        raise CannotTakeBack(
            "only your own last move can be taken back, and only before anyone else acts"
        )
    if _rolled(last.events_json):
        raise CannotTakeBack("dice were rolled in that move, so it stands")
    spec = snap.spec
    try:
        action = spec.parse_action(json.loads(last.action_json))
        before = replay_log(spec, snap.record, entries[:-1])
        step = spec.apply(before, player, action, Rng.for_step(snap.record.seed, last.seq))
    except (GameError, ValueError) as exc:
        raise CannotTakeBack("this game's log does not replay with these rules") from exc
    if spec.dump_state(step.state) != spec.dump_state(snap.state):
        # The rules changed since the move (a deploy): the earlier position is not certain.
        raise CannotTakeBack("the rules were updated since that move, so it stands")
    allowed = spec.can_take_back
    if allowed is None:
        ok = not spec.has_private_views
    else:
        ok = allowed(before, player, action, step.events)
    if not ok:
        raise CannotTakeBack(
            f"in {spec.title} that move can never be taken back (see the Rulings in `/game rules`)"
        )
    return _Move(last, action, before)


def _request_of(
    row: TakeBackRow, snap: Snapshot, move: str, *, decided_here: bool = False
) -> TakeBackRequest:
    return TakeBackRequest(
        id=row.id,
        session_id=row.session_id,
        requester=row.user_id,
        seq=row.seq,
        move=move,
        asked=row.asked,
        answers=dict(row.answers),
        status=row.status,
        expires_at=row.expires_at,
        snapshot=snap,
        decided_here=decided_here,
    )


async def _describe(service: GameService, snap: Snapshot, seq: int) -> str:
    entries = await service.repo.log(snap.session_id, after_seq=seq - 1, limit=1)
    if not entries:
        return "a move"
    try:
        return str(snap.spec.describe(snap.spec.parse_action(json.loads(entries[0].action_json))))
    except (ValueError, TypeError):
        return "a move"


async def request(service: GameService, channel_id: int, user_id: int) -> TakeBackRequest:
    """`/game undo`: ask to take back `user_id`'s last move (see the module doc)."""
    service._writable()
    record = await service._live(channel_id)
    async with service.lock(record.id):
        snap = await service.by_id(record.id)
        player = snap.player_of(user_id)
        if player is None:
            raise NotSeated("you are not playing in this game")
        entries = await service.repo.log(snap.session_id)
        move = _check(snap, entries, player)
        earlier = await service.repo.session_takebacks(snap.session_id)
        for old in earlier:
            if old.seq != move.entry.seq:
                continue
            if old.status == PENDING and service.now() < old.expires_at:
                raise CannotTakeBack("you already asked; the table is still answering")
            if old.status in ("refused", "expired"):
                raise CannotTakeBack("the table already refused taking that move back")
        asked = tuple(p for p in snap.humans if p != player)
        row = await service._write(
            service.repo.open_takeback(
                snap.session_id,
                user_id=player,
                seq=move.entry.seq,
                asked=asked,
                expires_at=service.now() + silence_window(snap),
            )
        )
        words = snap.spec.describe(move.action)
        if not asked:  # solo: nobody to ask
            return await _apply(service, snap, row, move, words)
        return _request_of(row, snap, words)


async def answer(
    service: GameService, session_id: int, request_id: int, user_id: int, yes: bool
) -> TakeBackRequest:
    """A Yes or No button: one no refuses, the last yes applies. A request already decided is
    returned as it is (show its `text()` to the presser)."""
    service._writable()
    async with service.lock(session_id):
        row = await service.repo.get_takeback(request_id)
        if row is None or row.session_id != session_id:
            raise NoSession("that take-back request no longer exists")
        snap = await service.by_id(session_id)
        words = await _describe(service, snap, row.seq)
        if row.status != PENDING:
            return _request_of(row, snap, words)
        closed = await _close_if_over(service, snap, row, words)
        if closed is not None:
            return closed
        player = snap.player_of(user_id)
        if player is None or player not in row.asked:
            who = "you asked for it" if player == row.user_id else "you are not asked"
            raise NotAllowed(f"{who}: the other players answer this take-back")
        row = await _stored(service.repo.answer_takeback(row.id, player, yes), service)
        if not yes:
            return await _close(service, snap, row.id, "refused", words)
        if any(not row.answers.get(p, False) for p in row.asked):
            return _request_of(row, snap, words)
        entries = await service.repo.log(session_id)
        try:
            move = _check(snap, entries, row.user_id)
        except CannotTakeBack:
            return await _close(service, snap, row.id, "stale", words)
        return await _apply(service, snap, row, move, words)


async def expire(service: GameService, session_id: int, request_id: int) -> TakeBackRequest:
    """The scheduler's call at `expires_at`: silence refuses the request. Before that time, or
    once decided, the request is returned unchanged. `decided_here` says whether this call
    closed it: with two processes (a deploy overlap) both find it due, and only the one whose
    close won announces it."""
    service._writable()
    async with service.lock(session_id):
        row = await service.repo.get_takeback(request_id)
        if row is None or row.session_id != session_id:
            raise NoSession("that take-back request no longer exists")
        snap = await service.by_id(session_id)
        words = await _describe(service, snap, row.seq)
        closed = await _close_if_over(service, snap, row, words) if row.status == PENDING else None
        return closed if closed is not None else _request_of(row, snap, words)


async def pending(service: GameService) -> list[TakeBackRow]:
    """Every pending request (id, session_id, expires_at): what a restarted scheduler arms."""
    return await service.repo.pending_takebacks()


async def _close_if_over(
    service: GameService, snap: Snapshot, row: TakeBackRow, words: str
) -> TakeBackRequest | None:
    """Close a pending request that someone acted past (stale) or that ran out (expired)."""
    if snap.record.last_seq != row.seq or snap.record.status is not SessionStatus.ACTIVE:
        return await _close(service, snap, row.id, "stale", words)
    if service.now() >= row.expires_at:
        return await _close(service, snap, row.id, "expired", words)
    return None


async def _close(
    service: GameService, snap: Snapshot, takeback_id: int, status: str, words: str
) -> TakeBackRequest:
    """Pending -> `status`, as a compare-and-swap: `decided_here` only if this call closed it."""
    closing = await service._write(service.repo.close_takeback(takeback_id, status))
    if closing.row is None:
        raise NoSession("that take-back request no longer exists")
    return _request_of(closing.row, snap, words, decided_here=closing.closed_here)


async def _stored(write: Any, service: GameService) -> TakeBackRow:
    row = await service._write(write)
    if row is None:
        raise NoSession("that take-back request no longer exists")
    assert isinstance(row, TakeBackRow)
    return row


async def _apply(
    service: GameService, snap: Snapshot, row: TakeBackRow, move: _Move, words: str
) -> TakeBackRequest:
    """Write the earlier position as a new log entry (CAS on version), in the caller's lock."""
    spec = snap.spec
    name = snap.name_of(row.user_id)
    event = TakenBack(
        seq=row.seq,
        player=row.user_id,
        answers={str(p): yes for p, yes in row.answers.items()},
        text=f"{name} took back #{row.seq} ({words}){_agreed(snap, row.answers)}",
    )
    clock = clocks.after_move(
        snap.clock,
        before=snap.active_players,
        after=spec.active_players(move.before),
        mover=None,
        version=snap.version + 1,
        now=service.now(),
    )
    try:
        record, row = await service._write(
            service.repo.apply_takeback(
                row.id,
                session_id=snap.session_id,
                expected_version=snap.version,
                actor=row.user_id,
                action_json=take_back_json(row.seq),
                events_json=events_json([event]),
                state_json=spec.dump_state(move.before),
                clock_json=clock.model_dump_json(),
            )
        )
    except StaleVersion:
        await service._write(service.repo.close_takeback(row.id, "stale"))
        raise CannotTakeBack("the board moved on before the take-back; the move stands") from None
    service._remember(record, move.before, (event,))
    after = Snapshot(record, spec, move.before, (event,), snap.active_players)
    return _request_of(row, after, words, decided_here=True)


def _agreed(snap: Snapshot, answers: dict[PlayerId, bool]) -> str:
    yes = [snap.name_of(p) for p, ok in answers.items() if ok]
    return f", agreed by {', '.join(yes)}" if yes else ""
