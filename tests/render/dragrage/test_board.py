"""The Drag Rage board: decoded and checked at known spots, never compared byte for byte."""

from __future__ import annotations

import io
import random

from PIL import Image

from games.dragrage import SPEC
from games.dragrage.state import Advance, CounterView, DragRageView, LaneView, LetsRoll
from games.engine import Player, Rng
from render.dragrage.board import render_dragrage
from render.dragrage.layout import WIDTH, board_layout, player_card_box
from render.dragrage.panel import STATUS
from render.fonts import PHONE_WIDTH, font, min_label_px, phone_px
from render.palette import DEFAULT_THEME
from render.shapes import recording_text
from tests.games.dragrage import helpers as dr

THEME = DEFAULT_THEME
ALICE, BOB = Player(id=1, name="Alice"), Player(id=2, name="Bob")


def _view(moves: int, seed: int = 4, players: tuple[Player, Player] = (ALICE, BOB)) -> DragRageView:
    state = SPEC.setup(players, SPEC.parse_options(None), Rng(seed))
    rnd = random.Random(seed)
    for step in range(moves):
        if SPEC.outcome(state) is not None:
            break
        actor = sorted(SPEC.active_players(state))[0]
        action = rnd.choice(list(SPEC.legal_actions(state, actor)))
        state = SPEC.apply(state, actor, action, Rng(step)).state
    return SPEC.view(state, None)


def _decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _all_counters_played() -> DragRageView:
    """A board where all eleven counters are down, three of them spun out."""
    view = _view(0)
    plays = ((2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12))

    def lane(base: LaneView, values: tuple[int, ...]) -> LaneView:
        counters = tuple(
            CounterView(value=v, from_space=1, to_space=1 + v, spun_out=v in (5, 10, 12))
            for v in values
        )
        data = base.model_dump() | {"counters": counters, "counters_used": len(counters)}
        return LaneView.model_validate(data)

    lanes = (lane(view.lanes[0], plays[0]), lane(view.lanes[1], plays[1]))
    return DragRageView.model_validate(view.model_dump() | {"lanes": lanes, "free_counters": ()})


def _overshoot_view() -> DragRageView:
    """Ann forced to burn the 9 from space 22 (to 31, a broken chute); Bob on 14."""
    ann = dr.lane(12, 10, 2, 11, spun=(12, 2))
    bob = dr.lane(3, 4, 6, 7, 5, 8, spun=(3, 4, 6, 7))
    state = dr.board(
        ann,
        bob,
        to_move=dr.ANN,
        challengeable=dr.last_move(dr.board(ann, bob, to_move=dr.ANN), dr.BOB),
    )
    assert SPEC.legal_actions(state, dr.ANN) == (Advance(counter=9), LetsRoll())
    return SPEC.view(dr.act(state, dr.ANN, Advance(counter=9)).state, None)


def _long_log_view() -> DragRageView:
    """Long names and a long newest log line (the old board cut it with an ellipsis)."""
    players = (
        Player(id=1, name="Bartholomew the Magnificent"),
        Player(id=2, name="Chandrasekhar Subrahmanyan"),
    )
    view = _view(12, players=players)
    last = (
        *view.last,
        "Chandrasekhar Subrahmanyan calls Let's Roll on Bartholomew the Magnificent's 11 "
        "(space 12 → 23) and the dice decide",
    )
    return DragRageView.model_validate(view.model_dump() | {"last": last})


def test_board_is_a_portrait_palette_png_for_phones() -> None:
    """640 px wide, taller than wide, palette mode, and far under the 150 KB budget mid-race."""
    data = render_dragrage(_view(9))
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "P"
    assert image.width == WIDTH and image.height > image.width
    assert len(data) < 150_000


def test_no_label_is_under_11_px_at_phone_width() -> None:
    """Every label of hard boards (overshoot, all counters, long names, race over) stays at
    least 11 px high when the board is shown 400 px wide."""
    for view in (_overshoot_view(), _all_counters_played(), _long_log_view(), _view(400)):
        with recording_text() as labels:
            image = Image.open(io.BytesIO(render_dragrage(view)))
        smallest = min(label.size for label in labels)
        assert phone_px(smallest, image.width) >= 11, (smallest, image.width)
        assert smallest >= min_label_px(image.width)


def test_track_numbers_every_space_from_1_to_26() -> None:
    """The spaces read 1 to 26 as the rules number them (no "S" for space 1)."""
    with recording_text() as labels:
        render_dragrage(_view(0))
    texts = {label.text for label in labels}
    assert {str(n) for n in range(1, 27)} <= texts
    assert "S" not in texts


def test_newest_log_line_and_statuses_are_never_cut() -> None:
    """The newest thing that happened is drawn whole (wrapped, no ellipsis); so is each status."""
    view = _long_log_view()
    with recording_text() as labels:
        render_dragrage(view)
    drawn = " ".join(label.text for label in labels)
    assert " ".join(view.last[-1].split()) in drawn
    card = player_card_box(view, 0)
    for text in STATUS.values():
        assert font(20, bold=True).getlength(text) <= card[2] - card[0] - 28, text


def test_each_car_is_drawn_in_its_players_colour_on_its_space() -> None:
    """Around the centre of each lane's car is that seat's colour."""
    view = _view(9)
    layout = board_layout(view)
    image = _decode(render_dragrage(view))
    for lane in view.lanes:
        cx, cy = layout.car(view, lane.seat, lane.position)
        colour = THEME.player(lane.seat).colour
        ring = [image.getpixel((round(cx) + dx, round(cy) + 8)) for dx in (-9, 9)]
        assert colour in ring, (lane.name, ring, colour)


