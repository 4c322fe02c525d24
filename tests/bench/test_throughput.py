"""The throughput run through the real bot and the fake Discord, tiny and short."""

from __future__ import annotations

from bench import throughput
from fakediscord.records import FakeAttachment, FakeMessage


async def test_a_tiny_run_counts_moves_and_reports_targets() -> None:
    """Three sessions for a fraction of a second: moves arrive, nothing is refused or lost."""
    section = await throughput.run(sessions=3, concurrency=2, duration=0.5, rate=10, warmup=0.1)
    names = {f.name.strip(): f for f in section.figures}
    assert names["sustained moves/s (saturated)"].value > 0
    assert names["ack latency p99"].target is not None
    assert any("0 refused, 0 timed out" in n for n in section.notes)
    assert any("violations: 0" in n for n in section.notes)


def test_forgetting_images_empties_the_fakes_copies() -> None:
    """A superseded board's image bytes are dropped; the message itself stays."""
    message = FakeMessage(id=1, channel_id=2, guild_id=3, author_id=4)
    message.attachments.append(FakeAttachment(5, "board.png", b"png" * 100, "http://x"))
    throughput.forget_images(message)
    assert message.files == [("board.png", b"")]


def test_rss_is_read_for_this_process() -> None:
    """Current and peak RSS are positive and peak is at least current."""
    current, peak = throughput.rss_bytes()
    assert 0 < current <= peak
