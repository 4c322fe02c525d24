"""Space Truckin's own verbs and typed moves, asked of the table directly (no Discord): what a
first step of a choice redraws, who may press it, and what a typed placement shows."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from games.engine import Player
from games.registry import GAMES
from games.spacetruckin import whole_builds
from games.spacetruckin.models import Accept, Place, Sheet, SpaceTruckinState
from games.spacetruckin.policy import choose
from storage import Repository
from table.answers import Message, Press
from table.host import Host
from table.registry import TABLES
from table.service import GameService, NotSeated, Snapshot, StaleBoard
from table.spacetruckin import ids, typed, yard
from tests.games.spacetruckin.helpers import CHART, at_location, built_sheet

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


async def at_tweak(host: Host) -> Snapshot:
    """A built Sparrowhawk (a pip a system) with its challenge boxes full: 7 tweaks a box."""
    state = at_location(built_sheet(TRUCKER.id, "Sparrowhawk", "Grizzled"), location=1,
                        boxes=(3, 4, 5, 2, 1, 6, 2, 3))  # fmt: skip
    return await injected(host, state)


async def injected(host: Host, state: SpaceTruckinState) -> Snapshot:
    """The trucker's game put in `state` (seated as in the game) through the repository."""
    snap = await at_stage(host, "pick")
    data = state.model_dump(mode="json") | {"players": [TRUCKER.model_dump()]}
    await host.service.repo.record_move(
        snap.session_id,
        expected_version=snap.version,
        actor=TRUCKER.id,
        action_json=snap.spec.dump_action(Accept()),
        events_json="[]",
        state_json=json.dumps(data),
    )
    return (await host.service.by_id(snap.session_id)).for_viewer(TRUCKER.id)


def press(custom_id: str, user_id: int = TRUCKER.id, *values: str) -> Press:
    return Press(user_id, "someone", CHANNEL, 1, custom_id, values)


def first_spot(sheet: Message) -> tuple[str, str]:
    """The custom_id of the sheet's first spot menu and its first option's value."""
    menu = next(
        m for m in sheet.selects if m.custom_id.startswith(f"{ids.StId.PREFIX}:{ids.SPOT}:")
    )
    return menu.custom_id, menu.options[0][1]


async def test_a_spot_previews_the_whole_system_with_its_pips(host: Host) -> None:
    """Choosing where a build goes redraws the sheet with the piece drawn there and a button
    per grid its pip may take, each the whole system in one move."""
    snap = await at_stage(host, "pick")
    menu, spot = first_spot(host.sheet(snap, TRUCKER.id))
    answer = await host.press(press(menu, TRUCKER.id, spot))
    assert isinstance(answer.pressed, Message) and answer.pressed.picture is not None
    assert answer.pressed.picture.kwargs["preview"]
    pips = [b for b in answer.pressed.buttons if b.custom_id.startswith(f"st:{ids.WHOLE}:")]
    assert pips and all(b.label.startswith("✅ Pip on") for b in pips)
    assert not answer.private and answer.public is None and answer.saved is None


async def test_a_pip_button_builds_the_whole_system(host: Host) -> None:
    """The preview's pip button is one move: a new system with its pip, and new dice."""
    snap = await at_stage(host, "pick")
    menu, spot = first_spot(host.sheet(snap, TRUCKER.id))
    preview = (await host.press(press(menu, TRUCKER.id, spot))).pressed
    assert isinstance(preview, Message)
    pip = next(b for b in preview.buttons if b.custom_id.startswith(f"st:{ids.WHOLE}:"))
    answer = await host.press(press(pip.custom_id))
    assert answer.saved is not None and answer.saved.version == snap.version + 1
    sheet = answer.saved.view(TRUCKER.id).sheet
    assert sheet is not None and len(sheet.pieces) == 1 and sheet.stage == "pick"


