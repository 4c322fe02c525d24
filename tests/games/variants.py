"""The option variants every registry-wide test plays: each game's options vary by seed.

A game's options model declares its choices (a `Literal`, a `bool`, or `examples` on the field);
seed i picks choice i mod n of every field, so 40 seeds play every mission of Road Wolf, both
tracks of Apocalypse Road, every course of Rush 'n' Crush... without a per-game list here.
"""

from __future__ import annotations

import typing
from typing import Any

from games.registry import AnySpec


def choices(spec: AnySpec) -> dict[str, tuple[Any, ...]]:
    """The declared choices of each option field that has more than one."""
    found: dict[str, tuple[Any, ...]] = {}
    for name, field in spec.options_model.model_fields.items():
        values: tuple[Any, ...] = ()
        if typing.get_origin(field.annotation) is typing.Literal:
            values = typing.get_args(field.annotation)
        elif field.annotation is bool:
            values = (False, True)
        elif field.examples:
            values = tuple(field.examples)
        if len(values) > 1:
            found[name] = values
    return found


def options_for(spec: AnySpec, seed: int) -> Any:
    """The options seed `seed` plays: the defaults for seed 0, then each field's choices in turn."""
    data = {name: values[seed % len(values)] for name, values in choices(spec).items()}
    return spec.parse_options(data if seed else None)
