"""A session's log in words: what `/game log` shows, and the last step's events after a restart."""

from __future__ import annotations

import inspect
import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ConfigDict

from games.engine import Event, PlayerId
from games.registry import AnySpec
from storage import LogEntry
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
    """Log entries as plain lines for `viewer`.

    In games with private sheets the log would otherwise tell everyone what is on them:
    there, only the viewer's own entries show their details.
    """
    private = snap.spec.has_private_views
    names = {seat.user_id: seat.name for seat in snap.record.seats}
    lines: list[str] = []
    for entry in entries:
        who = snap.name_of(entry.actor) if entry.actor is not None else "setup"
        if private and entry.actor is not None and entry.actor != viewer:
            lines.append(f"#{entry.seq} {who}: made a move")
            continue
        try:
            raw_events = json.loads(entry.events_json)
        except ValueError:
            raw_events = []
        texts = [_event_text(snap.spec, e, names) for e in raw_events]
        texts = [t.removeprefix(f"{who}: ") for t in texts if t]
        if entry.actor is None:
            seated = ", ".join(seat.name for seat in snap.record.seats)
            setup = f"#0 the game was set up for {seated}"
            lines.append(setup + (": " + "; ".join(texts) if texts else ""))
            continue
        if not texts:
            texts = [_action_text(snap.spec, entry.action_json)]
        lines.append(f"#{entry.seq} {who}: " + "; ".join(texts))
    return lines


class LooseEvent(Event):
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
