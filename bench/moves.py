"""Server time per move for every registered game: apply + save + render + encode, one core.

Plays seeded random games through the real GameService on a SQLite file and times each move
the way the bot performs it (the render runs inline here, so the figure is the whole cost).
Also collects board sizes and, for games with private views and a sheet renderer
(`render.registry.RENDERERS[key].sheet`), the actor's sheet after each move.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bench.figures import Section, Target
from bench.stats import percentile
from bot.service import GameService, Snapshot
from games.engine import GameError, Player
from games.registry import GAMES, AnySpec
from render.registry import RENDERERS, GameRenderers
from storage import Repository

Draw = Callable[..., bytes]
KB = 1000  # the targets' "KB": decimal, the stricter reading
MOVE_P99 = Target(40)
SIZE_MEDIAN = Target(120)
SIZE_MAX = Target(400)
TRIES_PER_MOVE = 20  # legal_actions may offer representatives that apply still refuses


@dataclass
class MoveFigures:
    game: str
    move_times: list[float] = field(default_factory=list)
    apply_save_times: list[float] = field(default_factory=list)
    render_times: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    sheet_times: list[float] = field(default_factory=list)
    sheet_sizes: list[int] = field(default_factory=list)
    boards: list[bytes] = field(default_factory=list)
    sheets: list[bytes] = field(default_factory=list)
    games_played: int = 0
    games_cut: int = 0
    refusals: int = 0
    has_board: bool = True

    def typical(self, images: list[bytes]) -> bytes | None:
        """The kept image whose size is nearest the median (the encode-ratio sample)."""
        if not images:
            return None
        middle = statistics.median(len(i) for i in images)
        return min(images, key=lambda i: abs(len(i) - middle))

    def section(self) -> Section:
        section = Section(f"{self.game}: per move (apply + save + render + encode), one core")
        if not self.move_times:
            section.notes.append("no move was played (no legal action at the start?)")
            return section
        p99 = percentile(self.move_times, 99) * 1000
        section.add("per move median", statistics.median(self.move_times) * 1000, "ms")
        section.add("per move p99", p99, "ms", target=MOVE_P99)
        section.add("  apply + save median", statistics.median(self.apply_save_times) * 1000, "ms")
        section.add("  apply + save p99", percentile(self.apply_save_times, 99) * 1000, "ms")
        if self.has_board:
            section.add(
                "  render + encode median", statistics.median(self.render_times) * 1e3, "ms"
            )
            section.add("  render + encode p99", percentile(self.render_times, 99) * 1000, "ms")
            _sizes(section, "board", self.sizes)
        else:
            section.notes.append("no board renderer in render.registry: apply + save only")
        if self.sheet_sizes:
            section.add(
                "sheet render + encode median", statistics.median(self.sheet_times) * 1e3, "ms"
            )
            section.add("sheet render + encode p99", percentile(self.sheet_times, 99) * 1000, "ms")
            _sizes(section, "sheet", self.sheet_sizes, note="board targets applied to sheets")
        section.notes.append(
            f"{len(self.move_times)} moves in {self.games_played} seeded random games"
            + (f" ({self.games_cut} cut at the move cap)" if self.games_cut else "")
            + (f"; {self.refusals} offered actions refused by apply" if self.refusals else "")
        )
        return section


def _sizes(section: Section, what: str, sizes: list[int], note: str = "") -> None:
    section.add(f"{what} size median", statistics.median(sizes) / KB, "KB", target=SIZE_MEDIAN)
    section.add(f"{what} size max", max(sizes) / KB, "KB", target=SIZE_MAX, note=note)


def board_renderers(renderers: Mapping[str, GameRenderers] = RENDERERS) -> dict[str, Draw]:
    """The public board renderer of each game in `render.registry`."""
    return {key: r.board for key, r in renderers.items()}


def sheet_renderers(renderers: Mapping[str, GameRenderers] = RENDERERS) -> dict[str, Draw]:
    """The private sheet renderer of each game in `render.registry` that has one."""
    return {key: r.sheet for key, r in renderers.items() if r.sheet is not None}


async def _random_move(
    service: GameService, snap: Snapshot, rnd: random.Random, figures: MoveFigures
) -> tuple[Snapshot, int, float]:
    """A random legal move, timed; returns the new snapshot, the actor and the seconds taken."""
    for _ in range(TRIES_PER_MOVE):
        actor = rnd.choice(sorted(snap.active_players))
        action = rnd.choice(list(snap.legal_actions(actor)))
        t0 = time.perf_counter()
        try:
            new = await service.act(snap.session_id, actor, action)
        except GameError:
            figures.refusals += 1
            continue
        return new, actor, time.perf_counter() - t0
    raise RuntimeError(f"{snap.spec.key}: {TRIES_PER_MOVE} random legal actions all refused")


async def bench_game(
    spec: AnySpec,
    *,
    folder: Path,
    board: Draw | None,
    sheet: Draw | None = None,
    max_moves: int = 800,
    max_moves_per_game: int = 400,
    seed: int = 1,
) -> MoveFigures:
    """Seeded random games until `max_moves` moves were timed."""
    repo = await Repository.open(folder / f"bench-{spec.key}.sqlite3")
    seeds = iter(range(seed * 100_000, seed * 100_000 + 1_000_000))
    service = GameService(repo, {spec.key: spec}, seed_source=lambda: next(seeds))
    rnd = random.Random(seed)
    figures = MoveFigures(spec.key, has_board=board is not None)
    try:
        while len(figures.move_times) < max_moves:
            channel = 5_000 + figures.games_played
            figures.games_played += 1
            players = [Player(id=10 + i, name=f"Driver {i + 1}") for i in range(spec.min_players)]
            await service.new_session(
                guild_id=1, channel_id=channel, game_key=spec.key, host=players[0]
            )
            for p in players[1:]:
                await service.join(channel, p)
            snap = await service.start(channel, players[0].id)
            for _ in range(max_moves_per_game):
                if snap.outcome is not None or len(figures.move_times) >= max_moves:
                    break
                if not snap.active_players:  # a game stuck with nobody to act: stop, say so
                    figures.games_cut += 1
                    break
                snap, actor, apply_save = await _random_move(service, snap, rnd, figures)
                draw_time = 0.0
                if board is not None:
                    t0 = time.perf_counter()
                    image = board(snap.view(None))
                    draw_time = time.perf_counter() - t0
                    figures.sizes.append(len(image))
                    figures.render_times.append(draw_time)
                    if len(figures.sizes) % 5 == 0:
                        figures.boards.append(image)
                figures.apply_save_times.append(apply_save)
                figures.move_times.append(apply_save + draw_time)
                if sheet is not None:
                    t0 = time.perf_counter()
                    private = sheet(snap.view(actor))
                    figures.sheet_times.append(time.perf_counter() - t0)
                    figures.sheet_sizes.append(len(private))
                    if len(figures.sheet_sizes) % 5 == 0:
                        figures.sheets.append(private)
            else:
                figures.games_cut += 1
    finally:
        await repo.close()
    return figures


async def run(
    games: Mapping[str, AnySpec] | None = None,
    *,
    max_moves: int = 800,
    boards: Mapping[str, Draw] | None = None,
    sheets: Mapping[str, Draw] | None = None,
) -> list[MoveFigures]:
    games = GAMES if games is None else games
    boards = board_renderers() if boards is None else boards
    sheets = sheet_renderers() if sheets is None else sheets
    results: list[MoveFigures] = []
    with tempfile.TemporaryDirectory() as tmp:
        for key, spec in games.items():
            sheet = sheets.get(key) if spec.has_private_views else None
            results.append(
                await bench_game(
                    spec, folder=Path(tmp), board=boards.get(key), sheet=sheet, max_moves=max_moves
                )
            )
    return results


def main() -> None:
    for figures in asyncio.run(run()):
        print(figures.section().render())


if __name__ == "__main__":
    main()
