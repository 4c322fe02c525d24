"""A session's log in words: what `/game log` shows, and the last step's events after a restart."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from pydantic import ConfigDict

from games.engine import Event, PlayerId
from games.registry import AnySpec
from storage import LogEntry
from table import story
from table.snapshot import Snapshot

log = logging.getLogger(__name__)


def events_json(events: Sequence[Event]) -> str:
    return json.dumps([e.model_dump(mode="json") for e in events], separators=(",", ":"))


def loose_events(entry: LogEntry) -> tuple[Event, ...]:
    """The events of a log entry as plain events (captions after a restart); () if unreadable."""
    try:
        raw = json.loads(entry.events_json)
        return tuple(LooseEvent.model_validate(e) for e in raw)
    except (ValueError, TypeError):
        log.warning("unreadable events in session %s, seq %s", entry.session_id, entry.seq)
        return ()


def log_lines(snap: Snapshot, entries: Sequence[LogEntry], *, viewer: PlayerId | None) -> list[str]:
    """Log entries as plain lines for `viewer` (None: a spectator): every event the game lets
    them read (`GameSpec.audience`), in the game's words (`GameSpec.narrate`), dice included.
    A move with nothing they may read is "played (hidden)"; one whose events say nothing at
    all is told by its action's label."""
    spec = snap.spec
    names = {seat.user_id: seat.name for seat in snap.record.seats}
    lines: list[str] = []
    for entry in entries:
        events = _raw_events(entry)
        if entry.actor is None:
            seated = ", ".join(seat.name for seat in snap.record.seats)
            told = story.event_lines(spec, events, viewer, names)
            setup = f"#0 the game was set up for {seated}"
            lines.append(setup + (": " + story.joined(told) if told else ""))
            continue
        who = snap.name_of(entry.actor)
        lines.append(f"#{entry.seq} {who}: " + step_text(snap, entry, viewer=viewer))
    return lines


def step_text(snap: Snapshot, entry: LogEntry, *, viewer: PlayerId | None) -> str:
    """One logged move for `viewer`, without its number and mover: its events in words, or
    "played (hidden)" when they may read none, or its action's label when nothing was said."""
    spec = snap.spec
    names = {seat.user_id: seat.name for seat in snap.record.seats}
    events = _raw_events(entry)
    told = story.event_lines(spec, events, viewer, names, actor=entry.actor)
    if not told:
        # The action's own label only where it cannot give a secret away: to its mover, or in
        # a game without private views (a Space Truckin' build names the part it hides).
        mine = viewer is not None and viewer == entry.actor
        hidden = events and not story.has_public_effects(spec, events)
        secret = spec.has_private_views and not mine
        told = [
            "played (hidden)"
            if (hidden or secret) and not mine
            else _action_text(spec, entry.action_json)
        ]
    return story.joined(told)


def _raw_events(entry: LogEntry) -> list[dict[str, Any]]:
    try:
        raw = json.loads(entry.events_json)
    except ValueError:
        log.warning("unreadable events in session %s, seq %s", entry.session_id, entry.seq)
        return []
    return [e for e in raw if isinstance(e, dict)] if isinstance(raw, list) else []


class LooseEvent(Event):
    """An event read back from the log without its game's model (extra fields kept)."""

    model_config = ConfigDict(frozen=True, extra="allow")


def _action_text(spec: AnySpec, action_json: str) -> str:
    try:
        return spec.describe(spec.parse_action(json.loads(action_json)))
    except (ValueError, TypeError):
        return "a move"
