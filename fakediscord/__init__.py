"""A fake Discord on 127.0.0.1 for end-to-end tests of an unmodified discord.py bot."""

from fakediscord.interaction import InteractionResult
from fakediscord.records import (
    DeprecatedCompletion,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
)
from fakediscord.server import FakeDiscord
from fakediscord.store import deprecated_completions_in_process

__all__ = [
    "DeprecatedCompletion",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeUser",
    "InteractionResult",
    "deprecated_completions_in_process",
]
