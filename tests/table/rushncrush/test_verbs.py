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
from render.rushncrush import render_rnc_preview, render_rushncrush
from storage import Repository
from table.answers import SPENT, Answer, Message, Picture, Press
from table.host import Host
from table.registry import TABLES
from table.rushncrush import ids, verbs
from table.service import GameService, Snapshot, WrongGame

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
