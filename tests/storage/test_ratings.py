"""Ratings and results on both backends: a game counted once, in one transaction with the
ratings it moves; the leaderboard in order, paged, with a minimum of games."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from storage import Finisher, Repository, Skill
from storage.queries.ratings import Rate

GUILD, GAME = 1, "rushncrush"
DEFAULT = Skill(mu=25.0, sigma=8.0, ordinal=1.0)


def _by_place(places: Mapping[int, int]) -> Rate:
    """A stand-in for openskill: the better the place, the higher the new rating."""

    def rate(current: Mapping[int, Skill | None]) -> Mapping[int, Skill]:
        return {
            user: Skill(mu=30.0 - places[user], sigma=7.0, ordinal=10.0 - places[user])
            for user in current
        }

    return rate


async def _count(repo: Repository, session_id: int, *order: int, rated: bool = True) -> bool:
    finishers = [
        Finisher(user_id=user, place=place, won=place == 1, rated=rated)
        for place, user in enumerate(order, start=1)
    ]
    return await repo.count_game(
        session_id=session_id,
        guild_id=GUILD,
        game_key=GAME,
        finishers=finishers,
        default=DEFAULT,
        rate=_by_place({f.user_id: f.place for f in finishers}),
    )


async def test_a_game_is_counted_once(repo: Repository) -> None:
    """Counting the same session again changes nothing and says so."""
    assert await _count(repo, 7, 100, 200)
    assert not await _count(repo, 7, 200, 100)
    [first] = await repo.ratings_of(guild_id=GUILD, user_id=100)
    assert (first.games, first.wins, first.ordinal) == (1, 1, 9.0)


async def test_unrated_finishers_keep_their_rating_but_count_the_game(repo: Repository) -> None:
    """A finisher who is not rated gets a game (and a win) but the default skill."""
    assert await _count(repo, 8, 100, rated=False)
    [mine] = await repo.ratings_of(guild_id=GUILD, user_id=100)
    assert (mine.games, mine.wins, mine.mu, mine.ordinal) == (1, 1, 25.0, 1.0)


async def test_the_leaderboard_is_best_first_paged_and_needs_games(repo: Repository) -> None:
    """Best rating first; a page at a time; members below the minimum are left out."""
    await _count(repo, 1, 100, 200, 300)
    await _count(repo, 2, 200, 100)
    page, total = await repo.leaderboard(guild_id=GUILD, game_key=GAME, min_games=2, limit=1)
    assert total == 2 and [r.user_id for r in page] == [200]
    page, _ = await repo.leaderboard(guild_id=GUILD, game_key=GAME, min_games=2, limit=1, offset=1)
    assert [(r.user_id, r.games, r.wins) for r in page] == [(100, 2, 1)]


async def test_results_and_meetings_tell_a_members_history(repo: Repository) -> None:
    """Results oldest first with the rating after each; meetings pair two members' places."""
    await _count(repo, 1, 100, 200)
    await _count(repo, 2, 200, 100)
    mine = await repo.results_of(guild_id=GUILD, user_id=100)
    assert [(r.session_id, r.place, r.won, r.ordinal_after) for r in mine] == [
        (1, 1, True, 9.0),
        (2, 2, False, 8.0),
    ]
    met = await repo.meetings(guild_id=GUILD, user_id=100, other_id=200)
    assert [(m.place, m.their_place) for m in met] == [(1, 2), (2, 1)]


@pytest.mark.sqlite_only("reads the query plan with SQLite's EXPLAIN QUERY PLAN")
async def test_the_leaderboard_reads_its_index(repo: Repository) -> None:
    """The leaderboard query walks `ratings_leaderboard` in order: no sort, no table scan."""
    plan = await repo._call(
        lambda db: [
            row[3]
            for row in db.execute(
                "EXPLAIN QUERY PLAN SELECT * FROM ratings WHERE guild_id = ? AND game_key = ?"
                " AND games >= ? ORDER BY ordinal DESC, user_id LIMIT ? OFFSET ?",
                (GUILD, GAME, 1, 10, 0),
            )
        ]
    )
    assert any("ratings_leaderboard" in step for step in plan), plan
    assert not any("TEMP B-TREE" in step for step in plan), plan
