"""Server time per move for every registered game at its maximum player count, every image the
move draws included: apply + save + board + the mover's sheet + previews, on one core.

Plays seeded random games through the real GameService on a SQLite file and, after each move,
draws what `bot.table.Table.play` draws for it: the public board (in games with private sheets
only when the step moved on, the game ended or the table is told something, as the bot does),
the mover's own sheet (games with private views), and the game's `move_extras` (previews the
player looked at before moving, `render/extras.py`). The render runs inline, so the figure is
the whole server cost of the move. Iterates `games.registry.GAMES`: a game that registers is
measured without a change here.

Not every image a move draws through the bot (`LEFT_OUT` says which are not); the whole-game
part (`bench/lifetime.py`) counts those by kind, and `python -m bench` prints its count beside
this part's (`beside`).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.figures import Figure, Section, Target
from bench.stats import percentile
from games.engine import GameError, Player
from games.registry import GAMES, AnySpec
from render.layers import LAYERS
from render.registry import RENDERERS, GameRenderers
from render.textcache import CACHE
from storage import Repository
from table.service import GameService, Snapshot

KB = 1000  # the targets' "KB": decimal, the stricter reading
MOVE_P99 = Target(40)
SIZE_MEDIAN = Target(120)
SIZE_MAX = Target(400)
TRIES_PER_MOVE = 20  # legal_actions may offer representatives that apply still refuses
VARIANTS: dict[str, tuple[dict[str, str], ...]] = {
    "roadwolf": ({"mission": "DERAILED"},),  # two roads and the train: the largest board
}
"""Session options measured besides each game's defaults (set as `/game option` sets them)."""


@dataclass
class MoveFigures:
    game: str
    players: int = 0
    move_times: list[float] = field(default_factory=list)
    cpu_times: list[float] = field(default_factory=list)  # process CPU of the same moves
    apply_save_times: list[float] = field(default_factory=list)
    draw_times: list[float] = field(default_factory=list)
    images_per_move: list[int] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)  # boards
    sheet_sizes: list[int] = field(default_factory=list)
    extra_sizes: dict[str, list[int]] = field(default_factory=dict)
    boards: list[bytes] = field(default_factory=list)
    sheets: list[bytes] = field(default_factory=list)
    games_played: int = 0
    games_cut: int = 0
    refusals: int = 0
    has_board: bool = True

    def typical(self, images: list[bytes]) -> bytes | None:
        """The kept image whose size is nearest the median (the encode sample)."""
        if not images:
            return None
        middle = statistics.median(len(i) for i in images)
        return min(images, key=lambda i: abs(len(i) - middle))

    def section(self) -> Section:
        section = Section(
            f"{self.game}: per move at {self.players} players, every image it draws, one core"
        )
        if not self.move_times:
            section.notes.append("no move was played (no legal action at the start?)")
            return section
        ms = 1000
        section.add("per move median", statistics.median(self.move_times) * ms, "ms")
        section.add("per move p99", percentile(self.move_times, 99) * ms, "ms", target=MOVE_P99)
        section.add("per move max", max(self.move_times) * ms, "ms")
        section.add(
            "  per move p99, CPU time",
            percentile(self.cpu_times, 99) * ms,
            "ms",
            note=f"median {statistics.median(self.cpu_times) * ms:.1f} ms: the process's CPU "
            "(all threads), without waits for the core or the disk; the verdict is on wall time",
        )
        section.add("  apply + save median", statistics.median(self.apply_save_times) * ms, "ms")
        section.add("  drawing + encoding median", statistics.median(self.draw_times) * ms, "ms")
        section.add("  drawing + encoding p99", percentile(self.draw_times, 99) * ms, "ms")
        section.add(
            "  images per move (mean)",
            statistics.mean(self.images_per_move),
            "",
            note=self._image_mix(),
        )
        if self.sizes:
            section.add(
                "board size median", statistics.median(self.sizes) / KB, "KB", target=SIZE_MEDIAN
            )
            section.add("board size max", max(self.sizes) / KB, "KB", target=SIZE_MAX)
        else:
            section.notes.append("no board renderer in render.registry: apply + save only")
        if self.sheet_sizes:
            section.add("sheet size median", statistics.median(self.sheet_sizes) / KB, "KB",
                        target=SIZE_MEDIAN)  # fmt: skip
            section.add("sheet size max", max(self.sheet_sizes) / KB, "KB", target=SIZE_MAX)
        for name, sizes in self.extra_sizes.items():
            section.add(f"{name} size median", statistics.median(sizes) / KB, "KB")
        section.notes.append(
            f"{len(self.move_times)} moves in {self.games_played} seeded random games of "
            f"{self.players} players"
            + (f" ({self.games_cut} cut at the move cap)" if self.games_cut else "")
            + (f"; {self.refusals} offered actions refused by apply" if self.refusals else "")
        )
        return section

    def _image_mix(self) -> str:
        moves = len(self.move_times)
        parts = [f"board on {len(self.sizes)} of {moves} moves"]
        if self.sheet_sizes:
            parts.append(f"mover's sheet on {len(self.sheet_sizes)}")
        parts += [f"{name} on {len(sizes)}" for name, sizes in self.extra_sizes.items()]
        return ", ".join(parts)


