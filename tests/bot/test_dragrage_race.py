"""A whole Drag Rage race, played by two people through slash commands and buttons."""

from __future__ import annotations

import io
import random

from PIL import Image

from tests.bot.conftest import World, active_user_id

SLASH_FOR = {
    "Let's Roll!": ("dragrage letsroll", {}),
    "Roll 2 dice": ("dragrage declare", {"dice": 2}),
    "Roll 3 dice (nitro)": ("dragrage declare", {"dice": 3}),
    "Turn in nitro": ("dragrage nitro", {}),
    "Pass": ("dragrage pass", {}),
}


async def test_full_race_from_new_game_to_a_winner(world: World) -> None:
    """Lobby, start, then every move by button or slash command until someone wins the race."""
    await world.new_race()
    rnd = random.Random(3)
    used_slash = used_buttons = 0
    for _ in range(300):
        board = world.latest_board()
        if "won the game!" in board.content:
            break
        player = world.user(active_user_id(board))
        buttons = [(label, cid) for label, cid, disabled in board.buttons if cid and not disabled]
        assert buttons, f"the player to act has no buttons: {board.content}"
        label, custom_id = rnd.choice(buttons)
        if rnd.random() < 0.3:
            command, options = SLASH_FOR.get(label or "", ("dragrage advance", {"counter": label}))
            if command == "dragrage advance":
                options = {"counter": int(str(label))}
            result = await world.slash(player, command, **options)
            used_slash += 1
        else:
            result = await world.fake.click(player, board, custom_id)
            used_buttons += 1
            await result.wait_followups(2)  # the new board, then the pressed one is spent
            assert not world.fake.store.messages[board.id].components, "old board loses buttons"
        await result.wait_followups(1)
        new_board = world.latest_board()
        assert not new_board.ephemeral, new_board.content
        assert new_board.files, "every move is answered with a fresh board image"
    else:
        raise AssertionError("no winner after 300 moves")
    final = world.latest_board()
    assert "won the game!" in final.content
    assert not final.buttons, "a finished race offers no moves"
    image = Image.open(io.BytesIO(final.files[0][1]))
    assert image.width >= 600  # a portrait board that reads on a phone
    assert used_slash and used_buttons
    assert all(not m.ephemeral for m in world.public())
