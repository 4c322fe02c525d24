"""The shared toolkit: cached fonts, the palette encoder, text fitting and the shapes."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render.encode import encode_png
from render.fonts import font
from render.palette import DEFAULT_THEME as THEME
from render.shapes import chip, die_face, draw_text, fit_text, token, wrap_text


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
