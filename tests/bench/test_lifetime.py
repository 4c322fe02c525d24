"""The whole-game benchmark: what its probe charges CPU to, and the figures it derives."""

from __future__ import annotations

import math
import os
import sys
from types import FrameType

from bench import lifetime, moves
from bench.figures import Section
from bench.lifetime_probe import ROOT, drawing_part, part_of


def frame_in(*files: str) -> FrameType:
    """The innermost frame of a chain of calls made from code compiled as `files` (outermost
    first): the stack the probe would sample there."""
    frames: list[FrameType] = []

    def nest(level: int) -> None:
        if level == len(files):
            frames.append(sys._getframe(1))
            return
        eval(compile("nest(level + 1)", files[level], "eval"), {"nest": nest, "level": level})

    nest(0)
    return frames[0]


def project(path: str) -> str:
    return os.path.join(ROOT, path)


def test_the_loop_thread_is_charged_to_the_innermost_known_part() -> None:
    """A rules call from the core is rules; the core calling discord.py is the carrier."""
    assert part_of(frame_in(project("bot/table.py"), project("games/dragrage/rules.py"))) == "rules"
    library = os.path.join(sys.prefix, "lib", "site-packages", "discord", "http.py")
    assert part_of(frame_in(project("table/host.py"), library)) == "carrier"
    assert part_of(frame_in(project("storage/db.py"))) == "storage"
    assert part_of(frame_in("/usr/lib/python3.11/asyncio/events.py")) == "loop"


def test_anything_under_the_replay_builder_is_the_replay() -> None:
    """The replay's rules stepping counts as the replay, not as the game's moves."""
    stack = frame_in(project("table/replays.py"), project("games/rushncrush/rules.py"))
    assert part_of(stack) == "replay"


def test_drawings_are_told_apart_by_what_they_draw() -> None:
    """Public boards, private images, previews, replays and the rest each have their part."""
    assert drawing_part("board", background=False) == "board"
    assert drawing_part("sheet", background=False) == "private image"
    assert drawing_part("preview", background=False) == "preview"
    assert drawing_part("board", background=True) == "replay"
    assert drawing_part("track", background=False) == "other picture"


def test_the_rss_slope_is_megabytes_per_ten_thousand_moves() -> None:
    """1 MB more every 1,000 moves is 10 MB per 10,000; flat is 0; too few samples is n/a."""
    rising = [(m, 200 + m / 1000) for m in range(6000, 12000, 1000)]
    assert math.isclose(lifetime.slope_per_10k(rising), 10.0)
    assert math.isclose(lifetime.slope_per_10k([(m, 250.0) for m in (1, 2, 3)]), 0.0)
    assert math.isnan(lifetime.slope_per_10k([(1000, 1.0)]))


def test_the_rest_of_the_process_cpu_is_what_no_part_claims() -> None:
    """Parts no clock claims (other threads) show as the rest; the probe's own CPU apart."""
    report = {
        "process_cpu": 10.0,
        "storage_threads_cpu": 1.0,
        "sampler_cpu": 0.5,
        "cpu": {"board": 3.0, "loop:carrier": 4.0},
        "images": {"board": 7},
        "replays_done": 1,
    }
    parts = lifetime.cpu_parts(report)
    assert math.isclose(parts["rest"], 1.5)
    assert parts["images:board"] == 7


async def test_one_whole_game_reports_its_parts_replay_and_memory() -> None:
    """A 2-player Drag Rage game through the bot: every part, the replay built and counted,
    images drawn, Discord requests per press, memory with verdicts, and the bot stopped
    cleanly."""
    game, memory = await lifetime.run(moves=1, tables=1, games=["dragrage"], quick=True)
    names = {f.name.strip(): f for f in game.figures}
    assert names["bot CPU per move, whole game"].value > 0
    assert names["replay CPU per move played"].verdict in ("PASS", "MISS")
    assert names["replay CPU per move played"].note.startswith("1 replays")
    assert names[lifetime.THROUGH_THE_BOT].value >= 1
    assert "1 games" in names["bot CPU per move, whole game"].note
    assert names["Discord requests per press"].value >= 1
    assert 0 <= names["presses answered in their one callback"].value <= 100
    peak = next(f for f in memory.figures if f.name.startswith("RSS high-water"))
    assert peak.verdict in ("PASS", "MISS")
    assert any("bot exit code 0" in n for n in memory.notes)


def test_the_through_the_bot_count_goes_beside_the_per_move_figures() -> None:
    """The lifetime part's images per move are found by game key, with its table size."""
    section = Section("lifetime: Rush 'n' Crush, 6 players, whole games")
    section.add(lifetime.THROUGH_THE_BOT, 2.3, "", note="board 1.2, preview 1.1")
    found = lifetime.images_through_the_bot([section])
    assert found["rushncrush"].value == 2.3
    assert found["rushncrush"].note.startswith("6 players: ")
    shown = Section("rushncrush: per move")
    moves.beside(shown, found["rushncrush"])
    assert shown.figures[0].value == 2.3
    assert "left out" not in shown.notes[0] and "besides" in shown.notes[0]
