"""Finished games as one animated image: every board, the last held, under the size budget."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageDraw

from bench.samples import playout
from games.registry import GAMES
from render.dragrage import render_dragrage
from render.encode import drawn_image, encode_png
from render.replay import animate, animate_views, pick_evenly


def _boards(count: int, *, size: tuple[int, int] = (200, 120), noisy: bool = False) -> list[bytes]:
    boards = []
    rng = random.Random(7)
    for i in range(count):
        img = Image.new("RGB", size, (20, 24, 32))
        if noisy:  # incompressible pixels, so the budget has to bite
            img.frombytes(rng.randbytes(size[0] * size[1] * 3))
        ImageDraw.Draw(img).rectangle((i % size[0], 10, i % size[0] + 20, 40), fill=(230, 60, 40))
        out = io.BytesIO()
        img.save(out, format="PNG")
        boards.append(out.getvalue())
    return boards


def _durations(data: bytes) -> list[int]:
    with Image.open(io.BytesIO(data)) as img:
        found = []
        for i in range(img.n_frames):
            img.seek(i)
            img.load()
            found.append(img.info["duration"])
        return found


def test_every_board_is_one_frame_of_an_animated_gif() -> None:
    """Twelve boards give a looping animated GIF of twelve frames."""
    data = animate(_boards(12), frame_ms=300, hold_last_ms=3000)
    with Image.open(io.BytesIO(data)) as img:
        assert img.format == "GIF" and img.is_animated and img.n_frames == 12


def test_the_final_board_is_held_longer() -> None:
    """Each board shows for `frame_ms`, the final one for `hold_last_ms`."""
    assert _durations(animate(_boards(5), frame_ms=300, hold_last_ms=3000)) == [300] * 4 + [3000]


def test_boards_of_different_heights_share_one_frame_size() -> None:
    """A board that grows (Rush 'n' Crush) is padded, not stretched: one frame size."""
    boards = _boards(2, size=(200, 120)) + _boards(2, size=(200, 150))
    with Image.open(io.BytesIO(animate(boards))) as img:
        assert img.size == (200, 150) and img.n_frames == 4


def test_big_boards_are_scaled_into_the_box() -> None:
    """Boards wider than the box are shrunk by a whole factor, keeping their proportions."""
    with Image.open(io.BytesIO(animate(_boards(3, size=(1600, 800)), width=400))) as img:
        assert img.size == (400, 200)


def test_long_games_drop_boards_evenly_keeping_first_and_last() -> None:
    """Over `max_frames`, boards are dropped evenly; the first and the last always stay."""
    assert pick_evenly(10, 4) == [0, 3, 6, 9]
    assert pick_evenly(3, 10) == [0, 1, 2]
    with Image.open(io.BytesIO(animate(_boards(100), max_frames=20))) as img:
        assert img.n_frames == 20


def test_the_size_budget_is_respected_with_many_frames() -> None:
    """Sixty incompressible boards over a 300 KB budget still come out under it, animated."""
    data = animate(_boards(60, size=(320, 240), noisy=True), max_bytes=300_000)
    assert len(data) <= 300_000
    with Image.open(io.BytesIO(data)) as img:
        assert img.is_animated and img.n_frames >= 2


def test_a_frame_is_drawn_without_the_png_round_trip() -> None:
    """`drawn_image` gives the very image a board renderer encodes: encoded, it is the board."""
    spec = GAMES["dragrage"]
    view = spec.view(playout(spec, 2, seed=3)[5], None)
    assert encode_png(drawn_image(render_dragrage, view)) == render_dragrage(view)


def test_views_animate_as_their_boards_do() -> None:
    """`animate_views` draws each view and animates the boards as `animate` does their PNGs:
    as many frames, of one size, half the board's width."""
    spec = GAMES["dragrage"]
    views = [spec.view(state, None) for state in playout(spec, 2, seed=3)[:6]]
    pngs = [render_dragrage(view) for view in views]
    with (
        Image.open(io.BytesIO(animate_views(render_dragrage, views))) as drawn,
        Image.open(io.BytesIO(animate(pngs))) as decoded,
        Image.open(io.BytesIO(pngs[0])) as png,
    ):
        assert (drawn.n_frames, drawn.size) == (decoded.n_frames, decoded.size)
        assert drawn.width == png.width // 2
