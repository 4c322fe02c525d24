"""Seasons on both backends: one open season per channel, members join once, and a counted
race adds its points in the same transaction as its results, closing the season after the
last race."""

from __future__ import annotations

from storage import Finisher, Repository, SeasonCredit, Skill

GUILD, CHANNEL = 1, 77
SKILL = Skill(mu=25.0, sigma=8.0, ordinal=1.0)


async def _season(repo: Repository, races: int = 2) -> int:
    season = await repo.create_season(
        guild_id=GUILD,
        channel_id=CHANNEL,
        name="Cup",
        game_key="rushncrush",
        races=races,
        points=(25, 18),
        role_id=None,
        creator_id=100,
        creator_name="Ann",
    )
    assert season is not None
    return season.id


async def _race(repo: Repository, season_id: int, session_id: int) -> bool:
    people = [Finisher(100, 1, True, True), Finisher(200, 2, False, True)]
    return await repo.count_game(
        session_id=session_id,
        guild_id=GUILD,
        game_key="rushncrush",
        finishers=people,
        default=SKILL,
        rate=lambda current: {u: SKILL for u in current},
        season=SeasonCredit(season_id, {100: 25, 200: 18}),
    )


async def test_one_open_season_per_channel(repo: Repository) -> None:
    """A second season in the same channel is refused while the first is open."""
    await _season(repo)
    assert (
        await repo.create_season(
            guild_id=GUILD,
            channel_id=CHANNEL,
            name="Other",
            game_key="rushncrush",
            races=1,
            points=(1,),
            role_id=None,
            creator_id=100,
            creator_name="Ann",
        )
        is None
    )


async def test_races_add_points_once_and_close_the_season(repo: Repository) -> None:
    """Points per race, counted once each; the season is over after its last race."""
    season_id = await _season(repo)
    assert await repo.join_season(season_id, 200, "Bob")
    assert not await repo.join_season(season_id, 200, "Bob")
    assert await _race(repo, season_id, 1) and not await _race(repo, season_id, 1)
    await _race(repo, season_id, 2)
    members = await repo.season_members(season_id)
    assert [(m.user_id, m.points, m.races, m.wins) for m in members] == [
        (100, 50, 2, 2),
        (200, 36, 2, 0),
    ]
    assert await repo.open_season(CHANNEL) is None
    over = await repo.latest_season(CHANNEL)
    assert over is not None and not over.is_open and over.races_done == 2
