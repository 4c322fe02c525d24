"""The strings a view holds: what the hidden-information checks look for in what is shown."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def leaves(value: Any) -> Iterator[str]:
    """Every string leaf of a JSON-like value (a view's `model_dump(mode="json")`)."""
    if isinstance(value, dict):
        for item in value.values():
            yield from leaves(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from leaves(item)
    elif isinstance(value, str):
        yield value
