"""Checks a crash-test database after a kill: integrity, confirmed moves, replays, progress.

Reads the file with plain sqlite3 and the repository's own query functions, so the test sees
exactly what a restarted bot would see. Replays are incremental: the first time a session is
seen it is rebuilt from setup; afterwards only the new log entries are applied to the state
rebuilt last time, after checking that every earlier entry is byte-for-byte what was replayed
before. A session whose version did not move must have the same state JSON and log length.
`final_check` runs the engine's own `replay` over every session once more to tie both together.
A take-back entry (`table/takebacks.py`) returns to the position before the move it names, and
`replay` skips that move: every other move keeps the dice of its own seq.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.engine import Player, Rng, replay
from games.registry import GAMES, AnySpec
from storage import SessionRecord, SessionStatus, queries
from table.movelog import taken_back

Row = tuple[int, int | None, str, str]
"""One log entry as stored: seq, actor, action_json, events_json."""


def crc(text: str) -> int:
    return zlib.crc32(text.encode())


@dataclass
class Replayed:
    """What the verifier has rebuilt of one session so far."""

    rows: list[Row] = field(default_factory=list)
    state: Any = None
    version: int = -1
    state_json: str | None = None
    state_crcs: list[int] = field(default_factory=list)
    """crc32 of the state after each seq (index 0 is setup)."""
    before: dict[int, Any] = field(default_factory=dict)
    """The state before each move that stands (a take-back returns to it)."""


@dataclass(frozen=True)
class Confirmation:
    """One `M ...` line: a move the worker told its player about."""

    session_id: int
    seq: int
    version: int
    actor: int
    action_crc: int
    state_crc: int

    @classmethod
    def parse(cls, line: str) -> Confirmation:
        _, *numbers = line.split()
        sid, seq, version, actor, action_crc, state_crc = (int(n) for n in numbers)
        return cls(sid, seq, version, actor, action_crc, state_crc)


class VerificationError(AssertionError):
    pass


class Verifier:
    def __init__(self, db_path: Path) -> None:
        self.db_path = db_path
        self.sessions: dict[int, Replayed] = {}
        self.total_moves = 0

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.db_path, isolation_level=None)
        db.row_factory = sqlite3.Row
        return db

    def check(self, confirmations: list[Confirmation], starts: list[tuple[int, int]]) -> int:
        """Verify the file after a kill; returns how many confirmations were found intact."""
        db = self._connect()
        try:
            integrity = queries.integrity_check(db)
            if integrity != "ok":
                raise VerificationError(f"integrity_check: {integrity}")
            changed = self._changed_sessions(db)
            records = {sid: queries.get_session(db, sid) for sid in changed}
            rows: dict[int, list[Row]] = {sid: [] for sid in changed}
            marks = ",".join("?" * len(changed))
            for r in db.execute(
                "SELECT session_id, seq, actor, action_json, events_json FROM events"
                f" WHERE session_id IN ({marks}) ORDER BY session_id, seq",
                sorted(changed),
            ):
                row = (r["seq"], r["actor"], r["action_json"], r["events_json"])
                rows[r["session_id"]].append(row)
        finally:
            db.close()
        for sid, record in records.items():
            self._check_session(record, rows[sid])
        self.total_moves = sum(max(len(s.rows) - 1, 0) for s in self.sessions.values())
        for sid, version in starts:
            known = self.sessions.get(sid)
            if known is None or known.version < version or not known.rows:
                raise VerificationError(f"confirmed start of session {sid} is missing")
        return sum(self._found(c) for c in confirmations)

    def _changed_sessions(self, db: sqlite3.Connection) -> set[int]:
        """Sessions written since the last check; the others must be exactly as they were."""
        counts = dict(
            db.execute("SELECT session_id, COUNT(*) FROM events GROUP BY session_id").fetchall()
        )
        changed: set[int] = set()
        seen: set[int] = set()
        for sid, version, state_json in db.execute(
            "SELECT id, version, state_json FROM sessions"
        ).fetchall():
            seen.add(sid)
            known = self.sessions.get(sid)
            if known is None or known.version != version:
                changed.add(sid)
            elif known.state_json != state_json or len(known.rows) != counts.get(sid, 0):
                raise VerificationError(f"session {sid} changed without a version bump")
        if missing := set(self.sessions) - seen:
            raise VerificationError(f"sessions vanished: {sorted(missing)}")
        return changed

    def _found(self, c: Confirmation) -> bool:
        done = self.sessions.get(c.session_id)
        if done is None or len(done.rows) <= c.seq:
            return False
        seq, actor, action_json, _ = done.rows[c.seq]
        return (
            seq == c.seq
            and actor == c.actor
            and crc(action_json) == c.action_crc
            and done.state_crcs[c.seq] == c.state_crc
            and done.version >= c.version
        )

    def _check_session(self, record: SessionRecord, rows: list[Row]) -> None:
        sid = record.id
        if [r[0] for r in rows] != list(range(len(rows))):
            raise VerificationError(
                f"session {sid}: log seqs are not 0..n-1: {[r[0] for r in rows]}"
            )
        if record.state_json is None:
            if rows or record.status is not SessionStatus.LOBBY:
                raise VerificationError(f"session {sid}: no state but status {record.status}")
            self.sessions[sid] = Replayed(version=record.version)
            return
        if not rows:
            raise VerificationError(f"session {sid}: a state but no setup entry in the log")
        spec = GAMES[record.game_key]
        done = self.sessions.get(sid)
        if done is None:
            done = Replayed()
        elif done.rows != rows[: len(done.rows)]:
            raise VerificationError(f"session {sid}: earlier log entries changed or vanished")
        for seq, actor, action_json, _ in rows[len(done.rows) :]:
            if seq == 0:
                players, options = setup_of(spec, record)
                done.state = spec.setup(players, options, Rng.for_step(record.seed, 0))
            elif (named := taken_back(action_json)) is not None:
                if named not in done.before:
                    raise VerificationError(f"session {sid}: take-back {seq} names no move")
                done.state = done.before.pop(named)
            else:
                assert actor is not None, f"session {sid}: move {seq} has no actor"
                done.before[seq] = done.state
                action = spec.parse_action(json.loads(action_json))
                done.state = spec.apply(
                    done.state, actor, action, Rng.for_step(record.seed, seq)
                ).state
            done.state_crcs.append(crc(spec.dump_state(done.state)))
        done.rows = list(rows)
        done.version, done.state_json = record.version, record.state_json
        self.sessions[sid] = done
        stored = spec.load_state(record.state_json)
        if stored != done.state or record.state_json != spec.dump_state(done.state):
            raise VerificationError(f"session {sid}: the log does not replay to the stored state")
        finished = spec.outcome(stored) is not None
        if finished != (record.status is SessionStatus.FINISHED):
            raise VerificationError(
                f"session {sid}: status {record.status} but finished={finished}"
            )

    def final_check(self) -> None:
        """The engine's `replay` over every session agrees with the incremental replays."""
        db = self._connect()
        try:
            for sid, done in self.sessions.items():
                if not done.rows:
                    continue  # still a lobby: nothing to replay
                record = queries.get_session(db, sid)
                spec = GAMES[record.game_key]
                players, options = setup_of(spec, record)
                gone = {taken_back(action) for _, _, action, _ in done.rows}
                standing = [
                    (seq, actor, action)
                    for seq, actor, action, _ in done.rows[1:]
                    if actor is not None and seq not in gone and taken_back(action) is None
                ]
                moves = [(a, spec.parse_action(json.loads(act))) for _, a, act in standing]
                steps = [seq for seq, _, _ in standing]
                if replay(spec, players, options, record.seed, moves, steps) != done.state:
                    raise VerificationError(f"session {sid}: replay() disagrees")
        finally:
            db.close()


def setup_of(spec: AnySpec, record: SessionRecord) -> tuple[tuple[Player, ...], Any]:
    players = tuple(Player(id=s.user_id, name=s.name) for s in record.seats)
    return players, spec.options_model.model_validate_json(record.options_json)
