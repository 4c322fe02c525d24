"""Handing memory back to the system after big, rare work: a finished game's replay.

glibc's allocator keeps what a process freed for its own reuse, so one replay (tens of MB of
frames; hundreds before issue 31) would leave the process that much bigger for good: in the
bot itself when it draws on threads (a render worker ends after a background drawing anyway,
`runtime/render_pool.py`). `malloc_trim(0)` gives the free parts back: measured on the
process that built a 10-car Apocalypse Road replay (issue 31), RSS 150 MB after it, 79 MB once
trimmed, against 72 MB before it. Elsewhere than glibc (musl, macOS) there is nothing to call,
and nothing happens.
"""

from __future__ import annotations

import ctypes
import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return None
    trim: Callable[[int], int] | None = getattr(libc, "malloc_trim", None)
    return trim


def release_freed_memory() -> bool:
    """Give the memory this process freed back to the system; False where that cannot be
    done (not glibc)."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True


def then_release(work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`work(*args, **kwargs)`, then what it freed given back, in the process it ran in (a
    drawing worker, or the bot's own when drawing on threads). Module-level: it pickles."""
    try:
        return work(*args, **kwargs)
    finally:
        release_freed_memory()
