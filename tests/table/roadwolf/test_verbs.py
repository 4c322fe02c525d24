"""Road Wolf's `rw:` verbs answered by the table alone (no Discord): the whole road, a
vehicle's menu, a preview, and the refusals of a panel that is not the presser's or is out of
date."""

from __future__ import annotations

import asyncio

import pytest

from games.roadwolf import SPEC
from render.roadwolf import render_roadwolf_board
from table.answers import Answer, Message, Picture, Placeholder, Press, Reworded
from table.host import Host
from table.registry import TABLES
from table.roadwolf.ids import PANEL, PREVIEW, ROAD, VEHICLE, Planned, rw_id
from table.service import NotSeated, StaleBoard
from table.snapshot import Snapshot
from tests.bot.records import started
from tests.games.roadwolf.helpers import P1, P2, Car, position

OUTSIDER = 303
RECORD = started("roadwolf", [(P1, "Ann"), (P2, "Bob")])


class _Sessions:
    """The one session the presses name (no database)."""

    def __init__(self, snap: Snapshot) -> None:
        self.snap = snap

    async def check_game(self, session_id: int, game: str, channel_id: int) -> None:
        return None

    async def by_id(self, session_id: int) -> Snapshot:
        return self.snap


def _snap() -> Snapshot:
    """Ann's coupe A on her turn, Bob's coupe N further up the road."""
    cars = [Car("A", "coupe", 10, 20, tokens=("gunner",)), Car("N", "coupe", 12, 30, side=1)]
    return Snapshot(RECORD, SPEC, position(cars))


def _press(user_id: int, custom_id: str) -> Answer:
    host = Host(_Sessions(_snap()), TABLES)  # type: ignore[arg-type]
    press = Press(user_id, "someone", RECORD.channel_id, RECORD.guild_id, custom_id)
    return asyncio.run(host.press(press))


def _ann(verb: str, payload: str = "") -> str:
    """An id on Ann's own panel (her view tag)."""
    return rw_id(_snap().for_viewer(P1), verb, payload)


def test_the_whole_road_is_drawn_privately_from_the_public_view() -> None:
    """Anyone may look (no seat needed): all 48 rows, drawn from the public view."""
    snap = _snap()
    custom_id = rw_id(snap, ROAD, version=0)
    host = Host(_Sessions(snap), TABLES)  # type: ignore[arg-type]
    assert host.placeholder(custom_id) is Placeholder.PRIVATE
    answer = _press(OUTSIDER, custom_id)
    (message,) = answer.private
    picture = message.picture
    assert picture is not None and picture.draw is render_roadwolf_board
    assert picture.viewer is None and picture.kwargs == {"whole_road": True}
    assert answer.public is None and answer.pressed is None


def test_a_vehicle_menu_redraws_only_the_words_and_buttons() -> None:
    """The panel's image stays above its new words and buttons (Move…, Brake…)."""
    answer = _press(P1, _ann(VEHICLE, "A"))
    assert isinstance(answer.pressed, Reworded) and answer.pressed.controls is not None
    labels = [b.label for b in answer.pressed.controls.buttons]
    assert "⬆ Move…" in labels and "⬇ Brake…" in labels, labels


def test_a_preview_is_drawn_from_the_pressers_own_view() -> None:
    """Tap 3 of a move: the preview picture is the presser's own sheet, with ✅ Confirm."""
    answer = _press(P1, _ann(PREVIEW, Planned("A", "move", 0, 4).code()))
    assert isinstance(answer.pressed, Message)
    picture = answer.pressed.image
    assert isinstance(picture, Picture) and picture.what == "sheet" and picture.viewer == P1
    assert picture.kwargs["preview"][0] == "A"
    assert any(b.label.startswith("✅ Confirm") for b in answer.pressed.buttons)


def test_a_panel_button_of_someone_not_playing_is_refused() -> None:
    with pytest.raises(NotSeated):
        _press(OUTSIDER, _ann(PANEL))


def test_a_panel_drawn_for_another_view_is_stale() -> None:
    """Bob presses a button of Ann's panel: his side's view is not the one it was drawn for."""
    with pytest.raises(StaleBoard) as stale:
        _press(P2, _ann(VEHICLE, "A"))
    assert stale.value.private