def test_the_two_drivers_differ_by_colour_and_by_mark() -> None:
    """Seat 1 and seat 2 never share a colour, a shape or a mark."""
    a, b = THEME.player(0), THEME.player(1)
    assert a.colour != b.colour and a.shape != b.shape and a.mark != b.mark


def test_finish_line_is_chequered_between_space_22_and_23() -> None:
    """Across both lanes, the line between space 22 and 23 shows light and dark squares."""
    view = _view(0)
    layout = board_layout(view)
    image = _decode(render_dragrage(view))
    fy = round(layout.space_y(view, view.finish_after)[0]) - 2
    for seat in (0, 1):
        x0, x1 = layout.lane_x(seat)
        row = {image.getpixel((x, fy)) for x in range(round(x0), round(x1))}
        assert THEME.text in row and THEME.background in row


def test_last_move_is_an_accent_arrow_in_the_movers_lane() -> None:
    """Halfway between where the last move started and ended, the mover's lane shows the accent."""
    view = _view(9)
    last = view.last_move
    assert last is not None and last.to_space > last.from_space
    seat = next(ln.seat for ln in view.lanes if ln.id == last.player)
    layout = board_layout(view)
    image = _decode(render_dragrage(view))
    x = round(layout.lane_x(seat)[0] + 16)
    y_from = layout.car(view, seat, last.from_space)[1]
    y_to = layout.car(view, seat, last.to_space)[1]
    assert image.getpixel((x, round((y_from + y_to) / 2))) == THEME.accent


def test_banner_and_the_active_drivers_card_show_whose_turn() -> None:
    """The turn banner is in the accent colour, and so is the active driver's card frame only."""
    view = _view(3)
    image = _decode(render_dragrage(view))
    layout = board_layout(view)
    banner_y = layout.px(16 + 44) + layout.banner_h / 2
    assert image.getpixel((WIDTH - 20, round(banner_y))) == THEME.accent
    for lane in view.lanes:
        x0, y0, _, y1 = player_card_box(view, lane.seat)
        framed = image.getpixel((round(x0) + 1, round((y0 + y1) / 2))) == THEME.accent
        assert framed == lane.is_active, lane.name


def test_finished_race_banner_turns_green() -> None:
    """Once someone has won, the banner announces it in the 'good' colour."""
    view = _view(400)
    assert view.outcome is not None
    image = _decode(render_dragrage(view))
    layout = board_layout(view)
    assert image.getpixel((WIDTH - 20, round(layout.px(60) + layout.banner_h / 2))) == THEME.good


def test_every_board_of_many_races_stays_under_budget() -> None:
    """No board of 16 random positions exceeds 150 KB."""
    sizes = [len(render_dragrage(_view(m, seed))) for seed in range(4) for m in (0, 10, 30, 80)]
    assert max(sizes) < 150_000


def test_board_with_every_counter_played_stays_whole_and_under_budget() -> None:
    """All eleven counters down (some spun out): same width, every chip inside its card."""
    view = _all_counters_played()
    data = render_dragrage(view)
    assert Image.open(io.BytesIO(data)).width == WIDTH
    assert len(data) < 150_000
    layout = board_layout(view)
    assert layout.cards[0][3] < layout.cards[1][1]


def test_half_scale_board_is_half_size() -> None:
    """scale=0.5 gives a board half as wide and half as tall."""
    full = Image.open(io.BytesIO(render_dragrage(_view(9))))
    half = Image.open(io.BytesIO(render_dragrage(_view(9), scale=0.5)))
    assert half.width == full.width // 2 and abs(half.height - full.height / 2) <= 1


def test_overshooting_car_is_drawn_in_the_run_off_past_26() -> None:
    """A broken chute (space 31) sits in the run-off above space 26, on a vermillion block."""
    view = _overshoot_view()
    assert view.lanes[0].position == 31 and view.lanes[0].broken_chute
    layout = board_layout(view)
    image = _decode(render_dragrage(view))
    x, y = layout.car(view, 0, 31)
    assert y < layout.space_y(view, view.track_length)[0]
    ring = [image.getpixel((round(x) + dx, round(y) + 10)) for dx in (-10, 10)]
    assert THEME.player(0).colour in ring
    _, _, x1, y1 = layout.run_off(0)
    assert image.getpixel((round(x1) - 4, round(y1) - 4)) == THEME.danger
    # Bob's run-off is empty: hatched, not a vermillion block.
    _, _, bx1, by1 = layout.run_off(1)
    assert image.getpixel((round(bx1) - 4, round(by1) - 4)) != THEME.danger


def test_overshoot_still_reads_at_phone_width() -> None:
    """Shrunk to 400 px wide, the run-off block is still a solid vermillion patch."""
    view = _overshoot_view()
    image = _decode(render_dragrage(view))
    f = PHONE_WIDTH / image.width
    small = image.resize((PHONE_WIDTH, round(image.height * f)))
    _, _, x1, y1 = board_layout(view).run_off(0)
    patch = [small.getpixel((round((x1 - 14) * f) + dx, round((y1 - 8) * f))) for dx in range(3)]
    for pixel in patch:
        assert max(abs(a - b) for a, b in zip(pixel, THEME.danger, strict=True)) < 24
