"""Where this channel's game stands: its board again (`/game status`), a player's own sheet
(`/game sheet`), and the check every game's own commands make first (`started`)."""

from __future__ import annotations

from table.answers import Answer
from table.host import Host
from table.service import GameService, ServiceError, Snapshot, WrongGame


async def board_again(host: Host, channel_id: int) -> Answer:
    """The channel's board (or its last game's, once over), for everyone."""
    return Answer(public=host.board(await host.service.latest(channel_id)))


async def sheet_again(host: Host, channel_id: int, user_id: int) -> Answer:
    """The user's own sheet or hand, privately, with buttons for their legal actions."""
    return host.own_sheet(await host.service.current(channel_id), user_id)


async def started(service: GameService, channel_id: int, key: str) -> Snapshot:
    """This channel's game, refused unless it is game `key` and has started (a game's own
    commands, `/<game> ...`, act on nothing else)."""
    snap = await service.current(channel_id)
    if snap.spec.key != key:
        raise WrongGame(
            f"the game in this channel is {snap.spec.title}; its moves are its buttons "
            f"and the `/{snap.spec.key}` commands"
        )
    if snap.state is None:
        raise ServiceError("the game has not started yet; the host starts it with `/game start`")
    return snap
