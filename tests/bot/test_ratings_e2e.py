"""Ratings end to end through the fake Discord: races played by buttons are counted, the
ratings are openskill's own, and `/stats` and `/leaderboard` show them."""

from __future__ import annotations

import random

from openskill.models import PlackettLuce, PlackettLuceRating

from fakediscord import FakeUser
from storage import Finisher
from table.ratings import DEFAULT_SKILL, rate_by
from table.stats import rating_text
from tests.bot.conformance_driver import OUTCOME, Player
from tests.bot.conftest import World


async def _race(world: World, host: FakeUser, guest: FakeUser, seed: int) -> None:
    """A race of Drag Rage between `host` and `guest`, played to its end by offered buttons."""
    await world.slash(host, "game new", game="dragrage")
    await world.slash(guest, "game join")
    r = await world.slash(host, "game start")
    await r.wait_followups(1)
    final = await Player(world, [host, guest], random.Random(seed)).play()
    assert OUTCOME in final.content
    await world.idle()  # the finished race's replay is posted before the next race opens


async def test_raced_games_are_rated_as_openskill_rates_them(world: World) -> None:
    """Three races by buttons: the leaderboard and /stats show openskill's own ratings."""
    alice, bob, carol = world.alice, world.bob, world.carol
    for seed, (host, guest) in enumerate([(alice, bob), (bob, carol), (carol, alice)]):
        await _race(world, host, guest, seed)
    assert world.bot is not None
    games = reversed(await world.bot.table.service.history(world.channel.id))
    model = PlackettLuce()
    expected: dict[int, PlackettLuceRating] = {}
    for game in games:
        assert game.outcome is not None
        order = game.outcome.ranking
        teams = [[expected.get(p, model.rating())] for p in order]
        for player, [rating] in zip(order, model.rate(teams), strict=True):
            expected[player] = rating

    board = await world.slash(carol, "leaderboard", game="dragrage", min_games=1)
    ranked = sorted(expected, key=lambda p: -expected[p].ordinal())
    for rank, player in enumerate(ranked, start=1):
        assert f"{rank}. <@{player}>: **{rating_text(expected[player].ordinal())}**" in (
            board.content
        ), board.content

    shown = await world.slash(carol, "stats", member=bob, versus=alice)
    [card] = shown.messages[-1].files
    assert card[0] == "stats.png" and card[1].startswith(b"\x89PNG")
    alt = shown.messages[-1].shown[-1]["descriptions"][0]
    assert f"rating {rating_text(expected[bob.id].ordinal())} (2 games" in alt, alt
    assert "vs alice: " in alt and " of 1." in alt, alt


async def test_the_leaderboard_pages_with_its_buttons(world: World) -> None:
    """Twelve ranked members: ▶ shows the eleventh and twelfth on the same message."""
    assert world.bot is not None
    members = list(range(5001, 5013))
    people = [
        Finisher(user_id=u, place=p, won=p == 1, rated=True) for p, u in enumerate(members, start=1)
    ]
    await world.bot.table.service.repo.count_game(
        session_id=1,
        guild_id=world.guild.id,
        game_key="rushncrush",
        finishers=people,
        default=DEFAULT_SKILL,
        rate=rate_by({f.user_id: f.place for f in people}),
    )
    r = await world.slash(world.alice, "leaderboard", min_games=1)
    message = r.messages[-1]
    assert "Rush 'n' Crush" in message.content and "Page 1 of 2" in message.content
    assert "<@5011>" not in message.content
    await world.fake.click(world.bob, message, message.custom_ids[1])
    assert "11. <@5011>" in message.content and "Page 2 of 2" in message.content
