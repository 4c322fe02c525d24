"""Validate a bulk command overwrite the way Discord does: one bad field fails the whole sync.

Problems come back as (path, code, message); `errors_object` nests them into the `errors` body of
Discord's `400 / 50035 Invalid Form Body` answer, e.g. ``{"0": {"options": {"1": {"description":
{"_errors": [...]}}}}}``, which discord.py flattens to ``0.options.1.description: ...``.
"""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]
Path = tuple[str, ...]
Problem = tuple[Path, str, str]

CHAT_INPUT = 1
SUB_COMMAND, SUB_COMMAND_GROUP, STRING = 1, 2, 3
MAX_NAME = 32
MAX_DESCRIPTION = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_CHOICE_NAME = 100
MAX_CHOICE_VALUE = 100
MAX_COMMAND_SIZE = 8000
MAX_CHAT_INPUT_COMMANDS = 100
NAME_EXTRA = frozenset("-_'")


def valid_chat_input_name(name: Any) -> bool:
    """`^[-_'\\p{L}\\p{N}]{1,32}$` and lower-case (str.isalnum covers the L and N categories)."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
        return False
    if name.lower() != name:
        return False
    return all(ch.isalnum() or ch in NAME_EXTRA for ch in name)


def check_commands(commands: Any) -> list[Problem]:
    """Every rule a bulk overwrite (PUT .../commands) breaks, with the path Discord names."""
    if not isinstance(commands, list):
        return [((), "BASE_TYPE_ARRAY", "Must be an array.")]
    problems: list[Problem] = []
    chat_input = [c for c in commands if int(c.get("type", CHAT_INPUT)) == CHAT_INPUT]
    if len(chat_input) > MAX_CHAT_INPUT_COMMANDS:
        problems.append(
            (
                (),
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {MAX_CHAT_INPUT_COMMANDS} or fewer in length "
                f"({len(chat_input)} chat-input commands).",
            )
        )
    seen: set[tuple[int, str]] = set()
    for index, command in enumerate(commands):
        path = (str(index),)
        kind = int(command.get("type", CHAT_INPUT))
        key = (kind, str(command.get("name")))
        if key in seen:
            problems.append(
                (
                    (*path, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    "Application command names must be unique",
                )
            )
        seen.add(key)
        problems.extend(check_command(command, path))
    return problems


def check_command(command: Json, path: Path) -> list[Problem]:
    kind = int(command.get("type", CHAT_INPUT))
    if kind != CHAT_INPUT:
        # user / message context menus: any case and spaces, no description
        name = command.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
            reason = f"Must be between 1 and {MAX_NAME} in length."
            return [((*path, "name"), "BASE_TYPE_BAD_LENGTH", reason)]
        return []
    problems = check_named(command, path, what="Command")
    problems.extend(check_installs(command, path))
    problems.extend(check_options(command.get("options") or [], (*path, "options")))
    size = command_size(command)
    if size > MAX_COMMAND_SIZE:
        problems.append(
            (
                path,
                "APPLICATION_COMMAND_TOO_LARGE",
                f"Command exceeds maximum size ({MAX_COMMAND_SIZE}): {size} characters",
            )
        )
    return problems


INTEGRATION_TYPES = {0: "GUILD_INSTALL", 1: "USER_INSTALL"}
CONTEXT_TYPES = {0: "GUILD", 1: "BOT_DM", 2: "PRIVATE_CHANNEL"}


def check_installs(command: Json, path: Path) -> list[Problem]:
    """`integration_types` (0 guild, 1 user install) and `contexts` (0 guild, 1 the bot's DM,
    2 other DMs and group DMs): when present, non-empty arrays of known values, no repeats."""
    problems: list[Problem] = []
    for field, known in (("integration_types", INTEGRATION_TYPES), ("contexts", CONTEXT_TYPES)):
        if field not in command or command[field] is None:
            continue
        values = command[field]
        where = (*path, field)
        if not isinstance(values, list) or not values:
            problems.append((where, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 3 in length."))
            continue
        for index, value in enumerate(values):
            if isinstance(value, bool) or value not in known:
                choices = ", ".join(str(k) for k in known)
                reason = f"Value must be one of ({choices})."
                problems.append(((*where, str(index)), "BASE_TYPE_CHOICES", reason))
        if len(set(map(repr, values))) != len(values):
            problems.append((where, "BASE_TYPE_DUPLICATES", "Values must be unique."))
    return problems


def check_named(item: Json, path: Path, *, what: str) -> list[Problem]:
    """Name and description (and their localizations) of a command or option."""
    problems: list[Problem] = []
    names = [("name", item.get("name"))]
    names += [
        (f"name_localizations.{loc}", v)
        for loc, v in (item.get("name_localizations") or {}).items()
    ]
    for field, name in names:
        if not valid_chat_input_name(name):
            problems.append(
                (
                    (*path, *field.split(".")),
                    "APPLICATION_COMMAND_INVALID_NAME",
                    f"{what} name is invalid: {name!r} (1-32 lower-case letters, digits, -_')",
                )
            )
    descriptions = [("description", item.get("description"))]
    descriptions += [
        (f"description_localizations.{loc}", v)
        for loc, v in (item.get("description_localizations") or {}).items()
    ]
    for field, text in descriptions:
        if not isinstance(text, str) or not 1 <= len(text) <= MAX_DESCRIPTION:
            length = len(text) if isinstance(text, str) else 0
            problems.append(
                (
                    (*path, *field.split(".")),
                    "BASE_TYPE_BAD_LENGTH",
                    f"Must be between 1 and {MAX_DESCRIPTION} in length (got {length}).",
                )
            )
    return problems


def check_options(options: list[Json], path: Path) -> list[Problem]:
    problems: list[Problem] = []
    if len(options) > MAX_OPTIONS:
        problems.append(
            (path, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_OPTIONS} or fewer in length.")
        )
    seen_optional = False
    names: set[str] = set()
    for index, option in enumerate(options):
        here = (*path, str(index))
        kind = int(option.get("type", 0))
        problems.extend(check_named(option, here, what="Option"))
        name = str(option.get("name"))
        if name in names:
            problems.append(
                (
                    (*here, "name"),
                    "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                    f"Option name {name!r} is already used",
                )
            )
        names.add(name)
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            problems.extend(check_options(option.get("options") or [], (*here, "options")))
            continue
        if option.get("required"):
            if seen_optional:
                problems.append(
                    (
                        (*here, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
                )
        else:
            seen_optional = True
        problems.extend(check_choices(option, kind, (*here, "choices")))
    return problems


def check_choices(option: Json, kind: int, path: Path) -> list[Problem]:
    choices = option.get("choices") or []
    problems: list[Problem] = []
    if choices and option.get("autocomplete"):
        problems.append(
            (
                (*path[:-1], "autocomplete"),
                "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
                "Autocomplete cannot be set with choices",
            )
        )
    problems.extend(check_choice_list(choices, kind, path))
    return problems


def check_choice_list(choices: Any, kind: int | None, path: Path) -> list[Problem]:
    """At most 25 choices, names 1-100 chars, string values up to 100 chars (also autocomplete).

    `kind` None means "string if the value is a string" (autocomplete answers carry no type).
    """
    if not isinstance(choices, list):
        return [(path, "BASE_TYPE_ARRAY", "Must be an array.")]
    problems: list[Problem] = []
    if len(choices) > MAX_CHOICES:
        problems.append(
            (path, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CHOICES} or fewer in length.")
        )
    for index, choice in enumerate(choices):
        here = (*path, str(index))
        name = choice.get("name") if isinstance(choice, dict) else None
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_CHOICE_NAME:
            length = len(name) if isinstance(name, str) else 0
            problems.append(
                (
                    (*here, "name"),
                    "BASE_TYPE_BAD_LENGTH",
                    f"Must be between 1 and {MAX_CHOICE_NAME} in length (got {length}).",
                )
            )
        value = choice.get("value") if isinstance(choice, dict) else None
        is_string = kind == STRING or (kind is None and isinstance(value, str))
        if is_string and (not isinstance(value, str) or len(value) > MAX_CHOICE_VALUE):
            length = len(value) if isinstance(value, str) else 0
            problems.append(
                (
                    (*here, "value"),
                    "BASE_TYPE_BAD_LENGTH",
                    f"Must be {MAX_CHOICE_VALUE} or fewer in length (got {length}).",
                )
            )
    return problems


def _longest(item: Json, field: str) -> int:
    """A field counts with its longest localization, as Discord sizes commands."""
    values = [item.get(field)]
    values += list((item.get(f"{field}_localizations") or {}).values())
    return max((len(str(v)) for v in values if v is not None), default=0)


def command_size(item: Json) -> int:
    """Characters of names, descriptions, choice names and values, recursively."""
    size = _longest(item, "name") + _longest(item, "description")
    for choice in item.get("choices") or []:
        size += _longest(choice, "name") + len(str(choice.get("value", "")))
    for option in item.get("options") or []:
        size += command_size(option)
    return size


def errors_object(problems: list[Problem]) -> Json:
    """Nest (path, code, message) problems into Discord's `errors` object."""
    root: Json = {}
    for path, code, message in problems:
        node = root
        for part in path:
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return root


def describe(problem: Problem) -> str:
    path, code, message = problem
    return f"{'.'.join(path) or '(body)'}: {message} [{code}]"
