"""What `/game` tells of a table's past and where it stands, straight from the table: the
log, finished games, verification, take-backs, the board and sheet again."""

from __future__ import annotations

import pytest

from games.engine import Player
from table import status
from table.history import History
from table.host import Host
from table.ids import TAKEBACK, ButtonId
from table.service import GameService, NotSeated, ServiceError, Snapshot, WrongGame

ANN, BOB = Player(id=1001, name="Ann"), Player(id=1002, name="Bob")
CHANNEL = 10


@pytest.fixture
def past(host: Host) -> History:
    return History(host)


async def _race(service: GameService, *, bot: bool = False) -> Snapshot:
    """Ann and Bob (or a bot) at a started game of Drag Rage."""
    await service.new_session(guild_id=1, channel_id=CHANNEL, game_key="dragrage", host=ANN)
    if bot:
        await service.add_bot(CHANNEL, ANN.id)
    else:
        await service.join(CHANNEL, BOB)
    return await service.start(CHANNEL, ANN.id)


async def _advance(service: GameService, snap: Snapshot) -> Snapshot:
    """The player to act advances (a bot seat's move played as a stand-in)."""
    player = min(snap.active_players)
    action = next(a for a in snap.legal_actions(player) if getattr(a, "kind", "") == "advance")
    return await service.act(snap.session_id, player, action, stand_in=snap.is_bot(player))


async def test_the_log_is_private_and_starts_with_the_setup(
    service: GameService, past: History
) -> None:
    """`/game log` answers only the asker, the setup as move #0."""
    await _race(service)
    answer = await past.log(CHANNEL, BOB.id, 15)
    [told] = answer.private
    assert answer.public is None and "#0 the game was set up for Ann, Bob" in told.content


async def test_verify_waits_for_the_end_then_rederives_the_dice(
    service: GameService, past: History
) -> None:
    """While the game runs the seed stays hidden; once ended, every die is checked."""
    snap = await _race(service)
    with pytest.raises(ServiceError, match="seed is revealed when the game ends"):
        await past.verify(CHANNEL)
    await service.end(snap.session_id, ANN.id, can_manage=False)
    [told] = (await past.verify(CHANNEL)).private
    assert f"seed `{snap.record.seed}`" in told.content and "✅" in told.content


async def test_history_lists_the_finished_games(service: GameService, past: History) -> None:
    """`/game history`: nothing at first, then the ended game with its number."""
    assert "No game has ended" in (await past.history(CHANNEL)).private[0].content
    snap = await _race(service)
    await service.end(snap.session_id, ANN.id, can_manage=False)
    assert f"#{snap.session_id}" in (await past.history(CHANNEL)).private[0].content


async def test_a_replay_is_only_of_a_game_of_this_channel(
    service: GameService, past: History
) -> None:
    """`/game replay number:` of a game played elsewhere is refused."""
    snap = await _race(service)
    assert (await past.replayed(CHANNEL, None)).session_id == snap.session_id
    with pytest.raises(ServiceError, match="was not played in this channel"):
        await past.replayed(CHANNEL + 1, snap.session_id)


async def test_an_undo_asks_the_table_with_buttons(service: GameService, past: History) -> None:
    """With another player seated, the request pings them and carries Agree and Refuse."""
    snap = await _race(service)
    mover = min(snap.active_players)
    await _advance(service, snap)
    answer = await past.undo(CHANNEL, mover)
    assert answer.public is not None and answer.new and answer.saved is None
    verbs = [ButtonId.decode(b.custom_id) for b in answer.public.buttons]
    assert [v.verb for v in verbs if v] == [TAKEBACK, TAKEBACK]
    other = BOB.id if mover == ANN.id else ANN.id
    assert answer.public.mentions == (other,)


async def test_an_undo_alone_at_the_table_applies_and_shows_the_board(
    service: GameService, past: History
) -> None:
    """Against a bot nobody is asked: the move is taken back, then the board follows (told in
    the table's turn message)."""
    snap = await _race(service, bot=True)
    while min(snap.active_players) != ANN.id:
        snap = await _advance(service, snap)
    snap = await _advance(service, snap)
    answer = await past.undo(CHANNEL, ANN.id)
    assert answer.public is not None and "took back" in answer.public.content
    assert answer.turn is not None and answer.turn.version == answer.saved.version
    assert past.host.board(answer.turn).picture is not None and answer.saved_what == "take-back"


async def test_the_board_again_is_public_and_a_sheet_needs_a_seat(
    service: GameService, host: Host
) -> None:
    """`/game status` shows the board to everyone; `/game sheet` refuses a bystander."""
    await _race(service)
    answer = await status.board_again(host, CHANNEL)
    assert answer.public is not None and answer.public.picture is not None
    with pytest.raises(NotSeated):
        await status.sheet_again(host, CHANNEL, 4242)


async def test_a_games_own_commands_need_that_game_started(service: GameService) -> None:
    """Another game's commands name the game here; in the lobby they wait for the start."""
    await service.new_session(guild_id=1, channel_id=CHANNEL, game_key="dragrage", host=ANN)
    with pytest.raises(ServiceError, match="has not started yet"):
        await status.started(service, CHANNEL, "dragrage")
    with pytest.raises(WrongGame, match="the game in this channel is Drag Rage"):
        await status.started(service, CHANNEL, "rushncrush")
