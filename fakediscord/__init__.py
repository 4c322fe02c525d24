"""A fake Discord on 127.0.0.1 for end-to-end tests of an unmodified discord.py bot."""

from fakediscord.interaction import InteractionResult
from fakediscord.records import FakeChannel, FakeGuild, FakeMessage, FakeUser
from fakediscord.server import FakeDiscord

__all__ = [
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeUser",
    "InteractionResult",
]
