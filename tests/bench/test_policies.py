"""The policies part's Road Wolf and Apocalypse Road lines, on a tiny run."""

from __future__ import annotations

import math

from bench import policies, policies_more
from bench.figures import Section


def test_road_wolf_lines_per_mission_and_the_share_of_games_over() -> None:
    """Six players: a two-sided mission names its sides, GAUNTLET counts its six; every
    decision-time line and the share of finished games carry a verdict."""
    section = Section("policies")
    seconds = policies_more.roadwolf(section, seeds=1, missions=("BREAKOUT", "GAUNTLET"))
    names = [f.name for f in section.figures]
    assert names == [
        "Road Wolf BREAKOUT: decision p99",
        "Road Wolf GAUNTLET: decision p99",
        "Road Wolf bot vs bot: games reaching an outcome",
    ]
    assert all(f.verdict in ("PASS", "MISS") for f in section.figures)
    breakout, gauntlet, over = section.figures
    assert "Convoy " in breakout.note and "Attackers " in breakout.note and "draws" in breakout.note
    assert "wins by side 1-6 " in gauntlet.note and "shared" in gauntlet.note
    assert over.value == 1.0 and over.note.startswith("2/2 within")
    assert "6 players" in over.note and len(seconds) > 50


def test_apocalypse_road_win_rate_and_ten_player_decisions() -> None:
    section = Section("policies")
    seconds = policies.apocalypse(section, races=4, big_races=1)
    [wins] = section.figures
    assert wins.name == "Apocalypse Road: bot wins vs 3 random"
    assert wins.verdict in ("PASS", "MISS") and 0 <= wins.value <= 1
    assert wins.note.split(" ")[0].endswith("/4")
    assert seconds and not any(math.isnan(s) for s in seconds)
    assert "10 players" in section.notes[0]
