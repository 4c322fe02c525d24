"""The press benchmark: requests and CPU per press, acknowledged first or in one callback."""

from __future__ import annotations

from bench import presses


async def test_a_handover_is_three_requests_acknowledged_first_and_two_in_one_callback() -> None:
    """A race's first press (it hands the turn over) through the bot in its own process, with
    and without the budget."""
    first, callback = await presses.run(tables=1, n=1, rounds=1)
    per_press = {s.title: {f.name.strip(): f.value for f in s.figures} for s in (first, callback)}
    assert per_press[first.title]["Discord requests per press"] == 3
    assert per_press[callback.title]["Discord requests per press"] == 2
    assert all(figures["bot CPU per press"] > 0 for figures in per_press.values())
