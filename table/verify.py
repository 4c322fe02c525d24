"""Dice anyone can verify: a commitment to the seed at the start, the seed at the end, and a
check that re-derives every die of the game from the seed and the log.

Why it works: every die a game rolls comes from `Rng.for_step(seed, step)` and the actions
played, nothing else. The SHA-256 of the seed is published on the first board, before any
die is rolled; the seed itself only when the game is over. A bot that chose a roll after
seeing the moves would have to change the seed, and the revealed seed would no longer match
the commitment everyone saw. What it does not prove: that the seed itself was drawn fairly
(the bot could have tried many seeds before the start), nor anything about the code that
turns a seed into dice (that is the open-source rules engine; run the check yourself).

Pure: no Discord, no storage calls (the caller reads the record and the log).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine import GameError, Player, Rng
from games.registry import AnySpec
from storage import LogEntry, SessionRecord
from table.movelog import taken_back
from table.snapshot import seed_digest


def commitment(seed: int) -> str:
    """The published fingerprint of a session's seed."""
    return seed_digest(seed).hex()


@dataclass
class Verification:
    """What the check found: how many moves and dice it re-derived, and any mismatch."""

    moves: int = 0
    rolls: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        if self.ok:
            return (
                f"✅ All {self.rolls} dice of {self.moves} moves re-derived from the seed match "
                "what was shown, and so does the final position."
            )
        shown = "\n".join(f"• {p}" for p in self.problems[:8])
        return f"❌ The log does not match the seed:\n{shown}"


def _dice(events: Sequence[Any]) -> list[tuple[int, ...]]:
    found = []
    for event in events:
        data = event if isinstance(event, dict) else event.model_dump(mode="json")
        if data.get("kind") == "dice_rolled":
            found.append(tuple(data.get("dice") or ()))
    return found


@dataclass
class Replayed:
    """A session replayed from its seed and log: what the check found, the final position
    (None when the replay had to stop) and the events each logged move gives (by seq)."""

    verification: Verification
    state: Any = None
    events: dict[int, tuple[Any, ...]] = field(default_factory=dict)


def replay(spec: AnySpec, record: SessionRecord, entries: Sequence[LogEntry]) -> Replayed:
    """Replay the session from its seed and logged actions with the rules in this build,
    checking every die against what the log showed (players as `record`'s seats name them)."""
    result = Verification()
    players = tuple(
        Player(id=s.user_id, name=s.name) for s in sorted(record.seats, key=lambda s: s.seat)
    )
    options = spec.options_model.model_validate_json(record.options_json)
    state = spec.setup(players, options, Rng.for_step(record.seed, 0))
    told: dict[int, tuple[Any, ...]] = {}
    before: dict[int, Any] = {}
    """The position before each move that stands: a take-back returns to it."""
    for entry in entries:
        if entry.seq == 0 or entry.actor is None:
            continue
        named = taken_back(entry.action_json)
        if named is not None:
            # A take-back is an entry of its own: the move it names no longer stands.
            if named not in before:
                result.problems.append(f"take-back #{entry.seq} names no move that stands")
                return Replayed(result)
            state = before.pop(named)
            continue
        result.moves += 1
        before[entry.seq] = state
        try:
            action = spec.parse_action(json.loads(entry.action_json))
            step = spec.apply(state, entry.actor, action, Rng.for_step(record.seed, entry.seq))
        except (GameError, ValueError) as exc:
            result.problems.append(f"move #{entry.seq} does not replay: {exc}")
            return Replayed(result)
        derived = _dice(step.events)
        try:
            shown = _dice(json.loads(entry.events_json))
        except ValueError:
            shown = []
        result.rolls += len(derived)
        if derived != shown:
            result.problems.append(
                f"move #{entry.seq}: the log shows dice {shown}, the seed gives {derived}"
            )
        told[entry.seq] = tuple(step.events)
        state = step.state
    return Replayed(result, state, told)


def verify(spec: AnySpec, record: SessionRecord, entries: Sequence[LogEntry]) -> Verification:
    """Replay the session from its seed and logged actions with the rules in this build, and
    compare every die and the final position with what the log and the board showed."""
    replayed = replay(spec, record, entries)
    result = replayed.verification
    if replayed.state is None:
        return result
    if record.state_json is not None and spec.dump_state(replayed.state) != record.state_json:
        result.problems.append("the final position differs from the one the seed and log give")
    return result
