"""Rush 'n' Crush's own verbs at the table, without Discord: what each press answers.

The host over a real SQLite file; a press is plain data, an answer too (its pictures are
requests to draw, never drawn here).
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from games.engine import NotYourTurn, Player
from games.registry import GAMES
from games.rushncrush import GearAction
from games.rushncrush.data import Item
from render.rushncrush import render_rnc_preview, render_rushncrush
from storage import Repository
from table.answers import SPENT, Answer, Message, Picture, Press
from table.host import Host
from table.registry import TABLES
from table.rushncrush import ids, previews, verbs
from table.service import GameService, Snapshot, WrongGame
from tests.table.rushncrush.position import aim_gun

A = Player(id=101, name="Ann")
B = Player(id=102, name="Bob")
CHANNEL = 7


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    repo = await Repository.open(tmp_path / "rnc.sqlite3")
    seeds = itertools.count(41)
    yield Host(GameService(repo, GAMES, seed_source=lambda: next(seeds)), TABLES)
    await repo.close()


async def _race(host: Host) -> Snapshot:
    """A two-car race whose first driver has chosen a gear: the board asks for a path."""
    service = host.service
    await service.new_session(guild_id=1, channel_id=CHANNEL, game_key="rushncrush", host=A)
    await service.join(CHANNEL, B)
    snap = await service.start(CHANNEL, A.id)
    driver = next(iter(snap.active_players))
    gear = next(a for a in snap.legal_actions(driver) if isinstance(a, GearAction))
    await host.play(driver, CHANNEL, gear)
    return await service.current(CHANNEL)


async def _gun_ready(host: Host) -> Snapshot:
    """A two-car race whose driver, Ann, has chosen a gear with Bob in her Machine Gun's
    sights: the board asks for her path."""
    service = host.service
    await service.new_session(guild_id=1, channel_id=CHANNEL, game_key="rushncrush", host=A)
    await service.join(CHANNEL, B)
    await service.start(CHANNEL, A.id)
    await aim_gun(service, CHANNEL, A.id, B.id)
    snap = await service.current(CHANNEL)
    gear = next(a for a in snap.legal_actions(A.id) if isinstance(a, GearAction))
    await host.play(A.id, CHANNEL, gear)
    return await service.current(CHANNEL)


def _labelled(message: Message, label: str) -> str:
    """The custom_id of the message's button labelled `label`."""
    found = [b.custom_id for b in message.buttons if b.label == label]
    assert found, f"no {label!r} among {[b.label for b in message.buttons]}"
    return found[0]


USE_GUN = "🔧 Use Machine Gun"


def _press(user_id: int, custom_id: str, *values: str) -> Press:
    return Press(user_id, "someone", CHANNEL, 1, custom_id, values)


def _rnc(message: Message, verb: str) -> str:
    """The custom_id of the message's first `rnc:` button with this verb."""
    return next(
        b.custom_id
        for b in message.buttons
        if (rid := ids.RncId.decode(b.custom_id)) and rid.verb == verb
    )


def _driver(snap: Snapshot) -> int:
    return next(iter(snap.active_players))


async def test_a_suggested_path_is_previewed_privately_as_a_picture_to_draw(host: Host) -> None:
    """👁 on the board: a private preview drawn from the public view, with Drive it."""
    snap = await _race(host)
    answer = await host.press(_press(_driver(snap), _rnc(host.board(snap), ids.PREVIEW)))
    (preview,) = answer.private
    assert "Planned move" in preview.content and answer.public is None
    picture = preview.picture
    assert isinstance(picture, Picture) and picture.draw is render_rnc_preview
    assert picture.viewer is None and picture.session_id == snap.session_id
    assert any(b.label == "✅ Drive it" for b in preview.buttons)


async def test_another_player_cannot_open_the_drivers_builder(host: Host) -> None:
    """Only the driver steers: anyone else pressing 🕹 is told whose turn it is."""
    snap = await _race(host)
    other = next(p.id for p in (A, B) if p.id != _driver(snap))
    with pytest.raises(NotYourTurn, match="turn"):
        await host.press(_press(other, _rnc(host.board(snap), ids.BUILD)))
    assert (await host.service.current(CHANNEL)).version == snap.version


async def test_a_builder_step_redraws_the_pressed_message_with_the_draft(host: Host) -> None:
    """A step button carries the draft: the builder it redraws shows the path so far."""
    snap = await _race(host)
    driver = _driver(snap)
    (builder,) = (await host.press(_press(driver, _rnc(host.board(snap), ids.BUILD)))).private
    step = next(b.custom_id for b in builder.buttons if b.label == "⬆ F")
    pressed = (await host.press(_press(driver, step))).pressed
    assert isinstance(pressed, Message) and "Path: `F`" in pressed.content


async def test_a_step_on_an_old_board_shows_the_current_one(host: Host) -> None:
    """After the move was made elsewhere, a builder step redraws the builder as the current
    board (stale, not a wrong draft), sending nothing new."""
    snap = await _race(host)
    driver = _driver(snap)
    (builder,) = (await host.press(_press(driver, _rnc(host.board(snap), ids.BUILD)))).private
    await host.play(driver, CHANNEL, next(iter(snap.legal_actions(driver))))
    step = next(b.custom_id for b in builder.buttons if b.label == "⬆ F")
    answer = await host.press(_press(driver, step))
    assert isinstance(answer.pressed, Message) and "moved on" in answer.pressed.content
    assert answer.private == () and answer.public is None


