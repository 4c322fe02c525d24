"""Refusals that name who (issue 26): a seated player pressing or typing out of turn is told
whose move it is and what they are choosing; a spectator asking for a sheet is told they are
not seated, and how to play next time."""

from __future__ import annotations

from fakediscord import FakeMessage, FakeUser
from fakediscord.interaction import InteractionResult
from tests.bot.conftest import World, active_user_id, button
from tests.bot.test_rushncrush_e2e import Race, answer, rnc_button


def movers(world: World, board: FakeMessage) -> tuple[FakeUser, FakeUser]:
    """(whose move it is, the other seated player) at a two-player table."""
    first = world.user(active_user_id(board))
    return first, (world.bob if first is world.alice else world.alice)


def names(refusal: FakeMessage | InteractionResult, mover: FakeUser, task: str) -> None:
    """The refusal is private and says whose turn it is and what they are choosing."""
    assert refusal.ephemeral, refusal.content
    assert f"it is {mover.name}'s turn" in refusal.content, refusal.content
    assert f"{mover.name} must {task}" in refusal.content, refusal.content


async def test_a_press_out_of_turn_names_the_mover_and_their_choice(world: World) -> None:
    """Drag Rage: the other driver's counter pressed out of turn says whose move and what."""
    await world.new_race()
    board = world.latest_board()
    first, second = movers(world, board)
    refusal = await answer(await world.fake.click(second, board, button(board, "5")))
    names(refusal, first, "choose a counter")


async def test_a_command_out_of_turn_names_the_mover_and_their_choice(world: World) -> None:
    """Drag Rage: `/dragrage advance` typed out of turn says whose move and what."""
    await world.new_race()
    first, second = movers(world, world.latest_board())
    names(await world.slash(second, "dragrage advance", counter=5), first, "choose a counter")


async def test_rush_n_crush_refusals_name_the_driver_and_the_gear_choice(world: World) -> None:
    """Rush 'n' Crush: another's gear button says whose move it is and that they choose a gear."""
    race = Race(world)
    await race.start()
    board = world.latest_board()
    mover = world.user(active_user_id(board))
    other = next(u for u in (world.alice, world.bob, world.carol) if u.id != mover.id)
    refusal = await answer(await world.fake.click(other, board, board.buttons[0][1] or ""))
    names(refusal, mover, "choose a gear and speed")


async def test_rush_n_crush_path_refusal_names_the_driver(world: World) -> None:
    """Rush 'n' Crush: another's press on the mover's suggested path names the driver."""
    race = Race(world)
    await race.start()
    board = world.latest_board()
    mover = world.user(active_user_id(board))
    await race.gear(mover, board, 1)
    board = world.latest_board()
    if active_user_id(board) != mover.id:
        return  # the heat wrecked the car: no path to press
    found = rnc_button(board, "v")
    assert found is not None, board.buttons
    other = next(u for u in (world.alice, world.bob, world.carol) if u.id != mover.id)
    refusal = await answer(await world.fake.click(other, board, found[1]))
    names(refusal, mover, "drive")


async def test_a_spectator_asking_for_a_sheet_is_told_they_are_not_seated(world: World) -> None:
    """`/game sheet` from someone not seated names the game and says how to play next time."""
    race = Race(world)
    await race.start()
    r = await world.slash(world.mod, "game sheet")
    refusal = await answer(r)
    assert refusal.ephemeral, refusal.content
    assert "you are not seated in game #1 (Rush 'n' Crush)" in refusal.content, refusal.content
    assert "watch the board, or ask to join the next game" in refusal.content, refusal.content
