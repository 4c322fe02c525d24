"""Road Wolf's mission pieces on the board, from hand-built views: DERAILED's two roads and
track, GAUNTLET's face-down cards, nobody's pieces and enemies, CHASE's BRIDGE OUT, the trait
badges and roster words."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from games.roadwolf import geometry as geo
from games.roadwolf.model import CardView, RwView, VehicleView
from render.palette import DEFAULT_THEME as THEME
from render.roadwolf import render_roadwolf_board
from render.roadwolf.adapt import scene_of
from render.roadwolf.board import board_grid
from render.roadwolf.road import TRACK_BED
from render.shapes import recording_text
from tests.render.roadwolf.views import chase, vehicle


def _with(view: RwView, **update: Any) -> RwView:
    return view.model_copy(update=update)


def _piece(v: VehicleView, **update: Any) -> VehicleView:
    return v.model_copy(update=update)


def _near(a: Any, b: tuple[int, int, int], tolerance: int = 40) -> bool:
    return bool(sum(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance)


def _labels(view: RwView, **kw: Any) -> tuple[Image.Image, str]:
    with recording_text() as labels:
        png = render_roadwolf_board(view, **kw)
    return Image.open(io.BytesIO(png)).convert("RGB"), " | ".join(t.text for t in labels)


def test_derailed_draws_two_roads_and_the_track_between_them() -> None:
    """1.3 [R]: "5" verge, road, train strip, road, 5" verge": the scene carries both roads and
    the track, and the track's ballast shows in the middle columns (11-12)."""
    view = _with(chase(active_vehicle=None), mission="DERAILED", vehicles=(), cards=(), traces=())
    scene = scene_of(view)
    assert scene.roads == (geo.LEFT_ROAD, geo.RIGHT_ROAD) and scene.track == geo.TRACK
    image, text = _labels(view)
    grid = board_grid(scene)
    y = round(grid.y(grid.first + 10.25))  # between two sleepers
    track, verge, road = (
        image.getpixel((round(grid.x(col)), y)) for col in (geo.TRACK[0] + 0.15, 2.5, 6.5)
    )
    assert _near(track, TRACK_BED) and track not in (verge, road)
    assert text.count("START") == 0 or text.count("START") == 2  # one per road when shown
    assert scene_of(chase()).track is None and scene_of(chase()).roads == ((9, 14),)


def test_a_face_down_card_is_a_card_back_never_its_kind() -> None:
    """GAUNTLET (line 213): a card not revealed yet is drawn as a back with "?"."""
    hidden = CardView(id=7, kind="clear", x=10, y=16, w=4, h=3, face_down=True)
    view = _with(chase(), cards=(hidden,))
    _, text = _labels(view, whole_road=True)
    assert "?" in text and "Clear" not in text


def test_gauntlets_last_card_is_tagged_last_face_down_or_up() -> None:
    """Line 213: Couriers may exit "ONLY after the LAST road card has been placed": that card
    carries a LAST tab, whether still face down or turned up; other cards do not."""
    last = CardView(id=7, kind="clear", x=10, y=40, w=4, h=3, face_down=True, last=True)
    shown = CardView(id=8, kind="slick", x=10, y=20, w=4, h=3, last=True)
    plain = CardView(id=9, kind="slick", x=10, y=12, w=4, h=3)
    for cards, count in (((last,), 1), ((shown, plain), 1), ((plain,), 0)):
        _, text = _labels(_with(chase(), cards=cards), whole_road=True)
        assert text.split(" | ").count("LAST") == count
    for card, tagged in ((shown, True), (plain, False)):
        view = _with(chase(), cards=(card,))
        image, _ = _labels(view, whole_road=True)
        scene = scene_of(view)
        x0, y0, _x1, _y1 = board_grid(scene, whole_road=True).box(scene.cards[0].rect)
        assert _near(image.getpixel((round(x0 + 5), round(y0 + 5))), THEME.accent) is tagged


def test_nobodys_pieces_enemies_and_mission_traits() -> None:
    """A civilian is grey (nobody's) and named in the roster under "Nobody's pieces"; a
    GAUNTLET enemy is in the danger colour; a cop, a monster and an explosive truck carry a
    badge and their word in the roster; a captured (no longer neutral) piece takes its side's
    colour."""
    base = chase(active_vehicle=None)
    civ = _piece(vehicle("M1", 0, "Sedan", 2, 16, 20), neutral=True, traits=("civilian",))
    enemy = _piece(vehicle("Z1", 1, "Buggy", 2, 5, 22), neutral=True, traits=("enemy",))
    cop = _piece(base.vehicles[4], traits=("cop",))
    monster = _piece(base.vehicles[2], traits=("monster", "heavy"))
    truck = _piece(vehicle("P", 1, "Explosive Truck", 4, 9, 12, h=4), traits=("explosive",))
    vehicles = (*base.vehicles[:2], monster, base.vehicles[3], cop, *base.vehicles[5:])
    view = _with(base, vehicles=(*vehicles, civ, enemy, truck))
    scene = scene_of(view)
    sides = {p.letter: (p.side, p.tag) for p in scene.pieces}
    assert sides["M1"] == (-1, "civilian") and sides["Z1"] == (-2, "enemy")
    assert sides["E"] == (1, "cop") and sides["C"] == (1, "monster")
    assert sides["P"] == (1, "explosive")
    image, text = _labels(view, whole_road=True)
    for word in ("Nobody's pieces", "civilian", "cop", "monster", "explosive", "\u2605"):
        assert word in text, word
    grid = board_grid(scene, whole_road=True)
    at = (round(grid.x(16.15)), round(grid.y(21.2)))  # beside the letter, under the screen
    assert _near(image.getpixel(at), THEME.muted), image.getpixel(at)
    at = (round(grid.x(5.15)), round(grid.y(23.6)))
    assert _near(image.getpixel(at), THEME.danger), image.getpixel(at)
    taken = _with(view, vehicles=(*vehicles, _piece(civ, neutral=False), enemy, truck))
    assert next(p for p in scene_of(taken).pieces if p.letter == "M1").side == 0


def test_chase_bridges_are_bridge_out() -> None:
    """CHASE: "Any BRIDGE road cards are BRIDGE OUT"; other missions keep their Bridge."""
    _, text = _labels(_with(chase(), mission="CHASE"), whole_road=True)
    assert "BRIDGE | OUT" in text
    _, text = _labels(chase(), whole_road=True)
    assert "Bridge" in text and "OUT" not in text
