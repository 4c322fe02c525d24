"""Session options, read off each game's pydantic options model: names, choices, parsing."""

from __future__ import annotations

import json
import typing
from typing import Any

from pydantic import BaseModel, ValidationError


class OptionError(ValueError):
    """A refused option; the message is safe to show a player."""


def option_names(model: type[BaseModel]) -> list[str]:
    return list(model.model_fields)


def option_choices(model: type[BaseModel], name: str) -> list[str]:
    """The values a field takes, when it has a short list (Literal, bool); else []."""
    field = model.model_fields.get(name)
    if field is None:
        return []
    annotation = field.annotation
    if annotation is bool:
        return ["true", "false"]
    if typing.get_origin(annotation) is typing.Literal:
        return [str(v) for v in typing.get_args(annotation)]
    return [str(v) for v in field.examples or ()]


def option_help(model: type[BaseModel], name: str) -> str:
    field = model.model_fields[name]
    choices = option_choices(model, name)
    described = field.description or ""
    if choices:
        return f"{name}: one of {', '.join(choices)}" + (f" ({described})" if described else "")
    return f"{name}: {described}" if described else name


def with_option(model: type[BaseModel], current_json: str, name: str, raw: str) -> BaseModel:
    """The options with `name` set to `raw` (JSON-ish: 3, true, "loop"); refusals explain."""
    if name not in model.model_fields:
        known = ", ".join(option_names(model)) or "none"
        raise OptionError(f"no option `{name}` in this game; options: {known}")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    data = json.loads(current_json)
    data[name] = value
    try:
        return model.model_validate(data)
    except ValidationError:
        raise OptionError(f"`{raw}` does not fit; {option_help(model, name)}") from None


def describe_options(model: type[BaseModel], options_json: str) -> str:
    """The options in words: `course: normal · one rush per round: no`."""
    data = json.loads(options_json)
    words = []
    for name, value in data.items():
        shown = "yes" if value is True else "no" if value is False else str(value)
        words.append(f"{name.replace('_', ' ')}: **{shown}**")
    return " · ".join(words)
