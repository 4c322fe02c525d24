"""Space Truckin's own verbs and typed moves, asked of the table directly (no Discord): what a
first step of a choice redraws, who may press it, and what a typed placement shows."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from games.engine import Player
from games.registry import GAMES
from games.spacetruckin.models import Place
from games.spacetruckin.policy import choose
from storage import Repository
from table.answers import Message, Press, Reworded
from table.host import Host
from table.registry import TABLES
from table.service import GameService, NotSeated, Snapshot, StaleBoard
from table.spacetruckin import ids, typed

CHANNEL = 7
TRUCKER = Player(id=1, name="Trucker")
STRANGER = 99


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    repo = await Repository.open(tmp_path / "table.sqlite3")
    seeds = itertools.count(15)
    yield Host(GameService(repo, GAMES, seed_source=lambda: next(seeds)), TABLES)
    await repo.close()


async def at_stage(host: Host, stage: str) -> Snapshot:
    """A solo game played by the policy until the trucker's sheet is at `stage`."""
    service = host.service
    await service.new_session(guild_id=1, channel_id=CHANNEL, game_key="spacetruckin", host=TRUCKER)
    snap = await service.start(CHANNEL, TRUCKER.id)
    for _ in range(300):
        sheet = snap.view(TRUCKER.id).sheet
        if sheet is not None and sheet.stage == stage and TRUCKER.id in snap.active_players:
            return snap.for_viewer(TRUCKER.id)
        snap = await service.act(snap.session_id, TRUCKER.id, choose(snap.state, TRUCKER.id))
    raise AssertionError(f"the sheet never reached {stage!r}")


def press(custom_id: str, user_id: int = TRUCKER.id, *values: str) -> Press:
    return Press(user_id, "someone", CHANNEL, 1, custom_id, values)


def step_id(sheet: Message, verb: str) -> str:
    return next(
        cid
        for cid in (b.custom_id for b in sheet.buttons)
        if cid.startswith(f"{ids.StId.PREFIX}:{verb}:")
    )


async def test_a_first_box_rewords_the_sheet_and_keeps_its_picture(host: Host) -> None:
    """Tapping die 1's box changes only the words and buttons: die 2's boxes, each a move."""
    snap = await at_stage(host, "fill")
    sheet = host.sheet(snap, TRUCKER.id)
    answer = await host.press(press(step_id(sheet, ids.FIRST_BOX)))
    assert isinstance(answer.pressed, Reworded) and answer.pressed.controls is not None
    assert "now the box for die 2" in answer.pressed.content
    moves = [b for b in answer.pressed.controls.buttons if b.custom_id.startswith("rl:a:")]
    assert moves and not answer.private and answer.public is None


async def test_someone_else_cannot_press_a_sheet(host: Host) -> None:
    """A first step pressed by someone who plays no seat is refused, not redrawn."""
    snap = await at_stage(host, "fill")
    first = step_id(host.sheet(snap, TRUCKER.id), ids.FIRST_BOX)
    with pytest.raises(NotSeated):
        await host.press(press(first, STRANGER))


async def test_a_step_of_an_older_sheet_is_stale(host: Host) -> None:
    """Once the sheet moved on, its first steps show the current sheet instead (privately)."""
    snap = await at_stage(host, "fill")
    first = step_id(host.sheet(snap, TRUCKER.id), ids.FIRST_BOX)
    await host.service.act(snap.session_id, TRUCKER.id, choose(snap.state, TRUCKER.id))
    with pytest.raises(StaleBoard) as stale:
        await host.press(press(first))
    assert stale.value.private


async def test_a_typed_placement_previews_on_the_own_sheet(host: Host) -> None:
    """`/spacetruckin place` answers privately: the sheet drawn from the trucker's own view with
    the piece where it would go, and a button to confirm it."""
    snap = await at_stage(host, "place")
    (spot, _), *_ = await typed.place_spots(host, TRUCKER.id, CHANNEL, "")
    answer = await typed.preview(host, TRUCKER.id, CHANNEL, spot)
    (shown,) = answer.private
    assert shown.picture is not None and shown.picture.viewer == TRUCKER.id
    assert isinstance(shown.picture.kwargs["preview"], Place)
    assert any(b.label.startswith("✅ Place at") for b in shown.buttons)
    assert answer.public is None and answer.saved is None
    assert snap.version == (await host.service.by_id(snap.session_id)).version


async def test_a_spectator_is_offered_no_placements(host: Host) -> None:
    """The list that completes `/spacetruckin place` holds only the asker's own moves."""
    await at_stage(host, "place")
    assert await typed.place_spots(host, TRUCKER.id, CHANNEL, "")
    assert await typed.place_spots(host, STRANGER, CHANNEL, "") == []
