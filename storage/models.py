"""What the repository hands back: frozen records, never a live connection."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class SessionStatus(StrEnum):
    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"

    @property
    def is_live(self) -> bool:
        return self in LIVE_STATUSES


LIVE_STATUSES = frozenset({SessionStatus.LOBBY, SessionStatus.ACTIVE})


class Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SeatRecord(Record):
    """A seated player; seats are numbered 0..n-1 in join order (the host sits at 0)."""

    user_id: int
    name: str
    seat: int
    kind: str = "human"
    """"human", or "bot" for a seat the game's policy plays."""
    controller_id: int | None = None
    """A substitute member who plays this seat (`user_id` stays the seat's game identity)."""

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def played_by(self) -> int:
        """The Discord user who plays this seat now."""
        return self.controller_id if self.controller_id is not None else self.user_id


class SessionRecord(Record):
    """One session row with its seats, as of the moment it was read.

    `version` is the compare-and-swap token: every write bumps it, and every write takes the
    version the caller last saw. `last_seq` is the seq of the newest log entry (-1 before the
    game starts, 0 after setup, n after n moves), so the next move is step `last_seq + 1`.
    """

    id: int
    guild_id: int | None
    channel_id: int
    game_key: str
    status: SessionStatus
    host_id: int
    options_json: str
    seed: int
    rules_version: int
    state_json: str | None
    version: int
    created_at: float
    updated_at: float
    seats: tuple[SeatRecord, ...]
    last_seq: int = -1
    end_reason: str = ""
    clock_json: str = "{}"
    """The session's turn clock (settings and each player's clock; see `table/clocks.py`)."""

    @property
    def is_live(self) -> bool:
        return self.status.is_live

    @property
    def next_step(self) -> int:
        """The step number (and log seq) the next move will get: seeds its RNG."""
        return self.last_seq + 1

    def seat_of(self, user_id: int) -> SeatRecord | None:
        return next((s for s in self.seats if s.user_id == user_id), None)


class SessionSeed(Record):
    """What a button's game tag is checked against (read from the raw row: never damaged)."""

    seed: str
    """The seed as stored (its commitment, and so the game's tag, derive from it)."""
    untagged_buttons_ok: bool
    """The session's boards were drawn before buttons named their game: a press without a
    game tag is its own. False for every session made since (an untagged board is then an
    older game's that had the same number)."""


class LogEntry(Record):
    """One append-only log line: seq 0 is setup (actor None), seq n is the n-th move."""

    session_id: int
    seq: int
    actor: int | None
    action_json: str
    events_json: str
    at: float


class StorageHealth(Record):
    """What `Repository.check()` found: `problem` says what is wrong (empty when ok);
    `lasting` when only a restart helps (see `StorageGone`)."""

    ok: bool
    problem: str = ""
    lasting: bool = False