async def test_a_fill_menu_writes_both_dice_in_one_move(host: Host) -> None:
    """One choice in a fill menu puts die 1 and die 2 in their boxes."""
    snap = await at_stage(host, "fill")
    menu = next(m for m in host.sheet(snap, TRUCKER.id).selects if f":{ids.FILL}:" in m.custom_id)
    answer = await host.press(press(menu.custom_id, TRUCKER.id, menu.options[0][1]))
    assert answer.saved is not None
    boxes = answer.saved.view(TRUCKER.id).sheet.boxes  # type: ignore[union-attr]
    assert sum(b.value is not None for b in boxes) == 2


async def test_a_tweak_menu_rerolls_or_flips_in_one_move(host: Host) -> None:
    """One choice in a tweak menu names the box, reroll or flip, and the pip that pays."""
    snap = await at_tweak(host)
    menu = next(m for m in host.sheet(snap, TRUCKER.id).selects if f":{ids.TWEAK}:" in m.custom_id)
    label, value, _ = menu.options[0]
    assert label.startswith(("Reroll", "Flip")) and "Pip" in label
    answer = await host.press(press(menu.custom_id, TRUCKER.id, value))
    assert answer.saved is not None and answer.saved.version == snap.version + 1


async def test_a_crowded_spot_leads_to_every_way_that_starts_there(host: Host) -> None:
    """Double 6 on an empty Hammerhead: too many ways start on one grid to list each with its
    pip, so the preview's menus show the build's other ways and every other build there (each
    a preview): none is left out."""
    sheet = Sheet(player=TRUCKER.id, specialty_dice=(4, 4), specialty="Grizzled",
                  truck="Hammerhead", stage="pick", dice=(6, 6))  # fmt: skip
    state = SpaceTruckinState(players=(TRUCKER,), phase="shipyard", chart=CHART, chart_placed=7,
                              sheets=(sheet,))  # fmt: skip
    snap = await injected(host, state)
    menus = [m for m in host.sheet(snap, TRUCKER.id).selects if f":{ids.SPOT}:" in m.custom_id]
    busiest = max((o for m in menus for o in m.options), key=lambda o: _ways(o[0]))
    menu = next(m for m in menus if busiest in m.options)
    preview = (await host.press(press(menu.custom_id, TRUCKER.id, busiest[1]))).pressed
    assert isinstance(preview, Message) and _ways(busiest[0]) > 75
    shown = {value for m in preview.selects for _, value, _ in m.options}
    assert all(m.custom_id.startswith(f"st:{ids.SPOT}:") for m in preview.selects)
    here = yard.ways_by_start(whole_builds(state, TRUCKER.id))[busiest[1]]
    first, *rest = here
    mine = {f"{yard.build_code(b)}.{ids.place_code(p)}" for b, p in rest if b == first[0]}
    builds = {yard.build_code(b) for b, _ in rest if b != first[0]}
    assert mine <= shown and builds <= {value.split(".")[0] for value in shown}


def _ways(label: str) -> int:
    """How many ways a grid-only spot option (`from D7 · 12 ways`) says start there."""
    found = re.search(r"· (\d+) ways", label)
    assert found is not None, f"not a grid-only option: {label!r}"
    return int(found[1])


async def test_someone_else_cannot_press_a_sheet(host: Host) -> None:
    """A first step pressed by someone who plays no seat is refused, not redrawn."""
    snap = await at_stage(host, "pick")
    menu, spot = first_spot(host.sheet(snap, TRUCKER.id))
    with pytest.raises(NotSeated):
        await host.press(press(menu, STRANGER, spot))


async def test_a_step_of_an_older_sheet_is_stale(host: Host) -> None:
    """Once the sheet moved on, its first steps show the current sheet instead (privately)."""
    snap = await at_stage(host, "pick")
    menu, spot = first_spot(host.sheet(snap, TRUCKER.id))
    await host.service.act(snap.session_id, TRUCKER.id, choose(snap.state, TRUCKER.id))
    with pytest.raises(StaleBoard) as stale:
        await host.press(press(menu, TRUCKER.id, spot))
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
