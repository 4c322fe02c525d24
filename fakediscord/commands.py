"""Build slash-command interaction data from the schema the bot synced (and only from it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
)
SNOWFLAKE_TYPES = (USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT)

# (option schema, value given by the test) -> the snowflake string put into the payload;
# the resolver also records the object under data.resolved.
Resolver = Callable[[dict[str, Any], Any], str]


def split_path(command: str) -> list[str]:
    parts = command.strip().lstrip("/").split()
    if not parts or len(parts) > 3:
        raise AssertionError(f"command {command!r}: expected 'name [group] [sub]'")
    return parts


def find_leaf(
    top: dict[str, Any], parts: list[str]
) -> tuple[dict[str, Any], list[tuple[int, str]]]:
    """Walk `game new` down to the subcommand; return it and the (type, name) chain above it."""
    node = top
    chain: list[tuple[int, str]] = []
    for part in parts[1:]:
        subs = [
            o for o in node.get("options") or [] if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
        ]
        match = next((o for o in subs if o["name"] == part), None)
        if match is None:
            names = ", ".join(o["name"] for o in subs) or "none"
            raise AssertionError(
                f"/{' '.join(parts)}: {node['name']!r} has no subcommand {part!r}; it has: {names}"
            )
        chain.append((match["type"], part))
        node = match
    leftover = [o for o in node.get("options") or [] if o["type"] in (1, 2)]
    if leftover:
        names = ", ".join(o["name"] for o in leftover)
        raise AssertionError(f"/{' '.join(parts)} is a group; pick a subcommand: {names}")
    return node, chain


def build_options(
    leaf: dict[str, Any],
    chain: list[tuple[int, str]],
    values: dict[str, Any],
    resolve: Resolver,
    *,
    focused: str | None = None,
) -> list[dict[str, Any]]:
    """The `data.options` tree for the leaf command, checked the way the Discord client would."""
    declared = {o["name"]: o for o in leaf.get("options") or []}
    label = " ".join([name for _, name in chain]) or leaf["name"]
    for name in values:
        if name not in declared:
            have = ", ".join(declared) or "none"
            raise AssertionError(f"/{label}: no option {name!r}; declared options: {have}")
    if focused is None:
        missing = [n for n, o in declared.items() if o.get("required") and n not in values]
        if missing:
            raise AssertionError(f"/{label}: required option(s) missing: {', '.join(missing)}")
    elif focused not in declared or not declared[focused].get("autocomplete"):
        raise AssertionError(f"/{label}: option {focused!r} has no autocomplete")
    options: list[dict[str, Any]] = []
    for name, value in values.items():
        schema = declared[name]
        if name == focused:
            options.append(
                {"name": name, "type": schema["type"], "value": str(value), "focused": True}
            )
            continue
        options.append(
            {"name": name, "type": schema["type"], "value": convert(schema, value, resolve)}
        )
    for kind, name in reversed(chain):
        options = [{"name": name, "type": kind, "options": options}]
    return options


def convert(schema: dict[str, Any], value: Any, resolve: Resolver) -> Any:
    kind = schema["type"]
    name = schema["name"]
    if kind == STRING:
        if not isinstance(value, str):
            raise AssertionError(f"option {name!r} is a string; got {value!r}")
        low, high = schema.get("min_length", 0), schema.get("max_length", 6000)
        if not low <= len(value) <= high:
            raise AssertionError(f"option {name!r}: length {len(value)} outside {low}..{high}")
    elif kind == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise AssertionError(f"option {name!r} is an integer; got {value!r}")
    elif kind == NUMBER:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise AssertionError(f"option {name!r} is a number; got {value!r}")
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise AssertionError(f"option {name!r} is a boolean; got {value!r}")
    elif kind in SNOWFLAKE_TYPES:
        return resolve(schema, value)
    else:
        raise AssertionError(f"option {name!r} has unsupported type {kind}")
    if kind in (INTEGER, NUMBER):
        low = schema.get("min_value")
        high = schema.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise AssertionError(f"option {name!r}: {value} outside {low}..{high}")
    choices = schema.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        offered = ", ".join(repr(c["value"]) for c in choices)
        raise AssertionError(f"option {name!r}: {value!r} is not a choice; choices: {offered}")
    return value
