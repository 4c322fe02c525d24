"""The throughput run: the bot in its own process, mixed games, players who see only Discord."""

from __future__ import annotations

from bench import throughput
from bench.botproc import descendants, memory
from bench.players import Choice, choices, weight
from fakediscord.records import FakeMessage
from games.registry import GAMES


async def test_a_tiny_run_counts_moves_in_the_database_and_reports_targets() -> None:
    """A handful of sessions for a second: moves are counted, memory is the bot's own, the
    figures with targets have verdicts, nothing timed out and the bot stopped cleanly."""
    section = await throughput.run(
        sessions=len(GAMES) * 2, concurrency=3, duration=1.0, rate=5, render_processes=0
    )
    names = {f.name.strip(): f for f in section.figures}
    assert names["sustained moves/s (saturated)"].value > 0
    assert names["sustained moves/s (saturated)"].verdict in ("PASS", "MISS")
    assert names["ack p99"].verdict in ("PASS", "MISS")
    assert 20 < names["bot process peak RSS"].value < 1000
    assert "timeout" not in names["presses/s (saturated)"].note
    assert any("violations: 0; bot exit code 0" in n for n in section.notes)


def test_every_game_gets_tables_at_a_realistic_size() -> None:
    """Table sizes stay inside each game's range; the named ones are as documented."""
    for spec in GAMES.values():
        assert spec.min_players <= throughput.table_size(spec) <= spec.max_players
    assert throughput.table_size(GAMES["rushncrush"]) == 4


def test_players_see_buttons_and_each_option_of_a_menu() -> None:
    """Enabled buttons and every select option are choices; looking weighs little."""
    message = FakeMessage(id=1, channel_id=2, guild_id=3, author_id=4)
    message.components = [
        {"type": 1, "components": [
            {"type": 2, "custom_id": "a", "label": "Roll"},
            {"type": 2, "custom_id": "b", "label": "Show my sheet"},
            {"type": 2, "custom_id": "c", "label": "Off", "disabled": True},
        ]},
        {"type": 1, "components": [
            {"type": 3, "custom_id": "m", "options": [{"label": "x", "value": "1"},
                                                      {"label": "y", "value": "2"}]},
        ]},
    ]  # fmt: skip
    found = choices([message])
    assert [(c.custom_id, c.values) for c in found] == [
        ("a", None), ("b", None), ("m", ("1",)), ("m", ("2",))
    ]  # fmt: skip
    roll, look = found[0], found[1]
    assert weight(look, found) < weight(roll, found)
    assert weight(Choice(message, "m", "menu: x", ("1",)), found) == 0.5


def test_memory_is_read_for_a_process_and_its_children() -> None:
    """This process's memory is positive; descendants of a process are listed."""
    import os

    mine = memory(os.getpid())
    assert 0 < mine.rss <= mine.peak and mine.tree_pss > 0
    assert isinstance(descendants(os.getpid()), list)
