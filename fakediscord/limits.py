"""The message limits real Discord enforces, as plain checks that return readable problems."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fakediscord.records import FakeChannel, walk_components

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_DESCRIPTION = 1024
"""An attachment's alt text (its `description`), at most 1,024 characters."""
MAX_ATTACHMENTS = 10
MAX_ROWS = 5
MAX_PER_ROW = 5
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_V2_COMPONENTS = 40
COMPONENTS_V2_FLAG = 1 << 15
BUTTON = 2
SELECT_TYPES = (3, 5, 6, 7, 8)
LINK_STYLE = 5
PREMIUM_STYLE = 6


@dataclass(frozen=True)
class Rejection:
    """Why Discord would refuse a message body: HTTP status, JSON error code, reason."""

    status: int
    code: int
    reason: str


def check_message(
    data: dict[str, Any], files: list[tuple[str, bytes]], *, size_limit: int
) -> list[Rejection]:
    problems: list[Rejection] = []
    for name, blob in files:
        if len(blob) > size_limit:
            problems.append(
                Rejection(413, 40005, f"file {name!r} is {len(blob)} bytes > limit {size_limit}")
            )
    attachments = data.get("attachments") or []
    count = max(len(files), len(attachments))
    if count > MAX_ATTACHMENTS:
        problems.append(invalid(f"{count} attachments > {MAX_ATTACHMENTS}"))
    for index, attachment in enumerate(attachments):
        description = attachment.get("description") if isinstance(attachment, dict) else None
        if isinstance(description, str) and len(description) > MAX_DESCRIPTION:
            problems.append(invalid(f"attachments.{index}.description is {len(description)} chars"))
    content = data.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        problems.append(invalid(f"content is {len(content)} chars > {MAX_CONTENT}"))
    problems.extend(check_embeds(data.get("embeds") or []))
    flags = int(data.get("flags") or 0)
    components = data.get("components") or []
    if flags & COMPONENTS_V2_FLAG:
        problems.extend(check_components_v2(data, components))
    else:
        problems.extend(check_action_rows(components))
    problems.extend(check_each_component(components))
    problems.extend(check_allowed_mentions(data.get("allowed_mentions")))
    if is_empty(data, files):
        problems.append(Rejection(400, 50006, "Cannot send an empty message"))
    return problems


def is_empty(data: dict[str, Any], files: list[tuple[str, bytes]]) -> bool:
    """Nothing to show: no content (whitespace does not count), embeds, files, components,
    stickers or poll. For an edit, pass the message as it would be after the edit."""
    content = data.get("content")
    return not (
        (isinstance(content, str) and content.strip())
        or data.get("embeds")
        or files
        or data.get("attachments")
        or data.get("components")
        or data.get("sticker_ids")
        or data.get("poll")
    )


def check_allowed_mentions(allowed: Any) -> list[Rejection]:
    if not isinstance(allowed, dict):
        return []
    parse = allowed.get("parse") or []
    problems: list[Rejection] = []
    for kind in ("users", "roles"):
        if kind in parse and allowed.get(kind):
            problems.append(
                invalid(f"allowed_mentions: parse {kind!r} and a {kind} list are exclusive")
            )
        if len(allowed.get(kind) or []) > 100:
            problems.append(invalid(f"allowed_mentions: more than 100 {kind}"))
    return problems


def thread_archived(channel: FakeChannel) -> Rejection | None:
    """Posting into an archived thread fails until it is unarchived (PATCH archived=false)."""
    if channel.is_thread and channel.archived:
        return Rejection(400, 50083, "Thread is archived")
    return None


def invalid(reason: str) -> Rejection:
    return Rejection(400, 50035, reason)


def check_embeds(embeds: list[dict[str, Any]]) -> list[Rejection]:
    problems: list[Rejection] = []
    if len(embeds) > MAX_EMBEDS:
        problems.append(invalid(f"{len(embeds)} embeds > {MAX_EMBEDS}"))
    total = 0
    for i, embed in enumerate(embeds):
        parts = {
            "title": (str(embed.get("title") or ""), 256),
            "description": (str(embed.get("description") or ""), 4096),
            "footer.text": (str((embed.get("footer") or {}).get("text") or ""), 2048),
            "author.name": (str((embed.get("author") or {}).get("name") or ""), 256),
        }
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append(invalid(f"embed {i} has {len(fields)} fields > 25"))
        for j, fld in enumerate(fields):
            parts[f"fields[{j}].name"] = (str(fld.get("name") or ""), 256)
            parts[f"fields[{j}].value"] = (str(fld.get("value") or ""), 1024)
        for name, (text, limit) in parts.items():
            total += len(text)
            if len(text) > limit:
                problems.append(invalid(f"embed {i} {name} is {len(text)} chars > {limit}"))
    if total > MAX_EMBED_TOTAL:
        problems.append(invalid(f"embeds total {total} chars > {MAX_EMBED_TOTAL}"))
    return problems


def check_action_rows(components: list[dict[str, Any]]) -> list[Rejection]:
    problems: list[Rejection] = []
    if len(components) > MAX_ROWS:
        problems.append(invalid(f"{len(components)} action rows > {MAX_ROWS}"))
    for r, row in enumerate(components):
        if row.get("type") != 1:
            problems.append(invalid(f"top-level component {r} is type {row.get('type')}, not 1"))
            continue
        children = row.get("components") or []
        buttons = [c for c in children if c.get("type") == BUTTON]
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if len(buttons) > MAX_PER_ROW:
            problems.append(invalid(f"row {r} has {len(buttons)} buttons > {MAX_PER_ROW}"))
        if selects and len(children) > 1:
            problems.append(invalid(f"row {r} mixes a select menu with other components"))
        if not children:
            problems.append(invalid(f"row {r} is empty"))
    return problems


def check_components_v2(data: dict[str, Any], components: list[dict[str, Any]]) -> list[Rejection]:
    problems: list[Rejection] = []
    if data.get("content") or data.get("embeds"):
        problems.append(invalid("components v2 message also sets content or embeds"))
    total = len(walk_components(components))
    if total > MAX_V2_COMPONENTS:
        problems.append(invalid(f"{total} components > {MAX_V2_COMPONENTS}"))
    return problems


def check_each_component(components: list[dict[str, Any]]) -> list[Rejection]:
    problems: list[Rejection] = []
    seen: set[str] = set()
    for comp in walk_components(components):
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            if len(custom_id) > MAX_CUSTOM_ID:
                problems.append(
                    invalid(f"custom_id {custom_id[:30]!r}... is {len(custom_id)} chars > 100")
                )
            if custom_id in seen:
                problems.append(invalid(f"custom_id {custom_id!r} is used twice"))
            seen.add(custom_id)
        if comp.get("type") == BUTTON:
            label = comp.get("label") or ""
            if len(label) > MAX_LABEL:
                problems.append(invalid(f"button label {label[:30]!r}... > {MAX_LABEL} chars"))
            style = comp.get("style")
            if style == LINK_STYLE and not comp.get("url"):
                problems.append(invalid("link button without url"))
            if style not in (LINK_STYLE, PREMIUM_STYLE) and not custom_id:
                problems.append(invalid(f"button {label!r} without custom_id"))
        if comp.get("type") == 3:
            options = comp.get("options") or []
            if not options or len(options) > MAX_SELECT_OPTIONS:
                problems.append(
                    invalid(f"select {custom_id!r} has {len(options)} options (1-25 allowed)")
                )
    return problems
