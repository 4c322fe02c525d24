"""What a test reads back from the fake: synced commands, messages, pings, errors."""

from __future__ import annotations

from typing import Any

from fakediscord.records import (
    DeprecatedCompletion,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
    RestCall,
)
from fakediscord.store import Store

Json = dict[str, Any]


class Observations:
    """FakeDiscord's read-back helpers (a mixin: FakeDiscord sets `store`)."""

    store: Store

    def synced_commands(self, guild: FakeGuild | int | None = None) -> list[Json]:
        if guild is None:
            return list(self.store.global_commands)
        ident = guild if isinstance(guild, int) else guild.id
        return list(self.store.guild_commands.get(ident, []))

    def channel_messages(self, channel: FakeChannel | int) -> list[FakeMessage]:
        """What everyone sees in the channel now: non-ephemeral, not deleted, oldest first."""
        return self.store.visible_in(channel if isinstance(channel, int) else channel.id)

    def all_messages(self) -> list[FakeMessage]:
        return sorted(self.store.messages.values(), key=lambda m: m.id)

    def notifications(self, user: FakeUser | int) -> list[FakeMessage]:
        """Messages whose creation pinged `user`, oldest first. A mention notifies only in a
        NEW message whose allowed_mentions permit it (absent = all users); edits (including
        completing a deferred reply) never notify. Each message keeps `notified_ids`."""
        ident = user if isinstance(user, int) else user.id
        return [m for m in self.all_messages() if ident in m.notified_ids]

    def ephemeral_leaks(self) -> list[FakeMessage]:
        """Messages the bot sent with the ephemeral flag that everyone sees anyway (the first
        followup after a public type-5 defer edits the public "thinking" message). Each is also
        a line in `violations`."""
        return [m for m in self.all_messages() if m.ephemeral_ignored]

    @property
    def deprecated_completions(self) -> list[DeprecatedCompletion]:
        """Every "thinking" defer that its first followup completed instead of a PATCH of
        @original (Discord documents that path as deprecated), oldest first; the ones that
        asked for ephemeral after a public defer have `leaked` (and are violations too).
        The test suite fails a test that causes any (tests/conftest.py)."""
        return self.store.deprecated_completions

    def rate_limit_followups(self, n: int = 1, retry_after: float = 0.05) -> None:
        """Answer the next `n` followup POSTs (/webhooks/{app}/{token}) with a 429 that
        discord.py retries after `retry_after` seconds. Each 429 is a line in `rate_limited`."""
        self.store.followup_429s = n
        self.store.retry_after = retry_after

    @property
    def rate_limited(self) -> list[str]:
        return self.store.rate_limited

    @property
    def errors(self) -> list[str]:
        """Every 4xx/5xx the REST API answered ("METHOD path: status / code message"), whether
        or not it is a violation (e.g. 404 / 10007 for a member who left, or a 429)."""
        return self.store.errors

    @property
    def requests(self) -> list[RestCall]:
        """Every API request the bot made, oldest first (the channel routes too): what one
        press cost is what was added while it was answered. An interaction's own are also
        in `InteractionResult.requests`."""
        return self.store.requests

    @property
    def violations(self) -> list[str]:
        return self.store.violations

    @property
    def unserved(self) -> list[str]:
        return self.store.unserved

    def assert_clean(self) -> None:
        problems = [f"violation: {v}" for v in self.violations]
        problems += [f"unserved: {u}" for u in self.unserved]
        if problems:
            raise AssertionError("fake Discord saw problems:\n" + "\n".join(problems))
