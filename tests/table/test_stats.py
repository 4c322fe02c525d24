"""`/stats` and `/leaderboard` from the table: what a member's record and a server's ranking
say, from counted games."""

from __future__ import annotations

from games.engine import Player
from render.stats import StatsCard
from storage import Finisher
from table.answers import Press
from table.host import Host
from table.leaderboard import PAGE_SIZE, VERBS, LeaderboardButton, leaderboard_page
from table.ratings import DEFAULT_SKILL, rate_by
from table.service import GameService
from table.stats import head_to_head, longest_streak, stats

ANN, BOB = Player(id=1001, name="Ann"), Player(id=1002, name="Bob")
GUILD = 1


async def _count(service: GameService, session_id: int, *order: int, seconds: float = 0) -> None:
    """A counted game of Rush 'n' Crush finished in `order` (first wins)."""
    people = [
        Finisher(user_id=u, place=p, won=p == 1, rated=True, moves=2, move_seconds=seconds)
        for p, u in enumerate(order, start=1)
    ]
    await service.repo.count_game(
        session_id=session_id,
        guild_id=GUILD,
        game_key="rushncrush",
        finishers=people,
        default=DEFAULT_SKILL,
        rate=rate_by({f.user_id: f.place for f in people}),
    )


async def test_no_counted_game_is_said_privately(service: GameService) -> None:
    """A member with no counted game gets a private note saying when games count."""
    answer = await stats(service, guild_id=GUILD, member=ANN)
    assert answer.public is None and "no finished game" in answer.private[0].content


async def test_the_card_and_its_words_say_the_same(service: GameService) -> None:
    """Rating, games and wins, trend, time to move and streak: on the card and in its alt."""
    await _count(service, 1, ANN.id, BOB.id, seconds=90)
    await _count(service, 2, ANN.id, BOB.id, seconds=90)
    await _count(service, 3, BOB.id, ANN.id, seconds=90)
    answer = await stats(service, guild_id=GUILD, member=ANN)
    assert answer.public is not None and answer.public.picture is not None
    [card] = answer.public.picture.args
    assert isinstance(card, StatsCard)
    [mine] = await service.repo.ratings_of(guild_id=GUILD, user_id=ANN.id)
    assert card.rating == f"{mine.ordinal:.1f}" and card.games == "3 games · 2 wins"
    assert (
        card.trend[0] == 0.0
        and len(card.trend) == 4
        and dict(card.rows)["Longest winning streak"] == "2"
    )
    assert dict(card.rows)["Average time to move"] == "45s"
    alt = answer.public.picture.alt
    assert f"rating {card.rating} (3 games · 2 wins)" in alt and "Longest winning streak: 2" in alt


async def test_versus_tells_head_to_head(service: GameService) -> None:
    """`versus:` adds how often each finished ahead in the games both played."""
    await _count(service, 1, ANN.id, BOB.id)
    await _count(service, 2, BOB.id, ANN.id)
    await _count(service, 3, ANN.id, BOB.id)
    answer = await stats(service, guild_id=GUILD, member=ANN, versus=BOB)
    assert answer.public is not None
    assert "vs Bob: 2 ahead, 1 behind of 3" in answer.public.picture.alt  # type: ignore[union-attr]


def test_streak_and_head_to_head_words() -> None:
    """The longest run of wins; no shared game is said plainly."""
    assert head_to_head([]) == "no counted game together yet"
    assert longest_streak([]) == 0


async def test_the_leaderboard_ranks_and_pages(service: GameService, host: Host) -> None:
    """Best first, ten a page, ▶ turns to the next page of the same game and minimum."""
    members = list(range(2001, 2001 + PAGE_SIZE + 2))
    await _count(service, 1, *members)
    first = await leaderboard_page(service, guild_id=GUILD, min_games=1)
    assert "1. <@2001>" in first.content and "Page 1 of 2" in first.content
    next_id = first.buttons[1].custom_id
    press = Press(user_id=ANN.id, user_name="Ann", channel_id=5, guild_id=GUILD, custom_id=next_id)
    decoded = LeaderboardButton.decode(next_id)
    assert decoded is not None
    turned = await VERBS.handlers["page"](host, press, decoded)
    assert f"11. <@{members[10]}>" in turned.pressed.content  # type: ignore[union-attr]


async def test_the_leaderboard_leaves_out_members_below_the_minimum(
    service: GameService,
) -> None:
    """Members with fewer counted games than asked are not listed; the words say how to see all."""
    await _count(service, 1, ANN.id, BOB.id)
    page = await leaderboard_page(service, guild_id=GUILD, min_games=3)
    assert "<@" not in page.content and "min_games:1" in page.content
