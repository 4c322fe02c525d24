"""The shared toolkit: cached fonts, the palette encoder, text fitting and the shapes."""

from __future__ import annotations

import ast
import io
from pathlib import Path

from PIL import Image, ImageDraw

import render
from render.encode import encode_png
from render.fonts import font, min_label_px, phone_px
from render.palette import DEFAULT_THEME as THEME
from render.shapes import (
    Label,
    chip,
    die_face,
    draw_text,
    fit_text,
    recording_text,
    token,
    wrap_text,
)


def _decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def test_fonts_are_cached_by_weight_and_size() -> None:
    """The same (bold, size) returns the same font object; bold is a different one."""
    assert font(24) is font(24.2)
    assert font(24, bold=True) is not font(24)


def test_encoder_writes_a_palette_png_of_the_same_size() -> None:
    """Both the theme palette and the adaptive path give a mode-P PNG of the input's size."""
    img = Image.new("RGB", (64, 32), THEME.surface)
    for theme in (THEME, None):
        decoded = _decode(encode_png(img, theme=theme))
        assert decoded.format == "PNG" and decoded.mode == "P" and decoded.size == (64, 32)


def test_fit_text_cuts_long_names_with_an_ellipsis() -> None:
    """A name wider than the room ends in an ellipsis and fits; a short one is untouched."""
    fnt = font(22)
    cut = fit_text("Bartholomew the Magnificent", fnt, 120)
    assert cut.endswith("…") and fnt.getlength(cut) <= 120
    assert fit_text("Bob", fnt, 120) == "Bob"


def test_wrap_text_keeps_at_most_the_lines_asked_for() -> None:
    """Long instructions wrap onto two lines, the overflow cut with an ellipsis."""
    fnt = font(22)
    lines = wrap_text("choose a counter (2, 3, 7, 9, 10, 11) or call Let's Roll " * 3, fnt, 300)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert all(fnt.getlength(line) <= 300 for line in lines)


def test_draw_text_skips_emoji_the_font_lacks() -> None:
    """An emoji alone draws nothing rather than an empty box."""
    img = Image.new("RGB", (80, 80), THEME.background)
    draw_text(ImageDraw.Draw(img), (40, 40), "🎲", fnt=font(40), fill=THEME.text)
    assert img.getcolors() == [(80 * 80, THEME.background)]


def test_die_face_puts_pips_where_a_five_has_them() -> None:
    """A five has a centre pip and corner pips, and no pip in the middle of an edge."""
    img = Image.new("RGB", (100, 100), THEME.background)
    die_face(
        ImageDraw.Draw(img), (0, 0, 100, 100), 5,
        fill=THEME.die, ink=THEME.die_ink, outline=THEME.line,
    )  # fmt: skip
    assert img.getpixel((50, 50)) == THEME.die_ink
    assert img.getpixel((23, 23)) == THEME.die_ink
    assert img.getpixel((23, 50)) == THEME.die


def test_struck_chip_keeps_its_number_on_top_of_the_cross() -> None:
    """A spun-out chip shows the cross colour and still the number's ink at its centre."""
    img = Image.new("RGB", (60, 60), THEME.background)
    chip(
        ImageDraw.Draw(img), (0, 0, 60, 60), "8", fill=THEME.surface, ink=THEME.text,
        fnt=font(30, bold=True), struck=THEME.danger,
    )  # fmt: skip
    assert img.getpixel((10, 10)) == THEME.danger
    colours = {colour for _, colour in img.crop((24, 20, 36, 40)).getcolors(4096) or []}
    assert THEME.text in colours


def test_tokens_differ_by_shape_not_only_colour() -> None:
    """Seat 1's circle leaves its bounding-box corner empty; seat 2's square fills it."""
    corners = []
    for seat in (0, 1):
        style = THEME.player(seat)
        img = Image.new("RGB", (60, 60), THEME.background)
        token(
            ImageDraw.Draw(img), (30, 30), 25, shape=style.shape, fill=style.colour,
            outline=style.colour,
        )  # fmt: skip
        corners.append(img.getpixel((10, 10)))
    assert corners[0] == THEME.background and corners[1] == THEME.player(1).colour
    assert THEME.player(0).mark != THEME.player(1).mark


def test_recording_text_sees_every_label_drawn_and_only_inside_the_block() -> None:
    """Labels drawn by draw_text and by the shapes (token marks, chips) are recorded with their
    font size while recording; blank text and drawing outside the block are not."""
    img = Image.new("RGB", (120, 60), THEME.background)
    draw = ImageDraw.Draw(img)
    with recording_text() as labels:
        draw_text(draw, (20, 20), "Hi", fnt=font(20), fill=THEME.text)
        draw_text(draw, (20, 20), "  ", fnt=font(30), fill=THEME.text)
        chip(draw, (40, 0, 80, 40), "7", fill=THEME.surface, ink=THEME.text, fnt=font(24))
        style = THEME.player(0)
        token(draw, (100, 30), 15, shape=style.shape, fill=style.colour, outline=THEME.text,
              mark=style.mark, fnt=font(18))  # fmt: skip
    draw_text(draw, (20, 40), "after", fnt=font(8), fill=THEME.text)
    assert labels == [Label("Hi", 20), Label("7", 24), Label(style.mark, 18)]


def test_every_renderer_draws_text_through_draw_text() -> None:
    """No module under render/ calls ImageDraw.text itself (only shapes.draw_text does), so the
    legibility tests see every label of every game, including games added later."""
    offenders = []
    for path in sorted(Path(render.__file__).parent.rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        allowed: set[int] = set()
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.FunctionDef)
                and node.name == "draw_text"
                and path.name == "shapes.py"
            ):
                allowed |= {id(inner) for inner in ast.walk(node)}
        for node in ast.walk(tree):
            is_text = (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("text", "multiline_text")
            )
            if is_text and id(node) not in allowed:
                offenders.append(f"{path.relative_to(Path(render.__file__).parent)}:{node.lineno}")
    assert not offenders, f"draw text with render.shapes.draw_text: {offenders}"


def test_min_label_px_keeps_11_px_at_phone_width() -> None:
    """A 640 px image needs 18 px text, a 680 px one 19 px, a 400 px one 11 px."""
    assert [min_label_px(w) for w in (400, 640, 680, 1280)] == [11, 18, 19, 36]
    assert phone_px(min_label_px(1000), 1000) >= 11


def test_pentagon_tokens_fill_their_top_corner_but_not_the_box_corner() -> None:
    """The sixth seat's pentagon has a vertex straight up and an empty bounding-box corner."""
    img = Image.new("RGB", (60, 60), THEME.background)
    token(ImageDraw.Draw(img), (30, 30), 25, shape="pentagon", fill=THEME.accent,
          outline=THEME.accent)  # fmt: skip
    assert img.getpixel((30, 8)) == THEME.accent
    assert img.getpixel((8, 8)) == THEME.background
