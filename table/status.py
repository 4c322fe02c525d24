"""Where this channel's game stands: its board again (`/game status`), a player's own sheet
(`/game sheet`) or, where the rules keep sheets open, anyone's (`/game sheet player:`), and
the check every game's own commands make first (`started`)."""

from __future__ import annotations

from table.answers import Answer
from table.host import Host
from table.service import GameService, NotSeated, ServiceError, Snapshot, WrongGame


async def board_again(host: Host, channel_id: int) -> Answer:
    """The channel's board (or its last game's, once over), for everyone."""
    return Answer(public=host.board(await host.service.latest(channel_id)))


async def sheet_again(host: Host, channel_id: int, user_id: int) -> Answer:
    """The user's own sheet or hand, privately, with buttons for their legal actions."""
    return host.own_sheet(await host.service.current(channel_id), user_id)


async def players_sheet(host: Host, channel_id: int, user_id: int, player_id: int) -> Answer:
    """`player_id`'s sheet for `user_id` to look at, privately, in a game whose rules keep
    sheets open; refused, saying why, where a sheet holds what the rules hide."""
    snap = await host.service.current(channel_id)
    if player_id == user_id:
        return host.own_sheet(snap, user_id)
    seat = snap.player_of(player_id)
    if seat is None:
        raise NotSeated(f"<@{player_id}> is not playing in this game, so has no sheet here")
    spec = snap.spec
    if not spec.has_private_views:
        raise ServiceError(f"{spec.title} has no private sheets: everything is on the board")
    if not spec.extra.get("open_sheets"):
        raise ServiceError(
            f"in {spec.title} a player's sheet holds what the rules hide from the others, so "
            "only its owner may see it; `/game status` shows the board everyone sees"
        )
    if snap.state is None:
        raise ServiceError("the game has not started yet, so there are no sheets to look at")
    return Answer(private=(host.open_sheet(snap, seat),))


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
