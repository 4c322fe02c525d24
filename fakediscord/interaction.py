"""One injected interaction: what the fake sent, and what the bot answered (InteractionResult)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fakediscord.records import FakeMessage, RestCall

CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9


@dataclass
class InteractionRecord:
    """The fake's side of one interaction; mutated as the bot answers."""

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    label: str
    dispatched_at: float
    payload: dict[str, Any]
    clicked_message_id: int | None = None
    response_type: int | None = None
    response_data: dict[str, Any] | None = None
    ack_at: float | None = None
    callback_attempts: int = 0
    error_codes: list[int] = field(default_factory=list)
    original_message_id: int | None = None
    original_pending: bool = False
    original_touched: bool = False
    original_deleted: bool = False
    followup_ids: list[int] = field(default_factory=list)
    answers: int = 0
    """Messages this interaction answered with: the callback's own (type 4 or 7), each
    followup, the completion of a deferral (PATCH @original after type 5, the first edit of
    the clicked message after type 6)."""
    requests: list[RestCall] = field(default_factory=list)
    """Every REST request the bot made with this interaction's id or token, in order."""
    deadline_handle: asyncio.TimerHandle | None = None
    _changed: asyncio.Event = field(default_factory=asyncio.Event)

    def notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, predicate: Callable[[], bool], timeout: float, what: str) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not predicate():
            changed = self._changed
            left = end - loop.time()
            if left <= 0:
                raise AssertionError(
                    f"{self.label}: timed out after {timeout} s waiting for {what}"
                )
            try:
                await asyncio.wait_for(changed.wait(), left)
            except TimeoutError:
                continue

    def message_ids(self) -> list[int]:
        ids: list[int] = []
        original = self.original_message_id
        shows_original = self.response_type != DEFERRED_UPDATE_MESSAGE or self.original_touched
        if original is not None and shows_original and not self.original_deleted:
            ids.append(original)
        ids.extend(i for i in self.followup_ids if i not in ids)
        return ids


class InteractionResult:
    """What the bot did with one interaction, as a test sees it. Messages are live records."""

    def __init__(
        self, record: InteractionRecord, messages: Mapping[int, FakeMessage], timeout: float
    ) -> None:
        self.record = record
        self._messages = messages
        self.timeout = timeout

    def __repr__(self) -> str:
        return (
            f"<InteractionResult {self.record.label} type={self.response_type} "
            f"messages={len(self.messages)}>"
        )

    @property
    def id(self) -> int:
        return self.record.id

    async def wait_response(self, timeout: float | None = None) -> InteractionResult:
        """Wait for the bot's initial callback (accepted or refused by the fake)."""
        await self.record.wait_until(
            lambda: self.record.callback_attempts > 0,
            self.timeout if timeout is None else timeout,
            "the initial response",
        )
        return self

    async def wait_answers(self, n: int = 1, timeout: float | None = None) -> InteractionResult:
        """Wait for n answers: the callback's own message (type 4, or 7 editing the clicked
        message), a followup, or a deferral completed (PATCH @original after type 5, the
        first edit of the clicked message after type 6) each count as one. A bot may answer
        in its one callback or acknowledge first and answer after: both count the same."""
        await self.record.wait_until(
            lambda: self.record.answers >= n,
            self.timeout if timeout is None else timeout,
            f"{n} answer(s)",
        )
        return self

    wait_followups = wait_answers
    """The older name of `wait_answers` (from before a bot could answer in its callback)."""

    async def settle(self, quiet: float) -> None:
        """Return once the bot has sent nothing new for `quiet` seconds."""
        while True:
            changed = self.record._changed
            try:
                await asyncio.wait_for(changed.wait(), quiet)
            except TimeoutError:
                return

    @property
    def requests(self) -> list[RestCall]:
        """The REST requests the bot made with this interaction's id or token, in order (the
        callback, followups, edits of its messages; not the channel routes)."""
        return list(self.record.requests)

    @property
    def response_type(self) -> int | None:
        return self.record.response_type

    @property
    def responded(self) -> bool:
        return self.record.response_type is not None

    @property
    def error_codes(self) -> list[int]:
        """Discord error codes the fake answered this interaction's requests with."""
        return list(self.record.error_codes)

    @property
    def ack_latency(self) -> float | None:
        if self.record.ack_at is None:
            return None
        return self.record.ack_at - self.record.dispatched_at

    @property
    def messages(self) -> list[FakeMessage]:
        return [self._messages[i] for i in self.record.message_ids() if i in self._messages]

    @property
    def followups(self) -> list[FakeMessage]:
        return [self._messages[i] for i in self.record.followup_ids if i in self._messages]

    @property
    def message(self) -> FakeMessage:
        found = self.messages
        if not found:
            raise AssertionError(f"{self.record.label}: the bot sent no message")
        return found[0]

    @property
    def ephemeral(self) -> bool:
        return self.message.ephemeral

    @property
    def content(self) -> str:
        return self.message.content

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return self.message.files

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.message.components

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (response type 8)."""
        data = self.record.response_data or {}
        return list(data.get("choices") or [])

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened (response type 9), as sent."""
        if self.record.response_type != MODAL:
            return None
        return self.record.response_data
