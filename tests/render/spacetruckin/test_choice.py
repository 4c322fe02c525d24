"""The first decision on a Space Truckin' sheet: captains with their powers, trucks drawn small."""

from __future__ import annotations

import io

from PIL import Image

from games.engine import LoadedDice
from games.spacetruckin import SPEC
from games.spacetruckin.data import SPECIALTY_EFFECTS, TRUCKS
from games.spacetruckin.models import (
    PickSpecialty,
    PickTruck,
    SpaceTruckinOptions,
    SpaceTruckinState,
)
from render.fonts import min_label_px
from render.shapes import recording_text
from render.spacetruckin import render_spacetruckin_sheet
from render.spacetruckin.sheet import sheet_layout
from tests.games.spacetruckin.helpers import players

P1 = 100
BUDGET = 150_000


def _captain_stage() -> SpaceTruckinState:
    """Two truckers; P1 rolled 5 and 6 for the specialty (Smuggler or Physicist)."""
    return SPEC.setup(players(2), SpaceTruckinOptions(), LoadedDice([5, 6, 2, 2]))


def _drawn(state: SpaceTruckinState) -> tuple[Image.Image, list[str], int]:
    with recording_text() as labels:
        data = render_spacetruckin_sheet(SPEC.view(state, P1))
    img = Image.open(io.BytesIO(data))
    assert min(label.size for label in labels) >= min_label_px(img.width)
    return img, [label.text for label in labels], len(data)


def test_captain_stage_lists_every_offered_captain_with_its_power_and_every_truck() -> None:
    """Both rolled captains are named with their power; all four trucks are named."""
    view = SPEC.view(_captain_stage(), P1)
    assert view.sheet is not None and view.sheet.specialty_dice == (5, 6)
    _, texts, _ = _drawn(_captain_stage())
    text = " ".join(texts)
    for captain in ("Smuggler", "Physicist"):
        assert captain in texts
        assert SPECIALTY_EFFECTS[captain] in text, captain
    assert "Cartographer" not in text, "a captain not rolled is not offered"
    for truck in TRUCKS:
        assert truck in texts, truck


def test_captain_stage_draws_the_blueprint_marks_and_their_legend() -> None:
    """Each small blueprint marks its Bridge and required grids; a legend names them."""
    _, texts, _ = _drawn(_captain_stage())
    assert texts.count("B") >= 2 * len(TRUCKS) and "W" in texts and "E" in texts
    assert {"bridge", "Engine must cover", "Weapons must cover"} <= set(texts)


def test_captain_stage_sheet_is_phone_readable_and_small() -> None:
    """The choice sheet is at least 600 px wide, under the budget, and no label is cut."""
    img, texts, size = _drawn(_captain_stage())
    assert img.width >= 600 and size < BUDGET
    assert not [t for t in texts if t.endswith("…")]


def test_a_chosen_truck_leaves_only_the_captains_to_choose() -> None:
    """After picking a truck the small blueprints go; the truck's own grid and the captains stay."""
    state = SPEC.apply(_captain_stage(), P1, PickTruck(truck="Mauler"), LoadedDice([])).state
    layout = sheet_layout(SPEC.view(state, P1))
    assert layout.choice_top is not None and layout.grid is not None
    _, texts, _ = _drawn(state)
    assert "Smuggler" in texts and not {"Sparrowhawk", "Countess", "Hammerhead"} & set(texts)


def test_no_choice_once_both_are_chosen() -> None:
    """With captain and truck chosen the sheet draws no choice section."""
    state = SPEC.apply(_captain_stage(), P1, PickTruck(truck="Mauler"), LoadedDice([])).state
    state = SPEC.apply(state, P1, PickSpecialty(specialty="Smuggler"), LoadedDice([])).state
    assert sheet_layout(SPEC.view(state, P1)).choice_top is None
