"""Ratings from the table: a game is counted once when it ends with an outcome, by the rulings
players read in `/help` (quoted in each test), and the numbers are openskill's own."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from games.engine import Outcome, Player
from storage import Repository
from table.clocks import ClockMode, ClockSettings, TimeoutPolicy
from table.ratings import (
    DEFAULT_SKILL,
    RULING_BOTS,
    RULING_ENDED,
    RULING_MISSED,
    RULING_SUBSTITUTES,
    RULING_TIES,
    count_missed,
    finishers,
    placings,
    rate_by,
)
from table.service import GameService, Snapshot
from tests.table.conftest import Now
from tests.table.playing import play_out

ANN, BOB, CAT = (
    Player(id=1001, name="Ann"),
    Player(id=1002, name="Bob"),
    Player(id=1003, name="Cat"),
)
GUILD, CHANNEL = 1, 10


async def _open(service: GameService, game: str, *people: Player, bots: int = 0) -> Snapshot:
    """A started game of `game` hosted by the first of `people`, with `bots` bot seats."""
    host, *others = people
    await service.new_session(guild_id=GUILD, channel_id=CHANNEL, game_key=game, host=host)
    for person in others:
        await service.join(CHANNEL, person)
    for _ in range(bots):
        await service.add_bot(CHANNEL, host.id)
    return await service.start(CHANNEL, host.id)


def _repo(service: GameService) -> Repository:
    return service.repo


async def test_a_finished_game_moves_ratings_as_openskill_does(service: GameService) -> None:
    """Two people race to the end: their new ratings are openskill's for that finishing order."""
    end = await play_out(service, await _open(service, "dragrage", ANN, BOB))
    assert end.outcome is not None
    first, second = end.outcome.ranking
    [[won], [lost]] = PlackettLuce().rate([[PlackettLuce().rating()], [PlackettLuce().rating()]])
    board, total = await _repo(service).leaderboard(
        guild_id=GUILD, game_key="dragrage", min_games=1, limit=10
    )
    assert total == 2
    assert [(r.user_id, r.games, r.wins) for r in board] == [(first, 1, 1), (second, 1, 0)]
    assert board[0].ordinal == won.ordinal() and board[1].ordinal == lost.ordinal()


async def test_a_game_the_host_ends_is_not_counted(service: GameService) -> None:
    """Quoting the ruling: nobody's games, wins or rating change after `/game end`."""
    assert "ends with `/game end` is not counted" in RULING_ENDED
    snap = await _open(service, "dragrage", ANN, BOB)
    await service.end(snap.session_id, ANN.id, can_manage=False)
    assert await _repo(service).ratings_of(guild_id=GUILD, user_id=ANN.id) == []


async def test_alone_against_bots_counts_games_but_not_the_rating(service: GameService) -> None:
    """Quoting the ruling: alone against bots, it counts in games played, the rating stays."""
    assert "Alone against bots, it counts in your games played and won" in RULING_BOTS
    await play_out(service, await _open(service, "dragrage", ANN, bots=1))
    [mine] = await _repo(service).ratings_of(guild_id=GUILD, user_id=ANN.id)
    assert (mine.games, mine.ordinal) == (1, 0.0)
    [result] = await _repo(service).results_of(guild_id=GUILD, user_id=ANN.id)
    assert not result.rated


async def test_people_are_rated_among_themselves_when_a_bot_plays(service: GameService) -> None:
    """Quoting the ruling: people are placed among themselves; a bot ahead costs nothing."""
    assert "placed among themselves as they finished" in RULING_BOTS
    end = await play_out(service, await _open(service, "rushncrush", ANN, BOB, bots=1))
    assert end.outcome is not None
    people = [p for p in end.outcome.ranking if not end.is_bot(p)]
    model = PlackettLuce()
    [[ahead], [behind]] = model.rate([[model.rating()], [model.rating()]])
    shown = {
        p: (await _repo(service).ratings_of(guild_id=GUILD, user_id=p))[0].ordinal for p in people
    }
    assert shown == {people[0]: ahead.ordinal(), people[1]: behind.ordinal()}


async def test_missed_turns_put_the_absent_player_last(service: GameService, now: Now) -> None:
    """Quoting the ruling: the game counts, and the absent player finishes last."""
    assert "the absent player finishes last" in RULING_MISSED
    await service.new_session(guild_id=GUILD, channel_id=CHANNEL, game_key="dragrage", host=ANN)
    await service.join(CHANNEL, BOB)
    settings = ClockSettings(
        mode=ClockMode.TURN, per_turn=60, on_timeout=TimeoutPolicy.END, end_after=1
    )
    await service.set_clock(CHANNEL, ANN.id, settings)
    snap = await service.start(CHANNEL, ANN.id)
    absent = min(snap.active_players)
    now.t += 120
    stood = await service.stand_in(snap.session_id, absent, snap.clock.of(absent).turn)
    assert stood is not None and stood.action is None
    [result] = await _repo(service).results_of(guild_id=GUILD, user_id=absent)
    assert (result.place, result.won, result.rated) == (2, False, True)


