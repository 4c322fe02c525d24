"""A season end to end through the fake Discord: three Rush 'n' Crush races among three
members (the second with a bot seat), each opened with one tap on the standings of the one
before, played by offered buttons. After each race the standings match the points table;
the ratings are openskill's own; `/stats` and `/leaderboard` show them; then one member is
forgotten: no row names them, and `/game verify` of their last race still passes."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce, PlackettLuceRating

from fakediscord import FakeMessage, FakeUser
from games.engine import Outcome
from table.seasons import RACE_POINTS, RULING_SEASON_ENDS
from table.stats import rating_text
from tests.bot.conformance_driver import OUTCOME, Player
from tests.bot.conftest import World, active_user_id
from tests.dbscan import columns_holding

NEXT_RACE = "Next race of the season"


def _places(outcome: Outcome) -> dict[int, int]:
    """Every seat's place: winners share first (a draw: everyone), then the ranking."""
    if not outcome.winners:
        return dict.fromkeys(outcome.ranking, 1)
    return {p: i for i, p in enumerate(outcome.ranking, start=1)}


def _standings(world: World) -> FakeMessage:
    """The newest public standings of the season."""
    found = [m for m in world.public() if "Season **Autumn Cup**" in m.content and m.files]
    assert found, "no standings were posted"
    return found[-1]


async def _play(world: World, host: FakeUser, *, tap: bool) -> None:
    """`host` opens the next race (by `/season race`, or with `tap` one tap on the last
    standings), starts it (Bob adds a bot seat first) and everyone plays it out by buttons."""
    if tap:
        standings = _standings(world)
        tapped = next(cid for label, cid, _ in standings.buttons if label == NEXT_RACE)
        await world.fake.click(host, standings, str(tapped))
    else:
        opened = await world.slash(host, "season race")
        assert not opened.ephemeral and "race 1 of 3" in opened.content, opened.content
    if host is world.bob:  # the second race has a bot seat
        bot = await world.slash(host, "game bot add")
        assert "🚫" not in bot.content, bot.content
    started = await world.slash(host, "game start")
    await started.wait_followups(1)
    seats = [world.alice, world.bob, world.carol]
    final = await Player(world, seats, random.Random(1)).play()
    assert OUTCOME in final.content
    await world.idle()  # the standings and the replay are posted


@pytest.mark.timeout(900)
async def test_a_season_of_three_races_adds_up(world: World) -> None:
    """Standings by the points table after each race, openskill's ratings, the season over."""
    alice, bob, carol = world.alice, world.bob, world.carol
    opened = await world.slash(alice, "season new", name="Autumn Cup", game="rushncrush", races=3)
    assert "25-18-15-12-10-8" in opened.content, opened.content
    for member in (bob, carol):
        await world.slash(member, "season join")

    assert world.bot is not None
    service = world.bot.table.service
    points = {alice.id: 0, bob.id: 0, carol.id: 0}
    model = PlackettLuce()
    ratings: dict[int, PlackettLuceRating] = {}
    for race, host in enumerate([alice, bob, carol]):
        await _play(world, host, tap=race > 0)
        game = (await service.history(world.channel.id, limit=1))[0]
        assert game.outcome is not None
        places = _places(game.outcome)
        people = [p for p in game.outcome.ranking if not game.is_bot(p)]
        assert (race == 1) == bool(game.bots), "the second race has a bot seat"
        for person in people:
            points[person] += RACE_POINTS[places[person] - 1]
        rated = model.rate(
            [[ratings.get(p, model.rating())] for p in people], ranks=[places[p] for p in people]
        )
        ratings.update({p: team[0] for p, team in zip(people, rated, strict=True)})
        table = _standings(world)
        for person, total in points.items():
            assert f"**{world.user(person).name}**: {total} points" in table.content, table.content
        assert (NEXT_RACE in str(table.buttons)) == (race < 2)
    assert "is over: the final table" in _standings(world).content

    board = await world.slash(carol, "leaderboard", game="rushncrush")
    for player, rating in ratings.items():
        assert f"<@{player}>: **{rating_text(rating.ordinal())}** · 3 games" in board.content
    shown = await world.slash(carol, "stats", member=alice, game="rushncrush")
    alt = shown.messages[-1].shown[-1]["descriptions"][0]
    assert f"rating {rating_text(ratings[alice.id].ordinal())} (3 games" in alt, alt

    standing = await world.slash(bob, "season standings")
    assert standing.messages[-1].files and "final table" in standing.messages[-1].content

    asked = await world.slash(carol, "me forget")
    await world.fake.click(carol, asked.messages[-1], asked.messages[-1].custom_ids[0])
    assert columns_holding(world.data_dir / "redline.sqlite3", carol.name) == []
    verified = await world.slash(alice, "game verify")
    assert "✅" in verified.content, verified.content


async def test_a_race_ended_for_missed_turns_still_posts_the_standings(world: World) -> None:
    """Quoting the ruling: a race that ends for missed turns counts; its table is posted."""
    assert "A race that ends because someone missed too many turns counts" in (RULING_SEASON_ENDS)
    alice, bob = world.alice, world.bob
    await world.slash(alice, "season new", name="Autumn Cup", game="dragrage", races=1)
    await world.slash(bob, "season join")
    await world.slash(alice, "season race")
    await world.slash(alice, "game clock", mode="turn", time="24h", end_after=1)
    started = await world.slash(alice, "game start")
    await started.wait_followups(1)
    assert world.bot is not None
    for _ in range(40):
        if any("Season **Autumn Cup**" in m.content and m.files for m in world.public()):
            break
        board = world.latest_board()
        if active_user_id(board) == alice.id:
            _, cid, _ = next(b for b in board.buttons if b[1] and not b[2])
            await world.fake.click(alice, board, str(cid))
        else:
            world.clock.advance(25 * 3600)  # Bob stays silent
        await world.bot.scheduler.tick()
        await world.idle()
    table = _standings(world)
    assert "is over: the final table" in table.content, table.content
    assert "**alice**: 25 points" in table.content and "**bob**: 18 points" in table.content