def _board_due(snap: Snapshot) -> bool:
    """Whether `Table.play` posts a new public board after this move."""
    if not snap.spec.has_private_views:
        return True
    return bool(snap.step_advanced or snap.outcome is not None or snap.notice)


async def _random_move(
    service: GameService, snap: Snapshot, rnd: random.Random, figures: MoveFigures
) -> tuple[Snapshot, int, Any, float]:
    """A random legal move, timed: the new snapshot, the actor, the action, seconds taken."""
    for _ in range(TRIES_PER_MOVE):
        actor = rnd.choice(sorted(snap.active_players))
        action = rnd.choice(list(snap.legal_actions(actor)))
        t0 = time.perf_counter()
        try:
            new = await service.act(snap.session_id, actor, action)
        except GameError:
            figures.refusals += 1
            continue
        return new, actor, action, time.perf_counter() - t0
    raise RuntimeError(f"{snap.spec.key}: {TRIES_PER_MOVE} random legal actions all refused")


def _draw_move(
    renderers: GameRenderers, before: Snapshot, after: Snapshot, actor: int, action: Any,
    figures: MoveFigures,
) -> float:  # fmt: skip
    """Draw every image the bot draws for this move; returns the seconds it took."""
    t0 = time.perf_counter()
    images = 0
    extras = (
        renderers.move_extras(before.state, actor, action)
        if renderers.move_extras is not None
        else {}
    )
    for name, image in extras.items():
        figures.extra_sizes.setdefault(name, []).append(len(image))
        images += 1
    if after.spec.has_private_views and renderers.sheet is not None and after.state is not None:
        sheet = renderers.sheet(after.view(actor))
        figures.sheet_sizes.append(len(sheet))
        images += 1
        if len(figures.sheet_sizes) % 5 == 0:
            figures.sheets.append(sheet)
    if _board_due(after):
        board = renderers.board(after.view(None))
        figures.sizes.append(len(board))
        images += 1
        if len(figures.sizes) % 5 == 0:
            figures.boards.append(board)
    figures.images_per_move.append(images)
    return time.perf_counter() - t0


