"""Seasons from the table: a season of Rush 'n' Crush races adds each race's points by the
points table, by the rulings players read in `/help` (quoted), and ends after its last race."""

from __future__ import annotations

import pytest

from games.engine import Player
from table.seasons import (
    RACE_POINTS,
    RULING_SEASON_ENDS,
    RULING_SEASON_POINTS,
    after_race,
    join,
    new_season,
    next_race,
    parse_points,
    standings,
)
from table.service import GameService, NotAllowed, ServiceError, Snapshot
from tests.table.playing import play_out

ANN, BOB, CAT = (
    Player(id=1001, name="Ann"),
    Player(id=1002, name="Bob"),
    Player(id=1003, name="Cat"),
)
GUILD, CHANNEL = 1, 10


async def _season(service: GameService, races: int = 3, *people: Player) -> None:
    await new_season(
        service,
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator=ANN,
        name="Autumn Cup",
        game_key="rushncrush",
        races=races,
    )
    for person in people or (BOB, CAT):
        await join(service, CHANNEL, person)


async def _race(service: GameService, *, bots: int = 0) -> Snapshot:
    """The season's next race, opened by Ann, played out by every seat's policy."""
    await next_race(service, CHANNEL, ANN)
    for _ in range(bots):
        await service.add_bot(CHANNEL, ANN.id)
    return await play_out(service, await service.start(CHANNEL, ANN.id), seed=5)


def _points(snap: Snapshot) -> dict[int, int]:
    """What the points table gives each person for this race's finishing order."""
    assert snap.outcome is not None
    order = snap.outcome.ranking
    return {p: RACE_POINTS[i] for i, p in enumerate(order) if not snap.is_bot(p)}


async def test_three_races_add_up_by_the_points_table_and_end_the_season(
    service: GameService,
) -> None:
    """After each race the standings are the points table's sum; after the third, it is over."""
    await _season(service)
    expected = {ANN.id: 0, BOB.id: 0, CAT.id: 0}
    for race in range(3):
        snap = await _race(service)
        for player, points in _points(snap).items():
            expected[player] += points
        members = await service.repo.season_members(1)
        assert {m.user_id: m.points for m in members} == expected
        shown = await after_race(service, snap)
        assert shown is not None and (race < 2) == bool(shown.buttons)
    final = (await standings(service, CHANNEL)).public
    assert final is not None and "is over: the final table" in final.content


async def test_a_bot_ahead_takes_its_places_points(service: GameService) -> None:
    """Quoting the ruling: a bot that finishes ahead of you takes that place."""
    assert "a bot that finishes ahead of you takes that place" in RULING_SEASON_POINTS
    await _season(service, 3, BOB)
    snap = await _race(service, bots=1)
    members = {m.user_id: m.points for m in await service.repo.season_members(1)}
    assert members == _points(snap) and sum(members.values()) < sum(RACE_POINTS[:3])


async def test_a_race_the_host_ends_does_not_count(service: GameService) -> None:
    """Quoting the ruling: the next race takes the ended race's number."""
    assert "the next race takes its number" in RULING_SEASON_ENDS
    await _season(service)
    await next_race(service, CHANNEL, ANN)
    snap = await service.start(CHANNEL, ANN.id)
    await service.end(snap.session_id, ANN.id, can_manage=False)
    opened = await next_race(service, CHANNEL, ANN)
    assert opened.public is not None and "race 1 of 3" in opened.public.content


async def test_who_may_join_is_the_seasons_choice(service: GameService) -> None:
    """A season for a role refuses a member without it; only members open its races."""
    await new_season(
        service,
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator=ANN,
        name="Club",
        game_key="rushncrush",
        races=2,
        role_id=77,
    )
    with pytest.raises(NotAllowed, match="for members with"):
        await join(service, CHANNEL, BOB, role_ids=(5,))
    with pytest.raises(NotAllowed, match="only members"):
        await next_race(service, CHANNEL, BOB)


def test_a_points_table_is_read_as_typed_or_defaults_to_the_games() -> None:
    """`25-18-15` or `25, 18, 15`; nothing given: the game's table; nonsense is refused."""
    assert parse_points("25-18-15", "rushncrush") == (25, 18, 15)
    assert parse_points("10, 5", "rushncrush") == (10, 5)
    assert parse_points(None, "rushncrush") == RACE_POINTS
    with pytest.raises(ServiceError, match="not a points table"):
        parse_points("first gets lots", "rushncrush")
