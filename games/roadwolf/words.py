"""Small word helpers every layer of Road Wolf shares (no imports of the game's own)."""

from __future__ import annotations


def counted(count: int, word: str) -> str:
    """`1 point`, `3 points`: a count with its noun."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def budget_words(points: int, tokens: int) -> str:
    """What a building side has left to spend, in words."""
    return f"{counted(points, 'point')} and {counted(tokens, 'token')} left"