async def bench_game(
    spec: AnySpec,
    *,
    folder: Path,
    renderers: GameRenderers | None,
    players: int | None = None,
    max_moves: int = 800,
    max_moves_per_game: int = 400,
    seed: int = 1,
    options: Mapping[str, str] | None = None,
) -> MoveFigures:
    """Seeded random games of `players` (default: the game's maximum) until `max_moves`, with
    the session `options` (default: the game's defaults)."""
    count = spec.max_players if players is None else players
    name = " ".join([spec.key, *(options or {}).values()])
    repo = await Repository.open(folder / f"bench-{name.replace(' ', '-')}.sqlite3")
    seeds = iter(range(seed * 100_000, seed * 100_000 + 1_000_000))
    service = GameService(repo, {spec.key: spec}, seed_source=lambda: next(seeds))
    rnd = random.Random(seed)
    figures = MoveFigures(name, players=count, has_board=renderers is not None)
    try:
        while len(figures.move_times) < max_moves:
            channel = 5_000 + figures.games_played
            figures.games_played += 1
            seated = [Player(id=10 + i, name=f"Driver {i + 1}") for i in range(count)]
            await service.new_session(
                guild_id=1, channel_id=channel, game_key=spec.key, host=seated[0]
            )
            for option, value in (options or {}).items():
                await service.set_option(channel, seated[0].id, option, value)
            for p in seated[1:]:
                await service.join(channel, p)
            snap = await service.start(channel, seated[0].id)
            for _ in range(max_moves_per_game):
                if snap.outcome is not None or len(figures.move_times) >= max_moves:
                    break
                if not snap.active_players:  # a game stuck with nobody to act: stop, say so
                    figures.games_cut += 1
                    break
                before = snap
                cpu0 = time.process_time()
                snap, actor, action, apply_save = await _random_move(service, snap, rnd, figures)
                drawn = 0.0
                if renderers is not None:
                    drawn = _draw_move(renderers, before, snap, actor, action, figures)
                else:
                    figures.images_per_move.append(0)
                figures.draw_times.append(drawn)
                figures.apply_save_times.append(apply_save)
                figures.move_times.append(apply_save + drawn)
                figures.cpu_times.append(time.process_time() - cpu0)
            else:
                figures.games_cut += 1
    finally:
        await repo.close()
    return figures


async def run(
    games: Mapping[str, AnySpec] | None = None,
    *,
    max_moves: int = 800,
    renderers: Mapping[str, GameRenderers] | None = None,
) -> list[MoveFigures]:
    games = GAMES if games is None else games
    renderers = RENDERERS if renderers is None else renderers
    results: list[MoveFigures] = []
    with tempfile.TemporaryDirectory() as tmp:
        for key, spec in games.items():
            for options in ({}, *VARIANTS.get(key, ())):
                results.append(
                    await bench_game(
                        spec,
                        folder=Path(tmp),
                        renderers=renderers.get(key),
                        max_moves=max_moves,
                        options=options,
                    )
                )
    return results


LEFT_OUT = (
    "what the bot draws besides (measured by the lifetime part, by kind): the private "
    "images of players other than the mover whose private view the move changed (their "
    "sheets, hands and panels redrawn in place), previews beyond one a move (a builder's "
    "every step, each result looked at before choosing), boards drawn again for one move (a "
    "turn message redrawn in place, the current board answered privately to a stale press) "
    "and pictures asked for (the whole track, course or road; dice)"
)


def beside(section: Section, through_bot: Figure | None) -> None:
    """Say what this part leaves out, and the lifetime part's count beside it when it ran."""
    section.notes.append(f"images per move here: the board, the mover's sheet and `move_extras`; "
                         f"{LEFT_OUT}")  # fmt: skip
    if through_bot is not None:
        section.add(f"  {through_bot.name} (lifetime part)", through_bot.value, "",
                    note=through_bot.note)  # fmt: skip


def cache_note() -> str:
    stats, layers = CACHE.stats(), LAYERS.stats()
    return (
        f"text-mask cache: {stats.entries:,} masks, {stats.bytes / 1e6:.1f} MB, "
        f"{stats.hit_rate:.0%} of {stats.hits + stats.misses:,} labels from the cache; "
        f"static layers: {layers.entries:,} held, {layers.bytes / 1e6:.1f} MB, "
        f"{layers.hit_rate:.0%} of {layers.hits + layers.misses:,} pasted from the cache"
    )


def main() -> None:
    for figures in asyncio.run(run()):
        print(figures.section().render())
    print(cache_note())


if __name__ == "__main__":
    main()
