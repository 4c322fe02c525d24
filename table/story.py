"""What happened, in words, for one reader: the story the channel, the log and the alt text
tell, built from each game's narration (`GameSpec.narrate`) behind its gate
(`GameSpec.audience`). Nothing here decides what a game's events mean.

A step is told as one line led by whoever acted ("alice: rolled 6 2 (advance); moved 8"),
each of its events told only to a reader the game lets see it: the public (None) reads the
public events, a seat reads those and its own private ones.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import Event, PlayerId, raw_event
from games.registry import AnySpec

log = logging.getLogger(__name__)

Raw = Mapping[str, Any]


def may_read(spec: AnySpec, event: Raw, reader: PlayerId | None) -> bool:
    """May `reader` (None: the public, anyone) read this event?"""
    audience = spec.audience(event)
    return audience is None or (reader is not None and reader in audience)


def is_public(spec: AnySpec, event: Raw) -> bool:
    return spec.audience(event) is None


def told(spec: AnySpec, event: Raw, names: Mapping[PlayerId, str]) -> str:
    """One event in the game's words ("" when the game says nothing, or fails to)."""
    try:
        return spec.narrate(event, names).strip()
    except (KeyError, ValueError, TypeError, AttributeError):
        log.warning("could not narrate a %s event of %s", event.get("kind"), spec.key)
        return ""


def event_lines(
    spec: AnySpec,
    events: Sequence[Event | Raw],
    reader: PlayerId | None,
    names: Mapping[PlayerId, str],
    *,
    actor: PlayerId | None = None,
) -> list[str]:
    """The events `reader` may read, each in words; with `actor`, a line that starts with the
    actor's own name loses it (the step's line names them once)."""
    lines: list[str] = []
    prefixes: tuple[str, ...] = ()
    if actor is not None and actor in names:
        prefixes = (f"{names[actor]}: ", f"{names[actor]} ")
    for event in events:
        raw = raw_event(event)
        if not may_read(spec, raw, reader):
            continue
        text = told(spec, raw, names)
        for prefix in prefixes:
            if text.startswith(prefix):
                text = text[len(prefix) :]
                break
        if text:
            lines.append(text)
    return lines


def joined(lines: Sequence[str]) -> str:
    """Lines told one after another: a sentence goes on after its full stop ("A is hit.
    B spins."), anything else after a semicolon ("rolls 6 2; moves 8")."""
    text = ""
    for line in lines:
        if text:
            text += " " if text.endswith((".", "!", "?")) else "; "
        text += line
    return text


def has_public_effects(spec: AnySpec, events: Sequence[Event | Raw]) -> bool:
    """Did a step do anything the public may read?"""
    return any(is_public(spec, raw_event(e)) for e in events)


def step_line(
    spec: AnySpec,
    events: Sequence[Event | Raw],
    reader: PlayerId | None,
    names: Mapping[PlayerId, str],
    actor: PlayerId | None,
    *,
    fallback: str = "",
) -> str:
    """One step for `reader`: "alice: line; line" (or `fallback` after the name when the reader
    may read none of it; "" when there is no fallback either)."""
    lines = event_lines(spec, events, reader, names, actor=actor)
    who = names.get(actor, "someone") if actor is not None else ""
    body = joined(lines) or fallback
    if not body:
        return ""
    return f"{who}: {body}" if who else body