def test_a_draw_shares_first_place_and_nobody_wins() -> None:
    """Quoting the ruling: in a draw everyone shares the place (nobody wins)."""
    assert "in a draw everyone shares it (nobody wins)" in RULING_TIES
    draw = Outcome(winners=(), ranking=(ANN.id, BOB.id), reason="every truck is lost")
    assert placings(draw, [ANN.id, BOB.id, CAT.id]) == {ANN.id: 1, BOB.id: 1, CAT.id: 1}


def test_players_who_win_together_share_first_place() -> None:
    """Quoting the ruling: players who win together share first place (the next is third)."""
    assert "players who win together (one side in Road Wolf) share first place" in RULING_TIES
    together = Outcome(
        winners=(ANN.id, CAT.id), ranking=(ANN.id, CAT.id, BOB.id), reason="the convoy got through"
    )
    assert placings(together, [ANN.id, BOB.id, CAT.id]) == {ANN.id: 1, CAT.id: 1, BOB.id: 3}


async def test_a_draw_is_rated_as_a_draw_and_counts_no_win(service: GameService) -> None:
    """A shared place moves ratings as openskill's draw does, and nobody is credited a win."""
    snap = await _open(service, "dragrage", ANN, BOB)
    people = finishers(snap, {ANN.id: 1, BOB.id: 1}, [], draw=True)
    assert [f.won for f in people] == [False, False]
    model = PlackettLuce()
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 1])
    moved = rate_by({ANN.id: 1, BOB.id: 1})({ANN.id: None, BOB.id: DEFAULT_SKILL})
    assert moved[ANN.id].ordinal == a.ordinal() and moved[BOB.id].ordinal == b.ordinal()


async def test_a_member_substitute_plays_for_the_seats_player(service: GameService) -> None:
    """Quoting the ruling: the result counts for the seat's player, not the substitute."""
    assert "the result counts for the seat's player" in RULING_SUBSTITUTES
    snap = await _open(service, "dragrage", ANN, BOB)
    await service.substitute(CHANNEL, ANN.id, BOB.id, can_manage=False, by=CAT)
    await play_out(service, await service.by_id(snap.session_id))
    assert [r.user_id for r in await _repo(service).results_of(guild_id=GUILD, user_id=BOB.id)]
    assert await _repo(service).results_of(guild_id=GUILD, user_id=CAT.id) == []


async def test_a_seat_a_bot_took_over_counts_as_a_bots(service: GameService) -> None:
    """Quoting the ruling: a seat a bot took over for good counts as a bot's."""
    assert "A seat a bot took over for good counts as a bot's" in RULING_SUBSTITUTES
    snap = await _open(service, "dragrage", ANN, BOB)
    await service.substitute(CHANNEL, ANN.id, BOB.id, can_manage=False)
    await play_out(service, await service.by_id(snap.session_id))
    assert await _repo(service).results_of(guild_id=GUILD, user_id=BOB.id) == []
    [mine] = await _repo(service).results_of(guild_id=GUILD, user_id=ANN.id)
    assert not mine.rated


async def test_a_player_alone_who_wins_is_credited_the_win(service: GameService) -> None:
    """First place in a game that is no draw is a win, even with nobody else placed."""
    snap = await _open(service, "dragrage", ANN, BOB)
    [alone] = finishers(snap, {ANN.id: 1}, [])
    assert alone.won and not alone.rated


async def test_a_game_left_uncounted_is_counted_at_the_next_start(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The count failed after the last move (a stop, an outage): the next start counts it."""
    repo = _repo(service)

    async def failing(**_: object) -> bool:
        raise ConnectionError("the process stopped here")

    with monkeypatch.context() as patched:
        patched.setattr(repo, "count_game", failing)
        await play_out(service, await _open(service, "dragrage", ANN, BOB))
    assert await repo.results_of(guild_id=GUILD, user_id=ANN.id) == []
    assert await count_missed(repo, service.by_id) == 1
    assert len(await repo.results_of(guild_id=GUILD, user_id=ANN.id)) == 1
    assert await count_missed(repo, service.by_id) == 0


async def test_games_from_before_ratings_are_never_counted(service: GameService) -> None:
    """A game that ended before ratings began stays uncounted: history is not rewritten."""
    repo = _repo(service)
    snap = await play_out(service, await _open(service, "dragrage", ANN, BOB))
    await repo._call(lambda db: db.execute("DELETE FROM results"))
    await repo._call(
        lambda db: db.execute("UPDATE counting_since SET first_session = ?", (snap.session_id + 1,))
    )
    assert await count_missed(repo, service.by_id) == 0