async def test_cancel_closes_the_preview_and_changes_nothing(host: Host) -> None:
    """✖ Cancel: the private message says nothing was driven; the game is untouched."""
    snap = await _race(host)
    answer = await host.press(_press(_driver(snap), ids.rnc_id(snap, ids.CANCEL)))
    assert answer == Answer(pressed=Message(content="✖ Closed: nothing was driven."))
    assert (await host.service.current(CHANNEL)).version == snap.version


async def test_the_gear_menu_plays_the_picked_choice(host: Host) -> None:
    """A "More speeds…" pick is a move: saved, the scheduler told, the step told in the turn
    message (the pressed board spent unless it is that message)."""
    service = host.service
    await service.new_session(guild_id=1, channel_id=CHANNEL, game_key="rushncrush", host=A)
    await service.join(CHANNEL, B)
    snap = await service.start(CHANNEL, A.id)
    (menu,) = host.board(snap).selects
    _, value, _ = menu.options[-1]
    answer = await host.press(_press(_driver(snap), menu.custom_id, value))
    assert answer.pressed is SPENT and answer.turn is answer.saved and answer.public is None
    assert answer.saved is not None and answer.moved is answer.saved
    assert answer.saved.version > snap.version


async def test_the_whole_course_is_a_private_picture_of_every_car(host: Host) -> None:
    """`/rushncrush course`: the board drawn whole, for the asker only."""
    snap = await _race(host)
    (course,) = (await verbs.whole_course(host, B.id, CHANNEL)).private
    picture = course.picture
    assert isinstance(picture, Picture) and picture.draw is render_rushncrush
    assert picture.kwargs == {"whole_course": True} and "whole course" in course.content
    assert picture.session_id == snap.session_id


async def test_a_rush_n_crush_command_in_another_games_channel_names_that_game(
    host: Host,
) -> None:
    """`/rushncrush steer` where Drag Rage is played: told which game lives here."""
    service = host.service
    await service.new_session(guild_id=1, channel_id=CHANNEL, game_key="dragrage", host=A)
    await service.join(CHANNEL, B)
    await service.start(CHANNEL, A.id)
    with pytest.raises(WrongGame, match="Drag Rage"):
        await verbs.steer(host, A.id, CHANNEL)


async def test_a_use_on_the_board_also_shows_the_path_preview(host: Host) -> None:
    """🔧 Use on the board once the gear is chosen: saved, and the mover's suggested path
    previewed privately (Drive it the next tap, not the path list again)."""
    snap = await _gun_ready(host)
    answer = await host.press(_press(A.id, _labelled(host.board(snap), USE_GUN)))
    assert answer.saved is not None and answer.turn is answer.saved
    (preview,) = answer.private
    assert "Planned move" in preview.content and any(
        b.label.startswith("✅ Drive it") for b in preview.buttons
    )


async def test_a_use_on_the_preview_redraws_that_preview(host: Host) -> None:
    """🔧 Use on the path preview: saved, and that very message redrawn on the suggested path
    from the new position, saying what was saved; nothing new is sent."""
    snap = await _gun_ready(host)
    preview = previews.suggested_preview(snap, A.id)
    assert preview is not None
    answer = await host.press(_press(A.id, _labelled(preview, USE_GUN)))
    assert answer.saved is not None and answer.private == () and answer.public is None
    redrawn = answer.pressed
    assert isinstance(redrawn, Message), redrawn
    assert redrawn.content.startswith("✅ Saved: use Machine Gun"), redrawn.content
    assert "Planned move" in redrawn.content and USE_GUN not in [b.label for b in redrawn.buttons]


async def test_a_use_on_an_old_preview_uses_nothing_and_shows_the_path_again(host: Host) -> None:
    """The preview's 🔧 Use after the gun was fired from the board: nothing is played, the
    preview is redrawn on the road as it is now."""
    snap = await _gun_ready(host)
    preview = previews.suggested_preview(snap, A.id)
    assert preview is not None
    await host.press(_press(A.id, _labelled(host.board(snap), USE_GUN)))
    version = (await host.service.current(CHANNEL)).version
    answer = await host.press(_press(A.id, _labelled(preview, USE_GUN)))
    assert answer.saved is None and (await host.service.current(CHANNEL)).version == version
    assert isinstance(answer.pressed, Message) and "moved on" in answer.pressed.content
    assert "Planned move" in answer.pressed.content


async def test_a_typed_use_also_shows_the_path_preview(host: Host) -> None:
    """`/rushncrush use` once the gear is chosen: saved, the suggested path previewed."""
    await _gun_ready(host)
    answer = await verbs.use_item(host, A.id, CHANNEL, Item.MACHINE_GUN)
    assert answer.saved is not None
    assert [m for m in answer.private if "Planned move" in m.content], answer.private


async def test_the_previews_other_suggestions_are_labelled_as_other_paths(host: Host) -> None:
    """The preview's other suggested paths redraw it (they drive nothing): labelled as other
    paths, apart from its Drive it."""
    snap = await _race(host)
    preview = previews.suggested_preview(snap, _driver(snap))
    assert preview is not None
    others = [
        b.label
        for b in preview.buttons
        if (rid := ids.RncId.decode(b.custom_id)) is not None and rid.verb == ids.SWITCH
    ]
    assert others and all(label.startswith("👁 Other path: ") for label in others), others
